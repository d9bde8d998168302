// Uniformly random play to the end of the game: the benchmark of raw rules
// speed and the default rollout of the search.
#pragma once

#include "../core/rng.h"
#include "rules.h"

namespace pyai::forsale {

// Plays `s` to the end choosing every move and chance outcome uniformly at
// random. Returns the number of moves (player moves and chance steps) made.
inline int random_playout(State& s, Rng& rng) {
  int steps = 0;
  ActionList legal;
  while (!is_terminal(s)) {
    if (is_chance(s)) {
      apply_random_chance(s, rng);
    } else {
      legal_actions(s, legal);
      apply_action(s, legal[rng.below(uint32_t(legal.size()))]);
    }
    ++steps;
  }
  return steps;
}

}  // namespace pyai::forsale
