// The heuristic player (automania/heuristic.h) in games of its own, alone
// and mixed with random moves: its every move legal and the same on the true
// state, on the seat's view and on determinisations of it (hidden facts
// redrawn), and its factory bookkeeping the same as the rules'.
#include <cstdio>
#include <string>

#include "automania/heuristic.h"
#include "automania/information.h"
#include "automania/playout.h"
#include "automania_tests.h"

namespace pyai::automania::testing {
namespace {

// The heuristic reads only what the acting seat knows: its move is the same
// on the true state, on the seat's view, and on states sampled from that view
// (other seats' hidden contracts redrawn; with their money forgotten, their
// money redrawn too).
void check_heuristic_honest(const State& s, Action move, Rng& rng) {
  const View view = view_of(s, s.turn);
  CHECK_MSG(heuristic_action(view.state, rng) == move, "the same move on the seat's view: " + format_action(s, move));
  View partial = view;
  for (int p = 0; p < s.num_players; ++p)
    if (p != s.turn) forget_money(partial, p, 0, s.seat[p].money + 20);
  for (int k = 0; k < 4; ++k) {
    const State sample = determinize(k < 2 ? view : partial, rng);
    CHECK_MSG(heuristic_action(sample, rng) == move, "the same move on a determinisation: " + format_action(s, move));
  }
}

// The heuristic values a tile's placement by updating the factory's parts
// (heuristic_detail::put_tile) instead of reading the factory again: the
// parts it gives must be those read from the factory the rules leave.
void check_placement_parts(const State& s) {
  using namespace heuristic_detail;
  const Components& c = s.c();
  const Seat& p = s.seat[s.turn];
  const Outlook o = outlook_of(s);
  const FactoryParts before = factory_parts(c, p, o);
  ActionList legal;
  legal_actions(s, legal);
  for (Action put : legal) {
    if (move_kind(put) == MoveKind::kDiscard) continue;
    State after = s;
    apply_action(after, put);
    FactoryParts with_tile = before;
    put_tile(c, p, o, with_tile, s.tile, put);
    CHECK_MSG(with_tile == factory_parts(c, after.seat[s.turn], o),
              "the factory's parts after " + format_action(s, put));
  }
}

// Every seat on the heuristic player, or (`mixed`) each move by it or at
// random, half and half, so that it is also asked in positions it would not
// reach itself. Every move it returns must be legal; every `honesty_every`-th
// is checked for honesty.
void heuristic_game(int players, Rng& rng, GameStats& stats, bool mixed, int honesty_every) {
  State s = initial_state(players, g_components);
  int steps = 0, decisions = 0;
  while (!is_terminal(s)) {
    check_invariants(s);
    if (is_chance(s)) {
      apply_random_chance(s, rng);
    } else {
      const Action move = heuristic_action(s, rng);
      CHECK_MSG(is_legal(s, move), "a legal heuristic move at step " + std::to_string(int(s.step)));
      if (!is_legal(s, move)) break;
      if (++decisions % honesty_every == 0) check_heuristic_honest(s, move, rng);
      if (s.step == Step::kPlaceTile) check_placement_parts(s);
      apply_action(s, mixed && rng.below(2) ? random_action(s, rng) : move);
    }
    if (++steps > 5000) {
      CHECK_MSG(false, "a heuristic game ends");
      break;
    }
  }
  check_invariants(s);
  stats.steps += steps;
  ++stats.games;
}

}  // namespace

void test_heuristic_games(int games, Rng& rng) {
  for (int players = kMinPlayers; players <= kMaxPlayers; ++players) {
    GameStats stats;
    for (int g = 0; g < games; ++g) {
      g_context = std::to_string(players) + " players, heuristic game " + std::to_string(g);
      heuristic_game(players, rng, stats, g % 2 == 1, 2);
    }
    std::printf("%d players: %lld heuristic games, %.1f steps a game\n", players, stats.games,
                stats.games ? double(stats.steps) / double(stats.games) : 0.0);
  }
}

}  // namespace pyai::automania::testing
