// The tables a component set derives when it loads (the rules and the
// heuristic read them instead of walking the lists): each against the walk.
#include "automania_tests.h"

namespace pyai::automania::testing {

// The walk matching_ship_space replaced: the spaces ascend by level.
static int walked_ship_space(const MarketSpec& market, int stars) {
  int match = -1;
  for (int i = 0; i < market.ship_spaces && market.space[i].level <= stars; ++i) match = i;
  return match;
}

void check_component_tables() {
  const Components& c = components(g_components);
  for (int m = 0; m < kMarkets; ++m) {
    const MarketSpec& market = c.market[m];
    for (int stars = -3; stars <= c.top_car_stars + 80; ++stars)
      CHECK_MSG(matching_ship_space(market, stars) == walked_ship_space(market, stars),
                "market " + std::to_string(m) + " stars " + std::to_string(stars));
  }
  for (int station = 0; station < kMaxStations; ++station)
    for (int car = 0; car < kCarTypes; ++car) {
      int uses = 0;
      for (int i = 0; i < c.line_length[car]; ++i) uses += c.line[car][i] == station;
      CHECK_MSG(c.station_uses[station][car] == uses,
                "station " + std::to_string(station) + " car " + std::to_string(car));
    }
}

}  // namespace pyai::automania::testing
