// What a line lacks for a contract (LineSymbols::short_of) is computed on one
// word, every symbol at once: it must equal the sum, symbol by symbol, of the
// machines needed beyond those the line has, for every count a line can hold
// and every need a contract can make.
#include "automania/factory.h"

#include "automania_tests.h"

namespace pyai::automania::testing {

void check_line_shortfalls(int trials, Rng& rng) {
  for (int trial = 0; trial < trials; ++trial) {
    LineSymbols line;
    uint8_t needed[kMaxSymbols] = {};
    for (int symbol = 0; symbol < kMaxSymbols; ++symbol) line.count[symbol] = uint8_t(rng.below(kMaxStations + 1));
    for (int k = int(rng.below(kMaxContractSymbols + 1)); k > 0; --k) ++needed[rng.below(kMaxSymbols)];
    int expected = 0;
    for (int symbol = 0; symbol < kMaxSymbols; ++symbol) expected += std::max(needed[symbol] - line.count[symbol], 0);
    CHECK_MSG(line.short_of(needed) == expected, "trial " + std::to_string(trial));
  }
  // The extremes: nothing needed, everything needed of an empty line, a full line.
  LineSymbols empty, full;
  uint8_t most[kMaxSymbols] = {};
  most[kMaxSymbols - 1] = kMaxContractSymbols;
  for (uint8_t& count : full.count) count = kMaxStations;
  CHECK(empty.short_of(most) == kMaxContractSymbols);
  CHECK(full.short_of(most) == 0);
  CHECK(empty.short_of(empty.count) == 0);
}

}  // namespace pyai::automania::testing
