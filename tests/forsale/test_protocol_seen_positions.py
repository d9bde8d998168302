"""Positions as one seat sees them (`position <game> pov <seat> at <text>` and
`game.view_from_position`): other seats' cash and hands may be unknown, and
later moves teach the view what they show. Checked against real games: a
view written as text and read back is the view, and it follows the real
game's later moves, staying true to it."""

from __future__ import annotations

import random

import pytest
from test_protocol import EngineProcess, assert_error, bestmove_of

import pyai
from pyai.protocol import Engine

FOUR = "forsale(players=4)"
ROUND_3 = "phase:auction round:3 leader:2 table:-"


def random_game(game_string: str, seed: int) -> list[str]:
    rng = random.Random(seed)
    state = pyai.load_game(game_string).new_initial_state()
    while not state.is_terminal():
        if state.to_move() == "chance":
            state.apply(state.sample_chance(rng.getrandbits(64)))
        else:
            state.apply(rng.choice(state.legal_moves()))
    return [token for token in state.history() if not token.startswith("removed:")]


def forget(view: pyai.View, truth: pyai.State, rng: random.Random) -> pyai.View:
    """Forgets some of the other seats' cash (a range ending at the truth) and hands."""
    for seat in range(truth.game.players):
        if seat == view.seat:
            continue
        cash = truth.to_dict()["seats"][seat]["cash"]
        if rng.random() < 0.5:
            view.forget_cash(seat, max(0, cash - rng.randrange(8)), cash)
        if rng.random() < 0.5:
            view.forget_advisors(seat)
        if rng.random() < 0.5:
            view.forget_vehicles(seat)
    return view


def without_round_leader(data: dict) -> dict:
    """A view's data but the leader once no round has one (not part of a position)."""
    return {key: value for key, value in data.items() if key != "leader" or data["phase"] in ("auction", "buying")}


def assert_fits(view: pyai.View, truth: pyai.State) -> None:
    """Everything the view knows is true, and what it does not know is counted or bounded."""
    seen, real = view.to_dict(), truth.to_dict()
    for key in ("phase", "round", "table", "to_move"):
        assert seen[key] == real[key], key
    for seat, (s, r) in enumerate(zip(seen["seats"], real["seats"])):
        low, high = s["cash_range"]
        assert low <= r["cash"] <= high, seat
        assert set(s["advisors_in_hand"]) <= set(r["advisors_in_hand"])
        assert len(s["advisors_in_hand"]) + s["unknown_advisors"] == len(r["advisors_in_hand"])
        assert set(s["vehicles"]) <= set(r["vehicles"])
        assert len(s["vehicles"]) + s["unknown_vehicles"] == len(r["vehicles"])
        assert (s["advisors_played"], s["checks"]) == (r["advisors_played"], r["checks"])


@pytest.mark.parametrize(
    ("game_string", "seed"),
    [(FOUR, 1), ("forsale(players=3)", 2), ("forsale(players=5,edition=classic)", 3), ("forsale(players=6)", 4)],
)
def test_a_seen_position_reads_back_and_follows_the_real_game(game_string, seed):
    rng = random.Random(seed)
    game = pyai.load_game(game_string)
    tokens = random_game(game_string, seed)
    for start in sorted(rng.sample(range(2, len(tokens) - 1), 4)):
        truth = game.replay(tokens[:start])
        pov = rng.randrange(game.players)
        view = truth.view(pov)
        if any(seat["sell"] == "hidden" for seat in view.to_dict()["seats"]):
            continue  # the pov seat would type the other sells after the reveal
        view = forget(view, truth, rng)
        text = view.position()
        read = game.view_from_position(text, pov)
        assert read.position() == text
        assert without_round_leader(read.to_dict()) == without_round_leader(view.to_dict())
        engine = Engine()
        assert engine.handle(f"position {game_string} pov {pov} at {text}") == []
        for token in tokens[start:]:
            assert engine.handle(f"play {token}") == [], token
            truth.apply(token)
            assert_fits(engine.position.view(), truth)
        assert_error(engine.handle("legal"), "inconsistent")  # the game is over


SEEN = (
    "position forsale(players=4) pov 0 at phase:auction round:3 leader:2 table:- "
    "cash:21/?/15..22/26 advisors:3,17/?/8,30/2,11"
)


def test_unknowns_show_as_such_and_the_search_runs_from_them():
    engine = Engine()
    assert engine.handle(SEEN + " moves deal:5,12,22,27 bid:1 pass") == []
    shown = "\n".join(engine.handle("show"))
    # Seat 1: 28 and a fee from each of its two unknown advisors, were they Consultants, at most.
    assert "seat 1: cash ? (0..30); bid 0; 2 unknown advisors in hand" in shown
    # Seat 3 passed and took advisor 5, a Consultant: seat 2, to its right, paid it 1.
    assert "seat 2: cash ? (14..21); bid 1; advisors in hand: 8 Mechanic, 30 General Manager" in shown
    assert "seat 3: cash 27; passed; advisors in hand: 2 Sales Associate, 5 Consultant, 11 Controller" in shown
    legal = engine.handle("legal")[0].split()[1:]
    assert legal[0] == "pass" and legal[-1] == "bid:21"
    out: list[str] = []
    engine = Engine(emit=out.append)
    engine.handle(SEEN + " moves deal:5,12,22,27 bid:1 pass")
    engine.handle("go iterations 400")
    engine.wait()
    assert bestmove_of(out) in legal
    assert engine.handle("undo 3") == [] and engine.handle("query turn") == ["response chance"]
    line = assert_error(engine.handle("undo 1"), "inconsistent")
    assert "only 0 tokens after the start position" in line
    assert engine.handle("play deal:5,12,22,27 bid:1 bid:2 pass") == []
    assert engine.handle("query turn") == ["response 1"]
    line = assert_error(engine.handle("legal"), "inconsistent")  # seat 1's cash is unknown
    assert "seat 1's legal moves depend on its cash, which seat 0 does not know" in line


def test_what_later_moves_show_is_learnt():
    game = pyai.load_game(FOUR)
    view = game.view_from_position(
        "phase:buying round:1 leader:1 table:- cash:9/10..20/?/4 advisors:3,9,14,20,21,29,30/?/?/4,5,11,12,17,24,26",
        seat=0,
    )
    assert not view.knows_hand(1, "advisors") and view.to_dict()["seats"][1]["unknown_advisors"] == 7
    view.apply("deal:2,8,19,23")
    assert view.apply("play:13+") == "play:13+"  # seat 1 plays a Fleet Manager, paying 3
    seats = view.to_dict()["seats"]
    assert seats[1]["offered"] == 13 and seats[1]["unknown_advisors"] == 6 and seats[1]["cash_range"] == [7, 17]
    with pytest.raises(pyai.IllegalMoveError, match="advisor 3 is not in hand"):
        view.apply("play:3")  # seat 0 holds advisor 3: seat 2 cannot play it
    assert view.to_dict()["seats"][2]["unknown_advisors"] == 7  # nothing was applied
    view.apply("play:1")
    assert view.to_dict()["seats"][2]["offered"] == 1


def test_a_sell_of_more_unseen_vehicles_than_the_hand_hides_is_refused_without_naming_the_seller():
    view = pyai.load_game("forsale(players=3)").view_from_position(
        "phase:selling round:5 table:4,10,12 sold:2,3,6,7,8,15,16,17,18,20,21,23 cash:?/7/? "
        "played:5,6,9,10,13,16,20,27/2,11,12,15,17,22,25,28/1,4,7,8,14,19,29,30 spent:9/-/7,19 "
        "vehicles:1,9,11,?/5,12,13,24/? checks:0,3,7,11/6,9,13,14/2,2,6,8",
        1,
    )
    assert view.to_dict()["seats"][0]["unknown_vehicles"] == 1  # seat 0 to sell, a Lawyer (20) unused
    with pytest.raises(pyai.InconsistentPositionError) as refused:
        view.apply("sell:14,19@20")
    assert str(refused.value) == (
        "the sell names 2 vehicles not known to be in hand, but only 1 of the hand's vehicles is unknown"
    )
    assert view.to_dict()["seats"][0]["unknown_vehicles"] == 1  # nothing was applied


@pytest.mark.parametrize(
    ("line", "code", "message"),
    [
        (
            f"position {FOUR} at phase:auction round:3 leader:2 table:- cash:21/?/15/26 advisors:3,17/?/8,30/2,11",
            "inconsistent",
            "a position with unknowns is read as one seat sees it",
        ),
        (
            f"position {FOUR} pov 1 at {ROUND_3} cash:21/?/15/26 advisors:3,17/1,4/8,30/2,11",
            "inconsistent",
            "seat 1 is the point of view, so its own cash is known",
        ),
        (
            f"position {FOUR} pov 0 at {ROUND_3} cash:21/?/15/26 advisors:3,17/1,4,6,?/8,30/2,11",
            "inconsistent",
            "seat 1 has 3 advisors in hand known, but in auction round 3 every seat has 2",
        ),
        (
            f"position {FOUR} pov 0 at {ROUND_3} cash:21/9..3/15/26 advisors:3,17/?/8,30/2,11",
            "inconsistent",
            "range 9..3 is empty",
        ),
        (
            f"position {FOUR} pov 0 at {ROUND_3} cash:21/40..50/15/26 advisors:3,17/?/8,30/2,11",
            "inconsistent",
            "seat 1's range cannot hold its cash",
        ),
        (
            f"position {FOUR} pov 0 at {ROUND_3} cash:21/?/15/26 advisors:3,17/?/8,30/2,11 "
            "moves deal:5,12,22,27 bid:1 bid:40",
            "illegal-move",
            "bid:40 at token 2",
        ),
        (f"position {FOUR} pov 9 at phase:auction", "bad-value", "pov must be a seat 0..3"),
        (f"position {FOUR} pov 0 at phase:auction round:1 leader:0 table:- cash:1/2", "syntax", "cash lists 2 seats"),
        ("position leduc pov 0 at phase:auction", "syntax", "'phase' is not a position field (fields: cards,"),
        (f"position {FOUR} pov 0 setup phase 1 round 1", "bad-value", "For Sale describes a position as text"),
    ],
)
def test_bad_seen_positions(line, code, message):
    assert message in assert_error(Engine().handle(line), code)


def test_a_seen_position_through_the_real_process():
    engine = EngineProcess()
    try:
        position = (
            "@s position forsale(players=3) pov 1 at phase:selling round:6 table:4,10,12 "
            "sold:2,3,6,7,8,10,15,16,17,18,20,21,23,24,25 cash:?/7/? "
            "played:5,6,9,10,13,16,18,27/2,11,12,15,17,22,25,28/1,4,7,8,14,19,29,30 spent:9/-/7,19 "
            "vehicles:?/5,12,13/? checks:0,3,7,11,14/6,9,13,14,15/2,2,6,8,11"
        )
        assert engine.ask(position) == []
        assert engine.ask("legal") == ["legal sell:5 sell:12 sell:13"]
        lines = engine.go("go iterations 1000")
        assert bestmove_of(lines) in ("sell:5", "sell:12", "sell:13")
        assert engine.ask("play sell:9") == []  # seat 0 sells 9 from its unknown hand
        assert "error inconsistent" in engine.ask("query result")[0]
    finally:
        engine.close()
