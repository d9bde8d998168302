// Automania as the search sees it: the Game concept (search/game.h), with the
// hand-written player (heuristic.h) as the heuristic bot, the rollout policy
// and the tree's bias, and the learned evaluation (value_model.h) ending
// rollouts where a later round is about to be dealt (see search_defaults).
#pragma once

#include <span>

#include "../core/rng.h"
#include "../search/game.h"
#include "../search/settings.h"
#include "chance.h"
#include "heuristic.h"
#include "information.h"
#include "playout.h"
#include "rules.h"
#include "scoring.h"
#include "value_model.h"

namespace pyai::automania {

// Automania's tree has no move filter of its own yet.
struct TreeOptions {};

struct SearchGame {
  using State = automania::State;
  using View = automania::View;
  using Action = automania::Action;
  using TreeOptions = automania::TreeOptions;
  using NodeKind = search::NodeKind;
  static constexpr int kMaxSeats = kMaxPlayers;
  static constexpr int kMaxActions = kMaxLegalMoves;
  // Final VP differ between seats by about this much.
  static constexpr float kScoreScale = 20.0f;

  static int players(const View& view) { return view.state.num_players; }

  static NodeKind kind(const State& s) {
    if (is_terminal(s)) return NodeKind::kTerminal;
    return is_chance(s) ? NodeKind::kChance : NodeKind::kDecision;
  }
  static int acting_seat(const State& s) { return s.turn; }
  static void legal_actions(const State& s, ActionList& out) { automania::legal_actions(s, out); }
  static void tree_actions(const State& s, int /*searching_seat*/, const TreeOptions&, ActionList& out) {
    automania::legal_actions(s, out);
  }
  static void apply(State& s, Action a) { apply_action(s, a); }

  // A private card (a starting contract, a deck draw) is one outcome (key 0)
  // to every seat but its receiver; everything else is seen by all.
  static uint64_t apply_chance(State& s, Rng& rng, int observer) {
    const ChanceOutcome outcome = sample_outcome(s, rng);
    const uint64_t key = outcome_key(s, outcome, observer);
    apply_outcome(s, outcome);
    return key;
  }
  static uint64_t chance_step_id(const State& s) { return automania::chance_step_id(s); }

  static State determinize(const View& view, Rng& rng) { return automania::determinize(view, rng); }
  static Action random_action(const State& s, Rng& rng) { return automania::random_action(s, rng); }
  // Reads only what the acting seat may know (heuristic.h), so it runs on a
  // determinisation as on the seat's view.
  static Action heuristic_action(const State& s, Rng& rng) { return automania::heuristic_action(s, rng); }

  // By default the heuristic player plays the rollouts, which stop where a
  // later round is about to be dealt and are valued there by the learned
  // evaluation, and the heuristic's move steers the tree (prior_weight; asked
  // once per tree node). Measured at 3 players (docs/automania.md, "The
  // search"): random rollouts value a move by what random players would make
  // of it; heuristic rollouts to the round's end cost a few times a whole
  // random rollout, and at equal time they beat the random-rollout search
  // clearly. Whole heuristic rollouts are the better estimate at equal
  // iterations but cost five times as much, and at equal time they measured
  // level with these (docs/results.md, "Growth past 2,000"). Without the
  // bias, random-rollout searches lost badly to the heuristic bot (they
  // wanted 100); with heuristic rollouts a bias of 5 to 40 beats both 100 and
  // none at 2,000 iterations and is level with 100 at 10,000
  // (docs/results.md, "Progressive bias").
  static constexpr float kPriorWeight = 20.0f;
  static void search_defaults(search::SearchConfig& config) {
    config.rollout = search::RolloutPolicy::kHeuristic;
    config.evaluation = search::LeafEvaluation::kModel;
    config.prior_weight = kPriorWeight;
  }

  // The learned evaluation (value_model.h): where a later round is about to be dealt.
  static constexpr int kValueFeatures = automania::kValueFeatures;
  static bool is_evaluation_point(const State& s) { return is_round_boundary(s); }
  static int value_bucket(const State& s) { return automania::value_bucket(s); }
  static void value_features(const State& s, int seat, float* out) { automania::value_features(s, seat, out); }
  static bool evaluate(const State& s, float* win, float* vp) { return evaluate_position(s, win, vp); }

  // Per seat: 1 for the winner (ties are broken by the sales offices), and its VP.
  static void outcomes(const State& s, float* win, float* vp) {
    const int best = winner(s);
    for (int p = 0; p < s.num_players; ++p) {
      win[p] = p == best ? 1.0f : 0.0f;
      vp[p] = float(s.seat[p].vp);
    }
  }

  // What a seat knows and the others do not: the contracts in its hand (its
  // starting contract and its deck draws; those taken from the display are
  // known to all and the same in every sample), and its money, which is the
  // same in every sample unless the searching seat did not track it (a
  // position set up with `money S ?` or a range).
  static uint64_t private_key(const State& s, int seat) {
    return uint64_t(s.seat[seat].hand) | (uint64_t(uint16_t(s.seat[seat].money)) << 32);
  }
};

// No tree options yet: an empty settings table.
inline std::span<const search::Setting<TreeOptions>> tree_settings() { return {}; }

static_assert(search::Game<SearchGame> && search::HasHeuristic<SearchGame> && search::HasSearchDefaults<SearchGame> &&
              search::HasValueModel<SearchGame>);

}  // namespace pyai::automania
