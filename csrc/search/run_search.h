// Runs a search under a budget on one or more threads and merges the result.
//
// Threads are root parallel: each runs its own tree from its own seed on its
// share of the iterations and node cap, and the root statistics are summed.
// Independent trees need no locks, scale with cores, and keep a seeded run
// reproducible for any fixed thread count with an iteration budget.
//
// The time budget counts from `clock`'s start: from the call, unless the
// caller passes a clock it holds (pondering: no deadline until released).
#pragma once

#include <algorithm>
#include <atomic>
#include <exception>
#include <memory>
#include <thread>
#include <vector>

#include "cfr_search.h"
#include "tree_search.h"

namespace pyai::search {

// The nodes one tree may hold: max_nodes shared by the threads' trees (at
// least 2 each: a root and one child), or what max_memory_mb holds, shared
// likewise (at least 1024 a tree: a memory budget means a working tree).
inline uint64_t nodes_per_tree(const SearchConfig& config, int threads) {
  if (config.max_nodes) return std::max<uint64_t>(2, config.max_nodes / uint64_t(threads));
  return std::max<uint64_t>(1024, config.max_memory_mb * 1024 * 1024 / kBytesPerNode / uint64_t(threads));
}

// Whether game G can be searched with algorithm=cfr.
template <Game G>
constexpr bool offers_cfr() {
  return HasHandStart<G> && !HasSimultaneousMoves<G>;
}

// The information sets one CFR search may hold, like nodes_per_tree.
template <Game G>
uint64_t sets_per_search(const SearchConfig& config, int threads) {
  if constexpr (offers_cfr<G>()) {
    if (config.max_nodes) return std::max<uint64_t>(1, config.max_nodes / uint64_t(threads));
    const uint64_t bytes = config.max_memory_mb * 1024 * 1024;
    return std::max<uint64_t>(1024, bytes / CfrSearch<G>::kBytesPerSet / uint64_t(threads));
  }
  return 0;
}

template <Game G>
SearchResult run_search(const typename G::View& view, int root_seat, const SearchConfig& config,
                        const typename G::TreeOptions& options, const std::atomic<bool>& stop,
                        std::atomic<uint64_t>* progress = nullptr, const SearchClock* clock = nullptr) {
  // An iteration budget is split over threads (and PIMC's trees) with no
  // share left empty: N iterations mean at most N, whatever the thread count.
  const bool has_iteration_limit = config.iterations > 0;
  const uint64_t iteration_budget = has_iteration_limit ? config.iterations : kNoIterationLimit;
  const int threads = int(std::min<uint64_t>(uint64_t(std::clamp(config.threads, 1, 256)), iteration_budget));
  const auto start = Clock::now();
  const SearchClock started_now;
  const SearchClock* budget_clock = config.time_ms > 0 ? (clock ? clock : &started_now) : nullptr;
  // Cap the time budget (about 3 years) so that start + budget cannot overflow the clock.
  const double time_ms = std::min(config.time_ms, 1e11);
  const auto budget = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double, std::milli>(time_ms));
  const uint64_t tree_nodes = nodes_per_tree(config, threads);

  const size_t thread_count = size_t(threads);
  std::vector<SearchResult> partial(thread_count);
  std::vector<std::exception_ptr> failures(thread_count);

  auto share = [&](uint64_t parts, uint64_t index) {
    if (!has_iteration_limit) return kNoIterationLimit;
    return iteration_budget / parts + (index < iteration_budget % parts ? 1 : 0);
  };

  auto worker = [&](int t) {
    try {
      SearchResult& mine = partial[size_t(t)];
      const uint64_t thread_seed = mix64(config.seed * 0x100000001b3ull + uint64_t(t));
      if constexpr (offers_cfr<G>()) {
        if (config.algorithm == Algorithm::kCfr && !config.perfect_information) {
          const uint64_t iterations = share(uint64_t(threads), uint64_t(t));
          auto cfr = std::make_unique<CfrSearch<G>>(view, root_seat, config, sets_per_search<G>(config, threads),
                                                    thread_seed);
          const uint64_t done = cfr->run(iterations, Deadline{budget_clock, budget}, stop, progress);
          mine = cfr->result();
          mine.iterations = done;
          return;
        }
      }
      if (!config.perfect_information) {
        const uint64_t iterations = share(uint64_t(threads), uint64_t(t));
        auto tree = std::make_unique<TreeSearch<G>>(view, root_seat, config, options, tree_nodes,
                                                    thread_seed);
        const uint64_t done = tree->run(iterations, Deadline{budget_clock, budget}, stop, progress);
        mine = tree->result();
        mine.iterations = done;
        return;
      }
      // PIMC: determinisations dealt round robin to threads, one tree each,
      // each with an equal share of the iterations (or of the time); never
      // more trees than iterations.
      const int trees = int(std::min<uint64_t>(uint64_t(std::max(1, config.determinizations)), iteration_budget));
      Rng det_rng(thread_seed);
      for (int k = t; k < trees; k += threads) {
        if (stop.load(std::memory_order_relaxed)) break;
        // Each thread's first tree runs (and does one iteration) whatever the
        // clock says, as an ISMCTS tree does; no later tree starts after the time is up.
        if (k != t && Deadline{budget_clock, budget}.passed()) break;
        const uint64_t iterations = share(uint64_t(trees), uint64_t(k));
        auto tree = std::make_unique<TreeSearch<G>>(view, root_seat, config, options,
                                                    tree_nodes, det_rng.next_u64());
        Rng fix_rng(mix64(config.seed ^ (uint64_t(k) << 32)));
        tree->fix_determinization(fix_rng);
        // In floating point: budget x (k + 1) overflows the clock's integer ticks for long budgets.
        const auto slice_end = std::chrono::duration_cast<Clock::duration>(
            std::chrono::duration<double, Clock::period>(double(budget.count()) * (k + 1) / trees));
        const uint64_t done = tree->run(iterations, Deadline{budget_clock, slice_end}, stop, progress);
        SearchResult one = tree->result();
        one.iterations = done;
        mine.add(one);
      }
    } catch (...) {
      failures[size_t(t)] = std::current_exception();
    }
  };

  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker, t);
  worker(0);
  for (auto& thread : pool) thread.join();
  for (auto& failure : failures)
    if (failure) std::rethrow_exception(failure);

  SearchResult merged;
  for (const SearchResult& part : partial) merged.add(part);
  merged.elapsed_ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  return merged;
}

}  // namespace pyai::search
