// What every state of an Automania game must be: workers, tiles, cars,
// contracts and money accounted for, VP only from the rules' sources; and a
// step's VP only from the sources that step may feed.
#include <algorithm>
#include <bit>
#include <string>

#include "automania/scoring.h"
#include "automania_tests.h"

namespace pyai::automania::testing {
namespace {

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

}  // namespace

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

}  // namespace pyai::automania::testing
