"""The C++ bench driver, pyai_bench_core (bench/cpp/), built with the optimised
C++ tests (conftest.py): it times every registered game through the game's
section (bench/<game>/bench_section.cpp), and refuses bad arguments with a
message naming what was wrong."""

from __future__ import annotations

import re
import subprocess

import pytest

from cpp_build import BENCH_DRIVER, RUN_TIMEOUT, CppBuild, registered_games

pytestmark = pytest.mark.slow

GAMES = registered_games()
LINE = re.compile(
    r"^(?P<game>\w+) (?P<subject>\w+), (?P<players>\d+) players: (?P<count>\d+) in [\d.]+ s = \d+ /s "
    r"\(checksum (?P<checksum>-?\d+), moves (?P<moves>[0-9a-f]{16})\)$"
)


def bench(build: CppBuild, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(build.program(BENCH_DRIVER)), *args], capture_output=True, text=True, timeout=RUN_TIMEOUT
    )


def timed(build: CppBuild, *args: str) -> re.Match:
    result = bench(build, *args)
    assert result.returncode == 0, result.stderr
    line = LINE.match(result.stdout.strip())
    assert line, result.stdout
    return line


@pytest.mark.parametrize("game", GAMES)
def test_every_game_is_timed(cpp_release_build: CppBuild, game: str) -> None:
    random = timed(cpp_release_build, game, "playouts", "40")
    heuristic = timed(cpp_release_build, game, "heuristic", "40")
    search = timed(cpp_release_build, game, "search", "300")
    assert random["game"] == game and random["count"] == "40" and heuristic["count"] == "40"
    # The two policies play different games, each the same on every run (fixed seeds).
    assert random["moves"] != heuristic["moves"]
    assert timed(cpp_release_build, game, "heuristic", "40")["moves"] == heuristic["moves"]
    # A search runs its budget and grows a tree.
    assert search["count"] == "300" and int(search["checksum"]) > 0


def test_the_player_count_is_the_games(cpp_release_build: CppBuild) -> None:
    assert timed(cpp_release_build, "automania", "playouts", "5", "4")["players"] == "4"
    assert timed(cpp_release_build, "forsale", "playouts", "5")["players"] == "4"  # For Sale's default
    refused = bench(cpp_release_build, "automania", "playouts", "5", "5")
    assert refused.returncode == 2 and "automania plays 2-4 players, not '5'" in refused.stderr
    wrapped = bench(cpp_release_build, "automania", "playouts", "5", str(2**32 + 3))  # 3 once cut to 32 bits
    assert wrapped.returncode == 2 and "automania plays 2-4 players" in wrapped.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["chess", "playouts"], "unknown game 'chess'"),
        (["leduc", "dance"], "unknown subject 'dance'"),
        (["leduc", "search", "0"], "count '0' is not a positive whole number"),
        (["leduc", "search", "12x"], "count '12x' is not a positive whole number"),
        (["leduc"], "expected a game and what to time"),
    ],
)
def test_bad_arguments_are_named(cpp_release_build: CppBuild, args: list[str], message: str) -> None:
    result = bench(cpp_release_build, *args)
    assert result.returncode == 2 and result.stdout == ""
    assert message in result.stderr and "usage:" in result.stderr
    assert all(game in result.stderr for game in GAMES)  # the usage lists every game
