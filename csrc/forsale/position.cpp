#include "position.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <vector>

#include "../core/errors.h"
#include "../core/position_words.h"
#include "../core/token_text.h"
#include "cash_ceiling.h"
#include "rules.h"

namespace pyai::forsale {
namespace {

constexpr int kMaxNumberDigits = 3;
constexpr int kNoCard = 0;

// "3 vehicles", "1 vehicle", "1 property in hand": `plural_noun`'s first word
// made singular for a count of one.
std::string amount(int count, const std::string& plural_noun) {
  std::string noun = plural_noun;
  if (count == 1) {
    const size_t end = std::min(noun.find(' '), noun.size());
    if (end >= 3 && noun.compare(end - 3, 3, "ies") == 0) {
      noun.replace(end - 3, 3, "y");
    } else if (end >= 1 && noun[end - 1] == 's') {
      noun.erase(end - 1, 1);
    }
  }
  return std::to_string(count) + " " + noun;
}

// ------------------------------------------------------------------ writing

std::string card_list(Deck deck, CardMask cards) {
  if (cards == 0) return "-";
  std::string out;
  for (int card : Cards(cards)) {
    if (!out.empty()) out += ',';
    out += std::to_string(card_rank(deck, card));
  }
  return out;
}

template <typename ValueOf>
std::string per_seat(const State& s, ValueOf value_of) {
  std::string out;
  for (int p = 0; p < s.num_players; ++p) {
    if (p) out += '/';
    out += value_of(p);
  }
  return out;
}

template <typename MaskOf>
void write_cards_field(std::string& out, const State& s, const char* name, Deck deck, MaskOf mask_of) {
  bool any = false;
  for (int p = 0; p < s.num_players; ++p) any = any || mask_of(p) != 0;
  if (!any) return;
  out += ' ';
  out += name;
  out += ':';
  out += per_seat(s, [&](int p) { return card_list(deck, mask_of(p)); });
}

std::string sell_text(const SellChoice& sell) {
  std::string out = std::to_string(sell.vehicle);
  if (sell.second_vehicle) out += "," + std::to_string(sell.second_vehicle);
  if (sell.lawyer) out += "@" + std::to_string(sell.lawyer);
  return out;
}

// The vehicles sold in finished selling rounds: all that are nowhere else.
CardMask sold_vehicles(const State& s) {
  if (s.phase != Phase::kSelling && s.phase != Phase::kOver) return 0;
  CardMask elsewhere = s.unseen[int(Deck::kVehicles)] | s.removed[int(Deck::kVehicles)];
  for (int p = 0; p < s.num_players; ++p) elsewhere |= s.vehicles[p];
  return kNumberedDeck & ~elsewhere;
}

// A hand field (advisors, vehicles), unknown cards as a final `?`; left out
// when no seat has a card or an unknown there.
void write_hand_field(std::string& out, const State& s, const char* name, Deck deck, const CardMask* hands,
                      const uint8_t* unknown) {
  bool any = false;
  for (int p = 0; p < s.num_players; ++p) any = any || hands[p] != 0 || (unknown && unknown[p]);
  if (!any) return;
  out += ' ';
  out += name;
  out += ':';
  out += per_seat(s, [&](int p) {
    if (!unknown || unknown[p] == 0) return card_list(deck, hands[p]);
    return hands[p] ? card_list(deck, hands[p]) + ",?" : std::string("?");
  });
}

// The position of `s`; with a view (s is its state), its unknowns as `?` and ranges.
std::string write(const State& s, const View* view) {
  std::string out = "phase:";
  out += phase_name(s.phase);
  if (s.phase == Phase::kSetup) return out;
  const bool playing = s.phase != Phase::kOver;
  const bool dealt = playing && !s.awaiting_deal;
  const bool mechanic_step = dealt && s.phase == Phase::kSelling && s.sell_step == SellStep::kMechanic;
  if (playing) out += " round:" + std::to_string(s.round + 1);
  if (s.phase == Phase::kAuction || s.phase == Phase::kBuying) {
    out += " leader:" + std::to_string(s.leader);
    if (dealt) out += " turn:" + std::to_string(s.turn);
  }
  if (playing) {
    CardMask table = s.table;
    if (mechanic_step)  // the checks were dealt out at the reveal; the rules deal them again on reading
      for (int p = 0; p < s.num_players; ++p) table |= card_bit(s.check_won[p]);
    out += " table:" + (dealt ? card_list(current_deck(s), table) : std::string("-"));
  }
  if (s.removal_recorded) {
    out += " removed:";
    for (int d = 0; d < kNumDecks; ++d) out += (d ? "/" : "") + card_list(Deck(d), s.removed[d]);
  }
  const CardMask sold = sold_vehicles(s);
  if (sold) out += " sold:" + card_list(Deck::kVehicles, sold);
  out += " cash:" + per_seat(s, [&](int p) {
    if (view && !view->knows_cash(p)) return std::to_string(view->cash_low[p]) + ".." + std::to_string(view->cash_high[p]);
    return std::to_string(s.cash[p]);
  });
  write_hand_field(out, s, "advisors", Deck::kAdvisors, s.advisors_in_hand, view ? view->unknown_advisors : nullptr);
  write_cards_field(out, s, "played", Deck::kAdvisors, [&](int p) { return s.advisors_played[p]; });
  write_cards_field(out, s, "spent", Deck::kAdvisors, [&](int p) { return s.advisors_spent[p]; });
  write_hand_field(out, s, s.classic ? "properties" : "vehicles", Deck::kVehicles, s.vehicles,
                   view ? view->unknown_vehicles : nullptr);
  write_cards_field(out, s, "checks", Deck::kChecks, [&](int p) { return s.checks[p]; });
  if (dealt && s.phase == Phase::kAuction) {
    out += " bids:" + per_seat(s, [&](int p) {
      return has_card(s.bidders_left, p) ? std::to_string(s.bid[p]) : std::string("pass");
    });
  }
  if (dealt && s.phase == Phase::kBuying && s.turn != s.leader) {
    out += " offered:" + per_seat(s, [&](int p) {
      if (!s.advisor_offered[p]) return std::string("-");
      return std::to_string(s.advisor_offered[p]) + (has_card(s.boosted, p) ? "+" : "");
    });
  }
  if (dealt && s.phase == Phase::kSelling && s.sells_submitted) {
    out += " sells:" + per_seat(s, [&](int p) {
      if (view && has_card(view->hidden_sells, p)) return std::string("?");
      return has_card(s.sells_submitted, p) ? sell_text(s.sell[p]) : std::string("-");
    });
  }
  return out;
}

}  // namespace

std::string write_position(const State& s) { return write(s, nullptr); }
std::string write_position(const View& view) { return write(view.state, &view); }

// ------------------------------------------------------------------ reading

namespace {

enum class Field {
  kPhase, kRound, kLeader, kTurn, kTable, kRemoved, kSold, kCash, kAdvisors, kPlayed, kSpent, kVehicles,
  kChecks, kBids, kOffered, kSells, kCount
};

// `properties` is the classic edition's word for the vehicle deck.
constexpr std::array<PositionFieldName, 17> kFieldNames = {{
    {"phase", int(Field::kPhase)},       {"round", int(Field::kRound)},     {"leader", int(Field::kLeader)},
    {"turn", int(Field::kTurn)},         {"table", int(Field::kTable)},     {"removed", int(Field::kRemoved)},
    {"sold", int(Field::kSold)},         {"cash", int(Field::kCash)},       {"advisors", int(Field::kAdvisors)},
    {"played", int(Field::kPlayed)},     {"spent", int(Field::kSpent)},     {"vehicles", int(Field::kVehicles)},
    {"properties", int(Field::kVehicles)}, {"checks", int(Field::kChecks)}, {"bids", int(Field::kBids)},
    {"offered", int(Field::kOffered)},   {"sells", int(Field::kSells)},
}};

std::optional<int> plain_number_of(std::string_view text) { return plain_number(text, kMaxNumberDigits); }

// Where each card of one deck was placed, to name both places of a card
// written twice. Checks are counted by value: each value has two cards.
class Placements {
 public:
  Placements(Deck deck, bool classic) : deck_(deck), classic_(classic) {}

  std::string card_name(int number) const {
    const char* noun = deck_ == Deck::kAdvisors ? "advisor" : deck_ == Deck::kChecks ? "check" : classic_ ? "property" : "vehicle";
    return std::string(noun) + " " + std::to_string(number);
  }

  // Records `number` (a printed number, or a check value) at `where`.
  void place(int number, const std::string& where) {
    if (deck_ == Deck::kChecks) {
      if (!is_valid_check_value(number))
        inconsistent("there is no check worth " + std::to_string(number) + " (in " + where +
                     "): checks are worth 0 or 2 to 15");
      int& copies = copies_[number];
      if (copies == 2)
        inconsistent("check " + std::to_string(number) + " is written a third time (in " + where + ", after " +
                     first_place_[number] + " and " + second_place_[number] + "): there are two of each value");
      (copies == 0 ? first_place_ : second_place_)[number] = where;
      ++copies;
      return;
    }
    if (number < 1 || number > kDeckSize)
      inconsistent("there is no " + card_name(number) + " (in " + where + "): cards are numbered 1 to 30");
    if (!first_place_[number].empty())
      inconsistent(card_name(number) + " is both in " + first_place_[number] + " and in " + where);
    first_place_[number] = where;
  }

  bool placed(int number) const { return !first_place_[number].empty(); }

 private:
  Deck deck_;
  bool classic_;
  std::array<std::string, kDeckSize + 1> first_place_{};
  std::array<std::string, kDeckSize + 1> second_place_{};
  std::array<int, kDeckSize + 1> copies_{};
};

// Check ids by convention (rules.h, canonical_checks): dealt copies of a
// value take its low id first, the recorded removal its high id first.
class CheckIds {
 public:
  int dealt(int value) { return take(value, /*high_first=*/false); }
  int removed(int value) { return take(value, /*high_first=*/true); }

 private:
  int take(int value, bool high_first) {
    const int low = first_check_id(value), high = low + 1;
    const int preferred = high_first ? high : low, other = high_first ? low : high;
    const int id = has_card(used_, preferred) ? other : preferred;
    used_ |= card_bit(id);
    return id;
  }
  CardMask used_ = 0;
};

// One seat's sell as written: `12`, `12,20@19` (a Lawyer's sell, the keep
// still to come) or `12@19` (the Lawyer's other vehicle already kept).
struct WrittenSell {
  SellChoice choice;
  bool kept = false;
};

class PositionReader {
 public:
  // observer: the seat whose view is read (unknowns allowed), or kNoObserver.
  PositionReader(const Config& config, std::string_view text, int observer)
      : config_(config),
        observer_(observer),
        s_(initial_state(config)),
        advisors_(Deck::kAdvisors, config.classic),
        vehicles_(Deck::kVehicles, config.classic),
        checks_(Deck::kChecks, config.classic),
        words_(text, kFieldNames, int(Field::kCount)) {
    if (!given(Field::kPhase))
      syntax_error("a position needs its phase: phase:setup|auction|buying|selling|over");
  }

  static constexpr int kNoObserver = -1;

  State read() {
    read_phase();
    if (s_.phase == Phase::kSetup) {
      for (int f = 0; f < int(Field::kCount); ++f)
        if (Field(f) != Field::kPhase && given(Field(f)))
          inconsistent("phase:setup is the start of a 3-4 player game, before the unseen removal; it takes no "
                       "other field (found " + quoted(words_.name(f)) + ")");
      return s_;
    }
    read_round();
    refuse_fields_of_other_phases();
    read_seat_cards();
    read_table();
    read_removed();
    read_sold();
    read_cash();
    check_counts();
    assign_check_ids();
    if (s_.phase == Phase::kAuction) read_auction_round();
    if (s_.phase == Phase::kBuying) read_buying_round();
    if (s_.phase == Phase::kSelling) read_selling_round();
    settle_unseen();
    check_cash_ceiling();
    return s_;
  }

  // The observer's view of what was read: its unknowns, and other seats'
  // secret sells hidden.
  View view(const State& s) const {
    View view = view_of(s, observer_);
    for (int p = 0; p < s.num_players; ++p) {
      view.unknown_advisors[p] = uint8_t(unknown_cards_[int(Deck::kAdvisors)][p]);
      view.unknown_vehicles[p] = uint8_t(unknown_cards_[int(Deck::kVehicles)][p]);
      if (cash_unknown_[p]) {
        view.cash_low[p] = int16_t(cash_low_[p]);
        view.cash_high[p] = int16_t(cash_high_[p]);
        try {
          narrow_cash(view, p);
        } catch (const GameError& error) {
          inconsistent(std::string("cash: ") + error.what());
        }
      }
    }
    for (int p : Cards(hidden_sells_)) {
      view.hidden_sells |= uint8_t(card_bit(p));
      view.state.sells_submitted |= uint8_t(card_bit(p));
    }
    return view;
  }

 private:
  // ------------------------------------------------------------- words

  bool given(Field f) const { return words_.given(int(f)); }
  std::string_view value(Field f) const { return words_.value(int(f)); }
  std::string name(Field f) const { return words_.name(int(f)); }

  int number(Field f, std::string_view text, int low, int high, const std::string& what) const {
    return words_.number(int(f), text, low, high, what);
  }

  int seat_number(Field f) const {
    return number(f, value(f), 0, s_.num_players - 1, "the seat");
  }

  std::vector<std::string_view> seat_values(Field f) const { return words_.seat_values(int(f), s_.num_players); }

  std::vector<int> numbers(Field f, std::string_view list) const {
    std::vector<int> out;
    if (list == "-") return out;
    for (std::string_view part : split_text(list, ',')) {
      const auto parsed = plain_number_of(part);
      if (!parsed)
        syntax_error(name(f) + ": " + quoted(list) + " is not a card list (numbers joined by commas, or -)");
      out.push_back(*parsed);
    }
    return out;
  }

  // The cards of a card list, each placed once (Placements names a clash).
  CardMask cards(Field f, std::string_view list, Placements& placements, const std::string& where) const {
    CardMask out = 0;
    for (int number : numbers(f, list)) {
      placements.place(number, where);
      out |= card_bit(number);
    }
    return out;
  }

  // A `?` for `seat`'s fact: only another seat's, in a view.
  void allow_unknown(Field f, int seat, const std::string& what) const {
    check_unknown_allowed(name(f), seat, observer_, what);
  }

  // A hand: its known cards, then `?` when the rest is unknown.
  CardMask hand_cards(Field f, Deck deck, int seat, std::string_view list, Placements& placements,
                      const std::string& where) {
    if (list == "?" || (list.size() > 2 && list.substr(list.size() - 2) == ",?")) {
      allow_unknown(f, seat, "hand");
      hand_unknown_[int(deck)][seat] = true;
      list = list == "?" ? std::string_view("-") : list.substr(0, list.size() - 2);
    }
    return cards(f, list, placements, where);
  }

  void refuse(Field f, const std::string& why) const {
    if (given(f)) inconsistent(name(f) + " is not part of this position: " + why);
  }

  // ------------------------------------------------------------- phase

  void read_phase() {
    const std::string_view word = value(Field::kPhase);
    if (word == "setup") {
      if (!config_.has_removal())
        inconsistent("phase:setup (before the unseen removal) exists only with 3 or 4 players; a " +
                     std::to_string(config_.players) + "-player game starts at phase:auction round:1");
      s_.phase = Phase::kSetup;
    } else if (word == "auction") {
      s_.phase = Phase::kAuction;
    } else if (word == "buying") {
      if (config_.classic) inconsistent("the classic edition has no buying phase (its phases: auction, selling)");
      s_.phase = Phase::kBuying;
    } else if (word == "selling") {
      s_.phase = Phase::kSelling;
    } else if (word == "over") {
      s_.phase = Phase::kOver;
    } else {
      syntax_error("phase:" + std::string(word) + " is not a phase (setup, auction, buying, selling, over)");
    }
  }

  void read_round() {
    if (s_.phase == Phase::kOver) {
      refuse(Field::kRound, "the game is over");
      refuse(Field::kTable, "the game is over");
      s_.round = s_.rounds_per_phase;
      s_.awaiting_deal = false;
      return;
    }
    if (!given(Field::kRound)) syntax_error("round:N is needed (1 to " + std::to_string(s_.rounds_per_phase) + ")");
    s_.round = uint8_t(number(Field::kRound, value(Field::kRound), 1, s_.rounds_per_phase, "the round") - 1);
    if (!given(Field::kTable))
      syntax_error("table is needed: this round's face-up cards, or table:- before they are dealt");
    s_.awaiting_deal = value(Field::kTable) == "-";
  }

  void refuse_fields_of_other_phases() {
    const bool dealt = s_.phase != Phase::kOver && !s_.awaiting_deal;
    if (config_.classic) {
      for (Field f : {Field::kAdvisors, Field::kPlayed, Field::kSpent, Field::kOffered})
        refuse(f, "the classic edition has no advisors");
    }
    const bool hiring = s_.phase == Phase::kAuction || s_.phase == Phase::kBuying;
    if (!hiring) refuse(Field::kLeader, "only auction and buying rounds have a leader");
    if (!hiring || !dealt)
      refuse(Field::kTurn, "the turn is written in auction and buying rounds once the cards are up");
    if (!(s_.phase == Phase::kAuction && dealt)) refuse(Field::kBids, "bids are written in a running auction round");
    if (!(s_.phase == Phase::kBuying && dealt)) refuse(Field::kOffered, "offers are written in a running buying round");
    if (!(s_.phase == Phase::kSelling && dealt)) refuse(Field::kSells, "sells are written in a running selling round");
    if (s_.phase != Phase::kSelling && s_.phase != Phase::kOver)
      refuse(Field::kSold, "vehicles are sold only in the selling phase");
    if (s_.removed_per_deck == 0) refuse(Field::kRemoved, "only 3 and 4 player games remove cards unseen");
  }

  // ------------------------------------------------------------- cards

  void read_seat_cards() {
    const auto per_seat_field = [&](Field f, auto store) {
      if (!given(f)) return;
      const auto lists = seat_values(f);
      for (int p = 0; p < s_.num_players; ++p) store(p, lists[p], seat_name(p) + "'s " + name(f));
    };
    per_seat_field(Field::kAdvisors, [&](int p, std::string_view list, const std::string& where) {
      s_.advisors_in_hand[p] = hand_cards(Field::kAdvisors, Deck::kAdvisors, p, list, advisors_, where);
    });
    per_seat_field(Field::kPlayed, [&](int p, std::string_view list, const std::string& where) {
      s_.advisors_played[p] = cards(Field::kPlayed, list, advisors_, where);
    });
    per_seat_field(Field::kSpent, [&](int p, std::string_view list, const std::string&) {
      for (int advisor : numbers(Field::kSpent, list)) {
        const std::string who = seat_name(p);
        if (advisor < 1 || advisor > kDeckSize || !has_card(s_.advisors_played[p], advisor))
          inconsistent("spent: " + who + " has not played advisor " + std::to_string(advisor) +
                       " (a spent advisor is one of its played Mechanics or Lawyers)");
        const Ability ability = ability_of(advisor);
        if (ability != Ability::kMechanic && ability != Ability::kLawyer)
          inconsistent("spent: advisor " + std::to_string(advisor) +
                       " is no Mechanic (7-9) or Lawyer (19-21); other abilities are never used up");
        s_.advisors_spent[p] |= card_bit(advisor);
      }
    });
    per_seat_field(Field::kVehicles, [&](int p, std::string_view list, const std::string& where) {
      s_.vehicles[p] = hand_cards(Field::kVehicles, Deck::kVehicles, p, list, vehicles_, where);
    });
    per_seat_field(Field::kChecks, [&](int p, std::string_view list, const std::string& where) {
      for (int value : numbers(Field::kChecks, list)) {
        checks_.place(value, where);
        check_values_[p].push_back(value);
      }
    });
    if (s_.phase != Phase::kSelling && s_.phase != Phase::kOver)
      for (int p = 0; p < s_.num_players; ++p)
        if (s_.advisors_spent[p])
          inconsistent("spent: " + seat_name(p) + " has used up an advisor before the selling phase");
  }

  void read_table() {
    if (s_.phase == Phase::kOver || s_.awaiting_deal) return;
    const Deck deck = current_deck(s_);
    const std::vector<int> listed = numbers(Field::kTable, value(Field::kTable));
    if (deck == Deck::kChecks) {
      for (int v : listed) checks_.place(v, "the table");
      table_check_values_ = listed;
    } else {
      s_.table = cards(Field::kTable, value(Field::kTable), deck == Deck::kAdvisors ? advisors_ : vehicles_,
                       "the table");
    }
  }

  void read_removed() {
    if (!given(Field::kRemoved)) return;
    auto decks = split_text(value(Field::kRemoved), '/');
    if (decks.size() != kNumDecks)
      syntax_error("removed lists the unseen removal per deck: advisors/vehicles/checks (3 lists), not " +
                   std::to_string(decks.size()));
    Placements* placements[kNumDecks] = {&advisors_, &vehicles_, &checks_};
    const char* deck_names[kNumDecks] = {"advisors", "vehicles", "checks"};
    for (int d = 0; d < kNumDecks; ++d) {
      const std::vector<int> listed = numbers(Field::kRemoved, decks[d]);
      const int expected = removed_from(s_, Deck(d));
      if (int(listed.size()) != expected)
        inconsistent("removed: " + std::to_string(listed.size()) + " " + deck_names[d] + ", but a " +
                     std::to_string(s_.num_players) + "-player game removes " + std::to_string(expected) +
                     (s_.classic && d == 0 ? " (the classic edition has no advisors)" : ""));
      for (int number : listed) placements[d]->place(number, "the removal");
      if (d == int(Deck::kChecks)) {
        removed_check_values_ = listed;
      } else {
        for (int number : listed) s_.removed[d] |= card_bit(number);
      }
    }
    s_.removal_recorded = true;
  }

  void read_sold() {
    if (!given(Field::kSold)) return;
    sold_ = cards(Field::kSold, value(Field::kSold), vehicles_, "the sold vehicles");
    const int rounds_sold = s_.phase == Phase::kOver ? s_.rounds_per_phase : s_.round;
    const int expected = rounds_sold * s_.num_players;
    if (card_count(sold_) != expected)
      inconsistent("sold lists " + std::to_string(card_count(sold_)) + " vehicles, but " +
                   std::to_string(rounds_sold) + " finished selling round" + (rounds_sold == 1 ? "" : "s") +
                   " sold " + std::to_string(expected));
  }

  // ------------------------------------------------------------- seats

  void read_cash() {
    if (!given(Field::kCash)) syntax_error("cash is needed: one amount per seat, split by '/'");
    const auto amounts = seat_values(Field::kCash);
    for (int p = 0; p < s_.num_players; ++p) {
      const std::string_view amount_text = amounts[p];
      const size_t dots = amount_text.find("..");
      if (amount_text == "?" || dots != std::string_view::npos) {
        allow_unknown(Field::kCash, p, "cash");
        cash_unknown_[p] = true;
        cash_low_[p] = 0;
        cash_high_[p] = kMaxCash;  // narrowed to what the seat can have (narrow_cash, in view())
        if (dots != std::string_view::npos) {
          cash_low_[p] = number(Field::kCash, amount_text.substr(0, dots), 0, kMaxCash, "the low end of a range");
          cash_high_[p] = number(Field::kCash, amount_text.substr(dots + 2), 0, kMaxCash, "the high end of a range");
          if (cash_low_[p] > cash_high_[p])
            inconsistent("cash: " + seat_name(p) + "'s range " + std::string(amount_text) + " is empty");
        }
        s_.cash[p] = int16_t(cash_high_[p]);  // every bid the range allows is legal while reading
        continue;
      }
      s_.cash[p] = int16_t(number(Field::kCash, amount_text, 0, 999, "cash"));
    }
  }

  // A seat's hand and tableau sizes, against what every seat has at this point.
  void check_counts() {
    const int rounds = s_.rounds_per_phase;
    const std::string round_text = "round " + std::to_string(s_.round + 1);
    for (int p = 0; p < s_.num_players; ++p) {
      const std::string who = seat_name(p);
      const int in_hand = card_count(s_.advisors_in_hand[p]), played = card_count(s_.advisors_played[p]);
      const int vehicles = card_count(s_.vehicles[p]), checks = int(check_values_[p].size());
      const char* deck_word = s_.classic ? "properties" : "vehicles";
      const auto expect = [&](int count, int wanted, const std::string& what, const std::string& when) {
        if (count != wanted)
          inconsistent(who + " has " + amount(count, what) + ", but " + when + " every seat has " +
                       amount(wanted, what));
      };
      // A hand with unknown cards holds as many as the rules say, the known ones among them.
      const auto expect_hand = [&](Deck deck, int count, int wanted, const std::string& what,
                                   const std::string& when) {
        if (!hand_unknown_[int(deck)][p]) return expect(count, wanted, what, when);
        if (count > wanted)
          inconsistent(who + " has " + amount(count, what) + " known, but " + when + " every seat has " +
                       amount(wanted, what));
        unknown_cards_[int(deck)][p] = wanted - count;
      };
      switch (s_.phase) {
        case Phase::kAuction: {
          // A seat that passed in this running round has already taken its card.
          const int passed = passed_this_round(p) ? 1 : 0;
          const std::string when = "in auction " + round_text + (passed ? ", having passed," : "");
          expect_hand(s_.classic ? Deck::kVehicles : Deck::kAdvisors, s_.classic ? vehicles : in_hand,
                      s_.round + passed, s_.classic ? "properties" : "advisors in hand", when);
          expect_hand(s_.classic ? Deck::kAdvisors : Deck::kVehicles, s_.classic ? in_hand : vehicles, 0,
                      s_.classic ? "advisors" : "vehicles", when);
          expect(played, 0, "advisors played", when);
          expect(checks, 0, "checks", when);
          break;
        }
        case Phase::kBuying: {
          const std::string when = "in buying " + round_text;
          expect(played, s_.round, "advisors played", when);
          expect_hand(Deck::kVehicles, vehicles, s_.round, "vehicles", when);
          expect(checks, 0, "checks", when);
          const int offered = offered_count(p);
          if (hand_unknown_[int(Deck::kAdvisors)][p] && in_hand + offered <= rounds - s_.round)
            unknown_cards_[int(Deck::kAdvisors)][p] = rounds - s_.round - offered - in_hand;
          else if (in_hand + offered != rounds - s_.round)
            inconsistent(who + " has " + std::to_string(in_hand) + " advisors in hand" +
                         (offered ? " and one offered" : "") + ", but " + when + " every seat has " +
                         std::to_string(rounds - s_.round) + " still to play");
          break;
        }
        case Phase::kSelling: {
          const std::string when = "in selling " + round_text;
          expect_hand(Deck::kAdvisors, in_hand, 0, "advisors in hand", when);
          expect(played, s_.classic ? 0 : rounds, "advisors played", when);
          expect_hand(Deck::kVehicles, vehicles, rounds - s_.round, deck_word,
                      when + " (sold ones leave at the round's end)");
          expect(checks, s_.round, "checks", when);
          break;
        }
        default: {
          const std::string when = "at the end";
          expect_hand(Deck::kAdvisors, in_hand, 0, "advisors in hand", when);
          expect(played, s_.classic ? 0 : rounds, "advisors played", when);
          expect_hand(Deck::kVehicles, vehicles, 0, deck_word, when);
          expect(checks, rounds, "checks", when);
          break;
        }
      }
    }
    if (s_.phase == Phase::kAuction && !s_.awaiting_deal) {
      int bidding = 0;
      for (int p = 0; p < s_.num_players; ++p) bidding += passed_this_round(p) ? 0 : 1;
      if (card_count(s_.table) != bidding)
        inconsistent("table: " + amount(card_count(s_.table), "cards left") + ", but " +
                     (bidding == 1 ? std::string("1 seat is") : std::to_string(bidding) + " seats are") +
                     " still bidding (each seat that passed took one of the " + std::to_string(s_.num_players) +
                     " dealt)");
    } else if (!s_.awaiting_deal && s_.phase != Phase::kOver) {
      const int on_table = s_.phase == Phase::kSelling ? int(table_check_values_.size()) : card_count(s_.table);
      if (on_table != s_.num_players)
        inconsistent("table: " + amount(on_table, "cards") + ", but each round deals " +
                     std::to_string(s_.num_players));
    }
  }

  bool passed_this_round(int seat) const {
    if (s_.phase != Phase::kAuction || s_.awaiting_deal || !given(Field::kBids)) return false;
    return seat_values(Field::kBids)[seat] == "pass";
  }

  int offered_count(int seat) const {
    if (!given(Field::kOffered)) return 0;
    return seat_values(Field::kOffered)[seat] == "-" ? 0 : 1;
  }

  // Known cash is checked against the most the seat can have (cash_ceiling.h),
  // counting as many of its unknown advisors as Consultants as there are
  // Consultants still unseen (so after settle_unseen); a range is narrowed to
  // its standing bid here and to that most in view(), by the view's narrow_cash.
  void check_cash_ceiling() {
    for (int p = 0; p < s_.num_players; ++p) {
      const int most = most_cash_unknown_hand(s_, p, unknown_cards_[int(Deck::kAdvisors)][p]);
      if (cash_unknown_[p]) {
        cash_low_[p] = std::max(cash_low_[p], int(s_.bid[p]));
        if (cash_low_[p] > std::min(cash_high_[p], most))
          inconsistent("cash: " + seat_name(p) + "'s range cannot hold its cash: at least " +
                       std::to_string(cash_low_[p]) + " (its range or standing bid), at most " + std::to_string(most) +
                       " here");
        s_.cash[p] = int16_t(cash_low_[p]);
        continue;
      }
      if (s_.cash[p] > most)
        inconsistent("cash: " + seat_name(p) + " has " + std::to_string(s_.cash[p]) + ", more than it can have here (" +
                     std::to_string(config_.starting_cash()) +
                     " at the start" + (s_.classic ? "" : ", +1 per Consultant hired, +3 per Sales Director and +4 per General Manager played") +
                     ": " + std::to_string(most) + ")");
    }
    // Each seat's least cash may need Consultants among its unknown advisors;
    // together they cannot need more than are unseen.
    int needed = 0;
    for (int p = 0; p < s_.num_players; ++p) needed += consultants_needed(s_, p);
    const int unseen = card_count(s_.unseen[int(Deck::kAdvisors)] & kConsultants);
    if (needed > unseen)
      inconsistent("cash: the seats' cash needs " + std::to_string(needed) +
                   " Consultants among their unknown advisors, but " + std::to_string(unseen) +
                   (unseen == 1 ? " is" : " are") + " unseen");
  }

  void assign_check_ids() {
    CheckIds ids;
    for (int p = 0; p < s_.num_players; ++p)
      for (int v : check_values_[p]) s_.checks[p] |= card_bit(ids.dealt(v));
    for (int v : table_check_values_) dealt_checks_ |= card_bit(ids.dealt(v));
    if (s_.phase == Phase::kSelling) s_.table = dealt_checks_;
    for (int v : removed_check_values_) s_.removed[int(Deck::kChecks)] |= card_bit(ids.removed(v));
  }

  // ------------------------------------------------------------- rounds

  void read_leader() {
    if (!given(Field::kLeader)) syntax_error("leader:S is needed: the seat that starts the round");
    s_.leader = uint8_t(seat_number(Field::kLeader));
    if (s_.phase == Phase::kAuction && s_.round == 0 && s_.leader != config_.first_player)
      inconsistent("leader: the first auction round is led by the game's first player, seat " +
                   std::to_string(config_.first_player) + ", not seat " + std::to_string(s_.leader) +
                   " (set the game's `first` to start elsewhere)");
    s_.turn = s_.leader;
  }

  void read_turn() {
    if (!given(Field::kTurn)) syntax_error("turn:S is needed once the round's cards are up: the seat to act");
    s_.turn = uint8_t(seat_number(Field::kTurn));
  }

  void read_auction_round() {
    read_leader();
    if (s_.awaiting_deal) return;
    read_turn();
    s_.bidders_left = uint8_t(s_.all_seats());
    if (given(Field::kBids)) {
      const auto bids = seat_values(Field::kBids);
      for (int p = 0; p < s_.num_players; ++p) {
        if (bids[p] == "pass") {
          s_.bidders_left &= uint8_t(~card_bit(p));
          continue;
        }
        const int bid = number(Field::kBids, bids[p], 0, 255, "a bid");
        if (bid > s_.cash[p])
          inconsistent("bids: " + seat_name(p) + "'s bid of " + std::to_string(bid) + " is more than its cash of " +
                       (cash_unknown_[p] ? "at most " : "") + std::to_string(s_.cash[p]));
        for (int q = 0; q < p; ++q)
          if (bid > 0 && s_.bid[q] == bid)
            inconsistent("bids: " + seat_name(q) + " and " + seat_name(p) + " both bid " + std::to_string(bid) +
                         " (each bid must beat the highest)");
        s_.bid[p] = uint8_t(bid);
        s_.high_bid = std::max(s_.high_bid, s_.bid[p]);
      }
    }
    if (card_count(s_.bidders_left) < 2)
      inconsistent("bids: only one seat is still bidding, so the round is over: write the next round");
    if (!has_card(s_.bidders_left, s_.turn))
      inconsistent("turn: seat " + std::to_string(s_.turn) + " has passed and cannot act in this round");
    if (s_.high_bid > 0 && s_.bid[s_.turn] == s_.high_bid)
      inconsistent("turn: seat " + std::to_string(s_.turn) +
                   " holds the highest bid, so it cannot be its turn (the others would have to pass or outbid it)");
  }

  void read_buying_round() {
    read_leader();
    if (s_.awaiting_deal) return;
    read_turn();
    // Offers go round from the leader: exactly the seats before the turn have offered.
    if (given(Field::kOffered)) {
      const auto offers = seat_values(Field::kOffered);
      for (int p = 0; p < s_.num_players; ++p) {
        std::string_view offer = offers[p];
        if (offer == "-") continue;
        const bool boost = offer.back() == '+';
        if (boost) offer.remove_suffix(1);
        const int advisor = number(Field::kOffered, offer, 1, kDeckSize, "an advisor");
        advisors_.place(advisor, seat_name(p) + "'s offered advisor");
        if (boost && ability_of(advisor) != Ability::kFleetManager)
          inconsistent("offered: " + seat_name(p) + " paid up advisor " + std::to_string(advisor) +
                       ", but only a Fleet Manager (13-15) can be");
        s_.advisor_offered[p] = uint8_t(advisor);
        if (boost) s_.boosted |= uint8_t(card_bit(p));
      }
    }
    for (int seat = s_.leader, step = 0; step < s_.num_players; ++step, seat = s_.left_of(seat)) {
      const bool before_turn = seat != s_.turn && step < offers_before_turn();
      const bool offered = s_.advisor_offered[seat] != kNoCard;
      if (before_turn != offered)
        inconsistent("offered: seats play in turn from the leader (seat " + std::to_string(s_.leader) +
                     ") to seat " + std::to_string(s_.turn) + ", so " + seat_name(seat) +
                     (offered ? " cannot have offered yet" : " has offered already"));
    }
  }

  int offers_before_turn() const { return (s_.turn - s_.leader + s_.num_players) % s_.num_players; }

  WrittenSell read_sell(int seat, std::string_view text) {
    WrittenSell sell;
    const std::string who = seat_name(seat);
    const size_t at = text.find('@');
    const std::string_view vehicles_text = text.substr(0, at);
    const auto listed = numbers(Field::kSells, vehicles_text);
    if (listed.empty() || listed.size() > 2)
      syntax_error("sells: " + quoted(text) + " is not a sell (12, 12,20@19 or 12@19)");
    for (int vehicle : listed) {
      if (vehicle < 1 || vehicle > kDeckSize)
        inconsistent("sells: there is no vehicle " + std::to_string(vehicle) + " (cards are numbered 1 to 30)");
      if (has_card(s_.vehicles[seat], vehicle)) continue;
      int& unknown = unknown_cards_[int(Deck::kVehicles)][seat];
      if (unknown == 0 || vehicles_.placed(vehicle))
        inconsistent("sells: " + who + " sells vehicle " + std::to_string(vehicle) + ", which it does not hold");
      vehicles_.place(vehicle, who + "'s sell");  // a revealed card of its unknown hand
      s_.vehicles[seat] |= card_bit(vehicle);
      --unknown;
    }
    sell.choice.vehicle = uint8_t(std::min(listed.front(), listed.back()));
    if (listed.size() == 2) {
      if (listed[0] == listed[1]) inconsistent("sells: " + who + " sells vehicle " + std::to_string(listed[0]) + " twice");
      sell.choice.second_vehicle = uint8_t(std::max(listed[0], listed[1]));
    }
    if (at == std::string_view::npos) {
      if (listed.size() == 2) syntax_error("sells: two vehicles are sold with a Lawyer: write it, as in 12,20@19");
      return sell;
    }
    const int lawyer = number(Field::kSells, text.substr(at + 1), 1, kDeckSize, "a Lawyer");
    if (ability_of(lawyer) != Ability::kLawyer || !has_card(s_.advisors_played[seat], lawyer))
      inconsistent("sells: advisor " + std::to_string(lawyer) + " is not a Lawyer that " + who + " has played");
    sell.choice.lawyer = uint8_t(lawyer);
    sell.kept = listed.size() == 1;
    if (sell.kept != has_card(s_.advisors_spent[seat], lawyer))
      inconsistent("sells: " + who + "'s Lawyer " + std::to_string(lawyer) +
                   (sell.kept ? " must be spent once its other vehicle is kept (spent:...)"
                              : " is already spent, so it cannot sell two vehicles now"));
    return sell;
  }

  void read_selling_round() {
    if (s_.awaiting_deal) return;
    s_.turn = 0;  // sells are chosen in seat order
    if (!given(Field::kSells)) return;
    const auto sells = seat_values(Field::kSells);
    WrittenSell written[kMaxPlayers];
    for (int p = 0; p < s_.num_players; ++p) {
      if (sells[p] == "-") continue;
      if (sells[p] == "?") {  // chosen, not revealed
        allow_unknown(Field::kSells, p, "sell");
        hidden_sells_ |= uint8_t(card_bit(p));
        continue;
      }
      written[p] = read_sell(p, sells[p]);
      s_.sell[p] = written[p].choice;
      s_.sells_submitted |= uint8_t(card_bit(p));
      if (written[p].choice.second_vehicle) s_.keeps_pending |= uint8_t(card_bit(p));
    }
    const bool all_sold = s_.sells_submitted == s_.all_seats();
    int lowest_pending = kDeckSize + 1;
    for (int p : Cards(s_.keeps_pending)) lowest_pending = std::min(lowest_pending, int(s_.sell[p].lawyer));
    for (int p = 0; p < s_.num_players; ++p) {
      if (!written[p].kept) continue;
      if (!all_sold)
        inconsistent("sells: " + seat_name(p) + " has kept a vehicle back, but Lawyers keep only after every "
                     "seat's sell is revealed");
      if (s_.sell[p].lawyer > lowest_pending)
        inconsistent("sells: " + seat_name(p) + "'s Lawyer " + std::to_string(s_.sell[p].lawyer) +
                     " has kept a vehicle before Lawyer " + std::to_string(lowest_pending) +
                     " (the lowest Lawyer keeps first)");
    }
    if (hidden_sells_ && (s_.sells_submitted | hidden_sells_) == s_.all_seats())
      inconsistent("sells: once every seat has chosen, the sells are revealed: none can be '?'");
    if (!all_sold) {
      s_.turn = uint8_t(lowest_card(~CardMask(s_.sells_submitted | hidden_sells_)));
      return;
    }
    // Every sell is revealed: the rules go on to the keeps, or rank the sells
    // against the checks (where only a Mechanic decision can still wait).
    const uint8_t round = s_.round;
    detail::continue_reveal(s_);
    if (s_.round != round || s_.phase != Phase::kSelling)
      inconsistent("sells: every seat has sold and no Lawyer keep or Mechanic decision is due, so the round is "
                   "over: write the next round instead");
  }

  // ------------------------------------------------------------- unseen

  // Every card not placed is unseen. Sold vehicles need not be listed: the
  // vehicles no one holds were sold, except as many as the unrecorded
  // removal took (which of them does not matter any more; the highest are
  // taken).
  void settle_unseen() {
    const int advisors = int(Deck::kAdvisors), vehicles = int(Deck::kVehicles), checks = int(Deck::kChecks);
    CardMask held_advisors = s_.removed[advisors], held_vehicles = s_.removed[vehicles];
    for (int p = 0; p < s_.num_players; ++p) {
      held_advisors |= s_.advisors_in_hand[p] | s_.advisors_played[p];
      if (s_.advisor_offered[p]) held_advisors |= card_bit(s_.advisor_offered[p]);
      held_vehicles |= s_.vehicles[p];
    }
    if (s_.phase == Phase::kAuction) (s_.classic ? held_vehicles : held_advisors) |= s_.table;
    if (s_.phase == Phase::kBuying) held_vehicles |= s_.table;
    CardMask held_checks = dealt_checks_ | s_.removed[checks];
    for (int p = 0; p < s_.num_players; ++p) held_checks |= s_.checks[p];

    if (!s_.classic) s_.unseen[advisors] = kNumberedDeck & ~held_advisors;
    s_.unseen[checks] = kCheckDeck & ~held_checks;
    CardMask unheld_vehicles = kNumberedDeck & ~held_vehicles & ~sold_;
    if (!given(Field::kSold) && (s_.phase == Phase::kSelling || s_.phase == Phase::kOver)) {
      const int rounds_sold = s_.phase == Phase::kOver ? s_.rounds_per_phase : s_.round;
      for (int p = 0; p < s_.num_players; ++p)
        if (rounds_sold > 0 && unknown_cards_[int(Deck::kVehicles)][p] > 0)
          inconsistent("sold is needed: " + seat_name(p) +
                       "'s vehicles are unknown, so the vehicles sold in earlier rounds must be listed to tell "
                       "them from the ones it may hold");
      int still_unseen = s_.removal_recorded ? 0 : s_.removed_per_deck;
      for (int p = 0; p < s_.num_players; ++p) still_unseen += unknown_cards_[int(Deck::kVehicles)][p];
      while (card_count(unheld_vehicles) > still_unseen) unheld_vehicles &= ~card_bit(lowest_card(unheld_vehicles));
    }
    s_.unseen[vehicles] = unheld_vehicles;

    const char* deck_names[kNumDecks] = {"advisors", "vehicles", "checks"};
    for (int d = 0; d < kNumDecks; ++d) {
      int expected = cards_left_in_deck(s_, Deck(d)) + (s_.removal_recorded ? 0 : removed_from(s_, Deck(d)));
      if (d != int(Deck::kChecks))
        for (int p = 0; p < s_.num_players; ++p) expected += unknown_cards_[d][p];
      if (card_count(s_.unseen[d]) != expected)
        inconsistent(std::string("the ") + deck_names[d] + " do not add up: " + std::to_string(card_count(s_.unseen[d])) +
                     " are unaccounted for, but " + std::to_string(expected) + " should be still unseen here");
    }
  }

  const Config& config_;
  const int observer_;
  State s_;
  Placements advisors_, vehicles_, checks_;
  std::vector<int> check_values_[kMaxPlayers];
  std::vector<int> table_check_values_, removed_check_values_;
  bool hand_unknown_[2][kMaxPlayers] = {};  // by deck: advisors, vehicles
  int unknown_cards_[2][kMaxPlayers] = {};
  bool cash_unknown_[kMaxPlayers] = {};
  int cash_low_[kMaxPlayers] = {}, cash_high_[kMaxPlayers] = {};
  uint8_t hidden_sells_ = 0;
  CardMask sold_ = 0;
  CardMask dealt_checks_ = 0;  // this round's, before the reveal hands them out
  PositionWords words_;
};

}  // namespace

State read_position(const Config& config, std::string_view text) {
  return PositionReader(config, text, PositionReader::kNoObserver).read();
}

View read_position_view(const Config& config, std::string_view text, int observer) {
  if (observer < 0 || observer >= config.players)
    throw GameError(ErrorKind::kBadArgument, "seat must be a whole number 0.." + std::to_string(config.players - 1) +
                                                 ", not " + std::to_string(observer));
  PositionReader reader(config, text, observer);
  const State s = reader.read();
  return reader.view(s);
}

}  // namespace pyai::forsale
