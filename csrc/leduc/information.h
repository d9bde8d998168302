// What a seat knows, and full states sampled consistently with it.
//
// A View is the state as one seat (the observer) sees it: the betting, the
// public card and its own card; the other seat's private card is hidden
// (kHiddenCard) until a showdown turns both cards up. (OpenSpiel's
// information state at a showdown gives each player the chips won, so
// whether it won: the shown card tells that and the card itself, as at a
// real table. After a fold nothing is shown.) `undealt` in a view holds every
// card the observer has not seen. determinize() takes only a View, so a
// sampled state cannot depend on the hidden card.
#pragma once

#include "../core/rng.h"
#include "rules.h"
#include "state.h"

namespace pyai::leduc {

struct View {
  State state;  // the other seat's card hidden (see above)
  uint8_t observer = 0;

  bool operator==(const View&) const = default;
};

// Whether every seat sees `seat`'s card: at a showdown, unless the card is a
// stand-in (a record that never named it does not know it).
inline bool card_shown(const State& s, int seat) {
  return is_showdown(s) && !(s.stand_ins >> seat & 1);
}

inline View view_of(const State& s, int observer) {
  View view{s, uint8_t(observer)};
  State& seen = view.state;
  for (int seat = 0; seat < kPlayers; ++seat) {
    if (seat == observer || s.card[seat] == kNoCard || card_shown(s, seat)) continue;
    seen.undealt = CardSet(seen.undealt | card_set_bit(s.card[seat]));
    seen.card[seat] = kHiddenCard;
  }
  seen.stand_ins = 0;  // which cards are stand-ins is about the record, not what the seat knows
  return view;
}

// A full state consistent with `view`: each hidden card drawn uniformly from
// the cards the observer has not seen (later cards are dealt from what is left).
inline State determinize(const View& view, Rng& rng) {
  State s = view.state;
  for (int seat = 0; seat < kPlayers; ++seat) {
    if (s.card[seat] != kHiddenCard) continue;
    const int card = random_card(s.undealt, rng);
    s.card[seat] = uint8_t(card);
    s.undealt = CardSet(s.undealt & ~card_set_bit(card));
  }
  return s;
}

}  // namespace pyai::leduc
