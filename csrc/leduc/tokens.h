// Leduc's tokens at the boundary: the one place that parses and formats them,
// and the checked way to apply one.
//
//   deal:<card>   a card dealt: seat 0's private card, then seat 1's, then
//                 (after the first betting round) the public card. A card is
//                 a rank j, q or k and a suit s or h: deal:js, deal:kh.
//   deal:?        in a seat's record: the other seat's private card, which
//                 that seat never sees (only Game.replay_as_seen takes it).
//   fold          give up the pot (only when facing a bet)
//   call          match the bet, or check when nothing is owed
//                 (`check` is taken as another name for it when nothing is owed)
//   raise         match the bet and raise by 2 (first round) or 4 (second);
//                 at most 2 raises a round
//
// Tokens are lower case; upper case is taken too (`Deal:Kh`).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "state.h"

namespace pyai::leduc {

// The token of a card not seen by the seat whose record it is.
constexpr std::string_view kUnseenCardToken = "deal:?";

// A checked token: a player's move or a dealt card.
struct ParsedToken {
  bool is_deal = false;
  Action action = 0;  // a move
  int card = 0;       // a deal
};

std::string card_name(int card);  // "js"
// The card a name like "js" names (lower case), or nullopt.
std::optional<int> card_from_name(std::string_view name);
std::string format_action(Action action);
std::string format_deal(int card);
std::string format(const ParsedToken& parsed);

// Parses a token and checks that it is legal in `s`. Throws GameError with
// kSyntax (malformed) or kIllegalMove (well formed, not allowed now); the
// message says what was wrong and what is legal. `s` is never changed.
ParsedToken parse_token(const State& s, std::string_view token);

// Applies a checked token. A deal naming a card that stands in for a private
// card (State::stand_ins) moves the stand-in to another undealt card first.
void apply_parsed(State& s, const ParsedToken& parsed);

// Whether `token` is the unseen card, deal:? (any case).
bool is_unseen_card_token(std::string_view token);

// Deals the next private card, which `record_seat` did not see, as a
// stand-in: the lowest undealt card, marked in State::stand_ins. Throws
// kIllegalMove unless a private card of another seat is dealt now.
void deal_unseen_card(State& s, int record_seat);

// The legal tokens for the seat to act (empty at a chance step or the end).
std::vector<std::string> legal_tokens(const State& s);

// What is legal now, for messages: "call raise" or "deal:<card>: js qh ...".
std::string describe_legal(const State& s);

}  // namespace pyai::leduc
