// A hand-written Automania player: a baseline opponent and the rollout
// policy of the tree search.
//
// heuristic_action(s, rng) returns a legal move for seat s.turn in any state
// where a player is to act: every decision scores the moves legal_actions()
// lists and plays the best (ties: the first listed), so it cannot play an
// illegal move. It is cheap enough for rollouts: no heap, no virtual calls,
// no exceptions; the costliest decision (a turn's first) values each grid
// tile a usable space offers once per tile face, each placement by updating
// the factory's parts (FactoryParts), and each action space from those values.
//
// Honesty. `s` is treated as the acting seat's View (information.h): the bot
// reads the board (grid, office tiles, demands, ships, sales spaces, workers
// on the action spaces), the display, the deck's size, the round, and its
// own seat (factory, cars, money, workers and its own contract hand). Of the
// other seats it reads only their cars on the ships and sales spaces. It
// never reads another seat's contracts (held or played), money or VP, nor
// `deck`, `starts_undealt`, `tiles_unseen` or `tiles_boxed` (in a view those
// mean "unseen by the observer", in a true state what is really left), so a
// true state and any determinisation of the seat's view give the same move.
// It draws nothing from `rng`: it is fully deterministic.
//
// Worth. Everything is weighed in victory points (VP). An autobuck is worth
// kMoneyWorth = 1/2 VP: the money ranking pays 10/6/3 VP at the end and
// money pays for production. A worker left home is worth what it brings on
// the sponsor space when the seat withdraws (its sponsor rate in money), so
// placing workers costs that much.
//
// Factory worth (valuing tiles, managers and the demand choice): for each car
// type, the popularity its line reaches in its better market, times
// kStarWorth per star, counted for this round's demands (weight 1) and for
// next round's (the two possible demand moves, half each, weighted by the
// rounds left after this one); plus each held contract's VP (and silver, and
// a starting contract's money) times the chance of meeting it, which falls
// with the requirements still missing (symbols, styling parts, stars beyond
// what two marketing workers add); plus silver medals; plus marketing
// managers (kSaleSlotWorth a round left), general managers (two sponsored
// workers' extra money a round left) and staff managers' workers
// (kWorkerRoundWorth a round left).
//
// A car's worth (producing, choosing a market, marketing, shipping): the gold
// medal of the highest open ship space its popularity reaches, plus the
// expected sale: the sales spaces of that market ranked by reward, the car
// taking the place after the cars on higher ship spaces (kSaleChance of it:
// limits may stop a sale); a top car (18 stars) takes the best reward at
// once; plus the best contract in hand the car would meet.
//
// The decisions.
//   Turn: each open action space is valued as its best tile's worth (below)
//     plus its action: a production's car worth in its better market (with
//     marketing workers if they pay) less its cost, or a contract draw's worth
//     (the best display card's expected worth or kDeckDrawWorth for the deck,
//     doubled: a seat builds toward the contracts it holds); less the workers
//     placed. The corner space is a production without a
//     tile. The best space is used if it is worth more than withdrawing
//     (kWithdrawWorth); if it needs more money, the fewest sponsor workers
//     that pay for it are placed first. Otherwise the seat withdraws.
//   Tile: the tile whose best placement (or bonus) is worth most.
//   Placement: the station, office, styling line or discard that raises the
//     factory's worth most, less the fee.
//   Draw: the display contract with the best expected worth, or the deck.
//   Market: the market where the car is worth more.
//   Ship: marketing workers when the stars they add are worth more than the
//     workers (reaching a contract, a medal, a better sales place or a top
//     car); a top car sells for the best reward; otherwise the highest open
//     ship space; a car of the type is taken back from a lower ship space
//     only when none is left in the factory.
//   Contract: the most valuable contract the car meets (always one if any).
//   Sales office (after withdrawing): the office whose bonus (money, VP or
//     its tile) plus the expected sales of the seat's cars on the ships up to
//     its limit is worth most, the lower office (earlier next round) on ties.
//   Sell: the best open sales space, unless the car is worth more kept: at
//     the end a car left earns $1 (North America) or 1 VP (Europe), and
//     when the seat has fewer sales left than cars still to be offered, a
//     low reward is kept for a later car's better one.
//   Demand: the side whose move gives the seat's factory the most stars next
//     round.
#pragma once

#include <algorithm>
#include <bit>
#include <optional>

#include "../core/rng.h"
#include "demand_lanes.h"
#include "factory.h"
#include "rules.h"

namespace pyai::automania {

namespace heuristic_detail {

constexpr float kMoneyWorth = 0.5f;        // VP per autobuck
constexpr float kStarWorth = 0.3f;         // VP per star of a car type's line, per round of production
constexpr float kSaleChance = 0.9f;        // a shipped car is sold at its expected place this often
constexpr float kSaleSlotWorth = 1.5f;     // a marketing manager's extra sale, per round
constexpr float kWorkerRoundWorth = 1.0f;  // a staff manager's worker, per round
constexpr float kSponsorWorkers = 2.0f;    // workers a seat sponsors a round (a general manager's gain)
constexpr float kDeckDrawWorth = 2.0f;     // an unseen contract from the deck
// A contract drawn is worth more than its prospect with the factory as it is:
// the seat then steers its tiles, lines and marketing toward meeting it,
// which that chance does not count. Choosing an action space, a draw counts
// this many times its worth (fitted in heuristic-against-heuristic matches,
// docs/results.md, "The heuristic's contract draws").
constexpr float kDrawOptionWorth = 2.0f;
constexpr float kWithdrawWorth = 0.0f;     // an action must be worth more than withdrawing
constexpr float kOrderWorth = 0.05f;       // per place earlier in next round's order
// The chance of meeting a contract with this many requirements missing.
constexpr float kMeetChance[5] = {1.0f, 0.55f, 0.25f, 0.1f, 0.0f};
constexpr int kMarketingReach = 2;  // marketing workers a contract is expected to get

inline float worker_worth(const Components& c, const Seat& p) { return float(sponsor_rate(c, p)) * kMoneyWorth; }

// ------------------------------------------------------------ demands

// The demand outlooks a factory is valued against: this round's (index 0)
// and next round's after each possible demand move (1: left, 2: right).
constexpr int kMaxOutlooks = 3;
struct Outlook {
  DemandLanes demands;  // outlook k's demands in both markets
  float weight[kMaxOutlooks] = {};
  int count = 1;
};
static_assert(kMaxOutlooks <= DemandLanes::kMaxSets);

inline void next_demands(const State& s, int side, uint8_t out[kMarkets][kActiveDemands]) {
  const int pending = side == 0 ? kPendingLeft : kPendingRight;
  for (int m = 0; m < kMarkets; ++m) {
    out[m][0] = s.demand[m][pending];
    for (int i = 1; i < kActiveDemands; ++i) out[m][i] = s.demand[m][i - 1];
  }
}

inline Outlook outlook_of(const State& s) {
  Outlook o;
  uint8_t demand[kMaxOutlooks][kMarkets][kActiveDemands] = {};
  for (int m = 0; m < kMarkets; ++m)
    for (int i = 0; i < kActiveDemands; ++i) demand[0][m][i] = s.demand[m][i];
  o.weight[0] = 1.0f;
  const int later_rounds = kRounds - 1 - s.round;
  if (later_rounds > 0) {
    next_demands(s, 0, demand[1]);
    next_demands(s, 1, demand[2]);
    o.weight[1] = o.weight[2] = 0.5f * float(later_rounds);
    o.count = 3;
  }
  DemandSet sets[kMaxOutlooks][kMarkets];
  for (int k = 0; k < o.count; ++k)
    for (int m = 0; m < kMarkets; ++m) sets[k][m] = demand_set(s.c(), demand[k][m]);
  o.demands = DemandLanes(sets, o.count);
  return o;
}

// ------------------------------------------------------------ the factory

inline float contract_reward(const Components& c, int contract) {
  const ContractCard& card = c.contract[contract];
  return float(card.vp + card.silver) + float(card.money) * kMoneyWorth;
}

// The expected worth of holding `contract` with this factory: its reward times
// the chance of meeting it (from the requirements still missing on the best
// car type for it). Per car type: the line's machines, its styling parts and
// its best popularity.
inline float contract_prospect(const Components& c, const LineSymbols* lines, const uint32_t* parts,
                               const int* best_stars, int contract, bool last_round) {
  const ContractCard& card = c.contract[contract];
  int fewest = 99;
  for (int car = 0; car < kCarTypes; ++car) {
    if (card.car != kAnyCar && card.car != car) continue;
    int missing = std::popcount(uint32_t(card.styling) & ~parts[car]) + lines[car].short_of(card.needed);
    // As maxima, not branches: which requirements a car lacks is not predictable.
    const int short_stars = card.stars - best_stars[car] - kMarketingReach;
    missing += (std::max(short_stars, 0) + 2) / 3;
    fewest = std::min(fewest, missing);
  }
  const float chance = kMeetChance[std::min(fewest, 4)] * (last_round && fewest > 0 ? 0.5f : 1.0f);
  return chance * contract_reward(c, contract);
}

// Where a tile can go: a station, an office or a styling line (as a put move),
// with its fee; calls visit(put action, fee) for each place open to it.
template <typename Visit>
inline void for_each_placement(const Components& c, const Seat& p, uint8_t tile, int spare, Visit visit) {
  const TileFace& f = face(c, tile);
  switch (f.kind) {
    case TileKind::kMachine:
      for (int i = 0; i < c.stations; ++i) visit(make_move(MoveKind::kPutStation, i), 0);
      break;
    case TileKind::kManager:
      for (int i = 0; i < c.offices; ++i) {
        const bool upgrade = p.office[i] != kNoTile && face(c, p.office[i]).detail == f.detail;
        if (upgrade) visit(make_move(MoveKind::kPutOffice, i), 0);
        if (p.office[i] == kNoTile && c.office_fee[i] <= spare)
          visit(make_move(MoveKind::kPutOffice, i), c.office_fee[i]);
      }
      break;
    case TileKind::kStyling:
      for (int car = 0; car < kCarTypes; ++car) {
        const bool upgrade = styling_slot_with(c, p, car, f.detail) >= 0;
        const int count = styling_count(c, p, car);
        if (upgrade) {
          visit(make_move(MoveKind::kPutStyling, car), 0);
        } else if (count < c.styling_slots && c.styling_fee[count] <= spare) {
          visit(make_move(MoveKind::kPutStyling, car), c.styling_fee[count]);
        }
      }
      break;
    default: break;
  }
}

// The factory taken apart into what a tile changes: each line's machines,
// styling parts, fixed stars and demand stars per outlook, and the silver and
// managers. A tile's placement is valued a dozen times a turn (every grid tile
// in every place it may go), so it updates the one line or office the tile
// changes instead of reading the whole factory again; factory_total then adds
// the parts in one fixed order, which makes a placement's worth exactly the
// worth of the factory with the tile put.
struct FactoryParts {
  LineSymbols lines[kCarTypes];
  uint32_t parts[kCarTypes] = {};
  int fixed[kCarTypes] = {};                  // factory_stars
  uint8_t met[kCarTypes][kMaxOutlooks] = {};  // demand stars met, per outlook
  int silver = 0;
  int marketing = 0;  // marketing managers
  int general = 0;    // general managers
  int staff = 0;      // staff managers' workers

  bool operator==(const FactoryParts&) const = default;
};

inline void measure_demands(const Outlook& o, int car, FactoryParts& f) { o.demands.best_met(f.lines[car], f.met[car]); }

inline FactoryParts factory_parts(const Components& c, const Seat& p, const Outlook& o) {
  FactoryParts f;
  for (int car = 0; car < kCarTypes; ++car) {
    f.lines[car] = line_symbols(c, p, car);
    f.parts[car] = styling_parts(c, p, car);
    f.fixed[car] = factory_stars(c, p, car);
    measure_demands(o, car, f);
  }
  f.silver = factory_silver(c, p);
  f.marketing = managers(c, p, Manager::kMarketing);
  f.general = managers(c, p, Manager::kGeneral);
  f.staff = staff_workers(c, p);
  return f;
}

// The factory's worth to its seat (see the top of this file), `hand` the
// contracts it holds.
inline float factory_total(const Components& c, const FactoryParts& f, const Outlook& o, uint32_t hand,
                           int rounds_left) {
  float worth = 0.0f;
  int best_stars[kCarTypes];
  for (int car = 0; car < kCarTypes; ++car) {
    int best_demand = 0;
    for (int k = 0; k < o.count; ++k) {
      worth += o.weight[k] * kStarWorth * float(f.fixed[car] + f.met[car][k]);
      best_demand = std::max(best_demand, int(f.met[car][k]));
    }
    best_stars[car] = f.fixed[car] + best_demand;
  }
  for (uint32_t h = hand; h; h &= h - 1)
    worth += contract_prospect(c, f.lines, f.parts, best_stars, std::countr_zero(h), rounds_left == 1);
  worth += float(f.silver);
  worth += float(rounds_left) * (kSaleSlotWorth * float(f.marketing) + kSponsorWorkers * kMoneyWorth * float(f.general) +
                                 kWorkerRoundWorth * float(f.staff));
  return worth;
}

// A manager tile's share of FactoryParts' manager counts (`sign` -1 takes it out).
inline void count_manager(const TileFace& manager, int sign, FactoryParts& f) {
  switch (Manager(manager.detail)) {
    case Manager::kMarketing: f.marketing += sign; break;
    case Manager::kGeneral: f.general += sign; break;
    case Manager::kStaff: f.staff += sign * int(manager.value); break;
    default: break;
  }
}

// Updates seat p's factory parts `f` to those with `tile` put by `put` (a
// station, office or styling move; a tile already there is replaced, as the
// rules upgrade it). In place: the parts were just written byte by byte, and
// copying them out whole would wait for those stores to land.
inline void put_tile(const Components& c, const Seat& p, const Outlook& o, FactoryParts& f, uint8_t tile, Action put) {
  const TileFace& added = face(c, tile);
  const int arg = move_arg(put);
  uint8_t replaced = kNoTile;
  switch (move_kind(put)) {
    case MoveKind::kPutStation:
      replaced = p.station[arg];
      for (int car = 0; car < kCarTypes; ++car) {
        const int uses = c.station_uses[arg][car];  // a table: no walk along the line
        if (uses == 0) continue;
        if (replaced != kNoTile) {
          f.lines[car].add(face(c, replaced).detail, -uses);
          f.fixed[car] -= uses * face(c, replaced).stars;
        }
        f.lines[car].add(added.detail, uses);
        f.fixed[car] += uses * added.stars;
        measure_demands(o, car, f);
      }
      break;
    case MoveKind::kPutOffice:
      replaced = p.office[arg];
      for (int car = 0; car < kCarTypes; ++car)
        f.fixed[car] += added.stars - (replaced == kNoTile ? 0 : face(c, replaced).stars);
      if (replaced != kNoTile) count_manager(face(c, replaced), -1, f);
      count_manager(added, +1, f);
      break;
    case MoveKind::kPutStyling: {
      int slot = styling_slot_with(c, p, arg, added.detail);
      for (int i = 0; i < c.styling_slots && slot < 0; ++i)
        if (p.styling[arg][i] == kNoTile) slot = i;
      if (slot < 0) return;  // no room: the rules offer no such move
      replaced = p.styling[arg][slot];
      f.parts[arg] |= 1u << added.detail;  // a replaced tile shows the same part
      f.fixed[arg] += added.stars - (replaced == kNoTile ? 0 : face(c, replaced).stars);
      break;
    }
    default: return;
  }
  f.silver += added.silver - (replaced == kNoTile ? 0 : face(c, replaced).silver);
}

// One decision's valuation of the acting seat's factory: its parts and worth
// now, against which tiles and contracts are weighed.
struct FactoryValuation {
  const Components& c;
  const Seat& p;
  Outlook o;
  int rounds_left;
  FactoryParts parts;
  float base;  // the factory's worth now, with the contracts in hand

  FactoryValuation(const State& s, const Seat& seat)
      : c(s.c()),
        p(seat),
        o(outlook_of(s)),
        rounds_left(kRounds - s.round),
        parts(factory_parts(c, p, o)),
        base(factory_total(c, parts, o, p.hand, rounds_left)) {}

  // What holding `hand` instead of the contracts in hand would be worth.
  float with_hand(uint32_t hand) const { return factory_total(c, parts, o, hand, rounds_left) - base; }

  // What putting `tile` by `put` (fee paid) adds to the factory's worth.
  float placement_gain(uint8_t tile, Action put, int fee) const {
    if (move_kind(put) == MoveKind::kDiscard) return 0.0f;
    FactoryParts with_tile = parts;
    put_tile(c, p, o, with_tile, tile, put);
    return factory_total(c, with_tile, o, p.hand, rounds_left) - base - float(fee) * kMoneyWorth;
  }

  // A tile's worth to the seat: a bonus tile's bonus, else its best placement
  // (at least 0: it can always be discarded). `spare` is the money a fee may take.
  float tile_worth(uint8_t tile, int spare) const {
    const TileFace& f = face(c, tile);
    if (f.kind == TileKind::kMoney) return float(f.value) * kMoneyWorth;
    if (f.kind == TileKind::kVp) return float(f.value);
    float best = 0.0f;
    for_each_placement(c, p, tile, spare,
                       [&](Action put, int fee) { best = std::max(best, placement_gain(tile, put, fee)); });
    return best;
  }
};

// ------------------------------------------------------------ cars

inline float reward_worth(const SalesSpace& space) { return float(space.money) * kMoneyWorth + float(space.vp); }

// A market's sales rewards as the action phase sees them: the limited spaces'
// rewards, best first (with 2 players one a row, the best of each), and the
// topmost space's.
struct SalesOutlook {
  float limited[kMaxSalesSpaces] = {};
  int count = 0;
  float top = 0.0f;
  float best_any = 0.0f;  // the best reward of any space (what a top car takes)
  uint32_t occupied = 0;  // the market's ship spaces holding a car (bits)
};

inline SalesOutlook sales_outlook(const State& s, int market) {
  const MarketSpec& spec = s.c().market[market];
  SalesOutlook out;
  float best_of_row[kMaxSalesRow + 1] = {};
  for (int i = 0; i < spec.sales_spaces; ++i) {
    const SalesSpace& space = spec.sale[i];
    const float worth = reward_worth(space);
    out.best_any = std::max(out.best_any, worth);
    if (space.row == 0) {
      out.top = std::max(out.top, worth);
    } else if (s.num_players == 2) {
      best_of_row[space.row] = std::max(best_of_row[space.row], worth);
    } else {
      out.limited[out.count++] = worth;
    }
  }
  if (s.num_players == 2)
    for (int row = 1; row <= kMaxSalesRow; ++row)
      if (best_of_row[row] > 0.0f) out.limited[out.count++] = best_of_row[row];
  std::sort(out.limited, out.limited + out.count, [](float a, float b) { return a > b; });
  for (int i = 0; i < spec.ship_spaces; ++i) out.occupied |= uint32_t(s.ship[market][i] != kNoCar) << i;
  return out;
}

// The expected sale of a car on ship space `space` of `market`: the cars on
// higher spaces are offered (and take the better places) first.
inline float expected_sale(const SalesOutlook& sales, int space) {
  const int ahead = std::popcount(sales.occupied >> (space + 1));
  return kSaleChance * (ahead < sales.count ? sales.limited[ahead] : sales.top);
}

// The contracts in hand a car of each type would meet once it has the stars
// they ask for (its type, styling parts and machines already fit), read from
// the factory once a decision: a decision values cars at many popularities.
struct ContractsInReach {
  static constexpr int kMaxHand = kRegularContracts + kStartingContracts;
  int count[kCarTypes] = {};
  int stars[kCarTypes][kMaxHand];
  float reward[kCarTypes][kMaxHand];

  ContractsInReach(const Components& c, const Seat& p) {
    constexpr int kAnyStars = 1 << 20;
    for (int car = 0; car < kCarTypes; ++car)
      for (uint32_t h = p.hand; h; h &= h - 1) {
        const int contract = std::countr_zero(h);
        if (!meets_contract(c, p, car, kAnyStars, contract)) continue;
        stars[car][count[car]] = c.contract[contract].stars;
        reward[car][count[car]++] = contract_reward(c, contract);
      }
  }

  // The best contract in hand that a car of type `car` with `stars` meets (0: none).
  float best_met(int car, int car_stars) const {
    float best = 0.0f;
    for (int i = 0; i < count[car]; ++i)
      if (car_stars >= stars[car][i]) best = std::max(best, reward[car][i]);
    return best;
  }
};

// The highest open ship space a car with `stars` may take in `market`, or -1.
inline int best_ship_space(const State& s, int market, int stars) {
  int best = -1;
  for_each_open_ship_space(s, market, stars, [&](int i) { best = std::max(best, i); });
  return best;
}

// Where the car goes and what it earns there (a top car: the best reward at
// once), without the contract. `has_car`: a car of the type is in the factory.
inline float shipping_worth(const State& s, const SalesOutlook& sales, int market, int stars, bool has_car) {
  const Components& c = s.c();
  if (stars >= c.top_car_stars) return sales.best_any;
  if (!has_car) return 0.0f;
  const int space = best_ship_space(s, market, stars);
  if (space < 0) return 0.0f;
  return float(c.market[market].space[space].medal) + expected_sale(sales, space);
}

// A car's worth at `stars` in `market`: where it goes and the contract it meets.
inline float car_worth(const State& s, const Seat& p, const ContractsInReach& contracts, const SalesOutlook& sales,
                       int car, int market, int stars) {
  return shipping_worth(s, sales, market, stars, p.cars[car] > 0) + contracts.best_met(car, stars);
}

// The best worth of a car with `stars` in `market`, with up to `workers`
// marketing workers (each worth `worker`). Returns the worth; `best_k` the workers.
inline float car_with_marketing(const State& s, const Seat& p, const ContractsInReach& contracts,
                                const SalesOutlook& sales, int car, int market, int stars, int workers, float worker,
                                int* best_k = nullptr) {
  float best = -1e9f;
  for (int k = 0; k <= workers; ++k) {
    const float worth = car_worth(s, p, contracts, sales, car, market, stars + k) - float(k) * worker;
    if (worth > best) {
      best = worth;
      if (best_k) *best_k = k;
    }
  }
  return best;
}

// A production's worth (its better market, marketing included) before its
// cost; `stars[market]` the car's popularity there.
inline float production_worth(const State& s, const Seat& p, const ContractsInReach& contracts,
                              const SalesOutlook* sales, const int* stars, int car, int workers_left) {
  const float worker = worker_worth(s.c(), p);
  float best = -1e9f;
  for (int market = 0; market < kMarkets; ++market)
    best = std::max(best,
                    car_with_marketing(s, p, contracts, sales[market], car, market, stars[market], workers_left, worker));
  return best;
}

// ------------------------------------------------------------ decisions

// Scores every legal move and returns the best (ties: the first listed).
template <typename Score>
inline Action best_move(const State& s, Score score) {
  ActionList legal;
  legal_actions(s, legal);
  Action best = legal[0];
  float best_score = -1e30f;
  for (Action a : legal) {
    const float worth = score(a);
    if (worth > best_score) {
      best_score = worth;
      best = a;
    }
  }
  return best;
}

// The worth of choosing a contract draw: the best display card's prospect or
// the deck's, kDrawOptionWorth times over.
inline float draw_worth(const State& s, const FactoryValuation& factory) {
  if (!s.deck_count && !s.display) return float(kNoContractVp);
  float best = s.deck_count ? kDeckDrawWorth : 0.0f;
  for (uint32_t shown = s.display; shown; shown &= shown - 1) {
    const uint32_t card = uint32_t(1) << std::countr_zero(shown);
    best = std::max(best, factory.with_hand(factory.p.hand | card));
  }
  return best * kDrawOptionWorth;
}

inline Action turn_action(const State& s) {
  const Components& c = s.c();
  const Seat& p = s.seat[s.turn];
  const FactoryValuation factory(s, p);
  const SalesOutlook sales[kMarkets] = {sales_outlook(s, kNorthAmerica), sales_outlook(s, kEurope)};
  const ContractsInReach contracts(c, p);
  // popularity(), from the parts and this round's demands (the outlook's first) the valuation already read
  int popularity_in[kCarTypes][kMarkets];
  for (int car = 0; car < kCarTypes; ++car)
    for (int market = 0; market < kMarkets; ++market)
      popularity_in[car][market] =
          demand_stars(factory.o.demands.set(0, market), factory.parts.lines[car]) + factory.parts.fixed[car];
  const float worker = worker_worth(c, p);
  const int rate = sponsor_rate(c, p);
  // Each grid tile's worth, valued when a space that may take it is first
  // weighed, and once per tile face (the grid often shows two tiles alike).
  float cell_worth[kGridCells];
  std::fill(cell_worth, cell_worth + kGridCells, -1.0f);  // a tile's worth is at least 0
  TileFace valued_face[kGridCells];
  float valued_worth[kGridCells];
  int valued = 0;
  const auto worth_of_cell = [&](int cell) {
    if (cell_worth[cell] >= 0.0f) return cell_worth[cell];
    const TileFace& f = face(c, s.grid[cell]);
    for (int i = 0; i < valued; ++i)
      if (valued_face[i] == f) return cell_worth[cell] = valued_worth[i];
    valued_face[valued] = f;
    valued_worth[valued++] = cell_worth[cell] = factory.tile_worth(s.grid[cell], p.money);
    return cell_worth[cell];
  };
  float draw = -1.0f;  // computed when first needed
  // Each action space's worth (money aside), the workers and money it needs:
  // index k < kActionSpaces is space k (the corner's own index unused), then
  // the corner once per car type.
  constexpr int kOptions = kActionSpaces + kCarTypes;
  float space_worth[kOptions];
  int workers_needed[kOptions], money_needed[kOptions];
  for (int k = 0; k < kOptions; ++k) {
    const int space = std::min(k, int(kCornerSpace));
    space_worth[k] = -1e9f;
    money_needed[k] = 1 << 20;
    workers_needed[k] = s.space_workers[space] + 1;
    const bool own = s.space_workers[space] && s.space_seat[space] == s.turn;
    if (k == kCornerSpace || own || workers_needed[k] > p.workers_home) continue;
    const ActionSpaceSpec& spec = c.space[space];
    float worth = -float(workers_needed[k]) * worker;
    if (space < kLineSpaces) {
      float best_tile = -1.0f;
      for (int place = 0; place < kGridSide; ++place) {
        const int cell = line_cell(space, place);
        if (s.grid[cell] != kNoTile) best_tile = std::max(best_tile, worth_of_cell(cell));
      }
      if (best_tile < 0.0f) continue;  // no tile left: closed
      worth += best_tile;
    }
    if (spec.action == SpaceAction::kContract) {
      if (draw < 0.0f) draw = draw_worth(s, factory);
      worth += draw;
      money_needed[k] = 0;
    } else {
      const int car = spec.action == SpaceAction::kCorner ? k - kActionSpaces : spec.car;
      const int cost = production_cost(c, space, car);
      worth += production_worth(s, p, contracts, sales, popularity_in[car], car, p.workers_home - workers_needed[k]) -
               float(cost) * kMoneyWorth;
      money_needed[k] = cost;
    }
    space_worth[k] = worth;
  }
  return best_move(s, [&](Action a) -> float {
    const int arg = move_arg(a);
    switch (move_kind(a)) {
      case MoveKind::kWithdraw: return kWithdrawWorth;
      case MoveKind::kPlace: return space_worth[arg];
      case MoveKind::kCorner: return space_worth[kActionSpaces + arg];
      case MoveKind::kSponsor: {
        // Worth the best space it pays for (one the seat cannot pay for now).
        float best = -1e9f;
        for (int k = 0; k < kOptions; ++k)
          if (money_needed[k] > p.money && money_needed[k] <= p.money + arg * rate &&
              workers_needed[k] <= p.workers_home - arg)
            best = std::max(best, space_worth[k] - 0.01f * float(arg));
        return best;
      }
      default: return -1e9f;
    }
  });
}


inline Action take_tile_action(const State& s) {
  const Seat& p = s.seat[s.turn];
  const FactoryValuation factory(s, p);
  // A fee must leave the production's cost.
  const int spare = p.money - production_cost(s.c(), s.space, s.car);
  return best_move(s, [&](Action a) {
    return factory.tile_worth(s.grid[line_cell(s.space, move_arg(a))], spare);
  });
}

inline Action place_tile_action(const State& s) {
  const Components& c = s.c();
  const Seat& p = s.seat[s.turn];
  const FactoryValuation factory(s, p);
  return best_move(s, [&](Action a) -> float {
    const MoveKind kind = move_kind(a);
    if (kind == MoveKind::kDiscard) return 0.0f;
    int fee = 0;
    const int arg = move_arg(a);
    if (kind == MoveKind::kPutOffice && p.office[arg] == kNoTile) fee = c.office_fee[arg];
    if (kind == MoveKind::kPutStyling && styling_slot_with(c, p, arg, face(c, s.tile).detail) < 0)
      fee = c.styling_fee[styling_count(c, p, arg)];
    return factory.placement_gain(s.tile, a, fee);
  });
}

inline Action draw_action(const State& s) {
  const Seat& p = s.seat[s.turn];
  const FactoryValuation factory(s, p);
  return best_move(s, [&](Action a) {
    if (move_kind(a) == MoveKind::kDrawDeck) return kDeckDrawWorth;
    return factory.with_hand(p.hand | uint32_t(1) << move_arg(a));
  });
}

inline Action market_action(const State& s) {
  const Components& c = s.c();
  const Seat& p = s.seat[s.turn];
  const float worker = worker_worth(c, p);
  const ContractsInReach contracts(c, p);
  return best_move(s, [&](Action a) {
    const int market = move_arg(a);
    const int stars = popularity(c, p, s.demand[market], s.car);
    return car_with_marketing(s, p, contracts, sales_outlook(s, market), s.car, market, stars, p.workers_home, worker);
  });
}

inline Action ship_action(const State& s) {
  const Components& c = s.c();
  const Seat& p = s.seat[s.turn];
  const SalesOutlook sales = sales_outlook(s, s.market);
  const int stars = car_stars(s);
  if (s.marketing == 0 && p.workers_home > 0) {
    int best_k = 0;
    car_with_marketing(s, p, ContractsInReach(c, p), sales, s.car, s.market, stars, p.workers_home, worker_worth(c, p),
                       &best_k);
    if (best_k > 0) return make_move(MoveKind::kMarketing, best_k);
  }
  // No car of the type left: take back the own one of the type on the
  // lowest ship space, if this car would go higher (a top car always does).
  const bool top_car = stars >= c.top_car_stars;
  const int target = top_car ? -1 : best_ship_space(s, s.market, stars);
  if (p.cars[s.car] == 0 && (top_car || target >= 0)) {
    int lowest_market = -1, lowest_space = 0;
    for (int m = 0; m < kMarkets; ++m)
      for (int i = 0; i < c.market[m].ship_spaces; ++i) {
        const uint8_t car = s.ship[m][i];
        if (car == kNoCar || car_owner(car) != s.turn || car_type(car) != s.car) continue;
        if (lowest_market < 0 || c.market[m].space[i].level < c.market[lowest_market].space[lowest_space].level) {
          lowest_market = m;
          lowest_space = i;
        }
      }
    if (lowest_market >= 0 &&
        (top_car || c.market[lowest_market].space[lowest_space].level < c.market[s.market].space[target].level)) {
      const Action takeback = make_move(MoveKind::kTakeback, lowest_market * 32 + lowest_space);
      if (is_legal(s, takeback)) return takeback;
    }
  }
  return best_move(s, [&](Action a) -> float {
    switch (move_kind(a)) {
      case MoveKind::kSell: return reward_worth(c.market[s.market].sale[move_arg(a)]);
      case MoveKind::kShip: return float(move_arg(a));  // the highest space: sold first, the best medal
      case MoveKind::kShipNone: return -1.0f;
      default: return -1e9f;  // marketing and take-backs are decided above
    }
  });
}

inline Action contract_action(const State& s) {
  const Components& c = s.c();
  return best_move(s, [&](Action a) {
    return move_kind(a) == MoveKind::kContract ? contract_reward(c, move_arg(a)) : 0.0f;
  });
}

// The expected sales of the seat's cars on the ships with a limit of `limit` cars.
inline float expected_sales(const State& s, int seat, const SalesOutlook* sales, int limit) {
  const Components& c = s.c();
  float worth[2 * kMaxShipSpaces];
  int count = 0;
  for (int m = 0; m < kMarkets; ++m)
    for (int i = 0; i < c.market[m].ship_spaces; ++i)
      if (s.ship[m][i] != kNoCar && car_owner(s.ship[m][i]) == seat) worth[count++] = expected_sale(sales[m], i);
  std::sort(worth, worth + count, [](float a, float b) { return a > b; });
  float total = 0.0f;
  for (int i = 0; i < std::min(count, limit); ++i) total += worth[i];
  return total;
}

inline Action office_action(const State& s) {
  const Components& c = s.c();
  const Seat& p = s.seat[s.turn];
  const SalesOutlook sales[kMarkets] = {sales_outlook(s, kNorthAmerica), sales_outlook(s, kEurope)};
  const int extra = managers(c, p, Manager::kMarketing);
  const bool last_round = s.round + 1 == kRounds;
  std::optional<FactoryValuation> factory;  // valued when an office offers a tile
  return best_move(s, [&](Action a) {
    const int office = move_arg(a);
    const SalesOfficeSpec& spec = c.office[office];
    float worth = float(spec.money) * kMoneyWorth + float(spec.vp) +
                  expected_sales(s, s.turn, sales, spec.limit + extra) +
                  kOrderWorth * float(c.sales_offices - office) * (last_round ? 0.2f : 1.0f);
    if (spec.tile_slot >= 0 && s.office_tile[spec.tile_slot] != kNoTile) {
      if (!factory) factory.emplace(s, p);
      worth += factory->tile_worth(s.office_tile[spec.tile_slot], p.money);
    }
    return worth;
  });
}

inline Action sell_action(const State& s) {
  const Components& c = s.c();
  const Seat& p = s.seat[s.turn];
  const int market = s.sale_market;
  const MarketSpec& spec = c.market[market];
  const int level = spec.space[s.sale_space].level;
  float best_reward = 0.0f;
  for (int i = 0; i < spec.sales_spaces; ++i)
    if (sales_space_open(s, market, i, level)) best_reward = std::max(best_reward, reward_worth(spec.sale[i]));
  const bool last_round = s.round + 1 == kRounds;
  // Left on a ship: $1 or 1 VP at the end; before, it is offered again next round.
  float keep = last_round ? (market == kNorthAmerica ? kMoneyWorth : 1.0f) : 0.5f;
  // With fewer sales left than own cars still to be offered, keep a low
  // reward for a later car's better one: the later cars' best rewards now
  // (their markets' best open spaces) rank the sales left.
  const int sales_left = sales_limit(c, p) - p.sold_count;
  float later[2 * kMaxShipSpaces];
  int later_count = 0;
  for (int m = market; m < kMarkets; ++m) {
    float open_best = 0.0f;
    const MarketSpec& other = c.market[m];
    for (int j = 0; j < other.ship_spaces; ++j) {
      if (m == market && j >= s.sale_space) break;
      const uint8_t car = s.ship[m][j];
      if (car == kNoCar || car_owner(car) != s.turn) continue;
      if (open_best == 0.0f)
        for (int i = 0; i < other.sales_spaces; ++i)
          if (sales_space_open(s, m, i, other.space[j].level))
            open_best = std::max(open_best, reward_worth(other.sale[i]));
      later[later_count++] = open_best;
    }
  }
  if (later_count >= sales_left) {
    std::sort(later, later + later_count, [](float a, float b) { return a > b; });
    keep = std::max(keep, later[sales_left - 1]);
  }
  return best_move(s, [&](Action a) {
    return move_kind(a) == MoveKind::kKeep ? keep : reward_worth(spec.sale[move_arg(a)]) - 0.001f * float(move_arg(a));
  });
}

inline Action demand_action(const State& s) {
  const Components& c = s.c();
  const Seat& p = s.seat[s.turn];
  return best_move(s, [&](Action a) {
    uint8_t next[kMarkets][kActiveDemands];
    next_demands(s, move_arg(a), next);
    int stars = 0;
    for (int car = 0; car < kCarTypes; ++car)
      stars += std::max(popularity(c, p, next[0], car), popularity(c, p, next[1], car));
    return float(stars);
  });
}

}  // namespace heuristic_detail

// A legal move for seat s.turn (s not terminal, not at a chance step), using
// only what that seat may know. See the rules at the top of this file.
// Kept out of line: with every decision's valuation inlined into the search's
// rollout loop, a search took about 1.1 times as long (the same moves).
[[gnu::noinline]] inline Action heuristic_action(const State& s, Rng& /*rng*/) {
  using namespace heuristic_detail;
  switch (s.step) {
    case Step::kTurn: return turn_action(s);
    case Step::kTakeTile: return take_tile_action(s);
    case Step::kPlaceTile: return place_tile_action(s);
    case Step::kDraw: return draw_action(s);
    case Step::kMarket: return market_action(s);
    case Step::kShip: return ship_action(s);
    case Step::kContract: return contract_action(s);
    case Step::kOffice: return office_action(s);
    case Step::kSell: return sell_action(s);
    case Step::kDemand: return demand_action(s);
    default: return 0;  // no player move at a chance step or at the end
  }
}

}  // namespace pyai::automania
