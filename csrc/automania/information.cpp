#include "information.h"

#include <algorithm>
#include <bit>
#include <string>

#include "../core/errors.h"
#include "chance.h"
#include "rules.h"
#include "scoring.h"

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

int least_money(const State& s, int seat) {
  const bool producing = s.step == Step::kTakeTile || s.step == Step::kPlaceTile;
  if (seat != s.turn || !producing || s.space == kNone) return 0;
  return money_reserved(s);
}

namespace {

// The seats from the most money to the least, as the money-rank VP written
// at the end ranks them (each rank scores its own VP, so the VP give the order).
void money_rank_order(const State& s, uint8_t* order) {
  rank_seats(s, order, [&](int a, int b) { return s.seat[a].vp_from[kVpMoneyRank] > s.seat[b].vp_from[kVpMoneyRank]; });
}

// Whether `above` may rank above `below` with the same money: ties go to the
// lower sales office.
bool wins_money_tie(const State& s, int above, int below) {
  return s.seat[above].sales_office < s.seat[below].sales_office;
}

}  // namespace

int least_ranked_money(const View& view, int16_t* money) {
  const State& s = view.state;
  uint8_t order[kMaxPlayers];
  money_rank_order(s, order);
  int floor = 0;
  for (int rank = s.num_players - 1; rank >= 0; --rank) {
    const int seat = order[rank];
    int least = view.money_low[seat];
    if (rank + 1 < s.num_players) {
      const int below = order[rank + 1];
      least = std::max(least, floor + (wins_money_tie(s, seat, below) ? 0 : 1));
    }
    money[seat] = int16_t(least);
    if (least > view.money_high[seat]) return seat;
    floor = least;
  }
  return -1;
}

namespace {

// Whether a full state's money gives the money ranking written at the end.
bool keeps_money_ranking(const State& s) {
  uint8_t order[kMaxPlayers];
  money_rank_order(s, order);
  for (int rank = 0; rank + 1 < s.num_players; ++rank) {
    const int above = order[rank], below = order[rank + 1];
    const int a = s.seat[above].money, b = s.seat[below].money;
    if (a < b || (a == b && !wins_money_tie(s, above, below))) return false;
  }
  return true;
}

}  // namespace

void narrow_money(View& view, int seat) {
  const int least = least_money(view.state, seat);
  if (view.money_high[seat] < least)
    throw GameError(ErrorKind::kInconsistent, "seat " + std::to_string(seat) + " has chosen a production that costs $" +
                                                  std::to_string(least) + ", more than the most money it may have ($" +
                                                  std::to_string(view.money_high[seat]) + ")");
  view.money_low[seat] = int16_t(std::max(int(view.money_low[seat]), least));
  view.state.seat[seat].money = view.money_low[seat];
  if (view.state.step != Step::kOver) return;
  int16_t ranked[kMaxPlayers];
  const int short_seat = least_ranked_money(view, ranked);
  if (short_seat >= 0)
    throw GameError(ErrorKind::kInconsistent,
                    "seat " + std::to_string(short_seat) + " scored " +
                        std::to_string(view.state.seat[short_seat].vp_from[kVpMoneyRank]) +
                        " VP for its money rank at the end, which needs at least $" + std::to_string(ranked[short_seat]) +
                        " with the other seats' money, more than its most ($" +
                        std::to_string(view.money_high[short_seat]) + ")");
}

void forget_money(View& view, int seat, int low, int high) {
  if (seat == view.observer) throw GameError(ErrorKind::kInconsistent, "a seat always knows its own money");
  if (low < 0 || high > kMostMoney || low > high)
    throw GameError(ErrorKind::kInconsistent,
                    "a money range must satisfy 0 <= low <= high <= " + std::to_string(kMostMoney));
  View narrowed = view;
  narrowed.money_low[seat] = int16_t(low);
  narrowed.money_high[seat] = int16_t(high);
  narrow_money(narrowed, seat);
  view = narrowed;
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

namespace {

void draw_money(const View& view, State& s, Rng& rng) {
  for (int p = 0; p < s.num_players; ++p)
    if (!view.knows_money(p))
      s.seat[p].money =
          int16_t(view.money_low[p] + int(rng.below(uint32_t(view.money_high[p] - view.money_low[p] + 1))));
}

// How many draws of the money a determinisation at the end tries before it
// takes the least money that keeps the ranking (narrow_money made sure some does).
constexpr int kMostRankedMoneyDraws = 64;

}  // namespace

State determinize(const View& view, Rng& rng) {
  State s = view.state;
  draw_money(view, s, rng);
  if (s.step == Step::kOver) {  // the money-rank VP written at the end rank the money drawn too
    bool kept = keeps_money_ranking(s);
    for (int draw = 1; !kept && draw < kMostRankedMoneyDraws; ++draw) {
      draw_money(view, s, rng);
      kept = keeps_money_ranking(s);
    }
    if (!kept) {
      int16_t least[kMaxPlayers];
      if (least_ranked_money(view, least) < 0)
        for (int p = 0; p < s.num_players; ++p) s.seat[p].money = least[p];
    }
  }
  for (int p = 0; p < s.num_players; ++p) {
    s.seat[p].hand |= take_random(s.starts_undealt, view.hidden_starting[p], rng);
    s.seat[p].hand |= take_random(s.deck, view.hidden_regular[p], rng);
  }
  return s;
}

}  // namespace pyai::automania
