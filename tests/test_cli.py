"""The pyai command, run as a user runs it (a real subprocess)."""

import json
import subprocess
import sys

import pytest

from test_search import late_selling_position


def pyai(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pyai", *args], capture_output=True, text=True, timeout=120, cwd="/")


def pyai_game(game_string: str):
    import pyai as library

    return library.load_game(game_string)


def test_play_prints_a_whole_game_and_the_scores():
    run = pyai("play", "--players", "3", "--seed", "2", "--iterations", "300")  # ismcts in every seat
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("game: forsale(players=3)")
    assert "chance  removed:" in run.stdout and "winner" in run.stdout
    account, record = run.stdout.rsplit("\n", 2)[0], run.stdout.splitlines()[-1]
    assert account.count("deal:") == 24  # each deal printed as it happens...
    assert record.startswith("record: removed:")  # ...and the whole game's tokens on the last line
    assert pyai_game("forsale(players=3)").replay(record.split()[1:]).is_terminal()


def test_play_with_mixed_bots():
    run = pyai(
        "play",
        "--players",
        "4",
        "--seed",
        "3",
        "--bots",
        "ismcts,heuristic,pimc,random",
        "--iterations",
        "200",
    )
    assert run.returncode == 0, run.stderr
    assert "seat 0 (ismcts)" in run.stdout and "seat 3 (random)" in run.stdout
    assert "(win " in run.stdout  # search bots show their estimate


def test_analyse_prints_a_table_and_json():
    moves = "deal:3,12,19,27 bid:1"
    run = pyai("analyse", "forsale(players=4)", "--moves", moves, "--iterations", "2000")
    assert run.returncode == 0, run.stderr
    assert "seat 1: best" in run.stdout and "pass" in run.stdout
    # jump bids beyond the tree's bid cap are named once, not listed as 0-visit rows
    assert "not searched (26): bid:3 bid:4 bid:5 ... bid:28" in run.stdout and "\nbid:28 " not in run.stdout
    every = pyai("analyse", "forsale(players=4)", "--moves", moves, "--iterations", "2000", "--all")
    assert "\nbid:28 " in every.stdout and "not searched" not in every.stdout
    data = json.loads(pyai("analyse", "forsale(players=4)", "--moves", moves, "--iterations", "500", "--json").stdout)
    assert data["seat"] == 1 and data["iterations"] == 500
    assert {m["token"] for m in data["moves"]} == {"pass"} | {f"bid:{n}" for n in range(2, 29)}


def test_analyse_says_when_the_seat_cannot_win():
    # Seat 1 of test_search's late sell wins with no move: the table's win
    # column is all 0.000, so the command says so and names the way to rank them.
    moves = ["--moves", " ".join(late_selling_position().history()), "--seat", "1", "--iterations", "2000"]
    lost = pyai("analyse", "forsale(players=3)", *moves)
    assert lost.returncode == 0, lost.stderr
    assert "seat 1 cannot win (best win 0.000)" in lost.stdout and "--objective score" in lost.stdout
    for told in (["--objective", "score"], ["--objective", "win"]):  # told to play for the score: no hint
        run = pyai("analyse", "forsale(players=3)", *moves, *told)
        assert ("cannot win" in run.stdout) == (told[1] == "win"), run.stdout
    alive = pyai("analyse", "forsale(players=4)", "--moves", "deal:3,12,19,27 bid:1", "--iterations", "500")
    assert "cannot win" not in alive.stdout


def test_analyse_shows_the_opponent_model_and_can_leave_it_out():
    moves = ["--moves", "deal:3,12,19,27 bid:1", "--iterations", "500"]
    modelled = pyai("analyse", "forsale(players=4)", *moves)
    assert "plays as the heuristic player (opponent model): seat0=0.03 seat2=0.02 seat3=0.02" in modelled.stdout
    plain = pyai("analyse", "forsale(players=4)", *moves, "--opponent-model", "none", "--json")
    data = json.loads(plain.stdout)
    assert data["opponent_beliefs"] == [] and data["settings"]["opponent_model"] == "none"
    bad = pyai("analyse", "forsale(players=4)", *moves, "--opponent-model", "psychic")
    assert bad.returncode == 2 and "invalid choice: 'psychic'" in bad.stderr


@pytest.mark.parametrize(
    "args, message",
    [
        (["play", "--players", "7"], "players must be a whole number 3 to 6"),
        (["play", "--bots", "random,random"], "--bots names 2 bots for 4 seats"),
        (["play", "--human", "4"], "--human must be a seat 0 to 3, not 4"),
        (["play", "--human", "0", "--bots", "random,random"], "--bots names 2 bots for 3 seats"),
        (["play", "--bots", "deep"], "unknown bot 'deep'"),
        (
            ["analyse", "forsale(players=4)", "--moves", "deal:3,12,19,27 bid:0"],
            "bid:0 at token 1: a bid must exceed 0",
        ),
        (["analyse", "forsale(players=4)"], "chance acts next"),
        (
            ["analyse", "forsale(players=4)", "--moves", "deal:3,12,19,27", "--seat", "2"],
            "it is seat 0's turn",
        ),
        (["analyse", "chess"], "unknown game 'chess'"),
    ],
)
def test_errors_are_one_clear_line(args, message):
    run = pyai(*args)
    assert run.returncode == 2
    assert run.stderr.startswith("pyai: error: ") and message in run.stderr, run.stderr
    assert "Traceback" not in run.stderr


def test_bench_prints_figures_and_a_stable_signature():
    first = pyai("bench", "--quick")
    assert first.returncode == 0, first.stderr
    assert "random playouts, forsale(players=4)" in first.stdout and "it/s" in first.stdout
    assert "protocol round trip, over pipes" in first.stdout
    signature = [line for line in first.stdout.splitlines() if line.startswith("signature:")]
    assert len(signature) == 1
    again = [line for line in pyai("bench", "--quick").stdout.splitlines() if line.startswith("signature:")]
    assert again == signature  # deterministic: fixed seeds, iteration budgets, one thread


@pytest.mark.parametrize(
    "args, message",
    [
        (["play", "--bots", "ismcts", "--iterations", "-5"], "iterations must be a whole number 0 to"),
        (["play", "--bots", "ismcts", "--iterations", "0"], "a search needs iterations or time_ms"),
        (["play", "--bots", "pimc", "--threads", "0"], "threads must be a whole number 1 to 256, not 0"),
        (["analyse", "forsale(players=4)", "--moves", "deal:3,12,19,27", "--iterations", "9" * 20], "iterations must"),
        (["play", "--game", "forsale(players=2147483648)"], "players must be a whole number 3 to 6"),
        (["bench", "--game", "nope()"], "unknown game 'nope'"),
        (["bench", "--game", "automania(players=5)"], "players must be a whole number 2 to 4"),
    ],
)
def test_bad_settings_are_refused_before_anything_is_printed(args, message):
    run = pyai(*args)
    assert run.returncode == 2 and run.stdout == "", run.stdout
    assert run.stderr.startswith("pyai: error: ") and message in run.stderr, run.stderr


def test_version_and_engine_help():
    run = pyai("--version")
    assert run.returncode == 0 and run.stdout.startswith("pyai ")
    run = pyai("engine", "--help")
    assert run.returncode == 0 and "type 'help'" in run.stdout and "position <game>" in run.stdout


def pyai_in_a_shell(command: str) -> subprocess.CompletedProcess:
    """`pyai <command>` by the shell, so that `command` may end with a pipe or a redirection;
    the installed package, run from /, not the source folder."""
    return subprocess.run(
        f"{sys.executable} -m pyai {command}", shell=True, capture_output=True, text=True, timeout=120, cwd="/"
    )


def test_output_piped_into_a_reader_that_stops_early_ends_quietly():
    for command in ("play --players 4 --seed 3", "analyse 'forsale(players=4)' --moves deal:3,12,19,27 --json"):
        run = pyai_in_a_shell(f"{command} | head -n 2")
        assert len(run.stdout.splitlines()) == 2
        assert "Traceback" not in run.stderr and "BrokenPipe" not in run.stderr, run.stderr


def test_output_that_cannot_be_written_is_one_error_line():
    run = pyai_in_a_shell("analyse 'forsale(players=4)' --moves deal:3,12,19,27 --iterations 20 > /dev/full")
    assert run.returncode == 1 and run.stderr == "pyai: error: [Errno 28] No space left on device\n", run.stderr


def test_the_front_ends_budgets_come_from_one_table():
    from pyai import budgets, load_game, search_settings
    from pyai.bots import make_bot
    from pyai.cli import build_parser
    from pyai.commands.advise_session import Session
    from pyai.protocol.options import OPTIONS

    def pyai_settings(name):
        return next(row["default"] for row in search_settings(load_game("leduc()")) if row["name"] == name)

    move = budgets.MOVE_ITERATIONS
    assert make_bot("ismcts").settings["iterations"] == move
    assert next(o for o in OPTIONS if o.name == "Iterations").default == move
    assert Session("leduc()", 0, ["a", "b"]).iterations == move
    commands = build_parser()._subparsers._group_actions[0].choices
    helps = {
        name: next(a for a in commands[name]._actions if a.dest == "iterations")
        for name in ("play", "analyse", "advise", "review")
    }
    assert f"default {move}" in helps["play"].help and f"default {move}" in helps["advise"].help
    assert f"default {pyai_settings('iterations')}" in helps["analyse"].help
    assert helps["review"].default == budgets.REVIEW_ITERATIONS
