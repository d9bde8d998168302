// Player moves as small integers inside the core: the kind in the high byte,
// its argument in the low byte. Kinds are numbered so that every step lists
// its legal moves in increasing numeric order (the search merges a node's
// sorted children against them). Tokens (`place:R2`) exist only at the
// boundary: see tokens.h.
#pragma once

#include <cstdint>

#include "../core/fixed_vector.h"

namespace pyai::automania {

using Action = uint16_t;

enum class MoveKind : uint8_t {
  kSponsor,       // K workers to the sponsor space
  kPlace,         // on row/column space 0-7
  kCorner,        // on the corner space, producing car type `arg`
  kWithdraw,
  kTile,          // the tile at place `arg` (0-3) of the chosen row or column
  kPutStation,    // a machine on station `arg`
  kPutOffice,     // a manager in office space `arg`
  kPutStyling,    // a styling tile above car type `arg`'s line
  kDiscard,
  kDrawDisplay,   // the display's contract `arg`
  kDrawDeck,
  kMarket,        // ship to market `arg`
  kMarketing,     // K workers to the marketing space
  kTakeback,      // own car back from ship space: arg = market * 32 + space
  kShip,          // the car onto ship space `arg`
  kShipNone,      // no ship space can take it
  kSell,          // to sales space `arg` (also a top car's reward)
  kKeep,          // the car stays on its ship
  kContract,      // play contract `arg`
  kContractNone,
  kOffice,        // sales office `arg` (0-based)
  kDemand,        // advance the pending demand tiles on side `arg` (0 left, 1 right)
};

constexpr Action make_move(MoveKind kind, int arg = 0) { return Action((int(kind) << 8) | arg); }
constexpr MoveKind move_kind(Action a) { return MoveKind(a >> 8); }
constexpr int move_arg(Action a) { return a & 0xff; }

// The most legal moves at any step: the ship step of a seat with 16 workers
// (16 marketing choices + 7 take-backs + 24 ship spaces + none) stays below it.
constexpr int kMaxLegalMoves = 64;
using ActionList = FixedVector<Action, kMaxLegalMoves>;

}  // namespace pyai::automania
