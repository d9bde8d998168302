"""The engine names no game: the shared C++ (search, core, the module's shared
bindings) and the shared Python (everything outside a game's package) never name
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


def test_the_shared_python_imports_no_game():
    offenders = []
    for path in shared_python():
        for node in ast.walk(ast.parse(path.read_text())):
            modules = []
            if isinstance(node, ast.ImportFrom):
                modules = [node.module or ""] + [f"{node.module or ''}.{alias.name}" for alias in node.names]
            elif isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            if any(part in GAMES for module in modules for part in module.split(".")):
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert offenders == []
    assert any(path.name == "advise.py" for path in shared_python())
