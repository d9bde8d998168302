"""Phase 1, hiring advisors: bids, passes, refunds, Sales Associates, Consultants."""

import pytest

import pyai

from scripting import cash, play, seat


def new(players=3, first=0):
    return pyai.load_game(f"forsale(players={players},first={first})").new_initial_state()


def test_rulebook_auction_example():
    # Isaac (0) bids 3, Becky (1) bids 4, Chloe (2) passes and takes the
    # Mechanic for free; Isaac passes, gets 1 of his 3 back and takes the
    # Controller; Becky pays her full 4 for the Fleet Manager.
    state = new()
    play(state, "deal:8,11,14", "bid:3", "bid:4", "pass", "pass")
    assert cash(state) == [28 - 2, 28 - 4, 28]
    assert [seat(state, s)["advisors_in_hand"] for s in range(3)] == [[11], [14], [8]]
    assert state.to_dict()["leader"] == 1  # Becky took the highest advisor and starts next
    assert state.to_move() == "chance"
    play(state, "deal:1,2,3")
    assert state.to_move() == 1


def test_refund_is_half_rounded_down():
    state = new(players=4)
    play(state, "deal:10,11,12,13", "bid:5", "pass", "pass", "bid:6")
    assert state.to_move() == 0
    play(state, "pass")  # bid 5: gets 2 back, pays 3
    assert cash(state)[0] == 28 - 3
    assert seat(state, 0)["advisors_in_hand"] == [12]


def test_turns_skip_passed_players_and_bids_must_rise():
    state = new(players=4)
    play(state, "deal:10,11,12,13", "bid:2", "pass", "bid:3")
    assert state.to_move() == 3
    assert state.legal_moves()[:3] == ["pass", "bid:4", "bid:5"]
    play(state, "bid:4")
    assert state.to_move() == 0  # seat 1 passed and is skipped
    play(state, "pass")
    assert state.to_move() == 2


def test_bids_are_capped_by_cash_and_pass_is_always_legal():
    state = new()
    play(state, "deal:10,11,12", "bid:28")
    assert state.legal_moves() == ["pass"]
    with pytest.raises(pyai.IllegalMoveError, match="a bid must exceed 28"):
        state.apply("bid:28")
    with pytest.raises(pyai.IllegalMoveError, match=r"a bid is at most the bidder's cash \(28\)"):
        state.apply("bid:29")


def test_everyone_passing_costs_nothing_and_the_last_takes_the_highest():
    state = new(first=1)
    play(state, "deal:20,21,22", "pass", "pass")
    assert cash(state) == [28, 28, 28]
    assert [seat(state, s)["advisors_in_hand"] for s in range(3)] == [[22], [20], [21]]
    assert state.to_dict()["leader"] == 0


def test_sales_associate_refunds_the_whole_bid_to_a_passer():
    state = new()
    play(state, "deal:2,11,14", "bid:6", "bid:7", "pass", "pass")
    # seat 2 passed first with no bid and took Sales Associate 2; seat 0 then
    # took Controller 11 paying 3 of its 6; seat 1 won and paid 7.
    assert cash(state) == [25, 21, 28]
    state = new()
    play(state, "deal:2,11,14", "bid:6", "pass")  # seat 1 takes SA 2 with no bid
    play(state, "bid:8", "pass")  # seat 0 passes with 6 standing: the lowest left is 11
    assert cash(state) == [25, 28, 20]
    state = new()
    play(state, "deal:2,3,14", "bid:6", "bid:7", "bid:8", "pass")
    # seat 0 passes with a standing 6 and takes Sales Associate 2: full refund
    assert cash(state)[0] == 28
    assert seat(state, 0)["advisors_in_hand"] == [2]


def test_sales_associate_won_as_the_highest_advisor_is_paid_in_full():
    state = new()
    play(state, "deal:1,2,3", "bid:5", "pass", "pass")
    assert seat(state, 0)["advisors_in_hand"] == [3]
    assert cash(state)[0] == 23


def test_consultant_collects_one_from_the_right():
    state = new()
    # seat 0 passes first and takes Consultant 4: seat 2 (to its right) pays 1.
    play(state, "deal:4,10,20", "pass")
    assert cash(state) == [29, 28, 27]


def test_consultant_winner_collects_from_the_right():
    state = new()
    play(state, "deal:1,2,5", "bid:3", "pass", "pass")
    assert seat(state, 0)["advisors_in_hand"] == [5]
    assert cash(state) == [28 - 3 + 1, 28, 27]


def test_consultant_does_not_take_cash_standing_in_a_bid():
    # Seat 1 takes Consultant 4 by passing; seat 0 (to its right) has all its
    # cash in a standing bid, so nothing is paid.
    state = new()
    play(state, "deal:4,10,20", "bid:28", "pass")
    assert seat(state, 1)["advisors_in_hand"] == [4]
    assert cash(state) == [28, 28, 28]
    # With one coin outside the bid, that coin is paid.
    state = new()
    play(state, "deal:4,10,20", "bid:27", "pass")
    assert cash(state) == [27, 29, 28]


def test_consultant_from_a_player_without_cash_pays_nothing():
    state = new()
    play(state, "deal:7,8,9", "bid:28", "pass", "pass")  # seat 0 spends everything
    assert cash(state) == [0, 28, 28]
    play(state, "deal:1,4,20", "pass")  # seat 0 takes Sales Associate 1
    play(state, "pass")  # seat 1 takes Consultant 4; seat 0 to its right has nothing
    assert cash(state) == [0, 28, 28]
    assert seat(state, 1)["advisors_in_hand"] == [4, 7]


def test_consultants_chain_in_one_round():
    state = new()
    play(state, "deal:1,2,3", "bid:28", "pass", "pass")
    play(state, "deal:4,5,6", "pass")  # seat 0 takes 4: seat 2 pays it 1
    assert cash(state) == [1, 28, 27]
    play(state, "pass")  # seat 1 takes 5: seat 0 pays its only coin; seat 2 wins 6: seat 1 pays
    assert cash(state) == [0, 28, 28]
    assert seat(state, 2)["advisors_in_hand"] == [2, 6]


def test_auction_ends_after_the_last_round_and_the_last_taker_leads_phase_two():
    state = new(players=5)
    rounds = [
        "deal:1,2,3,4,5",
        "deal:6,7,8,9,10",
        "deal:11,12,13,14,15",
        "deal:16,17,18,19,20",
        "deal:21,22,23,24,25",
        "deal:26,27,28,29,30",
    ]
    for deal in rounds:
        play(state, deal, "pass", "pass", "pass", "pass")
    d = state.to_dict()
    assert d["phase"] == "buying" and d["round"] == 0
    # all pass: each round's last seat (right of the leader) leads the next:
    # rounds led by 0,4,3,2,1,0 and the last one won by seat 4
    assert d["leader"] == 4
    play(state, "deal:1,2,3,4,5")
    assert state.to_move() == 4
    assert [len(s["advisors_in_hand"]) for s in d["seats"]] == [6] * 5
