"""The text of `help` (each line is printed after `info string `)."""

from __future__ import annotations

from ..games import GAMES
from .options import OPTIONS, SETTING_OPTIONS

COMMANDS = """\
commands (one a line; '#' starts a comment; '@tag cmd' tags every answer line with @tag):
  uci                                  id, options, uciok
  ucinewgame                           forgets the position (options stay)
  debug on|off                         on: each go first says its budget in an info string
  isready                              readyok, at once (also while searching)
  setoption name <name> value <v>      see options; an unknown name is ignored with an info string
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
  go [iterations N | nodes N] [movetime ms] [time ms] [inc ms] [wtime ms] [btime ms] [winc ms] [binc ms]
     [movestogo N] [threads N] [infinite] [ponder] [searchmoves <token>...]
                                       searches the pov seat's decision (default: the seat to move);
                                       nodes N = iterations N; no depth limit (go depth is refused);
                                       searchmoves: only these moves at the root;
                                       a clock: time/inc/movestogo for the seat searching, or
                                       wtime/winc for seat 0 and btime/binc for seat 1; the move gets
                                       min(remaining/moves + inc, remaining - max(50, remaining/20)) ms,
                                       moves = movestogo or 20 (go time 3000: 150 ms);
                                       without a budget: the Iterations and MoveTime options;
                                       ponder: think on the other seats' time about a position you
                                       expect; the time budget starts, and bestmove comes, after ponderhit
  stop                                 ends the running search; its bestmove follows
  ponderhit                            the pondered position came up: the ponder search becomes the real one
  quit                                 exits; a running search stops at once and prints its bestmove first
  help [commands|options|games|tokens|position|setup]   (tokens, position, setup: each game's own)
while a search runs only stop, ponderhit, isready and quit act at once; every other line waits
  and is carried out after its bestmove, in order (quit drops what waits)
errors: error <code> <message>, codes unknown-command syntax illegal-move inconsistent
  bad-value no-position
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
