// Automania's move digest (tests/cpp/move_digest.h): heuristic games at 2, 3
// and 4 players and the default search from the start of a 3-player game.
#include "../move_digest.h"

#include "automania/heuristic.h"
#include "automania/information.h"
#include "automania/search_game.h"
#include "automania_tests.h"

namespace pyai::automania::testing {

void print_move_digest() {
  Rng rng(1);
  State start = initial_state(3, g_components);
  while (SearchGame::kind(start) == search::NodeKind::kChance) SearchGame::apply_chance(start, rng, 0);
  pyai::test::print_game_move_digest<SearchGame>([](int players) { return initial_state(players, g_components); },
                                            {2, 3, 4}, view_of(start, start.turn), start.turn);
}

}  // namespace pyai::automania::testing
