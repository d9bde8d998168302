"""Files a game string names: only regular files of a bounded size are read,
and an engine's client names only files inside the folders its operator
allowed (pyai/game_files.py)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import pytest
from test_protocol import EngineProcess

import pyai
from pyai.automania import component_file
from pyai.game_files import MAX_GAME_FILE_BYTES, FileAccess, GameFileError, read_game_file

SHIPPED = component_file.DEFAULT_PATH.read_text()


def automania(path) -> str:
    return f"automania(players=3,components={path})"


def in_a_thread(call, seconds: float = 20.0):
    """Runs `call` in a thread; the test fails (instead of hanging) if it has not returned in `seconds`."""
    outcome: list = []

    def run():
        try:
            outcome.append(("value", call()))
        except BaseException as error:  # noqa: B036 - handed back to the test
            outcome.append(("error", error))

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert outcome, f"{call} did not return in {seconds} s"
    kind, value = outcome[0]
    if kind == "error":
        raise value
    return value


# --------------------------------------------------------------- reading


def test_a_device_that_never_ends_is_refused_before_it_is_read():
    with pytest.raises(GameFileError, match="/dev/zero: is not a regular file"):
        in_a_thread(lambda: read_game_file("/dev/zero"))
    with pytest.raises(pyai.GameStringError, match="components: /dev/zero: is not a regular file"):
        in_a_thread(lambda: pyai.load_game(automania("/dev/zero")))


def test_a_pipe_nobody_writes_to_is_refused_without_waiting(tmp_path):
    fifo = tmp_path / "set.toml"
    os.mkfifo(fifo)
    with pytest.raises(pyai.GameStringError, match="is not a regular file"):
        in_a_thread(lambda: pyai.load_game(automania(fifo)))


def test_a_folder_a_missing_file_and_an_oversized_file_are_named(tmp_path):
    with pytest.raises(pyai.GameStringError, match="is a folder"):
        pyai.load_game(automania(tmp_path))
    with pytest.raises(pyai.GameStringError, match="no such file"):
        pyai.load_game(automania(tmp_path / "missing.toml"))
    big = tmp_path / "big.toml"
    big.write_text(SHIPPED + "#" * MAX_GAME_FILE_BYTES)
    with pytest.raises(pyai.GameStringError, match=f"more than a game file's {MAX_GAME_FILE_BYTES}"):
        pyai.load_game(automania(big))


def test_a_file_at_the_limit_is_read_whole(tmp_path):
    path = tmp_path / "exact.bin"
    path.write_bytes(b"x" * 100)
    assert read_game_file(path, limit=100) == b"x" * 100
    with pytest.raises(GameFileError, match="more than a game file's 99"):
        read_game_file(path, limit=99)


def test_a_copy_of_the_shipped_set_under_another_name_is_the_same_set(tmp_path):
    copy = tmp_path / "copy.toml"
    copy.write_text(SHIPPED)
    game = pyai.load_game(automania(copy))
    assert game.components == pyai.load_game("automania(players=3)").components
    assert (
        game.replay(game.BENCH_TOKENS).legal_moves()
        == pyai.load_game("automania(players=3)").replay(game.BENCH_TOKENS).legal_moves()
    )


# --------------------------------------------------------------- who may name which file


def allowed_folder(tmp_path):
    """A folder with a set inside, a set outside it, and a link inside that leads out."""
    allowed = tmp_path / "allowed"
    allowed.mkdir()
    inside = allowed / "set.toml"
    inside.write_text(SHIPPED)
    outside = tmp_path / "secret.toml"
    outside.write_text(SHIPPED)
    (allowed / "link.toml").symlink_to(outside)
    return allowed, inside, outside


def test_file_access_under_folders_follows_links_before_it_checks(tmp_path):
    allowed, inside, outside = allowed_folder(tmp_path)
    access = FileAccess.inside([str(allowed)])
    assert access.checked("components", str(inside)) == os.path.realpath(inside)
    for path in (outside, allowed / "link.toml", allowed / ".." / "secret.toml"):
        with pytest.raises(pyai.GameStringError, match="outside the folders this engine may read"):
            access.checked("components", str(path))
    with pytest.raises(pyai.GameStringError, match="is not a folder"):
        FileAccess.inside([str(inside)])
    for empty in ("", "  "):  # not the current folder, which no one named
        with pytest.raises(pyai.GameStringError, match="a game files folder is empty"):
            FileAccess.inside([str(allowed), empty])


def test_the_library_and_the_commands_read_any_regular_file_their_user_names(tmp_path):
    copy = tmp_path / "copy.toml"
    copy.write_text(SHIPPED)
    assert pyai.load_game(automania(copy)).components_path == str(copy)
    bench_moves = " ".join(pyai.load_game("automania(players=3)").BENCH_TOKENS)
    result = subprocess.run(
        [sys.executable, "-m", "pyai", "analyse", automania(copy), "--iterations", "50", "--moves", bench_moves],
        capture_output=True,
        text=True,
        timeout=120,
        cwd="/",
    )
    assert result.returncode == 0, result.stderr
    result = subprocess.run(
        [sys.executable, "-m", "pyai", "analyse", automania("/dev/zero"), "--iterations", "50"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd="/",
    )
    assert result.returncode == 2 and "/dev/zero: is not a regular file" in result.stderr


def test_an_engine_reads_no_file_its_client_names_unless_its_operator_allows_a_folder(tmp_path):
    copy = tmp_path / "copy.toml"
    copy.write_text(SHIPPED)
    engine = EngineProcess()
    try:
        for path in (copy, "/dev/zero", tmp_path / "missing.toml", os.path.expanduser("~/.bashrc")):
            answer = engine.ask(f"position {automania(path)}")
            assert len(answer) == 1 and answer[0].startswith("error bad-value components: this engine reads no files")
            assert "--game-files" in answer[0]
        assert engine.ask("position automania(players=3)") == []  # the shipped set needs no file access
    finally:
        engine.close()


def test_an_engine_reads_files_inside_the_allowed_folder_and_no_others(tmp_path):
    allowed, inside, secret = allowed_folder(tmp_path)
    engine = EngineProcess("--game-files", str(allowed))
    try:
        moves = " ".join(pyai.load_game("automania(players=3)").BENCH_TOKENS)
        assert engine.ask(f"position {automania(inside)} moves {moves}") == []
        assert engine.go()[-1].startswith("bestmove ")
        assert engine.ask(f"newgame {automania(inside)}") == []
        # A file outside answers as a missing one does: the client learns nothing of what is there.
        answers = [
            engine.ask(f"position {automania(path)}")
            for path in (secret, allowed / "link.toml", tmp_path / "missing.toml", "/dev/zero")
        ]
        for path, answer in zip((secret, allowed / "link.toml", tmp_path / "missing.toml", "/dev/zero"), answers):
            assert len(answer) == 1 and "is outside the folders this engine may read" in answer[0], (path, answer)
            assert "not valid TOML" not in answer[0] and "no such" not in answer[0]
        fifo = allowed / "pipe.toml"
        os.mkfifo(fifo)
        assert "is not a regular file" in engine.ask(f"position {automania(fifo)}")[0]
        assert engine.ask("position automania(players=3)") == []  # still answering
    finally:
        engine.close()


def test_an_engine_started_with_a_missing_folder_says_so():
    result = subprocess.run(
        [sys.executable, "-m", "pyai", "engine", "--game-files", "/no/such/folder"],
        input="quit\n",
        capture_output=True,
        text=True,
        timeout=60,
        cwd="/",
    )
    assert result.returncode == 2 and "game files folder '/no/such/folder' is not a folder" in result.stderr
