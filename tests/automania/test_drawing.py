"""Automania drawn as the table's zones of cards (`pyai serve`): the markets, the
contract display, the round's tiles, the sales offices and each seat's factory
and hand; the contracts another seat alone has seen face down and never
named, money a seat lost track of as a range."""

from __future__ import annotations

import json
import re

import pytest

import pyai
from pyai.automania.drawing import contract_card
from pyai.automania.game import AutomaniaGame
from pyai.automania.narration import contract_names, tile_words
from pyai.game_api import Card, Zone

from self_play import random_positions

NAMES = ["Ann", "Bob", "Cy", "Di"]
KINDS = {"tile", "contract", "demand", "car"}
COMPONENTS = pyai.load_game("automania()").components
# Each contract by how the drawing shows it: our number is in a note only where two cards look alike.
CARDS = {name: contract_card(COMPONENTS, name) for name in contract_names(COMPONENTS)}
CONTRACTS_DRAWN = {(card.face, card.note): name for name, card in CARDS.items()}


def game_of(players: int) -> AutomaniaGame:
    game = pyai.load_game(f"automania(players={players})")
    assert isinstance(game, AutomaniaGame)
    return game


def draw(game: AutomaniaGame, view: pyai.View) -> list[Zone]:
    return game.drawing(view.to_dict(), NAMES[: game.players], view.seat)


def zone(zones: list[Zone], title: str) -> Zone:
    return next(z for z in zones if z.title == title)


def text_of(zones: list[Zone]) -> str:
    return json.dumps([z.to_dict() for z in zones])


def check_well_formed(game: AutomaniaGame, zones: list[Zone]) -> None:
    json.dumps([z.to_dict() for z in zones])
    for z in zones:
        assert isinstance(z, Zone) and z.title and len(z.title) <= 20
        assert all(isinstance(fact, str) and fact for fact in z.facts)
        for card in z.cards:
            assert isinstance(card, Card) and card.kind in KINDS
            if card.hidden:
                assert card.face in ("", "?") and card.note == "" and card.kind == "contract"
            else:
                assert card.face and len(card.face) <= 10
    seats = [(z.title, z.seat) for z in zones if z.seat is not None]
    assert seats == [(NAMES[seat], seat) for seat in range(game.players)]


def tile_faces(game: AutomaniaGame, names: list[str]) -> list[str]:
    """Tiles by their printed faces, as the drawing's cards say them (face, then marks)."""
    return sorted(tile_words(game.components.tile(name)) for name in names)


def contract_number(card: Card) -> str:
    """The contract a card draws, by its face and note (our number follows only where two cards look
    alike): 'city car' + 'green, 5+ stars: 2 VP' -> '4'."""
    return CONTRACTS_DRAWN[(card.face, card.note.removeprefix("played: "))]


def card_words(card: Card) -> str:
    """A tile card read back as the picture's words: 'speed' + 'C2: machine, 1 star' -> 'speed machine (1 star)'."""
    note = card.note.partition(": ")[2] if ": " in card.note else card.note
    kind, _, marks = note.partition(", ")
    if kind == "tile":
        return f"{card.face} tile"
    return f"{card.face} {kind}" + (f" ({marks})" if marks else "")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_draw_what_each_view_knows(players):
    game = game_of(players)
    for seed in range(2):
        for state in random_positions(game, seed, every=2):
            truth = state.to_dict()
            for me in range(players):
                view = state.view(me)
                data = view.to_dict()
                zones = draw(game, view)
                check_well_formed(game, zones)
                assert [contract_number(c) for c in zone(zones, "contracts").cards] == data["display"]
                grid = [z for z in zones if re.fullmatch(r"row \d: .*", z.title)]
                placed = [t for row in data["grid"] for t in row if t]
                if placed:
                    assert len(grid) == 4
                    assert sorted(card_words(c) for z in grid for c in z.cards) == tile_faces(game, placed)
                for market, title in (("NA", "North America"), ("EU", "Europe")):
                    demands = [c.face for c in zone(zones, title).cards if c.kind == "demand"]
                    assert demands == data["markets"][market]["demand"] + data["markets"][market]["pending"]
                for seat, s in enumerate(data["seats"]):
                    area = zone(zones, NAMES[seat])
                    contracts = [c for c in area.cards if c.kind == "contract" and not c.note.startswith("played: ")]
                    played = [c for c in area.cards if c.kind == "contract" and c.note.startswith("played: ")]
                    assert [contract_number(c) for c in played] == s["played"]  # by face, as met, in order
                    # Known contracts face up, the ones this seat never saw face down by count.
                    assert sorted(contract_number(c) for c in contracts if not c.hidden) == sorted(s["hand"])
                    assert sum(c.hidden for c in contracts) == s["hidden_contracts"]
                    tiles = [t for t in s["stations"] + s["offices"] if t]
                    tiles += [t for styling in s["styling"].values() for t in styling]
                    if data["step"] == "place tile" and data["turn"] == seat:
                        tiles.append(data["action"]["tile"])
                    assert sorted(card_words(c) for c in area.cards if c.kind == "tile") == tile_faces(game, tiles)
                    assert area.facts[0] == f"${s['money']}" and area.facts[1] == f"{s['vp']} VP"
                    if seat == me:
                        # My own hand exactly, nothing of it hidden from me.
                        assert s["hidden_contracts"] == 0
                        assert [contract_number(c) for c in contracts] == truth["seats"][me]["hand"]
                    else:
                        # The contracts it alone has seen are named nowhere in the drawing.
                        unseen = set(truth["seats"][seat]["hand"]) - set(s["hand"])
                        assert len(unseen) == s["hidden_contracts"]
                        named = {contract_number(c) for z in zones for c in z.cards if c.kind == "contract" and c.note}
                        assert not unseen & named


@pytest.mark.parametrize("players", [2, 4])
def test_a_position_rebuilt_from_a_seats_record_draws_the_same(players):
    # replay_as_seen deals stand-ins for every contract the seat did not see: hidden facts, drawn alike.
    game = game_of(players)
    for state in random_positions(game, 7, every=9):
        for me in range(players):
            rebuilt = game.replay_as_seen(me, state.view(me).history())
            assert draw(game, rebuilt.view(me)) == draw(game, state.view(me))


def test_another_seats_starting_contract_changes_nothing_drawn():
    game = game_of(3)
    state = game.new_initial_state()
    while state.to_move() == "chance" and not state.to_dict()["step"] == "deal starting contract":
        state.apply(state.sample_chance(1))
    receivers = []
    while state.to_dict()["step"] == "deal starting contract":
        seat = state.to_dict()["turn"]
        receivers.append(seat)
        others = [s for s in range(3) if s != seat]
        seen: dict[int, set[str]] = {s: set() for s in others}
        dealt = set()
        for seed in range(40):
            token = state.sample_chance(seed)
            dealt.add(token)
            after = state.clone()
            after.apply(token)
            for s in others:
                seen[s].add(text_of(draw(game, after.view(s))))
            mine = [
                contract_number(c)
                for c in zone(draw(game, after.view(seat)), NAMES[seat]).cards
                if c.kind == "contract"
            ]
            assert mine == [token.partition(":")[2]]
        assert len(dealt) > 1
        for s in others:
            assert len(seen[s]) == 1
        state.apply(token)
    assert sorted(receivers) == [0, 1, 2]


def test_money_lost_track_of_is_a_range_and_two_amounts_in_it_draw_alike():
    game = game_of(3)
    tried = 0
    for state in random_positions(game, 3, every=11):
        if state.is_terminal() or state.to_dict()["step"].startswith("deal "):
            continue
        text = state.position()
        money = [int(m) for m in re.search(r"money:(\S+)", text)[1].split("/")]
        other, me = 2, 0
        changed = money[:other] + [money[other] + 1]
        try:
            twin = game.from_position(
                text.replace("money:" + "/".join(map(str, money)), "money:" + "/".join(map(str, changed)))
            )
        except pyai.InconsistentPositionError:
            continue
        views = [s.view(me).forget_money(other, 0, 40) for s in (state, twin)]
        zones = [draw(game, view) for view in views]
        assert zones[0] == zones[1]
        low, high = views[0].to_dict()["seats"][other]["money_range"]
        assert zone(zones[0], "Cy").facts[0] == f"$? ({low}..{high})"
        assert zone(zones[0], "Ann").facts[0] == f"${money[me]}"
        tried += 1
    assert tried >= 5


def test_tiles_and_contracts_are_drawn_by_their_faces():
    game = game_of(3)
    state = game.replay(game.BENCH_TOKENS)
    zones = draw(game, state.view(0))
    first_row = zone(zones, "row 1: city car $1")
    assert first_row.cards[0].kind == "tile" and first_row.cards[0].note.startswith("column 1: ")
    contracts = zone(zones, "contracts")
    # A contract card shows the car it asks for; its note what else it shows, never our number (no card prints it).
    assert [c.face for c in contracts.cards] == ["city car", "super car", "any car"] and "deck" in contracts.facts[0]
    assert [c.note for c in contracts.cards] == [
        "green, 5+ stars: 2 VP",
        "speed, 8+ stars: 3 VP",
        "chrome, 8+ stars: 3 VP",
    ]
    assert contract_number(zone(zones, "Ann").cards[0]) == "S4" and "(starting)" in zone(zones, "Ann").cards[0].note
    assert "order: Bob, Cy, you" in zone(zones, "round 1 of 4").facts
    # Nothing is drawn by the ids, which only records and positions use.
    assert not re.search(r'"[AB]\d+"', text_of(zones))


def test_spaces_offices_and_cars_are_named_as_the_companions_lines_name_them():
    game = game_of(3)
    setup = draw(game, game.new_initial_state().view(0))
    # Before the round's tiles are laid out, no office's tile was taken: it is still to come.
    offices = zone(setup, "sales offices").facts
    assert "1 sells 1, tile to come: free" in offices and not any("taken" in fact for fact in offices)
    state = game.replay(game.BENCH_TOKENS)
    assert "1 sells 1, tile: free" in zone(draw(game, state.view(0)), "sales offices").facts
    state.apply("place:R1")
    spaces = zone(draw(game, state.view(0)), "action spaces").facts
    assert spaces[0] == "row 1 (city car $1): Bob, 1 worker" and spaces[4] == "column 1 (contract)"
    assert spaces[-1] == "the corner (any car)" and not re.search(r"\b[RC]\d\b", " ".join(spaces))
    shipped = 0
    for state in random_positions(game, 5, every=3):
        for market in ("North America", "Europe"):
            cars = [c for c in zone(draw(game, state.view(0)), market).cards if c.kind == "car"]
            assert all(re.fullmatch(rf"(you|{'|'.join(NAMES[1:])}), (level \d+|sold, space \d+)", c.note) for c in cars)
            shipped += len(cars)
    assert shipped > 0


def test_the_seat_drawn_for_is_you_wherever_the_words_speak_of_it():
    game = game_of(3)
    said: set[str] = set()
    for state in random_positions(game, 3):
        data = state.to_dict()
        mover = data["turn"] if data["to_move"] == "chance" else data["to_move"]
        if not isinstance(mover, int):
            continue
        zones = draw(game, state.view(mover))
        words = [fact for z in zones if z.seat is None for fact in z.facts]
        words += [c.note for z in zones for c in z.cards if c.kind == "car"]
        assert not any(re.search(rf"\b{NAMES[mover]}\b", text) for text in words), words
        said |= {
            fact
            for fact in zone(zones, f"round {data['round']} of 4").facts
            if fact.startswith(("next: your", "your", "you "))
        }
        # each seat's own area still has its name: the page marks yours
        assert [z.title for z in zones if z.seat is not None] == NAMES[:3]
    assert "next: your starting contract is dealt" in said
    assert "your turn: sponsor, place workers or withdraw" in said
    assert any(re.fullmatch(r"you take a tile from .*", fact) for fact in said)
