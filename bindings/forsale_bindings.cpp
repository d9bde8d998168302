// Python access to the For Sale core: the shared state/view/search classes
// (record_binding.h, search_binding.h) plus what is For Sale's own: the
// state as data, partial knowledge, score breakdowns and playout benchmarks.
//
// Rules and tokens stay in csrc/forsale; this file only converts.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "../csrc/core/errors.h"
#include "../csrc/forsale/heuristic.h"
#include "../csrc/forsale/information.h"
#include "../csrc/forsale/position.h"
#include "../csrc/forsale/rules.h"
#include "../csrc/forsale/scoring.h"
#include "../csrc/forsale/seen_moves.h"
#include "../csrc/forsale/tokens.h"
#include "../csrc/forsale/value_model.h"
#include "forsale_record.h"
#include "game_binding.h"

namespace py = pybind11;
using namespace pyai;
using namespace pyai::forsale;
using pyai::bindings::ForSaleGameRecord;
using pyai::bindings::ForSaleRecord;
using pyai::bindings::ForSaleViewRecord;

namespace {

py::list numbers(Deck deck, CardMask cards) {
  py::list out;
  for (int card : Cards(cards)) out.append(card_rank(deck, card));
  return out;
}

const char* step_name(SellStep step) {
  return step == SellStep::kChoose ? "choose" : step == SellStep::kKeep ? "keep" : "mechanic";
}

// Everything in a (possibly partly hidden) state as plain Python data, for
// rendering, JSON and tests. With a view, its hidden and unknown parts show
// as such (secret sells "hidden", unknown hands counted, cash ranges).
py::dict state_dict(const State& s, const View* view = nullptr) {
  const uint8_t hidden_sells = view ? view->hidden_sells : 0;
  py::dict d;
  d["players"] = int(s.num_players);
  d["phase"] = phase_name(s.phase);
  d["round"] = int(s.round);
  d["rounds_per_phase"] = int(s.rounds_per_phase);
  const int mover = to_move(s);
  d["to_move"] = mover == kChance ? py::object(py::str("chance")) : mover == kTerminal ? py::object(py::str("over"))
                                                                                     : py::object(py::int_(mover));
  d["leader"] = int(s.leader);
  d["sell_step"] = s.phase == Phase::kSelling ? py::object(py::str(step_name(s.sell_step))) : py::object(py::none());
  d["table"] = numbers(current_deck(s), s.table);
  d["edition"] = s.classic ? "classic" : "autorama";
  d["high_bid"] = int(s.high_bid);
  d["removal_recorded"] = s.removal_recorded;
  py::list unseen, removed;
  for (int deck = 0; deck < kNumDecks; ++deck) {
    unseen.append(numbers(Deck(deck), s.unseen[deck]));
    removed.append(numbers(Deck(deck), s.removed[deck]));
  }
  d["unseen"] = unseen;
  d["removed"] = removed;
  py::list seats;
  for (int p = 0; p < s.num_players; ++p) {
    py::dict seat;
    seat["cash"] = int(s.cash[p]);
    seat["advisors_in_hand"] = numbers(Deck::kAdvisors, s.advisors_in_hand[p]);
    seat["advisors_played"] = numbers(Deck::kAdvisors, s.advisors_played[p]);
    seat["advisors_spent"] = numbers(Deck::kAdvisors, s.advisors_spent[p]);
    seat["vehicles"] = numbers(Deck::kVehicles, s.vehicles[p]);
    seat["checks"] = numbers(Deck::kChecks, s.checks[p]);
    seat["bid"] = int(s.bid[p]);
    seat["in_auction"] = has_card(s.bidders_left, p);
    seat["offered"] = s.advisor_offered[p] ? py::object(py::int_(s.advisor_offered[p])) : py::object(py::none());
    seat["boosted"] = has_card(s.boosted, p);
    const bool submitted = has_card(s.sells_submitted, p);
    if (has_card(hidden_sells, p)) {
      seat["sell"] = "hidden";
    } else if (submitted || s.sell[p].vehicle) {
      py::list sold;
      sold.append(int(s.sell[p].vehicle));
      if (s.sell[p].second_vehicle) sold.append(int(s.sell[p].second_vehicle));
      py::dict sell;
      sell["vehicles"] = sold;
      sell["lawyer"] = s.sell[p].lawyer ? py::object(py::int_(s.sell[p].lawyer)) : py::object(py::none());
      seat["sell"] = sell;
    } else {
      seat["sell"] = py::none();
    }
    seat["check_won"] = s.phase == Phase::kSelling && s.sell_step == SellStep::kMechanic
                            ? py::object(py::int_(check_value(s.check_won[p])))
                            : py::object(py::none());
    py::list cash_range;  // a list, so that the dict survives a JSON round trip unchanged
    cash_range.append(view ? int(view->cash_low[p]) : int(s.cash[p]));
    cash_range.append(view ? int(view->cash_high[p]) : int(s.cash[p]));
    seat["cash_range"] = cash_range;
    seat["unknown_advisors"] = view ? int(view->unknown_advisors[p]) : 0;
    seat["unknown_vehicles"] = view ? int(view->unknown_vehicles[p]) : 0;
    seats.append(seat);
  }
  d["seats"] = seats;
  if (view) d["observer"] = int(view->observer);
  return d;
}

Deck hand_deck(const std::string& name) {
  if (name == "advisors") return Deck::kAdvisors;
  if (name == "vehicles") return Deck::kVehicles;
  throw py::value_error("a hand is 'advisors' or 'vehicles', not '" + name + "'");
}

}  // namespace

void bind_forsale(py::module_& m) {
  auto [state, view] = bindings::bind_game<ForSaleRecord>(m, "ForSale");
  state
      .def(py::init([](int players, int first, bool classic) {
             return ForSaleGameRecord{initial_state(make_config(players, first, classic)), {}};
           }),
           py::arg("players"), py::arg("first") = 0, py::arg("classic") = false)
      .def_static(
          "from_position",
          [](const std::string& text, int players, int first, bool classic) {
            ForSaleGameRecord record{read_position(make_config(players, first, classic), text), {}};
            record.recorded = false;  // a position has no history
            return record;
          },
          py::arg("text"), py::arg("players"), py::arg("first") = 0, py::arg("classic") = false)
      .def("position", [](const ForSaleGameRecord& r) { return write_position(r.state); })
      .def("describe_legal", [](const ForSaleGameRecord& r) { return describe_legal(r.state); })
      .def("score_breakdown",
           [](const ForSaleGameRecord& r) {
             r.require_over("score breakdowns");
             py::list out;
             for (int p = 0; p < r.state.num_players; ++p) {
               const ScoreBreakdown b = score_breakdown(r.state, p);
               py::dict d;
               d["checks"] = b.checks;
               d["cash"] = b.cash;
               d["modifiers"] = b.modifiers;
               d["financial"] = b.financial;
               d["total"] = b.total();
               out.append(d);
             }
             return out;
           })
      .def("to_dict", [](const ForSaleGameRecord& r) { return state_dict(r.state); });
  view.def_static(
          "from_position",
          [](const std::string& text, int seat, int players, int first, bool classic) {
            // A view read from text has no record behind it; it is partial when it leaves facts unknown.
            ForSaleViewRecord record{read_position_view(make_config(players, first, classic), text, seat), {}, false,
                                     false};
            for (int p = 0; p < players; ++p) {
              const View& v = record.view;
              record.partial = record.partial || !v.knows_cash(p) || v.unknown_advisors[p] || v.unknown_vehicles[p];
            }
            return record;
          },
          py::arg("text"), py::arg("seat"), py::arg("players"), py::arg("first") = 0, py::arg("classic") = false)
      .def("position", [](const ForSaleViewRecord& v) { return write_position(v.view); })
      .def("apply_seen",
           [](ForSaleViewRecord& v, const std::string& token) {
             std::string canonical = apply_seen(v.view, token);
             v.public_history.push_back(canonical);
             return canonical;
           },
           py::arg("token"))
      .def("state_record",
           [](const ForSaleViewRecord& v) {  // the view's state (public facts, unknowns left out), no record
             ForSaleGameRecord record{v.view.state, {}};
             record.recorded = false;
             return record;
           })
      .def("knows_hand",
           [](const ForSaleViewRecord& v, int seat, const std::string& hand) {
             bindings::check_seat(seat, v.view.state.num_players);
             return (hand_deck(hand) == Deck::kAdvisors ? v.view.unknown_advisors[seat] : v.view.unknown_vehicles[seat]) ==
                    0;
           },
           py::arg("seat"), py::arg("hand"))
      .def("knows_cash",
           [](const ForSaleViewRecord& v, int seat) {
             bindings::check_seat(seat, v.view.state.num_players);
             return v.view.knows_cash(seat);
           },
           py::arg("seat"))
      .def("to_dict", [](const ForSaleViewRecord& v) { return state_dict(v.view.state, &v.view); })
      .def("forget_cash",
           [](ForSaleViewRecord& v, int seat, int low, int high) {
             bindings::check_seat(seat, v.view.state.num_players);
             forget_cash(v.view, seat, low, high);
             v.partial = true;
           },
           py::arg("seat"), py::arg("low"), py::arg("high"))
      .def("forget_hand",
           [](ForSaleViewRecord& v, int seat, const std::string& hand) {
             bindings::check_seat(seat, v.view.state.num_players);
             forget_hand(v.view, seat, hand_deck(hand));
             v.partial = true;
           },
           py::arg("seat"), py::arg("hand"));

  m.def(
      "starting_cash", [](int players, bool classic) { return make_config(players, 0, classic).starting_cash(); },
      py::arg("players"), py::arg("classic") = false, "Each seat's cash at the start (the rule lives in Config).");
  m.def(
      "forsale_value_samples",
      [](int players, bool classic, int games, int max_cut, int noise, uint64_t seed) {
        return bindings::value_samples<SearchGame>(initial_state(make_config(players, 0, classic)), players, games,
                                                   max_cut, noise, seed);
      },
      py::arg("players"), py::arg("classic"), py::arg("games"), py::arg("max_cut"), py::arg("noise"),
      py::arg("seed") = 0,
      "Heuristic self-play positions at round boundaries and their outcomes, for fitting the learned evaluation "
      "(csrc/search/value_samples.h): numpy arrays bucket, game, features, win, score.");
  m.attr("forsale_value_feature_names") =
      std::vector<std::string>(kValueFeatureNames, kValueFeatureNames + kValueFeatures);
  m.attr("forsale_value_model_source") = std::string(kValueModelSource);
}
