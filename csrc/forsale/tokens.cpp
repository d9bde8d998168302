#include "tokens.h"

#include <algorithm>
#include <cctype>
#include <optional>

#include "../core/errors.h"
#include "../core/token_text.h"
#include "rules.h"

namespace pyai::forsale {
namespace {

constexpr int kMaxNumberDigits = 3;

[[noreturn]] void illegal(const State& s, const std::string& reason) { illegal_move(reason, describe_legal(s)); }

const char* deck_noun(const State& s, Deck deck) {
  if (deck == Deck::kVehicles) return s.classic ? "property" : "vehicle";
  return deck == Deck::kAdvisors ? "advisor" : "check";
}

std::string plural(const char* noun) {
  const std::string word(noun);
  return word == "property" ? "properties" : word + "s";
}

int number_or_throw(std::string_view text, std::string_view token) {
  auto value = plain_number(text, kMaxNumberDigits);
  if (!value)
    syntax_error("'" + std::string(text) + "' in '" + std::string(token) +
                 "' is not a plain number (digits only, no sign, no leading zero)");
  return *value;
}

std::vector<int> number_list(std::string_view text, std::string_view token) {
  std::vector<int> numbers;
  if (text.empty()) return numbers;
  size_t start = 0;
  while (true) {
    const size_t comma = text.find(',', start);
    numbers.push_back(number_or_throw(text.substr(start, comma - start), token));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return numbers;
}

// Cards named by number (advisors, vehicles) or by value (checks: of each
// value the lowest unseen id first). Empty with `problem` set when a card does
// not exist, is listed twice or is not among the unseen cards `pool`.
std::optional<CardMask> unseen_cards(const State& s, Deck deck, const std::vector<int>& numbers, std::string& problem,
                                     bool checks_highest_first = false) {
  const CardMask pool = s.unseen[int(deck)];
  CardMask cards = 0;
  for (int number : numbers) {
    const std::string name = std::string(deck_noun(s, deck)) + " " + std::to_string(number);
    if (deck == Deck::kChecks) {
      if (!is_valid_check_value(number)) {
        problem = "there is no check worth " + std::to_string(number) + " (checks are 0 and 2..15)";
        return std::nullopt;
      }
      const int first = first_check_id(number);
      const CardMask copies = pool & ~cards & (card_bit(first) | card_bit(first + 1));
      if (!copies) {
        problem = "no more checks worth " + std::to_string(number) + " are unseen";
        return std::nullopt;
      }
      cards |= card_bit(checks_highest_first ? highest_card(copies) : lowest_card(copies));  // see canonical_checks
      continue;
    }
    if (number < 1 || number > kDeckSize) {
      problem = "there is no " + name + " (1..30)";
      return std::nullopt;
    }
    if (has_card(cards, number)) {
      problem = name + " is listed twice";
      return std::nullopt;
    }
    if (!has_card(pool, number)) {
      problem = has_card(s.removed[int(deck)], number) ? name + " was removed from the game at the start"
                                                         : name + " was turned up already";
      return std::nullopt;
    }
    cards |= card_bit(number);
  }
  return cards;
}

std::string join_numbers(Deck deck, CardMask cards) {
  std::vector<int> numbers;
  for (int card : Cards(cards)) numbers.push_back(card_rank(deck, card));
  std::sort(numbers.begin(), numbers.end());
  std::string out;
  for (size_t i = 0; i < numbers.size(); ++i) {
    if (i) out += ',';
    out += std::to_string(numbers[i]);
  }
  return out;
}

const char* phase_moves(const State& s) {
  switch (s.phase) {
    case Phase::kAuction: return "the auction takes bid:N or pass";  // both editions
    case Phase::kBuying: return "buying takes play:N or play:N+";
    case Phase::kSelling:
      return s.sell_step == SellStep::kChoose ? "selling takes sell:N, sell:N,M or sell:N,M@L"
             : s.sell_step == SellStep::kKeep ? "a Lawyer user now takes keep:N"
                                              : "the lowest seller now takes mech:use or mech:skip";
    default: return "";
  }
}

// ------------------------------------------------------------------ chance

ParsedToken parse_deal(const State& s, std::string_view token, std::string_view body) {
  const std::vector<int> numbers = number_list(body, token);
  if (!is_chance(s))
    illegal(s, is_terminal(s) ? "the game is over"
                              : "no cards are to be turned up now: it is " + seat_name(s.turn) + "'s turn");
  const Deck deck = current_deck(s);
  if (int(numbers.size()) != s.num_players)
    illegal(s, "a deal turns up " + std::to_string(s.num_players) + " " + plural(deck_noun(s, deck)) + ", not " +
                   std::to_string(numbers.size()));
  std::string problem;
  const std::optional<CardMask> cards = unseen_cards(s, deck, numbers, problem);
  if (!cards) illegal(s, problem);
  return ParsedToken{false, deal_action(*cards), {}};
}

ParsedToken parse_removal(const State& s, std::string_view token, std::string_view body) {
  std::string_view lists[kNumDecks];
  size_t start = 0;
  for (int d = 0; d < kNumDecks; ++d) {
    const size_t slash = body.find('/', start);
    if ((d < kNumDecks - 1) == (slash == std::string_view::npos))
      syntax_error("'" + std::string(token) + "' must be removed:A/V/C (three comma lists, advisors/vehicles/checks)");
    lists[d] = body.substr(start, slash - start);
    start = slash + 1;
  }
  std::vector<int> numbers[kNumDecks];
  for (int d = 0; d < kNumDecks; ++d) numbers[d] = number_list(lists[d], token);
  if (s.phase != Phase::kSetup)
    illegal(s, s.removed_per_deck == 0 ? "no cards are removed with " + std::to_string(s.num_players) + " players"
                                       : "the removal can only be recorded before the first deal");
  ParsedToken parsed{true, 0, {}};
  for (int d = 0; d < kNumDecks; ++d) {
    const int expected = removed_from(s, Deck(d));
    if (s.classic && d == int(Deck::kAdvisors) && !numbers[d].empty())
      illegal(s, "the classic edition has no advisors: the first list of removed:A/P/C must be empty");
    if (int(numbers[d].size()) != expected)
      illegal(s, std::to_string(expected) + " " + plural(deck_noun(s, Deck(d))) + " are removed with " +
                     std::to_string(s.num_players) + " players, not " + std::to_string(numbers[d].size()));
    std::string problem;
    const std::optional<CardMask> cards = unseen_cards(s, Deck(d), numbers[d], problem, /*checks_highest_first=*/true);
    if (!cards) illegal(s, problem);
    parsed.removed[d] = *cards;
  }
  return parsed;
}

// ------------------------------------------------------------ player moves

// Syntax only: which move the token names, before asking whether it is legal.
Action parse_player_move(const State& s, std::string_view token, std::string_view head, std::string_view body,
                         bool has_body) {
  if (head == "pass" && !has_body) return pass_action();
  if (head == "bid" && has_body) return bid_action(number_or_throw(body, token));
  if (head == "play" && has_body) {
    const bool boost = !body.empty() && body.back() == '+';
    return play_action(number_or_throw(boost ? body.substr(0, body.size() - 1) : body, token), boost);
  }
  if (head == "keep" && has_body) return keep_action(number_or_throw(body, token));
  if (head == "mech" && has_body && (body == "use" || body == "skip")) return mechanic_action(body == "use");
  if (head == "sell" && has_body) {
    const size_t at = body.find('@');
    const std::string_view cards = body.substr(0, at);
    const std::vector<int> vehicles = number_list(cards, token);
    if (vehicles.empty() || vehicles.size() > 2)
      syntax_error("'" + std::string(token) + "' must sell one vehicle (sell:N) or two with a Lawyer (sell:N,M[@L])");
    if (vehicles.size() == 1) {
      if (at != std::string_view::npos) syntax_error("'" + std::string(token) + "': a Lawyer (@L) needs two vehicles");
      return sell_action(vehicles[0]);
    }
    int lawyer = 0;
    if (at != std::string_view::npos) {
      lawyer = number_or_throw(body.substr(at + 1), token);
    } else if (s.phase == Phase::kSelling && !s.awaiting_deal) {
      const CardMask lawyers = unused_abilities(s, s.turn, Ability::kLawyer);
      lawyer = lawyers ? lowest_card(lawyers) : 0;  // 0: reported as "no unused Lawyer" below
    }
    const int low = std::min(vehicles[0], vehicles[1]), high = std::max(vehicles[0], vehicles[1]);
    return sell_action(low, high, lawyer);
  }
  syntax_error(quoted(token) +
               " is not a move token (pass, bid:N, play:N[+], sell:N[,M[@L]], keep:N, mech:use, mech:skip, "
               "deal:..., removed:A/V/C)");
}

// Whether a move of this kind belongs to the current phase and step.
bool kind_fits_step(const State& s, MoveKind kind) {
  switch (s.phase) {
    case Phase::kAuction: return kind == MoveKind::kBid || kind == MoveKind::kPass;
    case Phase::kBuying: return kind == MoveKind::kPlay;
    case Phase::kSelling:
      if (s.sell_step == SellStep::kChoose) return kind == MoveKind::kSell;
      if (s.sell_step == SellStep::kKeep) return kind == MoveKind::kKeep;
      return kind == MoveKind::kMechanicUse || kind == MoveKind::kMechanicSkip;
    default: return false;
  }
}

// The most specific reason a well-formed move of the right kind is illegal. It never names
// the mover, whose move it is about: the reason reads the same to the player who made the
// move and to anyone else at the table.
std::string why_illegal(const State& s, Action action) {
  const int seat = s.turn;
  switch (move_kind(action)) {
    case MoveKind::kBid: {
      const int total = bid_total(action);
      if (total <= s.high_bid) return "a bid must exceed " + std::to_string(s.high_bid);
      if (total > s.cash[seat]) return "a bid is at most the bidder's cash (" + std::to_string(s.cash[seat]) + ")";
      break;
    }
    case MoveKind::kPlay: {
      const int advisor = played_advisor(action);
      if (advisor < 1 || advisor > kDeckSize || !has_card(s.advisors_in_hand[seat], advisor))
        return "advisor " + std::to_string(advisor) + " is not in hand";
      if (played_boost(action) && ability_of(advisor) != Ability::kFleetManager)
        return "only a Fleet Manager (13-15) can be boosted with +";
      if (played_boost(action))
        return "boosting costs " + std::to_string(kFleetManagerCost) + " cash, more than the " +
               std::to_string(s.cash[seat]) + " on hand";
      break;
    }
    case MoveKind::kSell: {
      for (int vehicle : {sold_vehicle(action), sold_second_vehicle(action)}) {
        if (vehicle == 0 && vehicle != sold_vehicle(action)) continue;  // no second vehicle
        if (vehicle < 1 || vehicle > kDeckSize || !has_card(s.vehicles[seat], vehicle))
          return std::string(deck_noun(s, Deck::kVehicles)) + " " + std::to_string(vehicle) + " is not in hand";
      }
      if (sold_second_vehicle(action)) {
        if (sold_vehicle(action) == sold_second_vehicle(action)) return "the two vehicles must differ";
        const int lawyer = sold_lawyer(action);
        if (lawyer == 0) return "selling two vehicles takes an unused Lawyer, and none of the advisors played is one";
        if (!has_card(unused_abilities(s, seat, Ability::kLawyer), lawyer))
          return "advisor " + std::to_string(lawyer) + " is not an unused Lawyer among the advisors played";
      }
      break;
    }
    case MoveKind::kKeep:
      return "keep must name one of the two vehicles sold with the Lawyer (" + std::to_string(s.sell[seat].vehicle) +
             " or " + std::to_string(s.sell[seat].second_vehicle) + ")";
    default: break;
  }
  return "not legal now";
}

ParsedToken parse_player_token(const State& s, std::string_view token, std::string_view head, std::string_view body,
                               bool has_body) {
  const Action action = parse_player_move(s, token, head, body, has_body);
  if (is_terminal(s)) illegal(s, "the game is over");
  if (s.awaiting_deal)
    illegal(s, s.phase == Phase::kSetup ? "cards must be turned up first (deal:... or removed:A/V/C)"
                                        : "cards must be turned up first (deal:...)");
  if (!kind_fits_step(s, move_kind(action))) illegal(s, std::string("wrong move now: ") + phase_moves(s));
  if (!is_legal(s, action)) illegal(s, why_illegal(s, action));
  return ParsedToken{false, action, {}};
}

}  // namespace

// -------------------------------------------------------------------- public

std::string format_action(const State& before, Action action) {
  if (is_deal(action)) {
    const Deck deck = current_deck(before);
    return "deal:" + join_numbers(deck, dealt_cards(action));
  }
  switch (move_kind(action)) {
    case MoveKind::kPass: return "pass";
    case MoveKind::kBid: return "bid:" + std::to_string(bid_total(action));
    case MoveKind::kPlay: return "play:" + std::to_string(played_advisor(action)) + (played_boost(action) ? "+" : "");
    case MoveKind::kSell: {
      std::string out = "sell:" + std::to_string(sold_vehicle(action));
      if (sold_second_vehicle(action)) {
        out += "," + std::to_string(sold_second_vehicle(action));
        const CardMask lawyers = unused_abilities(before, before.turn, Ability::kLawyer);
        const int lawyer = sold_lawyer(action);
        if (!lawyers || lowest_card(lawyers) != lawyer) out += "@" + std::to_string(lawyer);
      }
      return out;
    }
    case MoveKind::kKeep: return "keep:" + std::to_string(kept_vehicle(action));
    case MoveKind::kMechanicUse: return "mech:use";
    case MoveKind::kMechanicSkip: return "mech:skip";
  }
  return "?";
}

std::string format_removal(const CardMask (&removed)[kNumDecks]) {
  return "removed:" + join_numbers(Deck::kAdvisors, removed[0]) + "/" + join_numbers(Deck::kVehicles, removed[1]) +
         "/" + join_numbers(Deck::kChecks, removed[2]);
}

ParsedToken parse_token(const State& s, std::string_view raw) {
  constexpr size_t kMaxTokenLength = 200;
  const std::string token = normalised_token(raw, kMaxTokenLength);  // `PASS` is a harmless variant of `pass`
  const size_t colon = token.find(':');
  const std::string_view view(token);
  const std::string_view head = view.substr(0, colon);
  const std::string_view body = colon == std::string::npos ? std::string_view() : view.substr(colon + 1);
  const bool has_body = colon != std::string::npos;
  if (head == "deal" && has_body) return parse_deal(s, view, body);
  if (head == "removed" && has_body) return parse_removal(s, view, body);
  return parse_player_token(s, view, head, body, has_body);
}

Action parse_move_syntax(const State& s, std::string_view raw) {
  constexpr size_t kMaxTokenLength = 200;
  const std::string token = normalised_token(raw, kMaxTokenLength);
  const size_t colon = token.find(':');
  const std::string_view view(token);
  const std::string_view body = colon == std::string::npos ? std::string_view() : view.substr(colon + 1);
  return parse_player_move(s, view, view.substr(0, colon), body, colon != std::string::npos);
}

void apply_parsed(State& s, const ParsedToken& parsed) {
  if (parsed.is_removal) {
    apply_removal(s, parsed.removed);
  } else if (is_deal(parsed.action)) {
    apply_deal(s, dealt_cards(parsed.action));
  } else {
    apply_action(s, parsed.action);
  }
}

std::vector<std::string> legal_tokens(const State& s) {
  return legal_action_tokens<ActionList>(s, [&s](Action action) { return format_action(s, action); });
}

std::string describe_legal(const State& s) {
  if (is_terminal(s)) return "";
  if (is_chance(s)) {
    const Deck deck = current_deck(s);
    std::string out = "deal:<" + std::to_string(s.num_players) + " unseen " + plural(deck_noun(s, deck)) + ">";
    if (s.phase == Phase::kSetup) out += " or removed:A/V/C";
    return out;
  }
  ActionList actions;
  legal_actions(s, actions);
  std::string out;
  int first_bid = -1, last_bid = -1;
  auto flush_bids = [&] {
    if (first_bid < 0) return;
    if (!out.empty()) out += ' ';
    out += "bid:" + std::to_string(first_bid);
    if (last_bid > first_bid) out += "..bid:" + std::to_string(last_bid);
    first_bid = -1;
  };
  for (Action action : actions) {
    if (move_kind(action) == MoveKind::kBid) {
      if (first_bid < 0) first_bid = bid_total(action);
      last_bid = bid_total(action);
      continue;
    }
    flush_bids();
    if (!out.empty()) out += ' ';
    out += format_action(s, action);
  }
  flush_bids();
  return out;
}

}  // namespace pyai::forsale
