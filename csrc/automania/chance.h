// Chance in Automania: what each chance step reveals, drawn from the true
// distribution, applied, and keyed as one seat observes it.
//
//   kDealOrder       the player order: a random permutation of the seats
//   kDealDemands     the 10 demand tiles on the markets' spaces, redrawn
//                    while the two markets are identical
//   kDealDisplay     3 contracts from the deck, face up
//   kDealStart       a starting contract to one seat (only it sees the card)
//   kDealTiles       a round's 18 factory tiles: 16 on the grid, 2 below the offices
//   kRevealContract  a contract from the deck onto the display
//   kDrawContract    the deck's top contract to the seat drawing (only it sees the card)
#pragma once

#include <bit>
#include <cstdint>

#include "../core/card_mask.h"  // nth_bit64
#include "../core/rng.h"
#include "rules.h"
#include "state.h"

namespace pyai::automania {

// A chance step's result: `items` are seats (order), symbols (demands: the
// North American market's 5 spaces then Europe's, each active spaces first,
// then pending left and right), contracts (display, start, reveal, draw) or
// tiles (grid row by row, then the office slots).
struct ChanceOutcome {
  Step step = Step::kDealOrder;
  uint8_t count = 0;
  uint8_t item[kTilesPerRound] = {};

  bool operator==(const ChanceOutcome&) const = default;
};

// How many items a chance step reveals.
inline int outcome_items(const State& s, Step step) {
  switch (step) {
    case Step::kDealOrder: return s.num_players;
    case Step::kDealDemands: return kDemandTiles;
    case Step::kDealDisplay: return 3;
    case Step::kDealTiles: return kTilesPerRound;
    default: return 1;
  }
}

// The back the current round's tiles come from: A in rounds 1-2, B in 3-4.
inline int round_back(const State& s) { return s.round < 2 ? 0 : 1; }

// Whether the two markets are identical, the same symbol on each of their five
// spaces (the active ones by their stars, the pending ones in the order they come
// in): setup deals again. Markets holding the same symbols in other spaces want
// different things, and the rulebook's reshuffle is for a rare accident ("if the
// two markets now happen to be identical"), not the one deal in eight in which
// each market shows all five symbols.
inline bool markets_identical(const uint8_t* symbols) {
  for (int i = 0; i < kDemandSpaces; ++i)
    if (symbols[i] != symbols[kDemandSpaces + i]) return false;
  return true;
}

inline int random_bit32(uint32_t mask, Rng& rng) {
  return nth_bit64(mask, int(rng.below(uint32_t(std::popcount(mask)))));
}

// ------------------------------------------------------------ drawing

// A chance outcome from the true distribution given the state.
inline ChanceOutcome sample_outcome(const State& s, Rng& rng) {
  ChanceOutcome o;
  o.step = s.step;
  o.count = uint8_t(outcome_items(s, s.step));
  switch (s.step) {
    case Step::kDealOrder:
      for (int i = 0; i < s.num_players; ++i) o.item[i] = uint8_t(i);
      for (int i = s.num_players - 1; i > 0; --i) std::swap(o.item[i], o.item[rng.below(uint32_t(i + 1))]);
      break;
    case Step::kDealDemands: {
      const Components& c = s.c();
      do {
        for (int i = 0; i < kDemandTiles; ++i) o.item[i] = c.demand_tile[i];
        for (int i = kDemandTiles - 1; i > 0; --i) std::swap(o.item[i], o.item[rng.below(uint32_t(i + 1))]);
      } while (markets_identical(o.item));
      break;
    }
    case Step::kDealDisplay: {  // a set: in increasing order, as its token is canonically written
      uint32_t pool = s.deck, shown = 0;
      for (int i = 0; i < 3; ++i) {
        const uint32_t card = uint32_t(1) << random_bit32(pool, rng);
        shown |= card;
        pool &= ~card;
      }
      for (int i = 0; i < 3; ++i, shown &= shown - 1) o.item[i] = uint8_t(std::countr_zero(shown));
      break;
    }
    case Step::kDealStart: o.item[0] = uint8_t(random_bit32(s.starts_undealt, rng)); break;
    case Step::kDealTiles: {
      const int back = round_back(s);
      uint64_t pool = s.tiles_unseen[back];
      for (int i = 0; i < kTilesPerRound; ++i) {
        const int index = nth_bit64(pool, int(rng.below(uint32_t(std::popcount(pool)))));
        pool &= ~(uint64_t(1) << index);
        o.item[i] = tile_id(back, index);
      }
      break;
    }
    default: o.item[0] = uint8_t(random_bit32(s.deck, rng)); break;  // reveal or draw
  }
  return o;
}

// ------------------------------------------------------------ applying

namespace detail {

inline void take_from_deck(State& s, int contract) {
  s.deck &= ~(uint32_t(1) << contract);
  --s.deck_count;
  ++s.deck_drawn;
}

inline void begin_action_phase(State& s) {
  clear_turn(s);
  s.turn = s.order[0];
  s.step = Step::kTurn;
}

}  // namespace detail

// Applies a chance outcome for the current chance step. Unchecked.
inline void apply_outcome(State& s, const ChanceOutcome& o) {
  switch (o.step) {
    case Step::kDealOrder:
      for (int position = 0; position < s.num_players; ++position) {
        Seat& p = s.seat[o.item[position]];
        s.order[position] = o.item[position];
        p.money = int16_t(kStartingMoney + position + 1);
        p.add_vp(kVpStart, position + 1);  // starting VP = the player number
      }
      s.step = Step::kDealDemands;
      return;
    case Step::kDealDemands:
      for (int m = 0; m < kMarkets; ++m)
        for (int i = 0; i < kDemandSpaces; ++i) s.demand[m][i] = o.item[m * kDemandSpaces + i];
      s.step = Step::kDealDisplay;
      return;
    case Step::kDealDisplay:
      for (int i = 0; i < 3; ++i) {
        detail::take_from_deck(s, o.item[i]);
        s.display |= uint32_t(1) << o.item[i];
      }
      s.step = Step::kDealStart;
      s.turn = s.order[0];
      return;
    case Step::kDealStart:
      s.seat[s.turn].hand |= uint32_t(1) << o.item[0];
      s.starts_undealt &= ~(uint32_t(1) << o.item[0]);
      if (++s.starts_dealt == s.num_players) {
        s.step = Step::kDealTiles;
      } else {
        s.turn = s.order[s.starts_dealt];
      }
      return;
    case Step::kDealTiles:
      for (int i = 0; i < kTilesPerRound; ++i)
        s.tiles_unseen[tile_back(o.item[i])] &= ~(uint64_t(1) << tile_index(o.item[i]));
      for (int i = 0; i < kGridCells; ++i) s.grid[i] = o.item[i];
      for (int i = 0; i < kOfficeTiles; ++i) s.office_tile[i] = o.item[kGridCells + i];
      detail::begin_action_phase(s);
      return;
    case Step::kRevealContract:
      detail::take_from_deck(s, o.item[0]);
      s.display |= uint32_t(1) << o.item[0];
      detail::end_turn(s);
      return;
    case Step::kDrawContract:
      detail::take_from_deck(s, o.item[0]);
      s.seat[s.turn].hand |= uint32_t(1) << o.item[0];
      detail::end_turn(s);
      return;
    default: return;
  }
}

// ------------------------------------------------------------ observing

// Whether the step deals a card that only the receiving seat (s.turn) sees.
inline bool is_private_deal(Step step) { return step == Step::kDealStart || step == Step::kDrawContract; }

// The outcome's key as `observer` sees it (search/game.h): a private card is
// one outcome (0) to every other seat; everything else is seen by all.
// `observer` < 0: every seat sees everything.
inline uint64_t outcome_key(const State& before, const ChanceOutcome& o, int observer) {
  if (is_private_deal(o.step) && observer >= 0 && observer != before.turn) return 0;
  uint64_t key = 0x9E3779B97F4A7C15ull;
  for (int i = 0; i < o.count; ++i) {
    key ^= uint64_t(o.item[i]) + 1 + (key << 6) + (key >> 2);  // order matters (places on the board)
  }
  // Never 0, which means "not seen". Not `key | 1`: that merged outcomes whose
  // hashes differ only in the lowest bit (deck cards 0 and 1, 2 and 3, ...).
  return key != 0 ? key : 1;
}

// Names the chance step within the game, so that PIMC draws the same outcome
// for it on every path: setup steps by kind, a round's tiles by round, a
// contract off the deck by how many cards left it before (the deck's order).
inline uint64_t chance_step_id(const State& s) {
  switch (s.step) {
    case Step::kDealStart: return 8 + s.starts_dealt;
    case Step::kDealTiles: return 16 + s.round;
    case Step::kRevealContract:
    case Step::kDrawContract: return 32 + s.deck_drawn;
    default: return uint64_t(s.step);
  }
}

}  // namespace pyai::automania
