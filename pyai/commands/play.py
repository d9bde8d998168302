"""`pyai play`: a whole game in the terminal, between bots or against them.

Between bots it prints every token (and the search bots' estimates). With a
person in one seat (`--human SEAT`) it tells the game as that seat sees it,
in the game's words (Game.narrate: who bid what, who took which card, the
sells revealed), and asks for that seat's moves; another seat's secret is
never shown before the rules reveal it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from ..analysis import analyse, played_for_score
from ..bots import Bot
from ..budgets import MOVE_ITERATIONS
from ..errors import PyaiError
from ..game_api import OWN_SEAT_WORDS, Game, State, said_at_table
from ..win_chance_map import told_chance
from .advice_text import TOLD_APART, one_line

HINT_ITERATIONS = MOVE_ITERATIONS
HELP = (
    "type your move in words (as at the table: the game's examples below) or as a move token "
    "(the first legal one is shown in the prompt), or: moves (every legal move, with what it does), "
    "show (the table as you see it), hint (the engine's suggestion), quit"
)
# `moves` pads tokens to the longest up to this width, so that their words line up.
MOVES_TOKEN_WIDTH = 16
# A prompt longer than this lists the first legal moves and their count instead
# (a sealed sell with a Lawyer has dozens): `moves` lists them all.
PROMPT_MOVES = 100


def _dealer(seed: int) -> Callable[[State], str]:
    """Deals each chance step of a game in turn from `seed` alone, so the same seed replays the same game."""
    steps = itertools.count(seed + 1)
    return lambda state: state.sample_chance(next(steps) * 7919 + seed)


def watch(game: Game, bots: list[Bot], names: list[str], seed: int, write: Callable[[str], None] = print) -> None:
    """Bots play a whole game; every token is printed."""
    state = game.new_initial_state()
    write(f"game: {game}   seed: {seed}   bots: {', '.join(names)}")
    deal = _dealer(seed)
    while not state.is_terminal():
        mover = state.to_move()
        if mover == "chance":
            token = deal(state)
            write(f"  chance  {token}")
        else:
            assert isinstance(mover, int)  # neither chance nor over
            bot = bots[mover]
            token = bot.choose(state)
            result = getattr(bot, "last_result", None)
            note = ""
            if result is not None:
                chosen = next(m for m in result.moves if m.token == token)
                if chosen.win is not None:
                    note = f"   (win {chosen.win:.2f}, share {chosen.share:.2f})"
            write(f"  seat {mover}  {token}{note}")
        state.apply(token)
    _finish(game, state, names, write)
    write(f"record: {' '.join(state.history())}")  # the whole game, for `pyai review` and replays


def play_with_human(
    game: Game,
    human: int,
    bots: list[Bot | None],
    names: list[str],
    seed: int,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
) -> bool:
    """A game with a person in seat `human`; False if they left before the end."""
    state = game.new_initial_state()
    others = ", ".join(f"seat {s} {names[s]}" for s in range(game.players) if s != human)
    write(f"game: {game}   you are seat {human}   seed: {seed}   against: {others}")
    told = ["you" if s == human else f"seat {s}" for s in range(game.players)]  # how the account names seats
    write(HELP)
    if game.WORDS_HELP:
        write(f"in words: {' '.join(said_at_table(game.WORDS_HELP, names, human).split())} ('I' is you)")
    deal = _dealer(seed)
    while not state.is_terminal():
        mover = state.to_move()
        if mover == "chance":
            token = deal(state)
        elif mover == human:
            asked = _ask(state, human, told, read, write)
            if asked is None:
                write("game left unfinished")
                return False
            token = asked
        else:
            assert isinstance(mover, int)  # neither chance nor over
            bot = bots[mover]
            assert bot is not None
            token = bot.choose(state)
        for line in _told(state, token, human, told):
            write(line)
        state.apply(token)
    _finish(game, state, names, write)
    return True


def _told(state: State, token: str, human: int, told: list[str]) -> list[str]:
    """The step `token` from `state`, in the game's words as seat `human` sees it (`state` unchanged)."""
    before = state.view(human)
    after_state = state.clone()
    after_state.apply(token)
    after = after_state.view(human)
    seen = after.history()[-1] if len(after.history()) > len(before.history()) else ""
    return state.game.narrate(before.to_dict(), seen, after.to_dict(), told)


def _prompt_moves(state: State) -> str:
    """The legal moves for the prompt: the game's summary, or the first few and how many when it is long."""
    summary = state.legal_summary()
    if len(summary) <= PROMPT_MOVES:
        return summary
    moves = state.legal_moves()
    return f"{' '.join(moves[:4])} ... ({len(moves)} moves: 'moves' lists them)"


def _moves_in_words(state: State, human: int, told: list[str]) -> list[str]:
    """Every legal move, a line each: its token (what may be typed) and what it does, in the game's words."""
    moves = state.legal_moves()
    width = min(max(len(token) for token in moves), MOVES_TOKEN_WIDTH)
    lines = []
    for token in moves:
        words = one_line(_told(state, token, human, told))
        lines.append(f"  {token:<{width}}  {words}".rstrip() if words and words != token else f"  {token}")
    return lines


def _read_move(state: State, human: int, told: list[str], line: str) -> str:
    """The legal token `line` says: a move token, or the game's words for the person's own move
    ("bid 3", "I bid 3"); PyaiError names what is wrong."""
    try:
        return state.clone().apply(line)
    except PyaiError as error:
        if len(line.split()) == 1 and ":" in line:  # a token, refused as one: never read again as words
            raise
        words = state.game.words_to_token
        token_error = error
    said = line if line.split()[0].lower() in OWN_SEAT_WORDS else f"I {line}"
    try:
        token = words(said, state.view(human).to_dict(), told, human)
    except PyaiError as error:
        raise (token_error if len(line.split()) == 1 else error) from None
    return state.clone().apply(token)


def _hint(state: State, human: int, told: list[str]) -> str:
    """The engine's suggestion in the game's words, with its win chance (and what seats given
    it won in self-play, where the game ships a map; in a game played for its score, the
    expected score)."""
    view = state.view(human)
    result = analyse(view, iterations=HINT_ITERATIONS)
    best = result.moves[0]
    said = one_line(_told(state, best.token, human, told)) or best.token
    estimate = [] if best.win is None else [f"win {best.win:.2f} ± {best.win_se or 0:.2f}"]
    won = None if best.win is None else told_chance(state.game, view.to_dict(), result.iterations, best.win)
    if won is not None and best.win is not None and abs(won - best.win) >= TOLD_APART:
        estimate.append(f"seats given that won {won:.2f} in self-play at this stage")
    if played_for_score(state.game) and best.score_mean is not None:
        unit = f" {state.game.SCORE_UNIT}" if state.game.SCORE_UNIT else ""
        estimate.append(f"expected {best.score_mean:+.2f}{unit}")
    return f"hint: {said} [{best.token}]" + (f" ({', '.join(estimate)})" if estimate else "")


def _ask(
    state: State, human: int, told: list[str], read: Callable[[str], str], write: Callable[[str], None]
) -> str | None:
    """The person's next move: a legal token, or None when they quit (or input ends)."""
    while True:
        try:
            line = read(f"your move (seat {human}), legal: {_prompt_moves(state)}> ").strip()
        except EOFError:
            return None
        word = line.lower()
        if word in ("quit", "exit"):
            return None
        if word in ("", "help", "?"):
            write(HELP)
        elif word == "moves":
            write("\n".join(_moves_in_words(state, human, told)))
        elif word == "show":
            write(str(state.view(human)))
        elif word == "hint":
            write(_hint(state, human, told))
        else:
            try:
                return _read_move(state, human, told, line)
            except PyaiError as error:
                write(f"not a legal move: {error}")


def _finish(game: Game, state: State, names: list[str], write: Callable[[str], None]) -> None:
    write("")
    write(str(state))
    write("")
    for line in game.final_summary(state, names):
        write(line)
