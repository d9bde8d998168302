// For Sale's section of the C++ bench driver (bench/cpp/bench_section.h):
// Autorama, 3-6 players, 4 unless told.
#include "../cpp/bench_section.h"
#include "forsale/config.h"
#include "forsale/information.h"
#include "forsale/rules.h"
#include "forsale/search_game.h"

namespace {

struct ForSaleBench {
  using Game = pyai::forsale::SearchGame;
  static constexpr std::string_view kName = "forsale";
  static constexpr int kMinPlayers = pyai::forsale::kMinPlayers;
  static constexpr int kMaxPlayers = pyai::forsale::kMaxPlayers;
  static constexpr int kDefaultPlayers = 4;
  static Game::State new_game(int players) { return pyai::forsale::initial_state(pyai::forsale::make_config(players, 0)); }
  static Game::View view_of(const Game::State& s, int seat) { return pyai::forsale::view_of(s, seat); }
};

}  // namespace

PYAI_BENCH_SECTION(forsale, ForSaleBench)
