// Leduc poker's record traits for the shared GameRecord/ViewRecord
// (game_record.h): tokens, views and the record as each seat saw it.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "../csrc/core/errors.h"
#include "../csrc/leduc/information.h"
#include "../csrc/leduc/rules.h"
#include "../csrc/leduc/search_game.h"
#include "../csrc/leduc/tokens.h"
#include "../csrc/search/settings.h"
#include "game_record.h"

namespace pyai::bindings {

struct LeducRecord {
  using Game = leduc::SearchGame;
  using State = leduc::State;
  using View = leduc::View;
  using Parsed = leduc::ParsedToken;
  static constexpr int kChance = leduc::kChance;
  static constexpr int kTerminal = leduc::kTerminal;

  static int players(const State&) { return leduc::kPlayers; }
  static int to_move(const State& s) { return leduc::to_move(s); }
  static bool may_act(const State& s, int seat) { return leduc::to_move(s) == seat; }
  static std::string why_not(const State& s, int seat) {
    if (leduc::is_terminal(s)) return "the hand is over: there is no decision";
    if (leduc::is_chance(s)) return "a card is dealt next: there is no decision";
    return "it is seat " + std::to_string(s.turn) + "'s turn, not seat " + std::to_string(seat) + "'s";
  }
  static std::vector<std::string> legal_tokens(const State& s) { return leduc::legal_tokens(s); }
  static std::string legal_summary(const State& s) { return leduc::describe_legal(s); }
  static std::string format_action(const State&, leduc::Action a) { return leduc::format_action(a); }
  static std::span<const search::Setting<leduc::TreeOptions>> tree_settings() { return leduc::tree_settings(); }

  static Parsed parse(const State& s, std::string_view token) { return leduc::parse_token(s, token); }
  static std::string canonical(const State&, const Parsed& parsed) { return leduc::format(parsed); }
  static void apply(State& s, const Parsed& parsed) { leduc::apply_parsed(s, parsed); }
  static std::string sample_chance(const State& s, Rng& rng) { return leduc::format_deal(leduc::sample_card(s, rng)); }

  static std::vector<int> scores(const State& s) {
    require_known_result(s);
    return {leduc::chips_won(s, 0), leduc::chips_won(s, 1)};
  }
  static std::vector<int> winners(const State& s) {
    require_known_result(s);
    const int first = leduc::chips_won(s, 0), second = leduc::chips_won(s, 1);
    if (first == second) return {0, 1};
    return {first > second ? 0 : 1};
  }
  static int64_t rank_key(const State& s, int seat) {
    require_known_result(s);
    return leduc::chips_won(s, seat);
  }
  // A showdown decided by a stand-in card (a seat's record that never named
  // the other seat's card) has no known result; a fold has, and so has a
  // showdown the other seat's pair wins whatever the stand-in (both cards of
  // the rank are its own and the public card: no card left can pair or tie).
  static void require_known_result(const State& s) {
    if (s.folded != leduc::kNoSeat) return;
    for (int seat = 0; seat < leduc::kPlayers; ++seat)
      if (s.stand_ins >> seat & 1 && leduc::rank_of(s.card[1 - seat]) != leduc::rank_of(s.public_card))
        throw GameError(ErrorKind::kOutOfPhase, "the showdown's result depends on seat " + std::to_string(seat) +
                                                    "'s card, which this record does not name (deal:?)");
  }

  static View view_of(const State& s, int seat) { return leduc::view_of(s, seat); }
  static const State& view_state(const View& v) { return v.state; }
  // Betting is sequential: a seat that may act is the one to act.
  static View acting_view(const View& v) { return v; }
  static State determinize(const View& v, Rng& rng) { return leduc::determinize(v, rng); }

  // The other seat's private card is deal:? (its deal is the token of that
  // seat's number) until a showdown shows it.
  static std::vector<std::string> public_record(const State& s, std::vector<std::string> tokens, int seat) {
    const size_t other = size_t(1 - seat);
    if (tokens.size() > other && !leduc::card_shown(s, int(other))) tokens[other] = std::string(leduc::kUnseenCardToken);
    return tokens;
  }

  // The sampled card stands where deal:? stood.
  static std::vector<std::string> sampled_record(const View&, const std::vector<std::string>& public_history,
                                                 const State& sample) {
    std::vector<std::string> record = public_history;
    for (size_t seat = 0; seat < record.size() && seat < size_t(leduc::kPlayers); ++seat)
      if (record[seat] == leduc::kUnseenCardToken) record[seat] = leduc::format_deal(sample.card[seat]);
    return record;
  }
};

static_assert(Record<LeducRecord>);

using LeducGameRecord = GameRecord<LeducRecord>;
using LeducViewRecord = ViewRecord<LeducRecord>;

}  // namespace pyai::bindings
