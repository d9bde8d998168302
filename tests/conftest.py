"""Session-wide fixtures: the C++ builds (tests/cpp_build.py), each made once and
shared by the suites that run its programs."""

from __future__ import annotations

import pytest

from cpp_build import AUTOMANIA_TESTS, CORE_TESTS, SEARCH_STRESS, CppBuild, build


@pytest.fixture(scope="session")
def cpp_release_build(tmp_path_factory: pytest.TempPathFactory) -> CppBuild:
    """Optimised (Release): the core tests, Automania's and the search stress test."""
    return build(tmp_path_factory.mktemp("cpp-release"), "Release", None, [CORE_TESTS, AUTOMANIA_TESTS, SEARCH_STRESS])


@pytest.fixture(scope="session")
def cpp_sanitized_build(tmp_path_factory: pytest.TempPathFactory) -> CppBuild:
    """AddressSanitizer and UndefinedBehaviorSanitizer (RelWithDebInfo): the three programs
    (the search stress driver with AddressSanitizer only: see CMakeLists.txt)."""
    programs = [CORE_TESTS, AUTOMANIA_TESTS, SEARCH_STRESS]
    return build(tmp_path_factory.mktemp("cpp-asan-ubsan"), "RelWithDebInfo", "address", programs)


@pytest.fixture(scope="session")
def cpp_tsan_build(tmp_path_factory: pytest.TempPathFactory) -> CppBuild:
    """ThreadSanitizer (RelWithDebInfo): the search stress test, whose searches run threads."""
    return build(tmp_path_factory.mktemp("cpp-tsan"), "RelWithDebInfo", "thread", [SEARCH_STRESS])
