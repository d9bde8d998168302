// The plain-data state of a two-player Leduc poker hand.
//
// No pointers and no heap: the search copies a state per iteration with
// memcpy. Betting is kept as the numbers the rules need (chips in the pot per
// seat, raises and calls this round) plus a short log of the moves for
// pictures and records.
#pragma once

#include <cstdint>

#include "cards.h"

namespace pyai::leduc {

constexpr int kPlayers = 2;
constexpr uint8_t kNoSeat = 0xff;

// A player's move. The numbers are OpenSpiel's action numbers, and legal
// moves are listed in this order.
enum Move : uint8_t { kFold = 0, kCall = 1, kRaise = 2 };
using Action = uint8_t;

// The betting log of a round: up to 4 moves (check, raise, raise, call/fold),
// 2 bits each (the move + 1).
constexpr int kMaxMovesPerRound = 4;
static_assert(2 * kMaxMovesPerRound <= 8, "a round's log fits its byte");

struct State {
  uint8_t card[kPlayers] = {kNoCard, kNoCard};  // private cards, seat 0's dealt first
  uint8_t public_card = kNoCard;                // dealt after the first betting round
  CardSet undealt = kFullDeck;                  // still in the deck (in a view: unseen by the observer)
  uint8_t dealt = 0;                            // cards dealt so far: 0..3
  uint8_t round = 0;                            // betting round: 0 before the public card, 1 after
  uint8_t turn = 0;                             // the seat to act at a decision
  uint8_t raises = 0;                           // raises made this round
  uint8_t calls = 0;                            // calls (and checks) since the round's last raise
  uint8_t contributed[kPlayers] = {1, 1};       // chips each seat has put in the pot, ante included
  uint8_t folded = kNoSeat;                     // the seat that folded, if one did
  bool over = false;
  uint8_t log[2] = {};                          // per round, its moves (see kMaxMovesPerRound)
  uint8_t log_size[2] = {};
  // Seats (bits) whose private card is a stand-in, not a fact: a state built
  // from a seat's record (Game.replay_as_seen) that wrote another seat's card
  // as unknown. The rules ignore it; the tokens let a later deal name it.
  uint8_t stand_ins = 0;

  bool operator==(const State&) const = default;

  int pot() const { return contributed[0] + contributed[1]; }
  Move logged_move(int betting_round, int index) const {
    return Move(((log[betting_round] >> (2 * index)) & 3) - 1);
  }
};

}  // namespace pyai::leduc
