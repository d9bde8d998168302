"""Automania positions as text in the engine: `position automania(...) at <text>`
and `position automania(...) pov <seat> at <text>`, where another seat's money
may be `?` or a range and its hidden contracts `?` each. Checked against real
games: a seat's view written as text is read back by the engine, which then
follows the rest of the game as that seat sees it, its view staying the true
view (money aside, known only as a range holding the truth)."""

from __future__ import annotations

import random
import re

import pytest
from test_protocol import assert_error, bestmove_of

import pyai
from pyai.automania.help import POSITION
from pyai.protocol import Engine

from .scenarios import new_game
from .test_positions import random_states

THREE = "automania(players=3)"


def without_money(data: dict, over: bool) -> dict:
    """A view's data without money, and at the end without the VP that follow from it (the money rank)."""
    left_out = ("money", "money_range", "vp", "vp_from") if over else ("money", "money_range")
    seats = [{key: value for key, value in seat.items() if key not in left_out} for seat in data["seats"]]
    return {**data, "seats": seats}


def assert_true_view(engine: Engine, truth: pyai.State, pov: int) -> None:
    """The engine's view is the pov seat's true view, but for money it knows only as a range holding the
    truth (and, at the end, the money rank's VP, which follow from money)."""
    seen, real = engine.position.view().to_dict(), truth.view(pov).to_dict()
    over = truth.is_terminal() and engine.position.view().partial
    assert without_money(seen, over) == without_money(real, over)
    for seat, (s, r) in enumerate(zip(seen["seats"], real["seats"])):
        low, high = s["money_range"]
        assert low <= r["money"] <= high, seat


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_a_seen_position_reads_back_and_follows_the_real_game(players, seed):
    game_string = f"automania(players={players})"
    game = pyai.load_game(game_string)
    rng = random.Random(seed)
    tokens = list(random_states(game_string, seed))[-1].history()
    for start in sorted(rng.sample(range(len(tokens) // 2, len(tokens) - 1), 2)):
        truth = game.replay(tokens[:start])
        pov = rng.randrange(players)
        view = truth.view(pov)
        forgets = rng.random() < 0.7  # else the engine's view must be the true view exactly
        for seat in range(players):
            money = truth.to_dict()["seats"][seat]["money"]
            if forgets and seat != pov and rng.random() < 0.7:
                view.forget_money(seat, max(0, money - rng.randrange(6)), money + rng.randrange(6))
        text = view.position()
        read = game.view_from_position(text, pov)
        assert read.position() == text and read == view
        engine = Engine()
        assert engine.handle(f"position {game_string} pov {pov} at {text}") == []
        assert engine.handle("query turn") == [f"response {truth.to_move()}"]
        for token in tokens[start:]:
            truth.apply(token)
            seen = truth.view(pov).history()[-1]  # the token as the pov seat saw it (drawn:? for another's draw)
            assert engine.handle(f"play {seen}") == [], seen
            assert_true_view(engine, truth, pov)
            if not forgets:
                assert engine.position.view() == truth.view(pov)
            if truth.may_act(pov):
                assert engine.handle("legal") == ["legal " + " ".join(truth.legal_moves_for(pov))]
        result = engine.handle("query result")
        shown = "\n".join(engine.handle("show"))
        if view.partial:
            assert_error(result, "inconsistent")  # unknown money: no score
            for seat, parts in enumerate(truth.score_breakdown()):  # nor its money rank's VP
                assert (
                    f"seat {seat}: $" in shown and f"{parts['total'] - parts['money rank']} VP + money rank ?" in shown
                )
        else:
            assert result == ["response " + " ".join(map(str, truth.scores()))]
            assert all(f" {parts['total']} VP;" in shown for parts in truth.score_breakdown())


def test_the_help_examples_work():
    examples = re.findall(r"  (position automania.*?)(?=\nexample|\nevery)", POSITION, re.S)
    assert len(examples) == 2
    for example in examples:
        engine = Engine()
        assert engine.handle(" ".join(example.split())) == [], example
        assert engine.handle("show")[0].startswith("info string Automania, 3 players")
    assert engine.handle("query turn") == ["response 1"]  # seat 0 drew unseen; seat 1 is next


def test_a_whole_position_plays_searches_and_undoes():
    start = new_game().position()
    out: list[str] = []
    engine = Engine(emit=out.append)
    assert engine.handle(f"position {THREE} at {start} moves place:R1 tile:1") == []
    assert engine.handle("legal")[0].startswith("legal put:station,1 ")
    engine.handle("go iterations 300")
    engine.wait()
    assert bestmove_of(out) in engine.handle("legal")[0].split()[1:]
    assert engine.handle("undo 2") == [] and engine.handle("query turn") == ["response 0"]
    line = assert_error(engine.handle("undo 1"), "inconsistent")
    assert "only 0 tokens after the start position" in line
    assert engine.handle("play place:R1") == [] and engine.handle("query turn") == ["response 0"]


def test_a_seen_position_searches_and_refuses_what_it_cannot_know():
    view = new_game().view(1).forget_money(2, 5, 9)
    out: list[str] = []
    engine = Engine(emit=out.append)
    assert engine.handle(f"position {THREE} pov 1 at {view.position()} moves place:C1 tile:2 discard draw:deck") == []
    assert engine.handle("play drawn:?") == []  # seat 0's draw, which seat 1 does not see
    assert engine.handle("query turn") == ["response 1"]
    legal = engine.handle("legal")[0].split()[1:]
    engine.handle("go iterations 300")
    engine.wait()
    assert bestmove_of(out) in legal
    assert engine.handle("play withdraw office:1 discard") == []  # seat 1 withdraws; its bonus tile A2
    answer = engine.handle("legal")  # seat 2 is to move: its money is a range
    assert "seat 2's legal moves depend on its money" in assert_error(answer, "inconsistent")
    shown = "\n".join(engine.handle("show"))
    assert "seat 2: $? (5..9)" in shown and "contracts in hand: 1 unseen" in shown
    line = assert_error(engine.handle("play drawn:14"), "illegal-move")
    assert "drawn:14 at token 0" in line
    assert engine.handle("undo 3") == [] and engine.handle("query turn") == ["response 1"]


@pytest.mark.parametrize(
    ("line", "code", "message"),
    [
        (f"position {THREE} at round:1", "syntax", "a position needs its step"),
        (f"position {THREE} at round:1 step:turn turn:0", "syntax", "money is needed"),
        (
            f"position {THREE} at " + new_game().position().replace("hidden:S1/S2/S3", "hidden:S1/S2/?"),
            "inconsistent",
            "a position with unknowns is read as one seat sees it",
        ),
        (
            f"position {THREE} pov 2 at " + new_game().position().replace("hidden:S1/S2/S3", "hidden:S1/S2/?"),
            "inconsistent",
            "seat 2 is the point of view, so its own contracts is known",
        ),
        (
            f"position {THREE} pov 0 at " + new_game().position().replace("display:1,2,3", "display:1,2,3,4"),
            "inconsistent",
            "display: it shows at most 3 contracts, not 4",
        ),
        (f"position {THREE} pov 0 at {new_game().position()} moves place:R9", "illegal-move", "must be place:R1..R4"),
        (
            f"position {THREE} pov 0 at {new_game().position()} moves withdraw office:9",
            "illegal-move",
            "office:9 at token 1",
        ),
        (f"position {THREE} at {new_game().position()} moves tile:1", "illegal-move", "tile:1 at token 0"),
        ("position automania(players=5) at round:1", "bad-value", "players must be a whole number 2 to 4"),
    ],
)
def test_bad_positions_are_refused_naming_the_fact(line, code, message):
    engine = Engine()
    assert message in assert_error(engine.handle(line), code)
    assert engine.handle("query turn")[0].startswith("error no-position")  # nothing was half-applied
