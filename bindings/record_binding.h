// The Python classes of any game's state and view (game_record.h): every
// member the shared Game/State/View surface needs, written once. A game's
// binding file adds what is its own (to_dict, rendering data, partial
// knowledge, score breakdowns) to the classes returned.
#pragma once

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <chrono>
#include <string>
#include <utility>
#include <vector>

#include "../csrc/core/errors.h"
#include "../csrc/core/rng.h"
#include "../csrc/search/game.h"
#include "game_record.h"

namespace pyai::bindings {

namespace py = pybind11;

template <Record R>
using StateClass = py::class_<GameRecord<R>>;
template <Record R>
using ViewClass = py::class_<ViewRecord<R>>;

// The mean of G::outcomes' win shares over rollouts from the record's state.
template <Record R>
std::vector<double> rollout_wins(const GameRecord<R>& record, int rollouts, bool heuristic, uint64_t seed) {
  using G = typename R::Game;
  if (rollouts < 1) throw GameError(ErrorKind::kBadSetting, "rollouts must be 1 or more, not " + std::to_string(rollouts));
  if constexpr (!search::HasHeuristic<G>) {
    if (heuristic) throw GameError(ErrorKind::kBadSetting, "this game has no heuristic player to roll out with");
  }
  const int players = R::players(record.state);
  std::vector<double> total(size_t(players), 0.0);
  py::gil_scoped_release release;
  Rng rng(seed);
  for (int k = 0; k < rollouts; ++k) {
    typename G::State s = record.state;
    for (;;) {
      const search::NodeKind kind = G::kind(s);
      if (kind == search::NodeKind::kTerminal) break;
      if (kind == search::NodeKind::kChance) {
        G::apply_chance(s, rng, search::kEverySeat);
        continue;
      }
      const auto action = [&] {
        if constexpr (search::HasHeuristic<G>) {
          if (heuristic) return G::heuristic_action(s, rng);
        }
        return G::random_action(s, rng);
      }();
      // A simultaneous step is played choice by choice, as the search's rollouts play it.
      if constexpr (search::HasSimultaneousMoves<G>) {
        if (kind == search::NodeKind::kSimultaneous) {
          G::apply_simultaneous(s, G::acting_seat(s), action);
          continue;
        }
      }
      G::apply(s, action);
    }
    float win[G::kMaxSeats], score[G::kMaxSeats];
    G::outcomes(s, win, score);
    for (int p = 0; p < players; ++p) total[size_t(p)] += win[p];
  }
  for (double& w : total) w /= rollouts;
  return total;
}

template <Record R>
std::pair<StateClass<R>, ViewClass<R>> bind_records(py::module_& m, const char* state_name, const char* view_name) {
  using Record = GameRecord<R>;
  using View = ViewRecord<R>;
  StateClass<R> state(m, state_name);
  state.def("to_move", [](const Record& r) { return R::to_move(r.state); })
      .def("legal_moves", [](const Record& r) { return R::legal_tokens(r.state); })
      .def("legal_moves_for", &Record::legal_tokens_for, py::arg("seat"))
      .def("legal_summary", [](const Record& r) { return R::legal_summary(r.state); })
      .def("apply", &Record::apply, py::arg("token"))
      .def("sample_chance", &Record::sample_chance, py::arg("seed"))
      .def("is_terminal", [](const Record& r) { return R::to_move(r.state) == R::kTerminal; })
      .def("scores", &Record::scores)
      .def("winners", &Record::winners)
      .def("ranks", &Record::ranks)
      .def("history", [](const Record& r) { return r.history; })
      .def_property_readonly("recorded", [](const Record& r) { return r.recorded; })
      .def("clone", [](const Record& r) { return r; })
      .def("view", &Record::view_record, py::arg("seat"))
      .def(
          "determinize", [](const Record& r, int seat, uint64_t seed) { return r.view_record(seat).determinized(seed); },
          py::arg("seat"), py::arg("seed"))
      .def("__eq__", [](const Record& a, const Record& b) { return a == b; })
      .def("rollout_wins", &rollout_wins<R>, py::arg("rollouts"), py::arg("heuristic"), py::arg("seed"),
           "Each seat's mean win share over `rollouts` games played from here to the end, every move by the "
           "search's rollout policies (the game's heuristic player, or uniformly random) and every reveal at "
           "random: what rollouts alone estimate (GIL released).")
      .def_property_readonly("players", [](const Record& r) { return R::players(r.state); })
      .def_property_readonly_static("state_bytes", [](py::object) { return sizeof(typename R::State); })
      .def_property_readonly_static("max_actions", [](py::object) { return int(R::Game::kMaxActions); });

  ViewClass<R> view(m, view_name);
  view.def_property_readonly("observer", &View::observer)
      .def_property_readonly("partial", [](const View& v) { return v.partial; })
      .def_property_readonly("recorded", [](const View& v) { return v.recorded; })
      .def("public_history", [](const View& v) { return v.public_history; })
      .def("determinize", &View::determinized, py::arg("seed"))
      .def("legal_moves", &View::legal_tokens)
      .def("clone", [](const View& v) { return v; })
      .def("__eq__", [](const View& a, const View& b) { return a == b; });
  view.def(
      "time_determinizations",
      [](const View& v, int count, uint64_t seed) {
        // Determinisations of this view per second, for benchmarks (GIL released).
        const auto start = std::chrono::steady_clock::now();
        {
          py::gil_scoped_release release;
          Rng rng(seed);
          for (int i = 0; i < count; ++i) {
            const auto sample = R::determinize(v.view, rng);
            asm volatile("" : : "g"(&sample) : "memory");  // keep the work: the sample is not read
          }
        }
        py::dict out;
        out["count"] = count;
        out["seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        return out;
      },
      py::arg("count"), py::arg("seed") = 0);

  using G = typename R::Game;
  if constexpr (search::HasHeuristic<G>) {
    // The game's hand-written player for `seat`, from that seat's view only;
    // `noise_percent` of its moves uniformly random instead.
    state.def(
        "heuristic_move",
        [](const Record& r, int seat, uint64_t seed, int noise_percent) {
          if (noise_percent < 0 || noise_percent > 100)
            throw GameError(ErrorKind::kBadSetting,
                            "noise must be 0 to 100 (percent), not " + std::to_string(noise_percent));
          r.require_may_act(seat);
          const auto acting = R::acting_view(R::view_of(r.state, seat));
          const auto& s = R::view_state(acting);
          Rng rng(seed);
          const bool random = noise_percent > 0 && int(rng.below(100)) < noise_percent;
          return R::format_action(s, random ? G::random_action(s, rng) : G::heuristic_action(s, rng));
        },
        py::arg("seat"), py::arg("seed") = 0, py::arg("noise_percent") = 0);
  }
  return {std::move(state), std::move(view)};
}

}  // namespace pyai::bindings
