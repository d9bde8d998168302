// Random Leduc hands: chips balance, stakes stay within the rules, tokens
// round-trip, views hide the other card and determinisations agree with the
// view, and each hand replays from its record.
#include <string>
#include <vector>

#include "leduc/information.h"
#include "leduc/rules.h"
#include "leduc/tokens.h"
#include "leduc_tests.h"

namespace pyai::leduc::testing {

void test_random_hands(int games, uint64_t seed) {
  Rng rng(seed);
  for (int g = 0; g < games * 10; ++g) {
    State s = initial_state();
    std::vector<std::string> tokens;
    while (!is_terminal(s)) {
      CHECK(s.contributed[0] <= kMaxStake && s.contributed[1] <= kMaxStake);
      CHECK(card_set_size(s.undealt) == kDeckSize - s.dealt);
      ParsedToken parsed;
      if (is_chance(s)) {
        parsed = parse_token(s, format_deal(sample_card(s, rng)));
      } else {
        for (int seat = 0; seat < kPlayers; ++seat) {
          const View view = view_of(s, seat);
          CHECK(view.state.card[1 - seat] == (s.card[1 - seat] == kNoCard ? kNoCard : kHiddenCard));
          const State sample = determinize(view, rng);
          CHECK(view_of(sample, seat) == view);
        }
        parsed = parse_token(s, format_action(random_action(s, rng)));
      }
      tokens.push_back(format(parsed));
      apply_parsed(s, parsed);
    }
    CHECK(chips_won(s, 0) + chips_won(s, 1) == 0);
    State replayed = initial_state();
    for (const std::string& token : tokens) apply_parsed(replayed, parse_token(replayed, token));
    CHECK(replayed == s);
  }
}

}  // namespace pyai::leduc::testing
