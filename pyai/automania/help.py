"""Automania's part of the engine's `help` (its game string, tokens, setup and position
notation), and of the companion's: `help contracts`, every contract in words."""

from __future__ import annotations

from .component_file import Components
from .narration import contract_names, contract_order, contract_words

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
  seat whose money is unknown are refused. A position known in part can also be written as text (help position)."""

POSITION = """\
automania position as text: position automania(...) [pov <seat>] at <field:value ...> [moves <token>...]
  a whole position in one line (docs/automania.md, "Positions as text"); one value per seat, seat 0 first,
  split by '/'; lists: comma-joined or '-'; fields with nothing in them may be left out:
  round:1..4  step:order|demands|display|start|tiles|reveal|drawn (chance next) | turn|tile|put|draw|market|
    ship|contract|office|sell|demand (the decision next) | over  order:2,0,1  demands:<as the demands: token>
  the turn in progress: turn:S  sponsored:yes  space:R2|corner,<car>  tile:A5 (to place)  market:NA  marketing:K
  the sales phase: offer:NA6 (the car on that ship space is offered to its owner)
  board: grid:<4 rows split by ';': 4 tiles or - each>  office_tiles:A2,-  display:3,17,22  removed:<tiles out>
  per seat: money:N  vp:N=start+medals+tiles+sales+office+no contract (at the end +cars left+silver+contracts
    +money rank; N alone: start VP only)  hand: (taken from the display)  hidden: (starting, deck draws)
    played:  office:N  placed:R2=2,sponsor=3,marketing  stations:A1,-,A9  managers:  styling:city=A27;super=B26
    ships:city@NA6 (ship level)  sold:city@NA1 (sales space)  neutral:N (only above what staff managers show)
  with pov, what that seat does not know: another seat's money ? or LO..HI, its hidden contracts ? each;
  the moves after it are that seat's record (drawn:? for another seat's deck draw)
example (3 players, round 1: seat 0 ships its city car of 6 stars, then plays its starting contract):
  position automania(players=3) at round:1 step:ship turn:0 sponsored:yes space:R1 market:NA marketing:2
      order:0,1,2 demands:speed,speed,power,green,suitcase/suitcase,safety,green,power,safety
      grid:-,A3,A21,A27;A9,A5,A28,A23;A24,A25,A29,A33;A35,A13,A17,A31 office_tiles:A2,A22 display:1,2,3
      money:6/7/8 vp:1/2/3 hidden:S1/S2/S3 placed:R1,sponsor,marketing=2/-/- stations:A1/-/- moves ship:6 contract:S1
example (the same game's start as seat 1 sees it, not knowing seat 2's money to the dollar):
  position automania(players=3) pov 1 at round:1 step:turn turn:0 order:0,1,2
      demands:speed,speed,power,green,suitcase/suitcase,safety,green,power,safety
      grid:A1,A3,A21,A27;A9,A5,A28,A23;A24,A25,A29,A33;A35,A13,A17,A31 office_tiles:A2,A22 display:1,2,3
      money:6/7/5..9 vp:1/2/3 hidden:?/S2/? moves place:C1 tile:2 discard draw:deck drawn:?
every fact is checked against the rules; the error names the first impossible one"""

PROTOCOL_HELP = {"games": GAMES, "tokens": TOKENS, "setup": SETUP, "position": POSITION}


def contracts_help(components: Components) -> str:
    """`help contracts` in `pyai advise`: every contract by what its card shows, as a player scans
    the cards (by car, then what it asks for), each with our number after it for a token (a printed
    card has no number of ours)."""
    names = sorted(contract_names(components), key=lambda name: contract_order(components, name))
    lines = [
        "the contracts, by car, then what they ask for: each by what its card shows (the car, the symbols and "
        "styling it asks for, the stars it needs at least, its VP, medals and money), then our number; say a card "
        "by as much of what it shows as tells it apart, or by its number: 'I take the super car speed contract', "
        "'I play my safety contract', 'I draw the city car suitcase 6 stars', 'display city car, green, 5 stars; "
        "super car, speed, 8 stars; any car, chrome'",
        *(f"  {contract_words(components, name, numbered=True)}" for name in names),
    ]
    return "\n".join(lines)
