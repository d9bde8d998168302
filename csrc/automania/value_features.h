// What the learned evaluation (value_model.h) reads of an Automania position:
// a few numbers per seat, taken where a round's tiles are about to be dealt
// (rounds 2-4), so that a rollout from early in a round may stop at its end
// instead of playing the rest of the game.
//
// The model gives each seat a score w . f(seat) and the seats' win chances
// are the softmax of those scores, with one weight vector per player count
// and round: what every seat shares (the round, the demands) is what the
// weights are chosen by, not a feature. Computed here once, so that the
// fitting script (through the bindings) and the search read the same numbers.
// The features read every seat's hidden facts (its hand, its money): the
// model values the sampled states the rollouts reach, as the game's end does.
#pragma once

#include <algorithm>
#include <bit>

#include "heuristic.h"
#include "scoring.h"
#include "state.h"

namespace pyai::automania {

// Where the evaluation may value a position: a later round about to be dealt.
inline bool is_round_boundary(const State& s) { return s.step == Step::kDealTiles && s.round > 0; }

constexpr int kValueFeatures = 14;

// One seat's features, in this order (the fitting script names them the same):
//   0 VP so far                  1 money
//   2 the money ranking's VP if the game ended now (ties to the lower seat)
//   3 played contracts' VP and silver (scored at the end)
//   4 silver medals in the factory
//   5 contracts in hand: their worth times the chance of meeting them (the
//     heuristic player's estimate)     6 contracts in hand
//   7 the lines' popularity: each car type's stars in its better market
//   8 the best line's popularity
//   9 marketing managers   10 general managers   11 staff managers' workers
//  12 own cars on the ships (offered again next round)
//  13 place in next round's player order (0 first)
inline void value_features(const State& s, int seat, float* out) {
  const Components& c = s.c();
  const Seat& p = s.seat[seat];
  out[0] = float(p.vp);
  out[1] = float(p.money);
  int richer = 0;
  for (int other = 0; other < s.num_players; ++other) {
    const int money = s.seat[other].money;
    richer += money > p.money || (money == p.money && other < seat);
  }
  out[2] = float(kMoneyRankVp[richer]);
  int contract_vp = 0;
  for (uint32_t played = p.played; played; played &= played - 1) {
    const ContractCard& card = c.contract[std::countr_zero(played)];
    contract_vp += card.vp + card.silver;
  }
  out[3] = float(contract_vp);
  // The lines as the heuristic player reads them: this round's demands are its first outlook.
  const heuristic_detail::FactoryParts f = heuristic_detail::factory_parts(c, p, heuristic_detail::outlook_of(s));
  out[4] = float(f.silver);
  int best_stars[kCarTypes];
  int all_stars = 0, top_stars = 0;
  for (int car = 0; car < kCarTypes; ++car) {
    best_stars[car] = f.fixed[car] + f.met[car][0];
    all_stars += best_stars[car];
    top_stars = std::max(top_stars, best_stars[car]);
  }
  float prospect = 0.0f;
  for (uint32_t h = p.hand; h; h &= h - 1)
    prospect += heuristic_detail::contract_prospect(c, f.lines, f.parts, best_stars, std::countr_zero(h),
                                                    s.round + 1 == kRounds);
  out[5] = prospect;
  out[6] = float(std::popcount(p.hand));
  out[7] = float(all_stars);
  out[8] = float(top_stars);
  out[9] = float(f.marketing);
  out[10] = float(f.general);
  out[11] = float(f.staff);
  int on_ships = 0;
  for (int m = 0; m < kMarkets; ++m)
    for (int i = 0; i < c.market[m].ship_spaces; ++i)
      on_ships += s.ship[m][i] != kNoCar && car_owner(s.ship[m][i]) == seat;
  out[12] = float(on_ships);
  int place = 0;
  while (place < s.num_players && s.order[place] != seat) ++place;
  out[13] = float(place);
}

// The names of the features, for the fitting script and its report.
inline constexpr const char* kValueFeatureNames[kValueFeatures] = {
    "vp",           "money",         "money_rank_vp",      "contract_vp",      "factory_silver",
    "hand_worth",   "hand_size",     "line_stars",         "best_line_stars",  "marketing_managers",
    "general_managers", "staff_workers", "cars_on_ships", "order_place"};

// Which weights value a round boundary: one set per player count and round
// (rounds 2-4). kValueBuckets of them, numbered by value_bucket().
constexpr int kValueRounds = kRounds - 1;
constexpr int kValueBuckets = (kMaxPlayers - kMinPlayers + 1) * kValueRounds;

constexpr int value_bucket(int players, int round) { return (players - kMinPlayers) * kValueRounds + round - 1; }
inline int value_bucket(const State& s) { return s.round > 0 ? value_bucket(s.num_players, s.round) : 0; }

}  // namespace pyai::automania
