// The search with Leduc as its game (the search template with a second game,
// under the sanitizers in the sanitized build): a short search from a few
// positions, and a pondering search's clock.
#include <atomic>
#include <chrono>
#include <cmath>
#include <string>
#include <string_view>

#include "leduc/information.h"
#include "leduc/rules.h"
#include "leduc/search_game.h"
#include "leduc/tokens.h"
#include "leduc_tests.h"
#include "search/run_search.h"

namespace pyai::leduc::testing {

// Every iteration of an ISMCTS search with an iteration budget starts with a
// move of the searching seat. Whole-hand CFR (the game's default) reports an
// average strategy over the seat's moves: its weights sum to the iterations.
void test_short_searches() {
  const std::atomic<bool> stop{false};
  search::SearchConfig cfr = search::default_config<SearchGame>();
  cfr.iterations = 2000;
  CHECK(cfr.objective == search::Objective::kScore);
  CHECK(cfr.algorithm == search::Algorithm::kCfr);
  search::SearchConfig ismcts = cfr;
  ismcts.algorithm = search::Algorithm::kIsmcts;
  for (const char* line : {"deal:qs deal:kh", "deal:js deal:kh raise", "deal:kh deal:qs call call deal:qh raise"}) {
    State s = initial_state();
    for (std::string_view rest = line; !rest.empty();) {
      const size_t space = rest.find(' ');
      apply_parsed(s, parse_token(s, rest.substr(0, space)));
      rest = space == std::string_view::npos ? std::string_view() : rest.substr(space + 1);
    }
    const auto tree = search::run_search<SearchGame>(view_of(s, s.turn), s.turn, ismcts, {}, stop);
    CHECK_MSG(tree.iterations == 2000 && !tree.average_strategy, line);
    uint64_t visits = 0;
    for (const auto& move : tree.moves) visits += move.visits;
    CHECK_MSG(visits == 2000, line);

    const auto hand = search::run_search<SearchGame>(view_of(s, s.turn), s.turn, cfr, {}, stop);
    CHECK_MSG(hand.iterations == 2000 && hand.average_strategy, line);
    double weight = 0;
    for (const auto& move : hand.moves) weight += move.policy_weight;
    CHECK_MSG(std::abs(weight - 2000) < 1e-6 * 2000, line);
    CHECK_MSG(hand.moves.size() >= 2 && hand.moves[0].visits > 0, line);
  }
}

// A pondering search's clock: held, it never runs out and an iteration
// budget still ends the search; released, its budget counts from then, and a
// second release does not move its start.
void test_search_clock() {
  using search::Clock;
  using search::SearchClock;
  SearchClock clock(true);
  CHECK(clock.held());
  CHECK(!clock.passed(Clock::duration::zero()));
  CHECK(!(search::Deadline{&clock, Clock::duration::zero()}.passed()));
  CHECK(!(search::Deadline{nullptr, Clock::duration::zero()}.passed()));

  const std::atomic<bool> stop{false};
  search::SearchConfig config = search::default_config<SearchGame>();
  config.iterations = 500;
  config.time_ms = 1e-6;  // would end the search after its first iteration, were the clock running
  const State s = initial_state();
  State dealt = s;
  apply_parsed(dealt, parse_token(dealt, "deal:qs"));
  apply_parsed(dealt, parse_token(dealt, "deal:kh"));
  const View view = view_of(dealt, dealt.turn);
  const auto held = search::run_search<SearchGame>(view, dealt.turn, config, {}, stop, nullptr, &clock);
  CHECK_MSG(held.iterations == 500, std::to_string(held.iterations) + " iterations on a held clock");
  const auto running = search::run_search<SearchGame>(view, dealt.turn, config, {}, stop);
  CHECK_MSG(running.iterations < 500, std::to_string(running.iterations) + " iterations on a running clock");

  clock.release();
  CHECK(!clock.held());
  CHECK(clock.passed(Clock::duration::zero()));
  CHECK(!clock.passed(std::chrono::hours(1)));
  clock.release();  // a running clock keeps its start
  CHECK(!clock.passed(std::chrono::hours(1)));
  clock.reset(true);
  CHECK(clock.held());
  clock.reset(false);
  CHECK(!clock.held());
}

}  // namespace pyai::leduc::testing
