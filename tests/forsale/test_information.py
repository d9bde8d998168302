"""What a seat knows, and determinisation that respects it."""

import collections
import random

import pytest

import pyai

from .test_random_games import random_game
from scripting import play, play_randomly_to_the_end

REMOVAL_A = "removed:1,2/3,4/0,5"
REMOVAL_B = "removed:29,30/27,28/15,14"


def four_player_game(removal: str, extra: tuple[str, ...] = ()) -> pyai.State:
    state = pyai.load_game("forsale(players=4)").new_initial_state()
    play(state, removal, "deal:10,11,12,13", "pass", "pass", "pass", "deal:5,6,7,8", *extra)
    return state


def test_view_hides_the_removed_cards_and_nothing_public():
    state = four_player_game(REMOVAL_A)
    view = state.view(1).to_dict()
    assert not view["removal_recorded"] and view["removed"] == [[], [], []]
    assert {1, 2} <= set(view["unseen"][0])  # removed cards look like any unseen card
    assert view["seats"] == state.to_dict()["seats"]  # hands, cash and bids are public
    assert "removed unseen" in str(state) and "removed unseen" not in str(state.view(1))


def test_views_differ_only_where_seen_facts_differ():
    a, b = four_player_game(REMOVAL_A), four_player_game(REMOVAL_B)
    assert a != b
    for seat in range(4):
        assert a.same_view(b, seat) and a.view(seat) == b.view(seat)
    c = four_player_game(REMOVAL_A, ("pass",))
    assert not a.same_view(c, 0)


def test_determinisation_keeps_the_view_and_samples_the_removal():
    state = four_player_game(REMOVAL_A)
    for seed in range(50):
        sample = state.determinize(2, seed)
        assert sample.view(2) == state.view(2)
        d = sample.to_dict()
        assert d["removal_recorded"] and [len(r) for r in d["removed"]] == [2, 2, 2]
        # the sample's history is a record that replays to the sample itself
        assert sample.history()[0].startswith("removed:")
        assert sample.game.replay(sample.history()) == sample


def test_determinisation_depends_only_on_the_view():
    a, b = four_player_game(REMOVAL_A), four_player_game(REMOVAL_B)
    for seed in range(20):
        assert a.determinize(0, seed) == b.determinize(0, seed)


def test_sampled_removals_are_uniform_and_ignore_the_true_removal():
    # 22 advisors are unseen after two rounds; 2 of them were removed. Over
    # many samples every unseen advisor is drawn equally often, the truly
    # removed ones (1 and 2) no more than any other: chi-square, 21 degrees of
    # freedom, 0.1% critical value 46.80 (fixed seeds: not flaky).
    state = four_player_game(REMOVAL_A)
    samples = 6000
    counts = collections.Counter()
    for seed in range(samples):
        counts.update(state.determinize(3, seed).to_dict()["removed"][0])
    unseen = state.view(3).to_dict()["unseen"][0]
    assert set(counts) == set(unseen) and len(unseen) == 22
    expected = samples * 2 / len(unseen)
    chi_square = sum((counts[card] - expected) ** 2 / expected for card in unseen)
    assert chi_square < 46.80, (chi_square, counts)
    # a sampled pair of removed advisors is the true pair only by chance (1 in 231)
    truth_hits = sum(state.determinize(3, seed).to_dict()["removed"][0] == [1, 2] for seed in range(3000))
    assert truth_hits < 3000 / 231 * 2
    # and the sample's record carries the sampled removal, never the true one
    for seed in range(200):
        sample = state.determinize(3, seed)
        removed = sample.to_dict()["removed"]
        assert sample.history()[0] == "removed:" + "/".join(",".join(map(str, deck)) for deck in removed)
        assert sample.history().count(REMOVAL_A) == (removed == [[1, 2], [3, 4], [0, 5]])


def selling_position(sells: list[str]) -> pyai.State:
    """A 5-player game in the first selling round after `sells` (seats 0.. in order)."""
    rng = random.Random(5)
    state = pyai.load_game("forsale(players=5)").new_initial_state()
    while state.to_dict()["phase"] != "selling":
        if state.to_move() == "chance":
            state.apply(state.sample_chance(rng.getrandbits(64)))
        else:
            state.apply(rng.choice([m for m in state.legal_moves() if not m.startswith("bid")] or ["pass"]))
    play(state, "deal:0,2,5,9,15", *sells)
    return state


def test_secret_sells_are_hidden_from_other_seats():
    base = selling_position([])
    hand0 = base.to_dict()["seats"][0]["vehicles"]
    hand1 = base.to_dict()["seats"][1]["vehicles"]
    a = selling_position([f"sell:{hand0[0]}", f"sell:{hand1[0]}"])
    b = selling_position([f"sell:{hand0[-1]}", f"sell:{hand1[-1]}"])
    assert a.to_move() == 2
    view = a.view(2).to_dict()
    assert view["seats"][0]["sell"] == "hidden" and view["seats"][1]["sell"] == "hidden"
    assert "sell chosen (hidden)" in str(a.view(2))
    assert a.view(0).to_dict()["seats"][0]["sell"]["vehicles"] == [hand0[0]]  # own sell is known
    assert a.view(0).to_dict()["seats"][1]["sell"] == "hidden"
    assert a.same_view(b, 2) and not a.same_view(b, 0)
    for seed in range(20):
        assert a.determinize(2, seed) == b.determinize(2, seed)


def test_determinised_sells_are_legal_varied_and_replayable():
    seats = selling_position([]).to_dict()["seats"]
    state = selling_position([f"sell:{seats[0]['vehicles'][0]}", f"sell:{seats[1]['vehicles'][0]}"])
    seen = set()
    for seed in range(200):
        sample = state.determinize(3, seed)
        assert sample.view(3) == state.view(3)
        d = sample.to_dict()
        for s in (0, 1):
            sold = d["seats"][s]["sell"]["vehicles"]
            assert set(sold) <= set(d["seats"][s]["vehicles"])
            seen.add((s, tuple(sold)))
        assert sample.game.replay(sample.history()) == sample
        # seat 2 keeps its own (not yet made) choice open: it is to move in the sample too
        assert sample.to_move() == 2
    assert len(seen) > 6  # the hidden sells really are resampled


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_determinisation_plays_to_the_end(players):
    rng = random.Random(players)
    for game_seed in range(40):
        full = random_game(players, 50_000 + game_seed)
        history = full.history()
        cut = rng.randrange(len(history))
        state = full.game.replay(history[:cut])
        for seat in range(players):
            sample = state.determinize(seat, rng.getrandbits(64))
            assert sample.view(seat) == state.view(seat)
            play_randomly_to_the_end(sample, rng)
            assert len(sample.scores()) == players


def test_a_views_record_omits_what_the_seat_did_not_see():
    seats = selling_position([]).to_dict()["seats"]
    state = selling_position([f"sell:{seats[0]['vehicles'][0]}", f"sell:{seats[1]['vehicles'][0]}"])
    full = state.history()
    seen_by_2 = state.view(2).history()
    assert seen_by_2 == full[:-2]  # the two secret sells are not in seat 2's record
    assert state.view(1).history() == full[:-2] + [full[-1]]  # seat 1 saw its own sell
    four = four_player_game(REMOVAL_A)
    assert four.history()[0] == REMOVAL_A and REMOVAL_A not in four.view(0).history()
    assert four.game.replay(four.view(0).history()).same_view(four, 0)
