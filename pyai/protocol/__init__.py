"""The engine protocol of docs/protocol.md over stdin/stdout (`pyai engine`).

commands.py parses a line, engine.py carries out commands (one method each,
and the queue of lines sent while a search runs), search_job.py runs a `go`
in the background, time_manager.py turns a clock into a move's time budget,
stdio.py is the loop over the streams, options.py declares the options,
help.py the `help` text, and
position.py keeps the position: from the game's start, from a position written
as text (the game's notation, read in the core), or from a game's own
description of what one seat knows (`setup`).
"""

from __future__ import annotations

from .engine import Engine
from .errors import ProtocolError
from .stdio import main, serve

__all__ = ["Engine", "ProtocolError", "main", "serve"]
