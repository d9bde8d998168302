// An Automania position as one line of text, as chess has FEN: read and
// written here, validated against the rules, so that a game can start from a
// position seen at a table instead of from its history.
//
// The text is words `field:value`, separated by spaces, in any order; a
// per-seat field has one value per seat, seat 0 first, split by `/`; a list
// is items joined by commas, `-` for none. An example (3 players, round 2,
// seat 1 shipping a family car it made on R2 to North America):
//
//   round:2 step:ship turn:1 space:R2 market:NA order:1,2,0
//   demands:speed,power,green,suitcase,safety/suitcase,speed,power,green,safety
//   grid:-,A3,-,A21;A30,-,A18,-;...  office_tiles:-,A9  display:4,11,19
//   money:8/3/12 vp:5=3+2/4=2+1+0+1/1  hand:-/11/-  hidden:S3/S1,7/S4
//   placed:C1/R2,sponsor=2/marketing  stations:A1,-,A9/A5/-  ...
//
// Fields (docs/automania.md, "Positions as text", has the full reference):
//   round     1-4
//   step      what happens next: a chance step (order, demands, display,
//             start, tiles, reveal, drawn) or the decision of the seat to
//             act (turn, tile, put, draw, market, ship, contract, office,
//             sell, demand), or over
//   turn      the seat whose turn is in progress (only in the action phase)
//   sponsored yes: that seat has sponsored this turn (before its action)
//   space     the action space it used this turn: R1-R4, C1-C4, corner,<car>
//   tile      the tile it took, to be placed (step put)
//   market    the market its car is shipped to; marketing: its marketing workers
//   offer     the car offered in the sales phase, by ship space: NA6
//   order     the player order this round; demands: as the demands: token
//   grid      the action area's tiles, rows split by `;`, `-` an empty cell
//   office_tiles  the tiles below the sales offices; display: the face-up contracts
//   removed   tiles of the back being dealt that have left the game
//   per seat: money, vp (total, then `=` and its sources), hand (contracts
//             taken from the display), hidden (its starting contract and deck
//             draws), played, office (its sales office this round), placed
//             (workers on action spaces, sponsor=N, marketing=N), neutral
//             (only when above what its staff managers show), stations,
//             managers, styling (city=A27;super=B26), ships (city@NA6),
//             sold (city@NA1: sales space 1 of North America)
//
// Facts that follow from the rules are not written: the cars in each
// factory, workers at home, who acts outside the action phase, the money
// and VP of the setup, the end's VP sources checked against the board, and
// the unseen cards and tiles (every one written nowhere else).
//
// Seen by one seat (read_position_view), another seat's money may be `?`
// (0..999) or a range `LO..HI`, and its hidden contracts are `?` each (their
// number is known, not the cards). Reading refuses every impossible fact with
// a message naming it (GameError kInconsistent) and every malformed word
// (kSyntax); nothing is half-read.
#pragma once

#include <string>
#include <string_view>

#include "information.h"
#include "state.h"

namespace pyai::automania {

// Throws GameError(kInconsistent) for a state with stand-ins (rebuilt from
// one seat's record): its other seats' hidden cards are not facts; write
// that seat's view instead.
std::string write_position(const State& s);

// A view written back, other seats' hidden contracts as `?` and money the
// observer does not know as `?` or a range.
std::string write_position(const View& view);

// A state with no history, for a game of `players` seats and the registered
// component set `components`. Throws GameError (kSyntax, kInconsistent); a
// position with unknowns is refused (it is read as one seat's view).
State read_position(int players, uint8_t components, std::string_view text);

// `observer`'s view of the position: unknowns allowed for other seats; other
// seats' hidden contracts named in the text are hidden (counted) as in view_of.
View read_position_view(int players, uint8_t components, std::string_view text, int observer);

}  // namespace pyai::automania
