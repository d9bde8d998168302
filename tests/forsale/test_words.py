"""For Sale in words: a line that could mean another move than the one it names is
refused, never read as that other move; and the ways people say a move are read."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from told_back import typed_back_as_told

import pyai
from pyai.commands.advise import Companion, SealedChoice
from pyai.commands.advise_session import Session

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
        # not bid:5; the example is the bid meant, with the amount said
        (f"{who} bids 5 more", f"say the bid's total, '{who} bids 8' for 5 more than the high bid of 3"),
        (f"{who} raises by 5", f"say the bid's total, '{who} bids 8' for 5 more"),
        # by 5, or to 5?
        (f"{who} raises 5", f"say the bid's total, '{who} bids 5' for a bid of 5, or '{who} bids 8' for 5 more"),
        (f"{who} raises 2", f"say the bid's total, '{who} bids 5' for 2 more"),  # to 2 is no bid over 3
        (f"{who} doesn't bid", "not what is not done"),
        (f"{who} bids 12k", "'12k' is no whole number"),
        (f"{who} bids 9 over 4", "a bid needs its total, said alone: 9 and 4 are said"),
        (f"{who} bids 9 (high bid 4)", r"the aside '\(high bid 4\)' is not read: a number in brackets is read only as"),
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


def test_an_aside_with_a_number_is_read_whatever_its_punctuation_or_refused():
    state = reach(1, lambda d: d["phase"] == "selling" and d["sell_step"] == "choose")
    first, second = state.view(3).to_dict()["seats"][3]["vehicles"][:2]
    asides = ("(Lawyer 21)", "(Lawyer: 21)", "(lawyer:21)", "((Lawyer 21))", "(the 21 Lawyer)", "with the 21 Lawyer")
    for aside in asides:
        assert read(state, 3, f"Dee sells {first} and {second} {aside}") == f"sell:{first},{second}@21", aside
    assert read(state, 3, f"Dee sells {first} and {second} (Lawyer)") == f"sell:{first},{second}"  # the lowest
    for line, why in [
        (f"Dee sells {first} (Lawyer: 21)", "a sell with the Lawyer names two vehicles and one"),  # not two
        (f"Dee sells {first} with the 21 Lawyer", "a sell with the Lawyer names two vehicles"),
        (f"Dee sells {first} (cash 21)", r"the aside '\(cash 21\)' is not read"),  # never a second vehicle
        (f"Dee sells {first} (21 Lawyer)", r"the aside '\(21 Lawyer\)' is not read"),  # 21: a vehicle or the Lawyer?
        (f"Dee sells {first} and {second} (check: 21)", r"the aside '\(check: 21\)' is not read"),  # nor the Lawyer
        (f"Dee sells {first} and {second} (Lawyer 21", "the brackets in .* do not pair up"),  # never read unchecked
        (f"Dee sells {first} and {second} [Lawyer 21]", r"'\[' is not read: say the move in words without it"),
        (f"Dee sells {first} and {second} {{Lawyer 21}}", r"'\{' is not read"),
        (f"Dee sells {first} and {second} (the Mechanic)", "the Mechanic has no part in a sell"),
    ]:
        with pytest.raises(pyai.TokenSyntaxError, match=why):
            read(state, 3, line)


def test_an_advisor_an_aside_names_is_checked_against_the_move():
    keep = reach(0, lambda d: d["phase"] == "selling" and d["sell_step"] == "keep")
    seat = keep.to_move()
    sell = keep.view(seat).to_dict()["seats"][seat]["sell"]
    kept, lawyer = sell["vehicles"][0], sell["lawyer"]
    assert read(keep, seat, f"{NAMES[seat]} keeps {kept} (Lawyer: {lawyer})") == f"keep:{kept}"
    assert read(keep, seat, f"you take vehicle {kept} back (Lawyer)") == f"keep:{kept}"  # as told back
    for wrong in (f"(Lawyer {lawyer + 1})", f"(Lawyer: {lawyer + 1})"):  # another Lawyer: never dropped
        with pytest.raises(pyai.TokenSyntaxError, match=f"{NAMES[seat]}'s Lawyer is {lawyer}, not {lawyer + 1}"):
            read(keep, seat, f"{NAMES[seat]} keeps {kept} {wrong}")
    buying = reach(0, lambda d: d["phase"] == "buying" and isinstance(d["to_move"], int))
    seat = buying.to_move()
    advisor = buying.view(seat).to_dict()["seats"][seat]["advisors_in_hand"][0]
    own = GAME.theme.abilities[(advisor - 1) // 3]
    other = GAME.theme.abilities[(advisor - 1) // 3 - 1]
    assert read(buying, seat, f"{NAMES[seat]} plays {advisor} ({own})") == f"play:{advisor}"
    told = f"{NAMES[seat]} offers {GAME.theme.advisor(advisor)}, paying 3 to count as 31-33"
    assert read(buying, seat, told) == f"play:{advisor}+"
    for line in (f"{NAMES[seat]} plays {advisor} ({other})", f"{NAMES[seat]} plays {advisor}, the {other}"):
        with pytest.raises(pyai.TokenSyntaxError, match=f"advisor {advisor} is a {own}, not a {other}"):
            read(buying, seat, line)
    with pytest.raises(pyai.TokenSyntaxError, match=r"'\[' is not read"):  # "[boosted]" is never read as unpaid
        read(buying, seat, f"{NAMES[seat]} plays {advisor} [boosted]")


def test_a_pass_and_the_mechanics_step_say_no_number():
    auction = reach(0, lambda d: d["phase"] == "auction" and isinstance(d["to_move"], int))
    who = NAMES[auction.to_move()]
    for line in (f"{who} passes at 4", f"{who} drops out, paying 2"):
        with pytest.raises(pyai.TokenSyntaxError, match=f"'{who} (passes|drops)' takes no number"):
            read(auction, auction.to_move(), line)
    lowest = min(auction.view(0).to_dict()["table"])
    with pytest.raises(pyai.TokenSyntaxError, match=f"it is the lowest on the table, {lowest} .*: say '{who} passes'"):
        read(auction, auction.to_move(), f"{who} passes and takes {lowest + 1}")  # a pass takes the lowest
    mechanic = reach(0, lambda d: d["phase"] == "selling" and d["sell_step"] == "mechanic")
    who = NAMES[mechanic.to_move()]
    # A number there is read only as the Mechanic's own (tests/forsale/test_said_at_the_table.py).
    with pytest.raises(pyai.TokenSyntaxError, match=f"{who} has no unused Mechanic 8"):
        read(mechanic, mechanic.to_move(), f"{who} uses the Mechanic 8")
    with pytest.raises(pyai.TokenSyntaxError, match="a number at the Mechanic's step is read only as"):
        read(mechanic, mechanic.to_move(), f"{who} uses it for the 9")


def test_a_payment_or_a_lawyers_number_is_read_only_with_the_move_that_says_it():
    auction = reach(0, lambda d: d["phase"] == "auction" and isinstance(d["to_move"], int))
    seat = auction.to_move()
    who = NAMES[seat]
    for aside in ("(Lawyer: 21)", "(Lawyer 21)"):  # never bid:21
        with pytest.raises(pyai.TokenSyntaxError, match=rf"the aside '\({aside[1:-1]}\)' names the Lawyer's number"):
            read(auction, seat, f"{who} bids {aside}")
    with pytest.raises(pyai.TokenSyntaxError, match=r"the aside '\(paying 3\)' says a payment"):  # never bid:3
        read(auction, seat, f"{who} bids (paying 3)")
    with pytest.raises(pyai.TokenSyntaxError, match="a payment goes only with an advisor played"):
        read(auction, seat, f"{who} bids paying 3")
    selling = reach(1, lambda d: d["phase"] == "selling" and d["sell_step"] == "choose")
    vehicle = selling.view(3).to_dict()["seats"][3]["vehicles"][0]
    for aside in ("(paying 3)", "(paid 7)"):  # never a second vehicle
        with pytest.raises(pyai.TokenSyntaxError, match=rf"the aside '\({aside[1:-1]}\)' says a payment"):
            read(selling, 3, f"I sell {vehicle} {aside}")
    with pytest.raises(pyai.TokenSyntaxError, match="a payment goes only with an advisor played .*, not with a sell"):
        read(selling, 3, f"I sell {vehicle} paying 3")


def test_a_bid_names_its_amount_not_the_card_it_is_for():
    auction = reach(0, lambda d: d["phase"] == "auction" and isinstance(d["to_move"], int))
    seat = auction.to_move()
    who = NAMES[seat]
    for line in (f"{who} bids on the 19 Lawyer", f"{who} bids on 19", f"{who} bids 4 (Lawyer)"):  # never bid:19
        with pytest.raises(pyai.TokenSyntaxError, match="a bid says its total alone, not the card it is for"):
            read(auction, seat, line)
    # the example keeps the amount said first, and the seat as said
    with pytest.raises(pyai.TokenSyntaxError, match="say e.g. 'I bid 6'"):
        read(auction, seat, "I bid 6 for the 28")


def test_a_sell_names_its_lawyer_first_as_the_companion_tells_it():
    state = reach(1, lambda d: d["phase"] == "selling" and d["sell_step"] == "choose")
    first, second = state.view(3).to_dict()["seats"][3]["vehicles"][:2]
    for line in (
        f"I sell with the 19 Lawyer {first} and {second}",
        f"I sell 19 Lawyer: {first} and {second}",
        f"I sell the 19 Lawyer, {first} and {second}",
        f"you sell {first} and {second} with the 19 Lawyer",  # as a sell is told back
        f"I sell {first} (Lawyer 19) and {second}",  # an aside's number is its own
        f"I sell {first} and {second}, Lawyer 19",
    ):
        assert read(state, 3, line) == f"sell:{first},{second}@19", line
    with pytest.raises(pyai.TokenSyntaxError, match=f"which is the Lawyer's, {second} or 19\\? say it after 'with'"):
        read(state, 3, f"I sell the {first} and the {second} Lawyer 19")


@pytest.mark.parametrize(
    "line",
    [
        "-- phase 1, round 1 of 7: advisors 3 12 19 27",  # by their numbers alone
        "-- phase 1, round 1 of 7: advisors 3, 12, 19, 27",
        "-- phase 1, round 1 of 7: advisors 3 Sales Associate 12 Controller 19 27",  # commas or not
        "-- phase 1, round 1 of 7: advisors 3 Sales Associate, 12 Controller, 19 Lawyer, 27 Financial Advisor.",
        "-- phase 01, round 1 of 07: advisors 3 Sales Associate, 12 Controller, 19 Lawyer, 27 Financial Advisor",
    ],
)
def test_a_deal_told_back_is_read_by_its_numbers(line):
    assert read(GAME.new_initial_state(), 0, line) == "deal:3,12,19,27"


def test_a_deal_told_back_names_what_it_cannot_read():
    state = GAME.new_initial_state()
    for line, why in [
        ("-- phase 1, round 1 of 7: advisors 3 12 19 27 5.5", "'5.5' is no whole number"),
        ("-- phase 1, round 1 of 7: advisors Sales 3 12 19 27", "'Sales' is no advisor"),
        ("-- phase 1, round 1 of 7: advisors 3 12 Mechanic 19 27.", "advisor 12 is a Controller, not a Mechanic$"),
    ]:
        with pytest.raises(pyai.TokenSyntaxError, match=why):
            read(state, 0, line)


def step_line(c: Companion, rng: random.Random) -> str:
    """A random step of the game the companion follows, said as a person at the table
    would: the cards turned up as 'deal ...', a move as its token, the sells as told."""
    state = c.position.state
    if state.to_move() == "chance":
        token = state.sample_chance(rng.getrandbits(64))
        if token.startswith("removed:"):  # unseen at the table: the first deal says the first cards
            ahead = state.clone()
            ahead.apply(token)
            token = ahead.sample_chance(rng.getrandbits(64))
        return "deal " + token.removeprefix("deal:").replace(",", " ")
    if c.at_sealed_step():  # your own sell, then every other seat's revealed at once
        if state.may_act(c.me) and not isinstance(c.position, SealedChoice):
            return f"I {rng.choice(state.legal_moves_for(c.me))}"
        seats = [s for s in range(c.game.players) if state.may_act(s) and s != c.me]
        sells = [c.game.secret_choice_words(rng.choice(state.legal_moves_for(s))) for s in seats]
        return "sells revealed: " + ", ".join(f"{c.names[s]} {sell}" for s, sell in zip(seats, sells))
    return rng.choice(state.legal_moves())


@pytest.mark.parametrize(
    "game, rounds",
    [("forsale(players=3)", 24), ("forsale(players=4,theme=advisors)", 21), ("forsale(players=5,edition=classic)", 12)],
)
def test_every_deal_told_back_is_read_as_that_deal(game, rounds):
    """Each deal of a seeded game, as the companion tells it ("-- phase 1, round 1 of 8:
    advisors 3 Sales Associate, ..."), typed back where it was dealt, is that same deal."""
    players = pyai.load_game(game).players
    c = Companion(Session(game, 1, [*NAMES, "Eve"][:players], iterations=10))
    rng, deals = random.Random(5), 0
    while not c.position.state.is_terminal():
        line = step_line(c, rng)
        if c.position.state.to_move() != "chance":
            assert not c.handle(line)[0].startswith("not taken"), line
            continue
        assert typed_back_as_told(c, line).startswith("  -- phase ")
        deals += 1
    assert deals == rounds


def test_a_deal_told_back_where_another_is_due_is_refused_saying_what_to_type():
    c = Companion(Session("forsale(players=4)", 3, list(NAMES), iterations=10))
    how = "the 4 advisors turned up: say 'deal 3 12 19 27' (their numbers)"
    told = "-- phase 1, round 1 of 7: advisors 3 Sales Associate, 12 Controller, 19 Lawyer, 27 Financial Advisor"
    for line, why in [
        (told.replace("round 1", "round 2"), f"the cards turned up now are phase 1, round 1 of 7's, not phase 1, "
         f"round 2 of 7's; {how}"),
        (told.replace("advisors 3", "vehicles 3"), "the cards turned up now are advisors, told as "
         f"'-- phase 1, round 1 of 7: advisors ...'; {how}"),
        (told.replace("12 Controller", "12 Mechanic"), "advisor 12 is a Controller, not a Mechanic"),
        ("-- phase one", f"cannot read '-- phase one' as a deal told back ('-- phase 1, round 1 of 7: ...'); {how}"),
        # the removal told back names none of the cards set aside: what to say instead
        ("some cards of each deck are set aside unseen", f"that line names none of the cards set aside: unseen at "
         f"the table, they go by themselves, so say the first cards turned up ({how}); a record that names them "
         "says 'removed:A/V/C' (advisors/vehicles/checks)"),
    ]:  # fmt: skip
        assert c.handle(line) == [f"not taken: {why}"], line
    assert c.position.moves == ()
    assert c.handle(told)[0] == f"  {told}"
    assert c.handle(told) == ["not taken: no cards are turned up now: it is Anna's turn"]


# Dee (seat 3) at the first selling round, holding vehicles 2 and 3 and Lawyers 20 and 21:
# two numbers of her line are a sell of two with a Lawyer.
LAWYER_SELLS_AT = (
    "phase:selling round:1 table:0,2,5,9 cash:10/10/10/10 played:1,2,3,4,5,6,7/8,9,10,11,12,13,14/"
    "15,16,17,18,19,22,23/20,21,24,25,26,27,28 vehicles:8,9,10,11,12,13,14/4,5,6,7,15,16,17/"
    "1,18,19,22,23,24,25/2,3,20,21,26,27,28"
)


def test_a_line_that_names_another_seat_is_refused_never_read_as_one_move():
    auction = reach(0, lambda d: d["phase"] == "auction" and d["high_bid"] == 0 and isinstance(d["to_move"], int))
    seat = auction.to_move()
    who, other = NAMES[seat], NAMES[(seat + 1) % 4]
    for line in (f"{who} bids 4, {other} passes", f"{who} bids 4 and {other} passes", f"{who} bids 4 ({other} passed)"):
        with pytest.raises(pyai.TokenSyntaxError, match=f"names {other} as well as {who}: say one step a line"):
            read(auction, (seat + 2) % 4, line)  # never bid:4, the pass dropped
    assert read(auction, seat, f"{who} bids 4 (cash: {other} 28 -> 27)") == "bid:4"  # the cash a step moved, told
    # In the reveal line a name left inside another seat's sell would make it two vehicles and a Lawyer.
    c = Companion(Session("forsale(players=4)", 3, list(NAMES), at=LAWYER_SELLS_AT, iterations=10))
    assert c.handle("sells revealed: Anna 8, Carol 1, Bob 4, I 3 Carol 2") == [
        "not taken: 'I 3 Carol 2' names Carol after I: separate the seats with commas, "
        "e.g. 'sells revealed: Anna 8, Bob 4, Carol 1, I 2'"  # a vehicle each holds
    ]
    # An 'and' before a seat's name parts the line as a list is said: Carol twice, never a sell of two.
    assert c.handle("sells revealed: Anna 8, Carol 1, Bob 4, I 3 and Carol 2") == [
        "not taken: Carol is named twice (each seat once: Anna, Bob, Carol, Dee)"
    ]
    assert c.handle("I sell 3 and Carol 2")[0].startswith("not taken: 'I sell 3 and Carol 2' names Carol as well")


def test_the_mechanics_step_reads_no_other_advisor_and_says_its_own_words():
    state = reach(0, lambda d: d["phase"] == "selling" and d["sell_step"] == "mechanic")
    seat = state.to_move()
    who = NAMES[seat]
    for advisor in ("Lawyer", "Fleet Manager"):  # never the Mechanic used
        with pytest.raises(pyai.TokenSyntaxError, match=f"the {advisor} has no part in the Mechanic's swap"):
            read(state, seat, f"{who} uses the {advisor}")
    with pytest.raises(pyai.TokenSyntaxError, match=f"e.g. '{who} uses the Mechanic' or '{who} does not use it'"):
        read(state, seat, f"{who} grabs the second lowest check")  # not "say which vehicle is kept"


def test_a_line_the_words_cannot_read_is_answered_with_the_steps_own_moves():
    auction = reach(0, lambda d: d["phase"] == "auction" and d["high_bid"] == 3 and isinstance(d["to_move"], int))
    seat = auction.to_move()
    who = NAMES[seat]
    assert read(auction, seat, f"{who} folds") == "pass"
    with pytest.raises(pyai.TokenSyntaxError) as refused:
        read(auction, seat, f"{who} 4")
    assert str(refused.value) == f"cannot read '{who} 4': say who and what, e.g. '{who} bids 4' or '{who} passes'"
    buying = reach(0, lambda d: d["phase"] == "buying" and isinstance(d["to_move"], int))
    with pytest.raises(pyai.TokenSyntaxError, match="e.g. '.* plays [0-9]+' or '.* plays the [A-Z]"):
        read(buying, buying.to_move(), f"{NAMES[buying.to_move()]} shows 13")


def test_a_bid_in_dollars_is_refused_saying_how_to_say_it_and_one_in_words_is_read():
    state = reach(0, lambda d: d["phase"] == "auction" and d["high_bid"] == 0 and isinstance(d["to_move"], int))
    seat = state.to_move()
    who = NAMES[seat]
    for line in (f"{who} bids $4,000", f"{who} bids 4000", f"{who} bids 4 000"):  # not "4 and 0 are said"
        with pytest.raises(pyai.TokenSyntaxError, match=f"money is counted in thousands, .*: say '{who} bids 4'"):
            read(state, seat, line)
    with pytest.raises(pyai.TokenSyntaxError, match=rf"say '{who} bids 3' for \$3,000"):  # the amount said
        read(state, seat, f"{who} bids 3,000")
    assert read(state, seat, f"{who} bids four") == "bid:4"
    assert read(state, seat, f"{who} bids Twelve.") == "bid:12"
    assert read(state, seat, f"{who} bids twenty two") == read(state, seat, f"{who} bids twenty-two") == "bid:22"
    with pytest.raises(pyai.TokenSyntaxError, match="a bid needs its total, said alone: 4 and 5 are said"):
        read(state, seat, f"{who} bids four or five")
    with pytest.raises(pyai.TokenSyntaxError, match=f"say the bid's total, e.g. '{who} bids 4'"):
        read(state, seat, f"{who} bids a lot")


def test_a_move_said_while_cards_are_due_or_sells_are_chosen_says_what_comes_now():
    with pytest.raises(pyai.TokenSyntaxError) as refused:
        read(GAME.new_initial_state(), 3, "Anna bids 2")
    assert str(refused.value) == (
        "it is nobody's turn, not Anna's: first the 4 advisors turned up: say 'deal 3 12 19 27' (their numbers)"
    )
    selling = reach(1, lambda d: d["phase"] == "selling" and d["sell_step"] == "choose" and d["to_move"] == 0)
    for line in ("I pass", "I bid 12"):  # not "it is Anna's turn"
        with pytest.raises(
            pyai.TokenSyntaxError, match="every seat now chooses a vehicle to sell, in secret: say yours"
        ):
            read(selling, 3, line)


def test_a_deal_line_reads_each_word_it_holds():
    state = GAME.new_initial_state()
    assert read(state, 0, "deal 3 Sales Associate, 12 Controller, 19 and 27") == "deal:3,12,19,27"
    assert read(state, 0, "deal advisors 3 12 19 27") == "deal:3,12,19,27"
    for line, why in [
        ("deal 3 12 Mechanic 19 27", "advisor 12 is a Controller, not a Mechanic"),  # never dropped unread
        ("deal 3 twelve 19 27 28", "'twelve' is not read: a deal tells each advisor by its number"),  # not 3,19,27,28
    ]:
        with pytest.raises(pyai.TokenSyntaxError, match=why):
            read(state, 0, line)


def test_a_refusal_in_words_says_the_steps_moves_in_words():
    c = Companion(Session("forsale(players=4)", 3, list(NAMES), iterations=10))
    for line in ("deal 2 8 19 23", "Anna bids 1", "Bob passes", "Carol passes"):
        assert not c.handle(line)[0].startswith("not taken"), line
    answer = c.handle("I play 8")[0]
    assert answer.startswith("not taken: wrong move now: the auction takes a bid or a pass; legal now, you: pass")
    assert ":N" not in answer


def test_a_sell_with_the_lowest_lawyer_is_told_with_it():
    c = Companion(Session("forsale(players=4)", 3, list(NAMES), at=LAWYER_SELLS_AT, iterations=10))
    assert (
        c.handle("I sell 2 and 3")[0]
        == "  you sell 2 and 3 with the 20 Lawyer: kept secret until the sells are revealed"
    )
    assert c.show()[2] == "to choose a vehicle to sell, in secret: Anna, Bob, Carol, Dee (you)"  # not "to move: Anna"


def test_every_sell_as_the_reveal_buttons_say_it_reads_back_as_itself():
    state = GAME.from_position(LAWYER_SELLS_AT)
    while state.to_move() != 3:  # Dee's sell (she holds the 20 Lawyer), the seats before her chosen
        state.apply(state.legal_moves()[0])
    sells = state.legal_moves()
    assert any("@" in token for token in sells) and any("@" not in token for token in sells)
    assert GAME.secret_choice_words("sell:2,3@20") == "2 and 3 with the 20 Lawyer"  # as the companion tells it
    for token in sells:
        said = GAME.secret_choice_words(token)
        assert ":" not in said and "," not in said  # no token form, nothing the reveal line splits at
        assert read(state, 3, f"Dee sells {said}") == token, said


def test_the_seat_to_take_back_or_to_decide_on_the_swap_is_shown_by_its_name():
    c = Companion(Session("forsale(players=4)", 3, list(NAMES), at=LAWYER_SELLS_AT, iterations=10))
    answer = c.handle("sells revealed: Anna 8, Bob 4, Carol 1 and 18, I 20")
    # the next: line says how to say the step, with a vehicle Carol sold
    assert answer[-1] == "next: Carol, to take a vehicle back (Lawyer): say which, e.g. 'keeps 1'"
    assert c.show()[2] == "to move: Carol, to take a vehicle back (Lawyer)"  # not "seat 2 (Lawyer: ...)"
    answer = c.handle("Carol keeps 1")
    assert answer[0] == "  Carol takes vehicle 1 back (Lawyer)"
    assert answer[-1] == "next: Bob, to use the Mechanic or not: 'uses the Mechanic' or 'does not use it'"
    for declined in ("Bob does not use it", "Bob doesnt use it"):  # typed without its apostrophe too
        assert c.handle(declined)[0].startswith("  Bob does not use the Mechanic") and c.handle("undo")
    assert c.show()[2] == "to move: Bob, to use the Mechanic or not"  # Bob sold the lowest, 4
    assert c.handle("Bob passes")[0].startswith("  Bob does not use the Mechanic; sold: ")  # not "keeps its"


def test_the_mechanic_used_is_told_by_the_number_the_rules_spend_and_typed_back_as_told():
    c = Companion(Session("forsale(players=4)", 3, list(NAMES), at=LAWYER_SELLS_AT, iterations=10))
    c.handle("sells revealed: Anna 8, Bob 4, Carol 1 and 18, I 20")
    c.handle("Carol keeps 1")
    assert c.show()[2] == "to move: Bob, to use the Mechanic or not"  # Bob holds Mechanics 8 and 9
    told = typed_back_as_told(c, "Bob takes the second lowest check")
    assert told.startswith("  Bob uses the 8 Mechanic; sold: "), told  # not "a Mechanic": the 8 is spent
    assert c.position.moves[-1] == "mech:use"


def test_a_sell_of_two_reads_no_word_it_cannot_place():
    c = Companion(Session("forsale(players=4)", 3, list(NAMES), at=LAWYER_SELLS_AT, iterations=10))
    told = "  you sell 2 and 3 with the 20 Lawyer: kept secret until the sells are revealed"
    assert c.handle(told.strip())[0] == told  # one's own sell typed back as it was told
    assert c.handle("undo")[0].startswith("undone")
    answer = c.handle("I sell 26 to get the 9")[0]  # never sell:26,9
    assert answer.startswith("not taken: cannot read 'to get' beside two vehicles: say the sell")
    assert len(c.positions) == 1


@pytest.mark.parametrize(
    "game", ["forsale(players=4)", "forsale(players=4,theme=advisors)", "forsale(players=4,edition=classic)"]
)
def test_a_card_taken_in_the_auction_is_a_pass_when_it_is_the_lowest(game):
    """A seat takes a card in the auction only by passing, and then the lowest on the table: said by
    its number (or its advisor's ability), it is that pass; any other card is refused, naming the lowest."""
    played = pyai.load_game(game)
    state = played.new_initial_state()
    state.apply("deal:3,12,19,27")
    data = state.view(0).to_dict()
    lowest = "the Sales Associate" if "classic" not in game else "property 3"
    for line in ("Anna takes 3", "I take the 3", f"Anna takes {lowest}"):
        assert played.words_to_token(line, data, NAMES, 0) == "pass", line
    card = "property 3" if "classic" in game else "3 Sales Associate"
    for line in ("Anna takes 12", "Anna takes 3 and 12"):
        with pytest.raises(pyai.TokenSyntaxError) as refused:
            played.words_to_token(line, data, NAMES, 0)
        assert str(refused.value) == (
            f"in the auction a card is taken only by passing, and it is the lowest on the table, {card}: "
            f"say 'Anna passes' (not {line!r})"
        )
    if "classic" not in game:  # the 19's ability is not the lowest card's
        with pytest.raises(pyai.TokenSyntaxError, match=f"the lowest on the table, {card}"):
            played.words_to_token("Anna takes the Lawyer", data, NAMES, 0)


@pytest.mark.parametrize("head", ["currency cards", "currency", "Currency cards:"])
def test_a_deal_may_open_with_its_decks_name_in_the_themes_words(head):
    """For Sale: Advisors calls its checks currency cards, as its next: line does: a deal said
    with that name is the deal ('currency cards 0 5 9 14'), as 'deal 0 5 9 14' is."""
    played = pyai.load_game("forsale(players=4,theme=advisors)")
    state = played.new_initial_state()
    rng = random.Random(3)
    while not (state.to_move() == "chance" and state.to_dict()["phase"] == "selling"):
        mover = state.to_move()
        state.apply(state.sample_chance(rng.getrandbits(64)) if mover == "chance" else rng.choice(state.legal_moves()))
    data = state.view(0).to_dict()
    values = " ".join(map(str, sorted(data["unseen"][2])[:4]))
    assert played.words_to_token(f"{head} {values}", data, NAMES, 0) == played.words_to_token(
        f"deal {values}", data, NAMES, 0
    )
    with pytest.raises(pyai.TokenSyntaxError):  # another deck's name is no deal of this one
        played.words_to_token(f"advisors {values}", data, NAMES, 0)


def test_a_fleet_manager_paid_up_is_told_and_read_with_the_value_it_counts_as():
    """13-15 paid up count as 31-33, each its own: told so, and read back so, a value said
    for it checked ('to make it 31' for the 15 is refused)."""
    buying = (
        "phase:buying round:1 leader:0 turn:0 table:11,12,20,29 cash:3/0/0/1 "
        "advisors:2,5,15,21,26,27,29/3,7,13,20,22,24,28/6,8,11,14,18,25,30/4,9,10,12,16,17,19"
    )
    c = Companion(Session("forsale(players=4)", 0, list(NAMES), buying, 10))
    told = c.handle("I play 15 and pay 3 to make it 33")[0]
    assert told.startswith("  you offer 15 Fleet Manager, paying 3 to count as 33")
    assert c.position.moves[-1] == "play:15+"
    assert c.handle("undo")[0].startswith("undone")
    assert c.handle(told.strip())[0] == told  # typed back as told
    assert c.handle("undo")[0].startswith("undone")
    assert c.handle("I play 15 paying 3 to count as 31")[0] == (
        "not taken: advisor 15 paid up counts as 33, not 31: say 'plays 15 paying 3'"
    )
