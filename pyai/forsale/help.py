"""For Sale's part of the engine's `help`: its game string, tokens and position notation."""

from __future__ import annotations

POSITION = """\
position as text: position <game> [pov <seat>] at <field:value ...> [moves <token>...]
  a whole position in one line, as chess has FEN (docs/forsale.md, "Positions as text"):
  phase:setup|auction|buying|selling|over  round:N (1-based)  leader:S  turn:S (auction, buying)
  table:<cards>|- (this round's face-up cards; '-': not dealt yet; checks by value)
  cash:N/N/...  advisors: played: spent: vehicles: (classic properties:) checks: <cards>/<cards>/...
  bids:N|pass/...  offered:N|N+|-/...  sells:V|V,W@L|V@L|-/...  sold:<cards>  removed:A/V/C
  one value per seat, seat 0 first, split by '/'; cards: comma list or '-'; empty fields may be left out
  with pov, what that seat does not know of the others: cash ? or LO..HI, a hand ? or 3,17,? (the
  known cards, then the rest unknown), a sell chosen but not shown ?; the moves after it are what the
  pov seat sees happen (a card played from an unknown hand becomes known, a bid narrows a cash range)
example (4 players, first auction round, seat 1 has passed and taken advisor 3):
  position forsale(players=4) at phase:auction round:1 leader:0 turn:2 table:6,23,24
      cash:28/28/28/28 advisors:-/3/-/- bids:1/pass/0/0 moves bid:2
example (4 players, third auction round about to be dealt, seat 0 lost track of seats 1 and 2):
  position forsale(players=4) pov 0 at phase:auction round:3 leader:2 table:-
      cash:21/?/15..22/26 advisors:3,17/?/8,30/2,11 moves deal:5,12,22,27 bid:1
every fact is checked against the rules; the error names the first impossible one"""

TOKENS = """\
forsale move tokens (lower case): deal:3,12,19,27 (cards turned up)  bid:N  pass  play:N  play:N+ (Fleet
  Manager paying 3)  sell:N  sell:N,M (lowest unused Lawyer)  sell:N,M@L  keep:N  mech:use
  mech:skip  removed:A/V/C (a full record's unseen removal, 3-4 players)"""

GAMES = "forsale(players=3..6[,theme=autorama|advisors][,edition=classic][,first=S])"

PROTOCOL_HELP = {"games": GAMES, "tokens": TOKENS, "position": POSITION}
