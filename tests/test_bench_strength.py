"""bench/strength.py, bench/strength_scaling.py and bench/paired.py at tiny budgets.

strength.py plays through `pyai tournament`'s runner: its per-deal shares are
what the stored games give, a results file it is given is extended without
replaying, and a bad spec is named before any game. strength_scaling.py keeps
rows per deal, extends them without replaying, and tables and plots them.

The win shares themselves are not asserted (a few games at 20 iterations say
nothing about strength); what is checked is that the figures are what the
games gave and that reruns do not change them.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pyai.tournament.store import Store

BENCH = Path(__file__).resolve().parents[1] / "bench"
HAS_MATPLOTLIB = importlib.util.find_spec("matplotlib") is not None
TINY = ["--budgets", "20,60", "--fields", "heuristic;ismcts:iterations=20", "--game", "forsale(players=3)"]
TINY += ["--workers", "1"]


def shares_in(path: Path) -> dict[str, float]:
    """Each deal's mean win share of the line-up's first bot, read from the stored games here (not by bench)."""
    with Store(str(path), create=False) as store:
        by_deal: dict[str, list[float]] = {}
        for game in store.games():
            for seat, bot in enumerate(game["seating"]):
                if bot == 0:
                    won = 1 / len(game["winners"]) if seat in game["winners"] else 0.0
                    by_deal.setdefault(str(game["deal"]), []).append(won)
    return {deal: sum(shares) / len(shares) for deal, shares in by_deal.items()}


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
        assert (row["game"], row["players"]) == ("forsale(players=3)", 3)
        assert sorted(row["per_deal"]) == ["1", "2"]
        # a deal's share is the mean over its seatings of 1/k for a k-way win, else 0: what the row's games say
        assert row["per_deal"] == shares_in(out.parent / row["db"])
        assert row["win_share"] == pytest.approx(sum(row["per_deal"].values()) / 2)
        assert row["half_width"] >= 0
    # ismcts at 20 against copies of itself is one bot in every seat: one game a deal, the fair share
    same = next(row for row in rows.values() if (row["budget"], row["field"]) == (20, "ismcts:iterations=20"))
    assert same["per_deal"] == {"1": pytest.approx(1 / 3), "2": pytest.approx(1 / 3)}


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
    shutil.copytree(out.parent / "rows_games", tmp_path / "rows_games")  # the rows' games, which the rows name
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
    # only deal 3 was played: the rows' results files said they held deals 1 and 2
    assert longer.stderr.count("resuming") == 4
    assert "6 games stored, 3 to play" in longer.stderr  # 3 seatings a deal
    assert "2 games stored, 1 to play" in longer.stderr  # ismcts against itself: one seating a deal

    fresh = tmp_path / "fresh.json"
    again = scaling(*TINY, "--deals", "3", "--json", str(fresh))
    assert again.returncode == 0, again.stderr
    assert {key: row["per_deal"] for key, row in rows_of(fresh).items()} == {
        key: row["per_deal"] for key, row in extended.items()
    }


def test_a_row_merged_from_elsewhere_is_tabled_from_its_deals(first_run, tmp_path):
    # Deals played elsewhere with the same bots can be merged into a row by hand; the row's
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
        "forsale(players=3): ismcts:iterations=20,opponent_model=none vs heuristic",
        "forsale(players=3): ismcts:iterations=20,opponent_model=none vs ismcts:iterations=20",
        "forsale(players=3): ismcts:iterations=60,opponent_model=none vs heuristic",
        "forsale(players=3): ismcts:iterations=60,opponent_model=none vs ismcts:iterations=20",
    ]
    assert all(row["bot_settings"] == "opponent_model=none" for row in added.values())
    assert "| vs 2 heuristic | vs 2 ismcts:iterations=20 | vs 2 heuristic (opponent_model=none) |" in done.stdout
    # the settings reach the bot: a bad one is refused by the search, before any game
    bad = scaling(*TINY, "--deals", "2", "--bot-settings", "opponent_model=psychic", "--json", str(kept))
    assert bad.returncode == 2 and "opponent_model must be one of none, heuristic" in bad.stderr


def test_a_row_whose_games_were_not_kept_is_not_extended(first_run, tmp_path):
    _, out, _ = first_run
    kept = tmp_path / "kept.json"
    report = json.loads(out.read_text())
    key = next(iter(report["rows"]))
    del report["rows"][key]["db"]  # as a row played without a results file
    kept.write_text(json.dumps(report))
    done = scaling(*TINY, "--deals", "3", "--json", str(kept))
    assert done.returncode == 2
    assert f"row {key!r} holds 2 deals but no results file of its games" in done.stderr
    assert json.loads(kept.read_text()) == report  # refused before any game


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--budgets", "20,many"], "--budgets: '20,many' is not a comma-separated list of whole numbers"),
        (["--budgets", "20,0"], "--budgets: each budget must be at least 1 iteration ('20,0')"),
        (["--deals", "1"], "--deals must be at least 2 (an interval needs two deals), not 1"),
        (
            ["--bot-settings", "exploration"],
            "--bot-settings / --fields: bot spec 'ismcts:iterations=2000,exploration': 'exploration' is not key=value",
        ),
        (
            ["--fields", "ismcts:iterations"],
            "--bot-settings / --fields: bot spec 'ismcts:iterations': 'iterations' is not key=value",
        ),
        (["--game", "nosuch"], "--game: unknown game 'nosuch'"),
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
        "forsale(players=4): ismcts:iterations=20000 vs heuristic": {"per_deal": {"1": 0.5, "2": 0.25, "3": 1.0}},
        "forsale(players=4): ismcts:iterations=2000 vs heuristic": {"per_deal": {"1": 0.25, "2": 0.25, "3": 0.5}},
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
    missing = paired(f"{table}::forsale(players=4): ismcts:iterations=5 vs heuristic", old)
    assert missing.returncode == 1
    assert "has no row 'forsale(players=4): ismcts:iterations=5 vs heuristic'" in missing.stderr
    assert "ismcts:iterations=20000 vs heuristic" in missing.stderr  # the rows it has are listed
    absent = paired(str(tmp_path / "absent.json"), old)
    assert absent.returncode == 1 and f"cannot read {tmp_path / 'absent.json'}" in absent.stderr
    assert "Traceback" not in missing.stderr + absent.stderr


def test_paired_difference_of_two_tournament_reports(tmp_path):
    # Two real tournaments of the same deals, reported as JSON, paired by their first bots or by name.
    reports = {}
    for name, bot in (("new", "ismcts:iterations=40"), ("old", "ismcts:iterations=10")):
        db, report = tmp_path / f"{name}.sqlite", tmp_path / f"{name}.json"
        command = [sys.executable, "-m", "pyai", "tournament", "--game", "leduc()", "--bot", bot, "--bot", "heuristic"]
        done = subprocess.run(
            [*command, "--deals", "4", "--concurrency", "1", "--quiet", "--db", str(db), "--json", str(report)],
            capture_output=True,
            text=True,
            cwd=tmp_path,
        )
        assert done.returncode == 0, done.stderr
        reports[name] = json.loads(report.read_text())
    shares = {name: report["bots"][0]["deal_win_shares"] for name, report in reports.items()}
    assert sorted(shares["new"]) == sorted(shares["old"]) == ["1", "2", "3", "4"]

    def paired(*runs: str) -> subprocess.CompletedProcess:
        command = [sys.executable, str(BENCH / "paired.py"), *runs]
        return subprocess.run(command, capture_output=True, text=True, cwd="/")

    by_report = paired(str(tmp_path / "new.json"), str(tmp_path / "old.json"))
    by_store = paired(str(tmp_path / "new.sqlite"), str(tmp_path / "old.sqlite"))
    assert by_report.returncode == 0, by_report.stderr
    assert by_report.stdout == by_store.stdout and by_report.stdout.startswith("over 4 shared deals: ")
    # FILE::BOT names a bot by its spec; the heuristic bot of the old run against itself is level
    heuristic = paired(f"{tmp_path / 'old.json'}::heuristic", f"{tmp_path / 'old.json'}::heuristic")
    assert "new - old +0.000 +- 0.000" in heuristic.stdout
    unknown = paired(f"{tmp_path / 'old.json'}::random", str(tmp_path / "new.json"))
    assert unknown.returncode == 1 and "has no bot 'random'" in unknown.stderr and "Traceback" not in unknown.stderr
    # a report written before the shares were kept says so
    old_style = reports["old"]
    for row in old_style["bots"]:
        del row["deal_win_shares"]
    (tmp_path / "old_style.json").write_text(json.dumps(old_style))
    refused = paired(str(tmp_path / "new.json"), str(tmp_path / "old_style.json"))
    assert refused.returncode == 1 and "has no per-deal win shares" in refused.stderr


def strength(*arguments: str) -> subprocess.CompletedProcess:
    command = [sys.executable, str(BENCH / "strength.py"), "--game", "forsale(players=3)", "--workers", "1"]
    return subprocess.run([*command, *arguments], capture_output=True, text=True, timeout=300, cwd="/")


def test_strength_plays_a_tournament_and_reports_each_deal_from_its_games(tmp_path):
    db, per_deal = tmp_path / "run.sqlite", tmp_path / "per_deal.json"
    tiny = ["--bot", "ismcts:iterations=30", "--opponent", "heuristic", "--db", str(db)]
    done = strength(*tiny, "--deals", "3", "--per-deal", str(per_deal))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith(
        "ismcts:iterations=30 vs 2 x heuristic, forsale(players=3), 3 deals x 3 seatings = 9 games (9 played now) in "
    )
    with Store(str(db), create=False) as store:
        assert store.settings()["lineup"] == ["ismcts:iterations=30", "heuristic", "heuristic"]
        games = store.games()
    # every deal in each rotation: the tested bot (id 0) in every seat once a deal
    assert sorted((game["deal"], game["seating"].index(0)) for game in games) == [
        (deal, seat) for deal in (1, 2, 3) for seat in range(3)
    ]
    shares = json.loads(per_deal.read_text())
    assert shares == shares_in(db) and sorted(shares) == ["1", "2", "3"]
    mean = sum(shares.values()) / 3
    assert lines[1].startswith(f"win share {mean:.3f} +- ") and "fair share 0.333" in lines[1]

    # The same command with more deals plays only the deal the file lacks.
    more = strength(*tiny, "--deals", "4", "--per-deal", str(per_deal))
    assert more.returncode == 0, more.stderr
    assert "4 deals x 3 seatings = 12 games (3 played now)" in more.stdout
    assert "resuming" in more.stderr
    extended = json.loads(per_deal.read_text())
    assert {deal: extended[deal] for deal in shares} == shares and sorted(extended) == ["1", "2", "3", "4"]

    # bench/paired.py reads a results file as the first bot's shares by deal.
    paired = subprocess.run(
        [sys.executable, str(BENCH / "paired.py"), str(db), str(per_deal)], capture_output=True, text=True, cwd="/"
    )
    assert paired.returncode == 0, paired.stderr
    assert "over 4 shared deals" in paired.stdout and "new - old +0.000 +- 0.000" in paired.stdout


def test_a_bot_against_copies_of_itself_is_one_bot_at_the_fair_share():
    done = strength("--bot", "heuristic", "--opponent", "heuristic", "--deals", "2")
    assert done.returncode == 0, done.stderr
    assert "2 deals x 1 seatings = 2 games in " in done.stdout
    assert "win share 0.333 +- 0.000" in done.stdout


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--bot", "ismcts:iterations"], "bot spec 'ismcts:iterations': 'iterations' is not key=value"),
        (["--opponent", "ismcts:opponent_prior=3"], "opponent_prior must be a number 0 to 1, not 3"),
        (["--bot", "nosuch"], "unknown bot 'nosuch'"),
        (["--game", "nosuch"], "unknown game 'nosuch'"),
    ],
)
def test_a_bad_spec_or_game_is_named_before_any_game(arguments, message, tmp_path):
    done = strength(*arguments, "--deals", "1", "--db", str(tmp_path / "unused.sqlite"))
    assert done.returncode == 2 and message in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "unused.sqlite").exists()
