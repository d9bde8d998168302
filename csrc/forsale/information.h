// What a seat knows, and full states sampled consistently with it.
//
// A View is the state as one seat (the observer) sees it: everything public
// plus the observer's own secret sell, with the hidden parts cleared —
// which unseen cards were removed, and the other seats' sells submitted in
// the current phase-3 round. determinize() takes only a View, so a sampled
// state cannot depend on any fact hidden from the observer: the honesty of
// the search follows from the types, not from care.
//
// Partial knowledge (a person at a real table who did not follow everything):
// a View can also say that the observer does not know an opponent's cash
// (only a range) or the advisors or vehicles in an opponent's hand (only
// how many). Those cards are then counted among the view's unseen cards, and
// determinize() samples every unknown consistently with all that is known.
#pragma once

#include "../core/rng.h"
#include "action.h"
#include "state.h"

namespace pyai::forsale {

struct View {
  State state;               // hidden parts cleared (see above)
  uint8_t observer = 0;
  uint8_t hidden_sells = 0;  // seats (bits) whose submitted sell the observer has not seen
  // Partial knowledge, per seat: how many of its advisors / vehicles in hand
  // are unknown (their cards are in state.unseen), and the range its cash is
  // known to lie in (low == high == state.cash when known).
  uint8_t unknown_advisors[kMaxPlayers] = {};
  uint8_t unknown_vehicles[kMaxPlayers] = {};
  int16_t cash_low[kMaxPlayers] = {};
  int16_t cash_high[kMaxPlayers] = {};

  bool operator==(const View&) const = default;
  bool knows_cash(int seat) const { return cash_low[seat] == cash_high[seat]; }
};

View view_of(const State& s, int observer);

// The most cash `seat` can hold as the view knows it (cash_ceiling.h), its
// unknown advisors counted as Consultants as far as the unseen ones allow.
int most_cash_seen(const View& view, int seat);

// Narrows `seat`'s cash range to [its standing bid, most_cash_seen]; throws
// GameError(kInconsistent) if nothing in the range is left. Reading a
// position and forget_cash both end with it, so the same knowledge gives
// the same view either way.
void narrow_cash(View& view, int seat);

// The observer forgets `seat`'s cash, knowing only that it lies in
// [low, high], narrowed to what the seat can have (narrow_cash). Throws
// GameError(kInconsistent) for the observer's own seat, an empty range, or
// one that cannot hold the seat's standing bid or lies above all it can
// have; `view` is unchanged when it throws. Forget a seat's advisors before
// its cash: the range is narrowed by what the view knows of the hand then.
void forget_cash(View& view, int seat, int low, int high);

// The observer forgets which advisors (kAdvisors) or vehicles (kVehicles)
// `seat` holds, knowing only how many. Throws for the observer's own seat.
void forget_hand(View& view, int seat, Deck deck);

// A full state consistent with `view`: unknown cash and hands drawn together,
// every pair of a hand from the unseen cards and a cash in the range that
// the hand's Consultants allow equally likely; then the removal (3-4 players,
// once cards have been dealt), uniformly from the unseen cards; each hidden sell uniformly among that
// seat's legal sells. Deck order needs no sampling: deals are drawn
// uniformly from the unseen cards when they happen, which is the same
// distribution.
State determinize(const View& view, Rng& rng);

// The sampled sell of a hidden seat in a determinised state (for callers that
// rebuild a history): the same as state.sell[seat] in the result, as an Action.
Action submitted_sell(const State& s, int seat);

}  // namespace pyai::forsale
