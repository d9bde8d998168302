// Search stress test: thousands of ISMCTS and PIMC searches from random
// positions of random games of every game CMakeLists.txt's PYAI_GAMES
// registers, with the settings pushed to their edges — node caps small
// enough that the trees fill (down to two nodes a tree), 1-4 threads,
// iteration budgets around the thread and determinisation counts, time
// budgets from a nanosecond to the largest the settings accept, a stop from
// another thread at a random moment — and invariant checks on every result.
// Built under the sanitizers too; under ThreadSanitizer the multi-threaded
// searches are what matter (--min-threads 2 keeps only those).
//
//   pyai_search_stress [--searches N] [--seed S] [--first K] [--max-iterations M]
//                      [--min-threads T] [--game NAME] [--time-slack-ms MS] [--verbose]
//
// Search k of a run draws its game, position and settings from (seed, k)
// alone: a failure prints the arguments that rerun just that search. Each
// game claims its share of the searches (its section's claims); --game plays
// only that game's. Like the other C++ test programs, the last line is
// "N passed, M failed" (checks) and the exit code is non-zero on any failure.
//
// The program has three parts. Each game's section (tests/cpp/<game>/
// stress_section.cpp, the interface in search_stress.h) is all the code that
// knows its game; the driver (search_stress_driver.h), instantiated in each
// section's file, runs and checks the searches; this file reads the options
// and runs the searches, each with its game's entry.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include "search_stress_driver.h"

// Each registered game's section (PYAI_STRESS_SECTION in its stress_section.cpp).
#define PYAI_GAME(name) pyai::stress::GameEntry stress_section_##name();
#include "registered_games.inc"
#undef PYAI_GAME

namespace pyai::stress {
namespace {

// In PYAI_GAMES' order.
std::vector<GameEntry> registered_games() {
  std::vector<GameEntry> games;
#define PYAI_GAME(name) games.push_back(stress_section_##name());
#include "registered_games.inc"
#undef PYAI_GAME
  return games;
}

const GameEntry* find_game(const std::vector<GameEntry>& games, std::string_view name) {
  const auto found = std::find_if(games.begin(), games.end(), [&](const GameEntry& game) { return game.name == name; });
  return found == games.end() ? nullptr : &*found;
}

void run_searches(const std::vector<GameEntry>& games, const Options& options, Coverage& coverage) {
  const GameEntry* only = options.game.empty() ? nullptr : find_game(games, options.game);
  for (long long k = options.first; k < options.first + options.searches; ++k) {
    const uint64_t search_seed = stream_seed(options.seed, uint64_t(k));
    Rng rng(search_seed);
    g_context = "search " + std::to_string(k) + " (rerun:" + options.draw_flags + " --seed " +
                std::to_string(options.seed) + " --first " + std::to_string(k) + " --searches 1)";
    // Every game is asked, whatever --game says, so that search k is the same
    // search with or without it. The first game plays what no other claims.
    const GameEntry* game = &games.front();
    for (const GameEntry& entry : games)
      if (entry.claims(rng, search_seed)) game = &entry;
    (only ? only : game)->run(rng, options, coverage);
  }
  g_context.clear();
}

long long parse_number(const char* text, const char* option) {
  char* end = nullptr;
  const long long value = std::strtoll(text, &end, 10);
  if (end == text || *end != '\0' || value < 0) {
    std::fprintf(stderr, "%s needs a whole number >= 0, not '%s'\n", option, text);
    std::exit(2);
  }
  return value;
}

}  // namespace
}  // namespace pyai::stress

int main(int argc, char** argv) {
  using namespace pyai::stress;
  const std::vector<GameEntry> games = registered_games();
  Options options;
  // The flags that change what is drawn, repeated in the rerun hint of a failure.
  const auto shapes_draws = [&](std::string_view flag, std::string_view value) {
    for (std::string_view word : {flag, value}) {
      options.draw_flags += ' ';
      options.draw_flags += word;
    }
  };
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--searches" && has_value) {
      options.searches = parse_number(argv[++i], "--searches");
    } else if (arg == "--seed" && has_value) {
      options.seed = uint64_t(parse_number(argv[++i], "--seed"));
    } else if (arg == "--first" && has_value) {
      options.first = parse_number(argv[++i], "--first");
    } else if (arg == "--max-iterations" && has_value) {
      options.max_iterations = uint64_t(std::max(1LL, parse_number(argv[++i], "--max-iterations")));
      shapes_draws(arg, argv[i]);
    } else if (arg == "--min-threads" && has_value) {
      const long long threads = parse_number(argv[++i], "--min-threads");
      options.min_threads = int(std::clamp(threads, 1LL, static_cast<long long>(kMaxThreads)));
      shapes_draws(arg, argv[i]);
    } else if (arg == "--game" && has_value && find_game(games, argv[i + 1])) {
      options.game = argv[++i];
      shapes_draws(arg, argv[i]);
    } else if (arg == "--time-slack-ms" && has_value) {
      options.time_slack_ms = double(parse_number(argv[++i], "--time-slack-ms"));
    } else if (arg == "--verbose") {
      options.verbose = true;
    } else {
      std::string names;
      for (const GameEntry& game : games) names += (names.empty() ? "" : "|") + std::string(game.name);
      std::fprintf(stderr,
                   "usage: %s [--searches N] [--seed S] [--first K] [--max-iterations M] [--min-threads T] "
                   "[--game %s] [--time-slack-ms MS] [--verbose]\n",
                   argv[0], names.c_str());
      return 2;
    }
  }
  Coverage coverage(games);
  const auto start = Clock::now();
  try {
    run_searches(games, options, coverage);
  } catch (const std::exception& e) {
    CHECK_MSG(false, std::string("unexpected exception: ") + e.what());
  }
  coverage.print();
  std::printf("%lld searches in %.1f s\n", coverage.searches, ms_between(start, Clock::now()) / 1000);
  return report_and_exit_code();
}
