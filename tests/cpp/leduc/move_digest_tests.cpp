// Leduc's move digest (tests/cpp/move_digest.h): heuristic hands and the
// default search (whole-hand CFR) at seat 0's first decision.
#include "../move_digest.h"

#include "leduc/information.h"
#include "leduc/rules.h"
#include "leduc/search_game.h"
#include "leduc_tests.h"

namespace pyai::leduc::testing {

void print_move_digest() {
  Rng rng(1);
  State start = initial_state();
  while (SearchGame::kind(start) == search::NodeKind::kChance) SearchGame::apply_chance(start, rng, 0);
  pyai::test::print_game_move_digest<SearchGame>([](int) { return initial_state(); }, {kPlayers}, view_of(start, 0), 0);
}

}  // namespace pyai::leduc::testing
