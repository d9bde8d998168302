"""The shared game suite, part 2: what a seat knows (in the spirit of
OpenSpiel's ResampleInfostateTest, without its two known failures: a
resample that reached a dead end, and one that returned the real hidden
cards). For every registered game's example games:

- a determinisation keeps the seat's view exactly and plays out to the end;
- determinising is a function of the view alone: two states that differ only
  in what the seat cannot see give the very same samples for every seed, so
  no hidden fact can leak into them;
- the seat's record replays (as that seat saw it) to a position in which the
  seat has the same decision and gets the same search.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import pyai

from suite_helpers import EXAMPLE_GAMES, advance, deciding_seats, decision_states, random_walk

SEEDS = range(3)


def states_and_seats(game_string: str, every: int) -> Iterator[tuple[pyai.State, int]]:
    """Every `every`-th state of a few random games (chance steps and the end
    included), with each of its seats."""
    for seed in SEEDS:
        states: list[pyai.State] = []
        random_walk(game_string, seed, lambda state, kept=states: kept.append(state.clone()))
        for state in states[::every]:
            for seat in range(state.game.players):
                yield state, seat


@pytest.mark.parametrize("game_string", EXAMPLE_GAMES)
def test_a_determinisation_keeps_the_view_and_plays_out(game_string):
    rng = random.Random(5)
    for state, seat in states_and_seats(game_string, every=3):
        sample = state.determinize(seat, rng.getrandbits(64))
        assert sample.same_view(state, seat) and sample.view(seat) == state.view(seat)
        assert sample.view(seat).to_dict() == state.view(seat).to_dict()
        if sample.history():  # a recorded sample: its record replays to it
            assert state.game.replay(sample.history()) == sample
        while not sample.is_terminal():
            advance(sample, rng)


@pytest.mark.parametrize("game_string", EXAMPLE_GAMES)
def test_determinising_depends_on_the_view_alone(game_string):
    rng = random.Random(9)
    for state, seat in states_and_seats(game_string, every=4):
        twin = state.determinize(seat, rng.getrandbits(64))  # the same view, other hidden facts
        for sample_seed in range(4):
            assert state.determinize(seat, sample_seed) == twin.determinize(seat, sample_seed)


@pytest.mark.parametrize("game_string", EXAMPLE_GAMES)
def test_a_seats_record_replays_as_that_seat_saw_it(game_string):
    # What an engine playing the seat is sent (view(seat).history()) rebuilds a
    # position in which the seat sees the same record and, when it has a
    # decision, has the same moves and gets the very same search.
    for seed in SEEDS:
        for state in decision_states(game_string, seed, every=3):
            for seat in deciding_seats(state):
                record = state.view(seat).history()
                seen = state.game.replay_as_seen(seat, record)
                assert seen.view(seat).history() == record
                assert seen.legal_moves_for(seat) == state.legal_moves_for(seat)
                settings = {"iterations": 200, "seed": 3}
                assert pyai.analyse(seen, seat, **settings).moves == pyai.analyse(state, seat, **settings).moves
