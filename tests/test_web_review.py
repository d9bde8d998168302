"""`pyai serve`'s review of a saved session and its tournament standings (pyai/web/review.py,
pyai/web/standings.py), through Starlette's TestClient: a review as `pyai review` gives it,
bad ids and iterations refused, the search cap kept; the standings of a tiny tournament made
here, as pyai/tournament's report gives them, and a server with none."""

from __future__ import annotations

import random
import tempfile
import threading

import pytest
from starlette.testclient import TestClient

from pyai import cli
from pyai.commands.review import MISTAKE, read_record, review
from pyai.tournament.report import build_report
from pyai.tournament.runner import TournamentConfig, run_tournament
from pyai.tournament.store import Store as ResultsStore
from pyai.web.app import create_app
from pyai.web.review import MAX_REVIEW_ITERATIONS, ReviewStopped, review_upload
from pyai.web.sessions import Store
from pyai.web.standings import Tournaments

LOCAL = "http://127.0.0.1"  # the `client` fixture's address (tests/conftest.py)
ITERATIONS = 40


def played(client, store, game, seed, steps=500):
    """A session of `game` played `steps` steps on, or to its end: listed inputs chosen at random,
    chance steps said as the player's seat would see them dealt."""
    rng = random.Random(seed)
    answer = client.post("/api/sessions", json={"game": game, "iterations": ITERATIONS})
    state = answer.json()
    for _ in range(steps):
        if state["over"]:
            break
        held = store.get(state["id"]).companion.position.state
        if state["inputs"]:
            line = rng.choice(state["inputs"])["line"]
        elif held.to_move() == "chance":
            line = held.sample_chance(rng.randrange(1000))
        else:
            break  # said in words only: far enough for a review
        answer = client.post(f"/api/sessions/{state['id']}/steps", json={"input": line})
        assert answer.status_code == 200, answer.text
        state = answer.json()["state"]
    return state


def test_a_finished_session_reviewed_as_pyai_review_reviews_its_file(client, store):
    state = next(s for s in (played(client, store, "leduc()", seed) for seed in range(20)) if s["over"])
    answer = client.post(f"/api/sessions/{state['id']}/review", json={"iterations": ITERATIONS})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert (data["id"], data["game"], data["seat"], data["lines"]) == (state["id"], "leduc()", 0, len(state["lines"]))
    assert data["iterations"] == ITERATIONS and data["mistake"] == MISTAKE and data["decisions"]
    expected = review(read_record(str(store.path(state["id"]))), iterations=ITERATIONS)
    assert [(d["line"], d["stage"], d["played"], d["best"], d["win_lost"]) for d in data["decisions"]] == [
        (d.index, d.stage, d.played, d.best, d.win_lost) for d in expected.decisions
    ]
    for decision in data["decisions"]:
        assert decision["stage"] and decision["win_lost"] >= 0
        assert decision["mistake"] == (decision["win_lost"] >= MISTAKE)
    assert data["mistakes"] == sorted(
        (d for d in data["decisions"] if d["mistake"]), key=lambda d: (-d["win_lost"], d["line"])
    )


def test_a_partial_session_and_a_new_one_are_reviewed(client, store):
    fresh = client.post("/api/sessions", json={"game": "forsale(players=3)"}).json()
    empty = client.post(f"/api/sessions/{fresh['id']}/review", json={"iterations": 10})
    assert empty.status_code == 200 and empty.json()["decisions"] == [] and empty.json()["mistakes"] == []
    state = played(client, store, "forsale(players=3)", 3, steps=12)
    assert not state["over"]
    answer = client.post(f"/api/sessions/{state['id']}/review", json={"iterations": 20})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["lines"] == len(state["lines"]) and data["decisions"]
    assert all(0 < d["line"] <= len(state["lines"]) for d in data["decisions"])
    for decision in data["decisions"]:  # the moves in words, as the table said them then: "you bid 3"
        for move in ("played", "best"):
            assert decision[f"{move}_words"].startswith("you ") and decision[f"{move}_words"] != decision[move]
            if decision[move].startswith("bid:"):
                assert decision[f"{move}_words"] == f"you bid {decision[move][4:]}"


@pytest.mark.parametrize(
    "session_id, status",
    [("x", 404), ("A" * 22, 404), ("..", 404), ("%2E%2E%2Fetc", 404), ("a" * 200, 404), ("../../etc/passwd", 404)],
)
def test_a_review_of_no_session_of_the_server_is_refused(client, session_id, status):
    answer = client.post(f"/api/sessions/{session_id}/review", json={})
    assert answer.status_code == status
    if answer.headers["content-type"] == "application/json":
        assert "error" in answer.json()


@pytest.mark.parametrize(
    "body, message",
    [
        ({"iterations": 0}, "1 to"),
        ({"iterations": MAX_REVIEW_ITERATIONS + 1}, f"{MAX_REVIEW_ITERATIONS} on this server"),
        ({"iterations": "many"}, "whole number"),
        ({"iterations": True}, "whole number"),
        ({"iterations": 2.5}, "whole number"),
        ({"seed": 3}, "unknown field 'seed'"),
    ],
)
def test_bad_review_iterations_are_refused(client, body, message):
    session = client.post("/api/sessions", json={"game": "leduc()"}).json()
    answer = client.post(f"/api/sessions/{session['id']}/review", json=body)
    assert answer.status_code == 400 and message in answer.json()["error"], answer.text


def test_a_review_waits_for_a_search_slot(tmp_path):
    full = Store(tmp_path / "sessions", max_searches=0)
    client = TestClient(create_app(full), base_url=LOCAL)
    session = client.post("/api/sessions", json={"game": "leduc()"}).json()
    answer = client.post(f"/api/sessions/{session['id']}/review", json={"iterations": 10})
    assert answer.status_code == 503 and "searches" in answer.json()["error"]
    assert full.searches == 0


def test_a_server_without_tournaments_says_there_is_none(client):
    assert client.get("/api/tournaments").json() == {"tournaments": []}
    answer = client.get("/api/tournaments/0")
    assert answer.status_code == 404 and "no tournament" in answer.json()["error"]


def test_standings_of_a_tiny_tournament(store, tmp_path):
    db = str(tmp_path / "folder-not-shown" / "tiny.sqlite")
    (tmp_path / "folder-not-shown").mkdir()
    config = TournamentConfig("leduc()", ["random", "heuristic"], deals=2)
    run_tournament(config, db, concurrency=1, progress=False)
    missing = str(tmp_path / "later.sqlite")
    client = TestClient(create_app(store, tournaments=Tournaments([db, missing])), base_url=LOCAL)
    listed = client.get("/api/tournaments").json()["tournaments"]
    assert listed == [{"id": 0, "name": "tiny.sqlite"}, {"id": 1, "name": "later.sqlite"}]
    answer = client.get("/api/tournaments/0")
    assert answer.status_code == 200, answer.text
    data = answer.json()
    with ResultsStore(db, create=False) as results:
        report = build_report(results)
    assert (data["name"], data["game"], data["games"], data["deals"]) == ("tiny.sqlite", "leduc()", 4, 2)
    assert {row["bot"] for row in data["bots"]} == set(report["labels"])
    for row in data["bots"]:
        expected = report["bots"][report["labels"].index(row["bot"])]
        assert (row["games"], row["win_rate"], row["win_rate_low"], row["win_rate_high"]) == (
            expected["games"],
            expected["win_rate"],
            expected["win_rate_low"],
            expected["win_rate_high"],
        )
        assert row["win_rate_low"] <= row["win_rate"] <= row["win_rate_high"]
    assert [row["win_rate"] for row in data["bots"]] == sorted((row["win_rate"] for row in data["bots"]), reverse=True)
    # More games stored: the next read says so.
    run_tournament(TournamentConfig("leduc()", ["random", "heuristic"], deals=3), db, concurrency=1, progress=False)
    assert client.get("/api/tournaments/0").json()["games"] == 6
    # A file not there (yet): 409 naming it, not its folder; no such number: 404.
    later = client.get("/api/tournaments/1")
    assert later.status_code == 409 and "later.sqlite" in later.json()["error"]
    assert str(tmp_path) not in later.json()["error"]
    assert client.get("/api/tournaments/2").status_code == 404
    assert client.get("/api/tournaments/-1").status_code == 404


def test_the_page_has_the_review_and_the_standings(client):
    page = client.get("/").text
    assert 'id="review"' in page and 'id="standings"' in page and "createElementNS" in page
    assert "<script src" not in page and "http://" not in page.replace("http://www.w3.org/2000/svg", "")


def test_serve_takes_tournaments():
    args = cli.build_parser().parse_args(["serve", "--tournament", "a.sqlite", "--tournament", "b.sqlite"])
    assert args.tournament == ["a.sqlite", "b.sqlite"]
    assert cli.build_parser().parse_args(["serve"]).tournament == []


# ------------------------------------------------------------ uploaded records


def random_record(game: str, seed: int) -> list[str]:
    """A whole random game's tokens."""
    import pyai

    state, rng = pyai.load_game(game).new_initial_state(), random.Random(seed)
    while not state.is_terminal():
        moves = state.legal_moves() if state.to_move() != "chance" else [state.sample_chance(rng.getrandbits(32))]
        state.apply(rng.choice(moves))
    return state.history()


def test_an_uploaded_record_is_reviewed_as_pyai_review_reviews_its_file(client, tmp_path, monkeypatch):
    uploads = tmp_path / "temporary"
    uploads.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(uploads))
    text = "game: leduc()\n" + " ".join(random_record("leduc()", 3)) + "\n"
    answer = client.post("/api/reviews", json={"record": text, "iterations": ITERATIONS})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    path = tmp_path / "hand.txt"
    path.write_text(text)
    expected = review(read_record(str(path)), iterations=ITERATIONS)
    assert (data["game"], data["unit"], data["names"]) == ("leduc()", "token", ["seat 0", "seat 1"])
    assert [(d["line"], d["seat"], d["played"], d["best"], d["win_lost"]) for d in data["decisions"]] == [
        (d.index, d.seat, d.played, d.best, d.win_lost) for d in expected.decisions
    ]
    assert {d["seat"] for d in data["decisions"]} == {0, 1}  # every seat's decisions
    game, tokens = expected.record.game, expected.record.tokens
    for decision in data["decisions"]:  # each with its position, as the game pictures it
        assert decision["render"] == game.render(game.replay(tokens[: decision["line"]]).to_dict())
        # and its moves in words, as the mover saw them made: "seat 1 bets 2: the pot is 4"
        for move in ("played", "best"):
            said = decision[f"{move}_words"]
            assert said.startswith(f"seat {decision['seat']} ") and said != decision[move]
            verbs = {"fold": ("folds",), "call": ("calls", "checks"), "raise": ("raises", "bets")}[decision[move]]
            assert any(f"seat {decision['seat']} {verb}" in said for verb in verbs), said
    assert list(uploads.iterdir()) == []  # the temporary copy is gone


def test_a_review_is_given_up_once_told_to_stop(tmp_path, monkeypatch):
    # The server sets the event when the client hangs up (until_done_or_gone, as for an advice).
    uploads = tmp_path / "temporary"
    uploads.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(uploads))
    text = "game: leduc()\n" + " ".join(random_record("leduc()", 3)) + "\n"
    stop = threading.Event()
    assert review_upload(text, ITERATIONS, stop=stop)["decisions"]  # not set: the whole review
    stop.set()
    with pytest.raises(ReviewStopped):
        review_upload(text, ITERATIONS, stop=stop)
    assert list(uploads.iterdir()) == []  # its temporary copy is gone either way


def test_an_uploaded_session_is_reviewed_for_its_seat(client, store):
    state = next(s for s in (played(client, store, "leduc()", seed) for seed in range(20)) if s["over"])
    text = store.path(state["id"]).read_text()
    answer = client.post("/api/reviews", json={"record": text, "iterations": ITERATIONS})
    assert answer.status_code == 200, answer.text
    mine = client.post(f"/api/sessions/{state['id']}/review", json={"iterations": ITERATIONS}).json()
    assert answer.json()["unit"] == "line"
    assert [(d["line"], d["played"], d["best"]) for d in answer.json()["decisions"]] == [
        (d["line"], d["played"], d["best"]) for d in mine["decisions"]
    ]
    words = [(d["played_words"], d["best_words"]) for d in answer.json()["decisions"]]
    assert words == [(d["played_words"], d["best_words"]) for d in mine["decisions"]]  # as the seat saw them


def test_an_upload_holding_half_a_utf16_pair_is_refused(client):
    escaped = '{"record": "game: leduc()\\n\\ud800"}'  # JSON escapes: a lone surrogate, no text
    answer = client.post("/api/reviews", content=escaped, headers={"content-type": "application/json"})
    assert answer.status_code == 400 and "lone surrogate" in answer.json()["error"], answer.text


@pytest.mark.parametrize(
    "body, status, message",
    [
        ({"record": ""}, 400, '"record" must be the text of a record'),
        ({"record": 5}, 400, '"record" must be the text of a record'),
        ({"record": "raise call"}, 400, "the uploaded record does not name its game"),
        ({"record": "game: leduc()\nraise zz"}, 400, "the uploaded record"),
        ({"record": "game: nope()\nraise"}, 400, "the uploaded record: unknown game 'nope'"),
        ({"record": "game: automania(players=3,components=/etc/passwd)\n"}, 400, "reads no file"),
        ({"record": '{"game": "automania(players=3,components=/etc/passwd)"}'}, 400, "reads no file"),
        ({"record": "raise", "game": "automania(components=x.json)"}, 400, "reads no file"),
        ({"record": "game: leduc()\n", "iterations": 0}, 400, '"iterations" of a review is 1 to'),
        ({"record": "game: leduc()\n", "extra": 1}, 400, "unknown field 'extra'"),
        ({"record": "game: leduc()\n" + "call " * 53_000}, 413, "a record holds at most"),
        ({"record": "game:\nraise call"}, 400, "the uploaded record does not name its game"),
        ({"record": "game:leduc()\nraise zz"}, 400, "the uploaded record"),
        ({"record": "SQLite format 3\u0000 whatever follows"}, 400, '"record" must be the text of a record'),
    ],
)
def test_a_bad_upload_is_refused_naming_what_is_wrong(client, body, status, message):
    answer = client.post("/api/reviews", json=body)
    assert answer.status_code == status and message in answer.json()["error"], answer.text
    assert "/tmp" not in answer.json()["error"] and "pyai-upload" not in answer.json()["error"]
