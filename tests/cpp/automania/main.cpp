// Automania's C++ test program: random games (half of them with seats that
// withdraw only when nothing else is left) with every invariant checked at
// every step (workers, tiles, cars, contracts and money accounted for, VP only
// from the rules' sources), every legal move's token round trip, every game
// replayed from its record, views kept by determinisation, and seats' records
// filled back into full records that replay to the sampled state, and in one
// game in a hundred every state written as text and read back (as the state
// and as a random seat's view, money forgotten at random), with written
// positions changed at random refused by name or kept valid; then games
// of the heuristic player (heuristic.h), alone and mixed with random moves,
// its every move checked legal and the same on the true state, on the seat's
// view and on determinisations of it (hidden facts redrawn). Plays with
// the shipped component set (compiled in from pyai/automania/components.toml).
// Last, a digest of fixed heuristic games and a search, the same in every
// build (tests/test_cpp_core.py compares the optimised and sanitized ones).
// CHECK (tests/cpp/check.h) counts passes and failures; main ends with
// "N passed, M failed".
//
//   pyai_automania_tests [--games N] [--seed S]
//
// --games is the number of random games per player count (default 10000);
// a twentieth as many heuristic games are played per player count.
#include <algorithm>
#include <cstdio>
#include <exception>

#include "automania/components.h"
#include "automania_default_components.h"
#include "automania_tests.h"

using namespace pyai::automania;
using namespace pyai::automania::testing;

int main(int argc, char** argv) {
  const TestOptions options = read_options(argc, argv, {.games = 10000, .seed = 1});
  const int games = options.games;
  try {
    g_components = shipped_components();
  } catch (const std::exception& error) {
    std::printf("the shipped components do not load: %s\n0 passed, 1 failed\n", error.what());
    return 1;
  }
  // One stream for every subject, in this order.
  pyai::Rng rng(options.seed);
  run_section("component tables", [] { check_component_tables(); });
  run_section("demand lanes", [&] { check_demand_lanes(std::max(games, 1000), rng); });
  run_section("line shortfalls", [&] { check_line_shortfalls(std::max(games, 1000), rng); });
  run_section("bad tokens", [&] { check_bad_tokens(rng); });
  run_section("random games", [&] { test_random_games(games, rng); });
  run_section("heuristic games", [&] { test_heuristic_games(games / 20, rng); });
  if (games >= 200) run_section("rule coverage", [] { check_rule_coverage(); });
  run_section("move digest", [] { print_move_digest(); });
  return report_and_exit_code();
}
