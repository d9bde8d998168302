"""Phase 2, buying vehicles: advisor order, Fleet Manager, Sales Director, General Manager."""

import pytest

import pyai

from scripting import buy_round, cash, first_fit_hands, hire_hands, play, seat

# Three seats with one Fleet Manager, Sales Director, Lawyer and General Manager each.
ROLES = {0: [13, 16, 19, 28], 1: [14, 17, 20, 29], 2: [15, 18, 21, 30]}


def at_buying(players=3, wanted=ROLES, removed=()):
    state = pyai.load_game(f"forsale(players={players})").new_initial_state()
    hire_hands(state, first_fit_hands(players, wanted, set(removed)))
    assert state.to_dict()["phase"] == "buying"
    return state


def test_rulebook_buying_example():
    # The leader plays a General Manager, the next player a Lawyer, the third
    # pays 3 to boost a Fleet Manager above 30: the Fleet Manager takes the 30,
    # the General Manager the 12 (+4 as it missed the highest), the Lawyer the 9.
    state = at_buying()
    leader = state.to_dict()["leader"]
    second, third = (leader + 1) % 3, (leader + 2) % 3
    before = cash(state)
    gm, lawyer, fm = ROLES[leader][3], ROLES[second][2], ROLES[third][0]
    buy_round(state, [9, 12, 30], {leader: f"play:{gm}", second: f"play:{lawyer}", third: f"play:{fm}+"})
    after = cash(state)
    assert after[leader] == before[leader] + 4
    assert after[second] == before[second]
    assert after[third] == before[third] - 3
    assert seat(state, third)["vehicles"] == [30]
    assert seat(state, leader)["vehicles"] == [12]
    assert seat(state, second)["vehicles"] == [9]
    assert state.to_dict()["leader"] == third  # the taker of the highest vehicle starts next
    play(state, "deal:1,2,3")
    assert state.to_move() == third


def test_played_advisors_are_public_and_abilities_stay_with_their_owner():
    state = at_buying()
    leader = state.to_dict()["leader"]
    order = [(leader + k) % 3 for k in range(3)]
    buy_round(state, [5, 6, 7], {s: f"play:{ROLES[s][2]}" for s in order})  # the Lawyers
    for s in range(3):
        assert ROLES[s][2] in seat(state, s)["advisors_played"]
        assert ROLES[s][2] not in seat(state, s)["advisors_in_hand"]


def test_unboosted_fleet_manager_counts_its_number():
    state = at_buying()
    leader = state.to_dict()["leader"]
    others = [(leader + 1) % 3, (leader + 2) % 3]
    buy_round(
        state,
        [5, 6, 7],
        {
            leader: f"play:{ROLES[leader][0]}",
            others[0]: f"play:{ROLES[others[0]][1]}",
            others[1]: f"play:{ROLES[others[1]][1]}",
        },
    )
    assert seat(state, leader)["vehicles"] == [5]  # 13-15 is below both Sales Directors


@pytest.mark.parametrize("vehicle, bonus", [(15, 0), (16, 3), (17, 3), (30, 3)])
def test_sales_director_bonus_needs_a_vehicle_at_least_its_number(vehicle, bonus):
    state = at_buying()
    # seat 0's Sales Director is 16; it plays the highest advisor of the round
    plays = {s: f"play:{ROLES[s][0]}" for s in range(3)}  # Fleet Managers 13-15, unboosted
    plays[0] = "play:16"
    low = [v for v in (1, 2, 3, 4) if v != vehicle][:2]
    before = cash(state)[0]
    buy_round(state, sorted([vehicle, *low]), plays)
    assert seat(state, 0)["vehicles"] == [vehicle]
    assert cash(state)[0] == before + bonus


def test_general_manager_taking_the_highest_vehicle_gets_nothing():
    state = at_buying()
    plays = {s: f"play:{ROLES[s][1]}" for s in range(3)}  # Sales Directors 16-18
    plays[1] = "play:29"
    before = cash(state)[1]
    buy_round(state, [1, 2, 3], plays)
    assert seat(state, 1)["vehicles"] == [3] and cash(state)[1] == before


def test_sales_director_and_general_managers_in_one_round():
    state = at_buying()
    plays = {0: "play:28", 1: "play:29", 2: "play:18"}
    before = cash(state)
    buy_round(state, [10, 20, 25], plays)
    # 29 takes 25 (highest: no bonus), 28 takes 20 (+4), Sales Director 18 takes 10 (< 18: no bonus)
    assert [seat(state, s)["vehicles"] for s in range(3)] == [[20], [25], [10]]
    assert cash(state) == [before[0] + 4, before[1], before[2]]


def test_fleet_manager_cannot_be_boosted_without_three_cash():
    state = pyai.load_game("forsale(players=3)").new_initial_state()
    play(state, "deal:1,2,3", "bid:26", "pass", "pass")  # seat 0 pays 26 for advisor 3
    assert cash(state)[0] == 2
    hands = first_fit_hands(3, {0: [13], 1: [14], 2: [15]}, {1, 2, 3})
    hands[0].remove(max(hands[0]))  # seat 0 already holds advisor 3
    hire_hands(state, hands)
    state.apply("deal:1,2,3")
    while state.to_move() != 0:  # the seats before seat 0 play anything unboosted
        state.apply(next(m for m in state.legal_moves() if not m.endswith("+")))
    assert "play:13" in state.legal_moves() and "play:13+" not in state.legal_moves()
    with pytest.raises(pyai.IllegalMoveError, match="boosting costs 3 cash, more than the 2 on hand"):
        state.apply("play:13+")


def test_only_fleet_managers_can_be_boosted():
    state = at_buying()
    play(state, "deal:1,2,3")
    mover = state.to_move()
    with pytest.raises(pyai.IllegalMoveError, match=r"only a Fleet Manager \(13-15\) can be boosted"):
        state.apply(f"play:{ROLES[mover][1]}+")
    with pytest.raises(pyai.IllegalMoveError, match=r"advisor 1 is not in hand \(legal:"):
        state.apply("play:1")
    with pytest.raises(pyai.IllegalMoveError, match="wrong move now: buying takes play:N"):
        state.apply("pass")


def test_selling_starts_after_the_last_buying_round():
    state = at_buying(players=5, wanted={})
    for round_index in range(6):
        assert state.to_dict()["phase"] == "buying"
        state.apply("deal:" + ",".join(str(5 * round_index + k) for k in range(1, 6)))
        for _ in range(5):
            state.apply(state.legal_moves()[0])
    d = state.to_dict()
    assert d["phase"] == "selling" and d["round"] == 0 and state.to_move() == "chance"
    assert sorted(v for s in d["seats"] for v in s["vehicles"]) == list(range(1, 31))
    assert all(len(s["vehicles"]) == 6 and not s["advisors_in_hand"] for s in d["seats"])
