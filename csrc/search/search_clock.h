// When a search's time budget starts to count.
//
// Normally at once. A pondering search (thinking on another seat's time, on
// a position it expects) starts with its clock held: it runs with no
// deadline, and its budget starts when release() is called from another
// thread (the protocol's `ponderhit`), so the time spent pondering is free.
// An iteration budget needs no clock: it counts the work wherever it was done.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <limits>

namespace pyai::search {

using Clock = std::chrono::steady_clock;

class SearchClock {
 public:
  explicit SearchClock(bool held = false) { reset(held); }

  // Starts now, or holds (not thread safe against a running search: call it between runs).
  void reset(bool held) { start_.store(held ? kHeld : now_ticks(), std::memory_order_release); }

  // Starts a held clock now; a running clock keeps its start. Safe from any thread.
  void release() {
    int64_t held = kHeld;
    start_.compare_exchange_strong(held, now_ticks(), std::memory_order_acq_rel);
  }

  bool held() const { return start_.load(std::memory_order_acquire) == kHeld; }

  // Whether `after` has gone by since the clock started; never while it is held.
  bool passed(Clock::duration after) const {
    const int64_t start = start_.load(std::memory_order_acquire);
    return start != kHeld && now_ticks() - start >= int64_t(after.count());
  }

 private:
  static constexpr int64_t kHeld = std::numeric_limits<int64_t>::min();
  static int64_t now_ticks() { return int64_t(Clock::now().time_since_epoch().count()); }

  std::atomic<int64_t> start_{kHeld};
};

// The end of one tree's share of a time budget: `after` past the clock's
// start (or no end, without a clock).
struct Deadline {
  const SearchClock* clock = nullptr;
  Clock::duration after{};

  bool passed() const { return clock != nullptr && clock->passed(after); }
};

// Calls `iterate` until `iterations` calls (kNoIterationLimit: no limit), the
// deadline or `stop`, adding the calls to `progress` as it goes; returns the
// calls made. The clock is read after the first call and then every 64: a
// search always gets one iteration, and many short searches (PIMC's trees
// with a small time budget) cannot each overrun their slice by 64.
template <typename Iterate>
uint64_t run_iterations(Iterate&& iterate, uint64_t iterations, const Deadline& deadline,
                        const std::atomic<bool>& stop, std::atomic<uint64_t>* progress) {
  uint64_t done = 0, reported = 0;
  while (done < iterations && !stop.load(std::memory_order_relaxed)) {
    if (done == 1 || (done & 63) == 0) {
      if (progress) progress->fetch_add(done - reported, std::memory_order_relaxed);
      reported = done;
      if (done && deadline.passed()) break;
    }
    iterate();
    ++done;
  }
  if (progress) progress->fetch_add(done - reported, std::memory_order_relaxed);
  return done;
}

}  // namespace pyai::search
