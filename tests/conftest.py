"""Session-wide fixtures: the C++ builds (tests/cpp_build.py), each made once and
shared by the suites that run its programs.

The builds the collected tests need start in background threads as soon as
collection ends, all at once: one build's long translation unit (the search
stress driver) would otherwise leave the second core idle. The tests that
run C++ programs are moved to the end, so that every other test runs while
the builds compile. A fixture waits for its build and re-raises its skip or
failure.

The suite runs in one pytest-xdist worker per core (pyproject.toml's addopts;
`-n 0` runs it in this one process). The workers share one folder of builds,
made by the controlling process: each build is made by the worker that claims
its folder first, and a worker that needs a build another made waits for the
outcome file the builder writes beside it. A collect-only run builds nothing.

A suite started in the background (`cmd &`, nohup) inherits SIGINT ignored,
and so would every process the tests start, so the Ctrl-C tests would wait
for a search that never hears it: the suite takes SIGINT back first."""

from __future__ import annotations

import json
import os
import shutil
import signal
import tempfile
import time
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import pytest

from cpp_build import (
    BENCH_DRIVER,
    BUILD_TIMEOUT,
    SEARCH_STRESS,
    SEEN_HANDS,
    CppBuild,
    build,
    game_test_program,
    games_with_tests,
)

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
# The folder of builds, made by the controlling process and inherited by the workers.
BUILDS_FOLDER_VARIABLE = "PYAI_CPP_TEST_BUILDS"
_IN_A_WORKER = "PYTEST_XDIST_WORKER" in os.environ

if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)  # children exec with it at its default

_pool = ThreadPoolExecutor(max_workers=len(BUILDS), thread_name_prefix="cpp-build")
_started: dict[str, Future] = {}  # the builds this process makes


def _root() -> Path:
    return Path(os.environ[BUILDS_FOLDER_VARIABLE])


def _folder(name: str) -> Path:
    return _root() / BUILDS[name][0]


def _outcome_file(name: str) -> Path:
    return _folder(name).with_suffix(".outcome.json")


def _build(name: str) -> CppBuild | BaseException:
    """Makes the build and writes its outcome for the other workers (written whole, then renamed)."""
    _, build_type, sanitizer, programs = BUILDS[name]
    try:
        outcome: CppBuild | BaseException = build(_folder(name), build_type, sanitizer, programs)
        record = {"kind": "built"}
    except BaseException as raised:  # pytest's skip or fail: raised again where a test waits for it
        outcome = raised
        kind = "skip" if isinstance(raised, pytest.skip.Exception) else "fail"
        record = {"kind": kind, "message": getattr(raised, "msg", None) or repr(raised)}
    written = _outcome_file(name).with_suffix(".partial")
    written.write_text(json.dumps(record))
    written.replace(_outcome_file(name))
    return outcome


def _claim(name: str) -> None:
    """Starts the build here unless this process or another worker already has."""
    if name in _started:
        return
    try:
        _folder(name).mkdir()
    except FileExistsError:
        return  # another worker's
    _started[name] = _pool.submit(_build, name)


def _needs_a_build(item: pytest.Item) -> bool:
    return any(name in getattr(item, "fixturenames", ()) for name in BUILDS)


def pytest_configure(config: pytest.Config) -> None:
    if not _IN_A_WORKER or BUILDS_FOLDER_VARIABLE not in os.environ:
        os.environ[BUILDS_FOLDER_VARIABLE] = tempfile.mkdtemp(prefix="pyai-cpp-tests-")


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    # The tests that run C++ programs go last, so that every other test runs while the builds compile.
    items[:] = [item for item in items if not _needs_a_build(item)] + [item for item in items if _needs_a_build(item)]
    if not config.option.collectonly:
        for name in BUILDS:
            if any(name in getattr(item, "fixturenames", ()) for item in items):
                _claim(name)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    _pool.shutdown(wait=True, cancel_futures=True)
    if not _IN_A_WORKER:  # the controlling process: every worker is done with the builds
        shutil.rmtree(_root(), ignore_errors=True)


def _wait(name: str) -> CppBuild:
    _claim(name)  # a build the collection did not start
    if name in _started:
        result = _started[name].result()
        if isinstance(result, BaseException):
            raise result
        return result
    outcome_file, deadline = _outcome_file(name), time.monotonic() + 3 * BUILD_TIMEOUT
    while not outcome_file.exists():
        if time.monotonic() > deadline:
            pytest.fail(f"another worker's build {_folder(name).name} did not end", pytrace=False)
        time.sleep(0.5)
    record = json.loads(outcome_file.read_text())
    if record["kind"] == "skip":
        pytest.skip(record["message"])
    if record["kind"] == "fail":
        pytest.fail(record["message"], pytrace=False)
    return CppBuild(_folder(name), BUILDS[name][2])


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
