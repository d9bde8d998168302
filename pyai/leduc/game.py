"""Leduc poker as Python objects: a Game (the setup) and its States and
Views, on the shared game objects (pyai/game_objects.py).

The rules, tokens and information live in the C++ core (csrc/leduc); this
module adds what is Leduc's own: its game string, replaying a seat's record
(which never names the other seat's card), pictures and benchmarks.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from .. import _core, game_api
from ..arguments import check_seat
from ..errors import GameStringError
from ..game_objects import BaseGame, BaseState, BaseView, check_params, position_text
from ..stand_in_position import StandInPosition
from .drawing import drawing
from .help import PROTOCOL_HELP
from .render import card_words, render
from .words import (
    TABLE_WORDS,
    WORDS_HELP,
    decision_words,
    narrate,
    next_chance_picker,
    next_chance_words,
    showdown_picker,
    shown_card,
    words_to_token,
)

_PARAMETERS = ("players",)
# A card as the rules' reasons name it ("qh"), not inside a token ("deal:qh").
_CARD_CODE = re.compile(r"(?<![\w:])[jqk][hs](?!\w)")


class State(BaseState):
    """A Leduc hand with the tokens that led to it."""

    __slots__ = ()

    def position(self) -> str:
        """The hand as one line of text (docs/leduc.md, "Positions as text"):
        `cards:qs/kh public:- betting:rc`. `game.from_position(state.position())`
        gives this state back, without its history. A state rebuilt from one
        seat's record (replay_as_seen) has none: write that seat's view."""
        return self._core.position()

    def apply_as_seen(self, seat: int, token: str) -> str:
        """Applies a token of `seat`'s record: like apply(), and `deal:?` is the
        other seat's private card, which `seat` did not see (a stand-in card is
        dealt; the state is then no full record: `recorded` is false)."""
        return self._apply_with(token, lambda t: self._core.apply_as_seen(check_seat(seat, self.game.players), t))


class View(BaseView):
    """One seat's view of a Leduc hand: the betting, the public card and its own card."""

    def position(self) -> str:
        """The hand as this seat sees it, as text: the other seat's card `?`."""
        return self._core.position()


class LeducGame(BaseGame):
    """Two-player Leduc poker, exactly OpenSpiel's leduc_poker with its default
    parameters: six cards (jack, queen, king in two suits), ante 1, two betting
    rounds with raises of 2 then 4 (at most 2 a round), a public card between
    them; a pair with the public card wins, else the higher card, equal ranks
    split. Scores are chips won or lost."""

    name = "leduc"
    state_class = State
    view_class = View
    core_search = _core.LeducSearch
    players = 2
    PROTOCOL_HELP = PROTOCOL_HELP
    WORDS_HELP = WORDS_HELP
    WORDS_FIRST = "'{0} raises', 'I call', 'board qh'"
    TABLE_WORDS = TABLE_WORDS
    SCORE_UNIT = "chips"
    # The shared game suite (tests/games/ on main) runs every game string here.
    EXAMPLE_GAMES = ("leduc()",)
    # `pyai bench`: its position (seat 0's first decision holding a queen) and
    # the positions of its deterministic search signature.
    BENCH_GAME = "leduc()"
    BENCH_TOKENS = ("deal:qs", "deal:kh")
    SIGNATURE_POSITIONS = (
        ("leduc()", ("deal:qs", "deal:kh")),
        ("leduc()", ("deal:js", "deal:kh", "raise")),
        ("leduc()", ("deal:kh", "deal:qs", "call", "raise", "call", "deal:qh")),
        ("leduc()", ("deal:jh", "deal:ks", "raise", "raise", "call", "deal:js", "raise")),
    )

    @classmethod
    def from_params(cls, params: dict[str, str]) -> LeducGame:
        check_params(cls.name, params, _PARAMETERS)
        if params.get("players", "2") != "2":
            raise GameStringError(f"leduc is played by 2 players: players must be 2, not {params['players']!r}")
        return cls()

    def params(self) -> dict[str, object]:
        return {}

    def new_core_state(self) -> Any:
        return _core.LeducState()

    def replay_as_seen(self, seat: int, tokens: Iterable[str]) -> BaseState:
        """A state after `tokens` as `seat` saw them: its record names its own
        card and the public card, and writes the other seat's card `deal:?`.
        That card is a stand-in consistent with every card the record names, so
        the state's view for `seat` is exactly that seat's knowledge, and its
        view(seat).history() the record again; history() is the tokens as given
        (canonical), and `recorded` is false (the stand-in is no fact)."""
        check_seat(seat, self.players)
        return self._replay_with(tokens, lambda state, token: state.apply_as_seen(seat, token))

    def from_position(self, text: str) -> State:
        """The hand that `text` describes (docs/leduc.md, "Positions as text"), with no history.

        The core checks every fact against the rules and names the first
        impossible one (InconsistentPositionError) or malformed word
        (TokenSyntaxError).
        """
        return State(self, _core.LeducState.from_position(position_text(text)))

    def view_from_position(self, text: str, seat: int) -> View:
        """Seat `seat`'s view of the hand `text`, where the other seat's card, once dealt, is `?`."""
        check_seat(seat, self.players)
        return View(self, _core.LeducView.from_position(position_text(text), seat))

    def position_as_seen(self, pov: int, text: str) -> Any:
        """The engine's `position leduc() pov <seat> at <text>`: the hand as `pov` sees
        it, later moves its record (deal:? for the other seat's card)."""
        return StandInPosition(self, pov, self.view_from_position(text, pov))

    def render(self, data: dict[str, Any]) -> str:
        return render(data)

    def drawing(self, data: dict[str, Any], names: list[str], me: int) -> list[game_api.Zone]:
        """The public card and pot, each seat's card (the other's face down until a showdown) (drawing.py)."""
        return drawing(data, names, me)

    def words_to_token(self, text: str, data: dict[str, Any], names: list[str], me: int) -> str:
        """A move said in plain words ("Anna raises", "I check", "deal ks", "Bob gets a card") as a token."""
        return words_to_token(text, data, names, me)

    def narrate(self, before: dict[str, Any], token: str, after: dict[str, Any], names: list[str]) -> list[str]:
        """Who raised, called or folded and what is in the pot, the cards as the seat saw them dealt."""
        return narrate(before, token, after, names)

    def reason_in_words(self, reason: str) -> str:
        """The rules' reason in words: a card by its name ("qh is already dealt" -> "the queen of
        hearts is already dealt"), without the token of a card the record does not name ("(deal:?)")."""
        reason = reason.replace(" (deal:?)", "")
        named = _CARD_CODE.sub(lambda card: f"the {card_words(card[0])}", reason)
        return named[0].upper() + named[1:] if reason[:1].isupper() else named

    def shown_card(self, text: str, moves: Sequence[str], names: list[str], me: int) -> tuple[int, str] | None:
        """'Anna shows kh' at the showdown: the other seat's unseen card, named (words.py)."""
        return shown_card(text, moves, names, me)

    def hidden_move_picker(self, data: dict[str, Any], names: list[str], me: int) -> game_api.ChancePicker | None:
        """At a showdown, the other seat's card as it is shown (words.py)."""
        return showdown_picker(data, names, me)

    def chance_words(self, data: dict[str, Any], names: list[str], me: int) -> str:
        return next_chance_words(data, names, me)

    def decision_words(self, data: dict[str, Any]) -> str:
        return decision_words(data)

    def chance_picker(self, data: dict[str, Any], names: list[str], me: int) -> game_api.ChancePicker | None:
        """My card or the public card, tapped from the cards I have not seen (words.py)."""
        return next_chance_picker(data, names, me)

    def stage(self, data: dict[str, Any]) -> str:
        return "over" if data["to_move"] == "over" else f"betting round {data['round'] + 1}"
