// Playing a game to its end, the same loop for every game: the benchmark of
// raw rules speed. A game's rules provide, in its own namespace (found by
// argument-dependent lookup), is_terminal(s), is_chance(s),
// apply_random_chance(s, rng) and apply_action(s, action).
#pragma once

#include "rng.h"

namespace pyai {

// Plays `s` to the end: every player move by `choose(state, rng)`, every
// chance step at random. Returns the number of steps (player moves and
// chance steps). Flattened into one loop, with the generator in a local
// copy: a state's byte fields may alias anything, so a generator reached
// through a reference would be reloaded from memory after every write to
// the state.
template <typename State, typename Chooser>
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

}  // namespace pyai
