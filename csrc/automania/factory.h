// What a player's factory gives: managers' effects, a car's popularity
// against a market's demands, and whether a car meets a contract.
#pragma once

#include <bit>
#include <cstring>

#include "state.h"

namespace pyai::automania {

// Managers of `type` in the seat's offices.
inline int managers(const Components& c, const Seat& seat, Manager type) {
  int count = 0;
  for (int i = 0; i < c.offices; ++i)
    if (seat.office[i] != kNoTile && Manager(face(c, seat.office[i]).detail) == type) ++count;
  return count;
}

// Neutral workers the seat's staff managers show (its share of the supply).
inline int staff_workers(const Components& c, const Seat& seat) {
  int workers = 0;
  for (int i = 0; i < c.offices; ++i)
    if (seat.office[i] != kNoTile && Manager(face(c, seat.office[i]).detail) == Manager::kStaff)
      workers += face(c, seat.office[i]).value;
  return workers;
}

// Money a worker on the sponsor space brings: $1, +$1 per general manager.
inline int sponsor_rate(const Components& c, const Seat& seat) { return 1 + managers(c, seat, Manager::kGeneral); }

// Cars the seat may sell this round: its sales office's limit, +1 per marketing manager.
inline int sales_limit(const Components& c, const Seat& seat) {
  if (seat.sales_office == 0) return 0;
  return c.office[seat.sales_office - 1].limit + managers(c, seat, Manager::kMarketing);
}

// Machines of each symbol on car type `car`'s line.
struct LineSymbols {
  uint8_t count[kMaxSymbols] = {};

  // count[symbol] += machines (a negative number takes machines out; a count
  // never falls below 0). As one word: the heuristic reads the counts as one
  // word right after, and a word load waits when bytes were stored one by one.
  void add(int symbol, int machines) {
    static_assert(sizeof count == sizeof(uint64_t) && std::endian::native == std::endian::little,
                  "count[i] is byte i of the word");
    uint64_t word;
    std::memcpy(&word, count, sizeof word);
    word += uint64_t(int64_t(machines)) << (8 * symbol);
    std::memcpy(count, &word, sizeof word);
  }

  // Machines the line lacks for `needed` (machines of each symbol): the sum of
  // needed[i] - count[i] where that is positive. On the one word, without
  // branches, as which symbols a line lacks is not predictable: each byte is
  // below 128, so with its top bit set first no byte borrows from the next,
  // and the top bit left after the subtraction says needed[i] >= count[i].
  int short_of(const uint8_t (&needed)[kMaxSymbols]) const {
    static_assert(kMaxStations < 128 && kMaxContractSymbols < 128, "a count and a need fit in 7 bits, their sums in 8");
    constexpr uint64_t kTop = 0x8080808080808080ull;
    uint64_t want, have;
    std::memcpy(&want, needed, sizeof want);
    std::memcpy(&have, count, sizeof have);
    const uint64_t diff = (want | kTop) - have;  // byte i: 128 + needed[i] - count[i]
    const uint64_t ahead = diff & kTop;
    const uint64_t lacking = diff & (ahead - (ahead >> 7));  // needed[i] - count[i], or 0
    return int((lacking * 0x0101010101010101ull) >> 56);    // the bytes' sum: below 256, as the needs are few
  }

  bool operator==(const LineSymbols&) const = default;
};
inline LineSymbols line_symbols(const Components& c, const Seat& seat, int car) {
  LineSymbols out;
  for (int i = 0; i < c.line_length[car]; ++i) {
    const uint8_t tile = seat.station[c.line[car][i]];
    if (tile != kNoTile) out.add(face(c, tile).detail, 1);
  }
  return out;
}

// Styling parts (bits) above car type `car`'s line.
inline uint32_t styling_parts(const Components& c, const Seat& seat, int car) {
  uint32_t parts = 0;
  for (int i = 0; i < c.styling_slots; ++i)
    if (seat.styling[car][i] != kNoTile) parts |= 1u << face(c, seat.styling[car][i]).detail;
  return parts;
}

// A market's active demands (its first kActiveDemands spaces) in the order
// they take machines, the most stars first: each machine meets one demand of
// its symbol, so with two equal demands and one matching machine only the
// higher counts. A demand is met when a line has more machines of its symbol
// than there are demands of that symbol ahead of it: with that count kept
// here, valuing a line is three loads and no branch (the heuristic values
// every car at every popularity it weighs against one set of demands).
struct DemandSet {
  uint8_t symbol[kActiveDemands] = {};
  uint8_t ahead[kActiveDemands] = {};  // demands of the same symbol worth more
  uint8_t stars[kActiveDemands] = {};
};

inline DemandSet demand_set(const Components& c, const uint8_t* demand) {
  DemandSet set;
  for (int k = 0; k < kActiveDemands; ++k) {
    const int space = c.active_by_stars[k];
    set.symbol[k] = demand[space];
    set.stars[k] = c.active_stars[space];
    for (int j = 0; j < k; ++j) set.ahead[k] += uint8_t(set.symbol[j] == set.symbol[k]);
  }
  return set;
}

// The stars of the demands the line meets.
inline int demand_stars(const DemandSet& demands, const LineSymbols& line) {
  int stars = 0;
  for (int k = 0; k < kActiveDemands; ++k)
    stars += int(line.count[demands.symbol[k]] > demands.ahead[k]) * demands.stars[k];
  return stars;
}
inline int demand_stars(const Components& c, const uint8_t* demand, const LineSymbols& line) {
  return demand_stars(demand_set(c, demand), line);
}
inline int demand_stars(const Components& c, const State& s, int market, const LineSymbols& line) {
  return demand_stars(c, s.demand[market], line);
}

// The stars a car of type `car` gets whatever the demands: every star on its
// line's machines, on the seat's managers and on its styling tiles.
inline int factory_stars(const Components& c, const Seat& seat, int car) {
  int stars = 0;
  for (int i = 0; i < c.line_length[car]; ++i) {
    const uint8_t tile = seat.station[c.line[car][i]];
    if (tile != kNoTile) stars += face(c, tile).stars;
  }
  for (int i = 0; i < c.offices; ++i)
    if (seat.office[i] != kNoTile) stars += face(c, seat.office[i]).stars;
  for (int i = 0; i < c.styling_slots; ++i)
    if (seat.styling[car][i] != kNoTile) stars += face(c, seat.styling[car][i]).stars;
  return stars;
}

// A car's popularity before marketing workers: the demands met and its
// factory stars. `demand` is a market's demand spaces (the heuristic player
// also asks about next round's).
inline int popularity(const Components& c, const Seat& seat, const uint8_t* demand, int car) {
  return demand_stars(c, demand, line_symbols(c, seat, car)) + factory_stars(c, seat, car);
}
inline int popularity(const Components& c, const State& s, int seat_index, int car, int market) {
  return popularity(c, s.seat[seat_index], s.demand[market], car);
}

// Whether a car of type `car` with `stars` popularity, made in this factory,
// meets contract `contract`.
inline bool meets_contract(const Components& c, const Seat& seat, int car, int stars, int contract) {
  const ContractCard& card = c.contract[contract];
  if (card.car != kAnyCar && card.car != car) return false;
  if (stars < card.stars) return false;
  if (card.styling & ~styling_parts(c, seat, car)) return false;
  return !card.symbol_count || line_symbols(c, seat, car).short_of(card.needed) == 0;
}

// Silver medals on the tiles in the seat's factory.
inline int factory_silver(const Components& c, const Seat& seat) {
  int silver = 0;
  for (int i = 0; i < c.stations; ++i)
    if (seat.station[i] != kNoTile) silver += face(c, seat.station[i]).silver;
  for (int i = 0; i < c.offices; ++i)
    if (seat.office[i] != kNoTile) silver += face(c, seat.office[i]).silver;
  for (int car = 0; car < kCarTypes; ++car)
    for (int i = 0; i < c.styling_slots; ++i)
      if (seat.styling[car][i] != kNoTile) silver += face(c, seat.styling[car][i]).silver;
  return silver;
}

// Styling tiles above car type `car`'s line.
inline int styling_count(const Components& c, const Seat& seat, int car) {
  int count = 0;
  for (int i = 0; i < c.styling_slots; ++i) count += seat.styling[car][i] != kNoTile;
  return count;
}

// The slot of car type `car`'s styling tile showing `part`, or -1.
inline int styling_slot_with(const Components& c, const Seat& seat, int car, int part) {
  for (int i = 0; i < c.styling_slots; ++i)
    if (seat.styling[car][i] != kNoTile && face(c, seat.styling[car][i]).detail == part) return i;
  return -1;
}

}  // namespace pyai::automania
