"""Refuse, with a clear message, to load a core built for instructions this CPU lacks.

The core is compiled for an x86-64 level (CMake's PYAI_MARCH, x86-64-v3 by
default: see CMakeLists.txt). Loading it on an older CPU would end in SIGILL
somewhere in the first search; this check turns that into an ImportError
that says what to do. Linux only (it reads /proc/cpuinfo); elsewhere, and for
builds tuned to the building CPU ("native"), nothing is checked.
"""

from __future__ import annotations

import platform

# The /proc/cpuinfo flags each x86-64 microarchitecture level adds (abm: LZCNT).
_LEVELS = {
    "x86-64-v2": {"cx16", "lahf_lm", "popcnt", "sse4_1", "sse4_2", "ssse3"},
    "x86-64-v3": {"avx", "avx2", "bmi1", "bmi2", "f16c", "fma", "abm", "movbe", "xsave"},
    "x86-64-v4": {"avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl"},
}
_ORDER = ["x86-64-v2", "x86-64-v3", "x86-64-v4"]


def required_flags(march: str) -> set[str]:
    """The CPU flags a build for `march` needs (empty for levels this check does not know)."""
    if march not in _LEVELS:
        return set()
    return set().union(*(_LEVELS[level] for level in _ORDER[: _ORDER.index(march) + 1]))


def cpu_flags(cpuinfo: str) -> set[str]:
    for line in cpuinfo.splitlines():
        if line.startswith("flags"):
            return set(line.split(":", 1)[1].split())
    return set()


def missing_flags(march: str, cpuinfo: str) -> set[str]:
    return required_flags(march) - cpu_flags(cpuinfo)


def check_cpu() -> None:
    """ImportError naming what is missing if this CPU cannot run the installed core."""
    try:
        from ._build import MARCH
    except ImportError:  # a build that did not record its level
        return
    if platform.machine() not in ("x86_64", "AMD64") or not required_flags(MARCH):
        return
    try:
        with open("/proc/cpuinfo") as file:
            cpuinfo = file.read()
    except OSError:
        return
    if not cpu_flags(cpuinfo):
        return
    missing = missing_flags(MARCH, cpuinfo)
    if missing:
        raise ImportError(
            f"pyai's core was built for {MARCH} CPUs, and this CPU lacks {', '.join(sorted(missing))}: "
            "reinstall from source on this machine for an older level, e.g. "
            "pip install . -C cmake.define.PYAI_MARCH=x86-64-v2"
        )
