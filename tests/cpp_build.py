"""Builds the C++ test programs (tests/cpp/) with CMake and runs them, for the pytest suites.

The programs: a game's own, pyai_<game>_tests, from tests/cpp/<game>/ for each
game CMakeLists.txt's PYAI_GAMES registers that has one, the search stress
driver, pyai_search_stress, which searches every registered game, and the
C++ bench driver, pyai_bench_core (bench/cpp/), which times every one.

A build is configured and built once per test session (see conftest.py), with
every test program it serves in the same build directory, so the core library
is compiled once per build. The Python module is not built
(PYAI_BUILD_PYTHON=OFF), so these need only CMake, Ninja (the `cmake` and
`ninja` pip packages of the test extras) and a C++ compiler.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sysconfig
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]
SEARCH_STRESS = "pyai_search_stress"
BENCH_DRIVER = "pyai_bench_core"
SEEN_HANDS = "pyai_automania_seen_hands"  # built with the bench driver (bench/automania/seen_hands.cpp)
SUMMARY_LINE = re.compile(r"^(\d+) passed, (\d+) failed$", re.MULTILINE)
BUILD_TIMEOUT = 900  # seconds, per configure or build step
RUN_TIMEOUT = 900  # seconds, per run of a test program


def registered_games() -> tuple[str, ...]:
    """The games CMakeLists.txt's PYAI_GAMES registers, in its order."""
    listed = re.search(r"^set\(PYAI_GAMES ([\w ]+)\)", (REPO_ROOT / "CMakeLists.txt").read_text(), re.MULTILINE)
    assert listed, "CMakeLists.txt has no set(PYAI_GAMES ...) line"
    return tuple(listed.group(1).split())


def game_test_program(game: str) -> str:
    return f"pyai_{game}_tests"


def games_with_tests() -> tuple[str, ...]:
    """The registered games with a test program: as CMakeLists.txt makes them,
    from every .cpp of tests/cpp/<game>/ but the stress driver's section."""
    folder = REPO_ROOT / "tests" / "cpp"
    return tuple(
        game
        for game in registered_games()
        if any(path.name != "stress_section.cpp" for path in (folder / game).glob("*.cpp"))
    )


@dataclass(frozen=True)
class CppBuild:
    directory: Path
    sanitizer: str | None  # None, "address" (with undefined behaviour) or "thread"

    def program(self, name: str) -> Path:
        executable = self.directory / name
        if not executable.exists():
            pytest.fail(f"the build succeeded but {executable} does not exist", pytrace=False)
        return executable


def _find_tool(name: str) -> str | None:
    """The tool installed next to this interpreter (pip's scripts dir) first, then PATH."""
    scripts = sysconfig.get_path("scripts")
    return (scripts and shutil.which(name, path=scripts)) or shutil.which(name)


def _find_cxx_compiler() -> str | None:
    cxx = os.environ.get("CXX")
    if cxx:
        return shutil.which(cxx.split()[0])
    for candidate in ("c++", "g++", "clang++"):
        found = shutil.which(candidate)
        if found:
            return found
    return None


def tail(text: str, lines: int = 150) -> str:
    kept = text.splitlines()[-lines:]
    return "\n".join(kept)


def run(command: list[str], timeout: float, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        errors="replace",
        timeout=timeout,
        env=env,
    )


SANITIZER_OPTIONS = {None: [], "address": ["-DPYAI_SANITIZE=ON"], "thread": ["-DPYAI_TSAN=ON"]}


def build(build_dir: Path, build_type: str, sanitizer: str | None, targets: list[str]) -> CppBuild:
    """Configures build_dir and builds `targets` in it (the bench driver among them if named)."""
    cmake = _find_tool("cmake")
    if cmake is None:
        pytest.skip("cmake not found (pip install cmake, or the project's [test] extras)")
    if _find_cxx_compiler() is None:
        pytest.skip("no C++ compiler found (CXX, c++, g++ or clang++)")
    ninja = _find_tool("ninja")
    configure = [cmake, "-S", str(REPO_ROOT), "-B", str(build_dir)]
    if ninja is not None:
        configure += ["-G", "Ninja", f"-DCMAKE_MAKE_PROGRAM={ninja}"]
    configure += [
        "-DPYAI_BUILD_PYTHON=OFF",
        "-DPYAI_BUILD_TESTS=ON",
        f"-DPYAI_BUILD_BENCH={'ON' if BENCH_DRIVER in targets or SEEN_HANDS in targets else 'OFF'}",
        *SANITIZER_OPTIONS[sanitizer],
        f"-DCMAKE_BUILD_TYPE={build_type}",
        # Sanitizer builds: -O1 (the sanitizers' own advice; it compiled the stress
        # driver in 83 s against 134 s at -O2) and line tables, all a report needs.
        "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG",
    ]
    build_step = [cmake, "--build", str(build_dir), "--target", *targets, "--parallel", str(os.cpu_count() or 2)]
    for step in (configure, build_step):
        result = run(step, BUILD_TIMEOUT)
        if result.returncode != 0:
            pytest.fail(
                f"{' '.join(step)} failed with exit code {result.returncode}:\n{tail(result.stdout)}",
                pytrace=False,
            )
    return CppBuild(build_dir, sanitizer)


def run_test_program(
    executable: Path, args: list[str], env: dict[str, str] | None = None, launcher: list[str] | None = None
) -> str:
    """Runs a test program, asserts it ended with "N passed, 0 failed" (N > 0), and returns its output."""
    result = run([*(launcher or []), str(executable), *args], RUN_TIMEOUT, env)
    output = result.stdout
    summary = SUMMARY_LINE.findall(output)
    assert result.returncode == 0 and summary and summary[-1][1] == "0", (
        f"{executable.name} {' '.join(args)} exited with {result.returncode}; output:\n{tail(output)}"
    )
    assert int(summary[-1][0]) > 0, "the test program ran no checks"
    return output


def sanitizer_env(detect_leaks: bool = True) -> dict[str, str]:
    """Any sanitizer report stops the program with a non-zero exit code (the
    ASan build also passes -fno-sanitize-recover=all); options already set by
    the caller win."""
    env = dict(os.environ)
    asan = f"detect_leaks={int(detect_leaks)}:halt_on_error=1"
    ubsan = "print_stacktrace=1:halt_on_error=1"
    tsan = "halt_on_error=1"
    env["ASAN_OPTIONS"] = ":".join(filter(None, [asan, env.get("ASAN_OPTIONS")]))
    env["UBSAN_OPTIONS"] = ":".join(filter(None, [ubsan, env.get("UBSAN_OPTIONS")]))
    env["TSAN_OPTIONS"] = ":".join(filter(None, [tsan, env.get("TSAN_OPTIONS")]))
    return env


def leak_detection_works(executable: Path, idle_args: list[str]) -> bool:
    """LeakSanitizer cannot run where ptrace is forbidden (some containers); it
    then stops with a fatal error before the program starts. Probes with a run
    that does no work (`idle_args`)."""
    probe = run([str(executable), *idle_args], RUN_TIMEOUT, sanitizer_env(detect_leaks=True))
    return "LeakSanitizer has encountered a fatal error" not in probe.stdout


def thread_sanitizer_launcher(executable: Path, idle_args: list[str]) -> list[str]:
    """What to run a ThreadSanitizer program under: nothing, or `setarch -R`
    (no address randomisation) where the kernel randomises mappings more than
    the TSan runtime allows ("unexpected memory mapping" at start-up). Skips
    when neither starts. Probes with a run that does no work (`idle_args`)."""
    candidates: list[list[str]] = [[]]
    setarch = shutil.which("setarch")
    if setarch is not None:
        candidates.append([setarch, os.uname().machine, "-R"])
    output = ""
    for launcher in candidates:
        probe = run([*launcher, str(executable), *idle_args], RUN_TIMEOUT, sanitizer_env())
        if probe.returncode == 0:
            return launcher
        output = probe.stdout
    pytest.skip(f"the ThreadSanitizer runtime does not start here:\n{tail(output, 20)}")
