// For Sale's learned evaluation: win chances and final money estimated at a
// round boundary from the features of value_features.h.
//
// Per seat a score w . f(seat) and the win chances are their softmax (a
// seat-symmetric conditional logit: the same weights for every seat, so only
// differences between seats count); the final money is a linear estimate
// m . f(seat) + b. One set of weights per edition, player count, phase and
// round, fitted by bench/fit_value_model.py to heuristic self-play and
// written to value_weights.inc. A boundary whose weights were not fitted is
// not valued: rollouts go on through it.
#pragma once

#include <cmath>

#include "value_features.h"

namespace pyai::forsale {

struct ValueWeights {
  bool fitted = false;
  float win[kValueFeatures] = {};
  float money[kValueFeatures] = {};
  float money_bias = 0;
};

#include "value_weights.inc"  // kValueWeights[kValueBuckets] and kValueModelSource

static_assert(sizeof(kValueWeights) / sizeof(kValueWeights[0]) == kValueBuckets,
              "value_weights.inc has one entry per bucket: rerun bench/fit_value_model.py");

// At a round boundary: each seat's win chance (summing to 1) and expected
// final money; false (nothing written) if the boundary has no fitted weights.
inline bool evaluate_position(const State& s, float* win, float* money) {
  const ValueWeights& w = kValueWeights[value_bucket(s)];
  if (!w.fitted) return false;
  float logit[kMaxPlayers];
  float top = -1e30f;
  for (int p = 0; p < s.num_players; ++p) {
    float f[kValueFeatures];
    value_features(s, p, f);
    float score = 0, estimate = w.money_bias;
    for (int i = 0; i < kValueFeatures; ++i) {
      score += w.win[i] * f[i];
      estimate += w.money[i] * f[i];
    }
    logit[p] = score;
    money[p] = estimate;
    if (score > top) top = score;
  }
  float total = 0;
  for (int p = 0; p < s.num_players; ++p) {
    win[p] = std::exp(logit[p] - top);
    total += win[p];
  }
  for (int p = 0; p < s.num_players; ++p) win[p] /= total;
  return true;
}

}  // namespace pyai::forsale
