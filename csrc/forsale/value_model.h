// For Sale's learned evaluation (search/linear_value_model.h): win chances
// and final money estimated at a round boundary from the features of
// value_features.h, one set of weights per edition, player count, phase and
// round, written to value_weights.inc by bench/fit_value_model.py.
#pragma once

#include "../search/linear_value_model.h"
#include "value_features.h"

namespace pyai::forsale {

using ValueWeights = search::LinearValueWeights<kValueFeatures>;

#include "value_weights.inc"  // kValueWeights[kValueBuckets] and kValueModelSource

static_assert(sizeof(kValueWeights) / sizeof(kValueWeights[0]) == kValueBuckets,
              "value_weights.inc has one entry per bucket: rerun bench/fit_value_model.py");

// At a round boundary: each seat's win chance (summing to 1) and expected
// final money; false (nothing written) if the boundary has no fitted weights.
inline bool evaluate_position(const State& s, float* win, float* money) {
  return search::evaluate_linear<kValueFeatures, kMaxPlayers>(
      kValueWeights[value_bucket(s)], s.num_players, [&](int seat, float* f) { value_features(s, seat, f); }, win,
      money);
}

}  // namespace pyai::forsale
