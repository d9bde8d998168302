// Leduc poker's section of the C++ bench driver (bench/cpp/bench_section.h): two players.
#include "../cpp/bench_section.h"
#include "leduc/information.h"
#include "leduc/rules.h"
#include "leduc/search_game.h"

namespace {

struct LeducBench {
  using Game = pyai::leduc::SearchGame;
  static constexpr std::string_view kName = "leduc";
  static constexpr int kMinPlayers = pyai::leduc::kPlayers;
  static constexpr int kMaxPlayers = pyai::leduc::kPlayers;
  static constexpr int kDefaultPlayers = pyai::leduc::kPlayers;
  static Game::State new_game(int) { return pyai::leduc::initial_state(); }
  static Game::View view_of(const Game::State& s, int seat) { return pyai::leduc::view_of(s, seat); }
};

}  // namespace

PYAI_BENCH_SECTION(leduc, LeducBench)
