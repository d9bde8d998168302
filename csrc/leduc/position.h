// A Leduc hand as one line of text, as chess has FEN: read and written here,
// checked against the rules, so that a hand can start from a position seen at
// a table instead of from its tokens.
//
// Words `field:value`, separated by spaces, in any order:
//
//   cards:qs/kh public:- betting:rc
//
//   cards     per seat, seat 0 first, split by `/`: its private card (a rank
//             j, q or k and a suit s or h), `-` not dealt yet; in one seat's
//             view the other seat's card is `?` (dealt, never seen)
//   public    the public card, `-` not dealt yet (default `-`)
//   betting   the moves of each betting round, rounds split by `/`: c (call,
//             or check when nothing is owed), r (raise), f (fold); `-` none
//             yet (default). The poker-AI convention of the ACPC's match
//             states: `rrc/cr`.
//
// What follows from the rules is not written: the pot and each seat's stake,
// whose turn it is, the round, whether a card is dealt next. Reading refuses
// any impossible fact with a message naming it (GameError kInconsistent:
// `ks is both seat 0's card and the public card`, `betting: seat 0 owes
// nothing, so its f (round 1, move 1) is no legal move`), and any malformed
// word (kSyntax).
#pragma once

#include <string>
#include <string_view>

#include "information.h"
#include "state.h"

namespace pyai::leduc {

// A state's position. Throws GameError(kInconsistent) for a state with a
// stand-in (rebuilt from one seat's record): its other card is no fact;
// write that seat's view instead.
std::string write_position(const State& s);

// The other seat's card as `?`.
std::string write_position(const View& view);

// A state with no history. Throws GameError (kSyntax, kInconsistent); a
// card written `?` is refused (it is read as one seat's view).
State read_position(std::string_view text);

// `observer`'s view: its own card known once dealt, the other seat's `?`.
View read_position_view(std::string_view text, int observer);

// A state for `view` whose hidden card is a stand-in (State::stand_ins): its
// view for the observer is `view`, and later tokens of the observer's record
// (deal:? for the other seat's card) apply to it as to a replayed record.
State stand_in_state(const View& view);

}  // namespace pyai::leduc
