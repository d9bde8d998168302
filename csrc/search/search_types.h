// What a search is asked to do and what it reports, independent of the game.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace pyai::search {

// An iteration budget of no limit (a search ended by its time or a stop).
constexpr uint64_t kNoIterationLimit = ~uint64_t(0);

// What a seat plays for: its share of the win (a shared win of k counts 1/k)
// or its final score (divided by the game's score scale).
enum class Objective : uint8_t { kWin, kScore };

// The search: information-set Monte Carlo tree search from the position the
// seat sees (tree_search.h), or counterfactual regret minimisation over the
// whole hand from its public start (cfr_search.h; games with HasHandStart).
enum class Algorithm : uint8_t { kIsmcts, kCfr };

// How a rollout picks moves below the tree.
enum class RolloutPolicy : uint8_t { kRandom, kHeuristic };

// How a leaf of the tree is valued: a rollout to the end of the game, or a
// rollout to the next evaluation point (a round boundary), valued there by
// the game's learned model (games that have one: HasValueModel).
enum class LeafEvaluation : uint8_t { kRollout, kModel };

// How the tree models the other seats: all as searching players, or each
// also as the game's heuristic player with the belief its public moves give
// (opponent_model.h).
enum class OpponentModel : uint8_t { kNone, kHeuristic };

struct SearchConfig {
  uint64_t iterations = 100000;  // 0: no iteration limit (a time limit or stop() must end it)
  double time_ms = 0;            // 0: no time limit
  int threads = 1;               // root parallel: independent trees, merged at the root
  uint64_t seed = 0;
  Algorithm algorithm = Algorithm::kIsmcts;  // PIMC (perfect_information) is a kind of ISMCTS and overrides it
  Objective objective = Objective::kWin;
  // Win objective: adds margin_weight x (own score - best other seat's score) / the game's score scale,
  // clamped to [-1, 1], to the win share (0: the plain win share).
  float margin_weight = 0.0f;
  uint64_t max_nodes = 0;        // per search, all threads together; 0: from max_memory_mb
  uint64_t max_memory_mb = 1024;
  float exploration = 0.7f;      // UCB1 constant at sequential decisions
  float simultaneous_exploration = 0.1f;  // regret matching's uniform mix at simultaneous steps
  RolloutPolicy rollout = RolloutPolicy::kHeuristic;
  // Progressive bias at sequential decisions: the move the game's heuristic
  // player would make gets prior_weight / (visits + 1) added to its UCB score
  // and is expanded first (0: none; games without a heuristic have none).
  float prior_weight = 0.0f;
  // Chance steps of games that can group their outcomes (HasChanceAbstraction):
  // k > 0 keeps one child per group of outcomes that the game says play
  // alike at level k (For Sale: a deal's cards by rank, each in one of k
  // equal bands), so that statistics below a deal are shared by the deals
  // like it and the tree can go on past it. 0: one child per outcome.
  // Chance widening, when on, turns it off (it deals one outcome again).
  int chance_abstraction = 0;
  // Chance widening (games that can replay an outcome: HasChanceReplay): a
  // chance step keeps at most ceil(chance_widening x visits^chance_widening_power)
  // outcome children; once it has that many, an iteration deals one of them
  // again (each as likely), so that the tree goes on below chance steps with
  // more outcomes than iterations (a round's deal). 0: every iteration deals
  // afresh, one child per outcome seen.
  float chance_widening = 0.0f;
  float chance_widening_power = 0.5f;
  int rollout_noise_percent = 0;  // heuristic rollouts: share of uniformly random moves
  LeafEvaluation evaluation = LeafEvaluation::kRollout;
  // At another seat's decision, keep its move statistics per its private
  // information (games that declare it: HasPrivateInformation).
  bool private_opponents = true;
  // The other seats: with kHeuristic, each seat is drawn every iteration as
  // the game's heuristic player with probability heuristic_belief[seat] (the
  // caller weighs it from opponent_prior and the seat's public moves:
  // opponent_model.h) and then plays the heuristic's moves in the tree.
  OpponentModel opponent_model = OpponentModel::kNone;
  // Small: few players are exactly the heuristic, and a belief held wrongly
  // costs; at 0.1 a searching seat was played as the heuristic long enough to
  // cost the stronger search its lead in self-play (docs/search.md).
  float opponent_prior = 0.02f;
  std::vector<float> heuristic_belief;  // per seat (empty: none is modelled)
  // PIMC: `determinizations` perfect-information UCT trees, one per sampled
  // state, each seeing every card and every secret; their root visits vote.
  bool perfect_information = false;
  int determinizations = 16;
  // The searching seat's moves at the root that the search may try (UCI's
  // `go searchmoves`), in ascending order; empty: every legal move.
  std::vector<uint32_t> root_moves;
};

// One move at the root, as the searching seat sees it.
struct MoveStats {
  uint32_t action = 0;
  uint64_t visits = 0;
  double policy_weight = 0;  // simultaneous root: the average strategy's share x draws; else visits
  double win_sum = 0;        // the searching seat's win share, summed over the move's visits
  double score_sum = 0;      // the searching seat's final money
  double score_sq_sum = 0;
  // The likely continuation after this move: the most visited child at each
  // step below it, until a chance step, another seat's private choice or a
  // secret simultaneous choice (where the tree branches on what is unknown).
  // From the tree where the move had the most visits.
  std::vector<uint32_t> continuation;
  uint64_t continuation_visits = 0;
};

struct SearchResult {
  std::vector<MoveStats> moves;
  bool simultaneous_root = false;  // the moves are a mixed policy (a secret choice)
  bool average_strategy = false;   // the moves' policy_weight is CFR's average strategy: a mixed policy
  uint64_t iterations = 0;
  double elapsed_ms = 0;
  uint64_t nodes = 0;
  bool tree_full = false;          // the node cap was reached: the tree stopped growing
  // Tree shape: steps taken inside the tree summed over iterations, the
  // deepest walk, the iterations that went on below a chance step into a
  // node made by an earlier iteration (i.e. that searched past the next deal),
  // and those whose walk reached a decision of another seat than the
  // searching one (that saw past the seat's own run of moves).
  uint64_t depth_sum = 0;
  uint64_t max_depth = 0;
  uint64_t past_chance = 0;
  uint64_t past_turn = 0;
  // Below the tree: the steps (moves, chance steps) rollouts played, and the
  // clock ticks (core/cycle_clock.h) spent in rollouts and in whole
  // iterations, whose ratio is the share of the search spent rolling out.
  uint64_t rollout_steps = 0;
  uint64_t rollout_ticks = 0;
  uint64_t iteration_ticks = 0;
  std::vector<double> win_sum;     // per seat, over all iterations
  std::vector<double> score_sum;

  // Adds another tree's statistics (root parallel threads, PIMC's trees):
  // moves matched by action, counts summed.
  void add(const SearchResult& other) {
    for (const MoveStats& m : other.moves) {
      MoveStats* mine = nullptr;
      for (MoveStats& x : moves)
        if (x.action == m.action) mine = &x;
      if (!mine) {
        moves.push_back(m);
        continue;
      }
      mine->visits += m.visits;
      mine->policy_weight += m.policy_weight;
      mine->win_sum += m.win_sum;
      mine->score_sum += m.score_sum;
      mine->score_sq_sum += m.score_sq_sum;
      if (m.continuation_visits > mine->continuation_visits) {
        mine->continuation = m.continuation;
        mine->continuation_visits = m.continuation_visits;
      }
    }
    win_sum.resize(std::max(win_sum.size(), other.win_sum.size()), 0.0);
    score_sum.resize(std::max(score_sum.size(), other.score_sum.size()), 0.0);
    for (size_t p = 0; p < other.win_sum.size(); ++p) {
      win_sum[p] += other.win_sum[p];
      score_sum[p] += other.score_sum[p];
    }
    average_strategy = average_strategy || other.average_strategy;
    iterations += other.iterations;
    nodes += other.nodes;
    depth_sum += other.depth_sum;
    max_depth = std::max(max_depth, other.max_depth);
    past_chance += other.past_chance;
    past_turn += other.past_turn;
    rollout_steps += other.rollout_steps;
    rollout_ticks += other.rollout_ticks;
    iteration_ticks += other.iteration_ticks;
    tree_full = tree_full || other.tree_full;
  }
};

}  // namespace pyai::search
