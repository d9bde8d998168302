// The rules of two-player Leduc poker, exactly as OpenSpiel's leduc_poker
// plays them with its default parameters:
//
//   * each seat antes 1 chip and is dealt one private card, seat 0 first;
//   * a betting round; then one public card; then a second betting round;
//     seat 0 acts first in both rounds;
//   * a raise puts in what is owed plus 2 chips in the first round, 4 in the
//     second; at most 2 raises a round;
//   * a seat may fold only when it faces a bet (owes chips); `call` matches
//     the bet, or checks when nothing is owed;
//   * a round ends when both seats have checked, or when the last raise has
//     been called; a fold ends the hand at once;
//   * showdown: a private card that pairs the public card wins, else the
//     higher private rank; equal ranks split the pot.
//
// Header-only so that the search inlines every rule.
#pragma once

#include <algorithm>

#include "../core/fixed_vector.h"
#include "../core/rng.h"
#include "state.h"

namespace pyai::leduc {

constexpr int kAnte = 1;
constexpr int kRaiseSize[2] = {2, 4};  // by betting round
constexpr int kMaxRaisesPerRound = 2;
// The most chips a seat can put in, and so win or lose: 1 + 2 x 2 + 2 x 4.
constexpr int kMaxStake = kAnte + kMaxRaisesPerRound * (kRaiseSize[0] + kRaiseSize[1]);

// What to_move() returns besides a seat.
constexpr int kChance = -1;
constexpr int kTerminal = -2;

using ActionList = FixedVector<Action, 3>;

inline State initial_state() { return State{}; }

inline bool is_terminal(const State& s) { return s.over; }
// The hand ended with both cards turned up (not by a fold).
inline bool is_showdown(const State& s) { return s.over && s.folded == kNoSeat; }
// A card is dealt next: a private card (before any betting) or the public card (between the rounds).
inline bool is_chance(const State& s) { return !s.over && (s.dealt < kPlayers || (s.round == 1 && s.dealt == kPlayers)); }
inline int to_move(const State& s) {
  if (is_terminal(s)) return kTerminal;
  if (is_chance(s)) return kChance;
  return s.turn;
}

// The seat the next card goes to, or kNoSeat for the public card (at a chance step).
inline int deal_receiver(const State& s) { return s.dealt < kPlayers ? s.dealt : kNoSeat; }

// The chips every seat must have in the pot to stay in the hand.
inline int stakes(const State& s) { return std::max(s.contributed[0], s.contributed[1]); }
inline bool facing_bet(const State& s) { return s.contributed[s.turn] < stakes(s); }
inline bool may_raise(const State& s) { return s.raises < kMaxRaisesPerRound; }

// The acting seat's legal moves in increasing order: [fold] call [raise].
inline void legal_actions(const State& s, ActionList& out) {
  out.clear();
  if (facing_bet(s)) out.push_back(kFold);
  out.push_back(kCall);
  if (may_raise(s)) out.push_back(kRaise);
}

// A uniformly random legal move, without building the list: the list is
// [fold] call [raise], so the k-th entry is move k, shifted past a missing fold.
inline Action random_action(const State& s, Rng& rng) {
  const bool facing = facing_bet(s);
  const uint32_t count = (facing ? 1u : 0u) + 1u + (may_raise(s) ? 1u : 0u);
  return Action(rng.below(count) + (facing ? 0u : 1u));
}

// Plays a legal move of the acting seat.
inline void apply_action(State& s, Action a) {
  const int seat = s.turn;
  const int round = s.round;
  s.log[round] = uint8_t(s.log[round] | ((a + 1) << (2 * s.log_size[round])));
  ++s.log_size[round];
  if (a == kFold) {
    s.folded = uint8_t(seat);
    s.over = true;
    return;
  }
  if (a == kRaise) {
    s.contributed[seat] = uint8_t(stakes(s) + kRaiseSize[round]);
    ++s.raises;
    s.calls = 0;
    s.turn = uint8_t(1 - seat);
    return;
  }
  s.contributed[seat] = uint8_t(stakes(s));
  ++s.calls;
  const bool round_over = s.raises == 0 ? s.calls == kPlayers : s.calls == kPlayers - 1;
  if (!round_over) {
    s.turn = uint8_t(1 - seat);
  } else if (round == 0) {
    s.round = 1;  // the public card comes next
    s.raises = 0;
    s.calls = 0;
    s.turn = 0;
  } else {
    s.over = true;  // showdown
  }
}

// Deals `card` (undealt) to the seat whose card comes next, or as the public card.
inline void deal(State& s, int card) {
  s.undealt = CardSet(s.undealt & ~card_set_bit(card));
  if (s.dealt < kPlayers) {
    s.card[s.dealt] = uint8_t(card);
  } else {
    s.public_card = uint8_t(card);
  }
  ++s.dealt;
  s.turn = 0;  // seat 0 opens both betting rounds
}

// A uniformly random undealt card, as the chance step draws it.
inline int sample_card(const State& s, Rng& rng) { return random_card(s.undealt, rng); }

// Showdown strength of `seat`'s hand: a pair with the public card beats any
// unpaired card, else the private rank counts. With one shared public card
// this orders hands as OpenSpiel's (high card, low card) ranking does.
inline int hand_strength(const State& s, int seat) {
  const int rank = rank_of(s.card[seat]);
  return rank == rank_of(s.public_card) ? kRanks + rank : rank;
}

// At the end: the chips `seat` won (positive) or lost (negative). A fold
// loses what the folder put in; at a showdown both seats have put in the
// same, which the better hand wins (a split: neither wins anything).
inline int chips_won(const State& s, int seat) {
  const int other = 1 - seat;
  if (s.folded != kNoSeat) return s.folded == seat ? -s.contributed[seat] : s.contributed[other];
  const int mine = hand_strength(s, seat), theirs = hand_strength(s, other);
  return mine > theirs ? s.contributed[other] : mine < theirs ? -s.contributed[seat] : 0;
}

}  // namespace pyai::leduc
