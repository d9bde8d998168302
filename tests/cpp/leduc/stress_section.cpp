// Leduc poker's section of the search stress test (tests/cpp/search_stress.h):
// everything Leduc-specific. Two seats, each with a private card the other
// never sees: at the other seat's decisions ISMCTS keeps its statistics per
// its private card (private_opponents), which CheckedGame watches through
// private_key.
#include <algorithm>
#include <atomic>
#include <string>
#include <string_view>
#include <vector>

#include "../search_stress_driver.h"
#include "leduc/heuristic.h"
#include "leduc/information.h"
#include "leduc/rules.h"
#include "leduc/search_game.h"
#include "leduc/tokens.h"

namespace pyai::stress {
namespace {

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
  // One search in 4 of those no later game claims, from the search's own
  // stream: a Leduc hand is small and quick, it takes a share of the run's time.
  static bool claims(Rng& rng, uint64_t) { return rng.below(4) == 0; }
};
static_assert(GameSection<LeducSection>);

}  // namespace
}  // namespace pyai::stress

PYAI_STRESS_SECTION(leduc, pyai::stress::LeducSection)
