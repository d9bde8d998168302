// The rules of For Sale: Autorama as docs/forsale.md states them (the
// rulebook with its rulings, and the readings chosen where they leave a case
// open): setup, the three phases with all ten advisor abilities, and chance.
//
// These functions trust their input (the search calls them millions of times
// a second); checked entry points with clear errors live in tokens.h, which
// validates a move against legal_actions() before applying it.
#pragma once

#include <algorithm>

#include "../core/rng.h"
#include "action.h"
#include "state.h"

namespace pyai::forsale {

constexpr int kChance = -1;
constexpr int kTerminal = -2;

inline State initial_state(const Config& config) {
  State s;
  s.num_players = uint8_t(config.players);
  s.first_player = uint8_t(config.first_player);
  s.rounds_per_phase = uint8_t(config.rounds_per_phase());
  s.removed_per_deck = uint8_t(config.removed_per_deck());
  s.classic = config.classic;
  s.phase = config.has_removal() ? Phase::kSetup : Phase::kAuction;
  s.leader = s.turn = s.first_player;
  for (int d = 0; d < kNumDecks; ++d) s.unseen[d] = full_deck(Deck(d));
  if (s.classic) s.unseen[int(Deck::kAdvisors)] = 0;  // the base game has no advisors
  for (int p = 0; p < s.num_players; ++p) s.cash[p] = int16_t(config.starting_cash());
  return s;
}

inline bool is_terminal(const State& s) { return s.phase == Phase::kOver; }
inline bool is_chance(const State& s) { return s.phase != Phase::kOver && s.awaiting_deal; }

// The seat to act, kChance when cards must be turned up, kTerminal at the end.
// In a phase-3 choose step that is the lowest seat without a sell.
inline int to_move(const State& s) {
  if (is_terminal(s)) return kTerminal;
  if (s.awaiting_deal) return kChance;
  return s.turn;
}

// Whether `seat` has a decision now: its turn, or (in a phase-3 choose step,
// where sells are secret and simultaneous) a sell it has not chosen yet.
inline bool is_choose_step(const State& s) {
  return s.phase == Phase::kSelling && !s.awaiting_deal && s.sell_step == SellStep::kChoose;
}
inline bool may_act(const State& s, int seat) {
  if (is_terminal(s) || s.awaiting_deal) return false;
  return is_choose_step(s) ? !has_card(s.sells_submitted, seat) : s.turn == seat;
}

// ---------------------------------------------------------------- legal moves

inline CardMask unused_abilities(const State& s, int seat, Ability ability) {
  return s.advisors_played[seat] & ~s.advisors_spent[seat] & advisors_with(ability);
}

// The secret sells open to `seat` in a phase-3 choose step: one vehicle, or
// two with an unused Lawyer (ascending Action order, as all move lists).
inline void legal_sells(const State& s, int seat, ActionList& out) {
  const CardMask hand = s.vehicles[seat];
  for (int vehicle : Cards(hand)) out.push_back(sell_action(vehicle));
  for (int lawyer : Cards(unused_abilities(s, seat, Ability::kLawyer)))
    for (int first : Cards(hand))
      for (int second : Cards(hand & ~card_range(0, first))) out.push_back(sell_action(first, second, lawyer));
}

inline void legal_actions(const State& s, ActionList& out) {
  out.clear();
  if (is_terminal(s) || s.awaiting_deal) return;
  const int seat = s.turn;
  switch (s.phase) {
    case Phase::kAuction:
      out.push_back(pass_action());
      for (int total = s.high_bid + 1; total <= s.cash[seat]; ++total) out.push_back(bid_action(total));
      return;
    case Phase::kBuying:
      for (int advisor : Cards(s.advisors_in_hand[seat])) {
        out.push_back(play_action(advisor, false));
        if (ability_of(advisor) == Ability::kFleetManager && s.cash[seat] >= kFleetManagerCost)
          out.push_back(play_action(advisor, true));
      }
      return;
    case Phase::kSelling:
      if (s.sell_step == SellStep::kChoose) {
        legal_sells(s, seat, out);
      } else if (s.sell_step == SellStep::kKeep) {
        out.push_back(keep_action(s.sell[seat].vehicle));
        out.push_back(keep_action(s.sell[seat].second_vehicle));
      } else {
        out.push_back(mechanic_action(true));
        out.push_back(mechanic_action(false));
      }
      return;
    default:
      return;
  }
}

inline bool is_legal(const State& s, Action action) {
  ActionList legal;
  legal_actions(s, legal);
  return std::find(legal.begin(), legal.end(), action) != legal.end();
}

// ------------------------------------------------------------------- phase 1

namespace detail {

// Seat s takes `advisor`; a Consultant collects 1 from the seat to its right
// if that seat has cash beyond any bid still standing in front of it.
inline void take_advisor(State& s, int seat, int advisor) {
  s.advisors_in_hand[seat] |= card_bit(advisor);
  s.table &= ~card_bit(advisor);
  if (ability_of(advisor) == Ability::kConsultant) {
    const int right = s.right_of(seat);
    if (s.cash[right] - s.bid[right] >= kConsultantFee) {
      s.cash[right] -= kConsultantFee;
      s.cash[seat] += kConsultantFee;
    }
  }
}

inline void start_round(State& s) {
  s.awaiting_deal = true;
  s.table = 0;
}

// The classic edition auctions properties: no abilities, straight into the hand.
inline void take_property(State& s, int seat, int property) {
  s.vehicles[seat] |= card_bit(property);
  s.table &= ~card_bit(property);
}

inline void take_auctioned(State& s, int seat, int card) {
  if (s.classic) {
    take_property(s, seat, card);
  } else {
    take_advisor(s, seat, card);
  }
}

inline void end_auction_round(State& s, int taker_of_highest) {
  s.leader = taker_of_highest;
  if (++s.round == s.rounds_per_phase) {
    // Autorama: the taker of the last advisor starts phase 2 (buying).
    // Classic: the properties are sold next, all seats at once.
    s.phase = s.classic ? Phase::kSelling : Phase::kBuying;
    s.round = 0;
  }
  start_round(s);
}

inline void apply_auction(State& s, Action action) {
  const int seat = s.turn;
  if (move_kind(action) == MoveKind::kBid) {
    s.bid[seat] = uint8_t(bid_total(action));
    s.high_bid = s.bid[seat];
  } else {
    const int card = lowest_card(s.table);
    const int standing = s.bid[seat];
    const bool full_refund = !s.classic & (ability_of(card) == Ability::kSalesAssociate);
    const int paid = (standing - standing / 2) & -int(!full_refund);
    s.cash[seat] -= int16_t(paid);
    s.bid[seat] = 0;
    s.bidders_left &= uint8_t(~card_bit(seat));
    take_auctioned(s, seat, card);
    if (card_count(s.bidders_left) == 1) {
      const int winner = lowest_card(s.bidders_left);
      s.cash[winner] -= s.bid[winner];  // the whole bid; a Sales Associate refunds only passers
      s.bid[winner] = 0;
      s.bidders_left = 0;
      s.high_bid = 0;
      take_auctioned(s, winner, highest_card(s.table));
      end_auction_round(s, winner);
      return;
    }
  }
  // The next bidder to the left: the lowest seat still in above this one, or
  // else (going round) the lowest still in. The seats still in are also
  // copied 8 bits up, above every seat, so one count of trailing zeros finds
  // either, with no walk and no branch (seats are below 8).
  const CardMask after = s.bidders_left & ~card_range(0, seat);
  s.turn = uint8_t(lowest_card(after | (CardMask(s.bidders_left) << 8)) & 7);
}

// ------------------------------------------------------------------- phase 2

inline int offered_value(const State& s, int seat) {
  return s.advisor_offered[seat] + (has_card(s.boosted, seat) ? kFleetManagerBoost : 0);
}

// Seats ordered by a per-seat key, highest first. Keys are distinct card
// values below 64 (advisors up to 33 when boosted, vehicles up to 30), so a
// bit set of the keys orders them without a sort.
template <typename KeyOf>
inline int seats_by_descending(const State& s, KeyOf key_of, uint8_t* order) {
  uint64_t keys = 0;
  uint8_t seat_of_key[64];
  for (int p = 0; p < s.num_players; ++p) {
    const int key = key_of(p);
    keys |= uint64_t(1) << key;
    seat_of_key[key] = uint8_t(p);
  }
  int rank = 0;
  while (keys) {
    const int key = 63 - std::countl_zero(keys);
    keys &= ~(uint64_t(1) << key);
    order[rank++] = seat_of_key[key];
  }
  return rank;
}

inline void resolve_buying_round(State& s) {
  uint8_t order[kMaxPlayers];
  seats_by_descending(s, [&](int p) { return offered_value(s, p); }, order);
  const int highest_vehicle = highest_card(s.table);
  CardMask vehicles_left = s.table;
  for (int rank = 0; rank < s.num_players; ++rank) {
    const int seat = order[rank];
    const int vehicle = highest_card(vehicles_left);
    vehicles_left &= ~card_bit(vehicle);
    s.vehicles[seat] |= card_bit(vehicle);
    const int advisor = s.advisor_offered[seat];
    // The bonuses as 0/1 products: which advisor takes which vehicle is not predictable.
    const Ability ability = ability_of(advisor);
    const int director = int((ability == Ability::kSalesDirector) & (vehicle >= advisor));
    const int manager = int((ability == Ability::kGeneralManager) & (vehicle != highest_vehicle));
    s.cash[seat] += int16_t(kSalesDirectorBonus * director + kGeneralManagerBonus * manager);
    s.advisors_played[seat] |= card_bit(advisor);
    s.advisor_offered[seat] = 0;
  }
  s.boosted = 0;
  s.leader = order[0];
  if (++s.round == s.rounds_per_phase) {
    s.phase = Phase::kSelling;
    s.round = 0;
  }
  start_round(s);
}

inline void apply_buying(State& s, Action action) {
  const int seat = s.turn;
  const int advisor = played_advisor(action);
  s.advisors_in_hand[seat] &= ~card_bit(advisor);
  s.advisor_offered[seat] = uint8_t(advisor);
  if (played_boost(action)) {
    s.cash[seat] -= kFleetManagerCost;
    s.boosted |= uint8_t(card_bit(seat));
  }
  const int next = s.left_of(seat);
  if (next == s.leader) {
    resolve_buying_round(s);
  } else {
    s.turn = uint8_t(next);
  }
}

// ------------------------------------------------------------------- phase 3

// The Lawyer user who takes a vehicle back next: lowest Lawyer first.
inline int next_keeper(const State& s) {
  int keeper = -1;
  for (int p : Cards(s.keeps_pending))
    if (keeper < 0 || s.sell[p].lawyer < s.sell[keeper].lawyer) keeper = p;
  return keeper;
}

inline void finish_selling_round(State& s) {
  for (int p = 0; p < s.num_players; ++p) {
    s.vehicles[p] &= ~card_bit(s.sell[p].vehicle);
    s.checks[p] |= card_bit(s.check_won[p]);
    s.sell[p] = SellChoice{};
    s.check_won[p] = 0;
  }
  s.sells_submitted = 0;
  s.second_lowest_seller = 0;
  s.sell_step = SellStep::kChoose;
  if (++s.round == s.rounds_per_phase) {
    s.phase = Phase::kOver;
    s.table = 0;
    return;
  }
  start_round(s);
}

// Every seat now sells exactly one vehicle: rank them against the checks.
inline void rank_sold_vehicles(State& s) {
  uint8_t order[kMaxPlayers];
  seats_by_descending(s, [&](int p) { return s.sell[p].vehicle; }, order);
  CardMask checks_left = s.table;
  for (int rank = 0; rank < s.num_players; ++rank) {
    const int check = highest_card(checks_left);  // ids rank as values do
    checks_left &= ~card_bit(check);
    s.check_won[order[rank]] = uint8_t(check);
  }
  s.table = 0;
  const int lowest_seller = order[s.num_players - 1];
  if (unused_abilities(s, lowest_seller, Ability::kMechanic)) {
    s.sell_step = SellStep::kMechanic;
    s.turn = uint8_t(lowest_seller);
    s.second_lowest_seller = order[s.num_players - 2];
    return;
  }
  finish_selling_round(s);
}

inline void continue_reveal(State& s) {
  if (s.keeps_pending) {
    s.sell_step = SellStep::kKeep;
    s.turn = uint8_t(next_keeper(s));
  } else {
    rank_sold_vehicles(s);
  }
}

inline void apply_selling(State& s, Action action) {
  const int seat = s.turn;
  switch (move_kind(action)) {
    case MoveKind::kSell: {
      s.sell[seat] = SellChoice{uint8_t(sold_vehicle(action)), uint8_t(sold_second_vehicle(action)),
                                uint8_t(sold_lawyer(action))};
      s.sells_submitted |= uint8_t(card_bit(seat));
      if (s.sell[seat].lawyer) s.keeps_pending |= uint8_t(card_bit(seat));
      if (s.sells_submitted == s.all_seats()) {
        continue_reveal(s);
      } else {
        s.turn = uint8_t(lowest_card(~CardMask(s.sells_submitted)));
      }
      return;
    }
    case MoveKind::kKeep: {
      SellChoice& choice = s.sell[seat];
      const int kept = kept_vehicle(action);
      const int sold = kept == choice.vehicle ? choice.second_vehicle : choice.vehicle;
      s.advisors_spent[seat] |= card_bit(choice.lawyer);
      choice = SellChoice{uint8_t(sold), 0, choice.lawyer};
      s.keeps_pending &= uint8_t(~card_bit(seat));
      continue_reveal(s);
      return;
    }
    default: {  // the lowest seller's Mechanic decision
      if (move_kind(action) == MoveKind::kMechanicUse) {
        s.advisors_spent[seat] |= card_bit(lowest_card(unused_abilities(s, seat, Ability::kMechanic)));
        std::swap(s.check_won[seat], s.check_won[s.second_lowest_seller]);
      }
      finish_selling_round(s);
      return;
    }
  }
}

}  // namespace detail

// Applies a legal player move (not a deal). Unchecked.
inline void apply_action(State& s, Action action) {
  switch (s.phase) {
    case Phase::kAuction: detail::apply_auction(s, action); return;
    case Phase::kBuying: detail::apply_buying(s, action); return;
    case Phase::kSelling: detail::apply_selling(s, action); return;
    default: return;
  }
}

// ----------------------------------------------------------------- chance

// Turns up `cards` (n cards of the phase's deck, all unseen). Unchecked.
inline void apply_deal(State& s, CardMask cards) {
  if (s.phase == Phase::kSetup) s.phase = Phase::kAuction;  // removal stays unknown
  const Deck deck = current_deck(s);
  s.unseen[int(deck)] &= ~cards;
  s.table = cards;
  s.awaiting_deal = false;
  s.turn = s.leader;
  if (s.phase == Phase::kAuction) {
    s.bidders_left = uint8_t(s.all_seats());
    s.high_bid = 0;
  } else if (s.phase == Phase::kSelling) {
    s.turn = 0;
    s.sell_step = SellStep::kChoose;
  }
}

// Records the unseen removal of a 3-4 player game (only in phase kSetup). Unchecked.
inline void apply_removal(State& s, const CardMask (&removed)[kNumDecks]) {
  for (int d = 0; d < kNumDecks; ++d) {
    s.removed[d] = removed[d];
    s.unseen[d] &= ~removed[d];
  }
  s.removal_recorded = true;
  s.phase = Phase::kAuction;
}

// The phase (1-based, in play order) that deals `deck`; 0 if the edition has none.
constexpr int phase_dealing(const State& s, Deck deck) {
  if (s.classic) return deck == Deck::kVehicles ? 1 : deck == Deck::kChecks ? 2 : 0;
  return int(deck) + 1;
}

// How many unseen cards of `deck` are really still in the deck (the rest were
// removed without being recorded).
inline int cards_left_in_deck(const State& s, Deck deck) {
  const int dealing = phase_dealing(s, deck);
  if (dealing == 0) return 0;
  const int now = s.phase == Phase::kSetup ? 1 : phase_dealing(s, current_deck(s));
  const int rounds_done = s.phase == Phase::kOver ? s.rounds_per_phase
                          : dealing == now ? s.round + (s.awaiting_deal ? 0 : 1)
                          : dealing > now  ? 0
                                           : s.rounds_per_phase;
  return (s.rounds_per_phase - rounds_done) * s.num_players;
}

// Equal checks are interchangeable, so which copy of a value goes where is
// fixed by convention, keeping equal positions (and a seat's view of them)
// bit-identical: deals take the lowest unseen id of a value, the unseen
// removal the highest. Then a recorded removal never changes which ids are
// dealt, and a view, which merges removed cards back into the unseen ones,
// cannot tell a removed copy from one still in the deck.
// Maps ids drawn from `pool` onto that choice (same values, same count).
// Bit-parallel over the 15 value pairs (ids 2k and 2k+1): a pair drawn twice
// keeps both ids; drawn once, it takes the preferred id if the pool has it.
inline CardMask canonical_checks(CardMask pool, CardMask drawn, bool highest_first) {
  constexpr CardMask kLowIds = 0x15555555u;  // even ids 0..28: the low copy of each value
  const CardMask both = drawn & (drawn >> 1) & kLowIds;            // at the low id
  const CardMask once = ((drawn | (drawn >> 1)) & kLowIds) & ~both;  // at the low id
  const CardMask low_in_pool = pool & kLowIds;
  const CardMask high_in_pool = (pool >> 1) & kLowIds;
  const CardMask take_low = highest_first ? once & ~high_in_pool : once & low_in_pool;
  const CardMask take_high = once & ~take_low;
  return both | (both << 1) | take_low | (take_high << 1);
}

// A uniformly random removal (setup) for the three decks.
inline void sample_removal(const State& s, Rng& rng, CardMask (&removed)[kNumDecks]) {
  for (int d = 0; d < kNumDecks; ++d) removed[d] = random_subset(s.unseen[d], removed_from(s, Deck(d)), rng);
  const int checks = int(Deck::kChecks);
  removed[checks] = canonical_checks(s.unseen[checks], removed[checks], /*highest_first=*/true);
}

// A uniformly random deal for the current round. Without a recorded removal
// the removed cards are among the unseen ones, so drawing uniformly from all
// unseen cards is exactly the deal's distribution.
inline CardMask sample_deal(const State& s, Rng& rng) {
  const Deck deck = current_deck(s);
  const CardMask pool = s.unseen[int(deck)];
  const CardMask drawn = random_subset(pool, s.num_players, rng);
  return deck == Deck::kChecks ? canonical_checks(pool, drawn, /*highest_first=*/false) : drawn;
}

// Resolves the chance step at random: the removal in setup, else a deal.
inline void apply_random_chance(State& s, Rng& rng) {
  if (s.phase == Phase::kSetup) {
    CardMask removed[kNumDecks];
    sample_removal(s, rng, removed);
    apply_removal(s, removed);
    return;
  }
  apply_deal(s, sample_deal(s, rng));
}

}  // namespace pyai::forsale
