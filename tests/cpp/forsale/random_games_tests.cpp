// Random games (3-6 players), every step checked: the state's invariants,
// the step's token and every legal move's, the final scores; now and then
// every seat's determinisation played out and random tokens tried; each game
// replayed from its record.

#include <string>
#include <vector>

#include "forsale_tests.h"

namespace pyai::forsale::testing {
namespace {

CardMask vehicles_in_hands(const State& s) {
  CardMask all = 0;
  for (int p = 0; p < s.num_players; ++p) all |= s.vehicles[p];
  return all;
}

}  // namespace

// One step: a chance step or a uniformly random legal move, with the token of
// the step checked and recorded. False when the game cannot go on.
bool random_step(State& s, Tracker& t, Rng& rng, const StepOptions& options, std::vector<std::string>* tokens) {
  const State before = s;
  std::string token;
  if (is_chance(s)) {
    const Phase phase_before = s.phase;
    if (phase_before == Phase::kSetup && options.unrecorded_removal) {
      apply_deal(s, sample_deal(s, rng));  // the removal happened but nobody records it
    } else {
      apply_random_chance(s, rng);
    }
    if (phase_before == Phase::kSetup && s.removal_recorded) {
      CHECK(s.phase == Phase::kAuction && s.awaiting_deal);
      for (int d = 0; d < kNumDecks; ++d) {
        CHECK(card_count(s.removed[d]) == s.removed_per_deck);
        CHECK((s.removed[d] & ~before.unseen[d]) == 0);
      }
      token = format_removal(s.removed);
    } else {
      const Deck deck = current_deck(before);
      const CardMask cards = s.table;
      CHECK(!s.awaiting_deal);
      CHECK(card_count(cards) == s.num_players);
      CHECK((cards & ~before.unseen[int(deck)]) == 0);
      CHECK(s.phase == (phase_before == Phase::kSetup ? Phase::kAuction : phase_before));
      token = format_action(before, deal_action(cards));
      ++t.deals[int(s.phase)];
    }
  } else {
    ActionList legal;
    legal_actions(s, legal);
    if (!CHECK(!legal.empty())) return false;
    if (options.check_tokens) check_legal_tokens(s, legal);
    const Action action = legal[rng.below(uint32_t(legal.size()))];
    token = format_action(s, action);
    const CardMask hands_before = vehicles_in_hands(s);
    apply_action(s, action);
    const CardMask hands_after = vehicles_in_hands(s);
    const CardMask left_hands = hands_before & ~hands_after;
    if (left_hands) {
      CHECK(before.phase == Phase::kSelling);
      CHECK(card_count(left_hands) == s.num_players);  // a whole round sells at once
      t.sold |= left_hands;
    }
    if (hands_after & ~hands_before) CHECK(before.phase == Phase::kBuying);
  }
  if (options.check_tokens) check_token_step(before, token, s);
  if (tokens) tokens->push_back(token);
  ++t.steps;
  g_step = t.steps;
  check_state(s, t);
  return true;
}

// Plays `s` to the end with random moves and every check.
void play_out(State s, Tracker t, Rng& rng, const StepOptions& options) {
  constexpr int kMaxSteps = 20000;
  while (!is_terminal(s) && t.steps < kMaxSteps)
    if (!random_step(s, t, rng, options, nullptr)) return;
  CHECK_MSG(is_terminal(s), "no end after " + std::to_string(t.steps) + " steps");
  check_final(s, t);
}

void test_random_games(int players, int games, uint64_t seed) {
  Rng rng(seed * 1000003u + uint64_t(players));
  for (int game = 0; game < games; ++game) {
    const Config config = make_config(players, int(rng.below(uint32_t(players))));
    StepOptions options;
    options.unrecorded_removal = config.has_removal() && game % 3 == 2;
    g_context = "random game: players " + std::to_string(players) + ", game " + std::to_string(game) + ", seed " +
                std::to_string(seed) + (options.unrecorded_removal ? ", removal unrecorded" : "");
    State s = initial_state(config);
    Tracker t;
    g_step = 0;
    check_state(s, t);
    std::vector<std::string> tokens;
    constexpr int kMaxSteps = 20000;
    while (!is_terminal(s) && t.steps < kMaxSteps) {
      if (rng.below(40) == 0) check_determinizations(s, t, rng, /*play_to_end=*/true);
      if (rng.below(25) == 0) fuzz_tokens(s, rng, 20);
      if (!random_step(s, t, rng, options, &tokens)) break;
    }
    CHECK_MSG(is_terminal(s), "no end after " + std::to_string(t.steps) + " steps");
    check_final(s, t);
    check_determinizations(s, t, rng, false);
    replay_tokens(config, tokens, s);
    // After the end, every token is refused as illegal (or malformed).
    expect_error(s, "pass", ErrorKind::kIllegalMove);
    expect_error(s, "deal:1,2,3", ErrorKind::kIllegalMove);
  }
  g_context.clear();
  g_step = -1;
}

}  // namespace pyai::forsale::testing
