// The search's settings, declared once: name, kind, range, meaning and how
// each one is stored. Validation, the Python keyword arguments, their
// defaults, bots and the protocol's options all read this table (games add
// their own tree options in the same form), so a setting cannot be checked
// one way in one place and another way elsewhere.
#pragma once

#include <cmath>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <variant>

#include "../core/errors.h"
#include "game.h"
#include "search_types.h"

namespace pyai::search {

enum class SettingKind : uint8_t {
  kCount,   // a whole number in [low, high]
  kNumber,  // a finite real number in [low, high]
  kChoice,  // one of `choices` ('|'-separated)
  kFlag,    // true or false
  kSeed,    // any whole number, taken modulo 2^64
};

// A value as it crosses the boundary: None (std::monostate), counts and
// seeds as uint64_t, numbers as double, choices as text, flags as bool.
using SettingValue = std::variant<std::monostate, uint64_t, double, std::string, bool>;

template <typename Config>
struct Setting {
  std::string_view name;
  SettingKind kind;
  double low = 0, high = 0;     // kCount, kNumber: inclusive
  std::string_view choices;     // kChoice
  bool accepts_none = false;    // None is a value too (what it means is in `help`)
  std::string_view help;
  void (*store)(Config&, const SettingValue&);
  SettingValue (*read)(const Config&);
};

// What a setting accepts, for error messages: "a whole number 1 to 256".
template <typename Config>
std::string describe_range(const Setting<Config>& s) {
  auto number = [](double x) {
    if (x == std::floor(x) && std::fabs(x) <= 1e18) return std::to_string((long long)x);
    std::string text = std::to_string(x);
    while (text.size() > 1 && text.back() == '0') text.pop_back();
    if (text.back() == '.') text.pop_back();
    return text;
  };
  std::string none = s.accepts_none ? " (or None)" : "";
  switch (s.kind) {
    case SettingKind::kCount: return "a whole number " + number(s.low) + " to " + number(s.high) + none;
    case SettingKind::kNumber: return "a number " + number(s.low) + " to " + number(s.high) + none;
    case SettingKind::kChoice: {
      std::string text = "one of ";
      for (char c : s.choices) text += c == '|' ? std::string(", ") : std::string(1, c);
      return text;
    }
    case SettingKind::kFlag: return "true or false";
    case SettingKind::kSeed: return "a whole number";
  }
  return "";
}

// Throws GameError(kBadSetting) naming the setting and what it accepts
// unless `value` is within the setting's range.
template <typename Config>
void check_setting(const Setting<Config>& s, const SettingValue& value, const std::string& shown) {
  auto refuse = [&] {
    throw GameError(ErrorKind::kBadSetting,
                    std::string(s.name) + " must be " + describe_range(s) + ", not " + shown);
  };
  if (std::holds_alternative<std::monostate>(value)) {
    if (!s.accepts_none) refuse();
    return;
  }
  switch (s.kind) {
    case SettingKind::kCount: {
      const uint64_t* count = std::get_if<uint64_t>(&value);
      if (!count || double(*count) < s.low || double(*count) > s.high) refuse();
      return;
    }
    case SettingKind::kNumber: {
      const double* number = std::get_if<double>(&value);
      if (!number || !std::isfinite(*number) || *number < s.low || *number > s.high) refuse();
      return;
    }
    case SettingKind::kChoice: {
      const std::string* text = std::get_if<std::string>(&value);
      if (!text) refuse();
      std::string_view rest = s.choices;
      while (!rest.empty()) {
        const size_t bar = rest.find('|');
        if (rest.substr(0, bar) == *text) return;
        rest = bar == std::string_view::npos ? std::string_view() : rest.substr(bar + 1);
      }
      refuse();
      return;
    }
    case SettingKind::kFlag:
      if (!std::holds_alternative<bool>(value)) refuse();
      return;
    case SettingKind::kSeed:
      if (!std::holds_alternative<uint64_t>(value)) refuse();
      return;
  }
}

// The largest node arena a search may reserve, as a memory budget in MiB (1 TiB).
constexpr double kMaxMemoryMb = 1 << 20;

// The defaults of the shared settings for game G: SearchConfig's, with the
// game's own over them (HasSearchDefaults).
template <Game G>
SearchConfig default_config() {
  SearchConfig config;
  if constexpr (HasSearchDefaults<G>) G::search_defaults(config);
  return config;
}

// Every game's search settings (a game's own tree options come after these).
inline std::span<const Setting<SearchConfig>> search_settings() {
  using C = SearchConfig;
  using V = SettingValue;
  static const Setting<SearchConfig> table[] = {
      {"iterations", SettingKind::kCount, 0, 1e18, "", true,
       "iterations to run (0 or None: no limit; then time_ms must end the search)",
       [](C& c, const V& v) { c.iterations = std::holds_alternative<uint64_t>(v) ? std::get<uint64_t>(v) : 0; },
       [](const C& c) { return V(c.iterations); }},
      {"time_ms", SettingKind::kNumber, 0, 1e13, "", true,
       "milliseconds to search (0 or None: no time limit); the first budget reached ends the search",
       [](C& c, const V& v) { c.time_ms = std::holds_alternative<double>(v) ? std::get<double>(v) : 0; },
       [](const C& c) { return V(c.time_ms); }},
      {"threads", SettingKind::kCount, 1, 256, "", false,
       "threads, each with its own tree (root parallel); their root statistics are summed",
       [](C& c, const V& v) { c.threads = int(std::get<uint64_t>(v)); },
       [](const C& c) { return V(uint64_t(c.threads)); }},
      {"seed", SettingKind::kSeed, 0, 0, "", false, "seed of the search's random numbers (taken modulo 2^64)",
       [](C& c, const V& v) { c.seed = std::get<uint64_t>(v); }, [](const C& c) { return V(c.seed); }},
      {"algorithm", SettingKind::kChoice, 0, 0, "ismcts|cfr", false,
       "the search: ismcts from the position the seat sees, or cfr (counterfactual regret minimisation over the "
       "whole hand from its public start, a mixed policy to sample; games whose hands start from a "
       "public state); pimc overrides it",
       [](C& c, const V& v) {
         c.algorithm = std::get<std::string>(v) == "cfr" ? Algorithm::kCfr : Algorithm::kIsmcts;
       },
       [](const C& c) { return V(std::string(c.algorithm == Algorithm::kCfr ? "cfr" : "ismcts")); }},
      {"objective", SettingKind::kChoice, 0, 0, "win|score", false,
       "what the seat plays for: its share of the win, or its final score",
       [](C& c, const V& v) { c.objective = std::get<std::string>(v) == "win" ? Objective::kWin : Objective::kScore; },
       [](const C& c) { return V(std::string(c.objective == Objective::kWin ? "win" : "score")); }},
      {"margin_weight", SettingKind::kNumber, 0, 1, "", false,
       "win objective: weight of the score margin over the best other seat added to the win share",
       [](C& c, const V& v) { c.margin_weight = float(std::get<double>(v)); },
       [](const C& c) { return V(double(c.margin_weight)); }},
      {"max_nodes", SettingKind::kCount, 0, 4e9, "", false,
       "tree nodes, all threads together (0: as many as max_memory_mb holds)",
       [](C& c, const V& v) { c.max_nodes = std::get<uint64_t>(v); }, [](const C& c) { return V(c.max_nodes); }},
      {"max_memory_mb", SettingKind::kCount, 1, kMaxMemoryMb, "", false,
       "memory for the tree in MiB when max_nodes is 0 (at least 1024 nodes); the tree stops growing when full",
       [](C& c, const V& v) { c.max_memory_mb = std::get<uint64_t>(v); },
       [](const C& c) { return V(c.max_memory_mb); }},
      {"exploration", SettingKind::kNumber, 0, 100, "", false, "UCB1 exploration constant at decisions",
       [](C& c, const V& v) { c.exploration = float(std::get<double>(v)); },
       [](const C& c) { return V(double(c.exploration)); }},
      {"simultaneous_exploration", SettingKind::kNumber, 0, 1, "", false,
       "share of uniform exploration mixed into regret matching at simultaneous steps",
       [](C& c, const V& v) { c.simultaneous_exploration = float(std::get<double>(v)); },
       [](const C& c) { return V(double(c.simultaneous_exploration)); }},
      {"rollout", SettingKind::kChoice, 0, 0, "heuristic|random", false,
       "moves below the tree: the game's heuristic player (random if it has none), or uniformly random",
       [](C& c, const V& v) {
         c.rollout = std::get<std::string>(v) == "random" ? RolloutPolicy::kRandom : RolloutPolicy::kHeuristic;
       },
       [](const C& c) { return V(std::string(c.rollout == RolloutPolicy::kRandom ? "random" : "heuristic")); }},
      {"rollout_noise", SettingKind::kCount, 0, 100, "", false,
       "heuristic rollouts: percent of uniformly random moves mixed in",
       [](C& c, const V& v) { c.rollout_noise_percent = int(std::get<uint64_t>(v)); },
       [](const C& c) { return V(uint64_t(c.rollout_noise_percent)); }},
      {"evaluation", SettingKind::kChoice, 0, 0, "rollout|model", false,
       "how a leaf is valued: a rollout to the end, or a rollout to the next point the game's learned model values "
       "(a round about to be dealt, say; each game's docs say where), valued there by the model (games that have one)",
       [](C& c, const V& v) {
         c.evaluation = std::get<std::string>(v) == "model" ? LeafEvaluation::kModel : LeafEvaluation::kRollout;
       },
       [](const C& c) { return V(std::string(c.evaluation == LeafEvaluation::kModel ? "model" : "rollout")); }},
      {"prior_weight", SettingKind::kNumber, 0, 1e6, "", false,
       "progressive bias toward the heuristic player's move at decisions (0: none)",
       [](C& c, const V& v) { c.prior_weight = float(std::get<double>(v)); },
       [](const C& c) { return V(double(c.prior_weight)); }},
      {"chance_abstraction", SettingKind::kCount, 0, kMaxChanceAbstraction, "", false,
       "chance steps: one child per group of outcomes alike at this level (a deal's cards in this many rank bands, "
       "say; games that cannot group play as with 0); 0: one child per outcome; chance_widening turns it off",
       [](C& c, const V& v) { c.chance_abstraction = int(std::get<uint64_t>(v)); },
       [](const C& c) { return V(uint64_t(c.chance_abstraction)); }},
      {"chance_widening", SettingKind::kNumber, 0, 1e6, "", false,
       "experimental (measured no gain, docs/search.md): chance steps keep at most ceil(w x visits^power) outcomes, "
       "then deal one of them again (0: always afresh)",
       [](C& c, const V& v) { c.chance_widening = float(std::get<double>(v)); },
       [](const C& c) { return V(double(c.chance_widening)); }},
      {"chance_widening_power", SettingKind::kNumber, 0, 1, "", false,
       "experimental, with chance_widening: the power of a chance step's visits that bounds its outcomes",
       [](C& c, const V& v) { c.chance_widening_power = float(std::get<double>(v)); },
       [](const C& c) { return V(double(c.chance_widening_power)); }},
      {"private_opponents", SettingKind::kFlag, 0, 0, "", false,
       "at another seat's decision, its move statistics per its private cards (games with private information)",
       [](C& c, const V& v) { c.private_opponents = std::get<bool>(v); },
       [](const C& c) { return V(c.private_opponents); }},
      {"opponent_model", SettingKind::kChoice, 0, 0, "none|heuristic", false,
       "the other seats: none (each a searching player), or heuristic (each also the game's heuristic player, with "
       "the belief its public moves so far give; games that have one)",
       [](C& c, const V& v) {
         c.opponent_model =
             std::get<std::string>(v) == "heuristic" ? OpponentModel::kHeuristic : OpponentModel::kNone;
       },
       [](const C& c) {
         return V(std::string(c.opponent_model == OpponentModel::kHeuristic ? "heuristic" : "none"));
       }},
      {"opponent_prior", SettingKind::kNumber, 0, 1, "", false,
       "opponent_model heuristic: the belief that a seat plays as the heuristic player before any of its moves",
       [](C& c, const V& v) { c.opponent_prior = float(std::get<double>(v)); },
       [](const C& c) { return V(double(c.opponent_prior)); }},
      {"pimc", SettingKind::kFlag, 0, 0, "", false,
       "determinised perfect-information UCT (PIMC) instead of ISMCTS",
       [](C& c, const V& v) { c.perfect_information = std::get<bool>(v); },
       [](const C& c) { return V(c.perfect_information); }},
      {"determinizations", SettingKind::kCount, 1, 1e6, "", false,
       "PIMC: sampled states, one tree each (never more than the iterations)",
       [](C& c, const V& v) { c.determinizations = int(std::get<uint64_t>(v)); },
       [](const C& c) { return V(uint64_t(c.determinizations)); }},
  };
  return table;
}

}  // namespace pyai::search
