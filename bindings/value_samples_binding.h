// Self-play samples for fitting a game's learned evaluation, as numpy arrays
// (search/value_samples.h plays them, with the GIL released).
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <algorithm>
#include <string>
#include <vector>

#include "../csrc/core/errors.h"
#include "../csrc/search/value_samples.h"

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

}  // namespace pyai::bindings
