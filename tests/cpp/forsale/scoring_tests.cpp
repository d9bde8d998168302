// Scoring: the rulebook's modifier examples, best_modifier_gain against a
// brute force over every assignment of modifiers, score_breakdown's parts;
// and a finished game's scores and winners from the printed rules.

#include <algorithm>
#include <string>
#include <vector>

#include "forsale_tests.h"
#include "forsale/scoring.h"

namespace pyai::forsale::testing {
namespace {

// Best modifier gain by trying every assignment of modifiers to distinct
// checks (or to none), from the printed rules: a Controller v makes a check
// worth max(check, v); a Restoration Specialist doubles a check worth 2..9.
int brute_force_gain(const std::vector<int>& values, const std::vector<int>& modifiers, size_t next,
                     std::vector<bool>& used) {
  if (next == modifiers.size()) return 0;
  int best = brute_force_gain(values, modifiers, next + 1, used);  // this modifier unused
  const int advisor = modifiers[next];
  for (size_t i = 0; i < values.size(); ++i) {
    if (used[i]) continue;
    const int value = values[i];
    const bool controller = advisor >= 10 && advisor <= 12;
    const int modified = controller ? std::max(value, advisor) : (value >= 2 && value <= 9 ? 2 * value : value);
    used[i] = true;
    best = std::max(best, modified - value + brute_force_gain(values, modifiers, next + 1, used));
    used[i] = false;
  }
  return best;
}

int brute_force_gain(CardMask check_ids, CardMask modifier_advisors) {
  std::vector<int> values, modifiers;
  for (int id : Cards(check_ids)) values.push_back(printed_check_value(id));
  for (int advisor : Cards(modifier_advisors)) modifiers.push_back(advisor);
  std::vector<bool> used(values.size(), false);
  return brute_force_gain(values, modifiers, 0, used);
}

}  // namespace

void check_final(const State& s, const Tracker& t) {
  if (!CHECK(is_terminal(s))) return;
  const int n = s.num_players;
  const Config config{n, s.first_player};
  CHECK(to_move(s) == kTerminal);
  ActionList legal;
  legal_actions(s, legal);
  CHECK(legal.empty());
  for (Phase phase : kPlayPhases) CHECK(t.deals[int(phase)] == config.rounds_per_phase());
  CHECK(card_count(t.sold) == config.cards_in_play());

  int best_score = -1, best_cash = -1;
  CardMask expected_winners = 0;
  const CardMask modifier_cards = card_range(10, 12) | card_range(22, 24);
  for (int p = 0; p < n; ++p) {
    const ScoreBreakdown b = score_breakdown(s, p);
    int checks = 0;
    for (int id : Cards(s.checks[p])) checks += printed_check_value(id);
    const CardMask advisors = s.advisors_played[p] | s.advisors_in_hand[p];
    const int modifiers = brute_force_gain(s.checks[p], advisors & modifier_cards);
    const int financial = s.cash[p] * card_count(advisors & card_range(25, 27));
    CHECK(b.checks == checks);
    CHECK(b.cash == s.cash[p]);
    CHECK_MSG(b.modifiers == modifiers, "checks " + mask_string(s.checks[p]) + " advisors " + mask_string(advisors));
    CHECK(b.financial == financial);
    const int score = final_score(s, p);
    CHECK(score == b.checks + b.cash + b.modifiers + b.financial);
    CHECK(score == checks + s.cash[p] + modifiers + financial);
    if (score > best_score || (score == best_score && s.cash[p] > best_cash)) {
      expected_winners = card_bit(p);
      best_score = score;
      best_cash = s.cash[p];
    } else if (score == best_score && s.cash[p] == best_cash) {
      expected_winners |= card_bit(p);
    }
  }
  const CardMask won = winners(s);
  CHECK(won != 0);
  CHECK((won & ~s.all_seats()) == 0);
  CHECK_MSG(won == expected_winners, mask_string(won) + " vs " + mask_string(expected_winners));
}

void test_scoring() {
  g_context = "scoring";
  // Rulebook, Controller: checks 0, 5, 7, 10 with Controllers 10 and 12 -> 10 + 7.
  CHECK(best_modifier_gain(check_ids_of_values({0, 5, 7, 10}), card_bit(10) | card_bit(12)) == 17);
  // Rulebook, Restoration Specialist: checks 0, 2, 8, 12 with two of them -> 2 + 8.
  CHECK(best_modifier_gain(check_ids_of_values({0, 2, 8, 12}), card_bit(22) | card_bit(23)) == 10);
  // Small cases worked by hand.
  CHECK(best_modifier_gain(check_ids_of_values({0, 5, 7, 10}), 0) == 0);
  CHECK(best_modifier_gain(0, card_bit(10) | card_bit(22)) == 0);
  CHECK(best_modifier_gain(check_ids_of_values({3}), card_bit(11) | card_bit(12) | card_bit(24)) == 9);
  CHECK(best_modifier_gain(check_ids_of_values({9, 9}), card_bit(10) | card_bit(22)) == 10);  // 9->18, 9->10
  CHECK(best_modifier_gain(check_ids_of_values({15, 14}), card_bit(12) | card_bit(23)) == 0);
  CHECK(best_modifier_gain(check_ids_of_values({0, 0, 2}), card_bit(22) | card_bit(23) | card_bit(24)) == 2);
  CHECK(best_modifier_gain(check_ids_of_values({8, 0}), card_bit(12) | card_bit(22)) == 20);  // 0->12, 8->16
  // 2->12, 9->11
  CHECK(best_modifier_gain(check_ids_of_values({2, 9}), card_bit(10) | card_bit(11) | card_bit(12)) == 12);

  // Brute-force cross-check on random small hands.
  Rng rng(0xC0FFEE);
  const CardMask modifier_pool = card_range(10, 12) | card_range(22, 24);
  for (int trial = 0; trial < 4000; ++trial) {
    const CardMask checks = random_subset(kCheckDeck, int(rng.below(9)), rng);
    const CardMask modifiers = random_subset(modifier_pool, int(rng.below(7)), rng);
    const int expected = brute_force_gain(checks, modifiers);
    CHECK_MSG(best_modifier_gain(checks, modifiers) == expected,
              "checks " + mask_string(checks) + " modifiers " + mask_string(modifiers) + " expected " +
                  std::to_string(expected));
  }

  // Every subset of the six modifiers, on random hands of up to 10 checks.
  for (CardMask subset = 0; subset < 64; ++subset) {
    CardMask modifiers = 0;
    int bit = 0;
    for (int advisor : Cards(modifier_pool))
      if (has_card(subset, bit++)) modifiers |= card_bit(advisor);
    for (int trial = 0; trial < 300; ++trial) {
      const CardMask checks = random_subset(kCheckDeck, int(rng.below(11)), rng);
      CHECK_MSG(best_modifier_gain(checks, modifiers) == brute_force_gain(checks, modifiers),
                "checks " + mask_string(checks) + " modifiers " + mask_string(modifiers));
    }
  }

  // score_breakdown adds checks, cash, modifiers and Financial Advisors.
  State s = initial_state(make_config(3, 0));
  s.phase = Phase::kOver;
  s.checks[0] = check_ids_of_values({0, 5, 7, 10});
  s.advisors_played[0] = card_bit(10) | card_bit(12) | card_bit(25) | card_bit(26) | card_bit(1);
  s.cash[0] = 4;
  const ScoreBreakdown b = score_breakdown(s, 0);
  CHECK(b.checks == 22 && b.cash == 4 && b.modifiers == 17 && b.financial == 8);
  CHECK(final_score(s, 0) == 51);
  g_context.clear();
}

}  // namespace pyai::forsale::testing
