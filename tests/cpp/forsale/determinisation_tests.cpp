// Views and determinisation: a view hides the removal and the other seats'
// secret sells and nothing else, a determinisation keeps the view and every
// invariant and plays out; checked where hidden information matters most
// (setup, the first auction round, every sealed sell); and a view never
// depends on the hidden removal.

#include <string>
#include <vector>

#include "forsale_tests.h"
#include "forsale/information.h"

namespace pyai::forsale::testing {

void check_determinizations(const State& s, const Tracker& t, Rng& rng, bool play_to_end) {
  const int n = s.num_players;
  for (int seat = 0; seat < n; ++seat) {
    const View view = view_of(s, seat);
    CHECK(view.observer == seat);
    // The view hides the removal and the other seats' secret sells, nothing else.
    CHECK(!view.state.removal_recorded);
    for (int d = 0; d < kNumDecks; ++d) {
      CHECK(view.state.removed[d] == 0);
      CHECK(view.state.unseen[d] == (s.unseen[d] | s.removed[d]));
    }
    const bool choosing = s.phase == Phase::kSelling && !s.awaiting_deal && s.sell_step == SellStep::kChoose;
    const CardMask hidden = choosing ? CardMask(s.sells_submitted) & ~card_bit(seat) : 0;
    CHECK(view.hidden_sells == hidden);
    for (int p : Cards(hidden)) CHECK(view.state.sell[p] == SellChoice{} && !has_card(view.state.keeps_pending, p));

    const State d = determinize(view, rng);
    CHECK(view_of(d, seat) == view);
    check_state(d, t);
    if (s.removed_per_deck > 0 && s.phase != Phase::kSetup) CHECK(d.removal_recorded);
    if (d.removal_recorded) {
      for (int deck = 0; deck < kNumDecks; ++deck) {
        CHECK(card_count(d.removed[deck]) == s.removed_per_deck);
        // Removed cards are among those the seat has not seen...
        CHECK((d.removed[deck] & ~view.state.unseen[deck]) == 0);
        // ...and disjoint from every card seen: table, hands, played, taken.
        CardMask seen = 0;
        for (int p = 0; p < n; ++p) {
          seen |= deck == 0   ? (d.advisors_in_hand[p] | d.advisors_played[p] |
                               (d.advisor_offered[p] ? card_bit(d.advisor_offered[p]) : 0))
                  : deck == 1 ? d.vehicles[p]
                              : d.checks[p];
        }
        if (int(current_deck(d)) == deck && d.phase != Phase::kOver) seen |= d.table;
        if (deck == 1) seen |= t.sold;
        CHECK((d.removed[deck] & seen) == 0);
        CHECK((d.removed[deck] & d.unseen[deck]) == 0);
      }
    }
    for (int p = 0; p < n; ++p) {
      if (has_card(hidden, p)) {
        State as_seat = d;
        as_seat.turn = uint8_t(p);
        CHECK(is_legal(as_seat, submitted_sell(d, p)));
      } else {
        CHECK(d.sell[p] == s.sell[p]);
      }
    }
    if (play_to_end) {
      // Playouts of determinisations check every invariant and the token
      // round trip of each step taken.
      StepOptions options;
      options.check_tokens = true;
      const int saved_step = g_step;
      const std::string saved_context = g_context;
      g_context += ", playout of seat " + std::to_string(seat) + "'s determinisation from step " +
                   std::to_string(saved_step);
      play_out(d, t, rng, options);
      g_context = saved_context;
      g_step = saved_step;
    }
  }
}

// Determinisation at the points where hidden information matters most: in
// every phase-3 choose step of a game, in setup and in the first auction round.
void test_determinization_in_selling(int games, uint64_t seed) {
  Rng rng(seed ^ 0x5e111u);
  for (int game = 0; game < games; ++game) {
    const int players = kMinPlayers + int(rng.below(kMaxPlayers - kMinPlayers + 1));
    const Config config = make_config(players, int(rng.below(uint32_t(players))));
    g_context = "selling determinisation: players " + std::to_string(players) + ", game " + std::to_string(game);
    StepOptions options;
    options.check_tokens = false;
    options.unrecorded_removal = game % 2 == 1;
    State s = initial_state(config);
    Tracker t;
    g_step = 0;
    while (!is_terminal(s) && t.steps < 20000) {
      const bool choosing = s.phase == Phase::kSelling && !s.awaiting_deal && s.sell_step == SellStep::kChoose;
      if (choosing || s.phase == Phase::kSetup || (s.phase == Phase::kAuction && s.round == 0))
        check_determinizations(s, t, rng, /*play_to_end=*/choosing && rng.below(4) == 0);
      if (!random_step(s, t, rng, options, nullptr)) break;
    }
    check_final(s, t);
  }
  g_context.clear();
  g_step = -1;
}

// Regression: a seat's view must not depend on the hidden removal. Check ids
// once did: with a recorded removal, a deal of a value whose lower copy was
// removed used the upper id, so two histories the seat cannot tell apart (they
// differ only in the removed checks) gave different views.
void test_view_ignores_removed_check_copies() {
  g_context = "view depends on the removed checks";
  const Config config = make_config(4, 0);
  // Same public history: everyone passes, advisors are played lowest first, cards dealt lowest first.
  std::vector<std::string> tokens = {"removed:1,2/1,2/5,15"};
  State s = initial_state(config);
  apply_parsed(s, parse_token(s, tokens[0]));
  while (s.phase != Phase::kSelling) {
    std::string token;
    if (is_chance(s)) {
      token = "deal:";
      int k = 0;
      for (int card : Cards(s.unseen[int(current_deck(s))])) {
        if (k++ == s.num_players) break;
        if (k > 1) token += ',';
        token += std::to_string(card);
      }
    } else {
      token = legal_tokens(s).at(0);
    }
    tokens.push_back(token);
    apply_parsed(s, parse_token(s, token));
  }
  tokens.push_back("deal:5,0,2,3");
  for (const char* other_removal : {"removed:1,2/1,2/14,15", "removed:1,2/1,2/5,14"}) {
    State a = initial_state(config), b = initial_state(config);
    play_tokens(b, {other_removal});
    for (size_t i = 0; i < tokens.size(); ++i) {
      apply_parsed(a, parse_token(a, tokens[i]));
      if (i > 0) apply_parsed(b, parse_token(b, tokens[i]));
    }
    for (int seat = 0; seat < config.players; ++seat)
      CHECK_MSG(view_of(a, seat) == view_of(b, seat),
                std::string("removed checks 5,15 vs ") + (other_removal + 16) + ": table " + mask_string(a.table) +
                    " vs " + mask_string(b.table));
  }
  g_context.clear();
}

}  // namespace pyai::forsale::testing
