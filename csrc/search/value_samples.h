// Positions and outcomes from self-play, to fit a game's learned evaluation
// (HasValueModel, game.h) on: written once, for every game that has one.
//
// Each game, from `start` (a full state of `players` seats), is played by the
// game's heuristic player on every seat. Up to a cut drawn per game (0 to
// max_cut evaluation points) a share of its moves is uniformly random, so the
// positions cover more than the heuristic's own lines; from the cut on it
// plays straight, and every evaluation point from there is recorded with the
// game's final outcome. So each recorded outcome is what a heuristic rollout
// from that position would return: the model learns the value the search's
// rollouts estimate, without their variance.
#pragma once

#include <cstdint>
#include <vector>

#include "../core/rng.h"
#include "game.h"

namespace pyai::search {

struct ValueSamples {
  int players = 0;
  int features = 0;
  std::vector<int32_t> bucket;    // per sample: which weights value it
  std::vector<int32_t> game;      // per sample: the game it came from
  std::vector<float> feature;     // per sample, seat, feature
  std::vector<float> win;         // per sample, seat: the final win share
  std::vector<float> score;       // per sample, seat: the final score
};

template <Game G>
  requires HasValueModel<G> && HasHeuristic<G>
ValueSamples play_value_samples(const typename G::State& start, int players, int games, int max_cut,
                                int noise_percent, uint64_t seed) {
  ValueSamples out;
  out.players = players;
  out.features = G::kValueFeatures;
  Rng rng(seed);
  float win[G::kMaxSeats], score[G::kMaxSeats];
  for (int g = 0; g < games; ++g) {
    typename G::State s = start;
    const int cut = int(rng.below(uint32_t(max_cut) + 1));  // max_cut >= 0
    const size_t first = out.bucket.size();
    int points = 0;
    for (;;) {
      const NodeKind kind = G::kind(s);
      if (kind == NodeKind::kTerminal) break;
      if (G::is_evaluation_point(s) && points++ >= cut) {
        out.bucket.push_back(int32_t(G::value_bucket(s)));
        out.game.push_back(int32_t(g));
        for (int p = 0; p < players; ++p) {
          const size_t at = out.feature.size();
          out.feature.resize(at + size_t(G::kValueFeatures));
          G::value_features(s, p, out.feature.data() + at);
        }
      }
      if (kind == NodeKind::kChance) {
        G::apply_chance(s, rng, kEverySeat);
        continue;
      }
      const bool noisy = points <= cut && int(rng.below(100)) < noise_percent;
      const typename G::Action a = noisy ? G::random_action(s, rng) : G::heuristic_action(s, rng);
      if constexpr (HasSimultaneousMoves<G>) {
        if (kind == NodeKind::kSimultaneous) {
          G::apply_simultaneous(s, G::acting_seat(s), a);
          continue;
        }
      }
      G::apply(s, a);
    }
    G::outcomes(s, win, score);
    for (size_t i = first; i < out.bucket.size(); ++i) {
      out.win.insert(out.win.end(), win, win + players);
      out.score.insert(out.score.end(), score, score + players);
    }
  }
  return out;
}

}  // namespace pyai::search
