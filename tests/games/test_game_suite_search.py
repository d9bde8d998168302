"""The shared game suite, part 3: search, bots, the engine protocol and a
tournament, for every registered game's example games."""

from __future__ import annotations

import random

import pytest

import pyai
from pyai.protocol import Engine
from pyai.tournament import TournamentConfig, run_tournament

from suite_helpers import EXAMPLE_GAMES, advance, deciding_seats, decision_states

FAST_SEARCH = {"iterations": 300, "seed": 2}


@pytest.mark.parametrize("game_string", EXAMPLE_GAMES)
def test_analysis_reports_every_legal_move_and_is_reproducible(game_string):
    for state in decision_states(game_string, 1, every=7):
        for seat in deciding_seats(state):
            result = pyai.analyse(state, seat, **FAST_SEARCH)
            legal = state.legal_moves_for(seat)
            assert sorted(m.token for m in result.moves) == sorted(legal)
            assert result.best_move in legal and result.iterations == FAST_SEARCH["iterations"]
            assert sum(m.share for m in result.moves) == pytest.approx(1.0)
            assert len(result.win_probabilities) == state.game.players
            threaded = {**FAST_SEARCH, "threads": 2}
            assert pyai.analyse(state, seat, **threaded).moves == pyai.analyse(state, seat, **threaded).moves


@pytest.mark.parametrize("game_string", EXAMPLE_GAMES)
def test_a_search_depends_only_on_what_the_seat_knows(game_string):
    # Two states that differ only in facts hidden from the seat give the very
    # same search: the search sees the seat's view and nothing else.
    for state in decision_states(game_string, 2, every=5):
        for seat in deciding_seats(state):
            for seed in range(2):
                twin = state.determinize(seat, 1000 + seed)
                for settings in (FAST_SEARCH, {**FAST_SEARCH, "pimc": True, "determinizations": 4}):
                    assert pyai.analyse(state, seat, **settings).moves == pyai.analyse(twin, seat, **settings).moves


@pytest.mark.parametrize("game_string", EXAMPLE_GAMES)
def test_every_bot_plays_a_whole_game(game_string):
    game = pyai.load_game(game_string)
    names = ["random", "ismcts", "pimc"] + (["heuristic"] if game.has_heuristic else [])
    settings = {"ismcts": {"iterations": 50}, "pimc": {"iterations": 50}}
    bots = [
        pyai.make_bot(names[seat % len(names)], seed=seat, **settings.get(names[seat % len(names)], {}))
        for seat in range(game.players)
    ]
    state = game.new_initial_state()
    rng = random.Random(4)
    while not state.is_terminal():
        if state.to_move() == "chance":
            advance(state, rng)
            continue
        seat = state.to_move()
        token = bots[seat].choose(state)
        assert token in state.legal_moves()
        state.apply(token)


@pytest.mark.parametrize("game_string", EXAMPLE_GAMES)
def test_the_engine_replays_a_whole_game_and_agrees_on_legal_moves(game_string):
    engine = Engine()
    rng = random.Random(6)
    state = pyai.load_game(game_string).new_initial_state()
    assert engine.handle(f"position {game_string}") == []
    while not state.is_terminal():
        if isinstance(state.to_move(), int):
            assert engine.handle("legal") == ["legal " + " ".join(state.legal_moves())]
            for seat in deciding_seats(state):  # as the seat's own engine would be told the position
                record = " ".join(state.view(seat).history())
                assert engine.handle(f"position {game_string} pov {seat} moves {record}".rstrip()) == []
                assert engine.handle("legal") == ["legal " + " ".join(state.legal_moves_for(seat))]
        token = advance(state, rng)
        assert engine.handle(f"position {game_string} moves {' '.join(state.history())}") == [], token
    assert engine.handle("query turn") == ["response over"]
    assert engine.handle("query result") == ["response " + " ".join(str(s) for s in state.scores())]


@pytest.mark.parametrize("game_string", EXAMPLE_GAMES)
def test_a_small_tournament_runs(game_string, tmp_path):
    config = TournamentConfig(game_string, ["random", "ismcts:iterations=30"], deals=1)
    report = run_tournament(config, str(tmp_path / "games.sqlite"), concurrency=1, progress=False)
    played = report["run"]["played"]
    assert played == report["seatings_per_deal"] and report["run"]["complete"]  # one deal, every distinct rotation
    assert sum(row["wins"] for row in report["bots"]) == pytest.approx(played)


@pytest.mark.parametrize("game_string", EXAMPLE_GAMES)
def test_the_search_reports_its_tree_and_its_rollouts(game_string):
    states = decision_states(game_string, 3)
    first, last = states[0], states[-1]
    tree_search = {**FAST_SEARCH, "algorithm": "ismcts"}  # the tree and rollouts are ISMCTS's
    early = pyai.analyse(first, **tree_search)
    assert 1 <= early.mean_depth <= early.max_depth
    assert 0 <= early.past_turn <= 1
    assert early.mean_rollout_length > 0 and 0 < early.rollout_share < 1
    late = pyai.analyse(last, **tree_search)  # the game's last decision: little is left to roll out
    assert late.mean_rollout_length < early.mean_rollout_length


@pytest.mark.parametrize("game_string", EXAMPLE_GAMES)
def test_whole_hand_cfr_is_a_mixed_policy_or_refused_by_name(game_string):
    # algorithm=cfr needs a hand that starts public (HasHandStart); a game without one refuses it.
    state = decision_states(game_string, 1)[0]
    try:
        result = pyai.analyse(state, **{**FAST_SEARCH, "algorithm": "cfr"})
    except pyai.SettingError as error:
        assert "algorithm 'cfr' plays a whole hand from its public start" in str(error)
        return
    assert result.mixed and sum(m.share for m in result.moves) == pytest.approx(1.0)
    assert {m.token for m in result.moves} == set(state.legal_moves_for(result.seat))


@pytest.mark.parametrize("game_string", EXAMPLE_GAMES)
def test_the_bench_runs_on_every_game(game_string):
    # `pyai bench` needs each game's random playouts, its bench position (a decision)
    # and its signature positions: a game missing one passes the rest of the suite
    # and then fails the bench, so the suite runs them.
    from pyai.commands import bench

    game = pyai.load_game(game_string)
    run = game.random_playouts(20, 1)
    assert run["games"] == 20 and run["steps"] > 0 and run["seconds"] >= 0
    if game.has_heuristic and hasattr(game, "heuristic_playouts"):
        assert game.heuristic_playouts(5, 1)["games"] == 5
    state = game.bench_state()
    assert isinstance(state.to_move(), int) and state.legal_moves()
    assert game.SIGNATURE_POSITIONS, "a game names the positions of its bench signature"
    for position_game, tokens in game.SIGNATURE_POSITIONS:
        assert pyai.load_game(position_game).replay(tokens).to_move() != "over"
    if str(game) == game.BENCH_GAME:
        iterations, nodes, digest = bench.signature(game_string)
        assert iterations == bench.SIGNATURE_ITERATIONS * len(game.SIGNATURE_POSITIONS) and nodes > 0
        assert len(digest) == 12
