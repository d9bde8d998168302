// A buying rule for the search's rollouts (phase 2), separate from the
// heuristic player's (heuristic.h), in the spirit of the rollout's sells
// (rollout_sells.h): each advisor is weighed by the vehicle it is expected to
// take now against the vehicle it would take in an average later round.
//
//   now(a)   = the table's vehicle at the rank a is expected to reach: an
//              advisor already played this round beats it or not; each seat
//              still to play is counted as playing a random advisor of its
//              hand (public: advisors are hired in the open), interpolated
//              between two vehicles;
//   later(a) = the vehicle at the same quantile of the vehicles still to come
//              (the 30 less those on the table and those bought; with 3-4
//              players these include the removed ones);
//   score(a) = (now(a) - later_weight x later(a)) / 2, plus the heuristic's
//              bonuses and fee in cash: General Manager +4 times the chance
//              that some seat beats it, Sales Director +3 when now(a) is at
//              least its number, a paid-up Fleet Manager -3 (then it beats
//              every advisor; its later is its unpaid one's);
//   the best is played (ties: the lower advisor, unpaid first).
//
// An option, off by default (rollout_buy_later_weight): one search with it at
// 2,000 iterations against 3 without won 0.270 (w = 1) and 0.273 (w = 1.5)
// of the games where the same seat without it won 0.215 (+0.055 +- 0.052 and
// +0.058 +- 0.059 paired, 100 deals; w = 0.5: +0.016), a smaller gain than the
// sells' rule; but with every seat using it, 20,000 iterations against 3 at
// 2,000 won 0.340, -0.083 +- 0.062 paired with the default: the cheap searches
// gain more from it than the deep one (docs/search.md, "The rollout's advisors").
//
// Honesty: reads the acting seat's hand and cash, the table, the advisors
// played this round and the other seats' hands and vehicles, all public.
#pragma once

#include "heuristic.h"
#include "rollout_ranks.h"
#include "rules.h"

namespace pyai::forsale {

namespace rollout_buy_detail {

// How many other seats are expected to beat an advisor shown at `value`, and
// the chance that none does.
struct Beaten {
  float expected = 0;
  float by_none = 1;
};

inline Beaten beaten(const State& s, int seat, int value) {
  Beaten out;
  for (int p = 0; p < s.num_players; ++p) {
    if (p == seat) continue;
    const float chance = s.advisor_offered[p] ? (detail::offered_value(s, p) > value ? 1.0f : 0.0f)
                                              : rollout_ranks::share_above(s.advisors_in_hand[p], value);
    out.expected += chance;
    out.by_none *= 1.0f - chance;
  }
  return out;
}

}  // namespace rollout_buy_detail

inline Action rollout_buy(const State& s, float later_weight) {
  const int seat = s.turn;
  int table_values[kMaxPlayers];
  int table_size = 0;
  for (int vehicle : Cards(s.table)) table_values[table_size++] = vehicle;  // ascending
  CardMask seen = s.table;
  for (int p = 0; p < s.num_players; ++p) seen |= s.vehicles[p];
  const CardMask to_come = kNumberedDeck & ~seen;
  const float worth_of_cash = heuristic_detail::cash_worth(s, seat);

  Action best = 0;
  float best_score = -1e9f;
  for (int advisor : Cards(s.advisors_in_hand[seat])) {
    const Ability ability = ability_of(advisor);
    const rollout_buy_detail::Beaten unpaid = rollout_buy_detail::beaten(s, seat, advisor);
    const float unpaid_rank = rollout_ranks::rank_below(table_size, unpaid.expected);
    const float later = to_come ? float(rollout_ranks::card_at_same_quantile(to_come, unpaid_rank, table_size))
                                : rollout_ranks::value_at_rank(table_values, table_size, unpaid_rank);
    const bool can_boost = ability == Ability::kFleetManager && s.cash[seat] >= kFleetManagerCost;
    for (int boost = 0; boost <= (can_boost ? 1 : 0); ++boost) {
      const rollout_buy_detail::Beaten by =
          boost ? rollout_buy_detail::beaten(s, seat, advisor + kFleetManagerBoost) : unpaid;
      const float now =
          rollout_ranks::value_at_rank(table_values, table_size, rollout_ranks::rank_below(table_size, by.expected));
      float score = (now - later_weight * later) * heuristic_detail::kMoneyPerNumber;
      if (boost) score -= float(kFleetManagerCost) * worth_of_cash;
      if (ability == Ability::kGeneralManager) score += float(kGeneralManagerBonus) * worth_of_cash * (1.0f - by.by_none);
      if (ability == Ability::kSalesDirector && now >= float(advisor))
        score += float(kSalesDirectorBonus) * worth_of_cash;
      if (score > best_score) {  // strict: ties keep the lower advisor, unpaid first
        best_score = score;
        best = play_action(advisor, boost != 0);
      }
    }
  }
  return best;
}

}  // namespace pyai::forsale
