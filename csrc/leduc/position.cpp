#include "position.h"

#include <array>
#include <optional>

#include "../core/errors.h"
#include "../core/position_words.h"
#include "../core/token_text.h"
#include "rules.h"
#include "tokens.h"

namespace pyai::leduc {
namespace {

constexpr int kNoObserver = -1;
constexpr char kMoveLetters[] = "fcr";  // by Move: kFold, kCall, kRaise
constexpr int kRounds = 2;

// ------------------------------------------------------------------ writing

std::string write(const State& s) {
  std::string out = "cards:";
  for (int seat = 0; seat < kPlayers; ++seat) {
    if (seat) out += '/';
    const uint8_t card = s.card[seat];
    out += card == kNoCard ? "-" : card == kHiddenCard ? "?" : card_name(card);
  }
  out += " public:";
  out += s.public_card == kNoCard ? "-" : card_name(s.public_card);
  out += " betting:";
  for (int round = 0; round < kRounds; ++round) {
    if (round == 1 && s.log_size[1] == 0) break;
    if (round) out += '/';
    if (s.log_size[round] == 0) out += '-';
    for (int i = 0; i < s.log_size[round]; ++i) out += kMoveLetters[s.logged_move(round, i)];
  }
  return out;
}

// ------------------------------------------------------------------ reading

enum Field { kCards, kPublic, kBetting, kFieldCount };
constexpr std::array<PositionFieldName, kFieldCount> kFieldNames = {{
    {"cards", kCards}, {"public", kPublic}, {"betting", kBetting}}};

// A card as written: a card, `-` (not dealt yet) or `?` (dealt, not seen).
struct WrittenCard {
  enum Kind { kUndealt, kUnknown, kKnown } kind = kUndealt;
  int card = 0;
};

std::string seat_card(int seat) { return seat_name(seat) + "'s card"; }

class PositionReader {
 public:
  PositionReader(std::string_view text, int observer)
      : observer_(observer), words_(text, kFieldNames, kFieldCount) {}

  State read() {
    read_cards();
    read_public();
    read_betting();
    check_cards();
    deal_private_cards();
    bet(0);
    deal_public_card();
    bet(1);
    check_shown_cards();
    return s_;
  }

  // The view of the state read: the other seat's card hidden where written ?.
  View view(const State& s) const {
    View view{s, uint8_t(observer_)};
    for (int seat = 0; seat < kPlayers; ++seat) {
      if (cards_[seat].kind != WrittenCard::kUnknown) continue;
      view.state.undealt = CardSet(view.state.undealt | card_set_bit(s.card[seat]));
      view.state.card[seat] = kHiddenCard;
    }
    return view;
  }

 private:
  // ------------------------------------------------------------- fields

  WrittenCard written_card(std::string_view text, Field field) const {
    if (text == "-") return {};
    if (text == "?") return {WrittenCard::kUnknown, 0};
    const std::optional<int> card = card_from_name(text);
    if (!card)
      syntax_error("a card is a rank j, q or k and a suit s or h (js, qh, ...), `-` not dealt yet or `?` unseen, "
                   "not " + quoted(text) + " in " + quoted(word(field)));
    return {WrittenCard::kKnown, *card};
  }

  std::string word(Field field) const { return words_.name(field) + ":" + std::string(words_.value(field)); }

  void read_cards() {
    if (!words_.given(kCards))
      syntax_error("a position needs each seat's card: cards:<seat 0>/<seat 1>, a card like qs, `-` not dealt yet");
    const auto parts = split_text(words_.value(kCards), '/');
    if (parts.size() != size_t(kPlayers))
      syntax_error("cards: one card per seat, seat 0's first, split by / (cards:qs/kh), not " +
                   std::to_string(parts.size()) + " in " + quoted(word(kCards)));
    for (int seat = 0; seat < kPlayers; ++seat) cards_[seat] = written_card(parts[size_t(seat)], kCards);
  }

  void read_public() {
    if (!words_.given(kPublic)) return;
    public_ = written_card(words_.value(kPublic), kPublic);
    if (public_.kind == WrittenCard::kUnknown)
      syntax_error("public: every seat sees the public card: write it, or `-` before it is dealt, not " +
                   quoted(word(kPublic)));
  }

  void read_betting() {
    if (!words_.given(kBetting)) return;
    const auto parts = split_text(words_.value(kBetting), '/');
    if (parts.size() > size_t(kRounds))
      syntax_error("betting: a hand has 2 betting rounds, split by /, not " + std::to_string(parts.size()) + " in " +
                   quoted(word(kBetting)));
    for (size_t round = 0; round < parts.size(); ++round) {
      const std::string_view moves = parts[round];
      if (moves == "-") continue;
      if (moves.empty() || moves.size() > size_t(2 * kMaxMovesPerRound))
        syntax_error("betting: a round is its moves (c, r, f), or `-` for none, not " + quoted(moves) + " in " +
                     quoted(word(kBetting)));
      for (char letter : moves)
        if (std::string_view(kMoveLetters).find(letter) == std::string_view::npos)
          syntax_error("betting: a round's moves are c (call, or check), r (raise) and f (fold), not " +
                       quoted(std::string_view(&letter, 1)) + " in " + quoted(word(kBetting)));
      rounds_[round] = moves;
    }
  }

  // ------------------------------------------------------------- facts

  void check_cards() {
    for (int seat = 0; seat < kPlayers; ++seat) {
      const WrittenCard& card = cards_[seat];
      if (card.kind == WrittenCard::kUnknown && observer_ == kNoObserver)
        inconsistent(seat_card(seat) + " is ?: a whole position names every card dealt (a seat's view, with a pov "
                                       "seat, writes the other seat's card ?)");
      if (card.kind == WrittenCard::kUnknown && seat == observer_)
        inconsistent(seat_card(seat) + " is ?, but " + seat_name(seat) + " is the pov seat, which sees its own card");
    }
    if (cards_[0].kind == WrittenCard::kUndealt && cards_[1].kind != WrittenCard::kUndealt)
      inconsistent("seat 1's card is dealt, but seat 0's is not: seat 0's card is dealt first");
    if (public_.kind != WrittenCard::kUndealt)
      for (int seat = 0; seat < kPlayers; ++seat)
        if (cards_[seat].kind == WrittenCard::kUndealt)
          inconsistent("the public card is dealt, but " + seat_card(seat) + " is not: the private cards come first");
    std::array<std::string, kDeckSize> where{};
    const auto place = [&](const WrittenCard& card, const std::string& name) {
      if (card.kind != WrittenCard::kKnown) return;
      if (!where[size_t(card.card)].empty())
        inconsistent(card_name(card.card) + " is both " + where[size_t(card.card)] + " and " + name);
      where[size_t(card.card)] = name;
    };
    for (int seat = 0; seat < kPlayers; ++seat) place(cards_[seat], seat_card(seat));
    place(public_, "the public card");
  }

  // A seat's view names the other seat's card only once a showdown shows it
  // (and may still write it ?: a record that never named it).
  void check_shown_cards() const {
    if (observer_ == kNoObserver) return;
    const int other = 1 - observer_;
    if (cards_[other].kind == WrittenCard::kKnown && !is_showdown(s_))
      inconsistent(seat_card(other) + " is written (" + card_name(cards_[other].card) + "), but " +
                   seat_name(observer_) + " does not see it before a showdown: write it ?");
  }

  // A `?` card is dealt as a card written nowhere (view() hides it again),
  // so that the rules below run on a full state.
  void deal_private_cards() {
    CardSet named = 0;
    for (const WrittenCard& card : {cards_[0], cards_[1], public_})
      if (card.kind == WrittenCard::kKnown) named = CardSet(named | card_set_bit(card.card));
    for (int seat = 0; seat < kPlayers; ++seat) {
      const WrittenCard& card = cards_[seat];
      if (card.kind == WrittenCard::kUndealt) break;
      const int dealt = card.kind == WrittenCard::kKnown ? card.card : lowest_card(CardMask(s_.undealt & ~named));
      deal(s_, dealt);
    }
  }

  void deal_public_card() {
    const bool round_one_over = s_.round == 1 && !s_.over;
    if (public_.kind == WrittenCard::kUndealt) {
      if (!rounds_[1].empty())
        inconsistent("betting: round 2 has moves (" + std::string(rounds_[1]) +
                     "), but it starts once the public card is dealt (public: -)");
      return;
    }
    if (s_.over)
      inconsistent("public: the hand ended with a fold in round 1 (betting: " + std::string(rounds_[0]) +
                   "), so no public card is dealt");
    if (!round_one_over)
      inconsistent("public: the public card is dealt once the first betting round is over, and it is not (betting: " +
                   (rounds_[0].empty() ? std::string("-") : std::string(rounds_[0])) + ")");
    deal(s_, public_.card);
  }

  // Plays round `round`'s written moves, each checked against the rules.
  void bet(int round) {
    const std::string_view moves = rounds_[round];
    if (moves.empty()) return;
    if (s_.dealt < kPlayers)
      inconsistent("betting: the first round starts once both private cards are dealt, and " +
                   seat_card(s_.dealt) + " is not");
    if (round == 1 && s_.round == 0)
      inconsistent("betting: round 2 has moves (" + std::string(moves) + "), but round 1 is not over (betting: " +
                   std::string(rounds_[0]) + ")");
    for (size_t index = 0; index < moves.size(); ++index) {
      const std::string where = " (round " + std::to_string(round + 1) + ", move " + std::to_string(index + 1) + ")";
      const std::string move = quoted(moves.substr(index, 1));
      if (s_.over && s_.folded != kNoSeat)
        inconsistent("betting: the hand ended with " + seat_name(s_.folded) + "'s fold (" +
                     quoted(moves.substr(0, index)) + "), so " + move + where + " cannot follow");
      if (s_.over)
        inconsistent("betting: round 2 is over after " + quoted(moves.substr(0, index)) +
                     " (the showdown), so " + move + where + " cannot follow");
      if (s_.round != round)
        inconsistent("betting: round " + std::to_string(round + 1) + " is over after " +
                     quoted(moves.substr(0, index)) + ", so " + move + where +
                     " cannot follow (round 2 is written after a /)");
      const Move action = Move(std::string_view(kMoveLetters).find(moves[index]));
      if (action == kFold && !facing_bet(s_))
        inconsistent("betting: " + seat_name(s_.turn) + " owes nothing, so its f" + where +
                     " is no legal move: a seat may fold only when facing a bet");
      if (action == kRaise && !may_raise(s_))
        inconsistent("betting: " + seat_name(s_.turn) + "'s r" + where + " would be a third raise: at most " +
                     std::to_string(kMaxRaisesPerRound) + " raises a round");
      apply_action(s_, action);
    }
  }

  const int observer_;
  PositionWords words_;
  WrittenCard cards_[kPlayers];
  WrittenCard public_;
  std::string_view rounds_[kRounds];
  State s_ = initial_state();
};

}  // namespace

std::string write_position(const State& s) {
  if (s.stand_ins)
    inconsistent("this state was rebuilt from one seat's record: the other seat's card in it is a stand-in, not a "
                 "fact; write that seat's view instead");
  return write(s);
}

std::string write_position(const View& view) { return write(view.state); }

State read_position(std::string_view text) { return PositionReader(text, kNoObserver).read(); }

View read_position_view(std::string_view text, int observer) {
  if (observer < 0 || observer >= kPlayers)
    throw GameError(ErrorKind::kBadArgument, "seat must be a whole number 0..1, not " + std::to_string(observer));
  PositionReader reader(text, observer);
  return reader.view(reader.read());
}

State stand_in_state(const View& view) {
  State s = view.state;
  for (int seat = 0; seat < kPlayers; ++seat) {
    if (s.card[seat] != kHiddenCard) continue;
    const int stand_in = lowest_card(CardMask(s.undealt));
    s.undealt = CardSet(s.undealt & ~card_set_bit(stand_in));
    s.card[seat] = uint8_t(stand_in);
    s.stand_ins = uint8_t(s.stand_ins | (1u << seat));
  }
  return s;
}

}  // namespace pyai::leduc
