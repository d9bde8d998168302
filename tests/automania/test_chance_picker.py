"""Automania's chance steps as taps (Game.chance_picker, for `pyai serve`): whole games
played through the companion `pyai advise` uses, every chance step (order, demands,
display, starting contracts, tiles, reveals, deck draws) said by a line built from
the picker's options, which offer only what the advised seat could know is to come."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest
from chance_pickers import companion_for, picker_now, random_picks, snapshot

import pyai
from pyai.automania.chance_pickers import next_chance_picker
from pyai.automania.component_file import ROUNDS_PER_BACK, Tile
from pyai.automania.game import load_components
from pyai.automania.narration import contract_order, tile_words
from pyai.automania.tile_faces import tile_said
from pyai.automania.words import words_to_token
from pyai.game_api import ChancePicker
from pyai.protocol.errors import ProtocolError
from pyai.web.table import TableCompanion, legal_inputs, step_picker

COMPONENTS = load_components(None)[0]  # the shipped set, which the games below play with

Step = tuple[ChancePicker, dict[str, Any], list[str], dict[str, Any]]


def same_markets(picker: ChancePicker, picks: list[str]) -> bool:
    """Whether demands picked make the two markets identical, the same symbol on each space
    (the setup deals again)."""
    size = picker.groups[0]
    return picks[:size] == picks[size:]


def take_chance(companion: TableCompanion, rng: random.Random) -> Step:
    """The chance step by the picker's line: one pick short first (two for the order), which must be refused
    and change nothing; demands that leave both markets alike (a rule no pick can show)
    are refused and picked again."""
    picker, data = picker_now(companion)
    if not picker.count:
        taken, told = companion.step(picker.start)
        assert taken, (picker.start, told)
        return picker, data, [], companion.position.view().to_dict()
    picks = random_picks(picker, rng)
    before = snapshot(companion)
    short = 2 if picker.start == "order" else 1  # the one seat an order leaves out goes last
    taken, told = companion.step(picker.line(picks[:-short]))
    assert not taken and told[0].startswith("not taken"), told
    assert snapshot(companion) == before
    for _ in range(50):
        taken, told = companion.step(picker.line(picks))
        if taken:
            return picker, data, picks, companion.position.view().to_dict()
        assert data["step"] == "deal demands" and same_markets(picker, picks), (picker.line(picks), told)
        assert "the two markets are identical" in told[0]
        assert snapshot(companion) == before
        picks = random_picks(picker, rng)
    raise AssertionError("no demands taken")


def decide(companion: TableCompanion, rng: random.Random) -> None:
    """A random legal input (half the time a deck draw when offered); the contract step
    of a seat whose hand the advised seat has not seen: no contract, said in words."""
    inputs = legal_inputs(companion)
    if inputs:
        deck = [entry for entry in inputs if entry["token"] == "draw:deck"]
        line = (deck[0] if deck and rng.random() < 0.5 else rng.choice(inputs))["line"]
    else:
        try:
            line = rng.choice(companion.position.legal())  # more inputs than the page shows
        except ProtocolError:
            line = f"{companion.names[companion.position.state.to_move()]} plays no contract"
    taken, told = companion.step(line)
    assert taken, (line, told)


def play_game(companion: TableCompanion, rng: random.Random) -> list[Step]:
    """Plays the game to its end; each chance step: its picker, the view before, the picks, the view after."""
    steps = []
    for _ in range(3000):
        state = companion.position.state
        if state.is_terminal():
            return steps
        if state.to_move() == "chance":
            steps.append(take_chance(companion, rng))
        else:
            decide(companion, rng)
    raise AssertionError("the game did not end")


def seen_contracts(data: dict[str, Any]) -> set[str]:
    """Every contract the seat has seen: on the display, in a hand it knows of, played."""
    seen = set(data["display"])
    for seat in data["seats"]:
        seen.update(seat["hand"], seat["hand_public"], seat["played"])
    return seen


def dealt_tiles(data: dict[str, Any]) -> list[str]:
    """The round's tiles as dealt: the grid row by row, then below the sales offices."""
    return [tile for row in data["grid"] for tile in row] + [
        office["tile"] for office in data["sales_offices"] if office["tile"] is not None
    ]


def check_step(companion: TableCompanion, step: Step) -> str:
    """Checks one chance step against what the seat knew and what was dealt; its kind."""
    picker, data, picks, after = step
    me, names, players = companion.me, companion.names, len(companion.names)
    kind, receiver = data["step"], data["turn"]
    words = [option.word for option in picker.options]
    assert len(set(words)) == len(words)
    if kind in ("deal starting contract", "draw contract") and receiver != me:
        assert picker.count == 0 and not picker.options
        verb = "gets a starting contract" if kind == "deal starting contract" else "draws"
        assert picker.start == f"{names[receiver]} {verb}"
        assert after["seats"][receiver]["hidden_contracts"] == data["seats"][receiver]["hidden_contracts"] + 1
        return f"{kind}, another's"
    if kind == "deal order":
        assert (picker.start, picker.count, picker.ordered) == ("order", players, True)
        assert sorted(words_to_token(f"order {word}", data, names, me, COMPONENTS) for word in words) == [
            f"order:{seat}" for seat in range(players)
        ]
        assert [int(words_to_token(f"order {w}", data, names, me, COMPONENTS)[6:]) for w in picks] == after["order"]
    elif kind == "deal demands":
        assert (picker.start, picker.count, picker.groups, picker.ordered) == ("demands", 10, (5, 5), True)
        assert sum(option.copies for option in picker.options) == len(COMPONENTS.demand_tiles) == picker.count
        assert Counter({o.word: o.copies for o in picker.options}) == Counter(COMPONENTS.demand_tiles)
        markets = after["markets"]
        assert markets["NA"]["demand"] + markets["NA"]["pending"] == picks[:5]
        assert markets["EU"]["demand"] + markets["EU"]["pending"] == picks[5:]
    elif kind == "deal tiles":
        back = "A" if data["round"] <= ROUNDS_PER_BACK else "B"
        unseen = data["tiles_unseen"][back]
        assert (picker.start, picker.count, picker.groups, picker.ordered) == ("tiles", 18, (4, 4, 4, 4, 2), True)
        assert sum(option.copies for option in picker.options) == len(unseen)
        faces = Counter(tile_words(COMPONENTS.tile(tile)) for tile in unseen)
        assert Counter({option.label: option.copies for option in picker.options}) == faces
        assert len(unseen) - len(after["tiles_unseen"][back]) == picker.count  # the tiles the step deals
        labels = {option.word: option.label for option in picker.options}
        assert [tile_words(COMPONENTS.tile(tile)) for tile in dealt_tiles(after)] == [labels[w] for w in picks]
    else:  # contracts: the display, a reveal, my starting contract, my deck draw
        seen = seen_contracts(data)
        assert not seen & set(words), seen & set(words)
        start, count = {
            "deal display": ("display", 3),
            "reveal contract": ("reveal", 1),
            "deal starting contract": ("I get", 1),
            "draw contract": ("I draw", 1),
        }[kind]
        assert (picker.start, picker.count) == (start, count)
        starting = kind == "deal starting contract"
        every = [f"S{n}" for n in range(1, 5)] if starting else [str(n) for n in range(1, 27)]
        # every card not seen, once, as a player scans the cards: by car, then what they ask for
        assert sorted(words, key=every.index) == [name for name in every if name not in seen]
        assert words == sorted(words, key=lambda name: contract_order(COMPONENTS, name))
        # each card by its face, as a player finds it among the cards: its car first
        assert all(re.match(r"(starting )?(city|family|super|any) car, ", o.label) for o in picker.options)
        assert all(o.label.startswith("starting ") == starting for o in picker.options)
        if kind in ("deal display", "reveal contract"):
            assert set(picks) <= set(after["display"])
        else:
            assert set(picks) <= set(after["seats"][me]["hand"])
        if kind == "deal display":
            assert after["display"] == sorted(picks, key=int)
    return f"{kind}, mine" if kind in ("deal starting contract", "draw contract") else kind


EVERY_STEP = {
    "deal order",
    "deal demands",
    "deal display",
    "deal tiles",
    "reveal contract",
    "deal starting contract, mine",
    "deal starting contract, another's",
    "draw contract, mine",
    "draw contract, another's",
}


@pytest.mark.parametrize("players", [3, 4])
def test_whole_games_are_dealt_by_taps(tmp_path, players):
    kinds: Counter[str] = Counter()
    for seed in range(4):
        rng = random.Random(seed)
        companion = companion_for(tmp_path, f"automania(players={players})", seat=seed % players)
        for step in play_game(companion, rng):
            kinds[check_step(companion, step)] += 1
        assert companion.position.state.is_terminal()
    assert set(kinds) == EVERY_STEP, kinds


def test_every_deal_the_rules_could_make_is_offered(tmp_path):
    # The companion's state deals only what the picker offers (another seat's private
    # card aside: the seat never sees it, and its line names none).
    rng = random.Random(3)
    companion = companion_for(tmp_path, "automania(players=3)")
    checked: Counter[str] = Counter()
    by_face = {tile_words(tile): tile_said(tile) for tiles in COMPONENTS.tiles.values() for tile in tiles}
    while not companion.position.state.is_terminal():
        state = companion.position.state
        if state.to_move() != "chance":
            decide(companion, rng)
            continue
        picker, data = picker_now(companion)
        offered = Counter({option.word: option.copies for option in picker.options})
        if picker.count:
            for _ in range(5):
                items = state.sample_chance(rng.randrange(10_000)).split(":")[1].replace("/", ",").split(",")
                if data["step"] == "deal order":
                    items = [picker.options[int(seat)].word for seat in items]
                elif data["step"] == "deal tiles":
                    items = [by_face[tile_words(COMPONENTS.tile(tile))] for tile in items]
                assert not Counter(items) - offered, (items, offered)
                checked[data["step"]] += 1
        take_chance(companion, rng)
    assert set(checked) >= {"deal order", "deal demands", "deal display", "deal tiles", "reveal contract"}


def test_every_face_said_reads_back_as_that_face():
    # Each tile's word, said first in a round's tiles from every tile of its back, is
    # read as a tile of exactly its face (what is not said is read as not printed).
    for back, round_number in (("A", 1), ("B", 3)):
        tiles = COMPONENTS.tiles[back]
        data = {"round": round_number, "grid": [[None] * 4 for _ in range(4)]}
        data["tiles_unseen"] = {"A": [], "B": [], back: [tile.name for tile in tiles]}
        for tile in tiles:
            said = [tile, *[other for other in tiles if tile_words(other) != tile_words(tile)][:17]]
            line = "tiles " + ", ".join(tile_said(one) for one in said)
            dealt = words_to_token(line, data, ["Ann", "Bob", "Cy"], 0, COMPONENTS).split(":")[1].split(",")
            assert [tile_words(COMPONENTS.tile(name)) for name in dealt] == [tile_words(one) for one in said], line


def test_a_face_is_said_with_every_mark_printed():
    assert tile_said(Tile("A1", "machine", symbol="speed", stars=1, silver=1)) == "speed 1 star silver"
    assert tile_said(Tile("A2", "machine", symbol="power", silver=2)) == "power 2 silver"
    assert tile_said(Tile("A3", "manager", type="staff", workers=2)) == "staff manager 2 workers"
    assert tile_said(Tile("A4", "manager", type="research", stars=1)) == "research manager 1 star"
    assert tile_said(Tile("A5", "styling", part="spoiler", stars=2)) == "spoiler 2 stars"
    assert tile_said(Tile("A6", "money", money=3)) == "$3"
    assert tile_said(Tile("A7", "vp", vp=1)) == "1 VP"


def test_tiles_are_picked_by_face_with_copies(tmp_path):
    companion = companion_for(tmp_path, "automania(players=3)", names=["Ann", "Bob", "me"], seat=2)
    rng = random.Random(1)
    while companion.position.view().to_dict()["step"] != "deal tiles":
        take_chance(companion, rng)
    picker, data = picker_now(companion)
    assert picker.what == "the round's 18 tiles: the grid row by row, then below the sales offices"
    assert sum(option.copies for option in picker.options) == len(data["tiles_unseen"]["A"]) == 36
    assert any(option.copies > 1 for option in picker.options)  # alike tiles: one option
    for option in picker.options:
        alike = [t for t in COMPONENTS.tiles["A"] if tile_words(t) == option.label]
        assert len(alike) == option.copies and option.word == tile_said(alike[0])
    picks = [option.word for option in picker.options for _ in range(option.copies)][:18]
    line = picker.line(picks)
    rows = [", ".join(picks[at : at + 4]) for at in (0, 4, 8, 12)]
    assert line == "tiles " + "; ".join([*rows, ", ".join(picks[16:])])
    assert companion.step(line)[0]


def test_the_order_names_the_seats(tmp_path):
    companion = companion_for(tmp_path, "automania(players=3)", names=["Ann", "Bob", "Cy"], seat=1)
    picker, _ = picker_now(companion)
    assert [(o.word, o.label) for o in picker.options] == [("Ann", "Ann"), ("Bob", "Bob (you)"), ("Cy", "Cy")]
    assert companion.step(picker.line(["Cy", "Ann", "Bob"]))[0]
    assert companion.position.view().to_dict()["order"] == [2, 0, 1]


def test_a_name_the_order_cannot_read_is_said_by_its_number():
    # The companion lets no such name in (it needs a letter); the picker still never offers
    # a word that would not read back as its seat.
    names = ["Ann", "!!", "Cy"]
    data = pyai.load_game("automania(players=3)").new_initial_state().view(0).to_dict()
    picker = next_chance_picker(data, names, 0, COMPONENTS)
    assert [(o.word, o.label) for o in picker.options] == [("Ann", "Ann (you)"), ("1", "!!"), ("Cy", "Cy")]
    assert words_to_token(picker.line(["1", "Cy", "Ann"]), data, names, 0, COMPONENTS) == "order:1,2,0"


def test_no_picker_but_at_a_chance_step(tmp_path):
    companion = companion_for(tmp_path, "automania(players=3)")
    rng = random.Random(2)
    while companion.position.state.to_move() == "chance":
        take_chance(companion, rng)
    data = companion.position.view().to_dict()
    assert step_picker(companion) is None
    assert next_chance_picker(data, list(companion.names), 0, COMPONENTS) is None


def picker_at_step(tmp_path, step: str, seed: int):
    """A 3-player companion dealt at random up to the chance step `step`, and its picker there."""
    companion = companion_for(tmp_path, "automania(players=3)")
    rng = random.Random(seed)
    while companion.position.view().to_dict()["step"] != step:
        take_chance(companion, rng)
    picker, _ = picker_now(companion)
    return companion, picker


def test_the_markets_and_their_spaces_are_named_as_the_table_names_them(tmp_path):
    companion, picker = picker_at_step(tmp_path, "deal demands", seed=3)
    assert picker.group_names == ("North America", "Europe")
    spaces = ("4 stars", "3 stars", "2 stars", "next, left", "next, right")
    assert picker.place_names == spaces * 2
    assert step_picker(companion)["group_names"] == ["North America", "Europe"]


def test_the_rows_and_their_places_are_named_where_the_tiles_land(tmp_path):
    companion, picker = picker_at_step(tmp_path, "deal tiles", seed=1)
    assert picker.group_names == ("row 1", "row 2", "row 3", "row 4", "below the sales offices")
    columns = tuple(f"column {c}" for c in range(1, 5))
    assert picker.place_names == columns * 4 + ("office 1", "office 2")
    picks = [option.word for option in picker.options for _ in range(option.copies)][:18]
    assert companion.step(picker.line(picks))[0]
    zones = companion.game.drawing(companion.position.view().to_dict(), list(companion.names), 0)
    by_place = {(z.title.partition(":")[0], c.note.partition(":")[0]): c for z in zones for c in z.cards}
    for at, (group, size) in enumerate(zip(picker.group_names, picker.groups)):
        first = sum(picker.groups[:at])
        for place in range(first, first + size):
            where = (group if group.startswith("row") else "sales offices", picker.place_names[place])
            card = by_place[where]
            label = next(o.label for o in picker.options if o.word == picks[place])
            assert label.startswith(card.face), (where, label, card)
