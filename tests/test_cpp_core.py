"""Builds the C++ core's own test program (tests/cpp/core_tests.cpp) with CMake and runs it.

Two builds, each made once per module: an optimised one (Release) running the
default number of random games, and one with AddressSanitizer and
UndefinedBehaviorSanitizer (RelWithDebInfo, -DPYAI_SANITIZE=ON). The Python
module is not built (PYAI_BUILD_PYTHON=OFF), so these tests need only CMake,
Ninja (the `cmake` and `ninja` pip packages of the test extras) and a C++
compiler.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

REPO_ROOT = Path(__file__).resolve().parents[1]
TEST_PROGRAM = "pyai_core_tests"
SUMMARY_LINE = re.compile(r"^(\d+) passed, (\d+) failed$", re.MULTILINE)
BUILD_TIMEOUT = 900  # seconds, per configure or build step
RUN_TIMEOUT = 900  # seconds, per run of the test program


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


def _tail(text: str, lines: int = 150) -> str:
    kept = text.splitlines()[-lines:]
    return "\n".join(kept)


def _run(command: list[str], timeout: float, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        errors="replace",
        timeout=timeout,
        env=env,
    )


def _build(build_dir: Path, build_type: str, sanitize: bool) -> Path:
    """Configures and builds the test program into build_dir; returns the executable's path."""
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
        f"-DPYAI_SANITIZE={'ON' if sanitize else 'OFF'}",
        f"-DCMAKE_BUILD_TYPE={build_type}",
    ]
    build = [
        cmake,
        "--build",
        str(build_dir),
        "--target",
        TEST_PROGRAM,
        "--parallel",
        str(os.cpu_count() or 2),
    ]
    for step in (configure, build):
        result = _run(step, BUILD_TIMEOUT)
        if result.returncode != 0:
            pytest.fail(
                f"{' '.join(step)} failed with exit code {result.returncode}:\n{_tail(result.stdout)}",
                pytrace=False,
            )
    executable = build_dir / TEST_PROGRAM
    if not executable.exists():
        pytest.fail(f"the build succeeded but {executable} does not exist", pytrace=False)
    return executable


def _run_test_program(executable: Path, args: list[str], env: dict[str, str] | None = None) -> str:
    result = _run([str(executable), *args], RUN_TIMEOUT, env)
    output = result.stdout
    summary = SUMMARY_LINE.findall(output)
    assert result.returncode == 0 and summary and summary[-1][1] == "0", (
        f"{executable.name} {' '.join(args)} exited with {result.returncode}; output:\n{_tail(output)}"
    )
    assert "0 failed" in output
    assert int(summary[-1][0]) > 0, "the test program ran no checks"
    return output


@pytest.fixture(scope="module")
def release_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build(tmp_path_factory.mktemp("cpp-release"), "Release", sanitize=False)


@pytest.fixture(scope="module")
def sanitized_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build(tmp_path_factory.mktemp("cpp-asan-ubsan"), "RelWithDebInfo", sanitize=True)


def test_core_release(release_build: Path) -> None:
    _run_test_program(release_build, [])


def _sanitizer_env(detect_leaks: bool) -> dict[str, str]:
    """Any sanitizer report stops the program with a non-zero exit code (the build
    also passes -fno-sanitize-recover=all); options already set by the caller win."""
    env = dict(os.environ)
    asan = f"detect_leaks={int(detect_leaks)}:halt_on_error=1"
    ubsan = "print_stacktrace=1:halt_on_error=1"
    env["ASAN_OPTIONS"] = ":".join(filter(None, [asan, env.get("ASAN_OPTIONS")]))
    env["UBSAN_OPTIONS"] = ":".join(filter(None, [ubsan, env.get("UBSAN_OPTIONS")]))
    return env


def test_core_sanitized(sanitized_build: Path) -> None:
    args = ["--games", "300"]
    # LeakSanitizer cannot run where ptrace is forbidden (some containers); it then
    # stops with a fatal error before the program starts. Only then run without it.
    probe = _run([str(sanitized_build), "--games", "0"], RUN_TIMEOUT, _sanitizer_env(detect_leaks=True))
    detect_leaks = "LeakSanitizer has encountered a fatal error" not in probe.stdout
    _run_test_program(sanitized_build, args, _sanitizer_env(detect_leaks))


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-v"]))
