// Automania's C++ test program: random games (half of them with seats that
// withdraw only when nothing else is left) with every invariant checked at
// every step (workers, tiles, cars, contracts and money accounted for, VP only
// from the rules' sources), every legal move's token round trip, every game
// replayed from its record, views kept by determinisation, and seats' records
// filled back into full records that replay to the sampled state, and in one
// game in a hundred every state written as text and read back (as the state
// and as a random seat's view, money forgotten at random), with written
// positions changed at random refused by name or kept valid; then games
// of the heuristic player (heuristic.h), alone and mixed with random moves,
// its every move checked legal and the same on the true state, on the seat's
// view and on determinisations of it (hidden facts redrawn). Plays with
// the shipped component set (compiled in from pyai/automania/components.toml).
// CHECK (tests/cpp/check.h) counts passes and failures; main ends with
// "N passed, M failed".
//
//   pyai_automania_tests [--games N] [--seed S]
//
// --games is the number of random games per player count (default 10000);
// a twentieth as many heuristic games are played per player count.
#include <algorithm>
#include <bit>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

#include "automania/chance.h"
#include "automania/components.h"
#include "automania/heuristic.h"
#include "automania/information.h"
#include "automania/playout.h"
#include "automania/position.h"
#include "automania/record.h"
#include "automania/rules.h"
#include "automania/scoring.h"
#include "automania/tokens.h"
#include "automania_default_components.h"
#include "check.h"
#include "core/errors.h"

using namespace pyai;
using namespace pyai::automania;
using namespace pyai::test;  // CHECK, CHECK_MSG and what they print (check.h)

namespace {

uint8_t g_components = 0;

// ------------------------------------------------------------ invariants

void check_workers(const State& s) {
  const Components& c = s.c();
  int neutral = 0;
  for (int p = 0; p < s.num_players; ++p) {
    const Seat& seat = s.seat[p];
    int placed = 0;
    for (int space = 0; space < kActionSpaces; ++space)
      if (s.space_workers[space] && s.space_seat[space] == p) placed += s.space_workers[space];
    CHECK_MSG(seat.workers_home + placed + seat.on_sponsor + seat.on_marketing == seat.workers_total,
              "seat " + std::to_string(p));
    CHECK(seat.workers_total == c.workers + seat.neutral);
    neutral += seat.neutral;
  }
  CHECK(neutral <= c.neutral_workers);
}

void check_tiles(const State& s) {
  const Components& c = s.c();
  uint64_t seen[kBacks] = {};
  int overlaps = 0;
  auto add = [&](uint8_t tile) {
    if (tile == kNoTile) return;
    const uint64_t bit = uint64_t(1) << tile_index(tile);
    overlaps += (seen[tile_back(tile)] & bit) != 0;
    seen[tile_back(tile)] |= bit;
  };
  for (uint8_t tile : s.grid) add(tile);
  for (uint8_t tile : s.office_tile) add(tile);
  add(s.tile);
  for (int p = 0; p < s.num_players; ++p) {
    const Seat& seat = s.seat[p];
    for (int i = 0; i < c.stations; ++i) {
      add(seat.station[i]);
      if (seat.station[i]) CHECK(face(c, seat.station[i]).kind == TileKind::kMachine);
    }
    for (int i = 0; i < c.offices; ++i) {
      add(seat.office[i]);
      if (seat.office[i]) CHECK(face(c, seat.office[i]).kind == TileKind::kManager);
    }
    for (int car = 0; car < kCarTypes; ++car) {
      uint32_t parts = 0;
      for (int i = 0; i < c.styling_slots; ++i) {
        const uint8_t tile = seat.styling[car][i];
        add(tile);
        if (!tile) continue;
        CHECK(face(c, tile).kind == TileKind::kStyling);
        CHECK_MSG(!(parts >> face(c, tile).detail & 1), "a styling part twice on one car type");
        parts |= 1u << face(c, tile).detail;
      }
    }
  }
  for (int back = 0; back < kBacks; ++back) {
    CHECK(!(seen[back] & s.tiles_unseen[back]) && !(seen[back] & s.tiles_boxed[back]) &&
          !(s.tiles_unseen[back] & s.tiles_boxed[back]));
    CHECK((seen[back] | s.tiles_unseen[back] | s.tiles_boxed[back]) == (uint64_t(1) << kTilesPerBack) - 1);
  }
  CHECK(overlaps == 0);
}

void check_cars(const State& s) {
  const Components& c = s.c();
  for (int p = 0; p < s.num_players; ++p) {
    const Seat& seat = s.seat[p];
    int shipped[kCarTypes] = {}, on_sale = 0;
    for (int m = 0; m < kMarkets; ++m) {
      for (int i = 0; i < c.market[m].ship_spaces; ++i)
        if (s.ship[m][i] && car_owner(s.ship[m][i]) == p) ++shipped[car_type(s.ship[m][i])];
      for (int i = 0; i < c.market[m].sales_spaces; ++i)
        if (s.sale[m][i] && car_owner(s.sale[m][i]) == p) ++on_sale;
      on_sale += s.top_sold[m][p];
    }
    int sold = 0;
    for (int car = 0; car < kCarTypes; ++car) {
      CHECK_MSG(seat.cars[car] + seat.sold[car] + shipped[car] == c.car_count[car], "seat " + std::to_string(p));
      sold += seat.sold[car];
    }
    CHECK(sold == on_sale && sold == seat.sold_count);
    CHECK(seat.sold_count <= sales_limit(c, seat) || seat.sales_office == 0);
  }
}

// Contracts: every one in exactly one place; a true state's deck count is its deck.
void check_contracts(const State& s, bool true_state) {
  uint32_t all = s.deck | s.display | s.starts_undealt;
  int total = std::popcount(s.deck) + std::popcount(s.display) + std::popcount(s.starts_undealt);
  for (int p = 0; p < s.num_players; ++p) {
    const Seat& seat = s.seat[p];
    all |= seat.hand | seat.played;
    total += std::popcount(seat.hand) + std::popcount(seat.played);
    CHECK((seat.hand_public & ~seat.hand) == 0);
    CHECK(!(seat.hand_public & kStartingContractBits));
    if (true_state && s.starts_dealt == s.num_players && s.step != Step::kDealStart)
      CHECK(std::popcount((seat.hand | seat.played) & kStartingContractBits) == 1);
  }
  CHECK(total == kContracts && all == (kRegularContractBits | kStartingContractBits));
  CHECK(std::popcount(s.display) <= 3);
  if (true_state) {
    CHECK(std::popcount(s.deck) == s.deck_count);
    if (s.step > Step::kDealDisplay && s.step != Step::kRevealContract)
      CHECK(std::popcount(s.display) == 3 || s.deck_count == 0);
  }
}

void check_money_and_vp(const State& s) {
  for (int p = 0; p < s.num_players; ++p) {
    const Seat& seat = s.seat[p];
    CHECK(seat.money >= 0);
    int sum = 0;
    for (int source = 0; source < kVpSources; ++source) sum += seat.vp_from[source];
    CHECK(sum == seat.vp);
    if (!is_terminal(s))
      for (int source : {kVpCarsLeft, kVpSilver, kVpContracts, kVpMoneyRank}) CHECK(seat.vp_from[source] == 0);
  }
}

// Which VP sources the step from `before` (with `action`, or a chance step) may feed.
uint32_t vp_sources_allowed(const State& before, const State& after, bool chance, Action action) {
  uint32_t allowed = 0;
  auto allow = [&](VpSource source) { allowed |= 1u << source; };
  if (chance) {
    if (before.step == Step::kDealOrder) allow(kVpStart);
  } else {
    switch (move_kind(action)) {
      case MoveKind::kShip: allow(kVpMedals); break;
      case MoveKind::kTile: allow(kVpTiles); break;
      case MoveKind::kSell: allow(kVpSales); break;
      case MoveKind::kOffice:
        allow(kVpOffice);
        allow(kVpTiles);
        break;
      default: break;
    }
    const MoveKind kind = move_kind(action);
    const bool tile_done = kind == MoveKind::kTile || kind == MoveKind::kPutStation || kind == MoveKind::kPutOffice ||
                           kind == MoveKind::kPutStyling || kind == MoveKind::kDiscard;
    if (tile_done && before.deck_count == 0 && before.display == 0) allow(kVpNoContract);
  }
  if (is_terminal(after) && !is_terminal(before))
    for (VpSource source : {kVpCarsLeft, kVpSilver, kVpContracts, kVpMoneyRank}) allow(source);
  return allowed;
}

void check_step(const State& before, const State& after, bool chance, Action action) {
  const uint32_t allowed = vp_sources_allowed(before, after, chance, action);
  for (int p = 0; p < before.num_players; ++p)
    for (int source = 0; source < kVpSources; ++source) {
      const int gained = after.seat[p].vp_from[source] - before.seat[p].vp_from[source];
      CHECK_MSG(gained >= 0, "VP never go down");
      if (gained)
        CHECK_MSG(allowed >> source & 1, "VP source " + std::to_string(source) + " fed by a step that cannot");
    }
}

void check_invariants(const State& s) {
  check_workers(s);
  check_tiles(s);
  check_cars(s);
  check_contracts(s, true);
  check_money_and_vp(s);
  if (!is_terminal(s) && !is_chance(s)) {
    ActionList legal;
    legal_actions(s, legal);
    CHECK(!legal.empty());
    CHECK(std::is_sorted(legal.begin(), legal.end()) && std::adjacent_find(legal.begin(), legal.end()) == legal.end());
  }
}

// ------------------------------------------------------------ information

void check_views(const State& s, Rng& rng) {
  for (int p = 0; p < s.num_players; ++p) {
    const View view = view_of(s, p);
    check_contracts(view.state, false);
    const State sample = determinize(view, rng);
    CHECK(view_of(sample, p) == view);
    check_contracts(sample, true);
    for (int other = 0; other < s.num_players; ++other)
      if (other != p) CHECK(sample.seat[other].hand_public == s.seat[other].hand_public);
  }
}

// The record as one seat saw it, filled from a determinisation, replays to it.
void check_records(const State& s, const std::vector<std::string>& history, Rng& rng) {
  for (int p = 0; p < s.num_players; ++p) {
    const std::vector<std::string> seen = record_for_seat(s, history, p);
    const View view = view_of(s, p);
    const State sample = determinize(view, rng);
    const std::vector<std::string> filled = fill_record(view, seen, sample);
    State replay = initial_state(s.num_players, s.components);
    try {
      for (const std::string& token : filled) apply_parsed(replay, parse_token(replay, token));
      CHECK_MSG(replay == sample, "a filled record replays to the sample");
    } catch (const std::exception& error) {
      CHECK_MSG(false, std::string("a filled record replays: ") + error.what());
    }
    // The seat's own record rebuilds its view (stand-ins for what it did not see).
    State as_seen = initial_state(s.num_players, s.components);
    try {
      for (const std::string& token : seen) {
        State next = as_seen;
        const ParsedToken parsed = parse_as_seen(next, p, token);
        apply_parsed(next, parsed);
        as_seen = next;
      }
      CHECK_MSG(view_of(as_seen, p) == view, "a seat's record replays to its view");
    } catch (const std::exception& error) {
      CHECK_MSG(false, std::string("a seat's record replays: ") + error.what());
    }
  }
}

// ------------------------------------------------------------ positions as text

// Every state of a game written as text and read back: the same state, and
// the same text written again; and a random seat's view of it, with other
// seats' money forgotten at random, the same way. The view's stand-in state
// (a state to follow the game from, as that seat sees it) gives the view back.
void check_position(const State& s, Rng& rng) {
  const std::string text = write_position(s);
  try {
    const State read = read_position(s.num_players, s.components, text);
    CHECK_MSG(read == s, "the position read back differs from the state written: " + text);
    CHECK_MSG(write_position(read) == text, "written again as " + write_position(read) + " from " + text);
  } catch (const std::exception& error) {
    CHECK_MSG(false, "a reachable position was refused: " + std::string(error.what()) + " -- " + text);
  }
  const int observer = int(rng.below(uint32_t(s.num_players)));
  View view = view_of(s, observer);
  const bool setup = s.round == 0 && s.step <= Step::kDealTiles;  // money follows from the order: no range
  for (int p = 0; p < s.num_players; ++p) {
    if (p == observer || setup || rng.below(2)) continue;
    const int money = s.seat[p].money;
    if (rng.below(4) == 0) {
      forget_money(view, p, 0, kMostMoney);
    } else {
      forget_money(view, p, std::max(0, money - int(rng.below(8))), money + int(rng.below(8)));
    }
  }
  const std::string seen = write_position(view);
  try {
    const View read = read_position_view(s.num_players, s.components, seen, observer);
    CHECK_MSG(read == view, "the view read back differs from the view written: " + seen);
    CHECK_MSG(write_position(read) == seen, "the view written again as " + write_position(read) + " from " + seen);
  } catch (const std::exception& error) {
    CHECK_MSG(false, "a reachable view was refused: " + std::string(error.what()) + " -- " + seen);
  }
  View again = view_of(stand_in_state(view), observer);
  for (int p = 0; p < s.num_players; ++p)
    if (!view.knows_money(p)) forget_money(again, p, view.money_low[p], view.money_high[p]);
  CHECK_MSG(again == view, "the stand-in state's view is the view: " + seen);
}

// A written position with one thing changed: reading it either refuses it
// with a GameError of the notation's kinds, or gives a state that keeps every
// account and plays on to the end by the rules.
std::string mutated(const std::string& text, Rng& rng) {
  std::string out = text;
  const size_t at = rng.below(uint32_t(out.size()));
  switch (rng.below(6)) {
    case 0: out.erase(at, 1); break;  // a character gone
    case 1:
      if (std::isdigit(static_cast<unsigned char>(out[at]))) out[at] = char('0' + rng.below(10));
      break;  // a digit changed
    case 2: out.insert(at, 1, ",-/;=?:"[rng.below(7)]); break;  // a separator more
    case 3: {  // a word written twice, or left out
      const size_t start = out.rfind(' ', at), end = out.find(' ', at);
      const std::string word = out.substr(start == std::string::npos ? 0 : start + 1,
                                          end == std::string::npos ? std::string::npos : end - start - 1);
      if (rng.below(2)) {
        out += " " + word;
      } else {
        out.erase(start == std::string::npos ? 0 : start, word.size() + 1);
      }
      break;
    }
    case 4: {  // a number one more or less
      size_t digit = at;
      while (digit < out.size() && !std::isdigit(static_cast<unsigned char>(out[digit]))) ++digit;
      if (digit < out.size()) out[digit] = char(out[digit] == '9' ? '8' : out[digit] + 1);
      break;
    }
    default: {  // two values of a per-seat field swapped
      const size_t slash = out.find('/', at);
      if (slash == std::string::npos) break;
      size_t left = slash, right = slash + 1;
      while (left > 0 && out[left - 1] != '/' && out[left - 1] != ':') --left;
      while (right < out.size() && out[right] != '/' && out[right] != ' ') ++right;
      out = out.substr(0, left) + out.substr(slash + 1, right - slash - 1) + "/" + out.substr(left, slash - left) +
            out.substr(right);
      break;
    }
  }
  return out;
}

void check_mutated_position(const State& s, Rng& rng) {
  const std::string text = mutated(write_position(s), rng);
  State read;
  try {
    read = read_position(s.num_players, s.components, text);
  } catch (const GameError& error) {
    CHECK_MSG(error.kind() == ErrorKind::kSyntax || error.kind() == ErrorKind::kInconsistent,
              std::string("a refusal is kSyntax or kInconsistent: ") + error.what());
    return;
  } catch (const std::exception& error) {
    CHECK_MSG(false, std::string("a refusal is a GameError: ") + error.what() + " -- " + text);
    return;
  }
  const std::string rewritten = write_position(read);
  try {
    CHECK_MSG(read_position(s.num_players, s.components, rewritten) == read,
              "an accepted position reads back: " + text);
  } catch (const std::exception& error) {
    CHECK_MSG(false, std::string("an accepted position, written again, reads: ") + error.what() + " -- " + text);
  }
  for (int steps = 0; !is_terminal(read) && steps < 2000; ++steps) {
    check_invariants(read);
    if (is_chance(read)) {
      apply_random_chance(read, rng);
    } else {
      apply_action(read, random_action(read, rng));
    }
  }
  CHECK_MSG(is_terminal(read), "a game from an accepted position ends: " + text);
  check_invariants(read);
}

// ------------------------------------------------------------ games

struct GameStats {
  long long steps = 0, games = 0;
};

// How often the rare rules came up over all games: each must (checked at the end).
struct RuleCoverage {
  long long top_cars = 0, takebacks = 0, contracts_played = 0, no_contract_vp = 0, upgrades = 0, staff = 0,
            office_tiles = 0, sales = 0, deck_draws = 0;
};
RuleCoverage g_coverage;

void count_coverage(const State& before, const State& after, Action action) {
  const Components& c = before.c();
  const Seat& p = before.seat[before.turn];
  switch (move_kind(action)) {
    case MoveKind::kSell: (before.step == Step::kShip ? g_coverage.top_cars : g_coverage.sales)++; break;
    case MoveKind::kTakeback: ++g_coverage.takebacks; break;
    case MoveKind::kContract: ++g_coverage.contracts_played; break;
    case MoveKind::kDrawDeck: ++g_coverage.deck_draws; break;
    case MoveKind::kPutOffice:
      if (p.office[move_arg(action)] != kNoTile) ++g_coverage.upgrades;
      if (Manager(face(c, before.tile).detail) == Manager::kStaff) ++g_coverage.staff;
      break;
    case MoveKind::kPutStyling:
      if (styling_slot_with(c, p, move_arg(action), face(c, before.tile).detail) >= 0) ++g_coverage.upgrades;
      break;
    default: break;
  }
  if (before.step == Step::kPlaceTile && before.office_bonus) ++g_coverage.office_tiles;
  for (int seat = 0; seat < before.num_players; ++seat)
    if (after.seat[seat].vp_from[kVpNoContract] > before.seat[seat].vp_from[kVpNoContract]) ++g_coverage.no_contract_vp;
}

// Uniform random play withdraws early (withdrawing is one of about ten
// moves a turn, and sponsoring and marketing use up workers), so half the
// games are played "eagerly": a seat places workers on an action space
// whenever it can, half the time on a contract space, and rarely markets,
// reaching full factories, an empty contract deck and crowded ships and sales.
Action choose(const State& s, const ActionList& legal, Rng& rng, bool eager) {
  if (eager) {
    ActionList preferred;
    if (s.step == Step::kTurn) {
      const bool contracts = rng.below(2) == 0;
      for (Action a : legal) {
        const bool place = move_kind(a) == MoveKind::kPlace || move_kind(a) == MoveKind::kCorner;
        const bool contract = place && move_kind(a) == MoveKind::kPlace &&
                              s.c().space[move_arg(a)].action == SpaceAction::kContract;
        if (place && (!contracts || contract)) preferred.push_back(a);
      }
    } else if (s.step == Step::kShip && rng.below(4) != 0) {
      for (Action a : legal)
        if (move_kind(a) != MoveKind::kMarketing) preferred.push_back(a);
    } else if (s.step == Step::kDraw) {
      preferred.push_back(legal[legal.size() - 1]);  // the deck while it has cards
    }
    if (!preferred.empty()) return preferred[rng.below(uint32_t(preferred.size()))];
  }
  return legal[rng.below(uint32_t(legal.size()))];
}

void random_game(int players, Rng& rng, GameStats& stats, bool deep, bool eager, bool positions) {
  State s = initial_state(players, g_components);
  std::vector<std::string> history;
  int steps = 0;
  while (!is_terminal(s)) {
    check_invariants(s);
    if (positions) check_position(s, rng);
    if (positions && steps % 10 == 0) check_mutated_position(s, rng);
    const State before = s;
    bool chance = is_chance(s);
    Action action = 0;
    std::string token;
    if (chance) {
      const ChanceOutcome outcome = sample_outcome(s, rng);
      token = format_outcome(s, outcome);
      apply_outcome(s, outcome);
    } else {
      ActionList legal;
      legal_actions(s, legal);
      for (Action a : legal) {  // every legal move's token round trip
        const std::string text = format_action(before, a);
        try {
          const ParsedToken parsed = parse_token(before, text);
          CHECK_MSG(!parsed.is_chance && parsed.action == a, text);
        } catch (const std::exception& error) {
          CHECK_MSG(false, text + ": " + error.what());
        }
      }
      action = choose(s, legal, rng, eager);
      token = format_action(s, action);
      apply_action(s, action);
      count_coverage(before, s, action);
    }
    history.push_back(token);
    check_step(before, s, chance, action);
    if (deep && steps % 7 == 0) check_views(s, rng);
    ++steps;
    if (steps > 5000) {
      CHECK_MSG(false, "a game ends");
      break;
    }
  }
  check_invariants(s);
  if (positions) check_position(s, rng);
  // The record replays to the same state.
  State replay = initial_state(players, g_components);
  try {
    for (const std::string& token : history) apply_parsed(replay, parse_token(replay, token));
    CHECK(replay == s);
  } catch (const std::exception& error) {
    CHECK_MSG(false, std::string("the record replays: ") + error.what());
  }
  CHECK(winner(s) >= 0 && winner(s) < players);
  if (deep) check_records(s, history, rng);
  stats.steps += steps;
  ++stats.games;
}

// ------------------------------------------------------------ the heuristic player

// The heuristic reads only what the acting seat knows: its move is the same
// on the true state, on the seat's view, and on states sampled from that view
// (other seats' hidden contracts redrawn; with their money forgotten, their
// money redrawn too).
void check_heuristic_honest(const State& s, Action move, Rng& rng) {
  const View view = view_of(s, s.turn);
  CHECK_MSG(heuristic_action(view.state, rng) == move, "the same move on the seat's view: " + format_action(s, move));
  View partial = view;
  for (int p = 0; p < s.num_players; ++p)
    if (p != s.turn) forget_money(partial, p, 0, s.seat[p].money + 20);
  for (int k = 0; k < 4; ++k) {
    const State sample = determinize(k < 2 ? view : partial, rng);
    CHECK_MSG(heuristic_action(sample, rng) == move, "the same move on a determinisation: " + format_action(s, move));
  }
}

// The heuristic values a tile's placement by updating the factory's parts
// (heuristic_detail::with_tile) instead of reading the factory again: the
// parts it gives must be those read from the factory the rules leave.
void check_placement_parts(const State& s) {
  using namespace heuristic_detail;
  const Components& c = s.c();
  const Seat& p = s.seat[s.turn];
  const Outlook o = outlook_of(s);
  const FactoryParts before = factory_parts(c, p, o);
  ActionList legal;
  legal_actions(s, legal);
  for (Action put : legal) {
    if (move_kind(put) == MoveKind::kDiscard) continue;
    State after = s;
    apply_action(after, put);
    CHECK_MSG(with_tile(c, p, o, before, s.tile, put) == factory_parts(c, after.seat[s.turn], o),
              "the factory's parts after " + format_action(s, put));
  }
}

// Every seat on the heuristic player, or (`mixed`) each move by it or at
// random, half and half, so that it is also asked in positions it would not
// reach itself. Every move it returns must be legal; every `honesty_every`-th
// is checked for honesty.
void heuristic_game(int players, Rng& rng, GameStats& stats, bool mixed, int honesty_every) {
  State s = initial_state(players, g_components);
  int steps = 0, decisions = 0;
  while (!is_terminal(s)) {
    check_invariants(s);
    if (is_chance(s)) {
      apply_random_chance(s, rng);
    } else {
      const Action move = heuristic_action(s, rng);
      CHECK_MSG(is_legal(s, move), "a legal heuristic move at step " + std::to_string(int(s.step)));
      if (!is_legal(s, move)) break;
      if (++decisions % honesty_every == 0) check_heuristic_honest(s, move, rng);
      if (s.step == Step::kPlaceTile) check_placement_parts(s);
      apply_action(s, mixed && rng.below(2) ? random_action(s, rng) : move);
    }
    if (++steps > 5000) {
      CHECK_MSG(false, "a heuristic game ends");
      break;
    }
  }
  check_invariants(s);
  stats.steps += steps;
  ++stats.games;
}

// A bad token changes nothing and says why.
void check_bad_tokens(Rng& rng) {
  g_context = "bad tokens";
  State s = initial_state(3, g_components);
  const char* bad[] = {"", "place:R9", "sponsor:-1", "order:0,0,1", "order:0,1", "demands:x", "tiles:A1",
                       "contract:27", "draw:S5", "ship:99", "withdraw:2", "start:?", "\x01"};
  for (int step = 0; step < 200 && !is_terminal(s); ++step) {
    for (const char* token : bad) {
      const State before = s;
      try {
        parse_token(s, token);
        CHECK_MSG(false, std::string("refused: ") + token);
      } catch (const GameError& error) {
        CHECK(std::strlen(error.what()) > 0);
        CHECK(error.kind() == ErrorKind::kSyntax || error.kind() == ErrorKind::kIllegalMove);
      }
      CHECK(s == before);
    }
    if (is_chance(s)) {
      apply_random_chance(s, rng);
    } else {
      apply_action(s, random_action(s, rng));
    }
  }
}

}  // namespace

// One game in this many reads back its every state as text (positions as text).
constexpr int kPositionGamesEvery = 100;

int main(int argc, char** argv) {
  int games = 10000;
  uint64_t seed = 1;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::strcmp(argv[i], "--games") == 0) games = std::atoi(argv[i + 1]);
    if (std::strcmp(argv[i], "--seed") == 0) seed = std::strtoull(argv[i + 1], nullptr, 10);
  }
  try {
    g_components = register_components(Components::from_wire(kDefaultComponentsWire));
  } catch (const std::exception& error) {
    std::printf("the shipped components do not load: %s\n0 passed, 1 failed\n", error.what());
    return 1;
  }
  Rng rng(seed);
  check_bad_tokens(rng);
  for (int players = kMinPlayers; players <= kMaxPlayers; ++players) {
    GameStats stats;
    for (int g = 0; g < games; ++g) {
      g_context = std::to_string(players) + " players, game " + std::to_string(g);
      random_game(players, rng, stats, g % 50 == 0, g % 2 == 1, g % kPositionGamesEvery == 0);
    }
    std::printf("%d players: %lld games, %.1f steps a game\n", players, stats.games,
                stats.games ? double(stats.steps) / double(stats.games) : 0.0);
  }
  for (int players = kMinPlayers; players <= kMaxPlayers; ++players) {
    GameStats stats;
    for (int g = 0; g < games / 20; ++g) {
      g_context = std::to_string(players) + " players, heuristic game " + std::to_string(g);
      heuristic_game(players, rng, stats, g % 2 == 1, 2);
    }
    std::printf("%d players: %lld heuristic games, %.1f steps a game\n", players, stats.games,
                stats.games ? double(stats.steps) / double(stats.games) : 0.0);
  }
  if (games >= 200) {
    g_context = "rule coverage";
    const RuleCoverage& r = g_coverage;
    std::printf("reached: %lld top cars, %lld take-backs, %lld contracts played, %lld VP for no contract left, "
                "%lld upgrades, %lld staff managers, %lld office tiles, %lld sales, %lld deck draws\n",
                r.top_cars, r.takebacks, r.contracts_played, r.no_contract_vp, r.upgrades, r.staff, r.office_tiles,
                r.sales, r.deck_draws);
    CHECK(r.top_cars > 0 && r.takebacks > 0 && r.contracts_played > 0 && r.no_contract_vp > 0);
    CHECK(r.upgrades > 0 && r.staff > 0 && r.office_tiles > 0 && r.sales > 0 && r.deck_draws > 0);
  }
  return report_and_exit_code();
}
