// Move tokens (`bid:5`, `sell:12,20@19`, `deal:3,12,19,27`) at the boundary:
// the one place that parses and formats them, and the checked way to apply
// one. Grammar: docs/forsale.md, "Tokens".
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "action.h"
#include "state.h"

namespace pyai::forsale {

// A parsed token is a move or deal (Action) or the unseen removal of setup.
struct ParsedToken {
  bool is_removal = false;
  Action action = 0;
  CardMask removed[kNumDecks] = {};
};

// The canonical token of `action` in state `before` (the state it is played in).
std::string format_action(const State& before, Action action);
std::string format_removal(const CardMask (&removed)[kNumDecks]);

// Parses a token and checks it is legal in `s`. Throws GameError with kSyntax
// (malformed) or kIllegalMove (well formed, not allowed now); the message
// says what was wrong and what is legal. `s` is never changed.
ParsedToken parse_token(const State& s, std::string_view token);

// The player move a token names, syntax only (kSyntax; legality unchecked):
// for a caller that must know which cards a move shows before checking it.
Action parse_move_syntax(const State& s, std::string_view token);

// Applies an already validated token.
void apply_parsed(State& s, const ParsedToken& parsed);

// The legal tokens for the seat to act (empty at a chance step or the end).
std::vector<std::string> legal_tokens(const State& s);

// A short human description of what is legal now, e.g. "pass bid:3..bid:28".
std::string describe_legal(const State& s);

}  // namespace pyai::forsale
