// The move choosers: the heuristic player and the random-move sampler at
// every decision of random games, and the rollout's sell and buying rules
// (forsale/rollout_sells.h, rollout_buys.h) on hand-made rounds.

#include <algorithm>
#include <vector>

#include "forsale_tests.h"
#include "forsale/heuristic.h"
#include "forsale/information.h"
#include "forsale/playout.h"
#include "forsale/rollout_buys.h"
#include "forsale/rollout_sells.h"

namespace pyai::forsale::testing {

// The heuristic bot and the random-move sampler at every decision of random
// games (both editions): the heuristic's move is legal, and at a sealed sell
// it is the same whatever the other seats' secret sells (and Lawyer use) are;
// random_action() only draws legal moves and, over many draws, every one.
void test_move_choosers(int games, uint64_t seed) {
  Rng rng(seed);
  for (int g = 0; g < games; ++g) {
    const int players = 3 + g % 4;
    State s = initial_state(make_config(players, g % players, /*classic=*/g % 3 == 0));
    while (!is_terminal(s)) {
      if (is_chance(s)) {
        apply_random_chance(s, rng);
        continue;
      }
      ActionList legal;
      legal_actions(s, legal);
      Rng quiet(1);
      const Action chosen = heuristic_action(s, quiet, 0);
      CHECK(std::find(legal.begin(), legal.end(), chosen) != legal.end());
      if (is_choose_step(s) && s.sells_submitted) {
        State other = s;
        for (int p : Cards(s.sells_submitted)) {
          ActionList sells;
          legal_sells(s, p, sells);
          const Action sell = sells[rng.below(uint32_t(sells.size()))];
          other.sell[p] = SellChoice{uint8_t(sold_vehicle(sell)), uint8_t(sold_second_vehicle(sell)),
                                     uint8_t(sold_lawyer(sell))};
          other.keeps_pending = uint8_t(sold_lawyer(sell) ? other.keeps_pending | card_bit(p)
                                                          : other.keeps_pending & ~card_bit(p));
        }
        Rng quiet_again(1);
        CHECK_MSG(heuristic_action(other, quiet_again, 0) == chosen, "the heuristic read another seat's secret sell");
        CHECK_MSG(rollout_sell(other, 1.0f) == rollout_sell(s, 1.0f), "the rollout's sell read another seat's secret sell");
      }
      if (s.phase == Phase::kBuying) {
        // The rule reads only what is public: every determinisation of the
        // seat's view (other removed vehicles) plays the same advisor.
        const State sample = determinize(view_of(s, s.turn), rng);
        for (float later_weight : {0.0f, 1.0f, 5.0f}) {
          const Action play = rollout_buy(s, later_weight);
          CHECK_MSG(std::find(legal.begin(), legal.end(), play) != legal.end(), "the rollout's advisor is not legal");
          CHECK_MSG(rollout_buy(sample, later_weight) == play, "the rollout's advisor read a hidden card");
        }
      }
      if (is_choose_step(s)) {
        for (float later_weight : {0.0f, 1.0f, 5.0f}) {
          const Action sell = rollout_sell(s, later_weight);
          CHECK_MSG(std::find(legal.begin(), legal.end(), sell) != legal.end(), "the rollout's sell is not legal");
        }
      }
      if (g % 10 == 0) {
        std::vector<Action> drawn;
        for (int i = 0; i < int(legal.size()) * 40; ++i) {
          const Action a = random_action(s, rng);
          CHECK(std::find(legal.begin(), legal.end(), a) != legal.end());
          drawn.push_back(a);
        }
        std::sort(drawn.begin(), drawn.end());
        drawn.erase(std::unique(drawn.begin(), drawn.end()), drawn.end());
        CHECK_MSG(drawn.size() == legal.size(), "random_action missed a legal move");
      }
      apply_action(s, random_action(s, rng));
    }
  }
}

// The rollout's sell rule (forsale/rollout_sells.h) on two hand-made rounds:
// the seat holds vehicles 1 and 30, the others hold 10-20 (so the 1 takes the
// lowest check and the 30 the highest), and the checks still to come are the
// rest of the 30. A round of 2, 3, 4 and 15: the 1 takes 2 now against about
// 5 later, the 30 takes 15 against about 12, so sell the 30. A round of 9, 9,
// 10 and 11: the 1 takes 9 against about 3 later, the 30 takes 11 against
// about 13, so sell the 1. The heuristic (which weighs a round by its best
// check only) sells the 30 both times.
void test_rollout_sells() {
  g_context = "rollout sells";
  State s = initial_state(make_config(4, 0));
  s.awaiting_deal = false;
  s.phase = Phase::kSelling;
  s.sell_step = SellStep::kChoose;
  s.round = 0;
  s.turn = 0;
  s.sells_submitted = 0;
  s.vehicles[0] = card_bit(1) | card_bit(30);
  s.vehicles[1] = card_range(10, 13);
  s.vehicles[2] = card_range(14, 17);
  s.vehicles[3] = card_range(18, 20);
  for (int p = 0; p < 4; ++p) s.checks[p] = 0, s.advisors_played[p] = 0, s.advisors_in_hand[p] = 0;
  auto check_id = [](int value, int copy) { return first_check_id(value) + copy; };
  Rng quiet(1);
  s.table = card_bit(check_id(2, 0)) | card_bit(check_id(3, 0)) | card_bit(check_id(4, 0)) | card_bit(check_id(15, 0));
  CHECK(rollout_sell(s, 1.0f) == sell_action(30));
  CHECK(heuristic_action(s, quiet, 0) == sell_action(30));
  s.table = card_bit(check_id(9, 0)) | card_bit(check_id(9, 1)) | card_bit(check_id(10, 0)) | card_bit(check_id(11, 0));
  CHECK(rollout_sell(s, 1.0f) == sell_action(1));
  CHECK(rollout_sell(s, 0.0f) == sell_action(30));  // weighing only the check now: the 30 takes the most
  CHECK(heuristic_action(s, quiet, 0) == sell_action(30));
}

// The rollout's buying rule (forsale/rollout_buys.h) on a hand-made round:
// vehicles 15, 23, 29 and 30 on the table, seat 0 to play first with advisors
// 9 and 28 (a General Manager); seat 1 holds 1, 2 and 29, the others hold
// 3-8. The heuristic assumes every seat plays its highest advisor: seat 1's
// 29 beats both, so the 9 takes the 29 (20 numbers above it) and it plays
// the 9. The rule counts seat 1 as playing a random advisor (a third of a
// seat above either): both take 29.67 on average and would take the vehicle
// 20 later, and the 28 adds the General Manager's 4 cash a third of the
// time, so it plays the 28. A paid-up Fleet Manager is weighed too.
void test_rollout_buys() {
  g_context = "rollout buys";
  State s = initial_state(make_config(4, 0));
  s.awaiting_deal = false;
  s.phase = Phase::kBuying;
  s.round = 0;
  s.turn = 0;
  for (int p = 0; p < 4; ++p) s.vehicles[p] = 0, s.advisors_played[p] = 0, s.advisor_offered[p] = 0, s.cash[p] = 0;
  s.boosted = 0;
  s.table = card_bit(15) | card_bit(23) | card_bit(29) | card_bit(30);
  s.advisors_in_hand[0] = card_bit(9) | card_bit(28);
  s.advisors_in_hand[1] = card_bit(1) | card_bit(2) | card_bit(29);
  s.advisors_in_hand[2] = card_range(3, 5);
  s.advisors_in_hand[3] = card_range(6, 8);
  Rng quiet(1);
  CHECK(heuristic_action(s, quiet, 0) == play_action(9, false));
  CHECK(rollout_buy(s, 1.0f) == play_action(28, false));
  // Seat 1 has played its 29: the 9 and the 28 both surely take the 29, and
  // would take the same later (no other seat holds a card between them: they
  // beat the same cards), but the 28 surely earns its bonus.
  s.advisor_offered[1] = 29;
  s.advisors_in_hand[1] &= ~card_bit(29);
  CHECK(rollout_buy(s, 1.0f) == play_action(28, false));
  // A Fleet Manager (13) with 3 cash behind the 29 takes the 29, or paid up
  // to 31 the 30: a gain of one number is not worth 3 cash, so it does not
  // pay. With 15, 20, 22 and 30 on the table it takes the 22 or, paid up, the
  // 30: (30 - 17) / 2 - 3 against (22 - 17) / 2 (17: the vehicle at its
  // unpaid rank's quantile of the 26 still to come), so it pays.
  s.advisors_in_hand[0] = card_bit(13);
  s.cash[0] = 3;
  CHECK(rollout_buy(s, 1.0f) == play_action(13, false));
  s.table = card_bit(15) | card_bit(20) | card_bit(22) | card_bit(30);
  CHECK(rollout_buy(s, 1.0f) == play_action(13, true));
  s.cash[0] = 2;  // it cannot pay
  CHECK(rollout_buy(s, 1.0f) == play_action(13, false));
}

}  // namespace pyai::forsale::testing
