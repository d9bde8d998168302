// Positions as text: a state and a random seat's view of it (money forgotten
// at random) written and read back; written positions changed at random
// refused by name or kept valid.
#include <algorithm>
#include <cctype>
#include <exception>
#include <string>

#include "automania/information.h"
#include "automania/playout.h"
#include "automania/position.h"
#include "automania/record.h"
#include "automania_tests.h"

namespace pyai::automania::testing {
namespace {

// A written position with one thing changed: reading it either refuses it
// with a GameError of the notation's kinds, or gives a state that keeps every
// account and plays on to the end by the rules.
std::string mutated(const std::string& text, Rng& rng) {
  std::string out = text;
  const size_t at = rng.below(uint32_t(out.size()));
  switch (rng.below(6)) {
    case 0: out.erase(at, 1); break;  // a character gone
    case 1:
      if (std::isdigit(static_cast<unsigned char>(out[at]))) out[at] = char('0' + rng.below(10));
      break;  // a digit changed
    case 2: out.insert(at, 1, ",-/;=?:"[rng.below(7)]); break;  // a separator more
    case 3: {  // a word written twice, or left out
      const size_t start = out.rfind(' ', at), end = out.find(' ', at);
      const std::string word = out.substr(start == std::string::npos ? 0 : start + 1,
                                          end == std::string::npos ? std::string::npos : end - start - 1);
      if (rng.below(2)) {
        out += " " + word;
      } else {
        out.erase(start == std::string::npos ? 0 : start, word.size() + 1);
      }
      break;
    }
    case 4: {  // a number one more or less
      size_t digit = at;
      while (digit < out.size() && !std::isdigit(static_cast<unsigned char>(out[digit]))) ++digit;
      if (digit < out.size()) out[digit] = char(out[digit] == '9' ? '8' : out[digit] + 1);
      break;
    }
    default: {  // two values of a per-seat field swapped
      const size_t slash = out.find('/', at);
      if (slash == std::string::npos) break;
      size_t left = slash, right = slash + 1;
      while (left > 0 && out[left - 1] != '/' && out[left - 1] != ':') --left;
      while (right < out.size() && out[right] != '/' && out[right] != ' ') ++right;
      out = out.substr(0, left) + out.substr(slash + 1, right - slash - 1) + "/" + out.substr(left, slash - left) +
            out.substr(right);
      break;
    }
  }
  return out;
}

}  // namespace

// Every state of a game written as text and read back: the same state, and
// the same text written again; and a random seat's view of it, with other
// seats' money forgotten at random, the same way. The view's stand-in state
// (a state to follow the game from, as that seat sees it) gives the view back.
void check_position(const State& s, Rng& rng) {
  const std::string text = write_position(s);
  try {
    const State read = read_position(s.num_players, s.components, text);
    CHECK_MSG(read == s, "the position read back differs from the state written: " + text);
    CHECK_MSG(write_position(read) == text, "written again as " + write_position(read) + " from " + text);
  } catch (const std::exception& error) {
    CHECK_MSG(false, "a reachable position was refused: " + std::string(error.what()) + " -- " + text);
  }
  const int observer = int(rng.below(uint32_t(s.num_players)));
  View view = view_of(s, observer);
  const bool setup = s.round == 0 && s.step <= Step::kDealTiles;  // money follows from the order: no range
  for (int p = 0; p < s.num_players; ++p) {
    if (p == observer || setup || rng.below(2)) continue;
    const int money = s.seat[p].money;
    if (rng.below(4) == 0) {
      forget_money(view, p, 0, kMostMoney);
    } else {
      forget_money(view, p, std::max(0, money - int(rng.below(8))), money + int(rng.below(8)));
    }
  }
  const std::string seen = write_position(view);
  try {
    const View read = read_position_view(s.num_players, s.components, seen, observer);
    CHECK_MSG(read == view, "the view read back differs from the view written: " + seen);
    CHECK_MSG(write_position(read) == seen, "the view written again as " + write_position(read) + " from " + seen);
  } catch (const std::exception& error) {
    CHECK_MSG(false, "a reachable view was refused: " + std::string(error.what()) + " -- " + seen);
  }
  View again = view_of(stand_in_state(view), observer);
  for (int p = 0; p < s.num_players; ++p)
    if (!view.knows_money(p)) forget_money(again, p, view.money_low[p], view.money_high[p]);
  CHECK_MSG(again == view, "the stand-in state's view is the view: " + seen);
}

void check_mutated_position(const State& s, Rng& rng) {
  const std::string text = mutated(write_position(s), rng);
  State read;
  try {
    read = read_position(s.num_players, s.components, text);
  } catch (const GameError& error) {
    CHECK_MSG(error.kind() == ErrorKind::kSyntax || error.kind() == ErrorKind::kInconsistent,
              std::string("a refusal is kSyntax or kInconsistent: ") + error.what());
    return;
  } catch (const std::exception& error) {
    CHECK_MSG(false, std::string("a refusal is a GameError: ") + error.what() + " -- " + text);
    return;
  }
  const std::string rewritten = write_position(read);
  try {
    CHECK_MSG(read_position(s.num_players, s.components, rewritten) == read,
              "an accepted position reads back: " + text);
  } catch (const std::exception& error) {
    CHECK_MSG(false, std::string("an accepted position, written again, reads: ") + error.what() + " -- " + text);
  }
  for (int steps = 0; !is_terminal(read) && steps < 2000; ++steps) {
    check_invariants(read);
    if (is_chance(read)) {
      apply_random_chance(read, rng);
    } else {
      apply_action(read, random_action(read, rng));
    }
  }
  CHECK_MSG(is_terminal(read), "a game from an accepted position ends: " + text);
  check_invariants(read);
}

}  // namespace pyai::automania::testing
