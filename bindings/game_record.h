// The Python-side game state of any game: a plain-data State plus the token
// history that led to it, and one seat's view of it plus the record as that
// seat saw it. Written once; each game supplies its record traits R
// (bindings/<game>_record.h) with:
//
//   using Game = ...;                 the search's Game type (csrc/search/game.h)
//   using State, View, Parsed;        Parsed: a checked token, ready to apply
//   static constexpr int kChance, kTerminal;   what to_move returns for those
//   int players(const State&); int to_move(const State&); bool may_act(const State&, int seat);
//   std::string why_not(const State&, int seat);    why `seat` has no decision now
//   std::vector<std::string> legal_tokens(const State&);           for the seat to act
//   std::string legal_summary(const State&);   what may come now, in words (a chance step: its token)
//   Parsed parse(const State&, std::string_view);   throws GameError; never changes the state
//   std::string canonical(const State&, const Parsed&);  void apply(State&, const Parsed&);
//   std::string sample_chance(const State&, Rng&);  a random chance token (a chance step only)
//   std::vector<int> scores(const State&); std::vector<int> winners(const State&);   (at the end)
//   int64_t rank_key(const State&, int seat);       higher ranks better (score, then tie-breaks)
//   View view_of(const State&, int seat); View acting_view(const View&);  (the viewer to act)
//   const State& view_state(const View&);            the public part: enough to say who may act
//   State determinize(const View&, Rng&);
//   std::vector<std::string> public_record(const State&, std::vector<std::string> history, int seat);
//   std::vector<std::string> sampled_record(const View&, const std::vector<std::string>& public_record,
//                                           const State& sample);   a record that replays to `sample`
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "../csrc/core/errors.h"
#include "../csrc/core/rng.h"

namespace pyai::bindings {

namespace py = pybind11;

template <typename R>
struct ViewRecord;

// A seat number checked against the game: ArgumentError naming the range.
inline void check_seat(int seat, int players) {
  if (seat < 0 || seat >= players)
    throw GameError(ErrorKind::kBadArgument,
                    "seat must be a whole number 0.." + std::to_string(players - 1) + ", not " + std::to_string(seat));
}

// A game state plus the tokens that led to it. A state sampled from a
// partial view has no record of how it arose (`recorded` false): its
// history holds only the tokens applied since. A state rebuilt from one
// seat's record (Game.replay_as_seen), where stand-ins fill in what that
// seat did not see, is no full record either, but its history is that
// seat's record (`record_seat`), which its view for that seat gives back.
template <typename R>
struct GameRecord {
  using State = typename R::State;
  State state;
  std::vector<std::string> history;
  bool recorded = true;
  int record_seat = -1;  // the seat whose record `history` is, when not recorded

  bool operator==(const GameRecord& other) const { return state == other.state; }

  void check_seat(int seat) const { bindings::check_seat(seat, R::players(state)); }

  // Throws PhaseError naming why `seat` has no decision now.
  void require_may_act(int seat) const {
    check_seat(seat);
    if (!R::may_act(state, seat)) throw GameError(ErrorKind::kOutOfPhase, R::why_not(state, seat));
  }

  void require_over(const char* what) const {
    if (R::to_move(state) != R::kTerminal)
      throw GameError(ErrorKind::kOutOfPhase, std::string(what) + " exist only once the game is over");
  }

  // Legal tokens for `seat` (for the seat to move: legal_tokens).
  std::vector<std::string> legal_tokens_for(int seat) const {
    require_may_act(seat);
    return R::legal_tokens(R::acting_view(R::view_of(state, seat)).state);
  }

  // Parses, checks and applies one token; all or nothing. Returns the canonical token.
  std::string apply(std::string_view token) {
    const auto parsed = R::parse(state, token);
    std::string canonical = R::canonical(state, parsed);
    history.push_back(canonical);  // may throw bad_alloc: then the state is still untouched
    R::apply(state, parsed);
    return canonical;
  }

  std::string sample_chance(uint64_t seed) const {
    if (R::to_move(state) != R::kChance)
      throw GameError(ErrorKind::kOutOfPhase, R::to_move(state) == R::kTerminal
                                                  ? "the game is over; there is no chance step"
                                                  : "no chance step now: seat " + std::to_string(R::to_move(state)) +
                                                        " is to move");
    Rng rng(seed);
    return R::sample_chance(state, rng);
  }

  std::vector<int> scores() const {
    require_over("scores");
    return R::scores(state);
  }

  std::vector<int> winners() const {
    require_over("winners");
    return R::winners(state);
  }

  // Per seat, 1 = best: by score, then the game's tie-breaks; tied seats
  // share the mean of their places.
  std::vector<double> ranks() const {
    require_over("ranks");
    const int players = R::players(state);
    std::vector<double> out;
    for (int seat = 0; seat < players; ++seat) {
      const int64_t key = R::rank_key(state, seat);
      int better = 0, equal = 0;
      for (int other = 0; other < players; ++other) {
        const int64_t other_key = R::rank_key(state, other);
        better += other_key > key;
        equal += other_key == key;
      }
      out.push_back(better + (equal + 1) / 2.0);
    }
    return out;
  }

  // What `seat` knows, with the record as that seat saw it.
  ViewRecord<R> view_record(int seat) const {
    check_seat(seat);
    ViewRecord<R> record{R::view_of(state, seat), {}, false, recorded};
    if (recorded) {
      record.public_history = R::public_record(state, history, seat);
    } else if (seat == record_seat) {
      record.public_history = history;
      record.recorded = true;
    }
    return record;
  }
};

// What one seat knows: its View plus the record as that seat saw it. A seat
// at a real table may also forget things (`partial`); a state sampled from a
// partial view has no record, and nor have its views (`recorded` false).
template <typename R>
struct ViewRecord {
  using View = typename R::View;
  View view;
  std::vector<std::string> public_history;
  bool partial = false;
  bool recorded = true;

  bool operator==(const ViewRecord& other) const { return view == other.view; }

  int observer() const { return int(view.observer); }

  // The view with its observer as the one to act; PhaseError if it has no decision.
  View acting_view() const {
    GameRecord<R>{R::view_state(view), {}}.require_may_act(observer());
    return R::acting_view(view);
  }

  std::vector<std::string> legal_tokens() const { return R::legal_tokens(acting_view().state); }

  // A full state consistent with the view. Its record replays to it when the
  // view came whole from a recorded state.
  GameRecord<R> determinized(uint64_t seed) const {
    Rng rng(seed);
    GameRecord<R> sample{R::determinize(view, rng), {}};
    if (partial || !recorded) {
      sample.recorded = false;
      return sample;
    }
    sample.history = R::sampled_record(view, public_history, sample.state);
    return sample;
  }
};

}  // namespace pyai::bindings
