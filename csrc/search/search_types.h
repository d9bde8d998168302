// What a search is asked to do and what it reports, independent of the game.
#pragma once

#include <cstdint>
#include <vector>

namespace pyai::search {

// What a seat plays for: its share of the win (a shared win of k counts 1/k)
// or its final money (normalised to roughly [0, 1] by the game).
enum class Objective : uint8_t { kWin, kScore };

// How a rollout picks moves below the tree.
enum class RolloutPolicy : uint8_t { kRandom, kHeuristic };

struct SearchConfig {
  uint64_t iterations = 100000;  // 0: no iteration limit (a time limit or stop() must end it)
  double time_ms = 0;            // 0: no time limit
  int threads = 1;               // root parallel: independent trees, merged at the root
  uint64_t seed = 0;
  Objective objective = Objective::kWin;
  // Win objective: adds margin_weight x (own money - best other seat's money) / the game's score scale,
  // clamped to [-1, 1], to the win share (0: the plain win share).
  float margin_weight = 0.0f;
  uint64_t max_nodes = 0;        // per search, all threads together; 0: from max_memory_mb
  uint64_t max_memory_mb = 1024;
  float exploration = 0.7f;      // UCB1 constant at sequential decisions
  float simultaneous_exploration = 0.1f;  // regret matching's uniform mix at simultaneous steps
  RolloutPolicy rollout = RolloutPolicy::kHeuristic;
  // Progressive bias at sequential decisions: the move the game's heuristic
  // player would make gets prior_weight / (visits + 1) added to its UCB score
  // and is expanded first (0: none).
  float prior_weight = 0.0f;
  // Chance steps (cards turned up): 0 keeps one child per outcome; k > 0 folds
  // the outcomes into k children by hash (1: open loop, one shared subtree).
  int chance_buckets = 0;
  int max_raise = 1;  // > 0: the tree considers bids up to the high bid + max_raise only (0: all)
  int opponent_max_raise = -1;  // the same cap for the other seats' bids in the tree (-1: max_raise)
  int rollout_noise_percent = 0;  // heuristic rollouts: share of uniformly random moves (measured: any noise loses)
  // PIMC: `determinizations` perfect-information UCT trees, one per sampled
  // state, each seeing every card and every secret; their root visits vote.
  bool perfect_information = false;
  int determinizations = 16;
};

// One move at the root, as the searching seat sees it.
struct MoveStats {
  uint32_t action = 0;
  uint64_t visits = 0;
  double policy_weight = 0;  // sum of regret-matching probabilities (simultaneous root), else visits
  double win_sum = 0;        // the searching seat's win share, summed over the move's visits
  double score_sum = 0;      // the searching seat's final money
  double score_sq_sum = 0;
};

struct SearchResult {
  std::vector<MoveStats> moves;
  bool simultaneous_root = false;  // the moves are a mixed policy (sealed sell)
  uint64_t iterations = 0;
  double elapsed_ms = 0;
  uint64_t nodes = 0;
  bool tree_full = false;          // the node cap was reached: the tree stopped growing
  // Tree shape: steps taken inside the tree summed over iterations, the
  // deepest walk, and the iterations that went on below a chance step into a
  // node made by an earlier iteration (i.e. that searched past the next deal).
  uint64_t depth_sum = 0;
  uint64_t max_depth = 0;
  uint64_t past_chance = 0;
  std::vector<double> win_sum;     // per seat, over all iterations
  std::vector<double> score_sum;
};

}  // namespace pyai::search
