// Uniformly random moves and chance: what the shared playout loop
// (search/playout.h) and the search's random rollouts play with.
#pragma once

#include "../core/rng.h"
#include "rules.h"

namespace pyai::forsale {

// A uniformly random legal move for the seat to act, drawn without building
// the move list: the same distribution as picking from legal_actions(), at a
// fraction of the cost (counts are known in closed form; only the chosen move
// is decoded, in legal_actions() order).
inline Action random_action(const State& s, Rng& rng) {
  const int seat = s.turn;
  switch (s.phase) {
    case Phase::kAuction: {
      const int bids = s.cash[seat] > s.high_bid ? s.cash[seat] - s.high_bid : 0;
      const int k = int(rng.below(uint32_t(bids + 1)));
      return k == 0 ? pass_action() : bid_action(s.high_bid + k);
    }
    case Phase::kBuying: {
      // A play's fields are the advisor times two plus the boost bit, so the
      // plays in legal order are the set bits of one word: each advisor at
      // its even bit, its boosted play (a Fleet Manager with the cost in
      // cash) at the odd bit above.
      const CardMask hand = s.advisors_in_hand[seat];
      const CardMask can_boost = -CardMask(s.cash[seat] >= kFleetManagerCost);
      const CardMask boostable = hand & advisors_with(Ability::kFleetManager) & can_boost;
      const uint64_t plays = spread_to_even_bits(hand) | (spread_to_even_bits(boostable) << 1);
      const int k = int(rng.below(uint32_t(card_count(hand) + card_count(boostable))));
      return make_move(MoveKind::kPlay, uint32_t(nth_bit64(plays, k)));
    }
    default: break;
  }
  if (s.sell_step == SellStep::kChoose) {
    const CardMask hand = s.vehicles[seat];
    const CardMask lawyers = unused_abilities(s, seat, Ability::kLawyer);
    const int h = card_count(hand);
    const int pairs = h * (h - 1) / 2;
    int k = int(rng.below(uint32_t(h + card_count(lawyers) * pairs)));
    if (k < h) return sell_action(nth_card(hand, k));
    k -= h;
    const int lawyer = nth_card(lawyers, k / pairs);
    k %= pairs;
    for (int first : Cards(hand)) {
      const CardMask higher = hand & ~card_range(0, first);
      const int count = card_count(higher);
      if (k < count) return sell_action(first, nth_card(higher, k), lawyer);
      k -= count;
    }
  }
  if (s.sell_step == SellStep::kKeep) {
    const SellChoice& c = s.sell[seat];
    return keep_action(rng.below(2) ? c.second_vehicle : c.vehicle);
  }
  return mechanic_action(rng.below(2) == 0);
}

}  // namespace pyai::forsale
