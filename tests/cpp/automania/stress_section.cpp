// Automania's section of the search stress test (tests/cpp/search_stress.h):
// everything Automania-specific. 2-4 seats; hidden are the order of the
// decks and each seat's contracts it alone has seen (its starting contract
// and its deck draws), which CheckedGame watches through the chance keys (a
// private card is key 0 to every other seat) and private_key; a seat may know
// another's money only as a range (forget_money). Plays with the shipped
// component set (compiled in: tests/cpp/automania/tests.cmake).
#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <exception>
#include <iterator>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "../search_stress_driver.h"
#include "automania/chance.h"
#include "automania/components.h"
#include "automania/information.h"
#include "automania/playout.h"
#include "automania/rules.h"
#include "automania/scoring.h"
#include "automania/search_game.h"
#include "automania/tokens.h"
#include "automania_default_components.h"

namespace pyai::stress {
namespace {

namespace automania_game {

using automania::Action;
using automania::ChanceOutcome;
using automania::State;
using automania::Step;
using automania::View;

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
  State s = automania::initial_state(players, automania::shipped_components());
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
  // One search in 8, from a stream of its own (so that the other games'
  // searches of a seed stay what they were before Automania joined): its
  // rollouts play out up to four rounds, each search costs several of the others.
  static bool claims(Rng&, uint64_t search_seed) { return splitmix64(search_seed ^ 0xA070) % 8 == 0; }
};
static_assert(GameSection<AutomaniaSection>);

}  // namespace
}  // namespace pyai::stress

PYAI_STRESS_SECTION(automania, pyai::stress::AutomaniaSection)
