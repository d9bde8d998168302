// Automania's C++ test program (pyai_automania_tests): what its subjects
// share. Each subject is a file of this folder; main.cpp runs them in order
// on one random stream. The checks several subjects make of a game (a state's
// invariants, a step's VP, contracts in one place) are declared here too,
// defined in invariants.cpp.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "../check.h"
#include "automania/rules.h"
#include "automania/tokens.h"
#include "core/errors.h"

namespace pyai::automania::testing {

using namespace pyai::test;  // CHECK, CHECK_MSG and what they print (check.h)

// The shipped component set (pyai/automania/components.toml, compiled in),
// registered by main before any game.
inline uint8_t g_components = 0;

struct GameStats {
  long long steps = 0, games = 0;
};

// --- invariants.cpp

void check_invariants(const State& s);
// Contracts: every one in exactly one place; a true state's deck count is its deck.
void check_contracts(const State& s, bool true_state);
// The VP the step from `before` to `after` (with `action`, or a chance step) gave.
void check_step(const State& before, const State& after, bool chance, Action action);

// --- information_tests.cpp

// Every seat's view of `s` and a determinisation of it.
void check_views(const State& s, Rng& rng);
void check_records(const State& s, const std::vector<std::string>& history, Rng& rng);

// --- positions_tests.cpp

void check_position(const State& s, Rng& rng);
// A written position with one thing changed: reading it either refuses it
// with a GameError of the notation's kinds, or gives a state that keeps every
// account and plays on to the end by the rules.
void check_mutated_position(const State& s, Rng& rng);

// --- the subjects, in the order main.cpp runs them

void check_component_tables();                     // components_tests.cpp
void check_demand_lanes(int trials, Rng& rng);     // demand_lanes_tests.cpp
void check_line_shortfalls(int trials, Rng& rng);  // line_shortfall_tests.cpp
void check_bad_tokens(Rng& rng);                   // tokens_tests.cpp
void test_random_games(int games, Rng& rng);       // random_games_tests.cpp: `games` per player count
void test_heuristic_games(int games, Rng& rng);    // heuristic_tests.cpp: `games` per player count
void check_rule_coverage();                        // random_games_tests.cpp: over test_random_games' games
void print_move_digest();                          // move_digest_tests.cpp: the same in every build

}  // namespace pyai::automania::testing
