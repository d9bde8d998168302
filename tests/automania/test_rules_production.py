"""Automania's productions and contracts, rule by rule: a car's popularity
(demands met, double demands, stars on machines, managers and styling,
marketing workers), its ship space (the matching level, a lower free one,
gold medals), taking a car back, top cars, contracts (the starting one pays
$3, one a car, every requirement) and drawing them (the display, the deck's
unseen top card, 1 VP once none is left)."""

from __future__ import annotations

from pathlib import Path

import pytest

import pyai
from pyai.automania import component_file

from .scenarios import DEMANDS, new_game, others_withdraw, play, seat


def stars(state: pyai.State) -> int:
    return state.to_dict()["action"]["stars"]


def ships(state: pyai.State, market: str) -> dict[int, tuple]:
    return {
        s["level"]: (s["car"]["seat"], s["car"]["car"])
        for s in state.to_dict()["markets"][market]["ships"]
        if s["car"] is not None
    }


# ---------------------------------------------------------------- popularity


def test_a_demand_met_counts_its_stars_and_a_double_demand_needs_two_machines():
    # North America wants speed (4 stars), speed (3) and power (2); Europe suitcase, safety, green.
    state = new_game()
    play(state, "place:R1", "tile:1", "put:station,1", "market:NA")  # one speed machine on the city line
    assert stars(state) == 4  # one machine meets one of the two speed demands: the higher
    play(state, "ship:4", "contract:none")
    others_withdraw(state)
    play(state, "place:C2", "tile:1", "put:station,2")  # A3: a second speed machine, 1 star
    trial = state.clone()
    play(trial, "market:EU")
    assert stars(trial) == 1  # Europe wants no speed: only the machine's star
    play(state, "market:NA")
    assert stars(state) == 4 + 3 + 1  # both speed demands, and the star


def test_only_the_machines_on_the_cars_line_count():
    # Stations: city 1-2, family 2-3-4, super 1-4-5-6.
    state = new_game()
    play(state, "place:R1", "tile:1", "put:station,3", "market:NA")  # speed on station 3: not the city's line
    assert stars(state) == 0
    play(state, "ship:none", "contract:none")
    others_withdraw(state)
    play(state, "corner:family", "market:NA")  # station 3 is on the family line
    assert stars(state) == 4


def test_marketing_workers_add_a_star_each_once_a_car():
    state = new_game()
    play(state, "place:R1", "tile:1", "put:station,1", "market:NA")
    assert [t for t in state.legal_moves() if t.startswith("marketing:")] == [f"marketing:{k}" for k in range(1, 6)]
    play(state, "marketing:3")
    assert stars(state) == 7 and seat(state, 0)["on_marketing"] == 3 and seat(state, 0)["workers_home"] == 2
    assert not [t for t in state.legal_moves() if t.startswith("marketing:")]
    with pytest.raises(pyai.IllegalMoveError, match="marketing workers for this car are placed already"):
        state.apply("marketing:1")
    assert "ship:7" in state.legal_moves()


# ---------------------------------------------------------------- ships


def test_a_car_goes_on_its_matching_level_or_a_free_lower_one_and_a_gold_medal_scores():
    state = new_game()
    play(state, "place:R1", "tile:1", "put:station,1", "market:NA", "marketing:3")  # 7 stars
    assert state.legal_moves()[-1:] == ["ship:7"]  # the matching level is free: only it
    with pytest.raises(pyai.IllegalMoveError, match="the car has 7 stars: it goes on the ship space of the highest"):
        state.apply("ship:6")
    with pytest.raises(pyai.IllegalMoveError, match=r"on a free lower one \(level 7 is free\)"):
        state.apply("ship:6")
    with pytest.raises(pyai.IllegalMoveError, match=r"on a free lower one \(level 8 is above them\)"):
        state.apply("ship:8")
    play(state, "ship:7")  # the third ship: a gold medal of 1 VP
    assert seat(state, 0)["vp"] == 1 + 1 and seat(state, 0)["vp_from"]["medals"] == 1
    play(state, "contract:none")
    play(state, "corner:city", "market:NA", "marketing:5", "ship:5", "contract:none")  # seat 1: 5 stars
    play(state, "place:C2", "tile:1", "discard", "market:NA", "marketing:5")  # seat 2: 5 stars, level 5 taken
    shipping = [t for t in state.legal_moves() if t.startswith(("ship:", "takeback:"))]
    assert shipping == [f"ship:{n}" for n in range(1, 5)]  # no take-back: the car there is seat 1's
    with pytest.raises(pyai.IllegalMoveError, match=r"on a free lower one \(level 5 holds seat 1's car\)"):
        state.apply("ship:5")
    play(state, "ship:3")
    assert ships(state, "NA") == {7: (0, "city"), 5: (1, "city"), 3: (2, "city")}


def test_no_ship_space_for_the_car_still_costs_its_production():
    state = new_game()
    play(state, "corner:super", "market:NA")  # no machine: 0 stars, below every level
    assert state.legal_moves() == [f"marketing:{k}" for k in range(1, 6)] + ["ship:none"]
    play(state, "ship:none")
    assert seat(state, 0)["money"] == 3 and seat(state, 0)["cars"]["super"] == 2


def test_a_car_may_be_taken_back_to_free_its_ships_level():
    state = new_game()
    play(state, "place:R1", "tile:1", "put:station,1", "market:NA", "ship:4", "contract:none")
    others_withdraw(state)
    play(state, "place:C2", "tile:2", "discard", "market:NA")  # 4 stars again: level 4 holds its own car
    legal = state.legal_moves()
    assert "takeback:NA,4" in legal and "ship:4" not in legal and "ship:3" in legal
    play(state, "takeback:NA,4")
    assert seat(state, 0)["cars"]["city"] == 3 and state.legal_moves()[-1] == "ship:4"
    play(state, "ship:4")
    assert ships(state, "NA") == {4: (0, "city")}


def test_with_no_car_of_the_type_left_one_may_be_taken_back_from_a_ship():
    state = new_game()
    play(state, "sponsor:2", "place:R1", "tile:3", "put:office,1")  # research: every car 1 star
    play(state, "market:EU", "ship:1", "contract:none")
    others_withdraw(state)
    play(state, "place:R2", "tile:1", "put:station,3", "market:NA", "ship:3", "contract:none")  # power 2 + 1
    play(state, "place:C3", "tile:2", "discard", "market:NA", "ship:2", "contract:none")  # level 3 taken
    assert seat(state, 0)["cars"]["family"] == 0
    play(state, "corner:family", "market:NA")
    legal = state.legal_moves()
    assert not [t for t in legal if t.startswith("ship:") and t != "ship:none"]  # no family car to ship
    assert "takeback:NA,2" in legal and "takeback:NA,3" in legal and "takeback:EU,1" not in legal
    play(state, "takeback:NA,3")
    assert seat(state, 0)["cars"]["family"] == 1 and "ship:3" in state.legal_moves()
    with pytest.raises(pyai.IllegalMoveError, match="taking that car back changes nothing now"):
        state.apply("takeback:EU,1")


def top_car_components(tmp_path: Path) -> str:
    """The shipped set with top cars at 9 stars (levels 1-8), to reach one in a round."""
    text = component_file.DEFAULT_PATH.read_text().replace("top_car_stars = 18", "top_car_stars = 9")
    ships = text[text.index("ships = [") : text.index("]\nsales = [") + 1]
    text = text.replace(ships, "ships = [\n  { spaces = [1, 2, 3, 4] },\n  { spaces = [5, 6, 7, 8], medal = 2 },\n]")
    path = tmp_path / "top9.toml"
    path.write_text(text)
    return str(path)


def test_a_top_car_is_sold_at_once_for_any_sales_space_of_its_market(tmp_path):
    game = f"automania(players=3,components={top_car_components(tmp_path)})"
    state = new_game(game=game)
    play(state, "place:R1", "tile:1", "put:station,1", "market:NA", "marketing:4")  # 4 + 4 = 8 stars
    assert "ship:8" in state.legal_moves()
    state = new_game(game=game)
    play(state, "place:R1", "tile:1", "put:station,1", "market:NA", "marketing:5")  # 9 stars: a top car
    assert state.legal_moves() == [f"sell:{n}" for n in range(1, 8)]  # every NA sales space; no ship, no take-back
    # what the companion's next: line asks the seat to do: the sale, not a shipping
    assert state.game.decision_words(state.view(0).to_dict()) == (
        "sell the top car at once (9 stars), for a sales space's reward"
    )
    with pytest.raises(pyai.IllegalMoveError, match="is a top car, sold at once"):
        state.apply("ship:8")
    play(state, "sell:7")  # the lowest row's $8
    assert seat(state, 0)["money"] == 6 - 1 + 8 and seat(state, 0)["cars"]["city"] == 3  # the car is home again
    assert state.to_dict()["markets"]["NA"]["sales"][6]["car"] is None  # it took no sales space
    play(state, "contract:S1")  # a top car may play a contract too
    assert seat(state, 0)["sold_count"] == 0  # outside the sales limit


def test_the_shipped_top_car_is_18_stars():
    assert pyai.load_game("automania(players=2)").components.top_car_stars == 18
    levels = [s["level"] for s in new_game().to_dict()["markets"]["NA"]["ships"]]
    assert levels == list(range(1, 18))


# ---------------------------------------------------------------- contracts


def test_the_starting_contract_pays_three_dollars_when_played():
    state = new_game()
    play(state, "place:R1", "tile:1", "put:station,1", "market:NA", "ship:4")
    assert state.legal_moves() == ["contract:S1", "contract:none"]  # S1: a city car of 3+ stars
    play(state, "contract:S1")
    assert seat(state, 0)["money"] == 6 - 1 + 3 and seat(state, 0)["played"] == ["S1"] and seat(state, 0)["hand"] == []
    assert state.to_move() == 1  # the turn is over


def test_a_contract_needs_every_requirement_and_one_is_played_a_car():
    state = new_game()  # display: 1 (city, suitcase, 6+), 2 (any, spoiler, 8+), 3 (city, speed, 5+)
    play(state, "place:R4", "tile:1", "draw:3", "reveal:4")  # seat 0 takes contract 3 (public)
    assert seat(state, 0)["hand"] == ["3", "S1"] and seat(state, 0)["hand_public"] == ["3"]
    others_withdraw(state)
    play(state, "place:R1", "tile:1", "put:station,1", "market:NA", "ship:4")  # speed, 4 stars: 3 needs 5
    assert state.legal_moves() == ["contract:S1", "contract:none"]
    with pytest.raises(
        pyai.IllegalMoveError, match=r"the city car \(4 stars\) does not meet contract 3: it needs 5\+ stars \("
    ):
        state.apply("contract:3")
    play(state, "contract:none")
    play(state, "place:C2", "tile:2", "discard", "market:NA", "marketing:1", "ship:5")  # 5 stars
    assert state.legal_moves() == ["contract:3", "contract:S1", "contract:none"]
    play(state, "contract:3")  # one contract a car: S1 stays in hand
    assert seat(state, 0)["played"] == ["3"] and seat(state, 0)["hand"] == ["S1"]


def test_a_contract_refused_says_each_thing_the_car_lacks():
    state = new_game()
    play(state, "place:R4", "tile:1", "draw:3", "reveal:4")  # seat 0 takes contract 3 (city, speed, 5+)
    others_withdraw(state)
    play(state, "corner:super", "market:NA", "ship:none")  # a super car of no stars, no machine
    with pytest.raises(pyai.IllegalMoveError) as refused:
        state.apply("contract:3")
    assert str(refused.value).startswith(
        "contract:3: the super car (0 stars) does not meet contract 3: it is for a city car; it needs 5+ stars; "
        "no speed machine on the car's line ("
    )


def test_the_contract_step_is_offered_whenever_the_hand_holds_a_card():
    # Whether a hidden card fits must not show: the step comes with any card in hand.
    state = new_game()
    play(state, "corner:super", "market:NA", "ship:none")
    assert state.legal_moves() == ["contract:none"]
    play(state, "contract:none")
    # With an empty hand there is no contract step.
    state = new_game()
    play(state, "place:R1", "tile:1", "put:station,1", "market:NA", "ship:4", "contract:S1")
    others_withdraw(state)
    play(state, "corner:super", "market:EU", "ship:none")
    assert state.to_move() == 0 and state.to_dict()["step"] == "turn"


def test_a_styling_requirement_and_a_car_of_any_type():
    # Contract 2: any car with a spoiler and 8+ stars. The super line passes station 1.
    def first_turns(spoiler_on: str) -> pyai.State:
        state = new_game()
        play(state, "place:R1", "tile:2", "put:station,1", "market:NA", "ship:5", "contract:none")  # speed*1: 5
        others_withdraw(state)
        return play(state, "place:R4", "tile:4", f"put:styling,{spoiler_on}", "draw:2", "reveal:4")

    state = first_turns("super")  # the 2-star spoiler above the super line
    play(state, "corner:super", "market:NA", "marketing:1", "ship:8")  # 4 + 1 + 2 + 1 = 8
    assert state.legal_moves() == ["contract:2", "contract:none"]
    state = first_turns("city")  # the same stars without a spoiler on the super car
    play(state, "corner:super", "market:NA", "marketing:3", "ship:8")  # 4 + 1 + 3 = 8
    assert state.legal_moves() == ["contract:none"]
    with pytest.raises(pyai.IllegalMoveError, match=r"does not meet contract 2: no spoiler styling on the car \("):
        state.apply("contract:2")


def test_drawing_from_the_display_refills_it_and_the_deck_top_is_seen_by_the_drawer_only():
    state = new_game()
    play(state, "place:R4", "tile:1", "draw:2")
    assert state.to_move() == "chance" and state.to_dict()["display"] == ["1", "3"]
    play(state, "reveal:17")
    assert state.to_dict()["display"] == ["1", "3", "17"] and state.to_dict()["deck_count"] == 22
    play(state, "place:C1", "tile:2", "discard", "draw:deck")  # seat 1 draws the top card
    assert state.to_move() == "chance"
    play(state, "drawn:9")
    assert seat(state, 1)["hand"] == ["9", "S2"] and seat(state, 1)["hand_public"] == []
    for observer in (0, 2):
        view = state.view(observer).to_dict()["seats"][1]
        assert view["hand"] == [] and view["hidden_contracts"] == 2  # S2 and the drawn card
        assert state.view(observer).history()[-1] == "drawn:?"
    assert state.view(1).to_dict()["seats"][1]["hand"] == ["9", "S2"]
    assert state.view(1).history()[-1] == "drawn:9"
    assert state.view(0).to_dict()["seats"][0]["hand"] == ["2", "S1"]  # a display card is public
    assert state.view(1).to_dict()["seats"][0]["hand"] == ["2"]


def contract_policy(state: pyai.State) -> str:
    """Every seat draws contracts while a contract space is open to it, from the
    deck while it has cards, else from the display; otherwise it withdraws."""
    legal = state.legal_moves()
    for token in ("place:R4", "place:C1", "draw:deck"):
        if token in legal:
            return token
    return "withdraw" if state.to_dict()["step"] == "turn" else legal[0]


def test_a_contract_draw_with_no_card_left_scores_one_vp():
    state = new_game()
    seed = 0
    scored = False
    while not state.is_terminal() and not scored:
        if state.to_move() == "chance":
            seed += 1
            state.apply(state.sample_chance(seed))
            continue
        data = state.to_dict()
        if data["step"] == "take tile" and data["deck_count"] == 0 and not data["display"]:
            seat_number, before = state.to_move(), data["seats"][state.to_move()]["vp"]
            play(state, state.legal_moves()[0])
            if state.to_dict()["step"] == "place tile":
                play(state, "discard")
            after = seat(state, seat_number)
            assert after["vp_from"]["no contract"] == 1 and after["vp"] >= before + 1
            scored = True
            continue
        if data["step"] == "draw":
            assert state.legal_moves()[-1] == "draw:deck" or data["deck_count"] == 0
        state.apply(contract_policy(state))
    assert scored, "the 26 contracts ran out before the game ended"


def test_a_top_car_needs_a_car_tile_and_a_seat_with_none_left_takes_one_back_first(tmp_path):
    """The rulebook: a top car is shipped and sold at once, then goes back to
    the factory; a seat out of that type takes one back before producing it."""
    game = pyai.load_game(f"automania(players=3,components={top_car_components(tmp_path)})")
    # Seat 0's three city cars are all on ships; its station scores NA's speed demand (4 stars).
    state = game.from_position(
        "round:1 step:turn turn:0 order:0,1,2 demands:" + DEMANDS.split(":")[1] + " grid:-,A3,A21,A27;"
        "A9,A5,A28,A23;A24,A25,A29,A33;A35,A13,A17,A31 office_tiles:A2,A22 display:1,2,3 money:5/7/8 vp:1/2/3 "
        "hidden:S1/S2/S3 placed:-/-/- stations:A1/-/- ships:city@NA4,city@NA3,city@EU1/-/-"
    )
    assert seat(state, 0)["cars"]["city"] == 0
    play(state, "place:C2", "tile:1", "discard", "market:NA", "marketing:5")  # 4 + 5 = 9 stars: a top car
    assert state.legal_moves() == ["takeback:NA,3", "takeback:NA,4", "takeback:EU,1", "ship:none"]
    before = state.position()
    with pytest.raises(pyai.IllegalMoveError, match="no city car is left to sell as a top car"):
        state.apply("sell:7")
    assert state.position() == before
    made_none = state.clone()
    play(made_none, "ship:none")  # no car: the production is paid, nothing sold
    assert seat(made_none, 0)["money"] == 5 - 1 and seat(made_none, 0)["vp"] == 1
    play(state, "takeback:EU,1")
    assert seat(state, 0)["cars"]["city"] == 1
    assert state.legal_moves() == [f"sell:{n}" for n in range(1, 8)]
    play(state, "sell:7")  # the lowest row's $8, and the car is home again
    assert seat(state, 0)["money"] == 5 - 1 + 8 and seat(state, 0)["cars"]["city"] == 1


def test_the_heuristic_takes_a_car_back_to_sell_a_top_car(tmp_path):
    game = pyai.load_game(f"automania(players=3,components={top_car_components(tmp_path)})")
    state = game.from_position(
        "round:1 step:turn turn:0 order:0,1,2 demands:" + DEMANDS.split(":")[1] + " grid:-,A3,A21,A27;"
        "A9,A5,A28,A23;A24,A25,A29,A33;A35,A13,A17,A31 office_tiles:A2,A22 display:1,2,3 money:5/7/8 vp:1/2/3 "
        "hidden:S1/S2/S3 placed:-/-/- stations:A1/-/- ships:city@NA4,city@NA3,city@EU1/-/-"
    )
    play(state, "place:C2", "tile:1", "discard", "market:NA", "marketing:5")
    bot = pyai.make_bot("heuristic")
    assert bot.choose(state) == "takeback:EU,1"  # the car on the lowest ship space comes back
    play(state, "takeback:EU,1")
    assert bot.choose(state).startswith("sell:")
