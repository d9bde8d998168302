"""For Sale drawn as the table's zones of cards (`pyai serve`): the cards turned
up in the middle, each seat's cash, bid and cards in its area, in each
edition's and theme's names; what a seat cannot see (a sell not yet revealed,
cash or a hand it lost track of) face down or as a range, and never told."""

from __future__ import annotations

import collections
import json
import re

import pytest

import pyai
from pyai.forsale.game import ForSaleGame
from pyai.game_api import Card, Zone

from self_play import random_positions

NAMES = ["Anna", "Bob", "Cleo", "Dan", "Eve", "Finn"]
HIDDEN_KINDS = {"advisor", "vehicle", "property"}


def names(game: pyai.Game) -> list[str]:
    return NAMES[: game.players]


def draw(game: pyai.Game, view: pyai.View, me: int | None = None) -> list[Zone]:
    me = view.seat if me is None else me
    return game.drawing(view.to_dict(), names(game), me)


def zone(zones: list[Zone], title: str) -> Zone:
    return next(z for z in zones if z.title == title)


def faces(cards, kind: str) -> list[int]:
    return sorted(int(c.face) for c in cards if c.kind == kind and not c.hidden)


def vehicle_kind(game: ForSaleGame) -> str:
    return "vehicle" if game.theme.vehicle == "vehicle" else "property"


def check_well_formed(game: ForSaleGame, zones: list[Zone]) -> None:
    json.dumps([z.to_dict() for z in zones])
    kinds = {"advisor", "check", vehicle_kind(game)}
    for z in zones:
        assert isinstance(z, Zone) and z.title
        assert all(isinstance(fact, str) and fact for fact in z.facts)
        for card in z.cards:
            assert isinstance(card, Card) and card.kind in kinds
            if card.hidden:
                assert card.face in ("", "?") and card.note == "" and card.kind in HIDDEN_KINDS
            else:
                assert card.face.isdigit() and card.note
    seats = [(z.title, z.seat) for z in zones if z.seat is not None]
    assert seats == [(name, seat) for seat, name in enumerate(names(game))]
    assert zones[0].title == "table" and zones[0].seat is None


@pytest.mark.parametrize("game_string", ForSaleGame.EXAMPLE_GAMES)
def test_random_games_draw_the_table_and_every_seat_as_the_view_knows_them(game_string):
    game = pyai.load_game(game_string)
    assert isinstance(game, ForSaleGame)
    theme = game.theme
    kind_of_vehicles = vehicle_kind(game)
    for seed in range(4):
        for state in random_positions(pyai.load_game(game_string), seed):
            for me in range(game.players):
                view = state.view(me)
                data = view.to_dict()
                zones = draw(game, view)
                check_well_formed(game, zones)
                table = zones[0]
                # The table's cards are exactly the cards turned up, of the phase's deck.
                deck = {"auction": "property" if game.classic else "advisor", "buying": kind_of_vehicles}
                kind = deck.get(data["phase"], "check")
                assert [c.face for c in table.cards] == [str(n) for n in data["table"]]
                assert all(c.kind == kind for c in table.cards)
                if kind == "advisor":
                    assert [c.note for c in table.cards] == [theme.advisor(n).partition(" ")[2] for n in data["table"]]
                for seat, s in enumerate(data["seats"]):
                    cards = zone(zones, names(game)[seat]).cards
                    facts = zone(zones, names(game)[seat]).facts
                    assert facts[0] == f"{theme.cash} {s['cash']}"  # perfect recall: cash is public
                    advisors = (
                        s["advisors_in_hand"] + s["advisors_played"] + [s["offered"]] * (s["offered"] is not None)
                    )
                    assert faces(cards, "advisor") == sorted(advisors)
                    assert faces(cards, kind_of_vehicles) == sorted(s["vehicles"])
                    checks = s["checks"] + [s["check_won"]] * (s["check_won"] is not None)
                    assert faces(cards, "check") == sorted(checks)
                    hidden = [c for c in cards if c.hidden]
                    if s["sell"] == "hidden":
                        assert seat != me and "sell chosen" in facts and len(hidden) == 1
                    else:
                        assert hidden == []
                    if data["phase"] == "auction" and data["table"]:
                        bid = f"bid {s['bid']}" if s["bid"] else "no bid yet"  # nobody at the table bids 0
                        assert facts[1] == (bid if s["in_auction"] else "passed")


def test_my_own_hand_is_drawn_exactly():
    game = pyai.load_game("forsale(players=4)")
    for state in random_positions(pyai.load_game("forsale(players=4)"), 11):
        data = state.view(2).to_dict()
        mine = zone(draw(game, state.view(2)), "Cleo")
        s = data["seats"][2]
        in_hand = [c for c in mine.cards if c.kind == "advisor" and c.note.partition(", ")[2] == ""]
        assert sorted(int(c.face) for c in in_hand) == sorted(s["advisors_in_hand"])
        assert faces(mine.cards, "vehicle") == sorted(s["vehicles"])
        assert faces(mine.cards, "check") == sorted(s["checks"] + [s["check_won"]] * (s["check_won"] is not None))
        assert all(not c.hidden for c in mine.cards)  # nothing of my own is hidden from me
        selling = [int(c.face) for c in mine.cards if c.note.endswith("to sell")]
        assert selling == (sorted(s["sell"]["vehicles"]) if isinstance(s["sell"], dict) else [])


def selling_decision(game_string: str, seed: int) -> pyai.State:
    """The first phase-3 position where the round's first seller is to choose."""
    for state in random_positions(pyai.load_game(game_string), seed):
        data = state.to_dict()
        if data["phase"] == "selling" and data["table"] and all(s["sell"] is None for s in data["seats"]):
            return state.clone()
    raise AssertionError("no selling round")


@pytest.mark.parametrize("game_string", ["forsale(players=3)", "forsale(players=5,theme=advisors,first=2)"])
def test_a_sell_not_yet_revealed_is_one_card_face_down_whatever_it_is(game_string):
    game = pyai.load_game(game_string)
    assert isinstance(game, ForSaleGame)
    for seed in range(3):
        state = selling_decision(game_string, seed)
        seller = state.to_move()
        assert isinstance(seller, int) and len(state.legal_moves()) > 1
        others = [seat for seat in range(game.players) if seat != seller]
        drawings: dict[int, dict[str, list[Zone]]] = collections.defaultdict(dict)
        for token in state.legal_moves():
            after = state.clone()
            after.apply(token)
            for me in others:
                zones = draw(game, after.view(me))
                drawings[me][json.dumps([z.to_dict() for z in zones])] = zones
            # The seller sees its own choice.
            mine = zone(draw(game, after.view(seller)), names(game)[seller])
            sold = re.findall(r"\d+", token.partition("@")[0])
            assert f"sells {' '.join(sold)}" in " ".join(mine.facts)
            assert not any(c.hidden for c in mine.cards)
        for me in others:
            # Every choice (one vehicle, or two with a Lawyer) draws alike for a seat that has not seen it.
            assert len(drawings[me]) == 1
            (zones,) = drawings[me].values()
            theirs = zone(zones, names(game)[seller])
            assert "sell chosen" in theirs.facts
            assert [c for c in theirs.cards if c.hidden] == [Card("", hidden=True, kind=vehicle_kind(game))]


def test_cash_lost_track_of_is_a_range_and_two_cashes_in_it_draw_alike():
    # Two positions that differ only in one seat's cash, seen by a seat that lost track of it.
    game = pyai.load_game("forsale(players=4)")
    assert isinstance(game, ForSaleGame)
    tried = 0
    for seed in range(6):
        for state in random_positions(pyai.load_game("forsale(players=4)"), seed, every=3):
            if state.to_move() == "chance" or state.is_terminal():
                continue
            text = state.position()
            cash = [int(c) for c in re.search(r"cash:(\S+)", text)[1].split("/")]
            seats = state.to_dict()["seats"]
            other = max(range(4), key=lambda seat: cash[seat] - seats[seat]["bid"])
            bid = seats[other]["bid"]
            if cash[other] <= bid:
                continue
            me = (other + 1) % 4
            changed = cash[:other] + [cash[other] - 1] + cash[other + 1 :]
            twin = game.from_position(
                text.replace("cash:" + "/".join(map(str, cash)), "cash:" + "/".join(map(str, changed)))
            )
            views = [s.view(me).forget_cash(other) for s in (state, twin)]
            low, high = views[0].to_dict()["seats"][other]["cash_range"]  # what the view can still tell
            assert views[1].to_dict()["seats"][other]["cash_range"] == [low, high] and low < cash[other] <= high
            zones = [draw(game, view) for view in views]
            assert zones[0] == zones[1]
            theirs = zone(zones[0], NAMES[other])
            assert theirs.facts[0] == f"cash ? ({low}..{high})"
            assert f"cash {cash[other]}" not in " ".join(theirs.facts)
            assert zone(zones[0], NAMES[me]).facts[0] == f"cash {cash[me]}"  # my own cash is still known
            tried += 1
    assert tried >= 10


def test_a_hand_lost_track_of_is_face_down_by_count():
    game = pyai.load_game("forsale(players=4)")
    for state in random_positions(pyai.load_game("forsale(players=4)"), 8, every=5):
        data = state.to_dict()
        if data["phase"] != "buying" or state.to_move() == "chance":
            continue
        view = state.view(0).forget_advisors(2).forget_vehicles(2)
        zones = draw(game, view)
        theirs = zone(zones, "Cleo")
        s = data["seats"][2]
        hidden = [c.kind for c in theirs.cards if c.hidden]
        assert collections.Counter(hidden) == {"advisor": len(s["advisors_in_hand"]), "vehicle": len(s["vehicles"])}
        # Played advisors stay known; the hand's own faces are nowhere in the area.
        shown = [c for c in theirs.cards if not c.hidden]
        assert faces(shown, "advisor") == sorted(s["advisors_played"] + [s["offered"]] * (s["offered"] is not None))
        assert faces(shown, "vehicle") == []
        assert zone(zones, "Anna").cards == zone(draw(game, state.view(0)), "Anna").cards


def test_each_edition_and_theme_names_its_cards():
    classic = pyai.load_game("forsale(players=3,edition=classic)")
    state = classic.new_initial_state()
    state.apply("deal:3,17,25")
    state.apply("bid:2")
    zones = draw(classic, state.view(1))
    assert zones[0].cards == tuple(Card(str(n), "property", kind="property") for n in (3, 17, 25))
    assert "high bid 2" in zones[0].facts and "phase 1: buying properties" in zones[0].facts
    assert zone(zones, "Anna").facts == ("coins 18", "bid 2") and zone(zones, "Bob").facts == ("coins 18", "no bid yet")
    advisors = pyai.load_game("forsale(players=5,theme=advisors)")
    state = advisors.new_initial_state()
    state.apply("deal:4,8,11,20,29")
    zones = draw(advisors, state.view(0))
    assert [c.note for c in zones[0].cards] == ["Agent", "Contractor", "Appraiser", "Lawyer", "Underwriter"]
    assert zone(zones, "Anna").facts[0] == "coins 20"
    autorama = pyai.load_game("forsale(players=4)")
    state = autorama.replay(["removed:8,21/5,17/0,9", "deal:3,6,23,24"])
    whole = autorama.drawing(state.to_dict(), names(autorama), 0)
    # A whole state's record names the cards removed unseen; a seat's view never does.
    removed = zone(whole, "removed unseen")
    assert [(c.face, c.kind) for c in removed.cards] == [
        ("8", "advisor"),
        ("21", "advisor"),
        ("5", "vehicle"),
        ("17", "vehicle"),
        ("0", "check"),
        ("9", "check"),
    ]
    assert all(z.title != "removed unseen" for z in draw(autorama, state.view(0)))


def test_your_move_is_said_as_yours_and_the_others_by_name():
    game = pyai.load_game("forsale(players=3)")
    for state in random_positions(game, 4, every=5):
        to_move = state.to_dict()["to_move"]
        if isinstance(to_move, int):
            mine = " ".join(zone(draw(game, state.view(to_move)), "table").facts)
            theirs = " ".join(zone(draw(game, state.view((to_move + 1) % 3)), "table").facts)
            assert "you to move" in mine and NAMES[to_move] not in mine
            assert f"{NAMES[to_move]} to move" in theirs
