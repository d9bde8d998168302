// Information: every seat's view kept by its determinisations, and a seat's
// record of a game filled back into a full record that replays to the
// sampled state.
#include <exception>
#include <string>
#include <vector>

#include "automania/information.h"
#include "automania/record.h"
#include "automania_tests.h"

namespace pyai::automania::testing {

void check_views(const State& s, Rng& rng) {
  for (int p = 0; p < s.num_players; ++p) {
    const View view = view_of(s, p);
    check_contracts(view.state, false);
    const State sample = determinize(view, rng);
    CHECK(view_of(sample, p) == view);
    check_contracts(sample, true);
    for (int other = 0; other < s.num_players; ++other)
      if (other != p) CHECK(sample.seat[other].hand_public == s.seat[other].hand_public);
  }
}

// The record as one seat saw it, filled from a determinisation, replays to it.
void check_records(const State& s, const std::vector<std::string>& history, Rng& rng) {
  for (int p = 0; p < s.num_players; ++p) {
    const std::vector<std::string> seen = record_for_seat(s, history, p);
    const View view = view_of(s, p);
    const State sample = determinize(view, rng);
    const std::vector<std::string> filled = fill_record(view, seen, sample);
    State replay = initial_state(s.num_players, s.components);
    try {
      for (const std::string& token : filled) apply_parsed(replay, parse_token(replay, token));
      CHECK_MSG(replay == sample, "a filled record replays to the sample");
    } catch (const std::exception& error) {
      CHECK_MSG(false, std::string("a filled record replays: ") + error.what());
    }
    // The seat's own record rebuilds its view (stand-ins for what it did not see).
    State as_seen = initial_state(s.num_players, s.components);
    try {
      for (const std::string& token : seen) {
        State next = as_seen;
        const ParsedToken parsed = parse_as_seen(next, p, token);
        apply_parsed(next, parsed);
        as_seen = next;
      }
      CHECK_MSG(view_of(as_seen, p) == view, "a seat's record replays to its view");
    } catch (const std::exception& error) {
      CHECK_MSG(false, std::string("a seat's record replays: ") + error.what());
    }
  }
}

}  // namespace pyai::automania::testing
