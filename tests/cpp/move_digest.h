// A digest of what a game's heuristic player (or, without one, its random
// moves) and its default search compute from fixed seeds: whole games, every
// move hashed with the final scores, then one search's tree size and root
// statistics. It depends on nothing of a test run's --games or --seed, so
// every build of the same source must print the same line ("move digest:
// <hex>"): tests/test_cpp_core.py compares the optimised build's with the
// sanitized one's. Floating point is compiled as written (CMakeLists.txt), so
// where a build inlines or which instructions it may use changes no choice.
#pragma once

#include <atomic>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <initializer_list>

#include "check.h"
#include "search/game.h"
#include "search/playout.h"
#include "search/run_search.h"

namespace pyai::test {

class MoveDigest {
 public:
  void add(uint64_t word) { value_ = (value_ ^ word) * 0x100000001b3ull; }  // FNV-1a over words
  void add(double number) { add(std::bit_cast<uint64_t>(number)); }
  uint64_t value() const { return value_; }

 private:
  uint64_t value_ = 0xcbf29ce484222325ull;
};

// `new_game(players)`: a game's state before its first deal, for each count
// in `player_counts`; `root` and `root_seat`: the position searched.
template <search::Game G, class NewGame>
void print_game_move_digest(NewGame new_game, std::initializer_list<int> player_counts, const typename G::View& root,
                       int root_seat) {
  MoveDigest digest;
  Rng rng(20261205);
  float win[G::kMaxSeats], score[G::kMaxSeats];
  for (int players : player_counts)
    for (int game = 0; game < 4; ++game) {
      typename G::State s = new_game(players);
      search::playout<G>(s, rng, [&](const typename G::State& state, Rng& r) {
        typename G::Action move;
        if constexpr (search::HasHeuristic<G>)
          move = G::heuristic_action(state, r);
        else
          move = G::random_action(state, r);
        digest.add(uint64_t(move));
        return move;
      });
      G::outcomes(s, win, score);
      for (int p = 0; p < players; ++p) digest.add(double(score[p]));
    }
  search::SearchConfig config;
  if constexpr (search::HasSearchDefaults<G>) G::search_defaults(config);
  config.iterations = 1500;
  config.seed = 7;
  std::atomic<bool> stop{false};
  const search::SearchResult result = search::run_search<G>(root, root_seat, config, {}, stop);
  CHECK(result.iterations == config.iterations && !result.moves.empty());
  digest.add(result.nodes);
  for (const search::MoveStats& move : result.moves) {
    digest.add(uint64_t(move.action) << 32 | move.visits);
    digest.add(move.policy_weight);
    digest.add(move.win_sum);
    digest.add(move.score_sum);
  }
  std::printf("move digest: %016llx\n", static_cast<unsigned long long>(digest.value()));
}

}  // namespace pyai::test
