// Leduc poker's C++ test program: random hands with every check, and the
// search with Leduc as its game. CHECK counts passes and failures; main
// returns non-zero on any failure after a last line "N passed, M failed".
//
//   pyai_leduc_tests [--games N] [--seed S]
//
// --games is a tenth of the number of random hands (default 300).
#include "leduc_tests.h"

using namespace pyai::leduc::testing;

int main(int argc, char** argv) {
  const TestOptions options = read_options(argc, argv, {.games = 300, .seed = 20240601});
  run_section("random hands", [&] { test_random_hands(options.games, options.seed); });
  run_section("short searches", [] { test_short_searches(); });
  run_section("search clock (pondering)", [] { test_search_clock(); });
  run_section("move digest", [] { print_move_digest(); });
  return report_and_exit_code();
}
