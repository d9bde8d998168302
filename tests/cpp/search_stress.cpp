// Search stress test: thousands of ISMCTS and PIMC searches from random
// positions of random games, For Sale's, Leduc poker's (a game with private
// cards) and Automania's (private contracts dealt and drawn in play, money
// known as a range), with the settings pushed to their edges — node caps small
// enough that the trees fill (down to two nodes a tree), 1-4 threads,
// iteration budgets around the thread and determinisation counts, time
// budgets from a nanosecond to the largest the settings accept, a stop from
// another thread at a random moment — and invariant checks on every result.
// Built under the sanitizers too; under ThreadSanitizer the multi-threaded
// searches are what matter (--min-threads 2 keeps only those).
//
//   pyai_search_stress [--searches N] [--seed S] [--first K] [--max-iterations M]
//                      [--min-threads T] [--game forsale|leduc|automania]
//                      [--time-slack-ms MS] [--verbose]
//
// Search k of a run draws its game, position and settings from (seed, k)
// alone: a failure prints the arguments that rerun just that search. Without
// --game, one search in 8 is Automania's and one in 4 of the rest Leduc's.
// Like the core tests, the last line is "N passed, M failed" (checks) and the
// exit code is non-zero on any failure.
//
// The file has three parts. Each game section (ForSaleSection, LeducSection,
// AutomaniaSection) is all the code that knows its game: the game the search
// is instantiated with (the game's search adapter, wrapped to check every
// state change the search makes, down to the chance keys each observer
// gets), random positions, views and tree options, move names and the range
// of scores. The driver after them is written once
// against the GameSection concept: it calls search::run_search, reads
// SearchResult, and knows the search only by its documented limits
// (search::nodes_per_tree, TreeSearch::kMaxDepth).
#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cmath>
#include <concepts>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <iterator>
#include <limits>
#include <mutex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "automania/chance.h"
#include "automania/components.h"
#include "automania/information.h"
#include "automania/playout.h"
#include "automania/rules.h"
#include "automania/scoring.h"
#include "automania/search_game.h"
#include "automania/tokens.h"
#include "automania_default_components.h"
#include "check.h"
#include "core/rng.h"
#include "forsale/heuristic.h"
#include "forsale/information.h"
#include "forsale/playout.h"
#include "forsale/rules.h"
#include "forsale/search_game.h"
#include "forsale/tokens.h"
#include "leduc/heuristic.h"
#include "leduc/information.h"
#include "leduc/rules.h"
#include "leduc/search_game.h"
#include "leduc/tokens.h"
#include "search/game.h"
#include "search/run_search.h"
#include "search/search_types.h"
#include "search/settings.h"

using namespace pyai;

namespace {

using namespace pyai::test;  // CHECK, CHECK_MSG and what they print (check.h)

std::string number(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", x);
  return text;
}

uint64_t splitmix64(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// Independent streams: search k of a run depends on (seed, k) only.
uint64_t stream_seed(uint64_t seed, uint64_t index) { return splitmix64(splitmix64(seed) ^ splitmix64(index)); }

int between(Rng& rng, int low, int high) { return low + int(rng.below(uint32_t(high - low + 1))); }

// ==========================================================================
// What a game section provides, and what the sections share.
// ==========================================================================

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
Violations g_violations;

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
    };

// ==========================================================================
// For Sale: everything For Sale-specific.
// ==========================================================================
namespace forsale_game {

using forsale::Action;
using forsale::ActionList;
using forsale::Deck;
using forsale::Phase;
using forsale::SellStep;
using forsale::State;
using forsale::View;

std::string move_name(const State& s, Action action) {
  try {
    return forsale::format_action(s, action);
  } catch (const std::exception&) {
    return "action " + std::to_string(action);
  }
}

bool contains(const ActionList& list, Action action) {
  return std::find(list.begin(), list.end(), action) != list.end();
}

// Every card of `deck` that the state places somewhere (unseen, removed, on
// the table, in a hand, played, taken), and whether no card is in two places.
struct DeckPlaces {
  CardMask all = 0;
  bool disjoint = true;
  void add(CardMask cards) {
    disjoint = disjoint && (all & cards) == 0;
    all |= cards;
  }
};

DeckPlaces places(const State& s, Deck deck) {
  DeckPlaces out;
  out.add(s.unseen[int(deck)]);
  out.add(s.removed[int(deck)]);
  if (s.phase != Phase::kSetup && s.phase != Phase::kOver && forsale::current_deck(s) == deck) out.add(s.table);
  // A check id is written down at the reveal only when a Mechanic decision follows.
  const bool checks_assigned = s.phase == Phase::kSelling && !s.awaiting_deal && s.sell_step == SellStep::kMechanic;
  for (int p = 0; p < s.num_players; ++p) {
    switch (deck) {
      case Deck::kAdvisors:
        out.add(s.advisors_in_hand[p]);
        out.add(s.advisors_played[p]);
        if (s.advisor_offered[p]) out.add(card_bit(s.advisor_offered[p]));
        break;
      case Deck::kVehicles:
        out.add(s.vehicles[p]);
        break;
      case Deck::kChecks:
        out.add(s.checks[p]);
        if (checks_assigned) out.add(card_bit(s.check_won[p]));
        break;
    }
  }
  return out;
}

// A determinisation keeps every card the view places (the unknown ones move
// from `unseen` into hands and the removal), fills each unknown hand to its
// known size, draws unknown cash from its range and a legal hidden sell.
void check_determinization(const View& view, const State& s) {
  for (Deck deck : {Deck::kAdvisors, Deck::kVehicles, Deck::kChecks}) {
    const DeckPlaces seen = places(view.state, deck), sampled = places(s, deck);
    if (!sampled.disjoint || sampled.all != seen.all)
      g_violations.report("a determinisation misplaces deck " + std::to_string(int(deck)) + " cards");
  }
  for (int p = 0; p < s.num_players; ++p) {
    const int advisors = card_count(view.state.advisors_in_hand[p]) + view.unknown_advisors[p];
    const int vehicles = card_count(view.state.vehicles[p]) + view.unknown_vehicles[p];
    if (card_count(s.advisors_in_hand[p]) != advisors || card_count(s.vehicles[p]) != vehicles)
      g_violations.report("a determinisation gives seat " + std::to_string(p) + " the wrong number of cards");
    if (s.cash[p] < view.cash_low[p] || s.cash[p] > view.cash_high[p])
      g_violations.report("a determinisation gives seat " + std::to_string(p) + " cash outside its range");
  }
  for (int p : Cards(view.hidden_sells)) {
    ActionList sells;
    forsale::legal_sells(s, p, sells);
    if (!contains(sells, forsale::submitted_sell(s, p)))
      g_violations.report("a determinisation gives seat " + std::to_string(p) + " an illegal hidden sell");
  }
}

// For Sale as the search sees it (forsale::SearchGame) with every state
// change it makes for the search checked: a move is legal for the seat that
// makes it, a sealed sell is recorded as its chooser's, a determinisation
// agrees with its view. A violation is recorded and the change made all the
// same, as the plain game makes it.
struct CheckedGame : forsale::SearchGame {
  static void apply(State& s, Action action) {
    if (!forsale::is_legal(s, action))
      g_violations.report("seat " + std::to_string(s.turn) + " made the illegal move " + move_name(s, action));
    SearchGame::apply(s, action);
  }

  static void apply_simultaneous(State& s, int seat, Action action) {
    ActionList sells;
    forsale::legal_sells(s, seat, sells);
    State as_chooser = s;
    as_chooser.turn = uint8_t(seat);
    const std::string chosen = "seat " + std::to_string(seat) + "'s sealed sell " + move_name(as_chooser, action);
    if (has_card(s.sells_submitted, seat) || !contains(sells, action)) g_violations.report(chosen + " is not legal");
    const int round = s.round;
    SearchGame::apply_simultaneous(s, seat, action);
    // Until the last sell reveals them all, each sell stays recorded as its chooser's.
    const bool step_goes_on = forsale::is_choose_step(s) && s.round == round;
    if (step_goes_on && (!has_card(s.sells_submitted, seat) || forsale::submitted_sell(s, seat) != action))
      g_violations.report(chosen + " is not recorded as seat " + std::to_string(seat) + "'s");
  }

  static State determinize(const View& view, Rng& rng) {
    State s = SearchGame::determinize(view, rng);
    check_determinization(view, s);
    return s;
  }

  // Chance widening: a deal dealt again is a deal due now, of cards still
  // unseen in this determinisation, exactly those its key names; a refused
  // one leaves the state as it was.
  static bool replay_chance(State& s, uint64_t key, int observer) {
    const State before = s;
    if (!s.awaiting_deal) g_violations.report("a deal was dealt again where no card is due");
    if (!SearchGame::replay_chance(s, key, observer)) {
      if (!(s == before)) g_violations.report("a deal refused again changed the state");
      return false;
    }
    const CardMask unseen = before.unseen[int(forsale::current_deck(before))];
    if (s.table != CardMask(key) || (CardMask(key) & ~unseen) || s.awaiting_deal)
      g_violations.report("a deal dealt again is not the unseen cards its key names");
    g_deals_again.fetch_add(1, std::memory_order_relaxed);
    return true;
  }

  // Chance grouping: only a deal just turned up is grouped (its key the
  // cards on the table), at a level the settings allow.
  static uint64_t abstract_chance(const State& s, uint64_t key, int level) {
    if (level < 1 || level > search::kMaxChanceAbstraction) g_violations.report("deals grouped at a level out of range");
    if (key != 0 && (s.awaiting_deal || s.table != CardMask(key)))
      g_violations.report("a grouped outcome is not the deal just turned up");
    g_deals_grouped.fetch_add(1, std::memory_order_relaxed);
    return SearchGame::abstract_chance(s, key, level);
  }

  static inline std::atomic<long long> g_deals_again{0};  // in the running search
  static inline std::atomic<long long> g_deals_grouped{0};
};
static_assert(search::Game<CheckedGame> && search::HasHeuristic<CheckedGame> &&
              search::HasSimultaneousMoves<CheckedGame> && search::HasChanceReplay<CheckedGame> &&
              search::HasChanceAbstraction<CheckedGame>);

using Game = CheckedGame;  // what run_search is instantiated with
using TreeOptions = Game::TreeOptions;
using Move = Action;
using Position = PositionOf<Game>;

// The view run_search starts from: ISMCTS takes back the other seats'
// hidden sells (reopen_simultaneous_step), as bindings/search_binding.h
// does; PIMC searches the acting view itself.
View root_view(const Position& position, bool perfect_information) {
  return perfect_information ? position.acting : Game::reopen_simultaneous_step(position.acting);
}

// The game's own tree options: For Sale's caps on bids in the tree (0: none;
// the opponents' cap -1: the same as the searching seat's) and its rollouts'
// sell and buying rules (-1: the heuristic's; else the weight on what comes later).
TreeOptions random_tree_options(Rng& rng) {
  TreeOptions options;
  options.max_raise = int(rng.below(5));
  options.opponent_max_raise = int(rng.below(5)) - 1;
  options.rollout_sell_later_weight = float(int(rng.below(4)) - 1);
  options.rollout_buy_later_weight = float(int(rng.below(4)) - 1);
  return options;
}

// Throws GameError naming an option outside the range the game declares.
void check_tree_options(const TreeOptions& options) {
  for (const auto& setting : forsale::tree_settings()) search::check_setting(setting, setting.read(options), "drawn");
}

std::string describe(const TreeOptions& options) {
  return "max_raise " + std::to_string(options.max_raise) + ", opponent_max_raise " +
         std::to_string(options.opponent_max_raise) + ", rollout_sell_later_weight " +
         std::to_string(options.rollout_sell_later_weight) + ", rollout_buy_later_weight " +
         std::to_string(options.rollout_buy_later_weight);
}

std::string move_name(const Position& position, Move move) { return move_name(position.acting.state, move); }

// Where in a game a seat decides: the kinds of position searched equally often.
enum class Spot { kAuction, kBuying, kSealedSell, kAfterReveal };  // after the reveal: a Lawyer's keep, a Mechanic
constexpr int kSpots = 4;
constexpr const char* kSpotNames[kSpots] = {"auction", "buying", "sealed sell", "keep or mechanic"};

Spot spot_of(const State& s) {
  if (s.phase == Phase::kAuction) return Spot::kAuction;
  if (s.phase == Phase::kBuying) return Spot::kBuying;
  return forsale::is_choose_step(s) ? Spot::kSealedSell : Spot::kAfterReveal;
}

// The most cash a seat can hold (pyai's View.forget_cash default): Autorama
// adds at most 24 to the start (3 Consultants, 3 Sales Directors, 3 General
// Managers); the classic edition only spends.
int most_cash(const State& s) {
  const int starting = forsale::make_config(s.num_players, 0, s.classic).starting_cash();
  return s.classic ? starting : starting + 24;
}

// The observer forgets opponents' cash (a range around the truth, sometimes
// up to the most cash a view may name) and hands, at random; sometimes
// everything about every opponent. Returns what was forgotten.
std::string forget_at_random(View& view, const State& truth, Rng& rng) {
  std::string forgotten;
  const bool forget_everything = rng.below(8) == 0;
  const int chance = forget_everything ? 1 : 4;  // each forgetting happens with probability 1/chance
  for (int p = 0; p < truth.num_players; ++p) {
    if (p == view.observer) continue;
    if (rng.below(chance) == 0) {
      const int cash = truth.cash[p];
      const int low = rng.below(2) ? between(rng, truth.bid[p], cash) : truth.bid[p];
      const int high = rng.below(10) == 0 ? forsale::kMaxCash : between(rng, cash, std::max(cash, most_cash(truth)));
      forsale::forget_cash(view, p, low, high);
      forgotten += " cash" + std::to_string(p) + "=[" + std::to_string(low) + "," + std::to_string(high) + "]";
    }
    if (!truth.classic && rng.below(chance) == 0) {
      forsale::forget_hand(view, p, Deck::kAdvisors);
      forgotten += " advisors" + std::to_string(p);
    }
    if (rng.below(chance) == 0) {
      forsale::forget_hand(view, p, Deck::kVehicles);
      forgotten += " vehicles" + std::to_string(p);
    }
  }
  return forgotten;
}

// A random position of a random game: 3-6 players, either edition, a game
// played by random or heuristic moves, a decision spot of a kind drawn
// uniformly among those the game had, a seat that may act there, and (half
// the time) a view with things forgotten.
Position random_position(Rng& rng, bool perfect_information) {
  const int players = between(rng, forsale::kMinPlayers, forsale::kMaxPlayers);
  const bool classic = rng.below(2) == 0;
  State s = forsale::initial_state(forsale::make_config(players, between(rng, 0, players - 1), classic));
  // Random moves reach odd corners (cash burnt early, lopsided hands); the
  // heuristic (with a little noise) reaches the usual ones.
  const bool heuristic_play = rng.below(2) == 0;
  std::vector<State> decisions[kSpots];
  while (!forsale::is_terminal(s)) {
    if (forsale::is_chance(s)) {
      forsale::apply_random_chance(s, rng);
      continue;
    }
    decisions[int(spot_of(s))].push_back(s);
    forsale::apply_action(s, heuristic_play ? forsale::heuristic_action(s, rng, 10) : forsale::random_action(s, rng));
  }
  std::vector<int> kinds;
  for (int k = 0; k < kSpots; ++k)
    if (!decisions[k].empty()) kinds.push_back(k);
  const int kind = kinds[rng.below(uint32_t(kinds.size()))];
  const State truth = decisions[kind][rng.below(uint32_t(decisions[kind].size()))];

  std::vector<int> seats;  // who may search here
  for (int p = 0; p < players; ++p)
    if (forsale::may_act(truth, p)) seats.push_back(p);
  Position position;
  position.seat = seats[rng.below(uint32_t(seats.size()))];
  position.players = players;
  if (classic) position.features.push_back("classic");
  View view = forsale::view_of(truth, position.seat);
  std::string forgotten;
  if (rng.below(2) == 0) forgotten = forget_at_random(view, truth, rng);
  view.state.turn = uint8_t(position.seat);
  position.acting = view;
  position.sealed_choice = !perfect_information && forsale::is_choose_step(truth);
  if (!forgotten.empty()) position.features.push_back("partial_view");  // the seat forgot something about an opponent
  ActionList legal;
  forsale::legal_actions(view.state, legal);
  position.legal_moves.assign(legal.begin(), legal.end());
  position.description = std::to_string(players) + " players " + (classic ? "classic" : "Autorama") + ", " +
                         kSpotNames[kind] + " (phase " + std::to_string(int(truth.phase)) + " round " +
                         std::to_string(truth.round) + ", sells made " +
                         std::to_string(card_count(truth.sells_submitted)) + "), seat " +
                         std::to_string(position.seat) + " searches" +
                         (forgotten.empty() ? std::string() : ", forgetting" + forgotten);
  return position;
}

}  // namespace forsale_game

struct ForSaleSection {
  using Game = forsale_game::Game;
  using Position = forsale_game::Position;
  static constexpr std::string_view kName = "forsale";
  static constexpr std::string_view kFeatures[] = {"classic", "partial_view", "forsale_deals_dealt_again",
                                                   "forsale_deals_grouped"};
  // Money: cash and checks, never below 0.
  static constexpr double kLowestScore = 0;
  static constexpr double kHighestScore = std::numeric_limits<double>::infinity();
  static constexpr bool kZeroSum = false;

  static Position random_position(Rng& rng, bool perfect_information) {
    return forsale_game::random_position(rng, perfect_information);
  }
  static Game::View root_view(const Position& position, bool perfect_information) {
    return forsale_game::root_view(position, perfect_information);
  }
  static Game::TreeOptions random_tree_options(Rng& rng) { return forsale_game::random_tree_options(rng); }
  static void check_tree_options(const Game::TreeOptions& options) { forsale_game::check_tree_options(options); }
  static std::string describe(const Game::TreeOptions& options) { return forsale_game::describe(options); }
  static std::string move_name(const Position& position, Game::Action move) {
    return forsale_game::move_name(position, move);
  }
  // CheckedGame needs nothing of the search; it counts the deals it dealt again or grouped.
  static void begin_search(const Position&, const search::SearchConfig&) {
    Game::g_deals_again = 0;
    Game::g_deals_grouped = 0;
  }
  static std::vector<std::string_view> end_search() {
    std::vector<std::string_view> seen;
    if (Game::g_deals_again > 0) seen.push_back("forsale_deals_dealt_again");
    if (Game::g_deals_grouped > 0) seen.push_back("forsale_deals_grouped");
    return seen;
  }
};
static_assert(GameSection<ForSaleSection>);

// ==========================================================================
// Leduc poker: everything Leduc-specific. Two seats, each with a private
// card the other never sees: at the other seat's decisions ISMCTS keeps its
// statistics per its private card (private_opponents), which CheckedGame
// watches through private_key.
// ==========================================================================
namespace leduc_game {

using leduc::Action;
using leduc::State;
using leduc::View;

// What the running search was asked, for CheckedGame's checks: written by
// LeducSection::begin_search before the search threads start, only read by them.
struct SearchAsked {
  int root_seat = 0;
  bool perfect_information = false;
  bool private_opponents = true;
};
SearchAsked g_asked;
std::atomic<long long> g_private_keys{0};  // private_key calls during the running search

bool contains(const leduc::ActionList& list, Action action) {
  return std::find(list.begin(), list.end(), action) != list.end();
}

bool holds(leduc::CardSet cards, int card) { return leduc::is_card(card) && (cards & leduc::card_set_bit(card)) != 0; }

std::string card_name(int card) {
  if (leduc::is_card(card)) return leduc::card_name(card);
  return card == leduc::kHiddenCard ? "hidden" : "none";
}

std::string seat_name(int seat) { return "seat " + std::to_string(seat); }

// A determinisation fills each hidden card with a card the observer has not
// seen, takes it out of the undealt cards, and changes nothing else.
void check_determinization(const View& view, const State& s) {
  State expected = view.state;
  for (int seat = 0; seat < leduc::kPlayers; ++seat) {
    if (view.state.card[seat] != leduc::kHiddenCard) continue;
    if (!holds(view.state.undealt, s.card[seat])) {
      g_violations.report("a determinisation gives " + seat_name(seat) + " " + card_name(s.card[seat]) +
                          ", not a card its observer has not seen");
      return;
    }
    expected.card[seat] = s.card[seat];
    expected.undealt = leduc::CardSet(expected.undealt & ~leduc::card_set_bit(s.card[seat]));
  }
  if (!(s == expected)) g_violations.report("a determinisation changes what its observer sees");
}

// Leduc as the search sees it (leduc::SearchGame) with every state change it
// makes for the search checked: a move is legal for the seat to act, a card
// is dealt from the undealt ones and keyed as the searching seat sees it
// (every seat, under PIMC), a determinisation agrees with its view, and
// private statistics are kept only where the settings ask for them (another
// seat's decision under ISMCTS with private_opponents). A violation is
// recorded and the change made all the same, as the plain game makes it.
struct CheckedGame : leduc::SearchGame {
  static void apply(State& s, Action action) {
    leduc::ActionList legal;
    if (!leduc::is_terminal(s) && !leduc::is_chance(s)) leduc::legal_actions(s, legal);
    if (!contains(legal, action))
      g_violations.report(seat_name(s.turn) + " made the illegal move " + leduc::format_action(action));
    SearchGame::apply(s, action);
  }

  static uint64_t apply_chance(State& s, Rng& rng, int observer) {
    const int expected_observer = g_asked.perfect_information ? search::kEverySeat : g_asked.root_seat;
    if (observer != expected_observer)
      g_violations.report("a deal observed by " + seat_name(observer) + ", not " + seat_name(expected_observer));
    if (!leduc::is_chance(s)) g_violations.report("a card dealt where none is due");
    const leduc::CardSet undealt = s.undealt;
    const int receiver = leduc::deal_receiver(s);
    const uint64_t key = SearchGame::apply_chance(s, rng, observer);
    const int card = receiver == leduc::kNoSeat ? s.public_card : s.card[receiver];
    if (!holds(undealt, card)) g_violations.report("dealt " + card_name(card) + ", not an undealt card");
    const bool seen = receiver == leduc::kNoSeat || observer == search::kEverySeat || observer == receiver;
    if (key != (seen ? uint64_t(card) + 1 : 0))
      g_violations.report("the deal of " + card_name(card) + " keyed " + std::to_string(key) + " for " +
                          seat_name(observer) + (seen ? ", who sees it" : ", who does not see it"));
    return key;
  }

  static State determinize(const View& view, Rng& rng) {
    State s = SearchGame::determinize(view, rng);
    check_determinization(view, s);
    return s;
  }

  static uint64_t private_key(const State& s, int seat) {
    g_private_keys.fetch_add(1, std::memory_order_relaxed);
    if (g_asked.perfect_information || !g_asked.private_opponents || seat == g_asked.root_seat)
      g_violations.report("statistics kept per " + seat_name(seat) + "'s private card, searching for " +
                          seat_name(g_asked.root_seat) + (g_asked.perfect_information ? " under PIMC" : "") +
                          (g_asked.private_opponents ? "" : " without private_opponents"));
    if (leduc::is_terminal(s) || leduc::is_chance(s) || s.turn != seat)
      g_violations.report(seat_name(seat) + "'s private card read where it does not decide");
    if (!leduc::is_card(s.card[seat]))
      g_violations.report(seat_name(seat) + "'s private card is " + card_name(s.card[seat]));
    return SearchGame::private_key(s, seat);
  }
};
static_assert(search::Game<CheckedGame> && search::HasHeuristic<CheckedGame> &&
              search::HasPrivateInformation<CheckedGame> && search::HasSearchDefaults<CheckedGame>);

using Game = CheckedGame;
using Position = PositionOf<Game>;

std::string betting(const State& s) {
  std::string out;
  for (int round = 0; round <= s.round; ++round) {
    if (round == 1) out += " /";
    for (int i = 0; i < s.log_size[round]; ++i) {
      out += ' ';
      out += leduc::format_action(Action(s.logged_move(round, i)));
    }
  }
  return out;
}

// A random position of a random hand: the cards dealt at random, the betting
// by random or (mostly) heuristic moves, a decision of a betting round drawn
// uniformly among those the hand had; the seat to act searches.
Position random_position(Rng& rng) {
  State s = leduc::initial_state();
  // The heuristic never bluffs: some random moves among its own reach the other lines.
  const bool heuristic_play = rng.below(2) == 0;
  std::vector<State> decisions[2];  // by betting round
  while (!leduc::is_terminal(s)) {
    if (leduc::is_chance(s)) {
      leduc::deal(s, leduc::sample_card(s, rng));
      continue;
    }
    decisions[s.round].push_back(s);
    const bool random_move = !heuristic_play || rng.below(5) == 0;
    leduc::apply_action(s, random_move ? leduc::random_action(s, rng) : leduc::heuristic_action(s, rng));
  }
  const int round = decisions[1].empty() ? 0 : int(rng.below(2));
  const State truth = decisions[round][rng.below(uint32_t(decisions[round].size()))];

  Position position;
  position.seat = truth.turn;
  position.players = leduc::kPlayers;
  position.acting = leduc::view_of(truth, position.seat);
  leduc::ActionList legal;
  leduc::legal_actions(position.acting.state, legal);
  position.legal_moves.assign(legal.begin(), legal.end());
  if (round == 1) position.features.push_back("leduc_second_round");
  position.description = "round " + std::to_string(round + 1) + ", " + seat_name(position.seat) + " holds " +
                         card_name(truth.card[position.seat]) + " (the other " +
                         card_name(truth.card[1 - position.seat]) + ")" +
                         (round == 1 ? ", public " + card_name(truth.public_card) : std::string()) +
                         ", betting" + betting(truth);
  return position;
}

}  // namespace leduc_game

struct LeducSection {
  using Game = leduc_game::Game;
  using Position = leduc_game::Position;
  static constexpr std::string_view kName = "leduc";
  static constexpr std::string_view kFeatures[] = {"leduc_second_round", "leduc_private_statistics"};
  // Chips won or lost: what one seat wins the other loses.
  static constexpr double kLowestScore = -leduc::kMaxStake;
  static constexpr double kHighestScore = leduc::kMaxStake;
  static constexpr bool kZeroSum = true;

  static Position random_position(Rng& rng, bool /*perfect_information*/) { return leduc_game::random_position(rng); }
  // No simultaneous moves: every search starts from the acting view.
  static Game::View root_view(const Position& position, bool /*perfect_information*/) { return position.acting; }
  static Game::TreeOptions random_tree_options(Rng&) { return {}; }
  static void check_tree_options(const Game::TreeOptions& options) {
    for (const auto& setting : leduc::tree_settings()) search::check_setting(setting, setting.read(options), "drawn");
  }
  static std::string describe(const Game::TreeOptions&) { return {}; }
  static std::string move_name(const Position&, Game::Action move) { return leduc::format_action(move); }

  static void begin_search(const Position& position, const search::SearchConfig& config) {
    leduc_game::g_asked = {position.seat, config.perfect_information, config.private_opponents};
    leduc_game::g_private_keys.store(0);
  }
  static std::vector<std::string_view> end_search() {
    if (leduc_game::g_private_keys.load() > 0) return {"leduc_private_statistics"};
    return {};
  }
};
static_assert(GameSection<LeducSection>);

// ==========================================================================
// Automania: everything Automania-specific. 2-4 seats; hidden are the order
// of the decks and each seat's contracts it alone has seen (its starting
// contract and its deck draws), which CheckedGame watches through the chance
// keys (a private card is key 0 to every other seat) and private_key; a seat
// may know another's money only as a range (forget_money).
// ==========================================================================
namespace automania_game {

using automania::Action;
using automania::ChanceOutcome;
using automania::State;
using automania::Step;
using automania::View;

// The shipped component set (pyai/automania/components.toml, compiled in),
// registered before the first Automania position is drawn.
uint8_t shipped_components() {
  static const uint8_t index =
      automania::register_components(automania::Components::from_wire(automania::kDefaultComponentsWire));
  return index;
}

// What the running search was asked and where it starts, for CheckedGame's
// checks: written by AutomaniaSection::begin_search before the search
// threads start, only read by them.
struct SearchAsked {
  int root_seat = 0;
  bool perfect_information = false;
  bool private_opponents = true;
  State root;  // the root view's state: what every seat had at the start (VP by source)
};
SearchAsked g_asked;
// What the running search reached, for the coverage line.
std::atomic<long long> g_private_keys{0};     // private_key calls
std::atomic<long long> g_unseen_deals{0};     // private cards dealt to another seat than the observer
std::atomic<long long> g_own_deals{0};        // private cards dealt to the searching seat (ISMCTS)

bool contains(const automania::ActionList& list, Action action) {
  return std::find(list.begin(), list.end(), action) != list.end();
}

std::string seat_name(int seat) { return seat == search::kEverySeat ? "every seat" : "seat " + std::to_string(seat); }

std::string move_name(const State& s, Action action) {
  try {
    return automania::format_action(s, action);
  } catch (const std::exception&) {
    return "action " + std::to_string(action);
  }
}

constexpr const char* kStepNames[] = {"deal order", "deal demands", "deal display", "deal start", "deal tiles",
                                      "reveal contract", "draw contract", "turn", "take tile", "place tile",
                                      "draw", "market", "ship", "contract", "office", "sell", "demand", "over"};
std::string step_name(Step step) {
  return size_t(step) < std::size(kStepNames) ? kStepNames[int(step)] : "step " + std::to_string(int(step));
}

// Every contract of the state, each in one place: the deck, the undealt
// starting contracts, the display, a hand, played. A full state holds
// exactly the deck's and the undealt starting contracts' counts.
void check_contracts(const State& s, const std::string& what) {
  uint32_t all = 0;
  bool disjoint = true;
  const auto add = [&](uint32_t cards) {
    disjoint = disjoint && (all & cards) == 0;
    all |= cards;
  };
  add(s.deck);
  add(s.starts_undealt);
  add(s.display);
  for (int p = 0; p < s.num_players; ++p) {
    add(s.seat[p].hand);
    add(s.seat[p].played);
    if ((s.seat[p].hand_public & ~s.seat[p].hand) != 0)
      g_violations.report(what + " marks as public a contract " + seat_name(p) + " does not hold");
  }
  if (!disjoint) g_violations.report(what + " has a contract in two places");
  if (all != (automania::kRegularContractBits | automania::kStartingContractBits))
    g_violations.report(what + " loses a contract");
  if (std::popcount(s.deck) != s.deck_count)
    g_violations.report(what + " has " + std::to_string(std::popcount(s.deck)) + " contracts in a deck of " +
                        std::to_string(s.deck_count));
  if (std::popcount(s.starts_undealt) + s.starts_dealt != automania::kStartingContracts)
    g_violations.report(what + " has " + std::to_string(std::popcount(s.starts_undealt)) +
                        " undealt starting contracts after " + std::to_string(s.starts_dealt) + " deals");
}

// A determinisation agrees with its view: seen again by the observer, it is
// the view (the board, VP, played contracts, the observer's own hand, the
// other seats' hidden contracts as the view counts them), with the money the
// observer does not know inside the view's range; every contract is in one
// place, the deck holds as many cards as it should.
void check_determinization(const View& view, const State& s) {
  check_contracts(s, "a determinisation");
  View seen = automania::view_of(s, view.observer);
  for (int p = 0; p < s.num_players; ++p) {
    if (view.knows_money(p)) continue;
    const int money = s.seat[p].money;
    if (money < view.money_low[p] || money > view.money_high[p])
      g_violations.report("a determinisation gives " + seat_name(p) + " $" + std::to_string(money) +
                          ", outside its range [" + std::to_string(view.money_low[p]) + ", " +
                          std::to_string(view.money_high[p]) + "]");
    seen.money_low[p] = view.money_low[p];
    seen.money_high[p] = view.money_high[p];
    seen.state.seat[p].money = view.state.seat[p].money;
  }
  if (!(seen == view)) {
    std::string what = "a determinisation changes what its observer (" + seat_name(view.observer) + ") sees:";
    for (int p = 0; p < s.num_players; ++p) {
      if (!(seen.state.seat[p] == view.state.seat[p])) what += " " + seat_name(p) + "'s seat";
      if (seen.hidden_regular[p] != view.hidden_regular[p] || seen.hidden_starting[p] != view.hidden_starting[p])
        what += " " + seat_name(p) + "'s hidden contracts";
    }
    if (seen.state.deck != view.state.deck || seen.state.starts_undealt != view.state.starts_undealt)
      what += " the unseen contracts";
    g_violations.report(what);
  }
}

// A chance step's key as each observer sees it (search/game.h): the outcome
// `s` shows after `before`, replayed with `rng` (the generator as the step
// found it) for every observer, must not depend on the observer; a private
// card (a starting contract, a deck draw) is key 0 to every seat but its
// receiver; to the receiver and to every seat (PIMC) it is a key that is
// never 0 and tells cards apart; anything else is the same key, never 0, to
// every observer. Checked also against a second outcome of the step (another
// generator): the same key for the same outcome, another for another.
void check_chance_keys(const State& before, const Rng& rng, const State& after, int observer, uint64_t key) {
  const bool private_deal = automania::is_private_deal(before.step);
  const int receiver = before.turn;
  const std::string step = step_name(before.step) + (private_deal ? " to " + seat_name(receiver) : std::string());
  uint64_t every_key = 0;  // the key with every seat seeing
  for (int o = search::kEverySeat; o < before.num_players; ++o) {
    State replay = before;
    Rng replay_rng = rng;
    const uint64_t k = automania::SearchGame::apply_chance(replay, replay_rng, o);
    if (!(replay == after)) g_violations.report("the " + step + " deals another outcome for " + seat_name(o));
    if (o == observer && k != key)
      g_violations.report("the " + step + " keyed " + std::to_string(key) + " for " + seat_name(o) +
                          ", then " + std::to_string(k));
    if (o == search::kEverySeat) every_key = k;
    const bool sees = !private_deal || o == search::kEverySeat || o == receiver;
    if (!sees && k != 0)
      g_violations.report("the " + step + " keyed " + std::to_string(k) + " for " + seat_name(o) +
                          ", who does not see it");
    if (sees && (k == 0 || k != every_key))
      g_violations.report("the " + step + " keyed " + std::to_string(k) + " for " + seat_name(o) +
                          ", who sees it, and " + std::to_string(every_key) + " for every seat");
  }
  // A second outcome of the same step, as every seat sees it.
  State other = before;
  Rng other_rng(rng);
  other_rng.next_u64();
  const uint64_t other_key = automania::SearchGame::apply_chance(other, other_rng, search::kEverySeat);
  const bool same_outcome = other == after;
  if (same_outcome != (other_key == every_key)) {
    std::string what = "the " + step + ": ";
    if (private_deal) {
      const uint32_t card_a = after.seat[receiver].hand & ~before.seat[receiver].hand;
      const uint32_t card_b = other.seat[receiver].hand & ~before.seat[receiver].hand;
      what += "contracts " + automania::contract_name(std::countr_zero(card_a)) + " and " +
              automania::contract_name(std::countr_zero(card_b));
    } else {
      what += "two outcomes";
    }
    g_violations.report(what + (same_outcome ? " (the same outcome) keyed " + std::to_string(every_key) + " and " +
                                                   std::to_string(other_key)
                                             : " share the key " + std::to_string(every_key)));
  }
}

// A finished game: every seat's VP is the sum of its sources, no source
// below what it was at the root (VP are never taken away), the money
// ranking's 10/6/3 VP given once each (for the seats there are).
void check_final_vp(const State& s) {
  if (!automania::is_terminal(s)) {
    g_violations.report("outcomes read before the end, at " + step_name(s.step));
    return;
  }
  bool ranks_given[automania::kMaxPlayers] = {};
  for (int p = 0; p < s.num_players; ++p) {
    const automania::Seat &seat = s.seat[p], &root = g_asked.root.seat[p];
    int sum = 0;
    for (int source = 0; source < automania::kVpSources; ++source) {
      sum += seat.vp_from[source];
      if (seat.vp_from[source] < root.vp_from[source])
        g_violations.report(seat_name(p) + " ends with fewer VP from source " + std::to_string(source) +
                            " than it had at the root");
    }
    if (sum != seat.vp) g_violations.report(seat_name(p) + "'s VP are not the sum of their sources");
    const int rank_vp = seat.vp_from[automania::kVpMoneyRank] - root.vp_from[automania::kVpMoneyRank];
    for (int rank = 0; rank < s.num_players; ++rank)
      if (rank_vp == automania::kMoneyRankVp[rank] && !ranks_given[rank]) {
        ranks_given[rank] = true;
        break;
      }
  }
  for (int rank = 0; rank < s.num_players; ++rank)
    if (!ranks_given[rank]) g_violations.report("the money ranking's VP are not given once each");
}

// Automania as the search sees it (automania::SearchGame) with every state
// change it makes for the search checked: a move is legal for the seat to
// act, a chance step is keyed for its observer as search/game.h says (the
// searching seat under ISMCTS, every seat under PIMC), a determinisation
// agrees with its view, a finished game's VP add up, and private statistics
// are kept only where the settings ask for them. A violation is recorded and
// the change made all the same, as the plain game makes it. Written over its
// base game so that what the base may lack (a heuristic player, private
// information) is forwarded, checked, only where the base has it.
template <typename Base>
struct Checked : Base {
  static void apply(State& s, Action action) {
    automania::ActionList legal;
    if (!automania::is_terminal(s) && !automania::is_chance(s)) automania::legal_actions(s, legal);
    if (!contains(legal, action))
      g_violations.report(seat_name(s.turn) + " made the illegal move " + move_name(s, action) + " at " +
                          step_name(s.step));
    Base::apply(s, action);
  }

  static uint64_t apply_chance(State& s, Rng& rng, int observer) {
    const int expected_observer = g_asked.perfect_information ? search::kEverySeat : g_asked.root_seat;
    if (observer != expected_observer)
      g_violations.report("a chance step observed by " + seat_name(observer) + ", not " +
                          seat_name(expected_observer));
    if (!automania::is_chance(s)) {
      g_violations.report("a chance step at " + step_name(s.step));
      return Base::apply_chance(s, rng, observer);
    }
    const State before = s;
    const Rng rng_before = rng;
    const uint64_t key = Base::apply_chance(s, rng, observer);
    check_chance_keys(before, rng_before, s, observer, key);
    if (automania::is_private_deal(before.step) && observer != search::kEverySeat)
      (observer == before.turn ? g_own_deals : g_unseen_deals).fetch_add(1, std::memory_order_relaxed);
    return key;
  }

  static State determinize(const View& view, Rng& rng) {
    State s = Base::determinize(view, rng);
    check_determinization(view, s);
    return s;
  }

  static void outcomes(const State& s, float* win, float* vp) {
    check_final_vp(s);
    Base::outcomes(s, win, vp);
  }

  static Action heuristic_action(const State& s, Rng& rng)
    requires search::HasHeuristic<Base>
  {
    const Action action = Base::heuristic_action(s, rng);
    if (!automania::is_legal(s, action))
      g_violations.report("the heuristic player chose the illegal move " + move_name(s, action));
    return action;
  }

  static uint64_t private_key(const State& s, int seat)
    requires search::HasPrivateInformation<Base>
  {
    g_private_keys.fetch_add(1, std::memory_order_relaxed);
    if (g_asked.perfect_information || !g_asked.private_opponents || seat == g_asked.root_seat)
      g_violations.report("statistics kept per " + seat_name(seat) + "'s private contracts, searching for " +
                          seat_name(g_asked.root_seat) + (g_asked.perfect_information ? " under PIMC" : "") +
                          (g_asked.private_opponents ? "" : " without private_opponents"));
    if (automania::is_terminal(s) || automania::is_chance(s) || s.turn != seat)
      g_violations.report(seat_name(seat) + "'s private contracts read where it does not decide");
    return Base::private_key(s, seat);
  }
};

using CheckedGame = Checked<automania::SearchGame>;
// What the base game has, the checked game has.
static_assert(search::Game<CheckedGame> &&
              search::HasHeuristic<CheckedGame> == search::HasHeuristic<automania::SearchGame> &&
              search::HasPrivateInformation<CheckedGame> == search::HasPrivateInformation<automania::SearchGame> &&
              search::HasSearchDefaults<CheckedGame> == search::HasSearchDefaults<automania::SearchGame> &&
              !search::HasSimultaneousMoves<CheckedGame>);

using Game = CheckedGame;
using Position = PositionOf<Game>;

// Partly random play: a move that gives something up (withdraw, discard,
// ship:none, keep, contract:none) is passed over for the others most of the
// time, so games reach full factories, contracts and sales; the base game's
// heuristic player, where it has one, plays some games (a template, so that
// the call is compiled only where the base game has it).
template <typename Base = automania::SearchGame>
Action purposeful_action(const State& s, Rng& rng, bool heuristic) {
  if constexpr (search::HasHeuristic<Base>) {
    if (heuristic && rng.below(5) != 0) return Base::heuristic_action(s, rng);
  }
  (void)heuristic;
  automania::ActionList legal, active;
  automania::legal_actions(s, legal);
  for (Action a : legal) {
    const automania::MoveKind kind = automania::move_kind(a);
    using automania::MoveKind;
    if (kind != MoveKind::kWithdraw && kind != MoveKind::kDiscard && kind != MoveKind::kShipNone &&
        kind != MoveKind::kKeep && kind != MoveKind::kContractNone)
      active.push_back(a);
  }
  const automania::ActionList& from = !active.empty() && rng.below(8) != 0 ? active : legal;
  return from[rng.below(uint32_t(from.size()))];
}

// The steps a seat decides, searched equally often.
constexpr int kFirstDecision = int(Step::kTurn), kDecisionSteps = int(Step::kOver) - kFirstDecision;

// A random position of a random game: 2-4 players, a game played by random or
// partly random moves, a decision of a kind drawn uniformly among those the
// game had; the seat to act searches, from its view, which half the time has
// other seats' money forgotten into a range around the truth.
Position random_position(Rng& rng) {
  const int players = between(rng, automania::kMinPlayers, automania::kMaxPlayers);
  State s = automania::initial_state(players, shipped_components());
  const int play = int(rng.below(3));  // 0 random, 1 partly random, 2 the heuristic player (partly random without)
  std::vector<State> decisions[kDecisionSteps];
  while (!automania::is_terminal(s)) {
    if (automania::is_chance(s)) {
      automania::apply_random_chance(s, rng);
      continue;
    }
    decisions[int(s.step) - kFirstDecision].push_back(s);
    automania::apply_action(s, play == 0 ? automania::random_action(s, rng) : purposeful_action(s, rng, play == 2));
  }
  std::vector<int> kinds;
  for (int k = 0; k < kDecisionSteps; ++k)
    if (!decisions[k].empty()) kinds.push_back(k);
  const int kind = kinds[rng.below(uint32_t(kinds.size()))];
  const State truth = decisions[kind][rng.below(uint32_t(decisions[kind].size()))];

  Position position;
  position.seat = truth.turn;
  position.players = players;
  View view = automania::view_of(truth, position.seat);
  std::string forgotten;
  if (rng.below(2) == 0) {
    const bool everyone = rng.below(4) == 0;
    for (int p = 0; p < players; ++p) {
      if (p == position.seat || (!everyone && rng.below(2) == 0)) continue;
      const int money = truth.seat[p].money;
      const int low = rng.below(3) == 0 ? money : std::max(0, money - int(rng.below(15)));
      const int high = rng.below(8) == 0 ? 999 : money + int(rng.below(15));
      automania::forget_money(view, p, low, high);
      forgotten += " $" + std::to_string(p) + "=[" + std::to_string(low) + "," + std::to_string(high) + "]";
    }
  }
  position.acting = view;
  automania::ActionList legal;
  automania::legal_actions(view.state, legal);
  position.legal_moves.assign(legal.begin(), legal.end());
  int hidden = 0;
  for (int p = 0; p < players; ++p) hidden += view.hidden_regular[p] + view.hidden_starting[p];
  if (!forgotten.empty()) position.features.push_back("automania_partial_money");
  if (hidden > 0) position.features.push_back("automania_hidden_contracts");
  if (truth.step == Step::kSell || truth.step == Step::kDemand) position.features.push_back("automania_sales_or_demand");
  static const char* const kPlay[] = {"random", "partly random", "heuristic"};
  position.description = std::to_string(players) + " players, " + kPlay[play] + " play, round " +
                         std::to_string(truth.round + 1) + ", " + step_name(truth.step) + ", " +
                         seat_name(position.seat) + " searches (" + std::to_string(legal.size()) + " moves, " +
                         std::to_string(hidden) + " contracts hidden from it)" +
                         (forgotten.empty() ? std::string() : ", forgetting" + forgotten);
  return position;
}

}  // namespace automania_game

struct AutomaniaSection {
  using Game = automania_game::Game;
  using Position = automania_game::Position;
  static constexpr std::string_view kName = "automania";
  static constexpr std::string_view kFeatures[] = {
      "automania_partial_money",   "automania_hidden_contracts", "automania_sales_or_demand",
      "automania_own_deal",        "automania_unseen_deal",      "automania_private_statistics"};
  // Final VP: at least the player number every seat starts with (1 for the
  // first player; VP are never taken away, scoring.h); at most what a State
  // holds (int16_t). CheckedGame checks each finished game more closely.
  static constexpr double kLowestScore = 1;
  static constexpr double kHighestScore = std::numeric_limits<int16_t>::max();
  static constexpr bool kZeroSum = false;

  static Position random_position(Rng& rng, bool /*perfect_information*/) {
    return automania_game::random_position(rng);
  }
  // No simultaneous moves: every search starts from the acting view.
  static Game::View root_view(const Position& position, bool /*perfect_information*/) { return position.acting; }
  static Game::TreeOptions random_tree_options(Rng&) { return {}; }
  static void check_tree_options(const Game::TreeOptions& options) {
    for (const auto& setting : automania::tree_settings())
      search::check_setting(setting, setting.read(options), "drawn");
  }
  static std::string describe(const Game::TreeOptions&) { return {}; }
  static std::string move_name(const Position& position, Game::Action move) {
    return automania_game::move_name(position.acting.state, move);
  }

  static void begin_search(const Position& position, const search::SearchConfig& config) {
    automania_game::g_asked = {position.seat, config.perfect_information, config.private_opponents,
                               position.acting.state};
    automania_game::g_private_keys.store(0);
    automania_game::g_unseen_deals.store(0);
    automania_game::g_own_deals.store(0);
  }
  static std::vector<std::string_view> end_search() {
    std::vector<std::string_view> reached;
    if (automania_game::g_own_deals.load() > 0) reached.push_back("automania_own_deal");
    if (automania_game::g_unseen_deals.load() > 0) reached.push_back("automania_unseen_deal");
    if (automania_game::g_private_keys.load() > 0) reached.push_back("automania_private_statistics");
    return reached;
  }
};
static_assert(GameSection<AutomaniaSection>);

// ==========================================================================
// The driver: game-independent. It draws a game, a search configuration and
// how the search ends, runs search::run_search<Section::Game>, and checks the
// result.
// ==========================================================================

using search::Clock;
using search::SearchConfig;
using search::SearchResult;

enum class GameChoice { kDrawn, kForSale, kLeduc, kAutomania };
// One search in kLeducOneIn is a Leduc hand: small and quick, it takes a share of the run's time.
constexpr uint32_t kLeducOneIn = 4;
// One search in kAutomaniaOneIn is an Automania game, whatever the draw above
// (drawn from a stream of its own, so that the other searches of a seed stay
// what they were before Automania joined): its rollouts play out up to four
// rounds, each search costs several of the others.
constexpr uint64_t kAutomaniaOneIn = 8;

struct Options {
  long long searches = 2000;
  uint64_t seed = 20240601;
  long long first = 0;
  uint64_t max_iterations = 3000;
  int min_threads = 1;  // searches use min_threads..kMaxThreads threads
  GameChoice game = GameChoice::kDrawn;
  double time_slack_ms = 2000;  // allowed overrun of a time budget or a stop: generous, the machine may be loaded
  bool verbose = false;
  std::string draw_flags;  // the flags given that shape the draws, to rerun one search
};

// How a search is meant to end.
enum class Ending {
  kIterations,           // its iteration budget, nothing else
  kTimeBudget,           // its time budget (or an iteration budget, whichever comes first)
  kStopFromOtherThread,  // stop set by another thread at a random moment (or a budget first)
  kStoppedBeforeStart,   // stop already set when the search starts
  kPonderHit,            // pondering: its clock held until another thread releases it at a random moment
};
constexpr const char* kEndingNames[] = {"iterations", "time budget", "stop from another thread",
                                        "stopped before start", "ponderhit"};

template <GameSection S>
struct SearchCase {
  SearchConfig config;
  typename S::Game::TreeOptions options;  // the game's own
  Ending ending = Ending::kIterations;
  double stop_after_ms = 0;  // kStopFromOtherThread: the stop; kPonderHit: the clock's release
  bool repeat = false;       // run twice: the same seed and budget must give the same result
};

constexpr int kMaxThreads = 4;
// The largest time budget run_search keeps (about 3 years); the settings accept up to 1e13 ms.
constexpr double kLongestKeptBudgetMs = 1e11;

double log_uniform(Rng& rng, double low, double high) { return low * std::pow(high / low, rng.unit()); }

// The threads a search runs (never more than its iterations) and the trees
// it builds (ISMCTS: one a thread; PIMC: one a determinisation, never more
// than its iterations), as run_search documents them.
uint64_t search_threads(const SearchConfig& config) {
  const uint64_t threads = uint64_t(config.threads);
  return config.iterations ? std::min(threads, config.iterations) : threads;
}

uint64_t search_trees(const SearchConfig& config) {
  if (!config.perfect_information) return search_threads(config);
  const uint64_t trees = uint64_t(config.determinizations);
  return config.iterations ? std::min(trees, config.iterations) : trees;
}

// The nodes of the trees that may live at the same time (one a thread), as
// the settings document them: max_nodes for all threads together, though a
// tree holds at least a root and a child; or what max_memory_mb holds, though
// a tree holds at least 1024 nodes.
uint64_t documented_node_cap(const SearchConfig& config, uint64_t threads) {
  if (config.max_nodes) return std::max(config.max_nodes, 2 * threads);
  return std::max(config.max_memory_mb * 1024 * 1024 / search::kBytesPerNode, 1024 * threads);
}

uint64_t tree_node_cap(const SearchConfig& config) {
  return search::nodes_per_tree(config, int(search_threads(config)));
}

// PIMC splits its time budget into a slice per tree: with the longest budget
// kept and 100 trees or more, budget x trees passes 2^63 nanoseconds.
bool huge_budget_many_trees(const SearchConfig& config) {
  return config.perfect_information && config.time_ms >= kLongestKeptBudgetMs && search_trees(config) >= 100;
}

// Iteration budgets around the thread count and the determinisation count
// (where work is split into shares), around the node cap (an iteration adds
// a node or more until the trees are full), and spread over [1, most].
uint64_t random_iterations(Rng& rng, const SearchConfig& config, uint64_t most) {
  const auto around = [&](int count) { return uint64_t(std::max(1, count - 1 + int(rng.below(3)))); };
  switch (rng.below(5)) {
    case 0: return around(config.threads);
    case 1:
      if (uint64_t(config.determinizations) <= most) return around(config.determinizations);
      break;  // too many trees to run them all here
    case 2: {
      const uint64_t nodes = uint64_t(config.threads) * search::nodes_per_tree(config, config.threads);
      return std::min<uint64_t>(4 * most, uint64_t(double(nodes) * log_uniform(rng, 0.5, 3)));
    }
    default: break;
  }
  return uint64_t(log_uniform(rng, 1, double(most) + 1));
}

// A time budget far beyond any run here: a day, the largest run_search
// keeps, or the largest the settings accept (capped to that).
double budget_that_cannot_run_out(Rng& rng) {
  constexpr double kBudgets[] = {86400e3, kLongestKeptBudgetMs, 1e13};
  return kBudgets[rng.below(3)];
}

template <GameSection S>
SearchCase<S> random_case(Rng& rng, const Options& options) {
  SearchCase<S> c;
  SearchConfig& config = c.config;
  config.seed = rng.next_u64();
  config.perfect_information = rng.below(3) == 0;
  config.threads = options.min_threads + int(rng.below(uint32_t(kMaxThreads - options.min_threads + 1)));
  switch (rng.below(8)) {
    case 0:
    case 1: config.determinizations = rng.below(8) == 0 ? 1000000 : 100 + int(rng.below(101)); break;
    case 2:
    case 3: config.determinizations = 1 + int(rng.below(3)); break;
    default: config.determinizations = 1 + int(rng.below(24)); break;
  }
  // Node caps: mostly tiny, so that trees fill; sometimes so tiny that each
  // tree holds only a root and a child; sometimes from a memory budget.
  switch (rng.below(16)) {
    case 0:
    case 1:
      config.max_nodes = 0;
      config.max_memory_mb = 1 + rng.below(4);
      break;
    case 2:
    case 3: config.max_nodes = 20000; break;
    case 4: config.max_nodes = 1 + rng.below(uint32_t(3 * config.threads)); break;
    default: config.max_nodes = uint64_t(log_uniform(rng, 100, 5000)); break;
  }
  config.objective = rng.below(2) ? search::Objective::kWin : search::Objective::kScore;
  config.margin_weight = rng.below(3) == 0 ? float(rng.unit()) : 0.0f;
  // Mostly usual values, sometimes the ends of the settings' ranges.
  config.exploration = rng.below(10) == 0 ? float(100 * rng.below(2)) : float(2 * rng.unit());
  switch (rng.below(16)) {
    case 0:
    case 1: config.simultaneous_exploration = 0; break;  // pure regret matching: arms of probability 0
    case 2: config.simultaneous_exploration = 1; break;
    default: config.simultaneous_exploration = float(rng.unit()); break;
  }
  config.rollout = rng.below(2) ? search::RolloutPolicy::kHeuristic : search::RolloutPolicy::kRandom;
  config.rollout_noise_percent = rng.below(3) == 0 ? int(rng.below(101)) : 0;
  // The learned evaluation where the game has one (other games roll out to the end whatever this says).
  config.evaluation = rng.below(3) == 0 ? search::LeafEvaluation::kModel : search::LeafEvaluation::kRollout;
  config.prior_weight = rng.below(3) == 0 ? (rng.below(4) == 0 ? 1e6f : float(2 * rng.unit())) : 0.0f;
  config.chance_buckets = rng.below(3) == 0 ? (rng.below(4) == 0 ? 1000000000 : 1 + int(rng.below(8))) : 0;
  config.private_opponents = rng.below(4) != 0;
  if (rng.below(3) == 0) {
    config.chance_widening = rng.below(8) == 0 ? 1e6f : float(3 * rng.unit());
    config.chance_widening_power = rng.below(8) == 0 ? float(rng.below(2)) : float(rng.unit());
  }
  // The opponent model: any belief per seat, sometimes exactly 0 or 1 (more
  // seats than the game has: the search reads only its own). Drawn from a
  // stream of its own, so that a seed's other draws stay what they were.
  Rng model_rng(search::mix64(config.seed ^ 0x0BB05EDull));
  if (model_rng.below(3) == 0) {
    config.opponent_model = search::OpponentModel::kHeuristic;
    config.heuristic_belief.resize(6);
    for (float& belief : config.heuristic_belief) {
      const uint32_t kind = model_rng.below(4);
      belief = kind == 0 ? 0.0f : kind == 1 ? 1.0f : float(model_rng.unit());
    }
  }
  // Chance grouping at any level (games that cannot group ignore it), from a
  // stream of its own for the same reason.
  Rng grouping_rng(search::mix64(config.seed ^ 0x6A0B5ull));
  if (grouping_rng.below(3) == 0) config.chance_abstraction = 1 + int(grouping_rng.below(search::kMaxChanceAbstraction));
  // A threshold for growing the tree, from a stream of its own too: sometimes
  // so high that nothing below the root's children ever grows.
  Rng expansion_rng(search::mix64(config.seed ^ 0xE4BA4Dull));
  if (expansion_rng.below(3) == 0)
    config.expand_visits = expansion_rng.below(8) == 0 ? 1000000u : 2 + expansion_rng.below(30);
  c.options = S::random_tree_options(rng);

  const uint32_t draw = rng.below(100);
  c.ending = draw < 55 ? Ending::kIterations
             : draw < 72 ? Ending::kTimeBudget
             : draw < 90 ? Ending::kStopFromOtherThread
             : draw < 95 ? Ending::kPonderHit
                         : Ending::kStoppedBeforeStart;
  const auto iterations = [&] { return random_iterations(rng, config, options.max_iterations); };
  switch (c.ending) {
    case Ending::kIterations:
      config.iterations = iterations();
      // More often for PIMC, whose time is sliced between its trees.
      if (rng.below(config.perfect_information ? 2 : 6) == 0) config.time_ms = budget_that_cannot_run_out(rng);
      c.repeat = rng.below(6) == 0;
      break;
    case Ending::kTimeBudget:
      // Sometimes a budget (1 ns) that runs out before the search has started.
      config.time_ms = rng.below(8) == 0 ? 1e-6 : log_uniform(rng, 0.01, 30);
      config.iterations = rng.below(2) ? 0 : iterations();
      break;
    case Ending::kStopFromOtherThread:
      c.stop_after_ms = rng.below(8) == 0 ? 0 : 20 * rng.unit();
      config.iterations = rng.below(3) ? 0 : iterations();
      switch (rng.below(6)) {
        case 0: config.time_ms = log_uniform(rng, 1, 50); break;
        case 1: config.time_ms = budget_that_cannot_run_out(rng); break;
        default: break;
      }
      break;
    case Ending::kStoppedBeforeStart:
      config.iterations = iterations();
      break;
    case Ending::kPonderHit:
      c.stop_after_ms = rng.below(8) == 0 ? 0 : 20 * rng.unit();
      config.time_ms = log_uniform(rng, 0.01, 30);
      config.iterations = rng.below(2) ? 0 : iterations();
      break;
  }
  // Only settings the search accepts: anything else is this driver's mistake.
  for (const auto& setting : search::search_settings()) search::check_setting(setting, setting.read(config), "drawn");
  S::check_tree_options(c.options);
  return c;
}

template <GameSection S>
std::string describe(const SearchCase<S>& c) {
  const SearchConfig& config = c.config;
  std::string out = config.perfect_information ? "PIMC (" + std::to_string(config.determinizations) + " trees)"
                                               : std::string("ISMCTS");
  out += ", " + std::to_string(config.threads) + " threads, iterations " + std::to_string(config.iterations);
  if (config.time_ms > 0) out += ", time " + number(config.time_ms) + " ms";
  out += config.max_nodes ? ", max_nodes " + std::to_string(config.max_nodes)
                          : ", max_memory_mb " + std::to_string(config.max_memory_mb);
  out += ", simultaneous_exploration " + number(config.simultaneous_exploration);
  if (!config.private_opponents) out += ", private_opponents off";
  if (config.chance_widening > 0)
    out += ", chance_widening " + number(config.chance_widening) + " power " + number(config.chance_widening_power);
  if (config.expand_visits > 1) out += ", expand_visits " + std::to_string(config.expand_visits);
  if (config.opponent_model == search::OpponentModel::kHeuristic) {
    out += ", heuristic beliefs";
    for (float belief : config.heuristic_belief) out += " " + number(belief);
  }
  out += std::string(", ends by ") + kEndingNames[int(c.ending)];
  if (c.ending == Ending::kStopFromOtherThread || c.ending == Ending::kPonderHit)
    out += " after " + number(c.stop_after_ms) + " ms";
  out += ", seed " + std::to_string(config.seed);
  const std::string options = S::describe(c.options);
  if (!options.empty()) out += ", " + options;
  return out;
}

// One run of a search, with the times the checks need and what its checked
// game reported.
struct Run {
  SearchResult result;
  uint64_t progress = 0;
  double wall_ms = 0;          // the whole run_search call
  bool stop_was_set = false;   // by the other thread, before the search returned
  double stop_to_return_ms = 0;
  bool released = false;       // pondering: the clock released by the other thread before the search returned
  double release_to_return_ms = 0;
  bool threw = false;
  std::string error;
  long long violations = 0;    // the checked game's
  std::string first_violation;
  std::vector<std::string_view> features;  // coverage names the search reached (its section's)
};

double ms_between(Clock::time_point from, Clock::time_point to) {
  return std::chrono::duration<double, std::milli>(to - from).count();
}

template <GameSection S>
Run run_case(const SearchCase<S>& c, const typename S::Position& position) {
  Run run;
  std::atomic<bool> stop{c.ending == Ending::kStoppedBeforeStart};
  std::atomic<uint64_t> progress{0};
  // The stopper sleeps until its moment, unless the search ends first.
  std::mutex mutex;
  std::condition_variable search_ended;
  bool ended = false;
  Clock::time_point stop_set_at{}, released_at{};
  search::SearchClock clock(c.ending == Ending::kPonderHit);
  std::thread stopper;
  if (c.ending == Ending::kStopFromOtherThread || c.ending == Ending::kPonderHit) {
    stopper = std::thread([&] {
      std::unique_lock<std::mutex> lock(mutex);
      const auto delay = std::chrono::duration<double, std::milli>(c.stop_after_ms);
      if (search_ended.wait_for(lock, delay, [&] { return ended; })) return;
      if (c.ending == Ending::kPonderHit) {
        released_at = Clock::now();
        clock.release();
      } else {
        stop_set_at = Clock::now();
        stop.store(true);
      }
    });
  }
  const auto view = S::root_view(position, c.config.perfect_information);
  S::begin_search(position, c.config);
  const auto start = Clock::now();
  try {
    run.result =
        search::run_search<typename S::Game>(view, position.seat, c.config, c.options, stop, &progress, &clock);
  } catch (const std::exception& e) {
    run.threw = true;
    run.error = e.what();
  }
  const auto returned = Clock::now();
  if (stopper.joinable()) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      ended = true;
    }
    search_ended.notify_all();
    stopper.join();
  }
  run.wall_ms = ms_between(start, returned);
  run.progress = progress.load();
  run.stop_was_set = stop_set_at != Clock::time_point{} && stop_set_at <= returned;
  if (run.stop_was_set) run.stop_to_return_ms = ms_between(stop_set_at, returned);
  run.released = released_at != Clock::time_point{} && released_at <= returned;
  if (run.released) run.release_to_return_ms = ms_between(released_at, returned);
  run.violations = g_violations.take(run.first_violation);
  run.features = S::end_search();
  return run;
}

bool finite(double x) { return std::isfinite(x); }

// Whether `sum`, added up over `count` outcomes, lies where `count` outcomes
// in [low, high] can put it (up to rounding).
bool sum_within(double sum, double count, double low, double high) {
  const double slack = 1e-6 * (std::abs(sum) + count);
  return sum >= low * count - slack && (high == std::numeric_limits<double>::infinity() || sum <= high * count + slack);
}

template <GameSection S>
void check_result(const SearchCase<S>& c, const typename S::Position& position, const Run& run,
                  const Options& options) {
  const SearchConfig& config = c.config;
  const SearchResult& r = run.result;
  if (!CHECK_MSG(!run.threw, "run_search threw: " + run.error)) return;
  CHECK_MSG(run.violations == 0,
            std::to_string(run.violations) + " times the game was driven wrong, first: " + run.first_violation);

  // Budgets.
  const uint64_t budget = config.iterations;
  if (budget > 0) CHECK_MSG(r.iterations <= budget, std::to_string(r.iterations) + " iterations");
  if (c.ending == Ending::kIterations) CHECK_MSG(r.iterations == budget, std::to_string(r.iterations) + " iterations");
  if (c.ending == Ending::kStoppedBeforeStart)
    CHECK_MSG(r.iterations == 0, std::to_string(r.iterations) + " iterations");
  // Only a stop ends a search before its first iteration: not a time budget
  // however short, not with PIMC's trees each given a slice of it.
  if (c.ending != Ending::kStoppedBeforeStart && !run.stop_was_set)
    CHECK_MSG(r.iterations >= 1, "a search that is not stopped runs at least one iteration");
  const bool deadline = config.time_ms > 0;
  // A pondering search's time budget counts from the release of its clock.
  if (deadline && c.ending != Ending::kPonderHit)
    CHECK_MSG(r.elapsed_ms <= config.time_ms + options.time_slack_ms,
              "elapsed " + number(r.elapsed_ms) + " ms for a budget of " + number(config.time_ms) + " ms");
  if (c.ending == Ending::kPonderHit && budget == 0)
    CHECK_MSG(run.released, "a pondering search with a time budget alone ended before its ponderhit");
  if (run.released)
    CHECK_MSG(run.release_to_return_ms <= config.time_ms + options.time_slack_ms,
              "returned " + number(run.release_to_return_ms) + " ms after the ponderhit, for a budget of " +
                  number(config.time_ms) + " ms");
  if (run.stop_was_set)
    CHECK_MSG(run.stop_to_return_ms <= options.time_slack_ms,
              "returned " + number(run.stop_to_return_ms) + " ms after the stop");
  const bool only_a_stop_ends_it =
      budget == 0 && (!deadline || config.time_ms > c.stop_after_ms + options.time_slack_ms);
  if (c.ending == Ending::kStopFromOtherThread && only_a_stop_ends_it)
    CHECK_MSG(run.stop_was_set, "a search that only a stop can end ended before it was stopped");
  CHECK_MSG(finite(r.elapsed_ms) && r.elapsed_ms >= 0 && r.elapsed_ms <= run.wall_ms + 1,
            "elapsed " + number(r.elapsed_ms) + " ms, the call took " + number(run.wall_ms) + " ms");
  CHECK_MSG(run.progress == r.iterations,
            "progress " + std::to_string(run.progress) + ", iterations " + std::to_string(r.iterations));

  // Nodes: each tree within search::nodes_per_tree for the threads that run,
  // which together keep to the documented cap. PIMC builds its trees one
  // after another (at most one a thread at a time), and `nodes` adds them all up.
  const uint64_t threads = search_threads(config);
  const uint64_t per_tree = tree_node_cap(config);
  const uint64_t least_per_tree = config.max_nodes ? 2 : 1024;
  CHECK_MSG(per_tree >= least_per_tree && per_tree * threads <= documented_node_cap(config, threads),
            std::to_string(per_tree) + " nodes a tree for " + std::to_string(threads) + " threads");
  const uint64_t bound = per_tree * search_trees(config);
  CHECK_MSG(r.nodes <= bound, std::to_string(r.nodes) + " nodes, bound " + std::to_string(bound));
  if (r.tree_full)
    CHECK_MSG(r.nodes >= per_tree,
              "full with " + std::to_string(r.nodes) + " nodes, cap a tree " + std::to_string(per_tree));
  constexpr uint64_t kMaxDepth = search::TreeSearch<typename S::Game>::kMaxDepth;
  CHECK(r.max_depth <= kMaxDepth && r.depth_sum <= r.iterations * r.max_depth && r.past_chance <= r.iterations);

  // Moves: legal for the searching seat, each once, visits adding up.
  CHECK_MSG(r.moves.empty() == (r.iterations == 0), std::to_string(r.moves.size()) + " moves");
  uint64_t visits = 0;
  double policy = 0, move_wins = 0, move_scores = 0;
  for (size_t i = 0; i < r.moves.size(); ++i) {
    const search::MoveStats& m = r.moves[i];
    const bool legal = std::find(position.legal_moves.begin(), position.legal_moves.end(), m.action) !=
                       position.legal_moves.end();
    const std::string name = S::move_name(position, typename S::Game::Action(m.action));
    CHECK_MSG(legal, name + " is not a legal move of seat " + std::to_string(position.seat));
    for (size_t j = 0; j < i; ++j) CHECK_MSG(r.moves[j].action != m.action, name + " twice");
    const double n = double(m.visits);
    CHECK_MSG(finite(m.policy_weight) && finite(m.win_sum) && finite(m.score_sum) && finite(m.score_sq_sum), name);
    CHECK_MSG(m.win_sum >= 0 && m.win_sum <= n * (1 + 1e-6) &&
                  sum_within(m.score_sum, n, S::kLowestScore, S::kHighestScore) &&
                  m.score_sq_sum * n >= m.score_sum * m.score_sum * (1 - 1e-6),
              name + ": " + std::to_string(m.visits) + " visits, wins " + number(m.win_sum) + ", score " +
                  number(m.score_sum) + ", squares " + number(m.score_sq_sum));
    CHECK(m.policy_weight >= 0);
    if (position.sealed_choice) {
      // The weight is the move's share of the average strategy times the
      // draws. Regret matching without exploration chooses a move only when
      // its strategy gives it a share, which the average keeps.
      const double w = m.policy_weight;
      CHECK_MSG(w <= double(r.iterations) * (1 + 1e-9), name + ": weight " + number(w) + ", " +
                                                             std::to_string(r.iterations) + " iterations");
      if (config.simultaneous_exploration == 0)
        CHECK_MSG(m.visits == 0 || w > 0, name + " chosen " + std::to_string(m.visits) + " times at probability 0");
    } else {
      CHECK_MSG(m.policy_weight == n, name + ": weight " + number(m.policy_weight) + ", " +
                                          std::to_string(m.visits) + " visits");
    }
    visits += m.visits;
    policy += m.policy_weight;
    move_wins += m.win_sum;
    move_scores += m.score_sum;
  }
  // Every iteration starts with a move of the searching seat.
  CHECK_MSG(visits == r.iterations,
            std::to_string(visits) + " visits, " + std::to_string(r.iterations) + " iterations");
  // At a simultaneous root each tree's policy weights sum to its draws, one
  // an iteration, up to rounding (the regret-matching probabilities are
  // floats: a few units in the last place an arm, 2^-24 of 1).
  if (position.sealed_choice) {
    const double iterations = double(r.iterations);
    const double tolerance = iterations * double(position.legal_moves.size() + 4) * 0x1p-24;
    CHECK_MSG(std::abs(policy - iterations) <= tolerance,
              "policy weights " + number(policy) + ", " + std::to_string(r.iterations) + " iterations, off by " +
                  number((policy - iterations) / std::max(1.0, iterations)) + " an iteration");
  }

  // Per seat: win shares add up to one an iteration, scores lie in the
  // game's range (and add up to 0 if its seats play for each other's chips);
  // the searching seat's totals are its moves' totals.
  if (r.iterations == 0) return;
  if (!CHECK_MSG(r.win_sum.size() == size_t(position.players) && r.score_sum.size() == size_t(position.players),
                 std::to_string(r.win_sum.size()) + " win sums, " + std::to_string(r.score_sum.size()) + " score sums"))
    return;
  const double iterations = double(r.iterations);
  double wins = 0, scores = 0;
  for (size_t p = 0; p < r.win_sum.size(); ++p) {
    CHECK_MSG(finite(r.win_sum[p]) && finite(r.score_sum[p]) && r.win_sum[p] >= 0 &&
                  r.win_sum[p] <= iterations * (1 + 1e-6) &&
                  sum_within(r.score_sum[p], iterations, S::kLowestScore, S::kHighestScore),
              "seat " + std::to_string(p) + ": wins " + number(r.win_sum[p]) + ", score " + number(r.score_sum[p]));
    wins += r.win_sum[p];
    scores += r.score_sum[p];
  }
  CHECK_MSG(std::abs(wins - iterations) <= 1e-6 * iterations, "win shares add up to " + number(wins));
  if (S::kZeroSum) CHECK_MSG(std::abs(scores) <= 1e-6 * iterations, "scores add up to " + number(scores));
  const size_t seat = size_t(position.seat);
  CHECK_MSG(std::abs(move_wins - r.win_sum[seat]) <= 1e-6 * iterations,
            "moves' wins " + number(move_wins) + ", seat's " + number(r.win_sum[seat]));
  CHECK_MSG(std::abs(move_scores - r.score_sum[seat]) <= 1e-6 * (std::abs(r.score_sum[seat]) + iterations),
            "moves' scores " + number(move_scores) + ", seat's " + number(r.score_sum[seat]));
}

// A seeded search with an iteration budget only is reproducible for its thread count.
void check_same(const SearchResult& a, const SearchResult& b) {
  bool same = a.moves.size() == b.moves.size() && a.iterations == b.iterations && a.nodes == b.nodes &&
              a.tree_full == b.tree_full && a.depth_sum == b.depth_sum && a.max_depth == b.max_depth &&
              a.past_chance == b.past_chance && a.win_sum == b.win_sum && a.score_sum == b.score_sum;
  for (size_t i = 0; same && i < a.moves.size(); ++i) {
    const search::MoveStats &x = a.moves[i], &y = b.moves[i];
    same = x.action == y.action && x.visits == y.visits && x.policy_weight == y.policy_weight &&
           x.win_sum == y.win_sum && x.score_sum == y.score_sum && x.score_sq_sum == y.score_sq_sum;
  }
  CHECK_MSG(same, "a second run with the same seed differs");
}

// Whether another seat than `searching` may be drawn as the heuristic player.
bool models_opponents(const SearchConfig& config, int players, int searching) {
  if (config.opponent_model != search::OpponentModel::kHeuristic) return false;
  for (size_t seat = 0; seat < config.heuristic_belief.size() && seat < size_t(players); ++seat)
    if (int(seat) != searching && config.heuristic_belief[seat] > 0) return true;
  return false;
}

// What the run covered, printed as "coverage: name=count ...".
struct Coverage {
  long long searches = 0, ismcts = 0, pimc = 0, sealed_choice = 0, sealed_choice_without_exploration = 0;
  long long players[7] = {}, threads[kMaxThreads + 1] = {}, endings[5] = {};
  long long stopped_mid_search = 0, ponderhit_mid_search = 0, iterations_below_threads = 0, iterations_below_trees = 0, tree_full = 0;
  long long two_node_trees = 0, pimc_huge_budget_many_trees = 0, repeated = 0, iterations = 0;
  long long opponent_model = 0, sealed_choice_opponent_model = 0;  // some other seat weighed as the heuristic player
  // The games and their sections' own names, every one printed (0 when not reached).
  std::vector<std::pair<std::string_view, long long>> named;

  Coverage() {
    add_names<ForSaleSection>();
    add_names<LeducSection>();
    add_names<AutomaniaSection>();
  }

  template <GameSection S>
  void add(const SearchCase<S>& c, const typename S::Position& position, const Run& run) {
    const SearchConfig& config = c.config;
    ++searches;
    count(S::kName);
    for (std::string_view name : position.features) count(name);
    for (std::string_view name : run.features) count(name);
    ++(config.perfect_information ? pimc : ismcts);
    sealed_choice += position.sealed_choice;
    sealed_choice_without_exploration += position.sealed_choice && config.simultaneous_exploration == 0;
    ++players[std::clamp(position.players, 0, 6)];
    ++threads[std::clamp(config.threads, 0, kMaxThreads)];
    ++endings[int(c.ending)];
    stopped_mid_search += run.stop_was_set && run.result.iterations > 0;
    ponderhit_mid_search += run.released;
    iterations_below_threads += config.iterations > 0 && config.iterations < uint64_t(config.threads);
    iterations_below_trees += config.perfect_information && config.iterations > 0 &&
                              config.iterations < uint64_t(config.determinizations);
    tree_full += run.result.tree_full;
    two_node_trees += tree_node_cap(config) == 2;
    pimc_huge_budget_many_trees += huge_budget_many_trees(config);
    repeated += c.repeat;
    iterations += static_cast<long long>(run.result.iterations);
    const bool modelled = models_opponents(config, position.players, position.seat);
    opponent_model += modelled;
    sealed_choice_opponent_model += modelled && position.sealed_choice;
  }

  void print() const {
    std::printf("coverage: searches=%lld", searches);
    for (const auto& [name, tally] : named) std::printf(" %.*s=%lld", int(name.size()), name.data(), tally);
    std::printf(" ismcts=%lld pimc=%lld sealed_choice=%lld sealed_choice_without_exploration=%lld", ismcts, pimc,
                sealed_choice, sealed_choice_without_exploration);
    for (int p = 2; p <= 6; ++p) std::printf(" players_%d=%lld", p, players[p]);
    for (int t = 1; t <= kMaxThreads; ++t) std::printf(" threads_%d=%lld", t, threads[t]);
    std::printf(" ended_by_iterations=%lld time_budget=%lld stop_from_other_thread=%lld stopped_before_start=%lld",
                endings[0], endings[1], endings[2], endings[3]);
    std::printf(" ponderhit=%lld ponderhit_mid_search=%lld", endings[4], ponderhit_mid_search);
    std::printf(" stopped_mid_search=%lld iterations_below_threads=%lld iterations_below_trees=%lld",
                stopped_mid_search, iterations_below_threads, iterations_below_trees);
    std::printf(" opponent_model=%lld sealed_choice_opponent_model=%lld", opponent_model, sealed_choice_opponent_model);
    std::printf(" tree_full=%lld two_node_trees=%lld pimc_huge_budget_many_trees=%lld repeated=%lld iterations=%lld\n",
                tree_full, two_node_trees, pimc_huge_budget_many_trees, repeated, iterations);
  }

 private:
  template <GameSection S>
  void add_names() {
    named.emplace_back(S::kName, 0);
    for (std::string_view name : S::kFeatures) named.emplace_back(name, 0);
  }

  void count(std::string_view name) {
    for (auto& [known, tally] : named)
      if (known == name) {
        ++tally;
        return;
      }
    CHECK_MSG(false, "coverage name " + std::string(name) + " is not among its section's kFeatures");
  }
};

// Draws search k's case and position (from `rng`, its own stream), runs the
// search, checks it, and adds it to the coverage.
template <GameSection S>
void run_search_case(Rng& rng, const Options& options, Coverage& coverage) {
  SearchCase<S> c;
  typename S::Position position;
  try {
    c = random_case<S>(rng, options);
    position = S::random_position(rng, c.config.perfect_information);
  } catch (const std::exception& e) {
    CHECK_MSG(false, std::string("drawing a search threw: ") + e.what());
    return;
  }
  g_context += ": " + std::string(S::kName) + ", " + describe(c) + "; " + position.description;
  if (options.verbose) std::printf("%s\n", g_context.c_str());
  const Run run = run_case(c, position);
  check_result(c, position, run, options);
  if (c.repeat) {
    const Run again = run_case(c, position);  // its violations are the first run's, reported once
    if (CHECK_MSG(!again.threw, again.error)) check_same(run.result, again.result);
  }
  coverage.add(c, position, run);
}

void run_searches(const Options& options, Coverage& coverage) {
  for (long long k = options.first; k < options.first + options.searches; ++k) {
    Rng rng(stream_seed(options.seed, uint64_t(k)));
    g_context = "search " + std::to_string(k) + " (rerun:" + options.draw_flags + " --seed " +
                std::to_string(options.seed) + " --first " + std::to_string(k) + " --searches 1)";
    // Drawn whatever --game says, so that search k is the same search with or without it.
    const bool leduc_drawn = rng.below(kLeducOneIn) == 0;
    const bool automania_drawn = splitmix64(stream_seed(options.seed, uint64_t(k)) ^ 0xA070) % kAutomaniaOneIn == 0;
    GameChoice game = options.game;
    if (game == GameChoice::kDrawn)
      game = automania_drawn ? GameChoice::kAutomania : leduc_drawn ? GameChoice::kLeduc : GameChoice::kForSale;
    switch (game) {
      case GameChoice::kLeduc: run_search_case<LeducSection>(rng, options, coverage); break;
      case GameChoice::kAutomania: run_search_case<AutomaniaSection>(rng, options, coverage); break;
      default: run_search_case<ForSaleSection>(rng, options, coverage); break;
    }
  }
  g_context.clear();
}

long long parse_number(const char* text, const char* option) {
  char* end = nullptr;
  const long long value = std::strtoll(text, &end, 10);
  if (end == text || *end != '\0' || value < 0) {
    std::fprintf(stderr, "%s needs a whole number >= 0, not '%s'\n", option, text);
    std::exit(2);
  }
  return value;
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  // The flags that change what is drawn, repeated in the rerun hint of a failure.
  const auto shapes_draws = [&](std::string_view flag, std::string_view value) {
    for (std::string_view word : {flag, value}) {
      options.draw_flags += ' ';
      options.draw_flags += word;
    }
  };
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--searches" && has_value) {
      options.searches = parse_number(argv[++i], "--searches");
    } else if (arg == "--seed" && has_value) {
      options.seed = uint64_t(parse_number(argv[++i], "--seed"));
    } else if (arg == "--first" && has_value) {
      options.first = parse_number(argv[++i], "--first");
    } else if (arg == "--max-iterations" && has_value) {
      options.max_iterations = uint64_t(std::max(1LL, parse_number(argv[++i], "--max-iterations")));
      shapes_draws(arg, argv[i]);
    } else if (arg == "--min-threads" && has_value) {
      const long long threads = parse_number(argv[++i], "--min-threads");
      options.min_threads = int(std::clamp(threads, 1LL, static_cast<long long>(kMaxThreads)));
      shapes_draws(arg, argv[i]);
    } else if (arg == "--game" && has_value && (argv[i + 1] == ForSaleSection::kName ||
                                                argv[i + 1] == LeducSection::kName ||
                                                argv[i + 1] == AutomaniaSection::kName)) {
      const std::string_view game = argv[++i];
      options.game = game == ForSaleSection::kName ? GameChoice::kForSale
                     : game == LeducSection::kName ? GameChoice::kLeduc
                                                   : GameChoice::kAutomania;
      shapes_draws(arg, argv[i]);
    } else if (arg == "--time-slack-ms" && has_value) {
      options.time_slack_ms = double(parse_number(argv[++i], "--time-slack-ms"));
    } else if (arg == "--verbose") {
      options.verbose = true;
    } else {
      std::fprintf(stderr,
                   "usage: %s [--searches N] [--seed S] [--first K] [--max-iterations M] [--min-threads T] "
                   "[--game forsale|leduc|automania] [--time-slack-ms MS] [--verbose]\n",
                   argv[0]);
      return 2;
    }
  }
  Coverage coverage;
  const auto start = Clock::now();
  try {
    run_searches(options, coverage);
  } catch (const std::exception& e) {
    CHECK_MSG(false, std::string("unexpected exception: ") + e.what());
  }
  coverage.print();
  std::printf("%lld searches in %.1f s\n", coverage.searches, ms_between(start, Clock::now()) / 1000);
  return report_and_exit_code();
}
