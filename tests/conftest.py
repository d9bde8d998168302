"""Session-wide fixtures: the C++ builds (tests/cpp_build.py), each made once and
shared by the suites that run its programs.

The builds the collected tests need start in background threads, all at
once: one build's long translation unit (the search stress driver) would
otherwise leave the second core idle. A fixture waits for its build and
re-raises its skip or failure.

The suite runs in one pytest-xdist worker per core (pyproject.toml's addopts;
`-n 0` runs it in this process). There the tests that run C++ programs are one
xdist group, which loadgroup scheduling hands to a single worker first (the
largest unit of work): that worker builds once while the other works through
the Python tests, and each build starts when the group's first test asks for
one. Without workers the builds start as soon as collection ends and the tests
that run C++ programs go last, so that every other test runs while they compile.

A suite started in the background (`cmd &`, nohup) inherits SIGINT ignored,
and so would every process the tests start, so the Ctrl-C tests would wait
for a search that never hears it: the suite takes SIGINT back first."""

from __future__ import annotations

import os
import shutil
import signal
import tempfile
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import pytest

from cpp_build import BENCH_DRIVER, SEARCH_STRESS, SEEN_HANDS, CppBuild, build, game_test_program, games_with_tests

# Each game's test program (tests/cpp/<game>/) and the search stress driver.
EVERY_PROGRAM = [*(game_test_program(game) for game in games_with_tests()), SEARCH_STRESS]
# fixture name: (directory prefix, CMake build type, sanitizer, programs)
BUILDS = {
    # Optimised (Release): every program, and the bench programs.
    "cpp_release_build": ("cpp-release", "Release", None, [*EVERY_PROGRAM, BENCH_DRIVER, SEEN_HANDS]),
    # AddressSanitizer and UndefinedBehaviorSanitizer (RelWithDebInfo): every program
    # (the search stress driver with AddressSanitizer only: see CMakeLists.txt).
    "cpp_sanitized_build": ("cpp-asan-ubsan", "RelWithDebInfo", "address", EVERY_PROGRAM),
    # ThreadSanitizer (RelWithDebInfo): the search stress test, whose searches run threads.
    "cpp_tsan_build": ("cpp-tsan", "RelWithDebInfo", "thread", [SEARCH_STRESS]),
}

if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)  # children exec with it at its default

_pool = ThreadPoolExecutor(max_workers=len(BUILDS), thread_name_prefix="cpp-build")
_started: dict[str, Future] = {}
_root = Path(tempfile.mkdtemp(prefix="pyai-cpp-tests-"))


def _build(name: str) -> CppBuild | BaseException:
    prefix, build_type, sanitizer, programs = BUILDS[name]
    try:
        return build(_root / prefix, build_type, sanitizer, programs)
    except BaseException as outcome:  # pytest's skip or fail: raised again where a test waits for it
        return outcome


def _start(name: str) -> Future:
    if name not in _started:
        _started[name] = _pool.submit(_build, name)
    return _started[name]


# Under pytest-xdist each worker collects every test; only the one handed the
# C++ group builds, so a worker records what the collection needs and starts it all
# at the first wait.
_IN_A_WORKER = "PYTEST_XDIST_WORKER" in os.environ
_needed: list[str] = []


def _needs_a_build(item: pytest.Item) -> bool:
    return any(name in getattr(item, "fixturenames", ()) for name in BUILDS)


def pytest_itemcollected(item: pytest.Item) -> None:
    if _needs_a_build(item):
        item.add_marker(pytest.mark.xdist_group("cpp-builds"))


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    _needed[:] = [name for name in BUILDS if any(name in getattr(item, "fixturenames", ()) for item in items)]
    if _IN_A_WORKER:
        return
    # The tests that run C++ programs go last, so that every other test runs while the builds compile.
    items[:] = [item for item in items if not _needs_a_build(item)] + [item for item in items if _needs_a_build(item)]
    for name in _needed:
        _start(name)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    _pool.shutdown(wait=True, cancel_futures=True)
    shutil.rmtree(_root, ignore_errors=True)


def _wait(name: str) -> CppBuild:
    for needed in _needed:
        _start(needed)
    result = _start(name).result()
    if isinstance(result, BaseException):
        raise result
    return result


@pytest.fixture(scope="session")
def cpp_release_build() -> CppBuild:
    return _wait("cpp_release_build")


@pytest.fixture(scope="session")
def cpp_sanitized_build() -> CppBuild:
    return _wait("cpp_sanitized_build")


@pytest.fixture(scope="session")
def cpp_tsan_build() -> CppBuild:
    return _wait("cpp_tsan_build")


# --------------------------------------------------- `pyai serve`'s API tests


@pytest.fixture
def store(tmp_path):
    """A `pyai serve` session store in the test's own folder."""
    from pyai.web.sessions import Store

    return Store(tmp_path / "sessions")


@pytest.fixture
def client(store):
    """Starlette's test client of a `pyai serve` app over `store`, as a loopback client."""
    from starlette.testclient import TestClient

    from pyai.web.app import create_app

    return TestClient(create_app(store), base_url="http://127.0.0.1")


# --------------------------------------------------- the advice's map


@pytest.fixture
def automania_costs_measured(tmp_path, monkeypatch) -> dict:
    """Automania's map as shipped, with each round's costs at 20,000 iterations added
    (pyai/win_chance_map.py reads them; the shipped map carries none now), for the tests
    of how the advice tells them. Returns the costs by round."""
    import json

    import pyai
    from pyai import win_chance_map

    shipped = win_chance_map.map_path(pyai.load_game("automania(players=3)"))
    costs = {
        "1": {"ratio": 1.0, "at_most": 1.0},  # held: nothing is told
        "2": {"ratio": 0.0, "at_most": 0.0},
        "3": {"ratio": 0.0, "at_most": 0.433},
        "4": {"ratio": 0.511, "at_most": 0.9},
    }
    data = json.loads(shipped.read_text())
    fit = next(f for f in data["fitted"] if f["game"] == "automania(players=3)" and f["iterations"] == 20000)
    fit["costs"] = costs
    measured = tmp_path / win_chance_map.MAP_FILE
    measured.write_text(json.dumps(data))
    original = win_chance_map.map_path
    monkeypatch.setattr(
        win_chance_map, "map_path", lambda game: measured if original(game) == shipped else original(game)
    )
    return costs
