"""The referee lets a `cmd+ponder:` engine think on the other seats' time:
`go ponder` on the position its bestmove expects, `ponderhit` when that
position comes up, `stop` when it does not or the game ends."""

from __future__ import annotations

import sys

import pytest

from pyai.tournament import ExternalEngine, TournamentConfig, parse_spec, plan
from pyai.tournament.play import _engines, close_engines, play_game

# -P: not the checkout's pyai folder (it has no built core), wherever the tests run from.
ENGINE = [sys.executable, "-P", "-m", "pyai", "engine"]
GAME = "forsale(players=4)"
LIMIT = 30.0


@pytest.fixture
def engine():
    engine = ExternalEngine(ENGINE)
    engine.start()
    yield engine
    engine.close()


def test_cmd_ponder_names_a_pondering_engine():
    spec = parse_spec(f"cmd+ponder:{sys.executable} -m pyai engine")
    assert spec.kind == "cmd" and spec.ponder and spec.text.startswith("cmd+ponder:")
    assert spec.label.startswith("cmd+ponder:")
    plain = parse_spec(f"cmd:{sys.executable} -m pyai engine")
    assert not plain.ponder and plain.text != spec.text  # two different bots


def test_an_engine_ponders_on_its_expected_replies_and_answers_at_ponderhit(engine):
    engine.new_game(GAME)
    record = ["deal:3,12,19,27"]
    move = engine.bestmove(GAME, 0, record, "iterations 3000", LIMIT)
    assert move == "bid:1" and engine.expected == ["bid:2", "bid:3", "bid:4"]
    pondered = [*record, move, *engine.expected]
    assert engine.ponder(GAME, 0, pondered, "iterations 3000")
    assert engine.pondering_on == pondered
    answer = engine.ponderhit(LIMIT)
    assert answer.startswith(("bid:", "pass")) and engine.pondering_on is None
    # The same position asked afresh gives the same move: a pondered iteration budget is the same search.
    assert engine.bestmove(GAME, 0, pondered, "iterations 3000", LIMIT) == answer
    assert (engine.ponders, engine.ponderhits) == (1, 1)


def test_a_missed_ponder_is_stopped_and_a_refused_position_starts_none(engine):
    engine.new_game(GAME)
    assert engine.ponder(GAME, 0, ["deal:3,12,19,27", "bid:1", "bid:2", "bid:3", "bid:4"], "movetime 10000")
    engine.stop_pondering(LIMIT)  # well before its budget: the stop ends it, its bestmove dropped
    assert engine.pondering_on is None
    assert not engine.ponder(GAME, 0, ["deal:3,12,19,27", "bid:1", "bid:1"], "iterations 100")  # an illegal bid
    assert engine.pondering_on is None and engine.ponders == 1
    # Nothing is left over from either: the engine answers the next decision cleanly.
    assert engine.bestmove(GAME, 1, ["deal:3,12,19,27", "bid:1"], "iterations 200", LIMIT).startswith(("bid:", "pass"))


def test_a_tournament_game_with_a_pondering_engine_plays_to_the_end_with_ponderhits():
    spec = "cmd+ponder:" + " ".join(ENGINE)
    config = TournamentConfig(GAME, [spec, "heuristic"], deals=1, move_time_ms=2000, engine_iterations=300)
    job = plan(config).jobs[0]
    try:
        record = play_game(job)
        assert record["outcome"] == "normal", record["reason"]
        engines = [engine for (text, _), engine in _engines().items() if text.startswith("cmd+ponder:")]
        assert len(engines) == 2  # seats 0 and 2
        assert all(engine.pondering_on is None for engine in engines)  # stopped at the end
        assert sum(engine.ponders for engine in engines) > 0
        # The heuristic bots answer raises as the engine's search expects them to, some of the time.
        assert 0 < sum(engine.ponderhits for engine in engines) <= sum(engine.ponders for engine in engines)
        again = play_game(job)  # the engines are reused, pondering nothing left over
        assert again["outcome"] == "normal" and again["tokens"] == record["tokens"]
    finally:
        close_engines()
