"""Leduc hands as text: `state.position()`, `game.from_position(text)`, a seat's
view (`game.view_from_position`) and the engine's `position leduc() [pov S] at`.

Leduc is small enough to check every state there is: each one, and each
seat's view of it, reads back from its text as itself. The shared game suite
(tests/games/test_game_suite_positions.py) runs the checks every game passes.
"""

from __future__ import annotations

import re

import pytest
from test_protocol import assert_error

import pyai
from pyai.protocol import Engine

LEDUC = "leduc()"
GAME = pyai.load_game(LEDUC)
CARDS = ["js", "jh", "qs", "qh", "ks", "kh"]


def every_state() -> list[pyai.State]:
    """Every state of Leduc: every deal of the cards and every betting line."""
    states, stack = [], [GAME.new_initial_state()]
    while stack:
        state = stack.pop()
        states.append(state)
        if state.is_terminal():
            continue
        tokens = [f"deal:{card}" for card in CARDS] if state.to_move() == "chance" else state.legal_moves()
        for token in tokens:
            child = state.clone()
            try:
                child.apply(token)
            except pyai.IllegalMoveError:  # a card already dealt
                continue
            stack.append(child)
    return states


def test_every_state_and_every_view_reads_back_as_itself():
    states = every_state()
    assert len(states) == 9457  # as many histories as OpenSpiel's leduc_poker has, chance nodes included
    texts = set()
    for state in states:
        text = state.position()
        texts.add(text)
        read = GAME.from_position(text)
        assert read == state and read.position() == text and read.history() == []
        for seat in (0, 1):
            seen = state.view(seat).position()
            view = GAME.view_from_position(seen, seat)
            assert view == state.view(seat) and view.position() == seen
    assert len(texts) == len(states)  # no two states share a text


def test_the_notation_reads_as_documented():
    state = GAME.from_position("cards:qs/kh public:- betting:rc")
    assert state.to_move() == "chance"  # the first round is over: the public card comes next
    data = state.to_dict()
    assert data["pot"] == 6 and [seat["card"] for seat in data["seats"]] == ["qs", "kh"]
    state = GAME.from_position("betting:c cards:qs/kh")  # any order; public defaults to -
    assert state.to_move() == 1 and state.legal_moves() == ["call", "raise"]
    state = GAME.from_position("cards:QS/KH public:JH betting:RRC/R")  # upper case is read too
    assert state.position() == "cards:qs/kh public:jh betting:rrc/r" and state.legal_moves() == [
        "fold",
        "call",
        "raise",
    ]
    assert GAME.from_position("cards:-/-").position() == GAME.new_initial_state().position()
    assert GAME.from_position("cards:ks/qh betting:rf").scores() == [1, -1]


def test_a_hand_goes_on_from_its_text_as_from_its_tokens():
    tokens = ["deal:kh", "deal:qs", "call", "raise", "call", "deal:qh", "raise"]
    state = GAME.replay(tokens)
    read = GAME.from_position(state.position())
    settings = {"iterations": 2000, "seed": 3}
    assert pyai.analyse(read, **settings).moves == pyai.analyse(state, **settings).moves
    for token in ["raise", "call"]:
        assert read.apply(token) == state.apply(token)
    assert read.scores() == state.scores() == [-11, 11]  # the queen pairs the board: it beats the king


IMPOSSIBLE, MALFORMED = pyai.InconsistentPositionError, pyai.TokenSyntaxError


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("cards:qs/qs", IMPOSSIBLE, "qs is both seat 0's card and seat 1's card"),
        ("cards:qs/kh public:qs betting:cc", IMPOSSIBLE, "qs is both seat 0's card and the public"),
        ("cards:-/kh", IMPOSSIBLE, "seat 0's card is dealt first"),
        ("cards:qs/- public:kh", IMPOSSIBLE, "seat 1's card is not: the private cards come first"),
        ("cards:qs/- betting:c", IMPOSSIBLE, "both private cards are dealt, and seat 1's card is not"),
        ("cards:qs/kh betting:f", IMPOSSIBLE, "seat 0 owes nothing, so its f (round 1, move 1)"),
        ("cards:qs/kh betting:rrr", IMPOSSIBLE, "would be a third raise: at most 2 raises a round"),
        ("cards:qs/kh betting:ccc", IMPOSSIBLE, "round 1 is over after 'cc', so 'c'"),
        ("cards:qs/kh betting:rf/c", IMPOSSIBLE, "round 2 has moves (c), but it starts once"),
        ("cards:qs/kh public:jh betting:rf", IMPOSSIBLE, "ended with a fold in round 1"),
        ("cards:qs/kh public:jh betting:c", IMPOSSIBLE, "it is not (betting: c)"),
        ("cards:qs/kh public:jh", IMPOSSIBLE, "it is not (betting: -)"),
        ("cards:qs/kh public:jh betting:cc/rcc", IMPOSSIBLE, "round 2 is over after 'rc'"),
        ("cards:qs/kh betting:rcf", IMPOSSIBLE, "round 1 is over after 'rc'"),
        ("cards:qs/kh betting:rfc", IMPOSSIBLE, "the hand ended with seat 1's fold ('rf'), so 'c' (round 1, move 3)"),
        ("cards:qs/?", IMPOSSIBLE, "seat 1's card is ?: a whole position names every card"),
        ("cards:qx/kh", MALFORMED, "a card is a rank j, q or k and a suit s or h"),
        ("cards:qs/kh/js", MALFORMED, "one card per seat, seat 0's first, split by /"),
        ("cards:qs/kh betting:cx", MALFORMED, "not 'x' in 'betting:cx'"),
        ("cards:qs/kh betting:c/c/c", MALFORMED, "a hand has 2 betting rounds"),
        ("cards:qs/kh public:?", MALFORMED, "every seat sees the public card"),
        ("public:-", MALFORMED, "a position needs each seat's card"),
        ("cards:qs/kh cards:qs/kh", MALFORMED, "the position gives cards twice"),
        ("cards:qs/kh pot:4", MALFORMED, "'pot' is not a position field (fields: cards, public, betting)"),
        ("cards", MALFORMED, "'cards' is not a field:value word"),
    ],
)
def test_impossible_and_malformed_positions_are_refused_by_name(text, error, message):
    with pytest.raises(error, match=re.escape(message)):
        GAME.from_position(text)


@pytest.mark.parametrize(
    ("text", "seat", "message"),
    [
        ("cards:qs/kh", 0, "seat 1's card is written (kh), but seat 0 does not see it before a showdown: write it ?"),
        ("cards:js/kh public:qh betting:cc/cr", 1, "seat 0's card is written (js), but seat 1 does not see it before"),
        ("cards:js/kh betting:rf", 1, "seat 0's card is written (js), but seat 1 does not see it before a showdown"),
        ("cards:?/kh", 0, "seat 0's card is ?, but seat 0 is the pov seat, which sees its own card"),
    ],
)
def test_a_view_writes_the_other_card_unknown_before_a_showdown(text, seat, message):
    with pytest.raises(pyai.InconsistentPositionError, match=re.escape(message)):
        GAME.view_from_position(text, seat)
    with pytest.raises(pyai.ArgumentError, match="seat must be a whole number 0..1"):
        GAME.view_from_position("cards:-/-", 2)
    with pytest.raises(pyai.ArgumentError, match="a position is text"):
        GAME.from_position(42)


def test_a_seen_hand_goes_on_with_the_seats_record():
    engine = Engine()
    assert engine.handle("position leduc() pov 1 at cards:?/- public:-") == []
    assert_error(engine.handle("play deal:?"), "illegal-move")  # seat 1's own card: it names it
    assert engine.handle("play deal:kh raise") == []
    assert engine.handle("legal") == ["legal fold call raise"]
    assert engine.handle("play call deal:qs") == []  # the public card: the stand-in for seat 0 moves aside
    view = engine.position.view().to_dict()
    assert view["public_card"] == "qs" and view["seats"][0]["card"] == "hidden"
    assert engine.handle("play call call") == []
    line = assert_error(engine.handle("query result"), "inconsistent")  # a showdown against a card never seen
    assert "depends on seat 0's card, which this record does not name" in line
    assert engine.handle("undo 1") == [] and engine.handle("play raise fold") == []
    assert engine.handle("query result") == ["response -3 3"]  # seat 0 folds: a fold needs no card
    # A pair with the public card wins whatever the card never seen: the other king is seat 1's own.
    assert engine.handle("position leduc() pov 1 at cards:?/- public:-") == []
    assert engine.handle("play deal:kh call call deal:ks call call") == []
    assert engine.handle("query result") == ["response -1 1"]  # the antes: seat 1 wins seat 0's chip


def test_the_engine_starts_from_a_whole_hand_and_from_a_seen_one():
    engine = Engine()
    assert engine.handle("position leduc() at cards:ks/qh public:- betting:c") == []
    assert engine.handle("legal") == ["legal call raise"]
    assert engine.handle("play raise call deal:qs call call") == []
    assert engine.handle("query result") == ["response -3 3"]  # seat 1's queen pairs the board
    assert engine.handle("position leduc() pov 0 at cards:ks/? public:js betting:rc/r") == []
    assert "seat 1: card hidden" in "\n".join(engine.handle("show"))
    assert_error(engine.handle("position leduc() pov 0 at cards:ks/qh"), "inconsistent")
    assert_error(engine.handle("position leduc() at cards:ks/qh betting:z"), "syntax")


def test_a_state_rebuilt_from_a_seats_record_is_written_as_that_seats_view():
    seen = GAME.replay_as_seen(1, ["deal:?", "deal:kh", "raise"])
    with pytest.raises(pyai.InconsistentPositionError, match="the other seat's card in it is a stand-in"):
        seen.position()
    assert seen.view(1).position() == "cards:?/kh public:- betting:r"


def test_a_view_at_a_showdown_names_both_cards_or_the_other_unknown():
    text = "cards:js/kh public:qh betting:cc/cc"
    shown = GAME.view_from_position(text, 1)
    assert shown.to_dict()["seats"][0]["card"] == "js" and shown.position() == text
    hidden = GAME.view_from_position("cards:?/kh public:qh betting:cc/cc", 1)
    assert hidden.to_dict()["seats"][0]["card"] == "hidden"
