"""Automania's action phase, rule by rule: placing workers (bumping, never on
one's own, the corner), taking and placing tiles (machines, managers of each
type with office fees and upgrades, styling with its fees and upgrades, money
and VP tiles), sponsoring, withdrawing and the sales offices' bonuses."""

from __future__ import annotations

import pytest

import pyai

from .scenarios import new_game, next_round, others_withdraw, play, seat, withdraw_all


def workers(state: pyai.State) -> dict[str, tuple]:
    return {s["space"]: (s["seat"], s["workers"]) for s in state.to_dict()["action_spaces"] if s["seat"] is not None}


# ---------------------------------------------------------------- workers


def test_placing_on_an_occupied_space_takes_one_more_worker_and_sends_the_others_home():
    state = new_game()
    play(state, "place:R1", "tile:1", "discard", "market:EU", "ship:none", "contract:none")
    assert workers(state) == {"R1": (0, 1)} and seat(state, 0)["workers_home"] == 5
    play(state, "place:R1")  # seat 1: two workers; seat 0's one goes home
    assert workers(state) == {"R1": (1, 2)}
    assert seat(state, 0)["workers_home"] == 6 and seat(state, 1)["workers_home"] == 4
    play(state, "tile:2", "discard", "market:EU", "ship:none", "contract:none")
    play(state, "place:R1")  # seat 2: three workers; seat 1's two go home
    assert workers(state) == {"R1": (2, 3)} and seat(state, 1)["workers_home"] == 6


def test_a_seat_never_places_on_its_own_workers():
    state = new_game()
    play(state, "place:C1", "tile:1", "discard", "draw:1", "reveal:4")  # seat 0 on C1
    others_withdraw(state)
    assert state.to_move() == 0 and "place:C1" not in state.legal_moves()
    with pytest.raises(pyai.IllegalMoveError, match="column 1 holds seat 0's own workers"):
        state.apply("place:C1")


def test_a_space_takes_as_many_workers_as_the_seat_has_at_home():
    state = new_game(players=2)
    play(state, "place:R1", "tile:1", "discard", "market:EU", "ship:none", "contract:none")  # seat 0: 1 on R1
    play(state, "sponsor:5", "place:C1", "tile:2", "discard", "draw:1", "reveal:4")  # seat 1: none left at home
    play(state, "place:C2", "tile:1", "discard", "market:EU", "ship:none", "contract:none")  # seat 0
    assert seat(state, 1)["workers_home"] == 0 and state.legal_moves() == ["withdraw"]
    play(state, "withdraw", "office:5")  # seat 1 is out of the round; seat 0 plays on
    play(state, "sponsor:3")  # seat 0 keeps one worker: C1 holds one, so it would take two
    with pytest.raises(pyai.IllegalMoveError, match="column 1 holds 1 worker: it takes 2, and 1 is at home"):
        state.apply("place:C1")


def test_an_empty_row_or_column_cannot_be_chosen():
    state = new_game()
    # Seat 0 empties row 1 through the columns while the others withdraw.
    play(state, "place:C1", "tile:1", "discard", "draw:1", "reveal:4")
    others_withdraw(state)
    play(state, "place:C2", "tile:1", "discard", "market:EU", "ship:none", "contract:none")
    play(state, "place:C3", "tile:1", "discard", "market:EU", "ship:none", "contract:none")
    play(state, "place:C4", "tile:1", "discard", "market:EU", "ship:none", "contract:none")
    assert state.to_dict()["grid"][0] == [None, None, None, None]
    assert "place:R1" not in state.legal_moves()
    with pytest.raises(pyai.IllegalMoveError, match="row 1 has no tile left"):
        state.apply("place:R1")


def test_the_corner_produces_at_once_any_car_at_its_cost_and_can_be_bumped():
    state = new_game()
    grid = state.to_dict()["grid"]
    assert state.legal_moves()[-4:] == ["corner:city", "corner:family", "corner:super", "withdraw"]
    play(state, "corner:super")  # no tile is taken: straight to the car
    assert state.to_dict()["grid"] == grid and seat(state, 0)["money"] == 6 - 3
    assert state.legal_moves() == ["market:NA", "market:EU"]
    play(state, "market:NA", "ship:none", "contract:none")
    play(state, "corner:city")  # seat 1 bumps seat 0 with two workers
    assert workers(state) == {"corner": (1, 2)} and seat(state, 0)["workers_home"] == 6


def test_a_production_needs_the_money_for_its_car_and_sponsoring_first_can_pay_for_it():
    state = new_game()
    play(state, "corner:super", "market:NA", "ship:none", "contract:none")  # seat 0: $6 - $3
    others_withdraw(state)
    play(state, "place:R3", "tile:1", "discard", "market:NA", "ship:none", "contract:none")  # - $3
    others_withdraw(state)
    assert seat(state, 0)["money"] == 0
    legal = state.legal_moves()
    assert not [t for t in legal if t.startswith(("corner:", "place:R1", "place:R2", "place:C2", "place:C3"))]
    assert "place:R4" in legal and "place:C1" in legal  # contract spaces cost nothing
    with pytest.raises(pyai.IllegalMoveError, match=r"row 1 produces a city car for \$1, and the money on hand is \$0"):
        state.apply("place:R1")
    play(state, "sponsor:1")  # $1 a worker
    assert seat(state, 0)["money"] == 1 and "place:R1" in state.legal_moves()


def test_sponsoring_comes_once_before_the_action_and_leaves_an_action_possible():
    state = new_game()
    assert [t for t in state.legal_moves() if t.startswith("sponsor:")] == [f"sponsor:{k}" for k in range(1, 6)]
    play(state, "sponsor:2")
    assert seat(state, 0)["money"] == 8 and seat(state, 0)["on_sponsor"] == 2 and seat(state, 0)["workers_home"] == 4
    assert not [t for t in state.legal_moves() if t.startswith("sponsor:")]
    with pytest.raises(
        pyai.IllegalMoveError, match=r"sponsoring is done already this turn \(once, before the action\)"
    ):
        state.apply("sponsor:1")


# ---------------------------------------------------------------- withdrawing


def test_withdrawing_sponsors_every_worker_left_then_takes_a_free_sales_office():
    state = new_game()
    play(state, "place:R4", "tile:1", "draw:1")  # seat 0: the 1 VP tile, then contract 1 from the display
    play(state, "reveal:4")
    play(state, "withdraw")  # seat 1: six workers sponsor $6
    assert seat(state, 1)["money"] == 7 + 6 and seat(state, 1)["withdrawn"]
    assert state.legal_moves() == [f"office:{n}" for n in range(1, 6)]
    play(state, "office:3")  # + $2
    assert seat(state, 1)["money"] == 15 and seat(state, 1)["sales_office"] == 3 and seat(state, 1)["sales_limit"] == 2
    play(state, "withdraw", "office:4")  # seat 2: + $6, + 1 VP
    assert seat(state, 2)["money"] == 14 and seat(state, 2)["vp"] == 3 + 1
    play(state, "withdraw")  # seat 0: five workers left
    assert seat(state, 0)["money"] == 6 + 5
    assert "office:3" not in state.legal_moves() and "office:4" not in state.legal_moves()
    with pytest.raises(pyai.IllegalMoveError, match="sales office 3 is taken"):
        state.apply("office:3")


def test_a_sales_office_tile_is_its_bonus():
    state = new_game()
    play(state, "withdraw", "office:1")  # the speed machine below office 1
    assert state.to_move() == 0 and state.legal_moves()[0] == "put:station,1"
    play(state, "put:station,3")
    assert seat(state, 0)["stations"][2] == "A2"
    play(state, "withdraw", "office:2")  # a research manager: an office fee, no car to pay for
    assert state.legal_moves() == ["put:office,1", "put:office,2", "put:office,3", "put:office,4", "discard"]
    play(state, "put:office,4")
    assert seat(state, 1)["offices"][3] == "A22" and seat(state, 1)["money"] == 7 + 6 - 4


# ---------------------------------------------------------------- tiles


def test_money_and_vp_tiles_are_their_bonus_at_once():
    state = new_game()
    play(state, "place:R3", "tile:4")  # $2: no placement, straight to the super car ($3)
    assert seat(state, 0)["money"] == 6 + 2 - 3 and state.legal_moves() == ["market:NA", "market:EU"]
    play(state, "market:NA", "ship:none", "contract:none")
    play(state, "place:R4", "tile:1")  # seat 1: 1 VP, straight to the draw
    assert seat(state, 1)["vp"] == 2 + 1 and seat(state, 1)["vp_from"]["tiles"] == 1
    assert state.to_dict()["step"] == "draw" and state.to_dict()["tiles_removed"] == 2


def test_a_tile_goes_where_its_kind_goes_or_is_discarded():
    state = new_game()
    play(state, "place:C4", "tile:1")  # A27, a spoiler
    assert state.legal_moves() == ["put:styling,city", "put:styling,family", "put:styling,super", "discard"]
    with pytest.raises(pyai.IllegalMoveError, match=r"A27 \(a spoiler styling tile\) goes above a car type's line"):
        state.apply("put:station,1")
    play(state, "discard")
    assert seat(state, 0)["styling"] == {"city": [], "family": [], "super": []}


def test_a_machine_goes_on_any_station_and_replaces_a_machine():
    state = new_game()
    play(state, "place:R1", "tile:1")
    assert state.legal_moves() == [f"put:station,{n}" for n in range(1, 7)] + ["discard"]
    with pytest.raises(pyai.IllegalMoveError, match="the factory has stations 1-6"):
        state.apply("put:station,7")
    play(state, "put:station,2", "market:EU", "ship:none", "contract:none")
    others_withdraw(state)
    play(state, "place:C2", "tile:1", "put:station,2")  # A3 replaces A1, which leaves the game
    assert seat(state, 0)["stations"] == [None, "A3", None, None, None, None]
    assert state.to_dict()["tiles_removed"] == 1


def test_managers_pay_their_office_fee_and_only_the_same_type_replaces_one_free():
    state = new_game()
    play(state, "sponsor:3", "place:R1", "tile:3")  # A21, a research manager; $9
    assert state.legal_moves() == [f"put:office,{n}" for n in range(1, 5)] + ["discard"]
    play(state, "put:office,4", "market:EU", "ship:1", "contract:none")  # $4 fee, $1 city car (1 star)
    assert seat(state, 0)["money"] == 9 - 4 - 1 and seat(state, 0)["offices"] == [None, None, None, "A21"]
    others_withdraw(state)
    play(state, "place:R2", "tile:4")  # A23, a marketing manager: not over the research manager
    assert state.legal_moves() == ["put:office,1", "put:office,2", "discard"]  # $4: a fee must leave $2
    with pytest.raises(pyai.IllegalMoveError, match=r"office 4 holds A21 \(a research manager\): only a manager"):
        state.apply("put:office,4")
    play(state, "discard", "market:EU", "ship:none", "contract:none")  # level 1, its own city car's: none lower
    play(state, "withdraw", "office:2")  # A22, the other research manager, upgrades A21 without a fee
    money = seat(state, 0)["money"]
    play(state, "put:office,4")
    assert seat(state, 0)["offices"][3] == "A22" and seat(state, 0)["money"] == money


def test_an_office_fee_must_leave_the_money_for_the_car():
    state = new_game()
    play(state, "place:R1", "tile:3")  # $6: office 4 ($4) + city ($1) fits, office 4 then a $2 family would not
    assert "put:office,4" in state.legal_moves()
    state = new_game()
    play(state, "place:R2", "tile:4")  # A23 for a family car ($2): offices 1-4 cost $1-$4, $6 in hand
    assert state.legal_moves() == ["put:office,1", "put:office,2", "put:office,3", "put:office,4", "discard"]
    state = new_game()
    play(state, "sponsor:5", "place:R3", "tile:1")  # $11; A24 (general manager); a super car costs $3
    play(state, "put:office,4", "market:NA", "ship:none", "contract:none")
    assert seat(state, 0)["money"] == 11 - 4 - 3
    others_withdraw(state)
    state.apply("withdraw")
    assert seat(state, 0)["money"] == 4  # no worker was left to sponsor
    state = new_game()
    play(state, "place:C4", "tile:2")  # A23: $6, a super car $3: offices 1-3 fit, office 4 does not
    assert state.legal_moves() == ["put:office,1", "put:office,2", "put:office,3", "discard"]
    with pytest.raises(
        pyai.IllegalMoveError, match=r"that costs \$4, and the money on hand is \$6, \$3 of it needed for the car"
    ):
        state.apply("put:office,4")


def test_a_research_manager_adds_its_stars_to_every_car():
    state = new_game()
    play(state, "place:R1", "tile:3", "put:office,1", "market:EU")  # no machine, no styling: 1 star
    assert state.to_dict()["action"]["stars"] == 1
    play(state, "ship:1", "contract:none")
    others_withdraw(state)
    play(state, "corner:family", "market:NA")
    assert state.to_dict()["action"]["stars"] == 1


def test_a_marketing_manager_sells_one_car_more():
    state = new_game()
    play(state, "place:R2", "tile:4", "put:office,1", "market:EU", "ship:none", "contract:none")
    others_withdraw(state)
    play(state, "withdraw", "office:3")
    assert seat(state, 0)["sales_limit"] == 2 + 1


def test_a_general_manager_adds_a_dollar_to_every_sponsoring_worker():
    state = new_game()
    play(state, "sponsor:1", "place:R3", "tile:1", "put:office,1")  # $7 - $1 fee
    play(state, "market:NA", "ship:none", "contract:none")  # - $3
    assert seat(state, 0)["money"] == 3
    others_withdraw(state)
    play(state, "sponsor:2")  # $2 a worker now
    assert seat(state, 0)["money"] == 3 + 4
    play(state, "place:R4", "tile:1", "draw:1", "reveal:4")
    play(state, "withdraw")  # the one worker left: $2
    assert seat(state, 0)["money"] == 7 + 2


def test_a_staff_manager_brings_its_neutral_workers_at_once_and_every_round():
    state = new_game()
    play(state, "place:C2", "tile:3", "put:office,1")  # A25: 1 neutral worker
    assert (seat(state, 0)["workers"], seat(state, 0)["workers_home"], seat(state, 0)["neutral_workers"]) == (7, 6, 1)
    play(state, "market:EU", "ship:none", "contract:none")
    withdraw_all(state, {0: 5, 1: 4, 2: 3})
    next_round(state)
    assert (seat(state, 0)["workers"], seat(state, 0)["workers_home"]) == (7, 7)
    assert (seat(state, 1)["workers"], seat(state, 1)["workers_home"]) == (6, 6)


def test_styling_costs_nothing_then_one_then_two_dollars_and_never_repeats_a_part_on_a_car():
    # R1: spoiler, rims, stripes, chrome; column 1 also the 2-star spoiler.
    grid = "A27,A28,A29,A30,A31,A5,A6,A7,A32,A9,A10,A11,A12,A13,A14,A15,A2,A22"
    state = new_game(grid=grid)
    play(state, "sponsor:1", "place:C2", "tile:1", "put:styling,city")  # rims, the 1st: free; the city car $1
    assert seat(state, 0)["money"] == 7 - 1 and seat(state, 0)["styling"]["city"] == ["A28"]
    play(state, "market:EU", "ship:1", "contract:none")  # 1 star
    others_withdraw(state)
    play(state, "place:C3", "tile:1", "put:styling,city")  # stripes, the 2nd: $1; the family car $2
    assert seat(state, 0)["money"] == 6 - 1 - 2
    play(state, "market:EU", "ship:none", "contract:none")
    play(state, "place:R1", "tile:4")  # chrome, the 3rd: $2, and $1 left for the city car
    assert "put:styling,city" in state.legal_moves()
    play(state, "put:styling,city")
    assert seat(state, 0)["money"] == 3 - 2 - 1 and seat(state, 0)["styling"]["city"] == ["A28", "A29", "A30"]
    play(state, "market:EU")
    assert state.to_dict()["action"]["stars"] == 3
    play(state, "ship:3", "contract:none")
    play(state, "place:C1", "tile:1")  # the spoiler: a 4th part on the city car is refused
    assert state.legal_moves() == ["put:styling,family", "put:styling,super", "discard"]
    with pytest.raises(pyai.IllegalMoveError, match="the city car has 3 styling tiles already"):
        state.apply("put:styling,city")


def test_a_styling_tile_showing_a_part_the_car_has_replaces_it_free():
    grid = "A27,A28,A29,A30,A31,A5,A6,A7,A32,A9,A10,A11,A12,A13,A14,A15,A2,A22"
    state = new_game(grid=grid)
    play(state, "place:C1", "tile:1", "put:styling,family", "draw:1", "reveal:4")  # A27 spoiler: free
    others_withdraw(state)
    play(state, "place:R2", "tile:1", "put:styling,family")  # A31 spoiler 2 stars: replaces A27, free
    assert seat(state, 0)["styling"]["family"] == ["A31"] and seat(state, 0)["money"] == 6 - 2
    assert state.to_dict()["tiles_removed"] == 1
    play(state, "market:EU")
    assert state.to_dict()["action"]["stars"] == 2
