// Counterfactual regret minimisation over the whole hand, written once
// against the Game concept for games whose hands start from a public state
// (HasHandStart): the search setting algorithm=cfr.
//
// Why: ISMCTS searches the position the seat sees and deals the other seats'
// cards by what the searching seat has seen, not by what a player who acted
// as they did would hold. No selection rule inside that tree brings its
// policy to an equilibrium (docs/results.md measures it). CFR plays
// the whole hand from its public start instead, every seat learning at once,
// so what a seat's earlier moves say about its cards shapes how the others
// answer them; in two-player zero-sum games the average strategy approaches
// a Nash equilibrium as the iterations grow.
//
// Variant: chance-sampled CFR+. An iteration deals the hand once, from the
// true distribution, and walks every action of every seat under that deal
// (full width), updating each seat's regrets at its information sets
// (simultaneous updates). Regrets are floored at zero (regret matching+), and
// iteration t weighs t^2 in the average strategy (as discounted CFR's
// gamma = 2), which is the reported policy: a mixed one, to be sampled. Each
// of these choices was measured against its alternative (docs/results.md).
//
// Honesty: the hand start is public and every deal is drawn from the true
// distribution, so nothing learned depends on what the searching seat cannot
// see; its knowledge only picks the information set read out at the end.
//
// Cost: an iteration visits every line of play of one deal, so it suits
// games whose hands are short (a few decisions a seat, a few moves each),
// which is what declaring a hand start promises. The tables live in one
// array that doubles when half full; a walk copies plain-data states on the
// stack and allocates nothing.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <vector>

#include "../core/rng.h"
#include "game.h"
#include "mix64.h"
#include "regret_table.h"
#include "rewards.h"
#include "search_clock.h"
#include "search_types.h"

namespace pyai::search {

template <Game G>
  requires HasHandStart<G> && (!HasSimultaneousMoves<G>)
class CfrSearch {
 public:
  using State = typename G::State;
  using View = typename G::View;
  using Action = typename G::Action;
  using Table = RegretTable<G::kMaxActions>;
  static constexpr int kMaxSeats = G::kMaxSeats;
  static constexpr int kMaxActions = G::kMaxActions;
  // A hand this deep is no short hand: the walk values it as it stands (a guard, not a limit a short hand meets).
  static constexpr int kMaxDepth = 256;
  // Bytes one information set takes in the table at its fullest (half the slots used, while doubling).
  static constexpr uint64_t kBytesPerSet = 4 * sizeof(typename Table::Entry);

  CfrSearch(const View& view, int root_seat, const SearchConfig& config, uint64_t max_sets, uint64_t seed)
      : root_seat_(root_seat),
        config_(config),
        players_(G::players(view)),
        start_(G::hand_start(view)),
        table_(max_sets),
        rng_(seed) {
    // Any state the view allows gives the seat's key: the key reads only what the seat knows.
    Rng sample_rng(seed ^ 0x5EA7ull);
    const State now = G::determinize(view, sample_rng);
    root_key_ = G::information_key(now, root_seat);
    G::legal_actions(now, root_actions_);
  }

  // Runs until `iterations` more (kNoIterationLimit: no limit), the deadline
  // or `stop` (search_clock.h's run_iterations).
  uint64_t run(uint64_t iterations, const Deadline& deadline, const std::atomic<bool>& stop,
               std::atomic<uint64_t>* progress) {
    return run_iterations([this] { iterate(); }, iterations, deadline, stop, progress);
  }

  // The searching seat's information set now: each move's share of the
  // average strategy (as policy_weight, scaled by the iterations so that
  // threads merge by their work) and its expected outcome there.
  SearchResult result() const {
    SearchResult out;
    out.average_strategy = true;
    const auto* entry = table_.find(mix_seat(root_key_, root_seat_));
    double total = 0;
    for (int a = 0; a < int(root_actions_.size()); ++a)
      if (offered_at_root(root_actions_[a]) && entry) total += entry->average[a];
    int offered = 0;
    for (auto action : root_actions_) offered += offered_at_root(action) ? 1 : 0;
    std::vector<double> share(root_actions_.size(), 0.0);
    for (int a = 0; a < int(root_actions_.size()); ++a) {
      if (!offered_at_root(root_actions_[a])) continue;
      share[size_t(a)] = total > 0 ? entry->average[a] / total : 1.0 / offered;
    }
    out.win_sum.assign(size_t(players_), 0.0);
    out.score_sum.assign(size_t(players_), 0.0);
    for (int a = 0; a < int(root_actions_.size()); ++a) {
      if (!offered_at_root(root_actions_[a])) continue;
      MoveStats m;
      m.action = uint32_t(root_actions_[a]);
      m.visits = root_visits_;
      m.policy_weight = share[size_t(a)] * double(iteration_);
      if (root_weight_ > 0) {
        const double visits = double(root_visits_);
        m.win_sum = root_win_[a][root_seat_] / root_weight_ * visits;
        m.score_sum = root_score_[a][root_seat_] / root_weight_ * visits;
        m.score_sq_sum = root_score_sq_[a] / root_weight_ * visits;
        for (int p = 0; p < players_; ++p) {
          out.win_sum[size_t(p)] += share[size_t(a)] * root_win_[a][p] / root_weight_ * double(iteration_);
          out.score_sum[size_t(p)] += share[size_t(a)] * root_score_[a][p] / root_weight_ * double(iteration_);
        }
      }
      out.moves.push_back(m);
    }
    out.nodes = table_.size();
    out.tree_full = table_.full();
    return out;
  }

 private:
  // Per seat: the reward the search maximises (rewards.h), the win share and the score.
  struct Values {
    float reward[kMaxSeats];
    float win[kMaxSeats];
    float score[kMaxSeats];
  };

  void iterate() {
    ++iteration_;
    deal_seed_ = rng_.next_u64();
    float reach[kMaxSeats];
    std::fill(reach, reach + kMaxSeats, 1.0f);
    Values values;
    walk(start_, reach, values, 0);
  }

  // The expected values of `s` under the current strategies, this iteration's
  // deals fixed; updates the regrets and average strategy of every
  // information set on the way. `reach`: each seat's own probability of
  // playing to `s`.
  void walk(const State& s, const float* reach, Values& out, int depth) {
    const NodeKind kind = G::kind(s);
    if (kind == NodeKind::kTerminal || depth >= kMaxDepth) {
      G::outcomes(s, out.win, out.score);
      shape_rewards(config_, G::kScoreScale, players_, out.win, out.score, out.reward);
      return;
    }
    if (kind == NodeKind::kChance) {
      // One deal an iteration: a chance step draws the same outcome on every
      // line of play that reaches it (seeded by the iteration and the step), so
      // that the moves at a decision are compared under the same cards.
      State dealt = s;
      Rng deal_rng(mix64(deal_seed_ ^ G::chance_step_id(s)));
      G::apply_chance(dealt, deal_rng, kEverySeat);
      walk(dealt, reach, out, depth + 1);
      return;
    }
    const int seat = G::acting_seat(s);
    const uint64_t key = G::information_key(s, seat);
    const bool at_root = seat == root_seat_ && key == root_key_;
    ActionList<G> actions;
    G::legal_actions(s, actions);
    const int n = int(actions.size());
    auto* entry = table_.find_or_add(mix_seat(key, seat));
    float strategy[kMaxActions];
    current_strategy(entry, actions, at_root, strategy);

    Values child[kMaxActions];
    std::fill(out.reward, out.reward + players_, 0.0f);
    std::fill(out.win, out.win + players_, 0.0f);
    std::fill(out.score, out.score + players_, 0.0f);
    float child_reach[kMaxSeats];
    std::copy(reach, reach + kMaxSeats, child_reach);
    for (int a = 0; a < n; ++a) {
      if (at_root && !offered_at_root(actions[a])) continue;
      State next = s;
      G::apply(next, actions[a]);
      child_reach[seat] = reach[seat] * strategy[a];
      walk(next, child_reach, child[a], depth + 1);
      for (int p = 0; p < players_; ++p) {
        out.reward[p] += strategy[a] * child[a].reward[p];
        out.win[p] += strategy[a] * child[a].win[p];
        out.score[p] += strategy[a] * child[a].score[p];
      }
    }
    float others = 1.0f;  // the counterfactual reach: every other seat's (chance is sampled)
    for (int p = 0; p < players_; ++p)
      if (p != seat) others *= reach[p];
    if (entry) {
      const float t = float(iteration_);
      const float own_weight = reach[seat] * t * t;
      for (int a = 0; a < n; ++a) {
        if (at_root && !offered_at_root(actions[a])) continue;
        const float regret = entry->regret[a] + others * (child[a].reward[seat] - out.reward[seat]);
        entry->regret[a] = std::max(0.0f, regret);
        entry->average[a] += own_weight * strategy[a];
      }
      ++entry->visits;
    }
    if (at_root && others > 0) {
      ++root_visits_;
      root_weight_ += others;
      for (int a = 0; a < n; ++a) {
        if (!offered_at_root(actions[a])) continue;
        for (int p = 0; p < players_; ++p) {
          root_win_[a][p] += others * child[a].win[p];
          root_score_[a][p] += others * child[a].score[p];
        }
        root_score_sq_[a] += others * child[a].score[seat] * child[a].score[seat];
      }
    }
  }

  // Regret matching+: each action in proportion to its positive regret, or
  // every action alike while none has any (and where the table is full).
  // At the root, only the moves the caller lets the seat try.
  void current_strategy(const typename Table::Entry* entry, const ActionList<G>& actions, bool at_root,
                        float* strategy) const {
    const int n = int(actions.size());
    float total = 0;
    int offered = 0;
    for (int a = 0; a < n; ++a) {
      const bool allowed = !at_root || offered_at_root(actions[a]);
      strategy[a] = allowed && entry ? entry->regret[a] : 0.0f;
      total += strategy[a];
      offered += allowed ? 1 : 0;
    }
    for (int a = 0; a < n; ++a) {
      const bool allowed = !at_root || offered_at_root(actions[a]);
      strategy[a] = !allowed ? 0.0f : total > 0 ? strategy[a] / total : 1.0f / float(offered);
    }
  }

  // Whether the searching seat may try `action` at its information set now (UCI's searchmoves).
  bool offered_at_root(Action action) const {
    if (config_.root_moves.empty()) return true;
    return std::binary_search(config_.root_moves.begin(), config_.root_moves.end(), uint32_t(action));
  }

  // Seats' keys kept apart: a game's key need only tell a seat's own sets apart.
  static uint64_t mix_seat(uint64_t key, int seat) { return key * 0x9E3779B97F4A7C15ull + uint64_t(seat); }

  int root_seat_;
  SearchConfig config_;
  int players_;
  State start_;
  Table table_;
  Rng rng_;
  uint64_t root_key_ = 0;
  ActionList<G> root_actions_;
  uint64_t iteration_ = 0;
  uint64_t deal_seed_ = 0;  // this iteration's deals
  // At the searching seat's information set, summed over the walks that
  // reached it, each weighed by its counterfactual reach: per move, each
  // seat's win and score, and the seat's own score squared.
  uint64_t root_visits_ = 0;
  double root_weight_ = 0;
  double root_win_[kMaxActions][kMaxSeats] = {};
  double root_score_[kMaxActions][kMaxSeats] = {};
  double root_score_sq_[kMaxActions] = {};
};

}  // namespace pyai::search
