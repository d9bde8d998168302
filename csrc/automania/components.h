// Automania's components as the rules read them: every tile, demand tile,
// contract, action space, ship, sales space, sales office and the factory
// board of one component set.
//
// The values come from a data file (pyai/automania/components.toml is the
// shipped set), checked by pyai/automania/component_file.py, which hands the
// core a flat list of integers (its "wire" form, read by from_wire below).
// A set is large (a few KiB) and never changes, so a State does not copy it:
// it holds the small index under which the set was registered here, and
// every state of a game reads the same immutable tables. Registered sets live
// for the whole process.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace pyai::automania {

constexpr int kMinPlayers = 2;
constexpr int kMaxPlayers = 4;
constexpr int kRounds = 4;

// Car types, in the order of the components file.
constexpr int kCarTypes = 3;
constexpr uint8_t kCity = 0, kFamily = 1, kSuper = 2;
constexpr uint8_t kAnyCar = 3;  // a contract for any car type

// Markets: North America, then Europe (sales resolve in this order).
constexpr int kMarkets = 2;
constexpr uint8_t kNorthAmerica = 0, kEurope = 1;

// The action board: a 4x4 tile grid; spaces 0-3 are the rows R1-R4, 4-7 the
// columns C1-C4, 8 the corner production space.
constexpr int kGridSide = 4;
constexpr int kGridCells = kGridSide * kGridSide;
constexpr int kLineSpaces = 2 * kGridSide;
constexpr int kCornerSpace = kLineSpaces;
constexpr int kActionSpaces = kLineSpaces + 1;

// Counts the rulebook fixes (the components file is checked against them).
constexpr int kOfficeTiles = 2;                            // tiles below the sales offices
constexpr int kTilesPerRound = kGridCells + kOfficeTiles;  // 18
constexpr int kBacks = 2;                                  // A (rounds 1-2), B (rounds 3-4)
constexpr int kTilesPerBack = 2 * kTilesPerRound;          // 36
constexpr int kDemandTiles = 10;
constexpr int kActiveDemands = 3;
constexpr int kDemandSpaces = 5;  // per market: 3 active, then the pending left and right
constexpr int kPendingLeft = 3, kPendingRight = 4;
constexpr int kRegularContracts = 26;
constexpr int kStartingContracts = 4;
constexpr int kContracts = kRegularContracts + kStartingContracts;

// Table limits (the Python checker enforces the same ones).
constexpr int kMaxSymbols = 8;
constexpr int kMaxStylingParts = 8;
constexpr int kMaxStations = 8;
constexpr int kMaxOffices = 6;
constexpr int kMaxStylingSlots = 4;
constexpr int kMaxShipSpaces = 24;
constexpr int kMaxSalesSpaces = 16;
constexpr int kMaxSalesOffices = 8;
constexpr int kMaxSalesRow = 7;  // a state keeps the rows sold to in a byte
constexpr int kMaxNameLength = 15;
constexpr int kMaxContractSymbols = 4;

enum class TileKind : uint8_t { kMachine, kManager, kStyling, kMoney, kVp };
enum class Manager : uint8_t { kResearch, kMarketing, kGeneral, kStaff };

// A factory tile's face. `detail` is the machine's symbol, the manager's type
// or the styling part; `value` the staff manager's workers or the money/VP
// tile's bonus.
struct TileFace {
  TileKind kind = TileKind::kMachine;
  uint8_t detail = 0;
  uint8_t stars = 0;
  uint8_t silver = 0;
  uint8_t value = 0;

  bool operator==(const TileFace&) const = default;
};

struct ContractCard {
  uint8_t car = kAnyCar;
  uint8_t symbol_count = 0;
  uint8_t symbols[kMaxContractSymbols] = {};
  uint8_t needed[kMaxSymbols] = {};  // machines of each symbol the car's line must have
  uint8_t styling = 0;               // parts (bits) the car type must have
  uint8_t stars = 0;                 // the least popularity
  uint8_t vp = 0;
  uint8_t silver = 0;
  uint8_t money = 0;  // paid when played (the starting contracts' $3)

  bool operator==(const ContractCard&) const = default;
};

enum class SpaceAction : uint8_t { kProduce, kContract, kCorner };
struct ActionSpaceSpec {
  SpaceAction action = SpaceAction::kProduce;
  uint8_t car = 0;
  uint8_t cost = 0;

  bool operator==(const ActionSpaceSpec&) const = default;
};

// A ship space (one car); spaces are kept in increasing level order.
struct ShipSpace {
  uint8_t level = 0;
  uint8_t ship = 0;   // which ship of the market (for pictures)
  uint8_t medal = 0;  // the ship's gold medal: VP for a car placed on it

  bool operator==(const ShipSpace&) const = default;
};

struct SalesSpace {
  uint8_t row = 0;  // 0: the topmost space, which takes any number of cars
  uint8_t money = 0;
  uint8_t vp = 0;
  uint8_t min_stars = 0;

  bool operator==(const SalesSpace&) const = default;
};

struct MarketSpec {
  uint8_t ship_spaces = 0;
  ShipSpace space[kMaxShipSpaces] = {};
  uint64_t level_bits = 0;  // bit `level` for each ship space (levels are distinct and below 64)
  uint8_t sales_spaces = 0;
  SalesSpace sale[kMaxSalesSpaces] = {};

  bool operator==(const MarketSpec&) const = default;
};

struct SalesOfficeSpec {
  uint8_t limit = 0;
  uint8_t money = 0;
  uint8_t vp = 0;
  int8_t tile_slot = -1;  // which of the office tiles lies below it, -1 none

  bool operator==(const SalesOfficeSpec&) const = default;
};

struct Components {
  uint8_t symbols = 0;
  char symbol_name[kMaxSymbols][kMaxNameLength + 1] = {};
  uint8_t styling_parts = 0;
  char part_name[kMaxStylingParts][kMaxNameLength + 1] = {};

  uint8_t car_count[kCarTypes] = {};
  uint8_t car_cost[kCarTypes] = {};

  uint8_t workers = 0;
  uint8_t neutral_workers = 0;
  uint8_t stations = 0;
  uint8_t line_length[kCarTypes] = {};
  uint8_t line[kCarTypes][kMaxStations] = {};  // station indexes, 0-based
  uint8_t station_uses[kMaxStations][kCarTypes] = {};  // how often each line holds the station
  uint8_t offices = 0;
  uint8_t office_fee[kMaxOffices] = {};
  uint8_t styling_slots = 0;
  uint8_t styling_fee[kMaxStylingSlots] = {};

  uint8_t active_stars[kActiveDemands] = {};
  uint8_t active_by_stars[kActiveDemands] = {};  // active spaces, most stars first
  uint8_t demand_tile[kDemandTiles] = {};        // symbols

  uint8_t top_car_stars = 0;
  ActionSpaceSpec space[kActionSpaces] = {};
  uint8_t least_cost[kActionSpaces] = {};  // the money a space needs to be chosen (the corner: its cheapest car)
  uint8_t sales_offices = 0;
  SalesOfficeSpec office[kMaxSalesOffices] = {};
  uint8_t office_of_slot[kOfficeTiles] = {};
  MarketSpec market[kMarkets] = {};

  TileFace tile[kBacks][kTilesPerBack] = {};
  ContractCard contract[kContracts] = {};

  bool operator==(const Components&) const = default;

  // Reads the wire form (pyai/automania/component_file.py, wire()); throws
  // GameError(kBadConfig) naming the field if it is malformed or out of range.
  static Components from_wire(std::span<const int32_t> wire);

  std::string_view symbol(int index) const { return symbol_name[index]; }
  std::string_view part(int index) const { return part_name[index]; }
};

// ------------------------------------------------------------- identities

// A tile on the board or in a factory: 0 none, else back * 64 + index + 1
// (A1 = 1 .. A36 = 36, B1 = 65 .. B36 = 100).
constexpr uint8_t kNoTile = 0;
constexpr uint8_t tile_id(int back, int index) { return uint8_t(back * 64 + index + 1); }
constexpr int tile_back(uint8_t id) { return (id - 1) >> 6; }
constexpr int tile_index(uint8_t id) { return (id - 1) & 63; }
inline const TileFace& face(const Components& c, uint8_t id) { return c.tile[tile_back(id)][tile_index(id)]; }

// Contracts as bits 0-29: regular contract n (1-26) is bit n-1, starting
// contract Sn (1-4) bit 25+n.
constexpr int kFirstStartingContract = kRegularContracts;
constexpr uint32_t kRegularContractBits = (uint32_t(1) << kRegularContracts) - 1;
constexpr uint32_t kStartingContractBits = ((uint32_t(1) << kStartingContracts) - 1) << kFirstStartingContract;
constexpr bool is_starting_contract(int contract) { return contract >= kFirstStartingContract; }

// ------------------------------------------------------------- registry

// Registers a component set (or finds an equal one already registered) and
// returns its index. Throws GameError(kBadConfig) once 255 sets are registered.
uint8_t register_components(const Components& components);

namespace detail {
extern const Components* registered_components[256];
}

inline bool is_registered(int index) {
  return index >= 0 && index < 256 && detail::registered_components[index] != nullptr;
}

// The set registered under `index` (the hot path: one load).
inline const Components& components(uint8_t index) { return *detail::registered_components[index]; }

}  // namespace pyai::automania
