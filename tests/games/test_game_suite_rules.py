"""The shared game suite, part 1: random games to the end, with the
invariants every game must keep (in the spirit of OpenSpiel's RandomSimTest).
Runs for every registered game's example games: a new game gets it by
registering."""

from __future__ import annotations

import json
import random

import pytest

import pyai

from suite_helpers import EXAMPLE_GAMES, advance, random_walk

GAMES_PER_EXAMPLE = 12


def check_state(state: pyai.State) -> None:
    mover = state.to_move()
    assert mover == "chance" or mover == "over" or 0 <= mover < state.game.players
    assert state.is_terminal() == (mover == "over")
    legal = state.legal_moves()
    if isinstance(mover, int):
        assert legal, "a seat to move has a legal move"
        assert len(legal) == len(set(legal)), "each legal move is listed once"
        assert len(legal) <= type(state._core).max_actions, "no more moves than the game's declared bound"
        assert state.legal_moves_for(mover) == legal
        assert state.may_act(mover)
    else:
        assert legal == []
        assert not any(state.may_act(seat) for seat in range(state.game.players))
    data = state.to_dict()
    assert json.loads(json.dumps(data)) == data, "to_dict is JSON-safe plain data"
    assert state.clone() == state


@pytest.mark.parametrize("game_string", EXAMPLE_GAMES)
def test_random_games_keep_the_invariants_and_replay(game_string):
    for seed in range(GAMES_PER_EXAMPLE):
        final = random_walk(game_string, seed, check_state)
        game = final.game
        assert game.replay(final.history()) == final, "a history replays to an equal state"
        scores, winners, ranks = final.scores(), final.winners(), final.ranks()
        assert len(scores) == len(ranks) == game.players and winners
        assert {seat for seat, rank in enumerate(ranks) if rank == min(ranks)} == set(winners)
        assert sum(ranks) == pytest.approx(game.players * (game.players + 1) / 2), "ranks share the places"


@pytest.mark.parametrize("game_string", EXAMPLE_GAMES)
def test_every_legal_move_applies_and_bad_tokens_change_nothing(game_string):
    rng = random.Random(7)
    state = pyai.load_game(game_string).new_initial_state()
    seen_tokens: set[str] = set()
    while not state.is_terminal():
        if isinstance(state.to_move(), int):
            for token in state.legal_moves():
                trial = state.clone()
                assert trial.apply(token) == token, "a legal move applies and is canonical"
                assert trial.history() == [*state.history(), token]
            for bad in ["", "no-such-move", "\x00", "x" * 300, *sorted(seen_tokens - set(state.legal_moves()))[:5]]:
                before = state.clone()
                with pytest.raises(pyai.IllegalMoveError) as error:
                    state.apply(bad)
                assert str(error.value), "the error says what was wrong"
                assert state == before and state.history() == before.history(), "nothing half-applied"
        seen_tokens.add(advance(state, rng))
    with pytest.raises(pyai.IllegalMoveError):
        state.apply(next(iter(seen_tokens)))


@pytest.mark.parametrize("game_string", EXAMPLE_GAMES)
def test_results_exist_only_at_the_end_and_chance_only_at_chance_steps(game_string):
    state = pyai.load_game(game_string).new_initial_state()
    rng = random.Random(3)
    while not state.is_terminal():
        for results in (state.scores, state.winners, state.ranks):
            with pytest.raises(pyai.PhaseError):
                results()
        if state.to_move() != "chance":
            with pytest.raises(pyai.PhaseError):
                state.sample_chance(1)
        advance(state, rng)
    with pytest.raises(pyai.PhaseError):
        state.sample_chance(1)


@pytest.mark.parametrize("game_string", EXAMPLE_GAMES)
def test_bad_seats_are_refused_with_the_range(game_string):
    state = pyai.load_game(game_string).new_initial_state()
    players = state.game.players
    for bad in (-1, players, 2**70, "0", 1.0, None):
        for call in (state.view, state.legal_moves_for, lambda seat: state.determinize(seat, 1)):
            with pytest.raises(pyai.ArgumentError, match=f"seat must be a whole number 0..{players - 1}"):
                call(bad)
