// Uniformly random moves and chance: what the shared playout loop
// (search/playout.h) and the search's random rollouts play with.
#pragma once

#include "../core/rng.h"
#include "chance.h"
#include "rules.h"

namespace pyai::automania {

// A uniformly random legal move of the seat to act.
inline Action random_action(const State& s, Rng& rng) {
  ActionList legal;
  legal_actions(s, legal);
  return legal[rng.below(uint32_t(legal.size()))];
}

// Resolves the chance step with an outcome from its true distribution.
inline void apply_random_chance(State& s, Rng& rng) { apply_outcome(s, sample_outcome(s, rng)); }

}  // namespace pyai::automania
