"""Automania's part of the engine's `help`: its game string and tokens."""

from __future__ import annotations

TOKENS = """\
automania tokens (input case-insensitive; canonical forms shown). A turn is a chain of decisions:
  sponsor:K (optional, before the action)  place:R1..R4|C1..C4  corner:city|family|super  withdraw
  tile:N (place 1-4 along the row/column)  put:station,N  put:office,N  put:styling,<car>  discard
  draw:N (a contract on the display)  draw:deck
  market:NA|EU  marketing:K  takeback:NA,L (own car off ship level L)  ship:L  ship:none  sell:N (top car)
  contract:N|SN  contract:none  office:N (after withdrawing)
  sales phase: sell:N (sales space, 1 = topmost)  keep    new round: demand:left|right
chance: order:2,0,1  demands:<5 symbols>/<5 symbols> (NA/EU: active 4,3,2 stars, pending left, right)
  display:3,17,22  start:S2  tiles:<18 tiles: grid row by row, then below the sales offices>
  reveal:14  drawn:14; in a pov seat's record another seat's private card is start:? or drawn:?
example: position automania(players=3) pov 0 moves order:1,2,0 demands:... display:... start:? start:?
  start:S1 tiles:... (seat 0 is third in the order: its starting contract is the third dealt)"""

GAMES = "automania(players=2..4[,components=<path to a components .toml>]) (default players=3)"

SETUP = """\
setup: money the pov seat did not track (players may keep their money hidden).
  position automania(players=3) pov 0 setup money 1 ? money 2 10..20 moves <seat 0's record>
  money S LO..HI (or N): seat S's money at the end of these moves; later moves shift it by what they pay or earn.
  money S ?: any amount up to 999 (the search then imagines far too much: give a range when you can).
  The search samples each such seat's money uniformly in its range; `legal` and `query result` for a
  seat whose money is unknown are refused."""

PROTOCOL_HELP = {"games": GAMES, "tokens": TOKENS, "setup": SETUP}
