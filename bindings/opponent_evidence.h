// The opponent model's beliefs (csrc/search/opponent_model.h) from what one
// seat saw: its record is replayed from the start of the game, and each
// public move of another seat is compared with the move the game's heuristic
// player would have made there.
//
// A seat's record leaves out what it did not see (another seat's private
// card, a secret choice not yet revealed), and the heuristic may read some
// of it. So the record is replayed with those facts filled in by a
// determinisation of the seat's view (R::sampled_record), several times
// when the game has private information, and only the moves the seat saw
// count as evidence. The beliefs depend on nothing the seat could not know.
#pragma once

#include <string>
#include <vector>

#include "../csrc/core/rng.h"
#include "../csrc/search/game.h"
#include "../csrc/search/opponent_model.h"
#include "game_record.h"

namespace pyai::bindings {

// Determinisations the evidence is averaged over in a game with private
// information (elsewhere the heuristic reads only public facts: one is exact).
constexpr int kEvidenceSamplesWithPrivateInformation = 16;

// Adds to `evidence`, as determinisation `sample`, the moves of `record` (a
// whole record from `initial`, replaying to a determinisation of `seen`'s
// view) that `seen`'s own record shows: those of other seats are weighed.
template <typename R>
void observe_record(const ViewRecord<R>& seen, const typename R::State& initial, const std::vector<std::string>& record,
                    int sample, Rng& rng, search::OpponentEvidence& evidence) {
  using G = typename R::Game;
  if (record.size() < seen.public_history.size()) return;
  // What the seat never saw at all (For Sale's removal) comes first.
  const size_t unseen_prefix = record.size() - seen.public_history.size();
  typename R::State s = initial;
  search::ActionList<G> legal;
  for (size_t i = 0; i < record.size(); ++i) {
    const auto parsed = R::parse(s, record[i]);
    const search::NodeKind kind = G::kind(s);
    const bool seen_move = i >= unseen_prefix && seen.public_history[i - unseen_prefix] == record[i] &&
                           (kind == search::NodeKind::kDecision || kind == search::NodeKind::kSimultaneous);
    // The record's next move is the acting seat's, also at a simultaneous
    // step (records list secret choices in the order the rules take them).
    if (seen_move && G::acting_seat(s) != seen.observer()) {
      const int seat = G::acting_seat(s);
      G::legal_actions(s, legal);
      if constexpr (search::HasSimultaneousMoves<G>)
        if (kind == search::NodeKind::kSimultaneous) G::legal_actions_for(s, seat, legal);
      const auto predicted = G::heuristic_action(s, rng);
      double agreement = search::OpponentEvidence::kAgreement;
      if constexpr (search::HasHeuristicAgreement<G>) agreement = G::heuristic_agreement(s);
      evidence.observe(sample, seat, R::format_action(s, predicted) == R::canonical(s, parsed), int(legal.size()),
                       agreement);
    }
    R::apply(s, parsed);
  }
}

// Per seat, the belief that it plays as the heuristic player, from `prior`
// and the moves `seen`'s record shows (only the prior for a view with no
// record: a position written as text, or one with facts forgotten); 0 for
// the seat itself.
template <typename R>
std::vector<float> heuristic_beliefs(const ViewRecord<R>& seen, const typename R::State& initial, double prior,
                                     uint64_t seed) {
  using G = typename R::Game;
  const int samples = search::HasPrivateInformation<G> ? kEvidenceSamplesWithPrivateInformation : 1;
  search::OpponentEvidence evidence(G::players(seen.view), samples);
  if constexpr (search::HasHeuristic<G>) {
    if (seen.recorded && !seen.partial) {
      Rng rng(seed);
      for (int sample = 0; sample < samples; ++sample) {
        const typename R::State drawn = R::determinize(seen.view, rng);
        observe_record(seen, initial, R::sampled_record(seen.view, seen.public_history, drawn), sample, rng,
                       evidence);
      }
    }
  }
  return evidence.beliefs(seen.observer(), prior);
}

}  // namespace pyai::bindings
