"""pyai/win_chance_map.py: what seats given a win chance won in self-play, as the advice tells it."""

import math
import re

import pytest

import pyai
from pyai.win_chance_map import CostsInPlay, Fitted, WinChanceMap, game_map, mapped, parse, told_chance, told_costs

FAIR = 1 / 3


@pytest.mark.parametrize("reported", [0.02, 0.2, FAIR, 0.5, 0.9])
def test_a_slope_of_one_keeps_the_report_and_zero_says_the_fair_share(reported):
    assert mapped(reported, FAIR, 1.0) == pytest.approx(reported)
    assert mapped(reported, FAIR, 0.0) == pytest.approx(FAIR)


def test_a_slope_between_draws_each_report_toward_the_fair_share_in_order():
    reports = [0.01, 0.1, 0.25, 0.4, 0.6, 0.8, 0.99]
    told = [mapped(p, FAIR, 0.5) for p in reports]
    assert told == sorted(told)  # the order of the reports is kept
    for p, t in zip(reports, told):
        assert min(p, FAIR) <= t <= max(p, FAIR)
    assert mapped(0.8, FAIR, 0.3) < mapped(0.8, FAIR, 0.6) < 0.8  # the lower the slope, the nearer the fair share


def test_the_slope_between_two_fitted_budgets_is_interpolated_in_log_iterations():
    g = "automania(players=3)"
    chances = WinChanceMap("round", (Fitted(g, 2000, {"1": 0.4}), Fitted(g, 20000, {"1": 0.0, "2": 0.5})))
    assert chances.slope(g, "1", 2000) == pytest.approx(0.4)
    assert chances.slope(g, "1", 20000) == pytest.approx(0.0)
    assert chances.slope(g, "1", round(math.sqrt(2000 * 20000))) == pytest.approx(0.2, abs=1e-4)
    assert chances.slope(g, "1", 200) == 0.4 and chances.slope(g, "1", 10**6) == 0.0  # the nearest outside
    assert chances.slope(g, "2", 2000) == 0.5  # one budget fitted for this stage: that one
    assert chances.slope("automania(players=4)", "1", 2000) is None and chances.slope(g, "5", 2000) is None


def test_costs_are_told_between_measured_budgets_and_only_near_them_outside():
    g = "automania(players=3)"
    fits = (
        Fitted(g, 2000, {"1": 0.4}, {"1": CostsInPlay(0.5, 0.9)}),
        Fitted(g, 20000, {"1": 0.0}, {"1": CostsInPlay(0.1, 0.5)}),
    )
    chances = WinChanceMap("round", fits)
    assert chances.costs_in_play(g, "1", 20000) == CostsInPlay(0.1, 0.5)
    middle = chances.costs_in_play(g, "1", round(math.sqrt(2000 * 20000)))
    assert middle.ratio == pytest.approx(0.3, abs=1e-4) and middle.at_most == pytest.approx(0.7, abs=1e-4)
    assert chances.costs_in_play(g, "1", 40000) == CostsInPlay(0.1, 0.5)  # within a factor of 2
    assert chances.costs_in_play(g, "1", 40001) is None and chances.costs_in_play(g, "1", 999) is None
    assert chances.costs_in_play(g, "2", 20000) is None  # a stage not measured
    only_slopes = WinChanceMap("round", (Fitted(g, 20000, {"1": 0.0}),))
    assert only_slopes.costs_in_play(g, "1", 20000) is None and only_slopes.slope(g, "1", 20000) == 0.0


FIT = {"game": "automania(players=3)", "iterations": 9, "slopes": {"1": 0.5}}
BAD_COSTS = "fitted[0].costs must map each stage to a ratio and an at_most from 0 to 1, ratio first"


@pytest.mark.parametrize(
    "data, message",
    [
        ([], "not a win chance map of format 1"),
        ({"format": 2, "stage_field": "round", "fitted": []}, "not a win chance map of format 1"),
        ({"format": 1, "stage_field": "", "fitted": []}, "stage_field must name a field"),
        ({"format": 1, "stage_field": "round", "fitted": {}}, "fitted must be a list of fits"),
        ({"format": 1, "stage_field": "round", "fitted": [{"game": 3}]}, "fitted[0].game must be a game string"),
        ({"format": 1, "stage_field": "round", "fitted": [FIT | {"iterations": 0}]}, "fitted[0].iterations"),
        ({"format": 1, "stage_field": "round", "fitted": [FIT | {"iterations": True}]}, "fitted[0].iterations"),
        (
            {"format": 1, "stage_field": "round", "fitted": [FIT | {"slopes": {"1": 1.5}}]},
            "fitted[0].slopes must map each stage to a slope from 0 to 1",
        ),
        ({"format": 1, "stage_field": "round", "fitted": [FIT | {"costs": []}]}, BAD_COSTS),
        ({"format": 1, "stage_field": "round", "fitted": [FIT | {"costs": {"1": {"ratio": 0.2}}}]}, BAD_COSTS),
        (
            {"format": 1, "stage_field": "round", "fitted": [FIT | {"costs": {"1": {"ratio": 0.6, "at_most": 0.5}}}]},
            BAD_COSTS,
        ),
        (
            {"format": 1, "stage_field": "round", "fitted": [FIT | {"costs": {"1": {"ratio": 0, "at_most": True}}}]},
            BAD_COSTS,
        ),
        (
            {"format": 1, "stage_field": "round", "fitted": [FIT, FIT]},
            "fitted[1]: automania(players=3) at 9 iterations is fitted twice",
        ),
    ],
)
def test_a_bad_map_file_is_named(data, message):
    with pytest.raises(ValueError, match=r"^m\.json: .*" + re.escape(message)):
        parse(data, "m.json")


def test_a_games_map_tells_its_costs_near_the_budget_they_were_measured_at(automania_costs_measured):
    three = pyai.load_game("automania(players=3)")
    for stage, costs in automania_costs_measured.items():
        assert told_costs(three, {"round": int(stage)}, 20000) == CostsInPlay(**costs)
        assert told_costs(three, {"round": int(stage)}, 2000) is None  # and not told far from it
    assert told_costs(pyai.load_game("automania(players=4)"), {"round": 1}, 20000) is None


def test_automanias_shipped_map_covers_every_round_at_three_players_and_nothing_else():
    three = pyai.load_game("automania(players=3)")
    chances = game_map(three)
    assert chances is not None and chances.stage_field == "round"
    state = three.new_initial_state()
    assert state.to_dict()["round"] == 1
    for stage in "1234":
        assert chances.slope(str(three), stage, 20000) is not None
    told = told_chance(three, {"round": 1}, 2000, 0.8)
    assert told is not None and FAIR < told < 0.8  # early in the game a high report is drawn in
    assert told_chance(pyai.load_game("automania(players=4)"), {"round": 1}, 2000, 0.8) is None
    assert told_chance(pyai.load_game("forsale(players=4)"), {"phase": 1}, 2000, 0.8) is None  # ships no map
    for stage in "1234":  # every fit is of the game as it ships: another component set is another game
        assert all(f.game == "automania(players=3)" for f in chances.fitted if stage in f.slopes)
