"""bench/cpu_time_ratio.py: two commands' CPU time as a ratio, in interleaved pairs."""

import shlex
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
import cpu_time_ratio  # noqa: E402


def test_the_runs_alternate_after_the_warm_up_and_each_pair_gives_a_ratio():
    order = []
    new_times, old_times = iter([9.0, 2.0, 3.0, 6.0]), iter([9.0, 4.0, 6.0, 3.0])

    def timer(name, times):
        def run():
            order.append(name)
            return next(times)

        return run

    new, old, ratios = cpu_time_ratio.paired_ratios(timer("new", new_times), timer("old", old_times), pairs=3)
    assert order == ["new", "old"] * 4  # the warm-up pair is run and not counted
    assert new == [2.0, 3.0, 6.0] and old == [4.0, 6.0, 3.0]
    assert ratios == [0.5, 0.5, 2.0]


def busy(seconds_of_work: int) -> str:
    return shlex.join([sys.executable, "-c", f"sum(range({seconds_of_work} * 10_000_000))"])


def test_a_command_doing_more_work_shows_the_larger_cpu_time(capsys):
    assert cpu_time_ratio.main(["--pairs", "2", "--warmup", "0", busy(1), "true"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("new: ") and "sum(range(" in out[0] and out[1].startswith("old: true: median ")
    new_seconds = float(out[0].split("median ")[1].split()[0])
    assert new_seconds > 0.05  # the loop's own CPU time, read from the finished process
    ratio = float(out[2].split("new/old: ")[1].split()[0])
    assert ratio > 1 and "(median of 2 pairs; " in out[2]


def test_a_failing_or_missing_command_is_named_and_nothing_is_reported(capsys):
    failing = shlex.join([sys.executable, "-c", "import sys; sys.exit('no such position: x')"])
    assert cpu_time_ratio.main(["--pairs", "1", "true", failing]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "exited with status 1: no such position: x" in captured.err
    assert cpu_time_ratio.main(["--pairs", "1", "/nonexistent/driver 5", "true"]) == 1
    assert "cannot start /nonexistent/driver 5: No such file or directory" in capsys.readouterr().err
