"""Pondering: `go ponder`, `ponderhit` and the `ponder` tokens of a bestmove
(docs/protocol.md, "Pondering"), and the Python API under them."""

from __future__ import annotations

import time

import pytest
from test_protocol import InProcessEngine

import pyai
from pyai.protocol.commands import Go, PonderHit, parse_line
from pyai.protocol.ponder import expected_replies
from pyai.protocol.position import Position

TIMEOUT = 60.0
AUCTION = "position forsale(players=4) pov 0 moves deal:3,12,19,27"


@pytest.fixture
def engine():
    engine = InProcessEngine()
    yield engine
    engine.engine.shutdown()


def report(lines: list[str]) -> list[str]:
    """A search's answer without its timing: the action lines and the bestmove."""
    return [line for line in lines if line.startswith(("info action", "bestmove"))]


def test_go_ponder_and_ponderhit_parse():
    assert parse_line("go ponder iterations 500").command == Go(iterations=500, ponder=True)
    assert parse_line("go movetime 50 ponder").command == Go(movetime=50, ponder=True)
    assert parse_line("ponderhit").command == PonderHit()
    assert parse_line("go ponder ponder").error.line() == "error syntax go ponder given twice"
    assert parse_line("go infinite infinite").error.line() == "error syntax go infinite given twice"
    assert parse_line("ponderhit now").error.line().startswith("error syntax ponderhit takes no arguments")
    assert ", ponder," in parse_line("go pondering").error.message  # the list of go words names it


def test_a_ponder_search_with_an_iteration_budget_answers_only_after_ponderhit_and_as_an_ordinary_go(engine):
    engine.ask(AUCTION)
    engine.ask("go iterations 3000")
    ordinary = engine.until_bestmove()
    assert engine.ask("go ponder iterations 3000") == []
    engine.wait_for_progress(3000)  # the budget is done: still no answer
    assert engine.ask("isready") == ["readyok"]
    time.sleep(0.1)
    assert not any(line.startswith("bestmove") for line in engine.printed_so_far())
    assert engine.engine.searching
    assert engine.ask("ponderhit") == []
    pondered = engine.until_bestmove()
    assert report(pondered) == report(ordinary)  # the same iterations, so the same search
    assert not engine.engine.searching


def test_a_ponder_search_with_a_time_budget_runs_on_past_it_until_ponderhit(engine):
    engine.ask(AUCTION)
    engine.ask("go ponder movetime 20")
    engine.wait_for_progress(1)
    time.sleep(0.3)  # fifteen times the budget: an ordinary go would have answered
    before = engine.progress()
    time.sleep(0.05)
    assert engine.progress() > before, "a pondering search keeps searching"
    assert not any(line.startswith("bestmove") for line in engine.printed_so_far())
    engine.ask("ponderhit")
    lines = engine.until_bestmove()
    summary = next(line for line in lines if " nodes " in line)
    assert int(summary.split()[2]) > before  # what it found while pondering counts
    assert engine.ask("ponderhit")[0].startswith("error inconsistent ponderhit: no search is pondering")


def test_stop_ends_a_ponder_search_with_one_bestmove(engine):
    engine.ask(AUCTION)
    engine.ask("go ponder iterations 1000000000")
    engine.wait_for_progress(100)
    assert engine.ask("@later query turn") == []  # waits for the search's bestmove
    engine.ask("stop")
    lines = engine.printed_so_far()
    assert [line for line in lines if line.startswith("bestmove")] == [lines[-2]]
    assert lines[-1] == "@later response 0"
    assert engine.ask("ponderhit")[0].startswith("error inconsistent")
    assert engine.ask("query turn") == ["response 0"]  # the position is as it was


def test_ponderhit_without_a_ponder_search_is_refused_and_changes_nothing(engine):
    assert engine.ask("ponderhit")[0] == "error inconsistent ponderhit: no search is pondering (go ponder starts one)"
    engine.ask(AUCTION)
    engine.ask("go infinite")
    engine.wait_for_progress(100)
    assert engine.ask("ponderhit")[0].startswith("error inconsistent")
    assert engine.engine.searching  # the ordinary search goes on
    engine.ask("stop")
    assert engine.printed_so_far()[-1].startswith("bestmove ")


def test_end_of_input_stops_a_ponder_search_and_says_so(engine):
    engine.ask(AUCTION)
    engine.ask("go ponder iterations 500")
    engine.engine.end_of_input()
    lines = engine.printed_so_far()
    assert "info string end of input: the ponder search was stopped" in lines
    assert lines[-1].startswith("bestmove ")


def test_a_tagged_ponder_search_tags_its_answer(engine):
    engine.ask(AUCTION)
    engine.ask("@p1 go ponder iterations 200")
    assert engine.ask("@p2 ponderhit") == []
    assert engine.until_bestmove()[-1].startswith("@p1 bestmove ")


# --- the ponder tokens of a bestmove


def test_the_ponder_tokens_lead_to_the_seats_next_decision(engine):
    engine.ask(AUCTION)
    engine.ask("go iterations 20000")
    words = engine.until_bestmove()[-1].split()
    assert words[0] == "bestmove" and words[2] == "ponder", words
    move, replies = words[1], words[3:]
    assert replies, "a raise in a 4-player auction is answered by the other three seats first"
    engine.ask(f"play {move} {' '.join(replies)}")
    assert engine.ask("query turn") == ["response 0"]  # seat 0 bids again
    engine.ask("go ponder iterations 500")
    engine.ask("ponderhit")
    assert engine.until_bestmove()[-1].startswith("bestmove ")


def test_no_ponder_tokens_when_a_deal_comes_before_the_seats_next_decision(engine):
    engine.ask(AUCTION)
    engine.ask("go iterations 2000 searchmoves pass")  # out of the round: the next deal comes first
    assert engine.until_bestmove()[-1] == "bestmove pass"


def test_expected_replies_stop_at_chance_at_the_seat_and_at_a_bad_token():
    position = Position.build("forsale(players=4)", 0, None, ["deal:3,12,19,27"])
    # Seats 1-3 answer, then seat 0 decides.
    assert expected_replies(position, 0, "bid:1", ["bid:2", "bid:3", "pass", "bid:4"]) == ("bid:2", "bid:3", "pass")
    # A continuation that ends before seat 0's turn promises nothing.
    assert expected_replies(position, 0, "bid:1", ["bid:2"]) == ()
    # A continuation the position does not take promises nothing.
    assert expected_replies(position, 0, "bid:1", ["bid:1", "bid:3", "pass"]) == ()
    # After a pass seat 0 is out of the round: everyone else's moves end at the next deal.
    assert expected_replies(position, 0, "pass", ["bid:1", "pass", "pass"]) == ()
    # Leduc: the other seat's answer, then seat 0 again.
    leduc = Position.build("leduc()", 0, None, ["deal:js", "deal:?"])
    assert leduc.state.may_act(0)
    assert expected_replies(leduc, 0, "raise", ["raise", "call"]) == ("raise",)
    assert expected_replies(leduc, 0, "call", ["call", "raise"]) == ()  # the round ends: a card is turned up


# --- the Python API


def test_a_pondering_search_runs_past_its_time_budget_until_ponderhit():
    state = pyai.load_game("forsale(players=4)").replay(["deal:3,6,23,24"])
    search = pyai.Search(state, iterations=0, time_ms=10, threads=2, seed=1)
    search.start(ponder=True)
    time.sleep(0.3)
    assert search.running and search.pondering
    search.ponderhit()
    assert search.wait(TIMEOUT)
    assert not search.pondering
    assert search.result.iterations > 0


def test_a_pondered_run_with_an_iteration_budget_returns_what_an_ordinary_run_does():
    state = pyai.load_game("forsale(players=4)").replay(["deal:3,6,23,24"])
    ordinary = pyai.Search(state, iterations=2000, seed=5).run()
    pondered = pyai.Search(state, iterations=2000, seed=5).run(ponder=True)  # nothing releases it: not needed
    assert [(m.token, m.visits) for m in pondered.moves] == [(m.token, m.visits) for m in ordinary.moves]


def test_a_ponderhit_sent_before_the_run_begins_is_not_lost():
    state = pyai.load_game("forsale(players=4)").replay(["deal:3,6,23,24"])
    search = pyai.Search(state, iterations=0, time_ms=5, seed=2)
    search.start(ponder=True)  # armed at once: the thread may not have begun its run
    search.ponderhit()
    assert search.wait(TIMEOUT), "the ponderhit was lost: the search waits for another"
    assert search.result.iterations > 0
