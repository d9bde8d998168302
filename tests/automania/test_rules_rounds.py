"""Automania's sales phase, the new round and the end, rule by rule: cars
offered by popularity (North America first), sold to any free sales space or
kept, the sales limit over both markets, the topmost space's any number of
cars, the 2-player one-car-a-row rule; the demand tiles' move and who chooses
it; cars back from the sales spaces, new tiles, the order from the sales
offices; the final account (cars left on ships, silver medals, contracts, the
money ranking) and its ties."""

from __future__ import annotations

import pytest

import pyai

from .scenarios import finish_round, new_game, others_withdraw, play, seat, withdraw_all


def sales_moves(state: pyai.State) -> list[str]:
    return [t for t in state.legal_moves() if t.startswith("sell:")]


def three_cars_in_north_america() -> pyai.State:
    """Round 1, 3 players: seat 0's city car on NA level 4, seat 1's on 5, seat 2's on 3."""
    state = new_game()
    play(state, "place:R1", "tile:1", "put:station,1", "market:NA", "ship:4", "contract:S1")  # speed: 4 stars
    play(state, "corner:city", "market:NA", "marketing:5", "ship:5", "contract:none")  # 5 stars
    play(state, "place:C2", "tile:1", "put:station,1", "market:NA", "ship:3", "contract:none")  # 5: 5 and 4 taken
    return state


# ---------------------------------------------------------------- sales


def test_cars_are_offered_most_popular_first_and_sold_to_any_free_space_or_kept():
    game = pyai.load_game("automania(players=3)")
    state = three_cars_in_north_america()
    withdraw_all(state, {0: 3, 1: 4, 2: 5})
    offer = state.to_dict()["offer"]
    assert (offer["market"], offer["level"], state.to_move()) == ("NA", 5, 1)
    # the step as the table hears it names the car offered
    assert game.decision_words(state.view(1).to_dict()) == "sell or keep the city car (North America, level 5)"
    assert state.legal_moves() == [f"sell:{n}" for n in range(1, 8)] + ["keep"]
    money = seat(state, 1)["money"]
    play(state, "sell:7")  # the lowest row's $8
    assert seat(state, 1)["money"] == money + 8 and seat(state, 1)["sold_count"] == 1
    assert state.to_dict()["offer"]["level"] == 4 and state.to_move() == 0
    assert sales_moves(state) == [f"sell:{n}" for n in range(1, 7)]  # space 7 is taken
    with pytest.raises(pyai.IllegalMoveError, match="sales space 7 is taken this round"):
        state.apply("sell:7")
    play(state, "sell:2")
    assert state.to_dict()["offer"]["level"] == 3 and state.to_move() == 2
    play(state, "keep")  # the car stays on its ship
    assert state.to_dict()["step"] == "demand"
    na = state.to_dict()["markets"]["NA"]
    assert [s["level"] for s in na["ships"] if s["car"]] == [3]
    assert na["sales"][6]["car"] == {"seat": 1, "car": "city"} and na["sales"][1]["car"] == {"seat": 0, "car": "city"}
    assert seat(state, 1)["cars"]["city"] == 2 and seat(state, 1)["sold"]["city"] == 1


def test_the_sales_limit_counts_both_markets_together():
    state = three_cars_in_north_america()
    play(state, "place:C3", "tile:2", "discard", "market:EU", "marketing:2", "ship:2")  # seat 0: a family car in EU
    withdraw_all(state, {0: 1, 1: 4, 2: 5})  # office 1: seat 0 sells one car
    assert seat(state, 0)["sales_limit"] == 1
    play(state, "keep")  # seat 1's car
    assert state.to_move() == 0 and state.to_dict()["offer"]["level"] == 4
    play(state, "sell:3")  # seat 0's one sale
    play(state, "keep")  # seat 2's car on level 3
    # Seat 0's family car in Europe is not offered: its limit is used.
    assert state.to_dict()["step"] == "demand"
    assert [s["level"] for s in state.to_dict()["markets"]["EU"]["ships"] if s["car"]] == [2]


def test_a_marketing_manager_sells_one_car_beyond_the_sales_office():
    state = new_game()
    play(state, "place:R2", "tile:4", "put:office,1")  # A23, a marketing manager; the family car
    play(state, "market:EU", "marketing:1", "ship:1", "contract:none")
    others_withdraw(state)
    play(state, "place:R1", "tile:1", "put:station,1", "market:NA", "ship:4", "contract:S1")
    play(state, "withdraw", "office:1", "discard")  # office 1 sells 1 car; with the manager, 2
    assert seat(state, 0)["sales_limit"] == 2
    play(state, "sell:2")  # North America's car
    assert state.to_dict()["offer"] == {"market": "EU", "level": 1, "seat": 0}
    play(state, "sell:2")  # and Europe's
    assert seat(state, 0)["sold_count"] == 2 and state.to_dict()["step"] == "demand"


def test_the_topmost_space_takes_any_number_of_cars():
    state = three_cars_in_north_america()
    withdraw_all(state, {0: 3, 1: 4, 2: 5})
    play(state, "sell:1", "sell:1", "sell:1")  # $2 each
    top = state.to_dict()["markets"]["NA"]["sales"][0]
    assert top["sold_by_seat"] == [1, 1, 1]


def test_with_two_players_each_row_takes_one_car_a_round():
    state = new_game(players=2)
    play(state, "place:R1", "tile:1", "put:station,1", "market:NA", "ship:4", "contract:none")  # 4 stars
    play(state, "withdraw", "office:5")  # seat 1
    play(state, "place:C2", "tile:1", "discard", "market:NA", "ship:3", "contract:none")  # 4 stars, level 4 taken
    play(state, "corner:city", "market:NA", "ship:2", "contract:none")
    play(state, "withdraw", "office:4")
    assert state.to_dict()["offer"]["level"] == 4
    play(state, "sell:6")  # row 3
    assert sales_moves(state) == ["sell:1", "sell:2", "sell:3", "sell:4", "sell:5"]  # not space 7, also row 3
    with pytest.raises(pyai.IllegalMoveError, match=r"a car was sold to row 3 this round \(2 players: one car a row\)"):
        state.apply("sell:7")
    play(state, "sell:4")  # row 2
    assert sales_moves(state) == ["sell:1", "sell:2", "sell:3"]  # row 1, and the topmost space
    play(state, "sell:1")
    assert state.to_dict()["step"] == "demand"


def test_with_three_players_a_row_takes_a_car_a_space():
    state = three_cars_in_north_america()
    withdraw_all(state, {0: 3, 1: 4, 2: 5})
    play(state, "sell:6")
    assert "sell:7" in sales_moves(state)


# ---------------------------------------------------------------- new round


def test_the_seat_furthest_behind_moves_the_demand_tiles_both_markets_alike():
    state = new_game()
    withdraw_all(state, {0: 3, 1: 4, 2: 5})
    assert state.to_move() == 0 and state.legal_moves() == ["demand:left", "demand:right"]  # 1 VP: furthest behind
    left = play(state.clone(), "demand:left").to_dict()["markets"]
    # The left pending tiles enter at 4 stars; every active tile moves down;
    # the one pushed out goes to the other market's emptied pending space.
    assert (left["NA"]["demand"], left["NA"]["pending"]) == (["green", "speed", "speed"], ["green", "suitcase"])
    assert (left["EU"]["demand"], left["EU"]["pending"]) == (["power", "suitcase", "safety"], ["power", "safety"])
    right = play(state.clone(), "demand:right").to_dict()["markets"]
    assert (right["NA"]["demand"], right["NA"]["pending"]) == (["suitcase", "speed", "speed"], ["green", "green"])
    assert (right["EU"]["demand"], right["EU"]["pending"]) == (["safety", "suitcase", "safety"], ["power", "power"])


def test_the_setup_deals_the_demands_again_only_for_markets_identical_space_by_space():
    """Each market showing all five symbols, in other spaces, is a deal the table plays; the
    same symbol on every space of both is the rulebook's reshuffle."""
    state = pyai.load_game("automania(players=3)").new_initial_state()
    state.apply("order:0,1,2")
    state.apply("demands:speed,power,green,suitcase,safety/safety,suitcase,green,power,speed")
    assert state.to_dict()["markets"]["EU"]["demand"] == ["safety", "suitcase", "green"]
    again = pyai.load_game("automania(players=3)").new_initial_state()
    again.apply("order:0,1,2")
    with pytest.raises(pyai.IllegalMoveError, match="the two markets are identical, the same demand on each space"):
        again.apply("demands:speed,power,green,suitcase,safety/speed,power,green,suitcase,safety")
    assert again.to_dict()["step"] == "deal demands"
    dealt = {again.sample_chance(seed) for seed in range(300)}
    assert any(len(set(deal[8:].replace("/", ",").split(",")[:5])) == 5 for deal in dealt)  # all five in NA


def test_a_tie_for_furthest_behind_goes_to_the_lower_sales_office():
    state = new_game()
    withdraw_all(state, {0: 4, 1: 3, 2: 5})  # seat 0: 1 + 1 VP; seat 1: 2 VP; seat 2: 3 VP
    assert (seat(state, 0)["vp"], seat(state, 1)["vp"]) == (2, 2)
    assert state.to_move() == 1  # office 3 is lower than office 4


def test_a_new_round_returns_sold_cars_replaces_the_tiles_and_orders_by_sales_office():
    state = three_cars_in_north_america()
    withdraw_all(state, {0: 5, 1: 1, 2: 3})  # seat 1 takes office 1 and its tile (discarded)
    play(state, "sell:7", "sell:6", "keep")
    assert seat(state, 1)["cars"]["city"] == 2
    play(state, "demand:left")
    assert state.to_move() == "chance"
    tiles = state.sample_chance(3)
    assert tiles.startswith("tiles:A") and tiles.count(",") == 17
    play(state, tiles)
    data = state.to_dict()
    assert data["round"] == 2 and data["order"] == [1, 2, 0] and state.to_move() == 1
    assert seat(state, 1)["cars"]["city"] == 3 and seat(state, 0)["cars"]["city"] == 3  # back from the sales spaces
    assert [s["level"] for s in data["markets"]["NA"]["ships"] if s["car"]] == [3]  # kept cars stay
    assert all(s["car"] is None for s in data["markets"]["NA"]["sales"] if "car" in s)
    assert all(tile is not None for row in data["grid"] for tile in row)
    assert data["tiles_left"] == {"A": 0, "B": 36}
    assert data["tiles_removed"] == 14 + 2  # 2 of the 16 were taken; both office tiles were left
    assert [seat(state, n)["workers_home"] for n in range(3)] == [6, 6, 6]
    assert [seat(state, n)["sales_office"] for n in range(3)] == [None, None, None]
    assert not any(s["seat"] is not None for s in data["action_spaces"])


def test_rounds_three_and_four_deal_b_tiles():
    state = new_game()
    finish_round(state, {0: 3, 1: 4, 2: 5})
    finish_round(state, {0: 3, 1: 4, 2: 5})
    assert state.to_dict()["round"] == 3 and state.history()[-1].startswith("tiles:B")
    withdraw_all(state, {0: 3, 1: 4, 2: 5})
    play(state, "demand:left")
    with pytest.raises(pyai.IllegalMoveError, match="round 4 deals B tiles, not A1"):
        state.apply("tiles:A1" + ",B1" * 17)


# ---------------------------------------------------------------- the end


def test_final_scoring_money_ranking_and_its_ties_go_to_the_lower_sales_office():
    state = new_game()
    # Offices by round: office 3 pays $2, office 4 scores 1 VP; withdrawing pays $6 a round.
    for offices in ({0: 3, 1: 4, 2: 5}, {2: 3, 1: 4, 0: 5}, {1: 3, 2: 4, 0: 5}, {0: 3, 2: 4, 1: 5}):
        finish_round(state, offices)
    assert state.is_terminal()
    # Money: seat 0 6 + 24 + 4, seat 1 7 + 24 + 2, seat 2 8 + 24 + 2. Seats 0 and 2 tie at $34;
    # seat 0 chose the lower office in round 4 (3 against 4): 10 VP, seat 2 6, seat 1 3.
    assert [seat(state, n)["money"] for n in range(3)] == [34, 33, 34]
    assert [seat(state, n)["vp_from"]["money rank"] for n in range(3)] == [10, 3, 6]
    # VP: start 1/2/3, office 4 twice for seats 1 and 2: 11, 7, 11. The tie for the win
    # goes the same way: seat 0's lower sales office.
    assert state.scores() == [11, 7, 11]
    assert state.winners() == [0] and state.ranks() == [1.0, 3.0, 2.0]
    # the summary names each source that gave VP as a person names it, and leaves out the rest
    summary = pyai.load_game("automania(players=3)").final_summary(state, ["Ann", "Bob", "Cy"])
    assert summary[0] == "seat 0 (Ann): 11 VP  (start 1, money rank 10; money $34)"
    assert summary[1] == "seat 1 (Bob): 7 VP  (start 2, sales office 2, money rank 3; money $33)"


def test_two_players_rank_money_ten_and_six():
    state = new_game(players=2)
    for _ in range(4):
        finish_round(state, {0: 5, 1: 4})
    assert [seat(state, n)["money"] for n in range(2)] == [30, 31]
    assert [seat(state, n)["vp_from"]["money rank"] for n in range(2)] == [6, 10]


def test_cars_left_on_ships_silver_medals_and_contracts_score_at_the_end():
    grid = "A4,A3,A21,A27,A9,A5,A28,A23,A24,A25,A29,A33,A35,A13,A17,A31,A2,A22"  # A4: speed, a silver medal
    state = new_game(players=2, grid=grid)
    play(state, "place:R1", "tile:1", "put:station,1", "market:NA", "ship:4", "contract:S1")
    play(state, "withdraw", "office:5")
    play(state, "corner:city", "market:EU", "marketing:1", "ship:1")  # no card left: no contract step
    play(state, "withdraw", "office:4")
    for _ in range(4):
        finish_round(state, {0: 4, 1: 5})  # every car offered stays on its ship
    parts = state.score_breakdown()[0]
    assert (parts["cars left"], parts["silver"], parts["contracts"]) == (1, 1, 1)  # EU car, A4, S1
    before = state.history()
    money_before_end = pyai.load_game("automania(players=2)").replay(before[:-1]).to_dict()["seats"][0]["money"]
    assert parts["money"] == money_before_end + 1  # the NA car sold for $1
    assert sum(v for k, v in parts.items() if k not in ("total", "money")) == parts["total"] == state.scores()[0]
