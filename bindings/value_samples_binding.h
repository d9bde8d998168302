// A game's learned evaluation from Python: self-play samples for fitting it,
// as numpy arrays (search/value_samples.h plays them, with the GIL released),
// and what it reads and estimates of a state.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <algorithm>
#include <string>
#include <vector>

#include "../csrc/core/errors.h"
#include "../csrc/search/value_samples.h"
#include "game_record.h"

namespace pyai::bindings {

namespace py = pybind11;

template <typename T>
py::array_t<T> as_array(const std::vector<T>& values, std::vector<py::ssize_t> shape) {
  py::array_t<T> out(shape);
  std::copy(values.begin(), values.end(), out.mutable_data());
  return out;
}

// Plays `games` from `start` (search::play_value_samples); returns bucket and
// game (n,), features (n, players, features), win and score (n, players).
template <typename G>
py::dict value_samples(const typename G::State& start, int players, int games, int max_cut, int noise_percent,
                       uint64_t seed) {
  if (games < 0) throw GameError(ErrorKind::kBadSetting, "games must be 0 or more, not " + std::to_string(games));
  if (max_cut < 0) throw GameError(ErrorKind::kBadSetting, "max_cut must be 0 or more, not " + std::to_string(max_cut));
  if (noise_percent < 0 || noise_percent > 100)
    throw GameError(ErrorKind::kBadSetting, "noise must be 0 to 100, not " + std::to_string(noise_percent));
  search::ValueSamples samples;
  {
    py::gil_scoped_release release;
    samples = search::play_value_samples<G>(start, players, games, max_cut, noise_percent, seed);
  }
  const auto n = py::ssize_t(samples.bucket.size());
  const auto p = py::ssize_t(samples.players);
  py::dict out;
  out["bucket"] = as_array(samples.bucket, {n});
  out["game"] = as_array(samples.game, {n});
  out["features"] = as_array(samples.feature, {n, p, py::ssize_t(samples.features)});
  out["win"] = as_array(samples.win, {n, p});
  out["score"] = as_array(samples.score, {n, p});
  return out;
}

// The state class's value_features() (each seat's features, as the model
// reads them), value_bucket() (at an evaluation point: which weights value
// it; else None) and value_estimate() (at an evaluation point with fitted
// weights: each seat's win chance and final score; else None).
template <typename R, typename StateClass>
void bind_value_model(StateClass& state) {
  using G = typename R::Game;
  state
      .def("value_features",
           [](const GameRecord<R>& r) {
             std::vector<std::vector<float>> rows;
             for (int p = 0; p < R::players(r.state); ++p) {
               std::vector<float> row(G::kValueFeatures);
               G::value_features(r.state, p, row.data());
               rows.push_back(row);
             }
             return rows;
           },
           "Each seat's features as the learned evaluation reads them (the game's value_features.h).")
      .def("value_bucket",
           [](const GameRecord<R>& r) -> py::object {
             if (!G::is_evaluation_point(r.state)) return py::none();
             return py::int_(G::value_bucket(r.state));
           },
           "At a point the learned evaluation values: which of the game's weights value it; else None.")
      .def("value_estimate",
           [](const GameRecord<R>& r) -> py::object {
             float win[G::kMaxSeats], score[G::kMaxSeats];
             if (!G::is_evaluation_point(r.state) || !G::evaluate(r.state, win, score)) return py::none();
             const int players = R::players(r.state);
             py::dict out;
             out["win"] = std::vector<float>(win, win + players);
             out["score"] = std::vector<float>(score, score + players);
             return out;
           },
           "At a point the learned evaluation values, with fitted weights: each seat's win chance and final score; "
           "else None.");
}

}  // namespace pyai::bindings
