"""The engine names no game: the shared C++ (search, core, the module's shared
bindings, the C++ tests' shared parts: check.h and the search stress driver)
and the shared Python (everything outside a game's package) never name
or import a game, and the games are registered in one list (CMakeLists.txt's
PYAI_GAMES), from which the module binds them and Python imports them."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pyai
from pyai import _core

ROOT = Path(__file__).resolve().parents[1]
GAMES = tuple(pyai.GAMES)


def shared_cpp() -> list[Path]:
    files = [
        *(ROOT / "csrc" / "search").glob("*"),
        *(ROOT / "csrc" / "core").glob("*"),
        ROOT / "bindings" / "module.cpp",
        # Each game's C++ tests are in its folder, tests/cpp/<game>/.
        *(path for path in (ROOT / "tests" / "cpp").glob("*") if path.is_file()),
    ]
    files += [path for path in (ROOT / "bindings").glob("*.h") if not path.name.endswith("_record.h")]
    return sorted(files)


def shared_python() -> list[Path]:
    return sorted(
        path for path in (ROOT / "pyai").rglob("*.py") if path.relative_to(ROOT / "pyai").parts[0] not in GAMES
    )


def test_the_games_are_registered_in_one_list():
    listed = re.search(r"^set\(PYAI_GAMES ([\w ]+)\)", (ROOT / "CMakeLists.txt").read_text(), re.M)
    assert listed and tuple(listed.group(1).split()) == _core.GAMES == GAMES
    for game in GAMES:  # each a folder in the three places
        assert (ROOT / "csrc" / game).is_dir() and (ROOT / "pyai" / game / "__init__.py").is_file()
        assert (ROOT / "bindings" / f"{game}_bindings.cpp").is_file()


def test_the_shared_cpp_names_no_game():
    named = re.compile(r"\b(" + "|".join(GAMES) + r")\b")
    offenders = [f"{path.relative_to(ROOT)}:{n}" for path in shared_cpp()
                 for n, line in enumerate(path.read_text().splitlines(), 1) if named.search(line)]  # fmt: skip
    assert offenders == []
    assert len(shared_cpp()) > 10  # the check reads the files it means to


def imports_of(paths: list[Path], names: tuple[str, ...]) -> list[str]:
    """file:line of each import in `paths` of a module any part of whose dotted name is in `names`."""
    found = []
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text())):
            modules = []
            if isinstance(node, ast.ImportFrom):
                modules = [node.module or ""] + [f"{node.module or ''}.{alias.name}" for alias in node.names]
            elif isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            if any(part in names for module in modules for part in module.split(".")):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_the_shared_python_imports_no_game():
    assert imports_of(shared_python(), GAMES) == []
    assert any(path.name == "advise.py" for path in shared_python())


# What games build on: the contract's shared implementations, which only games import.
GAME_SIDE = ("game_objects", "stand_in_position")


def test_the_shared_python_reaches_games_only_through_the_contract():
    # The shared layers type and use games as pyai/game_api.py declares them (mypy holds
    # them to it: test_lint.py), never through the classes games derive from.
    users = [path for path in shared_python() if path.stem not in GAME_SIDE]
    assert imports_of(users, GAME_SIDE) == []
    assert any(path.name == "analysis.py" for path in users)
    assert imports_of([ROOT / "pyai" / "leduc" / "game.py"], GAME_SIDE) != []  # the check sees such an import
