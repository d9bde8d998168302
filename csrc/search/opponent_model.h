// Who the other seats are: for each, the belief that it plays as the game's
// heuristic player (a HasHeuristic game's hand-written bot), weighed from its
// public moves so far.
//
// Why: the tree otherwise models every other seat as a searching player (UCB
// at its decisions, regret matching at its secret choices). Against a seat
// that in fact plays a fixed, known policy, that model is far from the truth,
// and the best reply to the truth is worth a lot: in For Sale, telling the
// three heuristic bots at the table apart took a 10,000-iteration search from
// 0.29 to 0.88 of the classic game's wins (docs/search.md, "The opponent
// model").
// Against anyone else the belief falls within a few moves and the search is
// what it was.
//
// The model. A seat is one of two kinds:
//   * a heuristic player plays the heuristic's move, but for a share kStray
//     of its moves, drawn among all its legal moves (a noisy bot, a slip);
//   * anyone else agrees with the heuristic on a share q of its moves and
//     otherwise plays one of the other legal moves, each as likely. q depends
//     on the decision: a game may say it (HasHeuristicAgreement; For Sale's
//     search agrees on 74% of its auction moves and 17% of its sells), else
//     kAgreement.
// Each observed move with more than one legal choice multiplies the odds
// that the seat is a heuristic player by P(move | heuristic) / P(move | else):
// about 0.98 / q for an agreement and 0.02 / (1 - q) for a disagreement (1.3
// and 1/12 in For Sale's auction, 4.9 and 1/40 at its sells). The odds start
// at the prior's.
//
// Hidden information. Where the heuristic reads what the observer cannot see
// (another seat's private card), the heuristic's move is known only per
// determinisation: the likelihood of a seat's moves under each kind is then
// averaged over several determinisations of the observer's view (the
// marginal likelihood, over the observer's own uncertainty), so the belief
// depends on nothing the observer could not know.
//
// The search draws each seat's kind afresh every iteration from its belief,
// as it draws the hidden cards; a seat drawn as a heuristic player plays the
// heuristic's move at its decisions and secret choices in the tree
// (tree_search.h). Rollouts are the heuristic's for every seat already.
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

namespace pyai::search {

class OpponentEvidence {
 public:
  // The share of a heuristic player's moves that are not the heuristic's.
  static constexpr double kStray = 0.02;
  // The share of anyone else's moves that are the heuristic's, where the
  // game does not say it per decision (For Sale's search: 55-65% of all its
  // moves with a choice).
  static constexpr double kAgreement = 0.6;

  // Evidence about `players` seats, gathered in `samples` determinisations
  // of the observer's view (1 where the heuristic reads only public facts).
  OpponentEvidence(int players, int samples)
      : players_(players),
        samples_(std::max(1, samples)),
        log_heuristic_(size_t(players_) * size_t(samples_), 0.0),
        log_other_(size_t(players_) * size_t(samples_), 0.0) {}

  // Records, in determinisation `sample`, a move of `seat` that had
  // `legal_count` legal choices and agreed (or not) with the heuristic's,
  // at a decision where anyone else agrees with a share `agreement` of the
  // time. A forced move tells nothing.
  void observe(int sample, int seat, bool agreed, int legal_count, double agreement = kAgreement) {
    if (legal_count <= 1) return;
    const double k = double(legal_count);
    const double q = std::clamp(agreement, kStray, 1 - kStray);
    const size_t at = index(sample, seat);
    if (agreed) {
      log_heuristic_[at] += std::log(1 - kStray + kStray / k);
      log_other_[at] += std::log(q);
    } else {
      log_heuristic_[at] += std::log(kStray / k);
      log_other_[at] += std::log((1 - q) / (k - 1));
    }
  }

  // A belief this close to 0 or 1 is taken as 0 or 1: the search then draws
  // nothing for the seat, so a search whose opponents were all told apart
  // from the heuristic is exactly the search without the model.
  static constexpr double kNegligible = 1e-3;

  // Per seat, the probability that it plays as the heuristic player given
  // what was observed, from `prior` (0 for `observer`, which is not modelled).
  std::vector<float> beliefs(int observer, double prior) const {
    std::vector<float> out(size_t(players_), 0.0f);
    if (prior <= 0) return out;
    for (int seat = 0; seat < players_; ++seat) {
      if (seat == observer) continue;
      if (prior >= 1) {
        out[size_t(seat)] = 1.0f;
        continue;
      }
      const double log_odds =
          std::log(prior) - std::log1p(-prior) + log_mean_exp(log_heuristic_, seat) - log_mean_exp(log_other_, seat);
      const double belief = 1.0 / (1.0 + std::exp(-std::clamp(log_odds, -700.0, 700.0)));
      out[size_t(seat)] = belief < kNegligible ? 0.0f : belief > 1 - kNegligible ? 1.0f : float(belief);
    }
    return out;
  }

 private:
  size_t index(int sample, int seat) const { return size_t(sample) * size_t(players_) + size_t(seat); }

  // log(mean over samples of exp(values[sample, seat])), without overflow.
  double log_mean_exp(const std::vector<double>& values, int seat) const {
    double top = -1e300;
    for (int s = 0; s < samples_; ++s) top = std::max(top, values[index(s, seat)]);
    double sum = 0;
    for (int s = 0; s < samples_; ++s) sum += std::exp(values[index(s, seat)] - top);
    return top + std::log(sum / double(samples_));
  }

  int players_;
  int samples_;
  std::vector<double> log_heuristic_;  // per sample and seat: log P(its moves | a heuristic player)
  std::vector<double> log_other_;      // per sample and seat: log P(its moves | anyone else)
};

}  // namespace pyai::search
