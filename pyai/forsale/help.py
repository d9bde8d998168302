"""For Sale's part of the engine's `help`: its game string, tokens, position notation and set-up."""

from __future__ import annotations

SETUP = """\
setup: a position known only in part (a person at a table who did not follow the history).
  It describes the start of the current round; the round's own moves follow after 'moves'.
  position <game> pov <seat> setup phase <1|2|3> round <n> [leader <seat>] [table <cards>] [sold <cards>]
      seat <s> [cash <n>|?|<lo>..<hi>] [advisors <cards>|?] [played <cards>] [used <cards>]
               [vehicles <cards>|?] [checks <values>]   (one 'seat' block per seat)
      [moves <token>...]
  phase 1 auction, 2 buying, 3 selling (classic: 1 auction, 2 selling); round is 1-based
  leader: who starts the round (auction from round 2, buying); table: this round's cards
  sold: vehicles sold in earlier selling rounds (needed if an opponent's vehicles are ?)
  cards: comma list, '-' for none; an opponent's omitted cash or hand means '?'
  the pov seat gives its own cash and hand; played advisors, used Mechanics/Lawyers and
  checks are public and given for every seat
example (4 players, third auction round, seat 0 describes what it knows):
  position forsale(players=4) pov 0 setup phase 1 round 3 leader 2 seat 0 cash 21 advisors 3,17
      seat 1 cash ? advisors ? seat 2 cash 15..22 advisors 8,30 seat 3 cash 26 table 5,12,22,27
      moves bid:1 pass
example (3 players, sixth selling round, opponents' cash unknown):
  position forsale(players=3) pov 1 setup phase 3 round 6
      seat 0 cash ? played 5,6,9,10,13,16,18,27 used 9 vehicles 9,14,22 checks 0,3,7,11,14
      seat 1 cash 7 played 2,11,12,15,17,22,25,28 vehicles 5,12,13 checks 6,9,13,14,15
      seat 2 cash ? played 1,4,7,8,14,19,29,30 used 7,19 vehicles 1,4,11 checks 2,2,6,8,11
      table 4,10,12
The engine builds a game record that reaches exactly these facts, then forgets the '?' parts
from the pov seat's view; the search sees only that view. Later moves by a seat whose hand
or cash is unknown are facts too (the record is rebuilt if needed)."""

POSITION = """\
position as text: position <game> [pov <seat>] at <field:value ...> [moves <token>...]
  a whole position in one line, as chess has FEN (docs/forsale.md, "Positions as text"):
  phase:setup|auction|buying|selling|over  round:N (1-based)  leader:S  turn:S (auction, buying)
  table:<cards>|- (this round's face-up cards; '-': not dealt yet; checks by value)
  cash:N/N/...  advisors: played: spent: vehicles: (classic properties:) checks: <cards>/<cards>/...
  bids:N|pass/...  offered:N|N+|-/...  sells:V|V,W@L|V@L|-/...  sold:<cards>  removed:A/V/C
  one value per seat, seat 0 first, split by '/'; cards: comma list or '-'; empty fields may be left out
example (4 players, first auction round, seat 1 has passed and taken advisor 3):
  position forsale(players=4) at phase:auction round:1 leader:0 turn:2 table:6,23,24
      cash:28/28/28/28 advisors:-/3/-/- bids:1/pass/0/0 moves bid:2
every fact is checked against the rules; the error names the first impossible one"""

TOKENS = """\
forsale move tokens (lower case): deal:3,12,19,27 (cards turned up)  bid:N  pass  play:N  play:N+ (Fleet
  Manager paying 3)  sell:N  sell:N,M (lowest unused Lawyer)  sell:N,M@L  keep:N  mech:use
  mech:skip  removed:A/V/C (a full record's unseen removal, 3-4 players)"""

GAMES = "forsale(players=3..6[,theme=autorama|advisors][,edition=classic][,first=S])"

PROTOCOL_HELP = {"games": GAMES, "tokens": TOKENS, "position": POSITION, "setup": SETUP}
