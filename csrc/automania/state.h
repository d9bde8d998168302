// The plain-data state of an Automania game.
//
// No pointers and no heap: a state is copied with memcpy (a determinisation
// is a copy plus a resample) and compared field by field. The component
// tables are not copied in: `components` names the registered set
// (components.h) every rule reads.
//
// Decks are sets, not sequences: a card or tile is drawn uniformly from the
// set when it is revealed, which is the distribution of a shuffled deck, and
// what no seat can see (the order) is then never stored.
#pragma once

#include <cstdint>

#include "components.h"

namespace pyai::automania {

// Where the game is: a chance step (something is revealed) or a seat's
// decision. A turn is a chain of small decisions, one step each.
enum class Step : uint8_t {
  // chance
  kDealOrder,      // setup: the random player order
  kDealDemands,    // setup: the demand tiles on the two markets
  kDealDisplay,    // setup: the 3 face-up contracts
  kDealStart,      // setup: a starting contract to the next seat (seen by that seat only)
  kDealTiles,      // a round's 18 factory tiles
  kRevealContract, // the display's empty place is refilled from the deck
  kDrawContract,   // the deck's top card to the seat to move (seen by that seat only)
  // decisions of the seat to move
  kTurn,       // sponsor:K, place:R1.., corner:car, withdraw
  kTakeTile,   // tile:N from the chosen row or column
  kPlaceTile,  // put:station,N / put:office,N / put:styling,car / discard
  kDraw,       // draw:N (from the display) / draw:deck
  kMarket,     // market:NA / market:EU
  kShip,       // marketing:K, takeback:M,L, ship:L, ship:none, sell:N (a top car)
  kContract,   // contract:N / contract:none
  kOffice,     // office:N after withdrawing
  kSell,       // sales phase: sell:N / keep for the car in turn
  kDemand,     // new round: demand:left / demand:right
  kOver,
};
constexpr bool is_chance_step(Step step) { return step < Step::kTurn; }

// Where victory points came from (each seat's `vp` is their sum): the rules'
// only sources, kept apart so that tests and the final account can show them.
enum VpSource : uint8_t {
  kVpStart,       // starting VP = the player number
  kVpMedals,      // gold medals of ships
  kVpTiles,       // VP tiles
  kVpSales,       // sales spaces (and top cars)
  kVpOffice,      // sales office bonuses
  kVpNoContract,  // a contract draw with no card left
  kVpCarsLeft,    // end: a car left on a European ship
  kVpSilver,      // end: silver medals of played contracts and factory tiles
  kVpContracts,   // end: played contracts
  kVpMoneyRank,   // end: 10/6/3 for the most money
  kVpSources,
};

// A car on a ship or sales space: 0 none, else seat * 4 + car type + 1.
constexpr uint8_t kNoCar = 0;
constexpr uint8_t car_token(int seat, int car) { return uint8_t(seat * 4 + car + 1); }
constexpr int car_owner(uint8_t token) { return (token - 1) >> 2; }
constexpr int car_type(uint8_t token) { return (token - 1) & 3; }

constexpr uint8_t kNone = 0xff;

struct Seat {
  uint32_t hand = 0;         // contracts held
  uint32_t hand_public = 0;  // those every seat knows (taken from the display)
  uint32_t played = 0;       // contracts played (shown, under the factory board)
  int16_t money = 0;
  int16_t vp = 0;
  int16_t vp_from[kVpSources] = {};
  uint8_t workers_home = 0;   // free to place (own and neutral)
  uint8_t workers_total = 0;  // own + neutral this round
  uint8_t neutral = 0;        // neutral workers held this round
  uint8_t on_sponsor = 0;
  uint8_t on_marketing = 0;
  uint8_t cars[kCarTypes] = {};  // in the factory (free to produce)
  uint8_t sold[kCarTypes] = {};  // on sales spaces this round (back at the next round)
  uint8_t sold_count = 0;        // cars sold this round, against the sales limit
  uint8_t sales_office = 0;      // 1-based once chosen this round, else 0
  bool withdrawn = false;
  uint8_t station[kMaxStations] = {};                 // machine tiles
  uint8_t office[kMaxOffices] = {};                   // manager tiles
  uint8_t styling[kCarTypes][kMaxStylingSlots] = {};  // styling tiles above each line

  bool operator==(const Seat&) const = default;

  void add_vp(VpSource source, int points) {
    vp = int16_t(vp + points);
    vp_from[source] = int16_t(vp_from[source] + points);
  }
};

struct State {
  // --- decks (sets: see the top of this file)
  uint64_t tiles_unseen[kBacks] = {};  // bits = tile index
  uint64_t tiles_boxed[kBacks] = {};   // removed from the game (discarded, replaced, left on the board)
  uint32_t deck = 0;                   // regular contracts in the deck (a view: every one its seat has not seen)
  uint32_t starts_undealt = 0;         // starting contracts not dealt (a view: every one its seat has not seen)
  uint32_t display = 0;                // the face-up contracts (up to 3)
  // Contracts that stand in for cards a seat's record did not name (a state
  // rebuilt from one seat's record, Game.replay_as_seen): the rules ignore
  // it; a later token naming such a card moves the stand-in (tokens.h).
  uint32_t stand_ins = 0;

  Seat seat[kMaxPlayers] = {};

  // --- set at the start
  uint8_t num_players = 0;
  uint8_t components = 0;  // the registered component set (components.h)

  // --- where the game is
  Step step = Step::kDealOrder;
  uint8_t round = 0;  // 0-based, 0..3
  uint8_t order[kMaxPlayers] = {};  // seats in player order this round
  uint8_t turn = 0;                 // the seat deciding (or receiving a private card)
  uint8_t starts_dealt = 0;         // starting contracts dealt so far
  uint8_t deck_count = 0;           // cards really in the deck
  uint8_t deck_drawn = 0;           // cards taken off the deck so far (names a draw for PIMC)

  // --- the board
  uint8_t grid[kGridCells] = {};               // tiles in the action area, row by row
  uint8_t office_tile[kOfficeTiles] = {};      // tiles below the sales offices
  uint8_t space_seat[kActionSpaces] = {};      // whose workers are on each action space
  uint8_t space_workers[kActionSpaces] = {};   // how many
  uint8_t demand[kMarkets][kDemandSpaces] = {};     // symbols: active (most stars first in the file's order), pending
  uint8_t ship[kMarkets][kMaxShipSpaces] = {};      // cars, by ship space (components' order)
  uint8_t sale[kMarkets][kMaxSalesSpaces] = {};     // cars sold this round to the limited spaces
  uint8_t top_sold[kMarkets][kMaxPlayers] = {};     // cars each seat sold to the topmost space this round
  uint8_t rows_used[kMarkets] = {};                 // rows (bits) sold to this round (2 players: one car a row)
  uint8_t office_seat[kMaxSalesOffices] = {};       // seat + 1 on each sales office this round

  // --- the turn in progress
  bool sponsored = false;   // the seat has used the sponsor space before its action this turn
  bool office_bonus = false;  // the tile being placed is a sales office's bonus (no action follows)
  uint8_t space = kNone;    // the action space used
  uint8_t tile = kNoTile;   // the tile taken, to be placed or discarded
  uint8_t car = 0;          // the car being produced
  uint8_t market = 0;       // its market
  uint8_t base_stars = 0;   // its popularity before marketing
  uint8_t marketing = 0;    // marketing workers placed for it

  // --- the sales phase
  uint8_t sale_market = 0;
  uint8_t sale_space = 0;  // the ship space whose car is offered (counting down)

  bool operator==(const State&) const = default;

  int players() const { return num_players; }
  const Components& c() const { return automania::components(components); }
};

// The search copies a state per iteration and keeps none in its nodes; it
// stays well under a kilobyte.
static_assert(sizeof(State) <= 1024);

}  // namespace pyai::automania
