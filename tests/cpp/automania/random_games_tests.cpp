// Random games (half of them with seats that withdraw only when nothing else
// is left), every step checked: the state's invariants, every legal move's
// token round trip, the step's VP; now and then every seat's view and its
// record; in one game in a hundred every state written as text and read
// back; each game replayed from its record. Over all of them the rare rules
// must have come up.
#include <cstdio>
#include <string>
#include <vector>

#include "automania/chance.h"
#include "automania/playout.h"
#include "automania/scoring.h"
#include "automania_tests.h"

namespace pyai::automania::testing {
namespace {

// How often the rare rules came up over all games: each must (checked at the end).
struct RuleCoverage {
  long long top_cars = 0, takebacks = 0, contracts_played = 0, no_contract_vp = 0, upgrades = 0, staff = 0,
            office_tiles = 0, sales = 0, deck_draws = 0;
};
RuleCoverage g_coverage;

void count_coverage(const State& before, const State& after, Action action) {
  const Components& c = before.c();
  const Seat& p = before.seat[before.turn];
  switch (move_kind(action)) {
    case MoveKind::kSell: (before.step == Step::kShip ? g_coverage.top_cars : g_coverage.sales)++; break;
    case MoveKind::kTakeback: ++g_coverage.takebacks; break;
    case MoveKind::kContract: ++g_coverage.contracts_played; break;
    case MoveKind::kDrawDeck: ++g_coverage.deck_draws; break;
    case MoveKind::kPutOffice:
      if (p.office[move_arg(action)] != kNoTile) ++g_coverage.upgrades;
      if (Manager(face(c, before.tile).detail) == Manager::kStaff) ++g_coverage.staff;
      break;
    case MoveKind::kPutStyling:
      if (styling_slot_with(c, p, move_arg(action), face(c, before.tile).detail) >= 0) ++g_coverage.upgrades;
      break;
    default: break;
  }
  if (before.step == Step::kPlaceTile && before.office_bonus) ++g_coverage.office_tiles;
  for (int seat = 0; seat < before.num_players; ++seat)
    if (after.seat[seat].vp_from[kVpNoContract] > before.seat[seat].vp_from[kVpNoContract]) ++g_coverage.no_contract_vp;
}

// Uniform random play withdraws early (withdrawing is one of about ten
// moves a turn, and sponsoring and marketing use up workers), so half the
// games are played "eagerly": a seat places workers on an action space
// whenever it can, half the time on a contract space, and rarely markets,
// reaching full factories, an empty contract deck and crowded ships and sales.
Action choose(const State& s, const ActionList& legal, Rng& rng, bool eager) {
  if (eager) {
    ActionList preferred;
    if (s.step == Step::kTurn) {
      const bool contracts = rng.below(2) == 0;
      for (Action a : legal) {
        const bool place = move_kind(a) == MoveKind::kPlace || move_kind(a) == MoveKind::kCorner;
        const bool contract = place && move_kind(a) == MoveKind::kPlace &&
                              s.c().space[move_arg(a)].action == SpaceAction::kContract;
        if (place && (!contracts || contract)) preferred.push_back(a);
      }
    } else if (s.step == Step::kShip && rng.below(4) != 0) {
      for (Action a : legal)
        if (move_kind(a) != MoveKind::kMarketing) preferred.push_back(a);
    } else if (s.step == Step::kDraw) {
      preferred.push_back(legal[legal.size() - 1]);  // the deck while it has cards
    }
    if (!preferred.empty()) return preferred[rng.below(uint32_t(preferred.size()))];
  }
  return legal[rng.below(uint32_t(legal.size()))];
}

// One game in this many reads back its every state as text (positions as text).
constexpr int kPositionGamesEvery = 100;

void random_game(int players, Rng& rng, GameStats& stats, bool deep, bool eager, bool positions) {
  State s = initial_state(players, g_components);
  std::vector<std::string> history;
  int steps = 0;
  while (!is_terminal(s)) {
    check_invariants(s);
    if (positions) check_position(s, rng);
    if (positions && steps % 10 == 0) check_mutated_position(s, rng);
    const State before = s;
    bool chance = is_chance(s);
    Action action = 0;
    std::string token;
    if (chance) {
      const ChanceOutcome outcome = sample_outcome(s, rng);
      token = format_outcome(s, outcome);
      apply_outcome(s, outcome);
    } else {
      ActionList legal;
      legal_actions(s, legal);
      for (Action a : legal) {  // every legal move's token round trip
        const std::string text = format_action(before, a);
        try {
          const ParsedToken parsed = parse_token(before, text);
          CHECK_MSG(!parsed.is_chance && parsed.action == a, text);
        } catch (const std::exception& error) {
          CHECK_MSG(false, text + ": " + error.what());
        }
      }
      action = choose(s, legal, rng, eager);
      token = format_action(s, action);
      apply_action(s, action);
      count_coverage(before, s, action);
    }
    history.push_back(token);
    check_step(before, s, chance, action);
    if (deep && steps % 7 == 0) check_views(s, rng);
    ++steps;
    if (steps > 5000) {
      CHECK_MSG(false, "a game ends");
      break;
    }
  }
  check_invariants(s);
  if (positions) check_position(s, rng);
  // The record replays to the same state.
  State replay = initial_state(players, g_components);
  try {
    for (const std::string& token : history) apply_parsed(replay, parse_token(replay, token));
    CHECK(replay == s);
  } catch (const std::exception& error) {
    CHECK_MSG(false, std::string("the record replays: ") + error.what());
  }
  CHECK(winner(s) >= 0 && winner(s) < players);
  if (deep) check_records(s, history, rng);
  stats.steps += steps;
  ++stats.games;
}

}  // namespace

void test_random_games(int games, Rng& rng) {
  for (int players = kMinPlayers; players <= kMaxPlayers; ++players) {
    GameStats stats;
    for (int g = 0; g < games; ++g) {
      g_context = std::to_string(players) + " players, game " + std::to_string(g);
      random_game(players, rng, stats, g % 50 == 0, g % 2 == 1, g % kPositionGamesEvery == 0);
    }
    std::printf("%d players: %lld games, %.1f steps a game\n", players, stats.games,
                stats.games ? double(stats.steps) / double(stats.games) : 0.0);
  }
}

void check_rule_coverage() {
  g_context = "rule coverage";
  const RuleCoverage& r = g_coverage;
  std::printf("reached: %lld top cars, %lld take-backs, %lld contracts played, %lld VP for no contract left, "
              "%lld upgrades, %lld staff managers, %lld office tiles, %lld sales, %lld deck draws\n",
              r.top_cars, r.takebacks, r.contracts_played, r.no_contract_vp, r.upgrades, r.staff, r.office_tiles,
              r.sales, r.deck_draws);
  CHECK(r.top_cars > 0 && r.takebacks > 0 && r.contracts_played > 0 && r.no_contract_vp > 0);
  CHECK(r.upgrades > 0 && r.staff > 0 && r.office_tiles > 0 && r.sales > 0 && r.deck_draws > 0);
}

}  // namespace pyai::automania::testing
