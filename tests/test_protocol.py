"""The engine protocol (docs/protocol.md) through a real `python -m pyai engine`
process, plus the parser and the Engine in-process.

EngineProcess and InProcessEngine are shared by the other test_protocol*.py suites.
"""

from __future__ import annotations

import queue
import random
import re
import subprocess
import sys
import threading
import time

import pytest

import pyai
from pyai.protocol import Engine
from pyai.protocol.commands import Go, Position, SetOption, parse_line
from pyai.protocol.errors import CODES

from test_search import late_selling_position

TIMEOUT = 30.0
ANSWER = re.compile(
    r"(@\S+ )?(id (name|author) .+|option name \S+ type (spin|check|combo|string) default \S+.*|uciok|readyok"
    r"|legal( \S+)*|response( \S+)+|info .*|bestmove \S+( ponder( \S+)+)?|error (" + "|".join(CODES) + r") .+)"
)


class EngineProcess:
    """A live `python -m pyai engine [arguments]`: send lines, read answer lines with a timeout."""

    def __init__(self, *arguments: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "pyai", "engine", *arguments],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd="/",  # not the checkout: its pyai folder has no built core
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.stderr = b""
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for raw in self.process.stdout:
            self.lines.put(raw.decode("utf-8").rstrip("\n"))
        self.lines.put(None)

    def _read_stderr(self) -> None:
        assert self.process.stderr is not None
        self.stderr = self.process.stderr.read()

    def send(self, line: str | bytes) -> None:
        assert self.process.stdin is not None
        data = line if isinstance(line, bytes) else line.encode()
        self.process.stdin.write(data if data.endswith(b"\n") else data + b"\n")
        self.process.stdin.flush()

    def read(self, timeout: float = TIMEOUT) -> str:
        line = self.lines.get(timeout=timeout)
        if line is None:
            raise EOFError(f"engine exited; stderr: {self.stderr[-2000:]!r}")
        return line

    def until(self, predicate, timeout: float = TIMEOUT) -> list[str]:
        """Lines up to and including the first one for which predicate is true."""
        out = []
        deadline = time.monotonic() + timeout
        while True:
            line = self.read(max(0.01, deadline - time.monotonic()))
            out.append(line)
            if predicate(line):
                return out

    def ask(self, line: str | bytes, tag: str | None = None) -> list[str]:
        """The answer lines to one command (synchronised with isready). With a tag,
        the command is sent tagged and only its own lines come back (untagged), so
        that a running search's lines may interleave."""
        if tag is None:
            self.send(line)
            self.send("isready")
            return self.until(lambda x: x == "readyok")[:-1]
        self.send(f"{tag} {line}")
        self.send(f"{tag}-sync isready")
        lines = self.until(lambda x: x == f"{tag}-sync readyok")[:-1]
        return [x[len(tag) + 1 :] for x in lines if x.startswith(tag + " ")]

    def go(self, line: str = "go iterations 300") -> list[str]:
        """The lines of a search, up to and including bestmove."""
        self.send(line)
        return self.until(lambda x: re.fullmatch(r"(@\S+ )?bestmove \S+( ponder( \S+)+)?", x) is not None)

    def quit(self) -> int:
        try:
            self.send("quit")
        except (BrokenPipeError, OSError):
            pass
        return self.process.wait(timeout=TIMEOUT)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


class InProcessEngine:
    """The Engine in this process, what it prints (searches, queued answers) in a queue."""

    def __init__(self) -> None:
        self.printed: queue.Queue[str] = queue.Queue()
        self.engine = Engine(self.printed.put)

    def ask(self, line: str) -> list[str]:
        return self.engine.handle(line)

    def until(self, predicate) -> list[str]:
        """Printed lines up to and including the first for which predicate is true."""
        lines: list[str] = []
        deadline = time.monotonic() + TIMEOUT
        while not lines or not predicate(lines[-1]):
            lines.append(self.printed.get(timeout=max(0.0, deadline - time.monotonic())))
        return lines

    def until_bestmove(self) -> list[str]:
        return self.until(lambda line: "bestmove" in line.split()[:2])  # tagged or not

    def printed_so_far(self) -> list[str]:
        lines = []
        while not self.printed.empty():
            lines.append(self.printed.get_nowait())
        return lines

    def progress(self) -> int:
        job = self.engine._job
        return job.search.progress() if job is not None else -1

    def wait_for_progress(self, iterations: int) -> None:
        deadline = time.monotonic() + TIMEOUT
        while self.progress() < iterations:
            assert time.monotonic() < deadline, f"the search did not reach {iterations} iterations"
            time.sleep(0.01)


@pytest.fixture
def engine():
    process = EngineProcess()
    yield process
    process.close()


@pytest.fixture(scope="module")
def shared_engine():
    process = EngineProcess()
    yield process
    process.close()


def assert_error(lines: list[str], code: str) -> str:
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"error {code} "), lines
    return lines[0]


def bestmove_of(lines: list[str]) -> str:
    best = [line for line in lines if line.startswith("bestmove")]
    assert len(best) == 1, lines
    return best[0].split()[1]


def random_game(players: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    state = pyai.load_game(f"forsale(players={players})").new_initial_state()
    while not state.is_terminal():
        state.apply(
            state.sample_chance(rng.randrange(1 << 30))
            if state.to_move() == "chance"
            else rng.choice(state.legal_moves())
        )
    return state.history()


# --- the handshake and the simple commands --------------------------------------------------


def test_uci_lists_id_and_options_in_uci_syntax(shared_engine):
    shared_engine.send("uci")
    lines = shared_engine.until(lambda x: x == "uciok")
    assert lines[0] == "id name pyai" and any(line.startswith("id author ") for line in lines)
    options = [line for line in lines if line.startswith("option ")]
    names = {re.match(r"option name (\S+) type", line).group(1) for line in options}
    assert {"Threads", "Iterations", "MoveTime", "Seed", "Objective", "MultiPV", "ShowAll", "Hash"} <= names
    for line in options:
        assert re.fullmatch(
            r"option name \S+ type (spin default -?\d+ min -?\d+ max -?\d+|check default (true|false)"
            r"|combo default \S+( var \S+)+|string default default)",
            line,
        ), line
    shared_engine.send("isready")
    assert shared_engine.read() == "readyok"


def test_every_search_setting_is_an_option_left_to_the_game_by_default(engine):
    engine.send("uci")
    lines = engine.until(lambda x: x == "uciok")
    for name in ("prior_weight", "exploration", "rollout", "private_opponents", "max_raise", "chance_widening"):
        assert f"option name {name} type string default default" in lines
    position = "position forsale(players=4) moves deal:3,12,19,27 bid:1"
    view = pyai.load_game("forsale(players=4)").replay(["deal:3,12,19,27", "bid:1"]).view(1)
    for name, value, setting in [
        ("prior_weight", "5", 5.0),
        ("max_raise", "3", 3),
        ("rollout", "random", "random"),
        ("opponent_model", "none", "none"),  # a choice named none, not the absence of a value
    ]:
        assert engine.ask(f"setoption name {name} value {value}") == []
        engine.ask(position)
        searched = [line.split()[2:5:2] for line in engine.go("go iterations 400") if line.startswith("info action")]
        expected = pyai.analyse(view, iterations=400, seed=0, **{name: setting})
        assert expected.moves != pyai.analyse(view, iterations=400, seed=0).moves  # the setting changes the search
        assert searched and {tuple(line) for line in searched} <= {(m.token, str(m.visits)) for m in expected.moves}
        assert engine.ask(f"setoption name {name} value default") == []
    assert "must be a number 0 to 1000000 or default, not '-1'" in assert_error(
        engine.ask("setoption name prior_weight value -1"), "bad-value"
    )
    assert "must be heuristic, random or default, not 'smart'" in assert_error(
        engine.ask("setoption name rollout value smart"), "bad-value"
    )
    assert "must be a whole number 0 to 1000, none or default" in assert_error(
        engine.ask("setoption name opponent_max_raise value 2.5"), "bad-value"
    )
    assert engine.ask("setoption name opponent_max_raise value none") == []
    assert "must be a number 0 to 100, none or default, not 'x'" in assert_error(
        engine.ask("setoption name rollout_sell_later_weight value x"), "bad-value"
    )
    assert engine.ask("setoption name rollout_sell_later_weight value none") == []
    # A game's own tree option is left out of another game's search, which says so.
    assert engine.ask("setoption name max_raise value 2") == []
    engine.ask("position leduc() moves deal:ks deal:qh")
    lines = engine.go("go iterations 200")
    assert lines[0] == "info string max_raise is no setting of leduc: left out"
    assert bestmove_of(lines) in ("call", "raise")


def test_objective_option_leaves_the_objective_to_the_game_by_default(engine):
    engine.send("uci")
    lines = engine.until(lambda x: x == "uciok")
    assert "option name Objective type combo default game var game var win var score" in lines
    assert engine.ask("setoption name Objective value game") == []
    assert engine.ask("setoption name Objective value win") == []


def test_blank_lines_comments_and_crlf_need_no_answer(shared_engine):
    assert shared_engine.ask("") == []
    assert shared_engine.ask("   # just a comment") == []
    assert shared_engine.ask(b"position forsale(players=4) moves deal:1,2,3,4 # the deal\r\n") == []
    assert shared_engine.ask(b"query turn\r\n") == ["response 0"]


def test_every_error_code(engine):
    assert_error(engine.ask("legal"), "no-position")
    assert_error(engine.ask("go iterations 10"), "no-position")
    assert_error(engine.ask("frobnicate now"), "unknown-command")
    assert_error(engine.ask("go iterations ten"), "syntax")
    assert_error(engine.ask("position"), "syntax")
    assert_error(engine.ask("setoption Threads 2"), "syntax")
    assert_error(engine.ask("setoption name Threads value 0"), "bad-value")
    assert_error(engine.ask("setoption name Objective value money"), "bad-value")
    assert_error(engine.ask("position forsale(players=7)"), "bad-value")
    line = assert_error(engine.ask("position forsale(players=4) moves deal:3,12,19,27 bid:1 bid:1"), "illegal-move")
    assert line == "error illegal-move bid:1 at token 2: a bid must exceed 1 (legal: pass bid:2..bid:28)"
    assert_error(engine.ask("position forsale(players=4) moves deal:3,12,19,27 bid:x"), "illegal-move")
    engine.ask("newgame forsale(players=4)")
    assert_error(engine.ask("legal"), "inconsistent")  # cards must be dealt first
    assert_error(engine.ask("query result"), "inconsistent")
    assert_error(engine.ask("undo"), "inconsistent")
    assert engine.quit() == 0


def test_position_is_all_or_nothing(shared_engine):
    shared_engine.ask("position forsale(players=4) pov 0 moves deal:3,12,19,27 bid:1")
    before = shared_engine.ask("legal")
    line = assert_error(
        shared_engine.ask("position forsale(players=5) moves deal:1,2,3,4,5 pass pass sell:3"), "illegal-move"
    )
    assert "sell:3 at token 3" in line
    assert shared_engine.ask("legal") == before
    assert_error(shared_engine.ask("play bid:2 bid:2"), "illegal-move")  # the first bid:2 is not kept
    assert shared_engine.ask("legal") == before
    assert shared_engine.ask("play bid:2 bid:3") == []
    assert shared_engine.ask("query turn") == ["response 3"]
    assert shared_engine.ask("undo 2") == []
    assert shared_engine.ask("legal") == before
    line = assert_error(shared_engine.ask("undo 5"), "inconsistent")
    assert "cannot take back 5 tokens: only 2 tokens in this position" in line
    assert shared_engine.ask("position forsale(players=4) moves deal:3,12,19,27") == []
    line = assert_error(shared_engine.ask("undo 2"), "inconsistent")
    assert "cannot take back 2 tokens: only 1 token in this position" in line
    assert_error(shared_engine.ask("undo 0"), "bad-value")
    assert_error(shared_engine.ask("undo x"), "syntax")


AT_AUCTION = "phase:auction round:1 leader:0 turn:2 table:6,23,24 cash:28/28/28/28 advisors:-/3/-/- bids:1/pass/0/0"


def test_position_from_a_position_written_as_text(shared_engine):
    assert shared_engine.ask(f"position forsale(players=4) pov 2 at {AT_AUCTION} moves bid:2") == []
    assert shared_engine.ask("query turn") == ["response 3"]
    assert shared_engine.ask("undo 1") == []
    assert shared_engine.ask("query turn") == ["response 2"]
    assert shared_engine.ask("legal")[0].startswith("legal pass bid:2 bid:3")
    line = assert_error(shared_engine.ask("undo 1"), "inconsistent")
    assert "only 0 tokens after the start position" in line
    assert bestmove_of(shared_engine.go("go iterations 500")) in shared_engine.ask("legal")[0].split()
    shown = "\n".join(shared_engine.ask("show"))
    assert "as seen by seat 2" in shown
    # Refusals name the word or fact, and keep the position as it was.
    line = assert_error(
        shared_engine.ask(f"position forsale(players=4) at {AT_AUCTION.replace('turn:2', 'turn:1')}"), "inconsistent"
    )
    assert "seat 1 has passed" in line
    assert_error(shared_engine.ask("position forsale(players=4) at phase:auction colour:red"), "syntax")
    assert_error(shared_engine.ask("position forsale(players=4) at moves pass"), "syntax")
    assert_error(shared_engine.ask("position leduc at phase:x"), "syntax")
    assert shared_engine.ask("query turn") == ["response 2"]
    assert_error(shared_engine.ask(f"position forsale(players=4) at {AT_AUCTION} moves bid:1"), "illegal-move")
    helped = "\n".join(shared_engine.ask("help position"))
    assert "position as text" in helped and "bids:N|pass" in helped


def test_a_whole_game_token_by_token_against_the_library(shared_engine):
    tokens = random_game(4, seed=3)
    state = pyai.load_game("forsale(players=4)").new_initial_state()
    shared_engine.ask("newgame forsale(players=4)")
    for token in tokens:
        mover = state.to_move()
        assert shared_engine.ask("query turn") == [f"response {mover}"]
        if mover == "chance":
            assert_error(shared_engine.ask("legal"), "inconsistent")
        else:
            assert shared_engine.ask("legal") == [" ".join(["legal", *state.legal_moves()])]
        assert shared_engine.ask(f"play {token}") == []
        state.apply(token)
    assert shared_engine.ask("query turn") == ["response over"]
    assert shared_engine.ask("query result") == ["response " + " ".join(map(str, state.scores()))]


def test_legal_for_the_pov_seat_in_a_sealed_step(shared_engine):
    tokens = random_game(3, seed=5)
    state = pyai.load_game("forsale(players=3)").new_initial_state()
    checked = 0
    for token in tokens:
        d = state.to_dict()
        if d["phase"] == "selling" and d["sell_step"] == "choose" and d["to_move"] == 0:
            for pov in (1, 2):
                shared_engine.ask(f"position forsale(players=3) pov {pov} moves {' '.join(state.history())}")
                assert shared_engine.ask("legal") == [" ".join(["legal", *state.legal_moves_for(pov)])]
                checked += 1
        state.apply(token)
    assert checked >= 4


def test_tags_are_echoed_on_every_answer_line(shared_engine):
    assert shared_engine.ask("@a1 position forsale(players=4) pov 1 moves deal:3,12,19,27 bid:1") == []
    assert shared_engine.ask("@a2 legal")[0].startswith("@a2 legal pass bid:2")
    assert shared_engine.ask("@a3 bid:9") == ["@a3 error unknown-command unknown command 'bid:9' (try help)"]
    assert all(line.startswith("@a4 info string ") for line in shared_engine.ask("@a4 show"))
    lines = shared_engine.go("@a5 go iterations 400")
    assert lines and all(line.startswith("@a5 ") for line in lines)
    assert lines[-1].startswith("@a5 bestmove ")
    assert shared_engine.ask("@") == ["error syntax bad tag '@': '@' and 1 to 64 printable ASCII characters"]
    assert shared_engine.ask("@lonely") == ["@lonely error syntax a tag needs a command after it"]


def test_show_and_help_print_info_strings(shared_engine):
    shared_engine.ask("position forsale(players=4) pov 2 moves deal:3,12,19,27")
    shown = shared_engine.ask("show")
    assert shown[0].startswith("info string For Sale: Autorama, 4 players") and "as seen by seat 2" in shown[1]
    helped = shared_engine.ask("help")
    assert all(line.startswith("info string") for line in helped)
    text = "\n".join(helped)
    for word in ("position", "go", "setoption", "Threads", "MultiPV", "cash:21/?/15..22/26", "setup money", "deal:"):
        assert word in text
    assert_error(shared_engine.ask("help me"), "syntax")
    games = "\n".join(shared_engine.ask("help games"))  # a topic the help text names
    assert games.startswith("info string games:") and "forsale(players=3..6" in games


# --- searching ----------------------------------------------------------------------------------


def check_search(lines: list[str], legal: list[str]) -> str:
    assert all(ANSWER.fullmatch(line) for line in lines), lines
    summary = [line for line in lines if re.match(r"info iterations \d+ time \d+ ips \d+ nodes \d+", line)]
    assert len(summary) == 1, lines
    actions = [line for line in lines if line.startswith("info action ")]
    assert actions
    for line in actions:
        m = re.fullmatch(
            r"info action (\S+) visits (\d+) share ([\d.]+)"
            r"( win ([\d.]+) se [\d.]+ score (-?[\d.]+) sd [\d.]+)?( pv (\S+)( \S+)*)?",
            line,
        )
        assert m and m.group(1) in legal, line
        assert 0 <= float(m.group(3)) <= 1
        assert (m.group(4) is None) == (m.group(2) == "0"), line  # a move never tried has no estimates
        assert m.group(5) is None or 0 <= float(m.group(5)) <= 1
        assert m.group(8) in (None, m.group(1)), line  # the pv starts with the move
    best = bestmove_of(lines)
    assert best in legal and re.fullmatch(rf"bestmove {re.escape(best)}( ponder( \S+)+)?", lines[-1]), lines[-1]
    return best


@pytest.mark.parametrize(
    "go",
    [
        "go iterations 800",
        "go movetime 150",
        "go time 3000",
        "go iterations 600 threads 2",
        "go iterations 300 movetime 5000",
        "go iterations 700 movetime 999999999999999999",
    ],
)
def test_go_with_each_budget(shared_engine, go):
    shared_engine.ask("position forsale(players=4) moves deal:3,12,19,27 bid:1")
    legal = shared_engine.ask("legal")[0].split()[1:]
    lines = shared_engine.go(go)
    check_search(lines, legal)
    done = int(re.search(r"info iterations (\d+) time \d+ ips \d+ nodes", "\n".join(lines)).group(1))
    if "iterations" in go:
        assert done == int(go.split("iterations ")[1].split()[0])


def test_go_default_budget_options_and_multipv(engine):
    shared_engine = engine  # options stay with the process: a fresh one
    shared_engine.ask("position forsale(players=4) moves deal:3,12,19,27")
    legal = shared_engine.ask("legal")[0].split()[1:]
    for line in (
        "setoption name Iterations value 500",
        "setoption name multipv value 1",
        "setoption name Seed value 7",
    ):
        assert shared_engine.ask(line) == []
    lines = shared_engine.go("go")
    check_search(lines, legal)
    assert "info iterations 500 " in "\n".join(lines)
    assert len([line for line in lines if line.startswith("info action")]) == 1
    assert shared_engine.ask("setoption name ShowAll value true") == []
    lines = shared_engine.go("go iterations 300")
    assert {line.split()[2] for line in lines if line.startswith("info action")} == set(legal)
    assert shared_engine.ask("setoption name Objective value score") == []
    assert shared_engine.ask("setoption name Algorithm value pimc") == []
    check_search(shared_engine.go("go iterations 320"), legal)
    shared_engine.ask("setoption name Iterations value 0")
    assert_error(shared_engine.ask("go"), "bad-value")  # no budget at all


def test_go_refuses_a_seat_without_a_decision(shared_engine):
    shared_engine.ask("position forsale(players=4) pov 0 moves deal:3,12,19,27 bid:1")
    assert_error(shared_engine.ask("go iterations 50"), "inconsistent")
    shared_engine.ask("newgame forsale(players=4)")
    assert_error(shared_engine.ask("go iterations 50"), "inconsistent")


def test_sealed_sell_bestmove_is_drawn_from_the_mixed_policy_reproducibly(shared_engine):
    tokens = random_game(4, seed=8)
    state = pyai.load_game("forsale(players=4)").new_initial_state()
    for token in tokens:
        d = state.to_dict()
        if d["phase"] == "selling" and d["sell_step"] == "choose" and d["round"] == 2 and d["to_move"] == 0:
            break
        state.apply(token)
    shared_engine.ask(f"position forsale(players=4) pov 2 moves {' '.join(state.history())}")
    legal = state.legal_moves_for(2)
    first = shared_engine.go("go iterations 1500")
    assert "policy mixed" in "\n".join(first)
    again = shared_engine.go("go iterations 1500")
    assert check_search(first, legal) == check_search(again, legal)


def test_a_seat_that_cannot_win_gets_the_move_with_the_best_expected_score(engine):
    # Seat 1 cannot win whatever it sells: every sell 0.000 win, so the mixed
    # policy is uniform and a draw from it would be arbitrary. The bestmove is
    # the sell with the best expected score instead, and the engine says so.
    state = late_selling_position()
    engine.ask(f"position forsale(players=3) pov 1 moves {' '.join(state.history())}")
    assert engine.ask("setoption name ShowAll value true") == []
    lines = engine.go("go iterations 4000")
    legal = state.legal_moves_for(1)
    best = check_search(lines, legal)
    scores = {
        line.split()[2]: float(re.search(r" score (-?[\d.]+)", line).group(1))
        for line in lines
        if line.startswith("info action")
    }
    assert set(scores) == set(legal)
    assert "info string cannot win (best win 0.000): bestmove by the expected score" in lines
    assert best == max(scores, key=scores.get)
    # A client that sets what to play for keeps it: the plain win share, drawn from the policy.
    assert engine.ask("setoption name margin_weight value 0") == []
    assert not any("cannot win" in line for line in engine.go("go iterations 4000"))
    # A seat that can still win is not told it cannot.
    engine.ask("position forsale(players=4) moves deal:3,12,19,27")
    assert not any("cannot win" in line for line in engine.go("go iterations 500"))


def test_isready_stop_and_progress_during_a_search(engine):
    engine.ask("position forsale(players=4) moves deal:3,12,19,27")
    engine.send("go infinite")
    time.sleep(1.2)  # progress lines come about twice a second
    engine.send("isready")
    before_stop = engine.until(lambda x: x == "readyok")
    assert not any(line.startswith("bestmove") for line in before_stop)
    assert any(re.fullmatch(r"info iterations \d+ time \d+ ips \d+", line) for line in before_stop)
    engine.send("stop")
    lines = engine.until(lambda x: x.startswith("bestmove"))
    assert len([line for line in lines if line.startswith("bestmove")]) == 1
    assert engine.ask("stop") == []  # nothing to stop: no second bestmove
    assert engine.ask("query turn") == ["response 0"]
    assert engine.quit() == 0


def test_quit_during_a_search_prints_its_bestmove_and_exits(engine):
    engine.ask("position forsale(players=4) moves deal:3,12,19,27")
    engine.send("go infinite")
    engine.send("quit")
    lines = engine.until(lambda x: x.startswith("bestmove"))
    assert lines[-1].startswith("bestmove ")
    assert engine.process.wait(timeout=TIMEOUT) == 0


def test_end_of_input_is_quit(engine):
    engine.ask("position forsale(players=4) moves deal:3,12,19,27")
    engine.send("go infinite")
    engine.process.stdin.close()
    lines = engine.until(lambda x: x.startswith("bestmove"))
    assert lines[-1].startswith("bestmove ")
    assert engine.process.wait(timeout=TIMEOUT) == 0


# --- malformed input ------------------------------------------------------------------------------


def test_long_binary_and_half_lines(shared_engine):
    shared_engine.send(b"x" * ((1 << 20) + 10))
    shared_engine.send("isready")
    assert shared_engine.until(lambda x: x == "readyok") == [
        "error syntax line longer than 1048576 bytes (1 MiB): refused",
        "readyok",
    ]
    shared_engine.send(b"@big " + b"legal " * 200_000)
    assert shared_engine.read().startswith("@big error syntax line longer")
    assert shared_engine.ask(b"\x00\xff\xfe\x80 go") == [
        "error unknown-command unknown command '\\x00\\ufffd\\ufffd\\ufffd' (try help)"
    ]
    assert shared_engine.ask("position forsale(players=4") == [
        "error syntax the game string 'forsale(players=4' has unbalanced parentheses"
    ]
    assert_error(shared_engine.ask("position forsale(players=4) pov"), "syntax")
    assert_error(shared_engine.ask("position forsale(players=4) pov 9"), "bad-value")
    assert_error(shared_engine.ask("go iterations"), "syntax")
    assert_error(shared_engine.ask("go iterations 0"), "bad-value")
    assert_error(shared_engine.ask("go iterations 99999999999999999999"), "syntax")
    shared_engine.send("isready")
    assert shared_engine.read() == "readyok"


# --- in-process: the parser and the engine object -------------------------------------------------


def test_parser_objects():
    line = parse_line("@t7 position forsale(players=5, theme=advisors) pov 3 moves deal:1,2,3,4,5 pass")
    assert line.tag == "@t7"
    assert line.command == Position("forsale(players=5, theme=advisors)", 3, None, ("deal:1,2,3,4,5", "pass"))
    assert parse_line("setoption name Threads value 4").command == SetOption("Threads", "4")
    assert parse_line("go movetime 200 threads 2").command == Go(movetime=200, threads=2)
    assert parse_line("  # nothing").command is None and parse_line("").error is None
    assert parse_line("go go").error.code == "syntax"


def test_engine_in_process():
    out: list[str] = []
    engine = Engine(emit=out.append)
    assert engine.handle("position forsale(players=4,theme=advisors) moves deal:3,12,19,27 bid:1") == []
    assert engine.handle("legal")[0].startswith("legal pass bid:2")
    assert engine.handle("@x go iterations 200") == []
    engine.wait()
    assert out[-1].startswith("@x bestmove ") and out[0].startswith("@x info iterations 200 ")
    assert engine.handle("quit") == [] and engine.quit_requested


def run_engine_script(script: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pyai", "engine"], input=script, capture_output=True, text=True, timeout=300, cwd="/"
    )


def test_at_end_of_input_a_finite_search_finishes_and_an_infinite_one_says_it_was_cut_short():
    position = "position forsale(players=4) moves deal:3,12,19,27\n"
    finite = run_engine_script(position + "go iterations 20000\n")
    lines = finite.stdout.splitlines()
    summary = [line for line in lines if line.startswith("info iterations") and " nodes " in line]
    assert summary and summary[-1].split()[2] == "20000", lines  # the whole budget, not cut at end of input
    assert lines[-1].startswith("bestmove ") and "cut short" not in finite.stdout
    infinite = run_engine_script(position + "go infinite\n")
    lines = infinite.stdout.splitlines()
    assert lines[-1].startswith("bestmove ")
    assert any(line.startswith("info string end of input") for line in lines[:-1]), lines


def test_go_searchmoves_searches_only_the_named_moves(engine):
    engine.ask("position forsale(players=4) moves deal:3,12,19,27 bid:1")
    lines = engine.go("go iterations 600 searchmoves pass bid:7")
    actions = [line for line in lines if line.startswith("info action")]
    assert {line.split()[2] for line in actions} == {"pass", "bid:7"}
    assert bestmove_of(lines) in ("pass", "bid:7")
    assert all(re.search(r" win \d\.\d{4} se \d\.\d{4} score ", line) for line in actions)
    assert bestmove_of(engine.go("go searchmoves bid:5 iterations 300")) == "bid:5"  # moves end at a go word
    assert "searchmoves: bid:1: a bid must exceed 1" in assert_error(engine.ask("go searchmoves bid:1"), "illegal-move")
    assert_error(engine.ask("go searchmoves"), "syntax")
    assert_error(engine.ask("go searchmoves pass iterations 5 searchmoves pass"), "syntax")
