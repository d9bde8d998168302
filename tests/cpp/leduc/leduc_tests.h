// Leduc poker's C++ test program (pyai_leduc_tests): its subjects, a file
// each in this folder, run in order by main.cpp.
#pragma once

#include <cstdint>

#include "../check.h"

namespace pyai::leduc::testing {

using namespace pyai::test;  // CHECK, CHECK_MSG and what they print (check.h)

void test_random_hands(int games, uint64_t seed);  // hands_tests.cpp
void test_short_searches();                        // search_tests.cpp
void test_search_clock();                          // search_tests.cpp
void print_move_digest();                          // move_digest_tests.cpp: the same in every build

}  // namespace pyai::leduc::testing
