"""Leduc drawn as the table's zones of cards (`pyai serve`): the public card and
pot in the middle, each seat's private card in its area, the other seat's
face down until a showdown, and nothing of that card anywhere before."""

from __future__ import annotations

import itertools
import json

import pyai
from pyai.game_api import Card, Zone

from self_play import random_positions

GAME = pyai.load_game("leduc()")
NAMES = ["Anna", "Bob"]
CARDS = ["js", "jh", "qs", "qh", "ks", "kh"]
FACES = {"js": "J\u2660", "jh": "J\u2665", "qs": "Q\u2660", "qh": "Q\u2665", "ks": "K\u2660", "kh": "K\u2665"}
WORDS = {"j": "jack", "q": "queen", "k": "king"}


def words(card: str) -> str:
    return f"{WORDS[card[0]]} of {'spades' if card[1] == 's' else 'hearts'}"


def draw(state: pyai.State, seat: int) -> list[Zone]:
    return GAME.drawing(state.view(seat).to_dict(), NAMES, seat)


def check_well_formed(zones: list[Zone]) -> None:
    json.dumps([zone.to_dict() for zone in zones])
    for zone in zones:
        assert isinstance(zone, Zone) and zone.title
        assert all(isinstance(fact, str) and fact for fact in zone.facts)
        for card in zone.cards:
            assert isinstance(card, Card) and card.kind == "card"
            if card.hidden:
                assert card.face in ("", "?") and card.note == ""
            else:
                assert card.face in FACES.values()
    seats = [zone for zone in zones if zone.seat is not None]
    assert [(zone.title, zone.seat) for zone in seats] == [("Anna", 0), ("Bob", 1)]
    assert [zone.title for zone in zones if zone.seat is None] == ["table"]


def zone(zones: list[Zone], title: str) -> Zone:
    return next(z for z in zones if z.title == title)


def random_hands(count: int):
    """Every state of `count` random hands (chance and moves at random)."""
    for seed in range(count):
        yield from (state.clone() for state in random_positions(GAME, seed))


def test_cards_are_drawn_with_faces_and_words():
    state = GAME.replay(["deal:ks", "deal:qh", "call", "call", "deal:jh"])
    zones = draw(state, 0)
    assert zone(zones, "table").cards == (Card("J\u2665", "jack of hearts", kind="card"),)
    assert zone(zones, "Anna").cards == (Card("K\u2660", "king of spades", kind="card"),)
    assert zone(zones, "Bob").cards == (Card("", hidden=True, kind="card"),)
    assert "pot 2" in zone(zones, "table").facts and "round 1: check, check" in zone(zones, "table").facts


def test_the_betting_is_said_as_players_say_it():
    # A call before any raise of its round matches nothing: the table calls it a check.
    state = GAME.replay(["deal:ks", "deal:qh", "call", "raise", "call", "deal:jh", "raise", "raise"])
    facts = zone(draw(state, 0), "table").facts
    assert "round 1: check, raise, call" in facts and "round 2: raise, raise" in facts


def test_every_state_draws_the_public_card_and_each_seats_card_as_the_view_knows_them():
    for state in random_hands(300):
        data = state.to_dict()
        for me in (0, 1):
            zones = draw(state, me)
            check_well_formed(zones)
            table = zone(zones, "table")
            public = data["public_card"]
            # The public card once dealt, and no card before.
            assert [c.face for c in table.cards] == ([FACES[public]] if public else [])
            assert f"pot {data['pot']}" in table.facts
            mine = data["seats"][me]["card"]
            my_zone = zone(zones, NAMES[me])
            assert my_zone.seat == me
            # My own card exactly, face up, once dealt.
            assert my_zone.cards == ((Card(FACES[mine], words(mine), kind="card"),) if mine else ())
            other = 1 - me
            theirs = data["seats"][other]["card"]
            their_zone = zone(zones, NAMES[other])
            showdown = state.is_terminal() and data["folded"] is None
            if theirs is None:
                assert their_zone.cards == ()
            elif showdown:
                assert [c.face for c in their_zone.cards] == [FACES[theirs]]
            else:
                assert their_zone.cards == (Card("", hidden=True, kind="card"),)
                # Nothing tells their card: no face, no rank word, unless a card I see shares the rank.
                text = json.dumps([z.to_dict() for z in zones])
                assert FACES[theirs] not in text
                seen = {card[0] for card in (mine, public) if card}
                if theirs[0] not in seen:
                    assert WORDS[theirs[0]] not in text and theirs[0].upper() + "\u2660" not in text
                    assert theirs[0].upper() + "\u2665" not in text


def test_the_other_seats_card_changes_nothing_drawn_until_a_showdown():
    # The same public hand with every card the other seat could hold: the seat that cannot see it
    # gets the same drawing; a showdown turns the card up, and then the drawings differ.
    lines = {
        "folded": ["raise", "fold"],
        "round 2": ["call", "raise", "call", "deal:{public}", "raise"],
        "showdown": ["call", "call", "deal:{public}", "call", "call"],
    }
    for me, mine, public in itertools.product((0, 1), CARDS, CARDS):
        if public == mine:
            continue
        for name, line in lines.items():
            drawings = {}
            for theirs in CARDS:
                if theirs in (mine, public):
                    continue
                deals = [f"deal:{mine}", f"deal:{theirs}"] if me == 0 else [f"deal:{theirs}", f"deal:{mine}"]
                state = GAME.replay([*deals, *(token.format(public=public) for token in line)])
                drawings[theirs] = [z.to_dict() for z in draw(state, me)]
            distinct = {json.dumps(d) for d in drawings.values()}
            if name == "showdown":
                assert len(distinct) == len(drawings), (me, mine, public)
            else:
                assert len(distinct) == 1, (me, mine, public, name)


def test_a_showdown_says_each_hand_and_a_fold_says_who_folded():
    showdown = GAME.replay(["deal:ks", "deal:qh", "call", "call", "deal:kh", "call", "call"])
    zones = draw(showdown, 1)
    assert zone(zones, "Anna").cards[0].face == "K\u2660" and "pair of kings" in zone(zones, "Anna").facts
    assert "queen high" in zone(zones, "Bob").facts and "hand over" in zone(zones, "table").facts
    folded = GAME.replay(["deal:ks", "deal:qh", "raise", "fold"])
    zones = draw(folded, 0)
    assert "folded" in zone(zones, "Bob").facts and "folded" not in zone(zones, "Anna").facts
    assert zone(zones, "Bob").cards == (Card("", hidden=True, kind="card"),)
    assert "3 in the pot" in zone(zones, "Anna").facts and "1 in the pot" in zone(zones, "Bob").facts


def test_a_record_rebuilt_from_one_seats_view_draws_the_same():
    # replay_as_seen deals the other seat a stand-in card: a hidden fact the drawing must not show.
    for state in random_hands(60):
        for me in (0, 1):
            rebuilt = GAME.replay_as_seen(me, state.view(me).history())
            assert draw(rebuilt, me) == draw(state, me)


def test_your_turn_is_said_as_yours_and_the_others_by_name():
    for state in random_positions(GAME, 2):
        to_move = state.to_dict()["to_move"]
        if isinstance(to_move, int):
            table = zone(draw(state, to_move), "table").facts
            other = zone(draw(state, 1 - to_move), "table").facts
            assert "you to act" in table and f"{NAMES[to_move]} to act" in other
