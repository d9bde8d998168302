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

// A game state plus the tokens that led to it (the state itself is plain data).
struct GameRecord {
  State state;
  std::vector<std::string> history;

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

  // A state consistent with what `seat` knows; its history replays to it.
  GameRecord determinized(int seat, uint64_t seed) const {
    check_seat(seat);
    const View view = view_of(state, seat);
    Rng rng(seed);
    GameRecord sample{determinize(view, rng), history};
    // The record must tell only the sample's hidden facts, never the true ones.
    if (state.removal_recorded) sample.history.erase(sample.history.begin());
    if (sample.state.removal_recorded)
      sample.history.insert(sample.history.begin(), format_removal(sample.state.removed));
    if (view.hidden_sells) {
      // In a choose step the tokens since the deal are the sells of seats 0..k-1.
      const int submitted = card_count(state.sells_submitted);
      const size_t first = sample.history.size() - size_t(submitted);
      for (int p : Cards(view.hidden_sells)) {
        State before = sample.state;
        before.turn = uint8_t(p);
        sample.history[first + size_t(p)] = format_action(before, submitted_sell(sample.state, p));
      }
    }
    return sample;
  }
};

}  // namespace pyai::bindings
