"""The shared game suite, part 4: positions as text (every game's notation,
as chess has FEN). For every registered game's example games:

- every state of random games reads back from its text as the same
  position (no history): the same text again, the same seat to move and
  legal moves, the same view for every seat; so does every seat's view. (A
  position is what the rules need: a state may hold more, such as which of
  two equal cards a seat holds, so states are compared by their positions.)
- a game goes on from a position read back exactly as from its history: the
  same legal moves, the same views, the very same search;
- a seat's view written as text starts the engine (`position <game> pov <seat>
  at <text>`), and the later moves bring the engine's view to the seat's
  true view;
- the examples of the game's `help position` run in the engine.
"""

from __future__ import annotations

import random

import pytest

import pyai
from pyai.protocol import Engine

from suite_helpers import EXAMPLE_GAMES, advance, deciding_seats, decision_states, help_examples, random_walk

SEEDS = range(3)


def every_state(game_string: str, seed: int) -> list[pyai.State]:
    states: list[pyai.State] = []
    random_walk(game_string, seed, lambda state: states.append(state.clone()))
    return states


@pytest.mark.parametrize("game_string", EXAMPLE_GAMES)
def test_every_state_and_view_reads_back_from_its_text(game_string):
    game = pyai.load_game(game_string)
    for seed in SEEDS:
        for state in every_state(game_string, seed):
            text = state.position()
            read = game.from_position(text)
            assert read.position() == text
            assert read.history() == [] and read.to_move() == state.to_move()
            assert read.legal_moves() == state.legal_moves()
            for seat in range(game.players):
                seen = state.view(seat).position()
                assert read.view(seat).position() == seen
                assert game.view_from_position(seen, seat).position() == seen, seen


@pytest.mark.parametrize("game_string", EXAMPLE_GAMES)
def test_a_game_goes_on_from_its_position_as_from_its_history(game_string):
    game = pyai.load_game(game_string)
    rng = random.Random(11)
    for state in decision_states(game_string, 4, every=6):
        read = game.from_position(state.position())
        for seat in deciding_seats(state):
            # A record also shows how each seat has played, which the opponent
            # model weighs and a position written as text does not carry: the
            # position itself must search the same.
            settings = {"iterations": 200, "seed": 5, "opponent_model": "none"}
            assert pyai.analyse(read, seat, **settings).moves == pyai.analyse(state, seat, **settings).moves
        while not state.is_terminal():
            token = advance(state, rng)
            read.apply(token)
            assert read.position() == state.position() and read.legal_moves() == state.legal_moves()
            assert all(read.view(seat).position() == state.view(seat).position() for seat in range(game.players))
        assert read.scores() == state.scores()


@pytest.mark.parametrize("game_string", EXAMPLE_GAMES)
def test_a_seen_position_starts_the_engine_and_follows_the_game(game_string):
    # The engine starts from the seat's view written as text and is told what
    # happens next; its view is the seat's true view whenever the seat has seen
    # every step so far (not while another seat's secret choice is still to be
    # revealed: a person at the table types it once it is shown). A step may
    # also show what an earlier step hid from the seat (Leduc's showdown turns
    # the other card up): its record then names a fact it wrote unknown, and
    # the person describes the position again, as it is now seen.
    game = pyai.load_game(game_string)
    rng = random.Random(12)
    for seed in SEEDS:
        states = every_state(game_string, seed)
        end = states[-1]
        for start in sorted(rng.sample(range(len(states) - 1), 4)):
            pov = rng.randrange(game.players)
            truth = states[start].clone()
            if not has_seen_every_step(truth, pov):
                continue
            engine = Engine()
            assert engine.handle(f"position {game_string} pov {pov} at {truth.view(pov).position()}") == []
            assert engine.position.view().position() == truth.view(pov).position()
            for token in end.history()[start:]:
                record = truth.view(pov)._core.public_history()
                truth.apply(token)
                now = truth.view(pov)._core.public_history()
                if len(now) == len(record):
                    continue  # a step no record holds (For Sale's unseen removal): nobody types it
                assert engine.handle(f"play {token}") == [], token
                if shows_what_was_written_unknown(record, now):
                    assert engine.handle(f"position {game_string} pov {pov} at {truth.view(pov).position()}") == []
                if has_seen_every_step(truth, pov):
                    assert engine.position.view().position() == truth.view(pov).position(), token


def shows_what_was_written_unknown(record: list[str], now: list[str]) -> bool:
    """Whether a seat's record, grown by a step, now names a token it held
    before as a known unknown (not '', a step still hidden, which the next
    tokens tell)."""
    return any(old and old != new for old, new in zip(record, now))


def has_seen_every_step(state: pyai.State, seat: int) -> bool:
    """No step of the seat's record is still hidden from it (its record marks one with '')."""
    return "" not in state.view(seat)._core.public_history()


@pytest.mark.parametrize("game_class", sorted(pyai.GAMES.values(), key=lambda cls: cls.name), ids=lambda cls: cls.name)
def test_the_help_position_examples_run(game_class):
    examples = help_examples(game_class.PROTOCOL_HELP["position"])
    assert len(examples) >= 2, game_class.PROTOCOL_HELP["position"]
    for example in examples:
        engine = Engine()
        assert engine.handle(example) == [], example
        assert engine.handle("show")[0].startswith("info string "), example
        assert engine.position.game.name == game_class.name
