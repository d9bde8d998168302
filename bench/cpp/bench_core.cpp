// C++ bench driver: raw rules and search speed without Python in the way,
// for profilers (perf, valgrind --tool=callgrind), for every registered game.
//
//   cmake -S . -B build/bench -DPYAI_BUILD_PYTHON=OFF -DPYAI_BUILD_BENCH=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo
//   cmake --build build/bench && build/bench/pyai_bench_core <game> playouts 200000 [players]
//   build/bench/pyai_bench_core <game> heuristic 2000   (heuristic playouts: the search's rollouts)
//   build/bench/pyai_bench_core <game> search 20000     (the game's default search, 1 thread)
//
// <game> is a name of CMakeLists.txt's PYAI_GAMES. Each game's part is its
// section (bench/<game>/bench_section.cpp); what is timed is written once, in
// bench_section.h.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "bench_section.h"

// Each registered game's section (PYAI_BENCH_SECTION in its bench_section.cpp).
#define PYAI_GAME(name) pyai::bench::BenchEntry bench_section_##name();
#include "registered_games.inc"
#undef PYAI_GAME

namespace {

using pyai::bench::BenchEntry;
using pyai::bench::BenchRun;
using pyai::bench::Subject;

std::vector<BenchEntry> registered_games() {
  std::vector<BenchEntry> games;
#define PYAI_GAME(name) games.push_back(bench_section_##name());
#include "registered_games.inc"
#undef PYAI_GAME
  return games;
}

int usage(const char* program, const std::vector<BenchEntry>& games, const std::string& problem) {
  std::string names;
  for (const BenchEntry& game : games) names += (names.empty() ? "" : "|") + std::string(game.name);
  std::fprintf(stderr, "%s: %s\nusage: %s %s playouts|heuristic|search [count] [players]\n", program,
               problem.c_str(), program, names.c_str());
  return 2;
}

// A whole positive number, or 0 if the text is not one.
long whole_number(const char* text) {
  char* end = nullptr;
  const long value = std::strtol(text, &end, 10);
  return end != text && *end == '\0' && value > 0 ? value : 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<BenchEntry> games = registered_games();
  if (argc < 3 || argc > 5) return usage(argv[0], games, "expected a game and what to time");
  const BenchEntry* game = nullptr;
  for (const BenchEntry& entry : games)
    if (entry.name == argv[1]) game = &entry;
  if (!game) return usage(argv[0], games, std::string("unknown game '") + argv[1] + "'");
  Subject subject;
  if (std::strcmp(argv[2], "playouts") == 0) {
    subject = Subject::kRandomPlayouts;
  } else if (std::strcmp(argv[2], "heuristic") == 0) {
    if (!game->has_heuristic) return usage(argv[0], games, std::string(game->name) + " has no heuristic player");
    subject = Subject::kHeuristicPlayouts;
  } else if (std::strcmp(argv[2], "search") == 0) {
    subject = Subject::kSearch;
  } else {
    return usage(argv[0], games, std::string("unknown subject '") + argv[2] + "'");
  }
  const long count = argc > 3 ? whole_number(argv[3]) : 100000;
  if (count == 0) return usage(argv[0], games, std::string("count '") + argv[3] + "' is not a positive whole number");
  const long players = argc > 4 ? whole_number(argv[4]) : game->default_players;
  if (players < game->min_players || players > game->max_players) {
    std::string counts = std::to_string(game->min_players);
    if (game->max_players > game->min_players) counts += "-" + std::to_string(game->max_players);
    return usage(argv[0], games, std::string(game->name) + " plays " + counts + " players, not '" + argv[4] + "'");
  }
  const BenchRun run = game->run(subject, count, int(players));
  std::printf("%s %s, %ld players: %lld in %.3f s = %.0f /s (checksum %lld, moves %016llx)\n", argv[1], argv[2],
              players, run.count, run.seconds, double(run.count) / run.seconds, run.checksum,
              static_cast<unsigned long long>(run.moves));
  return 0;
}
