"""Tournaments end to end: duplicate deals, storage and resume, failing engines, Dask, SPRT, the CLI."""

import io
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import psutil
import pytest

import pyai as pyai_module
from pyai.tournament import (
    EngineFailure,
    ExternalEngine,
    SpecError,
    Store,
    StoreError,
    TournamentConfig,
    TournamentError,
    engine_output,
    plan,
    run_tournament,
)
from pyai.tournament.play import play_game
from pyai.tournament.report import table
from pyai.tournament.sprt import SprtParams

FAKE_ENGINE = Path(__file__).parent / "fixtures" / "fake_engine.py"
FAST = ["random", "heuristic", "ismcts:iterations=30"]


def fake(mode: str, at: int = 2) -> str:
    return f"cmd:{sys.executable} {FAKE_ENGINE} {mode} {at}"


def pyai(*args: str, cwd="/") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pyai", *args], capture_output=True, text=True, timeout=120, cwd=cwd
    )  # not from the checkout: its pyai/ has no built core


MIB = 1 << 20
REFEREE_MEMORY_LIMIT = 512 * MIB  # a referee needs about 50 MiB; buffering a flood without bound ends far past it


def pyai_watched(*args: str, timeout: float = 60) -> tuple[subprocess.CompletedProcess, int]:
    """`pyai ARGS` and the peak resident memory of its process. Killed, and the test failed, past the
    memory limit or `timeout` (a generous bound that only proves it ended): a run that hangs or fills
    memory fails the test instead of the session or the machine."""
    process = subprocess.Popen(
        [sys.executable, "-m", "pyai", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd="/"
    )
    watched = psutil.Process(process.pid)
    peak = 0
    give_up = time.monotonic() + timeout
    while True:
        try:
            stdout, stderr = process.communicate(timeout=0.1)
            break
        except subprocess.TimeoutExpired:
            pass
        try:
            peak = max(peak, watched.memory_info().rss)
        except psutil.Error:  # it has just ended
            continue
        if peak > REFEREE_MEMORY_LIMIT or time.monotonic() > give_up:
            process.kill()
            stdout, stderr = process.communicate()
            pytest.fail(f"pyai {' '.join(args)}: killed at {peak / MIB:.0f} MiB; stderr: {stderr[-2000:]}")
    return subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr), peak


def chance_tokens(tokens):
    return [token for token in tokens if token.startswith(("removed:", "deal:"))]


def test_a_small_tournament_plays_duplicate_deals_and_reports(tmp_path):
    db = str(tmp_path / "results.sqlite")
    config = TournamentConfig("forsale(players=3)", FAST, deals=3)
    report = run_tournament(config, db, concurrency=2, progress=False)
    assert report["run"]["played"] == 9 and report["run"]["complete"] and report["run"]["slots"] == 2
    with Store(db, create=False) as store:
        games = store.games()
        assert store.settings()["bots"] == ["random", "heuristic", "ismcts:iterations=30"]
    assert len(games) == 9 and len({(g["deal"], tuple(g["seating"])) for g in games}) == 9
    for deal in (1, 2, 3):
        played = [g for g in games if g["deal"] == deal]
        assert sorted(tuple(g["seating"]) for g in played) == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
        # the same cards in every seating (the whole deck, not just the first rounds)
        assert len({tuple(chance_tokens(g["tokens"])) for g in played}) == 1
        assert len(chance_tokens(played[0]["tokens"])) > 10
    for g in games:
        assert g["outcome"] == "normal" and len(g["scores"]) == 3 and g["winners"]
        assert min(g["ranks"]) == 1 or len(g["winners"]) > 1
        assert all(t >= 0 for t in g["times"]) and sum(g["decisions"]) > 10
    rows = {row["bot"]: row for row in report["bots"]}
    assert sum(row["wins"] for row in rows.values()) == pytest.approx(9)
    assert all(row["games"] == 9 for row in rows.values())
    assert rows["heuristic"]["win_rate"] > rows["random"]["win_rate"]
    assert all(row["ms_per_move"] is not None and row["failures"] == 0 for row in rows.values())
    # a record replays to the end, and a game is reproduced from its seeds
    assert pyai_module.load_game(report["settings"]["game"]).replay(games[4]["tokens"]).is_terminal()
    job = next(j for j in plan(config).jobs if (j.deal, list(j.seating)) == (games[4]["deal"], games[4]["seating"]))
    assert play_game(job)["tokens"] == games[4]["tokens"]


def test_resume_plays_only_the_missing_games_and_refuses_other_settings(tmp_path):
    db = str(tmp_path / "results.sqlite")
    config = TournamentConfig("forsale(players=3)", ["heuristic", "random"], deals=4)
    first = run_tournament(config, db, concurrency=1, progress=False, max_games=5)
    assert first["run"]["played"] == 5 and not first["run"]["complete"]
    messages = []
    second = run_tournament(config, db, concurrency=1, progress=False, log=messages.append)
    assert second["run"]["played"] == 7 and second["run"]["complete"] and second["games"] == 12
    assert any("5 games stored, 7 to play" in message for message in messages)
    assert run_tournament(config, db, concurrency=1, progress=False)["run"]["played"] == 0
    more = TournamentConfig("forsale(players=3)", ["heuristic", "random"], deals=5)  # more deals: fine
    assert run_tournament(more, db, concurrency=1, progress=False)["run"]["played"] == 3
    for changed, what in [
        (TournamentConfig("forsale(players=3)", ["heuristic", "heuristic"], deals=4), "bots"),
        (TournamentConfig("forsale(players=4)", ["heuristic", "random"], deals=4), "game"),
        (TournamentConfig("forsale(players=3)", ["heuristic", "random"], deals=4, seed=9), "seed"),
    ]:
        with pytest.raises(StoreError, match=f"other settings.*{what}: stored"):
            run_tournament(changed, db, concurrency=1, progress=False)
    with sqlite3.connect(db) as raw:
        assert raw.execute("SELECT COUNT(*), COUNT(DISTINCT deal || '/' || seating) FROM games").fetchone() == (15, 15)


def journal_mode(db: Path) -> str:
    raw = sqlite3.connect(db)
    try:
        return raw.execute("PRAGMA journal_mode").fetchone()[0]
    finally:
        raw.close()  # closed now, not when collected: an open connection keeps a WAL file in WAL


def test_a_finished_store_is_one_file_that_reading_leaves_unchanged(tmp_path):
    db = tmp_path / "results.sqlite"
    config = TournamentConfig("forsale(players=3)", ["heuristic", "random"], deals=2)
    run_tournament(config, str(db), concurrency=1, progress=False, max_games=2)
    assert journal_mode(db) == "delete" and sorted(p.name for p in tmp_path.iterdir()) == ["results.sqlite"]
    before = db.read_bytes()
    assert pyai("tournament", "report", str(db)).returncode == 0
    with Store(str(db), create=False) as store:
        assert len(store.games()) == 2
    assert db.read_bytes() == before  # a reader never switches the file's mode
    # an idle reader does not hold the file: the run's end still leaves one file, and the reader reads on
    with Store(str(db), create=False) as reader:
        assert reader.count() == 2
        assert run_tournament(config, str(db), concurrency=1, progress=False)["run"]["played"] == 4
        assert journal_mode(db) == "delete" and reader.count() == 6
    # a reader in the middle of a read keeps the file in WAL, and the writer's close still succeeds
    writer = Store(str(db))
    raw = sqlite3.connect(db, isolation_level=None)
    raw.execute("BEGIN")
    assert raw.execute("SELECT COUNT(*) FROM games").fetchone() == (6,)
    writer.close()
    assert journal_mode(db) == "wal"
    raw.execute("COMMIT")
    raw.close()
    Store(str(db)).close()  # the next writer to close alone leaves one file again
    assert journal_mode(db) == "delete" and sorted(p.name for p in tmp_path.iterdir()) == ["results.sqlite"]


def wait_for_stored_games(db: Path, run: subprocess.Popen, at_least: int, timeout: float = 60) -> int:
    """Polls the store of a running tournament until it holds `at_least` games (or the run ends
    or `timeout` passes), and returns how many it holds."""
    stored = 0
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and run.poll() is None:
        if db.exists():
            try:
                with sqlite3.connect(db) as raw:
                    stored = raw.execute("SELECT COUNT(*) FROM games").fetchone()[0]
            except sqlite3.OperationalError:  # the schema is being made
                pass
        if stored >= at_least:
            break
        time.sleep(0.02)
    return stored


def test_a_killed_run_resumes_without_losing_or_doubling_games(tmp_path):
    db = tmp_path / "killed.sqlite"
    args = ["tournament", "--game", "forsale(players=3)", "--bot", "heuristic", "--bot", "random"]
    args += ["--bot", "ismcts:iterations=150", "--deals", "20", "--db", str(db), "--concurrency", "2"]
    run = subprocess.Popen(
        [sys.executable, "-m", "pyai", *args], start_new_session=True, stderr=subprocess.PIPE, cwd="/"
    )
    try:
        stored_before = wait_for_stored_games(db, run, at_least=6)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)  # the run and its workers, mid-game
        run.wait()
    assert 6 <= stored_before < 60, run.stderr.read().decode()
    with Store(str(db), create=False) as store:
        kept = {(g["deal"], tuple(g["seating"])): g["tokens"] for g in store.games()}
    assert len(kept) >= stored_before
    rerun = pyai(*args)
    assert rerun.returncode == 0, rerun.stderr
    assert f"{len(kept)} games stored, {60 - len(kept)} to play" in rerun.stderr
    assert "60 games over 20 deals" in rerun.stdout
    with Store(str(db), create=False) as store:
        games = store.games()
    assert len(games) == 60 and len({(g["deal"], tuple(g["seating"])) for g in games}) == 60
    for g in games:  # what was stored before the kill is untouched
        key = (g["deal"], tuple(g["seating"]))
        if key in kept:
            assert g["tokens"] == kept[key]


def test_sigterm_stops_a_run_like_ctrl_c_and_it_resumes(tmp_path):
    # nohup, timeout and job schedulers stop a job with SIGTERM: the workers are stopped with
    # the run, it says where its games are, and the same command plays on.
    db = tmp_path / "terminated.sqlite"
    args = ["tournament", "--game", "forsale(players=3)", "--bot", "heuristic", "--bot", "random"]
    args += ["--bot", "ismcts:iterations=150", "--deals", "20", "--db", str(db), "--concurrency", "2"]
    run = subprocess.Popen(
        [sys.executable, "-m", "pyai", *args], start_new_session=True, stderr=subprocess.PIPE, text=True, cwd="/"
    )
    try:
        stored_before = wait_for_stored_games(db, run, at_least=3)
        workers = psutil.Process(run.pid).children(recursive=True)
        run.send_signal(signal.SIGTERM)  # the run alone, not its process group
        _, err = run.communicate(timeout=60)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()
    assert 3 <= stored_before < 60 and workers, err
    assert run.returncode == 143, err
    assert f"terminated (SIGTERM): the finished games are in {db}; run the same command to resume" in err
    assert "Traceback" not in err and "leaked" not in err
    _, alive = psutil.wait_procs(workers, timeout=30)
    assert alive == []
    with Store(str(db), create=False) as store:
        kept = len(store.games())
    rerun = pyai(*args)
    assert rerun.returncode == 0, rerun.stderr
    assert f"{kept} games stored, {60 - kept} to play" in rerun.stderr
    assert "60 games over 20 deals" in rerun.stdout


@pytest.mark.parametrize(
    "mode, outcome, reason",
    [
        ("crash", "crash", "exited with status 3 while waiting for bestmove; last stderr: 'fake engine: crashing"),
        ("hang", "timeout", "no bestmove within 250 ms"),
        ("garbage", "garbage", "unexpected output 'hello, I am not an engine'"),
        ("illegal", "illegal", "'bid:999': "),
        ("error", "garbage", "answered 'error inconsistent"),
    ],
)
def test_a_failing_engine_loses_each_game_and_the_tournament_goes_on(tmp_path, mode, outcome, reason):
    config = TournamentConfig(
        "forsale(players=3)", [fake(mode, at=3), "heuristic", "random"], deals=1, move_time_ms=50, margin_ms=200
    )
    report = run_tournament(config, str(tmp_path / "r.sqlite"), concurrency=1, progress=False)
    assert report["games"] == 3 and report["outcomes"] == {outcome: 3}
    # every game failed at the engine's 3rd move: it was restarted for each game
    with Store(str(tmp_path / "r.sqlite"), create=False) as store:
        games = store.games()
    for g in games:
        engine_seat = g["seating"].index(0)
        assert g["culprit"] == engine_seat and g["outcome"] == outcome and reason in g["reason"]
        assert g["decisions"][engine_seat] == 3 and g["scores"] is None
        assert g["winners"] == [seat for seat in range(3) if seat != engine_seat]
        assert g["ranks"][engine_seat] == 3
    engine = report["bots"][0]
    assert engine["wins"] == 0 and engine["failures"] == 3 and engine["failures_by_kind"] == {outcome: 3}
    assert engine["rank"] == 3 and report["bots"][1]["wins"] == pytest.approx(1.5)


@pytest.mark.parametrize("mode, failing_move", [("flood", 3), ("flood-then-move", 3), ("chatter", 4)])
def test_an_engine_that_floods_info_loses_on_time_and_the_referee_stays_small(tmp_path, mode, failing_move):
    # at its 3rd move, flood: `info` lines without end instead of a move; flood-then-move: 2 s of them,
    # then a move; chatter: a move, then `info` lines without end
    db = tmp_path / "r.sqlite"
    run, peak = pyai_watched(
        "tournament", "--game", "forsale(players=3)", "--bot", fake(mode, at=3), "--bot", "heuristic",
        "--bot", "random", "--deals", "1", "--move-time", "50", "--margin", "200", "--concurrency", "1",
        "--db", str(db), "--json",
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["outcomes"] == {"timeout": 3}
    with Store(str(db), create=False) as store:
        games = store.games()
    assert len(games) == 3  # each game lost by the engine; the tournament went on
    for g in games:
        engine_seat = g["seating"].index(0)
        assert g["culprit"] == engine_seat and g["reason"] == "no bestmove within 250 ms"
        assert g["decisions"][engine_seat] == failing_move
    assert peak < REFEREE_MEMORY_LIMIT


def test_an_engine_printing_while_the_referee_plays_other_seats_is_held_back():
    # it answers its first move, then prints `info` without end: while the referee is busy with other
    # seats nobody reads, and what it prints waits in its pipe, not in the referee's memory
    engine = ExternalEngine([sys.executable, str(FAKE_ENGINE), "chatter", "1"])
    game = "forsale(players=3)"
    state = pyai_module.load_game(game).new_initial_state()
    while state.to_move() == "chance":
        state.apply(state.sample_chance(1))
    seat = state.to_move()
    try:
        engine.start()
        engine.new_game(game)
        assert engine.bestmove(game, seat, state.view(seat).history(), "movetime 50", 0.25) in state.legal_moves()
        referee = psutil.Process()
        before = referee.memory_info().rss
        time.sleep(1.0)  # another seat's search (it lets go of the GIL: a reader thread would run free)
        grown = referee.memory_info().rss - before
        with pytest.raises(EngineFailure) as failure:
            engine.bestmove(game, seat, state.view(seat).history(), "movetime 50", 0.25)
        assert (failure.value.kind, failure.value.reason) == ("timeout", "no bestmove within 250 ms")
        assert grown < 16 * MIB
    finally:
        engine.close()


def _kill_escaped(pid_file: Path) -> list[int]:
    """Kills the children that `escape` engines recorded in `pid_file`; the pids of those still running."""
    running = []
    for pid in map(int, pid_file.read_text().split()) if pid_file.exists() else []:
        try:
            child = psutil.Process(pid)
            if str(FAKE_ENGINE) in " ".join(child.cmdline()) and child.status() != psutil.STATUS_ZOMBIE:
                running.append(pid)
                child.kill()
        except psutil.Error:  # it has ended
            pass
    return running


def _open_pipes() -> set[str]:
    """The pipes this process holds open, as (fd, pipe) names."""
    pipes = set()
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:  # the listing's own fd, closed since
            continue
        if target.startswith("pipe:"):
            pipes.add(f"{fd} {target}")
    return pipes


def _first_decision(game: str):
    """The game string, its first decision's state and the seat to move there."""
    state = pyai_module.load_game(game).new_initial_state()
    while state.to_move() == "chance":
        state.apply(state.sample_chance(1))
    return game, state, state.to_move()


def test_an_engine_whose_escaped_child_holds_its_pipes_still_times_out_and_closes(tmp_path):
    # the engine forks a child into a session of its own (a kill of the engine's process group misses it)
    # that keeps the engine's pipes open for 30 s, and stops answering: no end of file comes while it lives
    pid_file = tmp_path / "escaped"
    game, state, seat = _first_decision("forsale(players=3)")
    engine = ExternalEngine([sys.executable, str(FAKE_ENGINE), "escape", "1", str(pid_file)])
    try:
        engine.start()
        engine.new_game(game)
        with pytest.raises(EngineFailure) as failure:
            engine.bestmove(game, seat, state.view(seat).history(), "movetime 50", 0.25)
        assert (failure.value.kind, failure.value.reason) == ("timeout", "no bestmove within 250 ms")
        closing = threading.Thread(target=engine.close, kwargs={"polite": False}, daemon=True)
        closing.start()
        closing.join(timeout=10)  # a hang check: it would otherwise wait out the child's 30 s
        assert not closing.is_alive(), "close() waited for the escaped child"
        assert len(pid_file.read_text().split()) == 1  # the child did escape, and outlived the close
        assert _kill_escaped(pid_file)
    finally:
        engine.close()
        _kill_escaped(pid_file)


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="counts open files in /proc/self/fd")
def test_closing_engines_leaves_no_file_descriptor_or_reader_thread_behind(tmp_path):
    pid_file = tmp_path / "escaped"
    game, state, seat = _first_decision("forsale(players=3)")
    threads_before = set(threading.enumerate())
    pipes_before = _open_pipes()
    try:
        for cycle in range(6):  # engines whose escaped children still hold their pipes, and good ones
            mode = ("escape", "1", str(pid_file)) if cycle % 2 == 0 else ("good", "2")
            engine = ExternalEngine([sys.executable, str(FAKE_ENGINE), *mode])
            try:
                engine.start()
                engine.new_game(game)
                try:
                    engine.bestmove(game, seat, state.view(seat).history(), "movetime 50", 0.25)
                except EngineFailure:
                    pass
            finally:
                engine.close(polite=cycle % 4 != 0)
        assert len(_kill_escaped(pid_file)) == 3  # all three still held their pipes when their engines closed
        assert _open_pipes() - pipes_before == set()
        assert set(threading.enumerate()) - threads_before == set()  # the reader threads have ended
    finally:
        _kill_escaped(pid_file)


def _write_and_close(fd: int, data: bytes) -> threading.Thread:
    """Writes `data` to the pipe's write end `fd` from a thread of its own (the reader may hold it back), then
    closes it."""

    def write() -> None:
        with os.fdopen(fd, "wb") as pipe:
            pipe.write(data)

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    return writer


def test_engine_output_reads_lines_as_readline_does_and_ends_with_eof_or_too_long():
    class Lines(engine_output.PipeReader):  # the line splitting of both readers, with a small limit
        def __init__(self, fd: int, limit: int):
            self.read: list[bytes] = []
            super().__init__(fd, limit, name="test lines")

        def _consume(self, lines) -> None:
            self.read.extend(line for _, line in lines)

    rng = random.Random(5)
    for limit in (1, 2, 7, 64):
        data = bytes(rng.choice(b"ab\n") for _ in range(rng.randrange(0, 400_000)))
        if limit == 7:
            data += b"no newline at the end"
        read_end, write_end = os.pipe()
        reader = Lines(read_end, limit)
        _write_and_close(write_end, data).join(timeout=30)
        reader._thread.join(timeout=30)
        stream, expected = io.BytesIO(data), []
        while piece := stream.readline(limit):
            expected.append(piece)
        assert reader.read == expected

    line = b"x" * (engine_output.MAX_LINE - 1) + b"\n"  # the longest line allowed, newline included
    read_end, write_end = os.pipe()
    output = engine_output.EngineOutput(read_end)
    _write_and_close(write_end, b"info a\n" + line + b"last words")
    far = time.monotonic() + 30
    items = [output.next(far) for _ in range(5)]
    assert [item for _, item in items] == [b"info a\n", line, b"last words", engine_output.EOF, engine_output.EOF]
    arrivals = [arrived for arrived, _ in items]
    assert arrivals == sorted(arrivals)
    output.close()

    read_end, write_end = os.pipe()
    output = engine_output.EngineOutput(read_end)
    _write_and_close(write_end, b"bestmove bid:1\n" + line[:-1] + b"x\nbestmove bid:2\n")  # one byte too long
    too_long = engine_output.TOO_LONG  # and nothing after it is read
    assert [output.next(far)[1] for _ in range(3)] == [b"bestmove bid:1\n", too_long, too_long]
    output.close()

    read_end, write_end = os.pipe()
    tail = engine_output.StderrTail(read_end)
    _write_and_close(write_end, b"".join(b"error %d\n\n" % n for n in range(10)) + b"y" * 5000)
    tail._thread.join(timeout=30)
    assert list(tail.lines) == ["error 7", "error 8", "error 9", "y" * 4096, "y" * 904]
    tail.close()


def test_a_tournament_does_not_wait_for_an_engine_s_escaped_child(tmp_path):
    # at its 3rd move the engine leaves behind a 30 s child holding its pipes, and stops answering:
    # each game is lost on time, and the run ends while every such child still runs
    pid_file = tmp_path / "escaped"
    config = TournamentConfig(
        "forsale(players=3)",
        [f"{fake('escape', at=3)} {pid_file}", "heuristic", "random"],
        deals=1,
        move_time_ms=50,
        margin_ms=200,
    )
    try:
        report = run_tournament(config, str(tmp_path / "r.sqlite"), concurrency=1, progress=False)
        escaped_alive = _kill_escaped(pid_file)
    finally:
        _kill_escaped(pid_file)
    assert report["games"] == 3 and report["outcomes"] == {"timeout": 3}
    assert len(escaped_alive) == 3  # the run waited for none of them
    with Store(str(tmp_path / "r.sqlite"), create=False) as store:
        games = store.games()
    assert len(games) == 3
    for g in games:
        engine_seat = g["seating"].index(0)
        assert g["culprit"] == engine_seat and g["reason"] == "no bestmove within 250 ms"
        assert g["decisions"][engine_seat] == 3


@pytest.mark.slow  # the handshake's 10 s
def test_an_engine_that_prints_without_end_fails_its_handshake_on_time(tmp_path):
    db = tmp_path / "r.sqlite"
    run, peak = pyai_watched("tournament", "--bot", fake("yes"), "--bot", "random", "--db", str(db))  # y, y, y...
    assert run.returncode == 2
    assert "the engine failed its handshake: no uciok within 10000 ms" in run.stderr
    assert peak < REFEREE_MEMORY_LIMIT and not db.exists()


def test_a_killed_run_leaves_no_worker_engine_or_resource_tracker_behind(tmp_path):
    # two workers, each in a game whose engine hangs for an hour at its first move (the limit is a minute)
    args = ["tournament", "--game", "forsale(players=3)", "--bot", fake("hang", at=1), "--bot", "random"]
    args += ["--bot", "random", "--deals", "20", "--move-time", "60000", "--concurrency", "2"]
    args += ["--db", str(tmp_path / "r.sqlite")]
    run = subprocess.Popen([sys.executable, "-m", "pyai", *args], stderr=subprocess.DEVNULL, cwd="/")
    descendants: list[psutil.Process] = []
    roles: list[str] = []
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            time.sleep(0.1)
            try:
                descendants = psutil.Process(run.pid).children(recursive=True)
                roles = sorted(_role(p) for p in descendants)
                engines = [p for p in descendants if _role(p) == "engine" and p.ppid() != run.pid]
            except psutil.Error:  # one ended while we looked (the engine the run checks before any game)
                continue
            if len(engines) == 2 and time.time() - max(p.create_time() for p in engines) > 1.5:  # both at their go
                break
        assert roles == ["engine", "engine", "resource tracker", "worker", "worker"], roles
        run.kill()  # SIGKILL: nothing of the run gets to clean up
        run.wait()
        left = _alive_after(descendants, seconds=5)
        assert not left, [(_role(p), p.pid) for p in left]
    finally:
        for leftover in _alive_after(descendants, seconds=0):  # a failed run must not leave hour-long engines
            leftover.kill()
        if run.poll() is None:
            run.kill()
            run.wait()


def test_where_the_kernel_cannot_tell_it_a_worker_watches_for_its_parent_s_death(tmp_path):
    # the fallback for systems without prctl(PR_SET_PDEATHSIG): a thread polling os.getppid()
    ready, cleaned = tmp_path / "ready", tmp_path / "cleaned"
    worker = (
        "import os, sys, time; from pyai.tournament import parent_death; parent_death._prctl = None; "
        "parent_death.exit_with_parent(int(sys.argv[1]), clean_up=lambda: open(sys.argv[3], 'w').close()); "
        "open(sys.argv[2], 'w').close(); time.sleep(60)"
    )
    parent_code = (
        "import os, subprocess, sys, time; "
        "subprocess.Popen([sys.executable, '-c', sys.argv[1], str(os.getpid()), *sys.argv[2:]]); time.sleep(60)"
    )
    parent = subprocess.Popen([sys.executable, "-c", parent_code, worker, str(ready), str(cleaned)], cwd="/")
    children: list[psutil.Process] = []
    try:
        deadline = time.monotonic() + 30
        while not ready.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        children = psutil.Process(parent.pid).children()
        assert ready.exists() and len(children) == 1
        parent.kill()
        parent.wait()
        assert not _alive_after(children, seconds=5) and cleaned.exists()
    finally:
        for leftover in _alive_after(children, seconds=0):
            leftover.kill()
        if parent.poll() is None:
            parent.kill()
            parent.wait()


def _role(process: psutil.Process) -> str:
    command = " ".join(process.cmdline())
    for needle, role in ((str(FAKE_ENGINE), "engine"), ("resource_tracker", "resource tracker"), ("spawn", "worker")):
        if needle in command:
            return role
    return command


def _alive_after(processes: list[psutil.Process], seconds: float) -> list[psutil.Process]:
    """Those of `processes` still running after `seconds` (a zombie has ended: it waits for its reaper)."""
    give_up = time.monotonic() + seconds
    while True:
        alive = []
        for process in processes:
            try:
                if process.is_running() and process.status() != psutil.STATUS_ZOMBIE:
                    alive.append(process)
            except psutil.NoSuchProcess:
                pass
        if not alive or time.monotonic() >= give_up:
            return alive
        time.sleep(0.1)


def test_good_engines_play_whole_games_in_worker_processes(tmp_path):
    # two copies of one engine spec (a process each) and a crashing one, in two worker processes
    config = TournamentConfig(
        "forsale(players=4)", [fake("good"), fake("good"), "heuristic", fake("crash", at=40)], deals=2
    )
    report = run_tournament(config, str(tmp_path / "r.sqlite"), concurrency=2, progress=False)
    assert report["games"] == 8 and report["labels"][0] == f"cmd:{Path(sys.executable).name} fake_engine.py good 2"
    good = report["bots"][0]
    assert good["games"] == 16 and good["failures"] == 0
    assert set(report["outcomes"]) <= {"normal", "crash"} and report["outcomes"].get("normal")
    # the good engine checks that it is never shown the removal or a sealed sell (else it answers garbage)


def test_a_broken_engine_command_fails_before_any_game(tmp_path):
    db = tmp_path / "r.sqlite"
    with pytest.raises(SpecError, match="failed its handshake: engine exited with status 1.*refusing to start"):
        run_tournament(TournamentConfig("forsale(players=3)", [fake("dead"), "random"], deals=2), str(db))
    assert not db.exists()


def test_sprt_stops_a_lopsided_match_early(tmp_path):
    db = str(tmp_path / "sprt.sqlite")
    params = SprtParams(elo0=0, elo1=100, alpha=0.1, beta=0.1)
    config = TournamentConfig("forsale(players=3)", ["heuristic", "random"], deals=300, sprt=params)
    report = run_tournament(config, db, concurrency=2, progress=False)
    assert report["sprt"]["decision"] == "H1" and report["run"]["stopped_by_sprt"]
    assert report["seatings_per_deal"] == 3 and report["games"] < 300  # of 900
    assert report["sprt"]["wins"] > report["sprt"]["losses"]
    again = run_tournament(config, db, concurrency=2, progress=False)  # already decided: plays nothing
    assert again["run"]["played"] == 0 and again["sprt"]["decision"] == "H1"
    with pytest.raises(TournamentError, match="exactly two distinct bots"):
        run_tournament(TournamentConfig("forsale(players=3)", FAST, sprt=params), str(tmp_path / "x.sqlite"))


def test_dask_backend_on_a_local_cluster(tmp_path):
    distributed = pytest.importorskip("distributed", reason="the dask extra (dask[distributed]) is not installed")
    with distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=2,
        processes=False,
        dashboard_address=None,  # in-process: no network
    ) as cluster:
        config = TournamentConfig("forsale(players=3)", FAST + [], deals=2)
        report = run_tournament(
            config, str(tmp_path / "d.sqlite"), backend="dask", scheduler=cluster.scheduler_address, progress=False
        )
    assert report["games"] == 6 and report["run"]["backend"] == "dask" and report["run"]["slots"] == 2
    assert report["outcomes"] == {"normal": 6}


def test_bad_inputs_are_refused_before_anything_runs(tmp_path):
    db = str(tmp_path / "never.sqlite")
    for config, message in [
        (TournamentConfig("forsale(players=3)", ["random"] * 4), "4 bots for a 3-player game"),
        (TournamentConfig("forsale(players=9)", ["random"]), "players"),
        (TournamentConfig("forsale(players=3)", ["random"], deals=0), "--deals must be"),
        (TournamentConfig("forsale(players=3)", ["random"], deals=10**30), "--deals must be a whole number 1 to"),
        (TournamentConfig("forsale(players=3)", ["random"], seatings="shuffled"), "--seatings must be"),
        (TournamentConfig("forsale(players=3)", ["ismcts:iterations=x1"]), "iterations must be"),
    ]:
        with pytest.raises(ValueError, match=message):
            run_tournament(config, db)
    with pytest.raises(TournamentError, match="--scheduler"):
        run_tournament(TournamentConfig("forsale(players=3)", ["random"]), db, backend="dask")
    assert not os.path.exists(db)


def test_cli_runs_reports_and_exports(tmp_path):
    db = str(tmp_path / "cli.sqlite")
    run = pyai(
        "tournament",
        "--game",
        "forsale(players=3)",
        "--bot",
        "heuristic",
        "--bot",
        "random",
        "--deals",
        "2",
        "--db",
        db,
        "--concurrency",
        "1",
    )
    assert run.returncode == 0, run.stderr
    assert "6 games over 2 deals" in run.stdout and "win % [95% CI]" in run.stdout and "head to head" in run.stdout
    assert "played 6 games" in run.stderr and "\r" not in run.stderr  # no progress bar without a terminal
    report = pyai("tournament", "report", db, "--json")
    assert report.returncode == 0, report.stderr
    data = json.loads(report.stdout)
    assert data["games"] == 6 and {row["bot"] for row in data["bots"]} == {"heuristic", "random"}
    assert {"win_rate_low", "rank_high", "rating_mu", "rating_sigma"} <= set(data["bots"][0])
    csv_path = tmp_path / "bots.csv"
    assert pyai("tournament", "report", db, "--csv", str(csv_path)).returncode == 0
    assert csv_path.read_text().splitlines()[0].startswith("bot,games,wins,win_rate,win_rate_low")
    bad = pyai("tournament", "--bot", "alphazero", "--db", str(tmp_path / "bad.sqlite"))
    assert bad.returncode == 2 and "unknown bot 'alphazero'" in bad.stderr
    assert not (tmp_path / "bad.sqlite").exists()
    missing = pyai("tournament", "report", str(tmp_path / "nope.sqlite"))
    assert missing.returncode == 2 and "no results file" in missing.stderr


def test_report_files_that_cannot_be_written_are_refused_before_any_game(tmp_path):
    pytest.importorskip("matplotlib", reason="--plot needs the plot extra (matplotlib)")
    db = tmp_path / "r.sqlite"
    line_up = ["--game", "forsale(players=3)", "--bot", "heuristic", "--bot", "random", "--deals", "1"]
    missing = tmp_path / "no" / "r.json"
    for option, path, message in [
        ("--json", missing, f"--json: cannot write {missing}: there is no folder"),
        ("--csv", tmp_path, f"--csv: {tmp_path} is a folder, not a file to write"),
        ("--plot", tmp_path / "no" / "p.png", "--plot: cannot write"),
    ]:
        run = pyai("tournament", *line_up, "--db", str(db), option, str(path))
        assert run.returncode == 2 and message in run.stderr and "Traceback" not in run.stderr, run.stderr
        assert not db.exists() and run.stdout == ""
    assert pyai("tournament", *line_up, "--db", str(db), "--concurrency", "1").returncode == 0
    report = pyai("tournament", "report", str(db), "--json", str(tmp_path / "no" / "r.json"))
    assert report.returncode == 2 and "there is no folder" in report.stderr and report.stdout == ""


def test_quick_preset_fills_the_line_up_and_stores_nothing(tmp_path):
    run = pyai(
        "tournament", "--quick", "--deals", "1", "--max-games", "1", "--concurrency", "1", "--json", cwd=tmp_path
    )
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["settings"]["bots"] == ["ismcts:iterations=2000", "heuristic", "pimc:iterations=2000", "random"]
    assert data["settings"]["seatings"] == "all"  # neighbours balanced: the random bot favours its neighbours unevenly
    assert data["games"] == 1 and list(tmp_path.iterdir()) == []


def test_plot(tmp_path):
    pytest.importorskip("matplotlib", reason="--plot needs the plot extra (matplotlib)")
    db = str(tmp_path / "p.sqlite")
    run_tournament(TournamentConfig("forsale(players=3)", ["heuristic", "random"], deals=2), db, concurrency=1)
    png = tmp_path / "out.png"
    run = pyai("tournament", "report", db, "--plot", str(png))
    assert run.returncode == 0, run.stderr
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_plot_without_matplotlib_fails_before_printing_anything(tmp_path):
    db = str(tmp_path / "p.sqlite")
    run_tournament(TournamentConfig("forsale(players=3)", ["heuristic", "random"], deals=1), db, concurrency=1)
    # Hide matplotlib from the child, whether or not it is installed here.
    blocker = tmp_path / "site"
    blocker.mkdir()
    (blocker / "matplotlib.py").write_text("raise ImportError('hidden for this test')\n")
    env = {**os.environ, "PYTHONPATH": str(blocker)}
    for args in (
        ["tournament", "report", db, "--plot", str(tmp_path / "out.png")],
        ["tournament", "--bot", "random", "--deals", "1", "--db", str(tmp_path / "q.sqlite"), "--plot", "x.png"],
    ):
        run = subprocess.run(
            [sys.executable, "-m", "pyai", *args], capture_output=True, text=True, timeout=120, cwd="/", env=env
        )
        assert run.returncode == 2 and run.stdout == "", run.stdout
        assert "--plot needs matplotlib, the plot extra: pip install '.[plot]' in the pyai checkout" in run.stderr
    assert not (tmp_path / "q.sqlite").exists()  # no game was played


def test_the_report_heading_counts_one_deal_and_one_game_in_the_singular(tmp_path):
    db = str(tmp_path / "one.sqlite")
    config = TournamentConfig("forsale(players=3)", ["heuristic", "random"], deals=1)
    first = run_tournament(config, db, concurrency=1, progress=False, max_games=1)
    assert table(first).startswith("forsale(players=3): 1 game over 1 deal (")
    rest = run_tournament(config, db, concurrency=1, progress=False)
    assert table(rest).startswith("forsale(players=3): 3 games over 1 deal (")
