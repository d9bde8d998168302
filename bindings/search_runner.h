// Running a search from Python: the GIL released, stoppable from any thread,
// and interruptible by Ctrl-C when called from the main thread.
//
// A search started from the main thread runs on a worker thread while the
// caller waits in short slices, taking the GIL between slices to let Python
// run its signal handlers: a KeyboardInterrupt stops the search, waits for
// it, and is raised. (Python runs signal handlers only on the main thread, and
// only when that thread holds the GIL, so a caller blocked in C++ for the
// whole search would see Ctrl-C only once the search had ended.)
//
// A run goes idle -> armed -> running -> idle. `arm()` marks a run as about
// to start (a background Python thread will call `run()` soon): a `stop()`
// from then on ends that run, even one that arrives before the search has
// begun. A `stop()` while idle does nothing, so it never leaks into a later run.
//
// A pondering run (thinking on another seat's time) starts with its clock
// held: its time budget starts counting at `ponderhit()`, sent from any
// thread, even before the run has begun (its iteration budget counts as usual).
#pragma once

#include <pybind11/pybind11.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>

#include "../csrc/core/errors.h"
#include "../csrc/search/search_clock.h"

namespace pyai::bindings {

namespace py = pybind11;

class SearchRunner {
 public:
  // Marks a run as about to start (pondering: with its clock held); PhaseError
  // if one is already armed or running.
  void arm(bool ponder = false) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (phase_ != Phase::kIdle) throw GameError(ErrorKind::kOutOfPhase, "this search is already running");
    phase_ = Phase::kArmed;
    stop_.store(false);
    clock_.reset(ponder);
  }

  // Runs `search(stop, progress, clock)` (it must return when `stop` is set)
  // with the GIL released; returns its result or rethrows its exception. An
  // armed run keeps the ponder flag it was armed with; `ponder` is for a run
  // not armed.
  template <typename Result, typename Search>
  Result run(Search&& search, bool ponder = false) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (phase_ == Phase::kRunning) throw GameError(ErrorKind::kOutOfPhase, "this search is already running");
      if (phase_ == Phase::kIdle) {
        stop_.store(false);
        clock_.reset(ponder);
      }
      phase_ = Phase::kRunning;
    }
    progress_.store(0);
    Result result{};
    std::exception_ptr failure;
    try {
      if (on_main_thread()) {
        run_interruptible(search, result, failure);
      } else {
        py::gil_scoped_release release;
        run_guarded(search, result, failure);
      }
    } catch (...) {  // the interrupt (a Python error): the search has ended
      finish();
      throw;
    }
    finish();
    if (failure) std::rethrow_exception(failure);
    return result;
  }

  // Asks an armed or running search to stop soon; safe from any thread.
  void stop() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (phase_ != Phase::kIdle) stop_.store(true);
  }

  // Starts a pondering run's clock: its time budget counts from now. Safe
  // from any thread; does nothing to a run that is not pondering.
  void ponderhit() { clock_.release(); }

  // Whether an armed or running search is pondering (its clock held).
  bool pondering() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return phase_ != Phase::kIdle && clock_.held();
  }

  uint64_t progress() const { return progress_.load(std::memory_order_relaxed); }
  bool running() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return phase_ != Phase::kIdle;
  }

 private:
  enum class Phase { kIdle, kArmed, kRunning };
  static constexpr auto kSignalPoll = std::chrono::milliseconds(50);

  static bool on_main_thread() {
    py::module_ threading = py::module_::import("threading");
    return threading.attr("current_thread")().is(threading.attr("main_thread")());
  }

  template <typename Search, typename Result>
  void run_guarded(Search& search, Result& result, std::exception_ptr& failure) {
    try {
      result = search(stop_, progress_, clock_);
    } catch (...) {
      failure = std::current_exception();
    }
  }

  template <typename Search, typename Result>
  void run_interruptible(Search& search, Result& result, std::exception_ptr& failure) {
    std::mutex done_mutex;
    std::condition_variable done_signal;
    bool done = false;
    bool interrupted = false;
    {
      py::gil_scoped_release release;
      std::thread worker([&] {
        run_guarded(search, result, failure);
        std::lock_guard<std::mutex> lock(done_mutex);
        done = true;
        done_signal.notify_all();
      });
      while (true) {
        {
          std::unique_lock<std::mutex> lock(done_mutex);
          if (done_signal.wait_for(lock, kSignalPoll, [&] { return done; })) break;
        }
        py::gil_scoped_acquire acquire;
        if (PyErr_CheckSignals() != 0) {  // a handler raised (KeyboardInterrupt): stop, then re-raise
          interrupted = true;
          stop_.store(true);
          break;
        }
      }
      worker.join();
    }
    if (interrupted) throw py::error_already_set();
  }

  void finish() {
    std::lock_guard<std::mutex> lock(mutex_);
    phase_ = Phase::kIdle;
    stop_.store(false);
  }

  mutable std::mutex mutex_;
  Phase phase_ = Phase::kIdle;
  std::atomic<bool> stop_{false};
  std::atomic<uint64_t> progress_{0};
  search::SearchClock clock_;
};

}  // namespace pyai::bindings
