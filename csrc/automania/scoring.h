// The end of the game (after round 4's sales) and who wins.
//
// rulebook: each car left on a North American ship is sold for $1, each on a
// European ship for 1 VP; silver medals on played contracts and on the tiles
// in a factory score 1 VP each; played contracts score their VP; then the
// money ranking: 10, 6 and 3 VP for the most, second and third most money.
// Ties, for money and for the win, go to the lower sales office (the one
// chosen in round 4).
#pragma once

#include <bit>

#include "factory.h"
#include "state.h"

namespace pyai::automania {

constexpr int kMoneyRankVp[kMaxPlayers] = {10, 6, 3, 0};

// Seats from best to worst by `better(a, b)` (an insertion sort: at most 4 seats).
template <typename Better>
inline void rank_seats(const State& s, uint8_t* order, Better better) {
  for (int p = 0; p < s.num_players; ++p) {
    int at = p;
    for (; at > 0 && better(p, order[at - 1]); --at) order[at] = order[at - 1];
    order[at] = uint8_t(p);
  }
}

inline void score_end_of_game(State& s) {
  const Components& c = s.c();
  for (int m = 0; m < kMarkets; ++m)
    for (int i = 0; i < c.market[m].ship_spaces; ++i) {
      const uint8_t car = s.ship[m][i];
      if (car == kNoCar) continue;
      Seat& owner = s.seat[car_owner(car)];
      if (m == kNorthAmerica) {
        ++owner.money;
      } else {
        owner.add_vp(kVpCarsLeft, 1);
      }
    }
  for (int p = 0; p < s.num_players; ++p) {
    Seat& seat = s.seat[p];
    int silver = factory_silver(c, seat), contract_vp = 0;
    for (uint32_t played = seat.played; played; played &= played - 1) {
      const ContractCard& card = c.contract[std::countr_zero(played)];
      silver += card.silver;
      contract_vp += card.vp;
    }
    seat.add_vp(kVpSilver, silver);
    seat.add_vp(kVpContracts, contract_vp);
  }
  uint8_t order[kMaxPlayers];
  rank_seats(s, order, [&](int a, int b) {
    const Seat &x = s.seat[a], &y = s.seat[b];
    return x.money != y.money ? x.money > y.money : x.sales_office < y.sales_office;
  });
  for (int rank = 0; rank < s.num_players; ++rank) s.seat[order[rank]].add_vp(kVpMoneyRank, kMoneyRankVp[rank]);
}

// Higher is better: VP, then the lower sales office (every seat has one at the end).
inline int rank_key(const State& s, int seat) { return s.seat[seat].vp * 16 + (15 - s.seat[seat].sales_office); }

// The winner (ties never stand: the lower sales office wins them).
inline int winner(const State& s) {
  int best = 0;
  for (int p = 1; p < s.num_players; ++p)
    if (rank_key(s, p) > rank_key(s, best)) best = p;
  return best;
}

}  // namespace pyai::automania
