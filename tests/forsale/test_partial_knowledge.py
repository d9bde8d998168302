"""Partial knowledge: a view that does not know an opponent's cash or hand,
and determinisations that respect everything it still knows."""

import collections
import itertools
import math
import random

import pytest

import pyai
from pyai.analysis import analyse

from .test_random_games import random_game
from scripting import play_randomly_to_the_end


def mid_buying_state() -> pyai.State:
    """A 4-player game in phase 2, round 3, seat 2 to play."""
    rng = random.Random(3)
    state = pyai.load_game("forsale(players=4)").new_initial_state()
    while not (state.to_dict()["phase"] == "buying" and state.to_dict()["round"] == 2 and state.to_move() == 2):
        if state.to_move() == "chance":
            state.apply(state.sample_chance(rng.getrandbits(64)))
        else:
            state.apply(rng.choice(state.legal_moves()))
    return state


def test_forgetting_cash_and_hands_shows_in_the_view():
    state = mid_buying_state()
    truth = state.to_dict()["seats"]
    view = state.view(2).forget_cash(0, 5, 30).forget_advisors(0).forget_vehicles(1)
    assert view.partial and not state.view(2).partial
    seats = view.to_dict()["seats"]
    assert seats[0]["cash_range"] == [5, 29]  # narrowed to what seat 0 can have: 28, +1 for Consultant 4
    assert seats[0]["advisors_in_hand"] == [] and seats[0]["unknown_advisors"] == len(truth[0]["advisors_in_hand"])
    assert seats[1]["vehicles"] == [] and seats[1]["unknown_vehicles"] == len(truth[1]["vehicles"])
    assert seats[2] == {
        **truth[2],
        "cash_range": [truth[2]["cash"]] * 2,
        "unknown_advisors": 0,
        "unknown_vehicles": 0,
    }
    picture = str(view)
    assert "? (5..29)" in picture and "unknown advisors in hand" in picture and "unknown vehicles" in picture


def test_a_seat_cannot_forget_its_own_facts_or_impossible_ranges():
    state = mid_buying_state()
    view = state.view(2)
    with pytest.raises(pyai.InconsistentPositionError, match="always knows its own cash"):
        view.forget_cash(2, 0, 10)
    with pytest.raises(pyai.InconsistentPositionError, match="always knows its own hand"):
        view.forget_advisors(2)
    with pytest.raises(pyai.InconsistentPositionError, match="0 <= low <= high"):
        view.forget_cash(0, 10, 5)
    with pytest.raises(pyai.ArgumentError, match="seat must be a whole number 0..3"):
        view.forget_vehicles(7)
    assert view == state.view(2)  # nothing changed by the refused calls


def test_standing_bids_bound_an_unknown_cash():
    state = pyai.load_game("forsale(players=4)").replay(["deal:3,12,19,27", "bid:5"])
    with pytest.raises(pyai.InconsistentPositionError, match="standing bid of 5, more than cash 4"):
        state.view(1).forget_cash(0, 0, 4)
    view = state.view(1).forget_cash(0)  # default range: from the standing bid up to what it can have
    assert view.to_dict()["seats"][0]["cash_range"] == [5, 28]


def test_partial_determinisations_respect_every_constraint():
    state = mid_buying_state()
    truth = state.to_dict()
    view = state.view(2).forget_cash(0, 5, 30).forget_cash(3, 0, 40).forget_advisors(0).forget_advisors(1)
    view.forget_vehicles(3)
    known = view.to_dict()
    for seed in range(300):
        sample = view.determinize(seed).to_dict()
        seats = sample["seats"]
        assert 5 <= seats[0]["cash"] <= 30 and 0 <= seats[3]["cash"] <= 40
        assert seats[1]["cash"] == truth["seats"][1]["cash"] and seats[2] == truth["seats"][2]
        for s, seat in enumerate(seats):
            assert len(seat["advisors_in_hand"]) == len(truth["seats"][s]["advisors_in_hand"])
            assert len(seat["vehicles"]) == len(truth["seats"][s]["vehicles"])
            assert seat["advisors_played"] == truth["seats"][s]["advisors_played"]  # public
            assert seat["checks"] == truth["seats"][s]["checks"]
        # every advisor is in exactly one place, and none the view saw elsewhere moved
        places = [a for seat in seats for a in seat["advisors_in_hand"] + seat["advisors_played"]]
        places += sample["table"] if sample["phase"] == "auction" else []
        places += [seat["offered"] for seat in seats if seat["offered"]]
        places += sample["unseen"][0] + sample["removed"][0]
        assert sorted(places) == list(range(1, 31))
        sampled_hand_cards = set(seats[0]["advisors_in_hand"]) | set(seats[1]["advisors_in_hand"])
        assert sampled_hand_cards <= set(known["unseen"][0])
        assert [len(r) for r in sample["removed"]] == [2, 2, 2]
        assert view.determinize(seed) == view.determinize(seed)  # reproducible from the seed
    assert view.determinize(0).history() == []  # a sample of a partial view has no record


def test_sampled_hands_do_not_depend_on_the_true_hands():
    # Seat 2 forgot the hands of seats 0 and 1: every unseen advisor is
    # sampled into seat 0's hand about equally often.
    state = mid_buying_state()
    view = state.view(2).forget_advisors(0).forget_advisors(1)
    counts = collections.Counter()
    for seed in range(2000):
        counts.update(view.determinize(seed).to_dict()["seats"][0]["advisors_in_hand"])
    pool = view.to_dict()["unseen"][0]
    k = view.to_dict()["seats"][0]["unknown_advisors"]
    expected = 2000 * k / len(pool)
    chi_square = sum((counts[card] - expected) ** 2 / expected for card in pool)
    # the true hand is no more likely than any other unseen advisor
    assert chi_square < 3 * len(pool), (chi_square, counts)


def test_search_from_a_partial_view_plays_legal_moves():
    state = mid_buying_state()
    view = state.view(2).forget_cash(0).forget_advisors(0).forget_advisors(1).forget_advisors(3)
    result = analyse(view, iterations=3000, seed=1)
    assert result.seat == 2 and result.best_move in state.legal_moves()
    with pytest.raises(ValueError, match="this view is seat 2's"):
        analyse(view, 1, iterations=100)


def test_partial_views_of_random_positions_always_determinise():
    rng = random.Random(9)
    for players in (3, 4, 5, 6):
        for game_seed in range(15):
            full = random_game(players, 70_000 + game_seed)
            history = full.history()
            state = full.game.replay(history[: rng.randrange(len(history))])
            observer = rng.randrange(players)
            view = state.view(observer)
            for seat in range(players):
                if seat != observer:
                    view.forget_cash(seat).forget_advisors(seat).forget_vehicles(seat)
            sample = view.determinize(rng.getrandbits(64))
            play_randomly_to_the_end(sample, rng)
            assert len(sample.scores()) == players


def test_classic_default_cash_range_is_the_starting_coins():
    state = pyai.load_game("forsale(players=4,edition=classic)").replay(["deal:3,12,19,27"])
    assert state.view(1).forget_cash(2).to_dict()["seats"][2]["cash_range"] == [0, 18]


def test_a_state_sampled_from_a_partial_view_mid_sell_has_no_record_and_works_everywhere():
    # In a sealed-sell round where another seat has already sold, a state
    # sampled from a partial view has no history to blank the secret sell in:
    # its views, analyses and determinisations must still work (this crashed).
    rng = random.Random(1)
    state = pyai.load_game("forsale(players=4)").new_initial_state()
    while not (isinstance(state.to_move(), int) and state.legal_moves()[0].startswith("sell:")):
        state.apply(
            state.sample_chance(rng.randrange(1 << 30))
            if state.to_move() == "chance"
            else rng.choice(state.legal_moves())
        )
    state.apply(state.legal_moves()[0])
    sampled = state.view(1).forget_cash(0).determinize(5)
    assert sampled.history() == [] and sampled.view(1).history() == []
    assert sampled.view(1).to_dict()["seats"][0]["sell"] == "hidden"
    assert analyse(sampled, seat=1, iterations=200).best_move in sampled.legal_moves_for(1)
    again = sampled.determinize(1, 3)
    assert again.history() == [] and again.same_view(sampled, 1)
    play_randomly_to_the_end(again, rng)
    assert again.is_terminal()


def with_cash_unknown(text: str, seats: list[int]) -> str:
    """Position text with these seats' cash written `?`."""
    words = text.split()
    for index, word in enumerate(words):
        if word.startswith("cash:"):
            amounts = word[len("cash:") :].split("/")
            for seat in seats:
                amounts[seat] = "?"
            words[index] = "cash:" + "/".join(amounts)
    return " ".join(words)


def random_positions(game: str, count: int, seed: int):
    """States at random points of random games (a decision or a deal to come)."""
    rng = random.Random(seed)
    found = 0
    while found < count:
        state = pyai.load_game(game).new_initial_state()
        for _ in range(rng.randrange(4, 90)):
            if state.is_terminal():
                break
            state.apply(
                state.sample_chance(rng.getrandbits(64))
                if state.to_move() == "chance"
                else rng.choice(state.legal_moves())
            )
        if not state.is_terminal():
            found += 1
            yield state


@pytest.mark.parametrize(
    "game", ["forsale(players=3)", "forsale(players=4)", "forsale(players=6)", "forsale(players=4,edition=classic)"]
)
def test_forgetting_cash_through_the_api_or_the_text_gives_the_same_view(game):
    """An unknown cash is narrowed to what the seat can have (its starting
    cash, +1 a Consultant it may hold, +4 a buying round done) either way."""
    for state in random_positions(game, 25, seed=len(game)):
        me = 0
        others = list(range(1, state.game.players))
        text = state.view(me).position()
        by_text = state.game.view_from_position(with_cash_unknown(text, others), me)
        by_api = state.game.view_from_position(text, me)  # the same view, without a record to compare
        for seat in others:
            by_api.forget_cash(seat)
        assert by_api == by_text, (state.view(me).position(), by_api.to_dict()["seats"], by_text.to_dict()["seats"])
        # and with the hands forgotten first, the unknown advisors counted as possible Consultants
        hands = state.game.view_from_position(text, me)
        for seat in others:
            hands.forget_advisors(seat)
        by_text = state.game.view_from_position(with_cash_unknown(hands.position(), others), me)
        for seat in others:
            hands.forget_cash(seat)
        assert hands == by_text


def test_the_same_knowledge_gets_the_same_advice_either_way():
    state = pyai.load_game("forsale(players=4)").replay(["deal:3,12,19,27", "bid:1"])
    text = state.view(1).position()
    by_api = state.game.view_from_position(text, 1).forget_cash(2)
    by_text = state.game.view_from_position(with_cash_unknown(text, [2]), 1)
    assert by_api.to_dict()["seats"][2]["cash_range"] == [0, 28]  # round 1: no Consultant hired yet
    first = analyse(by_api, iterations=3000, seed=5)
    second = analyse(by_text, iterations=3000, seed=5)
    assert [(m.token, m.visits) for m in first.moves] == [(m.token, m.visits) for m in second.moves]


def test_a_range_above_all_a_seat_can_have_is_refused_and_changes_nothing():
    state = pyai.load_game("forsale(players=4)").replay(["deal:3,12,19,27"])
    view = state.view(1)
    with pytest.raises(pyai.InconsistentPositionError, match="can have at most 28"):
        view.forget_cash(2, 30, 40)
    assert view == state.view(1)


def test_a_known_cash_that_only_a_consultant_seen_elsewhere_could_pay_is_refused():
    """Seat 1's hidden advisor could be a Consultant (+1 cash) only while one is unseen:
    with all three held by other seats, 21 of a 5-player start of 20 is impossible, written
    as a number or as a range, and every sample of the accepted positions stays possible."""
    game = pyai.load_game("forsale(players=5)")
    every_consultant_placed = "phase:auction round:2 leader:3 table:- cash:21/{}/20/21/19 advisors:4/?/5/6/1"
    with pytest.raises(pyai.InconsistentPositionError, match=r"seat 1 has 21, more than it can have here .*: 20\)"):
        game.view_from_position(every_consultant_placed.format(21), 0)
    with pytest.raises(pyai.InconsistentPositionError, match="at least 21 .* at most 20 here"):
        game.view_from_position(every_consultant_placed.format("21..25"), 0)
    unknown = game.view_from_position(every_consultant_placed.format("?"), 0)
    assert unknown.to_dict()["seats"][1]["cash_range"] == [0, 20]
    one_unseen = "phase:auction round:2 leader:3 table:- cash:21/{}/20/20/19 advisors:4/?/5/7/1"  # 6 is unseen
    for cash, consultant_drawn in (("20", {False, True}), ("21", {True})):
        view = game.view_from_position(one_unseen.format(cash), 0)
        drawn = set()
        for seed in range(60):
            sample = view.determinize(seed)
            game.from_position(sample.position())  # each sample reads back as possible
            drawn.add(sample.to_dict()["seats"][1]["advisors_in_hand"] == [6])
        assert drawn == consultant_drawn  # 21 only with the Consultant; 20 with it or without
    with pytest.raises(pyai.InconsistentPositionError, match="seat 1 has 22, more than it can have here"):
        game.view_from_position(one_unseen.format(22), 0)
    # two hidden hands that each need the one unseen Consultant
    both = "phase:auction round:2 leader:3 table:- cash:21/21/21/20/17 advisors:4/?/?/5/1"
    needs_two = "needs 2 Consultants among their unknown advisors, but 1 is unseen"
    with pytest.raises(pyai.InconsistentPositionError, match=needs_two):
        game.view_from_position(both, 0)


def test_hands_that_each_need_a_consultant_are_dealt_together_uniformly():
    """Seats 1 and 2 hold two unknown advisors each and a cash of 21, one over a
    5-player start: each needs a Consultant, and all three are unseen. Every deal
    giving each its Consultant is equally likely, so a hand holds two as often as
    the deals in which it does (counted here by listing them all). Dealing seat 1's
    hand with only its own need in mind would give it two about twice as often."""
    game = pyai.load_game("forsale(players=5)")
    position = "phase:auction round:3 leader:3 table:- cash:20/21/21/20/19 advisors:1,2/?/?/7,8/9,10"
    view = game.view_from_position(position, 0)
    pool = view.to_dict()["unseen"][0]
    consultants = {4, 5, 6}
    deals = [
        (a, b)
        for a in itertools.combinations(pool, 2)
        for b in itertools.combinations(pool, 2)
        if not set(a) & set(b) and consultants & set(a) and consultants & set(b)
    ]
    both_to_seat_1 = sum(len(consultants & set(a)) == 2 for a, _ in deals) / len(deals)
    samples = 3000
    seen = collections.Counter()
    for seed in range(samples):
        seats = view.determinize(seed).to_dict()["seats"]
        held = [len(consultants & set(seats[s]["advisors_in_hand"])) for s in (1, 2)]
        assert min(held) >= 1  # each seat's cash is paid
        seen[tuple(held)] += 1
    spread = 4.5 * math.sqrt(samples * both_to_seat_1 * (1 - both_to_seat_1))
    for held in ((2, 1), (1, 2)):
        assert abs(seen[held] - samples * both_to_seat_1) < spread, (seen, samples * both_to_seat_1)


def test_sampled_cash_never_exceeds_what_the_sampled_hand_allows():
    """With a seat's cash and advisors both unknown, cash above its ceiling
    without a Consultant is only drawn with a Consultant in its hand: every
    sample reads back as a possible position."""
    game = pyai.load_game("forsale(players=4)")
    consultant_needed = 0
    for state in random_positions("forsale(players=4)", 30, seed=11):
        view = state.view(0)
        for seat in (1, 2, 3):
            view.forget_advisors(seat)
            view.forget_cash(seat)
        for sample_seed in range(150):
            sample = view.determinize(sample_seed)
            game.from_position(sample.position())  # refuses cash a seat cannot have
            for seat in (1, 2, 3):
                shown = sample.to_dict()["seats"][seat]
                consultants = [a for a in shown["advisors_in_hand"] + shown["advisors_played"] if 4 <= a <= 6]
                if shown["cash"] > view.to_dict()["seats"][seat]["cash_range"][1] - 3 and consultants:
                    consultant_needed += 1
    assert consultant_needed > 0  # the positions reach cash that takes a Consultant
