"""The engine's current position: a game, the pov seat, where it started and the tokens played.

Rules and information stay in the game (State.apply, legal_moves_for, view);
this module only keeps the tokens and turns library errors into protocol
errors. A position starts from the game's start, or from a position written
as text (`at`: Game.from_position, or with a pov seat Game.position_as_seen,
which may leave facts unknown), or from a game's own description of what the
pov seat knows (`setup`: Game.parse_setup). A position seen by one seat, or
a setup, asks that object for the view the pov seat really has and for the
state after later moves. With a pov seat and no such object, the tokens are
that seat's record (Game.replay_as_seen: facts it did not see may be written
as unknowns).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from ..errors import ArgumentError, GameStringError, IllegalMoveError, PhaseError, PyaiError, TokenSyntaxError
from ..game_api import Game, SeenPosition, State, View
from ..game_files import ANY_FILE, FileAccess
from ..games import load_game
from .errors import BAD_VALUE, ILLEGAL_MOVE, INCONSISTENT, SYNTAX, ProtocolError

MAX_TOKENS = 10_000  # far more than a whole game; a longer list cannot be legal


def load(game_string: str, files: FileAccess = ANY_FILE) -> Game:
    try:
        return load_game(game_string, files)
    except GameStringError as error:
        raise ProtocolError(BAD_VALUE, str(error)) from None


class Position:
    """A position: immutable; `play` and `undo` return a new one (all or nothing)."""

    def __init__(
        self,
        game: Game,
        pov: int | None,
        state: State,
        moves: Sequence[str],
        setup: SeenPosition | None,
        start: State | None = None,
    ):
        self.game = game
        self.pov = pov
        self.state = state
        self.moves = tuple(moves)  # canonical tokens (after the setup or the start position, if any)
        self.setup = setup
        self.start = start  # the position the moves start from (`at`); None: the game's start

    # --- building
    @classmethod
    def at_game_start(cls, game: Game) -> Position:
        return cls(game, None, game.new_initial_state(), (), None)

    @classmethod
    def build(
        cls,
        game_string: str,
        pov: int | None,
        setup_words: Sequence[str] | None,
        tokens: Sequence[str],
        at_words: Sequence[str] | None = None,
        files: FileAccess = ANY_FILE,
    ) -> Position:
        game = load(game_string, files)
        if pov is not None and not 0 <= pov < game.players:
            raise ProtocolError(BAD_VALUE, f"pov must be a seat 0..{game.players - 1}, not {pov}")
        if at_words is not None:
            text = " ".join(at_words)
            with position_text_errors():
                if pov is None:  # the whole position: every fact known
                    start = game.from_position(text)
                else:  # as the pov seat sees it, unknowns and all
                    seen = game.position_as_seen(pov, text)
            if pov is None:
                return Position(game, pov, start.clone(), (), None, start).play(tokens)
            return Position(game, pov, seen.base_state(), (), seen).play(tokens)
        if setup_words is not None:
            if pov is None:
                raise ProtocolError(INCONSISTENT, "a setup describes what one seat knows: give pov <seat> before setup")
            with protocol_errors():
                setup = game.parse_setup(pov, list(setup_words))
            return Position(game, pov, setup.base_state(), (), setup).play(tokens)
        return cls(game, pov, game.new_initial_state(), (), None).play(tokens)

    def play(self, tokens: Sequence[str]) -> Position:
        """A new position with `tokens` appended; the error names the first bad
        token and its index in `tokens`."""
        if len(tokens) > MAX_TOKENS:
            raise ProtocolError(ILLEGAL_MOVE, f"{len(tokens)} tokens: no game is that long")
        if self.setup is not None:
            with protocol_errors():
                setup, state, canonical = self.setup.replay(self.moves, tokens)
            return Position(self.game, self.pov, state, self.moves + tuple(canonical), setup)
        if self.pov is not None and self.start is None:  # the pov seat's record: replayed whole, as seen
            try:
                state = self.game.replay_as_seen(self.pov, [*self.moves, *tokens])
            except IllegalMoveError as error:
                index = (error.index or 0) - len(self.moves)
                raise ProtocolError(ILLEGAL_MOVE, f"{error.token} at token {index}: {error.reason}") from None
            return Position(self.game, self.pov, state, tuple(state.history()), self.setup)
        state = self.state.clone()
        canonical = []
        for index, token in enumerate(tokens):
            try:
                canonical.append(state.apply(token))
            except IllegalMoveError as error:
                raise ProtocolError(ILLEGAL_MOVE, f"{token} at token {index}: {error.reason}") from None
        return Position(self.game, self.pov, state, self.moves + tuple(canonical), self.setup, self.start)

    def undo(self, count: int) -> Position:
        if count < 1:
            raise ProtocolError(BAD_VALUE, f"undo takes back 1 or more tokens, not {count}")
        if count > len(self.moves):
            what = (
                f"after the {'start position' if self._described_by() == 'at' else 'setup'}"
                if self.setup is not None
                else "after the start position"
                if self.start is not None
                else "in this position"
            )
            have = len(self.moves)
            raise ProtocolError(
                INCONSISTENT,
                f"cannot take back {count} {_tokens(count)}: only {have} {_tokens(have)} {what}",
            )
        kept = self.moves[: len(self.moves) - count]
        start = Position(self.game, self.pov, self._start_state(), (), self.setup, self.start)
        return start.play(kept)

    def _described_by(self) -> str:
        """The `position` keyword of this position's description: `at` (a position as
        text seen by the pov seat) or `setup` (a game's own facts)."""
        return getattr(self.setup, "keyword", "setup")

    def _start_state(self) -> State:
        if self.start is not None:
            return self.start.clone()
        return self.setup.base_state() if self.setup is not None else self.game.new_initial_state()

    # --- questions
    def seat(self) -> int | None:
        """The seat whose information is used: pov, or else the seat to move."""
        if self.pov is not None:
            return self.pov
        mover = self.state.to_move()
        return mover if isinstance(mover, int) else None

    def turn(self) -> str:
        return str(self.state.to_move())

    def legal(self) -> list[str]:
        """The pov seat's moves when it has a decision (also in a simultaneous
        step), else the moves of the seat to move."""
        state = self.state
        mover = state.to_move()
        if mover == "chance":
            raise ProtocolError(INCONSISTENT, f"{_chance_next(state)}: no seat has a move")
        if mover == "over":
            raise ProtocolError(INCONSISTENT, "the game is over: no seat has a move")
        if self.pov is not None and state.may_act(self.pov):
            return state.legal_moves_for(self.pov)
        assert isinstance(mover, int)
        with protocol_errors():
            if self.setup is not None:
                self.setup.check_known_mover(state, mover)
            view = self.view() if self.pov is not None else None
            if view is not None:  # another seat's moves, from what the pov seat knows
                self.game.check_known_mover(view, mover)
        return state.legal_moves()

    def result(self) -> list[int]:
        if not self.state.is_terminal():
            raise ProtocolError(INCONSISTENT, "the game is not over: there is no result yet")
        with protocol_errors():  # a result a seat's record does not decide is refused by the game
            if self.setup is not None:
                self.setup.check_known_scores(self.state)
            return self.state.scores()

    def view(self) -> View | None:
        """What the information seat sees (None: no seat, e.g. a chance step without pov)."""
        seat = self.seat()
        if seat is None:
            return None
        if self.setup is not None:
            with protocol_errors():
                return self.setup.view(self.state)
        return self.state.view(seat)

    def picture(self) -> str:
        view = self.view()
        if view is None:
            return f"no pov seat: the whole position\n{self.state}"
        return str(view)

    def search_view(self) -> View:
        """The view a `go` searches from: the pov seat's (or the mover's), which must have a decision."""
        seat = self.seat()
        state = self.state
        if seat is None:
            mover = state.to_move()
            raise ProtocolError(
                INCONSISTENT,
                "the game is over: there is no decision"
                if mover == "over"
                else f"{_chance_next(state)}: there is no decision",
            )
        try:
            state.legal_moves_for(seat)
        except PhaseError as error:
            raise ProtocolError(INCONSISTENT, f"seat {seat} has no decision now: {error}") from None
        view = self.view()
        assert view is not None
        return view

    def record(self) -> str:
        """A text that names this position (seeds the draw of a mixed-policy bestmove)."""
        setup = f" {self._described_by()} {' '.join(self.setup.words)}" if self.setup is not None else ""
        at = f" at {self.start.position()}" if self.start is not None else ""
        pov = f" pov {self.pov}" if self.pov is not None else ""
        return f"{self.game}{pov}{at}{setup} moves {' '.join(self.moves)}"


def _chance_next(state: State) -> str:
    """Says that chance acts next, and the token it takes (the game's words)."""
    return f"chance acts next (a token {state.legal_summary()})"


def _tokens(count: int) -> str:
    return "token" if count == 1 else "tokens"


@contextmanager
def position_text_errors() -> Iterator[None]:
    """Reads a position written as text: a malformed word is a syntax error (not a bad move)."""
    try:
        yield
    except TokenSyntaxError as error:
        raise ProtocolError(SYNTAX, str(error)) from None
    except PyaiError as error:
        raise library_error(error) from None


@contextmanager
def protocol_errors() -> Iterator[None]:
    """Runs a game's own code (its setup) with its pyai errors turned into protocol errors."""
    try:
        yield
    except PyaiError as error:
        raise library_error(error) from None


def library_error(error: Exception) -> ProtocolError:
    """A pyai error met where none was expected, as a protocol error."""
    if isinstance(error, IllegalMoveError):
        return ProtocolError(ILLEGAL_MOVE, str(error))
    if isinstance(error, ArgumentError):
        return ProtocolError(BAD_VALUE, str(error))
    if isinstance(error, PyaiError):
        return ProtocolError(INCONSISTENT, str(error))
    return ProtocolError(INCONSISTENT, f"internal error (details on stderr): {type(error).__name__}: {error}")
