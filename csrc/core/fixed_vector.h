// A vector with its capacity inside: no heap, trivially copyable for trivial T.
// Used for move lists and small per-round buffers in the hot loop.
#pragma once

#include <cassert>
#include <cstddef>

namespace pyai {

template <typename T, std::size_t Capacity>
class FixedVector {
 public:
  void push_back(const T& value) {
    assert(size_ < Capacity);
    items_[size_++] = value;
  }
  void clear() { size_ = 0; }
  // Keeps the items for which keep(item) holds, in order.
  template <typename Keep>
  void keep_if(Keep keep) {
    std::size_t kept = 0;
    for (std::size_t i = 0; i < size_; ++i)
      if (keep(items_[i])) items_[kept++] = items_[i];
    size_ = kept;
  }
  // Keeps the first `count` items (count <= size()).
  void truncate(std::size_t count) {
    assert(count <= size_);
    size_ = count;
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  static constexpr std::size_t capacity() { return Capacity; }
  T& operator[](std::size_t i) { return items_[i]; }
  const T& operator[](std::size_t i) const { return items_[i]; }
  T* begin() { return items_; }
  T* end() { return items_ + size_; }
  const T* begin() const { return items_; }
  const T* end() const { return items_ + size_; }

 private:
  T items_[Capacity];
  std::size_t size_ = 0;
};

}  // namespace pyai
