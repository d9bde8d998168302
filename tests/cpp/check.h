// The C++ test programs' checks: CHECK(expr) and CHECK_MSG(expr, note)
// evaluate to whether expr held, count it, and print a failure (the first
// kMaxPrinted of them in full) with what was running. The note (any
// std::string expression) is only built when the check fails. Not thread
// safe: check on one thread.
#pragma once

#include <cstdio>
#include <string>

namespace pyai::test {

inline long long g_passed = 0;
inline long long g_failed = 0;
inline int g_printed = 0;
constexpr int kMaxPrinted = 60;  // failures printed in full; the rest are only counted
inline std::string g_context;    // what is running (a game, a search), printed with a failure
inline int g_step = -1;          // the step within it, -1 for none

inline bool check_failed(const char* file, int line, const char* expression, const std::string& note) {
  ++g_failed;
  if (g_printed++ < kMaxPrinted) {
    std::printf("%s:%d: CHECK failed: %s", file, line, expression);
    if (!note.empty()) std::printf(" [%s]", note.c_str());
    if (!g_context.empty()) std::printf("\n    in %s", g_context.c_str());
    if (!g_context.empty() && g_step >= 0) std::printf(", step %d", g_step);
    std::printf("\n");
    std::fflush(stdout);
  }
  return false;
}

// The last line of a test program, which the pytest runners read.
inline int report_and_exit_code() {
  std::printf("%lld passed, %lld failed\n", g_passed, g_failed);
  return g_failed == 0 ? 0 : 1;
}

}  // namespace pyai::test

#define CHECK(expr)                                      \
  (static_cast<bool>(expr) ? (++pyai::test::g_passed, true) \
                           : pyai::test::check_failed(__FILE__, __LINE__, #expr, std::string()))
#define CHECK_MSG(expr, note)                            \
  (static_cast<bool>(expr) ? (++pyai::test::g_passed, true) \
                           : pyai::test::check_failed(__FILE__, __LINE__, #expr, (note)))
