// For Sale as the search sees it: the adapter that search/tree_search.h is
// written against. Everything game-specific the search needs is here, so the
// search holds no For Sale code.
#pragma once

#include <algorithm>

#include "../core/rng.h"
#include "../search/search_types.h"
#include "../search/tree_search.h"
#include "heuristic.h"
#include "information.h"
#include "playout.h"
#include "rules.h"
#include "scoring.h"

namespace pyai::forsale {

struct SearchGame {
  using State = forsale::State;
  using View = forsale::View;
  using Action = forsale::Action;
  using ActionList = forsale::ActionList;
  using NodeKind = search::NodeKind;
  static constexpr int kMaxSeats = kMaxPlayers;
  // Final money is divided by about its spread between seats at the end of a
  // game, so that money differences weigh against the UCB exploration term as
  // win shares do (dividing by 100 left them so small that the search explored
  // almost uniformly: measured 0.03 win share against the heuristic).
  static constexpr float kScoreScale = 20.0f;

  static const State& view_state(const View& view) { return view.state; }
  static int players(const State& s) { return s.num_players; }

  static NodeKind kind(const State& s) {
    if (is_terminal(s)) return NodeKind::kTerminal;
    if (s.awaiting_deal) return NodeKind::kChance;
    return forsale::is_choose_step(s) ? NodeKind::kSimultaneous : NodeKind::kDecision;
  }
  // PIMC sees every secret: a choose step is a visible move of the seat in turn.
  static NodeKind perfect_kind(const State& s) {
    const NodeKind k = kind(s);
    return k == NodeKind::kSimultaneous ? NodeKind::kDecision : k;
  }

  static int acting_seat(const State& s) { return s.turn; }
  static void legal_actions(const State& s, ActionList& out) { forsale::legal_actions(s, out); }

  // The moves the tree expands: the legal moves, with bids above the high bid
  // + max_raise left out when that cap is set (raising by one can always be
  // answered; the cap concentrates the auction's wide branching).
  static void tree_actions(const State& s, int max_raise, ActionList& out) {
    forsale::legal_actions(s, out);
    if (max_raise <= 0 || s.phase != Phase::kAuction) return;
    const int cap = s.high_bid + max_raise;
    ActionList kept;
    for (Action a : out)
      if (move_kind(a) != MoveKind::kBid || bid_total(a) <= cap) kept.push_back(a);
    out = kept;
  }
  static void apply(State& s, Action a) { apply_action(s, a); }
  // The heuristic player's move (deterministic: noise 0 draws nothing): the
  // tree's progressive bias. It reads only what the acting seat may know.
  static Action prior_action(const State& s, Rng& rng) { return heuristic_action(s, rng, 0); }

  static bool is_simultaneous_participant(const State& s, int seat) { return !has_card(s.sells_submitted, seat); }
  static void legal_actions_for(const State& s, int seat, ActionList& out) {
    out.clear();
    legal_sells(s, seat, out);
  }
  // Sells are applied in seat order, as the rules record them.
  static void apply_simultaneous(State& s, int /*seat*/, Action a) { apply_action(s, a); }

  // Turns up random cards; the outcome key is what every seat then observes.
  static uint64_t apply_chance(State& s, Rng& rng) {
    if (s.phase == Phase::kSetup) {  // the removal is unseen: one outcome for the observer
      apply_random_chance(s, rng);
      return 0;
    }
    const CardMask deal = sample_deal(s, rng);
    apply_deal(s, deal);
    return deal;
  }
  static uint64_t chance_step_id(const State& s) { return uint64_t(s.phase) * 64 + s.round; }

  static State determinize(const View& view, Rng& rng) { return forsale::determinize(view, rng); }

  // Below the tree: the heuristic player with some random moves mixed in
  // (so rollouts see plausible play, not money burnt on random bids), or
  // uniformly random moves.
  static Action rollout_action(const State& s, Rng& rng, const search::SearchConfig& config, ActionList& scratch) {
    if (config.rollout == search::RolloutPolicy::kHeuristic)
      return heuristic_action(s, rng, config.rollout_noise_percent);
    (void)scratch;
    return random_action(s, rng);
  }

  // Per seat: the objective's reward, the win share (1/k for k tied winners) and final money.
  // With the win objective and a margin weight, the reward adds the weighted
  // money margin to the best other seat (scaled, clamped to [-1, 1]): when every
  // move wins about as rarely (a seat well behind), the win share alone gives
  // the search nothing to choose by.
  static void outcomes(const State& s, const search::SearchConfig& config, float* reward, float* win, float* money) {
    int scores[kMaxPlayers];
    for (int p = 0; p < s.num_players; ++p) scores[p] = final_score(s, p);  // once: winners come from them
    const CardMask won = winners_from_scores(s, scores);
    const float share = 1.0f / float(card_count(won));
    for (int p = 0; p < s.num_players; ++p) {
      win[p] = has_card(won, p) ? share : 0.0f;
      money[p] = float(scores[p]);
    }
    for (int p = 0; p < s.num_players; ++p) {
      if (config.objective != search::Objective::kWin) {
        reward[p] = money[p] / kScoreScale;
        continue;
      }
      reward[p] = win[p];
      if (config.margin_weight > 0) {
        float best_other = -1e9f;
        for (int q = 0; q < s.num_players; ++q)
          if (q != p && money[q] > best_other) best_other = money[q];
        const float margin = std::clamp((money[p] - best_other) / kScoreScale, -1.0f, 1.0f);
        reward[p] += config.margin_weight * margin;
      }
    }
  }
};

// The view the tree search starts from: other seats' secret sells that were
// made but not revealed are taken back, so that the search's own bandits
// model those choices (simultaneous moves: the order of choosing does not
// matter) instead of fixing them at random.
inline View search_view(const View& view) {
  View open = view;
  State& s = open.state;
  if (view.hidden_sells) {
    s.sells_submitted &= uint8_t(~view.hidden_sells);
    s.turn = uint8_t(lowest_card(~CardMask(s.sells_submitted)));
    open.hidden_sells = 0;
  }
  return open;
}

}  // namespace pyai::forsale
