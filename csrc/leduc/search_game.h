// Leduc poker as the search sees it: the Game concept (search/game.h).
#pragma once

#include <span>

#include "../core/rng.h"
#include "../search/game.h"
#include "../search/settings.h"
#include "heuristic.h"
#include "information.h"
#include "rules.h"

namespace pyai::leduc {

// Leduc's tree has no move filter of its own: three moves at most.
struct TreeOptions {};

struct SearchGame {
  using State = leduc::State;
  using View = leduc::View;
  using Action = leduc::Action;
  using TreeOptions = leduc::TreeOptions;
  using NodeKind = search::NodeKind;
  static constexpr int kMaxSeats = kPlayers;
  static constexpr int kMaxActions = int(ActionList::capacity());
  // Chips won or lost are at most kMaxStake (13): rewards of the score
  // objective then lie in [-1, 1], where the UCB constant is tuned.
  static constexpr float kScoreScale = float(kMaxStake);

  static int players(const View&) { return kPlayers; }

  static NodeKind kind(const State& s) {
    if (is_terminal(s)) return NodeKind::kTerminal;
    return is_chance(s) ? NodeKind::kChance : NodeKind::kDecision;
  }
  static int acting_seat(const State& s) { return s.turn; }
  static void legal_actions(const State& s, ActionList& out) { leduc::legal_actions(s, out); }
  static void tree_actions(const State& s, int /*searching_seat*/, const TreeOptions&, ActionList& out) {
    leduc::legal_actions(s, out);
  }
  static void apply(State& s, Action a) { apply_action(s, a); }

  // A private card is seen only by its seat (one outcome, key 0, for anyone
  // else); the public card by everyone. A card seen is keyed card + 1, so
  // that 0 only ever means "not seen".
  static uint64_t apply_chance(State& s, Rng& rng, int observer) {
    const int receiver = deal_receiver(s);
    const int card = sample_card(s, rng);
    deal(s, card);
    const bool seen = receiver == kNoSeat || observer == search::kEverySeat || observer == receiver;
    return seen ? uint64_t(card) + 1 : 0;
  }
  static uint64_t chance_step_id(const State& s) { return s.dealt; }

  static State determinize(const View& view, Rng& rng) { return leduc::determinize(view, rng); }
  static Action random_action(const State& s, Rng& rng) { return leduc::random_action(s, rng); }
  static Action heuristic_action(const State& s, Rng& rng) { return leduc::heuristic_action(s, rng); }

  // Per seat: its share of the pot won (a split: 1/2 each) and the chips it won or lost.
  static void outcomes(const State& s, float* win, float* chips) {
    for (int seat = 0; seat < kPlayers; ++seat) chips[seat] = float(chips_won(s, seat));
    for (int seat = 0; seat < kPlayers; ++seat) {
      const float other = chips[1 - seat];
      win[seat] = chips[seat] > other ? 1.0f : chips[seat] < other ? 0.0f : 0.5f;
    }
  }

  // A seat's own card is what it knows and the other does not.
  static uint64_t private_key(const State& s, int seat) { return uint64_t(s.card[seat]) + 1; }

  // A hand starts before its deal: the whole game, from its first state.
  static State hand_start(const View&) { return initial_state(); }

  // What a seat knows at its decision: its card, the public card and the
  // betting. Cards by rank, as suits never matter (a pair is by rank, and
  // each rank has one card of each suit): sets that differ only by suits
  // play alike and are learned as one.
  static uint64_t information_key(const State& s, int seat) {
    auto rank_key = [](uint8_t card) { return is_card(card) ? uint64_t(rank_of(card)) + 1 : 0; };
    return rank_key(s.card[seat]) | rank_key(s.public_card) << 2 | uint64_t(s.log[0]) << 4 |
           uint64_t(s.log[1]) << 12 | uint64_t(s.log_size[0]) << 20 | uint64_t(s.log_size[1]) << 23;
  }

  // Poker is played for chips: the score objective by default. Searched as
  // a whole hand by CFR, whose policy approaches an equilibrium where
  // ISMCTS's per-position searches stay exploitable (docs/results.md).
  static void search_defaults(search::SearchConfig& config) {
    config.objective = search::Objective::kScore;
    config.algorithm = search::Algorithm::kCfr;
  }
};

// No tree options: an empty settings table.
inline std::span<const search::Setting<TreeOptions>> tree_settings() { return {}; }

static_assert(search::Game<SearchGame> && search::HasHeuristic<SearchGame> && search::HasSearchDefaults<SearchGame> &&
              search::HasPrivateInformation<SearchGame> && search::HasHandStart<SearchGame>);

}  // namespace pyai::leduc
