"""bench/stored_games.py and the fit to games the search played (bench/fit_value_model.py's stored settings)."""

import dataclasses
import json
import sqlite3
import sys
from pathlib import Path

import numpy as np
import pytest

import pyai
from pyai.tournament import TournamentConfig, run_tournament

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
import fit_value_model  # noqa: E402
import stored_games  # noqa: E402

GAME = "automania(players=3)"


@pytest.fixture(scope="module")
def run_db(tmp_path_factory) -> Path:
    """Two deals of Automania between heuristic bots and a small search, as `pyai tournament --db` stores them."""
    db = tmp_path_factory.mktemp("runs") / "run.sqlite"
    config = TournamentConfig(GAME, ["heuristic", "ismcts:iterations=20"], deals=2)
    run_tournament(config, db, concurrency=1, progress=False)
    return db


def test_a_tournaments_games_are_read_and_written_again_unchanged(run_db, tmp_path):
    games = stored_games.read_games(run_db)
    with sqlite3.connect(run_db) as raw:
        rows = raw.execute("SELECT tokens, winners FROM games ORDER BY deal, seating").fetchall()
    assert len(games) == len(rows) == 6  # 2 deals in their 3 rotations
    assert [" ".join(g.tokens) for g in games] == [tokens for tokens, _ in rows]
    assert all(g.game == GAME and len(g.scores) == 3 and g.winners for g in games)
    out = tmp_path / "games.jsonl.gz"
    stored_games.write_games(out, games)
    assert stored_games.read_games(out) == games
    first = out.read_bytes()
    stored_games.write_games(out, games)
    assert out.read_bytes() == first  # the same games, the same bytes


def test_only_finished_games_are_read(run_db, tmp_path):
    db = tmp_path / "crashed.sqlite"
    db.write_bytes(run_db.read_bytes())
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE games SET outcome = 'crash', scores = NULL WHERE deal = 1")
    assert len(stored_games.read_games(db)) == 3


def test_other_files_are_refused_by_name(tmp_path):
    with pytest.raises(ValueError, match=r"notes\.txt: stored games are"):
        stored_games.read_games(tmp_path / "notes.txt")
    with pytest.raises(SystemExit):
        stored_games.main([str(tmp_path / "out.json"), str(tmp_path / "run.sqlite")])


def test_each_game_gives_the_positions_its_model_values_with_the_games_outcome(run_db):
    games = stored_games.read_games(run_db)
    data = stored_games.value_positions(games)
    game = pyai.load_game(GAME)
    # 3 players: rounds 2, 3 and 4 about to be dealt, buckets 3 to 5
    assert data["bucket"].tolist() == [3, 4, 5] * len(games)
    assert data["game"].tolist() == [g for g in range(len(games)) for _ in range(3)]
    assert data["features"].shape == (18, 3, len(pyai._core.automania_value_feature_names))
    for row, index in [(0, 0), (7, 2), (17, 5)]:
        stored = games[index]
        expected = np.zeros(3)
        expected[stored.winners] = 1 / len(stored.winners)
        assert data["win"][row].tolist() == pytest.approx(expected.tolist())
        assert data["score"][row].tolist() == stored.scores
    # The features are the state's at that point: replayed independently to the second boundary of game 2.
    state = game.new_initial_state()
    seen = 0
    for token in games[2].tokens:
        if state.core.value_bucket() is not None:
            seen += 1
            if seen == 2:
                break
        state.apply(token)
    assert np.array_equal(data["features"][7], np.array(state.core.value_features(), np.float32))


def test_a_record_that_does_not_replay_to_its_scores_is_named(run_db):
    games = stored_games.read_games(run_db)
    bad = dataclasses.replace(games[1], scores=[s + 1 for s in games[1].scores])
    with pytest.raises(ValueError, match=r"stored game 1 \(automania\(players=3\)\) replays to scores"):
        stored_games.value_positions([games[0], bad])


def test_a_stored_setting_is_cross_validated_and_weighted_on_every_game():
    rng = np.random.default_rng(4)
    truth = np.array([0.8, -0.5])
    x = rng.normal(size=(3000, 3, 2))
    p = fit_value_model.softmax(x @ truth)
    win = np.zeros_like(p)
    win[np.arange(len(p)), [rng.choice(3, p=row) for row in p]] = 1
    data = {
        "bucket": np.zeros(3000, np.int32),
        "game": np.arange(3000, dtype=np.int32),
        "features": x,
        "win": win,
        "score": win * 10,
    }
    tenth, report_of_tenth = fit_value_model.fit_samples(data, lambda b: True, 0)[0]
    models, report = fit_value_model.fit_samples(data, lambda b: True, 0, cross_validated=True)[0]
    assert report_of_tenth["test"] == 300 and report["test"] == report["train"] == 3000
    # every position predicted by weights fitted without its tenth
    predicted = np.empty_like(win)
    for k in range(10):
        out = data["game"] % 10 == k
        predicted[out] = fit_value_model.softmax(x[out] @ fit_value_model.fit_logit(x[~out], win[~out]))
    assert report["log_loss"] == pytest.approx(fit_value_model.log_loss(predicted, win), rel=1e-3)
    assert report["log_loss"] != pytest.approx(report_of_tenth["log_loss"], rel=1e-3)
    assert models.win_weights == pytest.approx(fit_value_model.fit_logit(x, win), rel=1e-2)  # from all 3,000
    assert not np.allclose(models.win_weights, tenth.win_weights)
    assert models.win_weights == pytest.approx(truth, abs=0.15)


def test_the_fit_takes_a_stored_setting_from_its_games_and_says_so(run_db, tmp_path, monkeypatch, capsys):
    records = tmp_path / "played.jsonl.gz"
    stored_games.write_games(records, stored_games.read_games(run_db))
    shipped = fit_value_model.load_fit("automania")
    monkeypatch.setattr(
        fit_value_model, "load_fit", lambda name: dataclasses.replace(shipped, stored_games={"3p": records})
    )
    weights, report = tmp_path / "w.inc", tmp_path / "r.json"
    assert (
        fit_value_model.main(
            ["--game", "automania", "--games", "30", "--weights", str(weights), "--report", str(report)]
        )
        == 0
    )
    written = weights.read_text()
    assert f"; 3p instead from 6 games the search played ({records})" in written
    assert written.count("{true,") == 9  # 2p and 4p from self-play, 3p from the 6 games
    assert "3p: 3 boundaries" in capsys.readouterr().out
    held_out = json.loads(report.read_text())["settings"]
    assert all(figures["test"] == 6 for figures in held_out["3p"].values())  # each game held out once
    assert all("log_loss_self_play" in figures for figures in held_out["3p"].values())
    assert not any("log_loss_self_play" in figures for figures in held_out["2p"].values())
    assert (
        fit_value_model.main(
            [
                "--game",
                "automania",
                "--games",
                "30",
                "--self-play-only",
                "--weights",
                str(weights),
                "--report",
                str(report),
            ]
        )
        == 0
    )
    assert "instead from" not in weights.read_text()
    assert "--self-play-only" in weights.read_text()
