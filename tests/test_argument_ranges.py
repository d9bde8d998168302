"""Every number a user can pass is checked at the boundary: any value, of any
size or type, either works or raises a PyaiError that names the argument and
its range. Never a raw TypeError from the binding, an OverflowError or a
MemoryError (property-based, over every search setting of every game)."""

from __future__ import annotations

import inspect
import math

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import pyai

ANY_VALUE = st.one_of(
    st.integers(),
    st.integers(min_value=-(2**80), max_value=2**80),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.none(),
    st.text(max_size=12),
    st.sampled_from([0, 1, -1, 255, 256, 2**31, 2**32, 2**63, 2**64 - 1, 2**64, 10**20, "win", "random", 1e300]),
)
GAME_STRINGS = [cls.EXAMPLE_GAMES[0] for cls in pyai.GAMES.values()]


def first_decision(game_string: str) -> pyai.State:
    state = pyai.load_game(game_string).new_initial_state()
    while state.to_move() == "chance":
        state.apply(state.sample_chance(1))
    return state


STATES = {game: first_decision(game) for game in GAME_STRINGS}


def in_range(row: dict, value) -> bool:
    """Whether the settings table says `value` is acceptable for the setting `row`."""
    if value is None:
        return row["accepts_none"]
    kind = row["kind"]
    if kind == "flag":
        return isinstance(value, bool)
    if isinstance(value, bool):
        return False
    if kind == "seed":
        return isinstance(value, int)
    if kind == "choice":
        return value in row["choices"]
    if kind == "count":
        return isinstance(value, int) and row["low"] <= value <= row["high"]
    return isinstance(value, (int, float)) and math.isfinite(value) and row["low"] <= value <= row["high"]


@pytest.mark.parametrize("game_string", GAME_STRINGS)
@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_any_value_of_any_search_setting_is_taken_or_refused_by_name(game_string, data):
    state = STATES[game_string]
    rows = state.game.search_settings()
    row = data.draw(st.sampled_from(rows))
    value = data.draw(ANY_VALUE)
    chosen = {row["name"]: value}
    if row["name"] in ("iterations", "time_ms"):
        chosen["iterations" if row["name"] == "time_ms" else "time_ms"] = 1  # the other budget stays valid
    try:
        pyai.Search(state, **chosen)  # settings are checked when the search is made, before it runs
    except pyai.SettingError as error:
        message = str(error)
        assert row["name"] in message, message
        if "needs iterations or time_ms" not in message:
            assert not in_range(row, value), (row["name"], value, message)
        return
    assert in_range(row, value), (row["name"], value)


@settings(max_examples=200, deadline=None)
@given(name=st.text(min_size=1, max_size=20), value=ANY_VALUE)
@example(name="seat", value=None)  # Search's own parameter, not an unknown setting
@example(name="nosuch", value=1)
def test_unknown_setting_names_list_the_known_ones(name, value):
    state = STATES[GAME_STRINGS[0]]
    # searchmoves is the one keyword besides the settings (the root moves to search); Search's
    # own parameters (the position, the seat) are not settings either.
    own = set(inspect.signature(pyai.Search.__init__).parameters) - {"settings"}
    if name in {row["name"] for row in state.game.search_settings()} | {"searchmoves"} | own:
        return
    with pytest.raises(pyai.SettingError, match="unknown search setting .* \\(known: iterations"):
        pyai.Search(state, **{name: value})


@settings(max_examples=300, deadline=None)
@given(value=ANY_VALUE)
def test_seats_and_seeds_of_any_value(value):
    for state in STATES.values():
        players = state.game.players
        valid_seat = isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players
        for call in (state.view, state.legal_moves_for, state.may_act):
            try:
                call(value)
            except pyai.ArgumentError as error:
                assert not valid_seat and "seat must be a whole number" in str(error)
            except pyai.PhaseError:
                assert valid_seat  # a real seat without a decision now
        valid_seed = isinstance(value, int) and not isinstance(value, bool)
        try:
            state.determinize(0, value)
            state.view(0).determinize(value)
        except pyai.ArgumentError as error:
            assert not valid_seed and "seed must be a whole number" in str(error)


@settings(max_examples=300, deadline=None)
@given(name=st.sampled_from(["players", "first", "theme", "edition", "colour"]), value=ANY_VALUE)
@example(name="players", value="²")  # a digit to str.isdigit, but no number to int()
def test_game_string_parameters_of_any_value(name, value):
    for cls in pyai.GAMES.values():
        try:
            pyai.load_game(f"{cls.name}({name}={value})")
        except pyai.GameStringError as error:
            assert str(error)


@settings(max_examples=200, deadline=None)
@given(low=ANY_VALUE, high=ANY_VALUE, noise=ANY_VALUE)
def test_partial_knowledge_and_bot_arguments_of_any_value(low, high, noise):
    state = STATES["forsale(players=3)"] if "forsale(players=3)" in STATES else None
    if state is not None:
        try:
            state.view(0).forget_cash(1, low, high)
        except (pyai.ArgumentError, pyai.InconsistentPositionError) as error:
            assert str(error)
    try:
        pyai.make_bot("heuristic", noise=noise)
    except pyai.SettingError as error:
        assert "noise must be a whole number 0 to 100" in str(error)
