// Positions as text: every state of random games (3-6 players, both
// editions, the removal recorded or not) and a seat's view of it, some of the
// other seats' cash and hands forgotten, written and read back.

#include <algorithm>
#include <string>
#include <vector>

#include "forsale_tests.h"
#include "forsale/information.h"
#include "forsale/position.h"

namespace pyai::forsale::testing {
namespace {

// The values of a set of check ids, in order: a position names checks by
// value, so which copy of a pair a seat holds is not part of it.
std::vector<int> check_values(CardMask ids) {
  std::vector<int> values;
  for (int id : Cards(ids)) values.push_back(check_value(id));
  return values;
}

// `s` with what a position does not carry cleared: the check ids (compared
// by value instead), the turn while nobody acts, the leader once no round
// has one.
State without_position_free_parts(State s) {
  const int checks = int(Deck::kChecks);
  for (int p = 0; p < kMaxPlayers; ++p) {
    s.checks[p] = 0;
    s.check_won[p] = 0;
  }
  if (s.phase == Phase::kSelling) s.table = 0;
  s.unseen[checks] = s.removed[checks] = 0;
  if (s.awaiting_deal || s.phase == Phase::kOver || s.phase == Phase::kSetup) s.turn = 0;
  if (s.phase == Phase::kSelling || s.phase == Phase::kOver) s.leader = 0;
  return s;
}

void check_same_position(const State& expected, const State& read, const std::string& text) {
  const int checks = int(Deck::kChecks);
  bool same = without_position_free_parts(expected) == without_position_free_parts(read);
  for (int p = 0; p < expected.num_players; ++p) {
    same = same && check_values(expected.checks[p]) == check_values(read.checks[p]);
    same = same && check_value(expected.check_won[p]) == check_value(read.check_won[p]);
  }
  if (expected.phase == Phase::kSelling) same = same && check_values(expected.table) == check_values(read.table);
  same = same && check_values(expected.unseen[checks]) == check_values(read.unseen[checks]);
  same = same && check_values(expected.removed[checks]) == check_values(read.removed[checks]);
  CHECK_MSG(same, "the position read back differs from the state written: " + text);
}

// One seat's view of `s`, with some of the other seats' cash and hands
// forgotten at random, written as text and read back as that seat's view.
void check_view_round_trip(const Config& config, const State& s, int observer, Rng& rng) {
  View view = view_of(s, observer);
  for (int p = 0; p < s.num_players; ++p) {
    if (p == observer) continue;
    if (rng.below(3) == 0) forget_cash(view, p, std::max(0, s.cash[p] - int(rng.below(10))), s.cash[p]);
    if (rng.below(3) == 0) forget_hand(view, p, Deck::kAdvisors);
    if (rng.below(3) == 0) forget_hand(view, p, Deck::kVehicles);
  }
  const std::string text = write_position(view);
  try {
    const View read = read_position_view(config, text, observer);
    check_same_position(view.state, read.state, text);
    bool same = read.observer == view.observer && read.hidden_sells == view.hidden_sells;
    for (int p = 0; p < s.num_players; ++p) {
      same = same && read.unknown_advisors[p] == view.unknown_advisors[p] &&
             read.unknown_vehicles[p] == view.unknown_vehicles[p] && read.cash_low[p] == view.cash_low[p] &&
             read.cash_high[p] == view.cash_high[p];
    }
    CHECK_MSG(same, "the view read back differs in its unknowns: " + text);
    CHECK_MSG(write_position(read) == text, "the view written again as " + write_position(read) + " from " + text);
  } catch (const GameError& e) {
    CHECK_MSG(false, "a view of a reachable position was refused: " + std::string(e.what()) + " -- " + text);
  }
}

}  // namespace

// Every state of random games (3-6 players, both editions, the removal
// recorded or not) written as text and read back: the same position, and
// the same text again.
void test_position_round_trip(int games, uint64_t seed) {
  Rng rng(seed ^ 0x9051710u);
  for (int game = 0; game < games; ++game) {
    const int players = kMinPlayers + game % (kMaxPlayers - kMinPlayers + 1);
    const bool classic = game % 2 == 1;
    const Config config = make_config(players, int(rng.below(uint32_t(players))), classic);
    const bool unrecorded_removal = config.has_removal() && game % 3 == 2;
    g_context = "position round trip: players " + std::to_string(players) + (classic ? ", classic" : "") +
                ", game " + std::to_string(game) + (unrecorded_removal ? ", removal unrecorded" : "");
    State s = initial_state(config);
    ActionList legal;
    for (g_step = 0;; ++g_step) {
      const std::string text = write_position(s);
      try {
        const State read = read_position(config, text);
        check_same_position(s, read, text);
        CHECK_MSG(write_position(read) == text, "written again as " + write_position(read) + " from " + text);
      } catch (const GameError& e) {
        CHECK_MSG(false, "a reachable position was refused: " + std::string(e.what()) + " -- " + text);
      }
      if (s.phase != Phase::kSetup) check_view_round_trip(config, s, g_step % players, rng);
      if (is_terminal(s)) break;
      if (is_chance(s)) {
        if (s.phase == Phase::kSetup && unrecorded_removal) {
          apply_deal(s, sample_deal(s, rng));
        } else {
          apply_random_chance(s, rng);
        }
        continue;
      }
      legal_actions(s, legal);
      apply_action(s, legal[rng.below(uint32_t(legal.size()))]);
    }
  }
  g_context.clear();
  g_step = -1;
}

}  // namespace pyai::forsale::testing
