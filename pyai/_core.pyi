# The C++ core's module (bindings/), for the type checker: the bindings carry no
# types of their own, so every name is Any; the game contract (pyai/game_api.py)
# is where the shared layers' types are declared.
from typing import Any

GAMES: tuple[str, ...]
NODE_BYTES: int

def __getattr__(name: str) -> Any: ...
