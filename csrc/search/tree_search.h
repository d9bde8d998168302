// Information-set Monte Carlo tree search, written once against the Game
// concept (game.h).
//
// Variant: single-observer ISMCTS over the searching seat's information.
// Every iteration draws a fresh determinisation from the seat's View (so
// nothing hidden from the seat can steer it), then walks a tree whose edges
// are what the seat observes:
//   * decisions: UCB1 with availability counts (an edge is scored against
//     the number of times it was legal, as legal sets can differ between
//     determinisations). At another seat's decision in a game with private
//     information, that seat's statistics are kept per what it knows (see
//     select_by_private_information), the tree still branching only on what
//     the searching seat observes;
//   * chance: one child per outcome as the searching seat observes it, found
//     by hash (another seat's private card is one outcome);
//   * simultaneous secret choices (games that have them): one regret-matching
//     bandit per seat, decoupled, so no seat's choice can depend on another
//     seat's secret; the child is the joint outcome revealed afterwards. The
//     average strategy (linearly weighted, exploration left out) is the
//     reported mixed policy.
// With an opponent model (opponent_model.h) each other seat is drawn every
// iteration, with the belief the caller gives, as the game's heuristic
// player, and then plays the heuristic's move at its decisions and secret
// choices instead of its statistics' or its bandit's.
// With `perfect_information` the same code is determinised UCT for PIMC:
// one fixed determinisation (cards, future chance and all secrets) per tree
// and simultaneous steps played as visible sequential moves, the acting seat
// first (so the others answer a choice they could not see: the classic PIMC
// weakness, kept as the baseline has it).
//
// The hot loop copies one plain-data state per iteration and allocates
// nothing: nodes live in a reserved arena, paths and move lists are fixed
// arrays, and the game's functions are templates (no virtual calls).
#pragma once

#include <atomic>
#include <chrono>
#include <cmath>
#include <algorithm>
#include <cstdint>
#include <limits>

#include "../core/cycle_clock.h"
#include "../core/fixed_vector.h"
#include "../core/rng.h"
#include "game.h"
#include "mix64.h"
#include "node_arena.h"
#include "rewards.h"
#include "search_clock.h"
#include "search_types.h"

namespace pyai::search {

template <Game G>
class TreeSearch {
 public:
  using State = typename G::State;
  using View = typename G::View;
  using Action = typename G::Action;
  using TreeOptions = typename G::TreeOptions;
  static constexpr int kMaxSeats = G::kMaxSeats;
  static constexpr int kMaxActions = G::kMaxActions;
  static constexpr int kMaxDepth = 512;  // a deeper walk stops growing the tree there and rolls out

  TreeSearch(const View& view, int root_seat, const SearchConfig& config, const TreeOptions& options,
             uint64_t max_nodes, uint64_t seed)
      : view_(view),
        root_seat_(root_seat),
        config_(config),
        options_(options),
        arena_(max_nodes),
        rng_(seed),
        players_(G::players(view)),
        widens_chance_(widens_chance(config)),
        groups_chance_(groups_chance(config)),
        evaluates_(HasValueModel<G> && config.evaluation == LeafEvaluation::kModel),
        models_opponents_(models_opponents(config, root_seat)) {}

  // PIMC: fix one determinisation (and its future deals) for every iteration.
  void fix_determinization(Rng& rng) {
    fixed_ = G::determinize(view_, rng);
    chance_seed_ = rng.next_u64();
  }

  // Runs until `iterations` more (kNoIterationLimit: no limit), the deadline
  // or `stop` (search_clock.h's run_iterations).
  uint64_t run(uint64_t iterations, const Deadline& deadline, const std::atomic<bool>& stop,
               std::atomic<uint64_t>* progress) {
    return run_iterations([this] { iterate(); }, iterations, deadline, stop, progress);
  }

  // This tree's root statistics and shape.
  SearchResult result() {
    sync_root_policy();
    SearchResult out;
    out.moves.assign(root_moves_.begin(), root_moves_.end());
    for (MoveStats& m : out.moves) principal_continuation(m);
    out.win_sum.assign(win_sum_, win_sum_ + players_);
    out.score_sum.assign(score_sum_, score_sum_ + players_);
    out.nodes = arena_.size();
    out.depth_sum = depth_sum_;
    out.max_depth = max_depth_;
    out.past_chance = past_chance_;
    out.past_turn = past_turn_;
    out.rollout_steps = rollout_steps_;
    out.rollout_ticks = rollout_ticks_;
    out.iteration_ticks = iteration_ticks_;
    out.tree_full = arena_.full();
    return out;
  }

 private:
  struct PathStep {
    uint32_t node;             // decision/chance: the child reached; simultaneous: the node
    NodeKind kind;
    uint8_t arm_count;
    uint32_t arms[kMaxSeats];  // simultaneous: each participating seat's chosen arm
    float probability[kMaxSeats];
  };

  void iterate() {
    const uint64_t iteration_start = cycle_clock();
    ++iteration_;
    State s = config_.perfect_information ? fixed_ : G::determinize(view_, rng_);
    if (models_opponents_) draw_opponent_kinds();
    path_.clear();
    uint32_t node = 0;
    bool root_simultaneous = false;
    bool past_chance = false;  // went on below a chance step into an existing node
    bool past_turn = false;    // reached a decision of another seat than the searching one
    while (path_.size() < kMaxDepth) {
      NodeKind kind = G::kind(s);
      if (kind == NodeKind::kTerminal) break;
      bool created = false;
      uint32_t next = kNoNode;
      if (kind == NodeKind::kChance) {
        next = chance_child(s, node, created);
        if (next == kNoNode) break;
        if (!created) past_chance = true;
        path_.push_back(PathStep{next, kind, 0, {}, {}});
      } else if (kind == NodeKind::kSimultaneous && !config_.perfect_information) {
        if (node == 0) root_simultaneous = true;
        PathStep step{node, kind, 0, {}, {}};
        const uint64_t joint = choose_simultaneous(s, node, step);
        path_.push_back(step);
        next = arena_.outcome_child(node, joint, created);
        if (next == kNoNode) break;
      } else {
        // A decision, or under perfect information a simultaneous step played
        // as a visible move of one participant.
        const int seat = G::acting_seat(s);
        past_turn = past_turn || seat != root_seat_;
        tree_actions(s, kind, seat);
        if (node == 0) keep_root_moves(s, kind, seat);
        PathStep step{kNoNode, NodeKind::kDecision, 0, {}, {}};
        const bool by_private_information = kind == NodeKind::kDecision && opponent_knows_more(seat);
        if (plays_heuristic_[seat])
          next = heuristic_child(s, node, seat, created);
        else if (by_private_information)
          next = select_by_private_information(s, node, seat, step, created);
        else
          next = select_decision(s, node, seat, created, seat_knowledge_fixed(seat));
        if (next == kNoNode) break;  // tree full and nothing tried here: roll out
        apply_decision(s, kind, seat, Action(arena_[next].action));
        step.node = next;
        path_.push_back(step);
      }
      node = next;
      if (created) break;
    }
    depth_sum_ += path_.size();
    if (path_.size() > max_depth_) max_depth_ = path_.size();
    if (past_chance) ++past_chance_;
    if (past_turn) ++past_turn_;
    const uint64_t rollout_start = cycle_clock();
    rollout(s);
    const uint64_t rollout_end = cycle_clock();
    backpropagate(s, root_simultaneous);
    rollout_ticks_ += rollout_end - rollout_start;
    iteration_ticks_ += cycle_clock() - iteration_start;
  }

  // Whether chance widening applies: asked for, a game that can deal an
  // outcome again, and not under PIMC (its tree's chance steps have one
  // outcome each).
  static bool widens_chance(const SearchConfig& config) {
    return HasChanceReplay<G> && config.chance_widening > 0 && !config.perfect_information;
  }

  // Whether chance outcomes are grouped by the game's abstraction. Chance
  // widening, when it applies, turns it off: it deals a child's outcome
  // again, and a group names no one outcome.
  static bool groups_chance(const SearchConfig& config) {
    return HasChanceAbstraction<G> && config.chance_abstraction > 0 && !widens_chance(config);
  }

  // The outcome child for this chance step, the outcome applied to `s`: dealt
  // afresh, or (chance widening) once the step has as many outcome children
  // as its visits allow, one of them dealt again.
  uint32_t chance_child(State& s, uint32_t node, bool& created) {
    created = false;
    if (widens_chance_) {
      const Node& n = arena_[node];
      const double allowed = std::ceil(config_.chance_widening * std::pow(double(n.visits) + 1.0,
                                                                          double(config_.chance_widening_power)));
      if (n.outcome_count > 0 && double(n.outcome_count) >= allowed) {
        const uint32_t again = deal_again(s, node);
        if (again != kNoNode) return again;
      }
    }
    uint64_t outcome = apply_chance(s);
    if constexpr (HasChanceAbstraction<G>)
      if (groups_chance_) outcome = G::abstract_chance(s, outcome, config_.chance_abstraction);
    const uint32_t child = arena_.outcome_child(node, outcome, created);
    if (created && widens_chance_) {
      Node& parent = arena_[node];
      arena_[child].older_outcome = parent.first_child;
      parent.first_child = child;
      if (parent.outcome_count < UINT16_MAX) ++parent.outcome_count;
    }
    return child;
  }

  // One of the chance step's outcome children, each as likely, dealt again
  // into `s`; kNoNode (and `s` unchanged) when this determinisation cannot
  // produce it (its cards are elsewhere here) or its key does not name it.
  uint32_t deal_again(State& s, uint32_t node) {
    if constexpr (HasChanceReplay<G>) {
      uint32_t child = arena_[node].first_child;
      for (uint32_t skip = rng_.below(arena_[node].outcome_count); skip > 0 && child != kNoNode; --skip)
        child = arena_[child].older_outcome;
      if (child != kNoNode && G::replay_chance(s, arena_.key_of(child), root_seat_)) return child;
    }
    return kNoNode;
  }

  // Whether any other seat may be drawn as the heuristic player: the
  // opponent model asked for, a game with a heuristic, and a belief above 0.
  static bool models_opponents(const SearchConfig& config, int root_seat) {
    if (!HasHeuristic<G> || config.opponent_model != OpponentModel::kHeuristic) return false;
    for (size_t seat = 0; seat < config.heuristic_belief.size() && seat < size_t(kMaxSeats); ++seat)
      if (int(seat) != root_seat && config.heuristic_belief[seat] > 0) return true;
    return false;
  }

  // Draws which other seats play as the heuristic player this iteration,
  // each with its belief (a belief of 0 or 1 draws nothing).
  void draw_opponent_kinds() {
    for (int seat = 0; seat < players_; ++seat) {
      const float belief = size_t(seat) < config_.heuristic_belief.size() ? config_.heuristic_belief[size_t(seat)] : 0;
      plays_heuristic_[seat] =
          seat != root_seat_ && (belief >= 1 || (belief > 0 && float(rng_.unit()) < belief));
    }
  }

  // A seat drawn as the heuristic player makes the heuristic's move (made
  // when the node lacks it), whatever the node's statistics say.
  uint32_t heuristic_child(const State& s, uint32_t node, int seat, bool& created) {
    const uint32_t child = child_for(node, uint32_t(heuristic_action(s)), seat, created);
    if (child != kNoNode && !created) ++arena_[child].availability;
    return child;
  }

  // Whether another seat's choices should be told apart by what it knows and
  // the searching seat does not (its private cards): only for games that
  // declare private information, and not under PIMC (where nothing is hidden).
  bool opponent_knows_more(int seat) const {
    if constexpr (HasPrivateInformation<G>)
      return seat != root_seat_ && config_.private_opponents && !config_.perfect_information;
    return false;
  }

  // Another seat's decision, chosen as that seat would choose it: by
  // statistics kept per what it knows (its private information in this
  // determinisation: an outcome child of the node keyed by it, whose
  // children are its per-move statistics), so that it plays its own hand
  // rather than the average of every hand it might hold. The tree itself
  // still branches only on what the searching seat observes: the move made
  // leads to the node's own child for that move, the same whatever the other
  // seat holds, so nothing hidden reaches the searching seat's decisions.
  // Returns that child; `step.arms[0]` is the statistics node to update.
  uint32_t select_by_private_information(const State& s, uint32_t node, int seat, PathStep& step, bool& created) {
    uint64_t key = 0;
    if constexpr (HasPrivateInformation<G>) key = G::private_key(s, seat);
    bool new_information = false;
    const uint32_t information = arena_.outcome_child(node, mix64(key) ^ (uint64_t(seat) << 56), new_information);
    if (information == kNoNode) return select_decision(s, node, seat, created, false);  // tree full: shared statistics
    bool new_statistics = false;
    const uint32_t statistics = select_decision(s, information, seat, new_statistics, true);
    if (statistics == kNoNode) return kNoNode;
    bool new_child = false;
    const uint32_t child = child_for(node, arena_[statistics].action, seat, new_child);
    if (child == kNoNode) return kNoNode;
    step.arms[0] = statistics;
    step.arm_count = 1;
    created = new_information || new_statistics || new_child;
    return child;
  }

  // The child of `node` for `action` (children sorted by action), made when missing.
  uint32_t child_for(uint32_t node, uint32_t action, int seat, bool& created) {
    created = false;
    uint32_t previous = kNoNode, child = arena_[node].first_child;
    while (child != kNoNode && arena_[child].action < action) {
      previous = child;
      child = arena_[child].next_sibling;
    }
    if (child != kNoNode && arena_[child].action == action) return child;
    Node fresh;
    fresh.action = action;
    fresh.seat = uint8_t(seat);
    fresh.availability = 1;
    const uint32_t added = arena_.add(fresh);
    if (added == kNoNode) return kNoNode;
    link_after(node, previous, added);
    created = true;
    return added;
  }

  // The actions the tree may expand for `seat` at this step, into legal_.
  void tree_actions(const State& s, NodeKind kind, int seat) {
    if (kind == NodeKind::kDecision) {
      G::tree_actions(s, root_seat_, options_, legal_);
      return;
    }
    if constexpr (HasSimultaneousMoves<G>) G::legal_actions_for(s, seat, legal_);
  }

  void apply_decision(State& s, NodeKind kind, int seat, Action action) {
    if (kind == NodeKind::kDecision) {
      G::apply(s, action);
      return;
    }
    if constexpr (HasSimultaneousMoves<G>) G::apply_simultaneous(s, seat, action);
  }

  uint64_t apply_chance(State& s) {
    if (!config_.perfect_information) return G::apply_chance(s, rng_, root_seat_);
    // PIMC: each chance step's outcome is fixed per determinisation, whatever the path.
    Rng chance_rng(mix64(chance_seed_ ^ G::chance_step_id(s)));
    return G::apply_chance(s, chance_rng, kEverySeat);
  }

  // A root move's likely continuation: from its child, the most visited
  // decision child at each step, up to kContinuationLength moves. It ends
  // where the tree keeps no decision children: a chance step (its outcomes
  // are in the arena's table), another seat's private choice, a secret
  // simultaneous choice (arms), or a leaf.
  static constexpr size_t kContinuationLength = 12;
  void principal_continuation(MoveStats& m) const {
    m.continuation.clear();
    m.continuation_visits = m.visits;
    uint32_t node = kNoNode;
    for (uint32_t c = arena_[0].first_child; c != kNoNode; c = arena_[c].next_sibling)
      if (!arena_[c].is_arm && arena_[c].action == m.action) node = c;
    while (node != kNoNode && m.continuation.size() < kContinuationLength) {
      if (arena_[node].outcome_count > 0) break;  // a chance step's outcome children, not moves
      uint32_t best = kNoNode;
      for (uint32_t c = arena_[node].first_child; c != kNoNode; c = arena_[c].next_sibling) {
        if (arena_[c].is_arm) {
          best = kNoNode;
          break;
        }
        if (best == kNoNode || arena_[c].visits > arena_[best].visits) best = c;
      }
      if (best == kNoNode) break;
      m.continuation.push_back(arena_[best].action);
      node = best;
    }
  }

  // At the root, the searching seat tries only the moves it was told to
  // (config.root_moves, sorted; empty: all), chosen from every legal move:
  // a move the game's tree options leave out (a bid above the cap) is tried
  // when asked for. The caller checked that they are legal, so one stays.
  void keep_root_moves(const State& s, NodeKind kind, int seat) {
    if (seat != root_seat_ || config_.root_moves.empty()) return;
    if (kind == NodeKind::kDecision) G::legal_actions(s, legal_);
    const auto& allowed = config_.root_moves;
    legal_.keep_if([&](Action a) { return std::binary_search(allowed.begin(), allowed.end(), uint32_t(a)); });
  }

  // Whether everything `seat` knows at a decision node is the same in every
  // determinisation that reaches it: for the searching seat (the tree's edges
  // are what it observes) and under PIMC (one determinisation a tree). Another
  // seat's node holds every hand it might have, unless its statistics are kept
  // per what it knows (select_by_private_information).
  bool seat_knowledge_fixed(int seat) const { return seat == root_seat_ || config_.perfect_information; }

  // The heuristic's move at `node` (the progressive bias). The heuristic reads
  // only what the acting seat knows, so where that is fixed by the node
  // (`knowledge_fixed`) its move is too: it is asked once and kept in the
  // node, which spares a heuristic call a tree step (most of an iteration in
  // a game with a costly heuristic) and changes no result.
  Action prior_action(const State& s, uint32_t node, bool knowledge_fixed) {
    if (!knowledge_fixed) return heuristic_action(s);
    Node& n = arena_[node];
    if (n.prior_plus_one == 0) n.prior_plus_one = uint32_t(heuristic_action(s)) + 1;
    return Action(n.prior_plus_one - 1);
  }

  // UCB1 with availability among the children legal now; tries an untried
  // legal move first (the heuristic's move if untried and a prior is set, else
  // in move order). Children stay sorted by action.
  uint32_t select_decision(const State& s, uint32_t node, int seat, bool& created, bool knowledge_fixed) {
    created = false;
    uint32_t previous = kNoNode, child = arena_[node].first_child;
    uint32_t best = kNoNode, insert_after = kNoNode;
    bool have_untried = false;
    Action untried = 0;
    const bool biased = config_.prior_weight > 0;
    const Action prior = biased ? prior_action(s, node, knowledge_fixed) : Action(0);
    bool prior_untried = false;
    uint32_t prior_insert_after = kNoNode;
    float best_score = -std::numeric_limits<float>::infinity();
    for (Action action : legal_) {
      while (child != kNoNode && arena_[child].action < action) {
        previous = child;
        child = arena_[child].next_sibling;
      }
      if (child != kNoNode && arena_[child].action == action) {
        Node& n = arena_[child];
        ++n.availability;
        float score = n.reward_sum / float(n.visits) +
                      config_.exploration * std::sqrt(std::log(float(n.availability)) / float(n.visits));
        if (biased && action == prior) score += config_.prior_weight / float(n.visits + 1);
        if (score > best_score) {
          best_score = score;
          best = child;
        }
        previous = child;
        child = n.next_sibling;
      } else {
        if (!have_untried) {
          have_untried = true;
          untried = action;
          insert_after = previous;
        }
        if (biased && action == prior) {
          prior_untried = true;
          prior_insert_after = previous;
        }
      }
    }
    if (prior_untried) {  // the heuristic's move is expanded first
      untried = prior;
      insert_after = prior_insert_after;
    }
    if (have_untried) {
      Node fresh;
      fresh.action = uint32_t(untried);
      fresh.seat = uint8_t(seat);
      fresh.availability = 1;
      const uint32_t added = arena_.add(fresh);
      if (added != kNoNode) {
        link_after(node, insert_after, added);
        created = true;
        return added;
      }
    }
    return best;
  }

  void link_after(uint32_t parent, uint32_t previous, uint32_t added) {
    if (previous == kNoNode) {
      arena_[added].next_sibling = arena_[parent].first_child;
      arena_[parent].first_child = added;
    } else {
      arena_[added].next_sibling = arena_[previous].next_sibling;
      arena_[previous].next_sibling = added;
    }
  }

  // Each seat still to choose picks from its own regret-matching bandit;
  // then the choices are applied in seat order. Returns the joint outcome key.
  uint64_t choose_simultaneous(State& s, uint32_t node, PathStep& step) {
    uint64_t joint = 0xcbf29ce484222325ull;
    if constexpr (HasSimultaneousMoves<G>) {
      Action chosen[kMaxSeats];
      int seats[kMaxSeats];
      int count = 0;
      // The searching seat's arms at the root are made before any other
      // seat's: in a small tree the lower seats' arms could otherwise take
      // every node, leaving the searching seat with nothing to report.
      if (node == 0 && !root_arms_made_ && G::is_simultaneous_participant(s, root_seat_)) {
        G::legal_actions_for(s, root_seat_, legal_);
        keep_root_moves(s, NodeKind::kSimultaneous, root_seat_);
        root_arms_made_ = add_missing_arms(node, root_seat_);
      }
      for (int seat = 0; seat < players_; ++seat) {
        if (!G::is_simultaneous_participant(s, seat)) continue;
        float probability = 1;
        uint32_t arm = kNoNode;
        // A seat drawn as the heuristic player has no arm: its bandit learns nothing from this iteration.
        if (!modelled_choice(s, seat, chosen[count])) {
          G::legal_actions_for(s, seat, legal_);
          if (node == 0) keep_root_moves(s, NodeKind::kSimultaneous, seat);
          arm = select_arm(node, seat, probability);
          chosen[count] = arm == kNoNode ? legal_[rng_.below(uint32_t(legal_.size()))] : Action(arena_[arm].action);
        }
        seats[count] = seat;
        step.arms[count] = arm;
        step.probability[count] = probability;
        ++count;
        joint = (joint ^ (uint64_t(chosen[count - 1]) | (uint64_t(seat) << 40))) * 0x100000001b3ull;
      }
      step.arm_count = uint8_t(count);
      for (int i = 0; i < count; ++i) G::apply_simultaneous(s, seats[i], chosen[i]);
    }
    return joint;
  }

  // A seat drawn as the heuristic player makes the heuristic's secret choice
  // (games that can say it for any participant); false for any other seat.
  bool modelled_choice(const State& s, int seat, Action& choice) {
    if constexpr (HasSimultaneousHeuristic<G>) {
      if (plays_heuristic_[seat]) {
        choice = G::heuristic_choice(s, seat, rng_);
        return true;
      }
    }
    return false;
  }

  // Arms of all seats hang off the node sorted by (seat, action).
  uint32_t select_arm(uint32_t node, int seat, float& probability) {
    add_missing_arms(node, seat);
    if (available_.empty()) return kNoNode;
    return draw_arm(node, seat, probability);
  }

  // Makes `seat`'s arms for the actions in legal_ that the node lacks, and
  // lists in available_ its arms for all of them. False if the tree was full
  // before every one was made.
  bool add_missing_arms(uint32_t node, int seat) {
    available_.clear();
    bool complete = true;
    uint32_t previous = kNoNode, arm = arena_[node].first_child;
    while (arm != kNoNode && arena_[arm].seat < seat) {
      previous = arm;
      arm = arena_[arm].next_sibling;
    }
    for (Action action : legal_) {
      while (arm != kNoNode && arena_[arm].seat == seat && arena_[arm].action < action) {
        previous = arm;
        arm = arena_[arm].next_sibling;
      }
      if (arm != kNoNode && arena_[arm].seat == seat && arena_[arm].action == action) {
        available_.push_back(arm);
        previous = arm;
        arm = arena_[arm].next_sibling;
        continue;
      }
      Node fresh;
      fresh.action = uint32_t(action);
      fresh.seat = uint8_t(seat);
      fresh.is_arm = 1;
      const bool root_arm = node == 0 && seat == root_seat_;
      if (root_arm) fresh.root_slot = uint16_t(root_policy_.size());
      const uint32_t added = arena_.add(fresh);
      if (added == kNoNode) {
        complete = false;
        continue;
      }
      if (root_arm) root_policy_.push_back(0.0);
      link_after(node, previous, added);
      previous = added;
      available_.push_back(added);
    }
    return complete;
  }

  // Regret matching over available_, mixed with uniform exploration: draws
  // one arm and gives its probability.
  uint32_t draw_arm(uint32_t node, int seat, float& probability) {
    float positive_total = 0;
    for (uint32_t a : available_) positive_total += arena_[a].regret > 0 ? arena_[a].regret : 0;
    const float gamma = config_.simultaneous_exploration;
    const float k = float(available_.size());
    const float draw = float(rng_.unit());
    const bool root_policy = node == 0 && seat == root_seat_;
    float cumulative = 0;
    uint32_t pick = kNoNode, last_possible = kNoNode;
    float last_possible_probability = 0;
    for (uint32_t a : available_) {
      Node& n = arena_[a];
      const float matched = positive_total > 0 ? (n.regret > 0 ? n.regret : 0) / positive_total : 1.0f / k;
      const float p = (1 - gamma) * matched + gamma / k;
      // The reported policy averages the regret-matching strategy itself,
      // without the exploration, each iteration weighted by its number
      // (linear averaging, as in CFR+): the first iterations' near-uniform
      // strategies would otherwise keep a share on moves the search has
      // since found bad. Summed in double: a float sum drifts by percents
      // over millions of iterations.
      if (root_policy) root_policy_[n.root_slot] += double(matched) * double(iteration_);
      n.stamp = iteration_;
      ++n.availability;
      cumulative += p;
      if (p > 0) {
        last_possible = a;
        last_possible_probability = p;
      }
      if (pick == kNoNode && draw < cumulative) {
        pick = a;
        probability = p;
      }
    }
    if (pick == kNoNode) {  // the sum rounded below the draw: the last arm that can be chosen
      pick = last_possible;
      probability = last_possible_probability;
    }
    return pick;
  }

  // Flattened: the rollout is most of an iteration, and left to itself the
  // compiler inlined the game's policy into it or not depending on unrelated
  // code elsewhere in the search (For Sale from the start, callgrind: 972M
  // instructions for 20,000 iterations when it did not, 872M flattened).
  //
  // With the learned evaluation the rollout ends at the first evaluation
  // point the model can value, its estimates in evaluated_win_/_score_.
  [[gnu::flatten]] void rollout(State& s) {
    evaluated_ = false;
    for (;; ++rollout_steps_) {
      const NodeKind kind = G::kind(s);
      if (kind == NodeKind::kTerminal) return;
      if constexpr (HasValueModel<G>) {
        if (evaluates_ && G::is_evaluation_point(s) && G::evaluate(s, evaluated_win_, evaluated_score_)) {
          evaluated_ = true;
          return;
        }
      }
      if (kind == NodeKind::kChance) {
        apply_chance(s);
      } else if (kind == NodeKind::kSimultaneous) {
        rollout_simultaneous(s);
      } else {
        G::apply(s, rollout_action(s));
      }
    }
  }

  // Below the tree a simultaneous step is played out choice by choice, the
  // acting participant first; each one's policy reads only its own secrets.
  void rollout_simultaneous(State& s) {
    if constexpr (HasSimultaneousMoves<G>) G::apply_simultaneous(s, G::acting_seat(s), rollout_action(s));
  }

  // The rollout policy's move for the acting seat: the game's rollout policy
  // or else its heuristic player (with rollout_noise percent of uniformly
  // random moves), or uniformly random moves.
  Action rollout_action(const State& s) {
    if constexpr (HasHeuristic<G>) {
      if (config_.rollout == RolloutPolicy::kHeuristic) {
        if (config_.rollout_noise_percent > 0 && int(rng_.below(100)) < config_.rollout_noise_percent)
          return G::random_action(s, rng_);
        if constexpr (HasRolloutPolicy<G>) return G::rollout_action(s, rng_, options_);
        return G::heuristic_action(s, rng_);
      }
    }
    return G::random_action(s, rng_);
  }

  Action heuristic_action(const State& s) {
    if constexpr (HasHeuristic<G>) return G::heuristic_action(s, rng_);
    return Action(0);
  }

  // From the end the rollout reached: the game's outcomes, or the model's
  // estimates where it stopped at an evaluation point.
  void backpropagate(const State& end, bool root_simultaneous) {
    float reward[kMaxSeats];
    float win[kMaxSeats];
    float money[kMaxSeats];
    if (evaluated_) {
      std::copy(evaluated_win_, evaluated_win_ + players_, win);
      std::copy(evaluated_score_, evaluated_score_ + players_, money);
    } else {
      G::outcomes(end, win, money);
    }
    shape_rewards(config_, G::kScoreScale, players_, win, money, reward);
    for (int p = 0; p < players_; ++p) {
      win_sum_[p] += win[p];
      score_sum_[p] += money[p];
    }
    for (const PathStep& step : path_) {
      if (step.kind == NodeKind::kSimultaneous) {
        for (int i = 0; i < step.arm_count; ++i) {
          if (step.arms[i] == kNoNode) continue;
          Node& chosen = arena_[step.arms[i]];
          const int seat = chosen.seat;
          // Outcome-sampling regret: the chosen arm's value estimate is u / p,
          // the others' 0. The payoff is taken relative to the seat's mean
          // payoff at this node so far (a baseline: same expected regrets,
          // far less variance), and regrets are floored at 0 (regret
          // matching+), which forgets early bad luck.
          double seat_reward = 0, seat_visits = 0;
          for (uint32_t arm = arena_[step.node].first_child; arm != kNoNode; arm = arena_[arm].next_sibling) {
            const Node& n = arena_[arm];
            if (n.seat == seat) {
              seat_reward += n.reward_sum;
              seat_visits += n.visits;
            }
          }
          const float baseline = seat_visits > 0 ? float(seat_reward / seat_visits) : 0.0f;
          const float u = reward[seat] - baseline;
          ++chosen.visits;
          chosen.reward_sum += reward[seat];
          chosen.regret += u / step.probability[i];
          for (uint32_t arm = arena_[step.node].first_child; arm != kNoNode; arm = arena_[arm].next_sibling) {
            Node& n = arena_[arm];
            if (n.seat == seat && n.stamp == iteration_) n.regret = std::max(0.0f, n.regret - u);
          }
        }
        continue;
      }
      Node& n = arena_[step.node];
      ++n.visits;
      if (step.kind == NodeKind::kDecision) n.reward_sum += reward[n.seat];
      if (step.arm_count) {  // another seat's decision: its statistics for what it knows
        Node& statistics = arena_[step.arms[0]];
        ++statistics.visits;
        statistics.reward_sum += reward[statistics.seat];
      }
    }
    record_root_move(root_simultaneous, win[root_seat_], money[root_seat_]);
  }

  // The root move of this iteration, as the searching seat sees it.
  void record_root_move(bool root_simultaneous, float win, float money) {
    if (path_.empty()) return;
    const PathStep& first = path_[0];
    uint32_t action = 0;
    float weight = 1;
    if (root_simultaneous) {
      bool found = false;
      for (int i = 0; i < first.arm_count && !found; ++i) {
        if (first.arms[i] != kNoNode && arena_[first.arms[i]].seat == root_seat_) {
          action = arena_[first.arms[i]].action;
          found = true;
        }
      }
      if (!found) return;
      weight = 0;  // the policy is the arms' average strategy, read by sync_root_policy()
    } else if (first.kind == NodeKind::kDecision && arena_[first.node].seat == root_seat_) {
      action = arena_[first.node].action;
    } else {
      return;
    }
    MoveStats* stats = nullptr;
    for (MoveStats& m : root_moves_)
      if (m.action == action) stats = &m;
    if (!stats) {  // root moves are legal moves of one seat: at most kMaxActions
      root_moves_.push_back(MoveStats{});
      root_moves_[root_moves_.size() - 1].action = action;
      stats = &root_moves_[root_moves_.size() - 1];
    }
    ++stats->visits;
    stats->policy_weight += weight;
    stats->win_sum += win;
    stats->score_sum += money;
    stats->score_sq_sum += double(money) * money;
  }

  // At a simultaneous root the reported policy is the root seat's average
  // strategy, given as weights that sum to the draws it was made from (so
  // trees merge in proportion to their iterations); read at result().
  void sync_root_policy() {
    double total = 0, draws = 0;  // each draw of a root arm is one of the root moves' visits
    for (double w : root_policy_) total += w;
    for (const MoveStats& m : root_moves_) draws += double(m.visits);
    for (uint32_t arm = arena_[0].first_child; arm != kNoNode; arm = arena_[arm].next_sibling) {
      const Node& n = arena_[arm];
      if (!n.is_arm || n.seat != root_seat_) continue;
      MoveStats* stats = nullptr;
      for (MoveStats& m : root_moves_)
        if (m.action == n.action) stats = &m;
      if (!stats) {
        root_moves_.push_back(MoveStats{});
        root_moves_[root_moves_.size() - 1].action = n.action;
        stats = &root_moves_[root_moves_.size() - 1];
      }
      stats->policy_weight = total > 0 ? root_policy_[n.root_slot] / total * draws : 0.0;
    }
  }

 private:
  View view_;
  int root_seat_;
  SearchConfig config_;
  TreeOptions options_;
  NodeArena arena_;
  Rng rng_;
  int players_;
  State fixed_{};
  uint64_t chance_seed_ = 0;
  uint32_t iteration_ = 0;
  ActionList<G> legal_;
  FixedVector<uint32_t, kMaxActions> available_;
  FixedVector<PathStep, kMaxDepth> path_;
  FixedVector<MoveStats, kMaxActions> root_moves_;
  FixedVector<double, kMaxActions> root_policy_;  // by root_slot: the searching seat's root arms' summed policy
  bool root_arms_made_ = false;                     // every root arm of the searching seat exists
  bool widens_chance_;
  bool groups_chance_;
  bool evaluates_;  // rollouts stop where the game's learned model values the position
  bool models_opponents_;  // some other seat may be drawn as the heuristic player
  bool plays_heuristic_[kMaxSeats] = {};  // this iteration's draw, per seat
  bool evaluated_ = false;  // this iteration's rollout stopped there
  float evaluated_win_[kMaxSeats] = {};
  float evaluated_score_[kMaxSeats] = {};
  uint64_t depth_sum_ = 0, max_depth_ = 0, past_chance_ = 0, past_turn_ = 0;
  uint64_t rollout_steps_ = 0, rollout_ticks_ = 0, iteration_ticks_ = 0;
  double win_sum_[kMaxSeats] = {};
  double score_sum_[kMaxSeats] = {};
};

}  // namespace pyai::search
