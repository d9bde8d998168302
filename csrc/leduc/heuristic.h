// A hand-written Leduc player: plays its hand's strength, reading only its
// own card, the public card and the betting (what its seat may know).
//
//   first round (no public card yet): a king raises (calls once raising is
//     capped), a queen checks or calls, a jack checks and folds to a bet;
//   second round: a pair raises (or calls when capped); a king, or a queen
//     over a jack on the board, checks or calls; anything else checks and
//     folds to a bet.
//
// Deterministic: it draws nothing from the generator (the signature takes one
// so that every game's heuristic has the same shape).
#pragma once

#include "../core/rng.h"
#include "rules.h"

namespace pyai::leduc {

inline Action heuristic_action(const State& s, Rng& /*rng*/) {
  const int rank = rank_of(s.card[s.turn]);
  constexpr int kJack = 0, kQueen = 1, kKing = 2;
  auto raise_or_call = [&] { return may_raise(s) ? kRaise : kCall; };
  auto check_or_fold = [&] { return facing_bet(s) ? kFold : kCall; };
  if (s.round == 0) {
    if (rank == kKing) return raise_or_call();
    return rank == kJack ? check_or_fold() : kCall;
  }
  const int board = rank_of(s.public_card);
  if (rank == board) return raise_or_call();
  if (rank == kKing || (rank == kQueen && board == kJack)) return kCall;
  return check_or_fold();
}

}  // namespace pyai::leduc
