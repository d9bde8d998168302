"""Where a test lives: a game's own tests are in its folder, tests/<game>/ for each
game the build registers (pyai.games.GAME_PACKAGES); tests/games/ is the suite
every game passes; the rest of tests/ tests the shared layers. So a module outside
those folders reaches a game as any user of the shared layers does, through its
game string (pyai.load_game), and never imports a game's package by name: one that
needs a game's own module belongs in that game's folder."""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

from pyai.games import GAME_PACKAGES

TESTS = Path(__file__).resolve().parent

# The shared-layer tests that read a game's own module, and why.
ALLOWED = {
    "test_game_files.py": "a game string names a file: Automania's shipped component file is the one copied",
    "test_protocol_bulk_fuzz.py": "positions as text are fuzzed from For Sale's and Automania's help examples",
}


def game_imports(source: str, games: Iterable[str]) -> list[str]:
    """The game packages (and their modules) that `source` imports by name."""
    games = set(games)
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules = [node.module]
            if node.module == "pyai":  # from pyai import forsale
                modules += [f"pyai.{alias.name}" for alias in node.names]
        else:
            continue
        for module in modules:
            parts = module.split(".")
            if len(parts) > 1 and parts[0] == "pyai" and parts[1] in games:
                found.append(module)
    return found


def shared_modules() -> list[Path]:
    """The Python files under tests/ outside every game's folder and tests/games/."""
    folders = [TESTS / game for game in GAME_PACKAGES] + [TESTS / "games"]
    return sorted(path for path in TESTS.rglob("*.py") if not any(folder in path.parents for folder in folders))


def test_no_shared_test_imports_a_game_package():
    offenders = {
        path.relative_to(TESTS).as_posix(): imports
        for path in shared_modules()
        if path.relative_to(TESTS).as_posix() not in ALLOWED
        and (imports := game_imports(path.read_text(), GAME_PACKAGES))
    }
    assert not offenders, f"move these to tests/<game>/, or reach the game through its game string: {offenders}"


def test_every_allowed_module_exists_and_still_imports_a_game():
    for name in ALLOWED:
        path = TESTS / name
        assert path in shared_modules(), name
        assert game_imports(path.read_text(), GAME_PACKAGES), f"{name} no longer imports a game: drop it from ALLOWED"


def test_the_check_finds_each_way_of_importing_a_game():
    games = ["forsale", "automania", "leduc"]
    for source in (
        "import pyai.forsale",
        "import pyai.leduc.game as leduc",
        "from pyai.automania.help import POSITION",
        "from pyai.forsale import help",
        "from pyai import json, leduc",
        "def f():\n    from pyai.automania import component_file\n",
    ):
        assert game_imports(source, games), source
    for source in ("import pyai", "from pyai.games import GAMES", "from pyai import load_game", "import forsale"):
        assert not game_imports(source, games), source
