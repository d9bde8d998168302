"""Runs the C++ core's own test programs (tests/cpp/core_tests.cpp for For Sale
and Leduc, tests/cpp/automania_tests.cpp for Automania) in two builds (see
conftest.py and cpp_build.py): optimised (Release), running random games, and
with AddressSanitizer and UndefinedBehaviorSanitizer.
"""

from __future__ import annotations

import os
import sys

import pytest

from cpp_build import AUTOMANIA_TESTS, CORE_TESTS, CppBuild, leak_detection_works, run_test_program, sanitizer_env

pytestmark = pytest.mark.slow


def test_core_release(cpp_release_build: CppBuild) -> None:
    run_test_program(cpp_release_build.program(CORE_TESTS), [])


def test_core_sanitized(cpp_sanitized_build: CppBuild) -> None:
    program = cpp_sanitized_build.program(CORE_TESTS)
    detect_leaks = leak_detection_works(program, ["--games", "0"])
    run_test_program(program, ["--games", "300"], sanitizer_env(detect_leaks))


# Random Automania games per player count (2, 3 and 4), every step checked:
# 10,000 each take about 18 s optimised; PYAI_AUTOMANIA_GAMES sets another count.
AUTOMANIA_GAMES = os.environ.get("PYAI_AUTOMANIA_GAMES", "10000")


def test_automania_release(cpp_release_build: CppBuild) -> None:
    run_test_program(cpp_release_build.program(AUTOMANIA_TESTS), ["--games", AUTOMANIA_GAMES])


def test_automania_sanitized(cpp_sanitized_build: CppBuild) -> None:
    program = cpp_sanitized_build.program(AUTOMANIA_TESTS)
    detect_leaks = leak_detection_works(program, ["--games", "0"])
    run_test_program(program, ["--games", "1000"], sanitizer_env(detect_leaks))  # Automania's games are cheap


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-v"]))
