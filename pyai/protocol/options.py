"""The engine's options: their UCI declarations, defaults and value checks.

`setoption name <name> value <v>` changes one (names are case-insensitive, as
in UCI); `uci` lists them as ``option name ... type ... default ...`` lines.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import _core
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
            if not digits.isascii() or not digits.isdigit() or len(digits) > 20:
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


OPTIONS: tuple[Option, ...] = (
    _spin_from_setting("Threads", "threads", 1),
    _spin_from_setting(
        "Iterations", "iterations", 20_000, "default budget of a go without one (0: none, then MoveTime must be set)"
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
        "ismcts",
        "ismcts (information-set MCTS) or pimc (determinised perfect-information UCT)",
        choices=("ismcts", "pimc"),
    ),
)

_BY_NAME = {option.name.lower(): option for option in OPTIONS}


def find_option(name: str) -> Option:
    option = _BY_NAME.get(name.strip().lower())
    if option is None:
        raise ProtocolError(
            UNKNOWN_OPTION, f"no option {quoted(name.strip())} (options: {', '.join(o.name for o in OPTIONS)})"
        )
    return option


class Settings:
    """The current option values, by canonical name."""

    def __init__(self) -> None:
        self.values: dict[str, int | bool | str] = {o.name: o.default for o in OPTIONS}

    def set(self, name: str, text: str | None) -> None:
        option = find_option(name)
        if text is None:
            raise ProtocolError(BAD_VALUE, f"setoption name {option.name} needs a value")
        self.values[option.name] = option.parse(text)

    def __getitem__(self, name: str) -> int | bool | str:
        return self.values[name]
