#include "information.h"

#include <bit>
#include <string>

#include "../core/errors.h"
#include "chance.h"

namespace pyai::automania {

View view_of(const State& s, int observer) {
  View view;
  view.state = s;
  view.observer = uint8_t(observer);
  State& seen = view.state;
  for (int p = 0; p < s.num_players; ++p) {
    view.money_low[p] = view.money_high[p] = s.seat[p].money;
    if (p == observer) continue;
    Seat& seat = seen.seat[p];
    const uint32_t hidden = seat.hand & ~seat.hand_public;
    seen.deck |= hidden & kRegularContractBits;
    seen.starts_undealt |= hidden & kStartingContractBits;
    view.hidden_regular[p] = uint8_t(std::popcount(hidden & kRegularContractBits));
    view.hidden_starting[p] = uint8_t(std::popcount(hidden & kStartingContractBits));
    seat.hand = seat.hand_public;
  }
  seen.stand_ins = 0;  // which cards are stand-ins is about a record, not what the seat knows
  return view;
}

void forget_money(View& view, int seat, int low, int high) {
  if (seat == view.observer) throw GameError(ErrorKind::kInconsistent, "a seat always knows its own money");
  if (low < 0 || high > kMostMoney || low > high)
    throw GameError(ErrorKind::kInconsistent,
                    "a money range must satisfy 0 <= low <= high <= " + std::to_string(kMostMoney));
  view.money_low[seat] = int16_t(low);
  view.money_high[seat] = int16_t(high);
  view.state.seat[seat].money = int16_t(low);
}

namespace {

uint32_t take_random(uint32_t& pool, int count, Rng& rng) {
  uint32_t taken = 0;
  for (int i = 0; i < count; ++i) {
    const uint32_t bit = uint32_t(1) << random_bit32(pool, rng);
    taken |= bit;
    pool &= ~bit;
  }
  return taken;
}

}  // namespace

State determinize(const View& view, Rng& rng) {
  State s = view.state;
  for (int p = 0; p < s.num_players; ++p) {
    if (!view.knows_money(p))
      s.seat[p].money =
          int16_t(view.money_low[p] + int(rng.below(uint32_t(view.money_high[p] - view.money_low[p] + 1))));
    s.seat[p].hand |= take_random(s.starts_undealt, view.hidden_starting[p], rng);
    s.seat[p].hand |= take_random(s.deck, view.hidden_regular[p], rng);
  }
  return s;
}

}  // namespace pyai::automania
