#include "information.h"

#include "rules.h"

namespace pyai::forsale {

View view_of(const State& s, int observer) {
  View view;
  view.state = s;
  view.observer = uint8_t(observer);
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

State determinize(const View& view, Rng& rng) {
  State s = view.state;
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
