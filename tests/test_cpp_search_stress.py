"""Runs the C++ search stress test (tests/cpp/search_stress.cpp, with each
game's section in tests/cpp/<game>/stress_section.cpp): random ISMCTS and PIMC
searches from random positions of every registered game (For Sale, Leduc poker
with its private cards, and Automania, one search in 8: private contracts,
money known as a range), with invariant checks on every result, in three builds
(see conftest.py and cpp_build.py): optimised (Release), with AddressSanitizer
(UndefinedBehaviorSanitizer is left out of this one program: CMakeLists.txt
says why), and with ThreadSanitizer (multi-threaded searches only).

Each build runs a fixed seed of its own, so a failure reruns exactly: the
program names the search and the arguments that rerun it alone.
"""

from __future__ import annotations

import re
import sys

import pytest

from cpp_build import (
    SEARCH_STRESS,
    CppBuild,
    leak_detection_works,
    registered_games,
    run_test_program,
    sanitizer_env,
    thread_sanitizer_launcher,
)

pytestmark = pytest.mark.slow

COVERAGE_LINE = re.compile(r"^coverage: (.*)$", re.MULTILINE)
IDLE = ["--searches", "0"]
# A loaded machine (or a sanitizer) may delay a thread: time checks only catch
# searches that overrun a budget or ignore a stop by far.
SANITIZER_TIME_SLACK = ["--time-slack-ms", "5000"]
# Counts of the coverage line that every run must have above zero, with
# every registered game's name.
MUST_COVER = (
    *registered_games(),
    "ismcts",
    "pimc",
    "sealed_choice",
    "sealed_choice_without_exploration",
    "partial_view",
    "forsale_deals_dealt_again",
    "classic",
    "leduc_second_round",
    "leduc_private_statistics",
    "automania_partial_money",
    "automania_hidden_contracts",
    "automania_sales_or_demand",
    "automania_own_deal",
    "automania_unseen_deal",
    "automania_private_statistics",
    "tree_full",
    "two_node_trees",
    "pimc_huge_budget_many_trees",
    "repeated",
    "ended_by_iterations",
    "time_budget",
    "stop_from_other_thread",
    "stopped_before_start",
    "ponderhit",
    "ponderhit_mid_search",
    "stopped_mid_search",
    "iterations_below_threads",
    "opponent_model",
    "sealed_choice_opponent_model",
)


def _coverage(output: str) -> dict[str, int]:
    found = COVERAGE_LINE.findall(output)
    assert found, "the stress test printed no coverage line"
    return {name: int(value) for name, value in (item.split("=") for item in found[-1].split())}


def _assert_covered(output: str, searches: int, threads: range) -> None:
    """The run did what it is for: every kind of search and ending came up."""
    coverage = _coverage(output)
    assert coverage["searches"] == searches
    for name in MUST_COVER:
        assert coverage[name] > 0, f"no search with {name}: {coverage}"
    for players in range(2, 7):
        assert coverage[f"players_{players}"] > 0, coverage
    for count in threads:
        assert coverage[f"threads_{count}"] > 0, coverage


def test_search_stress_release(cpp_release_build: CppBuild) -> None:
    searches = 1800
    output = run_test_program(cpp_release_build.program(SEARCH_STRESS), ["--searches", str(searches)])
    _assert_covered(output, searches, range(1, 5))


def test_search_stress_sanitized(cpp_sanitized_build: CppBuild) -> None:
    program = cpp_sanitized_build.program(SEARCH_STRESS)
    searches = 480
    args = ["--searches", str(searches), "--seed", "2", *SANITIZER_TIME_SLACK]
    output = run_test_program(program, args, sanitizer_env(leak_detection_works(program, IDLE)))
    _assert_covered(output, searches, range(1, 5))


def test_search_stress_thread_sanitizer(cpp_tsan_build: CppBuild) -> None:
    program = cpp_tsan_build.program(SEARCH_STRESS)
    launcher = thread_sanitizer_launcher(program, IDLE)
    searches = 100
    # Smaller searches (ThreadSanitizer runs them about ten times slower), all multi-threaded.
    args = ["--searches", str(searches), "--seed", "3", "--min-threads", "2", "--max-iterations", "1000"]
    args += SANITIZER_TIME_SLACK
    output = run_test_program(program, args, sanitizer_env(), launcher)
    _assert_covered(output, searches, range(2, 5))


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-v"]))
