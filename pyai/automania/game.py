"""Automania as Python objects: a Game (the setup) and its States and Views,
on the shared game objects (pyai/game_objects.py).

The rules, tokens and information live in the C++ core (csrc/automania);
this module adds what is Automania's own: the component file a game is
played with, replaying a seat's record (which never names other seats'
private contracts), partial knowledge of money, pictures and benchmarks.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable
from typing import Any, ClassVar, cast

from .. import _core, game_api
from ..arguments import check_seat
from ..errors import ArgumentError, GameStringError, PhaseError
from ..game_files import GameFileError, read_game_file
from ..game_objects import BaseGame, BaseState, BaseView, check_params, position_text, whole_number_param
from . import component_file
from .chance_pickers import contract_play_picker, next_chance_picker
from .component_file import ComponentError, Components
from .decision_steps import decision_words
from .drawing import drawing
from .help import PROTOCOL_HELP, contracts_help
from .narration import VP_SOURCES, narrate
from .render import phase_of, render
from .table_words import TABLE_WORDS, next_chance_words
from .words import reason_in_words, words_help, words_to_token

_PARAMETERS = ("players", "components")
DEFAULT_PLAYERS = 3

# Component sets already registered with the core, by their bytes: a set is
# registered once however often (and under whatever name) it is loaded.
_LOADED: dict[bytes, tuple[Components, int]] = {}


def load_components(path: str | None) -> tuple[Components, int]:
    """The checked component set of `path` (the shipped one for None) and its
    index in the core; GameStringError naming the file and the entry at fault.
    The file is read once, and only if it is a regular file of a game file's size."""
    file = os.path.expanduser(path) if path is not None else str(component_file.DEFAULT_PATH)
    try:
        data = read_game_file(file)
    except GameFileError as error:
        raise GameStringError(f"components: {error}") from None
    key = hashlib.sha256(data).digest()
    if key not in _LOADED:
        try:
            components = component_file.parse(data, file)
        except ComponentError as error:
            raise GameStringError(f"components: {error}") from None
        _LOADED[key] = (components, _core.automania_register_components(component_file.wire(components)))
    return _LOADED[key]


class State(BaseState):
    """An Automania state with the tokens that led to it."""

    __slots__ = ()

    def apply_as_seen(self, seat: int, token: str) -> str:
        """Applies a token of `seat`'s record: like apply(), and `start:?` /
        `drawn:?` are other seats' private contracts, which `seat` did not see
        (stand-in cards are dealt; the state is then no full record)."""
        return self._apply_with(token, lambda t: self._core.apply_as_seen(check_seat(seat, self.game.players), t))

    def position(self) -> str:
        """The position as one line of text (docs/automania.md, "Positions as text").

        `game.from_position(state.position())` gives this state back, without
        its history. A state rebuilt from one seat's record (replay_as_seen)
        holds stand-ins for what that seat did not see: write its view instead.
        """
        return self._core.position()

    def score_breakdown(self) -> list[dict[str, int]]:
        """Per seat at the end: VP by source (start, medals, tiles, sales, office,
        no contract, cars left, silver, contracts, money rank), total and money."""
        return self._core.score_breakdown()


class View(BaseView):
    """One seat's view of an Automania state: everything but the decks' order
    and the contracts other seats drew unseen (counted, not named).

    A person at a real table may not track every seat's money: `forget_money`
    marks it unknown within a range; `determinize` and the search then sample it.
    """

    def forget_money(self, seat: int, low: int | None = 0, high: int | None = None) -> View:
        """`seat`'s money becomes unknown, known only to lie in [low, high]
        (default high: 999). Returns the view, changed in place."""
        check_seat(seat, self.game.players)
        low = 0 if low is None else low
        high = 999 if high is None else high
        for name, value in (("low", low), ("high", high)):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 999:
                raise ArgumentError(f"{name} must be a whole number 0 to 999, not {value!r}")
        self._core.forget_money(seat, low, high)
        return self

    def position(self) -> str:
        """The position as this seat sees it, as text: other seats' hidden contracts
        as `?` each, money it does not know as `?` or a range."""
        return self._core.position()

    def knows_money(self, seat: int) -> bool:
        """Whether this seat knows `seat`'s money to the dollar."""
        return self._core.knows_money(check_seat(seat, self.game.players))


class AutomaniaGame(BaseGame):
    """Automania, the basic game for 2-4 players (automania-rulebook.txt),
    with a component file (default: the shipped set, pyai/automania/components.toml).

    Game string: ``automania(players=3)``, ``automania(players=2,components=/path/to/set.toml)``.
    Scores are final VP; one winner (ties go to the lower sales office).
    """

    name = "automania"
    state_class = State
    view_class = View
    core_search = _core.AutomaniaSearch
    PROTOCOL_HELP = PROTOCOL_HELP
    WORDS_FIRST = "'{0} row 1', 'I take the speed machine', '{1} ships to Europe'"
    MONEY_FIELD = "money"
    TABLE_WORDS = TABLE_WORDS
    SCORE_UNIT = "VP"
    FILE_PARAMETERS: ClassVar[tuple[str, ...]] = ("components",)
    EXAMPLE_GAMES = ("automania(players=2)", "automania(players=3)", "automania(players=4)")
    # `pyai bench`: its position (the first decision of a fixed setup) and the
    # positions of its deterministic search signature.
    BENCH_GAME = "automania(players=3)"
    BENCH_TOKENS = (
        "order:1,2,0",
        "demands:speed,speed,power,suitcase,safety/suitcase,green,power,green,safety",
        "display:4,11,19",
        "start:S3",
        "start:S1",
        "start:S4",
        "tiles:A3,A27,A12,A21,A35,A7,A18,A30,A1,A24,A15,A9,A33,A5,A26,A14,A22,A29",
    )
    SIGNATURE_POSITIONS = (
        ("automania(players=3)", BENCH_TOKENS),
        ("automania(players=3)", (*BENCH_TOKENS, "place:R2", "tile:2")),
        ("automania(players=3)", (*BENCH_TOKENS, "corner:city", "market:NA")),
    )

    def __init__(self, players: int = DEFAULT_PLAYERS, components: str | None = None):
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
            raise GameStringError(f"players must be a whole number 2 to 4, not {players!r}")
        if components is not None and not isinstance(components, str | os.PathLike):
            raise GameStringError(f"components must be a file path, not {components!r}")
        self.players = players
        self.WORDS_HELP = words_help(players)  # its order example names every seat
        self.components_path = None if components is None else str(components)
        self.components, self._components_index = load_components(self.components_path)

    @classmethod
    def from_params(cls, params: dict[str, str]) -> AutomaniaGame:
        check_params(cls.name, params, _PARAMETERS)
        kwargs: dict[str, Any] = {}
        if "players" in params:
            kwargs["players"] = whole_number_param("players", params["players"], 2, 4)
        if "components" in params:
            kwargs["components"] = params["components"]
        return cls(**kwargs)

    def params(self) -> dict[str, object]:
        params: dict[str, object] = {"players": self.players}
        if self.components_path is not None:
            params["components"] = self.components_path
        return params

    def new_core_state(self) -> Any:
        return _core.AutomaniaState(self.players, self._components_index)

    def replay_as_seen(self, seat: int, tokens: Iterable[str]) -> BaseState:
        """A state after `tokens` as `seat` saw them: its record names its own
        contracts and every public card, and writes other seats' starting
        contracts and deck draws `start:?` / `drawn:?`. Those cards are
        stand-ins consistent with every card the record names (a later token
        naming one moves it), so the state's view for `seat` is exactly that
        seat's knowledge and its view(seat).history() the record again;
        history() is the tokens as given (canonical), and `recorded` is false
        once a stand-in is dealt."""
        check_seat(seat, self.players)
        return self._replay_with(tokens, lambda state, token: state.apply_as_seen(seat, token))

    def from_position(self, text: str) -> State:
        """The state that `text` describes (docs/automania.md, "Positions as text"), with no history.

        The core checks every fact against the rules and names the first
        impossible one (InconsistentPositionError) or malformed word
        (TokenSyntaxError).
        """
        core = _core.AutomaniaState.from_position(position_text(text), self.players, self._components_index)
        return State(self, core)

    def view_from_position(self, text: str, seat: int) -> View:
        """Seat `seat`'s view of the position `text`, where another seat's money
        may be `?` or a range LO..HI and its hidden contracts `?` each."""
        check_seat(seat, self.players)
        core = _core.AutomaniaView.from_position(position_text(text), seat, self.players, self._components_index)
        return View(self, core)

    def position_as_seen(self, pov: int, text: str) -> Any:
        """The engine's `position ... pov <seat> at <text>`: the position as `pov`
        sees it, and the moves it sees next (seen_position.py)."""
        from .seen_position import SeenPosition

        return SeenPosition(self, pov, self.view_from_position(text, pov))

    def parse_setup(self, pov: int, words: list[str]) -> Any:
        """The protocol's `setup money <seat> ?|N|LO..HI ...`: money `pov` did not track (see help setup)."""
        from .setup import MoneySetup

        return MoneySetup.parse(self, pov, words)

    def check_known_mover(self, view: game_api.View, mover: int) -> None:
        """A seat's contract step offers the contracts in its hand that the car
        meets: another seat cannot tell them while that hand holds contracts it
        never saw (a starting contract, deck draws)."""
        data = view.to_dict()
        if data["step"] == "contract" and data["seats"][mover]["hidden_contracts"] > 0:
            raise PhaseError(
                f"seat {mover}'s legal moves depend on the contracts in its hand, which seat {view.seat} has not seen"
            )

    def render(self, data: dict[str, Any]) -> str:
        return render(data, self.components)

    def drawing(self, data: dict[str, Any], names: list[str], me: int) -> list[game_api.Zone]:
        """The markets, contracts, tiles and sales offices, and each seat's factory and hand,
        tiles by their faces, the contracts the seat has not seen face down, seat `me` as "you" (drawing.py)."""
        return drawing(data, names, self.components, me)

    def words_to_token(self, text: str, data: dict[str, Any], names: list[str], me: int) -> str:
        """A step said in plain words ("Ann row 1", "I take the speed machine", "tiles speed, ...") as a
        token, tiles named by their faces (words.py)."""
        return words_to_token(text, data, names, me, self.components)

    def reason_in_words(self, reason: str) -> str:
        """Tiles by their faces, not their ids, and no token forms (words.py)."""
        return reason_in_words(reason, self.components)

    def chance_words(self, data: dict[str, Any], names: list[str], me: int) -> str:
        return next_chance_words(data, names, me, self.components)

    def decision_words(self, data: dict[str, Any]) -> str:
        return decision_words(data, self.components)

    def words_help_topics(self) -> dict[str, str]:
        """`help contracts`: every contract with its number and what its card shows (help.py)."""
        return {"contracts": contracts_help(self.components)}

    def chance_picker(self, data: dict[str, Any], names: list[str], me: int) -> game_api.ChancePicker | None:
        """Every chance step as taps from what is still unseen, tiles by their faces (chance_pickers.py)."""
        return next_chance_picker(data, names, me, self.components)

    def hidden_move_picker(self, data: dict[str, Any], names: list[str], me: int) -> game_api.ChancePicker | None:
        """Another seat's contract play from a hand with contracts you never saw (chance_pickers.py)."""
        return contract_play_picker(data, names, me, self.components)

    def stage(self, data: dict[str, Any]) -> str:
        if data["step"] == "over":
            return "over"
        if phase_of(data["step"]) == "setup":
            return "setup"
        phase = {"sell": "sales", "demand": "between rounds"}.get(data["step"], "actions")
        return f"round {data['round']} {phase}"

    def narrate(self, before: dict[str, Any], token: str, after: dict[str, Any], names: list[str]) -> list[str]:
        """What a step did as one seat saw it, tiles by their faces (narration.py)."""
        return narrate(self.components, before, token, after, names)

    def final_summary(self, state: game_api.State, names: list[str]) -> list[str]:
        """Each seat's VP with the sources that gave it some, as a person names them, then the winner."""
        lines = []
        for seat, parts in enumerate(cast(State, state).score_breakdown()):
            sources = ", ".join(
                f"{VP_SOURCES.get(name, name)} {value}"
                for name, value in parts.items()
                if value and name not in ("total", "money")
            )
            lines.append(f"seat {seat} ({names[seat]}): {parts['total']} VP  ({sources}; money ${parts['money']})")
        return lines + super().final_summary(state, names)[-1:]

    def heuristic_against_random(self, games: int, seed: int = 0) -> dict[str, Any]:
        """The heuristic player against random seats in C++, game g seating it at g % players:
        `won` (per game, 1 or 0), `heuristic_vp` and `random_vp` (totals)."""
        return _core.automania_heuristic_against_random(self.players, self._components_index, games, seed)
