// The rules by example: the rulebook's worked examples and each advisor's
// ability, played through tokens; and canonical_checks, which check copy a
// deal of checks takes, against the rule it states.

#include <string>
#include <vector>

#include "forsale_tests.h"
#include "forsale/scoring.h"

namespace pyai::forsale::testing {
namespace {

int check_value_sum(CardMask ids) {
  int sum = 0;
  for (int id : Cards(ids)) sum += printed_check_value(id);
  return sum;
}

// A 3-player state at the start of phase 2 or 3 (awaiting the deal), built by
// hand for the ability examples; the removal stays unrecorded.
State hand_built_state(Phase phase, int leader) {
  State s = initial_state(make_config(3, 0));
  s.phase = phase;
  s.leader = s.turn = uint8_t(leader);
  return s;
}

// canonical_checks, card by card as its comment states the rule: each drawn
// id, in ascending order, takes its value's preferred copy if the pool holds
// it and it is not taken yet, else the other copy.
CardMask canonical_checks_by_card(CardMask pool, CardMask drawn, bool highest_first) {
  CardMask canonical = 0;
  for (int id : Cards(drawn)) {
    const int low = first_check_id(check_value(id));
    const int preferred = highest_first ? low + 1 : low;
    const int other = highest_first ? low : low + 1;
    canonical |= card_bit(has_card(pool, preferred) && !has_card(canonical, preferred) ? preferred : other);
  }
  return canonical;
}

}  // namespace

// The rulebook's worked examples and each ability, played through tokens.
void test_rule_examples() {
  g_context = "rule examples";
  const char* kRemoval = "removed:25,26,27,28,29,30/25,26,27,28,29,30/15,15,14,14,13,13";
  {
    // Auction example (seats: Isaac 0, Becky 1, Chloe 2): Isaac bids 3, Becky 4,
    // Chloe passes and takes the Mechanic for nothing, Isaac passes, pays 2 of
    // his 3 and takes the Controller, Becky pays 4 for the Fleet Manager.
    State s = initial_state(make_config(3, 0));
    if (play_tokens(s, {kRemoval, "deal:13,7,10", "bid:3", "bid:4", "pass"})) {
      CHECK(s.advisors_in_hand[2] == card_bit(7) && s.cash[2] == 28);
      CHECK(to_move(s) == 0);
    }
    if (play_tokens(s, {"pass"})) {
      CHECK(s.advisors_in_hand[0] == card_bit(10) && s.cash[0] == 26);
      CHECK(s.advisors_in_hand[1] == card_bit(13) && s.cash[1] == 24);
      CHECK(s.leader == 1 && s.round == 1 && is_chance(s));
    }
  }
  {
    // Sales Associates: a passer taking one pays nothing; the winner taking one pays in full.
    State s = initial_state(make_config(3, 0));
    if (play_tokens(s, {kRemoval, "deal:1,2,3", "bid:5", "bid:6", "bid:7", "pass", "pass"}))
      CHECK(s.cash[0] == 28 && s.cash[1] == 28 && s.cash[2] == 21 && has_card(s.advisors_in_hand[2], 3));
    // Seat 2 leads; passing with a bid of 5 pays 5 - floor(5/2) = 3.
    if (play_tokens(s, {"deal:8,9,20", "bid:5", "bid:6", "pass", "pass"}))
      CHECK(s.cash[0] == 22 && s.cash[1] == 28 && s.cash[2] == 18 && has_card(s.advisors_in_hand[0], 20) &&
            has_card(s.advisors_in_hand[1], 8) && has_card(s.advisors_in_hand[2], 9));
    // Seat 0 leads and passes at once: Consultant 4 collects 1 from seat 2, its right.
    if (play_tokens(s, {"deal:4,11,12", "pass", "pass"}))
      CHECK(s.cash[0] == 23 && s.cash[1] == 28 && s.cash[2] == 17 && has_card(s.advisors_in_hand[2], 12));
  }
  {
    // Consultant: the fee comes only from cash that is not a standing bid.
    State s = initial_state(make_config(3, 0));
    if (play_tokens(s, {kRemoval, "deal:4,10,20", "bid:28", "pass"}))  // seat 1 takes 4; seat 0 has nothing free
      CHECK(s.cash[0] == 28 && s.cash[1] == 28 && s.bid[0] == 28);
    if (play_tokens(s, {"pass"})) CHECK(s.cash[0] == 0 && has_card(s.advisors_in_hand[0], 20));
    // Seat 0 (no cash) leads and passes; seat 1 takes Consultant 5 and gets nothing from seat 0.
    if (play_tokens(s, {"deal:1,5,22", "pass", "pass"}))
      CHECK(s.cash[0] == 0 && s.cash[1] == 28 && s.cash[2] == 28 && has_card(s.advisors_in_hand[1], 5));
    // Seat 2 leads and bids 1; seat 0 passes and takes Consultant 6: seat 2 pays 1 from its free cash.
    if (play_tokens(s, {"deal:6,7,21", "bid:1", "pass", "pass"}))
      CHECK(s.cash[0] == 1 && s.cash[1] == 28 && s.cash[2] == 26 && has_card(s.advisors_in_hand[2], 21) &&
            has_card(s.advisors_in_hand[0], 6));
  }
  {
    // Buying example: Chloe (2) leads, vehicles 9, 12, 30; she plays General
    // Manager 29, Isaac Lawyer 21, Becky boosts Fleet Manager 15 for 3.
    State s = hand_built_state(Phase::kBuying, 2);
    s.advisors_in_hand[0] = card_bit(21);
    s.advisors_in_hand[1] = card_bit(15);
    s.advisors_in_hand[2] = card_bit(29);
    if (play_tokens(s, {"deal:9,12,30", "play:29", "play:21", "play:15+"})) {
      CHECK(s.vehicles[1] == card_bit(30) && s.cash[1] == 25);
      CHECK(s.vehicles[2] == card_bit(12) && s.cash[2] == 32);  // General Manager +4
      CHECK(s.vehicles[0] == card_bit(9) && s.cash[0] == 28);
      CHECK(s.leader == 1 && s.advisors_played[0] == card_bit(21));
    }
  }
  {
    // Sales Directors: +3 when the vehicle is at least the Director's number.
    State s = hand_built_state(Phase::kBuying, 0);
    s.advisors_in_hand[0] = card_bit(18);
    s.advisors_in_hand[1] = card_bit(17);
    s.advisors_in_hand[2] = card_bit(16);
    if (play_tokens(s, {"deal:5,17,20", "play:18", "play:17", "play:16"})) {
      CHECK(s.vehicles[0] == card_bit(20) && s.cash[0] == 31);
      CHECK(s.vehicles[1] == card_bit(17) && s.cash[1] == 31);
      CHECK(s.vehicles[2] == card_bit(5) && s.cash[2] == 28);
    }
  }
  {
    // Mechanic example: checks 15, 10, 4; seat 0 sells 6 against 25 and 27 and
    // uses its Mechanic to take 10; the 25 gets 4.
    State s = hand_built_state(Phase::kSelling, 0);
    s.vehicles[0] = card_bit(6) | card_bit(1);
    s.vehicles[1] = card_bit(25) | card_bit(2);
    s.vehicles[2] = card_bit(27) | card_bit(3);
    s.advisors_played[0] = card_bit(7) | card_bit(8);
    if (play_tokens(s, {"deal:15,10,4", "sell:6", "sell:25", "sell:27"})) {
      CHECK(to_move(s) == 0 && legal_tokens(s) == std::vector<std::string>({"mech:use", "mech:skip"}));
      if (play_tokens(s, {"mech:use"})) {
        CHECK(check_value_sum(s.checks[0]) == 10 && check_value_sum(s.checks[1]) == 4 &&
              check_value_sum(s.checks[2]) == 15);
        CHECK(s.advisors_spent[0] == card_bit(7));  // the lowest Mechanic is spent
        CHECK(s.vehicles[0] == card_bit(1) && s.vehicles[1] == card_bit(2) && s.vehicles[2] == card_bit(3));
      }
    }
    // Asked again (its other Mechanic) even when the swap changes nothing; skipping keeps it.
    if (play_tokens(s, {"deal:0,0,5", "sell:1", "sell:2", "sell:3", "mech:skip"})) {
      CHECK(s.advisors_spent[0] == card_bit(7) && is_terminal(s) == false);
      CHECK(check_value_sum(s.checks[2]) == 20);
    }
  }
  {
    // Lawyers: two vehicles and a Lawyer; take-backs in increasing Lawyer value.
    State s = hand_built_state(Phase::kSelling, 0);
    s.vehicles[0] = card_bit(10) | card_bit(11) | card_bit(1);
    s.vehicles[1] = card_bit(20) | card_bit(2) | card_bit(4);
    s.vehicles[2] = card_bit(30) | card_bit(29) | card_bit(3);
    s.advisors_played[0] = card_bit(21);
    s.advisors_played[2] = card_bit(19) | card_bit(20);
    if (play_tokens(s, {"deal:2,3,4", "sell:11,10", "sell:20", "sell:29,30@20"})) {
      CHECK(s.sell_step == SellStep::kKeep && to_move(s) == 2);  // Lawyer 20 before 21
      if (play_tokens(s, {"keep:30"})) CHECK(to_move(s) == 0 && has_card(s.advisors_spent[2], 20));
      if (play_tokens(s, {"keep:10"})) {
        // Sold: 11, 20, 29 -> 29 takes 4, 20 takes 3, 11 takes 2.
        CHECK(s.vehicles[0] == (card_bit(10) | card_bit(1)) && s.vehicles[2] == (card_bit(30) | card_bit(3)));
        CHECK(check_value_sum(s.checks[2]) == 4 && check_value_sum(s.checks[1]) == 3 &&
              check_value_sum(s.checks[0]) == 2);
        // Seat 2's remaining Lawyer is 19: sell:N,M without @ uses it.
        if (play_tokens(s, {"deal:5,6,7"})) {
          CHECK(legal_tokens(s).size() == 2);  // seat 0's Lawyer is spent
          if (play_tokens(s, {"sell:1", "sell:2", "sell:3,30"})) CHECK(s.sell[2] == (SellChoice{3, 30, 19}));
        }
      }
    }
  }
  {
    // Scoring example with ties: equal score and cash share the win.
    State s = initial_state(make_config(3, 0));
    s.phase = Phase::kOver;
    s.cash[0] = 10;
    s.cash[1] = 10;
    s.cash[2] = 12;
    s.checks[0] = check_ids_of_values({5});
    s.checks[1] = check_ids_of_values({3, 2});
    s.checks[2] = check_ids_of_values({0, 0});
    CHECK(final_score(s, 0) == 15 && final_score(s, 1) == 15 && final_score(s, 2) == 12);
    CHECK(winners(s) == (card_bit(0) | card_bit(1)));
    s.cash[2] = 15;  // 15 + 0: same score as seats 0 and 1, more cash
    CHECK(winners(s) == card_bit(2));
  }
  g_context.clear();
}

void test_canonical_checks() {
  g_context = "canonical checks";
  Rng rng(0xCAFE);
  for (int trial = 0; trial < 200000; ++trial) {
    const CardMask pool = random_subset(kCheckDeck, 1 + int(rng.below(30)), rng);
    const CardMask drawn = random_subset(pool, 1 + int(rng.below(uint32_t(card_count(pool)))), rng);
    for (bool highest_first : {false, true}) {
      const CardMask canonical = canonical_checks(pool, drawn, highest_first);
      CHECK_MSG(canonical == canonical_checks_by_card(pool, drawn, highest_first),
                "pool " + mask_string(pool) + " drawn " + mask_string(drawn));
      CHECK((canonical & ~pool) == 0 && card_count(canonical) == card_count(drawn));
    }
  }
  g_context.clear();
}

}  // namespace pyai::forsale::testing
