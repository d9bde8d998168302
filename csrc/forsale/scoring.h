// Final money and winners.
//
// Score = checks + cash + bonuses. Controllers and Restoration Specialists
// each modify a different check (a check takes at most one modifier); the
// rulings ask for the assignment with the largest total, found here exactly
// by a small dynamic programme over (checks x subsets of modifiers).
#pragma once

#include <array>

#include "state.h"

namespace pyai::forsale {

struct ScoreBreakdown {
  int checks = 0;     // printed value of the checks
  int cash = 0;
  int modifiers = 0;  // best Controller / Restoration Specialist gain
  int financial = 0;  // Financial Advisor bonus
  int total() const { return checks + cash + modifiers + financial; }
};

// The gain of modifier advisor `advisor` applied to a check worth `value`.
constexpr int modifier_gain(int advisor, int value) {
  if (ability_of(advisor) == Ability::kController) return advisor > value ? advisor - value : 0;
  return value >= kRestorableLow && value <= kRestorableHigh ? value : 0;  // doubled
}

// Largest total gain of assigning each modifier to a different check (or none).
inline int best_modifier_gain(CardMask check_ids, CardMask modifiers) {
  int advisors[kMaxPlayers * 2];
  int count = 0;
  for (int advisor : Cards(modifiers)) advisors[count++] = advisor;
  if (count == 0) return 0;
  const int subsets = 1 << count;
  std::array<int, 64> best{};  // best[used] over the checks seen so far; -1 = unreachable
  best.fill(-1);
  best[0] = 0;
  for (int id : Cards(check_ids)) {
    const int value = check_value(id);
    std::array<int, 64> next = best;
    for (int used = 0; used < subsets; ++used) {
      if (best[used] < 0) continue;
      for (int m = 0; m < count; ++m) {
        if (used & (1 << m)) continue;
        const int gained = best[used] + modifier_gain(advisors[m], value);
        if (gained > next[used | (1 << m)]) next[used | (1 << m)] = gained;
      }
    }
    best = next;
  }
  int result = 0;
  for (int used = 0; used < subsets; ++used) result = best[used] > result ? best[used] : result;
  return result;
}

inline ScoreBreakdown score_breakdown(const State& s, int seat) {
  ScoreBreakdown b;
  for (int id : Cards(s.checks[seat])) b.checks += check_value(id);
  b.cash = s.cash[seat];
  const CardMask advisors = s.advisors_played[seat] | s.advisors_in_hand[seat];
  const CardMask modifiers =
      advisors & (advisors_with(Ability::kController) | advisors_with(Ability::kRestorationSpecialist));
  b.modifiers = best_modifier_gain(s.checks[seat], modifiers);
  b.financial = s.cash[seat] * card_count(advisors & advisors_with(Ability::kFinancialAdvisor));
  return b;
}

inline int final_score(const State& s, int seat) { return score_breakdown(s, seat).total(); }

// Winners as a seat mask: highest score, then most cash; a remaining tie is shared.
inline CardMask winners(const State& s) {
  CardMask best = 0;
  int best_score = -1, best_cash = -1;
  for (int p = 0; p < s.num_players; ++p) {
    const int score = final_score(s, p);
    const int cash = s.cash[p];
    if (score > best_score || (score == best_score && cash > best_cash)) {
      best = card_bit(p);
      best_score = score;
      best_cash = cash;
    } else if (score == best_score && cash == best_cash) {
      best |= card_bit(p);
    }
  }
  return best;
}

}  // namespace pyai::forsale
