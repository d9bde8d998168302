// Up to four sets of both markets' demands, laid out so that the demand stars
// a line meets in every set are counted at once.
//
// The heuristic values a factory against this round's demands and next
// round's two possible ones, in both markets: 18 demand tests a car type, for
// every placement it weighs (one at a time, a fifth of a rollout's
// instructions). With AVX2 the tests are one shuffle, one compare and two
// sums over a 32-byte row; the portable loop gives the same counts and is
// what other builds run (and what the tests compare the vector form with).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>

#if defined(__AVX2__)
#include <immintrin.h>
#endif

#include "factory.h"

namespace pyai::automania {

class DemandLanes {
 public:
  static constexpr int kMaxSets = 4;

  DemandLanes() : count_(0) {}
  // `sets[k][m]` for k < count: set k's demands in market m.
  DemandLanes(const DemandSet (*sets)[kMarkets], int count) : count_(count) {
    for (int k = 0; k < count; ++k)
      for (int m = 0; m < kMarkets; ++m) {
        sets_[k][m] = sets[k][m];
        for (int j = 0; j < kActiveDemands; ++j) {
          const int lane = index(m, k, j);
          symbol_[lane] = sets[k][m].symbol[j];
          ahead_[lane] = sets[k][m].ahead[j];
          stars_[lane] = sets[k][m].stars[j];
        }
      }
  }

  // Set k's demands in `market`, as given.
  const DemandSet& set(int k, int market) const { return sets_[k][market]; }

  // For each set k < count: the demand stars `line` meets in its better market.
  void best_met(const LineSymbols& line, uint8_t* out) const {
#if defined(__AVX2__)
    best_met_avx2(line, out);
#else
    best_met_portable(line, out);
#endif
  }

  void best_met_portable(const LineSymbols& line, uint8_t* out) const {
    for (int k = 0; k < count_; ++k)
      out[k] = uint8_t(std::max(demand_stars(sets_[k][0], line), demand_stars(sets_[k][1], line)));
  }

#if defined(__AVX2__)
  void best_met_avx2(const LineSymbols& line, uint8_t* out) const {
    const auto load = [](const uint8_t* row) { return _mm256_load_si256(reinterpret_cast<const __m256i*>(row)); };
    // The line's counts in both 128-bit halves: the shuffle reads within a half.
    uint64_t counts;
    std::memcpy(&counts, line.count, sizeof counts);
    const __m256i by_symbol = _mm256_set1_epi64x(int64_t(counts));
    const __m256i got = _mm256_shuffle_epi8(by_symbol, load(symbol_));
    const __m256i stars = _mm256_and_si256(_mm256_cmpgt_epi8(got, load(ahead_)), load(stars_));
    // Each set's four bytes summed into one 32-bit lane, then the better market.
    const __m256i pairs = _mm256_maddubs_epi16(stars, _mm256_set1_epi8(1));
    const __m256i sums = _mm256_madd_epi16(pairs, _mm256_set1_epi16(1));
    const __m128i best = _mm_max_epi32(_mm256_castsi256_si128(sums), _mm256_extracti128_si256(sums, 1));
    // Narrowed to a byte a set in one register (a set's stars fit a byte).
    const __m128i narrow = _mm_packus_epi16(_mm_packus_epi32(best, best), best);
    const uint32_t per_set = uint32_t(_mm_cvtsi128_si32(narrow));
    for (int k = 0; k < count_; ++k) out[k] = uint8_t(per_set >> (8 * k));
  }
#endif

 private:
  // Market m in the m-th 16 bytes, set k in its k-th 4 bytes; the fourth byte
  // of each set is an empty demand (no stars).
  static constexpr int index(int market, int set, int demand) { return 16 * market + 4 * set + demand; }
  static_assert(kMarkets == 2 && kActiveDemands < 4, "the layout holds two markets of up to three demands");
  static_assert(kMaxSymbols == 8, "a line's counts are one 64-bit word");

  alignas(32) uint8_t symbol_[32] = {};
  alignas(32) uint8_t ahead_[32] = {};
  alignas(32) uint8_t stars_[32] = {};
  DemandSet sets_[kMaxSets][kMarkets];  // the same demands, for the portable loop
  int count_;
};

}  // namespace pyai::automania
