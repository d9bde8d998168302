// From a finished game's raw outcomes to the rewards the search maximises:
// done here once, for every game.
#pragma once

#include <algorithm>

#include "search_types.h"

namespace pyai::search {

// Per seat: with the win objective, its win share, plus margin_weight x its
// score margin over the best other seat (divided by the game's score scale,
// clamped to [-1, 1]): when every move wins about as rarely (a seat well
// behind), the win share alone gives the search nothing to choose by. With
// the score objective, its score divided by the scale.
inline void shape_rewards(const SearchConfig& config, float score_scale, int players, const float* win,
                          const float* score, float* reward) {
  for (int p = 0; p < players; ++p) {
    if (config.objective != Objective::kWin) {
      reward[p] = score[p] / score_scale;
      continue;
    }
    reward[p] = win[p];
    if (config.margin_weight > 0) {
      float best_other = -1e30f;
      for (int q = 0; q < players; ++q)
        if (q != p && score[q] > best_other) best_other = score[q];
      const float margin = std::clamp((score[p] - best_other) / score_scale, -1.0f, 1.0f);
      reward[p] += config.margin_weight * margin;
    }
  }
}

}  // namespace pyai::search
