// Tokens: every legal move's token round trip, random strings refused or
// read as a legal move, records replayed, and malformed or illegal tokens
// refused with the right kind of error in every phase.

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "forsale_tests.h"

namespace pyai::forsale::testing {
namespace {

// A state reached by random play that satisfies `stop`.
template <typename Stop>
State advance_until(const Config& config, uint64_t seed, Stop stop) {
  Rng rng(seed);
  State s = initial_state(config);
  ActionList legal;
  while (!is_terminal(s) && !stop(s)) {
    if (is_chance(s)) {
      apply_random_chance(s, rng);
    } else {
      legal_actions(s, legal);
      apply_action(s, legal[rng.below(uint32_t(legal.size()))]);
    }
  }
  return s;
}

}  // namespace

// Every legal action survives format_action -> parse_token, and legal_tokens
// lists exactly the formatted actions, each once.
void check_legal_tokens(const State& s, const ActionList& legal) {
  const std::vector<std::string> listed = legal_tokens(s);
  CHECK(listed.size() == legal.size());
  std::vector<std::string> formatted;
  for (size_t i = 0; i < legal.size(); ++i) {
    const Action action = legal[i];
    const std::string token = format_action(s, action);
    formatted.push_back(token);
    if (i < listed.size()) CHECK_MSG(listed[i] == token, listed[i] + " vs " + token);
    try {
      const ParsedToken parsed = parse_token(s, token);
      CHECK_MSG(!parsed.is_removal && parsed.action == action, token);
      // The harmless variant sell:M,N@L names the same move.
      if (move_kind(action) == MoveKind::kSell && sold_second_vehicle(action)) {
        const std::string variant = "sell:" + std::to_string(sold_second_vehicle(action)) + "," +
                                    std::to_string(sold_vehicle(action)) + "@" + std::to_string(sold_lawyer(action));
        CHECK_MSG(parse_token(s, variant).action == action, variant);
      }
    } catch (const GameError& e) {
      CHECK_MSG(false, "legal token '" + token + "' rejected: " + e.what());
    }
  }
  std::sort(formatted.begin(), formatted.end());
  CHECK(std::adjacent_find(formatted.begin(), formatted.end()) == formatted.end());
}

// parse_token(before, token) then apply_parsed gives `after`.
void check_token_step(const State& before, const std::string& token, const State& after) {
  try {
    State replayed = before;
    apply_parsed(replayed, parse_token(before, token));
    CHECK_MSG(replayed == after, token);
  } catch (const GameError& e) {
    CHECK_MSG(false, "token '" + token + "' rejected: " + e.what());
  }
}

// A malformed or illegal token throws GameError of `kind`, never anything
// else, and leaves the state as it was.
void expect_error(const State& s, const std::string& token, ErrorKind kind) {
  const State copy = s;
  std::string shown =
      token.size() > 40 ? token.substr(0, 40) + "...(" + std::to_string(token.size()) + " chars)" : token;
  for (char& c : shown)
    if (static_cast<unsigned char>(c) < 0x20) c = '?';
  try {
    parse_token(s, token);
    CHECK_MSG(false, "'" + shown + "' was accepted");
  } catch (const GameError& e) {
    CHECK_MSG(e.kind() == kind, "'" + shown + "' gave kind " + std::to_string(int(e.kind())) + ": " + e.what());
    CHECK(std::strlen(e.what()) > 0);
  } catch (const std::exception& e) {
    CHECK_MSG(false, "'" + shown + "' threw a non-GameError: " + e.what());
  }
  CHECK(s == copy);
}

// Random strings over the token alphabet: parse_token either accepts a legal
// move (which formats back to the same action) or throws GameError.
void fuzz_tokens(const State& s, Rng& rng, int count) {
  static const char kAlphabet[] = "bidpasslyekmchuorvPD:,:,@+/0123456789 ";
  static const char* const kHeads[] = {"bid:", "pass", "play:", "sell:", "keep:", "mech:", "deal:", "removed:", ""};
  const State copy = s;
  for (int i = 0; i < count; ++i) {
    std::string token = kHeads[rng.below(9)];
    const int length = int(rng.below(14));
    for (int k = 0; k < length; ++k) token += kAlphabet[rng.below(sizeof(kAlphabet) - 1)];
    try {
      const ParsedToken parsed = parse_token(s, token);
      if (parsed.is_removal) {
        CHECK(s.phase == Phase::kSetup);
        for (int d = 0; d < kNumDecks; ++d) {
          CHECK(card_count(parsed.removed[d]) == s.removed_per_deck);
          CHECK((parsed.removed[d] & ~s.unseen[d]) == 0);
        }
      } else if (is_deal(parsed.action)) {
        const Deck deck = current_deck(s);
        CHECK_MSG(is_chance(s), token);
        CHECK(card_count(dealt_cards(parsed.action)) == s.num_players);
        CHECK((dealt_cards(parsed.action) & ~s.unseen[int(deck)]) == 0);
      } else {
        CHECK_MSG(is_legal(s, parsed.action), token);
        CHECK_MSG(parse_token(s, format_action(s, parsed.action)).action == parsed.action, token);
      }
    } catch (const GameError& e) {
      CHECK_MSG(e.kind() == ErrorKind::kSyntax || e.kind() == ErrorKind::kIllegalMove, token + ": " + e.what());
    } catch (const std::exception& e) {
      CHECK_MSG(false, "'" + token + "' threw a non-GameError: " + e.what());
    }
  }
  CHECK(s == copy);
}

void replay_tokens(const Config& config, const std::vector<std::string>& tokens, const State& expected) {
  State replayed = initial_state(config);
  for (size_t i = 0; i < tokens.size(); ++i) {
    try {
      apply_parsed(replayed, parse_token(replayed, tokens[i]));
    } catch (const GameError& e) {
      CHECK_MSG(false, "replay token " + std::to_string(i) + " '" + tokens[i] + "': " + e.what());
      return;
    }
  }
  CHECK_MSG(replayed == expected, std::to_string(tokens.size()) + " tokens");
}

// Parses and applies tokens in order; false (with a failed check) at the first
// token refused.
bool play_tokens(State& s, std::initializer_list<const char*> tokens) {
  for (const char* token : tokens) {
    try {
      apply_parsed(s, parse_token(s, token));
    } catch (const GameError& e) {
      return CHECK_MSG(false, std::string("token '") + token + "' refused: " + e.what());
    }
  }
  return true;
}

void test_token_errors() {
  g_context = "token errors";
  const State setup = initial_state(make_config(4, 0));
  const State five = initial_state(make_config(5, 0));
  auto in_phase = [](Phase phase) { return [phase](const State& s) { return s.phase == phase && !s.awaiting_deal; }; };
  const State auction = advance_until(make_config(4, 1), 7, in_phase(Phase::kAuction));
  const State buying = advance_until(make_config(3, 2), 8, in_phase(Phase::kBuying));
  const State selling = advance_until(make_config(6, 0), 9, in_phase(Phase::kSelling));
  const State over = advance_until(make_config(5, 3), 10, [](const State&) { return false; });
  CHECK(setup.phase == Phase::kSetup && auction.phase == Phase::kAuction && buying.phase == Phase::kBuying);
  CHECK(selling.phase == Phase::kSelling && is_terminal(over));

  std::vector<std::string> malformed = {
      "bid:", "bid:-1", "bid:01", "bid:+1", "bid:1.5", "bid:1000", "bid", "sell:1,2,3", "sell:", "sell:1,",
      "sell:,1", "sell:1@19", "sell:1,2@", "play:", "play:+", "play:1++", "keep:", "mech:", "mech:maybe",
      "pass:", "pass:1", "xyz", ":", "deal:1,,2,3", "deal:a", "deal:1,2,3,", "removed:1/2", "removed:1/2/3/4",
      std::string(1000, 'a'), "bid:" + std::string(996, '1'), "bid:" + std::string(150, '1'),
      std::string("pass\0", 5), std::string("bid:\0" "1", 6), "bid: 1", " pass", "pass ", "", "pass\n",
      "p\xe4ss", "\x7f"};
  for (const State* s : {&setup, &five, &auction, &buying, &selling, &over})
    for (const std::string& token : malformed) expect_error(*s, token, ErrorKind::kSyntax);

  const ErrorKind kIllegal = ErrorKind::kIllegalMove;
  // Setup (4 players): only deal:<4 advisors> or removed:A/V/C (2 of each).
  for (const char* token : {"pass", "bid:1", "play:5", "sell:3", "keep:2", "mech:use", "deal:1,1,2,3", "deal:1,2,3",
                            "deal:", "deal:0,1,2,3", "deal:31,1,2,3", "removed:1,2/3,4/5", "removed:1,1/3,4/5,6",
                            "removed:1,2/3,4/1,5", "removed:1,2/3,4/5,5,5", "removed:1,2/3,31/5,6", "removed://"})
    expect_error(setup, token, kIllegal);
  expect_error(five, "removed://", kIllegal);  // nothing is removed with 5 players
  // An auction turn.
  for (const char* token : {"deal:1,2,3,4", "removed:1,2/3,4/5,6", "bid:0", "bid:999", "play:5", "sell:1",
                            "keep:1", "mech:skip"})
    expect_error(auction, token, kIllegal);
  // Buying: advisors not in hand, boosting a non Fleet Manager.
  for (int advisor = 1; advisor <= 30; ++advisor) {
    if (!has_card(buying.advisors_in_hand[buying.turn], advisor))
      expect_error(buying, "play:" + std::to_string(advisor), kIllegal);
    if (ability_of(advisor) != Ability::kFleetManager)
      expect_error(buying, "play:" + std::to_string(advisor) + "+", kIllegal);
  }
  expect_error(buying, "bid:1", kIllegal);
  // Selling: vehicles not in hand, two vehicles without a Lawyer.
  for (int vehicle = 0; vehicle <= 30; ++vehicle)
    if (!has_card(selling.vehicles[selling.turn], vehicle))
      expect_error(selling, "sell:" + std::to_string(vehicle), kIllegal);
  if (unused_abilities(selling, selling.turn, Ability::kLawyer) == 0) {
    const CardMask hand = selling.vehicles[selling.turn];
    expect_error(selling, "sell:" + std::to_string(lowest_card(hand)) + "," + std::to_string(highest_card(hand)),
                 kIllegal);
  }
  expect_error(selling, "pass", kIllegal);
  expect_error(over, "pass", kIllegal);
  expect_error(over, "deal:1,2,3,4,5", kIllegal);

  // Harmless variants are accepted: upper case, deal cards in any order.
  try {
    CHECK(parse_token(auction, "PASS").action == pass_action());
    CHECK(parse_token(auction, "Bid:1").action == bid_action(1));
    CHECK(parse_token(setup, "deal:30,1,15,2").action ==
          deal_action(card_bit(1) | card_bit(2) | card_bit(15) | card_bit(30)));
    const ParsedToken removal = parse_token(setup, "removed:2,1/30,29/0,0");
    CHECK(removal.is_removal && removal.removed[0] == (card_bit(1) | card_bit(2)) &&
          removal.removed[1] == (card_bit(29) | card_bit(30)) && removal.removed[2] == (card_bit(0) | card_bit(1)));
  } catch (const GameError& e) {
    CHECK_MSG(false, std::string("a harmless variant was rejected: ") + e.what());
  }
  g_context.clear();
}

}  // namespace pyai::forsale::testing
