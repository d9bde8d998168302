"""algorithm=cfr on Leduc: counterfactual regret minimisation over the whole hand.

Its policy (each move's share of the average strategy) approaches an
equilibrium as the iterations grow, as OpenSpiel's exploitability scores it
over all 936 information states, and it reads only what the seat knows.
open_spiel is in the test extra; without it the exploitability test is skipped.
"""

from __future__ import annotations

import pytest

import pyai
from pyai.bots import make_bot
from pyai.errors import SettingError

from .exploitability import exploitability_of_search


@pytest.fixture(scope="module")
def leduc():
    return pyai.load_game("leduc()")


def cfr(state, seat, iterations=2000, seed=1, **settings):
    return pyai.analyse(state, seat, iterations=iterations, seed=seed, algorithm="cfr", **settings)


def test_the_policy_is_a_mixed_one_over_every_legal_move(leduc):
    state = leduc.replay(["deal:qs", "deal:kh"])
    result = cfr(state, 0)
    assert result.mixed and not result.simultaneous
    assert sorted(m.token for m in result.moves) == sorted(state.legal_moves())
    assert sum(m.share for m in result.moves) == pytest.approx(1.0)
    assert all(m.win is not None and m.score_mean is not None for m in result.moves)
    assert result.iterations == 2000
    assert "cfr's average strategy" in result.table()
    # Each move is walked whenever the seat's information set is (full width).
    assert len({m.visits for m in result.moves}) == 1 and result.moves[0].visits > 0


def test_the_choice_does_not_change_when_only_the_hidden_card_does(leduc):
    # Seat 0 holds the queen of spades and faces a raise; seat 1's card is hidden from it.
    results = [cfr(leduc.replay(["deal:qs", f"deal:{hidden}", "call", "raise"]), 0, seed=7) for hidden in ("kh", "jh")]
    first, second = ([(m.token, m.share, m.win, m.score_mean) for m in r.moves] for r in results)
    assert first == second
    # ... while the seat's own card does change it.
    own = cfr(leduc.replay(["deal:kh", "deal:qs", "call", "raise"]), 0, seed=7)
    assert [(m.token, m.share) for m in own.moves] != [(m.token, m.share) for m in results[0].moves]


def test_the_best_hand_raises_a_raise_and_the_worst_folds_to_one(leduc):
    # Seat 0 pairs its king with the public card (no hand beats it) and is raised: it raises again.
    nuts = cfr(leduc.replay(["deal:ks", "deal:jh", "call", "call", "deal:kh", "call", "raise"]), 0, iterations=5000)
    assert dict((m.token, m.share) for m in nuts.moves)["raise"] > 0.9
    # Seat 1 holds a jack on a king board (no pair, the lowest card) and is raised: it folds.
    weak = cfr(leduc.replay(["deal:qs", "deal:js", "call", "call", "deal:kh", "raise"]), 1, iterations=5000)
    assert dict((m.token, m.share) for m in weak.moves)["fold"] > 0.8


def test_searchmoves_and_threads_and_time(leduc):
    state = leduc.replay(["deal:qs", "deal:kh"])
    only_call = cfr(state, 0, searchmoves=["call"])
    assert [(m.token, m.share) for m in only_call.moves if m.share > 0] == [("call", 1.0)]
    two = cfr(state, 0, iterations=3001, threads=2)
    assert two.iterations == 3001 and sum(m.share for m in two.moves) == pytest.approx(1.0)
    timed = pyai.analyse(state, 0, iterations=None, time_ms=30, algorithm="cfr", seed=3)
    assert timed.iterations > 0 and timed.mixed


def test_the_bot_samples_from_the_mixed_policy(leduc):
    state = leduc.replay(["deal:qs", "deal:kh"])
    result = cfr(state, 0, iterations=3000)
    assert min(m.share for m in result.moves) > 0.1  # a mixed spot: both moves are played
    bot = make_bot("ismcts", seed=5, iterations=3000, algorithm="cfr")
    assert {bot.choose(state) for _ in range(30)} == {m.token for m in result.moves}


def test_a_game_whose_hands_do_not_start_public_refuses_it():
    forsale = pyai.load_game("forsale(players=3)")
    state = forsale.new_initial_state()
    while state.to_move() == "chance":
        state.apply(state.sample_chance(1))
    with pytest.raises(SettingError, match="algorithm 'cfr' plays a whole hand from its public start"):
        pyai.analyse(state, state.to_move(), iterations=10, algorithm="cfr")


def test_the_policy_approaches_an_equilibrium_with_the_iterations():
    pytest.importorskip("pyspiel", reason="open_spiel (the test extra) is not installed")
    few = exploitability_of_search(200, algorithm="cfr")
    many = exploitability_of_search(3000, algorithm="cfr")
    tree = exploitability_of_search(3000, algorithm="ismcts")
    assert many < few
    assert many < 0.25 < tree  # ISMCTS's per-position searches stay near 0.6 at this budget
