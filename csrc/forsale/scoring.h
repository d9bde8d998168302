// Final money and winners.
//
// Score = checks + cash + bonuses. Controllers and Restoration Specialists
// each modify a different check (a check takes at most one modifier); the
// rulings ask for the assignment with the largest total, found here exactly
// by a small dynamic programme (see best_modifier_gain).
#pragma once

#include <algorithm>

#include "state.h"

namespace pyai::forsale {

struct ScoreBreakdown {
  int checks = 0;     // printed value of the checks
  int cash = 0;
  int modifiers = 0;  // best Controller / Restoration Specialist gain
  int financial = 0;  // Financial Advisor bonus
  int total() const { return checks + cash + modifiers + financial; }
};

// Largest total gain of assigning each modifier to a different check (or
// none), exact for any hand, by a dynamic programme over the checks in
// ascending value whose state is (Controllers used, Restoration Specialists
// used). Why that state suffices:
//   * Restoration Specialists are interchangeable (each doubles a 2..9 check);
//   * for Controllers c1 >= c2 on checks v1 <= v2, the sorted pairing gains
//     (c1-v1)+ + (c2-v2)+ >= (c1-v2)+ + (c2-v1)+ (both pairs have the same
//     sum and x -> max(x, 0) is convex), and a higher Controller never gains
//     less, so the j Controllers used are the j highest, the highest on the
//     lowest check: the ascending pass hands them out in descending order.
// tests/cpp/forsale/scoring_tests.cpp checks it against trying every assignment.
inline int best_modifier_gain(CardMask check_ids, CardMask modifiers) {
  int controller[3];  // descending
  int controllers = 0;
  for (CardMask left = modifiers & advisors_with(Ability::kController); left; left &= ~card_bit(highest_card(left)))
    controller[controllers++] = highest_card(left);
  const int restorers = card_count(modifiers & advisors_with(Ability::kRestorationSpecialist));
  // Only checks below the highest Controller's number, or restorable ones,
  // can gain: the others leave every cell as it was.
  const int gaining_below = std::max(controllers ? controller[0] : 0, kRestorableHigh + 1);
  check_ids &= card_bit(first_check_id(gaining_below)) - 1;
  if (check_ids == 0 || modifiers == 0) return 0;
  // One kind alone needs no programme (most hands): Restoration Specialists
  // double the highest restorable checks; Controllers, highest first, go on
  // the lowest checks.
  if (controllers == 0) {
    int gain = 0;
    CardMask restorable = check_ids & ~card_range(0, first_check_id(kRestorableLow) - 1);
    for (int used = 0; used < restorers && restorable; ++used, restorable &= ~card_bit(highest_card(restorable)))
      gain += check_value(highest_card(restorable));
    return gain;
  }
  if (restorers == 0) {
    int gain = 0;
    for (int used = 0; used < controllers && check_ids; ++used, check_ids &= check_ids - 1)
      gain += std::max(controller[used] - check_value(lowest_card(check_ids)), 0);
    return gain;
  }
  constexpr int kUnreachable = -1000;
  int best[4][4];  // [Controllers used][Restoration Specialists used]
  for (auto& row : best)
    for (int& cell : row) cell = kUnreachable;
  best[0][0] = 0;
  for (int id : Cards(check_ids)) {  // ids ascend as values do
    const int value = check_value(id);
    const int restored = value >= kRestorableLow && value <= kRestorableHigh ? value : 0;
    // Descending, so each cell reads its neighbours from before this check.
    for (int j = controllers; j >= 0; --j) {
      for (int i = restorers; i >= 0; --i) {
        int cell = best[j][i];
        if (j > 0) cell = std::max(cell, best[j - 1][i] + std::max(controller[j - 1] - value, 0));
        if (i > 0) cell = std::max(cell, best[j][i - 1] + restored);
        best[j][i] = cell;
      }
    }
  }
  int result = 0;
  for (int j = 0; j <= controllers; ++j)
    for (int i = 0; i <= restorers; ++i) result = std::max(result, best[j][i]);
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

// Winners as a seat mask from each seat's final score: highest score, then
// most cash; a remaining tie is shared.
inline CardMask winners_from_scores(const State& s, const int* scores) {
  CardMask best = 0;
  int best_score = -1, best_cash = -1;
  for (int p = 0; p < s.num_players; ++p) {
    const int score = scores[p];
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

inline CardMask winners(const State& s) {
  int scores[kMaxPlayers];
  for (int p = 0; p < s.num_players; ++p) scores[p] = final_score(s, p);
  return winners_from_scores(s, scores);
}

}  // namespace pyai::forsale
