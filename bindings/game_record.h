// The Python-side For Sale state: plain-data State plus its token history.
// Shared by the binding files (games, search, bots).
#pragma once

#include <pybind11/pybind11.h>

#include <string>
#include <vector>

#include "../csrc/core/errors.h"
#include "../csrc/forsale/information.h"
#include "../csrc/forsale/rules.h"
#include "../csrc/forsale/scoring.h"
#include "../csrc/forsale/tokens.h"

namespace pyai::bindings {

using namespace pyai::forsale;
namespace py = pybind11;

struct ViewRecord;

// A game state plus the tokens that led to it (the state itself is plain data).
// A state sampled from a partial view has no record of how it arose
// (`recorded` false): its history holds only the tokens applied since.
struct GameRecord {
  State state;
  std::vector<std::string> history;
  bool recorded = true;

  bool operator==(const GameRecord& other) const { return state == other.state; }

  // Throws PhaseError naming why `seat` has no decision now (see may_act).
  void require_may_act(int seat) const {
    check_seat(seat);
    if (may_act(state, seat)) return;
    if (is_terminal(state)) throw GameError(ErrorKind::kOutOfPhase, "the game is over: there is no decision");
    if (is_chance(state)) throw GameError(ErrorKind::kOutOfPhase, "cards must be turned up first: there is no decision");
    if (is_choose_step(state))
      throw GameError(ErrorKind::kOutOfPhase, "seat " + std::to_string(seat) + " has already chosen its sell this round");
    throw GameError(ErrorKind::kOutOfPhase,
                    "it is seat " + std::to_string(state.turn) + "'s turn, not seat " + std::to_string(seat) + "'s");
  }

  // What `seat` knows, with `seat` as the one to act (a choose step lets any
  // seat without a sell choose; the rules record sells in seat order later).
  View acting_view(int seat) const {
    require_may_act(seat);
    View view = view_of(state, seat);
    view.state.turn = uint8_t(seat);
    return view;
  }

  // Legal tokens for `seat` (for the seat to move: legal_tokens).
  std::vector<std::string> legal_tokens_for(int seat) const {
    const View view = acting_view(seat);
    return legal_tokens(view.state);
  }

  void check_seat(int seat) const {
    if (seat < 0 || seat >= state.num_players)
      throw py::value_error("seat must be 0.." + std::to_string(state.num_players - 1) + ", not " +
                            std::to_string(seat));
  }

  // Parses, checks and applies one token; all or nothing. Returns the canonical token.
  std::string apply(const std::string& token) {
    const ParsedToken parsed = parse_token(state, token);
    std::string canonical = parsed.is_removal ? format_removal(parsed.removed) : format_action(state, parsed.action);
    history.push_back(canonical);  // may throw bad_alloc: then the state is still untouched
    apply_parsed(state, parsed);
    return canonical;
  }

  std::string sample_chance(uint64_t seed) const {
    if (!is_chance(state))
      throw GameError(ErrorKind::kOutOfPhase, is_terminal(state) ? "the game is over; there is no chance step"
                                                                 : "no chance step now: seat " +
                                                                       std::to_string(state.turn) + " is to move");
    Rng rng(seed);
    if (state.phase == Phase::kSetup) {
      CardMask removed[kNumDecks];
      sample_removal(state, rng, removed);
      return format_removal(removed);
    }
    return format_action(state, deal_action(sample_deal(state, rng)));
  }

  void require_over(const char* what) const {
    if (!is_terminal(state)) throw GameError(ErrorKind::kOutOfPhase, std::string(what) + " exist only once the game is over");
  }

  std::vector<int> scores() const {
    require_over("scores");
    std::vector<int> out;
    for (int p = 0; p < state.num_players; ++p) out.push_back(final_score(state, p));
    return out;
  }

  std::vector<int> winner_seats() const {
    require_over("winners");
    std::vector<int> out;
    for (int p : Cards(winners(state))) out.push_back(p);
    return out;
  }

  // What `seat` knows, with the public part of the record (see ViewRecord).
  ViewRecord view_record(int seat) const;
};

// What one seat knows: its View plus the record as that seat saw it — no
// removal token, and an empty placeholder for each other seat's secret sell
// of the current round. A seat at a real table may also forget things
// (`partial`); a state sampled from a partial view has no record, and nor
// have its views (`recorded` false, public_history empty).
struct ViewRecord {
  View view;
  std::vector<std::string> public_history;
  bool partial = false;
  bool recorded = true;

  bool operator==(const ViewRecord& other) const { return view == other.view; }

  void check_opponent(int seat) const {
    if (seat < 0 || seat >= view.state.num_players)
      throw py::value_error("seat must be 0.." + std::to_string(view.state.num_players - 1) + ", not " +
                            std::to_string(seat));
  }

  // The view with its observer as the one to act; PhaseError if it has no decision.
  View acting_view() const {
    GameRecord as_record{view.state, {}};
    as_record.require_may_act(view.observer);
    View acting = view;
    acting.state.turn = view.observer;
    return acting;
  }

  // A full state consistent with the view. Its record replays to it when the
  // view came whole from a state: the sampled removal and sampled secret
  // sells stand where the true ones stood.
  GameRecord determinized(uint64_t seed) const {
    Rng rng(seed);
    GameRecord sample{determinize(view, rng), {}};
    if (partial || !recorded) {
      sample.recorded = false;
      return sample;
    }
    if (sample.state.removal_recorded)
      sample.history.push_back(format_removal(sample.state.removed));
    for (size_t i = 0; i < public_history.size(); ++i) {
      if (!public_history[i].empty()) {
        sample.history.push_back(public_history[i]);
        continue;
      }
      // A secret sell: in a choose step the tokens since the deal are the sells of seats 0..k-1.
      const size_t first_sell = public_history.size() - size_t(card_count(view.state.sells_submitted));
      const int seat = int(i - first_sell);
      State before = sample.state;
      before.turn = uint8_t(seat);
      sample.history.push_back(format_action(before, submitted_sell(sample.state, seat)));
    }
    return sample;
  }
};

inline ViewRecord GameRecord::view_record(int seat) const {
  check_seat(seat);
  if (!recorded) return ViewRecord{view_of(state, seat), {}, false, false};
  ViewRecord record{view_of(state, seat), history};
  auto& tokens = record.public_history;
  if (state.removal_recorded) tokens.erase(tokens.begin());
  if (record.view.hidden_sells) {
    const size_t first_sell = tokens.size() - size_t(card_count(state.sells_submitted));
    for (int p : Cards(record.view.hidden_sells)) tokens[first_sell + size_t(p)].clear();
  }
  return record;
}

}  // namespace pyai::bindings
