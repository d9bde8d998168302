// C++ bench driver: raw rules and search speed without Python in the way,
// for profilers (perf, valgrind --tool=callgrind).
//
//   cmake -S . -B build/bench -DPYAI_BUILD_PYTHON=OFF -DPYAI_BUILD_BENCH=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo
//   cmake --build build/bench && build/bench/pyai_bench_core playouts 200000
//   build/bench/pyai_bench_core heuristic 100000   (heuristic playouts: the search's rollouts)
//   build/bench/pyai_bench_core search 100000
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "forsale/heuristic.h"
#include "forsale/playout.h"
#include "forsale/rules.h"
#include "forsale/scoring.h"
#include "forsale/search_game.h"
#include "search/playout.h"
#include "search/run_search.h"

using namespace pyai;
using namespace pyai::forsale;

int main(int argc, char** argv) {
  const char* what = argc > 1 ? argv[1] : "playouts";
  const long count = argc > 2 ? std::atol(argv[2]) : 100000;
  const int players = argc > 3 ? std::atoi(argv[3]) : 4;
  const auto start = std::chrono::steady_clock::now();
  long long checksum = 0;
  // Whole games from the start, each ended scored for every seat (as in the search).
  auto play_games = [&](auto choose) {
    Rng rng(1);
    const Config config = make_config(players, 0);
    for (long g = 0; g < count; ++g) {
      State s = initial_state(config);
      checksum += search::playout<SearchGame>(s, rng, choose);
      for (int p = 0; p < players; ++p) checksum += final_score(s, p);
    }
  };
  if (std::strcmp(what, "playouts") == 0) {
    play_games([](const State& state, Rng& r) { return random_action(state, r); });
  } else if (std::strcmp(what, "heuristic") == 0) {  // the search's rollout policy
    play_games([](const State& state, Rng& r) { return heuristic_action(state, r); });
  } else if (std::strcmp(what, "search") == 0) {
    State s = initial_state(make_config(players, 0));
    Rng rng(1);
    apply_random_chance(s, rng);
    apply_random_chance(s, rng);
    search::SearchConfig config;
    config.iterations = uint64_t(count);
    TreeOptions options;
    if (argc > 4) options.max_raise = std::atoi(argv[4]);  // e.g. to compare builds with different defaults
    std::atomic<bool> stop{false};
    const View root = SearchGame::reopen_simultaneous_step(view_of(s, s.turn));
    const search::SearchResult result = search::run_search<SearchGame>(root, s.turn, config, options, stop);
    checksum = (long long)result.nodes;
  } else {
    std::fprintf(stderr, "usage: %s playouts|heuristic|search [count] [players] [max_raise]\n", argv[0]);
    return 2;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%s: %ld in %.3f s = %.0f /s (checksum %lld)\n", what, count, seconds, double(count) / seconds, checksum);
  return 0;
}
