"""A tournament's progress: a bar on a terminal, a plain line now and then elsewhere."""

import io
import re

from pyai.tournament import TournamentConfig, run_tournament
from pyai.tournament import progress as progress_module
from pyai.tournament.progress import ProgressLines, duration_text, progress_display


class FakeClock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_durations_read_as_people_say_them():
    assert [duration_text(s) for s in (0, 44.6, 59.4, 60, 90, 3599, 3600, 3 * 3600 + 5 * 60 + 10)] == [
        "0 s",
        "45 s",
        "59 s",
        "1 min",
        "2 min",
        "1 h 00 min",
        "1 h 00 min",
        "3 h 05 min",
    ]


def test_lines_come_at_most_once_an_interval_with_the_rate_and_the_time_left():
    clock, out = FakeClock(), io.StringIO()
    lines = ProgressLines(total=300, initial=36, stream=out, every_seconds=60, clock=clock)
    clock.now += 30
    lines.update(1)
    assert out.getvalue() == ""  # not yet a minute
    clock.now += 90  # 2 minutes in: 4 played, 2 a minute, 260 left
    lines.update(3)
    assert out.getvalue() == (
        "stored 40 of 300 games (13%); this run 4 in 2 min, 2.0 a minute; about 2 h 10 min left\n"
    )
    clock.now += 10
    lines.update(1)
    assert out.getvalue().count("\n") == 1  # the next line waits for the interval from the last
    lines.set_postfix(failures=2, refresh=False)
    clock.now += 60
    lines.update(1)
    assert out.getvalue().splitlines()[-1].endswith("; 2 failed")
    assert "\r" not in out.getvalue()


def test_the_last_games_say_no_time_left():
    clock, out = FakeClock(), io.StringIO()
    lines = ProgressLines(total=2, initial=0, stream=out, every_seconds=0, clock=clock)
    clock.now += 5
    lines.update(2)
    assert out.getvalue() == "stored 2 of 2 games (100%); this run 2 in 5 s, 24.0 a minute\n"


def test_a_terminal_gets_a_bar_and_quiet_gets_nothing():
    terminal = Terminal()
    bar = progress_display(10, 0, True, terminal)
    bar.update(3)
    bar.close()
    assert "3/10" in terminal.getvalue() and "\r" in terminal.getvalue()
    for stream in (Terminal(), io.StringIO()):
        quiet = progress_display(10, 0, False, stream)
        quiet.update(3)
        quiet.close()
        assert stream.getvalue() == ""


def test_a_run_whose_stderr_is_no_terminal_writes_lines_as_it_stores_games(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(progress_module, "LINE_EVERY_SECONDS", 0.0)  # a line for every game stored
    config = TournamentConfig("forsale(players=3)", ["heuristic", "random"], deals=2)
    run_tournament(config, str(tmp_path / "r.sqlite"), concurrency=1, max_games=4)
    counts = [int(n) for n in re.findall(r"^stored (\d+) of 6 games", capsys.readouterr().err, re.MULTILINE)]
    assert counts == [1, 2, 3, 4]
    run_tournament(config, str(tmp_path / "r.sqlite"), concurrency=1, progress=False)
    assert capsys.readouterr().err == ""
