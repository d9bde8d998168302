"""Leduc's chance steps as taps (Game.chance_picker, for `pyai serve`): whole hands
played through the companion `pyai advise` uses, every card dealt by a line built
from the picker's options, which offer only cards the advised seat has not seen."""

from __future__ import annotations

import random
from typing import Any

import pytest
from chance_pickers import companion_for as companion_of
from chance_pickers import picker_now, random_picks, snapshot

from pyai.game_api import ChancePicker
from pyai.leduc.words import next_chance_picker
from pyai.web.table import TableCompanion, legal_inputs, step_picker

CARDS = {"ks", "kh", "qs", "qh", "js", "jh"}


def companion_for(tmp_path: Any, seat: int = 0, names: list[str] | None = None) -> TableCompanion:
    return companion_of(tmp_path, "leduc()", seat, names)


Step = tuple[ChancePicker, dict[str, Any], list[str], dict[str, Any]]


def play_hand(companion: TableCompanion, rng: random.Random) -> list[Step]:
    """Plays the hand to its end: each card by the picker's line (one card short first,
    which must be refused and change nothing), each decision a random legal input.
    Each chance step: its picker, the view before, the picks and the view after."""
    pickers = []
    for _ in range(100):
        state = companion.position.state
        if state.is_terminal():
            return pickers
        if state.to_move() == "chance":
            picker, data = picker_now(companion)
            picks = []
            if picker.count:
                picks = random_picks(picker, rng)
                before = snapshot(companion)
                taken, told = companion.step(picker.line(picks[:-1]))
                assert not taken and told[0].startswith("not taken"), told
                assert snapshot(companion) == before
                line = picker.line(picks)
            else:
                line = picker.start
            taken, told = companion.step(line)
            assert taken, (line, told)
            pickers.append((picker, data, picks, companion.position.view().to_dict()))
        else:
            inputs = legal_inputs(companion)
            assert inputs, companion.next_lines()
            taken, told = companion.step(rng.choice(inputs)["line"])
            assert taken, told
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("seat", [0, 1])
def test_whole_hands_are_dealt_by_taps(tmp_path, seat):
    steps = set()
    for seed in range(12):
        companion = companion_for(tmp_path, seat)
        pickers = play_hand(companion, random.Random(seed))
        assert companion.position.state.is_terminal()
        for picker, data, picks, after in pickers:
            steps.add(picker.start)
            mine = data["seats"][seat]["card"]
            words = {option.word for option in picker.options}
            assert words <= CARDS
            if picker.start == "I get":  # my own card: any of the six
                assert picker.count == 1 and words == CARDS
                assert after["seats"][seat]["card"] == picks[0]
            elif picker.start == "board":  # the public card: any but mine (the other seat's is unseen)
                assert picker.count == 1 and words == CARDS - {mine}
                assert after["public_card"] == picks[0]
            else:  # the other seat's card: nothing to pick, the line said whole
                other = 1 - seat
                assert picker.count == 0 and not picker.options
                assert picker.start == f"{companion.names[other]} gets a card"
                assert after["seats"][other]["card"] == "hidden"
    assert steps == {"I get", "board", f"{companion.names[1 - seat]} gets a card"}


def test_options_read_as_cards_with_their_names(tmp_path):
    companion = companion_for(tmp_path, names=["Anna", "Bob"])
    picker, _ = picker_now(companion)
    assert picker.start == "I get" and picker.count == 1
    labels = {option.word: option.label for option in picker.options}
    assert labels["ks"] == "king of spades" and labels["jh"] == "jack of hearts"
    taken, told = companion.step(picker.line(["qh"]))
    assert taken and companion.position.view().to_dict()["seats"][0]["card"] == "qh"
    picker, _ = picker_now(companion)
    assert (picker.start, picker.count, picker.line([])) == ("Bob gets a card", 0, "Bob gets a card")
    assert companion.step(picker.line([]))[0]
    assert companion.position.view().to_dict()["seats"][1]["card"] == "hidden"


def test_my_card_is_never_offered_for_the_public_card(tmp_path):
    for card in sorted(CARDS):
        companion = companion_for(tmp_path, seat=1)
        for line in ("seat0 gets his card", f"I get {card}", "seat0 calls", "I check"):
            assert companion.step(line)[0], line
        picker, data = picker_now(companion)
        assert data["public_card"] is None and picker.start == "board"
        assert card not in {option.word for option in picker.options}
        assert len(picker.options) == 5
        public = sorted(CARDS - {card})[0]
        assert companion.step(picker.line([public]))[0]
        assert companion.position.view().to_dict()["public_card"] == public


def test_no_picker_but_at_a_chance_step(tmp_path):
    companion = companion_for(tmp_path)
    for line in ("I get ks", "seat1 gets his card"):
        companion.step(line)
    data = companion.position.view().to_dict()
    assert data["to_move"] == 0
    assert companion.game.chance_picker(data, list(companion.names), 0) is None
    assert step_picker(companion) is None
    assert next_chance_picker(data | {"to_move": "over"}, list(companion.names), 0) is None
