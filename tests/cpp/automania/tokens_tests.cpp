// Tokens: a bad token, at any step of a game, is refused with a message and
// changes nothing.
#include <cstring>

#include "automania/playout.h"
#include "automania_tests.h"

namespace pyai::automania::testing {

// A bad token changes nothing and says why.
void check_bad_tokens(Rng& rng) {
  g_context = "bad tokens";
  State s = initial_state(3, g_components);
  const char* bad[] = {"", "place:R9", "sponsor:-1", "order:0,0,1", "order:0,1", "demands:x", "tiles:A1",
                       "contract:27", "draw:S5", "ship:99", "withdraw:2", "start:?", "\x01"};
  for (int step = 0; step < 200 && !is_terminal(s); ++step) {
    for (const char* token : bad) {
      const State before = s;
      try {
        parse_token(s, token);
        CHECK_MSG(false, std::string("refused: ") + token);
      } catch (const GameError& error) {
        CHECK(std::strlen(error.what()) > 0);
        CHECK(error.kind() == ErrorKind::kSyntax || error.kind() == ErrorKind::kIllegalMove);
      }
      CHECK(s == before);
    }
    if (is_chance(s)) {
      apply_random_chance(s, rng);
    } else {
      apply_action(s, random_action(s, rng));
    }
  }
}

}  // namespace pyai::automania::testing
