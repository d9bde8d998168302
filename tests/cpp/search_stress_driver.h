// The search stress test's driver, written once against the GameSection
// concept (search_stress.h): for a game section it draws a search
// configuration and how the search ends, runs search::run_search, and checks
// the result, knowing the search only by its documented limits
// (search::nodes_per_tree, TreeSearch::kMaxDepth) and SearchResult. Each
// game's section (tests/cpp/<game>/stress_section.cpp) instantiates it and
// hands search_stress.cpp its entry (PYAI_STRESS_SECTION).
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <iterator>
#include <limits>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "search/run_search.h"
#include "search/settings.h"
#include "search_stress.h"

namespace pyai::stress {

using search::Clock;
using search::SearchConfig;
using search::SearchResult;

struct Options {
  long long searches = 2000;
  uint64_t seed = 20240601;
  long long first = 0;
  uint64_t max_iterations = 3000;
  int min_threads = 1;  // searches use min_threads..kMaxThreads threads
  std::string game;  // --game: only its searches (else each search's own game)
  double time_slack_ms = 2000;  // allowed overrun of a time budget or a stop: generous, the machine may be loaded
  bool verbose = false;
  std::string draw_flags;  // the flags given that shape the draws, to rerun one search
};

struct Coverage;

// A game of the run, as search_stress.cpp calls it: its section's coverage
// names, its claims on the searches, and the driver instantiated for it
// (entry_of, below).
struct GameEntry {
  std::string_view name;
  std::vector<std::string_view> features;
  bool (*claims)(Rng& rng, uint64_t search_seed);
  void (*run)(Rng& rng, const Options& options, Coverage& coverage);
};

// How a search is meant to end.
enum class Ending {
  kIterations,           // its iteration budget, nothing else
  kTimeBudget,           // its time budget (or an iteration budget, whichever comes first)
  kStopFromOtherThread,  // stop set by another thread at a random moment (or a budget first)
  kStoppedBeforeStart,   // stop already set when the search starts
  kPonderHit,            // pondering: its clock held until another thread releases it at a random moment
};
constexpr const char* kEndingNames[] = {"iterations", "time budget", "stop from another thread",
                                        "stopped before start", "ponderhit"};

template <GameSection S>
struct SearchCase {
  SearchConfig config;
  typename S::Game::TreeOptions options;  // the game's own
  Ending ending = Ending::kIterations;
  double stop_after_ms = 0;  // kStopFromOtherThread: the stop; kPonderHit: the clock's release
  bool repeat = false;       // run twice: the same seed and budget must give the same result
};

constexpr int kMaxThreads = 4;
// The largest time budget run_search keeps (about 3 years); the settings accept up to 1e13 ms.
constexpr double kLongestKeptBudgetMs = 1e11;

inline double log_uniform(Rng& rng, double low, double high) { return low * std::pow(high / low, rng.unit()); }

// The threads a search runs (never more than its iterations) and the trees
// it builds (ISMCTS: one a thread; PIMC: one a determinisation, never more
// than its iterations), as run_search documents them.
inline uint64_t search_threads(const SearchConfig& config) {
  const uint64_t threads = uint64_t(config.threads);
  return config.iterations ? std::min(threads, config.iterations) : threads;
}

inline uint64_t search_trees(const SearchConfig& config) {
  if (!config.perfect_information) return search_threads(config);
  const uint64_t trees = uint64_t(config.determinizations);
  return config.iterations ? std::min(trees, config.iterations) : trees;
}

// The nodes of the trees that may live at the same time (one a thread), as
// the settings document them: max_nodes for all threads together, though a
// tree holds at least a root and a child; or what max_memory_mb holds, though
// a tree holds at least 1024 nodes.
inline uint64_t documented_node_cap(const SearchConfig& config, uint64_t threads) {
  if (config.max_nodes) return std::max(config.max_nodes, 2 * threads);
  return std::max(config.max_memory_mb * 1024 * 1024 / search::kBytesPerNode, 1024 * threads);
}

inline uint64_t tree_node_cap(const SearchConfig& config) {
  return search::nodes_per_tree(config, int(search_threads(config)));
}

// PIMC splits its time budget into a slice per tree: with the longest budget
// kept and 100 trees or more, budget x trees passes 2^63 nanoseconds.
inline bool huge_budget_many_trees(const SearchConfig& config) {
  return config.perfect_information && config.time_ms >= kLongestKeptBudgetMs && search_trees(config) >= 100;
}

// Iteration budgets around the thread count and the determinisation count
// (where work is split into shares), around the node cap (an iteration adds
// a node or more until the trees are full), and spread over [1, most].
inline uint64_t random_iterations(Rng& rng, const SearchConfig& config, uint64_t most) {
  const auto around = [&](int count) { return uint64_t(std::max(1, count - 1 + int(rng.below(3)))); };
  switch (rng.below(5)) {
    case 0: return around(config.threads);
    case 1:
      if (uint64_t(config.determinizations) <= most) return around(config.determinizations);
      break;  // too many trees to run them all here
    case 2: {
      const uint64_t nodes = uint64_t(config.threads) * search::nodes_per_tree(config, config.threads);
      return std::min<uint64_t>(4 * most, uint64_t(double(nodes) * log_uniform(rng, 0.5, 3)));
    }
    default: break;
  }
  return uint64_t(log_uniform(rng, 1, double(most) + 1));
}

// A time budget far beyond any run here: a day, the largest run_search
// keeps, or the largest the settings accept (capped to that).
inline double budget_that_cannot_run_out(Rng& rng) {
  constexpr double kBudgets[] = {86400e3, kLongestKeptBudgetMs, 1e13};
  return kBudgets[rng.below(3)];
}

template <GameSection S>
SearchCase<S> random_case(Rng& rng, const Options& options) {
  SearchCase<S> c;
  SearchConfig& config = c.config;
  config.seed = rng.next_u64();
  config.perfect_information = rng.below(3) == 0;
  config.threads = options.min_threads + int(rng.below(uint32_t(kMaxThreads - options.min_threads + 1)));
  switch (rng.below(8)) {
    case 0:
    case 1: config.determinizations = rng.below(8) == 0 ? 1000000 : 100 + int(rng.below(101)); break;
    case 2:
    case 3: config.determinizations = 1 + int(rng.below(3)); break;
    default: config.determinizations = 1 + int(rng.below(24)); break;
  }
  // Node caps: mostly tiny, so that trees fill; sometimes so tiny that each
  // tree holds only a root and a child; sometimes from a memory budget.
  switch (rng.below(16)) {
    case 0:
    case 1:
      config.max_nodes = 0;
      config.max_memory_mb = 1 + rng.below(4);
      break;
    case 2:
    case 3: config.max_nodes = 20000; break;
    case 4: config.max_nodes = 1 + rng.below(uint32_t(3 * config.threads)); break;
    default: config.max_nodes = uint64_t(log_uniform(rng, 100, 5000)); break;
  }
  config.objective = rng.below(2) ? search::Objective::kWin : search::Objective::kScore;
  config.margin_weight = rng.below(3) == 0 ? float(rng.unit()) : 0.0f;
  // Mostly usual values, sometimes the ends of the settings' ranges.
  config.exploration = rng.below(10) == 0 ? float(100 * rng.below(2)) : float(2 * rng.unit());
  switch (rng.below(16)) {
    case 0:
    case 1: config.simultaneous_exploration = 0; break;  // pure regret matching: arms of probability 0
    case 2: config.simultaneous_exploration = 1; break;
    default: config.simultaneous_exploration = float(rng.unit()); break;
  }
  config.rollout = rng.below(2) ? search::RolloutPolicy::kHeuristic : search::RolloutPolicy::kRandom;
  config.rollout_noise_percent = rng.below(3) == 0 ? int(rng.below(101)) : 0;
  // The learned evaluation where the game has one (other games roll out to the end whatever this says).
  config.evaluation = rng.below(3) == 0 ? search::LeafEvaluation::kModel : search::LeafEvaluation::kRollout;
  config.prior_weight = rng.below(3) == 0 ? (rng.below(4) == 0 ? 1e6f : float(2 * rng.unit())) : 0.0f;
  config.private_opponents = rng.below(4) != 0;
  if (rng.below(3) == 0) {
    config.chance_widening = rng.below(8) == 0 ? 1e6f : float(3 * rng.unit());
    config.chance_widening_power = rng.below(8) == 0 ? float(rng.below(2)) : float(rng.unit());
  }
  // The opponent model: any belief per seat, sometimes exactly 0 or 1 (more
  // seats than the game has: the search reads only its own). Drawn from a
  // stream of its own, so that a seed's other draws stay what they were.
  Rng model_rng(search::mix64(config.seed ^ 0x0BB05EDull));
  if (model_rng.below(3) == 0) {
    config.opponent_model = search::OpponentModel::kHeuristic;
    config.heuristic_belief.resize(6);
    for (float& belief : config.heuristic_belief) {
      const uint32_t kind = model_rng.below(4);
      belief = kind == 0 ? 0.0f : kind == 1 ? 1.0f : float(model_rng.unit());
    }
  }
  // Chance grouping at any level (games that cannot group ignore it), from a
  // stream of its own for the same reason.
  Rng grouping_rng(search::mix64(config.seed ^ 0x6A0B5ull));
  if (grouping_rng.below(3) == 0) config.chance_abstraction = 1 + int(grouping_rng.below(search::kMaxChanceAbstraction));
  c.options = S::random_tree_options(rng);

  const uint32_t draw = rng.below(100);
  c.ending = draw < 55 ? Ending::kIterations
             : draw < 72 ? Ending::kTimeBudget
             : draw < 90 ? Ending::kStopFromOtherThread
             : draw < 95 ? Ending::kPonderHit
                         : Ending::kStoppedBeforeStart;
  const auto iterations = [&] { return random_iterations(rng, config, options.max_iterations); };
  switch (c.ending) {
    case Ending::kIterations:
      config.iterations = iterations();
      // More often for PIMC, whose time is sliced between its trees.
      if (rng.below(config.perfect_information ? 2 : 6) == 0) config.time_ms = budget_that_cannot_run_out(rng);
      c.repeat = rng.below(6) == 0;
      break;
    case Ending::kTimeBudget:
      // Sometimes a budget (1 ns) that runs out before the search has started.
      config.time_ms = rng.below(8) == 0 ? 1e-6 : log_uniform(rng, 0.01, 30);
      config.iterations = rng.below(2) ? 0 : iterations();
      break;
    case Ending::kStopFromOtherThread:
      c.stop_after_ms = rng.below(8) == 0 ? 0 : 20 * rng.unit();
      config.iterations = rng.below(3) ? 0 : iterations();
      switch (rng.below(6)) {
        case 0: config.time_ms = log_uniform(rng, 1, 50); break;
        case 1: config.time_ms = budget_that_cannot_run_out(rng); break;
        default: break;
      }
      break;
    case Ending::kStoppedBeforeStart:
      config.iterations = iterations();
      break;
    case Ending::kPonderHit:
      c.stop_after_ms = rng.below(8) == 0 ? 0 : 20 * rng.unit();
      config.time_ms = log_uniform(rng, 0.01, 30);
      config.iterations = rng.below(2) ? 0 : iterations();
      break;
  }
  // Only settings the search accepts: anything else is this driver's mistake.
  for (const auto& setting : search::search_settings()) search::check_setting(setting, setting.read(config), "drawn");
  S::check_tree_options(c.options);
  return c;
}

template <GameSection S>
std::string describe(const SearchCase<S>& c) {
  const SearchConfig& config = c.config;
  std::string out = config.perfect_information ? "PIMC (" + std::to_string(config.determinizations) + " trees)"
                                               : std::string("ISMCTS");
  out += ", " + std::to_string(config.threads) + " threads, iterations " + std::to_string(config.iterations);
  if (config.time_ms > 0) out += ", time " + number(config.time_ms) + " ms";
  out += config.max_nodes ? ", max_nodes " + std::to_string(config.max_nodes)
                          : ", max_memory_mb " + std::to_string(config.max_memory_mb);
  out += ", simultaneous_exploration " + number(config.simultaneous_exploration);
  if (!config.private_opponents) out += ", private_opponents off";
  if (config.chance_widening > 0)
    out += ", chance_widening " + number(config.chance_widening) + " power " + number(config.chance_widening_power);
  if (config.opponent_model == search::OpponentModel::kHeuristic) {
    out += ", heuristic beliefs";
    for (float belief : config.heuristic_belief) out += " " + number(belief);
  }
  out += std::string(", ends by ") + kEndingNames[int(c.ending)];
  if (c.ending == Ending::kStopFromOtherThread || c.ending == Ending::kPonderHit)
    out += " after " + number(c.stop_after_ms) + " ms";
  out += ", seed " + std::to_string(config.seed);
  const std::string options = S::describe(c.options);
  if (!options.empty()) out += ", " + options;
  return out;
}

// One run of a search, with the times the checks need and what its checked
// game reported.
struct Run {
  SearchResult result;
  uint64_t progress = 0;
  double wall_ms = 0;          // the whole run_search call
  bool stop_was_set = false;   // by the other thread, before the search returned
  double stop_to_return_ms = 0;
  bool released = false;       // pondering: the clock released by the other thread before the search returned
  double release_to_return_ms = 0;
  bool threw = false;
  std::string error;
  long long violations = 0;    // the checked game's
  std::string first_violation;
  std::vector<std::string_view> features;  // coverage names the search reached (its section's)
};

inline double ms_between(Clock::time_point from, Clock::time_point to) {
  return std::chrono::duration<double, std::milli>(to - from).count();
}

template <GameSection S>
Run run_case(const SearchCase<S>& c, const typename S::Position& position) {
  Run run;
  std::atomic<bool> stop{c.ending == Ending::kStoppedBeforeStart};
  std::atomic<uint64_t> progress{0};
  // The stopper sleeps until its moment, unless the search ends first.
  std::mutex mutex;
  std::condition_variable search_ended;
  bool ended = false;
  Clock::time_point stop_set_at{}, released_at{};
  search::SearchClock clock(c.ending == Ending::kPonderHit);
  std::thread stopper;
  if (c.ending == Ending::kStopFromOtherThread || c.ending == Ending::kPonderHit) {
    stopper = std::thread([&] {
      std::unique_lock<std::mutex> lock(mutex);
      const auto delay = std::chrono::duration<double, std::milli>(c.stop_after_ms);
      if (search_ended.wait_for(lock, delay, [&] { return ended; })) return;
      if (c.ending == Ending::kPonderHit) {
        released_at = Clock::now();
        clock.release();
      } else {
        stop_set_at = Clock::now();
        stop.store(true);
      }
    });
  }
  const auto view = S::root_view(position, c.config.perfect_information);
  S::begin_search(position, c.config);
  const auto start = Clock::now();
  try {
    run.result =
        search::run_search<typename S::Game>(view, position.seat, c.config, c.options, stop, &progress, &clock);
  } catch (const std::exception& e) {
    run.threw = true;
    run.error = e.what();
  }
  const auto returned = Clock::now();
  if (stopper.joinable()) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      ended = true;
    }
    search_ended.notify_all();
    stopper.join();
  }
  run.wall_ms = ms_between(start, returned);
  run.progress = progress.load();
  run.stop_was_set = stop_set_at != Clock::time_point{} && stop_set_at <= returned;
  if (run.stop_was_set) run.stop_to_return_ms = ms_between(stop_set_at, returned);
  run.released = released_at != Clock::time_point{} && released_at <= returned;
  if (run.released) run.release_to_return_ms = ms_between(released_at, returned);
  run.violations = g_violations.take(run.first_violation);
  run.features = S::end_search();
  return run;
}

inline bool finite(double x) { return std::isfinite(x); }

// Whether `sum`, added up over `count` outcomes, lies where `count` outcomes
// in [low, high] can put it (up to rounding).
inline bool sum_within(double sum, double count, double low, double high) {
  const double slack = 1e-6 * (std::abs(sum) + count);
  return sum >= low * count - slack && (high == std::numeric_limits<double>::infinity() || sum <= high * count + slack);
}

template <GameSection S>
void check_result(const SearchCase<S>& c, const typename S::Position& position, const Run& run,
                  const Options& options) {
  const SearchConfig& config = c.config;
  const SearchResult& r = run.result;
  if (!CHECK_MSG(!run.threw, "run_search threw: " + run.error)) return;
  CHECK_MSG(run.violations == 0,
            std::to_string(run.violations) + " times the game was driven wrong, first: " + run.first_violation);

  // Budgets.
  const uint64_t budget = config.iterations;
  if (budget > 0) CHECK_MSG(r.iterations <= budget, std::to_string(r.iterations) + " iterations");
  if (c.ending == Ending::kIterations) CHECK_MSG(r.iterations == budget, std::to_string(r.iterations) + " iterations");
  if (c.ending == Ending::kStoppedBeforeStart)
    CHECK_MSG(r.iterations == 0, std::to_string(r.iterations) + " iterations");
  // Only a stop ends a search before its first iteration: not a time budget
  // however short, not with PIMC's trees each given a slice of it.
  if (c.ending != Ending::kStoppedBeforeStart && !run.stop_was_set)
    CHECK_MSG(r.iterations >= 1, "a search that is not stopped runs at least one iteration");
  const bool deadline = config.time_ms > 0;
  // A pondering search's time budget counts from the release of its clock.
  if (deadline && c.ending != Ending::kPonderHit)
    CHECK_MSG(r.elapsed_ms <= config.time_ms + options.time_slack_ms,
              "elapsed " + number(r.elapsed_ms) + " ms for a budget of " + number(config.time_ms) + " ms");
  if (c.ending == Ending::kPonderHit && budget == 0)
    CHECK_MSG(run.released, "a pondering search with a time budget alone ended before its ponderhit");
  if (run.released)
    CHECK_MSG(run.release_to_return_ms <= config.time_ms + options.time_slack_ms,
              "returned " + number(run.release_to_return_ms) + " ms after the ponderhit, for a budget of " +
                  number(config.time_ms) + " ms");
  if (run.stop_was_set)
    CHECK_MSG(run.stop_to_return_ms <= options.time_slack_ms,
              "returned " + number(run.stop_to_return_ms) + " ms after the stop");
  const bool only_a_stop_ends_it =
      budget == 0 && (!deadline || config.time_ms > c.stop_after_ms + options.time_slack_ms);
  if (c.ending == Ending::kStopFromOtherThread && only_a_stop_ends_it)
    CHECK_MSG(run.stop_was_set, "a search that only a stop can end ended before it was stopped");
  CHECK_MSG(finite(r.elapsed_ms) && r.elapsed_ms >= 0 && r.elapsed_ms <= run.wall_ms + 1,
            "elapsed " + number(r.elapsed_ms) + " ms, the call took " + number(run.wall_ms) + " ms");
  CHECK_MSG(run.progress == r.iterations,
            "progress " + std::to_string(run.progress) + ", iterations " + std::to_string(r.iterations));

  // Nodes: each tree within search::nodes_per_tree for the threads that run,
  // which together keep to the documented cap. PIMC builds its trees one
  // after another (at most one a thread at a time), and `nodes` adds them all up.
  const uint64_t threads = search_threads(config);
  const uint64_t per_tree = tree_node_cap(config);
  const uint64_t least_per_tree = config.max_nodes ? 2 : 1024;
  CHECK_MSG(per_tree >= least_per_tree && per_tree * threads <= documented_node_cap(config, threads),
            std::to_string(per_tree) + " nodes a tree for " + std::to_string(threads) + " threads");
  const uint64_t bound = per_tree * search_trees(config);
  CHECK_MSG(r.nodes <= bound, std::to_string(r.nodes) + " nodes, bound " + std::to_string(bound));
  if (r.tree_full)
    CHECK_MSG(r.nodes >= per_tree,
              "full with " + std::to_string(r.nodes) + " nodes, cap a tree " + std::to_string(per_tree));
  constexpr uint64_t kMaxDepth = search::TreeSearch<typename S::Game>::kMaxDepth;
  CHECK(r.max_depth <= kMaxDepth && r.depth_sum <= r.iterations * r.max_depth && r.past_chance <= r.iterations);

  // Moves: legal for the searching seat, each once, visits adding up.
  CHECK_MSG(r.moves.empty() == (r.iterations == 0), std::to_string(r.moves.size()) + " moves");
  uint64_t visits = 0;
  double policy = 0, move_wins = 0, move_scores = 0;
  for (size_t i = 0; i < r.moves.size(); ++i) {
    const search::MoveStats& m = r.moves[i];
    const bool legal = std::find(position.legal_moves.begin(), position.legal_moves.end(), m.action) !=
                       position.legal_moves.end();
    const std::string name = S::move_name(position, typename S::Game::Action(m.action));
    CHECK_MSG(legal, name + " is not a legal move of seat " + std::to_string(position.seat));
    for (size_t j = 0; j < i; ++j) CHECK_MSG(r.moves[j].action != m.action, name + " twice");
    const double n = double(m.visits);
    CHECK_MSG(finite(m.policy_weight) && finite(m.win_sum) && finite(m.score_sum) && finite(m.score_sq_sum), name);
    CHECK_MSG(m.win_sum >= 0 && m.win_sum <= n * (1 + 1e-6) &&
                  sum_within(m.score_sum, n, S::kLowestScore, S::kHighestScore) &&
                  m.score_sq_sum * n >= m.score_sum * m.score_sum * (1 - 1e-6),
              name + ": " + std::to_string(m.visits) + " visits, wins " + number(m.win_sum) + ", score " +
                  number(m.score_sum) + ", squares " + number(m.score_sq_sum));
    CHECK(m.policy_weight >= 0);
    if (position.sealed_choice) {
      // The weight is the move's share of the average strategy times the
      // draws. Regret matching without exploration chooses a move only when
      // its strategy gives it a share, which the average keeps.
      const double w = m.policy_weight;
      CHECK_MSG(w <= double(r.iterations) * (1 + 1e-9), name + ": weight " + number(w) + ", " +
                                                             std::to_string(r.iterations) + " iterations");
      if (config.simultaneous_exploration == 0)
        CHECK_MSG(m.visits == 0 || w > 0, name + " chosen " + std::to_string(m.visits) + " times at probability 0");
    } else {
      CHECK_MSG(m.policy_weight == n, name + ": weight " + number(m.policy_weight) + ", " +
                                          std::to_string(m.visits) + " visits");
    }
    visits += m.visits;
    policy += m.policy_weight;
    move_wins += m.win_sum;
    move_scores += m.score_sum;
  }
  // Every iteration starts with a move of the searching seat.
  CHECK_MSG(visits == r.iterations,
            std::to_string(visits) + " visits, " + std::to_string(r.iterations) + " iterations");
  // At a simultaneous root each tree's policy weights sum to its draws, one
  // an iteration, up to rounding (the regret-matching probabilities are
  // floats: a few units in the last place an arm, 2^-24 of 1).
  if (position.sealed_choice) {
    const double iterations = double(r.iterations);
    const double tolerance = iterations * double(position.legal_moves.size() + 4) * 0x1p-24;
    CHECK_MSG(std::abs(policy - iterations) <= tolerance,
              "policy weights " + number(policy) + ", " + std::to_string(r.iterations) + " iterations, off by " +
                  number((policy - iterations) / std::max(1.0, iterations)) + " an iteration");
  }

  // Per seat: win shares add up to one an iteration, scores lie in the
  // game's range (and add up to 0 if its seats play for each other's chips);
  // the searching seat's totals are its moves' totals.
  if (r.iterations == 0) return;
  if (!CHECK_MSG(r.win_sum.size() == size_t(position.players) && r.score_sum.size() == size_t(position.players),
                 std::to_string(r.win_sum.size()) + " win sums, " + std::to_string(r.score_sum.size()) + " score sums"))
    return;
  const double iterations = double(r.iterations);
  double wins = 0, scores = 0;
  for (size_t p = 0; p < r.win_sum.size(); ++p) {
    CHECK_MSG(finite(r.win_sum[p]) && finite(r.score_sum[p]) && r.win_sum[p] >= 0 &&
                  r.win_sum[p] <= iterations * (1 + 1e-6) &&
                  sum_within(r.score_sum[p], iterations, S::kLowestScore, S::kHighestScore),
              "seat " + std::to_string(p) + ": wins " + number(r.win_sum[p]) + ", score " + number(r.score_sum[p]));
    wins += r.win_sum[p];
    scores += r.score_sum[p];
  }
  CHECK_MSG(std::abs(wins - iterations) <= 1e-6 * iterations, "win shares add up to " + number(wins));
  if (S::kZeroSum) CHECK_MSG(std::abs(scores) <= 1e-6 * iterations, "scores add up to " + number(scores));
  const size_t seat = size_t(position.seat);
  CHECK_MSG(std::abs(move_wins - r.win_sum[seat]) <= 1e-6 * iterations,
            "moves' wins " + number(move_wins) + ", seat's " + number(r.win_sum[seat]));
  CHECK_MSG(std::abs(move_scores - r.score_sum[seat]) <= 1e-6 * (std::abs(r.score_sum[seat]) + iterations),
            "moves' scores " + number(move_scores) + ", seat's " + number(r.score_sum[seat]));
}

// A seeded search with an iteration budget only is reproducible for its thread count.
inline void check_same(const SearchResult& a, const SearchResult& b) {
  bool same = a.moves.size() == b.moves.size() && a.iterations == b.iterations && a.nodes == b.nodes &&
              a.tree_full == b.tree_full && a.depth_sum == b.depth_sum && a.max_depth == b.max_depth &&
              a.past_chance == b.past_chance && a.win_sum == b.win_sum && a.score_sum == b.score_sum;
  for (size_t i = 0; same && i < a.moves.size(); ++i) {
    const search::MoveStats &x = a.moves[i], &y = b.moves[i];
    same = x.action == y.action && x.visits == y.visits && x.policy_weight == y.policy_weight &&
           x.win_sum == y.win_sum && x.score_sum == y.score_sum && x.score_sq_sum == y.score_sq_sum;
  }
  CHECK_MSG(same, "a second run with the same seed differs");
}

// Whether another seat than `searching` may be drawn as the heuristic player.
inline bool models_opponents(const SearchConfig& config, int players, int searching) {
  if (config.opponent_model != search::OpponentModel::kHeuristic) return false;
  for (size_t seat = 0; seat < config.heuristic_belief.size() && seat < size_t(players); ++seat)
    if (int(seat) != searching && config.heuristic_belief[seat] > 0) return true;
  return false;
}

// What the run covered, printed as "coverage: name=count ...".
struct Coverage {
  long long searches = 0, ismcts = 0, pimc = 0, sealed_choice = 0, sealed_choice_without_exploration = 0;
  long long players[7] = {}, threads[kMaxThreads + 1] = {}, endings[5] = {};
  long long stopped_mid_search = 0, ponderhit_mid_search = 0, iterations_below_threads = 0, iterations_below_trees = 0, tree_full = 0;
  long long two_node_trees = 0, pimc_huge_budget_many_trees = 0, repeated = 0, iterations = 0;
  long long opponent_model = 0, sealed_choice_opponent_model = 0;  // some other seat weighed as the heuristic player
  // The games and their sections' own names, every one printed (0 when not reached).
  std::vector<std::pair<std::string_view, long long>> named;

  explicit Coverage(const std::vector<GameEntry>& games) {
    for (const GameEntry& game : games) {
      named.emplace_back(game.name, 0);
      for (std::string_view name : game.features) named.emplace_back(name, 0);
    }
  }

  template <GameSection S>
  void add(const SearchCase<S>& c, const typename S::Position& position, const Run& run) {
    const SearchConfig& config = c.config;
    ++searches;
    count(S::kName);
    for (std::string_view name : position.features) count(name);
    for (std::string_view name : run.features) count(name);
    ++(config.perfect_information ? pimc : ismcts);
    sealed_choice += position.sealed_choice;
    sealed_choice_without_exploration += position.sealed_choice && config.simultaneous_exploration == 0;
    ++players[std::clamp(position.players, 0, 6)];
    ++threads[std::clamp(config.threads, 0, kMaxThreads)];
    ++endings[int(c.ending)];
    stopped_mid_search += run.stop_was_set && run.result.iterations > 0;
    ponderhit_mid_search += run.released;
    iterations_below_threads += config.iterations > 0 && config.iterations < uint64_t(config.threads);
    iterations_below_trees += config.perfect_information && config.iterations > 0 &&
                              config.iterations < uint64_t(config.determinizations);
    tree_full += run.result.tree_full;
    two_node_trees += tree_node_cap(config) == 2;
    pimc_huge_budget_many_trees += huge_budget_many_trees(config);
    repeated += c.repeat;
    iterations += static_cast<long long>(run.result.iterations);
    const bool modelled = models_opponents(config, position.players, position.seat);
    opponent_model += modelled;
    sealed_choice_opponent_model += modelled && position.sealed_choice;
  }

  void print() const {
    std::printf("coverage: searches=%lld", searches);
    for (const auto& [name, tally] : named) std::printf(" %.*s=%lld", int(name.size()), name.data(), tally);
    std::printf(" ismcts=%lld pimc=%lld sealed_choice=%lld sealed_choice_without_exploration=%lld", ismcts, pimc,
                sealed_choice, sealed_choice_without_exploration);
    for (int p = 2; p <= 6; ++p) std::printf(" players_%d=%lld", p, players[p]);
    for (int t = 1; t <= kMaxThreads; ++t) std::printf(" threads_%d=%lld", t, threads[t]);
    std::printf(" ended_by_iterations=%lld time_budget=%lld stop_from_other_thread=%lld stopped_before_start=%lld",
                endings[0], endings[1], endings[2], endings[3]);
    std::printf(" ponderhit=%lld ponderhit_mid_search=%lld", endings[4], ponderhit_mid_search);
    std::printf(" stopped_mid_search=%lld iterations_below_threads=%lld iterations_below_trees=%lld",
                stopped_mid_search, iterations_below_threads, iterations_below_trees);
    std::printf(" opponent_model=%lld sealed_choice_opponent_model=%lld", opponent_model, sealed_choice_opponent_model);
    std::printf(" tree_full=%lld two_node_trees=%lld pimc_huge_budget_many_trees=%lld repeated=%lld iterations=%lld\n",
                tree_full, two_node_trees, pimc_huge_budget_many_trees, repeated, iterations);
  }

 private:
  void count(std::string_view name) {
    for (auto& [known, tally] : named)
      if (known == name) {
        ++tally;
        return;
      }
    CHECK_MSG(false, "coverage name " + std::string(name) + " is not among its section's kFeatures");
  }
};

// Draws search k's case and position (from `rng`, its own stream), runs the
// search, checks it, and adds it to the coverage.
template <GameSection S>
void run_search_case(Rng& rng, const Options& options, Coverage& coverage) {
  SearchCase<S> c;
  typename S::Position position;
  try {
    c = random_case<S>(rng, options);
    position = S::random_position(rng, c.config.perfect_information);
  } catch (const std::exception& e) {
    CHECK_MSG(false, std::string("drawing a search threw: ") + e.what());
    return;
  }
  g_context += ": " + std::string(S::kName) + ", " + describe(c) + "; " + position.description;
  if (options.verbose) std::printf("%s\n", g_context.c_str());
  const Run run = run_case(c, position);
  check_result(c, position, run, options);
  if (c.repeat) {
    const Run again = run_case(c, position);  // its violations are the first run's, reported once
    if (CHECK_MSG(!again.threw, again.error)) check_same(run.result, again.result);
  }
  coverage.add(c, position, run);
}

template <GameSection S>
GameEntry entry_of() {
  return {S::kName, {std::begin(S::kFeatures), std::end(S::kFeatures)}, &S::claims, &run_search_case<S>};
}

}  // namespace pyai::stress

// Defines the entry search_stress.cpp declares for `game` (a name of
// PYAI_GAMES), whose section is `Section`; at global scope, once per game.
#define PYAI_STRESS_SECTION(game, Section) \
  ::pyai::stress::GameEntry stress_section_##game() { return ::pyai::stress::entry_of<Section>(); }
