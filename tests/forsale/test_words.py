"""For Sale in words: a line that could mean another move than the one it names is
refused, never read as that other move; and the ways people say a move are read."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import pyai

NAMES = ["Anna", "Bob", "Carol", "Dee"]
GAME = pyai.load_game("forsale(players=4)")


def reach(seed: int, found: Callable[[dict[str, Any]], bool]) -> pyai.State:
    """The first state of a random game (seeded) whose own to_dict() is `found`."""
    rng, state = random.Random(seed), GAME.new_initial_state()
    while not found(state.to_dict()):
        chance = state.to_move() == "chance"
        state.apply(state.sample_chance(rng.randrange(10**9)) if chance else rng.choice(state.legal_moves()))
    return state


def read(state: pyai.State, seat: int, line: str) -> str:
    return GAME.words_to_token(line, state.view(seat).to_dict(), NAMES, seat)


def test_a_bid_is_its_total_and_a_denial_is_no_bid():
    state = reach(0, lambda d: d["phase"] == "auction" and d["high_bid"] == 3 and isinstance(d["to_move"], int))
    who = NAMES[state.to_move()]
    assert read(state, state.to_move(), f"{who} bids $8") == "bid:8"
    assert read(state, state.to_move(), f"{who} raises to 8") == "bid:8"
    for line, why in [
        (f"{who} bids 5 more", f"say the bid's total, e.g. '{who} bids 8'"),  # not bid:5
        (f"{who} raises by 5", "say the bid's total"),
        (f"{who} raises 5", "say the bid's total"),  # by 5, or to 5?
        (f"{who} doesn't bid", "not what is not done"),
        (f"{who} bids 12k", "'12k' is no whole number"),
        (f"{who} bids 9 (high bid 4)", "a bid needs its total, said alone: 9 and 4 are said"),
    ]:
        with pytest.raises(pyai.TokenSyntaxError, match=why):
            read(state, state.to_move(), line)


def test_an_advisor_is_played_with_its_payment_only_when_the_payment_is_said():
    state = reach(0, lambda d: d["phase"] == "buying" and isinstance(d["to_move"], int))
    seat = state.to_move()
    who, advisor = NAMES[seat], state.view(seat).to_dict()["seats"][seat]["advisors_in_hand"][0]
    assert read(state, seat, f"{who} plays {advisor} paying 3") == f"play:{advisor}+"
    assert read(state, seat, f"{who} plays {advisor}+") == f"play:{advisor}+"
    assert read(state, seat, f"{who} plays {advisor} paying $3") == f"play:{advisor}+"
    for aside in ("(boosted)", "(paid)"):  # an aside that says it
        assert read(state, seat, f"{who} plays {advisor} {aside}") == f"play:{advisor}+"
    for unpaid in ("without paying", ", no boost", "and does not pay", "", ", paying nothing", "and skips paying"):
        assert read(state, seat, f"{who} plays {advisor} {unpaid}") == f"play:{advisor}"
    with pytest.raises(pyai.TokenSyntaxError, match="say the one advisor played"):
        read(state, seat, f"{who} plays {advisor} and 3")  # never the first number alone


def test_a_sell_names_its_lawyer_where_it_is_said_and_a_contrast_is_no_second_vehicle():
    state = reach(1, lambda d: d["phase"] == "selling" and d["sell_step"] == "choose")
    vehicles = state.view(3).to_dict()["seats"][3]["vehicles"]
    first, second = vehicles[:2]
    assert read(state, 3, f"Dee sells {first} and {second} (Lawyer 21)") == f"sell:{first},{second}@21"
    assert read(state, 3, f"you sell {first} (cash: you 3 -> 3)") == f"sell:{first}"  # a note told back
    for line, why in [
        (f"Dee sells {first}, not {second}", "not what is not done"),
        (f"Dee sells {first} instead of {second}", "say the sell"),
        (f"Dee sells {first} and keeps {second}", "say the sell"),
        (f"I sell {first}, keeping {second}", "say the sell"),
        (f"I sell {first} for {second}", "say the sell"),
    ]:
        with pytest.raises(pyai.TokenSyntaxError, match=why):
            read(state, 3, line)


def test_the_cards_turned_up_are_whole_numbers_each():
    state = GAME.new_initial_state()
    assert read(state, 0, "checks $0 $5 $9 $14") == "deal:0,5,9,14"
    for line in ("deal 3 12 19 27 5.5", "deal 3 12 19 27 -8"):
        with pytest.raises(pyai.TokenSyntaxError, match="is no whole number"):  # never dropped unread
            read(state, 0, line)


def test_the_mechanic_declined_in_words_is_the_swap_not_used():
    state = reach(0, lambda d: d["phase"] == "selling" and d["sell_step"] == "mechanic")
    seat = state.to_move()
    for line in (f"{NAMES[seat]} doesn't use the Mechanic", f"{NAMES[seat]} keeps its Mechanic"):
        assert read(state, seat, line) == "mech:skip"
    assert read(state, seat, f"{NAMES[seat]} uses the Mechanic") == "mech:use"
    assert read(state, seat, f"{NAMES[seat]} plays the Mechanic") == "mech:use"
    for line in (f"{NAMES[seat]} keeps", f"{NAMES[seat]} passes"):  # the check kept: the swap not used
        assert read(state, seat, line) == "mech:skip"
    # A number names another move, never the Mechanic's: the rules then say why not now.
    assert read(state, seat, f"{NAMES[seat]} keeps 20") == "keep:20"
    assert read(state, seat, f"{NAMES[seat]} plays 13") == "play:13"


def test_past_tenses_and_dropping_out_are_read():
    auction = reach(0, lambda d: d["phase"] == "auction" and isinstance(d["to_move"], int))
    assert read(auction, auction.to_move(), f"{NAMES[auction.to_move()]} drops out") == "pass"
    selling = reach(1, lambda d: d["phase"] == "selling" and d["sell_step"] == "choose")
    vehicle = selling.view(3).to_dict()["seats"][3]["vehicles"][0]
    assert read(selling, 3, f"Dee sold {vehicle}") == f"sell:{vehicle}"  # her own sealed sell, in any seat order
    keep = reach(0, lambda d: d["phase"] == "selling" and d["sell_step"] == "keep")
    seat = keep.to_move()
    kept = keep.view(seat).to_dict()["seats"][seat]["sell"]["vehicles"][0]
    assert read(keep, seat, f"{NAMES[seat]} kept {kept}") == f"keep:{kept}"
    lawyer = keep.view(seat).to_dict()["seats"][seat]["sell"]["lawyer"]
    assert read(keep, seat, f"{NAMES[seat]} keeps {kept} (Lawyer {lawyer})") == f"keep:{kept}"


def test_a_colon_after_the_first_word_and_a_pass_with_its_reason_are_read():
    state = GAME.new_initial_state()
    assert read(state, 0, "deal: 3, 12, 19, 27") == "deal:3,12,19,27"
    auction = reach(0, lambda d: d["phase"] == "auction" and isinstance(d["to_move"], int))
    who = NAMES[auction.to_move()]
    assert read(auction, auction.to_move(), f"{who}: bids 4") == "bid:4"
    assert read(auction, auction.to_move(), f"{who} passes without bidding") == "pass"
