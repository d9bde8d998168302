"""For Sale's chance steps as taps (Game.chance_picker, for `pyai serve`): whole games
played through the companion `pyai advise` uses, every deal by a line built from the
picker's options, which offer only cards of the deck in play the seat has not seen."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from chance_pickers import companion_for, picker_now, random_picks, snapshot

from pyai.forsale.themes import AUTORAMA
from pyai.forsale.words import next_chance_picker
from pyai.game_api import ChancePicker
from pyai.web.table import TableCompanion, legal_inputs

# The deck each phase's deal comes from, as the view's `unseen` lists them.
ADVISORS, VEHICLES, CHECKS = 0, 1, 2
# Where the view lists each deck's cards once they are seen.
SEEN_IN = {
    ADVISORS: ("advisors_in_hand", "advisors_played", "advisors_spent"),
    VEHICLES: ("vehicles",),
    CHECKS: ("checks",),
}

Step = tuple[ChancePicker, dict[str, Any], list[str], dict[str, Any]]


def reveal_line(companion: TableCompanion, rng: random.Random) -> str:
    """The other seats' sells, once mine is told: a random legal sell each, in words."""
    state = companion.position.state
    parts = []
    for seat in range(len(companion.names)):
        if seat != companion.me and state.may_act(seat):
            token = rng.choice(state.legal_moves_for(seat))  # sell:12, sell:12,20 or sell:12,20@19
            parts.append(f"{companion.names[seat]} {token.split(':')[1].replace(',', ' ').replace('@', ' ')}")
    return "sells revealed: " + ", ".join(parts)


def play_game(companion: TableCompanion, rng: random.Random) -> list[Step]:
    """Plays the game to its end: each deal by the picker's line (one card short first,
    which must be refused and change nothing), each decision a random legal input (the
    others' sells in one line once mine is told). Each deal: its picker, the view
    before, the picks and the view after."""
    deals = []
    for _ in range(1000):
        state = companion.position.state
        if state.is_terminal():
            return deals
        if state.to_move() == "chance":
            picker, data = picker_now(companion)
            picks = random_picks(picker, rng)
            before = snapshot(companion)
            taken, told = companion.step(picker.line(picks[:-1]))
            assert not taken and told[0].startswith("not taken"), told
            assert snapshot(companion) == before
            taken, told = companion.step(picker.line(picks))
            assert taken, (picker.line(picks), told)
            deals.append((picker, data, picks, companion.position.view().to_dict()))
            continue
        inputs = legal_inputs(companion)
        if inputs:
            line = rng.choice(inputs)["line"]
        elif companion.at_sealed_step():
            line = reveal_line(companion, rng)
        else:
            line = rng.choice(companion.position.legal())
        taken, told = companion.step(line)
        assert taken, (line, told)
    raise AssertionError("the game did not end")


def deck_of(data: dict[str, Any]) -> int:
    """The deck a deal in the phase of `data` turns up (the classic game auctions vehicles)."""
    if data["phase"] in ("setup", "auction"):
        return VEHICLES if data["edition"] == "classic" else ADVISORS
    return VEHICLES if data["phase"] == "buying" else CHECKS


def seen_cards(data: dict[str, Any], deck: int) -> Counter[int]:
    """Every card of `deck` the seat has seen in a hand, played or won, and on the table."""
    seen: Counter[int] = Counter(data["table"]) if deck_of(data) == deck else Counter()
    for seat in data["seats"]:
        for field in SEEN_IN[deck]:
            seen.update(seat[field])
    return seen


@pytest.mark.parametrize(
    "game", ["forsale(players=4)", "forsale(players=4,edition=classic)", "forsale(players=3)", "forsale(players=6)"]
)
def test_whole_games_are_dealt_by_taps(tmp_path, game):
    phases: set[str] = set()
    for seed in range(3):
        companion = companion_for(tmp_path, game, seat=seed % 2)
        full = None
        for picker, data, picks, after in play_game(companion, random.Random(seed)):
            phases.add(data["phase"])
            deck = deck_of(data)
            full = full or [Counter(cards) for cards in data["unseen"]]  # the first deal: nothing seen yet
            offered = Counter({int(option.word): option.copies for option in picker.options})
            assert picker.start == "deal" and picker.count == data["players"] and not picker.ordered
            assert offered == Counter(data["unseen"][deck])
            # never a card seen (in a hand, played, won): no more copies than the deck has left
            seen = seen_cards(data, deck)
            assert all(offered[card] + seen[card] <= full[deck][card] for card in offered), (offered, seen)
            # the cards picked are the cards turned up
            assert after["phase"] != "setup" and sorted(after["table"]) == sorted(map(int, picks))
        assert companion.position.state.is_terminal()
    assert phases >= {"setup" if "players=6" not in game else "auction", "auction", "selling"}
    if "classic" not in game:
        assert "buying" in phases


def test_every_deal_the_rules_could_make_is_offered(tmp_path):
    # The companion's state (its removal a stand-in the seat never saw) deals only
    # cards the picker offers.
    rng = random.Random(5)
    for game in ("forsale(players=4)", "forsale(players=4,edition=classic)"):
        companion = companion_for(tmp_path, game)
        checked = 0
        for _ in range(1000):
            state = companion.position.state
            if state.is_terminal():
                break
            if state.to_move() == "chance":
                picker, data = picker_now(companion)
                offered = Counter({int(option.word): option.copies for option in picker.options})
                if data["phase"] != "setup":
                    for _ in range(10):
                        token = state.sample_chance(rng.randrange(10_000))
                        assert token.startswith("deal:")
                        assert not Counter(map(int, token.split(":")[1].split(","))) - offered, (token, offered)
                        checked += 1
                companion.step(picker.line(random_picks(picker, rng)))
                continue
            inputs = legal_inputs(companion)
            if inputs:
                companion.step(rng.choice(inputs)["line"])
            elif companion.at_sealed_step():
                companion.step(reveal_line(companion, rng))
            else:
                companion.step(rng.choice(companion.position.legal()))
        assert companion.position.state.is_terminal() and checked > 100


def test_the_setup_deal_is_the_first_auctions(tmp_path):
    # The unseen removal goes by itself: at the setup the cards told are the first auction's.
    companion = companion_for(tmp_path, "forsale(players=4)")
    picker, data = picker_now(companion)
    assert data["phase"] == "setup"
    assert picker.what == "the 4 advisors turned up" and picker.line(["3", "12", "19", "27"]) == "deal 3 12 19 27"
    assert [option.word for option in picker.options] == [str(n) for n in range(1, 31)]
    labels = {option.word: option.label for option in picker.options}
    assert labels["3"] == "3 Sales Associate" and labels["27"] == "27 Financial Advisor"
    assert companion.step(picker.line(["3", "12", "19", "27"]))[0]
    after = companion.position.view().to_dict()
    assert after["phase"] == "auction" and after["table"] == [3, 12, 19, 27]


def test_classic_deals_properties_then_checks(tmp_path):
    companion = companion_for(tmp_path, "forsale(players=4,edition=classic)")
    picker, _ = picker_now(companion)
    assert picker.what == "the 4 properties turned up"
    assert {option.word: option.label for option in picker.options}["12"] == "property 12"


def test_checks_of_one_value_are_one_option_with_copies():
    data = {
        "to_move": "chance",
        "phase": "selling",
        "edition": "autorama",
        "players": 4,
        "unseen": [[], [], [0, 0, 2, 5, 5, 15]],
    }
    picker = next_chance_picker(data, AUTORAMA)
    assert picker is not None and picker.what == "the 4 checks turned up"
    assert [(o.word, o.label, o.copies) for o in picker.options] == [
        ("0", "check 0", 2),
        ("2", "check 2", 1),
        ("5", "check 5", 2),
        ("15", "check 15", 1),
    ]
    assert next_chance_picker(data | {"to_move": 1}, AUTORAMA) is None
    assert next_chance_picker(data | {"phase": "over"}, AUTORAMA) is None
