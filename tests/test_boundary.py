"""The engine names no game: the shared C++ (search, core, the module's shared
bindings, the C++ tests' shared parts: check.h and the search stress driver,
the C++ bench driver)
and the shared Python (everything outside a game's package) never name
or import a game, the shared bench scripts (bench/*.py; a game's own are in
bench/<game>/) name none in their code, and the games are registered in one
list (CMakeLists.txt's PYAI_GAMES), from which the module binds them and
Python imports them."""

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
        # Each game's bench section is in its folder, bench/<game>/bench_section.cpp.
        *(ROOT / "bench" / "cpp").glob("*"),
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


def shared_bench() -> list[Path]:
    """The shared bench scripts: bench/*.py (a game's own experiments are in bench/<game>/)."""
    return sorted((ROOT / "bench").glob("*.py"))


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the module's, classes' and functions' docstring nodes."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def game_strings(source: str, names: tuple[str, ...]) -> list[int]:
    """The lines of the string constants in `source` that name a game: equal to its name or starting
    `<name>(` (a game string, or an f-string's start); docstrings left out, whose examples may name one."""
    tree = ast.parse(source)
    skip = docstrings(tree)
    starts = tuple(f"{name}(" for name in names)
    return sorted(
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip
        if node.value in names or node.value.startswith(starts)
    )


def test_the_shared_bench_scripts_name_no_game():
    # A shared script takes any game (--game); its default comes from the registry: pyai's
    # DEFAULT_GAME, or the first registered game that offers what the script needs.
    offenders = [f"{path.relative_to(ROOT)}:{line}" for path in shared_bench()
                 for line in game_strings(path.read_text(), GAMES)]  # fmt: skip
    assert offenders == []
    assert any(path.name == "strength.py" for path in shared_bench())  # the check reads the files it means to


def test_the_bench_check_sees_a_game_in_code_and_not_in_docstrings():
    names = ("forsale", "leduc")
    code = 'a = "forsale(players=4)"\nb = f"forsale(players={n})"\nc = "leduc"\nd = ["x", "leduc()"]\n'
    assert game_strings(code, names) == [1, 2, 3, 4]
    documented = '"""forsale(players=4)"""\nclass A:\n    """leduc"""\ndef f():\n    "leduc()"\n'
    assert game_strings(documented, names) == []
    assert game_strings('a = "forsales"\nb = "the leduc game"\nc = "(default forsale(players=4))"\n', names) == []
