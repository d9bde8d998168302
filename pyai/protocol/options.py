"""The engine's options: their UCI declarations, defaults and value checks.

`setoption name <name> value <v>` changes one (names are case-insensitive, as
in UCI); `uci` lists them as ``option name ... type ... default ...`` lines.
Besides the engine's own options (Threads, Iterations, ...), every search
setting (csrc/search/settings.h) and every game's tree option is an option of
its own name (`prior_weight`, `max_raise`), `default` leaving it to the game.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import _core
from ..budgets import MOVE_ITERATIONS
from ..digits import is_whole_number
from ..games import GAMES
from .errors import BAD_VALUE, UNKNOWN_OPTION, ProtocolError, quoted

# The search's settings table (csrc/search/settings.h): the options that set a
# search setting take its range and meaning from it.
_SEARCH = {row["name"]: row for row in _core.search_settings()}
# The Objective option's value that leaves the objective to the game being searched.
GAME_OBJECTIVE = "game"


@dataclass(frozen=True)
class Option:
    name: str
    kind: str  # "spin", "check" or "combo" (UCI types)
    default: int | bool | str
    help: str
    low: int = 0
    high: int = 0
    choices: tuple[str, ...] = ()

    def uci_line(self) -> str:
        line = f"option name {self.name} type {self.kind} default {self.format(self.default)}"
        if self.kind == "spin":
            line += f" min {self.low} max {self.high}"
        for choice in self.choices:
            line += f" var {choice}"
        return line

    def format(self, value: int | bool | str) -> str:
        if self.kind == "check":
            return "true" if value else "false"
        return str(value)

    def parse(self, text: str) -> int | bool | str:
        """The value `text` names, or ProtocolError(bad-value) saying what is allowed."""
        text = text.strip()
        if self.kind == "spin":
            digits = text[1:] if text.startswith("-") else text
            if not is_whole_number(digits) or len(digits) > 20:
                raise ProtocolError(
                    BAD_VALUE, f"{self.name} must be a whole number {self.low}..{self.high}, not {quoted(text)}"
                )
            value = int(text)
            if not self.low <= value <= self.high:
                raise ProtocolError(BAD_VALUE, f"{self.name} must be {self.low}..{self.high}, not {value}")
            return value
        if self.kind == "check":
            lowered = text.lower()
            if lowered not in ("true", "false"):
                raise ProtocolError(BAD_VALUE, f"{self.name} must be true or false, not {quoted(text)}")
            return lowered == "true"
        lowered = text.lower()
        if lowered not in self.choices:
            raise ProtocolError(BAD_VALUE, f"{self.name} must be one of {', '.join(self.choices)}, not {quoted(text)}")
        return lowered


def _spin_from_setting(name: str, setting: str, default: int, help_text: str = "") -> Option:
    row = _SEARCH[setting]
    return Option(name, "spin", default, help_text or row["help"], int(row["low"]), int(row["high"]))


# The Algorithm option's value that leaves the search to the game (Leduc's is cfr, the others' ismcts).
GAME_ALGORITHM = "game"

OPTIONS: tuple[Option, ...] = (
    _spin_from_setting("Threads", "threads", 1),
    _spin_from_setting(
        "Iterations",
        "iterations",
        MOVE_ITERATIONS,
        "default budget of a go without one (0: none, then MoveTime must be set)",
    ),
    Option("MoveTime", "spin", 0, "default time budget of a go without one, in ms (0: none)", 0, 100_000_000),
    Option("Seed", "spin", 0, "seed of the search and of the draw of a mixed-policy bestmove", 0, 2**63 - 1),
    Option(
        "Objective",
        "combo",
        GAME_OBJECTIVE,
        _SEARCH["objective"]["help"] + f" ({GAME_OBJECTIVE}: the game's own default, see its search settings)",
        choices=(GAME_OBJECTIVE, *_SEARCH["objective"]["choices"]),
    ),
    Option("MultiPV", "spin", 3, "how many moves get an info action line, best first", 1, 1000),
    Option("ShowAll", "check", False, "an info action line for every legal move (overrides MultiPV)"),
    _spin_from_setting("Hash", "max_memory_mb", _SEARCH["max_memory_mb"]["default"]),
    Option(
        "Algorithm",
        "combo",
        GAME_ALGORITHM,
        f"{GAME_ALGORITHM} (the game's own), the search setting algorithm's choices ("
        + "; ".join(_SEARCH["algorithm"]["choices"])
        + "), or pimc (determinised perfect-information UCT)",
        choices=(GAME_ALGORITHM, *_SEARCH["algorithm"]["choices"], "pimc"),
    ),
)

# The search settings the options above already set (or a go parameter does).
_SET_BY_OPTIONS = ("iterations", "time_ms", "threads", "seed", "objective", "max_memory_mb", "algorithm", "pimc")
# Written for an option that leaves a setting to the game being searched.
GAME_DEFAULT = "default"


@dataclass(frozen=True)
class SettingOption(Option):
    """A search setting of the table (the shared ones, and every game's tree
    options) as an engine option: `setoption name prior_weight value 5`. A
    UCI string option whose default, `default`, leaves it to the game being
    searched; a value is checked against the setting's kind and range here."""

    setting: dict | None = None
    games: tuple[str, ...] = ()  # the games that have it (a tree option), or () for every game

    def parse(self, text: str) -> int | bool | str:
        row = self.setting
        assert row is not None
        text = text.strip()
        lowered = text.lower()
        if lowered == GAME_DEFAULT:
            return GAME_DEFAULT
        if row["accepts_none"] and lowered == "none":
            return lowered
        kind = row["kind"]
        if kind == "flag":
            if lowered not in ("true", "false"):
                raise ProtocolError(BAD_VALUE, f"{self.name} must be {self.values_text()}, not {quoted(text)}")
            return lowered
        if kind == "choice":
            if lowered not in row["choices"]:
                raise ProtocolError(BAD_VALUE, f"{self.name} must be {self.values_text()}, not {quoted(text)}")
            return lowered
        whole = kind == "count"
        try:
            value = int(text) if whole and is_whole_number(text) else float(text)
        except ValueError:
            value = None
        if value is None or value != value or (whole and not isinstance(value, int)):
            raise ProtocolError(BAD_VALUE, f"{self.name} must be {self.values_text()}, not {quoted(text)}")
        if not row["low"] <= value <= row["high"]:
            raise ProtocolError(BAD_VALUE, f"{self.name} must be {self.values_text()}, not {quoted(text)}")
        return text

    def values_text(self) -> str:
        """What the option takes, for messages and help: 'a number 0 to 100 or default'."""
        row = self.setting
        assert row is not None
        if row["kind"] == "flag":
            return f"true, false or {GAME_DEFAULT}"
        if row["kind"] == "choice":
            return f"{', '.join(row['choices'])} or {GAME_DEFAULT}"
        noun = "a whole number" if row["kind"] == "count" else "a number"
        extra = ", none" if row["accepts_none"] else ""
        return f"{noun} {_number(row['low'])} to {_number(row['high'])}{extra} or {GAME_DEFAULT}"

    def value(self, text: str) -> object:
        """The setting's value for Search (text as checked by parse)."""
        assert self.setting is not None
        kind = self.setting["kind"]
        if self.setting["accepts_none"] and text == "none":  # as parse reads it; a choice may be called "none"
            return None
        if kind == "flag":
            return text == "true"
        if kind == "choice":
            return text
        return int(text) if kind == "count" else float(text)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def _setting_options() -> tuple[SettingOption, ...]:
    """Every search setting no option above sets, and every game's tree options (once each)."""
    rows: dict[str, tuple[dict, list[str]]] = {}
    for row in _SEARCH.values():
        if row["name"] not in _SET_BY_OPTIONS:
            rows[row["name"]] = (row, [])
    for cls in GAMES.values():
        for row in cls.core_search.settings():
            if row["scope"] == "game":
                rows.setdefault(row["name"], (row, []))[1].append(cls.name)
    options = []
    for name, (row, games) in rows.items():
        where = f" ({', '.join(games)} only)" if games else ""
        help_text = f"{row['help']}{where}"
        options.append(SettingOption(name, "string", GAME_DEFAULT, help_text, setting=row, games=tuple(games)))
    return tuple(options)


SETTING_OPTIONS = _setting_options()
ALL_OPTIONS: tuple[Option, ...] = OPTIONS + SETTING_OPTIONS
_BY_NAME = {option.name.lower(): option for option in ALL_OPTIONS}


def lookup_option(name: str) -> Option | None:
    """The option of this name (case-insensitive), or None."""
    return _BY_NAME.get(name.strip().lower())


def find_option(name: str) -> Option:
    option = lookup_option(name)
    if option is None:
        raise ProtocolError(
            UNKNOWN_OPTION, f"no option {quoted(name.strip())} (options: {', '.join(o.name for o in ALL_OPTIONS)})"
        )
    return option


class Settings:
    """The current option values, by canonical name."""

    def __init__(self) -> None:
        self.values: dict[str, int | bool | str] = {o.name: o.default for o in ALL_OPTIONS}

    def set(self, name: str, text: str | None) -> None:
        option = find_option(name)
        if text is None:
            raise ProtocolError(BAD_VALUE, f"setoption name {option.name} needs a value")
        self.values[option.name] = option.parse(text)

    def __getitem__(self, name: str) -> int | bool | str:
        return self.values[name]

    def search_settings(self, game_name: str) -> tuple[dict[str, object], list[str]]:
        """The search settings the options set for a search of `game_name`, and
        the names of those set that the game does not have (left out)."""
        chosen: dict[str, object] = {}
        left_out = []
        for option in SETTING_OPTIONS:
            text = str(self.values[option.name])
            if text == GAME_DEFAULT:
                continue
            if option.games and game_name not in option.games:
                left_out.append(option.name)
                continue
            chosen[option.name] = option.value(text)
        return chosen, left_out
