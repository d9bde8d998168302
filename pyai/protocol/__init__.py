"""The engine protocol of shared/PROTOCOL.md over stdin/stdout (`pyai engine`).

commands.py parses a line, engine.py carries out commands (one method each),
search_job.py runs a `go` in the background, stdio.py is the loop over the
streams, options.py declares the options, help.py the `help` text, and
setup.py with construct.py give positions described by what one seat knows.
"""

from __future__ import annotations

from .engine import Engine
from .errors import ProtocolError
from .stdio import main, serve

__all__ = ["Engine", "ProtocolError", "main", "serve"]
