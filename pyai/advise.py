"""`pyai advise`: a companion for a person at a real table.

The person says what happens as the game goes (For Sale and Leduc in plain
words: "Anna bids 4", "I pass", "deal 3 12 19 27", "Bob raises"; any game by
its move tokens),
and on their turn, or when asked, gets advice: the suggested move, its win
chance with an interval, each seat's expected score, the best alternatives
with what each costs, and the likely continuation. The position is the
engine's (protocol/position.py): the advised seat's view, so the advice
uses only what that seat knows; a player whose cash the person lost track
of is forgotten with `lost Anna cash [LO..HI]`. A session saves every line
it accepted to a file and resumes from it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .analysis import MARGIN_WEIGHT, AnalysisResult, Search, cannot_win
from .errors import PyaiError, TokenSyntaxError
from .protocol.errors import ProtocolError
from .protocol.position import Position

Z95 = 1.96
COMMANDS = """\
commands: advice (now, for your seat), show, undo, lost <name> cash [LO..HI] (you lost track of a
seat's money, in a game that lets it be hidden), save [FILE], help, quit"""


def help_text(game: Any) -> str:
    """How to say a step in this game (its own plain words, when it has them) and the commands."""
    words = getattr(game, "WORDS_HELP", None)
    said = f"or plain words: {words}" if words else "(this game takes its tokens only)"
    tokens = "a move token (as the next: lines show them; `help tokens` in `pyai engine` lists them all)"
    return f"say what happens, one step a line: {tokens}, {said}\n{COMMANDS}"


class CompanionError(PyaiError, ValueError):
    """A session file or setting that cannot be used."""


@dataclass
class Session:
    """What a session file holds: enough to replay it."""

    game: str
    seat: int
    names: list[str]
    at: str | None = None  # a starting position as text, or None: the game's start
    iterations: int = 20_000
    lines: list[str] = field(default_factory=list)  # every line that changed the position

    def save(self, path: str) -> None:
        with open(path, "w", encoding="utf-8") as file:
            json.dump(self.__dict__, file, indent=1)

    @classmethod
    def load(cls, path: str) -> Session:
        try:
            with open(path, encoding="utf-8") as file:
                return cls(**json.load(file))
        except (OSError, ValueError, TypeError) as error:
            raise CompanionError(f"cannot resume from {path!r}: {error}") from None


class Companion:
    """One person's session: `handle(line)` returns what to print."""

    def __init__(self, session: Session, path: str | None = None, progress: Callable[[int], None] | None = None):
        self.session = session
        self.path = path
        self.progress = progress
        self.me = session.seat
        self.names = session.names
        at = session.at.split() if session.at else None
        try:
            self.positions = [Position.build(session.game, session.seat, None, [], at)]
        except ProtocolError as error:
            raise CompanionError(str(error)) from None
        self.game = self.positions[0].game
        if len(self.names) != self.game.players:
            raise CompanionError(f"{len(self.names)} names for {self.game.players} players")
        replay, session.lines = session.lines, []
        for line in replay:  # a resumed session: its lines again, without advice
            answer = self._change(line)
            if answer:
                raise CompanionError(f"the session's line {line!r} is refused now: {answer[0]}")

    @property
    def position(self) -> Position:
        return self.positions[-1]

    def greeting(self) -> list[str]:
        others = ", ".join(f"{name} (seat {s})" for s, name in enumerate(self.names) if s != self.me)
        lines = [f"{self.game}: you are {self.names[self.me]}, seat {self.me}; with {others}", help_text(self.game)]
        return lines + self._turn_lines()

    def handle(self, line: str) -> list[str]:
        text = line.strip()
        word = text.split()[0].lower() if text else ""
        if word in ("", "help", "?"):
            return [help_text(self.game)]
        if word in ("advice", "advise", "hint"):
            return self.advice()
        if word == "show":
            return self.position.picture().splitlines()
        if word == "undo":
            if len(self.positions) == 1:
                return ["nothing to undo"]
            self.positions.pop()
            self.session.lines.pop()
            self._save()
            return ["undone"] + self._turn_lines()
        if word == "save":
            path = text.split()[1] if len(text.split()) > 1 else self.path
            if not path:
                return ["save FILE: where to keep the session (or start with --session FILE)"]
            self.path = path
            self._save()
            return [f"saved to {path}"]
        had_decision = self._my_decision()
        before = self.position
        answer = self._change(text)
        if answer:
            return answer
        self._save()
        if word == "lost":
            words = text.split()
            known = f"between {words[3].replace('..', ' and ')}" if len(words) == 4 else "unknown"
            told = [f"  {self.names[self._lost_seat(text)]}'s {self.game.MONEY_FIELD} is {known} now"]
        else:
            told = self._told(before)
        if self.position.state.is_terminal():
            return told + ["the game is over: " + self._scores()]
        if self._my_decision() and not had_decision:
            return told + self.advice()
        return told + self._turn_lines()

    # ------------------------------------------------------------- changes

    def _change(self, text: str) -> list[str]:
        """Applies a move or `lost ...`; an error line, or [] when accepted."""
        try:
            position = self._lost(text) if text.lower().startswith("lost ") else self._move(text)
        except (ProtocolError, PyaiError) as error:
            return [f"not taken: {error}"]
        self.positions.append(position)
        self.session.lines.append(text)
        return []

    def _move(self, text: str) -> Position:
        head, colon, rest = text.partition(":")
        if colon and head.split()[0].lower() == "sells":  # "sells revealed: Anna 12, Bob 30, I 5"
            position = self.position
            for part in rest.split(","):  # each seat's sell, in seat order; all or nothing
                words = part.split()
                if not words:
                    continue
                position = position.play([self._token(f"{words[0]} sells {' '.join(words[1:])}", position)])
            return position
        return self.position.play([self._token(text, self.position)])

    def _token(self, text: str, position: Position) -> str:
        words = getattr(self.game, "words_to_token", None)
        if words is not None:
            return words(text, position.view().to_dict(), self.names, self.me)
        parts = text.split()
        if len(parts) == 2 and parts[0].lower() in [n.lower() for n in self.names] + ["i"]:
            return parts[1]  # "Anna raise": the name is only said
        if len(parts) != 1:
            raise TokenSyntaxError(f"say a move token, e.g. {position.state.legal_summary()}")
        return parts[0]

    def _lost(self, text: str) -> Position:
        """`lost <name> cash [LO..HI]`: the position again, that seat's money unknown (or a range)."""
        words = text.split()
        seat = self._lost_seat(text)
        view = self.position.view()
        field = self.game.MONEY_FIELD
        if not field or view is None or not hasattr(view, "position"):
            raise TokenSyntaxError(f"{self.game.name} has no money a player can lose track of")
        fields = view.position().split()
        at = next((i for i, f in enumerate(fields) if f.startswith(f"{field}:")), None)
        if at is None:  # the game is over, or before its first deal: no money in the position
            raise TokenSyntaxError(f"the position has no {field} now to forget")
        amounts = fields[at][len(field) + 1 :].split("/")
        amounts[seat] = words[3] if len(words) == 4 else "?"
        fields[at] = f"{field}:" + "/".join(amounts)
        return Position.build(str(self.game), self.me, None, [], fields)

    def _told(self, before: Position) -> list[str]:
        """The step just taken, in the game's words, as the advised seat saw it."""
        token = self.position.moves[-1] if self.position.moves else ""
        seen_before, seen_after = before.view(), self.position.view()
        if seen_before is None or seen_after is None:
            return [f"  {token}"]
        told = [n if s != self.me else "you" for s, n in enumerate(self.names)]
        return ["  " + line for line in self.game.narrate(seen_before.to_dict(), token, seen_after.to_dict(), told)]

    def _lost_seat(self, text: str) -> int:
        """The seat a `lost <name> cash [LO..HI]` line names."""
        words = text.split()
        if len(words) not in (3, 4) or words[2].lower() not in ("cash", "money"):
            raise TokenSyntaxError("say: lost <name> cash [LO..HI]")
        lowered = [n.lower() for n in self.names]
        if words[1].lower() not in lowered:
            raise TokenSyntaxError(f"{words[1]!r} is no seat's name ({', '.join(self.names)})")
        return lowered.index(words[1].lower())

    def _save(self) -> None:
        if self.path:
            self.session.save(self.path)

    # ------------------------------------------------------------- advice

    def _my_decision(self) -> bool:
        state = self.position.state
        return not state.is_terminal() and state.to_move() != "chance" and state.may_act(self.me)

    def _turn_lines(self) -> list[str]:
        state = self.position.state
        if state.is_terminal():
            return ["the game is over: " + self._scores()]
        mover = state.to_move()
        if mover == "chance":
            return [f"next: cards are turned up ({state.legal_summary()})"]
        return [f"next: {self.names[mover]}"]

    def _scores(self) -> str:
        try:
            scores = self.position.result()
        except ProtocolError as error:
            return str(error)
        return ", ".join(f"{name} {score}" for name, score in zip(self.names, scores))

    def advice(self) -> list[str]:
        """The suggested move for the advised seat now, with its chances."""
        try:
            view = self.position.search_view()
        except ProtocolError as error:
            return [f"no advice now: {error}"]
        if view.seat != self.me:
            return [f"no advice now: it is {self.names[view.seat]}'s decision, not yours"]
        result, cut = self._think(view)
        lines = []
        best = _by_share(result)[0]
        if cannot_win(result, self.game, {}) and not cut:
            lines.append(f"you cannot win any more (win chance {best.win:.2f}): advice for the best finishing margin")
            result, cut = self._think(view, margin_weight=MARGIN_WEIGHT)
            best = _by_share(result)[0]
        lines += _advice_lines(result, self.names, best.token, self.game.search_defaults()["objective"])
        if cut:
            lines.append("(interrupted: what the search had found so far)")
        return lines

    def _think(self, view: Any, **settings: Any) -> tuple[AnalysisResult, bool]:
        """The search's result, and whether Ctrl-C cut it short."""
        search = Search(view, iterations=self.session.iterations, seed=len(self.position.moves), **settings)
        search.start()
        cut = False
        try:
            while not search.wait(0.25):
                if self.progress:
                    self.progress(search.progress())
        except KeyboardInterrupt:  # Ctrl-C: answer with what was found so far
            cut = True
            search.stop()
            search.wait()
        if self.progress:
            self.progress(-1)
        return search.result, cut


def _by_share(result: AnalysisResult) -> list:
    return sorted(result.moves, key=lambda m: (-m.share, -m.visits))


def _interval(win: float | None, se: float | None) -> str:
    if win is None:
        return "-"
    low, high = max(0.0, win - Z95 * (se or 0)), min(1.0, win + Z95 * (se or 0))
    return f"{win:.2f} (95%: {low:.2f}-{high:.2f})"


def _advice_lines(result: AnalysisResult, names: list[str], best_token: str, objective: str) -> list[str]:
    """The advice, each alternative's cost in what the search played for: the
    win chance, or (a game played for its score, such as poker's chips) the
    expected score."""
    moves = _by_share(result)
    best = next(m for m in moves if m.token == best_token)
    by_score = objective == "score" and best.score_mean is not None
    worth = f"expected score {best.score_mean:+.2f}, " if by_score else ""
    lines = [f"advice: {best.token}   {worth}win chance {_interval(best.win, best.win_se)}"]
    lines.append(
        "expected scores: " + ", ".join(f"{name} {score:.1f}" for name, score in zip(names, result.expected_scores))
    )
    alternatives = [m for m in moves if m.token != best.token and m.visits > 0][:3]
    if alternatives:
        costs = []
        for m in alternatives:
            if by_score and m.score_mean is not None:
                cost = f" ({m.score_mean - best.score_mean:+.2f} score)"
            else:
                cost = "" if m.win is None or best.win is None else f" ({m.win - best.win:+.2f} win)"
            costs.append(f"{m.token}{cost}")
        lines.append("instead: " + ", ".join(costs))
    if best.continuation:
        lines.append("likely continuation: " + " ".join(best.continuation))
    lines.append(f"({result.iterations} iterations)")
    return lines


def run(companion: Companion, read: Callable[[str], str] = input, write: Callable[[str], None] = print) -> int:
    """The interactive loop: prompt, answer, until quit or end of input."""
    for line in companion.greeting():
        write(line)
    while True:
        try:
            line = read("> ")
        except EOFError:
            return 0
        if line.strip().lower() in ("quit", "exit"):
            return 0
        for answer in companion.handle(line):
            write(answer)


def thinking_ticker(stream: Any) -> Callable[[int], None]:
    """A progress display while the search thinks: iterations so far, on one line."""

    def show(iterations: int) -> None:
        if iterations < 0:  # done: clear the line
            stream.write("\r" + " " * 60 + "\r")
            stream.flush()
            return
        stream.write(f"\rthinking... {iterations} iterations (Ctrl-C: answer now)")
        stream.flush()

    return show
