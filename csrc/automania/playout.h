// Uniformly random play to the end of the game: the benchmark of raw rules
// speed and the default rollout of the search.
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

// Plays `s` to the end: every player move by `choose(state, rng)`, every
// chance step at random. Returns the number of steps (moves and chance
// steps). The generator is kept in a local: State's byte fields may alias
// anything, so one reached through a reference would be reloaded after
// every write to the state.
template <typename Chooser>
[[gnu::flatten]] inline int playout(State& s, Rng& rng, Chooser choose) {
  Rng local = rng;
  int steps = 0;
  while (!is_terminal(s)) {
    if (is_chance(s)) {
      apply_random_chance(s, local);
    } else {
      apply_action(s, choose(s, local));
    }
    ++steps;
  }
  rng = local;
  return steps;
}

inline int random_playout(State& s, Rng& rng) {
  return playout(s, rng, [](const State& state, Rng& r) { return random_action(state, r); });
}

}  // namespace pyai::automania
