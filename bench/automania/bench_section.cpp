// Automania's section of the C++ bench driver (bench/cpp/bench_section.h):
// 2-4 players, 3 unless told, with the shipped component set (compiled in:
// csrc/automania/standalone.cmake), whose learned evaluation the search uses.
#include "../cpp/bench_section.h"
#include "automania/components.h"
#include "automania/information.h"
#include "automania/rules.h"
#include "automania/search_game.h"
#include "automania_default_components.h"

namespace {

struct AutomaniaBench {
  using Game = pyai::automania::SearchGame;
  static constexpr std::string_view kName = "automania";
  static constexpr int kMinPlayers = pyai::automania::kMinPlayers;
  static constexpr int kMaxPlayers = pyai::automania::kMaxPlayers;
  static constexpr int kDefaultPlayers = 3;
  static Game::State new_game(int players) {
    return pyai::automania::initial_state(players, pyai::automania::shipped_components());
  }
  static Game::View view_of(const Game::State& s, int seat) { return pyai::automania::view_of(s, seat); }
};

}  // namespace

PYAI_BENCH_SECTION(automania, AutomaniaBench)
