"""Runs each game's C++ test program (pyai_<game>_tests, built from
tests/cpp/<game>/ for every registered game that has that folder) in two
builds (see conftest.py and cpp_build.py): optimised (Release), running random
games, and with AddressSanitizer and UndefinedBehaviorSanitizer; and checks
that the two builds print the same digest of each game's heuristic moves and
of a search.
"""

from __future__ import annotations

import os
import re
import sys

import pytest

from cpp_build import (
    CppBuild,
    game_test_program,
    games_with_tests,
    leak_detection_works,
    run_test_program,
    sanitizer_env,
)

pytestmark = pytest.mark.slow

GAMES = games_with_tests()

# Random Automania games per player count (2, 3 and 4), every step checked:
# 10,000 each take about 18 s optimised; PYAI_AUTOMANIA_GAMES sets another count.
AUTOMANIA_GAMES = os.environ.get("PYAI_AUTOMANIA_GAMES", "10000")
# A program's arguments where its defaults are not what a build runs.
RELEASE_ARGS = {"automania": ["--games", AUTOMANIA_GAMES]}
SANITIZED_ARGS = {"automania": ["--games", "1000"]}  # Automania's games are cheap


def test_every_game_with_tests_is_run() -> None:
    assert {"forsale", "leduc", "automania"} <= set(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_game_release(cpp_release_build: CppBuild, game: str) -> None:
    run_test_program(cpp_release_build.program(game_test_program(game)), RELEASE_ARGS.get(game, []))


@pytest.mark.parametrize("game", GAMES)
def test_game_sanitized(cpp_sanitized_build: CppBuild, game: str) -> None:
    program = cpp_sanitized_build.program(game_test_program(game))
    detect_leaks = leak_detection_works(program, ["--games", "0"])
    run_test_program(program, SANITIZED_ARGS.get(game, []), sanitizer_env(detect_leaks))


def move_digest(output: str) -> str:
    digests = re.findall(r"^move digest: ([0-9a-f]{16})$", output, re.MULTILINE)
    assert len(digests) == 1, f"no single move digest in:\n{output[-2000:]}"
    return digests[0]


# The fewest games with which each program passes: its digest does not depend on them.
DIGEST_ARGS = {"automania": ["--games", "0"], "forsale": ["--games", "10"], "leduc": ["--games", "1"]}


@pytest.mark.parametrize("game", GAMES)
def test_every_build_plays_the_same_moves(
    cpp_release_build: CppBuild, cpp_sanitized_build: CppBuild, game: str
) -> None:
    """The heuristic players and the searches compare floating-point values:
    the optimised build (-O3) and the sanitized one (-O1, other inlining) must
    make the very same choices (the programs' "move digest" line)."""
    args = DIGEST_ARGS.get(game, [])
    release = run_test_program(cpp_release_build.program(game_test_program(game)), args)
    sanitized = run_test_program(cpp_sanitized_build.program(game_test_program(game)), args, sanitizer_env(False))
    assert move_digest(release) == move_digest(sanitized)


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-v"]))
