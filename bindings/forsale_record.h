// For Sale's record traits for the shared GameRecord/ViewRecord (game_record.h):
// tokens, views and the record as each seat saw it.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "../csrc/core/errors.h"
#include "../csrc/forsale/information.h"
#include "../csrc/forsale/rules.h"
#include "../csrc/forsale/scoring.h"
#include "../csrc/forsale/search_game.h"
#include "../csrc/forsale/tokens.h"
#include "../csrc/search/settings.h"
#include "game_record.h"

namespace pyai::bindings {

struct ForSaleRecord {
  using Game = forsale::SearchGame;
  using State = forsale::State;
  using View = forsale::View;
  using Parsed = forsale::ParsedToken;
  static constexpr int kChance = forsale::kChance;
  static constexpr int kTerminal = forsale::kTerminal;

  static int players(const State& s) { return s.num_players; }
  static int to_move(const State& s) { return forsale::to_move(s); }
  static bool may_act(const State& s, int seat) { return forsale::may_act(s, seat); }
  static std::string why_not(const State& s, int seat) {
    if (forsale::is_terminal(s)) return "the game is over: there is no decision";
    if (forsale::is_chance(s)) return "cards must be turned up first: there is no decision";
    if (forsale::is_choose_step(s)) return "seat " + std::to_string(seat) + " has already chosen its sell this round";
    return "it is seat " + std::to_string(s.turn) + "'s turn, not seat " + std::to_string(seat) + "'s";
  }
  static std::vector<std::string> legal_tokens(const State& s) { return forsale::legal_tokens(s); }
  static std::string legal_summary(const State& s) { return forsale::describe_legal(s); }
  static std::string format_action(const State& s, forsale::Action a) { return forsale::format_action(s, a); }
  static std::span<const search::Setting<forsale::TreeOptions>> tree_settings() { return forsale::tree_settings(); }

  static Parsed parse(const State& s, std::string_view token) { return forsale::parse_token(s, token); }
  static std::string canonical(const State& s, const Parsed& parsed) {
    return parsed.is_removal ? forsale::format_removal(parsed.removed) : forsale::format_action(s, parsed.action);
  }
  static void apply(State& s, const Parsed& parsed) { forsale::apply_parsed(s, parsed); }
  static std::string sample_chance(const State& s, Rng& rng) {
    if (s.phase == forsale::Phase::kSetup) {
      CardMask removed[forsale::kNumDecks];
      forsale::sample_removal(s, rng, removed);
      return forsale::format_removal(removed);
    }
    return forsale::format_action(s, forsale::deal_action(forsale::sample_deal(s, rng)));
  }

  static std::vector<int> scores(const State& s) {
    std::vector<int> out;
    for (int p = 0; p < s.num_players; ++p) out.push_back(forsale::final_score(s, p));
    return out;
  }
  static std::vector<int> winners(const State& s) {
    std::vector<int> out;
    for (int p : Cards(forsale::winners(s))) out.push_back(p);
    return out;
  }
  // Final money, then cash (the rules' tie-break); cash is below 1024.
  static int64_t rank_key(const State& s, int seat) { return int64_t(forsale::final_score(s, seat)) * 1024 + s.cash[seat]; }

  static View view_of(const State& s, int seat) { return forsale::view_of(s, seat); }
  static const State& view_state(const View& v) { return v.state; }
  // A choose step lets any seat without a sell choose; the rules record sells in seat order later.
  static View acting_view(const View& v) {
    View acting = v;
    acting.state.turn = v.observer;
    return acting;
  }
  static State determinize(const View& v, Rng& rng) { return forsale::determinize(v, rng); }

  // No removal token, and an empty placeholder for each other seat's secret
  // sell of the current round.
  static std::vector<std::string> public_record(const State& s, std::vector<std::string> tokens, int seat) {
    const View view = forsale::view_of(s, seat);
    if (s.removal_recorded) tokens.erase(tokens.begin());
    if (view.hidden_sells) {
      // In a choose step the tokens since the deal are the sells of seats 0..k-1.
      const size_t first_sell = tokens.size() - size_t(card_count(s.sells_submitted));
      for (int p : Cards(view.hidden_sells)) tokens[first_sell + size_t(p)].clear();
    }
    return tokens;
  }

  // The sampled removal and sampled secret sells stand where the true ones stood.
  static std::vector<std::string> sampled_record(const View& view, const std::vector<std::string>& public_history,
                                                 const State& sample) {
    std::vector<std::string> record;
    if (sample.removal_recorded) record.push_back(forsale::format_removal(sample.removed));
    const size_t first_sell = public_history.size() - size_t(card_count(view.state.sells_submitted));
    for (size_t i = 0; i < public_history.size(); ++i) {
      if (!public_history[i].empty()) {
        record.push_back(public_history[i]);
        continue;
      }
      const int seat = int(i - first_sell);
      State before = sample;
      before.turn = uint8_t(seat);
      record.push_back(forsale::format_action(before, forsale::submitted_sell(sample, seat)));
    }
    return record;
  }
};

static_assert(Record<ForSaleRecord>);

using ForSaleGameRecord = GameRecord<ForSaleRecord>;
using ForSaleViewRecord = ViewRecord<ForSaleRecord>;

}  // namespace pyai::bindings
