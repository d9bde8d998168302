#include "record.h"

#include <bit>
#include <deque>

#include "chance.h"
#include "rules.h"
#include "tokens.h"

namespace pyai::automania {

std::vector<std::string> record_for_seat(const State& game, const std::vector<std::string>& history, int seat) {
  State s = initial_state(game.num_players, game.components);
  std::vector<std::string> record;
  record.reserve(history.size());
  for (const std::string& token : history) {
    const ParsedToken parsed = parse_token(s, token);
    const bool hidden = parsed.is_chance && is_private_deal(parsed.outcome.step) && s.turn != seat;
    record.push_back(hidden ? format(s, ParsedToken{true, true, 0, parsed.outcome}) : token);
    apply_parsed(s, parsed);
  }
  return record;
}

std::vector<std::string> fill_record(const View& view, const std::vector<std::string>& seat_record,
                                     const State& sample) {
  // Replay the seat's record with stand-ins, noting each seat's unknown
  // draws and the cards it played that the observer had not seen it take.
  struct Event {
    size_t index;
    int seat;
    int card;  // a hidden play, or -1 for an unknown draw
    Step step;
  };
  std::vector<Event> events;
  State s = initial_state(view.state.num_players, view.state.components);
  for (size_t i = 0; i < seat_record.size(); ++i) {
    State next = s;
    const ParsedToken parsed = parse_as_seen(next, view.observer, seat_record[i]);
    if (parsed.unseen) events.push_back({i, next.turn, -1, parsed.outcome.step});
    if (!parsed.is_chance && move_kind(parsed.action) == MoveKind::kContract) {
      const int card = move_arg(parsed.action);
      if (!(s.seat[next.turn].hand_public >> card & 1)) events.push_back({i, next.turn, card, next.step});
    }
    apply_parsed(next, parsed);
    s = next;
  }
  std::vector<std::string> record = seat_record;
  for (int seat = 0; seat < view.state.num_players; ++seat) {
    const Seat& sampled = sample.seat[seat];
    const uint32_t hidden = sampled.hand & ~sampled.hand_public;
    uint32_t spare_regular = hidden & kRegularContractBits;
    const uint32_t spare_starting = hidden & kStartingContractBits;
    std::deque<size_t> open;  // unknown deck draws not yet given a card, in record order
    int start_slot = -1, start_card = -1;
    for (const Event& e : events) {
      if (e.seat != seat) continue;
      if (e.card < 0 && e.step == Step::kDealStart) {
        start_slot = int(e.index);
      } else if (e.card < 0) {
        open.push_back(e.index);
      } else if (is_starting_contract(e.card)) {
        start_card = e.card;
      } else if (!open.empty()) {
        record[open.front()] = "drawn:" + contract_name(e.card);
        open.pop_front();
      }
    }
    if (start_slot >= 0) {
      if (start_card < 0 && spare_starting) start_card = std::countr_zero(spare_starting);
      if (start_card >= 0) record[size_t(start_slot)] = "start:" + contract_name(start_card);
    }
    for (size_t index : open) {
      if (!spare_regular) break;
      const int card = std::countr_zero(spare_regular);
      spare_regular &= spare_regular - 1;
      record[index] = "drawn:" + contract_name(card);
    }
  }
  return record;
}

State stand_in_state(const View& view) {
  State s = view.state;
  const auto deal_stand_ins = [&s](Seat& seat, uint32_t& pool, int count) {
    for (int i = 0; i < count && pool; ++i) {
      const uint32_t card = pool & -pool;
      pool &= ~card;
      seat.hand |= card;
      s.stand_ins |= card;
    }
  };
  for (int p = 0; p < s.num_players; ++p) {
    if (p == view.observer) continue;
    deal_stand_ins(s.seat[p], s.starts_undealt, view.hidden_starting[p]);
    deal_stand_ins(s.seat[p], s.deck, view.hidden_regular[p]);
    if (!view.knows_money(p)) s.seat[p].money = view.money_high[p];
  }
  // At the end no move is left to allow: stand-in money keeps the money ranking scored instead.
  int16_t ranked[kMaxPlayers];
  if (s.step == Step::kOver && least_ranked_money(view, ranked) < 0)
    for (int p = 0; p < s.num_players; ++p)
      if (!view.knows_money(p)) s.seat[p].money = ranked[p];
  return s;
}

}  // namespace pyai::automania
