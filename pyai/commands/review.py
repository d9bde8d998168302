"""`pyai review`: each decision of a finished game searched again, as a go
player's review does: the move played against the search's best, the win
chance it lost, the biggest mistakes first.

A record is read from a token file (tokens separated by spaces or lines,
`#` comments, an optional first line `game: <game string>`), from the log
that `pyai play` prints, from a tournament results file (`--deal`,
`--rotation`), or from a `pyai advise` session file, whose record is one
seat's view of the game: only that seat's decisions are reviewed. Each
decision is searched from what the seat to move knew then (its view, as in
play): the win chance of the best move and of the move played, which is
searched on its own (`searchmoves`) when the full search gave it too few
visits to estimate it.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ..analysis import analyse
from ..arguments import check_seat
from ..budgets import REVIEW_ITERATIONS
from ..errors import ArgumentError, IllegalMoveError, PyaiError
from ..game_api import Game, State, View
from ..games import load_game
from ..output_files import figure_bytes
from ..regular_file import FileReadError, read_regular_file

# A move with fewer visits than this in the full search is searched on its own.
MIN_VISITS_FOR_AN_ESTIMATE = 30
MISTAKE = 0.05  # win chance lost that counts as a mistake in the summary
RECORD_LINE = "record:"  # the last line of a `pyai play` log: the game's tokens (play.py writes it)
SQLITE_HEADER = b"SQLite format 3\x00"  # a tournament results file begins so
# A token file or log is a few KiB and a tournament's results file some MiB; far past
# that, a file is not what was meant.
MAX_RECORD_BYTES = 256 << 20


class ReviewError(PyaiError, ValueError):
    """A record that cannot be reviewed (unreadable, no game, a token the rules refuse)."""


@dataclass(frozen=True)
class DecisionPoint:
    """A decision to review: what its seat knew (a state, searched from that seat's
    view, or the view itself), the move it made, and where in the game it was."""

    index: int  # the move's index in the record (an advise session: the number of its line)
    seat: int
    position: State | View
    played: str  # canonical
    stage: str


@dataclass(frozen=True)
class Record:
    game: Game
    tokens: list[str]
    names: list[str]  # per seat: who played it (bots in a tournament), or "seat N"
    source: str
    # The decisions, when the record is not every seat's moves (an advise
    # session: one seat's view, `tokens` its lines); None: every decision of `tokens`.
    points: list[DecisionPoint] | None = None
    unit: str = "token"  # what a decision's index counts

    def decision_points(self) -> Iterator[DecisionPoint]:
        """Every decision with more than one legal move, in the order played; ReviewError
        names a token the rules refuse."""
        if self.points is not None:
            yield from self.points
            return
        state = self.game.new_initial_state()
        for index, token in enumerate(self.tokens):
            mover = state.to_move()
            after = state.clone()
            try:
                played = after.apply(token)  # its canonical form, as the search names moves
            except IllegalMoveError as error:
                raise ReviewError(f"{self.source}: token {index} {token!r}: {error.reason}") from None
            # At a simultaneous step the record lists the choices in seat order:
            # the seat to move is the one whose choice this token is.
            if isinstance(mover, int) and len(state.legal_moves()) > 1:
                yield DecisionPoint(index, mover, state, played, self.game.stage(state.view(mover).to_dict()))
            state = after


@dataclass(frozen=True)
class Decision:
    index: int  # the token's index in the record
    seat: int
    stage: str  # where in the game ("phase 2 round 3"; "" for a game without stages)
    played: str
    best: str
    win_best: float
    win_played: float
    win_lost: float  # max(0, win_best - win_played)
    win_se: float  # the larger standard error of the two estimates
    win_by_seat: list[float]  # each seat's win chance, as the seat to move saw it before the move
    simultaneous: bool


@dataclass
class Review:
    record: Record
    iterations: int
    decisions: list[Decision] = field(default_factory=list)

    def mistakes(self, top: int | None = None) -> list[Decision]:
        ranked = sorted(self.decisions, key=lambda d: (-d.win_lost, d.index))
        return ranked[:top] if top is not None else ranked

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": str(self.record.game),
            "source": self.record.source,
            "names": self.record.names,
            "iterations": self.iterations,
            "decisions": [asdict(d) for d in self.decisions],
        }

    def report(self, top: int = 10) -> str:
        players = self.record.game.players
        shown = self.mistakes(top)
        seat_width = max([len("seat"), *(len(f"{s} {name}") for s, name in enumerate(self.record.names))])
        stage_width = max([len("where"), *(len(d.stage) for d in shown)])
        move_width = max([len("played"), *(len(move) for d in shown for move in (d.played, d.best))])
        lines = [
            f"review of {self.record.game} ({self.record.source}): {len(self.decisions)} decisions, "
            f"{self.iterations} iterations each",
            "",
            f"biggest mistakes (win chance lost; ± the larger standard error; first {top}):",
            f"  {self.record.unit:>5}  {'seat':<{seat_width}}  {'where':<{stage_width}}  {'played':<{move_width}}  "
            f"{'best':<{move_width}} {'lost':>6} {'±':>5}   win played -> best",
        ]
        for d in shown:
            who = f"{d.seat} {self.record.names[d.seat]}"
            lines.append(
                f"  {d.index:>5}  {who:<{seat_width}}  {d.stage:<{stage_width}}  {d.played:<{move_width}}  "
                f"{d.best:<{move_width}} {d.win_lost:>6.3f} {d.win_se:>5.3f}   {d.win_played:.3f} -> {d.win_best:.3f}"
            )
        lines += ["", "per seat: decisions, win chance lost in all, mistakes (lost >= 0.05)"]
        width = max(len(name) for name in self.record.names)
        for seat in range(players):
            mine = [d for d in self.decisions if d.seat == seat]
            lost = sum(d.win_lost for d in mine)
            mistakes = sum(1 for d in mine if d.win_lost >= MISTAKE)
            name = self.record.names[seat]
            lines.append(f"  seat {seat} {name:<{width}} {len(mine):>4} {lost:>8.3f} {mistakes:>5}")
        return "\n".join(lines)


# ------------------------------------------------------------------ reading


def read_record(
    path: str, game_string: str | None = None, deal: int | None = None, rotation: int | None = None
) -> Record:
    """A record from a token file, a `pyai play` log, a tournament results file (its
    game of `deal` and `rotation`, both counted from 1) or a `pyai advise` session."""
    try:  # a regular file, read whole once: a device or a pipe named by mistake is refused at once
        data = read_regular_file(path, MAX_RECORD_BYTES, "a record")
    except FileReadError as error:
        raise ReviewError(f"cannot read {path!r}: {error}") from None
    if data.startswith(SQLITE_HEADER):
        return _same_game(game_string, _tournament_record(path, deal, 1 if rotation is None else rotation))
    if deal is not None or rotation is not None:
        raise ArgumentError("--deal and --rotation choose a game of a tournament results file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ReviewError(f"cannot read {path!r}: {error}") from None
    if text.lstrip().startswith("{"):
        return _same_game(game_string, _session_record(path))
    lines = text.splitlines()
    first = lines[0].strip() if lines else ""
    if first.startswith("game:"):  # a `pyai play` log or a token file naming its game
        named = game_named_by(first)
        body = lines[1:]
        recorded = [line for line in body if line.startswith(RECORD_LINE)]
        if recorded:  # a `pyai play` log: its record line, not the account printed above it
            moves = recorded[-1][len(RECORD_LINE) :].split()
        else:  # a token file: every word after the first line
            moves = [word for line in body for word in line.split("#")[0].split()]
    else:
        named, moves = None, [word for line in lines for word in line.split("#")[0].split()]
    played_in = named or game_string
    if played_in is None:
        raise ReviewError(f"{path!r} does not name its game: give --game (or a first line `game: <game string>`)")
    game = load_game(played_in)
    names = [f"seat {seat}" for seat in range(game.players)]
    bots = re.search(r"\bbots: (.+)$", first)  # a `pyai play` log names its bots
    if bots and len(bots.group(1).split(", ")) == game.players:
        names = bots.group(1).split(", ")
    return _same_game(game_string, Record(game, moves, names, path))


def _same_game(game_string: str | None, record: Record) -> Record:
    """`record`, unless `--game` names another game than the one it was played in."""
    if game_string is not None and load_game(game_string) != record.game:
        raise ArgumentError(f"--game {game_string} is not the record's game, {record.game}; leave it out")
    return record


def game_named_by(first_line: str) -> str | None:
    """The game string a record's first line `game: <game string> ...` names (None: none)."""
    words = first_line.strip()[len("game:") :].split() if first_line.strip().startswith("game:") else []
    return words[0] if words else None


def _tournament_record(path: str, deal: int | None, rotation: int) -> Record:
    from ..tournament.store import Store

    try:
        with Store(path, create=False) as store:
            settings = store.settings()
            bots = store.bots()
            games = store.games()
    except sqlite3.Error as error:
        raise ReviewError(f"{path!r} is not a readable results file: {error}") from None
    if not games:
        raise ReviewError(f"{path!r} holds no finished game")
    deal = games[0]["deal"] if deal is None else deal
    # The store counts rotations from 0; people, as deals, from 1.
    chosen = [g for g in games if g["deal"] == deal and g["rotation"] == rotation - 1]
    if not chosen:
        stored = sorted({(g["deal"], g["rotation"] + 1) for g in games})
        shown = ", ".join(f"{d}/{r}" for d, r in stored[:12]) + (" ..." if len(stored) > 12 else "")
        raise ReviewError(f"{path!r} has no game of deal {deal}, rotation {rotation} (deal/rotation stored: {shown})")
    row = chosen[0]
    game = load_game(settings["game"])
    names = [bots[bot] for bot in row["seating"]]
    return Record(game, row["tokens"], names, f"{path}, deal {deal}, rotation {rotation}")


def _session_record(path: str) -> Record:
    """An advise session: its seat's decisions, each from what that seat knew then
    (the companion's positions, replayed from the file)."""
    from .advise import Companion
    from .advise_session import CompanionError, Session

    try:
        companion = Companion(Session.load(path), spelled=lambda name: f'"{name}"')  # replayed, never saved
    except CompanionError as error:
        raise ReviewError(f"{path!r}: {error}") from None
    game = companion.game
    points = []
    for line, (position, after) in enumerate(zip(companion.positions, companion.positions[1:]), 1):
        played = companion.my_move_between(position, after)
        if played is None:
            continue
        view = position.search_view()
        if len(view.legal_moves()) > 1:
            points.append(DecisionPoint(line, companion.me, view, played, game.stage(view.to_dict())))
    return Record(game, list(companion.session.lines), list(companion.names), path, points, unit="line")


# ------------------------------------------------------------------ reviewing


def review(
    record: Record,
    iterations: int = REVIEW_ITERATIONS,
    seed: int = 0,
    seats: Sequence[int] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Review:
    """Searches every decision of `record` (of `seats`, default all) with `iterations` each;
    `progress(done, total)` after each token of the record."""
    players = record.game.players
    for seat in seats or ():
        check_seat(seat, players)
    result = Review(record, iterations)
    wanted = set(range(players) if seats is None else seats)
    total = len(record.tokens)
    for point in record.decision_points():
        if point.seat in wanted:
            result.decisions.append(_review_decision(point, iterations, seed))
        if progress:
            progress(point.index + 1, total)
    if progress:
        progress(total, total)
    return result


def _review_decision(point: DecisionPoint, iterations: int, seed: int) -> Decision:
    seat, played, index, state = point.seat, point.played, point.index, point.position
    full = analyse(state, seat=seat, iterations=iterations, seed=seed * 1_000_003 + index)
    best = max(full.moves, key=lambda m: (m.share, m.visits))
    played_stats = next(m for m in full.moves if m.token == played)
    win_played, se_played = played_stats.win, played_stats.win_se
    if played_stats.visits < MIN_VISITS_FOR_AN_ESTIMATE:  # too few visits: search it on its own
        alone = analyse(state, seat=seat, iterations=max(200, iterations // 4), seed=seed + index, searchmoves=[played])
        alone_stats = next(m for m in alone.moves if m.token == played)
        win_played, se_played = alone_stats.win, alone_stats.win_se
    win_best = best.win if best.win is not None else 0.0
    win_played = win_played if win_played is not None else 0.0
    return Decision(
        index=index,
        seat=seat,
        stage=point.stage,
        played=played,
        best=best.token,
        win_best=win_best,
        win_played=win_played,
        win_lost=max(0.0, win_best - win_played) if played != best.token else 0.0,
        win_se=max(best.win_se or 0.0, se_played or 0.0),
        win_by_seat=list(full.win_probabilities),
        simultaneous=full.simultaneous,
    )


def plot_review(result: Review, seats: Sequence[int] | None = None, image_format: str = "png") -> bytes:
    """Each seat's win chance over the game (as the seat to move saw it), of `seats`
    (default all), and their mistakes marked: an image in `image_format`."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(10, 4.5))
    xs = [d.index for d in result.decisions]
    shown = set(range(result.record.game.players) if seats is None else seats)
    for seat in sorted(shown):
        axes.plot(xs, [d.win_by_seat[seat] for d in result.decisions], label=f"seat {seat} {result.record.names[seat]}")
    for d in result.decisions:
        if d.win_lost >= MISTAKE and d.seat in shown:
            axes.annotate("x", (d.index, d.win_by_seat[d.seat]), ha="center", va="center", color="red")
    axes.set_xlabel("token of the record")
    axes.set_ylabel("win chance")
    axes.set_ylim(0, 1)
    axes.set_title(f"review of {result.record.game}: x = a mistake (lost >= {MISTAKE})")
    axes.legend(fontsize=8)
    return figure_bytes(figure, image_format)
