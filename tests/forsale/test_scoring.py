"""Scoring: checks, cash, Controllers, Restoration Specialists, Financial Advisors, winners."""

import pyai

from scripting import first_fit_hands, game_at_selling, sell_for_checks

# No removal recorded: 24 of each deck are dealt. Seat 0 holds Controllers 10
# and 12; seat 1 Restoration Specialists 22 and 23; seat 2 Controller 11,
# Restoration Specialist 24 and Financial Advisor 25.
ADVISORS = first_fit_hands(3, {0: [10, 12], 1: [22, 23], 2: [11, 24, 25]}, {26, 27})
VEHICLES = {
    0: [1, 4, 7, 10, 13, 16, 19, 22],
    1: [2, 5, 8, 11, 14, 17, 20, 23],
    2: [3, 6, 9, 12, 15, 18, 21, 24],
}
CHECKS = {
    0: [0, 5, 7, 10, 13, 14, 15, 15],  # rulebook Controller example plus high checks
    1: [0, 2, 8, 12, 11, 11, 10, 13],  # rulebook Restoration example plus checks it cannot double
    2: [2, 9, 12, 14, 3, 3, 4, 4],  # Controller and Restoration Specialist compete
}


def finished_game():
    state = game_at_selling(3, ADVISORS, VEHICLES)
    sell_for_checks(state, CHECKS)
    assert state.is_terminal()
    return state


def test_hands_are_as_designed():
    state = finished_game()
    seats = state.to_dict()["seats"]
    assert {10, 12} <= set(seats[0]["advisors_played"])
    assert {22, 23} <= set(seats[1]["advisors_played"])
    assert {11, 24, 25} <= set(seats[2]["advisors_played"])
    scoring = set(range(10, 13)) | set(range(22, 28))
    assert set(seats[0]["advisors_played"]) & scoring == {10, 12}
    assert set(seats[1]["advisors_played"]) & scoring == {22, 23}
    assert [sorted(s["checks"]) for s in seats] == [sorted(c) for c in CHECKS.values()]


def test_controllers_each_lift_a_different_check():
    # Rulebook: checks 0, 5, 7, 10 and Controllers 10 and 12 gain 10 + 7 (or 12 + 5).
    breakdown = finished_game().score_breakdown()[0]
    assert breakdown["checks"] == sum(CHECKS[0])
    assert breakdown["modifiers"] == 17
    assert breakdown["financial"] == 0


def test_restoration_specialists_double_different_checks_worth_2_to_9():
    # Rulebook: checks 0, 2, 8, 12 and two Restoration Specialists gain 2 + 8.
    breakdown = finished_game().score_breakdown()[1]
    assert breakdown["modifiers"] == 10


def test_controller_and_restoration_specialist_take_the_best_assignment():
    # Controller 11 on the 2 (+9) and the Restoration Specialist on the 9
    # (+9) beat every other assignment, e.g. Controller on 3 (+8).
    state = finished_game()
    breakdown = state.score_breakdown()[2]
    assert breakdown["modifiers"] == 18
    cash = state.to_dict()["seats"][2]["cash"]
    assert breakdown["financial"] == cash  # one Financial Advisor: + cash x 1


def test_score_is_checks_plus_cash_plus_bonuses():
    state = finished_game()
    seats = state.to_dict()["seats"]
    for s, parts in enumerate(state.score_breakdown()):
        assert parts["cash"] == seats[s]["cash"]
        assert parts["total"] == parts["checks"] + parts["cash"] + parts["modifiers"] + parts["financial"]
        assert state.scores()[s] == parts["total"]


def expected_winners(scores, cash):
    best = max(zip(scores, cash))
    return [s for s in range(len(scores)) if (scores[s], cash[s]) == best]


def test_winner_is_the_highest_score():
    state = finished_game()
    cash = [s["cash"] for s in state.to_dict()["seats"]]
    assert state.winners() == expected_winners(state.scores(), cash)


def test_winners_follow_the_tie_breaks_in_random_games():
    # Ties on score, broken by cash, and full ties (shared wins) all occur in
    # random games; check every game against the rule and that the sample
    # exercised both tie paths.
    score_ties = shared = 0
    for seed in range(3000):
        state = pyai.load_game("forsale(players=6)").new_initial_state()
        chance = 0
        while not state.is_terminal():
            if state.to_move() == "chance":
                chance += 1
                state.apply(state.sample_chance(seed * 100 + chance))
            else:
                moves = state.legal_moves()
                state.apply(moves[(seed * 7919 + len(state.history()) * 104729) % len(moves)])
        scores = state.scores()
        cash = [s["cash"] for s in state.to_dict()["seats"]]
        assert state.winners() == expected_winners(scores, cash)
        top = [s for s in range(6) if scores[s] == max(scores)]
        score_ties += len(top) > 1
        shared += len(state.winners()) > 1
    assert score_ties > 0 and shared > 0


def test_financial_advisors_pay_cash_once_more_each():
    # Rulebook: with all three Financial Advisors each coin left counts 1 + 3 times.
    advisors = first_fit_hands(3, {2: [25, 26, 27]}, {28, 29, 30})
    state = game_at_selling(3, advisors, VEHICLES)
    sell_for_checks(state, CHECKS)
    cash = state.to_dict()["seats"][2]["cash"]
    assert cash > 0
    breakdown = state.score_breakdown()[2]
    assert breakdown["financial"] == 3 * cash
    assert breakdown["total"] == breakdown["checks"] + breakdown["modifiers"] + 4 * cash
