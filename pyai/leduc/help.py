"""Leduc's part of the engine's `help`: its game string, tokens and position notation."""

from __future__ import annotations

TOKENS = """\
leduc tokens (lower case): deal:<card> (a card dealt: seat 0's, seat 1's, then after the first
  round the public card; a card is a rank j q k and a suit s h: deal:js, deal:kh)
  deal:? (in a pov seat's record: the other seat's card, which it never sees)
  fold (only when facing a bet)  call (match the bet, or check; 'check' is taken when nothing is owed)
  raise (by 2 in the first round, 4 in the second; at most 2 raises a round)
example: position leduc() pov 1 moves deal:? deal:kh raise"""

POSITION = """\
position as text: position leduc() [pov <seat>] at <field:value ...> [moves <token>...]
  a whole hand in one line (docs/leduc.md, "Positions as text"), fields in any order:
  cards:<seat 0>/<seat 1>   each private card (qs, kh, ...), - not dealt yet; with pov the
                            other seat's card is ? once dealt (a seat never sees it)
  public:<card>|-           the public card (default -)
  betting:<round 1>[/<round 2>]   c call or check, r raise, f fold; - none yet (default)
example:
  position leduc() at cards:qs/kh public:- betting:rc
  position leduc() pov 1 at cards:?/kh public:js betting:cc/r moves call
with pov, later moves are the seat's record: deal:? for the other seat's card"""

GAMES = "leduc() (two-player Leduc poker, OpenSpiel's leduc_poker; leduc(players=2) is the same)"

PROTOCOL_HELP = {"games": GAMES, "tokens": TOKENS, "position": POSITION}
