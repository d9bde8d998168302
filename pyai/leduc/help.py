"""Leduc's part of the engine's `help`: its game string and tokens."""

from __future__ import annotations

TOKENS = """\
leduc tokens (lower case): deal:<card> (a card dealt: seat 0's, seat 1's, then after the first
  round the public card; a card is a rank j q k and a suit s h: deal:js, deal:kh)
  deal:? (in a pov seat's record: the other seat's card, which it never sees)
  fold (only when facing a bet)  call (match the bet, or check; 'check' is taken when nothing is owed)
  raise (by 2 in the first round, 4 in the second; at most 2 raises a round)
example: position leduc() pov 1 moves deal:? deal:kh raise"""

GAMES = "leduc() (two-player Leduc poker, OpenSpiel's leduc_poker; leduc(players=2) is the same)"

PROTOCOL_HELP = {"games": GAMES, "tokens": TOKENS}
