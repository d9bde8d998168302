// What a seat knows, and full states sampled consistently with it.
//
// A View is the state as one seat (the observer) sees it: everything public
// plus the observer's own secret sell, with the hidden parts cleared —
// which unseen cards were removed, and the other seats' sells submitted in
// the current phase-3 round. determinize() takes only a View, so a sampled
// state cannot depend on any fact hidden from the observer: the honesty of
// the search follows from the types, not from care.
//
// Later issues extend View with partial knowledge (an opponent's cash or
// hand unknown); determinize() is the one place that must then sample them.
#pragma once

#include "../core/rng.h"
#include "action.h"
#include "state.h"

namespace pyai::forsale {

struct View {
  State state;               // hidden parts cleared (see above)
  uint8_t observer = 0;
  uint8_t hidden_sells = 0;  // seats (bits) whose submitted sell the observer has not seen

  bool operator==(const View&) const = default;
};

View view_of(const State& s, int observer);

// A full state consistent with `view`: the removal (3-4 players, once cards
// have been dealt) and each hidden sell are sampled uniformly from what the
// observer cannot rule out. Deck order needs no sampling: deals are drawn
// uniformly from the unseen cards when they happen, which is the same
// distribution.
State determinize(const View& view, Rng& rng);

// The sampled sell of a hidden seat in a determinised state (for callers that
// rebuild a history): the same as state.sell[seat] in the result, as an Action.
Action submitted_sell(const State& s, int seat);

}  // namespace pyai::forsale
