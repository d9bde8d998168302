// What a rank on the table is worth now and in an average later round: the
// arithmetic shared by the rollout's sell rule (rollout_sells.h) and buying
// rule (rollout_buys.h), which both weigh a card by what it takes now against
// what it would take later.
#pragma once

#include <algorithm>

#include "cards.h"

namespace pyai::forsale::rollout_ranks {

// The value at a fractional rank (0: the lowest) of `size` ascending values,
// interpolated between the two around it.
inline float value_at_rank(const int* ascending, int size, float rank) {
  const int low = int(rank);
  const int high = std::min(low + 1, size - 1);
  return float(ascending[low]) + float(ascending[high] - ascending[low]) * (rank - float(low));
}

// The share of a public hand above `value` (0 for an empty hand): the chance
// that a seat shows a higher card when it is counted as showing a random one.
inline float share_above(CardMask hand, int value) {
  const int held = card_count(hand);
  return held ? float(card_count(hand & ~card_range(0, value))) / float(held) : 0.0f;
}

// The rank reached on a table of `size` when `expected_above` others are expected to rank higher.
inline float rank_below(int size, float expected_above) { return std::max(0.0f, float(size - 1) - expected_above); }

// The card of a non-empty `deck` at the quantile a rank holds on a table of `size`:
// the same place in an average later round.
inline int card_at_same_quantile(CardMask deck, float rank, int size) {
  const float quantile = (rank + 1.0f) / float(size + 1);
  return nth_card(deck, int(quantile * float(card_count(deck) - 1) + 0.5f));
}

}  // namespace pyai::forsale::rollout_ranks
