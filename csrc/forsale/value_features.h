// What the learned evaluation (value_model.h) reads of a For Sale position:
// a few numbers per seat, taken where a round is about to be dealt.
//
// The model gives each seat a score w . f(seat) and the seats' win chances
// are the softmax of those scores, with one weight vector w per phase and
// round. Features every seat shares (the round, the cards still to come)
// would cancel out in a softmax, so they are not features: they are what
// the weights are chosen by. Computed here once, so that the fitting script
// (through the bindings) and the search read the same numbers.
#pragma once

#include "cards.h"
#include "scoring.h"
#include "state.h"

namespace pyai::forsale {

// Where the evaluation may value a position: a round's cards are about to be
// turned up in one of the three phases (not the removal of the setup, and
// not the end, which has real outcomes).
inline bool is_round_boundary(const State& s) {
  return s.awaiting_deal && s.phase != Phase::kSetup && s.phase != Phase::kOver;
}

constexpr int kValueFeatures = 17;

// One seat's features, in this order (the fitting script names them the same):
//   0 cash                       1 final score if the game ended now
//   2 advisors in hand: sum      3 advisors in hand: highest
//   4 vehicles in hand: sum      5 vehicles in hand: highest
//   6 vehicles in hand: count    7.. advisors owned (hired, played or not,
//   minus used Mechanics and Lawyers) per ability, in Ability order
inline void value_features(const State& s, int seat, float* out) {
  const CardMask advisors = s.advisors_in_hand[seat];
  const CardMask vehicles = s.vehicles[seat];
  out[0] = float(s.cash[seat]);
  out[1] = float(final_score(s, seat));
  int advisor_sum = 0, vehicle_sum = 0;
  for (int a : Cards(advisors)) advisor_sum += a;
  for (int v : Cards(vehicles)) vehicle_sum += v;
  out[2] = float(advisor_sum);
  out[3] = advisors ? float(highest_card(advisors)) : 0.0f;
  out[4] = float(vehicle_sum);
  out[5] = vehicles ? float(highest_card(vehicles)) : 0.0f;
  out[6] = float(card_count(vehicles));
  const CardMask owned = (advisors | s.advisors_played[seat]) & ~s.advisors_spent[seat];
  for (int ability = 0; ability < kNumAbilities; ++ability)
    out[7 + ability] = float(card_count(owned & advisors_with(Ability(ability))));
}

// The names of the features, for the fitting script and its report.
inline constexpr const char* kValueFeatureNames[kValueFeatures] = {
    "cash",          "score_now",         "advisor_sum",      "advisor_max",      "vehicle_sum",
    "vehicle_max",   "vehicle_count",     "sales_associates", "consultants",      "mechanics",
    "controllers",   "fleet_managers",    "sales_directors",  "lawyers",          "restoration_specialists",
    "financial_advisors", "general_managers"};

// Which weights value a round boundary: one set per edition, player count,
// phase and round. kValueBuckets of them, numbered by value_bucket().
constexpr int kValuePhases = 3;  // auction, buying, selling
constexpr int kValueRounds = 10;  // rounds per phase: 8 at 3 players, down to 5 at 6
constexpr int kValueConfigs = 2 * (kMaxPlayers - kMinPlayers + 1);
constexpr int kValueBuckets = kValueConfigs * kValuePhases * kValueRounds;

constexpr int value_bucket(bool classic, int players, Phase phase, int round) {
  const int config = (classic ? kMaxPlayers - kMinPlayers + 1 : 0) + players - kMinPlayers;
  return (config * kValuePhases + int(phase) - int(Phase::kAuction)) * kValueRounds + round;
}

inline int value_bucket(const State& s) { return value_bucket(s.classic, s.num_players, s.phase, s.round); }

}  // namespace pyai::forsale
