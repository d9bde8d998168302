#include "tokens.h"

#include <cctype>

#include "../core/errors.h"
#include "../core/token_text.h"
#include "rules.h"

namespace pyai::leduc {
namespace {

constexpr char kRankLetters[kRanks + 1] = "jqk";
constexpr char kSuitLetters[kSuits + 1] = "sh";
constexpr size_t kMaxTokenLength = 100;

[[noreturn]] void illegal(const State& s, const std::string& reason) { illegal_move(reason, describe_legal(s)); }

int parse_card(std::string_view name, std::string_view token) {
  const std::optional<int> card = card_from_name(name);
  if (!card)
    syntax_error("a card is a rank j, q or k and a suit s or h (js, qh, ...), not " + quoted(name) + " in " +
                 quoted(token));
  return *card;
}

// The seat whose private card `card` is as a stand-in, or kNoSeat.
int stand_in_holder(const State& s, int card) {
  for (int seat = 0; seat < kPlayers; ++seat)
    if ((s.stand_ins >> seat & 1) && s.card[seat] == card) return seat;
  return kNoSeat;
}

// The cards a deal token may name: the undealt ones and the stand-ins.
CardSet dealable(const State& s) {
  CardSet cards = s.undealt;
  for (int seat = 0; seat < kPlayers; ++seat)
    if (s.stand_ins >> seat & 1) cards = CardSet(cards | card_set_bit(s.card[seat]));
  return cards;
}

std::string where_dealt(const State& s, int card) {
  if (s.public_card == card) return "it is the public card";
  for (int seat = 0; seat < kPlayers; ++seat)
    if (s.card[seat] == card) return "it is " + seat_name(seat) + "'s card";
  return "it is dealt";
}

std::string no_card_now(const State& s) {
  if (is_terminal(s)) return "the hand is over";
  return "no card is dealt now: it is " + seat_name(s.turn) + "'s turn to act";
}

ParsedToken parse_deal(const State& s, std::string_view body, std::string_view token) {
  if (body == "?")
    illegal(s, "deal:? (a card the record's seat did not see) is taken only when replaying a seat's record "
               "(Game.replay_as_seen)");
  const int card = parse_card(body, token);
  if (!is_chance(s)) illegal(s, no_card_now(s));
  if (!(dealable(s) & card_set_bit(card)))
    illegal(s, card_name(card) + " is already dealt: " + where_dealt(s, card));
  return ParsedToken{true, 0, card};
}

ParsedToken parse_move(const State& s, std::string_view token) {
  Action action;
  if (token == "fold") {
    action = kFold;
  } else if (token == "call" || token == "check") {
    action = kCall;
  } else if (token == "raise") {
    action = kRaise;
  } else {
    syntax_error("unknown token " + quoted(token) + ": leduc tokens are fold, call (or check), raise and deal:<card>");
  }
  if (is_terminal(s)) illegal(s, "the hand is over");
  if (is_chance(s)) illegal(s, "a card is dealt now, no seat acts");
  // The mover is the one refused: the reasons speak of the bet, not of a seat, so they read
  // the same whoever is told them.
  const int owed = stakes(s) - s.contributed[s.turn];
  if (token == "check" && owed > 0)
    illegal(s, "there is a bet of " + std::to_string(owed) + (owed == 1 ? " chip" : " chips") +
                   " to call: a check is legal only when there is no bet to call");
  if (action == kFold && owed == 0) illegal(s, "there is no bet to fold to: a fold is legal only when facing a bet");
  if (action == kRaise && !may_raise(s))
    illegal(s, "at most " + std::to_string(kMaxRaisesPerRound) + " raises a round");
  return ParsedToken{false, action, 0};
}

}  // namespace

std::string card_name(int card) {
  return std::string{kRankLetters[rank_of(card)], kSuitLetters[suit_of(card)]};
}

std::optional<int> card_from_name(std::string_view name) {
  const auto rank = name.size() == 2 ? std::string_view(kRankLetters).find(name[0]) : std::string_view::npos;
  const auto suit = name.size() == 2 ? std::string_view(kSuitLetters).find(name[1]) : std::string_view::npos;
  if (rank == std::string_view::npos || suit == std::string_view::npos) return std::nullopt;
  return make_card(int(rank), int(suit));
}

std::string format_action(Action action) {
  switch (action) {
    case kFold: return "fold";
    case kCall: return "call";
    case kRaise: return "raise";
    default: return "?";
  }
}

std::string format_deal(int card) { return "deal:" + card_name(card); }

std::string format(const ParsedToken& parsed) {
  return parsed.is_deal ? format_deal(parsed.card) : format_action(parsed.action);
}

ParsedToken parse_token(const State& s, std::string_view raw) {
  const std::string token = normalised_token(raw, kMaxTokenLength);
  const std::string_view view(token);
  if (view.starts_with("deal:")) return parse_deal(s, view.substr(5), view);
  return parse_move(s, view);
}

void apply_parsed(State& s, const ParsedToken& parsed) {
  if (!parsed.is_deal) {
    apply_action(s, parsed.action);
    return;
  }
  const int holder = stand_in_holder(s, parsed.card);
  if (holder != kNoSeat) {  // the stand-in gives way to the card the record names
    const CardSet others = CardSet(s.undealt & ~card_set_bit(parsed.card));
    const int replacement = lowest_card(CardMask(others));
    s.undealt = CardSet((s.undealt | card_set_bit(parsed.card)) & ~card_set_bit(replacement));
    s.card[holder] = uint8_t(replacement);
  }
  deal(s, parsed.card);
}

bool is_unseen_card_token(std::string_view token) {
  if (token.size() != kUnseenCardToken.size()) return false;
  for (size_t i = 0; i < token.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(token[i])) != kUnseenCardToken[i]) return false;
  return true;
}

void deal_unseen_card(State& s, int record_seat) {
  if (!is_chance(s)) illegal(s, "deal:? stands for a card dealt to another seat, but " + no_card_now(s));
  const int receiver = deal_receiver(s);
  if (receiver == kNoSeat)
    illegal(s, "deal:? stands for another seat's private card, but the public card is dealt now (every seat sees it)");
  if (receiver == record_seat)
    illegal(s, "this card is " + seat_name(record_seat) + "'s own: a seat's record names its own cards (deal:<card>)");
  const int stand_in = lowest_card(CardMask(s.undealt));
  deal(s, stand_in);
  s.stand_ins = uint8_t(s.stand_ins | (1u << receiver));
}

std::vector<std::string> legal_tokens(const State& s) {
  if (is_terminal(s) || is_chance(s)) return {};
  return legal_action_tokens<ActionList>(s, [](Action action) { return format_action(action); });
}

std::string describe_legal(const State& s) {
  std::string text;
  if (is_terminal(s)) return text;
  if (is_chance(s)) {
    text = "deal:<card>, one of";
    for (int card : Cards(dealable(s))) {
      text += ' ';
      text += card_name(card);
    }
    return text;
  }
  for (const std::string& token : legal_tokens(s)) text += (text.empty() ? "" : " ") + token;
  return text;
}

}  // namespace pyai::leduc
