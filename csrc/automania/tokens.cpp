#include "tokens.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <optional>

#include "../core/errors.h"
#include "../core/token_text.h"
#include "rules.h"

namespace pyai::automania {
namespace {

// "1 star", "3 stars": a count said as a person would say it.
std::string counted(int count, const char* noun) {
  return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

// How many of the mover's workers are at home, as the end of a sentence ("2 are at home").
std::string at_home(int workers) {
  if (workers == 0) return "none is at home";
  return std::to_string(workers) + (workers == 1 ? " is at home" : " are at home");
}

constexpr size_t kMaxTokenLength = 300;
constexpr int kMaxNumber = 99;  // nothing in the game counts to 100
constexpr std::string_view kUnseenCard = "?";

[[noreturn]] void illegal(const State& s, const std::string& reason) { illegal_move(reason, describe_legal(s)); }

std::string money(int amount) {
  std::string out(1, '$');  // appended: GCC 12 warns (-Wrestrict) on a literal + string here
  out += std::to_string(amount);
  return out;
}


// A plain decimal: digits only, no sign, no leading zero, at most kMaxNumber.
int number(std::string_view text, std::string_view token) {
  bool plain = !text.empty() && text.size() <= 2 && !(text.size() > 1 && text[0] == '0');
  int value = 0;
  for (char c : text) {
    plain = plain && c >= '0' && c <= '9';
    value = value * 10 + (c - '0');
  }
  if (!plain)
    syntax_error(quoted(text) + " in " + quoted(token) + " is not a plain number 0 to " + std::to_string(kMaxNumber) +
                 " (digits only, no sign, no leading zero)");
  return value;
}

// "12" -> contract 11, "s2" -> the second starting contract.
int contract_of(std::string_view text, std::string_view token) {
  if (const auto contract = contract_from_name(text)) return *contract;
  const bool starting = !text.empty() && text[0] == 's';
  number(starting ? text.substr(1) : text, token);  // throws if it is no number
  syntax_error("there is no contract " + quoted(text) + " in " + quoted(token) + " (contracts are 1-" +
               std::to_string(kRegularContracts) + " and S1-S" + std::to_string(kStartingContracts) + ")");
}

uint8_t tile_of(std::string_view text, std::string_view token) {
  if (const auto tile = tile_from_name(text)) return *tile;
  if (!text.empty() && (text[0] == 'a' || text[0] == 'b')) number(text.substr(1), token);  // throws if no number
  syntax_error("there is no tile " + quoted(text) + " in " + quoted(token) + " (tiles are A1-A" +
               std::to_string(kTilesPerBack) + " and B1-B" + std::to_string(kTilesPerBack) + ")");
}

int car_of(std::string_view text, std::string_view token) {
  if (const auto car = car_from_name(text)) return *car;
  syntax_error("there is no car type " + quoted(text) + " in " + quoted(token) + " (city, family or super)");
}

int market_of(std::string_view text, std::string_view token) {
  if (const auto market = market_from_name(text)) return *market;
  syntax_error("there is no market " + quoted(text) + " in " + quoted(token) + " (NA or EU)");
}

int symbol_of(const Components& c, std::string_view text, std::string_view token) {
  if (const auto symbol = symbol_from_name(c, text)) return *symbol;
  std::string known;
  for (int i = 0; i < c.symbols; ++i) known += (i ? ", " : "") + std::string(c.symbol(i));
  syntax_error("there is no symbol " + quoted(text) + " in " + quoted(token) + " (" + known + ")");
}

std::string line_name(int space) {
  return space < kGridSide ? "row " + std::to_string(space + 1) : "column " + std::to_string(space - kGridSide + 1);
}

std::string describe_tile(const Components& c, uint8_t tile) {
  const TileFace& f = face(c, tile);
  static const char* const kManagers[] = {"research", "marketing", "general", "staff"};
  switch (f.kind) {
    case TileKind::kMachine: return tile_name(tile) + " (a " + std::string(c.symbol(f.detail)) + " machine)";
    case TileKind::kManager: return tile_name(tile) + " (a " + std::string(kManagers[f.detail]) + " manager)";
    case TileKind::kStyling: return tile_name(tile) + " (a " + std::string(c.part(f.detail)) + " styling tile)";
    default: return tile_name(tile);
  }
}

// ------------------------------------------------------------ chance

const char* chance_head(Step step) {
  switch (step) {
    case Step::kDealOrder: return "order";
    case Step::kDealDemands: return "demands";
    case Step::kDealDisplay: return "display";
    case Step::kDealStart: return "start";
    case Step::kDealTiles: return "tiles";
    case Step::kRevealContract: return "reveal";
    case Step::kDrawContract: return "drawn";
    default: return "";
  }
}

std::optional<Step> chance_step_named(std::string_view head) {
  for (Step step : {Step::kDealOrder, Step::kDealDemands, Step::kDealDisplay, Step::kDealStart, Step::kDealTiles,
                    Step::kRevealContract, Step::kDrawContract})
    if (head == chance_head(step)) return step;
  return std::nullopt;
}

std::string expected_chance(const State& s) {
  switch (s.step) {
    case Step::kDealOrder: return "order:<the " + std::to_string(s.num_players) + " seats, first player first>";
    case Step::kDealDemands: return "demands:<5 symbols>/<5 symbols>";
    case Step::kDealDisplay: return "display:<3 contracts from the deck>";
    case Step::kDealStart: return "start:<a starting contract for " + seat_name(s.turn) + ">";
    case Step::kDealTiles:
      return std::string("tiles:<18 ") + (round_back(s) == 0 ? "A" : "B") +
             " tiles: the grid row by row, then the tiles below the sales offices>";
    case Step::kRevealContract: return "reveal:<a contract from the deck>";
    case Step::kDrawContract: return "drawn:<the deck's top contract, for " + seat_name(s.turn) + ">";
    default: return "";
  }
}

ParsedToken parse_chance(const State& s, Step step, std::string_view body, std::string_view token) {
  const Components& c = s.c();
  if (is_terminal(s)) illegal(s, "the game is over");
  if (!is_chance(s)) illegal(s, "nothing is revealed now: it is " + seat_name(s.turn) + "'s turn");
  if (step != s.step)
    illegal(s, "the next chance step is " + std::string(chance_head(s.step)) + ", not " + chance_head(step));
  ParsedToken parsed;
  parsed.is_chance = true;
  ChanceOutcome& o = parsed.outcome;
  o.step = step;
  o.count = uint8_t(outcome_items(s, step));
  auto card_in = [&](uint32_t pool, int card, const char* where) {
    if (!(pool >> card & 1)) illegal(s, "contract " + contract_name(card) + " is not " + where);
  };
  switch (step) {
    case Step::kDealOrder: {
      const auto parts = split_text(body, ',');
      if (int(parts.size()) != s.num_players)
        illegal(s, "the order lists all " + std::to_string(s.num_players) + " seats, not " +
                       std::to_string(parts.size()));
      unsigned seen = 0;
      for (size_t i = 0; i < parts.size(); ++i) {
        const int seat = number(parts[i], token);
        if (seat >= s.num_players) illegal(s, "there is no seat " + std::to_string(seat));
        if (seen >> seat & 1) illegal(s, "seat " + std::to_string(seat) + " is listed twice");
        seen |= 1u << seat;
        o.item[i] = uint8_t(seat);
      }
      break;
    }
    case Step::kDealDemands: {
      const auto markets = split_text(body, '/');
      if (markets.size() != kMarkets) syntax_error(quoted(token) + " must be demands:<5 symbols>/<5 symbols>");
      int counts[kMaxSymbols] = {};
      for (int i = 0; i < kDemandTiles; ++i) ++counts[c.demand_tile[i]];
      for (int m = 0; m < kMarkets; ++m) {
        const auto symbols = split_text(markets[m], ',');
        if (symbols.size() != kDemandSpaces)
          illegal(s, std::string(market_name(m)) + " has " + std::to_string(kDemandSpaces) + " demand spaces, not " +
                         std::to_string(symbols.size()));
        for (int i = 0; i < kDemandSpaces; ++i) {
          const int symbol = symbol_of(c, symbols[i], token);
          if (--counts[symbol] < 0)
            illegal(s, "there are not that many " + std::string(c.symbol(symbol)) + " demand tiles");
          o.item[m * kDemandSpaces + i] = uint8_t(symbol);
        }
      }
      if (markets_identical(o.item)) illegal(s, "the two markets are identical, the same demand on each space: setup deals them again");
      break;
    }
    case Step::kDealDisplay: {
      const auto parts = split_text(body, ',');
      if (parts.size() != 3) illegal(s, "the display shows 3 contracts, not " + std::to_string(parts.size()));
      uint32_t shown = 0;
      for (int i = 0; i < 3; ++i) {
        const int card = contract_of(parts[i], token);
        card_in(s.deck & ~shown, card, "in the deck (or is listed twice)");
        shown |= uint32_t(1) << card;
      }
      for (int i = 0; i < 3; ++i) {  // the display is a set: canonically in increasing order
        o.item[i] = uint8_t(std::countr_zero(shown));
        shown &= shown - 1;
      }
      break;
    }
    case Step::kDealStart: {
      const int card = contract_of(body, token);
      if (!is_starting_contract(card)) illegal(s, "a starting contract is S1-S" + std::to_string(kStartingContracts));
      card_in(s.starts_undealt, card, "undealt");
      o.item[0] = uint8_t(card);
      break;
    }
    case Step::kDealTiles: {
      const auto parts = split_text(body, ',');
      if (parts.size() != kTilesPerRound)
        illegal(s, "a round deals " + std::to_string(kTilesPerRound) + " tiles, not " + std::to_string(parts.size()));
      uint64_t seen = 0;
      for (int i = 0; i < kTilesPerRound; ++i) {
        const uint8_t tile = tile_of(parts[i], token);
        if (tile_back(tile) != round_back(s))
          illegal(s, "round " + std::to_string(s.round + 1) + " deals " + (round_back(s) == 0 ? "A" : "B") +
                         " tiles, not " + tile_name(tile));
        const uint64_t bit = uint64_t(1) << tile_index(tile);
        if (!(s.tiles_unseen[tile_back(tile)] & bit)) illegal(s, "tile " + tile_name(tile) + " has been dealt already");
        if (seen & bit) illegal(s, "tile " + tile_name(tile) + " is listed twice");
        seen |= bit;
        o.item[i] = tile;
      }
      break;
    }
    default: {  // reveal or drawn
      const int card = contract_of(body, token);
      card_in(s.deck, card, "in the deck");
      o.item[0] = uint8_t(card);
      break;
    }
  }
  return parsed;
}

// ------------------------------------------------------------ moves

// Syntax only: which move the token names.
Action parse_move(const State& s, std::string_view head, std::string_view body, bool has_body,
                  std::string_view token) {
  const Components& c = s.c();
  const auto args = split_text(body, ',');
  auto one = [&](const char* form) {
    if (!has_body || args.size() != 1) syntax_error(quoted(token) + " must be " + form);
    return args[0];
  };
  if (!has_body) {
    if (head == "withdraw") return make_move(MoveKind::kWithdraw);
    if (head == "discard") return make_move(MoveKind::kDiscard);
    if (head == "keep") return make_move(MoveKind::kKeep);
  } else if (head == "sponsor") {
    return make_move(MoveKind::kSponsor, number(one("sponsor:K"), token));
  } else if (head == "place") {
    const std::string_view name = one("place:R1..R4 or place:C1..C4");
    const int n = name.size() == 2 && name[1] >= '1' && name[1] <= '4' ? name[1] - '1' : -1;
    if (n >= 0 && name[0] == 'r') return make_move(MoveKind::kPlace, n);
    if (n >= 0 && name[0] == 'c') return make_move(MoveKind::kPlace, kGridSide + n);
    syntax_error(quoted(token) +
                 " must be place:R1..R4 (a row) or place:C1..C4 (a column); the corner is corner:<car>");
  } else if (head == "corner") {
    return make_move(MoveKind::kCorner, car_of(one("corner:city, corner:family or corner:super"), token));
  } else if (head == "tile") {
    const int place = number(one("tile:N"), token);
    if (place < 1 || place > kGridSide) syntax_error(quoted(token) + ": a row or column has places 1-4");
    return make_move(MoveKind::kTile, place - 1);
  } else if (head == "put") {
    if (args.size() != 2) syntax_error(quoted(token) + " must be put:station,N, put:office,N or put:styling,<car>");
    if (args[0] == "styling") return make_move(MoveKind::kPutStyling, car_of(args[1], token));
    const int n = number(args[1], token);
    if (n < 1) syntax_error(quoted(token) + ": stations and offices are numbered from 1");
    if (args[0] == "station") return make_move(MoveKind::kPutStation, n - 1);
    if (args[0] == "office") return make_move(MoveKind::kPutOffice, n - 1);
    syntax_error(quoted(token) + " must be put:station,N, put:office,N or put:styling,<car>");
  } else if (head == "draw") {
    const std::string_view what = one("draw:N or draw:deck");
    if (what == "deck") return make_move(MoveKind::kDrawDeck);
    return make_move(MoveKind::kDrawDisplay, contract_of(what, token));
  } else if (head == "market") {
    return make_move(MoveKind::kMarket, market_of(one("market:NA or market:EU"), token));
  } else if (head == "marketing") {
    return make_move(MoveKind::kMarketing, number(one("marketing:K"), token));
  } else if (head == "takeback") {
    if (args.size() != 2) syntax_error(quoted(token) + " must be takeback:<market>,<level>");
    const int market = market_of(args[0], token);
    const int level = number(args[1], token);
    const int space = ship_space_of_level(c, market, level);
    if (space < 0)
      illegal(s, std::string(market_name(market)) + " has no ship space of level " + std::to_string(level));
    return make_move(MoveKind::kTakeback, market * 32 + space);
  } else if (head == "ship") {
    const std::string_view what = one("ship:<level> or ship:none");
    if (what == "none") return make_move(MoveKind::kShipNone);
    const int level = number(what, token);
    const int space = ship_space_of_level(c, s.market, level);
    if (s.step == Step::kShip && space < 0)
      illegal(s, std::string(market_name(s.market)) + " has no ship space of level " + std::to_string(level));
    return make_move(MoveKind::kShip, std::max(space, 0));
  } else if (head == "sell") {
    const int n = number(one("sell:N"), token);
    if (n < 1) syntax_error(quoted(token) + ": sales spaces are numbered from 1 (the topmost)");
    return make_move(MoveKind::kSell, n - 1);
  } else if (head == "contract") {
    const std::string_view what = one("contract:N or contract:none");
    if (what == "none") return make_move(MoveKind::kContractNone);
    return make_move(MoveKind::kContract, contract_of(what, token));
  } else if (head == "office") {
    const int n = number(one("office:N"), token);
    if (n < 1) syntax_error(quoted(token) + ": sales offices are numbered from 1");
    return make_move(MoveKind::kOffice, n - 1);
  } else if (head == "demand") {
    const std::string_view side = one("demand:left or demand:right");
    if (side == "left") return make_move(MoveKind::kDemand, 0);
    if (side == "right") return make_move(MoveKind::kDemand, 1);
    syntax_error(quoted(token) + " must be demand:left or demand:right");
  }
  syntax_error(quoted(token) +
               " is not an Automania token (sponsor:K, place:R1, corner:city, withdraw, tile:N, put:station,N, "
               "put:office,N, put:styling,<car>, discard, draw:N, draw:deck, market:NA, marketing:K, "
               "takeback:NA,L, ship:L, ship:none, sell:N, keep, contract:N, contract:none, office:N, "
               "demand:left, demand:right; chance: order:, demands:, display:, start:, tiles:, reveal:, drawn:)");
}

// What the seat to move decides now, for messages.
std::string step_moves(const State& s) {
  switch (s.step) {
    case Step::kTurn: return "start the turn: sponsor:K, place:<space>, corner:<car> or withdraw";
    case Step::kTakeTile: return "take a tile from " + line_name(s.space) + ": tile:N";
    case Step::kPlaceTile:
      return "place " + tile_name(s.tile) + ": put:station,N, put:office,N, put:styling,<car> or discard";
    case Step::kDraw: return "draw a contract: draw:N or draw:deck";
    case Step::kMarket: return "choose the car's market: market:NA or market:EU";
    case Step::kShip: return "ship the car: marketing:K, takeback:M,L, ship:L, ship:none (a top car: sell:N)";
    case Step::kContract: return "play a contract or none: contract:N or contract:none";
    case Step::kOffice: return "choose a sales office: office:N";
    case Step::kSell: return "sell the car offered or keep it: sell:N or keep";
    case Step::kDemand: return "move the demand tiles: demand:left or demand:right";
    default: return "";
  }
}

bool kind_fits_step(const State& s, MoveKind kind) {
  switch (s.step) {
    case Step::kTurn:
      return kind == MoveKind::kSponsor || kind == MoveKind::kPlace || kind == MoveKind::kCorner ||
             kind == MoveKind::kWithdraw;
    case Step::kTakeTile: return kind == MoveKind::kTile;
    case Step::kPlaceTile:
      return kind == MoveKind::kPutStation || kind == MoveKind::kPutOffice || kind == MoveKind::kPutStyling ||
             kind == MoveKind::kDiscard;
    case Step::kDraw: return kind == MoveKind::kDrawDisplay || kind == MoveKind::kDrawDeck;
    case Step::kMarket: return kind == MoveKind::kMarket;
    case Step::kShip:
      return kind == MoveKind::kMarketing || kind == MoveKind::kTakeback || kind == MoveKind::kShip ||
             kind == MoveKind::kShipNone || kind == MoveKind::kSell;
    case Step::kContract: return kind == MoveKind::kContract || kind == MoveKind::kContractNone;
    case Step::kOffice: return kind == MoveKind::kOffice;
    case Step::kSell: return kind == MoveKind::kSell || kind == MoveKind::kKeep;
    case Step::kDemand: return kind == MoveKind::kDemand;
    default: return false;
  }
}

// Why ship space `space` of the chosen market is not the car's, after the rule: above its
// stars, another car on it, or a higher free space it goes on first.
std::string ship_space_refused(const State& s, int space, int stars) {
  const MarketSpec& market = s.c().market[s.market];
  const int level = market.space[space].level;
  if (level > stars) return " (level " + std::to_string(level) + " is above them)";
  const uint8_t car = s.ship[s.market][space];
  if (car != kNoCar) return " (level " + std::to_string(level) + " holds " + seat_name(car_owner(car)) + "'s car)";
  const int matching = matching_ship_space(market, stars);
  return " (level " + std::to_string(market.space[matching].level) + " is free)";
}

// What the car being made lacks for contract `contract`, each shortfall in words ("it is for
// a family car; it needs 7+ stars; no safety machine on the car's line"): a refusal that
// says only "does not meet" leaves the player to work it out from the card.
std::string contract_shortfall(const State& s, int contract) {
  const Components& c = s.c();
  const Seat& p = s.seat[s.turn];
  const ContractCard& card = c.contract[contract];
  std::string out;
  const auto add = [&out](const std::string& lack) { out += (out.empty() ? "" : "; ") + lack; };
  if (card.car != kAnyCar && card.car != s.car) add("it is for a " + std::string(car_name(card.car)) + " car");
  if (car_stars(s) < card.stars) add("it needs " + std::to_string(card.stars) + "+ stars");
  const uint32_t parts_missing = card.styling & ~styling_parts(c, p, s.car);
  for (int part = 0; part < kMaxStylingParts; ++part)
    if (parts_missing >> part & 1) add("no " + std::string(c.part(part)) + " styling on the car");
  const LineSymbols line = line_symbols(c, p, s.car);
  for (int symbol = 0; symbol < kMaxSymbols; ++symbol)
    if (card.needed[symbol] > line.count[symbol])
      add(card.needed[symbol] - line.count[symbol] > 1 || line.count[symbol]
              ? std::to_string(card.needed[symbol]) + " " + std::string(c.symbol(symbol)) + " machines needed on the "
                    "car's line, " + std::to_string(line.count[symbol]) + " there"
              : "no " + std::string(c.symbol(symbol)) + " machine on the car's line");
  return out;
}

std::string placement_problem(const State& s, int space, int car) {
  const int seat = s.turn;
  const Seat& p = s.seat[seat];
  const std::string name = space == kCornerSpace ? "the corner" : line_name(space);  // as the table says it
  if (s.space_workers[space] && s.space_seat[space] == seat)
    return name + " holds " + seat_name(seat) + "'s own workers (wait until another seat replaces them)";
  if (s.space_workers[space] + 1 > p.workers_home)
    return name + " holds " + counted(s.space_workers[space], "worker") + ": it takes " +
           std::to_string(s.space_workers[space] + 1) + ", and " + at_home(p.workers_home);
  if (space != kCornerSpace && !line_has_tile(s, space)) return line_name(space) + " has no tile left";
  const int cost = production_cost(s.c(), space, car);
  return name + " produces a " + car_name(space == kCornerSpace ? car : s.c().space[space].car) + " car for " +
         money(cost) + ", and the money on hand is " + money(p.money);
}

std::string fee_problem(const State& s, int fee) {
  const Seat& p = s.seat[s.turn];
  const int reserved = money_reserved(s);
  std::string out = "that costs " + money(fee) + ", and the money on hand is " + money(p.money);
  if (reserved) out += ", " + money(reserved) + " of it needed for the car";
  return out;
}

// The most specific reason a well-formed move of the right kind is illegal. It names the
// mover, whose move it is about, only where the rule is about whose something is (own
// workers on a space), and then as an owner ("seat 1's"), never as the subject of a verb: the
// reason reads the same to the player who made the move, told as "your", and to anyone else.
std::string why_illegal(const State& s, Action action) {
  const Components& c = s.c();
  const int seat = s.turn;
  const Seat& p = s.seat[seat];
  const int arg = move_arg(action);
  switch (move_kind(action)) {
    case MoveKind::kSponsor:
      if (s.sponsored) return "sponsoring is done already this turn (once, before the action)";
      if (arg < 1) return "sponsor:0 does nothing";
      if (arg >= p.workers_home)
        return "with " + counted(p.workers_home, "worker") + " at home, sponsoring " + std::to_string(arg) +
               " leaves none for an action (withdraw sponsors them all)";
      return "after sponsoring " + counted(arg, "worker") + " no action space is open";
    case MoveKind::kPlace: return placement_problem(s, arg, 0);
    case MoveKind::kCorner: return placement_problem(s, kCornerSpace, arg);
    case MoveKind::kTile: return "there is no tile at place " + std::to_string(arg + 1) + " of " + line_name(s.space);
    case MoveKind::kPutStation:
    case MoveKind::kPutOffice:
    case MoveKind::kPutStyling: {
      const TileFace& f = face(c, s.tile);
      const MoveKind want = f.kind == TileKind::kMachine   ? MoveKind::kPutStation
                            : f.kind == TileKind::kManager ? MoveKind::kPutOffice
                                                           : MoveKind::kPutStyling;
      if (move_kind(action) != want)
        return describe_tile(c, s.tile) + " goes " +
               (want == MoveKind::kPutStation  ? "on a station (put:station,N)"
                : want == MoveKind::kPutOffice ? "in an office (put:office,N)"
                                               : "above a car type's line (put:styling,<car>)") +
               ", or is discarded";
      if (want == MoveKind::kPutStation) return "the factory has stations 1-" + std::to_string(c.stations);
      if (want == MoveKind::kPutOffice) {
        if (arg >= c.offices) return "the factory has offices 1-" + std::to_string(c.offices);
        if (p.office[arg] != kNoTile)
          return "office " + std::to_string(arg + 1) + " holds " + describe_tile(c, p.office[arg]) +
                 ": only a manager of the same type replaces it";
        return fee_problem(s, c.office_fee[arg]);
      }
      const int count = styling_count(c, p, arg);
      if (count >= c.styling_slots)
        return "the " + std::string(car_name(arg)) + " car has " + std::to_string(count) +
               " styling tiles already (only one showing the same part can replace one)";
      return fee_problem(s, c.styling_fee[count]);
    }
    case MoveKind::kDrawDisplay: return "contract " + contract_name(arg) + " is not on the display";
    case MoveKind::kDrawDeck: return "the contract deck is empty";
    case MoveKind::kMarketing:
      if (s.marketing) return "marketing workers for this car are placed already (" + std::to_string(s.marketing) + ")";
      if (!p.workers_home) return "no worker is at home for marketing";
      return "marketing takes at most the " + counted(p.workers_home, "worker") + " at home";
    case MoveKind::kTakeback: {
      const uint8_t car = s.ship[arg >> 5][arg & 31];
      if (car == kNoCar) return "no car is on that ship space";
      if (car_owner(car) != seat) return "the car on that ship space is another seat's";
      if (car_stars(s) >= c.top_car_stars)
        return p.cars[s.car] ? "a top car needs no ship" : "only a " + std::string(car_name(s.car)) + " car comes back for this top car";
      return "taking that car back changes nothing now (a take-back frees a ship space the car could use, or "
             "gives back a car of the type being made when none is left)";
    }
    case MoveKind::kShip: {
      const int stars = car_stars(s);
      if (stars >= c.top_car_stars)
        return "a car of " + std::to_string(c.top_car_stars) + "+ stars is a top car, sold at once (sell:N)" +
               (p.cars[s.car] ? "" : ", once a " + std::string(car_name(s.car)) + " car is left (take one back first)");
      if (!p.cars[s.car])
        return "no " + std::string(car_name(s.car)) + " car is left (take one back from a ship first, or ship:none)";
      return "the car has " + counted(stars, "star") +
             ": it goes on the ship space of the highest level not above that, or, if that one is taken, "
             "on a free lower one" + ship_space_refused(s, arg, stars);
    }
    case MoveKind::kShipNone:
      if (car_stars(s) >= c.top_car_stars) return "a top car is sold at once (sell:N)";
      return "a ship space is open to the car";
    case MoveKind::kSell: {
      const int market = s.step == Step::kShip ? s.market : s.sale_market;
      const MarketSpec& spec = c.market[market];
      if (arg >= spec.sales_spaces)
        return std::string(market_name(market)) + " has sales spaces 1-" + std::to_string(spec.sales_spaces);
      if (s.step == Step::kShip && car_stars(s) >= c.top_car_stars)
        return "no " + std::string(car_name(s.car)) +
               " car is left to sell as a top car (take one back from a ship first, or ship:none)";
      if (s.step == Step::kShip) return "only a top car (" + std::to_string(c.top_car_stars) + "+ stars) is sold now";
      const SalesSpace& sale = spec.sale[arg];
      if (s.sale[market][arg] != kNoCar) return "sales space " + std::to_string(arg + 1) + " is taken this round";
      if (s.num_players == 2 && (s.rows_used[market] >> sale.row & 1))
        return "a car was sold to row " + std::to_string(sale.row) + " this round (2 players: one car a row)";
      return "sales space " + std::to_string(arg + 1) + " takes cars of " + std::to_string(sale.min_stars) + "+ stars";
    }
    case MoveKind::kContract:
      if (!(p.hand >> arg & 1)) return "contract " + contract_name(arg) + " is not in hand";
      return "the " + std::string(car_name(s.car)) + " car (" + counted(car_stars(s), "star") +
             ") does not meet contract " + contract_name(arg) + ": " + contract_shortfall(s, arg);
    case MoveKind::kOffice:
      if (arg >= c.sales_offices) return "there are sales offices 1-" + std::to_string(c.sales_offices);
      return "sales office " + std::to_string(arg + 1) + " is taken this round";
    default: return "not legal now";
  }
}

ParsedToken parse_player_token(const State& s, std::string_view head, std::string_view body, bool has_body,
                               std::string_view token) {
  const Action action = parse_move(s, head, body, has_body, token);
  if (is_terminal(s)) illegal(s, "the game is over");
  if (is_chance(s)) illegal(s, "something is revealed first: " + expected_chance(s));
  if (!kind_fits_step(s, move_kind(action)))
    illegal(s, "wrong move now: the step is to " + step_moves(s));
  if (!is_legal(s, action)) illegal(s, why_illegal(s, action));
  ParsedToken parsed;
  parsed.action = action;
  return parsed;
}

struct Split {
  std::string_view head, body;
  bool has_body;
};
Split split_token(std::string_view token) {
  const size_t colon = token.find(':');
  if (colon == std::string_view::npos) return {token, {}, false};
  return {token.substr(0, colon), token.substr(colon + 1), true};
}

// ------------------------------------------------------------ stand-ins

// Moves the stand-in `card` (held by a seat as a stand-in) out of that seat's
// hand, replacing it by another card of its pool not in `keep`.
void release_stand_in(State& s, int card, uint32_t keep) {
  const uint32_t bit = uint32_t(1) << card;
  if (!(s.stand_ins & bit)) return;
  uint32_t& pool = is_starting_contract(card) ? s.starts_undealt : s.deck;
  const uint32_t spare = pool & ~keep;
  if (!spare) return;  // cannot happen in a consistent record; the parse then names the problem
  const uint32_t replacement = spare & -spare;
  for (int p = 0; p < s.num_players; ++p) {
    Seat& seat = s.seat[p];
    if (!(seat.hand & bit)) continue;
    seat.hand = (seat.hand & ~bit) | replacement;
    pool = (pool & ~replacement) | bit;
    s.stand_ins = (s.stand_ins & ~bit) | replacement;
    return;
  }
}

// Contracts a token names (for stand-ins to make way).
uint32_t contracts_named(std::string_view head, std::string_view body, std::string_view token) {
  uint32_t named = 0;
  if (head == "display") {
    for (std::string_view part : split_text(body, ',')) named |= uint32_t(1) << contract_of(part, token);
  } else if ((head == "start" || head == "reveal" || head == "drawn" || head == "contract") && body != kUnseenCard &&
             body != "none") {
    named |= uint32_t(1) << contract_of(body, token);
  }
  return named;
}

}  // namespace

// ------------------------------------------------------------ names

std::string contract_name(int contract) {
  return is_starting_contract(contract) ? "S" + std::to_string(contract - kFirstStartingContract + 1)
                                        : std::to_string(contract + 1);
}
std::string tile_name(uint8_t tile) {
  return std::string(tile_back(tile) == 0 ? "A" : "B") + std::to_string(tile_index(tile) + 1);
}
const char* car_name(int car) {
  static const char* const kNames[] = {"city", "family", "super", "any"};
  return kNames[car];
}
const char* market_name(int market) { return market == kNorthAmerica ? "NA" : "EU"; }
std::string space_name(int space) {
  if (space == kCornerSpace) return "corner";
  std::string out(1, space < kGridSide ? 'R' : 'C');
  out += std::to_string(space % kGridSide + 1);
  return out;
}

std::optional<int> contract_from_name(std::string_view text) {
  const bool starting = !text.empty() && text[0] == 's';
  const auto n = plain_number(starting ? text.substr(1) : text, 2);
  const int count = starting ? kStartingContracts : kRegularContracts;
  if (!n || *n < 1 || *n > count) return std::nullopt;
  return starting ? kFirstStartingContract + *n - 1 : *n - 1;
}

std::optional<uint8_t> tile_from_name(std::string_view text) {
  const int back = text.empty() ? -1 : text[0] == 'a' ? 0 : text[0] == 'b' ? 1 : -1;
  const auto n = back < 0 ? std::nullopt : plain_number(text.substr(1), 2);
  if (!n || *n < 1 || *n > kTilesPerBack) return std::nullopt;
  return tile_id(back, *n - 1);
}

std::optional<int> car_from_name(std::string_view text) {
  for (int car = 0; car < kCarTypes; ++car)
    if (text == car_name(car)) return car;
  return std::nullopt;
}

std::optional<int> market_from_name(std::string_view text) {
  if (text == "na") return kNorthAmerica;
  if (text == "eu") return kEurope;
  return std::nullopt;
}

std::optional<int> space_from_name(std::string_view text) {
  if (text == "corner") return kCornerSpace;
  if (text.size() != 2 || text[1] < '1' || text[1] > '0' + kGridSide) return std::nullopt;
  if (text[0] == 'r') return text[1] - '1';
  if (text[0] == 'c') return kGridSide + text[1] - '1';
  return std::nullopt;
}

int ship_space_of_level(const Components& c, int market, int level) {
  for (int i = 0; i < c.market[market].ship_spaces; ++i)
    if (c.market[market].space[i].level == level) return i;
  return -1;
}

std::optional<int> symbol_from_name(const Components& c, std::string_view text) {
  for (int i = 0; i < c.symbols; ++i)
    if (text == c.symbol(i)) return i;
  return std::nullopt;
}

// ------------------------------------------------------------ formatting

std::string format_action(const State& before, Action action) {
  const Components& c = before.c();
  const int arg = move_arg(action);
  switch (move_kind(action)) {
    case MoveKind::kSponsor: return "sponsor:" + std::to_string(arg);
    case MoveKind::kPlace: return "place:" + space_name(arg);
    case MoveKind::kCorner: return std::string("corner:") + car_name(arg);
    case MoveKind::kWithdraw: return "withdraw";
    case MoveKind::kTile: return "tile:" + std::to_string(arg + 1);
    case MoveKind::kPutStation: return "put:station," + std::to_string(arg + 1);
    case MoveKind::kPutOffice: return "put:office," + std::to_string(arg + 1);
    case MoveKind::kPutStyling: return std::string("put:styling,") + car_name(arg);
    case MoveKind::kDiscard: return "discard";
    case MoveKind::kDrawDisplay: return "draw:" + contract_name(arg);
    case MoveKind::kDrawDeck: return "draw:deck";
    case MoveKind::kMarket: return std::string("market:") + market_name(arg);
    case MoveKind::kMarketing: return "marketing:" + std::to_string(arg);
    case MoveKind::kTakeback:
      return std::string("takeback:") + market_name(arg >> 5) + "," +
             std::to_string(c.market[arg >> 5].space[arg & 31].level);
    case MoveKind::kShip: return "ship:" + std::to_string(c.market[before.market].space[arg].level);
    case MoveKind::kShipNone: return "ship:none";
    case MoveKind::kSell: return "sell:" + std::to_string(arg + 1);
    case MoveKind::kKeep: return "keep";
    case MoveKind::kContract: return "contract:" + contract_name(arg);
    case MoveKind::kContractNone: return "contract:none";
    case MoveKind::kOffice: return "office:" + std::to_string(arg + 1);
    case MoveKind::kDemand: return arg == 0 ? "demand:left" : "demand:right";
  }
  return "?";
}

std::string format_outcome(const State& before, const ChanceOutcome& o) {
  const Components& c = before.c();
  std::string out = std::string(chance_head(o.step)) + ":";
  for (int i = 0; i < o.count; ++i) {
    if (o.step == Step::kDealDemands) {
      if (i) out += i == kDemandSpaces ? '/' : ',';
      out += c.symbol(o.item[i]);
      continue;
    }
    if (i) out += ',';
    switch (o.step) {
      case Step::kDealOrder: out += std::to_string(o.item[i]); break;
      case Step::kDealTiles: out += tile_name(o.item[i]); break;
      default: out += contract_name(o.item[i]); break;
    }
  }
  return out;
}

std::string format(const State& before, const ParsedToken& parsed) {
  if (!parsed.is_chance) return format_action(before, parsed.action);
  if (parsed.unseen) return std::string(chance_head(parsed.outcome.step)) + ":" + std::string(kUnseenCard);
  return format_outcome(before, parsed.outcome);
}

// ------------------------------------------------------------ parsing

ParsedToken parse_token(const State& s, std::string_view raw) {
  const std::string token = normalised_token(raw, kMaxTokenLength);
  const auto [head, body, has_body] = split_token(token);
  if (const auto step = chance_step_named(head)) {
    if (!has_body) syntax_error(quoted(token) + " must be " + std::string(head) + ":...");
    if (body == kUnseenCard)
      illegal(s, quoted(token) + " stands for a card its record's seat did not see: only a seat's own record "
                                 "(Game.replay_as_seen) may contain it");
    return parse_chance(s, *step, body, token);
  }
  return parse_player_token(s, head, body, has_body, token);
}

void apply_parsed(State& s, const ParsedToken& parsed) {
  if (parsed.is_chance) {
    apply_outcome(s, parsed.outcome);
  } else {
    apply_action(s, parsed.action);
  }
}

ParsedToken parse_as_seen(State& s, int record_seat, std::string_view raw) {
  const std::string token = normalised_token(raw, kMaxTokenLength);
  const auto [head, body, has_body] = split_token(token);
  if (const auto step = chance_step_named(head); step && has_body && body == kUnseenCard) {
    if (*step != Step::kDealStart && *step != Step::kDrawContract)
      syntax_error(quoted(token) + ": only a private card (start:?, drawn:?) may be written as unknown");
    if (s.step != *step) parse_chance(s, *step, "", token);  // throws naming the step expected
    if (s.turn == record_seat)
      illegal(s, quoted(token) + ": this card is " + seat_name(record_seat) +
                     "'s own: a seat's record names its own cards");
    // A stand-in: the lowest card the pool still has.
    const uint32_t pool = *step == Step::kDealStart ? s.starts_undealt : s.deck;
    ParsedToken parsed;
    parsed.is_chance = parsed.unseen = true;
    parsed.outcome.step = *step;
    parsed.outcome.count = 1;
    parsed.outcome.item[0] = uint8_t(std::countr_zero(pool));
    s.stand_ins |= pool & -pool;
    return parsed;
  }
  const uint32_t named = has_body ? contracts_named(head, body, token) : 0;
  if (head == "contract" && named && !is_chance(s) && !is_terminal(s) && !(s.seat[s.turn].hand & named)) {
    // A seat plays a card its record's seat never saw it take: one of its
    // stand-ins of the same kind was that card. Where the card is (the deck,
    // or another seat's stand-ins) takes the stand-in in exchange.
    const int card = std::countr_zero(named);
    Seat& p = s.seat[s.turn];
    uint32_t& pool = is_starting_contract(card) ? s.starts_undealt : s.deck;
    const uint32_t kind = is_starting_contract(card) ? kStartingContractBits : kRegularContractBits;
    const uint32_t stand_in = p.hand & s.stand_ins & kind;
    if (stand_in) {
      const uint32_t swapped = stand_in & -stand_in;
      bool placed = false;
      if (s.stand_ins & named)
        for (int q = 0; q < s.num_players && !placed; ++q)
          if (s.seat[q].hand & named) {
            s.seat[q].hand = (s.seat[q].hand & ~named) | swapped;
            placed = true;
          }
      if (!placed && (pool & named)) {
        pool = (pool & ~named) | swapped;
        placed = true;
      }
      if (placed) {
        p.hand = (p.hand & ~swapped) | named;
        s.stand_ins |= named;
      }
    }
  } else if (head != "contract") {  // (a card played from the mover's hand stays there)
    for (uint32_t left = named; left; left &= left - 1) release_stand_in(s, std::countr_zero(left), named);
  }
  return parse_token(s, token);
}

std::vector<std::string> legal_tokens(const State& s) {
  return legal_action_tokens<ActionList>(s, [&s](Action action) { return format_action(s, action); });
}

std::string describe_legal(const State& s) {
  if (is_terminal(s)) return "";
  if (is_chance(s)) return expected_chance(s);
  ActionList actions;
  legal_actions(s, actions);
  std::string out;
  // Runs of sponsor:K and marketing:K are shown as a range.
  for (size_t i = 0; i < actions.size(); ++i) {
    if (!out.empty()) out += ' ';
    const MoveKind kind = move_kind(actions[i]);
    size_t last = i;
    if (kind == MoveKind::kSponsor || kind == MoveKind::kMarketing)
      while (last + 1 < actions.size() && actions[last + 1] == actions[last] + 1) ++last;
    out += format_action(s, actions[i]);
    if (last > i + 1) {
      out += ".." + format_action(s, actions[last]);
      i = last;
    }
  }
  return out;
}

}  // namespace pyai::automania
