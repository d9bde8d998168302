#include "components.h"

#include <algorithm>
#include <deque>
#include <mutex>

#include "../core/errors.h"

namespace pyai::automania {

namespace detail {
const Components* registered_components[256] = {};
}

namespace {

// Reads the wire form in order; every number is checked against its range
// and named, so that a malformed list (a bug in the caller, since the
// Python checker has accepted the file) cannot index past a table.
class WireReader {
 public:
  explicit WireReader(std::span<const int32_t> wire) : wire_(wire) {}

  int next(const char* what, int low, int high) {
    if (at_ >= wire_.size())
      throw GameError(ErrorKind::kBadConfig, std::string("component data ends before ") + what);
    const int32_t value = wire_[at_++];
    if (value < low || value > high)
      throw GameError(ErrorKind::kBadConfig, std::string("component data: ") + what + " is " +
                                                 std::to_string(value) + ", not in " + std::to_string(low) + ".." +
                                                 std::to_string(high));
    return value;
  }
  uint8_t byte(const char* what, int low = 0, int high = 255) { return uint8_t(next(what, low, high)); }

  void name(char (&out)[kMaxNameLength + 1], const char* what) {
    const int length = next(what, 1, kMaxNameLength);
    for (int i = 0; i < length; ++i) out[i] = char(next(what, 'a', 'z'));
    out[length] = '\0';
  }

  void finish() const {
    if (at_ != wire_.size())
      throw GameError(ErrorKind::kBadConfig, "component data has " + std::to_string(wire_.size() - at_) +
                                                 " numbers left over");
  }

 private:
  std::span<const int32_t> wire_;
  size_t at_ = 0;
};

constexpr int kWireFormat = 1;

}  // namespace

Components Components::from_wire(std::span<const int32_t> wire) {
  WireReader in(wire);
  Components c;
  in.next("the format", kWireFormat, kWireFormat);
  c.symbols = in.byte("the number of symbols", 1, kMaxSymbols);
  for (int i = 0; i < c.symbols; ++i) in.name(c.symbol_name[i], "a symbol's name");
  c.styling_parts = in.byte("the number of styling parts", 1, kMaxStylingParts);
  for (int i = 0; i < c.styling_parts; ++i) in.name(c.part_name[i], "a styling part's name");
  for (int car = 0; car < kCarTypes; ++car) {
    c.car_count[car] = in.byte("a car count", 1, 9);
    c.car_cost[car] = in.byte("a car cost", 0, 99);
  }
  c.workers = in.byte("the workers", 1, 20);
  c.neutral_workers = in.byte("the neutral workers", 0, 40);
  c.stations = in.byte("the stations", 1, kMaxStations);
  for (int car = 0; car < kCarTypes; ++car) {
    c.line_length[car] = in.byte("a line's length", 1, c.stations);
    for (int i = 0; i < c.line_length[car]; ++i) {
      c.line[car][i] = uint8_t(in.byte("a line's station", 1, c.stations) - 1);
      ++c.station_uses[c.line[car][i]][car];
    }
  }
  c.offices = in.byte("the office spaces", 1, kMaxOffices);
  for (int i = 0; i < c.offices; ++i) c.office_fee[i] = in.byte("an office fee", 0, 99);
  c.styling_slots = in.byte("the styling slots", 1, kMaxStylingSlots);
  for (int i = 0; i < c.styling_slots; ++i) c.styling_fee[i] = in.byte("a styling fee", 0, 99);
  for (int i = 0; i < kActiveDemands; ++i) c.active_stars[i] = in.byte("an active demand's stars", 1, 9);
  for (int i = 0; i < kActiveDemands; ++i) c.active_by_stars[i] = uint8_t(i);
  std::stable_sort(c.active_by_stars, c.active_by_stars + kActiveDemands,
                   [&](uint8_t a, uint8_t b) { return c.active_stars[a] > c.active_stars[b]; });
  for (int i = 0; i < kDemandTiles; ++i) c.demand_tile[i] = in.byte("a demand tile's symbol", 0, c.symbols - 1);
  c.top_car_stars = in.byte("the top car's stars", 1, 40);
  for (int i = 0; i < kLineSpaces; ++i) {
    ActionSpaceSpec& space = c.space[i];
    space.action = in.byte("an action space's action", 0, 1) == 0 ? SpaceAction::kProduce : SpaceAction::kContract;
    space.car = in.byte("an action space's car", 0, kCarTypes - 1);
    space.cost = in.byte("an action space's cost", 0, 99);
  }
  c.space[kCornerSpace] = ActionSpaceSpec{SpaceAction::kCorner, 0, 0};
  for (int i = 0; i < kLineSpaces; ++i)
    c.least_cost[i] = c.space[i].action == SpaceAction::kProduce ? c.space[i].cost : 0;
  c.least_cost[kCornerSpace] = *std::min_element(c.car_cost, c.car_cost + kCarTypes);
  c.sales_offices = in.byte("the sales offices", kMaxPlayers, kMaxSalesOffices);
  int slots = 0;
  for (int i = 0; i < c.sales_offices; ++i) {
    SalesOfficeSpec& office = c.office[i];
    office.limit = in.byte("a sales office's limit", 1, 9);
    office.money = in.byte("a sales office's money", 0, 99);
    office.vp = in.byte("a sales office's VP", 0, 99);
    if (in.byte("a sales office's tile", 0, 1)) {
      if (slots == kOfficeTiles)
        throw GameError(ErrorKind::kBadConfig, "component data: more than 2 offices with a tile");
      c.office_of_slot[slots] = uint8_t(i);
      office.tile_slot = int8_t(slots++);
    }
  }
  if (slots != kOfficeTiles) throw GameError(ErrorKind::kBadConfig, "component data: not 2 offices with a tile");
  for (int m = 0; m < kMarkets; ++m) {
    MarketSpec& market = c.market[m];
    const int ships = in.next("the ships", 1, kMaxShipSpaces);
    for (int ship = 0; ship < ships; ++ship) {
      const int levels = in.next("a ship's spaces", 1, kMaxShipSpaces);
      const int first = market.ship_spaces;
      if (first + levels > kMaxShipSpaces)
        throw GameError(ErrorKind::kBadConfig, "component data: too many ship spaces");
      for (int i = 0; i < levels; ++i) {
        const uint8_t level = in.byte("a ship space's level", 1, c.top_car_stars - 1);
        market.space[market.ship_spaces++] = ShipSpace{level, uint8_t(ship), 0};
      }
      const uint8_t medal = in.byte("a ship's medal", 0, 99);
      for (int i = first; i < market.ship_spaces; ++i) market.space[i].medal = medal;
    }
    std::sort(market.space, market.space + market.ship_spaces,
              [](const ShipSpace& a, const ShipSpace& b) { return a.level < b.level; });
    for (int i = 1; i < market.ship_spaces; ++i)
      if (market.space[i].level == market.space[i - 1].level)
        throw GameError(ErrorKind::kBadConfig, "component data: two ship spaces of one level");
    for (int i = 0; i < market.ship_spaces; ++i) market.level_bits |= uint64_t(1) << market.space[i].level;
    market.sales_spaces = in.byte("the sales spaces", 1, kMaxSalesSpaces);
    for (int i = 0; i < market.sales_spaces; ++i) {
      SalesSpace& sale = market.sale[i];
      sale.row = in.byte("a sales space's row", i == 0 ? 0 : 1, i == 0 ? 0 : kMaxSalesRow);
      sale.money = in.byte("a sales space's money", 0, 99);
      sale.vp = in.byte("a sales space's VP", 0, 99);
      sale.min_stars = in.byte("a sales space's least stars", 0, 40);
    }
  }
  for (int back = 0; back < kBacks; ++back) {
    in.next("the tiles of a back", kTilesPerBack, kTilesPerBack);
    for (int i = 0; i < kTilesPerBack; ++i) {
      TileFace& tile = c.tile[back][i];
      tile.kind = TileKind(in.byte("a tile's kind", 0, 4));
      const int details = tile.kind == TileKind::kMachine   ? c.symbols
                          : tile.kind == TileKind::kManager ? 4
                          : tile.kind == TileKind::kStyling ? c.styling_parts
                                                            : 1;
      tile.detail = in.byte("a tile's symbol, type or part", 0, details - 1);
      tile.stars = in.byte("a tile's stars", 0, 9);
      tile.silver = in.byte("a tile's silver medals", 0, 9);
      tile.value = in.byte("a tile's value", 0, 99);
    }
  }
  for (int group = 0; group < 2; ++group) {
    const int count = group == 0 ? kRegularContracts : kStartingContracts;
    in.next("the contracts", count, count);
    for (int i = 0; i < count; ++i) {
      ContractCard& card = c.contract[group == 0 ? i : kFirstStartingContract + i];
      card.car = in.byte("a contract's car", 0, kAnyCar);
      card.symbol_count = in.byte("a contract's symbols", 0, kMaxContractSymbols);
      for (int k = 0; k < card.symbol_count; ++k) {
        card.symbols[k] = in.byte("a contract's symbol", 0, c.symbols - 1);
        ++card.needed[card.symbols[k]];
      }
      const int parts = in.next("a contract's styling parts", 0, c.styling_slots);
      for (int k = 0; k < parts; ++k)
        card.styling |= uint8_t(1u << in.byte("a contract's styling part", 0, c.styling_parts - 1));
      card.stars = in.byte("a contract's stars", 0, 40);
      card.vp = in.byte("a contract's VP", 0, 99);
      card.silver = in.byte("a contract's silver medals", 0, 9);
      card.money = in.byte("a contract's money", 0, 99);
    }
  }
  in.finish();
  return c;
}

uint8_t register_components(const Components& components) {
  static std::mutex mutex;
  static std::deque<Components> store;  // stable addresses; never shrinks
  std::lock_guard<std::mutex> lock(mutex);
  for (size_t i = 0; i < store.size(); ++i)
    if (store[i] == components) return uint8_t(i);
  if (store.size() == 255)
    throw GameError(ErrorKind::kBadConfig, "at most 255 different component sets can be loaded in one process");
  store.push_back(components);
  const size_t index = store.size() - 1;
  detail::registered_components[index] = &store.back();
  return uint8_t(index);
}

}  // namespace pyai::automania
