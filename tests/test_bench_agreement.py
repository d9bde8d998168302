"""bench/move_agreement.py at tiny budgets: the positions it keeps, the moves it
records, its table, and the same output for the same arguments."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pyai

SCRIPT = Path(__file__).resolve().parents[1] / "bench" / "move_agreement.py"


def agreement_run(out: Path, *arguments: str) -> subprocess.CompletedProcess:
    command = [sys.executable, str(SCRIPT), "--games", "2", "--every", "5", "--budgets", "60,200"]
    command += ["--workers", "2", "--json", str(out), *arguments]
    # cwd="/": not the checkout, whose pyai folder has no built core.
    return subprocess.run(command, capture_output=True, text=True, timeout=300, cwd="/")


def test_choices_are_legal_moves_and_the_table_counts_them(tmp_path):
    done = agreement_run(tmp_path / "a.json")
    assert done.returncode == 0, done.stderr
    data = json.loads((tmp_path / "a.json").read_text())
    assert data["budgets"] == [60, 200]
    positions = data["positions"]
    assert positions
    game = pyai.load_game("forsale(players=4)")
    for position in positions:
        state = game.new_initial_state()
        for token in position["history"]:
            state.apply(token)
        legal = state.legal_moves_for(position["seat"])
        assert len(legal) > 1  # only real decisions are kept
        assert position["phase"] == state.to_dict()["phase"]
        for budget in ("60", "200"):
            assert len(position["choices"][budget]) == 2  # one per seed
            assert set(position["choices"][budget]) <= set(legal)
    table = [line for line in done.stdout.splitlines() if line.startswith("| ")][2:]  # past the header and rule
    counts = {line.split(" | ")[0].lstrip("| "): int(line.split(" | ")[1]) for line in table}
    expected = Counter(position["phase"] for position in positions)
    assert counts == {**expected, "all": len(positions)}
    for line in table:  # shares of agreement, each in [0, 1]
        shares = [float(x) for x in line.split(" | ", 2)[2].replace("/", " ").replace("|", " ").split()]
        assert len(shares) == 3 and all(0 <= share <= 1 for share in shares), line
    # The same arguments play the same games and searches.
    again = agreement_run(tmp_path / "b.json")
    assert again.stdout == done.stdout
    assert json.loads((tmp_path / "b.json").read_text()) == data


def test_the_heuristic_column_and_a_setting_for_every_search(tmp_path):
    done = agreement_run(tmp_path / "h.json", "--heuristic", "--setting", "rollout_sell_later_weight=0.5")
    assert done.returncode == 0, done.stderr
    header = done.stdout.splitlines()[0]
    assert header.endswith("| the heuristic vs 200 |")
    positions = json.loads((tmp_path / "h.json").read_text())["positions"]
    game = pyai.load_game("forsale(players=4)")
    agreeing = 0
    for position in positions:
        state = game.new_initial_state()
        for token in position["history"]:
            state.apply(token)
        heuristic = position["choices"]["heuristic"]
        assert heuristic == pyai.make_bot("heuristic").choose(state, position["seat"])
        agreeing += sum(heuristic == move for move in position["choices"]["200"]) / 2
    all_line = next(line for line in done.stdout.splitlines() if line.startswith("| all |"))
    assert float(all_line.rstrip(" |").rsplit("| ", 1)[1]) == round(agreeing / len(positions), 2)
    # The setting reaches the searches: without it the same seeds play other games.
    plain = agreement_run(tmp_path / "p.json", "--heuristic")
    assert plain.returncode == 0, plain.stderr
    assert json.loads((tmp_path / "p.json").read_text())["positions"] != positions


def test_positions_grouped_by_another_field(tmp_path):
    # Automania's states name where the game is by `step`, not `phase`.
    done = agreement_run(tmp_path / "s.json", "--game", "automania(players=3)", "--phase", "step", "--games", "1")
    assert done.returncode == 0, done.stderr
    positions = json.loads((tmp_path / "s.json").read_text())["positions"]
    assert positions
    game = pyai.load_game("automania(players=3)")
    steps = set()
    for position in positions:
        state = game.replay(position["history"])
        assert position["phase"] == state.to_dict()["step"]
        steps.add(position["phase"])
    assert len(steps) > 1  # a game's decisions are of several steps
    table = [line for line in done.stdout.splitlines() if line.startswith("| ")][2:]
    assert {line.split(" | ")[0].lstrip("| ") for line in table} == steps | {"all"}


def test_the_larger_budgets_changes_valued_by_moves_searched_alone(tmp_path):
    done = agreement_run(tmp_path / "v.json", "--value-alone", "100")
    assert done.returncode == 0, done.stderr
    positions = json.loads((tmp_path / "v.json").read_text())["positions"]
    game = pyai.load_game("forsale(players=4)")
    gains = []
    for position in positions:
        choices = position["choices"]
        smaller, larger = choices["60"][0], choices["200"][0]
        if smaller == larger:
            assert "alone" not in choices
            continue
        assert set(choices["alone"]) == {smaller, larger}
        state = game.replay(position["history"])
        for move, estimates in choices["alone"].items():
            assert len(estimates) == 2 and all(0 <= value <= 1 for value in estimates)
            # Each estimate is a search that may play that move alone, seeded afresh.
            alone = pyai.analyse(state, position["seat"], iterations=100, seed=3, searchmoves=[move])
            assert [m.token for m in alone.moves if m.visits] == [move]
            assert next(m.win for m in alone.moves if m.token == move) == estimates[0]
        gains.append(sum(choices["alone"][larger]) / 2 - sum(choices["alone"][smaller]) / 2)
    assert len(gains) >= 2  # 60 and 200 iterations choose apart often enough to be valued
    lines = done.stdout.splitlines()
    assert f"at {len(gains)} of {len(positions)} positions" in next(line for line in lines if "chose another" in line)
    expects = next(line for line in lines if "the search expects" in line)
    assert f"to win {sum(gains) / len(gains):+.4f} [" in expects
    summed = next(line for line in lines if "changes a seat a game" in line)
    changes = len(gains) * 5 / 2 / 4  # each kept position stands for --every 5 decisions; 2 games, 4 seats
    assert summed.startswith(f"About {changes:.1f} changes a seat a game")
    # Without the option nothing is valued.
    plain = agreement_run(tmp_path / "n.json")
    assert "the search expects" not in plain.stdout
    assert all("alone" not in p["choices"] for p in json.loads((tmp_path / "n.json").read_text())["positions"])


def test_an_earlier_runs_positions_valued_again_with_other_settings(tmp_path):
    first = agreement_run(tmp_path / "v.json", "--value-alone", "100")
    assert first.returncode == 0, first.stderr
    earlier = json.loads((tmp_path / "v.json").read_text())
    assert (earlier["game"], earlier["games"], earlier["every"]) == ("forsale(players=4)", 2, 5)

    def again(out: Path, *arguments: str) -> dict:
        command = [sys.executable, str(SCRIPT), "--positions", str(tmp_path / "v.json"), "--json", str(out)]
        done = subprocess.run([*command, *arguments], capture_output=True, text=True, timeout=300, cwd="/")
        assert done.returncode == 0, done.stderr
        return {"stdout": done.stdout, **json.loads(out.read_text())}

    # The same values again, from the file's positions and choices, nothing searched but the values.
    same = again(tmp_path / "s.json", "--value-alone", "100")
    assert same["positions"] == earlier["positions"]
    assert same["stdout"] == first.stdout
    # max_nodes=2: the tree is the root and the move, so the move is valued by its rollouts alone.
    flat = again(tmp_path / "f.json", "--value-alone", "100", "--alone-setting", "max_nodes=2")
    assert "(seeds (3, 4), max_nodes=2): the search expects" in flat["stdout"]
    valued = [p for p in flat["positions"] if "alone" in p["choices"]]
    assert [p["history"] for p in valued] == [p["history"] for p in earlier["positions"] if "alone" in p["choices"]]
    game = pyai.load_game("forsale(players=4)")
    position = valued[0]
    state = game.replay(position["history"])
    for move, estimates in position["choices"]["alone"].items():
        alone = pyai.analyse(state, position["seat"], iterations=100, seed=4, searchmoves=[move], max_nodes=2)
        assert alone.nodes == 2
        assert next(m.win for m in alone.moves if m.token == move) == estimates[1]


def test_an_earlier_run_is_refused_with_options_of_its_own_or_unreadable(tmp_path):
    done = agreement_run(tmp_path / "v.json")
    assert done.returncode == 0, done.stderr
    (tmp_path / "bad.json").write_text('{"positions": []}')
    for arguments, message in (
        (["--positions", str(tmp_path / "v.json"), "--games", "3"], "leave out --games"),
        (["--positions", str(tmp_path / "v.json"), "--setting", "exploration=1"], "leave out --setting"),
        (["--positions", str(tmp_path / "nosuch.json")], "--positions: No such file or directory"),
        (["--positions", str(tmp_path / "bad.json")], "is not a --json of this script"),
    ):
        refused = subprocess.run(
            [sys.executable, str(SCRIPT), *arguments], capture_output=True, text=True, timeout=60, cwd="/"
        )
        assert refused.returncode == 2 and message in refused.stderr, (arguments, refused.stderr)


def test_bad_arguments_are_refused_before_any_game():
    for arguments, message in (
        (["--budgets", "2000"], "give at least two budgets"),
        (["--budgets", "2k,20k"], "is not a comma-separated list"),
        (["--game", "nosuch()"], "--game: unknown game"),
        (["--every", "0"], "must each be at least 1"),
        (["--value-alone", "-5"], "--value-alone: -5 is below 0"),
        (["--workers", "0"], "--workers: 0 is below 1"),
        (["--alone-setting", "max_nodes"], "--alone-setting: bot spec 'ismcts:max_nodes': 'max_nodes' is not"),
        (["--setting", "exploration"], "--setting: bot spec 'ismcts:exploration': 'exploration' is not key=value"),
        (["--setting", "exploration=-1"], "--setting: bot spec 'ismcts:exploration=-1': exploration must be"),
    ):
        done = subprocess.run(
            [sys.executable, str(SCRIPT), *arguments], capture_output=True, text=True, timeout=60, cwd="/"
        )
        assert done.returncode == 2 and message in done.stderr, (arguments, done.stderr)
