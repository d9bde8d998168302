// Automania's tokens at the boundary: the one place that parses and formats
// them, and the checked way to apply one. Grammar (docs/automania.md has a
// worked example); canonical forms are shown, input is case-insensitive.
//
// Chance (what is revealed):
//   order:2,0,1            the player order: seats, first player first
//   demands:A,B,C,D,E/F,G,H,I,J   demand symbols, North America / Europe, each
//                          market's active spaces (most stars first), then
//                          its pending left and right spaces
//   display:3,17,22        the 3 face-up contracts
//   start:S2               a seat's starting contract (start:? in other seats' records)
//   tiles:A5,A17,...       a round's 18 tiles: the grid row by row, then the
//                          tiles below the sales offices
//   reveal:14              a contract turned up on the display
//   drawn:14               the deck's top card to the seat drawing (drawn:? in other seats' records)
// Decisions:
//   sponsor:K              K workers to the sponsor space (before the action)
//   place:R1..R4 / place:C1..C4   workers on a row's or column's action space
//   corner:city|family|super      workers on the corner space, producing that car
//   withdraw               leave the round (remaining workers sponsor)
//   tile:N                 the tile at place N (1-4) along the chosen row or column
//   put:station,N  put:office,N  put:styling,<car>  discard
//   draw:N / draw:deck     a contract from the display, or the deck's top card
//   market:NA / market:EU
//   marketing:K            K workers on the marketing space (+K popularity)
//   takeback:NA,L          one's car back from the ship space of level L
//   ship:L / ship:none     the car onto the ship space of level L
//   sell:N                 to sales space N (1 = topmost); also a top car's reward
//   keep                   the car stays on its ship (sales phase)
//   contract:N / contract:SN / contract:none
//   office:N               sales office N after withdrawing
//   demand:left / demand:right
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "action.h"
#include "chance.h"
#include "state.h"

namespace pyai::automania {

// A checked token: a move or a chance outcome. `unseen`: a private card
// written as unknown (start:?, drawn:?), taken only from a seat's record.
struct ParsedToken {
  bool is_chance = false;
  bool unseen = false;
  Action action = 0;
  ChanceOutcome outcome;
};

// Names as the game prints them.
std::string contract_name(int contract);  // "12", "S2"
std::string tile_name(uint8_t tile);      // "A12", "B3"
const char* car_name(int car);            // "city"
const char* market_name(int market);      // "NA"
std::string space_name(int space);        // "R2", "C3", "corner"

// The same names read back, as parsing sees them (lower case: "12", "s2",
// "a5", "city", "na", "r2", "corner", "speed"); nullopt when `text` names
// nothing. The position notation reads its pieces with these.
std::optional<int> contract_from_name(std::string_view text);
std::optional<uint8_t> tile_from_name(std::string_view text);
std::optional<int> car_from_name(std::string_view text);
std::optional<int> market_from_name(std::string_view text);
std::optional<int> space_from_name(std::string_view text);
std::optional<int> symbol_from_name(const Components& c, std::string_view text);
// The ship space (index) of `market` whose level is `level`, or -1.
int ship_space_of_level(const Components& c, int market, int level);

std::string format_action(const State& before, Action action);
std::string format_outcome(const State& before, const ChanceOutcome& outcome);
std::string format(const State& before, const ParsedToken& parsed);

// Parses a token and checks it is legal in `s`. Throws GameError with kSyntax
// (malformed) or kIllegalMove (well formed, not allowed now); the message
// says what was wrong and what is legal. `s` is never changed.
ParsedToken parse_token(const State& s, std::string_view token);

// Applies a checked token.
void apply_parsed(State& s, const ParsedToken& parsed);

// A token of `record_seat`'s record (Game.replay_as_seen): like parse_token,
// and start:? / drawn:? name another seat's private card, dealt as a stand-in
// (State::stand_ins); a later token naming a card some stand-in holds moves
// that stand-in first. May change `s` (only its stand-ins) even when it throws:
// call it on a copy.
ParsedToken parse_as_seen(State& s, int record_seat, std::string_view token);

// The legal tokens for the seat to act (empty at a chance step or the end).
std::vector<std::string> legal_tokens(const State& s);

// What is legal now, for messages ("place:R1 place:C2 corner:city withdraw",
// "sponsor:1..sponsor:4 ...", or the chance token expected).
std::string describe_legal(const State& s);

}  // namespace pyai::automania
