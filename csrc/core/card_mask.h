// Sets of small card numbers (0..31) as 32-bit masks.
//
// Every For Sale deck has 30 cards, so one machine word holds a hand, a table
// or a deck: set operations are single instructions and a state stays
// plain data that copies with memcpy.
#pragma once

#include <bit>
#include <cstdint>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include "rng.h"

namespace pyai {

using CardMask = uint32_t;

constexpr CardMask card_bit(int card) { return CardMask(1) << card; }
constexpr bool has_card(CardMask mask, int card) { return (mask >> card) & 1u; }
constexpr int card_count(CardMask mask) { return std::popcount(mask); }
// Lowest / highest card in a non-empty mask.
constexpr int lowest_card(CardMask mask) { return std::countr_zero(mask); }
constexpr int highest_card(CardMask mask) { return 31 - std::countl_zero(mask); }
// Mask of all cards in [low, high].
constexpr CardMask card_range(int low, int high) {
  return ((high >= 31 ? ~CardMask(0) : (card_bit(high + 1) - 1))) & ~(card_bit(low) - 1);
}

// The index-th lowest card of mask (index < card_count(mask)). With BMI2 one
// pdep deposits a single bit at the index-th set position (this is in every
// deal and random move; the loop is the portable fallback).
inline int nth_card(CardMask mask, int index) {
#if defined(__BMI2__)
  return lowest_card(_pdep_u32(CardMask(1) << index, mask));
#else
  for (int skipped = 0; skipped < index; ++skipped) mask &= mask - 1;
  return lowest_card(mask);
#endif
}

// The cards of a mask spread to the even bits of a 64-bit word (card c at bit
// 2c), so that each card has an odd bit beside it for a variant of the card:
// with BMI2 one pdep.
inline uint64_t spread_to_even_bits(CardMask mask) {
#if defined(__BMI2__)
  return _pdep_u64(mask, 0x5555555555555555ull);
#else
  uint64_t spread = 0;
  for (; mask; mask &= mask - 1) spread |= uint64_t(1) << (2 * lowest_card(mask));
  return spread;
#endif
}

// The index-th lowest set bit of a 64-bit word (index < its popcount).
inline int nth_bit64(uint64_t word, int index) {
#if defined(__BMI2__)
  return std::countr_zero(_pdep_u64(uint64_t(1) << index, word));
#else
  for (int skipped = 0; skipped < index; ++skipped) word &= word - 1;
  return std::countr_zero(word);
#endif
}

// A uniformly random subset of `count` cards from `pool` (count <= size of pool).
inline CardMask random_subset(CardMask pool, int count, Rng& rng) {
  CardMask chosen = 0;
  int available = card_count(pool);
  for (int i = 0; i < count; ++i, --available) {
    const int card = nth_card(pool, int(rng.below(uint32_t(available))));
    chosen |= card_bit(card);
    pool &= ~card_bit(card);
  }
  return chosen;
}

// Iterate the cards of a mask in increasing order: for (int c : Cards(mask)).
class Cards {
 public:
  explicit constexpr Cards(CardMask mask) : mask_(mask) {}
  class Iterator {
   public:
    explicit constexpr Iterator(CardMask mask) : mask_(mask) {}
    constexpr int operator*() const { return lowest_card(mask_); }
    constexpr Iterator& operator++() { mask_ &= mask_ - 1; return *this; }
    constexpr bool operator!=(const Iterator& other) const { return mask_ != other.mask_; }
   private:
    CardMask mask_;
  };
  constexpr Iterator begin() const { return Iterator(mask_); }
  constexpr Iterator end() const { return Iterator(0); }
 private:
  CardMask mask_;
};

}  // namespace pyai
