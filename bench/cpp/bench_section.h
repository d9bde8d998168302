// What the C++ bench driver (bench_core.cpp) times, for any game: whole games
// of random or heuristic moves (the search's rollouts), and one search from
// the start of a game. A game takes part through its section,
// bench/<game>/bench_section.cpp (one for every game of CMakeLists.txt's
// PYAI_GAMES): the few lines that know how to start its game and what a seat
// sees. Everything else is written once here, against the Game concept.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <string_view>

#include "core/rng.h"
#include "search/game.h"
#include "search/playout.h"
#include "search/run_search.h"

namespace pyai::bench {

enum class Subject { kRandomPlayouts, kHeuristicPlayouts, kSearch };

struct BenchRun {
  long long count = 0;      // games played, or iterations searched
  double seconds = 0;       // the timed part only
  long long checksum = 0;   // what the timed work computed, so that none of it is optimised away
  uint64_t moves = 0;       // FNV-1a over every move played (0 for a search): builds that agree play alike
};

// A game's entry: its name on the command line, its player counts, and what it can run.
struct BenchEntry {
  std::string_view name;
  int min_players = 0;
  int max_players = 0;
  int default_players = 0;
  bool has_heuristic = false;
  BenchRun (*run)(Subject subject, long count, int players) = nullptr;
};

// Section: a type with
//   using Game = <the game's search adapter>;
//   static constexpr std::string_view kName; kMinPlayers, kMaxPlayers, kDefaultPlayers
//   static Game::State new_game(int players);                 // before its first deal
//   static Game::View view_of(const Game::State&, int seat);  // what that seat sees
template <class Section>
struct SectionBench {
  using G = typename Section::Game;

  static BenchRun playouts(long count, int players, bool heuristic) {
    BenchRun out;
    Rng rng(1);
    uint64_t moves = 0xcbf29ce484222325ull;
    float win[G::kMaxSeats], score[G::kMaxSeats];
    const auto start = std::chrono::steady_clock::now();
    for (long game = 0; game < count; ++game) {
      typename G::State s = Section::new_game(players);
      out.checksum += search::playout<G>(s, rng, [&](const typename G::State& state, Rng& r) {
        typename G::Action move;
        if constexpr (search::HasHeuristic<G>) {
          move = heuristic ? G::heuristic_action(state, r) : G::random_action(state, r);
        } else {
          move = G::random_action(state, r);
        }
        moves = (moves ^ uint64_t(move)) * 0x100000001b3ull;
        return move;
      });
      G::outcomes(s, win, score);
      for (int p = 0; p < players; ++p) out.checksum += (long long)score[p];
    }
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    out.count = count;
    out.moves = moves;
    return out;
  }

  // The game's default search (its search_defaults) at the first decision
  // of a game dealt from a fixed seed, on one thread.
  static BenchRun search(long iterations, int players) {
    typename G::State s = Section::new_game(players);
    Rng rng(1);
    while (G::kind(s) == search::NodeKind::kChance) G::apply_chance(s, rng, 0);
    const int seat = G::acting_seat(s);
    typename G::View root = Section::view_of(s, seat);
    if constexpr (search::HasSimultaneousMoves<G>) root = G::reopen_simultaneous_step(root);
    search::SearchConfig config;
    if constexpr (search::HasSearchDefaults<G>) G::search_defaults(config);
    config.iterations = uint64_t(iterations);
    std::atomic<bool> stop{false};
    const auto start = std::chrono::steady_clock::now();
    const search::SearchResult result = search::run_search<G>(root, seat, config, {}, stop);
    BenchRun out;
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    out.count = (long long)result.iterations;
    out.checksum = (long long)result.nodes;
    return out;
  }

  static BenchRun run(Subject subject, long count, int players) {
    if (subject == Subject::kSearch) return search(count, players);
    return playouts(count, players, subject == Subject::kHeuristicPlayouts);
  }
};

template <class Section>
BenchEntry entry_of() {
  return {Section::kName, Section::kMinPlayers, Section::kMaxPlayers, Section::kDefaultPlayers,
          search::HasHeuristic<typename Section::Game>, &SectionBench<Section>::run};
}

}  // namespace pyai::bench

#define PYAI_BENCH_SECTION(game, Section) \
  ::pyai::bench::BenchEntry bench_section_##game() { return ::pyai::bench::entry_of<Section>(); }
