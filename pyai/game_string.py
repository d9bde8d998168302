"""Game strings: ``forsale(players=4,theme=advisors,first=2)``.

A game is named like a function call with ``key=value`` parameters
(docs/games.md). This module only splits the text; each game
validates its own parameters.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from .errors import GameStringError

_NAME = re.compile(r"[a-z][a-z0-9_]*")
_MAX_LENGTH = 1000


def parse_game_string(text: str) -> tuple[str, dict[str, str]]:
    """Returns (game name, {parameter: value}) or raises GameStringError naming the problem."""
    if not isinstance(text, str):
        raise GameStringError(f"a game string must be a str, not {type(text).__name__}")
    if len(text) > _MAX_LENGTH:
        raise GameStringError(f"game string longer than {_MAX_LENGTH} characters")
    stripped = text.strip()
    if "(" not in stripped:
        name, body = stripped, None
    else:
        if not stripped.endswith(")"):
            raise GameStringError(f"game string {text!r} must end with ')'")
        name, body = stripped[:-1].split("(", 1)
    name = name.strip().lower()
    if not _NAME.fullmatch(name):
        raise GameStringError(f"game string {text!r} does not start with a game name")
    params: dict[str, str] = {}
    if body is not None and body.strip():
        for item in body.split(","):
            if "=" not in item:
                raise GameStringError(f"parameter {item.strip()!r} in {text!r} must be key=value")
            key, value = (part.strip() for part in item.split("=", 1))
            key = key.lower()  # values keep their case (a file path); a game lowers the ones that are names
            if not _NAME.fullmatch(key):
                raise GameStringError(f"bad parameter name {key!r} in {text!r}")
            if not value:
                raise GameStringError(f"parameter {key!r} in {text!r} has no value")
            if key in params:
                raise GameStringError(f"parameter {key!r} given twice in {text!r}")
            params[key] = value
    return name, params


def format_game_string(name: str, params: Mapping[str, object]) -> str:
    return f"{name}({','.join(f'{k}={v}' for k, v in params.items())})"
