"""What each Automania seat knows, and determinisation's honesty: views hide
exactly the other seats' unseen contracts (and the decks' order); a
determinisation keeps the view, deals hidden hands from the cards the seat
has not seen, uniformly (a chi-square test) and without regard to the true
hands; a seat's record writes other seats' private cards as start:? and
drawn:?, and rebuilds the seat's view with stand-ins that later tokens move;
money a person did not track is sampled in its range."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import pyai

from .scenarios import new_game, others_withdraw, play, seat

# The chi-square statistic above which a uniform sample is refused (p = 0.001).
CHI2_LIMIT = {2: 13.82, 3: 16.27, 19: 43.82, 20: 45.31, 21: 46.80, 22: 48.27}


def chi_square(counts: Counter, outcomes: list[str], samples: int) -> float:
    expected = samples / len(outcomes)
    return sum((counts[o] - expected) ** 2 / expected for o in outcomes)


def hidden_draw_position() -> pyai.State:
    """Seat 1 has drawn contract 9 from the deck; seat 0 took contract 2 from the display."""
    state = new_game()
    play(state, "place:R4", "tile:1", "draw:2", "reveal:17")
    play(state, "place:C1", "tile:2", "discard", "draw:deck", "drawn:9")
    return state


def test_a_view_hides_only_other_seats_unseen_contracts():
    state = hidden_draw_position()
    for observer in range(3):
        view = state.view(observer).to_dict()
        for number in range(3):
            mine = number == observer
            truth = seat(state, number)
            assert view["seats"][number]["hand"] == (truth["hand"] if mine else truth["hand_public"])
            hidden = 0 if mine else len(truth["hand"]) - len(truth["hand_public"])
            assert view["seats"][number]["hidden_contracts"] == hidden
            for key in ("money", "vp", "stations", "offices", "styling", "played", "cars", "workers_home"):
                assert view["seats"][number][key] == truth[key]
        assert {k: v for k, v in view.items() if k not in ("seats", "observer")} == {
            k: v for k, v in state.to_dict().items() if k not in ("seats", "history")
        }


def test_a_determinisation_keeps_the_view_and_deals_hidden_cards_from_the_unseen_ones():
    state = hidden_draw_position()
    seen_by_0 = {"2", "S1", "1", "3", "17"}  # its hand, the display
    for sample_seed in range(50):
        sample = state.determinize(0, sample_seed)
        assert sample.view(0) == state.view(0)
        one, two = seat(sample, 1), seat(sample, 2)
        assert len(one["hand"]) == 2 and len(two["hand"]) == 1
        assert sum(card.startswith("S") for card in one["hand"]) == 1 and two["hand"][0].startswith("S")
        assert not (set(one["hand"]) | set(two["hand"])) & seen_by_0
        assert sample.to_dict()["deck_count"] == state.to_dict()["deck_count"]


def test_sampled_hands_are_uniform_over_the_unseen_cards():
    # Seat 0 has seen S1: seat 1's and seat 2's starting contracts are two of
    # S2, S3, S4; seat 1's deck card is one of the 21 regular contracts seat 0
    # has not seen (26 - contract 2 taken - 1, 3, 17 on the display - ... ).
    state = hidden_draw_position()
    samples = 3000
    starting, drawn = Counter(), Counter()
    for sample_seed in range(samples):
        hand = seat(state.determinize(0, sample_seed), 1)["hand"]
        starting.update(card for card in hand if card.startswith("S"))
        drawn.update(card for card in hand if not card.startswith("S"))
    assert set(starting) == {"S2", "S3", "S4"}
    assert chi_square(starting, ["S2", "S3", "S4"], samples) < CHI2_LIMIT[2]
    unseen = [str(n) for n in range(1, 27) if str(n) not in {"1", "2", "3", "17"}]
    assert set(drawn) == set(unseen) and len(unseen) == 22
    assert chi_square(drawn, unseen, samples) < CHI2_LIMIT[21]


def test_sampled_hands_do_not_depend_on_the_true_ones():
    # Positions that differ only in seat 1's hidden card give the same samples,
    # and the true card is drawn no more often than any other.
    truth = hidden_draw_position()
    other = new_game()
    play(other, "place:R4", "tile:1", "draw:2", "reveal:17")
    play(other, "place:C1", "tile:2", "discard", "draw:deck", "drawn:11")
    assert other.view(0) == truth.view(0) and other != truth
    for sample_seed in range(20):
        assert truth.determinize(0, sample_seed) == other.determinize(0, sample_seed)
    matches = sum("9" in seat(truth.determinize(0, s), 1)["hand"] for s in range(2200))
    assert 100 - 60 < matches < 100 + 60  # 1 in 22


def test_other_seats_starting_contracts_are_uniform_in_a_fresh_game():
    for players in (2, 3, 4):
        state = new_game(players=players)
        unseen = [f"S{n}" for n in range(2, 5)]  # seat 0 holds S1
        samples = 1500
        counts = Counter(seat(state.determinize(0, s), 1)["hand"][0] for s in range(samples))
        assert chi_square(counts, unseen, samples) < CHI2_LIMIT[2], players


# ---------------------------------------------------------------- records


def test_a_seats_record_writes_other_seats_private_cards_as_unknown():
    state = hidden_draw_position()
    history = state.history()
    assert history[3:6] == ["start:S1", "start:S2", "start:S3"] and history[-1] == "drawn:9"
    zero = state.view(0).history()
    assert zero[3:6] == ["start:S1", "start:?", "start:?"] and zero[-1] == "drawn:?"
    one = state.view(1).history()
    assert one[3:6] == ["start:?", "start:S2", "start:?"] and one[-1] == "drawn:9"
    assert [a for a, b in zip(history, zero) if a != b] == ["start:S2", "start:S3", "drawn:9"]


def test_a_seats_record_replays_to_its_view_with_stand_ins_that_later_tokens_move():
    state = hidden_draw_position()
    record = state.view(0).history()
    seen = state.game.replay_as_seen(0, record)
    assert seen.view(0) == state.view(0) and seen.view(0).history() == record
    assert seen._core.recorded is False and seen.history() == record
    # Seat 1's unknown card stands in as the lowest unseen card (4); when the
    # record later turns card 4 up on the display, the stand-in moves.
    assert seat(seen, 1)["hand"][0] == "4"
    others_withdraw(state)  # seat 1 and seat 2 withdraw
    play(state, "place:C1", "tile:1", "discard", "draw:1", "reveal:4")  # seat 0 turns card 4 up
    record = state.view(0).history()
    seen = state.game.replay_as_seen(0, record)
    assert seen.view(0) == state.view(0) and "4" not in seat(seen, 1)["hand"]
    # A determinisation of that view has a full record that replays to it.
    sample = seen.determinize(0, 5)
    assert sample._core.recorded and state.game.replay(sample.history()) == sample


def test_a_card_another_seat_plays_stands_at_its_unknown_draw():
    # Seat 2 and then seat 1 draw from the deck unseen by seat 0; seat 1 then
    # plays contract 3. Rebuilt from seat 0's record, seat 2's stand-in was
    # card 3 (the lowest seat 0 had not seen): the stand-ins trade places.
    state = new_game(display="1,2,4")
    play(state, "withdraw", "office:5")  # seat 0
    play(state, "place:R1", "tile:1", "put:station,1", "market:NA", "ship:4", "contract:none")  # seat 1
    play(state, "place:R4", "tile:1", "draw:deck", "drawn:9")  # seat 2
    play(state, "place:C1", "tile:2", "discard", "draw:deck", "drawn:3")  # seat 1
    play(state, "withdraw", "office:4")  # seat 2
    play(state, "place:C2", "tile:1", "put:station,2", "market:NA", "ship:8", "contract:3")  # seat 1: 8 stars
    record = state.view(0).history()
    assert record.count("drawn:?") == 2 and record[-1] == "contract:3"
    seen = state.game.replay_as_seen(0, record)
    assert seen.view(0) == state.view(0) and seen.view(0).history() == record
    assert seat(seen, 1)["played"] == ["3"] and seat(seen, 2)["hand"] != ["3", "S3"]
    for sample_seed in range(10):
        sample = seen.determinize(0, sample_seed)
        filled = sample.history()
        assert filled[-1] == "contract:3"
        assert state.game.replay(filled) == sample and sample.view(0) == state.view(0)
        seat_1_draw = [filled[i] for i, token in enumerate(record) if token == "drawn:?"][1]
        assert seat_1_draw == "drawn:3"  # the only unknown draw of seat 1 before it played 3


def test_replay_as_seen_refuses_an_unknown_card_the_seat_would_have_seen():
    state = hidden_draw_position()
    record = state.view(1).history()  # seat 1's record names its own draw
    with pytest.raises(pyai.IllegalMoveError, match="this card is seat 1's own"):
        state.game.replay_as_seen(1, [*record[:-1], "drawn:?"])
    with pytest.raises(pyai.IllegalMoveError, match="only a seat's own record"):
        state.game.replay(state.view(0).history())


def test_forgotten_money_is_sampled_in_its_range_and_the_sample_has_no_record():
    state = hidden_draw_position()
    view = state.view(0).forget_money(2, 3, 9)
    assert view.partial and view.to_dict()["seats"][2]["money_range"] == [3, 9]
    amounts = {seat(view.determinize(s), 2)["money"] for s in range(200)}
    assert amounts == set(range(3, 10))
    assert view.determinize(1).history() == []
    with pytest.raises(pyai.InconsistentPositionError, match="always knows its own money"):
        state.view(0).forget_money(0, 1, 2)
    with pytest.raises(pyai.ArgumentError, match="high must be a whole number 0 to 999"):
        state.view(0).forget_money(1, 0, 1000)


def test_random_games_keep_views_through_determinisation():
    rng = random.Random(4)
    for players in (2, 3, 4):
        state = pyai.load_game(f"automania(players={players})").new_initial_state()
        step = 0
        while not state.is_terminal():
            if step % 11 == 0:
                for observer in range(players):
                    sample = state.determinize(observer, rng.getrandbits(32))
                    assert sample.view(observer) == state.view(observer)
                    assert state.game.replay(sample.history()) == sample
            if state.to_move() == "chance":
                state.apply(state.sample_chance(rng.getrandbits(64)))
            else:
                state.apply(rng.choice(state.legal_moves()))
            step += 1


def test_the_bench_positions_replay():
    game = pyai.load_game("automania(players=3)")
    assert isinstance(game.replay(game.BENCH_TOKENS).to_move(), int)
    for game_string, tokens in game.SIGNATURE_POSITIONS:
        assert isinstance(pyai.load_game(game_string).replay(tokens).to_move(), int)


def random_finished_game(seed: int, players: int = 3) -> pyai.State:
    rng = random.Random(seed)
    state = pyai.load_game(f"automania(players={players})").new_initial_state()
    while not state.is_terminal():
        state.apply(
            state.sample_chance(rng.getrandbits(64)) if state.to_move() == "chance" else rng.choice(state.legal_moves())
        )
    return state


def test_a_production_chosen_and_not_yet_paid_bounds_the_money_from_below():
    game = pyai.load_game("automania(players=3)")
    state = game.replay(game.BENCH_TOKENS)
    play(state, "place:R3")  # seat 1 makes a super car, $3 once its tile is placed
    view = state.view(0).forget_money(1, 0, 10)
    assert view.to_dict()["seats"][1]["money_range"] == [3, 10]
    assert min(seat(view.determinize(s), 1)["money"] for s in range(200)) == 3
    text = state.view(0).position()
    money = next(word for word in text.split() if word.startswith("money:")).split(":")[1].split("/")
    written = text.replace("money:" + "/".join(money), "money:" + "/".join([money[0], "0..10", money[2]]))
    assert game.view_from_position(written, 0).to_dict() == view.to_dict()  # the same view either way
    untouched = state.view(0)
    with pytest.raises(pyai.InconsistentPositionError, match=r"production that costs \$3, more than the most"):
        untouched.forget_money(1, 0, 2)
    assert untouched == state.view(0)
    # the production's seat keeps what it needs through the rest of its turn
    for sample in range(50):
        determinised = view.determinize(sample)
        determinised.apply("tile:1")
        while determinised.to_move() == 1 and determinised.to_dict()["step"] in ("put", "take tile"):
            determinised.apply(determinised.legal_moves()[-1])
        assert seat(determinised, 1)["money"] >= 0


def test_at_the_end_sampled_money_keeps_the_money_ranking_scored():
    for seed in range(6):
        state = random_finished_game(seed)
        seats = state.to_dict()["seats"]
        by_rank = sorted(range(3), key=lambda s: -seats[s]["vp_from"]["money rank"])
        view = state.view(by_rank[1])
        for other in (by_rank[0], by_rank[2]):
            view.forget_money(other)
        for sample in range(100):
            money = [seat(view.determinize(sample), s)["money"] for s in range(3)]
            offices = [seats[s]["sales_office"] for s in range(3)]
            for above, below in zip(by_rank, by_rank[1:]):
                assert (money[above], -offices[above]) > (money[below], -offices[below]), (seed, money)


def test_a_range_that_contradicts_the_money_ranking_scored_is_refused():
    state = random_finished_game(3)
    seats = state.to_dict()["seats"]
    top = max(range(3), key=lambda s: seats[s]["vp_from"]["money rank"])
    watcher = (top + 1) % 3
    richest_other = max(seats[s]["money"] for s in range(3) if s != top)
    view = state.view(watcher)
    with pytest.raises(pyai.InconsistentPositionError, match="VP for its money rank at the end"):
        view.forget_money(top, 0, richest_other - 1)
    assert view == state.view(watcher)
    view.forget_money(top, richest_other, 999)  # enough to stay on top: taken
