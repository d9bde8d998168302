// A position written as text, cut into its words, for every game's notation:
// words `field:value`, separated by spaces or tabs, in any order, each field
// at most once. Upper case is a harmless variant (as in move tokens), so the
// text is read in lower case. A game names its fields (a field may have more
// than one name: an edition's own word) and reads each value itself.
#pragma once

#include <cctype>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "token_text.h"

namespace pyai {

struct PositionFieldName {
  std::string_view name;
  int field;  // the game's field number, 0..field_count-1
};

class PositionWords {
 public:
  // Throws kSyntax for a word that is not field:value, an unknown field, an
  // empty value, a field given twice, or a character that is not printable ASCII.
  PositionWords(std::string_view text, std::span<const PositionFieldName> names, int field_count)
      : names_(names), text_(text), written_name_(size_t(field_count)), value_(size_t(field_count)) {
    for (char& c : text_) c = char(std::tolower(static_cast<unsigned char>(c)));
    size_t at = 0;
    const std::string_view all(text_);
    while (at < all.size()) {
      while (at < all.size() && (all[at] == ' ' || all[at] == '\t')) ++at;
      if (at == all.size()) break;
      size_t end = at;
      while (end < all.size() && all[end] != ' ' && all[end] != '\t') ++end;
      add_word(all.substr(at, end - at));
      at = end;
    }
  }
  // The values point into the text held here.
  PositionWords(const PositionWords&) = delete;
  PositionWords& operator=(const PositionWords&) = delete;

  bool given(int field) const { return !written_name_[size_t(field)].empty(); }
  std::string_view value(int field) const { return value_[size_t(field)]; }
  // The field's name as the text wrote it.
  std::string name(int field) const { return std::string(written_name_[size_t(field)]); }

  // A plain number (three digits at most) in `field`'s value: kSyntax if it is
  // none, kInconsistent outside [low, high] (`what` names the number).
  int number(int field, std::string_view text, int low, int high, const std::string& what) const {
    const auto parsed = plain_number(text, 3);
    if (!parsed) syntax_error(name(field) + ": " + quoted(text) + " is not a plain number");
    if (*parsed < low || *parsed > high)
      inconsistent(name(field) + ": " + what + " must be " + std::to_string(low) + " to " + std::to_string(high) +
                   ", not " + std::to_string(*parsed));
    return *parsed;
  }

  // A per-seat field's values, seat 0 first (split by '/'): kSyntax unless one a seat.
  std::vector<std::string_view> seat_values(int field, int players) const {
    auto parts = split_text(value(field), '/');
    if (int(parts.size()) != players)
      syntax_error(name(field) + " lists " + std::to_string(parts.size()) + " seat" + (parts.size() == 1 ? "" : "s") +
                   " (split by '/'); the game has " + std::to_string(players) + " players");
    return parts;
  }

  // "phase, round, ...": every field name, for messages.
  std::string field_list() const {
    std::string out;
    for (const PositionFieldName& f : names_) {
      if (!out.empty()) out += ", ";
      out += f.name;
    }
    return out;
  }

 private:
  void add_word(std::string_view word) {
    for (char c : word) {
      const auto byte = static_cast<unsigned char>(c);
      if (byte >= 0x80) syntax_error("the position holds a character outside ASCII (positions are written in ASCII)");
      if (byte < 0x21 || byte == 0x7f) syntax_error("the position holds a control character");
    }
    const size_t colon = word.find(':');
    if (colon == std::string_view::npos)
      syntax_error(quoted(word) + " is not a field:value word (fields: " + field_list() + ")");
    const std::string_view field_name = word.substr(0, colon);
    for (const PositionFieldName& f : names_) {
      if (f.name != field_name) continue;
      const size_t index = size_t(f.field);
      if (!written_name_[index].empty())
        syntax_error("the position gives " + std::string(written_name_[index]) +
                     (written_name_[index] == f.name ? " twice" : " and " + std::string(f.name) + " (the same field)"));
      written_name_[index] = f.name;
      value_[index] = word.substr(colon + 1);
      if (value_[index].empty()) syntax_error(quoted(word) + " has no value");
      return;
    }
    syntax_error(quoted(field_name) + " is not a position field (fields: " + field_list() + ")");
  }

  std::span<const PositionFieldName> names_;
  std::string text_;  // lower case; the names and values below point into it
  std::vector<std::string_view> written_name_;
  std::vector<std::string_view> value_;
};

// A `?` written in `field` for `seat`'s `what`: only another seat's, in a
// view read for `observer` (a whole position, observer < 0, names every fact).
inline void check_unknown_allowed(const std::string& field, int seat, int observer, const std::string& what) {
  if (observer < 0)
    inconsistent(field + ": '?' leaves " + seat_name(seat) + "'s " + what +
                 " unknown; a position with unknowns is read as one seat sees it (give the seat: pov)");
  if (seat == observer)
    inconsistent(field + ": " + seat_name(seat) + " is the point of view, so its own " + what + " is known");
}

}  // namespace pyai
