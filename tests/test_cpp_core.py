"""Runs the C++ core's own test program (tests/cpp/core_tests.cpp) in two builds
(see conftest.py and cpp_build.py): optimised (Release), running the default
number of random games, and with AddressSanitizer and UndefinedBehaviorSanitizer.
"""

from __future__ import annotations

import sys

import pytest

from cpp_build import CORE_TESTS, CppBuild, leak_detection_works, run_test_program, sanitizer_env

pytestmark = pytest.mark.slow


def test_core_release(cpp_release_build: CppBuild) -> None:
    run_test_program(cpp_release_build.program(CORE_TESTS), [])


def test_core_sanitized(cpp_sanitized_build: CppBuild) -> None:
    program = cpp_sanitized_build.program(CORE_TESTS)
    detect_leaks = leak_detection_works(program, ["--games", "0"])
    run_test_program(program, ["--games", "300"], sanitizer_env(detect_leaks))


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-v"]))
