// Leduc poker's six cards: jack, queen and king in two suits.
//
// A card is a number 0..5 = 2 x rank + suit, OpenSpiel's numbering: js=0,
// jh=1, qs=2, qh=3, ks=4, kh=5 (ranks j < q < k; suits s and h, which never
// matter at a showdown). A set of cards is a 6-bit mask.
#pragma once

#include <bit>
#include <cstdint>

#include "../core/card_mask.h"
#include "../core/rng.h"

namespace pyai::leduc {

constexpr int kRanks = 3;
constexpr int kSuits = 2;
constexpr int kDeckSize = kRanks * kSuits;

using CardSet = uint8_t;  // bit c: card c
constexpr CardSet kFullDeck = CardSet((1u << kDeckSize) - 1);

// A card slot's value before its card is dealt.
constexpr uint8_t kNoCard = 0xff;
// In a view: a card that was dealt to another seat, which the observer has not seen.
constexpr uint8_t kHiddenCard = 0xfe;

constexpr int rank_of(int card) { return card / kSuits; }
constexpr int suit_of(int card) { return card % kSuits; }
constexpr int make_card(int rank, int suit) { return rank * kSuits + suit; }
constexpr bool is_card(int card) { return card >= 0 && card < kDeckSize; }

constexpr CardSet card_set_bit(int card) { return CardSet(1u << card); }
constexpr int card_set_size(CardSet cards) { return std::popcount(unsigned(cards)); }

// A uniformly random card of a non-empty set.
inline int random_card(CardSet cards, Rng& rng) {
  return nth_card(CardMask(cards), int(rng.below(uint32_t(card_set_size(cards)))));
}

}  // namespace pyai::leduc
