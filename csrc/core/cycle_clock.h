// A cheap clock for measuring shares of time inside a hot loop (the share of
// an iteration spent in the rollout): the CPU's time-stamp counter where
// there is one (a few nanoseconds a read), else the steady clock. Only
// differences and ratios of its readings mean anything.
#pragma once

#include <chrono>
#include <cstdint>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

namespace pyai {

inline uint64_t cycle_clock() {
#if defined(__x86_64__) || defined(__i386__)
  return __rdtsc();
#else
  return uint64_t(std::chrono::steady_clock::now().time_since_epoch().count());
#endif
}

}  // namespace pyai
