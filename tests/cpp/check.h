// The C++ test programs' checks: CHECK(expr) and CHECK_MSG(expr, note)
// evaluate to whether expr held, count it, and print a failure (the first
// kMaxPrinted of them in full) with what was running. The note (any
// std::string expression) is only built when the check fails. Not thread
// safe: check on one thread.
//
// And what a test program's main needs: its options (read_options) and its
// subjects run one by one (run_section), each counted on a line of its own.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <string_view>

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

// A test program's options: --games N (how many random games the subjects
// that play them play, each scaling it its own way) and --seed S.
struct TestOptions {
  int games = 0;
  uint64_t seed = 0;
};

// Reads --games and --seed over `options` (their defaults); on anything else
// prints the usage and exits with 2.
inline TestOptions read_options(int argc, char** argv, TestOptions options) {
  const auto number = [&](const char* text, const char* name, unsigned long long most) {
    char* end = nullptr;
    const unsigned long long value = std::strtoull(text, &end, 10);
    if (!*text || *end || *text == '-' || value > most) {
      std::fprintf(stderr, "%s must be a number 0..%llu, not '%s'\n", name, most, text);
      std::exit(2);
    }
    return value;
  };
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--games" && i + 1 < argc) {
      options.games = int(number(argv[++i], "--games", 1000000));
    } else if (arg == "--seed" && i + 1 < argc) {
      options.seed = number(argv[++i], "--seed", UINT64_MAX);
    } else {
      std::fprintf(stderr, "usage: %s [--games N] [--seed S]\n", argv[0]);
      std::exit(2);
    }
  }
  return options;
}

// Runs one subject of a test program and prints "[name] N checks, M failed".
// An exception it lets out is a failed check; the next subject runs all the same.
template <typename Run>
void run_section(const char* name, Run&& run) {
  const long long failed_before = g_failed, passed_before = g_passed;
  try {
    run();
  } catch (const std::exception& e) {
    check_failed(__FILE__, __LINE__, "unexpected exception", e.what());
  }
  g_context.clear();
  g_step = -1;
  const long long failed = g_failed - failed_before;
  std::printf("[%s] %lld checks, %lld failed\n", name, (g_passed - passed_before) + failed, failed);
  std::fflush(stdout);
}

}  // namespace pyai::test

#define CHECK(expr)                                      \
  (static_cast<bool>(expr) ? (++pyai::test::g_passed, true) \
                           : pyai::test::check_failed(__FILE__, __LINE__, #expr, std::string()))
#define CHECK_MSG(expr, note)                            \
  (static_cast<bool>(expr) ? (++pyai::test::g_passed, true) \
                           : pyai::test::check_failed(__FILE__, __LINE__, #expr, (note)))
