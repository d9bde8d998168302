// Whole games played in C++ for the benchmarks (`pyai bench`, Game.random_playouts
// and heuristic_playouts), the same for every game: counts and seconds.
#pragma once

#include <pybind11/pybind11.h>

#include <chrono>
#include <cmath>

#include "../csrc/core/rng.h"
#include "../csrc/search/game.h"
#include "../csrc/search/playout.h"

namespace pyai::bindings {

namespace py = pybind11;

// Plays `games` games of `players` seats from `start` (GIL released), every move by
// `choose(state, rng)`: games, steps, the sum of every seat's final score (the
// game's units) and seconds.
template <search::Game G, typename Chooser>
py::dict timed_playouts(const typename G::State& start, int players, int games, uint64_t seed, Chooser choose) {
  long long steps = 0;
  double score_sum = 0;
  const auto began = std::chrono::steady_clock::now();
  {
    py::gil_scoped_release release;
    Rng rng(seed);
    float win[G::kMaxSeats], score[G::kMaxSeats];
    for (int g = 0; g < games; ++g) {
      typename G::State s = start;
      steps += search::playout<G>(s, rng, choose);
      G::outcomes(s, win, score);
      for (int p = 0; p < players; ++p) score_sum += score[p];
    }
  }
  py::dict out;
  out["games"] = games;
  out["steps"] = steps;
  out["score_sum"] = std::llround(score_sum);
  out["seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  return out;
}

// Uniformly random games: the raw speed of the rules.
template <search::Game G>
py::dict random_playouts(const typename G::State& start, int players, int games, uint64_t seed) {
  return timed_playouts<G>(start, players, games, seed,
                           [](const typename G::State& s, Rng& rng) { return G::random_action(s, rng); });
}

// Every seat on the heuristic player (it reads nothing a seat's view hides, so
// it can run on the state itself).
template <search::HasHeuristic G>
py::dict heuristic_playouts(const typename G::State& start, int players, int games, uint64_t seed) {
  return timed_playouts<G>(start, players, games, seed,
                           [](const typename G::State& s, Rng& rng) { return G::heuristic_action(s, rng); });
}

}  // namespace pyai::bindings
