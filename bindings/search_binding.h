// Python access to the search for any game: a Search object that validates
// its settings against the one settings table (csrc/search/settings.h plus
// the game's tree options), runs with the GIL released (stoppable, Ctrl-C
// aware), and returns the root statistics as plain Python data.
//
// Instantiated per game in <game>_bindings.cpp with the game's record traits
// R (game_record.h), which add:
//   std::string format_action(const State&, Action);   a move's token
//   std::span<const search::Setting<TreeOptions>> tree_settings();   the game's tree options
#pragma once

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cmath>
#include <new>
#include <string>
#include <vector>

#include "../csrc/search/run_search.h"
#include "../csrc/search/settings.h"
#include "game_record.h"
#include "opponent_evidence.h"
#include "search_runner.h"

namespace pyai::bindings {

namespace py = pybind11;

// A value as an error message shows it: Python's repr, at most 80 characters
// (cut by Python, so that a character is never split).
inline std::string shown_value(py::handle value) {
  return py::str(py::repr(value).attr("__getitem__")(py::slice(0, 80, 1)));
}

// A Python value for a setting of `kind`; throws GameError(kBadSetting) naming it when it is not one.
template <typename Config>
search::SettingValue setting_value(const search::Setting<Config>& spec, py::handle value) {
  using search::SettingKind;
  const std::string shown = shown_value(value);
  auto refuse = [&]() -> search::SettingValue {
    throw GameError(ErrorKind::kBadSetting,
                    std::string(spec.name) + " must be " + search::describe_range(spec) + ", not " + shown);
  };
  search::SettingValue converted;
  if (value.is_none()) {
    converted = std::monostate{};
  } else if (py::isinstance<py::bool_>(value)) {
    if (spec.kind != SettingKind::kFlag) return refuse();
    converted = value.cast<bool>();
  } else if (py::isinstance<py::int_>(value)) {
    if (spec.kind == SettingKind::kSeed) {
      converted = py::int_(value.attr("__and__")(py::int_(~uint64_t(0)))).cast<uint64_t>();
    } else if (spec.kind == SettingKind::kNumber) {
      const double number = value.cast<double>();
      converted = number;
    } else if (spec.kind == SettingKind::kCount) {
      if (value.attr("__lt__")(py::int_(0)).cast<bool>() || value.attr("__gt__")(py::int_(~uint64_t(0))).cast<bool>())
        return refuse();
      converted = value.cast<uint64_t>();
    } else {
      return refuse();
    }
  } else if (py::isinstance<py::float_>(value)) {
    if (spec.kind != SettingKind::kNumber) return refuse();
    converted = value.cast<double>();
  } else if (py::isinstance<py::str>(value)) {
    if (spec.kind != SettingKind::kChoice) return refuse();
    converted = value.cast<std::string>();
  } else {
    return refuse();
  }
  search::check_setting(spec, converted, shown);
  return converted;
}

inline py::object setting_to_python(const search::SettingValue& value) {
  if (const auto* count = std::get_if<uint64_t>(&value)) return py::int_(*count);
  if (const auto* number = std::get_if<double>(&value)) return py::float_(*number);
  if (const auto* text = std::get_if<std::string>(&value)) return py::str(*text);
  if (const auto* flag = std::get_if<bool>(&value)) return py::bool_(*flag);
  return py::none();
}

inline const char* kind_name(search::SettingKind kind) {
  switch (kind) {
    case search::SettingKind::kCount: return "count";
    case search::SettingKind::kNumber: return "number";
    case search::SettingKind::kChoice: return "choice";
    case search::SettingKind::kFlag: return "flag";
    case search::SettingKind::kSeed: return "seed";
  }
  return "";
}

// One row of the settings table as Python data, with its default.
template <typename Config>
py::dict setting_row(const search::Setting<Config>& spec, const Config& defaults, const char* scope) {
  py::dict row;
  row["name"] = std::string(spec.name);
  row["kind"] = kind_name(spec.kind);
  row["scope"] = scope;  // "search" (every game) or "game" (this game's tree options)
  row["default"] = setting_to_python(spec.read(defaults));
  row["low"] = spec.low;
  row["high"] = spec.high;
  py::list choices;
  std::string_view rest = spec.choices;
  while (!rest.empty()) {
    const size_t bar = rest.find('|');
    choices.append(std::string(rest.substr(0, bar)));
    rest = bar == std::string_view::npos ? std::string_view() : rest.substr(bar + 1);
  }
  row["choices"] = choices;
  row["accepts_none"] = spec.accepts_none;
  row["help"] = std::string(spec.help);
  return row;
}

template <Record R>
class Search {
 public:
  using G = typename R::Game;
  using View = typename G::View;
  using State = typename G::State;
  using TreeOptions = typename G::TreeOptions;

  static py::list settings_table() {
    py::list rows;
    const search::SearchConfig config = search::default_config<G>();
    for (const auto& spec : search::search_settings()) rows.append(setting_row(spec, config, "search"));
    const TreeOptions options;
    for (const auto& spec : R::tree_settings()) rows.append(setting_row(spec, options, "game"));
    return rows;
  }

  // Searches the decision of `view`'s observer, from what it knows; `settings`
  // by name (unknown names and values out of range raise SettingError).
  // `initial` is the game's state before anything happened, from which the
  // opponent model replays the view's record.
  Search(const ViewRecord<R>& view, const py::dict& settings, const GameRecord<R>& initial)
      : seat_(view.observer()), view_(view.acting_view()) {
    for (const auto& [key, value] : settings) {
      const std::string name = py::str(key);
      if (name == "searchmoves") {
        store_root_moves(value);
      } else if (!store(name, value)) {
        throw unknown_setting(shown_value(key));
      }
    }
    if (config_.iterations == 0 && config_.time_ms == 0)
      throw GameError(ErrorKind::kBadSetting, "a search needs iterations or time_ms (or both)");
    if (config_.evaluation == search::LeafEvaluation::kModel && !search::HasValueModel<G>)
      throw GameError(ErrorKind::kBadSetting,
                      "evaluation 'model' needs a learned evaluation, and this game has none: use 'rollout'");
    if (config_.algorithm == search::Algorithm::kCfr && !config_.perfect_information &&
        !search::offers_cfr<G>())
      throw GameError(ErrorKind::kBadSetting,
                      "algorithm 'cfr' plays a whole hand from its public start, and this game's hands do not start "
                      "from one: use 'ismcts'");
    if (config_.opponent_model == search::OpponentModel::kHeuristic) {
      if (!search::HasHeuristic<G>)
        throw GameError(ErrorKind::kBadSetting,
                        "opponent_model 'heuristic' needs a heuristic player, and this game has none: use 'none'");
      config_.heuristic_belief =
          heuristic_beliefs<R>(view, initial.state, config_.opponent_prior, search::mix64(config_.seed ^ 0x0BB05EDull));
    }
  }

  // Runs the search; `ponder` holds its time budget until ponderhit() (a run armed
  // beforehand keeps the flag it was armed with).
  py::dict run(bool ponder) {
    View root = view_;
    if constexpr (search::HasSimultaneousMoves<G>)
      if (!config_.perfect_information) root = G::reopen_simultaneous_step(view_);
    search::SearchResult result;
    try {
      result = runner_.run<search::SearchResult>(
          [&](const std::atomic<bool>& stop, std::atomic<uint64_t>& progress, const search::SearchClock& clock) {
            return search::run_search<G>(root, seat_, config_, options_, stop, &progress, &clock);
          },
          ponder);
    } catch (const std::bad_alloc&) {
      throw GameError(ErrorKind::kBadSetting,
                      "not enough memory for the tree: lower max_memory_mb (" + std::to_string(config_.max_memory_mb) +
                          ") or set max_nodes");
    }
    return to_python(result);
  }

  SearchRunner& runner() { return runner_; }

 private:
  bool store(const std::string& name, py::handle value) {
    for (const auto& spec : search::search_settings()) {
      if (spec.name != name) continue;
      spec.store(config_, setting_value(spec, value));
      return true;
    }
    for (const auto& spec : R::tree_settings()) {
      if (spec.name != name) continue;
      spec.store(options_, setting_value(spec, value));
      return true;
    }
    return false;
  }

  // The root moves to search (UCI's searchmoves): tokens, each a legal move
  // of the searching seat now (IllegalMoveError names one that is not);
  // None or an empty list: every move.
  void store_root_moves(py::handle value) {
    config_.root_moves.clear();
    if (value.is_none()) return;
    if (py::isinstance<py::str>(value) || !py::isinstance<py::sequence>(value))
      throw GameError(ErrorKind::kBadSetting, "searchmoves must be a list of move tokens, not " + shown_value(value));
    const State& s = R::view_state(view_);
    search::ActionList<G> legal;
    root_legal_actions(legal);
    for (py::handle item : value.cast<py::sequence>()) {
      if (!py::isinstance<py::str>(item))
        throw GameError(ErrorKind::kBadSetting, "searchmoves must be move tokens, not " + shown_value(item));
      const std::string token = item.cast<std::string>();
      std::string canonical;
      try {
        canonical = R::canonical(s, R::parse(s, token));
      } catch (const GameError& error) {
        throw GameError(error.kind(), "searchmoves: " + token + ": " + error.what());
      }
      bool found = false;
      for (auto a : legal) {
        if (R::format_action(s, a) != canonical) continue;
        config_.root_moves.push_back(uint32_t(a));
        found = true;
      }
      if (!found) throw GameError(ErrorKind::kIllegalMove, "searchmoves: " + token + " is not a move of seat " +
                                                              std::to_string(seat_) + " now");
    }
    std::sort(config_.root_moves.begin(), config_.root_moves.end());
    config_.root_moves.erase(std::unique(config_.root_moves.begin(), config_.root_moves.end()),
                             config_.root_moves.end());
  }

  // A move's continuation as tokens, formatted along one determinisation of
  // the view (seeded): it stops early where a move is not legal there (one
  // that depended on what the sample filled in differently).
  std::vector<std::string> continuation_tokens(typename G::Action first, const std::vector<uint32_t>& rest) const {
    std::vector<std::string> tokens;
    if (rest.empty()) return tokens;
    Rng rng(search::mix64(config_.seed ^ 0xC0471ull));
    State s = G::determinize(view_, rng);
    if (G::kind(s) != search::NodeKind::kDecision) return tokens;
    G::apply(s, first);
    search::ActionList<G> legal;
    for (uint32_t raw : rest) {
      const auto action = typename G::Action(raw);
      if (G::kind(s) != search::NodeKind::kDecision) break;
      G::legal_actions(s, legal);
      if (std::find(legal.begin(), legal.end(), action) == legal.end()) break;
      tokens.push_back(R::format_action(s, action));
      G::apply(s, action);
    }
    return tokens;
  }

  // The searching seat's legal moves at the root (its own at a simultaneous step).
  void root_legal_actions(search::ActionList<G>& legal) const {
    const State& s = R::view_state(view_);
    if constexpr (search::HasSimultaneousMoves<G>) {
      if (G::kind(s) == search::NodeKind::kSimultaneous) {
        G::legal_actions_for(s, seat_, legal);
        return;
      }
    }
    G::legal_actions(s, legal);
  }

  // `shown`: the name as Python writes it (quoted, escapes visible).
  static GameError unknown_setting(const std::string& shown) {
    std::string known;
    for (const auto& spec : search::search_settings()) known += (known.empty() ? "" : ", ") + std::string(spec.name);
    for (const auto& spec : R::tree_settings()) known += ", " + std::string(spec.name);
    return GameError(ErrorKind::kBadSetting, "unknown search setting " + shown + " (known: " + known + ")");
  }

  py::dict to_python(const search::SearchResult& result) const {
    const State& s = R::view_state(view_);
    search::ActionList<G> legal;
    root_legal_actions(legal);
    bool simultaneous = false;
    if constexpr (search::HasSimultaneousMoves<G>)
      simultaneous = G::kind(s) == search::NodeKind::kSimultaneous && !config_.perfect_information;
    // At a simultaneous step the policy is the root seat's average strategy
    // (tree_search.h) with the shares below the exploration share (gamma/k)
    // dropped, the rest lowered by as much and renormalised: a bandit's
    // noise at that level, not strategy.
    double traversals = 0;
    for (const auto& x : result.moves) traversals += x.policy_weight;
    auto policy_of = [&](const search::MoveStats& m) {
      if (result.average_strategy) return m.policy_weight;
      if (!simultaneous) return double(m.visits);
      const double gamma = config_.simultaneous_exploration, k = double(legal.size());
      const double average = traversals > 0 ? m.policy_weight / traversals : 0.0;
      return gamma < 1 ? std::max(0.0, (average - gamma / k) / (1 - gamma)) : average;
    };
    double total_weight = 0;
    for (const auto& m : result.moves) total_weight += policy_of(m);
    struct Row {
      typename G::Action action;
      const search::MoveStats* stats;
    };
    std::vector<Row> rows;
    for (auto a : legal) {
      const search::MoveStats* found = nullptr;
      for (const auto& m : result.moves)
        if (m.action == a) found = &m;
      rows.push_back(Row{a, found});
    }
    auto weight = [&](const Row& r) { return r.stats ? policy_of(*r.stats) : 0.0; };
    std::stable_sort(rows.begin(), rows.end(), [&](const Row& a, const Row& b) { return weight(a) > weight(b); });
    py::list moves;
    for (const Row& r : rows) {
      py::dict d;
      const uint64_t visits = r.stats ? r.stats->visits : 0;
      d["token"] = R::format_action(s, r.action);
      d["continuation"] = r.stats ? continuation_tokens(r.action, r.stats->continuation) : std::vector<std::string>{};
      d["visits"] = visits;
      d["share"] = total_weight > 0 ? weight(r) / total_weight : 0.0;
      if (visits > 0) {
        const double mean = r.stats->score_sum / double(visits);
        const double variance = std::max(0.0, r.stats->score_sq_sum / double(visits) - mean * mean);
        const double win = r.stats->win_sum / double(visits);
        d["win"] = win;
        // The binomial standard error: an approximation (the visits are not
        // independent draws), and an upper bound for shares in [0, 1].
        d["win_se"] = std::sqrt(std::max(0.0, win * (1 - win)) / double(visits));
        d["score_mean"] = mean;
        d["score_sd"] = std::sqrt(variance);
      } else {
        d["win"] = py::none();
        d["win_se"] = py::none();
        d["score_mean"] = py::none();
        d["score_sd"] = py::none();
      }
      moves.append(d);
    }
    py::dict out;
    out["seat"] = seat_;
    out["moves"] = moves;
    out["simultaneous"] = simultaneous;
    out["mixed"] = simultaneous || result.average_strategy;  // shares to sample from, not visit counts
    out["iterations"] = result.iterations;
    out["elapsed_ms"] = result.elapsed_ms;
    out["nodes"] = result.nodes;
    out["tree_full"] = result.tree_full;
    const double done = result.iterations ? double(result.iterations) : 1.0;
    out["mean_depth"] = double(result.depth_sum) / done;
    out["max_depth"] = result.max_depth;
    out["past_chance"] = double(result.past_chance) / done;
    out["past_turn"] = double(result.past_turn) / done;
    out["mean_rollout_length"] = double(result.rollout_steps) / done;
    out["rollout_share"] = result.iteration_ticks ? double(result.rollout_ticks) / double(result.iteration_ticks) : 0.0;
    py::list wins, scores;
    for (size_t p = 0; p < result.win_sum.size(); ++p) {
      wins.append(result.win_sum[p] / done);
      scores.append(result.score_sum[p] / done);
    }
    out["win_probabilities"] = wins;
    out["expected_scores"] = scores;
    py::list beliefs;  // the opponent model's, per seat (None for the searching seat); empty without one
    for (size_t p = 0; p < config_.heuristic_belief.size(); ++p)
      beliefs.append(int(p) == seat_ ? py::object(py::none()) : py::object(py::float_(config_.heuristic_belief[p])));
    out["opponent_beliefs"] = beliefs;
    return out;
  }

  int seat_;
  search::SearchConfig config_ = search::default_config<G>();
  TreeOptions options_;
  View view_;  // only what `seat_` may know: the search never sees the State
  SearchRunner runner_;
};

// Registers Search<R> as `name` in `m`.
template <Record R>
void bind_search(py::module_& m, const char* name) {
  using S = Search<R>;
  py::class_<S>(m, name)
      .def(py::init<const ViewRecord<R>&, const py::dict&, const GameRecord<R>&>(), py::arg("view"),
           py::arg("settings"), py::arg("initial"))
      .def_static("settings", &S::settings_table, "Every setting: name, kind, scope, default, range, help.")
      .def("run", &S::run, py::arg("ponder") = false,
           "Runs the search (GIL released; Ctrl-C stops it) and returns its root statistics; with ponder, "
           "its time budget starts at ponderhit().")
      .def("arm", [](S& s, bool ponder) { s.runner().arm(ponder); }, py::arg("ponder") = false,
           "Marks a run as about to start in another thread (pondering: its time budget held until ponderhit()).")
      .def("stop", [](S& s) { s.runner().stop(); }, "Stops an armed or running search soon; safe from any thread.")
      .def("ponderhit", [](S& s) { s.runner().ponderhit(); },
           "Starts a pondering run's time budget now; safe from any thread.")
      .def_property_readonly("pondering", [](S& s) { return s.runner().pondering(); })
      .def("progress", [](S& s) { return s.runner().progress(); }, "Iterations so far in the current (or last) run.")
      .def_property_readonly("running", [](S& s) { return s.runner().running(); });
}

}  // namespace pyai::bindings
