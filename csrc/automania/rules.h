// The rules of Automania as docs/automania.md states them (the rulebook and
// its summary, and the readings chosen where they leave a case open):
// every player decision, from a turn's first worker to the demand tiles'
// move between rounds. Chance steps (what is revealed) are in chance.h, the
// final account in scoring.h.
//
// These functions trust their input (the search calls them millions of times
// a second); the checked entry point with clear errors is tokens.h, which
// validates a move against legal_actions() before applying it.
#pragma once

#include <algorithm>
#include <bit>
#include <utility>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "action.h"
#include "factory.h"
#include "scoring.h"
#include "state.h"

namespace pyai::automania {

// What to_move() returns besides a seat.
constexpr int kChance = -1;
constexpr int kTerminal = -2;

constexpr int kStartingMoney = 5;  // rulebook: $5 + the player number
constexpr int kNoContractVp = 1;   // rulebook: a contract draw with no card left

inline State initial_state(int players, uint8_t components_index) {
  const Components& c = components(components_index);
  State s;
  s.num_players = uint8_t(players);
  s.components = components_index;
  for (int back = 0; back < kBacks; ++back) s.tiles_unseen[back] = (uint64_t(1) << kTilesPerBack) - 1;
  s.deck = kRegularContractBits;
  s.deck_count = kRegularContracts;
  s.starts_undealt = kStartingContractBits;
  for (int p = 0; p < players; ++p) {
    Seat& seat = s.seat[p];
    for (int car = 0; car < kCarTypes; ++car) seat.cars[car] = c.car_count[car];
    seat.workers_total = seat.workers_home = c.workers;
  }
  s.step = Step::kDealOrder;
  return s;
}

inline bool is_terminal(const State& s) { return s.step == Step::kOver; }
inline bool is_chance(const State& s) { return is_chance_step(s.step); }
inline int to_move(const State& s) {
  if (is_terminal(s)) return kTerminal;
  if (is_chance(s)) return kChance;
  return s.turn;
}
inline bool may_act(const State& s, int seat) { return !is_terminal(s) && !is_chance(s) && s.turn == seat; }

// ------------------------------------------------------------ the board

// The grid cells of row/column space `space` (0-3 rows, 4-7 columns), in
// order along it (a row left to right, a column top to bottom).
inline int line_cell(int space, int place) {
  return space < kGridSide ? space * kGridSide + place : place * kGridSide + (space - kGridSide);
}
inline bool line_has_tile(const State& s, int space) {
  for (int place = 0; place < kGridSide; ++place)
    if (s.grid[line_cell(space, place)] != kNoTile) return true;
  return false;
}

// What using action space `space` costs before anything else: a production
// space's car (the corner's is chosen with it).
inline int production_cost(const Components& c, int space, int car) {
  const ActionSpaceSpec& spec = c.space[space];
  if (spec.action == SpaceAction::kCorner) return c.car_cost[car];
  return spec.action == SpaceAction::kProduce ? spec.cost : 0;
}

// The money a production in progress still needs (a tile's fee must leave it).
inline int money_reserved(const State& s) {
  if (s.office_bonus) return 0;
  return production_cost(s.c(), s.space, s.car);
}

// ------------------------------------------------------------ ships and sales

// The ship space (index) matching `stars`: the highest level not above it, or -1.
// Spaces ascend by level, so its index is the count of levels up to `stars`,
// less one: one popcount where a loop would stop at an unpredictable place.
inline int matching_ship_space(const MarketSpec& market, int stars) {
  const uint64_t up_to_stars = (uint64_t(2) << std::clamp(stars, 0, 62)) - 1;
  return std::popcount(market.level_bits & up_to_stars) - 1;
}

// Calls open(i) for each ship space the car may go to: the matching space if
// it is free, else any free space below it.
template <typename Open>
inline void for_each_open_ship_space(const State& s, int market, int stars, Open open) {
  const MarketSpec& spec = s.c().market[market];
  const int match = matching_ship_space(spec, stars);
  if (match < 0) return;
  if (s.ship[market][match] == kNoCar) {
    open(match);
    return;
  }
  for (int i = 0; i < match; ++i)
    if (s.ship[market][i] == kNoCar) open(i);
}

inline int car_stars(const State& s) { return s.base_stars + s.marketing; }

// Whether a car at `level` may be sold to sales space `i` of `market` now.
inline bool sales_space_open(const State& s, int market, int i, int level) {
  const SalesSpace& space = s.c().market[market].sale[i];
  if (level < space.min_stars) return false;
  if (space.row == 0) return true;  // the topmost space takes any number of cars
  if (s.sale[market][i] != kNoCar) return false;
  return !(s.num_players == 2 && (s.rows_used[market] >> space.row & 1));  // 2 players: one car a row
}

inline bool can_sell(const State& s, int seat, int market, int level) {
  if (s.seat[seat].sold_count >= sales_limit(s.c(), s.seat[seat])) return false;
  for (int i = 0; i < s.c().market[market].sales_spaces; ++i)
    if (sales_space_open(s, market, i, level)) return true;
  return false;
}

// ------------------------------------------------------------ legal moves

namespace detail {

// Grid cells (bits 0-15) holding a tile: one SSE2 compare over the 16 bytes.
inline uint32_t cells_with_tiles(const State& s) {
#if defined(__SSE2__)
  const __m128i grid = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.grid));
  return ~uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(grid, _mm_setzero_si128()))) & 0xffff;
#else
  uint32_t cells = 0;
  for (int cell = 0; cell < kGridCells; ++cell) cells |= uint32_t(s.grid[cell] != kNoTile) << cell;
  return cells;
#endif
}

// Rows and columns (bits 0-7, as spaces 0-7) that still have a tile.
inline uint32_t lines_with_tiles(const State& s) {
  const uint32_t cells = cells_with_tiles(s);
  uint32_t lines = 0;
  for (int i = 0; i < kGridSide; ++i) {
    lines |= uint32_t((cells >> (i * kGridSide) & 0xf) != 0) << i;               // row i
    lines |= uint32_t((cells & (0x1111u << i)) != 0) << (kGridSide + i);         // column i
  }
  return lines;
}

// The turn's first decision. A space is open to the seat unless its own
// workers are on it or (a row or column) it has no tile left; the seat may
// use it with one worker more than are there and, for a production, the
// car's cost (the corner's cheapest car). Each space's needs are worked out
// once: the sponsor options are the union, over the open spaces, of the
// sponsor counts that still leave that space usable.
inline void turn_moves(const State& s, ActionList& out) {
  const Components& c = s.c();
  const int seat = s.turn;
  const Seat& p = s.seat[seat];
  const int home = p.workers_home, money = p.money;
  const uint32_t lines = lines_with_tiles(s);
  int workers_needed[kActionSpaces], money_needed[kActionSpaces];
  uint32_t open = 0;  // spaces not barred whatever the workers and money
  for (int space = 0; space < kActionSpaces; ++space) {
    const bool own = s.space_workers[space] && s.space_seat[space] == seat;
    if (own || (space < kLineSpaces && !(lines >> space & 1))) continue;
    open |= 1u << space;
    workers_needed[space] = s.space_workers[space] + 1;
  }
  for (int space = 0; space < kActionSpaces; ++space) money_needed[space] = c.least_cost[space];
  if (!s.sponsored && home > 1) {
    // Sponsoring before the action is only worth it if an action is left.
    const int rate = sponsor_rate(c, p);
    uint32_t counts = 0;  // bit k: sponsor:k leaves some space open
    for (uint32_t spaces = open; spaces; spaces &= spaces - 1) {
      const int space = std::countr_zero(spaces);
      const int most = std::min(home - 1, home - workers_needed[space]);
      const int short_by = money_needed[space] - money;
      const int least = std::max(1, short_by <= 0 ? 1 : (short_by + rate - 1) / rate);
      if (least <= most) counts |= ((uint32_t(2) << most) - 1) & ~((uint32_t(1) << least) - 1);
    }
    for (; counts; counts &= counts - 1) out.push_back(make_move(MoveKind::kSponsor, std::countr_zero(counts)));
  }
  for (uint32_t spaces = open & ((1u << kLineSpaces) - 1); spaces; spaces &= spaces - 1) {
    const int space = std::countr_zero(spaces);
    if (workers_needed[space] <= home && money_needed[space] <= money)
      out.push_back(make_move(MoveKind::kPlace, space));
  }
  if ((open >> kCornerSpace & 1) && workers_needed[kCornerSpace] <= home)
    for (int car = 0; car < kCarTypes; ++car)
      if (c.car_cost[car] <= money) out.push_back(make_move(MoveKind::kCorner, car));
  out.push_back(make_move(MoveKind::kWithdraw));
}

inline void tile_moves(const State& s, ActionList& out) {
  for (int place = 0; place < kGridSide; ++place)
    if (s.grid[line_cell(s.space, place)] != kNoTile) out.push_back(make_move(MoveKind::kTile, place));
}

inline void placement_moves(const State& s, ActionList& out) {
  const Components& c = s.c();
  const Seat& p = s.seat[s.turn];
  const TileFace& tile = face(c, s.tile);
  const int spare = p.money - money_reserved(s);  // what a fee may take
  switch (tile.kind) {
    case TileKind::kMachine:
      for (int i = 0; i < c.stations; ++i) out.push_back(make_move(MoveKind::kPutStation, i));
      break;
    case TileKind::kManager:
      for (int i = 0; i < c.offices; ++i) {
        const bool upgrade = p.office[i] != kNoTile && face(c, p.office[i]).detail == tile.detail;
        if (upgrade || (p.office[i] == kNoTile && c.office_fee[i] <= spare))
          out.push_back(make_move(MoveKind::kPutOffice, i));
      }
      break;
    case TileKind::kStyling:
      for (int car = 0; car < kCarTypes; ++car) {
        const bool upgrade = styling_slot_with(c, p, car, tile.detail) >= 0;
        const int count = styling_count(c, p, car);
        if (upgrade || (count < c.styling_slots && c.styling_fee[count] <= spare))
          out.push_back(make_move(MoveKind::kPutStyling, car));
      }
      break;
    default:
      break;  // money and VP tiles are taken as their bonus at once
  }
  out.push_back(make_move(MoveKind::kDiscard));
}

inline void draw_moves(const State& s, ActionList& out) {
  for (uint32_t shown = s.display; shown; shown &= shown - 1)
    out.push_back(make_move(MoveKind::kDrawDisplay, std::countr_zero(shown)));
  if (s.deck_count) out.push_back(make_move(MoveKind::kDrawDeck));
}

// A take-back is offered when it can matter: it frees a ship space the car
// could use, or gives back a car of the type being made when none is left.
inline bool takeback_useful(const State& s, int market, int space) {
  const uint8_t car = s.ship[market][space];
  if (car == kNoCar || car_owner(car) != s.turn) return false;
  if (market == s.market && s.c().market[market].space[space].level <= car_stars(s)) return true;
  return s.seat[s.turn].cars[s.car] == 0 && car_type(car) == s.car;
}

inline void ship_moves(const State& s, ActionList& out) {
  const Components& c = s.c();
  const Seat& p = s.seat[s.turn];
  const int stars = car_stars(s);
  if (s.marketing == 0)
    for (int k = 1; k <= p.workers_home; ++k) out.push_back(make_move(MoveKind::kMarketing, k));
  if (stars >= c.top_car_stars) {
    // A top car is shipped and sold at once for any sales space's reward,
    // then goes back to the factory: it needs a car tile of its type. A seat
    // with none left may take one back first (the rulebook's way to produce
    // a type again), or makes no car.
    if (p.cars[s.car]) {
      for (int i = 0; i < c.market[s.market].sales_spaces; ++i) out.push_back(make_move(MoveKind::kSell, i));
      return;
    }
    for (int market = 0; market < kMarkets; ++market)
      for (int i = 0; i < c.market[market].ship_spaces; ++i) {
        const uint8_t car = s.ship[market][i];
        if (car != kNoCar && car_owner(car) == s.turn && car_type(car) == s.car)
          out.push_back(make_move(MoveKind::kTakeback, market * 32 + i));
      }
    out.push_back(make_move(MoveKind::kShipNone));
    return;
  }
  int on_ships = 0;  // the seat's cars neither in its factory nor sold
  for (int car = 0; car < kCarTypes; ++car) on_ships += c.car_count[car] - p.cars[car] - p.sold[car];
  if (on_ships) {
    // With a car of the type in the factory only spaces of the chosen market
    // up to the matching one can be worth freeing; without, any car of the type.
    const bool any_of_type = p.cars[s.car] == 0;
    for (int market = 0; market < kMarkets; ++market) {
      if (!any_of_type && market != s.market) continue;
      const int last = any_of_type ? c.market[market].ship_spaces - 1 : matching_ship_space(c.market[market], stars);
      for (int i = 0; i <= last; ++i)
        if (takeback_useful(s, market, i)) out.push_back(make_move(MoveKind::kTakeback, market * 32 + i));
    }
  }
  bool shipped = false;
  if (p.cars[s.car]) {
    for_each_open_ship_space(s, s.market, stars, [&](int i) {
      out.push_back(make_move(MoveKind::kShip, i));
      shipped = true;
    });
  }
  if (!shipped) out.push_back(make_move(MoveKind::kShipNone));
}

inline void contract_moves(const State& s, ActionList& out) {
  const Seat& p = s.seat[s.turn];
  const int stars = car_stars(s);
  for (uint32_t hand = p.hand; hand; hand &= hand - 1) {
    const int contract = std::countr_zero(hand);
    if (meets_contract(s.c(), p, s.car, stars, contract)) out.push_back(make_move(MoveKind::kContract, contract));
  }
  out.push_back(make_move(MoveKind::kContractNone));
}

inline void sell_moves(const State& s, ActionList& out) {
  const int level = s.c().market[s.sale_market].space[s.sale_space].level;
  for (int i = 0; i < s.c().market[s.sale_market].sales_spaces; ++i)
    if (sales_space_open(s, s.sale_market, i, level)) out.push_back(make_move(MoveKind::kSell, i));
  out.push_back(make_move(MoveKind::kKeep));
}

}  // namespace detail

// Every legal move of the seat to act, in increasing order (none at a chance step or the end).
inline void legal_actions(const State& s, ActionList& out) {
  out.clear();
  switch (s.step) {
    case Step::kTurn: detail::turn_moves(s, out); return;
    case Step::kTakeTile: detail::tile_moves(s, out); return;
    case Step::kPlaceTile: detail::placement_moves(s, out); return;
    case Step::kDraw: detail::draw_moves(s, out); return;
    case Step::kMarket:
      out.push_back(make_move(MoveKind::kMarket, kNorthAmerica));
      out.push_back(make_move(MoveKind::kMarket, kEurope));
      return;
    case Step::kShip: detail::ship_moves(s, out); return;
    case Step::kContract: detail::contract_moves(s, out); return;
    case Step::kOffice:
      for (int i = 0; i < s.c().sales_offices; ++i)
        if (!s.office_seat[i]) out.push_back(make_move(MoveKind::kOffice, i));
      return;
    case Step::kSell: detail::sell_moves(s, out); return;
    case Step::kDemand:
      out.push_back(make_move(MoveKind::kDemand, 0));
      out.push_back(make_move(MoveKind::kDemand, 1));
      return;
    default: return;
  }
}

inline bool is_legal(const State& s, Action action) {
  ActionList legal;
  legal_actions(s, legal);
  return std::find(legal.begin(), legal.end(), action) != legal.end();
}

// ------------------------------------------------------------ the flow

namespace detail {

inline void box_tile(State& s, uint8_t tile) {
  if (tile != kNoTile) s.tiles_boxed[tile_back(tile)] |= uint64_t(1) << tile_index(tile);
}

inline void clear_turn(State& s) {
  s.sponsored = s.office_bonus = false;
  s.space = kNone;
  s.tile = kNoTile;
  s.car = s.market = s.base_stars = s.marketing = 0;
}

// Ends the action phase's round: the sales phase, North America first.
inline void begin_sales(State& s);

// The next seat in player order that has not withdrawn; the sales phase once all have.
inline void end_turn(State& s) {
  clear_turn(s);
  int position = 0;
  while (s.order[position] != s.turn) ++position;
  for (int k = 1; k <= s.num_players; ++k) {
    const int seat = s.order[(position + k) % s.num_players];
    if (!s.seat[seat].withdrawn) {
      s.turn = uint8_t(seat);
      s.step = Step::kTurn;
      return;
    }
  }
  begin_sales(s);
}

// The seat furthest behind on VP (ties: the lower sales office) moves the demand tiles.
inline int demand_chooser(const State& s) {
  int chooser = 0;
  for (int p = 1; p < s.num_players; ++p) {
    const Seat& a = s.seat[p];
    const Seat& b = s.seat[chooser];
    if (a.vp < b.vp || (a.vp == b.vp && a.sales_office < b.sales_office)) chooser = p;
  }
  return chooser;
}

inline void end_round(State& s) {
  if (s.round + 1 == kRounds) {
    score_end_of_game(s);
    s.step = Step::kOver;
    // No seat is to move: `turn` is set so that a final position is one state
    // however its last turn went (a position written as text carries no turn).
    s.turn = 0;
    return;
  }
  s.step = Step::kDemand;
  s.turn = uint8_t(demand_chooser(s));
}

// Offers the next car on the ships, most popular first, North America then
// Europe, to its owner if the owner may still sell it somewhere.
inline void advance_sales(State& s) {
  const Components& c = s.c();
  while (s.sale_market < kMarkets) {
    const MarketSpec& market = c.market[s.sale_market];
    while (s.sale_space > 0) {
      --s.sale_space;
      const uint8_t car = s.ship[s.sale_market][s.sale_space];
      if (car != kNoCar && can_sell(s, car_owner(car), s.sale_market, market.space[s.sale_space].level)) {
        s.turn = uint8_t(car_owner(car));
        s.step = Step::kSell;
        return;
      }
    }
    if (++s.sale_market < kMarkets) s.sale_space = c.market[s.sale_market].ship_spaces;
  }
  end_round(s);
}

inline void begin_sales(State& s) {
  s.sale_market = kNorthAmerica;
  s.sale_space = s.c().market[kNorthAmerica].ship_spaces;
  advance_sales(s);
}

inline void take_reward(State& s, int seat, int market, int space) {
  const SalesSpace& sale = s.c().market[market].sale[space];
  Seat& p = s.seat[seat];
  p.money = int16_t(p.money + sale.money);
  p.add_vp(kVpSales, sale.vp);
}

// After the car is shipped (or sold as a top car, or found no ship): a
// contract may be played if the seat holds any. The step is offered whenever
// the hand is not empty, whether or not a contract fits, so that it reveals
// nothing about the hand.
inline void after_shipping(State& s) {
  if (s.seat[s.turn].hand) {
    s.step = Step::kContract;
  } else {
    end_turn(s);
  }
}

// The chosen space's action, once its tile has been placed or discarded.
inline void carry_out_action(State& s) {
  if (s.office_bonus) {
    end_turn(s);
    return;
  }
  const Components& c = s.c();
  const ActionSpaceSpec& spec = c.space[s.space];
  if (spec.action == SpaceAction::kContract) {
    if (s.deck_count || s.display) {
      s.step = Step::kDraw;
    } else {
      s.seat[s.turn].add_vp(kVpNoContract, kNoContractVp);
      end_turn(s);
    }
    return;
  }
  s.car = spec.car;
  Seat& p = s.seat[s.turn];
  p.money = int16_t(p.money - spec.cost);
  s.step = Step::kMarket;
}

// A tile has just been taken: money and VP tiles are their bonus at once.
inline void tile_taken(State& s, uint8_t tile) {
  const TileFace& f = face(s.c(), tile);
  Seat& p = s.seat[s.turn];
  if (f.kind == TileKind::kMoney || f.kind == TileKind::kVp) {
    if (f.kind == TileKind::kMoney) {
      p.money = int16_t(p.money + f.value);
    } else {
      p.add_vp(kVpTiles, f.value);
    }
    box_tile(s, tile);
    carry_out_action(s);
    return;
  }
  s.tile = tile;
  s.step = Step::kPlaceTile;
}

inline void place_workers(State& s, int seat, int space) {
  const int there = s.space_workers[space];
  if (there) s.seat[s.space_seat[space]].workers_home = uint8_t(s.seat[s.space_seat[space]].workers_home + there);
  s.space_seat[space] = uint8_t(seat);
  s.space_workers[space] = uint8_t(there + 1);
  s.seat[seat].workers_home = uint8_t(s.seat[seat].workers_home - there - 1);
  s.space = uint8_t(space);
}

inline void put_tile(State& s, Action action) {
  const Components& c = s.c();
  Seat& p = s.seat[s.turn];
  const int arg = move_arg(action);
  uint8_t* slot = nullptr;
  int fee = 0;
  switch (move_kind(action)) {
    case MoveKind::kPutStation: slot = &p.station[arg]; break;
    case MoveKind::kPutOffice: {
      slot = &p.office[arg];
      if (*slot == kNoTile) fee = c.office_fee[arg];  // an upgrade of the same type is free
      const TileFace& f = face(c, s.tile);
      if (Manager(f.detail) == Manager::kStaff) {
        // Staff managers bring their neutral workers at once (only those
        // beyond what a replaced staff manager brought).
        const int before = staff_workers(c, p);
        const uint8_t old = *slot;
        *slot = s.tile;
        const int gained = staff_workers(c, p) - before;
        *slot = old;
        if (gained > 0) {
          p.neutral = uint8_t(p.neutral + gained);
          p.workers_total = uint8_t(p.workers_total + gained);
          p.workers_home = uint8_t(p.workers_home + gained);
        }
      }
      break;
    }
    case MoveKind::kPutStyling: {
      const int part = face(c, s.tile).detail;
      const int upgrade = styling_slot_with(c, p, arg, part);
      if (upgrade >= 0) {
        slot = &p.styling[arg][upgrade];
      } else {
        const int count = styling_count(c, p, arg);
        fee = c.styling_fee[count];
        for (int i = 0; i < c.styling_slots && !slot; ++i)
          if (p.styling[arg][i] == kNoTile) slot = &p.styling[arg][i];
      }
      break;
    }
    default: break;
  }
  if (slot) {
    box_tile(s, *slot);  // a replaced tile leaves the game
    *slot = s.tile;
    p.money = int16_t(p.money - fee);
  } else {
    box_tile(s, s.tile);  // discarded
  }
  s.tile = kNoTile;
  carry_out_action(s);
}

inline void ship_car(State& s, int space) {
  const Components& c = s.c();
  Seat& p = s.seat[s.turn];
  s.ship[s.market][space] = car_token(s.turn, s.car);
  --p.cars[s.car];
  p.add_vp(kVpMedals, c.market[s.market].space[space].medal);
}

inline void withdraw(State& s) {
  Seat& p = s.seat[s.turn];
  p.money = int16_t(p.money + p.workers_home * sponsor_rate(s.c(), p));
  p.on_sponsor = uint8_t(p.on_sponsor + p.workers_home);
  p.workers_home = 0;
  p.withdrawn = true;
  s.step = Step::kOffice;
}

inline void choose_office(State& s, int office) {
  const Components& c = s.c();
  const SalesOfficeSpec& spec = c.office[office];
  Seat& p = s.seat[s.turn];
  s.office_seat[office] = uint8_t(s.turn + 1);
  p.sales_office = uint8_t(office + 1);
  p.money = int16_t(p.money + spec.money);
  p.add_vp(kVpOffice, spec.vp);
  if (spec.tile_slot >= 0 && s.office_tile[spec.tile_slot] != kNoTile) {
    const uint8_t tile = s.office_tile[spec.tile_slot];
    s.office_tile[spec.tile_slot] = kNoTile;
    s.office_bonus = true;
    tile_taken(s, tile);
    return;
  }
  end_turn(s);
}

inline void sell_offered_car(State& s, int space) {
  const Components& c = s.c();
  const int market = s.sale_market;
  const uint8_t car = s.ship[market][s.sale_space];
  Seat& p = s.seat[s.turn];
  s.ship[market][s.sale_space] = kNoCar;
  const SalesSpace& sale = c.market[market].sale[space];
  if (sale.row == 0) {
    ++s.top_sold[market][s.turn];
  } else {
    s.sale[market][space] = car;
    s.rows_used[market] = uint8_t(s.rows_used[market] | (1u << sale.row));
  }
  ++p.sold[car_type(car)];
  ++p.sold_count;
  take_reward(s, s.turn, market, space);
  advance_sales(s);
}

// The pending demand tiles on one side move into both markets; every active
// tile moves one space down; the tile pushed out of a market goes to the
// other market's emptied pending space.
inline void advance_demands(State& s, int side) {
  const int pending = side == 0 ? kPendingLeft : kPendingRight;
  uint8_t leaving[kMarkets];
  for (int m = 0; m < kMarkets; ++m) {
    uint8_t* d = s.demand[m];
    leaving[m] = d[kActiveDemands - 1];
    for (int i = kActiveDemands - 1; i > 0; --i) d[i] = d[i - 1];
    d[0] = d[pending];
  }
  for (int m = 0; m < kMarkets; ++m) s.demand[1 - m][pending] = leaving[m];
}

// Prepares the next round once the demand tiles have moved: cars come back
// from the sales spaces, the board's tiles leave the game, the order follows
// the sales offices, workers come home; the new tiles are dealt next.
inline void prepare_round(State& s) {
  const Components& c = s.c();
  ++s.round;
  for (int p = 0; p < s.num_players; ++p) {
    Seat& seat = s.seat[p];
    for (int car = 0; car < kCarTypes; ++car) {
      seat.cars[car] = uint8_t(seat.cars[car] + seat.sold[car]);
      seat.sold[car] = 0;
    }
    seat.sold_count = 0;
    seat.neutral = uint8_t(staff_workers(c, seat));
    seat.workers_total = seat.workers_home = uint8_t(c.workers + seat.neutral);
    seat.on_sponsor = seat.on_marketing = 0;
    seat.withdrawn = false;
  }
  int placed = 0;
  for (int office = 0; office < c.sales_offices; ++office)
    if (s.office_seat[office]) s.order[placed++] = uint8_t(s.office_seat[office] - 1);
  for (int p = 0; p < s.num_players; ++p) s.seat[p].sales_office = 0;
  for (int m = 0; m < kMarkets; ++m) {
    for (uint8_t& sale : s.sale[m]) sale = kNoCar;
    for (uint8_t& sold : s.top_sold[m]) sold = 0;
    s.rows_used[m] = 0;
  }
  for (uint8_t& tile : s.grid) box_tile(s, std::exchange(tile, kNoTile));
  for (uint8_t& tile : s.office_tile) box_tile(s, std::exchange(tile, kNoTile));
  for (int space = 0; space < kActionSpaces; ++space) s.space_seat[space] = s.space_workers[space] = 0;
  for (uint8_t& seat : s.office_seat) seat = 0;
  s.step = Step::kDealTiles;
}

}  // namespace detail

// Applies a legal player move (not a chance outcome). Unchecked.
inline void apply_action(State& s, Action action) {
  const Components& c = s.c();
  Seat& p = s.seat[s.turn];
  const int arg = move_arg(action);
  switch (move_kind(action)) {
    case MoveKind::kSponsor:
      p.money = int16_t(p.money + arg * sponsor_rate(c, p));
      p.workers_home = uint8_t(p.workers_home - arg);
      p.on_sponsor = uint8_t(p.on_sponsor + arg);
      s.sponsored = true;
      return;
    case MoveKind::kPlace:
      detail::place_workers(s, s.turn, arg);
      s.step = Step::kTakeTile;
      return;
    case MoveKind::kCorner:
      detail::place_workers(s, s.turn, kCornerSpace);
      s.car = uint8_t(arg);
      p.money = int16_t(p.money - c.car_cost[arg]);
      s.step = Step::kMarket;
      return;
    case MoveKind::kWithdraw: detail::withdraw(s); return;
    case MoveKind::kTile: {
      const int cell = line_cell(s.space, arg);
      const uint8_t tile = s.grid[cell];
      s.grid[cell] = kNoTile;
      detail::tile_taken(s, tile);
      return;
    }
    case MoveKind::kPutStation:
    case MoveKind::kPutOffice:
    case MoveKind::kPutStyling:
    case MoveKind::kDiscard: detail::put_tile(s, action); return;
    case MoveKind::kDrawDisplay:
      s.display &= ~(uint32_t(1) << arg);
      p.hand |= uint32_t(1) << arg;
      p.hand_public |= uint32_t(1) << arg;
      if (s.deck_count) {
        s.step = Step::kRevealContract;
      } else {
        detail::end_turn(s);
      }
      return;
    case MoveKind::kDrawDeck: s.step = Step::kDrawContract; return;
    case MoveKind::kMarket:
      s.market = uint8_t(arg);
      s.base_stars = uint8_t(popularity(c, s, s.turn, s.car, arg));
      s.step = Step::kShip;
      return;
    case MoveKind::kMarketing:
      p.workers_home = uint8_t(p.workers_home - arg);
      p.on_marketing = uint8_t(p.on_marketing + arg);
      s.marketing = uint8_t(arg);
      return;
    case MoveKind::kTakeback: {
      uint8_t& car = s.ship[arg >> 5][arg & 31];
      ++p.cars[car_type(car)];
      car = kNoCar;
      return;
    }
    case MoveKind::kShip:
      detail::ship_car(s, arg);
      detail::after_shipping(s);
      return;
    case MoveKind::kShipNone: detail::after_shipping(s); return;
    case MoveKind::kSell:
      if (s.step == Step::kShip) {  // a top car: its reward, outside the sales limit; the car is home again
        detail::take_reward(s, s.turn, s.market, arg);
        detail::after_shipping(s);
      } else {
        detail::sell_offered_car(s, arg);
      }
      return;
    case MoveKind::kKeep: detail::advance_sales(s); return;
    case MoveKind::kContract: {
      const uint32_t bit = uint32_t(1) << arg;
      p.hand &= ~bit;
      p.hand_public &= ~bit;
      p.played |= bit;
      s.stand_ins &= ~bit;
      p.money = int16_t(p.money + c.contract[arg].money);
      detail::end_turn(s);
      return;
    }
    case MoveKind::kContractNone: detail::end_turn(s); return;
    case MoveKind::kOffice: detail::choose_office(s, arg); return;
    case MoveKind::kDemand:
      detail::advance_demands(s, arg);
      detail::prepare_round(s);
      return;
  }
}

}  // namespace pyai::automania
