// What seeing the other seats' hidden contracts is worth to Automania's
// search: the most that inferring them (weighting the determinisations by what
// a seat's play reveals) could gain.
//
// One seat searches with every contract in the game known to it (the others'
// starting contracts and deck draws: everything a view hides); the others
// search as usual, from their views. All play the default search at the same
// iterations and its most visited move, as the ismcts bot (pyai/bots.py) does,
// with two differences that touch every seat alike: ties go to the better
// mean win (the bot's to the first legal move), and a seat that sees no chance
// to win keeps playing for the win share (the bot searches again for the
// margin). Deals are played in every rotation, so each seat is the one that
// sees in turn, with the same chance outcomes drawn from the deal's seed.
//
//   cmake -S . -B build/bench -G Ninja -DPYAI_BUILD_PYTHON=OFF -DPYAI_BUILD_BENCH=ON
//   cmake --build build/bench --target pyai_automania_seen_hands
//   build/bench/pyai_automania_seen_hands <iterations> <deals> [players] [first deal] [--blind] [--jobs N]
//
// One line per game (deal, the seat that sees, the winner, the VP), then the
// share of games the seeing seat won with a 95% interval over deals. --blind
// makes the "seeing" seat search from its view like the others: the control,
// whose share should be fair (1/players). --jobs plays that many deals at
// once (one search thread each); the games do not depend on it.
#include <atomic>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "automania/components.h"
#include "automania/information.h"
#include "automania/rules.h"
#include "automania/scoring.h"
#include "automania/search_game.h"
#include "automania_default_components.h"
#include "core/rng.h"
#include "search/mix64.h"
#include "search/run_search.h"

namespace {

using namespace pyai::automania;
using pyai::Rng;
namespace search = pyai::search;

// The state as `observer` would see it if every contract were face up: its
// view, less the hiding (only the decks' order, which no state stores, stays
// unknown).
View seeing_view(const State& s, int observer) {
  View view = view_of(s, observer);
  view.state = s;
  view.state.stand_ins = 0;
  for (int p = 0; p < s.num_players; ++p) view.hidden_regular[p] = view.hidden_starting[p] = 0;
  return view;
}

// The most visited move (ties: the better mean win).
Action chosen_move(const search::SearchResult& result) {
  const search::MoveStats* best = nullptr;
  for (const search::MoveStats& m : result.moves)
    if (!best || m.visits > best->visits ||
        (m.visits == best->visits && m.win_sum / std::max(1.0, double(m.visits)) >
                                         best->win_sum / std::max(1.0, double(best->visits))))
      best = &m;
  return Action(best->action);
}

struct GameResult {
  int winner = 0;
  int vp[kMaxPlayers] = {};
};

GameResult play(uint64_t deal, int players, int seeing_seat, bool blind, uint64_t iterations) {
  State s = initial_state(players, shipped_components());
  Rng chance(pyai::search::mix64(deal + 1));
  search::SearchConfig config;
  SearchGame::search_defaults(config);
  config.iterations = iterations;
  std::atomic<bool> stop{false};
  uint64_t decision = 0;
  while (!is_terminal(s)) {
    if (is_chance(s)) {
      SearchGame::apply_chance(s, chance, 0);
      continue;
    }
    const int seat = s.turn;
    ActionList legal;
    legal_actions(s, legal);
    if (legal.size() == 1) {
      apply_action(s, legal[0]);
      continue;
    }
    const View view = seat == seeing_seat && !blind ? seeing_view(s, seat) : view_of(s, seat);
    config.seed = pyai::search::mix64(deal * 0x9e3779b97f4a7c15ull + uint64_t(seeing_seat) * 1000003 + ++decision);
    apply_action(s, chosen_move(search::run_search<SearchGame>(view, seat, config, {}, stop)));
  }
  GameResult out;
  out.winner = winner(s);
  for (int p = 0; p < players; ++p) out.vp[p] = s.seat[p].vp;
  return out;
}

int usage(const char* program, const std::string& problem) {
  std::fprintf(stderr,
               "%s\nusage: %s <iterations> <deals> [players 2-4, default 3] [first deal, default 0] [--blind] "
               "[--jobs N]\n",
               problem.c_str(), program);
  return 2;
}

// A whole number in [low, high] from `text`, or -1.
long long whole_number(const char* text, long long low, long long high) {
  char* end = nullptr;
  errno = 0;
  const long long value = std::strtoll(text, &end, 10);
  if (end == text || *end || errno || value < low || value > high) return -1;
  return value;
}

}  // namespace

int main(int argc, char** argv) {
  bool blind = false;
  long long jobs = 1;
  std::vector<const char*> args;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--blind") == 0) {
      blind = true;
    } else if (std::strcmp(argv[i], "--jobs") == 0) {
      jobs = i + 1 < argc ? whole_number(argv[++i], 1, 256) : -1;
      if (jobs < 0) return usage(argv[0], "--jobs takes a whole number 1 to 256");
    } else {
      args.push_back(argv[i]);
    }
  }
  if (args.size() < 2 || args.size() > 4)
    return usage(argv[0], "expected 2 to 4 arguments besides the options, not " + std::to_string(args.size()));
  const long long iterations = whole_number(args[0], 1, 1'000'000'000);
  if (iterations < 0) return usage(argv[0], "iterations '" + std::string(args[0]) + "' is not a whole number 1 or more");
  const long long deals = whole_number(args[1], 1, 1'000'000);
  if (deals < 0) return usage(argv[0], "deals '" + std::string(args[1]) + "' is not a whole number 1 or more");
  const long long players = args.size() > 2 ? whole_number(args[2], kMinPlayers, kMaxPlayers) : 3;
  if (players < 0) return usage(argv[0], "players '" + std::string(args[2]) + "' is not 2, 3 or 4");
  const long long first = args.size() > 3 ? whole_number(args[3], 0, 1'000'000'000) : 0;
  if (first < 0) return usage(argv[0], "first deal '" + std::string(args[3]) + "' is not a whole number 0 or more");

  // Deals are shared out to the jobs; a deal's games are printed together when
  // it is done (so deals may be printed out of order), the summary at the end.
  std::vector<double> deal_share(static_cast<size_t>(deals));  // per deal: the seeing seat's wins over its rotations
  std::atomic<long long> next{0};
  std::mutex printing;
  auto work = [&] {
    for (long long index = next++; index < deals; index = next++) {
      const long long deal = first + index;
      GameResult games[kMaxPlayers];
      double wins = 0;
      for (int seeing = 0; seeing < players; ++seeing) {
        games[seeing] = play(uint64_t(deal), int(players), seeing, blind, uint64_t(iterations));
        wins += games[seeing].winner == seeing;
      }
      deal_share[size_t(index)] = wins / double(players);
      const std::lock_guard<std::mutex> lock(printing);
      for (int seeing = 0; seeing < players; ++seeing) {
        std::printf("deal %lld seeing %d winner %d vp", deal, seeing, games[seeing].winner);
        for (int p = 0; p < players; ++p) std::printf(" %d", games[seeing].vp[p]);
        std::printf("\n");
      }
      std::fflush(stdout);
    }
  };
  std::vector<std::thread> pool;
  for (long long j = 1; j < std::min(jobs, deals); ++j) pool.emplace_back(work);
  work();
  for (std::thread& thread : pool) thread.join();

  double mean = 0;
  for (double x : deal_share) mean += x;
  const double n = double(deal_share.size());
  mean /= n;
  double var = 0;
  for (double x : deal_share) var += (x - mean) * (x - mean);
  const double half = n > 1 ? 1.96 * std::sqrt(var / (n - 1) / n) : 0;
  std::printf("%s seat won %.3f +- %.3f of %lld games over %lld deals (fair %.3f)\n", blind ? "blind control" : "seeing",
              mean, half, deals * players, deals, 1.0 / double(players));
  return 0;
}
