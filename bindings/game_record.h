// The Python-side game state of any game: a plain-data State plus the token
// history that led to it, and one seat's view of it plus the record as that
// seat saw it. Written once against the Record concept below, which each
// game's record traits (bindings/<game>_record.h) satisfy beside its
// search::Game (csrc/search/game.h).
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <concepts>
#include <span>

#include "../csrc/core/errors.h"
#include "../csrc/core/rng.h"
#include "../csrc/search/game.h"
#include "../csrc/search/settings.h"

namespace pyai::bindings {

namespace py = pybind11;

// What the shared binding templates need of a game beyond its search::Game:
// tokens, results in the game's units, views and how a record looks to one seat.
template <typename R>
concept Record = requires(typename R::State& state, const typename R::State& cstate, const typename R::View& view,
                          const typename R::Parsed& parsed, std::string_view token, Rng& rng, int seat,
                          std::vector<std::string> tokens, const std::vector<std::string>& record) {
  requires search::Game<typename R::Game>;
  requires std::same_as<typename R::State, typename R::Game::State>;
  requires std::same_as<typename R::View, typename R::Game::View>;
  // What to_move returns at a chance step and at the end (seats are 0, 1, ...).
  { R::kChance } -> std::convertible_to<int>;
  { R::kTerminal } -> std::convertible_to<int>;

  { R::players(cstate) } -> std::convertible_to<int>;
  { R::to_move(cstate) } -> std::convertible_to<int>;
  // Whether `seat` has a decision now (also in a simultaneous step), and if not, why not in words.
  { R::may_act(cstate, seat) } -> std::convertible_to<bool>;
  { R::why_not(cstate, seat) } -> std::convertible_to<std::string>;
  // The tokens of the seat to act, and what may come now in words (a chance step: its token's form).
  { R::legal_tokens(cstate) } -> std::same_as<std::vector<std::string>>;
  { R::legal_summary(cstate) } -> std::convertible_to<std::string>;
  { R::format_action(cstate, typename R::Game::Action{}) } -> std::convertible_to<std::string>;
  { R::tree_settings() } -> std::convertible_to<std::span<const search::Setting<typename R::Game::TreeOptions>>>;

  // A checked token, ready to apply (throws GameError; never changes the state), its canonical
  // form, applying it, and a random token for a chance step.
  { R::parse(cstate, token) } -> std::same_as<typename R::Parsed>;
  { R::canonical(cstate, parsed) } -> std::convertible_to<std::string>;
  R::apply(state, parsed);
  { R::sample_chance(cstate, rng) } -> std::convertible_to<std::string>;

  // At the end: scores in the game's units, the winners, and a key that ranks seats (higher is better).
  { R::scores(cstate) } -> std::same_as<std::vector<int>>;
  { R::winners(cstate) } -> std::same_as<std::vector<int>>;
  { R::rank_key(cstate, seat) } -> std::convertible_to<int64_t>;

  // Views: a seat's, the viewer's own when it may act, the public part (enough to say who may
  // act), and a full state consistent with one.
  { R::view_of(cstate, seat) } -> std::same_as<typename R::View>;
  { R::acting_view(view) } -> std::same_as<typename R::View>;
  { R::view_state(view) } -> std::convertible_to<const typename R::State&>;
  { R::determinize(view, rng) } -> std::same_as<typename R::State>;
  // The record as `seat` saw it, and a record of a sample that replays to it.
  { R::public_record(cstate, tokens, seat) } -> std::same_as<std::vector<std::string>>;
  { R::sampled_record(view, record, cstate) } -> std::same_as<std::vector<std::string>>;
};

template <Record R>
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
template <Record R>
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
template <Record R>
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
