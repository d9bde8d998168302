// For Sale as the search sees it (forsale/search_game.h): chance grouping.

#include <algorithm>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "forsale_tests.h"
#include "forsale/search_game.h"

namespace pyai::forsale::testing {

// Chance grouping (the search's chance_abstraction): at every deal of random
// games, the group's key is one-to-one with the dealt cards' rank bands,
// computed here the plain way (rank scaled to `level` bands, sorted), so two
// deals share a child exactly when their bands agree; the removal keeps its key.
void test_chance_groups(int games, uint64_t seed) {
  Rng rng(seed ^ 0x6A0B5u);
  // Keys are compared only within one chance step's children: one deck at one level.
  using Step = std::pair<int, int>;  // deck, level
  std::map<std::pair<Step, std::vector<int>>, uint64_t> key_of_bands;
  std::map<std::pair<Step, uint64_t>, std::vector<int>> bands_of_key;
  int deals = 0;
  for (int game = 0; game < games; ++game) {
    const int players = kMinPlayers + int(rng.below(kMaxPlayers - kMinPlayers + 1));
    const Config config = make_config(players, int(rng.below(uint32_t(players))), /*classic=*/game % 3 == 0);
    g_context = "chance groups: players " + std::to_string(players) + ", game " + std::to_string(game);
    State s = initial_state(config);
    while (!is_terminal(s)) {
      if (!is_chance(s)) {
        apply_action(s, random_action(s, rng));
        continue;
      }
      const bool removal = s.phase == Phase::kSetup;
      const uint64_t key = SearchGame::apply_chance(s, rng, 0);
      const int level = 1 + int(rng.below(search::kMaxChanceAbstraction));
      const uint64_t grouped = SearchGame::abstract_chance(s, key, level);
      if (removal) {
        CHECK(grouped == key);
        continue;
      }
      const Deck deck = current_deck(s);
      const Step step{int(deck), level};
      std::vector<int> bands, ranks;
      for (int card : Cards(CardMask(key))) ranks.push_back(card_rank(deck, card));
      std::sort(ranks.begin(), ranks.end());
      const int low = deck == Deck::kChecks ? 0 : 1, span = deck == Deck::kChecks ? 16 : kDeckSize;
      for (int rank : ranks) bands.push_back((rank - low) * level / span);
      const auto by_bands = key_of_bands.emplace(std::pair{step, bands}, grouped).first;
      CHECK_MSG(by_bands->second == grouped, "one set of bands, two keys: " + mask_string(CardMask(key)));
      const auto by_key = bands_of_key.emplace(std::pair{step, grouped}, bands).first;
      CHECK_MSG(by_key->second == bands, "two sets of bands, one key: " + mask_string(CardMask(key)));
      ++deals;
    }
  }
  CHECK(deals > games * 10);
  CHECK(key_of_bands.size() > 100);
  g_context.clear();
}

}  // namespace pyai::forsale::testing
