#include "information.h"

#include <algorithm>
#include <string>

#include "../core/errors.h"
#include "cash_ceiling.h"
#include "rules.h"

namespace pyai::forsale {

View view_of(const State& s, int observer) {
  View view;
  view.state = s;
  view.observer = uint8_t(observer);
  for (int p = 0; p < s.num_players; ++p) view.cash_low[p] = view.cash_high[p] = s.cash[p];
  State& seen = view.state;
  if (seen.removal_recorded) {
    for (int d = 0; d < kNumDecks; ++d) {
      seen.unseen[d] |= seen.removed[d];
      seen.removed[d] = 0;
    }
    seen.removal_recorded = false;
  }
  if (seen.phase == Phase::kSelling && seen.sell_step == SellStep::kChoose) {
    for (int p : Cards(seen.sells_submitted)) {
      if (p == observer) continue;
      view.hidden_sells |= uint8_t(card_bit(p));
      seen.sell[p] = SellChoice{};
      seen.keeps_pending &= uint8_t(~card_bit(p));  // a Lawyer in use is part of the secret
    }
  }
  return view;
}

int most_cash_seen(const View& view, int seat) {
  return most_cash_unknown_hand(view.state, seat, view.unknown_advisors[seat]);
}

void narrow_cash(View& view, int seat) {
  const int low = std::max(int(view.cash_low[seat]), int(view.state.bid[seat]));
  const int most = most_cash_seen(view, seat);
  if (low > most)
    throw GameError(ErrorKind::kInconsistent,
                    "seat " + std::to_string(seat) + "'s cash cannot be " + std::to_string(low) +
                        " or more (its range or standing bid): here it can have at most " + std::to_string(most));
  view.cash_low[seat] = int16_t(low);
  view.cash_high[seat] = int16_t(std::min(int(view.cash_high[seat]), most));
  view.state.cash[seat] = view.cash_low[seat];
}

void forget_cash(View& view, int seat, int low, int high) {
  if (seat == view.observer) throw GameError(ErrorKind::kInconsistent, "a seat always knows its own cash");
  const int standing_bid = view.state.bid[seat];
  if (low < 0 || high > kMaxCash || low > high)
    throw GameError(ErrorKind::kInconsistent, "a cash range must satisfy 0 <= low <= high <= " +
                                                  std::to_string(kMaxCash));
  if (high < standing_bid)
    throw GameError(ErrorKind::kInconsistent, "seat " + std::to_string(seat) + " has a standing bid of " +
                                                  std::to_string(standing_bid) + ", more than cash " +
                                                  std::to_string(high));
  View narrowed = view;
  narrowed.cash_low[seat] = int16_t(low);
  narrowed.cash_high[seat] = int16_t(high);
  narrow_cash(narrowed, seat);
  view = narrowed;
}

void forget_hand(View& view, int seat, Deck deck) {
  if (seat == view.observer) throw GameError(ErrorKind::kInconsistent, "a seat always knows its own hand");
  if (deck == Deck::kChecks) throw GameError(ErrorKind::kInconsistent, "checks are never held in a hand");
  State& s = view.state;
  CardMask& hand = deck == Deck::kAdvisors ? s.advisors_in_hand[seat] : s.vehicles[seat];
  uint8_t& unknown = deck == Deck::kAdvisors ? view.unknown_advisors[seat] : view.unknown_vehicles[seat];
  // Vehicles of a sell already revealed this round are on the table, seen by all.
  CardMask revealed = 0;
  if (deck == Deck::kVehicles && !has_card(view.hidden_sells, seat)) {
    if (s.sell[seat].vehicle) revealed |= card_bit(s.sell[seat].vehicle);
    if (s.sell[seat].second_vehicle) revealed |= card_bit(s.sell[seat].second_vehicle);
  }
  const CardMask forgotten = hand & ~revealed;
  unknown = uint8_t(unknown + card_count(forgotten));
  s.unseen[int(deck)] |= forgotten;
  hand &= revealed;
}

namespace {

uint32_t ways_to_choose(int n, int k) {
  if (k < 0 || k > n) return 0;
  uint64_t ways = 1;
  for (int i = 1; i <= k; ++i) ways = ways * uint64_t(n - k + i) / uint64_t(i);
  return uint32_t(ways);  // at most C(30, 15), well inside 32 bits
}

// The unknown advisor hands, dealt from the unseen advisors so that every deal
// that gives each seat the Consultants it needs is equally likely. A seat of
// known cash needs the Consultants that pay for it (an unknown cash is drawn
// first and checked after: cash_over_ceiling). Drawing seat by seat, each hand
// meeting only its own need, would not be uniform once two seats need one: the
// first would take Consultants without counting what the second needs. So each
// seat's number of Consultants is drawn by how many deals of the remaining
// seats it leaves (completions, counted backwards from the last seat), then
// its Consultants and other advisors uniformly. A need no deal meets (the view
// refuses it when read) deals freely; determinize then draws again.
class AdvisorDeal {
 public:
  AdvisorDeal(const View& view, const State& s) : players_(s.num_players) {
    const CardMask unseen = s.unseen[int(Deck::kAdvisors)];
    consultants_ = card_count(unseen & kConsultants);
    int cards_after = card_count(unseen);
    for (int p = 0; p < players_; ++p) {
      hand_size_[p] = view.unknown_advisors[p];
      needed_[p] = hand_size_[p] && view.knows_cash(p) ? consultants_needed(s, p) : 0;
      cards_before_[p] = cards_after;
      cards_after -= hand_size_[p];
    }
    for (int c = 0; c <= kMostConsultants; ++c) completions_[players_][c] = 1.0;
    for (int p = players_ - 1; p >= 0; --p)
      for (int c = 0; c <= kMostConsultants; ++c) {
        double ways = 0.0;
        for (int k = needed_[p]; k <= std::min(c, int(hand_size_[p])); ++k) ways += ways_with(p, c, k);
        completions_[p][c] = ways;
      }
  }

  bool possible() const { return completions_[0][consultants_] > 0.0; }

  // Deals every unknown hand into `s`, taking the cards from its unseen advisors.
  void deal(State& s, Rng& rng) const {
    CardMask& unseen = s.unseen[int(Deck::kAdvisors)];
    int consultants_left = consultants_;
    for (int p = 0; p < players_; ++p) {
      if (!hand_size_[p]) continue;
      double pick = rng.unit() * completions_[p][consultants_left];
      int k = needed_[p];
      while (k < std::min(consultants_left, int(hand_size_[p])) && pick >= ways_with(p, consultants_left, k))
        pick -= ways_with(p, consultants_left, k++);
      const CardMask hand =
          random_subset(unseen & kConsultants, k, rng) | random_subset(unseen & ~kConsultants, hand_size_[p] - k, rng);
      s.advisors_in_hand[p] |= hand;
      unseen &= ~hand;
      consultants_left -= k;
    }
  }

 private:
  static constexpr int kMostConsultants = 3;
  static_assert(card_count(kConsultants) == kMostConsultants);

  // The deals in which seat p, with `consultants` of the unseen Consultants
  // still to deal, takes k of them, counted with the later seats' completions.
  double ways_with(int p, int consultants, int k) const {
    const int others = cards_before_[p] - consultants;
    return double(ways_to_choose(consultants, k)) * double(ways_to_choose(others, hand_size_[p] - k)) *
           completions_[p + 1][consultants - k];
  }

  int players_;
  int consultants_ = 0;
  uint8_t hand_size_[kMaxPlayers] = {};
  int needed_[kMaxPlayers] = {};
  int cards_before_[kMaxPlayers] = {};  // unseen advisors left when seat p's hand is dealt
  double completions_[kMaxPlayers + 1][kMostConsultants + 1] = {};
};

// Every unknown hand drawn from the unseen cards (each deal consistent with
// the counts, and with a known cash that only Consultants could pay, equally
// likely), and every unknown cash uniformly in its range.
void draw_hands_and_cash(const View& view, State& s, Rng& rng) {
  for (int p = 0; p < s.num_players; ++p)
    if (!view.knows_cash(p)) s.cash[p] = int16_t(view.cash_low[p] + int(rng.below(uint32_t(view.cash_high[p] - view.cash_low[p] + 1))));
  const AdvisorDeal advisors(view, s);
  if (advisors.possible()) {
    advisors.deal(s, rng);
  } else {
    for (int p = 0; p < s.num_players; ++p) {
      const CardMask hand = random_subset(s.unseen[int(Deck::kAdvisors)], view.unknown_advisors[p], rng);
      s.advisors_in_hand[p] |= hand;
      s.unseen[int(Deck::kAdvisors)] &= ~hand;
    }
  }
  for (int p = 0; p < s.num_players; ++p) {
    if (view.unknown_vehicles[p]) {
      const CardMask hand = random_subset(s.unseen[int(Deck::kVehicles)], view.unknown_vehicles[p], rng);
      s.vehicles[p] |= hand;
      s.unseen[int(Deck::kVehicles)] &= ~hand;
    }
  }
}

// Seats whose cash (drawn, or known) is more than the Consultants of their drawn hand allow.
bool cash_over_ceiling(const View& view, const State& s) {
  for (int p = 0; p < s.num_players; ++p)
    if (view.unknown_advisors[p] && s.cash[p] > most_cash(s, p, consultants_hired(s, p))) return true;
  return false;
}

// How many joint draws a determinisation tries before it keeps one whose
// cash it lowers to fit; only a view whose ranges almost every hand
// contradicts gets that far.
constexpr int kMostCashDraws = 64;

}  // namespace

State determinize(const View& view, Rng& rng) {
  // Unknown hands and cash are drawn together: a seat whose cash range
  // reaches above what it could have without a Consultant holds one in every
  // sample that keeps that much (rejection keeps every consistent pair of
  // hand and cash equally likely). Hands come before the removal, both from
  // the unseen cards.
  State s = view.state;
  draw_hands_and_cash(view, s, rng);
  bool over = cash_over_ceiling(view, s);
  for (int draw = 1; over && draw < kMostCashDraws; ++draw) {
    s = view.state;
    draw_hands_and_cash(view, s, rng);
    over = cash_over_ceiling(view, s);
  }
  if (over)
    for (int p = 0; p < s.num_players; ++p)
      if (!view.knows_cash(p) && view.unknown_advisors[p])
        s.cash[p] = int16_t(std::max(int(view.cash_low[p]), std::min(int(s.cash[p]), most_cash(s, p, consultants_hired(s, p)))));
  // Removal: once cards have been dealt (phase past setup), the removed cards
  // are a uniform subset of the unseen ones. In setup it is still to come.
  if (s.removed_per_deck > 0 && !s.removal_recorded && s.phase != Phase::kSetup) {
    CardMask removed[kNumDecks];
    sample_removal(s, rng, removed);
    for (int d = 0; d < kNumDecks; ++d) {
      s.removed[d] = removed[d];
      s.unseen[d] &= ~removed[d];
    }
    s.removal_recorded = true;
  }
  // Hidden sells: each legal choice of that seat equally likely.
  for (int p : Cards(view.hidden_sells)) {
    State as_seat = s;
    as_seat.turn = uint8_t(p);
    ActionList choices;
    legal_actions(as_seat, choices);
    const Action sell = choices[rng.below(uint32_t(choices.size()))];
    s.sell[p] = SellChoice{uint8_t(sold_vehicle(sell)), uint8_t(sold_second_vehicle(sell)), uint8_t(sold_lawyer(sell))};
    if (sold_lawyer(sell)) s.keeps_pending |= uint8_t(card_bit(p));
  }
  return s;
}

Action submitted_sell(const State& s, int seat) {
  const SellChoice& c = s.sell[seat];
  return sell_action(c.vehicle, c.second_vehicle, c.lawyer);
}

}  // namespace pyai::forsale
