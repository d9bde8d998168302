// The most cash a seat can hold at a point of the game.
//
// Cash only grows in three ways: a Consultant collects 1 from the seat to
// its right when hired, and in a buying round a Sales Director pays 3 and a
// General Manager 4 at most, when played (a played advisor is public from
// then on). So a seat holds at most its starting cash, plus 1 for each
// Consultant it hired, plus those bonuses for the Sales Directors and
// General Managers it has played. Reading a position checks known cash
// against this; a range of unknown cash is narrowed to it (information.cpp,
// narrow_cash), and a determinisation never draws cash above it for the hand
// it draws.
#pragma once

#include <algorithm>

#include "cards.h"
#include "config.h"
#include "state.h"

namespace pyai::forsale {

constexpr CardMask kConsultants = advisors_with(Ability::kConsultant);

// The most cash `seat`, having hired `consultants` Consultants, can hold in `s`.
inline int most_cash(const State& s, int seat, int consultants) {
  const int start = Config{s.num_players, 0, s.classic}.starting_cash();
  const CardMask played = s.advisors_played[seat];
  return start + consultants * kConsultantFee +
         card_count(played & advisors_with(Ability::kSalesDirector)) * kSalesDirectorBonus +
         card_count(played & advisors_with(Ability::kGeneralManager)) * kGeneralManagerBonus;
}

// The Consultants `seat` is known in `s` to have hired: in hand, played, or
// offered in this buying round.
inline int consultants_hired(const State& s, int seat) {
  const CardMask hired = s.advisors_in_hand[seat] | s.advisors_played[seat] | card_bit(s.advisor_offered[seat]);
  return card_count(hired & kConsultants);
}

// How many more Consultants than it is known to have hired `seat` must have
// hired to hold the cash it has in `s` (0 when its known advisors allow it).
inline int consultants_needed(const State& s, int seat) {
  const int over = s.cash[seat] - most_cash(s, seat, consultants_hired(s, seat));
  return over > 0 ? (over + kConsultantFee - 1) / kConsultantFee : 0;
}

// The most cash `seat` can hold in `s` when `unknown_advisors` of the advisors in
// its hand are not known: each may be one of the Consultants no one has seen.
inline int most_cash_unknown_hand(const State& s, int seat, int unknown_advisors) {
  const int unseen_consultants = card_count(s.unseen[int(Deck::kAdvisors)] & kConsultants);
  return most_cash(s, seat, consultants_hired(s, seat) + std::min(unknown_advisors, unseen_consultants));
}

}  // namespace pyai::forsale
