"""Phase 3, selling vehicles: simultaneous sells, Lawyers, Mechanics, the end."""

import pytest

import pyai

from scripting import first_fit_hands, game_at_selling, play, seat, sell_round

# Seat 0: Mechanics 7 and 9, Lawyer 19; seat 1: Lawyer 20; seat 2: Mechanic 8 and Lawyer 21.
ADVISORS = first_fit_hands(3, {0: [7, 9, 19], 1: [20], 2: [8, 21]}, set())
VEHICLES = {
    0: [1, 4, 7, 10, 13, 16, 19, 23],
    1: [2, 5, 8, 11, 15, 17, 20, 24],
    2: [3, 6, 9, 12, 14, 18, 21, 22],
}


@pytest.fixture
def selling():
    return game_at_selling(3, ADVISORS, VEHICLES)


def checks(state, s):
    return seat(state, s)["checks"]


def test_rulebook_selling_example(selling):
    # Checks 13, 7 and 0. Becky (1) sells 15, Isaac (0) 23, Chloe (2) 14.
    # Chloe sold lowest and uses her Mechanic: she takes the 7, Becky the 0.
    sell_round(selling, [0, 7, 13], {0: "sell:23", 1: "sell:15", 2: "sell:14"})
    assert selling.to_move() == 2
    assert selling.legal_moves() == ["mech:use", "mech:skip"]
    play(selling, "mech:use")
    assert [checks(selling, s) for s in range(3)] == [[13], [0], [7]]
    assert seat(selling, 2)["advisors_spent"] == [8]
    assert 14 not in seat(selling, 2)["vehicles"] and 23 not in seat(selling, 0)["vehicles"]
    assert selling.to_move() == "chance"


def test_rulebook_mechanic_example(selling):
    # Checks 15, 10 and 4: seat 0 sells 1 against 24 and 22; with its Mechanic
    # it takes the 10 and the seller of 22 gets the 4.
    sell_round(selling, [4, 10, 15], {0: "sell:1", 1: "sell:24", 2: "sell:22"})
    play(selling, "mech:use")
    assert [checks(selling, s) for s in range(3)] == [[10], [15], [4]]


def test_mechanic_skipped_keeps_the_plain_ranking_and_the_mechanic(selling):
    sell_round(selling, [4, 10, 15], {0: "sell:1", 1: "sell:24", 2: "sell:22"})
    play(selling, "mech:skip")
    assert [checks(selling, s) for s in range(3)] == [[4], [15], [10]]
    assert seat(selling, 0)["advisors_spent"] == []
    # still unused: asked again next time seat 0 sells lowest
    sell_round(selling, [2, 3, 5], {0: "sell:4", 1: "sell:20", 2: "sell:21"})
    assert selling.to_move() == 0 and selling.legal_moves() == ["mech:use", "mech:skip"]


def test_mechanic_is_asked_even_when_the_swap_changes_nothing(selling):
    sell_round(selling, [0, 0, 9], {0: "sell:1", 1: "sell:24", 2: "sell:22"})
    assert selling.to_move() == 0
    play(selling, "mech:use")
    assert checks(selling, 0) == [0] and seat(selling, 0)["advisors_spent"] == [7]


def test_used_mechanics_are_gone_lowest_first(selling):
    assert ADVISORS[0][:4] == [1, 4, 7, 9]
    sell_round(selling, [4, 10, 15], {0: "sell:1", 1: "sell:24", 2: "sell:22"})
    play(selling, "mech:use")
    assert seat(selling, 0)["advisors_spent"] == [7]
    sell_round(selling, [2, 3, 5], {0: "sell:4", 1: "sell:20", 2: "sell:21"})
    play(selling, "mech:use")  # Mechanic 9 is still unused
    assert seat(selling, 0)["advisors_spent"] == [7, 9]
    sell_round(selling, [5, 6, 7], {0: "sell:7", 1: "sell:17", 2: "sell:18"})
    assert selling.to_move() == "chance"  # seat 0 sold lowest but has no Mechanic left
    assert checks(selling, 0) == [3, 5, 10]


def test_no_mechanic_question_for_a_lowest_seller_without_one(selling):
    sell_round(selling, [4, 10, 15], {0: "sell:23", 1: "sell:2", 2: "sell:22"})
    assert selling.to_move() == "chance"
    assert [checks(selling, s) for s in range(3)] == [[15], [4], [10]]


def test_sells_are_made_in_seat_order_and_wrong_sells_are_refused(selling):
    play(selling, "deal:4,10,15")
    assert selling.to_move() == 0
    with pytest.raises(pyai.IllegalMoveError, match=r"vehicle 2 is not in hand \(legal:"):
        selling.apply("sell:2")
    with pytest.raises(pyai.IllegalMoveError, match=r"vehicle 0 is not in hand \(legal:"):
        selling.apply("sell:0")
    with pytest.raises(pyai.IllegalMoveError, match="the two vehicles must differ"):
        selling.apply("sell:4,4")
    with pytest.raises(pyai.IllegalMoveError, match="advisor 20 is not an unused Lawyer among the advisors played"):
        selling.apply("sell:1,4@20")
    with pytest.raises(pyai.TokenSyntaxError):
        selling.apply("sell:1@19")
    play(selling, "sell:1")
    assert selling.to_move() == 1


def test_lawyer_sells_two_and_takes_one_back(selling):
    play(selling, "deal:4,10,15")
    legal = selling.legal_moves()
    assert "sell:1,23" in legal and "sell:1" in legal
    assert len(legal) == 8 + 28  # 8 single sells + one pair per two vehicles with one Lawyer
    assert selling.apply("sell:23,1") == "sell:1,23"  # harmless variant, canonical record
    play(selling, "sell:2", "sell:3")
    assert selling.to_move() == 0
    assert selling.legal_moves() == ["keep:1", "keep:23"]
    with pytest.raises(
        pyai.IllegalMoveError, match=r"keep must name one of the two vehicles sold with the Lawyer \(1 or 23\)"
    ):
        selling.apply("keep:4")
    play(selling, "keep:1")  # sells 23 and keeps 1
    assert checks(selling, 0) == [15]
    assert 1 in seat(selling, 0)["vehicles"] and 23 not in seat(selling, 0)["vehicles"]
    assert seat(selling, 0)["advisors_spent"] == [19]
    assert [len(seat(selling, s)["vehicles"]) for s in range(3)] == [7, 7, 7]
    # the Lawyer is spent: no more pair sells for seat 0
    play(selling, "deal:2,3,5")
    assert all("," not in move for move in selling.legal_moves())


def test_two_lawyers_take_back_lowest_lawyer_first(selling):
    play(selling, "deal:4,10,15", "sell:1", "sell:2,24", "sell:3,22")
    # seat 1 used Lawyer 20, seat 2 Lawyer 21: seat 1 decides first
    assert selling.to_move() == 1
    play(selling, "keep:2")  # seat 1 sells 24
    assert selling.to_move() == 2
    play(selling, "keep:22")  # seat 2 sells 3; seat 0 sold 1 and is lowest
    assert selling.to_move() == 0
    assert selling.legal_moves() == ["mech:use", "mech:skip"]
    play(selling, "mech:skip")
    assert [checks(selling, s) for s in range(3)] == [[4], [15], [10]]


def test_lawyer_and_mechanic_in_one_round(selling):
    # Seat 2 sells 3 and 22 with its Lawyer and keeps the 22: its 3 is the
    # lowest, and it decides on its Mechanic after the take-back.
    play(selling, "deal:4,10,15", "sell:23", "sell:24", "sell:3,22@21")
    assert selling.to_move() == 2 and selling.legal_moves() == ["keep:3", "keep:22"]
    play(selling, "keep:22")
    assert selling.to_move() == 2 and selling.legal_moves() == ["mech:use", "mech:skip"]
    play(selling, "mech:use")
    assert checks(selling, 2) == [10] and checks(selling, 0) == [4] and checks(selling, 1) == [15]
    assert sorted(seat(selling, 2)["advisors_spent"]) == [8, 21]


def test_lawyer_needs_two_vehicles():
    state = game_at_selling(3, ADVISORS, VEHICLES)
    for round_index in range(7):  # sell down to one vehicle each, lowest first
        play(state, f"deal:{2 + round_index},{2 + round_index},{15 - round_index}")
        for s in range(3):
            play(state, f"sell:{min(seat(state, s)['vehicles'])}")
        while state.to_move() not in ("chance", "over"):
            play(state, "mech:skip")
    play(state, "deal:0,0,15")
    assert state.legal_moves() == [f"sell:{seat(state, 0)['vehicles'][0]}"]


def test_the_game_ends_when_all_vehicles_are_sold():
    state = game_at_selling(3, ADVISORS, VEHICLES)
    rng_checks = [
        [0, 2, 3],
        [3, 4, 5],
        [5, 6, 7],
        [7, 8, 9],
        [9, 10, 11],
        [11, 12, 13],
        [13, 14, 14],
        [15, 15, 2],
    ]
    for deal in rng_checks:
        assert not state.is_terminal()
        sell_round(state, deal, {s: f"sell:{max(seat(state, s)['vehicles'])}" for s in range(3)})
        while state.to_move() not in ("chance", "over"):
            play(state, "mech:skip")
    assert state.is_terminal() and state.to_move() == "over"
    assert state.legal_moves() == []
    totals = [sum(seat(state, s)["checks"]) for s in range(3)]
    breakdown = state.score_breakdown()
    assert [b["checks"] for b in breakdown] == totals
    assert state.scores() == [b["total"] for b in breakdown]
    with pytest.raises(pyai.IllegalMoveError, match="the game is over"):
        state.apply("pass")
