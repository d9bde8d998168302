// The parameters of one For Sale game and the numbers that follow from them.
#pragma once

#include <string>

#include "../core/errors.h"
#include "cards.h"

namespace pyai::forsale {

struct Config {
  int players = 4;
  int first_player = 0;  // seat that starts the first auction round
  // The classic For Sale (the base game): properties are auctioned in phase
  // 1 and sold for checks in phase 2; no advisors, no abilities.
  bool classic = false;

  // 3 players: 6 cards of each deck removed unseen; 4 players: 2; 5-6: none.
  int removed_per_deck() const { return players == 3 ? 6 : players == 4 ? 2 : 0; }
  bool has_removal() const { return removed_per_deck() > 0; }
  int cards_in_play() const { return kDeckSize - removed_per_deck(); }
  int rounds_per_phase() const { return cards_in_play() / players; }
  int starting_cash() const {
    if (classic) return players <= 4 ? 18 : 14;
    return players <= 4 ? 28 : 20;
  }
};

// Validates and builds a Config; throws GameError(kBadConfig) naming the bad value.
inline Config make_config(int players, int first_player, bool classic = false) {
  if (players < kMinPlayers || players > kMaxPlayers)
    throw GameError(ErrorKind::kBadConfig, "players must be 3 to 6, not " + std::to_string(players));
  if (first_player < 0 || first_player >= players)
    throw GameError(ErrorKind::kBadConfig, "first must be a seat 0 to " + std::to_string(players - 1) +
                                               ", not " + std::to_string(first_player));
  return Config{players, first_player, classic};
}

}  // namespace pyai::forsale
