// The learned evaluation's model (game.h, HasValueModel), the same for every
// game that has one: linear in a few numbers per seat.
//
// Per seat a score w . f(seat), and the win chances are their softmax (a
// seat-symmetric conditional logit: the same weights for every seat, so only
// differences between seats count); the final score is a linear estimate
// m . f(seat) + b. A game keeps one set of weights per kind of evaluation
// point (a player count and round, say), fitted by bench/fit_value_model.py
// to heuristic self-play and compiled in; a set that was not fitted values
// nothing, and rollouts go on through its points.
#pragma once

#include <cmath>

namespace pyai::search {

template <int kFeatures>
struct LinearValueWeights {
  bool fitted = false;
  float win[kFeatures] = {};
  float score[kFeatures] = {};
  float score_bias = 0;
};

// Each seat's win chance (summing to 1) and expected final score from
// `features(seat, out)`; false (nothing written) if the weights were not fitted.
template <int kFeatures, int kMaxSeats, typename Features>
bool evaluate_linear(const LinearValueWeights<kFeatures>& w, int players, Features features, float* win,
                     float* score) {
  if (!w.fitted) return false;
  float logit[kMaxSeats];
  float top = -1e30f;
  for (int p = 0; p < players; ++p) {
    float f[kFeatures];
    features(p, f);
    float chance = 0, estimate = w.score_bias;
    for (int i = 0; i < kFeatures; ++i) {
      chance += w.win[i] * f[i];
      estimate += w.score[i] * f[i];
    }
    logit[p] = chance;
    score[p] = estimate;
    if (chance > top) top = chance;
  }
  float total = 0;
  for (int p = 0; p < players; ++p) {
    win[p] = std::exp(logit[p] - top);
    total += win[p];
  }
  for (int p = 0; p < players; ++p) win[p] /= total;
  return true;
}

}  // namespace pyai::search
