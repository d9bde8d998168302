"""The import-time check that the CPU can run the installed core's instructions."""

from __future__ import annotations

import platform

import pytest

from pyai import _cpu

V2_FLAGS = "fpu sse sse2 ssse3 sse4_1 sse4_2 cx16 lahf_lm popcnt"
V2_CPU = f"processor : 0\nflags : {V2_FLAGS}\n"
V3_CPU = f"processor : 0\nflags : {V2_FLAGS} avx avx2 bmi1 bmi2 f16c fma abm movbe xsave\n"


def test_a_v3_build_needs_avx2_and_bmi2_and_what_v2_needs():
    assert _cpu.missing_flags("x86-64-v3", V3_CPU) == set()
    assert {"avx2", "bmi2", "fma"} <= _cpu.missing_flags("x86-64-v3", V2_CPU)
    assert _cpu.missing_flags("x86-64-v2", V2_CPU) == set()
    assert _cpu.missing_flags("native", V2_CPU) == set()  # not checked: the build machine's own level


def test_a_cpu_without_the_build_level_gets_a_clear_import_error(monkeypatch):
    if platform.machine() not in ("x86_64", "AMD64"):
        pytest.skip("an x86-64 check")
    import builtins

    real_open = builtins.open

    def fake_open(path, *args, **kwargs):
        if path == "/proc/cpuinfo":
            import io

            return io.StringIO(V2_CPU)
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", fake_open)
    monkeypatch.setattr("pyai._build.MARCH", "x86-64-v3", raising=False)
    with pytest.raises(ImportError, match="built for x86-64-v3 CPUs, and this CPU lacks .*bmi2.*PYAI_MARCH=x86-64-v2"):
        _cpu.check_cpu()


def test_this_machine_runs_the_installed_build():
    _cpu.check_cpu()  # the suite is running, so it must pass here
