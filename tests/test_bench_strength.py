"""bench/strength_scaling.py and bench/paired.py at tiny budgets: rows kept per deal,
extended without replaying, reproducible, tabled and plotted; and bench/strength.py's
--bot-heuristic-at, which hands the tested seat's moves in some phases to the heuristic.

The win shares themselves are not asserted (a few games at 20 iterations say
nothing about strength); what is checked is that the figures are what the
games gave and that reruns do not change them.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"
HAS_MATPLOTLIB = importlib.util.find_spec("matplotlib") is not None
TINY = ["--budgets", "20,60", "--fields", "heuristic;ismcts:iterations=20", "--players", "3", "--workers", "1"]


def scaling(*arguments: str) -> subprocess.CompletedProcess:
    # cwd="/": not the checkout, whose pyai folder has no built core.
    command = [sys.executable, str(BENCH / "strength_scaling.py"), *arguments]
    return subprocess.run(command, capture_output=True, text=True, timeout=300, cwd="/")


@pytest.fixture(scope="module")
def first_run(tmp_path_factory):
    folder = tmp_path_factory.mktemp("strength")
    out, png = folder / "rows.json", folder / "scaling.png"
    arguments = [*TINY, "--deals", "2", "--json", str(out)] + (["--plot", str(png)] if HAS_MATPLOTLIB else [])
    done = scaling(*arguments)
    assert done.returncode == 0, done.stderr
    return done.stdout, out, png


def rows_of(path: Path) -> dict:
    return json.loads(path.read_text())["rows"]


def test_a_row_per_budget_and_field_with_each_deals_win_share(first_run):
    _, out, _ = first_run
    rows = rows_of(out)
    assert sorted((row["budget"], row["field"]) for row in rows.values()) == [
        (20, "heuristic"),
        (20, "ismcts:iterations=20"),
        (60, "heuristic"),
        (60, "ismcts:iterations=20"),
    ]
    for row in rows.values():
        assert (row["players"], row["edition"]) == (3, "autorama")
        assert sorted(row["per_deal"]) == ["1", "2"]
        # a deal's share is the mean over its 3 seatings of 1/k for a k-way win, else 0
        assert all(0.0 <= share <= 1.0 for share in row["per_deal"].values())
        assert row["win_share"] == pytest.approx(sum(row["per_deal"].values()) / 2)
        assert row["half_width"] >= 0


def test_prints_the_table(first_run):
    stdout, _, _ = first_run
    assert "| ismcts iterations a move | vs 2 heuristic | vs 2 ismcts:iterations=20 |" in stdout
    assert "| 20 | " in stdout and "| 60 | " in stdout and "(2 deals)" in stdout
    assert "fair share 0.333" in stdout


@pytest.mark.skipif(not HAS_MATPLOTLIB, reason="the plot extra (matplotlib) is not installed")
def test_draws_the_plot(first_run):
    _, _, png = first_run
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_rerun_plays_only_the_missing_deals_and_a_fresh_run_repeats_the_figures(first_run, tmp_path):
    _, out, _ = first_run
    kept = tmp_path / "kept.json"
    kept.write_text(out.read_text())
    before = rows_of(kept)

    same = scaling(*TINY, "--deals", "2", "--json", str(kept))
    assert same.returncode == 0, same.stderr
    assert rows_of(kept) == before  # nothing missing: nothing played (seconds unchanged too)

    longer = scaling(*TINY, "--deals", "3", "--json", str(kept))
    assert longer.returncode == 0, longer.stderr
    extended = rows_of(kept)
    for key, row in extended.items():
        assert sorted(row["per_deal"]) == ["1", "2", "3"]
        assert {deal: row["per_deal"][deal] for deal in ("1", "2")} == before[key]["per_deal"]

    fresh = tmp_path / "fresh.json"
    again = scaling(*TINY, "--deals", "3", "--json", str(fresh))
    assert again.returncode == 0, again.stderr
    assert {key: row["per_deal"] for key, row in rows_of(fresh).items()} == {
        key: row["per_deal"] for key, row in extended.items()
    }


def test_a_row_merged_from_elsewhere_is_tabled_from_its_deals(first_run, tmp_path):
    # Deals played by bench/strength.py with the same bots can be merged into a row by hand; the row's
    # figures then come from all of its deals, not from what the file said before.
    _, out, _ = first_run
    merged = tmp_path / "merged.json"
    report = json.loads(out.read_text())
    key = next(key for key, row in report["rows"].items() if (row["budget"], row["field"]) == (20, "heuristic"))
    report["rows"][key]["per_deal"] = {"1": 0.0, "2": 1.0, "3": 1.0, "4": 0.0}
    report["rows"][key]["win_share"] = 0.123  # stale
    merged.write_text(json.dumps(report))
    done = scaling(*TINY, "--deals", "2", "--json", str(merged))
    assert done.returncode == 0, done.stderr
    row = rows_of(merged)[key]
    assert row["win_share"] == 0.5 and row["half_width"] > 0
    assert "| 20 | 0.500 ± " in done.stdout and "(4 deals)" in done.stdout


def test_the_tested_bots_own_settings_make_rows_of_their_own(first_run, tmp_path):
    _, out, _ = first_run
    kept = tmp_path / "kept.json"
    kept.write_text(out.read_text())
    before = rows_of(kept)
    done = scaling(*TINY, "--deals", "2", "--bot-settings", "opponent_model=none", "--json", str(kept))
    assert done.returncode == 0, done.stderr
    rows = rows_of(kept)
    added = {key: row for key, row in rows.items() if key not in before}
    assert sorted(added) == [
        "autorama 3p: ismcts:iterations=20,opponent_model=none vs heuristic",
        "autorama 3p: ismcts:iterations=20,opponent_model=none vs ismcts:iterations=20",
        "autorama 3p: ismcts:iterations=60,opponent_model=none vs heuristic",
        "autorama 3p: ismcts:iterations=60,opponent_model=none vs ismcts:iterations=20",
    ]
    assert all(row["bot_settings"] == "opponent_model=none" for row in added.values())
    assert "| vs 2 heuristic | vs 2 ismcts:iterations=20 | vs 2 heuristic (opponent_model=none) |" in done.stdout
    # the settings reach the bot: a bad one is refused by the search
    bad = scaling(*TINY, "--deals", "2", "--bot-settings", "opponent_model=psychic", "--json", str(kept))
    assert bad.returncode != 0 and "opponent_model must be one of none, heuristic" in bad.stderr


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--budgets", "20,many"], "--budgets: '20,many' is not a comma-separated list of whole numbers"),
        (["--budgets", "20,0"], "--budgets: each budget must be at least 1 iteration ('20,0')"),
        (["--deals", "1"], "--deals must be at least 2 (an interval needs two deals), not 1"),
        (["--bot-settings", "exploration"], "--bot-settings / --fields: give KEY=VALUE, not 'exploration'"),
        (["--fields", "ismcts:iterations"], "--bot-settings / --fields: give KEY=VALUE, not 'iterations'"),
    ],
)
def test_bad_arguments_are_named(arguments, message, tmp_path):
    done = scaling(*arguments, "--json", str(tmp_path / "unused.json"))
    assert done.returncode == 2
    assert message in done.stderr
    assert not (tmp_path / "unused.json").exists()


def test_paired_difference_of_two_runs(tmp_path):
    new, old = tmp_path / "new.json", tmp_path / "old.json"
    new.write_text(json.dumps({"1": 0.5, "2": 0.25, "3": 1.0}))
    old.write_text(json.dumps({"1": 0.25, "2": 0.25, "3": 0.5, "4": 0.0}))  # deal 4 unpaired: left out
    done = subprocess.run(
        [sys.executable, str(BENCH / "paired.py"), str(new), str(old)], capture_output=True, text=True, cwd="/"
    )
    assert done.returncode == 0, done.stderr
    # differences 0.25, 0, 0.5: mean 0.25, sd 0.25, t(2) 4.30 -> half width 4.30 * 0.25 / sqrt(3)
    assert "over 3 shared deals: new 0.583, old 0.333, new - old +0.250 +- 0.621" in done.stdout


def test_paired_difference_of_two_rows_of_a_scaling_table(tmp_path):
    table = tmp_path / "scaling.json"
    rows = {
        "autorama 4p: ismcts:iterations=20000 vs heuristic": {"per_deal": {"1": 0.5, "2": 0.25, "3": 1.0}},
        "autorama 4p: ismcts:iterations=2000 vs heuristic": {"per_deal": {"1": 0.25, "2": 0.25, "3": 0.5}},
    }
    table.write_text(json.dumps({"rows": rows}))
    new, old = (f"{table}::{key}" for key in rows)

    def paired(*runs: str) -> subprocess.CompletedProcess:
        command = [sys.executable, str(BENCH / "paired.py"), *runs]
        return subprocess.run(command, capture_output=True, text=True, cwd="/")

    done = paired(new, old)
    assert done.returncode == 0, done.stderr
    assert "over 3 shared deals: new 0.583, old 0.333, new - old +0.250 +- 0.621" in done.stdout
    # A row the table lacks, a file that is not there: said in one message each, naming it.
    missing = paired(f"{table}::autorama 4p: ismcts:iterations=5 vs heuristic", old)
    assert missing.returncode == 1 and "has no row 'autorama 4p: ismcts:iterations=5 vs heuristic'" in missing.stderr
    assert "ismcts:iterations=20000 vs heuristic" in missing.stderr  # the rows it has are listed
    absent = paired(str(tmp_path / "absent.json"), old)
    assert absent.returncode == 1 and f"cannot read {tmp_path / 'absent.json'}" in absent.stderr
    assert "Traceback" not in missing.stderr + absent.stderr


def strength(*arguments: str) -> tuple[dict, str]:
    """Each deal's win share, and the printed mean score of the tested seat."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "per_deal.json"
        command = [sys.executable, str(BENCH / "strength.py"), *arguments, "--per-deal", str(out)]
        done = subprocess.run(command, capture_output=True, text=True, timeout=300, cwd="/")
        assert done.returncode == 0, done.stderr
        return json.loads(out.read_text()), done.stdout.split("mean score ")[1].strip()


def test_a_malformed_setting_of_strength_is_named_before_any_game():
    command = [sys.executable, str(BENCH / "strength.py"), "--deals", "1", "--bot-setting", "=3"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, cwd="/")
    assert done.returncode == 2 and "--bot-setting / --opponent-setting: give KEY=VALUE, not '=3'" in done.stderr


def test_a_search_playing_the_heuristic_everywhere_plays_the_heuristics_games():
    common = ["--opponent", "heuristic", "--players", "3", "--deals", "3", "--workers", "1", "--iterations", "30"]
    heuristic = strength("--bot", "heuristic", *common)
    everywhere = strength("--bot", "ismcts", "--bot-heuristic-at", "pass,bid,play,sell,keep,mech", *common)
    searched = strength("--bot", "ismcts", *common)
    assert everywhere == heuristic
    assert searched != heuristic  # so the search's own moves would have shown
