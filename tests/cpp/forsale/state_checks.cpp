// What every state of a For Sale game must be: each card of each deck in
// exactly one place, cash and bids, rounds and deals, hand sizes per phase,
// whose turn it is and what is on the table.

#include <algorithm>
#include <string>
#include <vector>

#include "forsale_tests.h"

namespace pyai::forsale::testing {
namespace {

// Adds disjoint masks of one deck and checks that together they are the deck.
class Partition {
 public:
  Partition(const char* deck, CardMask full) : deck_(deck), full_(full) {}
  void add(CardMask part, const char* what) {
    CHECK_MSG((covered_ & part) == 0, std::string(deck_) + ": " + what + " " + mask_string(part) +
                                          " overlaps other places " + mask_string(covered_ & part));
    covered_ |= part;
  }
  void finish() {
    CHECK_MSG(covered_ == full_, std::string(deck_) + ": places cover " + mask_string(covered_) + ", missing " +
                                     mask_string(full_ & ~covered_) + ", extra " + mask_string(covered_ & ~full_));
  }

 private:
  const char* deck_;
  CardMask full_;
  CardMask covered_ = 0;
};

}  // namespace

std::string mask_string(CardMask mask) {
  std::string out = "{";
  for (int card : Cards(mask)) {
    if (out.size() > 1) out += ',';
    out += std::to_string(card);
  }
  return out + "}";
}

// Independent check values, from the printed deck {0,0,2,2,3,3,...,15,15}.
int printed_check_value(int id) {
  static const std::vector<int> values = [] {
    std::vector<int> v = {0, 0};
    for (int value = 2; value <= 15; ++value) v.insert(v.end(), {value, value});
    return v;
  }();
  return values.at(size_t(id));
}

CardMask check_ids_of_values(std::initializer_list<int> values) {
  CardMask ids = 0;
  for (int value : values) {
    int id = first_check_id(value);
    if (has_card(ids, id)) ++id;
    ids |= card_bit(id);
  }
  return ids;
}

void check_state(const State& s, const Tracker& t) {
  const int n = s.num_players;
  if (!CHECK(n >= kMinPlayers && n <= kMaxPlayers)) return;
  const Config config{n, s.first_player};
  const int rounds = config.rounds_per_phase();
  CHECK(s.first_player < n);
  CHECK(s.rounds_per_phase == rounds);
  CHECK(s.removed_per_deck == config.removed_per_deck());
  const bool dealt = !s.awaiting_deal && s.phase != Phase::kOver && s.phase != Phase::kSetup;

  // Rounds: every finished phase had exactly rounds_per_phase deals.
  for (Phase phase : kPlayPhases) {
    const int deals = t.deals[int(phase)];
    if (int(phase) < int(s.phase)) {
      CHECK_MSG(deals == rounds, "phase " + std::to_string(int(phase)) + " had " + std::to_string(deals) + " deals");
    } else if (int(phase) > int(s.phase)) {
      CHECK(deals == 0);
    } else {
      CHECK_MSG(s.round == deals - (s.awaiting_deal ? 0 : 1),
                "round " + std::to_string(s.round) + ", deals " + std::to_string(deals));
      CHECK(s.round < rounds);
    }
  }
  if (s.phase == Phase::kSetup) CHECK(s.awaiting_deal && s.removed_per_deck > 0 && !s.removal_recorded);
  CHECK(to_move(s) == (is_terminal(s) ? kTerminal : s.awaiting_deal ? kChance : s.turn));

  // Cash and bids.
  for (int p = 0; p < n; ++p) CHECK_MSG(s.cash[p] >= 0, "seat " + std::to_string(p));
  const bool auction_running = s.phase == Phase::kAuction && dealt;
  if (auction_running) {
    CHECK((s.bidders_left & ~s.all_seats()) == 0);
    CHECK(card_count(s.bidders_left) >= 2);
    int highest = 0;
    for (int p = 0; p < n; ++p) {
      CHECK_MSG(s.cash[p] >= s.bid[p], "seat " + std::to_string(p) + " cash " + std::to_string(s.cash[p]) +
                                           " bid " + std::to_string(s.bid[p]));
      if (!has_card(s.bidders_left, p)) CHECK(s.bid[p] == 0);
      highest = std::max(highest, int(s.bid[p]));
    }
    CHECK(s.high_bid == highest);
  } else {
    for (int p = 0; p < kMaxPlayers; ++p) CHECK(s.bid[p] == 0);
    CHECK(s.high_bid == 0);
    CHECK(s.bidders_left == 0);
  }

  // Every card of each deck is in exactly one place.
  CHECK(s.table == 0 || dealt);
  {
    Partition advisors("advisors", full_deck(Deck::kAdvisors));
    advisors.add(s.unseen[0], "unseen");
    advisors.add(s.removed[0], "removed");
    if (s.phase == Phase::kAuction) advisors.add(s.table, "table");
    for (int p = 0; p < n; ++p) {
      advisors.add(s.advisors_in_hand[p], "hand");
      advisors.add(s.advisors_played[p], "played");
      if (s.advisor_offered[p]) advisors.add(card_bit(s.advisor_offered[p]), "offered");
      CHECK((s.advisors_spent[p] & ~s.advisors_played[p]) == 0);
      CHECK((s.advisors_spent[p] & ~(advisors_with(Ability::kMechanic) | advisors_with(Ability::kLawyer))) == 0);
    }
    advisors.finish();
  }
  {
    Partition vehicles("vehicles", full_deck(Deck::kVehicles));
    vehicles.add(s.unseen[1], "unseen");
    vehicles.add(s.removed[1], "removed");
    if (s.phase == Phase::kBuying) vehicles.add(s.table, "table");
    for (int p = 0; p < n; ++p) vehicles.add(s.vehicles[p], "hand");
    vehicles.add(t.sold, "sold");
    vehicles.finish();
  }
  {
    Partition checks("checks", full_deck(Deck::kChecks));
    checks.add(s.unseen[2], "unseen");
    checks.add(s.removed[2], "removed");
    if (s.phase == Phase::kSelling) checks.add(s.table, "table");
    const bool checks_assigned = s.phase == Phase::kSelling && dealt && s.sell_step == SellStep::kMechanic;
    for (int p = 0; p < n; ++p) {
      checks.add(s.checks[p], "taken");
      if (checks_assigned) checks.add(card_bit(s.check_won[p]), "won this round");
      else CHECK(s.check_won[p] == 0);
    }
    checks.finish();
  }
  for (int p = n; p < kMaxPlayers; ++p) {
    CHECK(s.cash[p] == 0 && s.advisors_in_hand[p] == 0 && s.advisors_played[p] == 0 && s.vehicles[p] == 0 &&
          s.checks[p] == 0 && s.advisor_offered[p] == 0);
  }

  // The removal: recorded in full, or still hidden among the unseen cards.
  for (int d = 0; d < kNumDecks; ++d) {
    const int left = cards_left_in_deck(s, Deck(d));
    if (s.removal_recorded) {
      CHECK(card_count(s.removed[d]) == s.removed_per_deck);
      CHECK(card_count(s.unseen[d]) == left);
    } else {
      CHECK(s.removed[d] == 0);
      CHECK_MSG(card_count(s.unseen[d]) == left + s.removed_per_deck,
                "deck " + std::to_string(d) + " unseen " + mask_string(s.unseen[d]));
    }
  }

  // Hand sizes and the table per phase.
  for (int p = 0; p < n; ++p) {
    const int hired =
        card_count(s.advisors_in_hand[p]) + card_count(s.advisors_played[p]) + (s.advisor_offered[p] ? 1 : 0);
    switch (s.phase) {
      case Phase::kSetup:
        CHECK(hired == 0);
        break;
      case Phase::kAuction:
        CHECK(hired == s.round + (dealt && !has_card(s.bidders_left, p) ? 1 : 0));
        CHECK(s.vehicles[p] == 0 && s.checks[p] == 0);
        break;
      case Phase::kBuying:
        CHECK(hired == rounds);
        CHECK(card_count(s.advisors_played[p]) == s.round);
        CHECK(card_count(s.vehicles[p]) == s.round);
        CHECK(s.checks[p] == 0);
        break;
      case Phase::kSelling:
      case Phase::kOver:
        CHECK(s.advisors_in_hand[p] == 0 && card_count(s.advisors_played[p]) == rounds);
        CHECK(card_count(s.vehicles[p]) == (s.phase == Phase::kOver ? 0 : rounds - s.round));
        CHECK(card_count(s.checks[p]) == (s.phase == Phase::kOver ? rounds : s.round));
        break;
    }
  }
  const int sold_rounds = s.phase == Phase::kOver ? rounds : s.phase == Phase::kSelling ? s.round : 0;
  CHECK(card_count(t.sold) == n * sold_rounds);
  if (s.phase != Phase::kBuying) CHECK(s.boosted == 0);
  if (s.phase != Phase::kSelling) {
    CHECK(s.sells_submitted == 0 && s.keeps_pending == 0);
    for (int p = 0; p < kMaxPlayers; ++p) CHECK(s.sell[p] == SellChoice{});
  }

  // Whose turn it is, and what is on the table.
  if (!dealt) return;
  if (!CHECK(s.turn < n)) return;
  switch (s.phase) {
    case Phase::kAuction:
      CHECK(has_card(s.bidders_left, s.turn));
      CHECK(card_count(s.table) == card_count(s.bidders_left));
      break;
    case Phase::kBuying: {
      CHECK(card_count(s.table) == n);
      CHECK(s.advisor_offered[s.turn] == 0);
      const int played = (s.turn - s.leader + n) % n;  // seats leader .. turn-1 have played
      for (int k = 0; k < n; ++k) {
        const int p = (s.leader + k) % n;
        CHECK_MSG((s.advisor_offered[p] != 0) == (k < played), "seat " + std::to_string(p));
        if (has_card(s.boosted, p)) CHECK(ability_of(s.advisor_offered[p]) == Ability::kFleetManager);
      }
      CHECK((s.boosted & ~s.all_seats()) == 0);
      break;
    }
    case Phase::kSelling: {
      const CardMask lawyers = advisors_with(Ability::kLawyer);
      for (int p = 0; p < n; ++p) {
        const SellChoice& c = s.sell[p];
        if (!has_card(s.sells_submitted, p)) {
          CHECK(c == SellChoice{});
          continue;
        }
        CHECK_MSG(has_card(s.vehicles[p], c.vehicle), "seat " + std::to_string(p));
        if (c.second_vehicle) {
          CHECK(c.vehicle < c.second_vehicle && has_card(s.vehicles[p], c.second_vehicle));
          CHECK(has_card(unused_abilities(s, p, Ability::kLawyer), c.lawyer));
          CHECK(has_card(s.keeps_pending, p));
        } else {
          CHECK(!has_card(s.keeps_pending, p));
          if (c.lawyer) CHECK(has_card(s.advisors_spent[p] & lawyers, c.lawyer));
        }
      }
      if (s.sell_step == SellStep::kChoose) {
        CHECK(card_count(s.table) == n);
        CHECK(s.sells_submitted != s.all_seats());
        CHECK(s.turn == lowest_card(~CardMask(s.sells_submitted)));
      } else if (s.sell_step == SellStep::kKeep) {
        CHECK(card_count(s.table) == n);
        CHECK(s.sells_submitted == s.all_seats());
        CHECK(has_card(s.keeps_pending, s.turn));
        for (int p : Cards(s.keeps_pending)) CHECK(s.sell[s.turn].lawyer <= s.sell[p].lawyer);
      } else {
        CHECK(s.table == 0);
        CHECK(s.sells_submitted == s.all_seats() && s.keeps_pending == 0);
        CHECK(unused_abilities(s, s.turn, Ability::kMechanic) != 0);
        for (int p = 0; p < n; ++p) CHECK(p == s.turn || s.sell[p].vehicle > s.sell[s.turn].vehicle);
        CHECK(s.second_lowest_seller < n && s.second_lowest_seller != s.turn);
      }
      break;
    }
    default:
      break;
  }
  ActionList legal;
  legal_actions(s, legal);
  CHECK(!legal.empty());
}

}  // namespace pyai::forsale::testing
