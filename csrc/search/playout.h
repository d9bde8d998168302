// Playing a game to its end, the same loop for every game (the Game concept):
// the benchmark of the rules' speed, stepping as the search's rollouts step.
#pragma once

#include "../core/rng.h"
#include "game.h"

namespace pyai::search {

// Plays `s` to the end: every move (a simultaneous step's choices one by one,
// the acting participant first) by `choose(state, rng)`, every chance step
// at random. Returns the number of steps. Flattened into one loop, with the
// generator in a local copy: a state's byte fields may alias anything, so a
// generator reached through a reference would be reloaded from memory after
// every write to the state.
template <Game G, typename Chooser>
[[gnu::flatten]] inline int playout(typename G::State& s, Rng& rng, Chooser choose) {
  Rng local = rng;
  int steps = 0;
  for (;; ++steps) {
    const NodeKind kind = G::kind(s);
    if (kind == NodeKind::kTerminal) break;
    if (kind == NodeKind::kChance) {
      G::apply_chance(s, local, kEverySeat);
    } else if (kind == NodeKind::kSimultaneous) {
      if constexpr (HasSimultaneousMoves<G>) G::apply_simultaneous(s, G::acting_seat(s), choose(s, local));
    } else {
      G::apply(s, choose(s, local));
    }
  }
  rng = local;
  return steps;
}

}  // namespace pyai::search
