// A sell rule for the search's rollouts (phase 3 choose steps), separate from
// the heuristic player's (heuristic.h), which stays what it is: a baseline
// opponent, the player the opponent model looks for, and the tree's prior.
//
// The heuristic sells a high vehicle when the round's best check is high. The
// search with heuristic rollouts settled on other sells (at 20,000
// iterations it sold as the heuristic at 17% of its self-play sells, and its
// lowest vehicle at 49%), and one search whose rollouts sell by this rule won
// 0.430 of the games against three that sell as the heuristic (0.285 without
// it; docs/search.md, "The rollout's sells"). It weighs each vehicle by what it
// would take now against what it would take in an average later round:
//
//   now(v)   = the table's check at the rank v is expected to reach, counting
//              each other seat as selling a random vehicle of its hand (which
//              is public: vehicles are bought in the open), interpolated
//              between two checks;
//   later(v) = the check at the same quantile of the checks still to come
//              (as the heuristic counts them: the 30 less those on the table
//              and those taken);
//   score(v) = now(v) - later_weight x later(v); the best is sold (ties: the lower).
//
// A Lawyer is used as the heuristic uses it (a round whose checks spread by 8
// or more: the chosen vehicle and its neighbour in hand).
//
// Honesty: reads the acting seat's hand, the table, the checks taken and the
// other seats' hands, never their sells (a submitted sell stays in its
// seller's hand until the reveal), so a state and its view give the same sell.
#pragma once

#include "heuristic.h"
#include "rollout_ranks.h"
#include "rules.h"

namespace pyai::forsale {

inline Action rollout_sell(const State& s, float later_weight) {
  const int seat = s.turn;
  const CardMask hand = s.vehicles[seat];
  const int hand_size = card_count(hand);
  if (hand_size == 1) return sell_action(lowest_card(hand));
  int table_values[kMaxPlayers];
  int table_size = 0;
  for (int check : Cards(s.table)) table_values[table_size++] = check_value(check);  // ids ascend by value
  const CardMask to_come = heuristic_detail::checks_to_come(s);

  int best_index = 0;
  float best_score = -1e9f;
  int index = 0;
  for (int vehicle : Cards(hand)) {
    float higher = 0;  // expected number of other sells above this vehicle
    for (int p = 0; p < s.num_players; ++p)
      if (p != seat) higher += rollout_ranks::share_above(s.vehicles[p], vehicle);
    const float rank = rollout_ranks::rank_below(table_size, higher);  // from the lowest check
    const float now = rollout_ranks::value_at_rank(table_values, table_size, rank);
    const float later =
        to_come ? float(check_value(rollout_ranks::card_at_same_quantile(to_come, rank, table_size))) : now;
    const float score = now - later_weight * later;
    if (score > best_score) {
      best_score = score;
      best_index = index;
    }
    ++index;
  }
  return heuristic_detail::sell_at(s, best_index);
}

}  // namespace pyai::forsale
