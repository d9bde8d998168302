// The heuristic counts the demand stars a line meets in all its outlooks at
// once (DemandLanes): each count must be the one demand_stars gives for the
// better market, on the build's path and, where the build has AVX2, on the
// portable path too.
#include "automania/demand_lanes.h"

#include "automania_tests.h"

namespace pyai::automania::testing {

void check_demand_lanes(int trials, Rng& rng) {
  const Components& c = components(g_components);
  for (int trial = 0; trial < trials; ++trial) {
    const int count = 1 + int(rng.below(DemandLanes::kMaxSets));
    DemandSet sets[DemandLanes::kMaxSets][kMarkets];
    for (int k = 0; k < count; ++k)
      for (int m = 0; m < kMarkets; ++m) {
        uint8_t demand[kDemandSpaces];
        for (uint8_t& symbol : demand) symbol = uint8_t(rng.below(c.symbols));
        sets[k][m] = demand_set(c, demand);
      }
    const DemandLanes lanes(sets, count);
    LineSymbols line;
    for (int symbol = 0; symbol < c.symbols; ++symbol) line.count[symbol] = uint8_t(rng.below(5));
    uint8_t met[DemandLanes::kMaxSets] = {}, portable[DemandLanes::kMaxSets] = {};
    lanes.best_met(line, met);
    lanes.best_met_portable(line, portable);
#if defined(__AVX2__)
    uint8_t vector[DemandLanes::kMaxSets] = {};
    lanes.best_met_avx2(line, vector);
#endif
    for (int k = 0; k < count; ++k) {
      const int expected = std::max(demand_stars(sets[k][0], line), demand_stars(sets[k][1], line));
      const std::string where = "trial " + std::to_string(trial) + " set " + std::to_string(k);
      CHECK_MSG(met[k] == expected, where);
      CHECK_MSG(portable[k] == expected, where + " (portable)");
#if defined(__AVX2__)
      CHECK_MSG(vector[k] == expected, where + " (AVX2)");
#endif
    }
  }
}

}  // namespace pyai::automania::testing
