// A For Sale position as one line of text, as chess has FEN: read and
// written here, validated against the rules, so that a game can start from a
// position seen at a table instead of from a history.
//
// The text is words `field:value`, separated by spaces, in any order; a
// per-seat field lists one value per seat, seat 0 first, split by `/`:
//
//   phase:auction round:3 leader:2 turn:1 table:5,12,22 cash:21/26/15/26
//   advisors:1,3,17/4,9/8,30/2,11 bids:pass/0/4/6
//
// Fields (docs/forsale.md, "Positions as text", has the full reference):
//   phase     setup | auction | buying | selling | over (the classic
//             edition has no buying phase)
//   round     1-based round of the phase (auction, buying, selling)
//   leader    the seat that starts the round (auction, buying)
//   turn      the seat to act (auction and buying, once cards are up)
//   table     this round's face-up cards still unclaimed; `-`: not dealt
//             yet. Checks are written by value.
//   removed   the unseen removal when it is known (3-4 players), per deck
//             in deck order advisors/vehicles/checks: `3,17/5,22/2,2`
//   sold      the vehicles sold in earlier selling rounds (optional)
//   per seat: cash, advisors (in hand), played (advisors played in phase 2),
//             spent (Mechanics and Lawyers used), vehicles (classic:
//             properties; in hand), checks (values), bids (auction: the
//             standing bid or `pass`), offered (buying: the advisor, `+`
//             when paid up as a Fleet Manager), sells (selling: `12`,
//             `12,20@19` with a Lawyer, `12@19` once the other was kept)
// A card list is `-` (none) or numbers joined by commas. Per-seat card
// fields that are empty for every seat may be left out; cash may not.
//
// Seen by one seat (read_position_view), a position may leave other seats'
// facts unknown: cash `?` or a range `15..22`; a hand (advisors, vehicles)
// `?` or its known cards then `?` (`3,17,?`: the rest unknown, as many as
// the rules say the seat holds); a sell chosen but not revealed `?`.
//
// What follows from the rules is not written: the highest bid, the turn in
// the selling phase, the checks each seat wins at the reveal (so a Mechanic
// decision shows as the revealed sells with the checks on the table), and
// the cards still unseen. Reading refuses any impossible fact with a message
// naming it (GameError kInconsistent), and any malformed word (kSyntax).
#pragma once

#include <string>
#include <string_view>

#include "config.h"
#include "information.h"
#include "state.h"

namespace pyai::forsale {

std::string write_position(const State& s);

// A state with no history. Throws GameError (kSyntax, kInconsistent); a
// position with unknowns is refused (it is read as one seat's view).
State read_position(const Config& config, std::string_view text);

// One seat's view: what `observer` knows of the position, unknowns included
// (a known fact of another seat is known; its secret sell stays hidden).
View read_position_view(const Config& config, std::string_view text, int observer);

// A view written back, its unknowns as `?` and ranges.
std::string write_position(const View& view);

}  // namespace pyai::forsale
