// For Sale as the search sees it: the Game concept (search/game.h) for For
// Sale. Everything game-specific the search needs is here, so the search
// holds no For Sale code.
#pragma once

#include <algorithm>
#include <span>

#include "../core/rng.h"
#include "../search/game.h"
#include "../search/opponent_model.h"
#include "../search/settings.h"
#include "heuristic.h"
#include "information.h"
#include "playout.h"
#include "rollout_buys.h"
#include "rollout_sells.h"
#include "rules.h"
#include "scoring.h"
#include "value_model.h"

namespace pyai::forsale {

// For Sale's own filter on what the tree expands: jump bids. Raising by one
// can always be answered, and the auction's 20-30 bids a turn are most of the
// tree's branching: searching only raises up to the high bid + max_raise
// measured stronger than searching them all, and +1 measured best at every
// budget tried. +3 was the default for large trees of the 4-player Autorama
// for a while: it beat +1 against copies of the search at a tenth of the
// budget, but head to head at 20,000 iterations, one +3 against three +1, it
// won 0.235 +- 0.039 of the games (100 deals; fair 0.25), and it did worse
// against the heuristic bot: docs/search.md, the bid cap.
struct TreeOptions {
  int max_raise = 1;            // > 0: bids up to the high bid + max_raise only (0: every bid)
  int opponent_max_raise = -1;  // the same cap for the other seats' bids (-1: max_raise)
  // Rollouts sell by rollout_sells.h with this weight on what a vehicle would
  // take later (-1: the heuristic's sell). Weights 0.5, 0.75, 1, 1.5 and 5.6
  // won 0.345, 0.398, 0.430, 0.426 and 0.287 against 3 searches with the
  // heuristic's sells (0.285 without; docs/search.md, "The rollout's sells").
  float rollout_sell_later_weight = 1.0f;
  // Rollouts play advisors (phase 2) by rollout_buys.h with this weight on
  // the vehicle an advisor would take later (-1: the heuristic's choice, the
  // default). Weights 0.5, 1 and 1.5 gained +0.016, +0.055 and +0.058 win
  // share against 3 searches without, but with every seat using w = 1 the
  // 20,000-iteration seat's lead over 3 at 2,000 fell by 0.083 (docs/search.md,
  // "The rollout's advisors").
  float rollout_buy_later_weight = -1.0f;
};

struct SearchGame {
  using State = forsale::State;
  using View = forsale::View;
  using Action = forsale::Action;
  using TreeOptions = forsale::TreeOptions;
  using NodeKind = search::NodeKind;
  static constexpr int kMaxSeats = kMaxPlayers;
  static constexpr int kMaxActions = int(ActionList::capacity());
  // Final money is divided by about its spread between seats at the end of a
  // game, so that money differences weigh against the UCB exploration term as
  // win shares do (dividing by 100 left them so small that the search explored
  // almost uniformly: measured 0.03 win share against the heuristic).
  static constexpr float kScoreScale = 20.0f;

  static int players(const View& view) { return view.state.num_players; }

  static NodeKind kind(const State& s) {
    if (is_terminal(s)) return NodeKind::kTerminal;
    if (s.awaiting_deal) return NodeKind::kChance;
    return forsale::is_choose_step(s) ? NodeKind::kSimultaneous : NodeKind::kDecision;
  }

  // In a choose step s.turn is a seat without a sell (the lowest, or the
  // searching seat at the root of its search).
  static int acting_seat(const State& s) { return s.turn; }
  static void legal_actions(const State& s, ActionList& out) { forsale::legal_actions(s, out); }

  static void tree_actions(const State& s, int searching_seat, const TreeOptions& options, ActionList& out) {
    forsale::legal_actions(s, out);
    const bool own = s.turn == searching_seat || options.opponent_max_raise < 0;
    const int max_raise = own ? options.max_raise : options.opponent_max_raise;
    if (max_raise <= 0 || s.phase != Phase::kAuction) return;
    // The auction lists the pass, then each bid up from high_bid + 1: the
    // bids up to the cap are a prefix.
    out.truncate(std::min(out.size(), std::size_t(1 + max_raise)));
  }
  static void apply(State& s, Action a) { apply_action(s, a); }

  // Turns up random cards; the removal is unseen by every seat (one outcome),
  // a deal is seen by every seat (its cards).
  static uint64_t apply_chance(State& s, Rng& rng, int /*observer*/) {
    if (s.phase == Phase::kSetup) {
      apply_random_chance(s, rng);
      return 0;
    }
    const CardMask deal = sample_deal(s, rng);
    apply_deal(s, deal);
    return deal;
  }
  static uint64_t chance_step_id(const State& s) { return uint64_t(s.phase) * 64 + s.round; }

  // A deal (its cards are its key) dealt again where its cards are all still
  // unseen; never the removal, which no seat sees.
  static bool replay_chance(State& s, uint64_t key, int /*observer*/) {
    if (s.phase == Phase::kSetup || !s.awaiting_deal || key >> 32) return false;
    const CardMask deal = CardMask(key);
    const Deck deck = current_deck(s);
    const CardMask pool = s.unseen[int(deck)];
    if ((deal & ~pool) || card_count(deal) != s.num_players) return false;
    if (deck == Deck::kChecks && canonical_checks(pool, deal, /*highest_first=*/false) != deal) return false;
    apply_deal(s, deal);
    return true;
  }

  // A deal grouped by its cards' ranks: each card in one of `level` equal
  // bands of its deck's ranks (numbers 1-30, check values 0-15), the key the
  // bands in card order. Deals with the same bands make the same auction or
  // sale to within a band's width, so they share a subtree. The removal (key
  // 0, seen by no seat) stays as it is.
  static uint64_t abstract_chance(const State& s, uint64_t key, int level) {
    if (key == 0 || s.awaiting_deal) return key;
    const Deck deck = current_deck(s);
    const bool checks = deck == Deck::kChecks;
    uint64_t grouped = 1;  // a leading 1 keeps the band count in the key
    for (CardMask rest = CardMask(key); rest; rest &= rest - 1) {
      const int rank = card_rank(deck, lowest_card(rest));
      const int band = checks ? rank * level / 16 : (rank - 1) * level / kDeckSize;
      grouped = grouped << 5 | uint64_t(band);
    }
    return grouped;
  }

  static State determinize(const View& view, Rng& rng) { return forsale::determinize(view, rng); }
  static Action random_action(const State& s, Rng& rng) { return forsale::random_action(s, rng); }
  // Deterministic (noise 0 draws nothing); reads only what the acting seat may know.
  static Action heuristic_action(const State& s, Rng& rng) { return forsale::heuristic_action(s, rng, 0); }
  // Rollouts: the heuristic, but the rollout's own sell (choose steps) and buying (phase 2) rules when the options ask for them.
  static Action rollout_action(const State& s, Rng& rng, const TreeOptions& options) {
    if (options.rollout_sell_later_weight >= 0 && is_choose_step(s))
      return rollout_sell(s, options.rollout_sell_later_weight);
    if (options.rollout_buy_later_weight >= 0 && s.phase == Phase::kBuying)
      return rollout_buy(s, options.rollout_buy_later_weight);
    return forsale::heuristic_action(s, rng, 0);
  }

  // Per seat: the win share (1/k for k tied winners, ties broken by cash) and final money.
  static void outcomes(const State& s, float* win, float* money) {
    int scores[kMaxPlayers];
    for (int p = 0; p < s.num_players; ++p) scores[p] = final_score(s, p);  // once: winners come from them
    const CardMask won = winners_from_scores(s, scores);
    const float share = 1.0f / float(card_count(won));
    for (int p = 0; p < s.num_players; ++p) {
      win[p] = has_card(won, p) ? share : 0.0f;
      money[p] = float(scores[p]);
    }
  }

  // How often a player who is not the heuristic still makes its move, by
  // decision (opponent_model.h): For Sale's search at 2,000 iterations in 16
  // self-play games (4 players, Autorama and classic) agreed with the
  // heuristic on 74% of its auction moves (71% in the classic game), 40% of
  // its buys, 17-20% of its sells, 57% of its keeps after a Lawyer and 68%
  // of its Mechanic choices.
  static double heuristic_agreement(const State& s) {
    if (s.phase == Phase::kAuction) return 0.75;
    if (s.phase == Phase::kBuying) return 0.4;
    switch (s.sell_step) {
      case SellStep::kChoose: return 0.2;
      case SellStep::kKeep: return 0.6;
      case SellStep::kMechanic: return 0.7;
    }
    return search::OpponentEvidence::kAgreement;
  }

  // The other seats are also weighed as the heuristic player (opponent_model.h):
  // a heuristic bot is told apart within the auction or the first sells, and
  // against three of them the search's share of the wins went from 0.58 to
  // 0.95 (classic: 0.29 to 0.88); against searching players the belief falls
  // and nothing measurable was lost (docs/search.md, "The opponent model").
  // Deals are grouped by three rank bands a card (abstract_chance): stronger
  // at 20,000 iterations, no loss elsewhere (docs/search.md, "Strength by
  // thinking time").
  static void search_defaults(search::SearchConfig& config) {
    config.opponent_model = search::OpponentModel::kHeuristic;
    config.chance_abstraction = 3;
  }

  // The learned evaluation (value_model.h): at a round boundary.
  static constexpr int kValueFeatures = forsale::kValueFeatures;
  static bool is_evaluation_point(const State& s) { return is_round_boundary(s); }
  static int value_bucket(const State& s) { return forsale::value_bucket(s); }
  static void value_features(const State& s, int seat, float* out) { forsale::value_features(s, seat, out); }
  static bool evaluate(const State& s, float* win, float* money) { return evaluate_position(s, win, money); }

  // The sealed sells of phase 3.
  static bool is_simultaneous_participant(const State& s, int seat) { return !has_card(s.sells_submitted, seat); }
  static void legal_actions_for(const State& s, int seat, ActionList& out) {
    out.clear();
    legal_sells(s, seat, out);
  }
  // The rules record a sell for s.turn: make it `seat`'s (at the root of a
  // search s.turn is the searching seat, whatever lower seats still choose).
  static void apply_simultaneous(State& s, int seat, Action a) {
    s.turn = uint8_t(seat);
    apply_action(s, a);
  }
  // The heuristic's sell for `seat`, any seat still to choose (the rules'
  // acting seat is s.turn; the heuristic reads no other seat's sell).
  static Action heuristic_choice(const State& s, int seat, Rng& rng) {
    State chooser = s;
    chooser.turn = uint8_t(seat);
    return forsale::heuristic_action(chooser, rng, 0);
  }
  // Other seats' secret sells that were made but not revealed are taken back.
  static View reopen_simultaneous_step(const View& view) {
    View open = view;
    State& s = open.state;
    if (view.hidden_sells) {
      s.sells_submitted &= uint8_t(~view.hidden_sells);
      s.turn = uint8_t(lowest_card(~CardMask(s.sells_submitted)));
      open.hidden_sells = 0;
    }
    return open;
  }
};

// A rollout rule's weight as a setting: a number, or None (stored as -1) for the heuristic's moves.
template <float TreeOptions::*weight>
void store_weight(TreeOptions& o, const search::SettingValue& v) {
  o.*weight = std::holds_alternative<double>(v) ? float(std::get<double>(v)) : -1.0f;
}
template <float TreeOptions::*weight>
search::SettingValue read_weight(const TreeOptions& o) {
  return o.*weight < 0 ? search::SettingValue() : search::SettingValue(double(o.*weight));
}

// The tree options as settings (search/settings.h): names, ranges, meaning.
inline std::span<const search::Setting<TreeOptions>> tree_settings() {
  using V = search::SettingValue;
  static const search::Setting<TreeOptions> table[] = {
      {"max_raise", search::SettingKind::kCount, 0, 1000, "", false,
       "the tree considers bids up to the high bid + max_raise (0: every bid)",
       [](TreeOptions& o, const V& v) { o.max_raise = int(std::get<uint64_t>(v)); },
       [](const TreeOptions& o) { return V(uint64_t(o.max_raise)); }},
      {"opponent_max_raise", search::SettingKind::kCount, 0, 1000, "", true,
       "the same cap for the other seats' bids in the tree (None: max_raise; 0: every bid)",
       [](TreeOptions& o, const V& v) {
         o.opponent_max_raise = std::holds_alternative<uint64_t>(v) ? int(std::get<uint64_t>(v)) : -1;
       },
       [](const TreeOptions& o) { return o.opponent_max_raise < 0 ? V() : V(uint64_t(o.opponent_max_raise)); }},
      {"rollout_sell_later_weight", search::SettingKind::kNumber, 0, 100, "", true,
       "rollouts sell the vehicle that takes the most now less this weight times what it would take in a later "
       "round (None: rollouts sell as the heuristic player does)",
       store_weight<&TreeOptions::rollout_sell_later_weight>, read_weight<&TreeOptions::rollout_sell_later_weight>},
      {"rollout_buy_later_weight", search::SettingKind::kNumber, 0, 100, "", true,
       "experimental (measured no gain, docs/search.md): rollouts play the advisor whose vehicle now, less this "
       "weight times the vehicle it would take in a later round, is best (None: rollouts play advisors as the "
       "heuristic player does)",
       store_weight<&TreeOptions::rollout_buy_later_weight>, read_weight<&TreeOptions::rollout_buy_later_weight>},
  };
  return table;
}

static_assert(search::Game<SearchGame> && search::HasHeuristic<SearchGame> && search::HasSimultaneousMoves<SearchGame> &&
              search::HasChanceReplay<SearchGame> && search::HasValueModel<SearchGame> &&
              search::HasSimultaneousHeuristic<SearchGame> && search::HasSearchDefaults<SearchGame> &&
              search::HasRolloutPolicy<SearchGame> &&
              search::HasHeuristicAgreement<SearchGame> && search::HasChanceAbstraction<SearchGame>);

}  // namespace pyai::forsale
