"""Every text a For Sale game shows a person (the position, the drawing, each step told,
the words help, the final summary) names its cards in the game's own theme: For Sale:
Advisors has properties, currency cards, coins and a Contractor, never Autorama's
vehicles, checks and Mechanic."""

from __future__ import annotations

import random
import re

import pytest

import pyai

NAMES = ["Anna", "Bob", "Carol", "Dee", "Eve"]
AUTORAMA_WORDS = re.compile(r"\b(vehicles?|checks?|Mechanics?|cash|currencys|propertys)\b")


def texts_of_a_random_game(game: pyai.Game, seed: int) -> list[str]:
    """What a person could be shown of one random game, step by step, by every seat."""
    rng = random.Random(seed)
    names = NAMES[: game.players]
    state = game.new_initial_state()
    shown = [game.WORDS_HELP]
    while not state.is_terminal():
        before = state.to_dict()
        for seat in range(game.players):
            view = state.view(seat)
            shown.append(str(view))
            drawn = game.drawing(view.to_dict(), names, seat)
            shown += [fact for zone in drawn for fact in (zone.title, *zone.facts)]
            shown += [card.note for zone in drawn for card in zone.cards if card.note]
            if state.to_move() == "chance":
                shown.append(game.chance_words(view.to_dict(), names, seat))
        token = state.sample_chance(rng.getrandbits(64)) if state.to_move() == "chance" else None
        token = token or rng.choice(state.legal_moves())
        state.apply(token)
        shown += game.narrate(before, token, state.to_dict(), names)
    return shown + [str(state)] + game.final_summary(state, names)


def test_the_advisors_theme_is_told_in_its_own_names():
    game = pyai.load_game("forsale(players=5,theme=advisors)")
    shown = "\n".join(text for seed in range(3) for text in texts_of_a_random_game(game, seed))
    assert not AUTORAMA_WORDS.findall(shown), sorted(set(AUTORAMA_WORDS.findall(shown)))
    # the check swap is told as the theme names its advisor, and the cards won as currency cards
    assert "Contractor" in shown and "currency cards" in shown and "coins" in shown and "properties taken" in shown
    assert "uses the Contractor" in game.WORDS_HELP


def test_autorama_is_told_in_its_own_names():
    game = pyai.load_game("forsale(players=5)")
    shown = "\n".join(texts_of_a_random_game(game, 0))
    assert "Mechanic" in shown and "checks" in shown and "vehicles" in shown
    assert not re.search(r"\b(Contractor|currency|propert(y|ies))\b", shown)


BUYING = (
    "phase:buying round:1 leader:1 table:- cash:10/10/10/10 advisors:1,2,3,4,5,6,7/8,10,11,12,13,14,15/"
    "9,16,17,18,19,20,21/22,23,24,25,26,27,28"
)


@pytest.mark.parametrize(
    ("game_string", "ability", "other"),
    [("forsale(players=4,theme=advisors)", "Contractor", "Mechanic"),
     ("forsale(players=4)", "Mechanic", "Contractor")],
)  # fmt: skip
def test_an_advisor_is_played_by_the_name_its_theme_gives_it(game_string, ability, other):
    game = pyai.load_game(game_string)
    state = game.from_position(BUYING)
    state.apply("deal:2,8,19,23")  # Bob leads, holding one advisor of 7-9: 8
    data = state.view(1).to_dict()
    assert game.words_to_token(f"Bob plays the {ability}", data, NAMES[:4], 1) == "play:8"
    with pytest.raises(pyai.TokenSyntaxError, match=f"plays the {ability}'"):
        game.words_to_token(f"Bob plays the {other}", data, NAMES[:4], 1)


def test_the_classic_game_s_words_have_no_advisors():
    game = pyai.load_game("forsale(players=4,edition=classic)")
    assert "plays" not in game.WORDS_HELP and "uses" not in game.WORDS_HELP and "'I sell 12'" in game.WORDS_HELP
    state = game.new_initial_state()
    state.apply("deal:3,12,19,27")
    with pytest.raises(pyai.TokenSyntaxError, match="this game has no advisors to play"):
        game.words_to_token("Anna plays the Mechanic", state.view(0).to_dict(), NAMES[:4], 0)


def test_the_classic_game_sells_one_property_never_two_read_as_a_lawyers():
    game = pyai.load_game("forsale(players=4,edition=classic)")
    state = game.from_position(
        "phase:selling round:1 table:0,2,5,9 cash:1/1/1/1 vehicles:1,2,3,4,5,6,7/8,9,10,11,12,13,14/"
        "15,16,17,18,19,20,21/22,23,24,25,26,27,28"
    )
    data = state.view(0).to_dict()
    assert game.words_to_token("I sell 2", data, NAMES[:4], 0) == "sell:2"
    with pytest.raises(pyai.TokenSyntaxError, match="a sell is one property: 'I sell 1'"):  # a property held
        game.words_to_token("I sell 2 and 3", data, NAMES[:4], 0)


def test_the_rules_reasons_are_said_in_the_themes_names_without_tokens():
    game = pyai.load_game("forsale(players=4,theme=advisors)")
    reasons = {
        "wrong move now: selling takes sell:N, sell:N,M or sell:N,M@L": (
            "wrong move now: every seat sells a property now, or two with a Lawyer"
        ),
        "wrong move now: the lowest seller now takes mech:use or mech:skip": (
            "wrong move now: the lowest seller now uses the Contractor or not"
        ),
        "boosting costs 3 cash, more than the 2 on hand": (
            "paying up the Realtor costs 3 coins, more than the 2 on hand"
        ),
        "vehicle 9 is not in hand": "property 9 is not in hand",
        "keep must name one of the two vehicles sold with the Lawyer (3 or 5)": (
            "the property taken back is one of the two properties sold with the Lawyer (3 or 5)"
        ),
        "wrong move now: a Lawyer user now takes keep:N": (
            "wrong move now: each Lawyer's user now takes back one of the two properties sold with it"
        ),
    }
    for reason, said in reasons.items():
        assert game.reason_in_words(reason) == said
