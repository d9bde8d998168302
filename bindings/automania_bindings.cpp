// Python access to the Automania core: the shared state/view/search classes
// (record_binding.h, search_binding.h) plus what is Automania's own: loading
// a component set, the state as data, replaying a seat's record, partial
// knowledge of money, score breakdowns, playout benchmarks and the heuristic
// player's strength loop.
//
// Rules and tokens stay in csrc/automania; this file only converts.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <bit>
#include <string>
#include <vector>

#include "../csrc/automania/chance.h"
#include "../csrc/automania/components.h"
#include "../csrc/automania/factory.h"
#include "../csrc/automania/heuristic.h"
#include "../csrc/automania/information.h"
#include "../csrc/automania/position.h"
#include "../csrc/automania/record.h"
#include "../csrc/automania/rules.h"
#include "../csrc/automania/scoring.h"
#include "../csrc/automania/tokens.h"
#include "../csrc/automania/value_model.h"
#include "../csrc/core/errors.h"
#include "../csrc/search/playout.h"
#include "automania_record.h"
#include "game_binding.h"

namespace py = pybind11;
using namespace pyai;
using namespace pyai::automania;
using pyai::bindings::AutomaniaGameRecord;
using pyai::bindings::AutomaniaRecord;
using pyai::bindings::AutomaniaViewRecord;

namespace {

const char* step_name(Step step) {
  switch (step) {
    case Step::kDealOrder: return "deal order";
    case Step::kDealDemands: return "deal demands";
    case Step::kDealDisplay: return "deal display";
    case Step::kDealStart: return "deal starting contract";
    case Step::kDealTiles: return "deal tiles";
    case Step::kRevealContract: return "reveal contract";
    case Step::kDrawContract: return "draw contract";
    case Step::kTurn: return "turn";
    case Step::kTakeTile: return "take tile";
    case Step::kPlaceTile: return "place tile";
    case Step::kDraw: return "draw";
    case Step::kMarket: return "market";
    case Step::kShip: return "ship";
    case Step::kContract: return "contract";
    case Step::kOffice: return "sales office";
    case Step::kSell: return "sell";
    case Step::kDemand: return "demand";
    case Step::kOver: return "over";
  }
  return "?";
}

const char* const kVpSourceNames[kVpSources] = {"start",   "medals",     "tiles",  "sales",     "office",
                                                "no contract", "cars left", "silver", "contracts", "money rank"};

py::object tile_or_none(uint8_t tile) {
  return tile == kNoTile ? py::object(py::none()) : py::object(py::str(tile_name(tile)));
}

py::list contracts(uint32_t cards) {
  py::list out;
  for (; cards; cards &= cards - 1) out.append(contract_name(std::countr_zero(cards)));
  return out;
}

py::object car_or_none(uint8_t car) {
  if (car == kNoCar) return py::none();
  py::dict d;
  d["seat"] = car_owner(car);
  d["car"] = car_name(car_type(car));
  return d;
}

// Everything in a state (or in one seat's view of it) as plain Python data,
// for pictures, JSON and tests. In a view, other seats' unseen contracts are
// counted, not named, and money the observer forgot shows as a range.
py::dict state_dict(const State& s, const View* view = nullptr) {
  const Components& c = s.c();
  py::dict d;
  d["players"] = int(s.num_players);
  d["round"] = int(s.round) + 1;
  d["step"] = step_name(s.step);
  const int mover = to_move(s);
  d["to_move"] = mover == kChance     ? py::object(py::str("chance"))
                 : mover == kTerminal ? py::object(py::str("over"))
                                      : py::object(py::int_(mover));
  d["turn"] = int(s.turn);
  py::list order;
  for (int i = 0; i < s.num_players; ++i) order.append(int(s.order[i]));
  d["order"] = s.step == Step::kDealOrder ? py::list() : order;

  py::dict action;  // the turn in progress
  action["space"] = s.space == kNone ? py::object(py::none()) : py::object(py::str(space_name(s.space)));
  action["tile"] = tile_or_none(s.tile);
  action["office_bonus"] = s.office_bonus;
  action["sponsored"] = s.sponsored;
  const bool producing = s.step == Step::kMarket || s.step == Step::kShip || s.step == Step::kContract;
  action["car"] = producing ? py::object(py::str(car_name(s.car))) : py::object(py::none());
  const bool shipping = s.step == Step::kShip || s.step == Step::kContract;
  action["market"] = shipping ? py::object(py::str(market_name(s.market))) : py::object(py::none());
  action["stars"] = shipping ? py::object(py::int_(car_stars(s))) : py::object(py::none());
  action["marketing"] = int(s.marketing);
  d["action"] = action;

  py::list grid;
  for (int r = 0; r < kGridSide; ++r) {
    py::list row;
    for (int col = 0; col < kGridSide; ++col) row.append(tile_or_none(s.grid[r * kGridSide + col]));
    grid.append(row);
  }
  d["grid"] = grid;
  py::list spaces;
  for (int space = 0; space < kActionSpaces; ++space) {
    py::dict entry;
    entry["space"] = space_name(space);
    entry["seat"] = s.space_workers[space] ? py::object(py::int_(s.space_seat[space])) : py::object(py::none());
    entry["workers"] = int(s.space_workers[space]);
    spaces.append(entry);
  }
  d["action_spaces"] = spaces;
  py::list offices;
  for (int i = 0; i < c.sales_offices; ++i) {
    py::dict entry;
    entry["office"] = i + 1;
    entry["seat"] = s.office_seat[i] ? py::object(py::int_(s.office_seat[i] - 1)) : py::object(py::none());
    const int slot = c.office[i].tile_slot;
    entry["tile"] = slot >= 0 ? tile_or_none(s.office_tile[slot]) : py::object(py::none());
    offices.append(entry);
  }
  d["sales_offices"] = offices;

  py::dict markets;
  for (int m = 0; m < kMarkets; ++m) {
    py::dict market;
    py::list active, pending;
    for (int i = 0; i < kActiveDemands; ++i) active.append(std::string(c.symbol(s.demand[m][i])));
    pending.append(std::string(c.symbol(s.demand[m][kPendingLeft])));
    pending.append(std::string(c.symbol(s.demand[m][kPendingRight])));
    market["demand"] = s.step <= Step::kDealDemands ? py::list() : active;
    market["pending"] = s.step <= Step::kDealDemands ? py::list() : pending;
    py::list ships;
    for (int i = 0; i < c.market[m].ship_spaces; ++i) {
      py::dict space;
      space["level"] = int(c.market[m].space[i].level);
      space["car"] = car_or_none(s.ship[m][i]);
      ships.append(space);
    }
    market["ships"] = ships;
    py::list sales;
    for (int i = 0; i < c.market[m].sales_spaces; ++i) {
      py::dict space;
      space["space"] = i + 1;
      if (c.market[m].sale[i].row == 0) {
        py::list sold;
        for (int p = 0; p < s.num_players; ++p) sold.append(int(s.top_sold[m][p]));
        space["sold_by_seat"] = sold;
      } else {
        space["car"] = car_or_none(s.sale[m][i]);
      }
      sales.append(space);
    }
    market["sales"] = sales;
    markets[market_name(m)] = market;
  }
  d["markets"] = markets;
  if (s.step == Step::kSell) {
    py::dict offer;
    offer["market"] = market_name(s.sale_market);
    offer["level"] = int(c.market[s.sale_market].space[s.sale_space].level);
    offer["seat"] = int(s.turn);
    d["offer"] = offer;
  } else {
    d["offer"] = py::none();
  }

  d["display"] = contracts(s.display);
  d["deck_count"] = int(s.deck_count);
  py::dict tiles_left;
  tiles_left["A"] = std::popcount(s.tiles_unseen[0]);
  tiles_left["B"] = std::popcount(s.tiles_unseen[1]);
  d["tiles_left"] = tiles_left;
  // Which tiles are still to come is public (every deal and discard is seen): a person
  // naming the tiles on the table by their faces picks among these.
  py::dict tiles_unseen;
  for (int back = 0; back < kBacks; ++back) {
    py::list names;
    for (uint64_t bits = s.tiles_unseen[back]; bits; bits &= bits - 1)
      names.append(tile_name(tile_id(back, std::countr_zero(bits))));
    tiles_unseen[back == 0 ? "A" : "B"] = names;
  }
  d["tiles_unseen"] = tiles_unseen;
  d["tiles_removed"] = std::popcount(s.tiles_boxed[0]) + std::popcount(s.tiles_boxed[1]);

  py::list seats;
  for (int p = 0; p < s.num_players; ++p) {
    const Seat& seat = s.seat[p];
    py::dict entry;
    entry["money"] = int(seat.money);
    py::list range;
    range.append(view ? int(view->money_low[p]) : int(seat.money));
    range.append(view ? int(view->money_high[p]) : int(seat.money));
    entry["money_range"] = range;
    entry["vp"] = int(seat.vp);
    py::dict vp_from;
    for (int source = 0; source < kVpSources; ++source) vp_from[kVpSourceNames[source]] = int(seat.vp_from[source]);
    entry["vp_from"] = vp_from;
    entry["workers_home"] = int(seat.workers_home);
    entry["workers"] = int(seat.workers_total);
    entry["neutral_workers"] = int(seat.neutral);
    entry["on_sponsor"] = int(seat.on_sponsor);
    entry["on_marketing"] = int(seat.on_marketing);
    py::dict cars, sold;
    for (int car = 0; car < kCarTypes; ++car) {
      cars[car_name(car)] = int(seat.cars[car]);
      sold[car_name(car)] = int(seat.sold[car]);
    }
    entry["cars"] = cars;
    entry["sold"] = sold;
    entry["sold_count"] = int(seat.sold_count);
    entry["sales_limit"] = sales_limit(c, seat);
    entry["sales_office"] = seat.sales_office ? py::object(py::int_(seat.sales_office)) : py::object(py::none());
    entry["withdrawn"] = seat.withdrawn;
    py::list stations, office_list;
    for (int i = 0; i < c.stations; ++i) stations.append(tile_or_none(seat.station[i]));
    for (int i = 0; i < c.offices; ++i) office_list.append(tile_or_none(seat.office[i]));
    entry["stations"] = stations;
    entry["offices"] = office_list;
    py::dict styling;
    for (int car = 0; car < kCarTypes; ++car) {
      py::list tiles;
      for (int i = 0; i < c.styling_slots; ++i)
        if (seat.styling[car][i] != kNoTile) tiles.append(tile_name(seat.styling[car][i]));
      styling[car_name(car)] = tiles;
    }
    entry["styling"] = styling;
    entry["hand"] = contracts(seat.hand);
    entry["hand_public"] = contracts(seat.hand_public);
    entry["hidden_contracts"] = view ? int(view->hidden_regular[p] + view->hidden_starting[p]) : 0;
    entry["played"] = contracts(seat.played);
    seats.append(entry);
  }
  d["seats"] = seats;
  if (view) d["observer"] = int(view->observer);
  return d;
}

Components components_from(const std::vector<int32_t>& wire) { return Components::from_wire(wire); }

// The heuristic player against uniformly random seats: game g seats it at
// g % players (every seat position equally often). Per game: whether it won
// and its VP; and the random seats' VP summed.
py::dict heuristic_against_random(int players, uint8_t set, int games, uint64_t seed) {
  std::vector<int> won(size_t(games), 0);
  long long heuristic_vp = 0, random_vp = 0;
  {
    py::gil_scoped_release release;
    Rng rng(seed);
    for (int g = 0; g < games; ++g) {
      const int seat = g % players;
      State s = initial_state(players, set);
      search::playout<SearchGame>(s, rng, [seat](const State& state, Rng& r) {
        return state.turn == seat ? heuristic_action(state, r) : random_action(state, r);
      });
      won[size_t(g)] = winner(s) == seat;
      for (int p = 0; p < players; ++p) (p == seat ? heuristic_vp : random_vp) += s.seat[p].vp;
    }
  }
  py::dict out;
  out["won"] = won;
  out["heuristic_vp"] = heuristic_vp;
  out["random_vp"] = random_vp;
  return out;
}

void check_setup(int players, int set) {
  if (players < kMinPlayers || players > kMaxPlayers)
    throw GameError(ErrorKind::kBadConfig, "players must be 2 to 4, not " + std::to_string(players));
  if (!is_registered(set))
    throw GameError(ErrorKind::kBadConfig, "no component set is registered as " + std::to_string(set));
}

}  // namespace

void bind_automania(py::module_& m) {
  auto [state, view] = bindings::bind_game<AutomaniaRecord>(m, "Automania");
  state
      .def(py::init([](int players, int set) {
             check_setup(players, set);
             return AutomaniaGameRecord{initial_state(players, uint8_t(set)), {}};
           }),
           py::arg("players"), py::arg("components"))
      .def_static(
          "from_position",
          [](const std::string& text, int players, int set) {
            check_setup(players, set);
            AutomaniaGameRecord record{read_position(players, uint8_t(set), text), {}};
            record.recorded = false;  // a position has no history
            return record;
          },
          py::arg("text"), py::arg("players"), py::arg("components"))
      .def("position", [](const AutomaniaGameRecord& r) { return write_position(r.state); })
      .def("describe_legal", [](const AutomaniaGameRecord& r) { return describe_legal(r.state); })
      .def("to_dict", [](const AutomaniaGameRecord& r) { return state_dict(r.state); })
      .def(
          "apply_as_seen",
          [](AutomaniaGameRecord& r, int seat, const std::string& token) {
            // A token of `seat`'s record: start:? and drawn:? are other seats'
            // private cards, dealt as stand-ins; the state is then no full record.
            r.check_seat(seat);
            State next = r.state;
            const ParsedToken parsed = parse_as_seen(next, seat, token);
            std::string canonical = format(next, parsed);
            r.history.push_back(canonical);
            apply_parsed(next, parsed);
            r.state = next;
            if (parsed.unseen || !r.recorded) {
              // A full record becomes `seat`'s record; a state with no record
              // (a position, a sample) or another seat's stays without one.
              r.record_seat = r.recorded || r.record_seat == seat ? seat : -1;
              r.recorded = false;
            }
            return canonical;
          },
          py::arg("seat"), py::arg("token"),
          "Applies a token of `seat`'s record (start:? / drawn:? for cards it did not see); "
          "returns its canonical form.")
      .def("score_breakdown", [](const AutomaniaGameRecord& r) {
        r.require_over("score breakdowns");
        py::list out;
        for (int p = 0; p < r.state.num_players; ++p) {
          py::dict parts;
          for (int source = 0; source < kVpSources; ++source)
            parts[kVpSourceNames[source]] = int(r.state.seat[p].vp_from[source]);
          parts["total"] = int(r.state.seat[p].vp);
          parts["money"] = int(r.state.seat[p].money);
          out.append(parts);
        }
        return out;
      });
  view.def_static(
          "from_position",
          [](const std::string& text, int seat, int players, int set) {
            check_setup(players, set);
            // A view read from text has no record behind it; it is partial when it leaves money unknown.
            AutomaniaViewRecord record{read_position_view(players, uint8_t(set), text, seat), {}, false, false};
            for (int p = 0; p < players; ++p) record.partial = record.partial || !record.view.knows_money(p);
            return record;
          },
          py::arg("text"), py::arg("seat"), py::arg("players"), py::arg("components"))
      .def("position", [](const AutomaniaViewRecord& v) { return write_position(v.view); })
      .def(
          "knows_money",
          [](const AutomaniaViewRecord& v, int seat) {
            bindings::check_seat(seat, v.view.state.num_players);
            return v.view.knows_money(seat);
          },
          py::arg("seat"))
      .def(
          "stand_in_state",
          [](const AutomaniaViewRecord& v) {
            // Other seats' hidden contracts as stand-ins, unknown money at its top
            // (record.h); no record, whatever tokens follow (apply_as_seen).
            AutomaniaGameRecord record{stand_in_state(v.view), {}};
            record.recorded = false;
            return record;
          },
          "A state whose view is this one, other seats' hidden contracts dealt as stand-ins and unknown money at "
          "the top of its range: the start for following the game as this seat sees it (apply_as_seen).")
      .def("to_dict", [](const AutomaniaViewRecord& v) { return state_dict(v.view.state, &v.view); })
      .def(
          "forget_money",
          [](AutomaniaViewRecord& v, int seat, int low, int high) {
            bindings::check_seat(seat, v.view.state.num_players);
            forget_money(v.view, seat, low, high);
            v.partial = true;
          },
          py::arg("seat"), py::arg("low"), py::arg("high"));


  m.def(
      "automania_register_components",
      [](const std::vector<int32_t>& wire) { return int(register_components(components_from(wire))); },
      py::arg("wire"),
      "Registers a checked component set (pyai/automania/component_file.py, wire()); returns its index.");
  m.def(
      "automania_value_samples",
      [](int players, int set, int games, int max_cut, int noise, uint64_t seed) {
        check_setup(players, set);
        return bindings::value_samples<SearchGame>(initial_state(players, uint8_t(set)), players, games, max_cut,
                                                   noise, seed);
      },
      py::arg("players"), py::arg("components"), py::arg("games"), py::arg("max_cut"), py::arg("noise"),
      py::arg("seed") = 0,
      "Heuristic self-play positions where a later round is about to be dealt, and their outcomes, for fitting the "
      "learned evaluation (csrc/search/value_samples.h): numpy arrays bucket, game, features, win, score.");
  m.attr("automania_value_feature_names") =
      std::vector<std::string>(kValueFeatureNames, kValueFeatureNames + kValueFeatures);
  m.attr("automania_value_model_source") = std::string(kValueModelSource);
  m.def(
      "automania_heuristic_against_random",
      [](int players, int set, int games, uint64_t seed) {
        check_setup(players, set);
        return heuristic_against_random(players, uint8_t(set), games, seed);
      },
      py::arg("players"), py::arg("components"), py::arg("games"), py::arg("seed") = 0,
      "Plays the heuristic player against random seats in C++ (GIL released), rotating its seat; per game whether "
      "it won, and VP totals.");
}
