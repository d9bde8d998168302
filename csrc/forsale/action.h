// Moves as small integers inside the core.
//
// Layout of an Action (uint32_t):
//   bit 31 set     -> a deal: bits 0..30 are the CardMask turned up
//   bits 24..30    -> the kind of a player move, bits 0..23 its fields
// Fields are packed so that legal_actions() lists moves in increasing numeric
// order: the search keeps a node's children sorted and matches them against
// the legal moves in one merge pass.
// Tokens (`bid:5`) exist only at the boundary: see tokens.h.
#pragma once

#include <cstdint>

#include "../core/card_mask.h"
#include "../core/fixed_vector.h"

namespace pyai::forsale {

using Action = uint32_t;

enum class MoveKind : uint8_t { kPass = 0, kBid, kPlay, kSell, kKeep, kMechanicUse, kMechanicSkip };

constexpr Action kDealFlag = 0x80000000u;

constexpr Action make_move(MoveKind kind, uint32_t fields = 0) { return (Action(kind) << 24) | fields; }
constexpr Action pass_action() { return make_move(MoveKind::kPass); }
constexpr Action bid_action(int total) { return make_move(MoveKind::kBid, uint32_t(total)); }
constexpr Action play_action(int advisor, bool boost) {
  return make_move(MoveKind::kPlay, (uint32_t(advisor) << 1) | (boost ? 1u : 0u));
}
// A plain sell has second_vehicle = lawyer = 0; with a Lawyer, vehicle < second_vehicle.
constexpr Action sell_action(int vehicle, int second_vehicle = 0, int lawyer = 0) {
  return make_move(MoveKind::kSell,
                   (uint32_t(lawyer) << 16) | (uint32_t(vehicle) << 8) | uint32_t(second_vehicle));
}
constexpr Action keep_action(int vehicle) { return make_move(MoveKind::kKeep, uint32_t(vehicle)); }
constexpr Action mechanic_action(bool use) {
  return make_move(use ? MoveKind::kMechanicUse : MoveKind::kMechanicSkip);
}
constexpr Action deal_action(CardMask cards) { return kDealFlag | cards; }

constexpr bool is_deal(Action a) { return (a & kDealFlag) != 0; }
constexpr CardMask dealt_cards(Action a) { return a & ~kDealFlag; }
constexpr MoveKind move_kind(Action a) { return MoveKind((a >> 24) & 0x7f); }
constexpr int bid_total(Action a) { return int(a & 0xffffff); }
constexpr int played_advisor(Action a) { return int((a >> 1) & 0xff); }
constexpr bool played_boost(Action a) { return (a & 1u) != 0; }
constexpr int sold_vehicle(Action a) { return int((a >> 8) & 0xff); }
constexpr int sold_second_vehicle(Action a) { return int(a & 0xff); }
constexpr int sold_lawyer(Action a) { return int((a >> 16) & 0xff); }
constexpr int kept_vehicle(Action a) { return int(a & 0xff); }

// Largest legal-move list: a phase-3 seat with 10 vehicles and 3 Lawyers has
// 10 + 45 * 3 = 145 sells; bids are bounded by cash (validated <= kMaxCash).
constexpr int kMaxCash = 200;
using ActionList = FixedVector<Action, 256>;

}  // namespace pyai::forsale
