// Python access to the search: a Search object that runs (GIL released),
// can be stopped from another thread, reports progress, and returns the
// root statistics as plain Python data.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <string>

#include "../csrc/forsale/search_game.h"
#include "../csrc/search/run_search.h"
#include "game_record.h"
#include "search_runner.h"

namespace py = pybind11;
using namespace pyai;
using namespace pyai::forsale;
using pyai::bindings::SearchRunner;
using pyai::bindings::ViewRecord;

namespace {

search::Objective parse_objective(const std::string& name) {
  if (name == "win") return search::Objective::kWin;
  if (name == "score") return search::Objective::kScore;
  throw py::value_error("objective must be 'win' or 'score', not '" + name + "'");
}

search::RolloutPolicy parse_rollout(const std::string& name) {
  if (name == "random") return search::RolloutPolicy::kRandom;
  if (name == "heuristic") return search::RolloutPolicy::kHeuristic;
  throw py::value_error("rollout must be 'heuristic' or 'random', not '" + name + "'");
}

class Search {
 public:
  // Searches `seat`'s decision from what `view` says that seat knows.
  Search(const ViewRecord& view, search::SearchConfig config)
      : seat_(view.view.observer), config_(config), view_(view.acting_view()) {
    if (config_.threads < 1 || config_.threads > 256) throw py::value_error("threads must be 1 to 256");
    if (config_.time_ms < 0) throw py::value_error("time_ms must not be negative");
    if (config_.iterations == 0 && config_.time_ms == 0)
      throw py::value_error("a search needs iterations or time_ms (or both)");
    if (config_.determinizations < 1) throw py::value_error("determinizations must be at least 1");
    if (!(config_.margin_weight >= 0 && config_.margin_weight <= 1))
      throw py::value_error("margin_weight must be 0 to 1");
    if (!(config_.prior_weight >= 0 && std::isfinite(config_.prior_weight)))
      throw py::value_error("prior_weight must be >= 0");
    if (config_.chance_buckets < 0) throw py::value_error("chance_buckets must be >= 0 (0: one child per outcome)");
    if (config_.opponent_max_raise < -1)
      throw py::value_error("opponent_max_raise must be >= 0 (0: no cap), or -1 for max_raise's");
    if (config_.max_raise < 0) throw py::value_error("max_raise must be >= 0 (0: no cap)");
    if (config_.exploration < 0 || !std::isfinite(config_.exploration)) throw py::value_error("exploration must be >= 0");
    if (!(config_.simultaneous_exploration > 0 && config_.simultaneous_exploration <= 1))
      throw py::value_error("simultaneous_exploration must be in (0, 1]");
    if (config_.rollout_noise_percent < 0 || config_.rollout_noise_percent > 100)
      throw py::value_error("rollout_noise must be 0 to 100 (percent)");
  }

  py::dict run() {
    const View root = config_.perfect_information ? view_ : search_view(view_);
    const auto result = runner_.run<search::SearchResult>(
        [&](const std::atomic<bool>& stop, std::atomic<uint64_t>& progress) {
          return search::run_search<SearchGame>(root, seat_, config_, stop, &progress);
        });
    return to_python(result);
  }

  SearchRunner& runner() { return runner_; }

 private:
  py::dict to_python(const search::SearchResult& result) const {
    const State& s = view_.state;
    ActionList legal;
    legal_actions(s, legal);  // the view has the searching seat to act
    const bool simultaneous = is_choose_step(s) && !config_.perfect_information;
    // At a sealed sell the average regret-matching strategy includes the
    // uniform exploration mixed into every draw; take it out (and renormalise)
    // so the reported policy is the one the search converged to.
    auto policy_of = [&](const search::MoveStats& m) {
      if (!simultaneous) return double(m.visits);
      double traversals = 0;
      for (const auto& x : result.moves) traversals += x.policy_weight;
      const double gamma = config_.simultaneous_exploration, k = double(legal.size());
      const double average = traversals > 0 ? m.policy_weight / traversals : 0.0;
      return gamma < 1 ? std::max(0.0, (average - gamma / k) / (1 - gamma)) : average;
    };
    double total_weight = 0;
    for (const auto& m : result.moves) total_weight += policy_of(m);
    py::list moves;
    struct Row {
      Action action;
      const search::MoveStats* stats;
    };
    std::vector<Row> rows;
    for (Action a : legal) {
      const search::MoveStats* found = nullptr;
      for (const auto& m : result.moves)
        if (m.action == a) found = &m;
      rows.push_back(Row{a, found});
    }
    auto weight = [&](const Row& r) { return r.stats ? policy_of(*r.stats) : 0.0; };
    std::stable_sort(rows.begin(), rows.end(), [&](const Row& a, const Row& b) { return weight(a) > weight(b); });
    for (const Row& r : rows) {
      py::dict d;
      const uint64_t visits = r.stats ? r.stats->visits : 0;
      d["token"] = format_action(s, r.action);
      d["visits"] = visits;
      d["share"] = total_weight > 0 ? weight(r) / total_weight : 0.0;
      if (visits > 0) {
        const double mean = r.stats->score_sum / double(visits);
        const double variance = std::max(0.0, r.stats->score_sq_sum / double(visits) - mean * mean);
        d["win"] = r.stats->win_sum / double(visits);
        d["score_mean"] = mean;
        d["score_sd"] = std::sqrt(variance);
      } else {
        d["win"] = py::none();
        d["score_mean"] = py::none();
        d["score_sd"] = py::none();
      }
      moves.append(d);
    }
    py::dict out;
    out["seat"] = seat_;
    out["moves"] = moves;
    out["simultaneous"] = simultaneous;
    out["iterations"] = result.iterations;
    out["elapsed_ms"] = result.elapsed_ms;
    out["nodes"] = result.nodes;
    out["tree_full"] = result.tree_full;
    const double done = result.iterations ? double(result.iterations) : 1.0;
    out["mean_depth"] = double(result.depth_sum) / done;
    out["max_depth"] = result.max_depth;
    out["past_chance"] = double(result.past_chance) / done;
    py::list wins, scores;
    for (size_t p = 0; p < result.win_sum.size(); ++p) {
      wins.append(result.win_sum[p] / done);
      scores.append(result.score_sum[p] / done);
    }
    out["win_probabilities"] = wins;
    out["expected_scores"] = scores;
    return out;
  }

  int seat_;
  search::SearchConfig config_;
  View view_;  // only what `seat_` may know: the search never sees the State
  SearchRunner runner_;
};

}  // namespace

void bind_search(py::module_& m) {
  py::class_<Search>(m, "Search")
      .def(py::init([](const ViewRecord& view, uint64_t iterations, double time_ms, int threads,
                       uint64_t seed, const std::string& objective, uint64_t max_nodes, uint64_t max_memory_mb,
                       float exploration, float simultaneous_exploration, const std::string& rollout,
                       int rollout_noise, bool perfect_information, int determinizations, int max_raise,
                       float margin_weight, float prior_weight, int chance_buckets, int opponent_max_raise) {
             search::SearchConfig config;
             config.iterations = iterations;
             config.time_ms = time_ms;
             config.threads = threads;
             config.seed = seed;
             config.objective = parse_objective(objective);
             config.max_nodes = max_nodes;
             config.max_memory_mb = max_memory_mb;
             config.exploration = exploration;
             config.simultaneous_exploration = simultaneous_exploration;
             config.rollout = parse_rollout(rollout);
             config.rollout_noise_percent = rollout_noise;
             config.perfect_information = perfect_information;
             config.determinizations = determinizations;
             config.max_raise = max_raise;
             config.margin_weight = margin_weight;
             config.prior_weight = prior_weight;
             config.chance_buckets = chance_buckets;
             config.opponent_max_raise = opponent_max_raise;
             return std::make_unique<Search>(view, config);
           }),
           py::arg("view"), py::arg("iterations"), py::arg("time_ms"), py::arg("threads"),
           py::arg("seed"), py::arg("objective"), py::arg("max_nodes"), py::arg("max_memory_mb"),
           py::arg("exploration"), py::arg("simultaneous_exploration"), py::arg("rollout"),
           py::arg("rollout_noise"), py::arg("perfect_information"), py::arg("determinizations"),
           py::arg("max_raise"), py::arg("margin_weight"), py::arg("prior_weight"), py::arg("chance_buckets"),
           py::arg("opponent_max_raise"))  // no defaults: pyai.analysis.Search passes every setting
      .def("run", &Search::run, "Runs the search (GIL released; Ctrl-C stops it) and returns its root statistics.")
      .def("arm", [](Search& s) { s.runner().arm(); }, "Marks a run as about to start in another thread.")
      .def("stop", [](Search& s) { s.runner().stop(); }, "Stops an armed or running search soon; safe from any thread.")
      .def("progress", [](Search& s) { return s.runner().progress(); }, "Iterations so far in the current (or last) run.")
      .def_property_readonly("running", [](Search& s) { return s.runner().running(); });
  m.attr("NODE_BYTES") = search::kBytesPerNode;
}
