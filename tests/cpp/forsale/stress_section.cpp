// For Sale's section of the search stress test (tests/cpp/search_stress.h):
// everything For Sale-specific. Searches from 3-6 player games of either
// edition, at every kind of decision (sealed sells among them: ISMCTS's root
// is simultaneous), from views with opponents' cash and hands forgotten.
#include <algorithm>
#include <atomic>
#include <exception>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "../search_stress_driver.h"
#include "forsale/heuristic.h"
#include "forsale/information.h"
#include "forsale/playout.h"
#include "forsale/rules.h"
#include "forsale/search_game.h"
#include "forsale/tokens.h"

namespace pyai::stress {
namespace {

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
  // First in PYAI_GAMES: every search the games after it leave.
  static bool claims(Rng&, uint64_t) { return true; }
};
static_assert(GameSection<ForSaleSection>);

}  // namespace
}  // namespace pyai::stress

PYAI_STRESS_SECTION(forsale, pyai::stress::ForSaleSection)
