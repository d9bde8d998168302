// One call binds a game from its record traits: its state and view classes
// (record_binding.h) with their benchmark playouts and, where the game has
// one, its learned evaluation, and its search (search_binding.h). A game's
// binding file adds to the classes returned only what is its own
// (construction, to_dict, positions, partial knowledge, score breakdowns).
#pragma once

#include <pybind11/pybind11.h>

#include <string>
#include <utility>

#include "../csrc/search/game.h"
#include "game_record.h"
#include "playout_binding.h"
#include "record_binding.h"
#include "search_binding.h"
#include "value_samples_binding.h"

namespace pyai::bindings {

namespace py = pybind11;

// Binds `<name>State`, `<name>View` and `<name>Search` in `m`; returns the state and view classes.
template <Record R>
std::pair<StateClass<R>, ViewClass<R>> bind_game(py::module_& m, const std::string& name) {
  using G = typename R::Game;
  using Record = GameRecord<R>;
  auto [state, view] = bind_records<R>(m, (name + "State").c_str(), (name + "View").c_str());
  state.def(
      "random_playouts",
      [](const Record& r, int games, uint64_t seed) {
        return random_playouts<G>(r.state, R::players(r.state), games, seed);
      },
      py::arg("games"), py::arg("seed") = 0,
      "Plays `games` games from this state in C++ (GIL released), every move uniformly random: counts and "
      "seconds.");
  if constexpr (search::HasHeuristic<G>) {
    state.def(
        "heuristic_playouts",
        [](const Record& r, int games, uint64_t seed) {
          return heuristic_playouts<G>(r.state, R::players(r.state), games, seed);
        },
        py::arg("games"), py::arg("seed") = 0,
        "Plays `games` games from this state in C++ (GIL released), every seat on the heuristic player: counts "
        "and seconds.");
  }
  if constexpr (search::HasValueModel<G>) bind_value_model<R>(state);
  bind_search<R>(m, (name + "Search").c_str());
  return {std::move(state), std::move(view)};
}

}  // namespace pyai::bindings
