// A digest of what the heuristic player and the default search compute from
// fixed seeds: heuristic games at 2, 3 and 4 players, every move hashed, and
// one search's tree size and root statistics. It depends on nothing of the
// run's --games or --seed, so every build of the same source prints the same
// digest: tests/test_cpp_core.py compares the optimised and the sanitized
// builds' (the floating point is computed as written, never fused
// differently where one build inlines and another does not).
#include <atomic>
#include <bit>
#include <cstdio>

#include "automania/heuristic.h"
#include "automania/information.h"
#include "automania/search_game.h"
#include "automania_tests.h"
#include "search/playout.h"
#include "search/run_search.h"

namespace pyai::automania::testing {

namespace {

struct Digest {
  uint64_t value = 0xcbf29ce484222325ull;  // FNV-1a over 64-bit words
  void add(uint64_t word) { value = (value ^ word) * 0x100000001b3ull; }
  void add(double number) { add(std::bit_cast<uint64_t>(number)); }
};

}  // namespace

void print_move_digest() {
  using G = SearchGame;
  Digest digest;
  Rng rng(20261205);
  float win[G::kMaxSeats], score[G::kMaxSeats];
  for (int players = 2; players <= 4; ++players)
    for (int game = 0; game < 4; ++game) {
      State s = initial_state(players, g_components);
      search::playout<G>(s, rng, [&](const State& state, Rng& r) {
        const Action move = G::heuristic_action(state, r);
        digest.add(uint64_t(move));
        return move;
      });
      G::outcomes(s, win, score);
      for (int p = 0; p < players; ++p) digest.add(double(score[p]));
    }
  State start = initial_state(3, g_components);
  while (G::kind(start) == search::NodeKind::kChance) G::apply_chance(start, rng, 0);
  search::SearchConfig config;
  G::search_defaults(config);
  config.iterations = 1500;
  config.seed = 7;
  std::atomic<bool> stop{false};
  const search::SearchResult result = search::run_search<G>(view_of(start, start.turn), start.turn, config, {}, stop);
  CHECK(result.iterations == config.iterations && !result.moves.empty());
  digest.add(result.nodes);
  for (const search::MoveStats& move : result.moves) {
    digest.add(uint64_t(move.action) << 32 | move.visits);
    digest.add(move.win_sum);
    digest.add(move.score_sum);
  }
  std::printf("move digest: %016llx\n", static_cast<unsigned long long>(digest.value));
}

}  // namespace pyai::automania::testing
