// Counterfactual regret minimisation's storage: per information set, each
// action's cumulative regret and its share of the average strategy.
//
// One open-addressed array of entries keyed by the information set's 64-bit
// key, found by linear probing. It starts small and doubles when half full
// (log2(sets) times a search, never in the steady state); at `max_sets` it
// stops growing, and a set it cannot hold plays uniformly and learns nothing
// (the search reports it as full).
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

namespace pyai::search {

template <int kMaxActions>
struct RegretEntry {
  uint64_t key = 0;  // the information set's key plus one (0: an empty slot)
  uint32_t visits = 0;
  float regret[kMaxActions] = {};
  float average[kMaxActions] = {};  // strategy sums, weighted by own reach and iteration
};

template <int kMaxActions>
class RegretTable {
 public:
  using Entry = RegretEntry<kMaxActions>;

  explicit RegretTable(uint64_t max_sets) : max_sets_(std::max<uint64_t>(1, max_sets)) {
    slots_.resize(std::min<uint64_t>(kFirstSlots, std::bit_ceil(2 * max_sets_)));
  }

  // The entry of `key`, made (all zero) when new; nullptr when the table is full.
  Entry* find_or_add(uint64_t key) {
    const uint64_t stored = key + 1 == 0 ? 1 : key + 1;
    for (;;) {
      const uint64_t mask = slots_.size() - 1;
      for (uint64_t i = mix(stored) & mask;; i = (i + 1) & mask) {
        Entry& e = slots_[i];
        if (e.key == stored) return &e;
        if (e.key != 0) continue;
        if (size_ >= max_sets_) return nullptr;
        if (2 * (size_ + 1) > slots_.size()) break;  // grow first, then probe again
        e.key = stored;
        ++size_;
        return &e;
      }
      grow();
    }
  }

  // The entry of `key`, or nullptr when it was never made.
  const Entry* find(uint64_t key) const {
    const uint64_t stored = key + 1 == 0 ? 1 : key + 1;
    const uint64_t mask = slots_.size() - 1;
    for (uint64_t i = mix(stored) & mask;; i = (i + 1) & mask) {
      if (slots_[i].key == stored) return &slots_[i];
      if (slots_[i].key == 0) return nullptr;
    }
  }

  uint64_t size() const { return size_; }
  bool full() const { return size_ >= max_sets_; }

 private:
  static constexpr uint64_t kFirstSlots = 4096;

  static uint64_t mix(uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    return x;
  }

  void grow() {
    std::vector<Entry> old(slots_.size() * 2);
    old.swap(slots_);
    const uint64_t mask = slots_.size() - 1;
    for (const Entry& e : old) {
      if (e.key == 0) continue;
      uint64_t i = mix(e.key) & mask;
      while (slots_[i].key != 0) i = (i + 1) & mask;
      slots_[i] = e;
    }
  }

  uint64_t max_sets_;
  uint64_t size_ = 0;
  std::vector<Entry> slots_;
};

}  // namespace pyai::search
