// What every game's tokens share: the errors a parser raises, and a raw
// token made canonical text (lower case, printable, no spaces).
#pragma once

#include <cctype>
#include <string>
#include <string_view>
#include <vector>

#include "errors.h"

namespace pyai {

[[noreturn]] inline void syntax_error(const std::string& message) { throw GameError(ErrorKind::kSyntax, message); }

// An illegal move: the reason, and what is legal now (`legal`, as the game
// describes it; empty at the end).
[[noreturn]] inline void illegal_move(const std::string& reason, const std::string& legal) {
  throw GameError(ErrorKind::kIllegalMove, legal.empty() ? reason : reason + " (legal: " + legal + ")");
}

// 'text' in quotes, for messages (built by appending: GCC 12 warns, wrongly,
// with -Wrestrict on a literal + string here).
inline std::string quoted(std::string_view text) {
  std::string out(1, '\'');
  out += text;
  out += '\'';
  return out;
}

// `raw` in lower case (upper case is a harmless variant); kSyntax if it is
// empty, longer than `max_length`, or holds a space or a non-printable byte.
inline std::string normalised_token(std::string_view raw, size_t max_length) {
  if (raw.empty()) syntax_error("empty move token");
  if (raw.size() > max_length) syntax_error("move token longer than " + std::to_string(max_length) + " characters");
  std::string token(raw);
  for (char& c : token) {
    if (static_cast<unsigned char>(c) < 0x21 || static_cast<unsigned char>(c) > 0x7e)
      syntax_error("move token contains a space or a non-printable character");
    c = char(std::tolower(static_cast<unsigned char>(c)));
  }
  return token;
}

// The legal moves of `s` as tokens, in the game's move order: `ActionList` is
// the game's move list (filled by its `legal_actions` through ADL) and
// `format` turns one action into its token.
template <class ActionList, class State, class Format>
std::vector<std::string> legal_action_tokens(const State& s, Format format) {
  ActionList actions;
  legal_actions(s, actions);
  std::vector<std::string> tokens;
  tokens.reserve(actions.size());
  for (auto action : actions) tokens.push_back(format(action));
  return tokens;
}

}  // namespace pyai
