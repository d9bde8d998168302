"""Contracts named by what their cards show (contract_words.py), as a person at the table says
them: the printed card has no number of ours, only its car, the symbols and styling it asks for,
its stars, VP and medals. Read alone against the shipped cards, and in the companion, where a
card said so is taken as its token, and a line that fits no card, or several, is refused and
changes nothing."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

import pyai
from pyai.automania import component_file
from pyai.automania.component_file import Components
from pyai.automania.contract_words import contract_named, read_contract
from pyai.automania.narration import contract_said, contract_words
from pyai.commands.advise import Companion
from pyai.commands.advise_session import Session
from pyai.errors import TokenSyntaxError

from .scenarios import DEMANDS, GRID, new_game, play

SHIPPED = component_file.load()
REGULAR = [str(number) for number in range(1, 27)]
STARTING = ["S1", "S2", "S3", "S4"]
WORD = re.compile(r"\$|\*|/|[0-9]+|[a-z]+")


def said(text: str) -> list[str]:
    """`text` as words.py splits it (lower case, numbers apart, 'S2' as 's', '2')."""
    return WORD.findall(text.lower())


def named(text: str, candidates: list[str], components: Components = SHIPPED, **how: str) -> str:
    return contract_named(said(text), candidates, components, **how)


def told_without_number(name: str, components: Components = SHIPPED) -> list[str]:
    """A card as the companion tells it ('family car, safety, 6+ stars: 2 VP (contract 7)' where
    another card shows the same), typed back without its number: its face, 'the ... contract', and
    as a step tells it ('the family car contract (safety, 6+ stars: 2 VP)')."""
    face = contract_words(components, name).partition(" (contract ")[0]
    in_a_sentence = contract_said(components, name).replace(f"; contract {name}", "")  # 'the city car contract (...)'
    return [face, f"the {face} contract", in_a_sentence]


# ------------------------------------------------------------ the reader alone


@pytest.mark.parametrize("name", REGULAR + STARTING)
def test_every_contract_told_without_its_number_names_that_contract(name):
    """No shipped card shows what another shows: each one's told face names it among all 30."""
    for text in told_without_number(name):
        assert named(text, REGULAR + STARTING) == name, text


@pytest.mark.parametrize(
    "text, candidates, card",
    [
        ("city car with green 5 stars 2 VP", REGULAR, "4"),
        ("the super car speed contract", ["4", "11", "19"], "11"),
        ("sports car, speed", ["4", "11", "19"], "11"),  # a review's name for the super cars
        ("the chrome one", ["4", "11", "19"], "19"),
        ("my safety contract", ["S1", "17"], "17"),
        ("the family car starting contract", STARTING, "S2"),
        ("starting any car suitcase", STARTING, "S4"),
        ("city car suitcase, 6 or more stars", REGULAR, "1"),
        ("city car suitcase 3 points", REGULAR, "1"),
        ("family car rim", REGULAR, "9"),  # a styling part said singular
        ("12 stars 5 VP with a silver medal", REGULAR, "14"),
        ("super car 12 stars, 5 victory points, no silver medal", REGULAR, "13"),
        ("popularity 8, chrome", REGULAR, "19"),
        ("any car 15* 5 VP", REGULAR, "21"),
        ("the family car speed chrome", REGULAR, "26"),
    ],
)
def test_as_much_of_a_card_as_tells_it_apart_names_it(text, candidates, card):
    assert named(text, candidates) == card


@pytest.mark.parametrize(
    "text, how, card",
    [
        ("17", {}, "17"),
        ("contract no 17", {}, "17"),
        ("S2", {}, "S2"),
        ("starting contract 3", {}, "S3"),
        ("starting contract 2", {"kind": "starting"}, "S2"),  # 'I get starting contract 2'
        ("S2", {"kind": "starting"}, "S2"),
        ("contract 17 (any car, safety, 7+ stars: 2 VP)", {}, "17"),  # as the companion once told it
        ("any car, safety, 7+ stars: 2 VP (contract 17)", {}, "17"),  # as `help contracts` lists it
        ("30", {}, "30"),  # a number is taken as it is: the rules say there is no contract 30
    ],
)
def test_our_number_is_read_as_it_always_was_whatever_the_candidates(text, how, card):
    assert named(text, ["4", "11", "19"], **how) == card


def test_what_is_said_beside_a_number_must_be_on_that_card():
    with pytest.raises(
        TokenSyntaxError, match=re.escape("any car, safety, 7+ stars: 2 VP (contract 17) does not show")
    ):
        named("contract 17, the city car", REGULAR)
    # a note in brackets after the number is not read ("contract 11 (not the starting one)")
    words, outside = said("contract 11 (not the starting one)"), said("contract 11")
    assert contract_named(words, REGULAR, SHIPPED, outside=outside) == "11"


def test_several_cards_that_fit_are_listed_in_words_with_what_tells_each_apart():
    with pytest.raises(TokenSyntaxError) as refused:
        named("the city car suitcase contract", ["1", "4", "25"], among="on the display")
    assert str(refused.value) == (
        "'city car, suitcase' fits 2 contracts on the display: city car, suitcase, 6+ stars: 3 VP (contract 1); "
        "city car, suitcase, spoiler, 8+ stars: 4 VP (contract 25); say which: 'city car, suitcase, 6 stars' or "
        "'city car, suitcase, spoiler' (or its number)"
    )


@pytest.mark.parametrize("text", ["city car", "super car", "family car", "any car", "starting", "3 VP", "8 stars"])
def test_what_the_refusal_says_to_say_names_each_card_alone(text):
    """Every phrase an ambiguous refusal suggests reads back as its card."""
    candidates = REGULAR + STARTING
    with pytest.raises(TokenSyntaxError, match="say which: ") as refused:
        named(text, candidates)
    message = str(refused.value)
    listed = re.findall(r"\(contract (S?\d+)\)", message.split("; say which:")[0])
    phrases = re.findall(r"'([^']*)'", message.split("say which: ")[1])
    assert len(listed) == len(phrases) > 1
    for card, phrase in zip(listed, phrases):
        assert named(phrase, candidates) == card, phrase


def test_a_card_that_is_not_there_is_refused_saying_what_is():
    with pytest.raises(TokenSyntaxError) as refused:
        named("family car", ["4", "11", "19"], among="on the display")
    assert str(refused.value) == (
        "no contract on the display shows 'family car'; the contracts on the display: city car, "
        "green, 5+ stars: 2 VP; super car, speed, 8+ stars: 3 VP; any car, chrome, "
        "8+ stars: 3 VP"
    )
    # many candidates (the cards still unseen): the nearest, and where to find every one
    with pytest.raises(TokenSyntaxError) as refused:
        named("city car suitcase 5 stars", REGULAR, among="still unseen")
    message = str(refused.value)
    assert message.startswith(
        "no contract still unseen shows 'city car, suitcase, 5 stars'; the nearest: city car, suitcase, 6+ stars: 3 VP;"
    )
    assert message.endswith("and 20 more (`help contracts` lists every contract)")


@pytest.mark.parametrize(
    "text, how, why",
    [
        ("the blue city car", {}, "cannot read 'blue' in the contract"),
        ("city car family", {}, "two car types are said"),
        ("contract 4 and 5", {}, "two contracts are named"),
        ("6 stars and 7 stars", {}, "two stars are said"),
        ("the contract", {}, "say which contract: a contract is said by what it shows"),
        ("S2", {"kind": "regular"}, "S2 is a starting contract: the deck and the display hold the 26 others"),
        ("starting city car", {"kind": "regular"}, "starting contracts are dealt at the start: the deck and"),
        # a number alone names a deck card, as at every step: where a starting contract is dealt it is refused
        ("2", {"kind": "starting"}, "contract 2 is a deck card, not a starting contract: say a starting contract "
         "with its S, 'S2', or by what it shows ('the family car starting contract')"),
        ("contract 4", {"kind": "starting"}, "contract 4 is a deck card, not a starting contract"),
        ("the chrome one and the speed one", {}, "2 contracts are named, 'the chrome one' and 'the speed one': "
         "say one"),
        # a tile where a card is meant ('I take the speed machine' at the display), never a card asking for it
        ("the speed machine", {}, "'the speed machine' is a machine tile, and a contract is meant now: say the "
         "card by what it shows ('the speed contract', 'the chrome one')"),
    ],
)  # fmt: skip
def test_words_that_say_no_one_card_are_refused(text, how, why):
    with pytest.raises(TokenSyntaxError, match=re.escape(why)):
        named(text, REGULAR + STARTING, **how)


def test_what_is_said_is_read_as_the_card_shows_it():
    card = read_contract(said("the sporty car's speed and power, 12+ stars: 5 VP, 1 silver medal, $3"), SHIPPED)
    assert (card.car, card.symbols, card.stars, card.vp, card.silver, card.money) == (
        "super",
        ["speed", "power"],
        12,
        5,
        1,
        3,
    )
    assert card.words() == "super car, speed, power, 12 stars, 5 VP, 1 silver medal, $3"
    assert read_contract(said("draws 1 card (2 left)"), SHIPPED).empty()  # counts of cards name none
    assert read_contract(said("the deck"), SHIPPED).unread == ["deck"]


# ------------------------------------------------------------ cards that show the same


def components_with(cards: dict[str, dict]) -> Components:
    """The shipped set with some regular contracts replaced (`cards`: our number -> its entry)."""
    data = tomllib.loads(component_file.DEFAULT_PATH.read_text())
    for name, entry in cards.items():
        data["contracts"]["regular"][int(name) - 1] = {"id": name, **entry}
    return component_file.check(data, "test")


def test_cards_that_show_the_same_are_alike_and_either_is_taken():
    """The rules read a card's car, requirements and rewards, never its number: where two cards
    show the same, the one said is the first still to be found among the candidates."""
    alike = components_with({"3": {"car": "city", "symbols": ["green"], "stars": 5, "vp": 2}})  # as contract 4
    for name in ("3", "4"):
        assert told_without_number(name, alike)[0] == told_without_number("4", alike)[0]
    text = told_without_number("4", alike)[1]
    assert named(text, REGULAR, alike) == "3"
    assert named(text, [name for name in REGULAR if name != "3"], alike) == "4"  # 3 already seen
    assert named("city car green", ["3", "4"], alike) == "3"  # no question asked: either is the card


def test_a_card_told_whole_is_not_one_that_shows_more():
    """A card's whole face (car, stars, VP, as told back) names it though another card shows all
    that and more; a part of it that both show is asked about."""
    more = components_with({"3": {"car": "city", "symbols": ["suitcase"], "stars": 8, "vp": 3}})  # 22 and more
    assert named(told_without_number("22", more)[1], REGULAR, more) == "22"
    assert named(told_without_number("3", more)[1], REGULAR, more) == "3"
    with pytest.raises(TokenSyntaxError, match="'city car, 8 stars' fits 3 contracts"):
        named("city car 8 stars", REGULAR, more)


# ------------------------------------------------------------ in a step's words


def contract_step(hand: list[str]) -> dict:
    """Seat 0's view at its own contract step, holding `hand` (the words read the step; the rules check it)."""
    data = new_game().view(0).to_dict()
    data["step"], data["to_move"] = "contract", 0
    data["seats"][0]["hand"] = hand
    return data


@pytest.mark.parametrize(
    "text, token",
    [
        ("I play the super car contract without the silver medal", "contract:13"),
        ("I play the super car contract with no medal", "contract:13"),
        ("I play the contract with the silver medal", "contract:14"),
        ("I play my spoiler contract", "contract:14"),
        ("I play my contract with the speed machine", "contract:13"),
        ("I play my starting contract", "contract:S1"),
        ("I play the city car contract", "contract:S1"),
        ("I play contract 13", "contract:13"),
        ("I play no contract", "contract:none"),
    ],
)
def test_a_contract_played_is_read_from_what_the_hand_holds(text, token):
    game = pyai.load_game("automania(players=3)")
    assert game.words_to_token(text, contract_step(["13", "14", "S1"]), ["Ann", "Bob", "Cy"], 0) == token


def test_a_contract_played_that_the_hand_holds_twice_or_not_at_all_is_refused():
    game, data = pyai.load_game("automania(players=3)"), contract_step(["13", "14", "S1"])
    with pytest.raises(
        TokenSyntaxError,
        match="'super car' fits 2 contracts in your hand: super car, speed, power, 12\\+ stars: 5 VP \\(contract 13\\)",
    ):
        game.words_to_token("I play the super car contract", data, ["Ann", "Bob", "Cy"], 0)
    with pytest.raises(TokenSyntaxError, match="no contract in your hand shows 'family car'"):
        game.words_to_token("I play the family car contract", data, ["Ann", "Bob", "Cy"], 0)


@pytest.mark.parametrize(
    "text, token",
    [
        ("display city car, green, 5 stars; super car, speed, 8 stars; any car, chrome", "display:4,11,19"),
        ("display: city car with green 5 stars 2 VP, super car speed 8 stars, any car chrome", "display:4,11,19"),
        ("display city car, green, 5 stars, super car, speed, 8 stars, any car, chrome", "display:4,11,19"),
        ("display 4, super car speed 8 stars, the any car chrome one", "display:4,11,19"),
        ("display 4 11 19", "display:4,11,19"),
    ],
)
def test_the_display_is_read_card_by_card(text, token):
    assert display_read(text) == token


def display_read(text: str) -> str:
    """`text` read where the display is to be dealt (seat 0's view, seats Ann, Bob and Cy)."""
    state = pyai.load_game("automania(players=3)").new_initial_state()
    play(state, "order:0,1,2", DEMANDS)
    return state.game.words_to_token(text, state.view(0).to_dict(), ["Ann", "Bob", "Cy"], 0)


@pytest.mark.parametrize(
    "text, why",
    [
        # split by commas alone, each card begins with its car: the card that fits twice is asked about
        ("display city car, green, super car, speed, 8 stars, any car, chrome", "'city car, green' fits 2 contracts"),
        ("display city car green, super car speed 8 stars", "the display is 3 contracts, not 2: say all on one line"),
        ("display green, 5 stars, speed, 8 stars, chrome", "cannot tell where each of the display's 3 cards ends"),
    ],
)
def test_a_display_that_does_not_say_three_cards_is_refused(text, why):
    with pytest.raises(TokenSyntaxError, match=re.escape(why)):
        display_read(text)


def test_another_seats_card_from_the_deck_is_never_named():
    state = new_game()
    play(state, "place:C1", "tile:2", "discard", "draw:deck")
    data, words = state.view(1).to_dict(), state.game.words_to_token
    with pytest.raises(TokenSyntaxError, match="Ann's card from the deck is hidden from you: say 'Ann draws'"):
        words("Ann draws the city car contract", data, ["Ann", "Bob", "Cy"], 1)
    assert words("Ann draws 1 card (2 left)", data, ["Ann", "Bob", "Cy"], 1) == "drawn:?"


# ------------------------------------------------------------ in the companion


def companion(game: str = "automania(players=3)") -> Companion:
    return Companion(Session(game, 1, ["Ann", "Me", "Cid"], iterations=20))


def accepted(c: Companion, line: str) -> tuple[str, ...]:
    """The tokens `line` added; it must be taken."""
    before = len(c.position.moves)
    answer = c.handle(line)
    assert not answer[0].startswith("not taken"), (line, answer)
    return c.position.moves[before:]


def refused(c: Companion, line: str) -> str:
    """Why `line` is refused; it must change nothing."""
    moves, lines = c.position.moves, list(c.session.lines)
    answer = c.handle(line)
    assert answer[0].startswith("not taken: "), (line, answer)
    assert c.position.moves == moves and c.session.lines == lines
    return answer[0].removeprefix("not taken: ")


SETUP = ["order Ann me Cid", "demands speed speed power green suitcase / suitcase safety green power safety"]


def test_a_game_is_set_up_and_played_with_contracts_said_by_their_faces():
    c = companion()
    for line in SETUP:
        accepted(c, line)
    assert refused(c, "display city car green; super car; any car chrome").startswith(
        "'city car, green' fits 2 contracts still unseen: city car, green, 5+ stars: 2 VP (contract 4); city car, "
        "green, safety, 7+ stars: 3 VP, 1 silver medal (contract 5); "
    )
    assert accepted(c, "display: city car with green 5 stars 2 VP, super car speed 8 stars, any car chrome") == (
        "display:4,11,19",
    )
    assert accepted(c, "Ann gets her starting contract") == ("start:?",)
    assert refused(c, "I get the city car with speed") == (
        "no contract still unseen shows 'city car, speed'; the contracts still unseen: starting city "
        "car, 3+ stars: 1 VP, $3; starting family car, 4+ stars: 1 VP, $3; starting any "
        "car, speed, 3+ stars: 1 VP, $3; starting any car, suitcase, 3+ stars: 1 VP, $3"
    )
    assert accepted(c, "I get the family car starting contract") == ("start:S2",)
    assert refused(c, "Cid gets the city car starting contract") == (
        "Cid's starting contract is hidden from you: say 'Cid gets a starting contract'"
    )
    assert accepted(c, "Cid gets his starting contract") == ("start:?",)
    for line in (f"tiles:{GRID}", "Ann column 1", "Ann takes tile 2", "Ann discards"):
        accepted(c, line)
    # a card of the display, taken
    assert refused(c, "Ann takes the family car contract from the display").startswith(
        "no contract on the display shows 'family car'; the contracts on the display: city car, green, 5+ stars"
    )
    assert accepted(c, "Ann takes the super car speed contract from the display") == ("draw:11",)
    # a card turned up in its place
    assert "'city car' fits 5 contracts still unseen" in refused(c, "reveal city car")
    assert accepted(c, "reveal the city car suitcase 6 stars") == ("reveal:1",)
    # a contract played from the hand
    for line in ("I row 2", "I take the suitcase machine", "I put it on station 2", "I ship to Europe", "I ship 4"):
        accepted(c, line)
    assert refused(c, "I play my safety contract") == (
        "no contract in your hand shows 'safety'; the contracts in your hand: starting family car, 4+ stars: 1 VP, $3"
    )
    assert accepted(c, "I play the family car contract") == ("contract:S2",)
    # Cid draws from the deck; the advised seat names its own draw by what the card shows
    for line in ("Cid row 4", "Cid takes tile 1", "Cid draws from the deck", "Cid draws"):
        accepted(c, line)
    for line in ("Ann withdraws", "Ann office 5", "I place 2 workers on column 1", "I take tile 1", "I discard"):
        accepted(c, line)
    accepted(c, "I draw from the deck")
    assert "'family car' fits" in refused(c, "I draw the family car")
    assert accepted(c, "I draw the family car with rims") == ("drawn:9",)


def test_the_displays_told_lines_typed_back_without_numbers_are_that_display():
    c = companion()
    for line in SETUP:
        accepted(c, line)
    told = c.said_in_words(["display:4,11,19"])[0]
    assert told == (
        "on display: city car, green, 5+ stars: 2 VP; super car, speed, 8+ stars: 3 VP; any car, chrome, 8+ stars: 3 VP"
    )
    assert accepted(c, re.sub(r"contract \d+ ", "contract ", told)) == ("display:4,11,19",)
    c.handle("undo")
    assert accepted(c, "display 4 11 19") == ("display:4,11,19",)  # as it always was


def test_another_seats_hidden_starting_contract_is_asked_which_when_said_by_kind():
    """Ann's hand holds her starting contract, unseen: 'her starting contract' is any of those still unseen
    that her car meets (her city car has a speed machine: S1 and S3, not S4, which asks for a suitcase)."""
    c = companion()
    for line in [*SETUP, "display 4 11 19", "Ann gets her starting contract", "I get S2", "Cid gets one"]:
        accepted(c, line)
    for line in (f"tiles:{GRID}", "Ann row 1", "Ann takes tile 1", "Ann puts it on station 1", "Ann ships to NA"):
        accepted(c, line)
    accepted(c, "Ann ships 4")
    why = refused(c, "Ann plays her starting contract")
    assert why.startswith(
        "'starting' fits 2 contracts that they may hold and the city car (4 stars) meets: starting city car, "
        "3+ stars: 1 VP, $3 (contract S1); starting any car, speed"
    )
    assert "say which: 'starting city car' or 'starting any car' (or its number)" in why
    assert accepted(c, "Ann plays her city car starting contract") == ("contract:S1",)


def test_help_contracts_lists_every_contract_with_its_number():
    c = companion()
    assert "more help: help contracts" in c.handle("help")[0]
    lines = c.handle("help contracts")[0].splitlines()
    assert lines[0].startswith("the contracts, by car, then what they ask for")
    assert sorted(lines[1:]) == sorted(
        f"  {contract_words(SHIPPED, name, numbered=True)}" for name in REGULAR + STARTING
    )
    assert "  any car, safety, 7+ stars: 2 VP (contract 17)" in lines
    assert c.handle("HELP Contracts") == c.handle("help contracts")
    general = c.handle("help")[0]  # a topic the game has not: said so, then the general help
    assert c.handle("help nothing") == [
        f"no help on 'nothing': the general help follows; more help: help contracts\n{general}"
    ]
    other = Companion(Session("forsale(players=3)", 0, ["Ann", "Bob", "Cid"], iterations=20))
    general = other.handle("help")[0]  # For Sale offers no topics
    assert other.handle("help contracts") == [f"no help on 'contracts': the general help follows\n{general}"]
    assert "more help" not in general


def test_help_contracts_follows_the_component_file(tmp_path: Path):
    text = component_file.DEFAULT_PATH.read_text().replace(
        '{ id = "3", car = "city", symbols = ["speed"], stars = 5, vp = 2 }',
        '{ id = "3", car = "city", symbols = ["power"], stars = 6, vp = 2 }',
    )
    path = tmp_path / "components.toml"
    path.write_text(text)
    c = companion(f"automania(players=3,components={path})")
    assert "  city car, power, 6+ stars: 2 VP (contract 3)" in c.handle("help contracts")[0].splitlines()


def test_help_contracts_lists_the_cards_by_car_then_what_they_ask_for():
    lines = companion().handle("help contracts")[0].splitlines()[1:]
    assert lines[:3] == [
        "  city car, 8+ stars: 3 VP (contract 22)",
        "  city car, green, 5+ stars: 2 VP (contract 4)",
        "  city car, green, safety, 7+ stars: 3 VP, 1 silver medal (contract 5)",
    ]
    cars = [line.split(",")[0].strip() for line in lines]
    order = ["city car", "family car", "super car", "any car"]
    assert cars[:-4] == sorted(cars[:-4], key=order.index)  # the regular cards, then the starting ones
    assert cars[-4:] == ["starting city car", "starting family car", "starting any car", "starting any car"]
    assert lines[-1] == "  starting any car, suitcase, 3+ stars: 1 VP, $3 (contract S4)"


def test_a_card_is_told_by_its_face_and_by_its_number_too_only_where_another_shows_the_same():
    assert contract_words(SHIPPED, "7") == "family car, safety, 6+ stars: 2 VP"
    assert contract_words(SHIPPED, "S2") == "starting family car, 4+ stars: 1 VP, $3"
    alike = components_with({"3": {"car": "city", "symbols": ["green"], "stars": 5, "vp": 2}})  # as contract 4
    assert contract_words(alike, "3") == "city car, green, 5+ stars: 2 VP (contract 3)"
    for name in ("3", "4"):  # told so, each reads back as itself, not as the first that shows the same
        assert named(contract_words(alike, name), REGULAR, alike) == name
        assert named(contract_said(alike, name), REGULAR, alike) == name  # as a step tells it
    assert contract_said(alike, "3") == "the city car contract (green, 5+ stars: 2 VP; contract 3)"
    assert contract_said(SHIPPED, "S4") == "the starting contract for any car (suitcase, 3+ stars: 1 VP, $3)"
    assert contract_words(alike, "5") == "city car, green, safety, 7+ stars: 3 VP, 1 silver medal"
