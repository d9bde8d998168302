"""The text of `help` (each line is printed after `info string `)."""

from __future__ import annotations

from ..games import GAMES
from .options import OPTIONS, SETTING_OPTIONS

COMMANDS = """\
commands (one a line; '#' starts a comment; '@tag cmd' tags every answer line with @tag):
  uci                                  id, options, uciok
  isready                              readyok (also while searching)
  setoption name <name> value <v>      see options
  newgame <game>                       the game's start, no pov; forgets the position
  position <game> [pov <seat>] [at <position> | setup <facts>] [moves <token>...]
                                       all or nothing; an error names the first bad token and its index;
                                       at: a position as text (help position), setup: one known in part
  play <token>...                      appends moves (same checks as position)
  undo [n]                             takes back the last n tokens (default 1)
  legal                                legal moves of the pov seat if it has a decision, else of the seat to move
  query turn                           response <seat> | chance | over
  query result                         response <score of seat 0> ... once the game is over
  show                                 the position as the pov seat (else the seat to move) sees it
  go [iterations N] [movetime ms] [time ms] [threads N] [infinite] [ponder] [searchmoves <token>...]
                                       searches the pov seat's decision (default: the seat to move);
                                       searchmoves: only these moves at the root;
                                       time ms = the clock's remaining time, of which 1/20 is spent;
                                       without a budget: the Iterations and MoveTime options;
                                       ponder: think on the other seats' time about a position you
                                       expect; the time budget starts, and bestmove comes, after ponderhit
  stop                                 ends a search; its bestmove follows
  ponderhit                            the pondered position came up: the ponder search becomes the real one
  quit                                 exits (a running search prints its bestmove first)
  help [commands|options|games|tokens|position|setup]   (tokens, position, setup: each game's own)
errors: error <code> <message>, codes unknown-command syntax illegal-move inconsistent
  unknown-option bad-value busy no-position
go prints 'info iterations <n> time <ms> ips <n>' twice a second, then
  'info iterations <n> time <ms> ips <n> nodes <n> seat <s> policy visits|mixed',
  'info action <token> visits <n> share <f> win <f> se <f> score <f> sd <f> pv <token>...' per move
  (MultiPV, ShowAll; se: the win estimate's standard error; pv: the move and its likely continuation)
  and 'bestmove <token> [ponder <token>...]' (ponder: the other seats' moves the search expects
  before this seat's next decision, when it expects them all). At a simultaneous secret
  choice (For Sale's sealed sells) the shares are a mixed policy and bestmove is drawn
  from them with a generator seeded by Seed and the position. A seat that can no longer win
  (every move about 0.000 win) gets the move with the best expected score, after
  'info string cannot win (best win <f>): bestmove by the expected score'."""


def help_lines(topic: str | None) -> list[str]:
    """Lines for `help [topic]`: the protocol's own topics, then what each game adds
    (its game string, its tokens, its position set-up)."""
    sections = []
    if topic in (None, "commands"):
        sections.append(COMMANDS)
    if topic in (None, "options"):
        sections.append(
            "options:\n" + "\n".join(f"  {o.uci_line().removeprefix('option name ')}\n      {o.help}" for o in OPTIONS)
        )
        sections.append(
            "search settings, each an option of its name (default: the game's own; type string in uci):\n"
            + "\n".join(f"  {o.name} ({o.values_text()})\n      {o.help}" for o in SETTING_OPTIONS)
            + "\nexample: setoption name prior_weight value 5"
        )
    if topic in (None, "games"):
        sections.append("games:\n" + "\n".join(f"  {game.PROTOCOL_HELP['games']}" for game in GAMES.values()))
    for game in GAMES.values():
        sections.extend(text for name, text in game.PROTOCOL_HELP.items() if name != "games" and topic in (None, name))
    return "\n".join(sections).splitlines()
