// The plain-data state of a For Sale: Autorama game.
//
// No pointers and no heap: a state is copied with memcpy (a determinisation
// is a copy plus a resample) and compared field by field. Everything a rule
// needs is here; derived numbers (round counts, starting cash) come from
// Config once, at setup.
#pragma once

#include <cstdint>

#include "cards.h"
#include "config.h"

namespace pyai::forsale {

enum class Phase : uint8_t {
  kSetup,    // 3-4 players only: the unseen removal has not happened yet
  kAuction,  // phase 1: hiring advisors (classic: auctioning properties)
  kBuying,   // phase 2: buying vehicles with advisors (not in classic)
  kSelling,  // phase 3: selling vehicles for checks (classic: phase 2, properties)
  kOver,
};

// Phase 3 rounds run in three steps once the checks are dealt.
enum class SellStep : uint8_t {
  kChoose,    // every seat picks its secret sell, in seat order
  kKeep,      // after the reveal: Lawyer users take one of their two vehicles back
  kMechanic,  // the lowest seller, holding an unused Mechanic, decides to use it
};

// One seat's phase-3 choice. second_vehicle and lawyer are 0 for a plain sell.
struct SellChoice {
  uint8_t vehicle = 0;
  uint8_t second_vehicle = 0;
  uint8_t lawyer = 0;
  bool operator==(const SellChoice&) const = default;
};

struct State {
  // --- set once at the start
  uint8_t num_players = 0;
  uint8_t first_player = 0;
  uint8_t rounds_per_phase = 0;
  uint8_t removed_per_deck = 0;  // of each deck in play (see removed_from)
  bool classic = false;          // the base game: properties auctioned, no advisors

  // --- where the game is
  Phase phase = Phase::kSetup;
  uint8_t round = 0;           // 0-based round within the phase
  bool awaiting_deal = true;   // chance: this round's cards are not turned up yet
  bool removal_recorded = false;  // the unseen removal is known (a full record)
  uint8_t leader = 0;          // the round's first player (auction, buying)
  uint8_t turn = 0;            // the seat to act when a player acts
  SellStep sell_step = SellStep::kChoose;

  // --- cards by deck (index Deck)
  CardMask unseen[kNumDecks] = {};   // neither turned up nor known to be removed
  CardMask removed[kNumDecks] = {};  // known removed (only with removal_recorded)
  CardMask table = 0;                // this round's face-up cards still unclaimed

  // --- per seat
  int16_t cash[kMaxPlayers] = {};
  CardMask advisors_in_hand[kMaxPlayers] = {};  // hired and not yet played
  CardMask advisors_played[kMaxPlayers] = {};   // played in phase 2 (abilities stay)
  CardMask advisors_spent[kMaxPlayers] = {};    // Mechanics and Lawyers used up
  CardMask vehicles[kMaxPlayers] = {};          // in hand
  CardMask checks[kMaxPlayers] = {};            // check ids taken

  // --- the current auction round
  uint8_t bid[kMaxPlayers] = {};  // standing bid in front of each seat
  uint8_t high_bid = 0;
  uint8_t bidders_left = 0;       // seats (bits) that have not passed

  // --- the current buying round
  uint8_t advisor_offered[kMaxPlayers] = {};  // 0 until the seat has played
  uint8_t boosted = 0;                        // seats (bits) that paid for a Fleet Manager

  // --- the current selling round
  SellChoice sell[kMaxPlayers] = {};
  uint8_t sells_submitted = 0;  // seats (bits)
  uint8_t keeps_pending = 0;    // Lawyer users (bits) still to take a vehicle back
  uint8_t check_won[kMaxPlayers] = {};  // check id each seat gets, set at the reveal
  uint8_t second_lowest_seller = 0;     // who gets the lowest check if a Mechanic is used

  bool operator==(const State&) const = default;

  int players() const { return num_players; }
  CardMask all_seats() const { return CardMask((1u << num_players) - 1); }
  // Without a branch (the last seat's turn comes every round): seat + 1, masked to 0 past the last.
  int left_of(int seat) const { return (seat + 1) & -int(seat + 1 != num_players); }
  int right_of(int seat) const { return seat == 0 ? num_players - 1 : seat - 1; }
};

// The phase as the position notation, the bindings and the pictures name it.
constexpr const char* phase_name(Phase phase) {
  switch (phase) {
    case Phase::kSetup: return "setup";
    case Phase::kAuction: return "auction";
    case Phase::kBuying: return "buying";
    case Phase::kSelling: return "selling";
    case Phase::kOver: return "over";
  }
  return "?";
}

// The deck whose cards the current (or, in setup, the first) phase turns up.
// The classic edition's properties are the vehicle deck; it has no advisors.
constexpr Deck current_deck(const State& s) {
  switch (s.phase) {
    case Phase::kSetup:
    case Phase::kAuction: return s.classic ? Deck::kVehicles : Deck::kAdvisors;
    case Phase::kBuying: return Deck::kVehicles;
    default: return Deck::kChecks;
  }
}

// How many cards of `deck` are removed unseen (none of the classic edition's
// absent advisor deck).
constexpr int removed_from(const State& s, Deck deck) {
  return s.classic && deck == Deck::kAdvisors ? 0 : s.removed_per_deck;
}

}  // namespace pyai::forsale
