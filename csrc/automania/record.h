// Game records as each seat saw them.
//
// A game's record is its token history. A seat's record is the same with
// every private card it did not see written as unknown: another seat's
// starting contract (start:?) and another seat's deck draws (drawn:?). This is
// what an engine playing that seat is sent, and what Game.replay_as_seen
// rebuilds a position from.
#pragma once

#include <string>
#include <vector>

#include "information.h"
#include "state.h"

namespace pyai::automania {

// `seat`'s record of the game whose full record is `history` (`game` is any
// state of that game: the record is replayed from its start).
std::vector<std::string> record_for_seat(const State& game, const std::vector<std::string>& history, int seat);

// A full record consistent with `sample`, a determinisation of `view`, whose
// observer's record is `seat_record`: each unknown card is named. A card a
// seat later played without having taken it from the display stands at one
// of that seat's unknown draws before the play; the sampled hidden cards
// fill the rest. The record replays to `sample`.
std::vector<std::string> fill_record(const View& view, const std::vector<std::string>& seat_record,
                                     const State& sample);

// A state whose view for its observer is `view` (once the money the view does
// not know is forgotten again): other seats' hidden contracts are dealt as
// stand-ins (State::stand_ins: the lowest cards the observer has not seen),
// and money known only as a range stands at the range's top, so that every
// move the range allows is legal. The start for following a game as the
// observer sees it (parse_as_seen) from a view with no record behind it,
// such as a position written as text.
State stand_in_state(const View& view);

}  // namespace pyai::automania
