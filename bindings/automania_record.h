// Automania's record traits for the shared GameRecord/ViewRecord
// (game_record.h): tokens, views and the record as each seat saw it.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "../csrc/automania/chance.h"
#include "../csrc/automania/information.h"
#include "../csrc/automania/record.h"
#include "../csrc/automania/rules.h"
#include "../csrc/automania/scoring.h"
#include "../csrc/automania/search_game.h"
#include "../csrc/automania/tokens.h"
#include "../csrc/core/errors.h"
#include "../csrc/search/settings.h"
#include "game_record.h"

namespace pyai::bindings {

struct AutomaniaRecord {
  using Game = automania::SearchGame;
  using State = automania::State;
  using View = automania::View;
  using Parsed = automania::ParsedToken;
  static constexpr int kChance = automania::kChance;
  static constexpr int kTerminal = automania::kTerminal;

  static int players(const State& s) { return s.num_players; }
  static int to_move(const State& s) { return automania::to_move(s); }
  static bool may_act(const State& s, int seat) { return automania::may_act(s, seat); }
  static std::string why_not(const State& s, int seat) {
    if (automania::is_terminal(s)) return "the game is over: there is no decision";
    if (automania::is_chance(s)) return "something is revealed first: there is no decision";
    return "it is seat " + std::to_string(s.turn) + "'s turn, not seat " + std::to_string(seat) + "'s";
  }
  static std::vector<std::string> legal_tokens(const State& s) { return automania::legal_tokens(s); }
  static std::string legal_summary(const State& s) { return automania::describe_legal(s); }
  static std::string format_action(const State& s, automania::Action a) { return automania::format_action(s, a); }
  static std::span<const search::Setting<automania::TreeOptions>> tree_settings() {
    return automania::tree_settings();
  }

  static Parsed parse(const State& s, std::string_view token) { return automania::parse_token(s, token); }
  static std::string canonical(const State& s, const Parsed& parsed) { return automania::format(s, parsed); }
  static void apply(State& s, const Parsed& parsed) { automania::apply_parsed(s, parsed); }
  static std::string sample_chance(const State& s, Rng& rng) {
    return automania::format_outcome(s, automania::sample_outcome(s, rng));
  }

  static std::vector<int> scores(const State& s) {
    std::vector<int> out;
    for (int p = 0; p < s.num_players; ++p) out.push_back(s.seat[p].vp);
    return out;
  }
  // One winner: ties go to the lower sales office.
  static std::vector<int> winners(const State& s) { return {automania::winner(s)}; }
  static int64_t rank_key(const State& s, int seat) { return automania::rank_key(s, seat); }

  static View view_of(const State& s, int seat) { return automania::view_of(s, seat); }
  static const State& view_state(const View& v) { return v.state; }
  // Turns are sequential: a seat that may act is the one to act.
  static View acting_view(const View& v) { return v; }
  static State determinize(const View& v, Rng& rng) { return automania::determinize(v, rng); }

  // Other seats' private cards are start:? and drawn:?.
  static std::vector<std::string> public_record(const State& s, std::vector<std::string> tokens, int seat) {
    return automania::record_for_seat(s, tokens, seat);
  }
  // The sampled cards stand where the unknown ones stood.
  static std::vector<std::string> sampled_record(const View& view, const std::vector<std::string>& public_history,
                                                 const State& sample) {
    return automania::fill_record(view, public_history, sample);
  }
};

static_assert(Record<AutomaniaRecord>);

using AutomaniaGameRecord = GameRecord<AutomaniaRecord>;
using AutomaniaViewRecord = ViewRecord<AutomaniaRecord>;

}  // namespace pyai::bindings
