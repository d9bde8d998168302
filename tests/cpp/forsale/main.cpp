// For Sale's C++ test program: random games with invariant checks, token
// round trips and replays, determinisation checks, positions as text,
// scoring unit checks, the rulebook's examples, malformed tokens, the move
// choosers and the search game's chance grouping, a subject a file of this
// folder. No framework: CHECK counts passes and failures, prints file:line
// and the failed expression, and main returns non-zero on any failure after
// a last line "N passed, M failed".
//
//   pyai_forsale_tests [--games N] [--seed S]
//
// --games is the number of random games per player count (default 300).
#include "forsale_tests.h"

using namespace pyai::forsale;
using namespace pyai::forsale::testing;

int main(int argc, char** argv) {
  const TestOptions options = read_options(argc, argv, {.games = 300, .seed = 20240601});
  const int games = options.games;
  const uint64_t seed = options.seed;
  run_section("scoring", [] { test_scoring(); });
  run_section("canonical checks", [] { test_canonical_checks(); });
  run_section("rule examples", [] { test_rule_examples(); });
  run_section("token errors", [] { test_token_errors(); });
  for (int players = kMinPlayers; players <= kMaxPlayers; ++players) {
    const std::string name = "random games, " + std::to_string(players) + " players";
    run_section(name.c_str(), [&] { test_random_games(players, games, seed); });
  }
  run_section("positions as text, round trip", [&] { test_position_round_trip(games / 3 + 8, seed); });
  run_section("moves seen by a partial view", [&] { test_seen_moves(games / 3 + 8, seed); });
  run_section("determinisation in selling", [&] { test_determinization_in_selling(games / 3 + 1, seed); });
  run_section("view ignores removed check copies", [] { test_view_ignores_removed_check_copies(); });
  run_section("chance groups", [&] { test_chance_groups(games, seed); });
  run_section("heuristic and random moves", [&] { test_move_choosers(games, seed); });
  run_section("rollout sells", [] { test_rollout_sells(); });
  run_section("rollout buys", [] { test_rollout_buys(); });
  run_section("move digest", [] { print_move_digest(); });
  return report_and_exit_code();
}
