"""`pyai serve`'s JSON API (pyai/web), through Starlette's TestClient: every call, every
registered game's example games played through it, and each bad input refused with
its message, changing nothing."""

from __future__ import annotations

import json
import random
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from decided_positions import FOR_SALE_FAR_AHEAD
from starlette.testclient import TestClient

import pyai
from pyai import cli
from pyai.games import GAMES
from pyai.web.app import MAX_ITERATIONS, create_app
from pyai.web.guard import MAX_BODY, is_loopback
from pyai.web.sessions import Store
from pyai.web.table import TableCompanion, game_title
from pyai.win_chance_map import told_costs

LOCAL = "http://127.0.0.1"  # the `client` fixture's address (tests/conftest.py)
EXAMPLES = [game for cls in GAMES.values() for game in cls.EXAMPLE_GAMES]
ITERATIONS = 60


def create(client, game=EXAMPLES[0], **fields):
    answer = client.post("/api/sessions", json={"game": game, "iterations": ITERATIONS, **fields})
    assert answer.status_code == 201, answer.text
    return answer.json()


def companion(store, session_id) -> TableCompanion:
    return store.get(session_id).companion


def chance_token(store, state, seed=0) -> str:
    """A chance step as the player's seat would say it (a token of the seat's own record)."""
    return companion(store, state["id"]).position.state.sample_chance(seed)


def to_decision(client, store, state, rng):
    """Plays on (chance steps by a sampled token, others' moves by a listed input) to the player's decision."""
    for _ in range(500):
        if state["your_decision"] or state["over"]:
            return state
        held = companion(store, state["id"]).position.state
        if state["inputs"]:
            line = rng.choice(state["inputs"])["line"]
        elif held.to_move() == "chance":
            line = chance_token(store, state, rng.randrange(1000))
        elif not companion(store, state["id"]).at_sealed_step():
            # Moves the seat cannot know (they hang on another seat's secret): said in words, not
            # listed; one of the stand-in state's moves may be refused, another taken.
            for token in held.legal_moves():
                answer = client.post(f"/api/sessions/{state['id']}/steps", json={"input": token})
                if answer.status_code == 200:
                    break
                assert answer.json()["error"].startswith("not taken: ")
            state = answer.json()["state"]
            continue
        else:
            return state  # a reveal of others' secret choices: said in words only
        answer = client.post(f"/api/sessions/{state['id']}/steps", json={"input": line})
        assert answer.status_code == 200, answer.text
        state = answer.json()["state"]
    return state


# ----------------------------------------------------------------- every game


@pytest.mark.parametrize("game", EXAMPLES)
def test_a_game_through_the_api(client, store, game):
    rng = random.Random(game)
    state = create(client, game)
    assert state["game"] == game and state["lines"] == [] and state["render"] and state["view"] is not None
    # how to say a step, without the terminal's commands (save FILE, quit: the page has buttons, or none)
    assert "say what happens" in state["help"] and "save" not in state["help"] and "quit" not in state["help"]
    assert "pyai engine" not in state["help"] and "[token]" not in state["help"]  # the page shows no tokens
    assert client.get(f"/api/sessions/{state['id']}").json() == state
    state = to_decision(client, store, state, rng)
    assert state["your_decision"] and state["inputs"], state["next"]
    # Every listed input is taken as it is listed, and undone leaves the session as it was.
    for listed in state["inputs"]:
        assert listed["words"] and listed["token"]
        taken = client.post(f"/api/sessions/{state['id']}/steps", json={"input": listed["line"]})
        assert taken.status_code == 200, (listed, taken.text)
        assert taken.json()["state"]["lines"] == state["lines"] + [listed["line"]]
        undone = client.post(f"/api/sessions/{state['id']}/undo", json={})
        assert undone.status_code == 200 and undone.json()["state"] == state
    # The advice: words and numbers, best first, each win chance inside its interval.
    advice = client.post(f"/api/sessions/{state['id']}/advice", json={})
    assert advice.status_code == 200, advice.text
    data = advice.json()
    assert data["lines"][0].startswith("advice: ") and data["iterations"] >= ITERATIONS
    assert data["best"] == data["moves"][0]["token"] and f"[{data['best']}]" in data["lines"][0]
    assert {move["token"] for move in data["moves"]} <= {listed["token"] for listed in state["inputs"]}
    # what choosing a move instead of the search's choice costs, in what the search played for
    measure = "score" if data["costs_unit"] != "win chance" else "win"
    assert data["costs_unit"] == ("chips" if game.startswith("leduc") else "win chance")
    for move in data["moves"]:
        if move["win"] is not None:
            assert move["win_low"] <= move["win"] <= move["win_high"] and move["words"]
        if move[measure] is not None and data["moves"][0][measure] is not None:
            assert move["costs"] == pytest.approx(max(0.0, data["moves"][0][measure] - move[measure]))
    assert data["moves"][0].get("costs") in (None, 0.0)
    assert isinstance(data["continuation"], list) and len(data["continuation"]) <= 6
    assert all(isinstance(step, str) and step for step in data["continuation"])
    assert len(data["expected_scores"]) == len(state["names"])
    # what seats given the best move's chance won in self-play: only where the game ships a map for it
    if game == "automania(players=3)" and data["moves"][0]["win"] is not None:
        assert data["self_play_win"] is not None and 0 < data["self_play_win"] < 1
    elif not game.startswith("automania(players=3"):
        assert data["self_play_win"] is None
    assert data["costs_in_play"] is None  # measured at 20,000 iterations: it reaches no search of 60
    state = client.get(f"/api/sessions/{state['id']}").json()  # the advice's win chance joins the chart
    if data["moves"][0]["win"] is not None:
        assert state["advised"] == [[len(state["lines"]), round(data["moves"][0]["win"], 4)]]
    # An illegal move (the first chance step again, at a decision) and a bad token are refused, nothing changed.
    for bad in (state["lines"][0], "zz:!!"):
        refused = client.post(f"/api/sessions/{state['id']}/steps", json={"input": bad})
        assert refused.status_code == 400 and refused.json()["error"].startswith("not taken: "), refused.text
        assert refused.json()["state"] == state
    # Played on: the session's file holds every line taken.
    played = client.post(f"/api/sessions/{state['id']}/steps", json={"input": state["inputs"][0]["line"]})
    state = played.json()["state"]
    saved = json.loads(store.path(state["id"]).read_text())
    assert saved["lines"] == state["lines"] and saved["game"] == game


@pytest.mark.parametrize("game", EXAMPLES)
def test_a_session_resumes_after_a_restart(client, store, game, tmp_path):
    state = to_decision(client, store, create(client, game), random.Random(1))
    again = TestClient(create_app(Store(store.folder)), base_url=LOCAL)
    listed = again.get("/api/sessions").json()["sessions"]
    assert [(s["id"], s["game"], s["steps"]) for s in listed] == [(state["id"], game, len(state["lines"]))]
    assert again.get(f"/api/sessions/{state['id']}").json() == state


def test_the_advice_says_what_its_costs_came_to_in_self_play_where_the_map_measured_them(
    client, store, automania_costs_measured
):
    state = to_decision(client, store, create(client, "automania(players=3)"), random.Random(3))
    held = companion(store, state["id"])
    measured = told_costs(held.game, held.position.search_view().to_dict(), 20000)
    assert measured is not None  # the map measures Automania's costs at 20,000 iterations, every round
    data = client.post(f"/api/sessions/{state['id']}/advice", json={"iterations": 20000}).json()
    assert data["costs_in_play"] == {"ratio": measured.ratio, "at_most": measured.at_most}
    told = [line for line in data["lines"] if "costs like these" in line]
    assert len(told) == (1 if measured.at_most < 1 and len(data["moves"]) > 1 else 0)  # where play fell short


@pytest.mark.parametrize("game", EXAMPLES)
def test_advice_when_it_is_not_the_players_decision_is_refused(client, game):
    state = create(client, game)
    assert not state["your_decision"]
    answer = client.post(f"/api/sessions/{state['id']}/advice", json={})
    assert answer.status_code == 409 and answer.json()["error"].startswith("no advice now")


# ----------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"game": "nonesuch()"}, "unknown game"),
        ({"game": "nonesuch("}, "game"),
        ({"game": 7}, "game string"),
        ({}, 'missing field "game"'),
        ({"game": EXAMPLES[0], "seat": 99}, '"seat" must be a seat'),
        ({"game": EXAMPLES[0], "seat": "0"}, '"seat" must be a seat'),
        ({"game": EXAMPLES[0], "names": ["a"]}, '"names" must name each'),
        ({"game": EXAMPLES[0], "iterations": 0}, '"iterations" must be a whole number'),
        ({"game": EXAMPLES[0], "iterations": MAX_ITERATIONS + 1}, "at most"),
        ({"game": EXAMPLES[0], "at": "nonsense here"}, '"at"'),
        ({"game": EXAMPLES[0], "path": "/tmp/x"}, "unknown field 'path'"),
    ],
)
def test_a_bad_session_is_refused(client, store, body, message):
    answer = client.post("/api/sessions", json=body)
    assert answer.status_code == 400 and message in answer.json()["error"], answer.text
    assert list(store.folder.iterdir()) == []


def test_a_game_string_naming_a_file_is_refused(client, store):
    named = [(name, cls.FILE_PARAMETERS[0]) for name, cls in GAMES.items() if cls.FILE_PARAMETERS]
    if not named:
        pytest.skip("no registered game reads a file")
    for name, parameter in named:
        answer = client.post("/api/sessions", json={"game": f"{name}({parameter}=/etc/passwd)"})
        assert answer.status_code == 400 and "reads no file" in answer.json()["error"]
    assert list(store.folder.iterdir()) == []


@pytest.mark.parametrize("line", ["", "   ", "save /tmp/elsewhere.json", "advice 100", "undo", "help", "quit", 5, None])
def test_a_step_that_is_no_step_is_refused(client, store, line):
    state = create(client)
    answer = client.post(f"/api/sessions/{state['id']}/steps", json={"input": line})
    assert answer.status_code == 400, answer.text
    assert client.get(f"/api/sessions/{state['id']}").json() == state
    assert not Path("/tmp/elsewhere.json").exists()


def test_an_unknown_session_is_404(client):
    for session_id in ("A" * 22, "short", "..%2F..%2Fetc"):
        for method, path in [("get", ""), ("post", "/steps"), ("post", "/undo"), ("post", "/advice")]:
            kwargs = {"json": {"input": "pass"}} if method == "post" else {}
            answer = getattr(client, method)(f"/api/sessions/{session_id}{path}", **kwargs)
            assert answer.status_code == 404, (session_id, path, answer.text)


def test_bodies_must_be_small_json_objects(client):
    state = create(client)
    steps = f"/api/sessions/{state['id']}/steps"
    big = json.dumps({"input": "x" * MAX_BODY})
    headers = {"content-type": "application/json"}
    assert client.post(steps, content=big, headers=headers).status_code == 413

    def chunks():
        yield b'{"input": "'
        for _ in range(MAX_BODY // 1000 + 1):
            yield b"x" * 1000
        yield b'"}'

    assert client.post(steps, content=chunks(), headers=headers).status_code == 413  # no length given
    assert client.post(steps, content='{"input": "pass"}', headers={"content-type": "text/plain"}).status_code == 415
    assert client.post(steps, content="{not json", headers=headers).status_code == 400
    assert client.post(steps, content="[1]", headers=headers).status_code == 400
    assert client.get(f"/api/sessions/{state['id']}").json() == state


def test_text_that_is_no_text_and_fields_no_call_takes_are_refused(client, store):
    state = create(client)
    session = f"/api/sessions/{state['id']}"
    surrogate = '{"game": "forsale(players=3)", "at": "\\ud800"}'  # a JSON escape of half a UTF-16 pair
    answer = client.post("/api/sessions", content=surrogate, headers={"content-type": "application/json"})
    assert answer.status_code == 400 and "lone surrogate" in answer.json()["error"]
    for call, body, message in [
        ("/advice", {"iteration": 5}, "unknown field 'iteration' (an advice takes iterations)"),
        ("/steps", {"input": "deal 1 2 3", "iterations": 5}, "unknown field 'iterations' (a step takes input, picks"),
        ("/undo", {"steps": 2}, "unknown field 'steps' (an undo takes no field)"),
        ("/stop", {"now": True}, "unknown field 'now' (a stop takes no field)"),
        ("/advice", {"iterations": 10**30}, f'"iterations" is at most {MAX_ITERATIONS} on this server'),
    ]:
        answer = client.post(session + call, json=body)
        assert answer.status_code == 400 and message in answer.json()["error"], (call, answer.text)
    assert client.get(session).json() == state


def test_no_such_route_or_number_is_a_json_404(client):
    state = create(client)
    for path in [
        f"/api/sessions/{state['id']}/positions/" + "9" * 5000,
        f"/api/sessions/{state['id']}/positions/-1",
        "/api/tournaments/" + "9" * 5000,
        "/api/tournaments/abc",
        "/api/nothing",
    ]:
        answer = client.get(path)
        assert answer.status_code == 404 and answer.json()["error"].startswith("no "), (path, answer.text)
    wrong = client.put("/api/sessions")
    assert wrong.status_code == 405 and wrong.json() == {"error": "'/api/sessions' takes no PUT"}


def test_a_request_that_got_a_session_before_it_was_deleted_does_not_bring_it_back(client, store):
    state = create(client, "forsale(players=3)")
    live = store.get(state["id"])  # as a step or an advice holds it while the delete runs
    assert client.delete(f"/api/sessions/{state['id']}").status_code == 200
    store.live[state["id"]] = live  # the request goes on with the session it got
    for call, body in [("/steps", {"input": "deal 1 2 3"}), ("/advice", {})]:
        answer = client.post(f"/api/sessions/{state['id']}{call}", json=body)
        assert answer.status_code == 404 and "it was deleted" in answer.json()["error"], answer.text
    assert not store.path(state["id"]).exists()


def test_undo_with_nothing_to_undo(client):
    state = create(client)
    answer = client.post(f"/api/sessions/{state['id']}/undo", json={})
    assert answer.status_code == 409 and answer.json()["error"] == "nothing to undo"


def test_one_search_a_session_and_a_cap_for_the_server(client, store):
    state = to_decision(client, store, create(client), random.Random(0))
    live = store.get(state["id"])
    live.searching = True
    advice = f"/api/sessions/{state['id']}/advice"
    assert client.post(advice, json={}).status_code == 409
    assert client.post(f"/api/sessions/{state['id']}/steps", json={"input": "pass"}).status_code == 409
    live.searching = False
    store.max_searches = 0
    answer = client.post(advice, json={})
    assert answer.status_code == 503 and "searches already" in answer.json()["error"]
    store.max_searches = 1
    assert client.post(advice, json={"iterations": 0}).status_code == 400
    assert client.post(advice, json={"iterations": MAX_ITERATIONS + 1}).status_code == 400
    assert client.post(advice, json={"iterations": 30}).json()["iterations"] >= 30
    assert store.searches == 0 and not live.searching


def test_a_broken_session_file_is_listed_and_refused_by_name(client, store):
    state = create(client)
    store.path(state["id"]).write_text('{"game": 1}')
    fresh = TestClient(create_app(Store(store.folder)), base_url=LOCAL)
    listed = fresh.get("/api/sessions").json()["sessions"]
    assert listed[0]["id"] == state["id"] and "missing field" in listed[0]["error"]
    answer = fresh.get(f"/api/sessions/{state['id']}")
    assert answer.status_code == 400 and str(store.folder) not in answer.json()["error"]


def test_a_session_file_whose_game_names_a_file_is_read_without_reading_that_file(client, store):
    """A session file in the folder (put there by hand: the API makes none) that names a file
    in its game string is listed and refused, the file it names never read."""
    state = create(client)
    path = store.path(state["id"])
    saved = json.loads(path.read_text())
    components = Path(pyai.__file__).parent / "automania" / "components.toml"
    saved |= {"game": f"automania(players=3,components={components})", "names": ["a", "b", "c"], "lines": []}
    saved |= {"tokens": [], "seat": 0}
    path.write_text(json.dumps(saved))
    fresh = TestClient(create_app(Store(store.folder)), base_url=LOCAL)
    listed = fresh.get("/api/sessions").json()["sessions"]
    assert listed[0]["id"] == state["id"] and "reads no files named by its clients" in listed[0]["error"]
    answer = fresh.get(f"/api/sessions/{state['id']}")
    assert answer.status_code == 400 and "reads no files named by its clients" in answer.json()["error"]


def test_a_step_offered_as_taps_says_so_before_the_words_that_type_it(client):
    state = create(client, "automania(players=3)", names=["Ann", "Bob", "Cid"])
    assert state["picker"] is not None  # the player order, tapped
    assert state["next"][0].startswith("next: the player order: tap it below, or say 'order "), state["next"]
    leduc = create(client, "leduc()", names=["Me", "Bob"])
    assert leduc["picker"] is not None and ": tap it below, or say 'I get " in leduc["next"][0]
    # a move refused before the deal says how the deal is made on the page too
    forsale = create(client, "forsale(players=4)", names=["Ann", "Bob", "Cid", "Dee"])
    refused = client.post(f"/api/sessions/{forsale['id']}/steps", json={"input": "Ann bids 3"})
    assert refused.status_code == 400 and refused.json()["error"] == (
        "not taken: it is nobody's turn, not yours: first the 4 advisors turned up: tap it below, or say "
        "'deal 3 12 19 27' (their numbers)"
    )
    refused = client.post(f"/api/sessions/{state['id']}/steps", json={"input": "Ann row 1"})
    assert "(the player order: tap it below, or say 'order " in refused.json()["error"], refused.text
    # a chance step refused for another that quotes the step due says "tap it below" once
    session = f"/api/sessions/{state['id']}"
    for line in ["order Ann Bob Cid", "demands speed speed power green suitcase / suitcase safety green power safety"]:
        assert client.post(f"{session}/steps", json={"input": line}).status_code == 200
    assert client.post(f"{session}/steps", json={"input": "display 4 17 22"}).status_code == 200
    refused = client.post(f"{session}/steps", json={"input": "reveal 4"}).json()["error"]
    assert "your starting contract: tap it below, or say what it shows, e.g. 'I get the starting " in refused, refused
    assert refused.count("tap it below") == 1, refused


def test_the_showdowns_card_and_the_reveal_say_they_are_tapped_too(client, store):
    """Where the page offers a step as taps, what comes next says so before the words that type
    it: the other seat's card a showdown shows (Leduc), the others' sells revealed (For Sale)."""
    state = create(client, "leduc()", names=["Ann", "Bob"])
    session = f"/api/sessions/{state['id']}"
    for line in ["I get js", "Bob gets a card", "call", "call", "board qs", "call", "call"]:
        state = client.post(f"{session}/steps", json={"input": line}).json()["state"]
    assert state["over"] and state["picker"] is not None  # the showdown: Bob's card, tapped
    assert state["next"][0].endswith("; tap it below, or say it shown: 'Bob shows <card>'"), state["next"]
    state = create(client, "forsale(players=3)", seat=1)
    session = f"/api/sessions/{state['id']}"
    rng = random.Random(2)
    while state["reveal"] is None:  # on to the first sells, yours told first
        tapped = state["picker"] is not None
        body = {"picks": random_picks(state["picker"], rng)} if tapped else {"input": state["inputs"][0]["line"]}
        state = client.post(f"{session}/steps", json=body).json()["state"]
    assert "; tap them below, or say them in one line: 'sells revealed: " in state["next"][0], state["next"]


def test_your_own_area_is_marked_as_the_text_picture_marks_you(client):
    state = create(client, "leduc()", names=["Ann", "Bob"], seat=1)
    assert "Bob (you)" in state["render"]
    titles = {zone["seat"]: zone["title"] for zone in state["drawing"] if zone["seat"] is not None}
    assert titles == {0: "Ann", 1: "Bob (you)"}


def test_leducs_costs_are_in_chips_as_its_advice_counts_them(client, store):
    """Leduc's search plays for the expected score: its advice says what a move costs in chips
    ("costs 0.63 chips"), and so does the page's table, not in win chance."""
    state = create(client, "leduc()", names=["Ann", "Bob"])
    session = f"/api/sessions/{state['id']}"
    for line in ["I get js", "Bob gets a card", "call", "raise"]:
        state = client.post(f"{session}/steps", json={"input": line}).json()["state"]
    data = client.post(f"{session}/advice", json={"iterations": 300}).json()
    assert data["costs_unit"] == "chips"
    best = data["moves"][0]
    for move in data["moves"]:
        assert move["costs"] == pytest.approx(max(0.0, best["score"] - move["score"]))
        assert move["score_low"] <= move["score"] <= move["score_high"]
    told = next(line for line in data["lines"] if line.startswith("instead: "))
    assert " chips" in told and "win chance" not in told


def test_a_step_after_the_end_points_to_the_pages_new_game(client, store):
    """The page, not a command line, starts the next game: a line after the end says where."""
    state = create(client, "leduc()", names=["Ann", "Bob"])
    session = f"/api/sessions/{state['id']}"
    for line in ["I get js", "Bob gets a card", "raise", "Bob folds"]:
        assert client.post(f"{session}/steps", json={"input": line}).status_code == 200, line
    refused = client.post(f"{session}/steps", json={"input": "I raise"})
    assert refused.status_code == 400
    assert refused.json()["error"].endswith("a new game: 'start' under New game, at the top of the page")
    assert "pyai advise" not in refused.json()["error"]


def test_a_decided_games_costs_are_in_the_score_its_margin_search_plays_for(client, store):
    """Every move wins: the win chance tells them apart no more, so the costs count the score,
    as the game counts it (no sign: For Sale's score is no net gain or loss)."""
    state = create(client, "forsale(players=4)", names=["Me", "Bob", "Cy", "Dee"], at=FOR_SALE_FAR_AHEAD)
    data = client.post(f"/api/sessions/{state['id']}/advice", json={"iterations": 300}).json()
    assert data["lines"][0].startswith("you win whatever you do") and data["best"] == "sell:30"
    assert data["costs_unit"] == "score" and data["score_net"] is False
    best = data["moves"][0]
    for move in data["moves"]:
        assert move["costs"] == pytest.approx(max(0.0, best["score"] - move["score"]))
    assert any(move["costs"] > 0 for move in data["moves"])  # win chances alike, scores apart


def test_games_and_the_page(client):
    games = client.get("/api/games").json()["games"]
    assert [g["game"] for g in games] == EXAMPLES and all(g["players"] >= 2 for g in games)
    # Each by its title, as people name the game: never the game string a person would have to decode.
    titles = {g["game"]: g["title"] for g in games}
    assert titles["forsale(players=4)"] == "For Sale: Autorama, 4 players"
    assert titles["forsale(players=4,edition=classic)"] == "For Sale, 4 players"
    assert titles["leduc()"] == "Leduc poker, 2 players" and titles["automania(players=3)"] == "Automania, 3 players"
    assert len(set(titles.values())) == len(titles)
    page = client.get("/")
    assert page.status_code == 200 and 'id="advise"' in page.text and "<script>" in page.text


# ----------------------------------------------------------------- security


def test_loopback_only_answers_to_its_loopback_names(store):
    app = create_app(store)
    for base in ("http://127.0.0.1:8765", "http://localhost", "http://[::1]:8765"):
        assert TestClient(app, base_url=base).get("/api/games").status_code == 200, base
    answer = TestClient(app, base_url="http://evil.example").get("/api/games")
    assert answer.status_code == 403
    client = TestClient(app, base_url=LOCAL)
    foreign = client.post("/api/sessions", json={"game": EXAMPLES[0]}, headers={"origin": "http://evil.example"})
    assert foreign.status_code == 403 and list(store.folder.iterdir()) == []


def test_a_server_off_the_loopback_needs_its_token_on_every_api_call(store):
    client = TestClient(create_app(store, token="s3cret", loopback=False), base_url="http://192.0.2.1:8765")
    assert client.get("/").status_code == 200  # the page holds nothing: the token comes in its address
    calls = [("get", "/api/games"), ("get", "/api/sessions"), ("post", "/api/sessions"), ("get", "/api/sessions/x")]
    for method, path in calls:
        for headers in ({}, {"authorization": "Bearer wrong"}):
            answer = getattr(client, method)(path, headers=headers, **({"json": {}} if method == "post" else {}))
            assert answer.status_code == 401 and "token" in answer.json()["error"], (path, headers)
    assert client.get("/api/games", headers={"authorization": "Bearer s3cret"}).status_code == 200
    assert client.get("/api/games?token=s3cret").status_code == 200
    made = client.post("/api/sessions?token=s3cret", json={"game": EXAMPLES[0]})
    assert made.status_code == 201


def test_which_hosts_are_loopback():
    assert all(map(is_loopback, ["127.0.0.1", "localhost", "::1", "[::1]", "127.0.0.2"]))
    assert not any(map(is_loopback, ["0.0.0.0", "192.168.1.5", "::", "example.org"]))


def test_session_ids_are_unguessable(client):
    ids = {create(client)["id"] for _ in range(3)}
    assert len(ids) == 3 and all(len(i) == 22 for i in ids)


# ----------------------------------------------------------------- the command and the package


def test_serve_says_what_to_install_without_the_web_extra(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # an import of it fails
    assert cli.main(["serve"]) == 2
    assert "pip install 'pyai[web]'" in capsys.readouterr().err


def test_serve_options():
    args = cli.build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.sessions) == ("127.0.0.1", 8765, None)


@pytest.mark.parametrize(
    "args, message",
    [
        (["--port", "99999"], "--port must be a whole number 0 to 65535, not 99999"),
        (["--port", "-1"], "--port must be a whole number 0 to 65535, not -1"),
        (["--sessions", "{a_file}"], "cannot keep the sessions in {a_file}: File exists"),
        (["--sessions", "{a_file}/below"], "cannot keep the sessions in {a_file}/below: Not a directory"),
    ],
)
def test_serve_refuses_a_bad_port_or_sessions_folder_by_name(args, message, tmp_path, capsys):
    a_file = tmp_path / "plain.txt"
    a_file.write_text("not a folder")
    args = [arg.format(a_file=a_file) for arg in args]
    assert cli.main(["serve", "--port", "0", *args]) == 2
    err = capsys.readouterr().err
    assert message.format(a_file=a_file) in err and "Traceback" not in err


def test_the_page_is_package_data():
    # scikit-build-core ships every file under pyai/ that git does not ignore (wheel.packages).
    # Installed from a wheel, the page beside the imported package proves it shipped; in the checkout,
    # git must not ignore the source file, or the next wheel would leave it out.
    assert (Path(cli.__file__).parent / "web" / "static" / "index.html").is_file()
    checkout = Path(__file__).resolve().parents[1]
    source = checkout / "pyai" / "web" / "static" / "index.html"
    assert source.is_file()
    ignored = subprocess.run(["git", "check-ignore", "-q", str(source)], cwd=checkout, capture_output=True)
    if ignored.returncode == 128:
        pytest.skip("not a git checkout")
    assert ignored.returncode == 1, "git ignores the page: the wheel would leave it out"


# ------------------------------------------------------- a search in progress


def slow_decision(client, store):
    """A For Sale session at the player's decision, with a budget that takes many seconds to search."""
    state = to_decision(client, store, create(client), random.Random(0))
    return state, f"/api/sessions/{state['id']}"


def test_a_running_advice_shows_its_progress_and_stops_when_asked(client, store):
    state, session = slow_decision(client, store)
    assert client.get(f"{session}/progress").json() == {"thinking": None}
    assert client.post(f"{session}/stop", json={}).json() == {"stopped": False}  # nothing to stop
    answers: list = []
    asking = threading.Thread(
        target=lambda: answers.append(client.post(f"{session}/advice", json={"iterations": MAX_ITERATIONS}))
    )
    asking.start()
    try:
        seen = []
        for _ in range(600):  # progress climbs while the search runs (under a minute at most)
            thinking = client.get(f"{session}/progress").json()["thinking"]
            if thinking and thinking["iterations"] > 0:
                seen.append(thinking)
                if len(seen) == 3:
                    break
            time.sleep(0.1)
        assert len(seen) == 3 and all(t["of"] == MAX_ITERATIONS for t in seen)
        assert seen[0]["iterations"] <= seen[1]["iterations"] <= seen[2]["iterations"] < MAX_ITERATIONS
        # the page's other requests meanwhile answer at once: the state says whose decision, it does not search
        assert (
            client.get(session).json()["next"]
            == state["next"]
            == [f"next: you ({state['names'][state['seat']]}): your decision ('advise' asks the search)"]
        )
        assert client.post(f"{session}/stop", json={}).json() == {"stopped": True}
    finally:
        asking.join(timeout=120)
    [answer] = answers
    data = answer.json()
    assert answer.status_code == 200 and data["cut"] is True
    assert seen[2]["iterations"] <= data["iterations"] < MAX_ITERATIONS and data["best"] == data["moves"][0]["token"]
    assert "(interrupted: what the search had found so far)" in data["lines"]
    after = client.get(session).json()
    assert after["advised"] == [[len(state["lines"]), round(data["moves"][0]["win"], 4)]]
    assert json.loads(store.path(state["id"]).read_text())["advised"] == after["advised"]  # the chart is saved
    assert client.get(f"{session}/progress").json() == {"thinking": None} and store.searches == 0


def test_a_search_stops_when_its_client_hangs_up(store):
    import uvicorn

    app = create_app(store)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="error", lifespan="off"))
    serving = threading.Thread(target=server.run, daemon=True)
    serving.start()
    try:
        for _ in range(200):
            if server.started:
                break
            time.sleep(0.05)
        port = server.servers[0].sockets[0].getsockname()[1]
        client = TestClient(app, base_url=LOCAL)  # the same store, for the steps on to the decision
        state, session = slow_decision(client, store)
        body = json.dumps({"iterations": MAX_ITERATIONS}).encode()
        request = (
            f"POST {session}/advice HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n"
        ).encode() + body
        with socket.create_connection(("127.0.0.1", port)) as asking:
            asking.sendall(request)
            for _ in range(600):
                thinking = client.get(f"{session}/progress").json()["thinking"]
                if thinking and thinking["iterations"] > 0:
                    break
                time.sleep(0.1)
            assert thinking and thinking["iterations"] > 0
        # hung up: the search stops well short of its budget and frees its slot
        for _ in range(600):
            if client.get(f"{session}/progress").json()["thinking"] is None and store.searches == 0:
                break
            time.sleep(0.1)
        assert store.searches == 0 and not store.get(state["id"]).searching
        assert store.get(state["id"]).companion.last_result.iterations < MAX_ITERATIONS
    finally:
        server.should_exit = True
        serving.join(timeout=10)


# ------------------------------------------------------- taps and positions


def random_picks(chance: dict, rng: random.Random) -> list[str]:
    """A random legal set of taps of a chance step: `count` options, each at most its copies."""
    pool = [option["word"] for option in chance["options"] for _ in range(option["copies"])]
    return rng.sample(pool, chance["count"])


@pytest.mark.parametrize("game", EXAMPLES)
def test_a_game_told_by_taps_alone(client, store, game):
    """Every step of a game through buttons: chance steps and moves hanging on another seat's
    secret by their taps, the seat to move's moves by the listed inputs, the others' secret
    choices by the reveal's taps; the table changes with each."""
    rng = random.Random(game)
    state = create(client, game)
    session = f"/api/sessions/{state['id']}"
    tapped = 0
    for _ in range(400):
        if state["over"]:
            break
        if state["picker"] is not None:
            chance = state["picker"]
            assert state["inputs"] == []
            if chance["count"]:
                short = client.post(f"{session}/steps", json={"picks": random_picks(chance, rng)[:-1]})
                assert short.status_code == 400 and f"takes {chance['count']} taps" in short.json()["error"]
                assert short.json()["state"] == state
            for attempt in range(20):  # a deal the rules refuse (Automania's two markets alike) is dealt again
                picks = random_picks(chance, rng)
                if attempt > 5 and "no contract" in [o["word"] for o in chance["options"]]:
                    picks = ["no contract"]  # another seat's contract: none of those it may hold fits the car
                answer = client.post(f"{session}/steps", json={"picks": picks})
                if answer.status_code != 400:
                    break
                assert answer.json()["error"].startswith("not taken: ") and answer.json()["state"] == state
            tapped += 1
        elif state["inputs"]:
            answer = client.post(f"{session}/steps", json={"input": rng.choice(state["inputs"])["line"]})
        elif state["reveal"] is not None:
            chosen = {str(e["seat"]): rng.choice(e["options"])["word"] for e in state["reveal"]["seats"]}
            answer = client.post(f"{session}/steps", json={"reveal": chosen})
        else:
            raise AssertionError(f"a step with no buttons and no taps: {state['next']}")
        assert answer.status_code == 200, answer.text
        assert answer.json()["state"]["lines"][:-1] == state["lines"]
        state = answer.json()["state"]
    assert tapped > 0
    if not game.startswith("automania"):  # every step of For Sale and Leduc has its buttons
        assert state["over"], state["next"]
    refused = client.post(f"{session}/steps", json={"picks": ["12"]} if state["picker"] is None else {"input": "x"})
    assert refused.status_code == 400


def test_taps_are_checked_against_the_chance_step(client, store):
    state = create(client)
    session = f"/api/sessions/{state['id']}"
    chance = state["picker"]
    assert chance is not None and chance["count"] > 1
    word = chance["options"][0]["word"]
    for picks, message in [
        ("12", '"picks" must be a list'),
        ([1, 2], '"picks" must be a list'),
        ([word] * chance["count"], f"{word!r} is there 1 times"),
        (["nothing"] * chance["count"], "'nothing' is not one of"),
    ]:
        answer = client.post(f"{session}/steps", json={"picks": picks})
        assert answer.status_code == 400 and message in answer.json()["error"], answer.text
        assert answer.json()["state"] == state
    both = client.post(f"{session}/steps", json={"picks": [], "input": "pass"})
    assert both.status_code == 400 and "say a step" in both.json()["error"]


def test_a_position_the_session_went_through(client, store):
    state = create(client)
    session = f"/api/sessions/{state['id']}"
    first = client.get(f"{session}/positions/0").json()
    state = to_decision(client, store, state, random.Random(3))
    steps = len(state["lines"])
    assert steps > 1
    assert client.get(f"{session}/positions/0").json() == first and first["steps"] == 0
    assert client.get(f"{session}/positions/{steps}").json()["render"] == state["render"]
    assert client.get(f"{session}/positions/1").json()["render"] != first["render"]
    beyond = client.get(f"{session}/positions/{steps + 1}")
    assert beyond.status_code == 404 and f"has {steps} steps" in beyond.json()["error"]


def test_a_reveal_is_checked_against_each_seats_choices(client, store):
    state = create(client, "forsale(players=3)")
    session = f"/api/sessions/{state['id']}"
    rng = random.Random(2)
    while state["reveal"] is None:  # on to the first sells, the player's own told first
        if state["picker"] is not None:
            body = {"picks": random_picks(state["picker"], rng)}
        else:
            assert state["inputs"], state["next"]
            body = {"input": state["inputs"][0]["line"]}
        state = client.post(f"{session}/steps", json=body).json()["state"]
    seats = state["reveal"]["seats"]
    assert [entry["seat"] for entry in seats] == [s for s in range(3) if s != state["seat"]]
    good = {str(entry["seat"]): entry["options"][0]["word"] for entry in seats}
    first = str(seats[0]["seat"])
    for reveal, message in [
        ({first: good[first]}, "each once"),
        (good | {first: "99"}, f"'99' is none of {seats[0]['name']}'s choices"),
        ([1], '"reveal" must map each seat'),
    ]:
        answer = client.post(f"{session}/steps", json={"reveal": reveal})
        assert answer.status_code == 400 and message in answer.json()["error"], answer.text
        assert answer.json()["state"] == state
    taken = client.post(f"{session}/steps", json={"reveal": good})
    assert taken.status_code == 200, taken.text
    line = taken.json()["state"]["lines"][-1]
    assert line == "sells revealed: " + ", ".join(f"{e['name']} {good[str(e['seat'])]}" for e in seats)


def test_a_session_and_the_list_name_the_game_by_its_title(client, store):
    state = create(client, "automania(players=3)")
    assert state["title"] == "Automania, 3 players"
    [listed] = client.get("/api/sessions").json()["sessions"]
    assert listed["title"] == "Automania, 3 players" and listed["game"] == "automania(players=3)"
    # A game naming a file is titled by its game string: no file is read for a title.
    components = Path(cli.__file__).parent / "automania" / "components.toml"
    assert game_title(f"automania(components={components})") == f"automania(components={components})"


def test_your_own_sell_told_before_the_reveal_is_drawn_in_your_area(client, store):
    """Your sell waits outside the game's view for the others' reveal (the rules take the sells
    in seat order): your area still says what you chose, as your face-down card shows you."""
    state = create(client, "forsale(players=3)", seat=1)
    session = f"/api/sessions/{state['id']}"
    rng = random.Random(2)
    while state["reveal"] is None:  # on to the first sells, yours told first
        if state["picker"] is not None:
            body = {"picks": random_picks(state["picker"], rng)}
        else:
            body = {"input": state["inputs"][0]["line"]}
        state = client.post(f"{session}/steps", json=body).json()["state"]
    mine = companion(store, state["id"]).position.my_choice
    said = companion(store, state["id"]).said_in_words([mine])[0]
    [area] = [zone for zone in state["drawing"] if zone["seat"] == 1]
    assert f"{said} (secret until revealed)" in area["facts"] and said.startswith("you sell ")
    others = [zone for zone in state["drawing"] if zone["seat"] not in (None, 1)]
    assert not any("secret until revealed" in fact for zone in others for fact in zone["facts"])
    chosen = {str(e["seat"]): e["options"][0]["word"] for e in state["reveal"]["seats"]}
    revealed = client.post(f"{session}/steps", json={"reveal": chosen}).json()["state"]
    assert not any("secret until revealed" in fact for zone in revealed["drawing"] for fact in zone["facts"])


def test_a_session_is_deleted_with_its_file(client, store):
    state = create(client)
    session = f"/api/sessions/{state['id']}"
    live = store.get(state["id"])
    live.searching = True
    busy = client.delete(session)
    assert busy.status_code == 409 and "searching" in busy.json()["error"] and store.path(state["id"]).is_file()
    live.searching = False
    assert client.delete(session).json() == {"deleted": state["id"]}
    assert not store.path(state["id"]).exists() and client.get("/api/sessions").json()["sessions"] == []
    assert client.get(session).status_code == 404 and client.delete(session).status_code == 404
    assert client.delete("/api/sessions/..%2F..%2Fetc").status_code == 404
    elsewhere = client.delete(f"/api/sessions/{create(client)['id']}", headers={"Origin": "http://evil.example"})
    assert elsewhere.status_code == 403


def test_the_games_help_topics_are_read_without_a_step(client, store):
    automania = create(client, "automania(players=3)")
    assert automania["help_topics"] == ["contracts"]
    session = f"/api/sessions/{automania['id']}"
    for asked in ("contracts", "Contract"):
        answer = client.get(f"{session}/help/{asked}")
        assert answer.status_code == 200, answer.text
        assert answer.json()["topic"] == "contracts" and "S1" in answer.json()["text"]
    unknown = client.get(f"{session}/help/rules")
    assert unknown.status_code == 404 and "its topics are contracts" in unknown.json()["error"]
    assert client.get(session).json()["lines"] == automania["lines"]  # no step was taken
    other = create(client, "leduc()")
    assert other["help_topics"] == [] and other["picker"]["group_names"] == []
    assert "none beyond" in client.get(f"/api/sessions/{other['id']}/help/contracts").json()["error"]


def test_a_chance_step_dealt_in_groups_names_them_and_their_places(client, store):
    state = create(client, "automania(players=3)")
    session = f"/api/sessions/{state['id']}"
    while state["picker"]["start"] != "demands":
        state = client.post(f"{session}/steps", json={"input": chance_token(store, state)}).json()["state"]
    assert state["picker"]["group_names"] == ["North America", "Europe"]
    assert state["picker"]["place_names"][:5] == ["4 stars", "3 stars", "2 stars", "next, left", "next, right"]
