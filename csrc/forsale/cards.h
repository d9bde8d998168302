// The three For Sale decks and what each advisor number does.
//
// Advisors and vehicles are stored by their printed number (bits 1..30 of a
// CardMask). Checks come in pairs of equal value, so they are stored by a card
// id 0..29 whose value check_value() gives; which copy of a pair is used is
// fixed by convention (rules.h, canonical_checks) so that equal positions are
// bit-identical.
#pragma once

#include "../core/card_mask.h"

namespace pyai::forsale {

constexpr int kMinPlayers = 3;
constexpr int kMaxPlayers = 6;
constexpr int kDeckSize = 30;

enum class Deck : uint8_t { kAdvisors = 0, kVehicles = 1, kChecks = 2 };
constexpr int kNumDecks = 3;

constexpr CardMask kNumberedDeck = card_range(1, 30);  // advisors, vehicles
constexpr CardMask kCheckDeck = card_range(0, 29);     // check ids
constexpr CardMask full_deck(Deck deck) {
  return deck == Deck::kChecks ? kCheckDeck : kNumberedDeck;
}

// Checks {0,0,2,2,3,3,...,15,15}: ids 0,1 are worth 0, ids 2k and 2k+1 are worth k+1.
// (Without a branch: id / 2 counts one too few from id 2 on.)
constexpr int check_value(int check_id) { return (check_id >> 1) + int(check_id >= 2); }
constexpr bool is_valid_check_value(int value) { return value == 0 || (value >= 2 && value <= 15); }
constexpr int first_check_id(int value) { return value == 0 ? 0 : 2 * (value - 1); }

// Card "strength" used to rank cards on the table: numbers for advisors and
// vehicles, values for checks (the two copies of a value rank equal).
constexpr int card_rank(Deck deck, int card) {
  return deck == Deck::kChecks ? check_value(card) : card;
}

// Advisor abilities, three consecutive numbers each (1-3, 4-6, ..., 28-30).
enum class Ability : uint8_t {
  kSalesAssociate = 0,      // 1-3   phase 1: full refund instead of half when passing
  kConsultant,              // 4-6   phase 1: +1 from the player to the right
  kMechanic,                // 7-9   phase 3: lowest seller takes the second-lowest check
  kController,              // 10-12 scoring: a check counts at least the Controller's number
  kFleetManager,            // 13-15 phase 2: pay 3 to count as 31-33
  kSalesDirector,           // 16-18 phase 2: +3 if the vehicle taken >= own number
  kLawyer,                  // 19-21 phase 3: sell two vehicles, take one back
  kRestorationSpecialist,   // 22-24 scoring: double one check worth 2..9
  kFinancialAdvisor,        // 25-27 scoring: + cash per Financial Advisor
  kGeneralManager,          // 28-30 phase 2: +4 if not the highest vehicle
};
constexpr int kNumAbilities = 10;

constexpr Ability ability_of(int advisor) { return Ability((advisor - 1) / 3); }
constexpr CardMask advisors_with(Ability ability) {
  return card_range(3 * int(ability) + 1, 3 * int(ability) + 3);
}

constexpr int kFleetManagerBoost = 18;  // 13/14/15 count as 31/32/33
constexpr int kFleetManagerCost = 3;
constexpr int kSalesDirectorBonus = 3;
constexpr int kGeneralManagerBonus = 4;
constexpr int kConsultantFee = 1;
constexpr int kRestorableLow = 2, kRestorableHigh = 9;

}  // namespace pyai::forsale
