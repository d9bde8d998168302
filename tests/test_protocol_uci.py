"""What a UCI GUI author expects of the engine (docs/protocol.md): ucinewgame
and debug, go nodes and go depth, clocks through one time manager, unknown
options ignored, commands sent during a search carried out after its
bestmove, and the docs' protocol examples running as written."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from test_protocol import ANSWER, EngineProcess, InProcessEngine, assert_error, bestmove_of

from pyai.protocol.commands import Go, parse_line
from pyai.protocol.time_manager import move_budget_ms

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 60.0
AUCTION = "position forsale(players=4) moves deal:3,12,19,27"
BESTMOVE = re.compile(r"(@\S+ )?bestmove \S+( ponder( \S+)+)?")


@pytest.fixture
def engine():
    engine = InProcessEngine()
    yield engine
    engine.engine.shutdown()


def reported(lines: list[str]) -> list[str]:
    return [line for line in lines if line.startswith(("info action", "bestmove"))]


# --- ucinewgame and debug ------------------------------------------------------------------------


def test_ucinewgame_forgets_the_position_and_keeps_the_options(engine):
    engine.ask(AUCTION)
    assert engine.ask("setoption name MultiPV value 1") == []
    assert engine.ask("ucinewgame") == []
    assert engine.ask("legal")[0].startswith("error no-position ")
    assert_error(engine.ask("ucinewgame now"), "syntax")
    engine.ask(AUCTION)
    engine.ask("go iterations 300")
    lines = engine.until(BESTMOVE.fullmatch)
    assert len([line for line in lines if line.startswith("info action")]) == 1  # MultiPV stayed


def test_debug_on_says_the_budget_and_off_is_quiet(engine):
    assert engine.ask("debug off") == []
    assert engine.ask("debug on") == []
    engine.ask(AUCTION)
    engine.ask("go time 3000")
    lines = engine.until(BESTMOVE.fullmatch)
    assert lines[0] == (
        "info string debug: budget iterations - time 150 ms "
        "(time manager: seat 0 clock 3000 ms inc 0 ms movestogo -: 150 ms)"
    )
    assert engine.ask("debug off") == []
    engine.ask("go iterations 200")
    assert not any("debug" in line for line in engine.until(BESTMOVE.fullmatch))
    assert_error(engine.ask("debug"), "syntax")
    assert_error(engine.ask("debug maybe"), "syntax")


# --- go nodes and go depth --------------------------------------------------------------------------


def test_go_nodes_is_go_iterations(engine):
    engine.ask(AUCTION)
    engine.ask("go iterations 700")
    by_iterations = engine.until(BESTMOVE.fullmatch)
    engine.ask("go nodes 700")
    by_nodes = engine.until(BESTMOVE.fullmatch)
    assert "info iterations 700 " in "\n".join(by_nodes)
    assert reported(by_nodes) == reported(by_iterations)  # one seed, one thread: the same search
    assert parse_line("go nodes 5 iterations 5").error.line() == (
        "error syntax go nodes and go iterations are the same limit: give one"
    )
    assert_error(engine.ask("go nodes 0"), "bad-value")


def test_go_depth_is_refused_naming_what_to_give(engine):
    engine.ask(AUCTION)
    line = assert_error(engine.ask("go depth 8"), "bad-value")
    assert "no depth limit" in line and "iterations N (or nodes N)" in line and "movetime" in line
    assert not engine.engine.searching


# --- time management ------------------------------------------------------------------------------


def test_the_time_manager_rule():
    assert move_budget_ms(3000) == 150  # a twentieth, as `go time` always spent
    assert move_budget_ms(60_000, 1000) == 4000
    assert move_budget_ms(2000, 100, 5) == 500
    assert move_budget_ms(1000, 0, 1) == 950  # the last move before the control keeps 5%
    assert move_budget_ms(500, 1000) == 450  # never past the clock less its margin
    assert move_budget_ms(100_000, 0, 1) == 95_000
    assert move_budget_ms(40) == 1  # less than the margin left: the smallest budget


def budget_line(engine: InProcessEngine, go: str) -> str:
    assert engine.ask(go) == []
    lines = engine.until(BESTMOVE.fullmatch)
    return next(line for line in lines if line.startswith("info string debug: "))


def test_every_clock_form_goes_through_the_time_manager(engine):
    engine.ask("debug on")
    engine.ask(AUCTION)  # seat 0 searches
    assert "time 4000 ms (time manager: seat 0 clock 60000 ms inc 1000 ms" in budget_line(
        engine, "go wtime 60000 btime 1000 winc 1000 binc 0"
    )
    assert "time 500 ms (time manager: seat 0 clock 2000 ms inc 100 ms movestogo 5" in budget_line(
        engine, "go time 2000 inc 100 movestogo 5"
    )
    assert "iterations 300 time 150 ms" in budget_line(engine, "go time 3000 iterations 300")
    assert "time 100 ms (time manager" in budget_line(engine, "go time 60000 movetime 100")  # the first limit
    engine.ask("position leduc() moves deal:ks deal:qh call")  # seat 1 searches
    assert "seat 1 clock 1000 ms inc 20 ms movestogo -: 70 ms" in budget_line(
        engine, "go wtime 90000 btime 1000 winc 5000 binc 20"
    )
    assert engine.ask("go ponder time 2000") == []
    assert engine.ask("ponderhit") == []
    assert engine.until(BESTMOVE.fullmatch)[0].endswith(": 100 ms) from ponderhit")


def test_a_clock_that_leaves_the_seat_without_time_is_refused(engine):
    engine.ask(AUCTION)
    for go, words in [
        ("go btime 5000 binc 10", "no remaining time for seat 0"),
        ("go inc 100", "no remaining time for seat 0"),
        ("go time 5000 wtime 5000", "go time and go wtime both give seat 0's clock"),
        ("go time 5000 winc 5 inc 5", "go inc and go winc both give seat 0's clock"),
        ("go time 0", "go time must be at least 1"),
        ("go time 100 movestogo 0", "go movestogo must be at least 1"),
    ]:
        assert words in assert_error(engine.ask(go), "bad-value"), go
    engine.ask("position forsale(players=4) moves deal:3,12,19,27 bid:1 bid:2")  # seat 2 searches
    line = assert_error(engine.ask("go wtime 5000 btime 5000"), "bad-value")
    assert "seat 2" in line and "time ms" in line
    assert parse_line("go wtime 10 btime 20 winc 1 binc 2 movestogo 3").command == Go(
        wtime=10, btime=20, winc=1, binc=2, movestogo=3
    )
    assert not engine.engine.searching


# --- options -----------------------------------------------------------------------------------


def test_an_unknown_option_is_ignored_with_an_info_string_and_a_bad_value_is_an_error(engine):
    before = dict(engine.engine.settings.values)
    assert engine.ask("@o setoption name Ponder value true") == [
        "@o info string unknown option 'Ponder' ignored (help options lists them)"
    ]
    assert engine.ask("setoption name Clear Hash") == [
        "info string unknown option 'Clear Hash' ignored (help options lists them)"
    ]
    assert engine.engine.settings.values == before
    assert_error(engine.ask("setoption name MultiPV value many"), "bad-value")
    assert_error(engine.ask("setoption name Threads"), "bad-value")
    assert engine.engine.settings.values == before


# --- commands sent during a search ------------------------------------------------------------------


def test_commands_sent_during_a_search_wait_for_its_bestmove_in_order(engine):
    engine.ask(AUCTION)
    before = engine.engine.position.record()
    assert engine.ask("@s go infinite") == []
    queued = [
        "@p position forsale(players=4) moves deal:3,12,19,27 bid:1",
        "@o setoption name MultiPV value 1",
        "@bad play bid:1",  # illegal after bid:1: its error comes in its turn
        "@l legal",
        "@x frobnicate",
        "@g go iterations 300",
        "@t query turn",
    ]
    for line in queued:
        assert engine.ask(line) == []
    assert engine.ask("isready") == ["readyok"]  # at once
    assert engine.engine.position.record() == before  # nothing carried out yet
    assert engine.engine.settings["MultiPV"] == 3
    assert not any(line.startswith("@s bestmove") for line in engine.printed_so_far())
    assert engine.ask("stop") == []
    lines = [line for line in engine.until(lambda x: x.startswith("@t ")) if not line.startswith("@s info")]
    lines = [line for line in lines if not re.match(r"@g info iterations \d+ time \d+ ips \d+$", line)]
    assert lines[0].startswith("@s bestmove ")
    assert lines[1].startswith("@bad error illegal-move bid:1 at token 0: a bid must exceed 1")
    assert lines[2].startswith("@l legal pass bid:2 ")
    assert lines[3].startswith("@x error unknown-command ")
    assert lines[4].startswith("@g info iterations 300 ")
    assert len([line for line in lines if line.startswith("@g info action")]) == 1  # MultiPV 1 applied first
    assert lines[-2].startswith("@g bestmove ") and lines[-1] == "@t response 1"
    assert engine.engine.position.record().endswith("bid:1")


def test_stop_and_ponderhit_act_on_the_running_search_not_the_queued_one(engine):
    engine.ask(AUCTION)
    engine.ask("go ponder iterations 400")
    engine.ask("go iterations 300")  # waits
    assert engine.ask("ponderhit") == []
    lines = engine.until(BESTMOVE.fullmatch)
    assert "info iterations 400 " in "\n".join(lines)
    lines = engine.until(BESTMOVE.fullmatch)
    assert "info iterations 300 " in "\n".join(lines)
    engine.engine.wait()
    assert not engine.engine.searching


def test_quit_during_a_search_stops_it_at_once_prints_its_bestmove_and_drops_what_waits(engine):
    engine.ask(AUCTION)
    engine.ask("go iterations 1000000000")
    engine.ask("position forsale(players=3)")
    engine.ask("go iterations 5")
    assert engine.ask("quit") == ["info string quit: 2 commands sent during the search not carried out"]
    lines = engine.printed_so_far()
    assert [line for line in lines if BESTMOVE.fullmatch(line)] == [lines[-1]]
    assert engine.engine.quit_requested and not engine.engine.searching
    assert engine.engine.position.game.players == 4  # the queued position was not carried out


def run_script(script: str, *arguments: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-m", "pyai", "engine", *arguments],
        input=script,
        capture_output=True,
        text=True,
        timeout=300,
        cwd="/",
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-2000:]
    return done.stdout.splitlines()


def test_a_piped_script_runs_every_command_in_order():
    lines = run_script(
        f"{AUCTION}\ngo iterations 3000\nplay bid:1\ngo iterations 200\nquery turn\nplay bid:1\nlegal\ngo infinite\n"
    )
    assert all(ANSWER.fullmatch(line) for line in lines), lines
    best = [i for i, line in enumerate(lines) if line.startswith("bestmove ")]
    assert len(best) == 3
    assert "info iterations 3000 " in "\n".join(lines[: best[0]])
    assert "info iterations 200 " in "\n".join(lines[best[0] : best[1]])
    assert lines[best[1] + 1] == "response 1"
    assert lines[best[1] + 2].startswith("error illegal-move bid:1 at token 0")
    assert lines[best[1] + 3].startswith("legal pass bid:2")
    assert "info string end of input: the infinite search was stopped" in lines[best[1] :]


def test_quit_piped_after_go_cuts_the_search_short_and_still_answers():
    lines = run_script(f"{AUCTION}\ngo iterations 100000000\nquit\n")
    assert lines[-1].startswith("bestmove ")
    summary = next(line for line in lines if " nodes " in line)
    assert int(summary.split()[2]) < 100_000_000


def test_a_live_engine_queues_and_keeps_tags_and_the_long_line_refusal_in_turn():
    engine = EngineProcess()
    try:
        engine.send(AUCTION)
        engine.send("@s go infinite")
        engine.send("@p play bid:1")
        engine.send(b"@big " + b"legal " * 200_000)
        engine.send("@q query turn")
        engine.send("@r isready")
        assert engine.until(lambda x: x.startswith("@r "))[-1] == "@r readyok"
        engine.send("stop")
        lines = [line for line in engine.until(lambda x: x.startswith("@q ")) if not line.startswith("@s info")]
        assert lines[0].startswith("@s bestmove ")
        assert lines[1].startswith("@big error syntax line longer than 1048576 bytes")
        assert lines[2] == "@q response 1"
        assert engine.quit() == 0
    finally:
        engine.close()


# --- the docs' examples -------------------------------------------------------------------------


def partial_position_examples() -> list[str]:
    docs = (ROOT / "docs" / "protocol.md").read_text()
    section = docs.split("## For Sale: positions known only in part", 1)[1]
    block = re.search(r"\n\n((?:    .*\n)+)", section).group(1)
    commands = " ".join(block.split()).replace(" go ", "\ngo ").splitlines()
    readme = (ROOT / "README.md").read_text()
    inline = re.search(r"`(position forsale\(players=4\) pov 0 at [^`]*)`", readme).group(1)
    return [commands, [" ".join(inline.split()), "go iterations 2000"]]


@pytest.mark.parametrize("commands", partial_position_examples(), ids=["docs", "readme"])
def test_the_partial_position_example_runs_as_written(engine, commands):
    assert commands[0].startswith("position ") and commands[-1].startswith("go ")
    for command in commands[:-1]:
        assert engine.ask(command) == [], command
    assert engine.ask(commands[-1]) == []
    best = bestmove_of(engine.until(BESTMOVE.fullmatch))
    assert best in engine.ask("legal")[0].split()[1:]


def exchanges() -> list[list[str]]:
    """The `> ` and `< ` lines of each exchange in docs/protocol.md and the README."""
    found = []
    for page in (ROOT / "docs" / "protocol.md", ROOT / "README.md"):
        block: list[str] | None = None
        for line in page.read_text().splitlines():
            if line.startswith("```"):
                if block is not None and any(x.startswith("> ") for x in block):
                    found.append([x for x in block if x.startswith(("> ", "< "))])
                block = [] if block is None else None
            elif block is not None:
                block.append(line)
    return found


@pytest.mark.parametrize("exchange", exchanges())
def test_the_exchanges_in_the_docs_answer_as_shown(engine, exchange):
    """Each command answers lines of the kinds shown (the numbers differ: they are timings and searches)."""
    sent = [line[2:] for line in exchange if line.startswith("> ")]
    shown = [line[2:] for line in exchange if line.startswith("< ") and line != "< ..."]
    got: list[str] = []
    for command in sent:
        got.extend(engine.ask(command))
        if command.startswith("go") and "ponder" not in command.split():
            engine.engine.wait()
        if command == "ponderhit":
            engine.engine.wait()
        got.extend(engine.printed_so_far())
    assert all(ANSWER.fullmatch(line) for line in got), got
    answers = ("uciok", "readyok", "legal", "response", "bestmove", "error")
    assert [line.split()[0] for line in got if line.split()[0] in answers] == [
        line.split()[0] for line in shown if line.split()[0] in answers
    ]
    errors = [line for line in got if line.startswith("error ")]
    assert errors == [line for line in shown if line.startswith("error ")]
