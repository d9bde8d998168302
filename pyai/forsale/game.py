"""For Sale: Autorama as Python objects: a Game (the setup) and its States
and Views, on the shared game objects (pyai/game_objects.py).

The rules, tokens and information live in the C++ core (csrc/forsale); this
module adds what is For Sale's own: the theme's names, partial knowledge of
an opponent's cash or hand, score breakdowns, and the protocol's position
set-up.
"""

from __future__ import annotations

from typing import Any, cast

from .. import _core, game_api
from ..arguments import check_seat
from ..errors import ArgumentError, GameStringError
from ..game_objects import (
    BaseGame,
    BaseState,
    BaseView,
    SecretChoice,
    check_params,
    check_token_text,
    position_text,
    whole_number_param,
)
from .drawing import drawing
from .help import PROTOCOL_HELP
from .narration import narrate, phase_number
from .render import render
from .themes import CLASSIC, THEMES, Theme
from .words import (
    TABLE_WORDS,
    decision_words,
    next_chance_picker,
    next_chance_words,
    reason_in_words,
    words_help,
    words_to_token,
)

_PARAMETERS = ("players", "theme", "first", "edition")
EDITIONS = ("autorama", "classic")


class State(BaseState):
    """A For Sale game state with the tokens that led to it."""

    __slots__ = ()

    def position(self) -> str:
        """The position as one line of text (docs/forsale.md, "Positions as text").

        `game.from_position(state.position())` gives this state back, without
        its history.
        """
        return self._core.position()

    def score_breakdown(self) -> list[dict[str, int]]:
        """Per seat: checks, cash, modifiers (Controllers/Restoration), financial, total."""
        return self._core.score_breakdown()


class View(BaseView):
    """One seat's view of a For Sale state.

    A person at a real table may know less than perfect recall gives: the
    ``forget_*`` methods mark an opponent's cash (or all but a range of it) or
    hand as unknown; `determinize` and the search then sample every unknown
    consistently with everything still known (card counts, cards seen
    elsewhere). A state sampled from such a partial view has no record.
    """

    game: ForSaleGame

    def forget_cash(self, seat: int, low: int | None = None, high: int | None = None) -> View:
        """`seat`'s cash becomes unknown, known only to lie in [low, high].

        Defaults: low = its standing bid (0 without one); high = the most a
        seat can have: starting cash + 24 in Autorama (3 Consultants, 3 Sales
        Directors, 3 General Managers), the starting coins in the classic
        edition. Returns the view, changed in place.
        """
        check_seat(seat, self.game.players)
        if low is None:
            low = self._core.to_dict()["seats"][seat]["bid"]
        if high is None:
            high = self.game.most_cash
        for name, value in (("low", low), ("high", high)):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 1000:
                raise ArgumentError(f"{name} must be a whole number 0 to 1000, not {value!r}")
        self._core.forget_cash(seat, low, high)
        return self

    def forget_money(self, seat: int, low: int | None = None, high: int | None = None) -> View:
        """The game's money is its cash: forget_cash."""
        return self.forget_cash(seat, low, high)

    def position(self) -> str:
        """The position as this seat sees it, as text: what it does not know as `?` and ranges."""
        return self._core.position()

    def apply(self, token: str) -> str:
        """A move or deal as this seat sees it happen; returns the canonical token.

        What the move shows is learnt: an advisor played or a vehicle sold
        from a hand the view does not know becomes known; a bid shows that
        the bidder's cash is at least the bid, and payments shift a cash
        range. A Consultant's fee from a seat whose cash is unknown is taken
        as paid when its range allows it. All or nothing: the view is
        unchanged when the token is refused.
        """
        check_token_text(token)
        return self._core.apply_seen(token)

    def knows_cash(self, seat: int) -> bool:
        return self._core.knows_cash(check_seat(seat, self.game.players))

    def knows_hand(self, seat: int, hand: str) -> bool:
        """Whether the view knows every card of `seat`'s hand ("advisors" or "vehicles")."""
        return self._core.knows_hand(check_seat(seat, self.game.players), hand)

    def forget_advisors(self, seat: int) -> View:
        """The advisors in `seat`'s hand become unknown (only their number is known)."""
        self._core.forget_hand(check_seat(seat, self.game.players), "advisors")
        return self

    def forget_vehicles(self, seat: int) -> View:
        """The vehicles in `seat`'s hand become unknown (only their number is known)."""
        self._core.forget_hand(check_seat(seat, self.game.players), "vehicles")
        return self


class ForSaleGame(BaseGame):
    """The setup of one For Sale game: players 3-6, edition, theme, first player.

    edition=autorama (default): For Sale: Autorama, with theme=autorama or
    advisors (For Sale: Advisors, names only). edition=classic: the base game,
    properties auctioned then sold for checks, named property/check/coins.
    """

    name = "forsale"
    state_class = State
    view_class = View
    core_search = _core.ForSaleSearch
    # The pimc baseline stays as it was measured: the bid cap of +3, no opponent
    # model, and rollouts that sell as the heuristic does.
    BOT_DEFAULTS = {"pimc": {"max_raise": 3, "opponent_model": "none", "rollout_sell_later_weight": None}}
    PROTOCOL_HELP = PROTOCOL_HELP
    MONEY_FIELD = "cash"
    TABLE_WORDS = TABLE_WORDS
    WORDS_FIRST = "'{0} bids 4', 'I pass', 'I sell 12'"
    SECRET_CHOICE = SecretChoice(noun="sell", plural="sells", verb="sells", mine="I sell")
    EXAMPLE_GAMES = (
        "forsale(players=3)",
        "forsale(players=4)",
        "forsale(players=5,theme=advisors,first=2)",
        "forsale(players=6)",
        "forsale(players=4,edition=classic)",
    )
    # `pyai bench`: its position (the first bid after a fixed removal and deal)
    # and the positions of its deterministic search signature.
    BENCH_GAME = "forsale(players=4)"
    BENCH_TOKENS = ("removed:8,21/5,17/0,9", "deal:3,6,23,24")
    SIGNATURE_POSITIONS = (
        ("forsale(players=4)", ("removed:8,21/5,17/0,9", "deal:3,6,23,24")),
        ("forsale(players=3)", ("deal:2,11,14",)),
        ("forsale(players=5,edition=classic)", ("deal:4,9,17,22,30", "bid:2")),
        ("forsale(players=6)", ("deal:1,5,9,13,17,21", "pass", "bid:1")),
    )

    def __init__(self, players: int = 4, theme: str | None = None, first: int = 0, edition: str = "autorama"):
        if edition not in EDITIONS:
            raise GameStringError(f"edition must be one of {', '.join(EDITIONS)}, not {edition!r}")
        if edition == "classic" and theme not in (None, "classic"):
            raise GameStringError("a theme applies to the autorama edition only (classic names are its own)")
        if edition == "autorama" and theme is not None and theme not in THEMES:
            raise GameStringError(f"theme must be one of {', '.join(THEMES)}, not {theme!r}")
        for name, value in (("players", players), ("first", first)):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 1000:
                raise GameStringError(f"{name} must be a whole number, not {value!r}")
        _core.ForSaleState(players, first, edition == "classic")  # validates players and first clearly
        self.players = players
        self.edition = edition
        self.theme: Theme = CLASSIC if edition == "classic" else THEMES[theme or "autorama"]
        self.first = first
        self.WORDS_HELP = words_help(self.theme, players)  # in the theme's names
        self.MONEY_SAID = self.theme.cash

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
        check_params(cls.name, params, _PARAMETERS)
        kwargs: dict[str, Any] = {}
        if "players" in params:
            kwargs["players"] = whole_number_param("players", params["players"], 3, 6)
        if "first" in params:
            kwargs["first"] = whole_number_param("first", params["first"], 0, 5)
        for key in ("theme", "edition"):
            if key in params:
                kwargs[key] = params[key].lower()
        return cls(**kwargs)

    def params(self) -> dict[str, object]:
        params: dict[str, object] = {"players": self.players}
        if self.classic:
            params["edition"] = "classic"
        elif self.theme.key != "autorama":
            params["theme"] = self.theme.key
        if self.first:
            params["first"] = self.first
        return params

    def new_core_state(self) -> Any:
        return _core.ForSaleState(self.players, self.first, self.classic)

    def from_position(self, text: str) -> State:
        """The state that `text` describes (docs/forsale.md, "Positions as text"), with no history.

        The core checks every fact against the rules and names the first
        impossible one (InconsistentPositionError) or malformed word
        (TokenSyntaxError).
        """
        return State(
            self, _core.ForSaleState.from_position(position_text(text), self.players, self.first, self.classic)
        )

    def render(self, data: dict[str, Any]) -> str:
        return render(data, self.theme)

    def drawing(self, data: dict[str, Any], names: list[str], me: int) -> list[game_api.Zone]:
        """The cards turned up, and each seat's cash, bid and cards, in the theme's names (drawing.py)."""
        return drawing(data, names, self.theme, me)

    def words_to_token(self, text: str, data: dict[str, Any], names: list[str], me: int) -> str:
        """A move said in plain words ("Anna bids 4", "I pass", "deal 3 12 19 27") as a token (words.py)."""
        return words_to_token(text, data, names, me, self.theme)

    def reason_in_words(self, reason: str) -> str:
        """The rules' reason for refusing a step said in words: no token forms, the theme's names (words.py)."""
        return reason_in_words(reason, self.theme)

    def narrate(self, before: dict[str, Any], token: str, after: dict[str, Any], names: list[str]) -> list[str]:
        """Who bid what, who took which card, the sells revealed, in the theme's words."""
        return narrate(self.theme, before, token, after, names)

    def secret_choice_words(self, token: str) -> str:
        """A sell as the reveal line says it, and words.py reads it back: sell:20 -> "20",
        sell:20,28@19 -> "20 and 28 with the 19 Lawyer" (the theme's Lawyer)."""
        vehicles, _, lawyer = token.partition(":")[2].partition("@")
        said = " and ".join(vehicles.split(","))
        return f"{said} with the {lawyer} {self.theme.lawyer}" if lawyer else said

    def chance_words(self, data: dict[str, Any], names: list[str], me: int) -> str:
        return next_chance_words(data, self.theme)

    def decision_words(self, data: dict[str, Any]) -> str:
        return decision_words(data, self.theme)

    def chance_picker(self, data: dict[str, Any], names: list[str], me: int) -> game_api.ChancePicker | None:
        """The cards turned up next, tapped from the unseen cards of their deck (words.py)."""
        return next_chance_picker(data, self.theme)

    def stage(self, data: dict[str, Any]) -> str:
        if data["phase"] == "setup":  # the cards set aside, before the first deal
            return "setup"
        if data["phase"] not in ("auction", "buying", "selling"):
            return "over"
        return f"phase {phase_number(data)} round {data['round'] + 1}"

    def final_summary(self, state: game_api.State, names: list[str]) -> list[str]:
        """Each seat's money with its parts in the theme's words, then the winners."""
        theme = self.theme
        lines = []
        for seat, (score, parts) in enumerate(zip(state.scores(), cast(State, state).score_breakdown())):
            details = f"{theme.checks} {parts['checks']}, {theme.cash} {parts['cash']}"
            if not self.classic:  # the advisors that add to the score, by the theme's names
                modifiers = f"{theme.abilities[3]}s and {theme.abilities[7]}s"  # Controllers, Restoration Specialists
                details += f", {modifiers} {parts['modifiers']}, {theme.abilities[8]}s {parts['financial']}"
            lines.append(f"seat {seat} ({names[seat]}): {score}  ({details})")
        return lines + super().final_summary(state, names)[-1:]

    def view_from_position(self, text: str, seat: int) -> View:
        """Seat `seat`'s view of the position `text` (docs/forsale.md, "Positions as
        text"), where another seat's cash may be `?` or a range, a hand `?` or
        its known cards then `?`, and a sell chosen but not shown `?`."""
        check_seat(seat, self.players)
        core = _core.ForSaleView.from_position(position_text(text), seat, self.players, self.first, self.classic)
        return View(self, core)

    def parse_setup(self, pov: int, words: list[str]) -> Any:
        """For Sale has no `setup` description: a position known in part is written as text."""
        raise ArgumentError(
            "For Sale describes a position as text: position <game> pov <seat> at <position>, with ? and LO..HI "
            "for what the seat does not know (help position)"
        )

    def position_as_seen(self, pov: int, text: str) -> Any:
        """The engine's `position ... pov <seat> at <text>`: the position as `pov`
        sees it, and the moves it sees next (seen_position.py)."""
        from .seen_position import SeenPosition

        return SeenPosition(self, pov, self.view_from_position(text, pov))
