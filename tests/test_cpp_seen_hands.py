"""bench/automania/seen_hands.cpp, built with the optimised C++ tests
(conftest.py): Automania's search with the other seats' contracts face up
against searches from their views, in every rotation of each deal; its
control (--blind) plays the same games with the seat searching from its view;
--jobs plays deals at once."""

from __future__ import annotations

import re
import subprocess

import pytest

from cpp_build import RUN_TIMEOUT, SEEN_HANDS, CppBuild

pytestmark = pytest.mark.slow

GAME = re.compile(r"^deal (\d+) seeing (\d+) winner (\d+) vp((?: -?\d+)+)$")
SUMMARY = re.compile(r"^(seeing|blind control) seat won ([\d.]+) \+- ([\d.]+) of (\d+) games over (\d+) deals")


def seen_hands(build: CppBuild, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(build.program(SEEN_HANDS)), *args], capture_output=True, text=True, timeout=RUN_TIMEOUT)


def games_of(output: str) -> list[tuple[int, int, int, list[int]]]:
    games = []
    for line in output.splitlines()[:-1]:
        found = GAME.match(line)
        assert found, line
        games.append((int(found[1]), int(found[2]), int(found[3]), [int(vp) for vp in found[4].split()]))
    return games


def test_every_rotation_of_each_deal_and_the_share_won(cpp_release_build: CppBuild) -> None:
    run = seen_hands(cpp_release_build, "30", "2", "3", "7")
    assert run.returncode == 0, run.stderr
    games = games_of(run.stdout)
    assert [(deal, seeing) for deal, seeing, _, _ in games] == [(d, s) for d in (7, 8) for s in range(3)]
    for _, _, winner, vp in games:
        assert len(vp) == 3 and 0 <= winner < 3 and vp[winner] == max(vp)  # ties go by the sales offices
    summary = SUMMARY.match(run.stdout.splitlines()[-1])
    assert summary and summary[1] == "seeing" and (summary[4], summary[5]) == ("6", "2")
    won = sum(winner == seeing for _, seeing, winner, _ in games) / len(games)
    assert float(summary[2]) == pytest.approx(won, abs=5e-4)
    # The same arguments play the same games, on one job or several (a deal's
    # games are printed together, the deals in the order they end).
    assert seen_hands(cpp_release_build, "30", "2", "3", "7").stdout == run.stdout
    in_parallel = seen_hands(cpp_release_build, "30", "2", "3", "7", "--jobs", "2")
    assert sorted(games_of(in_parallel.stdout)) == sorted(games)
    assert in_parallel.stdout.splitlines()[-1] == run.stdout.splitlines()[-1]


def test_seeing_the_contracts_changes_the_play_and_the_control_does_not_see(cpp_release_build: CppBuild) -> None:
    # The searches' seeds are the same with and without --blind: only what the
    # seeing seat's search is given differs, so the games part where it matters.
    # (Below a few hundred iterations the bias toward the heuristic's move
    # decides every choice, whatever the search sees.)
    seeing = seen_hands(cpp_release_build, "500", "1", "2")
    blind = seen_hands(cpp_release_build, "500", "1", "2", "--blind")
    assert seeing.returncode == 0 and blind.returncode == 0, seeing.stderr + blind.stderr
    assert games_of(seeing.stdout) != games_of(blind.stdout)
    assert len(games_of(blind.stdout)) == 2  # 1 deal, 2 rotations
    assert blind.stdout.splitlines()[-1].startswith("blind control") and "fair 0.500" in blind.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "expected 2 to 4 arguments besides the options, not 0"),
        (["0", "1"], "iterations '0' is not a whole number 1 or more"),
        (["10", "x"], "deals 'x' is not a whole number 1 or more"),
        (["10", "1", "5"], "players '5' is not 2, 3 or 4"),
        (["10", "1", "3", "-2"], "first deal '-2' is not a whole number 0 or more"),
        (["10", "1", "3", "0", "4"], "expected 2 to 4 arguments besides the options, not 5"),
        (["10", "1", "--jobs", "0"], "--jobs takes a whole number 1 to 256"),
        (["10", "1", "--jobs"], "--jobs takes a whole number 1 to 256"),
    ],
)
def test_bad_arguments_are_named(cpp_release_build: CppBuild, args: list[str], message: str) -> None:
    result = seen_hands(cpp_release_build, *args)
    assert result.returncode == 2 and result.stdout == ""
    assert message in result.stderr and "usage:" in result.stderr
