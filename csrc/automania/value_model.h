// Automania's learned evaluation (search/linear_value_model.h): win chances
// and final VP estimated where a later round is about to be dealt, from the
// features of value_features.h, one set of weights per player count and
// round, written to value_weights.inc by bench/fit_value_model.py.
//
// The weights were fitted to games with one component set (the shipped one;
// value_weights.inc holds its wire form): a game with another set (a
// component file of its own) is not valued, and its rollouts play to the end.
#pragma once

#include <atomic>

#include "../search/linear_value_model.h"
#include "value_features.h"

namespace pyai::automania {

using ValueWeights = search::LinearValueWeights<kValueFeatures>;

#include "value_weights.inc"  // kValueWeights[kValueBuckets], kValueModelSource, kValueModelComponentsWire

static_assert(sizeof(kValueWeights) / sizeof(kValueWeights[0]) == kValueBuckets,
              "value_weights.inc has one entry per bucket: rerun bench/fit_value_model.py --game automania");

// Whether the weights were fitted to the component set registered under
// `index` (decided once per set: a set's components never change).
inline bool fitted_to(uint8_t index) {
  static std::atomic<int8_t> verdict[256] = {};  // 0 not decided, 1 yes, -1 no
  int8_t known = verdict[index].load(std::memory_order_relaxed);
  if (known == 0) {
    static const Components fitted = Components::from_wire(kValueModelComponentsWire);
    known = components(index) == fitted ? 1 : -1;
    verdict[index].store(known, std::memory_order_relaxed);
  }
  return known > 0;
}

// At a round boundary: each seat's win chance (summing to 1) and expected
// final VP; false (nothing written) if the boundary has no fitted weights.
inline bool evaluate_position(const State& s, float* win, float* vp) {
  if (!fitted_to(s.components)) return false;
  return search::evaluate_linear<kValueFeatures, kMaxPlayers>(
      kValueWeights[value_bucket(s)], s.num_players, [&](int seat, float* f) { value_features(s, seat, f); }, win,
      vp);
}

}  // namespace pyai::automania
