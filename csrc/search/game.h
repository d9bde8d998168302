// What the search needs from a game: the Game concept.
//
// A game is a type G with static functions over a small plain-data State
// (copied with memcpy: a determinisation is a copy plus a resample). The
// search is written once against this concept, as templates, so a game adds
// no search code and the hot loop makes no virtual calls.
//
// Information. The search sees a game only through a View: what one seat
// (the observer) knows. G::determinize samples everything the View hides, so
// nothing hidden from the observer can steer its search. Inside the tree,
// edges are what the searching seat observes:
//   * a decision's action is seen by every seat (a game whose moves are
//     secret models them as a simultaneous step, revealed jointly);
//   * a chance outcome is keyed by what the observer sees of it: a card
//     dealt face up is its card, a card dealt privately to another seat is
//     one outcome (key 0) whatever the card, a card dealt to the observer is
//     its card. With perfect information (PIMC) every seat sees everything.
//
// Outcomes. A game reports raw per-seat results (a win share and a score);
// the search shapes rewards from them (the objective, a money margin) once,
// for every game.
//
// A game's own move filters (a cap on jump bids in an auction, say) are its
// TreeOptions: plain settings the game declares, read by G::tree_actions.
// A game may also set its own defaults for the shared search settings
// (HasSearchDefaults: a betting game may play for its chips, not for the win).
#pragma once

#include <concepts>
#include <cstdint>
#include <type_traits>

#include "../core/fixed_vector.h"
#include "../core/rng.h"
#include "search_types.h"

namespace pyai::search {

enum class NodeKind : uint8_t { kDecision, kChance, kSimultaneous, kTerminal };

// Passed as the observer of a chance step under perfect information (PIMC):
// every seat sees every outcome.
constexpr int kEverySeat = -1;

template <typename G>
using ActionList = FixedVector<typename G::Action, std::size_t(G::kMaxActions)>;

template <typename G>
concept Game = requires(typename G::State& state, const typename G::State& cstate, const typename G::View& view,
                        ActionList<G>& actions, typename G::Action action, Rng& rng,
                        const typename G::TreeOptions& options, int seat, float* per_seat) {
  // Plain data: the search copies states by the million.
  requires std::is_trivially_copyable_v<typename G::State>;
  requires std::is_trivially_copyable_v<typename G::View>;
  // An action is a small integer, at most 32 bits (tree nodes store it in 4 bytes).
  requires std::is_integral_v<typename G::Action> && sizeof(typename G::Action) <= 4;
  // Plain settings of the game's own tree policy; default-constructed = the game's defaults.
  requires std::is_default_constructible_v<typename G::TreeOptions>;

  // The most seats any game of G has.
  { G::kMaxSeats } -> std::convertible_to<int>;
  // No state has more legal actions for a seat than this (the shared game
  // suite checks it): move lists hold kMaxActions and nothing is dropped.
  { G::kMaxActions } -> std::convertible_to<int>;
  // About the spread of final scores between seats: scores divided by it
  // weigh against the exploration term as win shares do.
  { G::kScoreScale } -> std::convertible_to<float>;

  // The number of seats in the viewed game.
  { G::players(view) } -> std::convertible_to<int>;
  // Who acts next: a decision, a chance step, a simultaneous step, or the end.
  { G::kind(cstate) } -> std::same_as<NodeKind>;
  // At a decision: the seat that makes it. At a simultaneous step: one seat
  // that still has to choose (PIMC and rollouts let it choose first).
  { G::acting_seat(cstate) } -> std::convertible_to<int>;
  // At a decision: every legal action of the acting seat, in increasing order.
  G::legal_actions(cstate, actions);
  // At a decision: the actions the tree expands (a subset of the legal ones,
  // in increasing order; the legal ones unless the game's options filter).
  // `seat` is the searching seat.
  G::tree_actions(cstate, seat, options, actions);
  // Plays a legal action of the acting seat.
  G::apply(state, action);
  // At a chance step: draws an outcome from the true distribution given the
  // state, applies it, and returns its key as `seat` observes it (see the
  // top of this file; seat may be kEverySeat).
  { G::apply_chance(state, rng, seat) } -> std::same_as<uint64_t>;
  // A number naming this chance step within its game (e.g. phase and round),
  // so that PIMC can draw the same outcome for it on every path of a tree.
  { G::chance_step_id(cstate) } -> std::convertible_to<uint64_t>;
  // A full state consistent with the view, every hidden part sampled.
  { G::determinize(view, rng) } -> std::same_as<typename G::State>;
  // A uniformly random legal action of the acting seat (rollouts), also at a
  // simultaneous step.
  { G::random_action(cstate, rng) } -> std::convertible_to<typename G::Action>;
  // At the end: per seat, its share of the win (a win shared by k seats
  // counts 1/k) and its final score, in the game's own units.
  G::outcomes(cstate, per_seat, per_seat);
};

// Optional: a hand-written player: a legal action of the acting seat (also at
// a simultaneous step) that reads only what that seat may know, and is the
// same for the same knowledge (the tree asks it once per node where the
// acting seat's knowledge is fixed, and keeps its answer). Used for heuristic
// rollouts and the tree's progressive bias.
template <typename G>
concept HasHeuristic = Game<G> && requires(const typename G::State& state, Rng& rng) {
  { G::heuristic_action(state, rng) } -> std::convertible_to<typename G::Action>;
};

// Optional, with a heuristic: the game's own rollout policy, where it should
// differ from its heuristic player (which stays the model of heuristic
// opponents and the tree's prior). A legal action of the acting seat (also at
// a simultaneous step) that reads only what that seat may know; the game's
// tree options may tune it. Without it, heuristic rollouts play the heuristic.
template <typename G>
concept HasRolloutPolicy =
    HasHeuristic<G> && requires(const typename G::State& state, Rng& rng, const typename G::TreeOptions& options) {
      { G::rollout_action(state, rng, options) } -> std::convertible_to<typename G::Action>;
    };

// Optional: secret choices made at the same time and revealed together
// (sealed bids). At a kSimultaneous step every participant chooses
// without seeing the others' choices; the search gives each participant its
// own bandit, so no seat's choice can depend on another's secret.
template <typename G>
concept HasSimultaneousMoves =
    Game<G> && requires(typename G::State& state, const typename G::State& cstate, const typename G::View& view,
                        ActionList<G>& actions, typename G::Action action, int seat) {
      // Whether `seat` still has to choose in this step.
      { G::is_simultaneous_participant(cstate, seat) } -> std::convertible_to<bool>;
      // The secret choices open to `seat`, in increasing order.
      G::legal_actions_for(cstate, seat, actions);
      // Records `seat`'s choice; the step resolves once every participant has chosen.
      G::apply_simultaneous(state, seat, action);
      // The view with choices that other seats made secretly in the current
      // step taken back, so the search's bandits model them instead of
      // fixing them at random (the order of choosing does not matter).
      { G::reopen_simultaneous_step(view) } -> std::same_as<typename G::View>;
    };

// Optional, with a heuristic: how often a player who is not the heuristic
// still makes the heuristic's move at this kind of decision (the acting
// seat's decision or secret choice in `state`), a share in (0, 1). The
// opponent model (opponent_model.h) weighs an agreement with the heuristic
// against it: agreeing where everyone agrees says little, agreeing where few
// do says much. Without it, OpponentEvidence::kAgreement for every decision.
template <typename G>
concept HasHeuristicAgreement = HasHeuristic<G> && requires(const typename G::State& state) {
  { G::heuristic_agreement(state) } -> std::convertible_to<double>;
};

// Optional, with a heuristic and simultaneous moves: the heuristic's secret
// choice for `seat` at a simultaneous step, any participant still to choose
// (not only the acting one), reading only what that seat may know. Lets the
// tree play a seat modelled as the heuristic player (opponent_model.h) at a
// secret choice; without it such a seat keeps its bandit there.
template <typename G>
concept HasSimultaneousHeuristic =
    HasHeuristic<G> && HasSimultaneousMoves<G> && requires(const typename G::State& state, int seat, Rng& rng) {
      { G::heuristic_choice(state, seat, rng) } -> std::convertible_to<typename G::Action>;
    };

// Optional: private information — what a seat knows that others do not (its
// own cards, say). At another seat's decision the search then keeps that
// seat's move statistics per its private information, so each possible hand
// is played as its holder would play it, instead of all hands fused into one
// average. Equal keys for states the seat cannot tell apart.
template <typename G>
concept HasPrivateInformation = Game<G> && requires(const typename G::State& state, int seat) {
  { G::private_key(state, seat) } -> std::convertible_to<uint64_t>;
};

// Optional: the game's own defaults for the shared search settings (its
// natural objective, say), applied over SearchConfig's; settings a caller
// gives override them.
template <typename G>
concept HasSearchDefaults = Game<G> && requires(SearchConfig& config) { G::search_defaults(config); };

// Optional: a chance outcome dealt again by its key. At a chance step, applies
// the outcome that `seat` observes as `key` (a key apply_chance returned at
// this step of the tree, in another determinisation) if this state can
// produce it and the key names it whole (not a card hidden from `seat`), and
// says whether it did; the state is unchanged when it did not. Lets the tree
// go on below chance steps with many outcomes (chance widening).
template <typename G>
concept HasChanceReplay = Game<G> && requires(typename G::State& state, uint64_t key, int seat) {
  { G::replay_chance(state, key, seat) } -> std::same_as<bool>;
};

// Optional: chance outcomes grouped by what plays alike. After a chance step
// applied to `state` whose outcome `seat` observed as `key`, the key of the
// group that outcome falls in at `level` (1 to kMaxChanceAbstraction: higher
// levels tell more outcomes apart), so that the tree keeps one child per group
// (SearchConfig::chance_abstraction). An outcome the game does not group (one
// no seat sees, say) keeps its own key.
inline constexpr int kMaxChanceAbstraction = 16;
template <typename G>
concept HasChanceAbstraction = Game<G> && requires(const typename G::State& state, uint64_t key, int level) {
  { G::abstract_chance(state, key, level) } -> std::convertible_to<uint64_t>;
};

// Optional: a hand that starts from a public state (a poker hand before its
// deal), so that a search can play the whole hand from there, every seat's
// private cards dealt afresh (SearchConfig::algorithm kCfr: cfr_search.h).
template <typename G>
concept HasHandStart = Game<G> && requires(const typename G::View& view, const typename G::State& state, int seat) {
  // The state the viewed hand started from, before anything private was
  // dealt: nothing in it is hidden from any seat.
  { G::hand_start(view) } -> std::same_as<typename G::State>;
  // What `seat` knows of `state`, a decision of `seat` since the hand start:
  // the same key for every state it cannot tell apart. It may also be the
  // same for states that play exactly alike (cards that differ only by a
  // suit that never matters), which the search then learns as one.
  { G::information_key(state, seat) } -> std::convertible_to<uint64_t>;
};

// Optional: a learned evaluation. At an evaluation point (a round about to be
// dealt, say) it estimates each seat's win share and final score from a
// model fitted to self-play (search/value_samples.h records the positions and
// outcomes to fit it on), so that a rollout may stop there
// (SearchConfig::evaluation). The model sees each seat through the same
// value_features the fitting read; value_bucket names the weights that
// value the point (one set per phase and round, say).
template <typename G>
concept HasValueModel = Game<G> && requires(const typename G::State& state, int seat, float* out) {
  { G::kValueFeatures } -> std::convertible_to<int>;
  { G::is_evaluation_point(state) } -> std::convertible_to<bool>;
  { G::value_bucket(state) } -> std::convertible_to<int>;
  G::value_features(state, seat, out);
  // At an evaluation point: per seat, the estimated win share (summing to 1)
  // and final score, as G::outcomes gives them at the end; false (and nothing
  // written) where the model has no fitted weights.
  { G::evaluate(state, out, out) } -> std::same_as<bool>;
};

}  // namespace pyai::search
