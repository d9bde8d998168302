// Python access to the Leduc poker core: the shared state/view/search classes
// (record_binding.h, search_binding.h) plus what is Leduc's own: the state as
// data, replaying a seat's record, and playout benchmarks.
//
// Rules and tokens stay in csrc/leduc; this file only converts.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>

#include "../csrc/core/errors.h"
#include "../csrc/leduc/heuristic.h"
#include "../csrc/leduc/information.h"
#include "../csrc/leduc/position.h"
#include "../csrc/leduc/rules.h"
#include "../csrc/leduc/tokens.h"
#include "leduc_record.h"
#include "game_binding.h"

namespace py = pybind11;
using namespace pyai;
using namespace pyai::leduc;
using pyai::bindings::LeducGameRecord;
using pyai::bindings::LeducRecord;
using pyai::bindings::LeducViewRecord;

namespace {

py::object card_value(uint8_t card) {
  if (card == kNoCard) return py::none();
  if (card == kHiddenCard) return py::str("hidden");
  return py::str(card_name(card));
}

// Everything in a state (or a view of one: the other seat's card "hidden")
// as plain Python data, for pictures, JSON and tests.
py::dict state_dict(const State& s, const View* view = nullptr) {
  py::dict d;
  d["players"] = kPlayers;
  const int mover = to_move(s);
  d["to_move"] = mover == kChance     ? py::object(py::str("chance"))
                 : mover == kTerminal ? py::object(py::str("over"))
                                      : py::object(py::int_(mover));
  d["round"] = int(s.round);
  d["public_card"] = card_value(s.public_card);
  d["pot"] = s.pot();
  d["raises"] = int(s.raises);
  d["folded"] = s.folded == kNoSeat ? py::object(py::none()) : py::object(py::int_(s.folded));
  py::list rounds;
  for (int round = 0; round < 2; ++round) {
    py::list moves;
    for (int i = 0; i < s.log_size[round]; ++i) moves.append(format_action(s.logged_move(round, i)));
    rounds.append(moves);
  }
  d["betting"] = rounds;
  py::list seats;
  for (int seat = 0; seat < kPlayers; ++seat) {
    py::dict entry;
    entry["card"] = card_value(s.card[seat]);
    entry["contributed"] = int(s.contributed[seat]);
    seats.append(entry);
  }
  d["seats"] = seats;
  if (is_terminal(s) && !view) {
    py::list chips;
    for (int seat = 0; seat < kPlayers; ++seat) chips.append(chips_won(s, seat));
    d["chips_won"] = chips;
  }
  if (view) d["observer"] = int(view->observer);
  return d;
}

}  // namespace

void bind_leduc(py::module_& m) {
  auto [state, view] = bindings::bind_game<LeducRecord>(m, "Leduc");
  state.def(py::init([] { return LeducGameRecord{initial_state(), {}}; }))
      .def("to_dict", [](const LeducGameRecord& r) { return state_dict(r.state); })
      .def(
          "apply_as_seen",
          [](LeducGameRecord& r, int seat, const std::string& token) {
            // A token of `seat`'s record: deal:? is the other seat's card, dealt as a stand-in.
            if (!is_unseen_card_token(token)) return r.apply(token);
            r.check_seat(seat);
            State next = r.state;
            deal_unseen_card(next, seat);  // throws before anything changes
            r.history.push_back(std::string(kUnseenCardToken));
            r.state = next;
            r.recorded = false;
            r.record_seat = seat;
            return std::string(kUnseenCardToken);
          },
          py::arg("seat"), py::arg("token"),
          "Applies a token of `seat`'s record (deal:? for a card it did not see); returns its canonical form.");
  state
      .def_static(
          "from_position",
          [](const std::string& text) {
            LeducGameRecord record{read_position(text), {}};
            record.recorded = false;  // a position has no history
            return record;
          },
          py::arg("text"), "The state a position written as text describes (csrc/leduc/position.h), no history.")
      .def("position", [](const LeducGameRecord& r) { return write_position(r.state); });
  view.def("to_dict", [](const LeducViewRecord& v) { return state_dict(v.view.state, &v.view); })
      .def_static(
          "from_position",
          [](const std::string& text, int seat) {
            return LeducViewRecord{read_position_view(text, seat), {}, false, false};  // no record behind it
          },
          py::arg("text"), py::arg("seat"), "Seat `seat`'s view of a position written as text, the other card ?.")
      .def("position", [](const LeducViewRecord& v) { return write_position(v.view); })
      .def(
          "stand_in_state",
          [](const LeducViewRecord& v) {
            // The view's state with a stand-in for the hidden card: later tokens
            // are the observer's record (apply_as_seen), as after replay_as_seen.
            LeducGameRecord record{stand_in_state(v.view), {}};
            record.recorded = false;
            record.record_seat = v.observer();
            return record;
          },
          "A state whose view for the observer is this view, the hidden card a stand-in (no history).");

}
