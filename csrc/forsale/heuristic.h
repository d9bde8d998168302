// A hand-written For Sale: Autorama player: a baseline opponent and the
// rollout policy of the tree search.
//
// heuristic_action(s, rng, noise_percent) returns a legal move for seat
// s.turn in any state where a player is to act. It is cheap enough for
// rollouts: no heap, no virtual calls, no exceptions, and a few dozen bit
// operations per move (each rule below looks at the table, the seat's own
// hand and one number per other seat). Only a noisy move lists
// legal_actions(), as the random rollout does.
//
// Honesty. `s` is treated as the acting seat's View (information.h): the
// bot never reads `removed`, never reads `unseen` (the checks still to come
// are deduced from the checks already taken, which is public, so a true
// state and its view give the same move), and during a phase-3 choose step
// it never reads another seat's `sell`, `keeps_pending` or `check_won`.
// Everything else it reads is public by perfect recall (table, cash, bids,
// advisors each seat hired and played, vehicles each seat bought, checks).
// Only check values are used, never check ids (which copy of a pair).
//
// Money. Everything is weighed in thousands of final score. A card number
// (advisor or vehicle) is worth kMoneyPerNumber = 1/2: vehicles 1..30 sell
// on average for checks of about half their number, and an advisor buys
// roughly a vehicle of its own rank. A unit of cash is worth
// 1 + (Financial Advisors owned): each one pays the final cash once more.
//
// The rules, one per decision. The constants were set by self-play: a
// variant in one seat against this bot in the others, 100k games for each
// of 3-6 players; a change was kept only when it won more than its share at
// every player count (the auction budget's slack is set per player count).
//
// Auction (phase 1), bid or pass.
//   worth(advisor) = number / 2 + ability worth:
//     Sales Associate 0 (its refund is counted in the cost of passing),
//     Consultant 1 (one cash at once), Mechanic 1, Controller its number
//     (it lifts one low check, often a 0 or 2, to its number), Fleet
//     Manager 1, Sales Director 1, Lawyer 1, Restoration Specialist 4
//     (doubles one check of 2..9), Financial Advisor 0.4 x own cash (it pays
//     the cash left at the end once more; cash shrinks before then), General
//     Manager 2 (+4 whenever it does not take the top vehicle).
//   Passing now takes the lowest advisor on the table for ceil(bid / 2)
//   (nothing if it is a Sales Associate); staying in aims at the highest.
//   Raise to the minimum (high_bid + 1) while both
//     (high_bid + 1 - cost of passing now) x cash worth
//         <= worth(highest) - worth(lowest), and
//     high_bid + 1 <= budget = cash x slack / auction rounds left (this one
//         included), slack 2 with 3-4 players (28 starting cash) and 1.5
//         with 5-6 (20 starting cash; a slack of 2 there lost clearly);
//   otherwise pass.
//   Classic edition (properties auctioned): worth(property) = number / 2,
//   no abilities; the same raise rule.
//
// Buying (phase 2), play an advisor.
//   Every advisor in hand (and a Fleet Manager also paid up to 31..33, when
//   cash >= 3) is scored as
//     (vehicle it is expected to take - its own number) / 2 + bonus - fee,
//   and the best is played (ties: the lowest advisor, unpaid first).
//   - Expected vehicle: the table's vehicles from the top, skipping one for
//     each advisor already played this round that beats it and one for each
//     seat still to play whose hand holds an advisor that could beat it
//     (its highest advisor, or a Fleet Manager it can pay for: the worst
//     case; ignoring the seats still to play lost clearly). So the lowest
//     advisor that beats everything played (and still to come) takes a high
//     vehicle when the prize is worth it; otherwise the lowest advisor is
//     dumped on the lowest vehicle.
//   - Its own number is the cost of using it (it is gone for later rounds).
//   - Fee: 3 cash (x cash worth) for paying up a Fleet Manager, so it is paid
//     up only when the better vehicle is worth more than 6 vehicle numbers
//     and the seat has cash >= 3.
//   - Bonus: General Manager +4 (x cash worth) when it is expected not to take
//     the top vehicle, so it goes where it likely loses the top; Sales
//     Director +3 (x cash worth) when the expected vehicle is at least its
//     number.
//
// Selling (phase 3).
//   - Choose: the quality of the round is its best check (what a high
//     vehicle wins), placed among the checks still to come (the 30 minus
//     those taken and those on the table; with 3-4 players these include the
//     removed ones): q = share of them worth less, equal ones counting half.
//     The vehicle sold sits at the same place in the own hand: index
//     round(q x (hand size - 1)) from the lowest. A high top check -> a high
//     vehicle; a poor round -> dump a low one. (The table's average instead
//     of its best check lost clearly.)
//   - Lawyer: with an unused Lawyer and a round whose checks spread by 8 or
//     more (the rank matters a lot), sell the chosen vehicle together with
//     its neighbour in hand (the next higher; the next lower for the
//     highest) with the lowest unused Lawyer. Never using it lost ~4%.
//   - Keep: for each of the two vehicles, the check it would take against
//     the sells revealed (another Lawyer user still to take back is assumed
//     to sell its lower vehicle), minus the vehicle's own worth (number / 2),
//     which leaves with it; sell the better, keep the other.
//   - Mechanic: mech:use exactly when the second-lowest check (the one the
//     swap gives) is worth more than the lowest; a swap that gains nothing
//     keeps the Mechanic for later. (Waiting for a gain of 2 or 3 made no
//     difference.)
//
// Noise. With probability noise_percent / 100 the move is instead uniform
// among legal_actions(s) (the random rollout's distribution). With
// noise_percent = 0 the bot is fully deterministic and draws nothing from
// rng: no random tie-breaks.
#pragma once

#include <algorithm>
#include <climits>

#include "rules.h"

namespace pyai::forsale {

namespace heuristic_detail {

constexpr float kMoneyPerNumber = 0.5f;   // final money per advisor / vehicle number
// Auction budget: cash x slack / rounds left; the slack was measured best at
// 2 with 3-4 players (28 starting cash) and 1.5 with 5-6 (20). Kept doubled,
// as whole numbers, so the budget test is exact in integers (auction_action).
constexpr int kBudgetSlackFewTwice = 4, kBudgetSlackManyTwice = 3;
constexpr float kFinancialAdvisorShare = 0.4f;  // share of current cash expected at the end
constexpr int kLawyerSpread = 8;  // use a Lawyer when the table's checks spread this much

// What a unit of final cash is worth to `seat`: each Financial Advisor pays it again.
inline int cash_worth_units(const State& s, int seat) {
  const CardMask owned = s.advisors_in_hand[seat] | s.advisors_played[seat];
  return 1 + card_count(owned & advisors_with(Ability::kFinancialAdvisor));
}
inline float cash_worth(const State& s, int seat) { return float(cash_worth_units(s, seat)); }

// The auction's estimate of an advisor's ability, in money: a table plus the
// two abilities whose worth varies.
constexpr float kFixedWorth[kNumAbilities] = {
    0.0f,  // Sales Associate: the refund is in the cost of passing
    1.0f,  // Consultant
    1.0f,  // Mechanic
    0.0f,  // Controller: its number (below), as it lifts a low check to it
    1.0f,  // Fleet Manager
    1.0f,  // Sales Director
    1.0f,  // Lawyer
    4.0f,  // Restoration Specialist
    0.0f,  // Financial Advisor: a share of the seat's cash (below)
    2.0f,  // General Manager
};

// An advisor's worth but for the Financial Advisor's share of cash, by
// number: number / 2 + its ability's fixed worth (+ its number for a
// Controller). Every term is a whole or half number, so the table holds
// exactly the sums the worth was computed from term by term.
struct AdvisorWorthTable {
  float fixed[kDeckSize + 1];
  float is_financial[kDeckSize + 1];  // 1 for a Financial Advisor, else 0
  constexpr AdvisorWorthTable() : fixed(), is_financial() {
    for (int advisor = 1; advisor <= kDeckSize; ++advisor) {
      const Ability ability = ability_of(advisor);
      fixed[advisor] = float(advisor) * kMoneyPerNumber + kFixedWorth[int(ability)] +
                       (ability == Ability::kController ? float(advisor) : 0.0f);
      is_financial[advisor] = ability == Ability::kFinancialAdvisor ? 1.0f : 0.0f;
    }
  }
};
constexpr AdvisorWorthTable kAdvisorWorth;

// What a card on the auction table is worth: an advisor's number and ability,
// or (classic edition) a property's number alone. `financial_share` is
// kFinancialAdvisorShare x the seat's cash, rounded once; times 0 or 1 it
// stays exact, so no multiply-add can fuse it differently.
inline float advisor_worth(const State& s, float financial_share, int advisor) {
  if (s.classic) return float(advisor) * kMoneyPerNumber;
  return kAdvisorWorth.fixed[advisor] + financial_share * kAdvisorWorth.is_financial[advisor];
}

inline Action auction_action(const State& s) {
  const int seat = s.turn;
  const int lowest = lowest_card(s.table);
  const int highest = highest_card(s.table);
  const int raise_to = s.high_bid + 1;
  if (raise_to > s.cash[seat]) return pass_action();
  const int standing = s.bid[seat];
  // Passing pays half the bid rounded up, or nothing for a Sales Associate
  // (the edition is fixed for a game: that test is always predicted).
  const int half_up = standing - standing / 2;
  const int pass_cost = s.classic ? half_up : ability_of(lowest) == Ability::kSalesAssociate ? 0 : half_up;
  const float financial_share = kFinancialAdvisorShare * float(s.cash[seat]);
  const float gain = advisor_worth(s, financial_share, highest) - advisor_worth(s, financial_share, lowest);
  const float extra_cost = float(raise_to - pass_cost) * cash_worth(s, seat);
  const int rounds_left = std::max(s.rounds_per_phase - s.round, 1);
  // raise_to <= cash x slack / rounds_left, times 2 x rounds_left: whole
  // numbers, no division. (The same test as in floats: the quotient is a
  // multiple of 1 / (2 x rounds_left), never within a rounding of raise_to
  // unless equal to it.)
  const int slack_twice = s.num_players <= 4 ? kBudgetSlackFewTwice : kBudgetSlackManyTwice;
  const bool raise = (extra_cost <= gain) & (2 * raise_to * rounds_left <= slack_twice * s.cash[seat]);
  return raise ? bid_action(raise_to) : pass_action();
}

// The k-th highest card of a mask (k = 0: the highest).
inline int nth_highest(CardMask mask, int k) { return nth_card(mask, card_count(mask) - 1 - k); }

// The highest value an advisor hand can show this round (a Fleet Manager paid up if affordable).
// A paid-up Fleet Manager (31..33) beats every advisor number, so it is the
// offer whenever there is one to pay for. 0 for an empty hand (bit 0 is no card).
inline int highest_offer(CardMask hand, int cash) {
  const CardMask fleet = hand & advisors_with(Ability::kFleetManager);
  const int unpaid = highest_card(hand | 1u);
  const int paid = highest_card(fleet | 1u) + kFleetManagerBoost;
  const int pays = -int((fleet != 0) & (cash >= kFleetManagerCost));  // all ones or zero
  return (paid & pays) | (unpaid & ~pays);
}

constexpr CardMask kGeneralManagers = advisors_with(Ability::kGeneralManager);
constexpr CardMask kSalesDirectors = advisors_with(Ability::kSalesDirector);
constexpr CardMask kFleetManagers = advisors_with(Ability::kFleetManager);

// A buying move's key: its doubled score above, its place in legal_actions()
// order (advisor x 2 + paid-up, at most 61) below, reversed so that the
// earlier move of an equal score has the higher key.
constexpr int kBuyOrderMask = 63, kBuyOrderLimit = 63;
constexpr int buy_key(int score2, int advisor, bool boost) {
  return score2 * (kBuyOrderMask + 1) + (kBuyOrderLimit - (2 * advisor + (boost ? 1 : 0)));
}

inline Action buying_action(const State& s) {
  const int seat = s.turn;
  // What the other seats show or may still show this round, as a bit set of
  // values: each value names one physical card (numbers 1..30, a paid-up
  // Fleet Manager 31..33), so they are distinct and a popcount above a value
  // counts the seats that beat it.
  // Bit 0 names no card and no count below reads it, so a seat that shows
  // nothing (the acting seat itself, an empty hand) sets bit 0. Both values a
  // seat may show are computed and one is kept by masks: which seats have
  // played changes every move, so branches on it are mispredicted.
  uint64_t others = 0;
  for (int p = 0; p < s.num_players; ++p) {
    const int offered = s.advisor_offered[p] + kFleetManagerBoost * int(has_card(s.boosted, p));
    const int may_offer = highest_offer(s.advisors_in_hand[p], s.cash[p]);
    const int has_played = -int(s.advisor_offered[p] != 0);  // all ones or zero
    const int is_other = -int(p != seat);
    others |= uint64_t(1) << (((offered & has_played) | (may_offer & ~has_played)) & is_other);
  }
  // Every score is a multiple of half a unit of money, so it is kept doubled,
  // as an exact integer (the same order as the money itself), and packed into
  // one key with the move's place in legal_actions() order (advisor x 2 +
  // paid-up): the highest key is the best score, ties going to the earliest
  // move (the lower advisor, unpaid first). Taking a maximum of keys needs no
  // data-dependent branch, and the advisors' scores are hard to predict.
  const int cash_worth2 = 2 * cash_worth_units(s, seat);  // a unit of cash, doubled
  const CardMask hand = s.advisors_in_hand[seat];
  const int top_rank = card_count(s.table) - 1;  // nth_card index of the top vehicle
  int best_key = INT_MIN;
  for (CardMask rest = hand; rest; rest &= rest - 1) {
    const int advisor = lowest_card(rest);
    const int beaten_by = std::popcount(others >> (advisor + 1));
    const int vehicle = nth_card(s.table, top_rank - beaten_by);
    int score2 = vehicle - advisor;
    // The bonuses as products of 0/1 conditions: no branch on the vehicle.
    score2 += kGeneralManagerBonus * cash_worth2 * int(has_card(kGeneralManagers, advisor) & (beaten_by > 0));
    score2 += kSalesDirectorBonus * cash_worth2 * int(has_card(kSalesDirectors, advisor) & (vehicle >= advisor));
    best_key = std::max(best_key, buy_key(score2, advisor, false));
  }
  // A Fleet Manager paid up counts as 31..33 and costs kFleetManagerCost cash
  // (the cash test as a mask: one loop test, mostly on an empty set).
  const CardMask payable = hand & kFleetManagers & -CardMask(s.cash[seat] >= kFleetManagerCost);
  for (CardMask rest = payable; rest; rest &= rest - 1) {
    const int advisor = lowest_card(rest);
    const int beaten_by = std::popcount(others >> (advisor + kFleetManagerBoost + 1));
    const int vehicle = nth_card(s.table, top_rank - beaten_by);
    const int score2 = vehicle - advisor - kFleetManagerCost * cash_worth2;
    best_key = std::max(best_key, buy_key(score2, advisor, true));
  }
  const int order = kBuyOrderLimit - (best_key & kBuyOrderMask);
  return play_action(order >> 1, (order & 1) != 0);
}

// Check ids worth less than `value` (ids are ordered by value: 0,0,2,2,3,3,...).
constexpr CardMask checks_below_rule(int value) {
  return value <= 0 ? CardMask(0) : value <= 2 ? card_range(0, 1) : value > 15 ? kCheckDeck
                                                                             : card_bit(first_check_id(value)) - 1;
}
// The same for the values asked (0..16: a check value and the next), as a
// table: one load instead of a chain of branches.
struct ChecksBelowTable {
  CardMask below[17];
  constexpr ChecksBelowTable() : below() {
    for (int value = 0; value <= 16; ++value) below[value] = checks_below_rule(value);
  }
};
constexpr ChecksBelowTable kChecksBelow;
constexpr CardMask checks_below(int value) { return kChecksBelow.below[value]; }

// Checks still to come (or removed): public, from what has been taken.
inline CardMask checks_to_come(const State& s) {
  CardMask gone = s.table;
  for (int p = 0; p < s.num_players; ++p) gone |= s.checks[p];
  return kCheckDeck & ~gone;
}

// The sell of the index-th lowest vehicle of the acting seat's hand (of two
// or more). With an unused Lawyer, when the rank matters a lot this round (its
// checks spread by kLawyerSpread or more): offer the neighbour too (the next
// higher vehicle, or the next lower for the highest) and decide after the
// reveal which of the two to sell.
inline Action sell_at(const State& s, int index) {
  const int seat = s.turn;
  const CardMask hand = s.vehicles[seat];
  const int vehicle = nth_card(hand, index);
  const CardMask lawyers = unused_abilities(s, seat, Ability::kLawyer);
  const int spread = check_value(highest_card(s.table)) - check_value(lowest_card(s.table));
  if ((lawyers != 0) & (spread >= kLawyerSpread)) {
    const int neighbour = index + 1 < card_count(hand) ? nth_card(hand, index + 1) : nth_card(hand, index - 1);
    return vehicle < neighbour ? sell_action(vehicle, neighbour, lowest_card(lawyers))
                               : sell_action(neighbour, vehicle, lowest_card(lawyers));
  }
  return sell_action(vehicle);
}

inline Action choose_sell(const State& s) {
  const CardMask hand = s.vehicles[s.turn];
  const int hand_size = card_count(hand);
  if (hand_size == 1) return sell_action(lowest_card(hand));
  const CardMask to_come = checks_to_come(s);
  // The round is as good as its best check: that is what a high vehicle wins.
  const int top = check_value(highest_card(s.table));
  const int below = card_count(to_come & checks_below(top));
  const int equal = card_count(to_come & checks_below(top + 1) & ~checks_below(top));
  const int total = card_count(to_come);
  const float quality = total == 0 ? 0.5f : (float(below) + 0.5f * float(equal)) / float(total);
  return sell_at(s, int(quality * float(hand_size - 1) + 0.5f));
}

// The check value seat `seat` would take selling `vehicle` against the
// revealed sells (a pending Lawyer user is assumed to sell its lower vehicle).
inline int check_for(const State& s, int seat, int vehicle) {
  int higher = 0;
  for (int p = 0; p < s.num_players; ++p)
    higher += int(p != seat) & int(s.sell[p].vehicle > vehicle);
  return check_value(nth_highest(s.table, higher));
}

inline Action keep_choice(const State& s) {
  const int seat = s.turn;
  const int low = s.sell[seat].vehicle, high = s.sell[seat].second_vehicle;
  const float sell_low = float(check_for(s, seat, low)) - float(low) * kMoneyPerNumber;
  const float sell_high = float(check_for(s, seat, high)) - float(high) * kMoneyPerNumber;
  return keep_action(sell_high > sell_low ? low : high);
}

inline Action mechanic_choice(const State& s) {
  const int seat = s.turn;
  const int own = check_value(s.check_won[seat]);
  const int swapped = check_value(s.check_won[s.second_lowest_seller]);
  return mechanic_action(swapped > own);
}

}  // namespace heuristic_detail

// A legal move for seat s.turn (s not terminal, not at a chance step), using
// only what that seat may know. See the rules at the top of this file.
inline Action heuristic_action(const State& s, Rng& rng, int noise_percent = 0) {
  if (noise_percent > 0 && int(rng.below(100)) < noise_percent) {
    ActionList legal;
    legal_actions(s, legal);
    return legal[rng.below(uint32_t(legal.size()))];
  }
  switch (s.phase) {
    case Phase::kAuction: return heuristic_detail::auction_action(s);
    case Phase::kBuying: return heuristic_detail::buying_action(s);
    case Phase::kSelling:
      switch (s.sell_step) {
        case SellStep::kChoose: return heuristic_detail::choose_sell(s);
        case SellStep::kKeep: return heuristic_detail::keep_choice(s);
        case SellStep::kMechanic: return heuristic_detail::mechanic_choice(s);
      }
      return 0;
    default: return 0;  // no player move in setup or at the end
  }
}

}  // namespace pyai::forsale
