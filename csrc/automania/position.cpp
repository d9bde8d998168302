#include "position.h"

#include <algorithm>
#include <array>
#include <bit>
#include <iterator>
#include <optional>
#include <utility>
#include <vector>

#include "../core/errors.h"
#include "../core/position_words.h"
#include "../core/token_text.h"
#include "chance.h"
#include "rules.h"
#include "scoring.h"
#include "tokens.h"

namespace pyai::automania {
namespace {

// ------------------------------------------------------------ what the rules settle

// Each step's name: a chance step's is the token it expects next, a
// decision's the token (or the first of the tokens) the seat plays.
constexpr const char* kStepNames[] = {"order", "demands", "display", "start",    "tiles",  "reveal",
                                      "drawn", "turn",    "tile",    "put",      "draw",   "market",
                                      "ship",  "contract", "office", "sell",     "demand", "over"};
static_assert(std::size(kStepNames) == size_t(Step::kOver) + 1);

// A `vp` value lists a seat's VP by source in this order (state.h's VpSource):
// start, medals, tiles, sales, office, no contract; at the end cars left,
// silver, contracts, money rank, which follow from the board.
const char* const kVpSourceWords[kVpSources] = {"start VP",   "gold-medal VP",       "VP-tile VP",
                                                "sales VP",   "sales-office VP",     "no-contract VP",
                                                "cars-left VP", "silver-medal VP",   "contract VP",
                                                "money-rank VP"};
constexpr VpSource kFirstEndSource = kVpCarsLeft;

constexpr int kMaxValue = 999;  // money, VP and counts: three digits at most
constexpr std::string_view kUnknown = "?";

// The setup: round 1 until its tiles are dealt. Money and VP follow from the order.
bool in_setup(const State& s) { return s.round == 0 && s.step <= Step::kDealTiles; }

// A turn of the action phase is under way (the reveal or draw inside it too).
bool mid_turn(Step step) { return step >= Step::kRevealContract && step <= Step::kOffice; }

bool round_tiles_dealt(const State& s) { return s.step > Step::kDealTiles; }

// How many rounds' tiles of `back` have been dealt: 0, 1 or 2 (A in rounds 1-2, B in 3-4).
int rounds_dealt(const State& s, int back) {
  int dealt = 0;
  for (int round = 2 * back; round < 2 * back + 2; ++round)
    dealt += round < s.round || (round == s.round && round_tiles_dealt(s));
  return dealt;
}

// The sales office (0-based) `seat` is on this round, or -1.
int office_of(const State& s, int seat) {
  for (int office = 0; office < s.c().sales_offices; ++office)
    if (s.office_seat[office] == seat + 1) return office;
  return -1;
}

// The sales space of `market` that takes any number of cars (row 0), or -1.
int topmost_space(const Components& c, int market) {
  for (int i = 0; i < c.market[market].sales_spaces; ++i)
    if (c.market[market].sale[i].row == 0) return i;
  return -1;
}

std::string dollars(int amount) {
  std::string out(1, '$');  // appended: GCC 12 warns (-Wrestrict) on a literal + string here
  out += std::to_string(amount);
  return out;
}

// ------------------------------------------------------------ writing

std::string contract_list(uint32_t cards) {
  if (!cards) return "-";
  std::string out;
  for (; cards; cards &= cards - 1) {
    if (!out.empty()) out += ',';
    out += contract_name(std::countr_zero(cards));
  }
  return out;
}

std::string tile_or_dash(uint8_t tile) { return tile == kNoTile ? "-" : tile_name(tile); }

// Slots in order, `-` for an empty one; empty slots at the end left out; `-` for none.
std::string slot_list(const uint8_t* slots, int count) {
  while (count > 0 && slots[count - 1] == kNoTile) --count;
  if (count == 0) return "-";
  std::string out;
  for (int i = 0; i < count; ++i) out += (i ? "," : "") + tile_or_dash(slots[i]);
  return out;
}

std::string tile_list(uint64_t tiles, int back) {
  std::string out;
  for (; tiles; tiles &= tiles - 1) {
    if (!out.empty()) out += ',';
    out += tile_name(tile_id(back, std::countr_zero(tiles)));
  }
  return out;
}

std::string grid_text(const State& s) {
  std::string out;
  for (int cell = 0; cell < kGridCells; ++cell) {
    if (cell) out += cell % kGridSide ? ',' : ';';
    out += tile_or_dash(s.grid[cell]);
  }
  return out;
}

// `name` for one worker, `name=N` for more.
std::string counted(const std::string& name, int count) {
  return count == 1 ? name : name + "=" + std::to_string(count);
}

std::string placed_text(const State& s, int p) {
  std::string out;
  const auto add = [&](const std::string& item) { out += (out.empty() ? "" : ",") + item; };
  for (int space = 0; space < kActionSpaces; ++space)
    if (s.space_workers[space] && s.space_seat[space] == p) add(counted(space_name(space), s.space_workers[space]));
  if (s.seat[p].on_sponsor) add(counted("sponsor", s.seat[p].on_sponsor));
  if (s.seat[p].on_marketing) add(counted("marketing", s.seat[p].on_marketing));
  return out.empty() ? "-" : out;
}

std::string styling_text(const Components& c, const Seat& seat) {
  std::string out;
  for (int car = 0; car < kCarTypes; ++car) {
    if (seat.styling[car][0] == kNoTile) continue;  // slots fill from the first
    if (!out.empty()) out += ';';
    out += std::string(car_name(car)) + "=" + slot_list(seat.styling[car], c.styling_slots);
  }
  return out.empty() ? "-" : out;
}

std::string car_at(uint8_t car, int market, int number) {
  return std::string(car_name(car_type(car))) + "@" + market_name(market) + std::to_string(number);
}

std::string ships_text(const State& s, int p) {
  const Components& c = s.c();
  std::string out;
  for (int m = 0; m < kMarkets; ++m)
    for (int i = 0; i < c.market[m].ship_spaces; ++i)
      if (s.ship[m][i] != kNoCar && car_owner(s.ship[m][i]) == p)
        out += (out.empty() ? "" : ",") + car_at(s.ship[m][i], m, c.market[m].space[i].level);
  return out.empty() ? "-" : out;
}

// The rules keep how many cars each seat sold to each market's topmost space
// and how many of each type it sold this round, not which type went where:
// the types left after the other spaces are written in type order, North
// America's topmost space first.
std::string sold_text(const State& s, int p) {
  const Components& c = s.c();
  int types_left[kCarTypes];
  for (int car = 0; car < kCarTypes; ++car) types_left[car] = s.seat[p].sold[car];
  for (int m = 0; m < kMarkets; ++m)
    for (int i = 0; i < c.market[m].sales_spaces; ++i)
      if (s.sale[m][i] != kNoCar && car_owner(s.sale[m][i]) == p) --types_left[car_type(s.sale[m][i])];
  std::string out;
  const auto add = [&](const std::string& item) { out += (out.empty() ? "" : ",") + item; };
  for (int m = 0; m < kMarkets; ++m) {
    const int top = topmost_space(c, m);
    for (int i = 0; i < c.market[m].sales_spaces; ++i) {
      if (i == top) {
        for (int k = 0; k < s.top_sold[m][p]; ++k) {
          int car = 0;
          while (car + 1 < kCarTypes && types_left[car] <= 0) ++car;
          --types_left[car];
          add(car_at(car_token(p, car), m, i + 1));
        }
      } else if (s.sale[m][i] != kNoCar && car_owner(s.sale[m][i]) == p) {
        add(car_at(s.sale[m][i], m, i + 1));
      }
    }
  }
  return out.empty() ? "-" : out;
}

// Total, then `=` and the sources (trailing zeros left out); the total alone
// when every VP is the start's.
std::string vp_text(const Seat& seat) {
  int last = kVpSources - 1;
  while (last > 0 && seat.vp_from[last] == 0) --last;
  std::string out = std::to_string(seat.vp);
  if (last == 0) return out;
  for (int source = 0; source <= last; ++source) out += (source ? "+" : "=") + std::to_string(seat.vp_from[source]);
  return out;
}

std::string money_text(const State& s, const View* view, int p) {
  if (!view || view->knows_money(p)) return std::to_string(s.seat[p].money);
  if (view->money_low[p] == 0 && view->money_high[p] == kMostMoney) return std::string(kUnknown);
  return std::to_string(view->money_low[p]) + ".." + std::to_string(view->money_high[p]);
}

std::string hidden_text(const State& s, const View* view, int p) {
  const Seat& seat = s.seat[p];
  std::string out = contract_list(seat.hand & ~seat.hand_public);
  const int unknown = view ? view->hidden_regular[p] + view->hidden_starting[p] : 0;
  if (unknown && out == "-") out.clear();
  for (int i = 0; i < unknown; ++i) out += (out.empty() ? "" : ",") + std::string(kUnknown);
  return out;
}

class Line {
 public:
  void add(std::string_view field, const std::string& value) {
    if (!text_.empty()) text_ += ' ';
    text_ += field;
    text_ += ':';
    text_ += value;
  }

  // One value per seat, split by '/'; left out when every seat's is `-`.
  template <typename ValueOf>
  void add_per_seat(const State& s, std::string_view field, ValueOf value_of, bool always = false) {
    std::string value;
    bool any = always;
    for (int p = 0; p < s.num_players; ++p) {
      const std::string one = value_of(p);
      any = any || one != "-";
      value += (p ? "/" : "") + one;
    }
    if (any) add(field, value);
  }

  std::string text() const { return text_; }

 private:
  std::string text_;
};

// The position of `s`; with a view (s is its state), its unknowns as `?` and ranges.
std::string write(const State& s, const View* view) {
  const Components& c = s.c();
  Line line;
  line.add("round", std::to_string(s.round + 1));
  line.add("step", kStepNames[int(s.step)]);
  const bool turn_under_way = mid_turn(s.step);
  if (turn_under_way) line.add("turn", std::to_string(s.turn));
  if (s.sponsored) line.add("sponsored", "yes");
  if (turn_under_way && s.space != kNone)
    line.add("space", space_name(s.space) + (s.space == kCornerSpace ? "," + std::string(car_name(s.car)) : ""));
  if (s.step == Step::kPlaceTile) line.add("tile", tile_name(s.tile));
  if (s.step == Step::kShip || s.step == Step::kContract) {
    line.add("market", market_name(s.market));
    if (s.marketing) line.add("marketing", std::to_string(s.marketing));
  }
  if (s.step == Step::kSell)
    line.add("offer", market_name(s.sale_market) + std::to_string(c.market[s.sale_market].space[s.sale_space].level));
  if (s.step != Step::kDealOrder) {
    std::string order;
    for (int i = 0; i < s.num_players; ++i) order += (i ? "," : "") + std::to_string(s.order[i]);
    line.add("order", order);
  }
  if (s.step > Step::kDealDemands) {
    ChanceOutcome demands;
    demands.step = Step::kDealDemands;
    demands.count = kDemandTiles;
    for (int m = 0; m < kMarkets; ++m)
      for (int i = 0; i < kDemandSpaces; ++i) demands.item[m * kDemandSpaces + i] = s.demand[m][i];
    const std::string token = format_outcome(s, demands);  // the demands: token's own form
    line.add("demands", token.substr(token.find(':') + 1));
  }
  if (std::any_of(std::begin(s.grid), std::end(s.grid), [](uint8_t tile) { return tile != kNoTile; }))
    line.add("grid", grid_text(s));
  if (s.office_tile[0] != kNoTile || s.office_tile[1] != kNoTile)
    line.add("office_tiles", tile_or_dash(s.office_tile[0]) + "," + tile_or_dash(s.office_tile[1]));
  if (s.display) line.add("display", contract_list(s.display));
  std::string removed;
  for (int back = 0; back < kBacks; ++back)
    if (rounds_dealt(s, back) == 1 && s.tiles_boxed[back])
      removed += (removed.empty() ? "" : ",") + tile_list(s.tiles_boxed[back], back);
  if (!removed.empty()) line.add("removed", removed);
  if (!in_setup(s)) {
    line.add_per_seat(s, "money", [&](int p) { return money_text(s, view, p); }, true);
    line.add_per_seat(s, "vp", [&](int p) { return vp_text(s.seat[p]); }, true);
  }
  line.add_per_seat(s, "hand", [&](int p) { return contract_list(s.seat[p].hand_public); });
  line.add_per_seat(s, "hidden", [&](int p) { return hidden_text(s, view, p); });
  line.add_per_seat(s, "played", [&](int p) { return contract_list(s.seat[p].played); });
  line.add_per_seat(s, "office", [&](int p) {
    const int office = office_of(s, p);
    return office < 0 ? std::string("-") : std::to_string(office + 1);
  });
  line.add_per_seat(s, "placed", [&](int p) { return placed_text(s, p); });
  bool extra_neutral = false;
  for (int p = 0; p < s.num_players; ++p) extra_neutral |= s.seat[p].neutral != staff_workers(c, s.seat[p]);
  if (extra_neutral) line.add_per_seat(s, "neutral", [&](int p) { return std::to_string(s.seat[p].neutral); });
  line.add_per_seat(s, "stations", [&](int p) { return slot_list(s.seat[p].station, c.stations); });
  line.add_per_seat(s, "managers", [&](int p) { return slot_list(s.seat[p].office, c.offices); });
  line.add_per_seat(s, "styling", [&](int p) { return styling_text(c, s.seat[p]); });
  line.add_per_seat(s, "ships", [&](int p) { return ships_text(s, p); });
  line.add_per_seat(s, "sold", [&](int p) { return sold_text(s, p); });
  return line.text();
}

}  // namespace

std::string write_position(const State& s) {
  if (s.stand_ins)
    inconsistent("this state was rebuilt from one seat's record: other seats' hidden contracts in it are "
                 "stand-ins, not facts; write that seat's view instead");
  return write(s, nullptr);
}

std::string write_position(const View& view) { return write(view.state, &view); }

// ------------------------------------------------------------ reading

namespace {

enum class Field {
  kRound, kStep, kTurn, kSponsored, kSpace, kTile, kMarket, kMarketing, kOffer, kOrder, kDemands, kGrid,
  kOfficeTiles, kDisplay, kRemoved, kMoney, kVp, kHand, kHidden, kPlayed, kOffice, kPlaced, kNeutral,
  kStations, kManagers, kStyling, kShips, kSold, kCount
};

constexpr std::array<PositionFieldName, int(Field::kCount)> kFieldNames = {{
    {"round", int(Field::kRound)},       {"step", int(Field::kStep)},         {"turn", int(Field::kTurn)},
    {"sponsored", int(Field::kSponsored)}, {"space", int(Field::kSpace)},     {"tile", int(Field::kTile)},
    {"market", int(Field::kMarket)},     {"marketing", int(Field::kMarketing)}, {"offer", int(Field::kOffer)},
    {"order", int(Field::kOrder)},       {"demands", int(Field::kDemands)},   {"grid", int(Field::kGrid)},
    {"office_tiles", int(Field::kOfficeTiles)}, {"display", int(Field::kDisplay)}, {"removed", int(Field::kRemoved)},
    {"money", int(Field::kMoney)},       {"vp", int(Field::kVp)},             {"hand", int(Field::kHand)},
    {"hidden", int(Field::kHidden)},     {"played", int(Field::kPlayed)},     {"office", int(Field::kOffice)},
    {"placed", int(Field::kPlaced)},     {"neutral", int(Field::kNeutral)},   {"stations", int(Field::kStations)},
    {"managers", int(Field::kManagers)}, {"styling", int(Field::kStyling)},   {"ships", int(Field::kShips)},
    {"sold", int(Field::kSold)},
}};

// Where each contract or tile was written, to name both places of one written twice.
class Places {
 public:
  explicit Places(std::string noun) : noun_(std::move(noun)) {}

  void place(int index, const std::string& name, const std::string& where) {
    std::string& first = where_[size_t(index)];
    if (!first.empty()) inconsistent(noun_ + " " + name + " is both in " + first + " and in " + where);
    first = where;
  }

 private:
  std::string noun_;
  std::array<std::string, 128> where_{};  // contracts 0-29, tile ids 1-100
};

class PositionReader {
 public:
  static constexpr int kNoObserver = -1;

  PositionReader(int players, uint8_t components, std::string_view text, int observer)
      : observer_(observer),
        s_(initial_state(players, components)),
        c_(s_.c()),
        contracts_("contract"),
        tiles_("tile"),
        words_(text, kFieldNames, int(Field::kCount)) {
    if (!given(Field::kStep))
      syntax_error("a position needs its step: step:order|demands|display|start|tiles|reveal|drawn|turn|tile|put|"
                   "draw|market|ship|contract|office|sell|demand|over");
  }

  State read() {
    read_round_and_step();
    refuse_fields_of_other_steps();
    read_order();
    read_demands();
    read_contracts();
    read_tiles();
    read_money_and_vp();
    read_offices();
    read_workers();
    read_cars();
    read_turn_in_progress();
    settle_contracts();
    settle_tiles();
    settle_seats();
    check_step();
    check_end_of_game();
    check_a_move_is_left();
    return s_;
  }

  // The observer's view of what was read: its unknowns counted and bounded.
  View view(const State& s) const {
    View view = view_of(s, observer_);
    for (int p = 0; p < s.num_players; ++p) {
      view.hidden_regular[p] = uint8_t(view.hidden_regular[p] + unknown_regular_[p]);
      view.hidden_starting[p] = uint8_t(view.hidden_starting[p] + unknown_starting_[p]);
      if (money_unknown_[p]) {
        view.money_low[p] = int16_t(money_low_[p]);
        view.money_high[p] = int16_t(money_high_[p]);
        view.state.seat[p].money = int16_t(money_low_[p]);  // as forget_money keeps it
      }
    }
    for (int p = 0; p < s.num_players; ++p) {
      if (!money_unknown_[p]) continue;
      try {
        narrow_money(view, p);
      } catch (const GameError& error) {
        inconsistent(std::string("money: ") + error.what());
      }
    }
    return view;
  }

 private:
  // ------------------------------------------------------------- words

  bool given(Field f) const { return words_.given(int(f)); }
  std::string_view value(Field f) const { return words_.value(int(f)); }
  static std::string name(Field f) { return std::string(kFieldNames[size_t(f)].name); }  // each field has one name

  void require(Field f, const std::string& why) const {
    if (!given(f)) syntax_error(name(f) + " is needed: " + why);
  }
  void refuse(Field f, const std::string& why) const {
    if (given(f)) inconsistent(name(f) + " is not part of this position: " + why);
  }

  int number(Field f, std::string_view text, int low, int high, const std::string& what) const {
    return words_.number(int(f), text, low, high, what);
  }

  int seat_number(Field f, std::string_view text) const {
    return number(f, text, 0, s_.num_players - 1, "a seat");
  }

  std::vector<std::string_view> seat_values(Field f) const { return words_.seat_values(int(f), s_.num_players); }

  // Items of a list: none for `-`, else the comma-separated parts (none empty).
  std::vector<std::string_view> items(Field f, std::string_view list) const {
    if (list == "-") return {};
    auto parts = split_text(list, ',');
    for (std::string_view part : parts)
      if (part.empty()) syntax_error(name(f) + ": " + quoted(list) + " has an empty item (items are joined by commas)");
    return parts;
  }

  // Calls read(seat, value, "seat N's <field>") for each seat of a per-seat field.
  template <typename Read>
  void for_each_seat(Field f, Read read) {
    if (!given(f)) return;
    const auto values = seat_values(f);
    for (int p = 0; p < s_.num_players; ++p) read(p, values[size_t(p)], seat_name(p) + "'s " + name(f));
  }

  int contract_named(Field f, std::string_view text) const {
    if (const auto contract = contract_from_name(text)) return *contract;
    syntax_error(name(f) + ": " + quoted(text) + " is not a contract (1-" + std::to_string(kRegularContracts) +
                 ", S1-S" + std::to_string(kStartingContracts) + ")");
  }

  uint8_t tile_named(Field f, std::string_view text) const {
    if (const auto tile = tile_from_name(text)) return *tile;
    syntax_error(name(f) + ": " + quoted(text) + " is not a tile (A1-A" + std::to_string(kTilesPerBack) + ", B1-B" +
                 std::to_string(kTilesPerBack) + ")");
  }

  int car_named(Field f, std::string_view text) const {
    if (const auto car = car_from_name(text)) return *car;
    syntax_error(name(f) + ": " + quoted(text) + " is not a car type (city, family or super)");
  }

  int market_named(Field f, std::string_view text) const {
    if (const auto market = market_from_name(text)) return *market;
    syntax_error(name(f) + ": " + quoted(text) + " is not a market (NA or EU)");
  }

  // "na6": a market and a number after it.
  std::pair<int, int> market_and_number(Field f, std::string_view text) const {
    if (text.size() < 3) syntax_error(name(f) + ": " + quoted(text) + " is not a market and a number (as NA6)");
    return {market_named(f, text.substr(0, 2)), number(f, text.substr(2), 0, kMaxValue, "a number")};
  }

  // A `?` for `seat`'s fact: only another seat's, in a view.
  void allow_unknown(Field f, int seat, const std::string& what) const {
    check_unknown_allowed(name(f), seat, observer_, what);
  }

  // ------------------------------------------------------------- round and step

  void read_round_and_step() {
    const std::string_view step = value(Field::kStep);
    const auto* found = std::find(std::begin(kStepNames), std::end(kStepNames), step);
    if (found == std::end(kStepNames))
      syntax_error("step:" + std::string(step) +
                   " is not a step (order, demands, display, start, tiles, reveal, drawn, turn, tile, put, draw, "
                   "market, ship, contract, office, sell, demand, over)");
    s_.step = Step(found - std::begin(kStepNames));
    require(Field::kRound, "round:1 to round:" + std::to_string(kRounds));
    s_.round = uint8_t(number(Field::kRound, value(Field::kRound), 1, kRounds, "the round") - 1);
    if (s_.step < Step::kDealTiles && s_.round != 0)
      inconsistent("step:" + std::string(step) + " is part of the setup, in round 1");
    if (s_.step == Step::kDemand && s_.round + 1 == kRounds)
      inconsistent("step:demand moves the demand tiles between rounds: after round " + std::to_string(kRounds) +
                   " the game is over");
    if (s_.step == Step::kOver && s_.round + 1 != kRounds)
      inconsistent("step:over comes after round " + std::to_string(kRounds) + ", not in round " +
                   std::to_string(s_.round + 1));
  }

  // Fields whose facts do not exist yet (or any more) at this step.
  void refuse_fields_of_other_steps() const {
    const Step step = s_.step;
    const bool setup = in_setup(s_);
    const bool round_start = step == Step::kDealTiles;
    if (step == Step::kDealOrder)
      for (int f = 0; f < int(Field::kCount); ++f)
        if (Field(f) != Field::kRound && Field(f) != Field::kStep && given(Field(f)))
          inconsistent("step:order is the start of the game: nothing has happened yet, so it takes no other field "
                       "(found " + name(Field(f)) + ")");
    if (step <= Step::kDealDemands) refuse(Field::kDemands, "the demand tiles are not dealt yet");
    if (step <= Step::kDealDisplay) refuse(Field::kDisplay, "the display is not dealt yet");
    if (step < Step::kDealStart) refuse(Field::kHidden, "no contract is dealt yet");
    if (setup) {
      const std::string why = "in the setup money and VP follow from the order ($5 and 0 VP, + the player number)";
      refuse(Field::kMoney, why);
      refuse(Field::kVp, why);
      for (Field f : {Field::kGrid, Field::kOfficeTiles, Field::kRemoved, Field::kHand, Field::kPlayed, Field::kPlaced,
                      Field::kNeutral, Field::kOffice, Field::kStations, Field::kManagers, Field::kStyling,
                      Field::kShips, Field::kSold})
        refuse(f, "the game has not begun: the setup ends when round 1's tiles are dealt");
    } else {
      require(Field::kMoney, "one amount per seat, split by '/'");
      require(Field::kVp, "each seat's VP, split by '/' (as 14=2+3+4+5: the total, then its sources)");
    }
    if (round_start) {
      const std::string why = "the round's tiles are not dealt yet (workers are home, cars back from the sales "
                              "spaces, no sales office taken)";
      for (Field f : {Field::kGrid, Field::kOfficeTiles, Field::kPlaced, Field::kOffice, Field::kSold}) refuse(f, why);
    }
    const bool turn_under_way = mid_turn(step);
    const std::string not_a_turn = "it describes the turn in progress in the action phase (step:turn to step:office)";
    for (Field f : {Field::kTurn, Field::kSponsored}) if (!turn_under_way) refuse(f, not_a_turn);
    if (!turn_under_way || step == Step::kTurn || step == Step::kOffice)
      refuse(Field::kSpace, "the action space is written from the turn's choice of a space until its end");
    if (step != Step::kPlaceTile) refuse(Field::kTile, "the tile taken is written at step:put, until it is placed");
    if (step != Step::kShip && step != Step::kContract) {
      refuse(Field::kMarket, "a car's market is written at step:ship and step:contract");
      refuse(Field::kMarketing, "a car's marketing workers are written at step:ship and step:contract");
    }
    if (step != Step::kSell) refuse(Field::kOffer, "a car is offered at step:sell");
    if (!(step == Step::kSell || step == Step::kDemand || step == Step::kOver) && given(Field::kSold) && !round_start &&
        !setup)
      inconsistent("sold: cars are sold in the sales phase; in the action phase the sales spaces are empty");
  }

  // ------------------------------------------------------------- order and demands

  void read_order() {
    if (s_.step == Step::kDealOrder) return;
    require(Field::kOrder, "the player order this round, as order:2,0,1 (seats, first player first)");
    const auto seats = items(Field::kOrder, value(Field::kOrder));
    if (int(seats.size()) != s_.num_players)
      inconsistent("order lists " + std::to_string(seats.size()) + " seats; the game has " +
                   std::to_string(s_.num_players) + " players");
    unsigned seen = 0;
    for (size_t i = 0; i < seats.size(); ++i) {
      const int seat = seat_number(Field::kOrder, seats[i]);
      if (seen >> seat & 1) inconsistent("order lists " + seat_name(seat) + " twice");
      seen |= 1u << seat;
      s_.order[i] = uint8_t(seat);
    }
  }

  void read_demands() {
    if (s_.step <= Step::kDealDemands) return;
    require(Field::kDemands, "the demand symbols as the demands: token gives them (NA's 5 spaces / EU's 5)");
    const auto markets = split_text(value(Field::kDemands), '/');
    if (markets.size() != kMarkets) syntax_error("demands lists North America's symbols / Europe's symbols");
    int tiles_left[kMaxSymbols] = {};
    for (int i = 0; i < kDemandTiles; ++i) ++tiles_left[c_.demand_tile[i]];
    uint8_t symbols[kDemandTiles];
    for (int m = 0; m < kMarkets; ++m) {
      const auto listed = items(Field::kDemands, markets[size_t(m)]);
      if (listed.size() != kDemandSpaces)
        inconsistent("demands: " + std::string(market_name(m)) + " has " + std::to_string(kDemandSpaces) +
                     " demand spaces, not " + std::to_string(listed.size()));
      for (int i = 0; i < kDemandSpaces; ++i) {
        const auto symbol = symbol_from_name(c_, listed[size_t(i)]);
        if (!symbol) syntax_error("demands: " + quoted(listed[size_t(i)]) + " is not a symbol of the game");
        if (--tiles_left[*symbol] < 0)
          inconsistent("demands: there are not that many " + std::string(c_.symbol(*symbol)) + " demand tiles");
        symbols[m * kDemandSpaces + i] = uint8_t(*symbol);
        s_.demand[m][i] = uint8_t(*symbol);
      }
    }
    if (s_.round == 0 && markets_identical(symbols))  // (later moves of the tiles may make them so)
      inconsistent("demands: in round 1 the two markets cannot be identical (the same demand on each space): the setup deals them again");
  }

  // ------------------------------------------------------------- contracts

  uint32_t place_contract(Field f, std::string_view item, const std::string& where) {
    const int contract = contract_named(f, item);
    contracts_.place(contract, contract_name(contract), where);
    return uint32_t(1) << contract;
  }

  uint32_t contract_cards(Field f, std::string_view list, const std::string& where) {
    uint32_t cards = 0;
    for (std::string_view item : items(f, list)) cards |= place_contract(f, item, where);
    return cards;
  }

  void read_contracts() {
    if (given(Field::kDisplay)) {
      s_.display = contract_cards(Field::kDisplay, value(Field::kDisplay), "the display");
      if (s_.display & kStartingContractBits)
        inconsistent("display: starting contracts are dealt face down, never shown on the display");
      if (std::popcount(s_.display) > 3)
        inconsistent("display: it shows at most 3 contracts, not " + std::to_string(std::popcount(s_.display)));
    }
    for_each_seat(Field::kHand, [&](int p, std::string_view list, const std::string& where) {
      Seat& seat = s_.seat[p];
      seat.hand_public = contract_cards(Field::kHand, list, where);
      if (seat.hand_public & kStartingContractBits)
        inconsistent("hand: " + where + " holds a starting contract, but hand lists the contracts taken from the "
                     "display; a starting contract is hidden until played");
      seat.hand |= seat.hand_public;
    });
    for_each_seat(Field::kHidden, [&](int p, std::string_view list, const std::string& where) {
      for (std::string_view item : items(Field::kHidden, list)) {
        if (item == kUnknown) {  // a card the observer has not seen: counted, not named
          allow_unknown(Field::kHidden, p, "contracts");
          ++unknown_hidden_[p];
        } else {
          s_.seat[p].hand |= place_contract(Field::kHidden, item, where);
        }
      }
    });
    for_each_seat(Field::kPlayed, [&](int p, std::string_view list, const std::string& where) {
      s_.seat[p].played = contract_cards(Field::kPlayed, list, where);
    });
  }

  // ------------------------------------------------------------- tiles

  // Records `tile` at `where`; a tile of a back not dealt yet cannot be anywhere.
  uint8_t place_tile(uint8_t tile, const std::string& where) {
    tiles_.place(tile, tile_name(tile), where);
    if (rounds_dealt(s_, tile_back(tile)) == 0)
      inconsistent("tile " + tile_name(tile) + " is in " + where + ", but " + (tile_back(tile) ? "B" : "A") +
                   " tiles are dealt from round " + std::to_string(2 * tile_back(tile) + 1) + " on");
    present_[tile_back(tile)] |= uint64_t(1) << tile_index(tile);
    return tile;
  }

  // A tile on the board this round: it comes from this round's back.
  uint8_t place_board_tile(Field f, std::string_view text, const std::string& where) {
    const uint8_t tile = place_tile(tile_named(f, text), where);
    if (tile_back(tile) != round_back(s_))
      inconsistent(name(f) + ": round " + std::to_string(s_.round + 1) + " deals " + (round_back(s_) ? "B" : "A") +
                   " tiles, so " + tile_name(tile) + " cannot be in " + where);
    return tile;
  }

  // Slots in order (`-` empty), at most `count`, each holding a tile of `kind`.
  void read_slots(Field f, std::string_view list, uint8_t* slots, int count, TileKind kind, const char* kind_name,
                  const std::string& where) {
    const auto listed = items(f, list);
    if (int(listed.size()) > count)
      inconsistent(name(f) + ": " + where + " lists " + std::to_string(listed.size()) + " places; the factory has " +
                   std::to_string(count));
    for (size_t i = 0; i < listed.size(); ++i) {
      if (listed[i] == "-") continue;
      const uint8_t tile = place_tile(tile_named(f, listed[i]), where);
      if (face(c_, tile).kind != kind)
        inconsistent(name(f) + ": " + tile_name(tile) + " in " + where + " is no " + kind_name + " tile");
      slots[i] = tile;
    }
  }

  void read_styling(int p, std::string_view text, const std::string& where) {
    if (text == "-") return;
    Seat& seat = s_.seat[p];
    unsigned cars_seen = 0;
    for (std::string_view group : split_text(text, ';')) {
      const size_t equals = group.find('=');
      if (equals == std::string_view::npos)
        syntax_error("styling: " + quoted(group) + " is not <car>=<tiles> (as city=A27,A28)");
      const int car = car_named(Field::kStyling, group.substr(0, equals));
      if (cars_seen >> car & 1) syntax_error("styling: " + where + " lists the " + car_name(car) + " car twice");
      cars_seen |= 1u << car;
      const std::string car_where = where + " (" + car_name(car) + ")";
      const auto listed = items(Field::kStyling, group.substr(equals + 1));
      if (int(listed.size()) > c_.styling_slots)
        inconsistent("styling: " + car_where + " has " + std::to_string(listed.size()) +
                     " tiles; a car type takes " + std::to_string(c_.styling_slots));
      uint32_t parts = 0;
      for (size_t i = 0; i < listed.size(); ++i) {
        const uint8_t tile = place_tile(tile_named(Field::kStyling, listed[i]), car_where);
        const TileFace& f = face(c_, tile);
        if (f.kind != TileKind::kStyling)
          inconsistent("styling: " + tile_name(tile) + " in " + car_where + " is no styling tile");
        if (parts >> f.detail & 1)
          inconsistent("styling: " + car_where + " shows the " + std::string(c_.part(f.detail)) +
                       " twice; no car type has a styling part twice");
        parts |= 1u << f.detail;
        seat.styling[car][i] = tile;
      }
    }
  }

  void read_tiles() {
    if (given(Field::kGrid) && value(Field::kGrid) != "-") {
      const auto rows = split_text(value(Field::kGrid), ';');
      if (rows.size() != kGridSide)
        syntax_error("grid lists " + std::to_string(rows.size()) + " rows (split by ';'); the grid has " +
                     std::to_string(kGridSide));
      for (int r = 0; r < kGridSide; ++r) {
        const auto cells = split_text(rows[size_t(r)], ',');
        if (cells.size() != kGridSide)
          syntax_error("grid: row " + std::to_string(r + 1) + " lists " + std::to_string(cells.size()) +
                       " cells; a row has " + std::to_string(kGridSide) + " (`-` for an empty one)");
        for (int col = 0; col < kGridSide; ++col)
          if (cells[size_t(col)] != "-")
            s_.grid[r * kGridSide + col] = place_board_tile(Field::kGrid, cells[size_t(col)], "the grid");
      }
    }
    if (given(Field::kOfficeTiles)) {
      const auto slots = split_text(value(Field::kOfficeTiles), ',');
      if (slots.size() != kOfficeTiles)
        syntax_error("office_tiles lists the tiles below the sales offices: " + std::to_string(kOfficeTiles) +
                     " places (`-` for a taken one), not " + std::to_string(slots.size()));
      for (int i = 0; i < kOfficeTiles; ++i)
        if (slots[size_t(i)] != "-")
          s_.office_tile[i] = place_board_tile(Field::kOfficeTiles, slots[size_t(i)], "the office tiles");
    }
    if (s_.step == Step::kPlaceTile) {
      require(Field::kTile, "the tile taken, to be placed or discarded");
      s_.tile = place_board_tile(Field::kTile, value(Field::kTile), "the tile taken");
      const TileKind kind = face(c_, s_.tile).kind;
      if (kind == TileKind::kMoney || kind == TileKind::kVp)
        inconsistent("tile: " + tile_name(s_.tile) + " is a " + (kind == TileKind::kMoney ? "money" : "VP") +
                     " tile, taken as its bonus at once: it is never placed");
    }
    for_each_seat(Field::kStations, [&](int p, std::string_view list, const std::string& where) {
      read_slots(Field::kStations, list, s_.seat[p].station, c_.stations, TileKind::kMachine, "machine", where);
    });
    for_each_seat(Field::kManagers, [&](int p, std::string_view list, const std::string& where) {
      read_slots(Field::kManagers, list, s_.seat[p].office, c_.offices, TileKind::kManager, "manager", where);
    });
    for_each_seat(Field::kStyling, [&](int p, std::string_view text, const std::string& where) {
      read_styling(p, text, where);
    });
    if (given(Field::kRemoved)) {
      for (std::string_view item : items(Field::kRemoved, value(Field::kRemoved))) {
        const uint8_t tile = place_tile(tile_named(Field::kRemoved, item), "the removed tiles");
        const int back = tile_back(tile);
        if (rounds_dealt(s_, back) != 1)
          inconsistent("removed: " + tile_name(tile) + " need not be listed: every " + (back ? "B" : "A") +
                       " tile written nowhere else has left the game by now (removed lists only the tiles of the "
                       "back still being dealt)");
        s_.tiles_boxed[back] |= uint64_t(1) << tile_index(tile);
      }
    }
  }

  // ------------------------------------------------------------- money and VP

  // The seats as the deal of round 1's order left them (start money and VP),
  // when round 1's order is the one written.
  State as_dealt() const {
    State dealt = initial_state(s_.num_players, s_.components);
    ChanceOutcome order;
    order.step = Step::kDealOrder;
    order.count = s_.num_players;
    for (int i = 0; i < s_.num_players; ++i) order.item[i] = s_.order[i];
    apply_outcome(dealt, order);
    return dealt;
  }

  void read_money_and_vp() {
    if (s_.step == Step::kDealOrder) return;
    const State dealt = as_dealt();
    if (in_setup(s_)) {
      for (int p = 0; p < s_.num_players; ++p) {
        s_.seat[p].money = dealt.seat[p].money;
        s_.seat[p].vp = dealt.seat[p].vp;
        std::copy(std::begin(dealt.seat[p].vp_from), std::end(dealt.seat[p].vp_from), s_.seat[p].vp_from);
      }
      return;
    }
    for_each_seat(Field::kMoney, [&](int p, std::string_view text, const std::string&) {
      const size_t dots = text.find("..");
      if (text == kUnknown || dots != std::string_view::npos) {
        allow_unknown(Field::kMoney, p, "money");
        money_unknown_[p] = true;
        money_low_[p] = 0;
        money_high_[p] = kMostMoney;
        if (dots != std::string_view::npos) {
          money_low_[p] = number(Field::kMoney, text.substr(0, dots), 0, kMostMoney, "the low end of a range");
          money_high_[p] = number(Field::kMoney, text.substr(dots + 2), 0, kMostMoney, "the high end of a range");
          if (money_low_[p] > money_high_[p])
            inconsistent("money: " + seat_name(p) + "'s range " + std::string(text) + " is empty");
        }
        // While reading, a range is at its top: every fact it allows is allowed (view() keeps the low end).
        s_.seat[p].money = int16_t(money_high_[p]);
        return;
      }
      s_.seat[p].money = int16_t(number(Field::kMoney, text, 0, kMostMoney, "money"));
    });
    unsigned start_vp_seen = 0;
    for_each_seat(Field::kVp, [&](int p, std::string_view text, const std::string&) {
      Seat& seat = s_.seat[p];
      const size_t equals = text.find('=');
      const int total = number(Field::kVp, text.substr(0, equals), 0, kMaxValue, "VP");
      if (equals == std::string_view::npos) {
        seat.vp_from[kVpStart] = int16_t(total);
      } else {
        const auto parts = split_text(text.substr(equals + 1), '+');
        if (parts.size() > kVpSources)
          syntax_error("vp: " + quoted(text) + " lists " + std::to_string(parts.size()) + " sources; there are " +
                       std::to_string(kVpSources));
        for (size_t source = 0; source < parts.size(); ++source)
          seat.vp_from[source] = int16_t(number(Field::kVp, parts[source], 0, kMaxValue, kVpSourceWords[source]));
      }
      int sum = 0;
      for (int source = 0; source < kVpSources; ++source) sum += seat.vp_from[source];
      if (sum != total)
        inconsistent("vp: " + seat_name(p) + "'s sources add up to " + std::to_string(sum) + ", not its total of " +
                     std::to_string(total));
      seat.vp = int16_t(total);
      const int start = seat.vp_from[kVpStart];
      if (start < 1 || start > s_.num_players)
        inconsistent("vp: " + seat_name(p) + "'s start VP are its player number in round 1, 1 to " +
                     std::to_string(s_.num_players) + ", not " + std::to_string(start) +
                     " (write the total, then its sources: 14=start+medals+tiles+sales+office+no contract, as "
                     "14=2+3+4+5)");
      if (start_vp_seen >> start & 1)
        inconsistent("vp: two seats started with " + std::to_string(start) + " VP; each player number is one seat's");
      start_vp_seen |= 1u << start;
      const int dealt_start = dealt.seat[p].vp_from[kVpStart];
      if (s_.round == 0 && start != dealt_start)
        inconsistent("vp: " + seat_name(p) + " is number " + std::to_string(dealt_start) +
                     " in round 1's order, so it started with " + std::to_string(dealt_start) + " VP, not " +
                     std::to_string(start));
      if (s_.step != Step::kOver)
        for (int source = kFirstEndSource; source < kVpSources; ++source)
          if (seat.vp_from[source])
            inconsistent("vp: " + seat_name(p) + " has " + kVpSourceWords[source] +
                         ", which are scored at the end of the game only");
    });
  }

  // ------------------------------------------------------------- sales offices and workers

  void read_offices() {
    for_each_seat(Field::kOffice, [&](int p, std::string_view text, const std::string&) {
      if (text == "-") return;
      const int office = number(Field::kOffice, text, 1, c_.sales_offices, "a sales office") - 1;
      if (s_.office_seat[office])
        inconsistent("office: sales office " + std::to_string(office + 1) + " holds both " +
                     seat_name(s_.office_seat[office] - 1) + " and " + seat_name(p));
      s_.office_seat[office] = uint8_t(p + 1);
      s_.seat[p].sales_office = uint8_t(office + 1);
    });
  }

  // Places for workers in `placed`: the action spaces 0-8, then these two.
  static constexpr int kSponsorPlace = kActionSpaces, kMarketingPlace = kActionSpaces + 1;

  void read_workers() {
    for_each_seat(Field::kPlaced, [&](int p, std::string_view list, const std::string& where) {
      Seat& seat = s_.seat[p];
      unsigned spaces_seen = 0;
      for (std::string_view item : items(Field::kPlaced, list)) {
        const size_t equals = item.find('=');
        const std::string_view place = item.substr(0, equals);
        const int count = equals == std::string_view::npos
                              ? 1
                              : number(Field::kPlaced, item.substr(equals + 1), 1, kMaxValue, "a number of workers");
        const auto space = space_from_name(place);
        const int key = space                    ? *space
                        : place == "sponsor"   ? kSponsorPlace
                        : place == "marketing" ? kMarketingPlace
                                               : -1;
        if (key < 0)
          syntax_error("placed: " + quoted(place) + " is no place for workers (R1-R4, C1-C4, corner, sponsor, "
                       "marketing)");
        if (spaces_seen >> key & 1) syntax_error("placed: " + where + " lists " + std::string(place) + " twice");
        spaces_seen |= 1u << key;
        if (key == kSponsorPlace) {
          seat.on_sponsor = uint8_t(count);
        } else if (key == kMarketingPlace) {
          seat.on_marketing = uint8_t(count);
        } else {
          if (s_.space_workers[key])
            inconsistent("placed: " + space_name(key) + " holds workers of both " + seat_name(s_.space_seat[key]) +
                         " and " + seat_name(p) + "; a space holds one seat's (a newcomer sends the others home)");
          s_.space_seat[key] = uint8_t(p);
          s_.space_workers[key] = uint8_t(count);
        }
        placed_[p] += count;
      }
    });
    // Each round a seat has as many neutral workers as its staff managers show;
    // one replaced by a staff manager showing fewer leaves it more (neutral:).
    int neutral_total = 0;
    for (int p = 0; p < s_.num_players; ++p) s_.seat[p].neutral = uint8_t(staff_workers(c_, s_.seat[p]));
    for_each_seat(Field::kNeutral, [&](int p, std::string_view text, const std::string&) {
      const int neutral = number(Field::kNeutral, text, 0, c_.neutral_workers, "a number of neutral workers");
      const int shown = staff_workers(c_, s_.seat[p]);
      if (neutral < shown)
        inconsistent("neutral: " + seat_name(p) + "'s staff managers bring it " + std::to_string(shown) +
                     " neutral workers, not " + std::to_string(neutral));
      if (neutral != shown && s_.step == Step::kDealTiles)
        inconsistent("neutral: at the start of a round each seat has as many neutral workers as its staff managers "
                     "show (" + seat_name(p) + ": " + std::to_string(shown) + ")");
      s_.seat[p].neutral = uint8_t(neutral);
    });
    for (int p = 0; p < s_.num_players; ++p) {
      Seat& seat = s_.seat[p];
      neutral_total += seat.neutral;
      seat.workers_total = uint8_t(c_.workers + seat.neutral);
      if (placed_[p] > seat.workers_total)
        inconsistent("placed: " + seat_name(p) + " has " + std::to_string(placed_[p]) + " workers placed, but " +
                     std::to_string(seat.workers_total) + " in all (" + std::to_string(c_.workers) + " and " +
                     std::to_string(seat.neutral) + " neutral)");
      seat.workers_home = uint8_t(seat.workers_total - placed_[p]);
    }
    if (neutral_total > c_.neutral_workers)
      inconsistent("the seats hold " + std::to_string(neutral_total) + " neutral workers; the supply has " +
                   std::to_string(c_.neutral_workers));
  }

  // ------------------------------------------------------------- cars

  void read_cars() {
    int out_of_factory[kMaxPlayers][kCarTypes] = {};
    for_each_seat(Field::kShips, [&](int p, std::string_view list, const std::string& where) {
      for (std::string_view item : items(Field::kShips, list)) {
        const auto [car, market, level] = car_at_place(Field::kShips, item);
        const int space = ship_space_of_level(c_, market, level);
        const std::string place = market_name(market) + std::to_string(level);
        if (space < 0) inconsistent("ships: " + std::string(market_name(market)) + " has no ship space of level " +
                                    std::to_string(level) + " (in " + where + ")");
        if (s_.ship[market][space] != kNoCar)
          inconsistent("ships: " + place + " holds both " + seat_name(car_owner(s_.ship[market][space])) + "'s " +
                       car_name(car_type(s_.ship[market][space])) + " car and " + seat_name(p) + "'s " +
                       car_name(car) + " car; a ship space takes one car");
        s_.ship[market][space] = car_token(p, car);
        ++out_of_factory[p][car];
      }
    });
    for_each_seat(Field::kSold, [&](int p, std::string_view list, const std::string& where) {
      Seat& seat = s_.seat[p];
      for (std::string_view item : items(Field::kSold, list)) {
        const auto [car, market, number] = car_at_place(Field::kSold, item);
        const MarketSpec& spec = c_.market[market];
        const std::string place = market_name(market) + std::to_string(number);
        if (number < 1 || number > spec.sales_spaces)
          inconsistent("sold: " + std::string(market_name(market)) + " has sales spaces 1-" +
                       std::to_string(spec.sales_spaces) + ", not " + std::to_string(number) + " (in " + where + ")");
        const int space = number - 1;
        const int row = spec.sale[space].row;
        if (row == 0) {
          ++s_.top_sold[market][p];
        } else {
          if (s_.sale[market][space] != kNoCar)
            inconsistent("sold: sales space " + place + " holds both " + seat_name(car_owner(s_.sale[market][space])) +
                         "'s car and " + seat_name(p) + "'s; only the topmost space takes more than one car");
          if (s_.num_players == 2 && (s_.rows_used[market] >> row & 1))
            inconsistent("sold: with 2 players each row takes one car a round, but two cars are in " +
                         std::string(market_name(market)) + "'s row " + std::to_string(row));
          s_.sale[market][space] = car_token(p, car);
          s_.rows_used[market] = uint8_t(s_.rows_used[market] | (1u << row));
        }
        ++seat.sold[car];
        ++seat.sold_count;
        ++out_of_factory[p][car];
      }
      if (seat.sold_count && !seat.sales_office)
        inconsistent("sold: " + seat_name(p) + " has sold cars, so it has withdrawn and taken a sales office "
                     "(office:)");
      if (seat.sold_count > sales_limit(c_, seat))
        inconsistent("sold: " + seat_name(p) + " sold " + std::to_string(seat.sold_count) +
                     " cars this round, but its sales office " + std::to_string(seat.sales_office) + " and " +
                     std::to_string(managers(c_, seat, Manager::kMarketing)) + " marketing managers let it sell " +
                     std::to_string(sales_limit(c_, seat)));
    });
    for (int p = 0; p < s_.num_players; ++p)
      for (int car = 0; car < kCarTypes; ++car) {
        if (out_of_factory[p][car] > c_.car_count[car])
          inconsistent(seat_name(p) + " has " + std::to_string(out_of_factory[p][car]) + " " + car_name(car) +
                       " cars on ships and sales spaces, but it has " + std::to_string(c_.car_count[car]));
        s_.seat[p].cars[car] = uint8_t(c_.car_count[car] - out_of_factory[p][car]);
      }
  }

  struct CarAt {
    int car, market, number;
  };
  // "city@na6": a car type at a market's numbered place.
  CarAt car_at_place(Field f, std::string_view item) const {
    const size_t at = item.find('@');
    if (at == std::string_view::npos)
      syntax_error(name(f) + ": " + quoted(item) + " is not <car>@<market><number> (as city@NA6)");
    const int car = car_named(f, item.substr(0, at));
    const auto [market, number] = market_and_number(f, item.substr(at + 1));
    return {car, market, number};
  }

  // ------------------------------------------------------------- the turn in progress

  void read_turn_in_progress() {
    const Step step = s_.step;
    if (mid_turn(step)) {
      require(Field::kTurn, "the seat whose turn is in progress");
      s_.turn = uint8_t(seat_number(Field::kTurn, value(Field::kTurn)));
    } else {
      s_.turn = uint8_t(derived_turn());
    }
    if (given(Field::kSponsored)) {
      const std::string_view answer = value(Field::kSponsored);
      if (answer != "yes" && answer != "no") syntax_error("sponsored is yes or no");
      s_.sponsored = answer == "yes";
    }
    if (given(Field::kSpace)) {
      const auto parts = split_text(value(Field::kSpace), ',');
      const auto space = space_from_name(parts[0]);
      if (!space) syntax_error("space: " + quoted(parts[0]) + " is not an action space (R1-R4, C1-C4, corner)");
      s_.space = uint8_t(*space);
      if (*space == kCornerSpace) {
        if (parts.size() != 2) syntax_error("space: the corner is written with the car it makes, as corner,city");
        s_.car = uint8_t(car_named(Field::kSpace, parts[1]));
      } else if (parts.size() != 1) {
        inconsistent("space: " + space_name(*space) + " makes no choice of car: only the corner's car is written "
                     "(corner,<car>)");
      }
    }
    if (given(Field::kMarket)) s_.market = uint8_t(market_named(Field::kMarket, value(Field::kMarket)));
    if (given(Field::kMarketing))
      s_.marketing = uint8_t(number(Field::kMarketing, value(Field::kMarketing), 1, kMaxValue, "marketing workers"));
    if (given(Field::kOffer)) {
      const auto [market, level] = market_and_number(Field::kOffer, value(Field::kOffer));
      const int space = ship_space_of_level(c_, market, level);
      if (space < 0)
        inconsistent("offer: " + std::string(market_name(market)) + " has no ship space of level " +
                     std::to_string(level));
      s_.sale_market = uint8_t(market);
      s_.sale_space = uint8_t(space);
    }
  }

  // Who the rules name outside the action phase.
  int derived_turn() const {
    switch (s_.step) {
      case Step::kDealStart: return s_.order[std::min(dealt_starts(), s_.num_players - 1)];  // all: refused later
      case Step::kDealTiles: {
        if (s_.round == 0) return s_.order[s_.num_players - 1];  // the last starting contract's seat
        // The seat that moved the demand tiles: the fewest VP, ties to the lower
        // sales office of the round before, whose order this round's is.
        State before = s_;
        for (int i = 0; i < s_.num_players; ++i) before.seat[s_.order[i]].sales_office = uint8_t(i + 1);
        return detail::demand_chooser(before);
      }
      case Step::kDemand: return detail::demand_chooser(s_);
      default: return 0;  // no seat (the setup's first deals, the end), or the offer's owner (check_step)
    }
  }

  // Seats dealt a starting contract so far: those holding one (known, `?` or played).
  int dealt_starts() const {
    int dealt = 0;
    for (int p = 0; p < s_.num_players; ++p) dealt += holds_start(p);
    return dealt;
  }

  bool holds_start(int p) const {
    const Seat& seat = s_.seat[p];
    return ((seat.hand | seat.played) & kStartingContractBits) || unknown_hidden_[p] > 0;
  }

  // ------------------------------------------------------------- settling what follows

  void settle_contracts() {
    uint32_t written = s_.display;
    for (int p = 0; p < s_.num_players; ++p) written |= s_.seat[p].hand | s_.seat[p].played;
    s_.deck = kRegularContractBits & ~written;
    s_.starts_undealt = kStartingContractBits & ~written;
    const bool dealing = s_.step == Step::kDealStart;
    const int dealt = dealing ? dealt_starts() : s_.step > Step::kDealStart ? s_.num_players : 0;
    if (dealing) {
      for (int i = 0; i < s_.num_players; ++i)
        if (holds_start(s_.order[i]) != (i < dealt))
          inconsistent("hidden: starting contracts are dealt in player order, but " + seat_name(s_.order[i]) +
                       (i < dealt ? " has none while a seat after it in the order has one"
                                  : " has one before a seat ahead of it in the order"));
      if (dealt == s_.num_players)
        inconsistent("hidden: every seat holds its starting contract, so the setup has moved on to the tiles "
                     "(step:tiles)");
    }
    int unknown_regular = 0, unknown_starting = 0;
    for (int p = 0; p < s_.num_players; ++p) {
      const Seat& seat = s_.seat[p];
      const uint32_t own_starts = (seat.hand | seat.played) & kStartingContractBits;
      const std::string who = seat_name(p);
      if (std::popcount(own_starts) > 1) inconsistent(who + " has two starting contracts; each seat is dealt one");
      const bool has_start = dealing ? holds_start(p) : dealt > 0;
      if (has_start && !own_starts && unknown_hidden_[p] == 0)
        inconsistent(who + " holds no starting contract (hidden or played), but every seat is dealt one");
      // A seat's unknown cards: its unplayed starting contract if it is not named, then deck draws.
      unknown_starting_[p] = has_start && !own_starts && unknown_hidden_[p] > 0 ? 1 : 0;
      unknown_regular_[p] = unknown_hidden_[p] - unknown_starting_[p];
      if (in_setup(s_) && (unknown_regular_[p] || (seat.hand & ~seat.hand_public & kRegularContractBits)))
        inconsistent("hidden: " + who + " holds a contract drawn from the deck, but the setup deals only the "
                     "starting contracts");
      unknown_regular += unknown_regular_[p];
      unknown_starting += unknown_starting_[p];
    }
    if (unknown_regular > std::popcount(s_.deck))
      inconsistent("hidden: the '?' contracts drawn from the deck are " + std::to_string(unknown_regular) +
                   ", but only " + std::to_string(std::popcount(s_.deck)) + " contracts are written nowhere else");
    if (unknown_starting > std::popcount(s_.starts_undealt))
      inconsistent("hidden: more seats hold an unknown starting contract than there are starting contracts left");
    s_.deck_count = uint8_t(std::popcount(s_.deck) - unknown_regular);
    s_.deck_drawn = uint8_t(kRegularContracts - s_.deck_count);
    s_.starts_dealt = uint8_t(dealt);
    const int shown = std::popcount(s_.display);
    if (s_.step > Step::kDealDisplay && s_.step != Step::kRevealContract && shown < 3 && s_.deck_count > 0)
      inconsistent("display: it shows " + std::to_string(shown) + " contracts, but the deck still has " +
                   std::to_string(s_.deck_count) + " to refill it (only step:reveal waits for that)");
  }

  void settle_tiles() {
    for (int back = 0; back < kBacks; ++back) {
      const uint64_t all = (uint64_t(1) << kTilesPerBack) - 1;
      const int dealt = rounds_dealt(s_, back);
      if (dealt == 2) {  // every tile of the back has come out: those written nowhere have left the game
        s_.tiles_boxed[back] = all & ~present_[back];
      } else if (dealt == 1) {
        const int written = std::popcount(present_[back]);
        if (written != kTilesPerRound)
          inconsistent(std::string("the ") + (back ? "B" : "A") + " tiles do not add up: " +
                       std::to_string(kTilesPerRound) + " have been dealt, but the position writes " +
                       std::to_string(written) + " (on the board, taken, in factories and removed)");
      }
      s_.tiles_unseen[back] = all & ~present_[back] & ~s_.tiles_boxed[back];
    }
  }

  void settle_seats() {
    for (int p = 0; p < s_.num_players; ++p)
      s_.seat[p].withdrawn = s_.seat[p].sales_office != 0 || (s_.step == Step::kOffice && s_.turn == p);
    // After round 1's sales the sales phase's counters rest at their end.
    if (s_.step != Step::kSell && !(s_.round == 0 && s_.step <= Step::kOffice)) {
      s_.sale_market = kMarkets;
      s_.sale_space = 0;
    }
  }

  // ------------------------------------------------------------- the step's facts

  bool all_withdrawn() const {
    for (int p = 0; p < s_.num_players; ++p)
      if (!s_.seat[p].sales_office) return false;
    return true;
  }

  void check_step() {
    const Step step = s_.step;
    if (step == Step::kSell || step == Step::kDemand || step == Step::kOver) {
      if (!all_withdrawn())
        inconsistent(std::string("step:") + kStepNames[int(step)] + " comes after every seat has withdrawn, but " +
                     seat_name(first_without_office()) + " has no sales office (office:)");
    }
    if (step == Step::kSell) check_offer();
    if (mid_turn(step)) check_turn();
  }

  int first_without_office() const {
    for (int p = 0; p < s_.num_players; ++p)
      if (!s_.seat[p].sales_office) return p;
    return 0;
  }

  void check_offer() {
    require(Field::kOffer, "the car offered, by its ship space (as NA6)");
    const uint8_t car = s_.ship[s_.sale_market][s_.sale_space];
    const std::string place =
        market_name(s_.sale_market) + std::to_string(c_.market[s_.sale_market].space[s_.sale_space].level);
    if (car == kNoCar) inconsistent("offer: no car is on " + place);
    s_.turn = uint8_t(car_owner(car));
    if (!can_sell(s_, s_.turn, s_.sale_market, c_.market[s_.sale_market].space[s_.sale_space].level))
      inconsistent("offer: " + seat_name(s_.turn) + "'s car on " + place + " is offered only while " +
                   seat_name(s_.turn) + " may sell it, but " +
                   (s_.seat[s_.turn].sold_count >= sales_limit(c_, s_.seat[s_.turn])
                        ? "its sales limit is reached"
                        : "no sales space is open to it"));
  }

  void check_turn() {
    const Step step = s_.step;
    const int t = s_.turn;
    const Seat& seat = s_.seat[t];
    const std::string who = seat_name(t);
    const bool office_bonus = step == Step::kPlaceTile && seat.sales_office;
    if (seat.sales_office && !office_bonus)
      inconsistent("turn: " + who + " has withdrawn (it is on sales office " + std::to_string(seat.sales_office) +
                   "), so it has no more turns this round");
    if (s_.sponsored && !seat.on_sponsor)
      inconsistent("sponsored: " + who + " has no worker on the sponsor space");
    if (step == Step::kOffice) {
      if (seat.workers_home)
        inconsistent("step:office: " + who + " has just withdrawn, which puts its workers left on the sponsor "
                     "space, but it has " + std::to_string(seat.workers_home) + " at home");
      if (first_free_office() < 0) inconsistent("step:office: every sales office is taken");
      return;
    }
    if (office_bonus) {
      s_.office_bonus = true;
      const int slot = c_.office[seat.sales_office - 1].tile_slot;
      if (given(Field::kSpace))
        inconsistent("space: " + who + " is placing its sales office's bonus tile, after withdrawing: no action "
                     "space is in use");
      if (slot < 0 || s_.office_tile[slot] != kNoTile)
        inconsistent("step:put: " + who + " has withdrawn, so its tile is its sales office's bonus, but sales office " +
                     std::to_string(seat.sales_office) +
                     (slot < 0 ? " has no tile" : "'s tile is still below it (office_tiles:)"));
      return;
    }
    if (step == Step::kTurn) return;
    require(Field::kSpace, "the action space " + who + " used this turn");
    const int space = s_.space;
    const ActionSpaceSpec& spec = c_.space[space];
    const std::string space_text = space == kCornerSpace ? "the corner" : space_name(space);
    if (!(s_.space_workers[space] && s_.space_seat[space] == t))
      inconsistent("space: " + who + " used " + space_text + " this turn, so its workers are on it (placed:)");
    const bool takes_tile = step == Step::kTakeTile || step == Step::kPlaceTile;
    if (takes_tile && space == kCornerSpace)
      inconsistent("space: the corner produces at once; it gives no tile to take or place");
    if (step == Step::kTakeTile && !line_has_tile(s_, space))
      inconsistent("step:tile: " + space_text + " has no tile left to take");
    const bool producing = spec.action != SpaceAction::kContract;
    if (takes_tile && producing && seat.money < money_reserved(s_))
      inconsistent("money: " + who + " chose " + space_text + ", which makes a " + car_name(spec.car) + " car for " +
                   dollars(money_reserved(s_)) + " once the tile is placed, but it has " +
                   (money_unknown_[t] ? "at most " : "") + dollars(seat.money));
    const bool drawing = step == Step::kDraw || step == Step::kRevealContract || step == Step::kDrawContract;
    if (drawing && producing) inconsistent("space: " + space_text + " produces a car; contracts come from R4 and C1");
    const bool shipping = step == Step::kMarket || step == Step::kShip || step == Step::kContract;
    if (shipping && !producing) inconsistent("space: " + space_text + " draws a contract; it produces no car");
    if (step == Step::kDraw && !s_.deck_count && !s_.display)
      inconsistent("step:draw: the deck and the display are empty (the seat scored 1 VP instead)");
    if (step == Step::kRevealContract && (std::popcount(s_.display) != 2 || !s_.deck_count))
      inconsistent("step:reveal refills the display's empty place from the deck: the display shows 2 contracts and "
                   "the deck has cards");
    if (step == Step::kDrawContract && !s_.deck_count) inconsistent("step:drawn: the deck is empty");
    if (shipping) {
      if (space != kCornerSpace) s_.car = spec.car;
      if (step != Step::kMarket) {
        require(Field::kMarket, "the market the car is shipped to");
        s_.base_stars = uint8_t(popularity(c_, s_, t, s_.car, s_.market));
        if (s_.marketing > seat.on_marketing)
          inconsistent("marketing: " + who + " put " + std::to_string(s_.marketing) +
                       " marketing workers on this car, but has " + std::to_string(seat.on_marketing) +
                       " on the marketing space (placed:)");
      }
      if (step == Step::kContract && !seat.hand && !unknown_hidden_[t])
        inconsistent("step:contract: " + who + " holds no contract (the step comes only with one in hand)");
    }
  }

  int first_free_office() const {
    for (int office = 0; office < c_.sales_offices; ++office)
      if (!s_.office_seat[office]) return office;
    return -1;
  }

  // At the end the cars left, silver medals, contracts and money rank are
  // scored from the board: the VP written for them must be those.
  void check_end_of_game() {
    if (s_.step != Step::kOver) return;
    for (int p = 0; p < s_.num_players; ++p)
      if (money_unknown_[p]) return;  // the money rank is not known
    State before = s_;  // the position just before the final account
    for (int p = 0; p < s_.num_players; ++p) {
      Seat& seat = before.seat[p];
      for (int source = kFirstEndSource; source < kVpSources; ++source) {
        seat.vp = int16_t(seat.vp - seat.vp_from[source]);
        seat.vp_from[source] = 0;
      }
    }
    for (int i = 0; i < c_.market[kNorthAmerica].ship_spaces; ++i)  // each sold for $1 at the end
      if (s_.ship[kNorthAmerica][i] != kNoCar) --before.seat[car_owner(s_.ship[kNorthAmerica][i])].money;
    for (int p = 0; p < s_.num_players; ++p)
      if (before.seat[p].money < 0)
        inconsistent("money: " + seat_name(p) + "'s cars left on North American ships were sold for $1 each at the "
                     "end, more than the " + dollars(s_.seat[p].money) + " it has");
    score_end_of_game(before);
    for (int p = 0; p < s_.num_players; ++p)
      for (int source = kFirstEndSource; source < kVpSources; ++source)
        if (before.seat[p].vp_from[source] != s_.seat[p].vp_from[source])
          inconsistent("vp: at the end " + seat_name(p) + "'s " + kVpSourceWords[source] + " are " +
                       std::to_string(before.seat[p].vp_from[source]) + " (from the board), not " +
                       std::to_string(s_.seat[p].vp_from[source]));
  }

  // The rules always leave the seat to act a move; a position that left none
  // would be one the checks above missed.
  void check_a_move_is_left() const {
    if (is_chance(s_) || is_terminal(s_)) return;
    ActionList legal;
    legal_actions(s_, legal);
    if (legal.empty()) inconsistent(seat_name(s_.turn) + " has no legal move in this position");
  }

  const int observer_;
  State s_;
  const Components& c_;
  Places contracts_, tiles_;
  uint64_t present_[kBacks] = {};  // tiles written anywhere (removed ones too)
  int unknown_hidden_[kMaxPlayers] = {};  // `?` contracts per seat
  int unknown_regular_[kMaxPlayers] = {}, unknown_starting_[kMaxPlayers] = {};
  int placed_[kMaxPlayers] = {};
  bool money_unknown_[kMaxPlayers] = {};
  int money_low_[kMaxPlayers] = {}, money_high_[kMaxPlayers] = {};
  PositionWords words_;
};

}  // namespace

State read_position(int players, uint8_t components, std::string_view text) {
  return PositionReader(players, components, text, PositionReader::kNoObserver).read();
}

View read_position_view(int players, uint8_t components, std::string_view text, int observer) {
  if (observer < 0 || observer >= players)
    throw GameError(ErrorKind::kBadArgument, "seat must be a whole number 0.." + std::to_string(players - 1) +
                                                 ", not " + std::to_string(observer));
  PositionReader reader(players, components, text, observer);
  const State s = reader.read();
  return reader.view(s);
}

}  // namespace pyai::automania
