// The floor of For Sale's rules speed: the card flow alone (no advisor
// abilities, no tokens, no records), played with uniformly random moves as
// `pyai bench`'s random playouts are, written compactly over bit masks. What
// any implementation of the game pays at least; `pyai_bench_core forsale playouts`
// against this program, in one run, says how far the engine's rules are from
// it.
//
//   cmake -S . -B build/bench -G Ninja -DPYAI_BUILD_PYTHON=OFF -DPYAI_BUILD_BENCH=ON -DCMAKE_BUILD_TYPE=Release
//   cmake --build build/bench && build/bench/pyai_forsale_floor 1000000
//
// The game (docs/forsale.md without abilities), 4 players: advisors, vehicles
// and checks of 30 cards each with 2 of each deck removed unseen, 7 rounds a
// phase, 28 cash each. Phase 1: each round turns up 4 advisors; in turn each
// seat still in bids above the highest bid (up to its cash) or passes, a
// passer taking the lowest advisor and paying half its bid rounded up, the
// last seat the highest advisor for its whole bid. Phase 2: each round turns up
// 4 vehicles; every seat plays an advisor; the highest takes the highest
// vehicle, and so on. Phase 3: each round turns up 4 checks; every seat sells a
// vehicle; the highest vehicle takes the highest check. Score: checks + cash.
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#ifdef __BMI2__
#include <immintrin.h>
#endif

#include "core/rng.h"  // the engine's generator: the floor measures rules, not random numbers

namespace {

using pyai::Rng;

constexpr int kPlayers = 4, kRounds = 7, kDeck = 30;

// The k-th (0-based) set bit of a mask: one instruction with BMI2.
inline int nth_bit(uint32_t mask, uint32_t k) {
#ifdef __BMI2__
  return std::countr_zero(_pdep_u32(1u << k, mask));
#else
  while (k--) mask &= mask - 1;
  return std::countr_zero(mask);
#endif
}

// `count` cards drawn from `deck` (removed from it), as a mask.
inline uint32_t draw(uint32_t& deck, int count, Rng& rng) {
  uint32_t drawn = 0;
  for (int i = 0; i < count; ++i) {
    const int card = nth_bit(deck, rng.below(uint32_t(std::popcount(deck))));
    deck &= ~(1u << card);
    drawn |= 1u << card;
  }
  return drawn;
}

// One random game; returns the sum of the seats' scores (a checksum) and counts its decisions.
long play(Rng& rng, long& decisions) {
  uint32_t advisors = (1u << kDeck) - 1, vehicles = advisors, checks = advisors;
  draw(advisors, 2, rng), draw(vehicles, 2, rng), draw(checks, 2, rng);  // removed unseen
  int cash[kPlayers] = {28, 28, 28, 28};
  uint32_t advisor_hand[kPlayers] = {}, vehicle_hand[kPlayers] = {};
  int check_sum[kPlayers] = {};
  int leader = 0;

  for (int round = 0; round < kRounds; ++round) {  // phase 1: auctions
    uint32_t table = draw(advisors, kPlayers, rng);
    int bid[kPlayers] = {}, high = 0, in = kPlayers, seat = leader;
    uint32_t passed = 0;
    while (in > 1) {
      if (!(passed >> seat & 1)) {
        const int raises = cash[seat] > high ? cash[seat] - high : 0;
        const int k = int(rng.below(uint32_t(raises + 1)));
        ++decisions;
        if (k == 0) {  // pass: the lowest advisor, half the bid back
          const int card = std::countr_zero(table);
          table &= table - 1;
          advisor_hand[seat] |= 1u << card;
          cash[seat] -= bid[seat] - bid[seat] / 2;
          passed |= 1u << seat;
          --in;
        } else {
          bid[seat] = high = high + k;
        }
      }
      seat = (seat + 1) % kPlayers;
    }
    const int last = std::countr_zero(~passed & ((1u << kPlayers) - 1));
    advisor_hand[last] |= table;  // the highest (the only one left)
    cash[last] -= bid[last];
    leader = last;
  }
  for (int round = 0; round < kRounds; ++round) {  // phase 2: advisors buy vehicles
    uint32_t table = draw(vehicles, kPlayers, rng);
    int played[kPlayers];
    for (int seat = 0; seat < kPlayers; ++seat, ++decisions) {
      const uint32_t hand = advisor_hand[seat];
      played[seat] = nth_bit(hand, rng.below(uint32_t(std::popcount(hand))));
      advisor_hand[seat] &= ~(1u << played[seat]);
    }
    for (int taken = 0; taken < kPlayers; ++taken) {  // highest advisor, highest vehicle
      int best = 0;
      for (int seat = 1; seat < kPlayers; ++seat)
        if (played[seat] > played[best]) best = seat;
      const int vehicle = 31 - std::countl_zero(table);
      table &= ~(1u << vehicle);
      vehicle_hand[best] |= 1u << vehicle;
      played[best] = -1;
    }
  }
  for (int round = 0; round < kRounds; ++round) {  // phase 3: vehicles sell for checks
    uint32_t table = draw(checks, kPlayers, rng);
    int sold[kPlayers];
    for (int seat = 0; seat < kPlayers; ++seat, ++decisions) {
      const uint32_t hand = vehicle_hand[seat];
      sold[seat] = nth_bit(hand, rng.below(uint32_t(std::popcount(hand))));
      vehicle_hand[seat] &= ~(1u << sold[seat]);
    }
    for (int taken = 0; taken < kPlayers; ++taken) {
      int best = 0;
      for (int seat = 1; seat < kPlayers; ++seat)
        if (sold[seat] > sold[best]) best = seat;
      const int check = 31 - std::countl_zero(table);
      table &= ~(1u << check);
      const int pair = check / 2;  // checks 0, 0, 2, 2, 3, 3, ..., 15, 15 by card 0..29
      check_sum[best] += pair == 0 ? 0 : pair + 1;
      sold[best] = -1;
    }
  }
  long total = 0;
  for (int seat = 0; seat < kPlayers; ++seat) total += check_sum[seat] + cash[seat];
  return total;
}

}  // namespace

int main(int argc, char** argv) {
  const long games = argc > 1 ? std::atol(argv[1]) : 1000000;
  Rng rng(1);
  long decisions = 0, checksum = 0;
  const auto start = std::chrono::steady_clock::now();
  for (long g = 0; g < games; ++g) checksum += play(rng, decisions);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("floor: %ld games in %.3f s = %.0f /s (%.1f decisions a game, checksum %ld)\n", games, seconds,
              double(games) / seconds, double(decisions) / double(games), checksum);
  return 0;
}
