"""`pyai play`: a whole game in the terminal, between bots or against them.

Between bots it prints every token (and the search bots' estimates). With a
person in one seat (`--human SEAT`) it tells the game as that seat sees it,
in the game's words (Game.narrate: who bid what, who took which card, the
sells revealed), and asks for that seat's moves; another seat's secret is
never shown before the rules reveal it.
"""

from __future__ import annotations

from collections.abc import Callable

from .analysis import analyse
from .bots import Bot
from .errors import IllegalMoveError
from .game_objects import BaseGame, BaseState

HINT_ITERATIONS = 20_000
HELP = (
    "type a move token (the first legal one is shown in the prompt), or: moves (all legal moves), "
    "show (the table as you see it), hint (the engine's suggestion), quit"
)


def watch(game: BaseGame, bots: list[Bot], names: list[str], seed: int, write: Callable[[str], None] = print) -> None:
    """Bots play a whole game; every token is printed."""
    state = game.new_initial_state()
    write(f"game: {game}   seed: {seed}   bots: {', '.join(names)}")
    chance_seed = seed
    while not state.is_terminal():
        mover = state.to_move()
        if mover == "chance":
            chance_seed += 1
            token = state.sample_chance(chance_seed * 7919 + seed)
            write(f"  chance  {token}")
        else:
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


def play_with_human(
    game: BaseGame,
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
    chance_seed = seed
    while not state.is_terminal():
        mover = state.to_move()
        before = state.view(human)
        if mover == "chance":
            chance_seed += 1
            token = state.sample_chance(chance_seed * 7919 + seed)
        elif mover == human:
            token = _ask(state, human, read, write)
            if token is None:
                write("game left unfinished")
                return False
        else:
            bot = bots[mover]
            assert bot is not None
            token = bot.choose(state)
        state.apply(token)
        after = state.view(human)
        seen = after.history()[-1] if len(after.history()) > len(before.history()) else ""
        for line in game.narrate(before.to_dict(), seen, after.to_dict(), told):
            write(line)
    _finish(game, state, names, write)
    return True


def _ask(state: BaseState, human: int, read: Callable[[str], str], write: Callable[[str], None]) -> str | None:
    """The person's next move: a legal token, or None when they quit (or input ends)."""
    while True:
        try:
            line = read(f"your move (seat {human}), legal: {state.legal_summary()}> ").strip()
        except EOFError:
            return None
        word = line.lower()
        if word in ("quit", "exit"):
            return None
        if word in ("", "help", "?"):
            write(HELP)
        elif word == "moves":
            write(" ".join(state.legal_moves()))
        elif word == "show":
            write(str(state.view(human)))
        elif word == "hint":
            result = analyse(state.view(human), iterations=HINT_ITERATIONS)
            best = result.moves[0]
            estimate = "" if best.win is None else f" (win {best.win:.2f} ± {best.win_se or 0:.2f})"
            write(f"hint: {result.best_move}{estimate}")
        else:
            try:
                return state.clone().apply(line)
            except IllegalMoveError as error:
                write(f"not a legal move: {error}")


def _finish(game: BaseGame, state: BaseState, names: list[str], write: Callable[[str], None]) -> None:
    write("")
    write(str(state))
    write("")
    for line in game.final_summary(state, names):
        write(line)
