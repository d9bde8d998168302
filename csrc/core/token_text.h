// What every game's tokens share: the errors a parser raises, a raw token
// made canonical text (lower case, printable, no spaces), and the pieces
// parsers cut text into (parts, plain numbers).
#pragma once

#include <cctype>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "errors.h"

namespace pyai {

[[noreturn]] inline void syntax_error(const std::string& message) { throw GameError(ErrorKind::kSyntax, message); }

// A position or view that cannot arise in the game (a fact that contradicts another).
[[noreturn]] inline void inconsistent(const std::string& message) {
  throw GameError(ErrorKind::kInconsistent, message);
}

// How messages name a seat.
inline std::string seat_name(int seat) { return "seat " + std::to_string(seat); }

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
// empty, longer than `max_length`, or holds a byte that is not printable ASCII.
inline std::string normalised_token(std::string_view raw, size_t max_length) {
  if (raw.empty()) syntax_error("empty move token");
  if (raw.size() > max_length) syntax_error("move token longer than " + std::to_string(max_length) + " characters");
  std::string token(raw);
  for (char& c : token) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x80) syntax_error("move token contains a character outside ASCII (tokens are ASCII letters, digits and punctuation)");
    if (byte < 0x21 || byte == 0x7f) syntax_error("move token contains a space or a control character");
    c = char(std::tolower(byte));
  }
  return token;
}

// `text` cut at each `separator` (an empty text is one empty part).
inline std::vector<std::string_view> split_text(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  while (true) {
    const size_t at = text.find(separator, start);
    parts.push_back(text.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
    if (at == std::string_view::npos) return parts;
    start = at + 1;
  }
}

// A plain decimal of at most `max_digits`: digits only, no sign, no leading
// zero (except "0"); nullopt otherwise.
inline std::optional<int> plain_number(std::string_view text, size_t max_digits) {
  if (text.empty() || text.size() > max_digits) return std::nullopt;
  if (text.size() > 1 && text[0] == '0') return std::nullopt;
  int value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + (c - '0');
  }
  return value;
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
