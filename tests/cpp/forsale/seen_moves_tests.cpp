// Moves seen by a partial view (apply_seen): a view with other seats' cash
// and hands forgotten follows a random game to its end.

#include <algorithm>
#include <string>

#include "forsale_tests.h"
#include "forsale/information.h"
#include "forsale/position.h"
#include "forsale/seen_moves.h"

namespace pyai::forsale::testing {

// A seat's view, some of the other seats' cash and hands forgotten, follows
// the rest of a random game through apply_seen: it stays true to the game
// (known facts equal, unknown ones counted and in range) to the end, and its
// determinisations play out. The forgotten cash ranges end at the true cash,
// so that a Consultant's fee, taken as paid when the range allows it, is
// paid in the game too.
void test_seen_moves(int games, uint64_t seed) {
  Rng rng(seed ^ 0x5ee17u);
  for (int game = 0; game < games; ++game) {
    const int players = kMinPlayers + game % (kMaxPlayers - kMinPlayers + 1);
    const Config config = make_config(players, int(rng.below(uint32_t(players))), /*classic=*/game % 2 == 1);
    g_context = "seen moves: players " + std::to_string(players) + (config.classic ? ", classic" : "") + ", game " +
                std::to_string(game);
    State truth = initial_state(config);
    ActionList legal;
    const auto step = [&]() -> std::string {
      if (is_chance(truth)) {
        if (truth.phase == Phase::kSetup) {
          apply_deal(truth, sample_deal(truth, rng));  // nobody sees the removal
          return format_action(truth, deal_action(truth.table));
        }
        const CardMask cards = sample_deal(truth, rng);
        const std::string token = format_action(truth, deal_action(cards));
        apply_deal(truth, cards);
        return token;
      }
      legal_actions(truth, legal);
      const Action action = legal[rng.below(uint32_t(legal.size()))];
      const std::string token = format_action(truth, action);
      apply_action(truth, action);
      return token;
    };
    const int start = 5 + int(rng.below(60));
    for (int i = 0; i < start && !is_terminal(truth); ++i) step();
    const int observer = int(rng.below(uint32_t(players)));
    View view = view_of(truth, observer);
    if (is_terminal(truth) || view.hidden_sells) continue;
    for (int p = 0; p < players; ++p) {
      if (p == observer) continue;
      if (rng.below(2) == 0) forget_cash(view, p, std::max(0, truth.cash[p] - int(rng.below(12))), truth.cash[p]);
      if (rng.below(2) == 0) forget_hand(view, p, Deck::kAdvisors);
      if (rng.below(2) == 0) forget_hand(view, p, Deck::kVehicles);
    }
    for (g_step = 0; !is_terminal(truth); ++g_step) {
      const std::string token = step();
      try {
        CHECK_MSG(apply_seen(view, token) == token, "the canonical token of " + token);
      } catch (const GameError& e) {
        CHECK_MSG(false, "the view refused " + token + ": " + e.what());
        break;
      }
      const State& seen = view.state;
      bool true_to_game = seen.phase == truth.phase && seen.round == truth.round && seen.table == truth.table &&
                          to_move(seen) == to_move(truth);
      for (int p = 0; p < players; ++p) {
        true_to_game = true_to_game && (seen.advisors_in_hand[p] & ~truth.advisors_in_hand[p]) == 0 &&
                       (seen.vehicles[p] & ~truth.vehicles[p]) == 0 &&
                       card_count(seen.advisors_in_hand[p]) + view.unknown_advisors[p] ==
                           card_count(truth.advisors_in_hand[p]) &&
                       card_count(seen.vehicles[p]) + view.unknown_vehicles[p] == card_count(truth.vehicles[p]) &&
                       view.cash_low[p] <= truth.cash[p] && truth.cash[p] <= view.cash_high[p] &&
                       seen.checks[p] == truth.checks[p] && seen.advisors_played[p] == truth.advisors_played[p];
      }
      if (!CHECK_MSG(true_to_game, "the view no longer fits the game after " + token + ": view " +
                                       write_position(view) + " game " + write_position(truth)))
        break;
      if (rng.below(8) == 0 && !is_terminal(seen) && !view.hidden_sells) {
        State sample = determinize(view, rng);
        ActionList moves;
        for (int guard = 0; !is_terminal(sample) && guard < 2000; ++guard) {
          if (is_chance(sample)) {
            apply_random_chance(sample, rng);
            continue;
          }
          legal_actions(sample, moves);
          if (!CHECK_MSG(!moves.empty(), "a determinisation of the view has no move")) break;
          apply_action(sample, moves[rng.below(uint32_t(moves.size()))]);
        }
        CHECK_MSG(is_terminal(sample), "a determinisation of the view did not play out");
      }
    }
  }
  g_context.clear();
  g_step = -1;
}

}  // namespace pyai::forsale::testing
