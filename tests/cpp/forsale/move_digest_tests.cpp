// For Sale's move digest (tests/cpp/move_digest.h): heuristic games at 3 to 6
// players and the default search at the first bid of a 4-player game.
#include "../move_digest.h"

#include "forsale/heuristic.h"
#include "forsale/information.h"
#include "forsale/rules.h"
#include "forsale/search_game.h"
#include "forsale_tests.h"

namespace pyai::forsale::testing {

void print_move_digest() {
  Rng rng(1);
  State start = initial_state(make_config(4, 0));
  while (SearchGame::kind(start) == search::NodeKind::kChance) apply_random_chance(start, rng);
  const View root = SearchGame::reopen_simultaneous_step(view_of(start, start.turn));
  pyai::test::print_game_move_digest<SearchGame>([](int players) { return initial_state(make_config(players, 0)); },
                                            {3, 4, 5, 6}, root, start.turn);
}

}  // namespace pyai::forsale::testing
