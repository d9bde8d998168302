#include "seen_moves.h"

#include <algorithm>
#include <climits>

#include "../core/errors.h"
#include "../core/token_text.h"
#include "rules.h"
#include "tokens.h"

namespace pyai::forsale {
namespace {

// The view's state with every unknown cash at the top of its range: each
// move the range allows is legal, and a fee is paid whenever it can be.
State with_cash_at_top(const View& view, const State& s) {
  State out = s;
  for (int p = 0; p < s.num_players; ++p)
    if (!view.knows_cash(p)) out.cash[p] = view.cash_high[p];
  return out;
}

// Moves the cards `action` shows out of the mover's unknown hand into its hand.
void reveal_cards(View& view, int mover, Action action) {
  State& s = view.state;
  CardMask advisors = 0, vehicles = 0;
  const auto named = [](int card) { return card >= 1 && card <= kDeckSize ? card_bit(card) : CardMask(0); };
  if (move_kind(action) == MoveKind::kPlay) advisors = named(played_advisor(action));
  if (move_kind(action) == MoveKind::kSell) vehicles = named(sold_vehicle(action)) | named(sold_second_vehicle(action));
  // Only unseen cards can come out of an unknown hand; any other is left for
  // the rules to refuse by name.
  advisors &= s.unseen[int(Deck::kAdvisors)] & ~s.advisors_in_hand[mover];
  vehicles &= s.unseen[int(Deck::kVehicles)] & ~s.vehicles[mover];
  if (!view.unknown_advisors[mover]) advisors = 0;
  if (!view.unknown_vehicles[mover]) vehicles = 0;
  if (card_count(advisors) > view.unknown_advisors[mover] || card_count(vehicles) > view.unknown_vehicles[mover])
    inconsistent("the sell names " + std::to_string(card_count(vehicles)) +
                 " vehicles not known to be in hand, but only " + std::to_string(view.unknown_vehicles[mover]) +
                 " of the hand's vehicles " +
                 (view.unknown_vehicles[mover] == 1 ? "is" : "are") + " unknown");
  s.advisors_in_hand[mover] |= advisors;
  s.unseen[int(Deck::kAdvisors)] &= ~advisors;
  view.unknown_advisors[mover] = uint8_t(view.unknown_advisors[mover] - card_count(advisors));
  s.vehicles[mover] |= vehicles;
  s.unseen[int(Deck::kVehicles)] &= ~vehicles;
  view.unknown_vehicles[mover] = uint8_t(view.unknown_vehicles[mover] - card_count(vehicles));
}

// A seat's cash range after `action`: every cash in the range with which
// the action is legal and has the same effect on the seat as with the top
// of the range (the effect the table is taken to have seen), moved by it.
void update_cash_range(const View& old, View& view, const State& before, Action action, int seat) {
  const State at_top = with_cash_at_top(old, before);
  const int top = at_top.cash[seat];
  State top_after = at_top;
  apply_action(top_after, action);
  const int change = top_after.cash[seat] - top;
  int low = INT_MAX, high = INT_MIN;
  for (int cash = old.cash_low[seat]; cash <= old.cash_high[seat]; ++cash) {
    State probe = at_top;
    probe.cash[seat] = int16_t(cash);
    if (before.turn == seat && !is_legal(probe, action)) continue;
    apply_action(probe, action);
    if (probe.cash[seat] - cash != change) continue;
    low = std::min(low, cash + change);
    high = std::max(high, cash + change);
  }
  // The top of the range always qualifies (the move was checked there), so
  // the range is never empty; the check keeps a broken rule from writing one.
  if (low > high) inconsistent("seat " + std::to_string(seat) + "'s cash range has no room for that move");
  view.cash_low[seat] = int16_t(low);
  view.cash_high[seat] = int16_t(high);
}

}  // namespace

std::string apply_seen(View& view, std::string_view token) {
  View next = view;
  State& s = next.state;
  if (is_chance(s)) {
    const ParsedToken parsed = parse_token(s, token);
    if (parsed.is_removal) inconsistent("the unseen removal is seen by no seat: a view cannot be told it");
    const std::string canonical = format_action(s, parsed.action);
    apply_parsed(s, parsed);  // a deal moves no cash
    view = next;
    return canonical;
  }
  // The cards the move names come out of the mover's unknown hand (when it
  // is not known to hold them), then the move is checked with the mover's
  // cash at the top of its range.
  const int mover = s.turn;
  reveal_cards(next, mover, parse_move_syntax(s, token));
  const State open = with_cash_at_top(next, s);
  const Action action = parse_token(open, token).action;
  const std::string canonical = format_action(open, action);
  if (move_kind(action) == MoveKind::kSell && next.hidden_sells &&
      (s.sells_submitted | card_bit(mover)) == s.all_seats())
    inconsistent("every seat has now chosen, so the sells are revealed, but this view has not seen those of seats " +
                 [&] {
                   std::string seats;
                   for (int p : Cards(next.hidden_sells)) seats += (seats.empty() ? "" : ", ") + std::to_string(p);
                   return seats;
                 }() +
                 ": describe the position again with them");
  const State before = s;
  for (int p = 0; p < s.num_players; ++p)
    if (!next.knows_cash(p)) update_cash_range(view, next, before, action, p);
  s = with_cash_at_top(view, before);
  apply_action(s, action);
  for (int p = 0; p < s.num_players; ++p) {
    if (view.knows_cash(p)) {
      next.cash_low[p] = next.cash_high[p] = s.cash[p];
    } else {
      s.cash[p] = next.cash_low[p];  // a view's state holds the low end of an unknown cash
    }
  }
  view = next;
  return canonical;
}

}  // namespace pyai::forsale
