"""Bot specs: how a tournament names its players.

    ismcts:iterations=2000        a built-in bot, pyai.make_bot("ismcts", iterations=2000)
    pimc:dets=16,iterations=500   settings are key=value, comma separated
    heuristic                     no settings
    cmd:/path/to/engine --flag    an external engine speaking the stdio protocol
    cmd+ponder:/path/to/engine    the same, thinking on the other seats' time
                                  (`go ponder` on the moves its bestmove expects)

A spec names a bot, not an instance: every seat it sits in gets its own
instance (its own seed; for `cmd:` its own process). Two specs with the same
name and settings, in any order, are the same bot.
"""

from __future__ import annotations

import os
import shlex
import shutil
from dataclasses import dataclass
from typing import Any

from ..bots import BOTS, check_bot, make_bot
from ..errors import PyaiError


class SpecError(PyaiError, ValueError):
    """A bot spec that names no bot we can build or start."""


@dataclass(frozen=True)
class BotSpec:
    """A parsed bot spec. `text` is canonical: equal bots have equal text."""

    text: str
    kind: str  # "builtin" or "cmd"
    name: str  # the built-in bot's name, or "cmd"
    settings: tuple[tuple[str, Any], ...] = ()
    argv: tuple[str, ...] = ()
    ponder: bool = False  # cmd+ponder: the referee lets it ponder

    @property
    def label(self) -> str:
        """A short name for tables: paths in a command shortened to their last part."""
        if self.kind != "cmd":
            return self.text
        prefix = "cmd+ponder:" if self.ponder else "cmd:"
        return prefix + " ".join(os.path.basename(arg) if "/" in arg else arg for arg in self.argv)

    def settings_dict(self) -> dict[str, Any]:
        return dict(self.settings)


def _value(text: str) -> Any:
    """A setting's value: an int, else a float, else true/false, else None (written `None`, as
    Python writes it: a setting's own "off", where its range allows it), else the text (a
    choice such as `none` included)."""
    for convert in (int, float):
        try:
            return convert(text)
        except ValueError:
            pass
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    if text == "None":
        return None
    return text


def _format_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "None" if value is None else str(value)


def parse_spec(text: str) -> BotSpec:
    """Parses `name[:key=value[,key=value...]]` or `cmd:<command line>`.

    Checks the syntax, and for a built-in bot that it exists and accepts its
    settings; for `cmd:` that the program is found. Raises SpecError.
    """
    if not isinstance(text, str) or not text.strip():
        raise SpecError("empty bot spec (expected name[:key=value,...] or cmd:<command line>)")
    text = text.strip()
    if text.startswith(("cmd:", "cmd+ponder:")):
        return _parse_command(text)
    name, colon, rest = text.partition(":")
    name = name.strip()
    if name not in BOTS:
        hint = "; an external engine is written cmd:<command line>" if "/" in text or " " in name else ""
        raise SpecError(f"bot spec {text!r}: unknown bot {name!r} (known: {', '.join(BOTS)}, cmd:...){hint}")
    settings: dict[str, Any] = {}
    if colon:
        for pair in rest.split(","):
            key, equals, value = (part.strip() for part in pair.partition("="))
            if not equals or not key or not value:
                raise SpecError(f"bot spec {text!r}: {pair.strip()!r} is not key=value")
            if key in settings:
                raise SpecError(f"bot spec {text!r}: setting {key!r} given twice")
            settings[key] = _value(value)
    _check_builtin(text, name, settings)
    ordered = tuple(sorted(settings.items()))
    canonical = name + (":" + ",".join(f"{k}={_format_value(v)}" for k, v in ordered) if ordered else "")
    return BotSpec(text=canonical, kind="builtin", name=name, settings=ordered)


def _check_builtin(text: str, name: str, settings: dict[str, Any]) -> None:
    """Builds the bot once, so that unknown settings fail now (values are checked per game: check_spec)."""
    try:
        make_bot(name, seed=0, **dict(settings))
    except (PyaiError, ValueError, TypeError) as error:
        raise SpecError(f"bot spec {text!r}: {error}") from None


def check_spec(spec: BotSpec, game: Any) -> None:
    """Raises SpecError now if a built-in bot cannot play `game` (a setting out of range, a setting
    the game does not have, a heuristic the game lacks)."""
    if spec.kind != "builtin":
        return
    try:
        check_bot(make_bot(spec.name, seed=0, **spec.settings_dict()), game)
    except (PyaiError, ValueError, TypeError) as error:
        raise SpecError(f"bot spec {spec.text!r}: {error}") from None


def _parse_command(text: str) -> BotSpec:
    prefix, _, command = text.partition(":")
    command = command.strip()
    ponders = prefix == "cmd+ponder"
    try:
        argv = shlex.split(command)
    except ValueError as error:
        raise SpecError(f"bot spec {text!r}: cannot split the command line: {error}") from None
    if not argv:
        raise SpecError(f"bot spec {text!r}: no command after {prefix}:")
    program = argv[0]
    if "/" in program:
        if not os.path.isfile(program):
            raise SpecError(f"bot spec {text!r}: no such program {program!r}")
        if not os.access(program, os.X_OK):
            raise SpecError(f"bot spec {text!r}: {program!r} is not executable")
    elif shutil.which(program) is None:
        raise SpecError(f"bot spec {text!r}: program {program!r} is not on PATH")
    return BotSpec(text=f"{prefix}:" + shlex.join(argv), kind="cmd", name="cmd", argv=tuple(argv), ponder=ponders)


def build_lineup(specs: list[BotSpec], players: int) -> list[BotSpec]:
    """The line-up for `players` seats: exactly the specs, or fewer specs repeated
    in order (A,B for 4 seats gives A,B,A,B; A,B,C gives A,B,C,A)."""
    if not specs:
        raise SpecError("a tournament needs at least one --bot")
    if len(specs) > players:
        raise SpecError(f"{len(specs)} bots for a {players}-player game: give at most {players} --bot")
    return [specs[seat % len(specs)] for seat in range(players)]
