#include "information.h"

#include <algorithm>
#include <string>

#include "../core/errors.h"
#include "rules.h"

namespace pyai::forsale {

View view_of(const State& s, int observer) {
  View view;
  view.state = s;
  view.observer = uint8_t(observer);
  for (int p = 0; p < s.num_players; ++p) view.cash_low[p] = view.cash_high[p] = s.cash[p];
  State& seen = view.state;
  if (seen.removal_recorded) {
    for (int d = 0; d < kNumDecks; ++d) {
      seen.unseen[d] |= seen.removed[d];
      seen.removed[d] = 0;
    }
    seen.removal_recorded = false;
  }
  if (seen.phase == Phase::kSelling && seen.sell_step == SellStep::kChoose) {
    for (int p : Cards(seen.sells_submitted)) {
      if (p == observer) continue;
      view.hidden_sells |= uint8_t(card_bit(p));
      seen.sell[p] = SellChoice{};
      seen.keeps_pending &= uint8_t(~card_bit(p));  // a Lawyer in use is part of the secret
    }
  }
  return view;
}

void forget_cash(View& view, int seat, int low, int high) {
  if (seat == view.observer) throw GameError(ErrorKind::kInconsistent, "a seat always knows its own cash");
  const int standing_bid = view.state.bid[seat];
  if (low < 0 || high > kMaxCash || low > high)
    throw GameError(ErrorKind::kInconsistent, "a cash range must satisfy 0 <= low <= high <= " +
                                                  std::to_string(kMaxCash));
  if (high < standing_bid)
    throw GameError(ErrorKind::kInconsistent, "seat " + std::to_string(seat) + " has a standing bid of " +
                                                  std::to_string(standing_bid) + ", more than cash " +
                                                  std::to_string(high));
  view.cash_low[seat] = int16_t(std::max(low, standing_bid));
  view.cash_high[seat] = int16_t(high);
  view.state.cash[seat] = view.cash_low[seat];
}

void forget_hand(View& view, int seat, Deck deck) {
  if (seat == view.observer) throw GameError(ErrorKind::kInconsistent, "a seat always knows its own hand");
  if (deck == Deck::kChecks) throw GameError(ErrorKind::kInconsistent, "checks are never held in a hand");
  State& s = view.state;
  CardMask& hand = deck == Deck::kAdvisors ? s.advisors_in_hand[seat] : s.vehicles[seat];
  uint8_t& unknown = deck == Deck::kAdvisors ? view.unknown_advisors[seat] : view.unknown_vehicles[seat];
  // Vehicles of a sell already revealed this round are on the table, seen by all.
  CardMask revealed = 0;
  if (deck == Deck::kVehicles && !has_card(view.hidden_sells, seat)) {
    if (s.sell[seat].vehicle) revealed |= card_bit(s.sell[seat].vehicle);
    if (s.sell[seat].second_vehicle) revealed |= card_bit(s.sell[seat].second_vehicle);
  }
  const CardMask forgotten = hand & ~revealed;
  unknown = uint8_t(unknown + card_count(forgotten));
  s.unseen[int(deck)] |= forgotten;
  hand &= revealed;
}

State determinize(const View& view, Rng& rng) {
  State s = view.state;
  for (int p = 0; p < s.num_players; ++p)
    if (!view.knows_cash(p)) s.cash[p] = int16_t(view.cash_low[p] + int(rng.below(uint32_t(view.cash_high[p] - view.cash_low[p] + 1))));
  // Unknown hands first, then the removal, both from the unseen cards: every
  // split of the unseen cards consistent with the counts is equally likely.
  for (int p = 0; p < s.num_players; ++p) {
    if (view.unknown_advisors[p]) {
      const CardMask hand = random_subset(s.unseen[int(Deck::kAdvisors)], view.unknown_advisors[p], rng);
      s.advisors_in_hand[p] |= hand;
      s.unseen[int(Deck::kAdvisors)] &= ~hand;
    }
    if (view.unknown_vehicles[p]) {
      const CardMask hand = random_subset(s.unseen[int(Deck::kVehicles)], view.unknown_vehicles[p], rng);
      s.vehicles[p] |= hand;
      s.unseen[int(Deck::kVehicles)] &= ~hand;
    }
  }
  // Removal: once cards have been dealt (phase past setup), the removed cards
  // are a uniform subset of the unseen ones. In setup it is still to come.
  if (s.removed_per_deck > 0 && !s.removal_recorded && s.phase != Phase::kSetup) {
    CardMask removed[kNumDecks];
    sample_removal(s, rng, removed);
    for (int d = 0; d < kNumDecks; ++d) {
      s.removed[d] = removed[d];
      s.unseen[d] &= ~removed[d];
    }
    s.removal_recorded = true;
  }
  // Hidden sells: each legal choice of that seat equally likely.
  for (int p : Cards(view.hidden_sells)) {
    State as_seat = s;
    as_seat.turn = uint8_t(p);
    ActionList choices;
    legal_actions(as_seat, choices);
    const Action sell = choices[rng.below(uint32_t(choices.size()))];
    s.sell[p] = SellChoice{uint8_t(sold_vehicle(sell)), uint8_t(sold_second_vehicle(sell)), uint8_t(sold_lawyer(sell))};
    if (sold_lawyer(sell)) s.keeps_pending |= uint8_t(card_bit(p));
  }
  return s;
}

Action submitted_sell(const State& s, int seat) {
  const SellChoice& c = s.sell[seat];
  return sell_action(c.vehicle, c.second_vehicle, c.lawyer);
}

}  // namespace pyai::forsale
