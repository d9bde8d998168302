// The search stress test's game sections: what each game's section provides
// (tests/cpp/<game>/stress_section.cpp, one for every game CMakeLists.txt's
// PYAI_GAMES registers) and what the sections share. A section is all the
// code that knows its game: the game the search is instantiated with (the
// game's search adapter, wrapped to check every state change the search
// makes), random positions, views and tree options, move names, the range of
// scores, and which searches of a run are its. search_stress_driver.h runs
// and checks the searches of a section; search_stress.cpp runs them all.
#pragma once

#include <atomic>
#include <concepts>
#include <cstdint>
#include <cstdio>
#include <iterator>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "check.h"
#include "core/rng.h"
#include "search/game.h"
#include "search/search_types.h"

namespace pyai::stress {

using namespace pyai::test;  // CHECK, CHECK_MSG and what they print (check.h)

inline std::string number(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", x);
  return text;
}

inline uint64_t splitmix64(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// Independent streams: search k of a run depends on (seed, k) only.
inline uint64_t stream_seed(uint64_t seed, uint64_t index) { return splitmix64(splitmix64(seed) ^ splitmix64(index)); }

inline int between(Rng& rng, int low, int high) { return low + int(rng.below(uint32_t(high - low + 1))); }

// What a checked game saw go wrong, from any search thread. Recorded, never
// thrown: an exception would only end that thread's tree.
class Violations {
 public:
  void report(const std::string& what) {
    if (count_.fetch_add(1) == 0) {
      std::lock_guard<std::mutex> lock(mutex_);
      first_ = what;
    }
  }
  // How many since the last call, and the first of them; then starts afresh.
  // Call only while no search runs.
  long long take(std::string& first) {
    std::lock_guard<std::mutex> lock(mutex_);
    first = std::move(first_);
    first_.clear();
    return count_.exchange(0);
  }

 private:
  std::atomic<long long> count_{0};
  std::mutex mutex_;
  std::string first_;
};

// One search runs at a time: its checked game reports here.
inline Violations g_violations;

// One position to search, as one seat sees it.
template <search::Game G>
struct PositionOf {
  typename G::View acting;  // the seat's view, the seat to act (as the bindings' acting_view)
  int seat = 0;
  int players = 0;
  bool sealed_choice = false;  // other seats choose at the same time: ISMCTS's root is simultaneous
  std::vector<typename G::Action> legal_moves;  // the seat's, in the core's order
  std::vector<std::string_view> features;       // coverage names: what kind of position it is (its section's)
  std::string description;
};

// A game section: a struct of static members.
//   Game                 the search game, wrapped to check what the search does with it
//   Position             PositionOf<Game>
//   kName, kFeatures     coverage names: the game's, and every name a position or a search of it may report
//   kLowestScore, kHighestScore, kZeroSum
//                        a seat's score at the end (Game::outcomes), and whether the seats' scores sum to 0
//   random_position(rng, perfect_information)
//   root_view(position, perfect_information)  the view run_search starts from
//   random_tree_options(rng), check_tree_options(options) (throws outside the game's ranges), describe(options)
//   move_name(position, move)
//   begin_search(position, config), end_search()
//                        around each search: what Game's checks need to know of it, and the coverage
//                        names of what the search reached (read when its threads have joined)
//   claims(rng, search_seed)
//                        whether search k (its random stream `rng` and the seed it was made from) is
//                        this game's; search_stress.cpp asks every game, whatever --game says, and
//                        the last in the list that claims it plays it. A game added to the list
//                        draws its share from a stream of its own (search_seed, mixed with a number
//                        of its own), so that the other games' searches of a seed stay as they were.
template <typename S>
concept GameSection =
    search::Game<typename S::Game> && std::same_as<typename S::Position, PositionOf<typename S::Game>> &&
    requires(Rng& rng, const typename S::Position& position, const search::SearchConfig& config,
             const typename S::Game::TreeOptions& options, typename S::Game::Action move, bool flag) {
      { S::kName } -> std::convertible_to<std::string_view>;
      { std::size(S::kFeatures) } -> std::convertible_to<size_t>;
      { S::kLowestScore } -> std::convertible_to<double>;
      { S::kHighestScore } -> std::convertible_to<double>;
      { S::kZeroSum } -> std::convertible_to<bool>;
      { S::random_position(rng, flag) } -> std::same_as<typename S::Position>;
      { S::root_view(position, flag) } -> std::same_as<typename S::Game::View>;
      { S::random_tree_options(rng) } -> std::same_as<typename S::Game::TreeOptions>;
      S::check_tree_options(options);
      { S::describe(options) } -> std::same_as<std::string>;
      { S::move_name(position, move) } -> std::same_as<std::string>;
      S::begin_search(position, config);
      { S::end_search() } -> std::same_as<std::vector<std::string_view>>;
      { S::claims(rng, uint64_t{}) } -> std::same_as<bool>;
    };

}  // namespace pyai::stress
