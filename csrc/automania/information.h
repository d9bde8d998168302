// What a seat knows, and full states sampled consistently with it.
//
// A View is the state as one seat (the observer) sees it by perfect recall:
// the whole board, every seat's factory, money and VP, the contracts taken
// from the display and every contract played; hidden are the order of the
// decks and the other seats' contracts they alone have seen (their starting
// contract, and every card they drew from the deck's top). In a view those
// cards are back among the cards the observer has not seen (`deck` and
// `starts_undealt` then mean "unseen by the observer"), and the view counts
// how many each seat holds. determinize() takes only a View, so a sampled
// state cannot depend on a hidden fact.
//
// Partial knowledge (a person at a real table who did not track everything):
// the observer may know another seat's money only as a range (forget_money),
// sampled uniformly by determinize() among the amounts the known facts
// allow: a production the seat has chosen and not yet paid for, and at the
// end the money ranking its VP were scored by.
#pragma once

#include "../core/rng.h"
#include "state.h"

namespace pyai::automania {

struct View {
  State state;  // hidden parts cleared (see above)
  uint8_t observer = 0;
  uint8_t hidden_regular[kMaxPlayers] = {};  // contracts from the deck the observer has not seen
  uint8_t hidden_starting[kMaxPlayers] = {};  // 1 while the seat holds its unplayed starting contract
  int16_t money_low[kMaxPlayers] = {};
  int16_t money_high[kMaxPlayers] = {};

  bool operator==(const View&) const = default;
  bool knows_money(int seat) const { return money_low[seat] == money_high[seat]; }
};

View view_of(const State& s, int observer);

// The most money a range may reach (no seat comes near it).
constexpr int kMostMoney = 999;

// The least money `seat` holds in `s`: the cost of a production it has
// chosen and not yet paid (its car is paid once the space's tile is placed).
int least_money(const State& s, int seat);

// At the end: the least money each seat can hold with every range kept and
// the money ranking its VP were scored by (from the last rank up). Returns
// the first seat that cannot (with the least it would need in money[seat]),
// or -1.
int least_ranked_money(const View& view, int16_t* money);

// Raises `seat`'s range to least_money and, at the end, checks that the
// ranges can still give the money-rank VP scored; throws
// GameError(kInconsistent) naming the fact a range contradicts. Reading a
// position and forget_money both end with it.
void narrow_money(View& view, int seat);

// The observer forgets `seat`'s money, knowing only that it lies in [low, high]
// (narrowed by narrow_money). Throws GameError(kInconsistent) for the
// observer's own seat, an empty range, or one the known facts contradict;
// `view` is unchanged when it throws.
void forget_money(View& view, int seat, int low, int high);

// A full state consistent with `view`: unknown money uniformly in its range
// (at the end, among the amounts that keep the money ranking scored);
// each seat's hidden contracts uniformly from the cards the observer has not
// seen (starting contracts from the starting ones). The decks need no order:
// cards are drawn uniformly from them when revealed.
State determinize(const View& view, Rng& rng);

}  // namespace pyai::automania
