"""For Sale: Autorama as Python objects: a Game (the setup) and its States.

The rules, tokens and information live in the C++ core (pyai._core); this
module gives them the public Python shape and the theme's names.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .. import _core
from ..errors import GameStringError, IllegalMoveError, PhaseError, TokenSyntaxError
from ..game_string import format_game_string
from .render import render
from .themes import CLASSIC, THEMES, Theme

_PARAMETERS = ("players", "theme", "first", "edition")
EDITIONS = ("autorama", "classic")


class ForSaleGame:
    """The setup of one For Sale game: players 3-6, edition, theme, first player.

    edition=autorama (default): For Sale: Autorama, with theme=autorama or
    advisors (For Sale: Advisors, names only). edition=classic: the base game,
    properties auctioned then sold for checks, named property/check/coins.
    """

    name = "forsale"

    def __init__(self, players: int = 4, theme: str | None = None, first: int = 0, edition: str = "autorama"):
        if edition not in EDITIONS:
            raise GameStringError(f"edition must be one of {', '.join(EDITIONS)}, not {edition!r}")
        if edition == "classic" and theme not in (None, "classic"):
            raise GameStringError("a theme applies to the autorama edition only (classic names are its own)")
        if edition == "autorama" and theme is not None and theme not in THEMES:
            raise GameStringError(f"theme must be one of {', '.join(THEMES)}, not {theme!r}")
        _core.ForSaleState(players, first, edition == "classic")  # validates players and first clearly
        self.players = players
        self.edition = edition
        self.theme: Theme = CLASSIC if edition == "classic" else THEMES[theme or "autorama"]
        self.first = first

    @property
    def classic(self) -> bool:
        return self.edition == "classic"

    @property
    def starting_cash(self) -> int:
        """Each seat's cash at the start (28/20 in Autorama, 18/14 coins in classic)."""
        return _core.starting_cash(self.players, self.classic)

    @property
    def most_cash(self) -> int:
        """The most cash a seat can ever hold: the start plus, in Autorama, what 3
        Consultants, 3 Sales Directors and 3 General Managers can pay (24);
        nothing ever adds coins in classic."""
        return self.starting_cash if self.classic else self.starting_cash + 24

    @classmethod
    def from_params(cls, params: dict[str, str]) -> ForSaleGame:
        unknown = [key for key in params if key not in _PARAMETERS]
        if unknown:
            raise GameStringError(f"unknown forsale parameter {unknown[0]!r} (known: {', '.join(_PARAMETERS)})")
        kwargs: dict[str, Any] = {}
        for key in ("players", "first"):
            if key in params:
                value = params[key]
                if not value.isdigit():
                    raise GameStringError(f"{key} must be a whole number, not {value!r}")
                kwargs[key] = int(value)
        for key in ("theme", "edition"):
            if key in params:
                kwargs[key] = params[key]
        return cls(**kwargs)

    def __str__(self) -> str:
        params: dict[str, object] = {"players": self.players}
        if self.classic:
            params["edition"] = "classic"
        elif self.theme.key != "autorama":
            params["theme"] = self.theme.key
        if self.first:
            params["first"] = self.first
        return format_game_string(self.name, params)

    def __repr__(self) -> str:
        return f"pyai.load_game({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ForSaleGame) and str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))

    def new_initial_state(self) -> State:
        """The state before any card is dealt (a chance step comes first)."""
        return State(self, _core.ForSaleState(self.players, self.first, self.classic))

    def replay(self, tokens: Iterable[str]) -> State:
        """A new state after `tokens` from the start; the error names the first bad token."""
        state = self.new_initial_state()
        for index, token in enumerate(tokens):
            try:
                state.apply(token)
            except IllegalMoveError as error:
                message = f"{token} at token {index}: {error.reason}"
                raise type(error)(message, token=token, reason=error.reason) from None
        return state


class State:
    """A For Sale game state with the tokens that led to it."""

    __slots__ = ("game", "_core")

    def __init__(self, game: ForSaleGame, core: Any):
        self.game = game
        self._core = core

    # --- whose turn and what is legal
    def to_move(self) -> int | str:
        """The seat to act, ``"chance"`` when cards are to be turned up, ``"over"`` at the end."""
        mover = self._core.to_move()
        return "chance" if mover == -1 else "over" if mover == -2 else mover

    def legal_moves(self) -> list[str]:
        """Tokens the seat to act may play ([] at a chance step or at the end)."""
        return self._core.legal_moves()

    def legal_moves_for(self, seat: int) -> list[str]:
        """Tokens `seat` may play now: the seat to move's moves, or in a phase-3
        choose step the secret sells of any seat that has not chosen yet.
        PhaseError if `seat` has no decision now."""
        return self._core.legal_moves_for(_seat(seat))

    def may_act(self, seat: int) -> bool:
        """Whether `seat` has a decision now (see legal_moves_for)."""
        try:
            self._core.legal_moves_for(_seat(seat))
        except PhaseError:
            return False
        return True

    def is_terminal(self) -> bool:
        return self._core.is_terminal()

    # --- changing the state
    def apply(self, token: str) -> str:
        """Applies a move or chance token; returns its canonical form.

        Raises IllegalMoveError (or its TokenSyntaxError) naming the problem;
        the state is then unchanged.
        """
        if not isinstance(token, str):
            raise TokenSyntaxError(f"a move token must be a str, not {type(token).__name__}", token=None)
        try:
            return self._core.apply(token)
        except IllegalMoveError as error:
            reason = str(error)
            raise type(error)(f"{token}: {reason}", token=token, reason=reason) from None

    def sample_chance(self, seed: int) -> str:
        """A random legal token for this chance step (the removal or a deal); not applied."""
        return self._core.sample_chance(_seed(seed))

    # --- results
    def scores(self) -> list[int]:
        """Final money of each seat, in thousands (PhaseError before the end)."""
        return self._core.scores()

    def winners(self) -> list[int]:
        """Seats that share the win (PhaseError before the end)."""
        return self._core.winners()

    def score_breakdown(self) -> list[dict[str, int]]:
        """Per seat: checks, cash, modifiers (Controllers/Restoration), financial, total."""
        return self._core.score_breakdown()

    # --- history and copies
    def history(self) -> list[str]:
        return self._core.history()

    def clone(self) -> State:
        return State(self.game, self._core.clone())

    def __copy__(self) -> State:
        return self.clone()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.game == other.game and self._core == other._core

    __hash__ = None  # type: ignore[assignment]  # states are mutable

    # --- information
    def view(self, seat: int) -> View:
        """What `seat` can see: no deck order, no removed cards, no other seat's secret sell."""
        return View(self.game, self._core.view(_seat(seat)))

    def determinize(self, seat: int, seed: int) -> State:
        """A full state consistent with what `seat` knows, every hidden part sampled."""
        return State(self.game, self._core.determinize(_seat(seat), _seed(seed)))

    def same_view(self, other: State, seat: int) -> bool:
        """Whether `seat` sees this state and `other` identically."""
        return self._core.view(_seat(seat)) == other._core.view(_seat(seat))

    def to_dict(self) -> dict[str, Any]:
        return {"game": str(self.game), **self._core.to_dict(), "history": self.history()}

    def __str__(self) -> str:
        return render(self._core.to_dict(), self.game.theme)

    def __repr__(self) -> str:
        return f"<pyai State {self.game} after {len(self.history())} tokens, to move: {self.to_move()}>"


class View:
    """One seat's view of a state: what that seat knows, a readable picture of
    it, and the data behind it.

    A person at a real table may know less than perfect recall gives: the
    ``forget_*`` methods mark an opponent's cash (or all but a range of it) or
    hand as unknown; `determinize` and the search then sample every unknown
    consistently with everything still known (card counts, cards seen
    elsewhere). A state sampled from such a partial view has no record.
    """

    def __init__(self, game: ForSaleGame, core: Any):
        self.game = game
        self._core = core

    @property
    def seat(self) -> int:
        return self._core.observer

    @property
    def partial(self) -> bool:
        """Whether anything was forgotten."""
        return self._core.partial

    def forget_cash(self, seat: int, low: int | None = None, high: int | None = None) -> View:
        """`seat`'s cash becomes unknown, known only to lie in [low, high].

        Defaults: low = its standing bid (0 without one); high = the most a
        seat can have: starting cash + 24 in Autorama (3 Consultants, 3 Sales
        Directors, 3 General Managers), the starting coins in the classic
        edition. Returns the view, changed in place.
        """
        seats = self._core.to_dict()["seats"]
        _seat(seat)
        if not 0 <= seat < len(seats):
            raise ValueError(f"seat must be 0..{len(seats) - 1}, not {seat}")
        if low is None:
            low = seats[seat]["bid"]
        if high is None:
            high = self.game.most_cash
        self._core.forget_cash(seat, low, high)
        return self

    def forget_advisors(self, seat: int) -> View:
        """The advisors in `seat`'s hand become unknown (only their number is known)."""
        self._core.forget_hand(_seat(seat), "advisors")
        return self

    def forget_vehicles(self, seat: int) -> View:
        """The vehicles in `seat`'s hand become unknown (only their number is known)."""
        self._core.forget_hand(_seat(seat), "vehicles")
        return self

    def history(self) -> list[str]:
        """The record as this seat saw it: no removal token, and none of the other
        seats' secret sells of the current round (what to send an engine that plays
        this seat). Forgetting does not edit it: a partial view's record still
        shows what the seat once saw."""
        return [token for token in self._core.public_history() if token]

    def determinize(self, seed: int) -> State:
        """A full state consistent with this view, every hidden or unknown part sampled."""
        return State(self.game, self._core.determinize(_seed(seed)))

    def legal_moves(self) -> list[str]:
        """The viewing seat's legal moves (PhaseError if it has no decision now)."""
        return self._core.legal_moves()

    def clone(self) -> View:
        return View(self.game, self._core.clone())

    def to_dict(self) -> dict[str, Any]:
        return {"game": str(self.game), **self._core.to_dict()}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, View) and self.game == other.game and self._core == other._core

    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        return render(self._core.to_dict(), self.game.theme)


def _seat(seat: int) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise ValueError(f"seat must be an int, not {type(seat).__name__}")
    return seat


def _seed(seed: int) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an int, not {type(seed).__name__}")
    return seed % (1 << 64)
