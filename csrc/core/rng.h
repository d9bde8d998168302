// Fast seedable random numbers for chance steps, determinisation and playouts.
//
// xoshiro256** seeded through splitmix64: small (32 bytes), statistically
// solid for simulation, and far faster than <random>'s engines. Everything
// that needs randomness takes an Rng& so that a seed reproduces a run exactly.
#pragma once

#include <cstdint>

namespace pyai {

class Rng {
 public:
  explicit Rng(uint64_t seed = 0) { reseed(seed); }

  void reseed(uint64_t seed) {
    uint64_t x = seed;
    for (auto& word : state_) word = splitmix64(x);
  }

  uint64_t next_u64() {
    const uint64_t result = rotl(state_[1] * 5, 7) * 9;
    const uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = rotl(state_[3], 45);
    return result;
  }

  // Uniform integer in [0, bound), bound > 0, without modulo bias
  // (Lemire's multiply-shift with rejection of the short tail).
  uint32_t below(uint32_t bound) {
    uint64_t product = uint64_t(uint32_t(next_u64() >> 32)) * bound;
    uint32_t low = uint32_t(product);
    if (low < bound) {
      const uint32_t threshold = uint32_t(-bound) % bound;
      while (low < threshold) {
        product = uint64_t(uint32_t(next_u64() >> 32)) * bound;
        low = uint32_t(product);
      }
    }
    return uint32_t(product >> 32);
  }

  // Uniform double in [0, 1).
  double unit() { return double(next_u64() >> 11) * 0x1.0p-53; }

  // A new independent stream, e.g. one per thread or per determinisation.
  Rng split() { return Rng(next_u64()); }

 private:
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  static uint64_t splitmix64(uint64_t& x) {
    uint64_t z = (x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }

  uint64_t state_[4];
};

}  // namespace pyai
