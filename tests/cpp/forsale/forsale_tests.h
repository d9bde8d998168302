// For Sale's C++ test program (pyai_forsale_tests): what its subjects share.
// Each subject is a file of this folder with its test_* functions declared
// here; main.cpp runs them in order. The checks that several subjects make of
// a game (a state's invariants, a step's tokens, a finished game's scores, a
// determinisation) are declared here too, defined in the file of their subject.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "../check.h"
#include "core/errors.h"
#include "forsale/rules.h"
#include "forsale/tokens.h"

namespace pyai::forsale::testing {

using namespace pyai::test;  // CHECK, CHECK_MSG and what they print (check.h)

inline constexpr Phase kPlayPhases[] = {Phase::kAuction, Phase::kBuying, Phase::kSelling};

// --- state_checks.cpp: what every state of a game must be

std::string mask_string(CardMask mask);

int printed_check_value(int id);

// Check ids holding `values`, the lower copy of a value first.
CardMask check_ids_of_values(std::initializer_list<int> values);

// What the test knows about a game beyond its State: sold vehicles leave the
// game (no mask holds them), and the deals made in each phase.
struct Tracker {
  CardMask sold = 0;
  int deals[5] = {};  // indexed by Phase
  int steps = 0;
};

void check_state(const State& s, const Tracker& t);

// --- scoring_tests.cpp

// A finished game: every seat's score from the printed rules, and the winners.
void check_final(const State& s, const Tracker& t);

// --- tokens_tests.cpp: a step's tokens

void check_legal_tokens(const State& s, const ActionList& legal);
void check_token_step(const State& before, const std::string& token, const State& after);
void expect_error(const State& s, const std::string& token, ErrorKind kind);
void fuzz_tokens(const State& s, Rng& rng, int count);
void replay_tokens(const Config& config, const std::vector<std::string>& tokens, const State& expected);
bool play_tokens(State& s, std::initializer_list<const char*> tokens);

// --- random_games_tests.cpp: random play with every check

struct StepOptions {
  bool check_tokens = true;
  bool unrecorded_removal = false;  // in setup, deal without recording the removal
};

bool random_step(State& s, Tracker& t, Rng& rng, const StepOptions& options, std::vector<std::string>* tokens);
void play_out(State s, Tracker t, Rng& rng, const StepOptions& options);

// --- determinisation_tests.cpp

// Every seat's view of `s` and a determinisation of it, which (`play_to_end`)
// plays out with every check.
void check_determinizations(const State& s, const Tracker& t, Rng& rng, bool play_to_end);

// --- the subjects, in the order main.cpp runs them

void test_scoring();                                             // scoring_tests.cpp
void test_canonical_checks();                                    // rules_tests.cpp
void test_rule_examples();                                       // rules_tests.cpp
void test_token_errors();                                        // tokens_tests.cpp
void test_random_games(int players, int games, uint64_t seed);   // random_games_tests.cpp
void test_position_round_trip(int games, uint64_t seed);         // positions_tests.cpp
void test_seen_moves(int games, uint64_t seed);                  // seen_moves_tests.cpp
void test_determinization_in_selling(int games, uint64_t seed);  // determinisation_tests.cpp
void test_view_ignores_removed_check_copies();                   // determinisation_tests.cpp
void test_chance_groups(int games, uint64_t seed);               // search_game_tests.cpp
void test_move_choosers(int games, uint64_t seed);               // move_choosers_tests.cpp
void test_rollout_sells();                                       // move_choosers_tests.cpp
void test_rollout_buys();                                        // move_choosers_tests.cpp
void print_move_digest();                                        // move_digest_tests.cpp: the same in every build

}  // namespace pyai::forsale::testing
