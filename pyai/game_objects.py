"""The shared Python shape of every game's Game, State and View.

The rules, tokens and information live in each game's C++ core; its binding
gives a state class and a view class with the same members for every game
(bindings/record_binding.h). These classes give them the public Python
surface of the game contract (``pyai.game_api``) once, with the defaults of
its optional hooks; a game subclasses them for what is its own (rendering,
words, partial knowledge, score breakdowns).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar, Self

from . import game_api
from .arguments import check_seat, check_seed
from .digits import is_whole_number
from .errors import ArgumentError, GameStringError, IllegalMoveError, PhaseError, TokenSyntaxError
from .game_api import SecretChoice
from .game_string import format_game_string


def check_token_text(token: object) -> None:
    """TokenSyntaxError for what cannot be a token before the core reads it: not a str, or a
    str with a character outside ASCII (the core says so too, but a str that is no UTF-8,
    such as a line read with undecodable bytes, cannot even be passed to it)."""
    if not isinstance(token, str):
        raise TokenSyntaxError(f"a move token must be a str, not {type(token).__name__}", token=None)
    if not token.isascii():
        shown = token.encode("ascii", "backslashreplace").decode("ascii")
        why = "move token contains a character outside ASCII (tokens are ASCII letters, digits and punctuation)"
        raise TokenSyntaxError(f"{shown}: {why}", token=token)


class BaseGame:
    """A game's setup. Subclasses set `name`, `core_search`, `state_class` and
    `view_class`, and implement `from_params`, `params` (the game string's
    parameters), `new_core_state` and `render`."""

    name: ClassVar[str]
    state_class: ClassVar[type[BaseState]]
    view_class: ClassVar[type[BaseView]]
    core_search: ClassVar[Any]  # the pybind11 Search class of this game
    # Settings each built-in bot uses on this game unless told otherwise.
    BOT_DEFAULTS: ClassVar[dict[str, dict[str, Any]]] = {}
    # The engine's `help` topics this game adds: "games" (its game string), "tokens", ...
    PROTOCOL_HELP: ClassVar[dict[str, str]] = {}
    # `pyai advise`: examples of the plain words the game's words_to_token reads,
    # {0}, {1}, ... the other seats (game_api.said_at_table; "" for a game that takes
    # tokens only; a game whose words depend on its setup sets its own), and the
    # position field of the money a player at a real table may lose track of ("":
    # none hidden).
    WORDS_HELP: str = ""
    # Two or three of those examples, the commonest steps, for the companion's opening lines: {0}
    # and {1} stand for the other seats' names at the table (game_api.Game.WORDS_FIRST).
    WORDS_FIRST: ClassVar[str] = ""
    MONEY_FIELD: ClassVar[str] = ""
    # What the table calls that money, where not its field's name (For Sale's themes: "coins").
    MONEY_SAID: str = ""
    # The words that open a line of the table's own (a deal: 'deal 3 12'), lower case: no
    # seat may be called so, or its own steps would read as the table's.
    TABLE_WORDS: ClassVar[tuple[str, ...]] = ()
    # How the game's secret simultaneous choices are spoken of, if it has any.
    SECRET_CHOICE: ClassVar[SecretChoice] = SecretChoice()
    # What a score counts, as the advice names it ("chips", "VP"; "": the game's score is just "score").
    SCORE_UNIT: ClassVar[str] = ""
    # Game strings that show the game's range (player counts, editions): the
    # shared game suite (tests/games/) runs each of them.
    EXAMPLE_GAMES: ClassVar[tuple[str, ...]] = ()
    # `pyai bench`: the tokens to its bench position in the game BENCH_GAME
    # (other player counts and editions draw theirs: see bench_state), and
    # its signature positions.
    BENCH_GAME: ClassVar[str] = ""
    BENCH_TOKENS: ClassVar[tuple[str, ...]] = ()
    SIGNATURE_POSITIONS: ClassVar[tuple[tuple[str, tuple[str, ...]], ...]] = ()
    # Game string parameters that name a file the game reads (read it with
    # game_files.read_game_file): load_game lets an engine's client name only
    # the files its operator allowed.
    FILE_PARAMETERS: ClassVar[tuple[str, ...]] = ()
    players: int

    # --- identity
    @classmethod
    def from_params(cls, params: dict[str, str]) -> BaseGame:
        """The game from a game string's parameters; GameStringError names a bad one."""
        raise NotImplementedError

    def params(self) -> dict[str, object]:
        """The game string's parameters (defaults may be left out)."""
        raise NotImplementedError

    def __str__(self) -> str:
        return format_game_string(self.name, self.params())

    def __repr__(self) -> str:
        return f"pyai.load_game({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, BaseGame) and str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))

    # --- states
    def new_core_state(self) -> Any:
        raise NotImplementedError

    def new_initial_state(self) -> BaseState:
        """The state before anything has happened (often a chance step comes first)."""
        return self.state_class(self, self.new_core_state())

    def from_position(self, text: str) -> BaseState:
        """The state a position written as text describes, with no history
        (a game that has a position notation overrides this)."""
        raise ArgumentError(f"{self.name} has no position notation yet: describe a position by its moves")

    def view_from_position(self, text: str, seat: int) -> BaseView:
        """Seat `seat`'s view of a position written as text, where what that seat
        does not know is written unknown (games with a notation override this)."""
        raise ArgumentError(f"{self.name} has no position notation yet: describe a position by its moves")

    def position_as_seen(self, pov: int, text: str) -> Any:
        """The engine's `position ... pov <seat> at <text>`: a position written as
        text, as seat `pov` sees it (games with a notation override this)."""
        raise ArgumentError(f"{self.name} has no position notation yet: describe a position by its moves")

    def bench_state(self) -> BaseState:
        """The bench position: the first decision of a fixed deal. BENCH_TOKENS
        for the game they were written for (so figures stay comparable across
        versions), else the deal chance draws with seeds 1, 2, ..."""
        if str(self) == self.BENCH_GAME:
            return self.replay(self.BENCH_TOKENS)
        state = self.new_initial_state()
        seed = 1
        while state.to_move() == "chance":
            state.apply(state.sample_chance(seed))
            seed += 1
        return state

    def replay(self, tokens: Iterable[str]) -> BaseState:
        """A new state after `tokens` from the start; the error names the first bad token and its index."""
        return self._replay_with(tokens, lambda state, token: state.apply(token))

    def _replay_with(self, tokens: Iterable[str], apply: Callable[[BaseState, str], object]) -> BaseState:
        """A new state after `apply(state, token)` for each token (replay, or a
        game's replay_as_seen); the error names the first bad token and its index."""
        state = self.new_initial_state()
        for index, token in enumerate(tokens):
            try:
                apply(state, token)
            except IllegalMoveError as error:
                message = f"{token} at token {index}: {error.reason}"
                raise type(error)(message, token=token, reason=error.reason, index=index) from None
        return state

    def replay_as_seen(self, seat: int, tokens: Iterable[str]) -> BaseState:
        """A state consistent with `tokens` as `seat` saw them (its view's
        history, where a fact the seat did not see may be written as unknown):
        its view for `seat` is exactly that seat's knowledge, its history() the
        canonical tokens as given. In a game whose seat records name every fact
        the rules need (For Sale's leave out what the seat did not see), the
        replay itself."""
        check_seat(seat, self.players)
        return self.replay(tokens)

    # --- search and bots
    def search_settings(self) -> list[dict[str, Any]]:
        """Every search setting for this game: name, kind, scope, default, range, help."""
        return [dict(row) for row in _settings_table(self.core_search)]

    def search_defaults(self) -> dict[str, Any]:
        """Each search setting's default for this game."""
        return {row["name"]: row["default"] for row in _settings_table(self.core_search)}

    def bot_defaults(self, bot: str) -> dict[str, Any]:
        return dict(self.BOT_DEFAULTS.get(bot, {}))

    @property
    def has_heuristic(self) -> bool:
        """Whether the game has a hand-written player (the heuristic bot and rollouts)."""
        return hasattr(type(self.new_core_state()), "heuristic_move")

    def check_known_mover(self, view: game_api.View, mover: int) -> None:
        """Refuses (PhaseError) to tell `mover`'s legal moves from another seat's
        `view` when they depend on what the view hides (its hidden cards, say);
        a game whose legal moves never do keeps this default."""

    # --- presentation
    def render(self, data: dict[str, Any]) -> str:
        raise NotImplementedError

    def final_summary(self, state: game_api.State, names: list[str]) -> list[str]:
        """Lines that close a finished game's account (`pyai play`): each seat's score and the winners."""
        lines = [f"seat {seat} ({names[seat]}): {score}" for seat, score in enumerate(state.scores())]
        winners = state.winners()
        lines.append("winner" + ("s" if len(winners) > 1 else "") + ": " + ", ".join(f"seat {s}" for s in winners))
        return lines

    def narrate(self, before: dict[str, Any], token: str, after: dict[str, Any], names: list[str]) -> list[str]:
        """What one step did, in words, from one seat's views before and after it
        (`pyai play --human`, `pyai advise`). `token` is the step as that seat saw it:
        empty when it did not see it (another seat's secret choice). The seat's
        own secret choice, told before the reveal, comes with `before` and `after`
        the same view, the seat to move being that seat. The default
        names the mover and the token; a game overrides it with its own words."""
        mover = before["to_move"]
        if mover == "chance":
            return [f"chance: {token}"] if token else []
        return [f"{names[mover]}: {token}" if token else f"{names[mover]} has chosen"]

    def words_to_token(self, text: str, data: dict[str, Any], names: list[str], me: int) -> str:
        """The token a person's words say: a game without words of its own reads a move
        token, said alone or after the mover's name ("Anna raise", "I raise")."""
        parts = text.split()
        if len(parts) == 2 and parts[0].lower() in [name.lower() for name in names] + ["i"]:
            return parts[1]
        if len(parts) != 1:
            raise TokenSyntaxError(f"say a move token, not {text!r}", token=text)
        return parts[0]

    def reason_in_words(self, reason: str) -> str:
        """The rules' reason for refusing a step said in words, for a person who said it in
        words: the reason itself in a game whose reasons name no token."""
        return reason

    def chance_words(self, data: dict[str, Any], names: list[str], me: int) -> str:
        """What chance deals next in a view's to_dict() and how a person at the table says
        it (`pyai advise`), seats by `names`, seat `me` being the person's; "" when the
        game has no words for it (the companion then shows the token's form)."""
        return ""

    def decision_words(self, data: dict[str, Any]) -> str:
        """Nothing said: the companion names the seat to move alone."""
        return ""

    def words_help_topics(self) -> dict[str, str]:
        """None: the companion's general help is all there is."""
        return {}

    def drawing(self, data: dict[str, Any], names: list[str], me: int) -> list[game_api.Zone]:
        """None drawn: the game's text picture is all a page shows."""
        return []

    def hidden_move_picker(self, data: dict[str, Any], names: list[str], me: int) -> game_api.ChancePicker | None:
        """None: a move that hangs on another seat's secret is said in words."""
        return None

    def shown_card(self, text: str, moves: Sequence[str], names: list[str], me: int) -> tuple[int, str] | None:
        """None: the game shows no hidden card at its end."""
        return None

    def secret_choice_words(self, token: str) -> str:
        """The token itself: a game whose words say a secret choice otherwise says how."""
        return token

    def chance_picker(self, data: dict[str, Any], names: list[str], me: int) -> game_api.ChancePicker | None:
        """None: the game's chance steps are said in words only."""
        return None

    def stage(self, data: dict[str, Any]) -> str:
        """Where in the game a position is, in a few words ("phase 2 round 3"), from a
        view's to_dict(): `pyai review` labels each decision so. "" for a game without stages."""
        return ""

    def parse_setup(self, pov: int, words: list[str]) -> Any:
        """The protocol's `position ... setup <words>`: a position described by what
        seat `pov` knows, for games that offer one (see the game's help)."""
        raise ArgumentError(f"{self.name} has no setup descriptions: give the position's moves")

    # --- benchmarks
    def random_playouts(self, games: int, seed: int = 0) -> dict[str, Any]:
        """Plays `games` uniformly random games from the start in C++: games, steps, score_sum
        (every seat's final score summed, in the game's units) and seconds."""
        return self.new_core_state().random_playouts(games, seed)

    def heuristic_playouts(self, games: int, seed: int = 0) -> dict[str, Any] | None:
        """The same with every seat on the heuristic player; None for a game without one."""
        return self.new_core_state().heuristic_playouts(games, seed) if self.has_heuristic else None


class BaseState:
    """A game state with the tokens that led to it."""

    __slots__ = ("game", "_core")

    def __init__(self, game: BaseGame, core: Any):
        self.game = game
        self._core = core

    @property
    def core(self) -> Any:
        """The binding's state object (the bench times it; bots ask it for the heuristic's move)."""
        return self._core

    # --- whose turn and what is legal
    def to_move(self) -> int | str:
        """The seat to act, ``"chance"`` when chance must act, ``"over"`` at the end."""
        mover = self._core.to_move()
        return "chance" if mover == -1 else "over" if mover == -2 else mover

    def legal_moves(self) -> list[str]:
        """Tokens the seat to act may play ([] at a chance step or at the end)."""
        return self._core.legal_moves()

    def legal_moves_for(self, seat: int) -> list[str]:
        """Tokens `seat` may play now (also in a simultaneous step); PhaseError if it has no decision."""
        return self._core.legal_moves_for(check_seat(seat, self.game.players))

    def legal_summary(self) -> str:
        """What may be played now, in words: the legal moves in short, or at a
        chance step the form its token takes ("" at the end)."""
        return self._core.legal_summary()

    def may_act(self, seat: int) -> bool:
        """Whether `seat` has a decision now (see legal_moves_for)."""
        try:
            self._core.legal_moves_for(check_seat(seat, self.game.players))
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
        return self._apply_with(token, self._core.apply)

    def _apply_with(self, token: str, apply: Callable[[str], str]) -> str:
        """`apply(token)` (a core apply) with apply()'s checks and error messages."""
        check_token_text(token)
        try:
            return apply(token)
        except IllegalMoveError as error:
            reason = str(error)
            raise type(error)(f"{token}: {reason}", token=token, reason=reason) from None

    def apply_as_seen(self, seat: int, token: str) -> str:
        """`token` as `seat` saw it; a game whose seat records name every fact the
        rules need applies it as it is (one whose records hide facts overrides this)."""
        check_seat(seat, self.game.players)
        return self.apply(token)

    def sample_chance(self, seed: int) -> str:
        """A random legal token for this chance step; not applied."""
        return self._core.sample_chance(check_seed(seed))

    # --- results
    def scores(self) -> list[int]:
        """Each seat's final score (PhaseError before the end)."""
        return self._core.scores()

    def winners(self) -> list[int]:
        """Seats that share the win (PhaseError before the end)."""
        return self._core.winners()

    def ranks(self) -> list[float]:
        """Per seat, 1 = best (score, then the game's tie-breaks); tied seats share the mean place."""
        return self._core.ranks()

    # --- history and copies
    def history(self) -> list[str]:
        """The tokens so far (a state sampled from a partial view: only those applied since)."""
        return self._core.history()

    def clone(self) -> Self:
        return type(self)(self.game, self._core.clone())

    def __copy__(self) -> Self:
        return self.clone()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, BaseState) and self.game == other.game and self._core == other._core

    __hash__ = None  # type: ignore[assignment]  # states are mutable

    # --- information
    def view(self, seat: int) -> BaseView:
        """What `seat` can see."""
        return self.game.view_class(self.game, self._core.view(check_seat(seat, self.game.players)))

    def determinize(self, seat: int, seed: int) -> BaseState:
        """A full state consistent with what `seat` knows, every hidden part sampled."""
        return type(self)(self.game, self._core.determinize(check_seat(seat, self.game.players), check_seed(seed)))

    def same_view(self, other: game_api.State, seat: int) -> bool:
        """Whether `seat` sees this state and `other` identically."""
        return self._core.view(check_seat(seat, self.game.players)) == other.core.view(
            check_seat(seat, self.game.players)
        )

    def position(self) -> str:
        """This position as text, which Game.from_position reads back (games with a notation)."""
        raise ArgumentError(f"{self.game.name} has no position notation yet")

    def to_dict(self) -> dict[str, Any]:
        return {"game": str(self.game), **self._core.to_dict(), "history": self.history()}

    def __str__(self) -> str:
        return self.game.render(self._core.to_dict())

    def __repr__(self) -> str:
        return f"<pyai State {self.game} after {len(self.history())} tokens, to move: {self.to_move()}>"


class BaseView:
    """One seat's view of a state: what that seat knows, a readable picture of
    it, and the data behind it."""

    def __init__(self, game: BaseGame, core: Any):
        self.game = game
        self._core = core

    @property
    def core(self) -> Any:
        """The binding's view object: what a search runs on."""
        return self._core

    @property
    def seat(self) -> int:
        return self._core.observer

    @property
    def partial(self) -> bool:
        """Whether anything was forgotten."""
        return self._core.partial

    def history(self) -> list[str]:
        """The record as this seat saw it (what to send an engine that plays this
        seat). Forgetting does not edit it; a view of a state sampled from a
        partial view has no record ([])."""
        return [token for token in self._core.public_history() if token]

    def determinize(self, seed: int) -> BaseState:
        """A full state consistent with this view, every hidden or unknown part sampled."""
        return self.game.state_class(self.game, self._core.determinize(check_seed(seed)))

    def legal_moves(self) -> list[str]:
        """The viewing seat's legal moves (PhaseError if it has no decision now)."""
        return self._core.legal_moves()

    def clone(self) -> Self:
        return type(self)(self.game, self._core.clone())

    def forget_money(self, seat: int, low: int | None = None, high: int | None = None) -> BaseView:
        """`seat`'s money becomes unknown to this view, known only to lie in [low, high]
        (default: what the rules allow), for a person who lost track of it (`pyai advise`'s
        `lost`); a game with money it lets players hide overrides this. Returns the view."""
        raise PhaseError(f"{self.game.name} has no money a player can lose track of")

    def position(self) -> str:
        """This view as text, unknowns written as such (a game with a notation overrides this)."""
        raise ArgumentError(f"{self.game.name} has no position notation yet")

    def to_dict(self) -> dict[str, Any]:
        return {"game": str(self.game), **self._core.to_dict()}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, BaseView) and self.game == other.game and self._core == other._core

    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        return self.game.render(self._core.to_dict())


@functools.cache
def _settings_table(core_search: Any) -> tuple[dict[str, Any], ...]:
    """A game's settings table, read from the core once (it is fixed at build time)."""
    return tuple(core_search.settings())


def check_params(game: str, params: Iterable[str], known: Sequence[str]) -> None:
    """Refuses a game string's parameters that `game` does not know, naming the first and those it knows."""
    unknown = [key for key in params if key not in known]
    if unknown:
        raise GameStringError(f"unknown {game} parameter {unknown[0]!r} (known: {', '.join(known)})")


def whole_number_param(name: str, value: str, low: int, high: int) -> int:
    """A game-string parameter that must be a whole number in [low, high]."""
    if not is_whole_number(value) or len(value) > 6 or not low <= int(value) <= high:
        raise GameStringError(f"{name} must be a whole number {low} to {high}, not {value!r}")
    return int(value)


def position_text(text: str) -> str:
    """A position argument: text, else ArgumentError."""
    if not isinstance(text, str):
        raise ArgumentError(f"a position is text, not {type(text).__name__}")
    return text
