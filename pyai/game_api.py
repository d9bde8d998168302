"""The game contract: everything a game offers the shared layers, and all they use.

Analysis, bots, tournaments, the protocol, the CLI, the bench and the
advise/play/review front-ends reach a game only through these Protocols
(tests/test_boundary.py holds them to it, and mypy checks every use and
every registered game against them). A game lives in ``pyai/<name>/``; its
classes derive from the shared implementations in ``pyai/game_objects.py``,
which give most of this surface once, and it registers its Game class with
``pyai.games.register`` (typed ``type[Game]``, so a game that lacks a member
or gives it another shape fails the type check).

Members marked *optional hook* have a default in the shared base classes
that is right for a game without the feature; a game overrides them to offer
it. Everything else a game must give (the base classes give most of it from
the game's C++ binding).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, runtime_checkable

# What a person calls the seat they play, at the head of a line said in a game's
# words ("I pass", "me row 1"). "you" too: the engine tells that seat's moves as
# "you bid 3", and a line copied from the advice must read back as what it says.
OWN_SEAT_WORDS = ("i", "me", "my", "you")
# "I" as people contract it before a move ("I'll pass", "I'm raising"): the advised seat too.
OWN_SEAT_CONTRACTIONS = ("i'll", "i'm", "i've")
# Negations typed without their apostrophe ("Bob doesnt raise"): read as the words they are.
NEGATIONS_UNMARKED = ("doesnt", "dont", "didnt", "wont")
# A game's text picture names the game first ("For Sale: Autorama, 4 players: phase 1 ...").
TITLE_LINE = re.compile(r"(.+?, \d+ players)\b")


def contracts_i(word: str) -> bool:
    """Whether `word` (lower case) is "I" contracted, with either apostrophe ("i'll", "i\u2019m")."""
    return word.replace("\u2019", "'") in OWN_SEAT_CONTRACTIONS


def whose(seat: int, names: list[str], me: int, noun: bool = False) -> str:
    """A seat's possessive as the companion says it: "Ann's", and for the advised seat `me`
    "yours" ("not yours"), or "your" before a noun (`noun`: "your turn")."""
    if seat == me:
        return "your" if noun else "yours"
    return f"{names[seat]}'s"


def seats_told(names: list[str], me: int | None) -> list[str]:
    """Every seat as a step is told to the person at seat `me`: by its name, theirs as "you"
    (`me` None: each by its name)."""
    return ["you" if seat == me else name for seat, name in enumerate(names)]


# Names for the other seats where words are shown with no table ("Bob bids 4"): a game's list.
EXAMPLE_NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Flo")


def said_at_table(examples: str, names: Sequence[str], me: int) -> str:
    """`examples` (a game's WORDS_HELP or WORDS_FIRST) with {0}, {1}, ... named as the seats
    after `me` at a table of `names`, in turn order; where fewer seats follow than a text names,
    they are named again from the first ({1} is {0} in a game of two)."""
    others = [names[(me + step) % len(names)] for step in range(1, len(names))] or ["Bob"]
    return examples.format(*(others * len(EXAMPLE_NAMES)))


def title(game: Game) -> str:
    """The game as people name it, as its own text picture names it first ("For Sale:
    Autorama, 4 players", "Leduc poker, 2 players"); its game string when the picture names none."""
    first_line = game.render(game.new_initial_state().to_dict()).partition("\n")[0]
    named = TITLE_LINE.match(first_line)
    return named[1] if named else str(game)


@dataclass(frozen=True)
class SecretChoice:
    """How people at a table speak of a game's secret choices, made by several seats
    at once and revealed together (For Sale's sells): `pyai advise` takes yours when
    you make it and the others' in one line once revealed ("sells revealed: Anna 12, ...")."""

    noun: str = "choice"  # "your choice is told already"
    plural: str = "choices"  # "choices revealed: ...", the reveal line's first word
    verb: str = "chooses"  # "Anna chooses 12": what the game's words read
    mine: str = "I choose"  # "I choose 12": yours
    examples: tuple[str, ...] = ("12", "20", "5", "27", "9", "16")  # one per seat, for the messages


@dataclass(frozen=True)
class ChanceOption:
    """One thing a chance step may deal, as a person at the table taps it."""

    word: str  # what the step's line says for it ("12", "ks", "Bob", "speed 1 star")
    label: str = ""  # what a button shows ("" : the word)
    copies: int = 1  # how many times one step may deal it (identical tiles, repeated demands)


@dataclass(frozen=True)
class ChancePicker:
    """A chance step the seat sees dealt, as taps: `count` picks from `options`, said as
    one line `start` + the picks joined by `separator` (split into `groups` of those sizes,
    joined by `group_separator`, when given). count 0: the step needs no pick (another
    seat's unseen card) and its line is `start` alone. `ordered`: the order of the picks
    is part of what is dealt (the player order, tiles by their places). `group_names`
    name the groups as the table does ("North America", "row 1"), and `place_names` each
    pick's place in tapping order ("4 stars", "column 2"): a person sees which place the
    next tap fills (empty: numbered, or unnamed). The companion checks the line as if
    typed: the picker only saves the typing."""

    what: str  # "the 4 advisors turned up"
    start: str  # the line's first words: "deal", "order", "I get", or the whole line when count is 0
    count: int = 0
    options: tuple[ChanceOption, ...] = ()
    ordered: bool = False
    separator: str = " "
    groups: tuple[int, ...] = ()
    group_separator: str = " / "
    group_names: tuple[str, ...] = ()
    place_names: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.group_names and len(self.group_names) != len(self.groups):
            raise ValueError(f"{len(self.group_names)} group names for {len(self.groups)} groups")
        if self.place_names and len(self.place_names) != self.count:
            raise ValueError(f"{len(self.place_names)} place names for {self.count} picks")

    def line(self, picks: Sequence[str]) -> str:
        """The step's line for `picks` (words of options, in the order tapped)."""
        if not self.groups:
            return " ".join(part for part in (self.start, self.separator.join(picks)) if part)
        parts, at = [], 0
        for size in self.groups:
            parts.append(self.separator.join(picks[at : at + size]))
            at += size
        return f"{self.start} {self.group_separator.join(parts)}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "what": self.what,
            "start": self.start,
            "count": self.count,
            "options": [{"word": o.word, "label": o.label or o.word, "copies": o.copies} for o in self.options],
            "ordered": self.ordered,
            "separator": self.separator,
            "groups": list(self.groups),
            "group_separator": self.group_separator,
            "group_names": list(self.group_names),
            "place_names": list(self.place_names),
        }


@dataclass(frozen=True)
class Card:
    """A card, tile or token as a picture of the table draws it."""

    face: str  # the big text: "14", "K\u2660", "speed"
    note: str = ""  # the small text under it: "Fleet Manager", "1 star", "$3"
    hidden: bool = False  # face down: there, but not what the seat can see
    kind: str = ""  # what sort of thing (a game's own word: "advisor", "check", "tile"): its colour


@dataclass(frozen=True)
class Zone:
    """A place on the table: the middle, a market, a seat's area."""

    title: str  # "table", "Anna", "North America"
    cards: tuple[Card, ...] = ()
    facts: tuple[str, ...] = ()  # short lines: "cash 12", "cash ?", "bid 3", "passed", "4 VP"
    seat: int | None = None  # whose area this is (None: shared)

    def to_dict(self) -> dict[str, Any]:
        cards = [{"face": c.face, "note": c.note, "hidden": c.hidden, "kind": c.kind} for c in self.cards]
        return {"title": self.title, "cards": cards, "facts": list(self.facts), "seat": self.seat}


@runtime_checkable
class View(Protocol):
    """What one seat knows of a state (possibly less, at a real table)."""

    @property
    def game(self) -> Game: ...

    @property
    def core(self) -> Any:
        """The binding's view object: what a search runs on (pyai.analysis)."""

    @property
    def seat(self) -> int: ...

    @property
    def partial(self) -> bool:
        """Whether anything was forgotten (forget_money, or a game's own ``forget_*``)."""

    def history(self) -> list[str]:
        """The record as this seat saw it: what to send an engine playing this seat."""

    def determinize(self, seed: int) -> State:
        """A full state consistent with this view, every hidden part sampled."""

    def legal_moves(self) -> list[str]:
        """This seat's legal moves (PhaseError if it has no decision now)."""

    def clone(self) -> View: ...

    def forget_money(self, seat: int, low: int | None = None, high: int | None = None) -> View:
        """Optional hook: `seat`'s money becomes unknown, known only to lie in [low, high]
        (defaults: what the rules allow); changes this view and returns it. PhaseError
        for a game without money a player can lose track of."""

    def position(self) -> str:
        """Optional hook: this view as text, unknowns written as such (games with a
        notation; ArgumentError otherwise)."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe plain data: what render, narrate, stage and the words hooks read."""


@runtime_checkable
class State(Protocol):
    """A game state with the tokens that led to it."""

    @property
    def game(self) -> Game: ...

    @property
    def core(self) -> Any:
        """The binding's state object (the bench times it; bots ask it for the heuristic's move)."""

    def to_move(self) -> int | str:
        """The seat to act, ``"chance"`` or ``"over"``."""

    def legal_moves(self) -> list[str]: ...

    def legal_moves_for(self, seat: int) -> list[str]:
        """The moves of `seat` now (also in a simultaneous step); PhaseError if it has none."""

    def may_act(self, seat: int) -> bool: ...

    def legal_summary(self) -> str:
        """What may be played now, in words (at a chance step: the form of its token; "" at the end)."""

    def apply(self, token: str) -> str:
        """Applies a move or chance token, returns its canonical form; IllegalMoveError leaves the state unchanged."""

    def apply_as_seen(self, seat: int, token: str) -> str:
        """Optional hook: applies `token` as `seat` saw it, in a game whose seat records
        hide facts (``deal:?`` for another seat's card); returns the canonical token.
        The default, for a game whose records name every fact: apply."""

    def sample_chance(self, seed: int) -> str:
        """A random legal token for this chance step (not applied)."""

    def is_terminal(self) -> bool: ...

    def scores(self) -> list[int]:
        """Each seat's final score in the game's own units (PhaseError before the end)."""

    def winners(self) -> list[int]: ...

    def ranks(self) -> list[float]:
        """Per seat, 1 = best, by the game's scoring and tie-breaks; tied seats share the mean place."""

    def history(self) -> list[str]: ...

    def clone(self) -> State: ...

    def view(self, seat: int) -> View: ...

    def determinize(self, seat: int, seed: int) -> State: ...

    def same_view(self, other: State, seat: int) -> bool: ...

    def to_dict(self) -> dict[str, Any]: ...

    def position(self) -> str:
        """Optional hook: this position as text, read back by Game.from_position (games
        with a notation; ArgumentError otherwise)."""


class SeenPosition(Protocol):
    """What one seat knows of a position, as the engine's `position` command was told it:
    a position written as text seen by the pov seat (Game.position_as_seen) or a game's
    own description of that seat's facts (Game.parse_setup). Immutable."""

    keyword: str  # how `position` introduces it: "at" or "setup"

    @property
    def words(self) -> tuple[str, ...]:
        """The description, as `position ... <keyword>` gives it back."""

    def base_state(self) -> State:
        """A state whose view for the pov seat is exactly the described knowledge."""

    def replay(self, moves: Sequence[str], tokens: Sequence[str]) -> tuple[SeenPosition, State, list[str]]:
        """The moves already accepted, then `tokens`, as the pov seat saw them: the
        (possibly updated) description, the state after them and the canonical tokens.
        IllegalMoveError names the first bad token and its index in `tokens`."""

    def view(self, state: State) -> View:
        """The pov seat's view of a state this description led to."""

    def check_known_mover(self, state: State, mover: int) -> None:
        """PhaseError when `mover`'s legal moves depend on what the pov seat does not know."""

    def check_known_scores(self, state: State) -> None:
        """PhaseError when the result depends on what the pov seat does not know."""


class Game(Protocol):
    """The setup of one game: its name, parameters and seats."""

    name: ClassVar[str]
    players: int
    core_search: ClassVar[Any]  # the binding's Search class: a search over this game's views
    PROTOCOL_HELP: ClassVar[dict[str, str]]  # the engine's `help` topics this game adds ("games", "tokens", ...)

    # Read-only constants of the game, given as class attributes.
    @property
    def WORDS_HELP(self) -> str:
        """Examples of the plain words words_to_token reads ("" for a game that takes tokens only),
        where {0}, {1}, ... stand for the other seats at the table, as said_at_table names them."""

    @property
    def WORDS_FIRST(self) -> str:
        """Two or three of WORDS_HELP's examples, the commonest steps ("'{0} raises', 'I call'"), where
        {0} and {1} stand for the other seats at the table, named as the companion is told them."""

    @property
    def TABLE_WORDS(self) -> tuple[str, ...]:
        """The words, lower case, that open a line of the table's own (a deal): no seat's name."""

    @property
    def MONEY_FIELD(self) -> str:
        """The position field of the money a player at a real table may lose track of ("": none)."""

    @property
    def MONEY_SAID(self) -> str:
        """What the table calls that money ("coins"), where not MONEY_FIELD ("": MONEY_FIELD)."""

    @property
    def SECRET_CHOICE(self) -> SecretChoice:
        """How the game's secret simultaneous choices are spoken of."""

    @property
    def SCORE_UNIT(self) -> str:
        """What a score counts, as the advice names it ("chips", "VP"; "": just "score")."""

    @property
    def EXAMPLE_GAMES(self) -> tuple[str, ...]:
        """Game strings that show the game's range: the shared game suite runs each."""

    @property
    def BENCH_GAME(self) -> str:
        """`pyai bench`: the game string its bench position (BENCH_TOKENS) was written for."""

    @property
    def BENCH_TOKENS(self) -> tuple[str, ...]: ...

    @property
    def SIGNATURE_POSITIONS(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """`pyai bench`: (game string, tokens) of the positions its search signature hashes."""

    # Game string parameters that name a file the game reads (load_game checks them).
    FILE_PARAMETERS: ClassVar[tuple[str, ...]]

    # --- identity
    @classmethod
    def from_params(cls, params: dict[str, str]) -> Game:
        """The game from a game string's parameters; GameStringError names a bad one."""

    def params(self) -> dict[str, object]:
        """The game string's parameters (defaults may be left out)."""

    # --- states
    def new_core_state(self) -> Any:
        """A fresh state of the binding (a search's scratch state)."""

    def new_initial_state(self) -> State: ...

    def bench_state(self) -> State:
        """The bench position: the first decision of a fixed deal."""

    def replay(self, tokens: Iterable[str]) -> State:
        """A state after `tokens` from the start; the error names the first bad token and its index."""

    def replay_as_seen(self, seat: int, tokens: Iterable[str]) -> State:
        """A state consistent with `tokens` as `seat` saw them (its view's history):
        the state's view for `seat` is exactly that seat's knowledge; facts the seat
        did not see are stand-ins."""

    def from_position(self, text: str) -> State:
        """Optional hook: a position written as text, as a state with no history
        (games with a notation; ArgumentError otherwise)."""

    def view_from_position(self, text: str, seat: int) -> View:
        """Optional hook: seat `seat`'s view of a position written as text, unknowns and all."""

    def position_as_seen(self, pov: int, text: str) -> SeenPosition:
        """Optional hook: the protocol's `position ... pov <seat> at <text>` (games with a notation)."""

    def parse_setup(self, pov: int, words: list[str]) -> SeenPosition:
        """Optional hook: the protocol's `position ... setup <words>` (ArgumentError for a game without)."""

    # --- search and bots
    def search_settings(self) -> list[dict[str, Any]]:
        """Every search setting for this game (shared ones and the game's own tree options)."""

    def search_defaults(self) -> dict[str, Any]:
        """Each search setting's default for this game."""

    def bot_defaults(self, bot: str) -> dict[str, Any]:
        """Settings a built-in bot uses on this game unless told otherwise."""

    @property
    def has_heuristic(self) -> bool:
        """Whether the game has a hand-written player (the heuristic bot and rollouts)."""

    def check_known_mover(self, view: View, mover: int) -> None:
        """Optional hook: PhaseError when `mover`'s legal moves depend on what `view` hides."""

    # --- words and pictures
    def render(self, data: dict[str, Any]) -> str:
        """A readable picture of a state's or view's to_dict()."""

    def final_summary(self, state: State, names: list[str]) -> list[str]:
        """Optional hook: lines that close a finished game's account (`pyai play`)."""

    def narrate(self, before: dict[str, Any], token: str, after: dict[str, Any], names: list[str]) -> list[str]:
        """Optional hook: what one step did, in words, from one seat's views before and after it."""

    def words_to_token(self, text: str, data: dict[str, Any], names: list[str], me: int) -> str:
        """Optional hook: the token a person's words say ("Anna bids 3", "I pass") in a view's
        to_dict(), seats by `names`, `me` the person's; TokenSyntaxError names what is wrong."""

    def reason_in_words(self, reason: str) -> str:
        """Optional hook: the rules' reason for refusing a step said in words, without the
        tokens and ids a person who speaks in words never used (the reason as it is by default)."""

    def chance_words(self, data: dict[str, Any], names: list[str], me: int) -> str:
        """Optional hook: what chance deals next and how to say it ("" when the game has no words)."""

    def words_help_topics(self) -> dict[str, str]:
        """Optional hook: `pyai advise`'s `help <topic>`, beyond its general help: each topic the
        game's words offer and its text (Automania's "contracts": every card with its number)."""

    def decision_words(self, data: dict[str, Any]) -> str:
        """Optional hook: what the seat to move in a view's to_dict() is to do, in a few words
        after "to" ("take a tile from row 1", "bid more than 4 or pass"); "" when the game does not say."""

    def drawing(self, data: dict[str, Any], names: list[str], me: int) -> list[Zone]:
        """Optional hook: a view's to_dict() as a picture: the table's zones, seats by `names`,
        `me` the seat whose view it is; what that seat cannot see is drawn hidden. [] (the
        default): the page shows the game's text picture only."""

    def secret_choice_words(self, token: str) -> str:
        """Optional hook: a secret choice's token as a person says it after the seat's name in
        the reveal line ("sells revealed: Anna 20 28 with 5"): the token itself by default."""

    def chance_picker(self, data: dict[str, Any], names: list[str], me: int) -> ChancePicker | None:
        """Optional hook: the chance step next in a view's to_dict() as taps (`pyai serve`'s
        buttons), from what seat `me` could know (what is still unseen); None when the game
        offers none or chance is not next (the step is then said in words)."""

    def hidden_move_picker(self, data: dict[str, Any], names: list[str], me: int) -> ChancePicker | None:
        """Optional hook: another seat's step whose moves seat `me` cannot list (they hang on what
        that seat hides, and `check_known_mover` says so), as taps of what the table may see it do,
        said as one line; once the game is over, a hidden card the table is shown (said as
        `shown_card` reads it); None: said in words."""

    def shown_card(self, text: str, moves: Sequence[str], names: list[str], me: int) -> tuple[int, str] | None:
        """Optional hook: a hidden card shown at the table once the game is over ("Anna shows
        kh", at Leduc's showdown), as the index in `moves` (the record as seat `me` saw it) of
        the deal it reveals and that deal's token; None when `text` says no such thing
        (TokenSyntaxError when it says one wrongly)."""

    def stage(self, data: dict[str, Any]) -> str:
        """Optional hook: where in the game a view is, in a few words ("" for a game without stages)."""

    # --- benchmarks
    def random_playouts(self, games: int, seed: int = 0) -> dict[str, Any]:
        """Uniformly random games from the start in C++: games, steps, score_sum and seconds."""

    def heuristic_playouts(self, games: int, seed: int = 0) -> dict[str, Any] | None:
        """The same with every seat on the heuristic player (None for a game without one)."""
