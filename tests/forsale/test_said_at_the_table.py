"""For Sale as people say it at a table beyond the words the docs list ("I'm out", "Bob goes
5", "plays fifteen"): read as the move meant, or refused; a line is never half-read."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest

import pyai
from pyai.forsale.narration import DECKS, dealt_deck
from pyai.forsale.themes import ADVISORS, CLASSIC
from pyai.forsale.words import next_chance_words

NAMES = ["Anna", "Bob", "Carol", "Dee", "Eve"]
CHECKS = {0, *range(2, 16)}


def reach(game: pyai.Game, seed: int, found: Callable[[dict[str, Any]], bool]) -> pyai.State:
    """The first state of a random game (the first seed from `seed` on whose game has one) whose
    own to_dict() is `found`."""
    for tried in range(seed, seed + 100):
        rng, state = random.Random(tried), game.new_initial_state()
        while not found(state.to_dict()) and not state.is_terminal():
            chance = state.to_move() == "chance"
            state.apply(state.sample_chance(rng.randrange(10**9)) if chance else rng.choice(state.legal_moves()))
        if not state.is_terminal():
            return state
    raise AssertionError("no such state in 100 games")


def read(game: pyai.Game, state: pyai.State, seat: int, line: str) -> str:
    return game.words_to_token(line, state.view(seat).to_dict(), NAMES[: game.players], seat)


@pytest.mark.parametrize(
    ("game_string", "theme"),
    [("forsale(players=3,edition=classic)", CLASSIC), ("forsale(players=5,theme=advisors)", ADVISORS)],
)
def test_the_example_for_the_checks_turned_up_names_checks(game_string, theme):
    game = pyai.load_game(game_string)
    state = reach(game, 0, lambda d: d["phase"] == "selling" and d["to_move"] == "chance")
    said = next_chance_words(state.view(0).to_dict(), theme)
    example = said.split("'deal ")[1].split("'")[0].split()
    assert len(example) == game.players and {int(n) for n in example} <= CHECKS, said


def test_a_play_is_read_whole_or_refused():
    game = pyai.load_game("forsale(players=5,theme=advisors)")

    def realtor_to_play(d: dict[str, Any]) -> bool:
        seat = d["to_move"]
        return (
            d["phase"] == "buying"
            and isinstance(seat, int)
            and d["seats"][seat]["cash"] >= 3
            and any(13 <= a <= 15 for a in d["seats"][seat]["advisors_in_hand"])
        )

    state = reach(game, 3, realtor_to_play)
    seat = state.to_move()
    who = NAMES[seat]
    realtor = next(a for a in state.to_dict()["seats"][seat]["advisors_in_hand"] if 13 <= a <= 15)
    assert read(game, state, seat, f"{who} plays {realtor} and pays three") == f"play:{realtor}+"
    assert read(game, state, seat, f"{who} plays {realtor} paying 3 coins") == f"play:{realtor}+"
    assert read(game, state, seat, f"{who} plays {realtor} unpaid") == f"play:{realtor}"
    in_words = ["thirteen", "fourteen", "fifteen"][realtor - 13]
    assert read(game, state, seat, f"{who} plays {in_words}") == f"play:{realtor}"
    for line in (f"{who} plays {realtor} and bumps it up", f"{who} plays {realtor} upgraded"):  # never unpaid
        with pytest.raises(pyai.TokenSyntaxError, match="beside the advisor played"):
            read(game, state, seat, line)
    with pytest.raises(pyai.TokenSyntaxError, match="money is counted in thousands"):  # never "15 and 0"
        read(game, state, seat, f"{who} plays {realtor} paying $3,000")


def test_the_auction_as_people_say_it():
    game = pyai.load_game("forsale(players=3,edition=classic)")
    state = reach(game, 0, lambda d: d["phase"] == "auction" and d["high_bid"] == 0 and isinstance(d["to_move"], int))
    seat = state.to_move()
    who = NAMES[seat]
    for line in ("I'm out", "I am out", f"{who} is out", f"{who} goes out"):
        assert read(game, state, seat, line) == "pass"
    for line in (f"{who} goes 5", "I'll go 5", f"{who} goes up to 5"):
        assert read(game, state, seat, line) == "bid:5"
    for line, why in [
        (f"{who} goes up 2", "say the bid's total"),  # by 2, or to 2?
        (f"{who} bids 3 and passes", "cannot read 'and passes' beside the bid"),
        (f"{who} bids 3 or passes", "cannot read 'or passes' beside the bid"),
        (f"{who} bids 3 and wins", "cannot read 'and wins' beside the bid"),
        ("I'll take it", f"cannot read .*: say who and what, e.g. '{who} bids 1' or '{who} passes'"),
        ("I pass?", "asks: say a move as it is made"),
        ("I pass and take 12", "the lowest on the table, property 8: say 'I pass'"),
    ]:
        with pytest.raises(pyai.TokenSyntaxError, match=why):
            read(game, state, seat, line)


def test_a_keep_says_one_vehicle_and_a_lawyers_sell_may_join_two_with_a_plus():
    game = pyai.load_game("forsale(players=4)")
    keep = reach(game, 0, lambda d: d["phase"] == "selling" and d["sell_step"] == "keep")
    seat = keep.to_move()
    first, second = keep.to_dict()["seats"][seat]["sell"]["vehicles"]
    with pytest.raises(pyai.TokenSyntaxError, match=f"alone: {first} and {second} are said"):
        read(game, keep, seat, f"{NAMES[seat]} keeps {first} and sells {second}")
    selling = reach(game, 1, lambda d: d["phase"] == "selling" and d["sell_step"] == "choose")
    one, two = selling.view(3).to_dict()["seats"][3]["vehicles"][:2]
    assert read(game, selling, 3, f"Dee sells {one} + {two} with the Lawyer") == f"sell:{one},{two}"


def _unused_mechanics(d: dict[str, Any]) -> list[int]:
    seat = d["seats"][d["to_move"]]
    return sorted(n for n in seat["advisors_played"] if 7 <= n <= 9 and n not in seat["advisors_spent"])


def test_the_contractor_said_with_its_number_is_used_when_it_is_the_one_the_rules_spend():
    """At the swap step a number is read only as the Contractor's own, after or before its
    name, and only where the rules spend that one (the lowest unused): any other number could
    be the currency card the swap takes."""
    game = pyai.load_game("forsale(players=5,theme=advisors)")
    state = reach(
        game, 0, lambda d: d["phase"] == "selling" and d["sell_step"] == "mechanic" and len(_unused_mechanics(d)) > 1
    )
    seat = state.to_move()
    who = NAMES[seat]
    lowest, other = _unused_mechanics(state.to_dict())[:2]
    for line in (
        f"{who} uses Contractor {lowest}",
        f"{who} uses the {lowest} Contractor",
        f"I use contractor {lowest}.",
    ):
        assert read(game, state, seat, line) == "mech:use", line
    refused = {
        f"{who} uses Contractor {other}": f"the rules spend {who}'s lowest unused Contractor, {lowest}, not {other}",
        f"{who} uses {lowest}": "a number at the Contractor's step is read only as the Contractor's own",
        f"{who} uses the Contractor to take the 9": "a number at the Contractor's step is read only as",
        f"{who} uses Contractor 12": "advisor 12 is no Contractor",
        f"{who} doesn't use Contractor {lowest}": f"{who} holds unused Contractors {lowest}(,| and) {other}",
    }
    for line, why in refused.items():
        with pytest.raises(pyai.TokenSyntaxError, match=why):
            read(game, state, seat, line)


def test_a_decline_of_the_contractor_by_its_number_names_the_only_one_held():
    game = pyai.load_game("forsale(players=5,theme=advisors)")
    state = reach(
        game, 0, lambda d: d["phase"] == "selling" and d["sell_step"] == "mechanic" and len(_unused_mechanics(d)) == 1
    )
    seat = state.to_move()
    (only,) = _unused_mechanics(state.to_dict())
    assert read(game, state, seat, f"{NAMES[seat]} doesn't use Contractor {only}") == "mech:skip"
    assert read(game, state, seat, f"{NAMES[seat]} uses Contractor {only}") == "mech:use"


@pytest.mark.parametrize(
    ("game_string", "line", "why"),
    [
        ("forsale(players=5,theme=advisors)", "deal 3 13 Fleet Manager 19 27 8", "say 'deal 3 13 Realtor 19 27 8'"),
        ("forsale(players=5,theme=advisors)", "deal 3 8 Mechanic 19 27 13", "calls advisors 7-9 the Contractor"),
        ("forsale(players=5)", "deal 3 13 Realtor 19 27 8", "say 'deal 3 13 Fleet Manager 19 27 8'"),
        ("forsale(players=3,edition=classic)", "deal 3 13 Contractor", "no advisors to play or name"),
    ],
)
def test_an_advisor_named_as_another_theme_names_it_is_refused_naming_this_themes_name(game_string, line, why):
    game = pyai.load_game(game_string)
    state = game.new_initial_state()
    if game.players == 3:
        state.apply(state.sample_chance(0))  # the cards set aside unseen
    with pytest.raises(pyai.TokenSyntaxError, match=why):
        read(game, state, 0, line)


@pytest.mark.parametrize(
    "line, why",
    [
        (  # in this theme's names the line would still be refused: the refusal says why, not a line to say
            "Anna takes the Fleet Manager",
            "this game, For Sale: Advisors, calls advisors 13-15 the Realtor (Fleet Manager is their name in For Sale: "
            "Autorama); so named, the line is refused too: in the auction a card is taken only by passing, and it is "
            "the lowest on the table, 3 Sales Associate: say 'Anna passes' (not 'Anna takes the Realtor')",
        ),
        (  # read past the seat's name, it cannot be renamed in place: no line is offered
            "Anna takes the Financial Bob Advisor",
            "this game, For Sale: Advisors, calls advisors 25-27 the Financier (Financial Advisor is their name in "
            "For Sale: Autorama)",
        ),
    ],
)
def test_another_themes_name_that_cannot_be_said_in_this_ones_is_refused_saying_why(line, why):
    game = pyai.load_game("forsale(players=4,theme=advisors)")
    state = game.new_initial_state()
    state.apply("deal:3,12,19,27")
    with pytest.raises(pyai.TokenSyntaxError) as refused:
        read(game, state, 0, line)
    assert str(refused.value) == why


def test_a_property_taken_in_the_classic_auction_is_told_as_one_and_read_back():
    """'you take 6' beside the coins paid would read as 6 coins taken."""
    from pyai.commands.advise import Companion
    from pyai.commands.advise_session import Session

    c = Companion(Session("forsale(players=3,edition=classic)", 0, ["Ann", "Bob", "Cy"], iterations=10))
    for line in ("deal 6 23 30", "Ann bids 1"):
        assert not c.handle(line)[0].startswith("not taken"), line
    told = c.handle("Bob passes")[0]
    assert told == "  Bob passes; Bob takes property 6", told
    assert c.handle("undo")[0].startswith("undone")
    assert c.handle(told.strip())[0] == told
    assert c.handle("Cy passes")[0] == "  Cy passes; you take property 30; Cy takes property 23"


def test_a_lawyers_take_back_said_as_the_rulings_say_it_returns_a_property_to_hand():
    game = pyai.load_game("forsale(players=5,theme=advisors)")
    keep = reach(game, 0, lambda d: d["phase"] == "selling" and d["sell_step"] == "keep")
    seat = keep.to_move()
    first, second = keep.to_dict()["seats"][seat]["sell"]["vehicles"]
    for line in (f"{NAMES[seat]} returns {first} to hand", f"{NAMES[seat]} returns property {first} to her hand."):
        assert read(game, keep, seat, line) == f"keep:{first}", line
    for line in (f"{NAMES[seat]} returns {first} to the table", f"{NAMES[seat]} returns {first} and {second}"):
        with pytest.raises(pyai.TokenSyntaxError, match="say the property taken back into hand"):
            read(game, keep, seat, line)


def test_an_advisor_played_by_an_ability_the_seat_is_known_not_to_hold_is_refused_saying_so():
    game = pyai.load_game("forsale(players=4,theme=advisors)")
    state = game.from_position(
        "phase:buying round:1 leader:1 table:- cash:10/10/10/10 advisors:1,2,3,4,5,6,7/8,10,11,12,13,14,15/"
        "9,16,17,18,19,20,21/22,23,24,25,26,27,28"
    )
    state.apply("deal:2,8,19,23")  # Bob leads, holding no Sales Associate
    with pytest.raises(pyai.TokenSyntaxError, match="no Sales Associate is in hand \\(advisors in hand: 8 Contractor"):
        read(game, state, 1, "Bob plays the Sales Associate")


@pytest.mark.parametrize("game", ["forsale(players=4)", "forsale(players=4,edition=classic)"])
def test_a_pass_said_to_cost_nothing_is_refused_where_it_costs_part_of_the_bid(game):
    """'Bob passes without paying' with a bid of 4 would say one payment and make another: the
    rules take back half the bid and pay the rest, as the refusal says and the pass then does.
    With no bid, or with the Sales Associate taken, a pass costs nothing, and the words are true."""
    from pyai.commands.advise import Companion
    from pyai.commands.advise_session import Session

    c = Companion(Session(game, 0, ["Anna", "Bob", "Cy", "Dee"], iterations=20))
    for line in ["deal 5 12 19 27", "Anna bids 1", "Bob bids 4", "Cy bids 5", "Dee passes without paying"]:
        assert not c.handle(line)[0].startswith("not taken"), line
    assert not c.handle("Anna bids 6")[0].startswith("not taken")
    refused = c.handle("Bob passes without paying")[0]
    assert refused == (
        "not taken: a pass takes back half the bid, rounded down, and pays the rest: Bob's bid of 4 costs 2; "
        "say 'Bob passes' (not 'Bob passes without paying')"
    )
    cash = c.position.view().to_dict()["seats"][1]["cash"]
    assert not c.handle("Bob passes")[0].startswith("not taken")
    assert cash - c.position.view().to_dict()["seats"][1]["cash"] == 2
    if game == "forsale(players=4)":  # the Sales Associate lowest: the whole bid comes back
        c = Companion(Session(game, 0, ["Anna", "Bob", "Cy", "Dee"], iterations=20))
        for line in ["deal 3 12 19 27", "I bid 1", "Bob bids 4", "Cy bids 5", "Dee bids 6"]:
            c.handle(line)
        assert c.handle("I pass for free")[0] == "  you pass; you take 3 Sales Associate"
        assert c.position.view().to_dict()["seats"][0]["cash"] == 28


def test_the_auction_as_people_say_it_at_the_table_beyond_bids_and_passes():
    """'Bob's out', 'Bob says 5', 'Bob: 5', 'I am passing', 'Bob takes the lowest', 'Bob passes and
    takes the 3' are a seat's bid or pass; a card taken that is not the lowest is refused, naming it."""
    game = pyai.load_game("forsale(players=4)")
    state = reach(game, 0, lambda d: d["phase"] == "auction" and d["high_bid"] == 0 and isinstance(d["to_move"], int))
    seat = state.to_move()
    who = NAMES[seat]
    lowest = min(state.to_dict()["table"])
    passes = [f"{who}'s out", f"{who}\u2019s out", f"{who} is passing", f"{who} gives up", f"{who} says pass"]
    passes += [f"{who} takes the lowest", f"{who} takes the lowest card", f"{who} passes and takes the {lowest}"]
    passes += [f"{who} drops out and takes {lowest}", f"{who} passes and takes the lowest", "I'll pass"]
    for line in passes:
        assert read(game, state, seat, line) == "pass", line
    bids = [f"{who} says 5", f"{who} makes it five", f"{who} opens at 5", f"{who} ups it to 5", f"{who}: 5"]
    bids += ["me: five", "I'm going 5", "I am bidding 5", f"{who} is going 5", f"{who}'s bidding 5"]
    for line in bids:
        assert read(game, state, seat, line) == "bid:5", line
    for line, why in [
        (f"{who} passes and takes the {lowest + 1}", f"the lowest on the table, {lowest} .*: say '{who} passes'"),
        ("I pass and take the 30", "the lowest on the table, .*: say 'I pass'"),
        (f"{who} ups it by 5", "cannot read"),  # by, never read as a total
        (f"{who} is not bidding", "say what .* does, not what is not done"),
        (f"{who}: pass 5", "takes no number"),
        ("I will pass", re.escape("not one to come or that might be ('I pass' once it is made)")),
        ("I'm going to pass", re.escape("('I pass' once it is made)")),  # never a bid of "going"
        ("I\u2019d bid 5", re.escape("('I bid 5' once it is made)")),
        (f"{who} might bid 5", re.escape("('I bid 5' once it is made)")),  # the advised seat's own
        ("I want to pass", "say a step made, not one to come or that might be; 'advice' asks"),
    ]:
        with pytest.raises(pyai.TokenSyntaxError, match=why):
            read(game, state, seat, line)


@pytest.mark.parametrize("game_string", ["forsale(players=4)", "forsale(players=5,theme=advisors)"])
def test_an_advisor_put_down_or_laid_is_played(game_string):
    game = pyai.load_game(game_string)
    state = reach(game, 0, lambda d: d["phase"] == "buying" and isinstance(d["to_move"], int))
    seat = state.to_move()
    who = NAMES[seat]
    advisor = state.to_dict()["seats"][seat]["advisors_in_hand"][0]
    for line in (
        f"{who} puts down {advisor}",
        f"{who} lays {advisor}",
        f"{who} lays down {advisor}",
        f"{who} put {advisor}",
    ):
        assert read(game, state, seat, line) == f"play:{advisor}", line
    assert read(game, state, seat, f"{who} plays 14 with the boost") == "play:14+"
    with pytest.raises(pyai.TokenSyntaxError, match="say the one advisor played: 14 and 3 are said"):
        read(game, state, seat, f"{who} plays 14 with 3")  # 3 is no payment said


def _lawyer_to_sell(d: dict[str, Any]) -> bool:
    if d["phase"] != "selling" or d["sell_step"] != "choose" or not isinstance(d["to_move"], int):
        return False
    seat = d["seats"][d["to_move"]]
    unused = [a for a in seat["advisors_played"] if 19 <= a <= 21 and a not in seat["advisors_spent"]]
    return bool(unused) and len(seat["vehicles"]) >= 2


def test_a_sell_said_as_a_play_in_words_or_with_the_lawyer_used_is_read():
    game = pyai.load_game("forsale(players=4)")
    state = reach(game, 0, _lawyer_to_sell)
    seat = state.to_move()
    held = state.to_dict()["seats"][seat]
    low, high = sorted(held["vehicles"])[:2]
    lawyer = min(a for a in held["advisors_played"] if 19 <= a <= 21)
    for line, token in [
        (f"I play {low}", f"sell:{low}"),
        (f"I put up {high}", f"sell:{high}"),
        (f"I am selling {low}", f"sell:{low}"),
        (f"{NAMES[seat]} is selling {low}", f"sell:{low}"),
        ("I sell fifteen", "sell:15"),  # the rules say whether it is held
        ("I'm selling twenty two", "sell:22"),
        (f"I use the Lawyer to sell {low} and {high}", f"sell:{low},{high}"),
        (f"I use my {lawyer} Lawyer to sell {low} and {high}", f"sell:{low},{high}@{lawyer}"),
    ]:
        assert read(game, state, seat, line) == token, line
    for line, why in [
        ("I sell one", "say the card as digits, e.g. 'I sell "),  # one card, or vehicle 1?
        ("I sell two and three", "say the card as digits"),
        ("I pass", f"say yours as 'I sell {low}' \\(or two and the Lawyer: 'I sell {low} {high} with {lawyer}'\\)"),
    ]:
        with pytest.raises(pyai.TokenSyntaxError, match=why):
            read(game, state, seat, line)


def test_the_second_lowest_check_taken_is_the_mechanic_used_and_the_lowest_is_not():
    game = pyai.load_game("forsale(players=4)")
    state = reach(game, 0, lambda d: d["phase"] == "selling" and d["sell_step"] == "mechanic")
    seat = state.to_move()
    who = NAMES[seat]
    for line in (f"{who} takes the second lowest check", f"{who} takes the second-lowest", f"{who} is using it"):
        assert read(game, state, seat, line) == "mech:use", line
    for line in (f"{who} takes the lowest check", f"{who} keeps the lowest", f"{who} is not using the Mechanic"):
        assert read(game, state, seat, line) == "mech:skip", line


def test_the_examples_a_refusal_gives_name_the_seats_own_cards():
    """An example move names a card the seat holds (an advisor in hand, a vehicle it holds or
    sold with its Lawyer), never one it cannot play."""
    game = pyai.load_game("forsale(players=4)")
    buying = reach(game, 0, lambda d: d["phase"] == "buying" and isinstance(d["to_move"], int))
    seat = buying.to_move()
    hand = sorted(buying.to_dict()["seats"][seat]["advisors_in_hand"])
    with pytest.raises(pyai.TokenSyntaxError, match=f"e.g. '{NAMES[seat]} plays {hand[0]}' or"):
        read(game, buying, seat, f"{NAMES[seat]} shows {hand[0]}")
    keep = reach(game, 0, lambda d: d["phase"] == "selling" and d["sell_step"] == "keep")
    seat = keep.to_move()
    sold = keep.to_dict()["seats"][seat]["sell"]["vehicles"]
    with pytest.raises(pyai.TokenSyntaxError, match=f"e.g. '{NAMES[seat]} keeps {max(sold)}'"):
        read(game, keep, seat, f"{NAMES[seat]} grabs it")
    classic = pyai.load_game("forsale(players=3,edition=classic)")
    selling = reach(classic, 0, lambda d: d["phase"] == "selling" and isinstance(d["to_move"], int))
    seat = selling.to_move()
    lowest = min(selling.to_dict()["seats"][seat]["vehicles"])
    with pytest.raises(pyai.TokenSyntaxError, match=f"a sell is one property: '{NAMES[seat]} sells {lowest}'"):
        read(classic, selling, seat, f"{NAMES[seat]} sells 2 and 3")


@pytest.mark.parametrize("game_string", ["forsale(players=4)", "forsale(players=3,edition=classic)"])
def test_the_example_of_a_deal_names_cards_not_seen_yet(game_string):
    game = pyai.load_game(game_string)
    for phase in ("auction", "selling") if "classic" in game_string else ("auction", "buying", "selling"):
        state = reach(game, 0, lambda d, p=phase: d["phase"] == p and d["round"] == 2 and d["to_move"] == "chance")
        data = state.view(0).to_dict()
        deck = DECKS.index(dealt_deck(data))
        example = [int(n) for n in next_chance_words(data, CLASSIC).split("'deal ")[1].split("'")[0].split()]
        unseen = list(data["unseen"][deck])
        for card in example:
            assert card in unseen, (phase, example)
            unseen.remove(card)
        assert len(example) == game.players


def test_a_line_before_the_checks_are_turned_up_says_they_come_first():
    game = pyai.load_game("forsale(players=4)")
    state = reach(game, 0, lambda d: d["phase"] == "selling" and d["to_move"] == "chance")
    for line in ("I pass", "Bob bids 3"):  # not "every seat now chooses a vehicle to sell"
        with pytest.raises(pyai.TokenSyntaxError, match="it is nobody's turn, not .*: first the 4 checks turned up"):
            read(game, state, 0, line)


def test_a_sell_said_once_it_is_chosen_says_so_not_whose_turn_it_is():
    game = pyai.load_game("forsale(players=4)")
    state = reach(game, 0, lambda d: d["phase"] == "selling" and d["sell_step"] == "choose" and d["to_move"] == 1)
    mine = state.view(0).to_dict()["seats"][0]["vehicles"]
    with pytest.raises(pyai.TokenSyntaxError, match="your sell is chosen already: 'undo' takes it back"):
        read(game, state, 0, f"I sell {mine[0]}")


def test_a_sell_example_names_one_vehicle_where_the_seat_holds_one_with_a_lawyer():
    """The two-vehicle example needs two vehicles: a seat with one left and an unused Lawyer gets the one."""
    from pyai.forsale.themes import AUTORAMA
    from pyai.forsale.words import _sell_examples

    seat = {"vehicles": [7], "advisors_played": [19], "advisors_spent": []}
    assert _sell_examples({"seats": [seat]}, 0, "I sell", AUTORAMA) == ("'I sell 7'", None)
    seat["vehicles"] = [9, 7]
    assert _sell_examples({"seats": [seat]}, 0, "I sell", AUTORAMA) == ("'I sell 7'", "'I sell 7 9 with 19'")
