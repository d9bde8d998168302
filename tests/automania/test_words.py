"""Automania in words: every step told as one seat saw it (narration.py), and
every step read from what a person at the table says (words.py), tiles by the
face printed on them."""

from __future__ import annotations

import itertools
import random
import re
from typing import Any

import pytest

import pyai
from pyai.automania.component_file import Components
from pyai.automania.contract_words import contract_hint
from pyai.automania.narration import MARKET_NAMES, tile_words, tile_words_apart
from pyai.commands.advice_text import one_line
from pyai.commands.advise import Companion
from pyai.commands.advise_session import Session
from pyai.errors import TokenSyntaxError

from .scenarios import DEMANDS, new_game, play, setup

NAMES = ["Ann", "Bob", "Cy", "Dee"]
TILE_ID = re.compile(r"\b[AB]\d{1,2}\b")
RAW_TOKEN = re.compile(r"\b[a-z]+:[A-Za-z0-9?]")
VERBS = ("take", "place", "put", "send", "ship", "play", "sell", "keep", "withdraw", "sponsor", "draw", "get", "move")


def game(players: int) -> Any:
    return pyai.load_game(f"automania(players={players})")


def random_move(state: Any, rng: random.Random) -> str:
    """A legal move, mostly one that plays on (withdrawing at random ends rounds at once)."""
    moves = state.legal_moves()
    busy = [m for m in moves if m != "withdraw" and not m.startswith("sponsor")]
    return rng.choice(busy if busy and rng.random() < 0.85 else moves)


def told(players: int, me: int) -> list[str]:
    return ["you" if seat == me else NAMES[seat] for seat in range(players)]


def narrated(state: Any, token: str, me: int) -> list[str]:
    """`token` applied to `state`, told as seat `me` saw it."""
    before = state.view(me).to_dict()
    state.apply(token)
    seen = state.view(me).history()[-1]
    return state.game.narrate(before, seen, state.view(me).to_dict(), told(state.game.players, me))


# ------------------------------------------------------------ narration


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_whole_game_is_told_by_faces_with_no_ids_or_tokens(players):
    rng = random.Random(players)
    me = players - 1
    state = game(players).new_initial_state()
    lines = []
    while not state.is_terminal():
        token = state.sample_chance(rng.randrange(10**6)) if state.to_move() == "chance" else random_move(state, rng)
        step = narrated(state, token, me)
        assert step and all(isinstance(line, str) and line.strip() for line in step), token
        lines += step
    text = "\n".join(lines)
    assert not TILE_ID.search(text), TILE_ID.search(text)
    assert not RAW_TOKEN.search(text), RAW_TOKEN.search(text)
    # verbs agree with their subject: "you take", "Bob takes"
    assert not re.search(rf"\byou ({'|'.join(VERBS)})s\b", text)
    assert not re.search(rf"\b({'|'.join(NAMES)}) ({'|'.join(VERBS)})\b", text)
    assert re.search(r"\byou (take|place|put) ", text) and re.search(r"\b(Ann|Bob) (takes|places|puts) ", text)
    for expected in ("player order: ", "North America wants ", "round 1 tiles, row 1: ", "-- round 4: player order"):
        assert expected in text
    assert "the game is over" in lines[-players - 1] and lines[-1].endswith("VP in all")


def test_one_turn_and_the_next_told_step_by_step():
    """The turn of docs/automania.md ("A turn, token by token"), as seat 0 tells it, then seat 1's draw."""
    state = new_game()
    steps = [
        "sponsor:1",
        "place:R1",
        "tile:1",
        "put:station,1",
        "market:NA",
        "marketing:2",
        "ship:6",
        "contract:S1",
        "place:C1",
        "tile:2",
        "discard",
        "draw:deck",
        "drawn:12",
        "withdraw",
        "office:4",
    ]
    lines = [line for token in steps for line in narrated(state, token, 0)]
    assert lines == [
        "you sponsor 1 worker: +$1",
        "you place a worker on row 1: a city car for $1",
        "you take the speed machine (no star) from row 1",  # a speed machine with a star lies beside it
        "you put it on station 1 and make the city car: -$1",
        "you send the city car to North America: 4 stars",
        "you put 2 workers on marketing: 6 stars",
        "you ship the city car (6 stars) to North America at level 6",
        "you play the starting city car contract (3+ stars: 1 VP, $3): +$3",
        "Bob places a worker on column 1: a contract",
        "Bob takes the power machine from column 1",
        "Bob discards it",
        "Bob chooses to draw from the deck",
        "Bob draws a contract from the deck",
        "Cy withdraws: +$6",
        "Cy takes sales office 4 (sells 3 cars, 1 VP): +1 VP (sales office)",
    ]


def test_the_setup_is_told_by_names_markets_contracts_and_faces():
    state = game(3).new_initial_state()
    tokens = ["order:1,2,0", *setup()[1:3], "start:S3", "start:S2", "start:S1", setup()[-1]]
    lines = [line for token in tokens for line in narrated(state, token, 0)]
    assert lines == [
        "player order: Bob ($6, 1 VP), Cy ($7, 2 VP), you ($8, 3 VP)",
        "North America wants speed (4 stars), speed (3), power (2); next: green | suitcase",
        "Europe wants suitcase (4 stars), safety (3), green (2); next: power | safety",
        "on display: city car, suitcase, 6+ stars: 3 VP; any car, spoiler, 8+ stars: 3 VP; city car, speed, 5+ "
        "stars: 2 VP",
        "Bob gets a starting contract",
        "Cy gets a starting contract",
        "you get the starting city car contract (3+ stars: 1 VP, $3)",
        "round 1 tiles, row 1: speed machine, speed machine (1 star), research manager (1 star), "
        "spoiler styling (1 star)",
        "row 2: power machine, suitcase machine, rims styling (1 star), marketing manager",
        "row 3: general manager, staff manager (1 worker), stripes styling (1 star), $2 tile",
        "row 4: 1 VP tile, green machine, safety machine, spoiler styling (2 stars)",
        "below sales office 1: speed machine; below sales office 2: research manager (1 star)",
    ]


def at_the_sales() -> Any:
    """Seat 0 has shipped a city car to North America at level 6; every seat withdraws but seat 0."""
    state = new_game()
    play(state, "place:R1", "tile:1", "put:station,1", "market:NA", "marketing:2", "ship:6", "contract:none")
    return play(state, "withdraw", "office:5", "withdraw", "office:1", "put:station,2", "withdraw")


def test_the_sales_and_the_rounds_end_are_told():
    state = at_the_sales()
    lines = [line for token in ("office:4", "sell:1", "demand:left") for line in narrated(state, token, 1)]
    assert lines == [
        "Ann takes sales office 4 (sells 3 cars, 1 VP): +1 VP (sales office)",
        "every seat has withdrawn: the sales begin, the most popular cars first",
        "Ann sells the city car (North America, level 6) on sales space 1: +$2",
        "the round is over; Ann moves the demand tiles next (fewest VP)",
        "Ann moves the left demand tiles in: now North America green, speed, speed; Europe power, suitcase, safety",
        "-- round 2: player order Cy, Ann, you",
    ]


def test_money_the_seat_did_not_track_is_not_told():
    state = play(at_the_sales(), "office:4")
    before = state.view(1).forget_money(0, 0, 50).to_dict()
    state.apply("sell:1")
    after = state.view(1).forget_money(0, 0, 50).to_dict()
    lines = state.game.narrate(before, "sell:1", after, told(3, 1))
    assert lines[0] == "Ann sells the city car (North America, level 6) on sales space 1"


def test_another_seats_private_cards_are_never_named():
    """Seat 1's record has `start:?` and `drawn:?` for seat 0's cards: its account names neither."""
    state = new_game()
    play(state, "place:C1", "tile:2", "discard", "draw:deck")
    lines = narrated(state, "drawn:12", 1)
    assert lines == ["Ann draws a contract from the deck"]
    mine = narrated(state.clone(), "place:R4", 1)
    assert mine == ["you place a worker on row 4: a contract"]
    # seat 0 itself is told its card
    again = new_game()
    play(again, "place:C1", "tile:2", "discard", "draw:deck")
    assert narrated(again, "drawn:12", 0) == ["you draw the super car contract (power, 8+ stars: 3 VP) from the deck"]
    start = game(3).new_initial_state()
    play(start, *setup()[:3])
    assert narrated(start, "start:S3", 1) == ["Ann gets a starting contract"]


def test_every_deck_draw_of_a_game_is_hidden_from_the_others():
    hidden_draws = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = game(3).new_initial_state()
        while not state.is_terminal():
            if state.to_move() == "chance":
                token = state.sample_chance(rng.randrange(10**6))
            else:
                moves = state.legal_moves()
                token = "draw:deck" if "draw:deck" in moves else random_move(state, rng)
            drawer = state.to_dict()["turn"]
            hidden = token.startswith(("drawn:", "start:"))
            watcher = (drawer + 1) % 3
            lines = narrated(state, token, watcher)
            if hidden:
                card = token.split(":")[1]
                assert not re.search(rf"\b{card}\b", " ".join(lines)), lines
                assert lines[0].endswith(("draws a contract from the deck", "gets a starting contract"))
                hidden_draws += token.startswith("drawn:")
    assert hidden_draws >= 5


# ------------------------------------------------------------ words said, read back


def face_words(tile: Any, rng: random.Random) -> str:
    """A tile's face as a person may say it: as the account tells it, or tersely."""
    if rng.random() < 0.5:
        return tile_words(tile)
    if tile.kind == "money":
        return rng.choice([f"${tile.money}", f"{tile.money} money"])
    if tile.kind == "vp":
        return rng.choice([f"{tile.vp} VP", f"{tile.vp}vp"])
    words = [tile.symbol or tile.type or tile.part]
    if tile.type == "staff":
        words.append(f"{tile.workers} workers")
    if tile.stars:
        words.append(rng.choice([f"{tile.stars}*", "*" * tile.stars, f"{tile.stars} stars"]))
    if tile.silver:
        words.append(rng.choice(["silver", "medal", "silver medal"]))
    return " ".join(words)


def say(token: str, data: dict[str, Any], me: int, components: Components, rng: random.Random) -> str:
    """`token` as a person at the table says it, in the position `data`."""
    kind, _, body = token.partition(":")
    seat = data["turn"] if data["to_move"] == "chance" else data["to_move"]
    who = "I" if seat == me and rng.random() < 0.5 else NAMES[seat]
    if kind == "order":
        return "order " + " ".join("me" if int(s) == me else NAMES[int(s)] for s in body.split(","))
    if kind == "demands":
        return "demands " + " / ".join(" ".join(side.split(",")) for side in body.split("/"))
    if kind in ("display", "reveal"):
        return f"{kind} {body.replace(',', ' ')}"
    if kind == "tiles":
        return "tiles " + ", ".join(face_words(components.tile(t), rng) for t in body.split(","))
    if kind == "start":
        return f"{who} gets his starting contract" if body == "?" else f"{who} gets {body}"
    if kind == "drawn":
        return f"{who} draws" if body == "?" else f"{who} draws {body}"
    if kind == "tile" and rng.random() < 0.7:
        grid, space = data["grid"], data["action"]["space"]
        line, place = int(space[1:]) - 1, int(body) - 1
        tile = grid[line][place] if space[0] == "R" else grid[place][line]
        cells = grid[line] if space[0] == "R" else [row[line] for row in grid]
        along = [components.tile(other) for other in cells if other]
        faces = [tile_words(other) for other in along]
        twice = faces.count(tile_words(components.tile(tile))) > 1  # which of the two is said by its place
        apart = tile_words_apart(components.tile(tile), along)  # its missing star said, where one beside has it
        said = apart if apart != tile_words(components.tile(tile)) else face_words(components.tile(tile), rng)
        return f"{who} takes the {said}" + (f", place {body}" if twice else "")
    return f"{who} {_decision_words(kind, body, rng)}"


def _decision_words(kind: str, body: str, rng: random.Random) -> str:
    if kind == "place":
        where = ("row " if body[0] == "R" else "column ") + body[1:]
        return rng.choice([where, f"places on {where}", body])
    if kind == "put":
        where, _, which = body.partition(",")
        return {"station": f"puts it on station {which}", "office": f"puts it in office {which}"}.get(
            where, f"puts it on styling {which}"
        )
    if kind == "draw":
        return "draws from the deck" if body == "deck" else f"draws {body}"
    if kind == "market":
        return rng.choice([f"ships to {MARKET_NAMES[body]}", f"chooses {body}"])
    if kind == "takeback":
        market, level = body.split(",")
        return f"takes back {market} {level}"
    if kind == "ship":
        return "does not ship" if body == "none" else f"ships {body}"
    if kind == "contract":
        return "plays no contract" if body == "none" else f"plays contract {body}"
    words = {
        "sponsor": f"sponsors {body}",
        "corner": f"corner {body}",
        "withdraw": "withdraws",
        "tile": f"takes tile {body}",
        "discard": "discards",
        "marketing": f"marketing {body}",
        "sell": f"sells {body}",
        "keep": "keeps",
        "office": f"office {body}",
        "demand": f"demand {body}",
    }
    return words[kind]


def faces(components: Components, token: str) -> list[str]:
    return [tile_words(components.tile(tile)) for tile in token.split(":")[1].split(",")]


def tile_face(data: dict[str, Any], token: str, components: Components) -> str:
    space, place = data["action"]["space"], int(token.split(":")[1]) - 1
    line = int(space[1:]) - 1
    return tile_words(components.tile(data["grid"][line][place] if space[0] == "R" else data["grid"][place][line]))


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3), (3, 4)])
def test_every_step_of_a_game_said_in_words_reads_back_as_its_token(players, seed):
    """Each token of the advised seat's record, said as at the table, reads back as that token;
    a round's tiles read back as tiles with the same faces in the same places, and the game
    goes on with them, so every round's deal (A and B backs, first and second) is said by face."""
    rng = random.Random(seed)
    me = seed % players
    names = NAMES[:players]
    state = game(players).new_initial_state()
    components = state.game.components
    kinds = set()
    while not state.is_terminal():
        data = state.view(me).to_dict()
        if state.to_move() == "chance":
            token = state.sample_chance(rng.randrange(10**6))
        else:
            token = random_move(state, rng)
        if token.startswith("tiles:"):
            read = state.game.words_to_token(say(token, data, me, components, rng), data, names, me)
            assert faces(components, read) == faces(components, token)
            state.apply(read)  # the rules take the ids the faces were read as
            kinds.add("tiles")
            continue
        state.apply(token)
        seen = state.view(me).history()[-1]
        words = say(seen, data, me, components, rng)
        read = state.game.words_to_token(words, data, names, me)
        if seen.startswith("tile:"):
            assert tile_face(data, read, components) == tile_face(data, seen, components), words
        else:
            assert read == seen, words
        kinds.add(seen.split(":")[0])
    assert {"order", "demands", "display", "start", "tiles", "place", "tile", "put", "ship", "office"} <= kinds


# ------------------------------------------------------------ tiles by face


def deal_by_faces(state: Any, ids: list[str], me: int = 0) -> str:
    """The round's tiles `ids` said by face, read back and applied; the token applied."""
    components = state.game.components
    text = "tiles " + ", ".join(tile_words(components.tile(tile)) for tile in ids)
    token = state.game.words_to_token(text, state.view(me).to_dict(), NAMES[: state.game.players], me)
    state.apply(token)
    return token


def test_round_one_tiles_are_read_by_face():
    state = game(3).new_initial_state()
    play(state, *setup()[:-1])
    # A2 and A26 have twins (A1, A25) that nobody has seen: the faces read as any such tile
    ids = "A2,A3,A21,A27,A9,A5,A28,A23,A24,A26,A29,A33,A35,A13,A17,A31,A1,A22".split(",")
    token = deal_by_faces(state, ids)
    grid = [tile for row in state.to_dict()["grid"] for tile in row]
    office = [o["tile"] for o in state.to_dict()["sales_offices"][:2]]
    shown = [tile_words(state.game.components.tile(tile)) for tile in grid + office]
    assert shown == [tile_words(state.game.components.tile(tile)) for tile in ids]
    assert token.startswith("tiles:A1,A3,A21,")  # the first plain speed machine named is A1


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("first_by_face", [True, False])
def test_round_two_tiles_are_read_by_face_once_part_of_the_back_is_used(players, first_by_face):
    """Round 1 dealt (by face, or by ids as a record gives them) and played at random; round 2's
    tiles (the rest of the A back, some of round 1's now in factories, others left the game
    unseen) by face: each face read as a tile of the back still unseen."""
    for seed in range(4):
        rng = random.Random(seed)
        state = game(players).new_initial_state()
        while state.to_dict()["step"] != "deal tiles" or state.to_dict()["round"] == 1:
            if state.to_dict()["step"] == "deal tiles" and first_by_face:
                deal_by_faces(state, state.sample_chance(rng.randrange(10**6)).split(":")[1].split(","))
            elif state.to_move() == "chance":
                state.apply(state.sample_chance(rng.randrange(10**6)))
            else:
                state.apply(random_move(state, rng))
        data = state.to_dict()
        assert data["tiles_left"]["A"] == 18 and data["tiles_removed"] > 0
        in_factories = sum(
            1
            for seat in data["seats"]
            for tile in seat["stations"] + seat["offices"] + sum(seat["styling"].values(), [])
            if tile
        )
        dealt = state.sample_chance(rng.randrange(10**6)).split(":")[1].split(",")
        token = deal_by_faces(state, dealt)
        assert faces(state.game.components, token) == faces(state.game.components, "tiles:" + ",".join(dealt))
        assert in_factories + data["tiles_removed"] == 18


def test_a_face_that_is_not_left_is_refused_by_name():
    state = game(3).new_initial_state()
    play(state, *setup()[:-1])
    data = state.view(0).to_dict()
    eighteen = ", ".join(["$2"] * 2 + ["speed"] * 16)
    with pytest.raises(TokenSyntaxError, match=r"no '\$2' is left among the A tiles \(left: \$3 tile\)"):
        state.game.words_to_token("tiles " + eighteen, data, NAMES[:3], 0)
    with pytest.raises(TokenSyntaxError, match="a round's tiles are 18 faces split by commas .* not 3"):
        state.game.words_to_token("tiles speed, power, green", data, NAMES[:3], 0)
    with pytest.raises(TokenSyntaxError, match="cannot read 'turbo' in the tile 'speed turbo'"):
        state.game.words_to_token("tiles speed turbo" + ", speed" * 17, data, NAMES[:3], 0)
    # round 3 deals B tiles, whose speed machines all show stars: a plain 'speed' must say which
    third = data | {"round": 3}
    with pytest.raises(TokenSyntaxError, match=r"'speed' fits several tiles: speed machine \(1 star\); speed"):
        state.game.words_to_token("tiles " + ", ".join(["speed"] * 18), third, NAMES[:3], 0)
    b_tiles = [f"B{n}" for n in range(1, 19)]  # B9 and B11 show the same face: power machine (2 stars)
    said = "tiles " + ", ".join(tile_words(state.game.components.tile(tile)) for tile in b_tiles)
    assert state.game.words_to_token(said, third, NAMES[:3], 0) == "tiles:" + ",".join(b_tiles)


def test_a_tile_is_taken_by_its_face_along_the_row_chosen():
    state = new_game()
    play(state, "place:R1")  # row 1: speed, speed 1 star, research manager 1 star, spoiler 1 star
    data, words = state.view(1).to_dict(), state.game.words_to_token
    # A star left out, or no star? Either tile could be meant: the person says which.
    with pytest.raises(
        TokenSyntaxError, match=r"say 'the speed machine \(1 star\)' or 'the speed machine \(no star\)'"
    ):
        words("Ann takes the speed machine", data, NAMES[:3], 1)
    assert words("Ann takes the speed machine (no star)", data, NAMES[:3], 1) == "tile:1"
    assert words("Ann takes the plain speed machine", data, NAMES[:3], 1) == "tile:1"
    assert words("Ann takes speed 1*", data, NAMES[:3], 1) == "tile:2"
    assert words("ann takes the research manager", data, NAMES[:3], 1) == "tile:3"  # its star need not be said
    assert words("Ann takes the spoiler styling (1 star) from row 1", data, NAMES[:3], 1) == "tile:4"
    assert words("Ann takes tile 2", data, NAMES[:3], 1) == "tile:2"
    with pytest.raises(TokenSyntaxError, match="no 'the chrome styling' along row 1: it holds place 1: speed machine"):
        words("Ann takes the chrome styling", data, NAMES[:3], 1)
    # two tiles that show more than was said: the person must say which
    state = new_game(grid="A3,A4,A21,A27,A9,A5,A28,A23,A24,A25,A29,A33,A35,A13,A17,A31,A2,A22")
    play(state, "place:R1")
    several = r"fits several tiles: place 1: speed machine \(1 star\); place 2: speed machine \(silver medal\); say"
    with pytest.raises(TokenSyntaxError, match=several):
        words("Ann takes the speed machine", state.view(0).to_dict(), NAMES[:3], 0)
    assert words("Ann takes the speed machine with a silver medal", state.view(0).to_dict(), NAMES[:3], 0) == "tile:2"


def test_a_face_that_lies_twice_along_the_row_is_taken_by_its_place():
    """Either speed machine is a speed machine, but the place taken decides which column keeps
    the other: the words ask which, and the step is told back with its place."""
    state = new_game(grid="A1,A21,A2,A27,A9,A5,A28,A23,A24,A25,A29,A33,A35,A13,A17,A31,A3,A22")
    play(state, "place:R1")
    data, words = state.view(0).to_dict(), state.game.words_to_token
    with pytest.raises(TokenSyntaxError, match="the speed machine lies at places 1 and 3 along row 1: say which"):
        words("I take the speed machine", data, NAMES[:3], 0)
    assert words("I take the speed machine, place 3", data, NAMES[:3], 0) == "tile:3"
    assert words("I take the speed machine from row 1, place 1", data, NAMES[:3], 0) == "tile:1"
    with pytest.raises(TokenSyntaxError, match="place 2 along row 1 holds .*, not 'the speed machine'"):
        words("I take the speed machine, place 2", data, NAMES[:3], 0)
    assert narrated(state, "tile:3", 0) == ["you take the speed machine from row 1, place 3"]
    for line in ("I take the speed machine at 3", "I take tile 3 (speed machine)", "I take the speed, place 3"):
        assert words(line, data, NAMES[:3], 0) == "tile:3", line


# ------------------------------------------------------------ decisions in words


def at_step(step: str, mover: int = 0, **action: Any) -> dict[str, Any]:
    """A seat's view with `step` next for `mover` (the words read the step; legality is the rules')."""
    data = new_game().view(0).to_dict()
    data["step"], data["to_move"] = step, mover
    data["action"] |= action
    return data


@pytest.mark.parametrize(
    "step, text, token",
    [
        ("turn", "Ann sponsors 2", "sponsor:2"),
        ("turn", "ANN ROW 1", "place:R1"),
        ("turn", "Ann places 1 worker on column 3", "place:C3"),  # the count a space takes (test below)
        ("turn", "Ann C4", "place:C4"),
        ("turn", "Ann corner family", "corner:family"),
        ("turn", "Ann withdraws", "withdraw"),
        ("turn", "place:R2", "place:R2"),
        ("place tile", "Ann puts it on station 3", "put:station,3"),
        ("place tile", "Ann puts it in office 2", "put:office,2"),
        ("place tile", "Ann puts it on styling city", "put:styling,city"),
        ("place tile", "Ann puts it on the super car's styling", "put:styling,super"),
        ("place tile", "Ann discards", "discard"),
        ("draw", "Ann draws 14", "draw:14"),
        ("draw", "Ann takes contract 3 from the display", "draw:3"),
        ("draw", "Ann draws from the deck", "draw:deck"),
        ("market", "Ann ships to North America", "market:NA"),
        ("market", "Ann Europe", "market:EU"),
        ("market", "Ann chooses NA", "market:NA"),
        ("market", "Ann sends the city car to eu", "market:EU"),
        ("ship", "Ann marketing 2", "marketing:2"),
        ("ship", "Ann puts 3 workers on marketing", "marketing:3"),
        ("ship", "Ann takes back NA 6", "takeback:NA,6"),
        ("ship", "Ann takes back the city car from Europe's ship at level 4", "takeback:EU,4"),
        ("ship", "Ann ships 7", "ship:7"),
        ("ship", "Ann ships the city car (7 stars) to North America at level 6", "ship:6"),
        ("ship", "Ann no ship", "ship:none"),
        ("ship", "Ann doesn't ship", "ship:none"),
        ("ship", "Ann sells 6", "sell:6"),
        ("contract", "Ann plays contract 7", "contract:7"),
        ("contract", "Ann plays S1", "contract:S1"),
        ("contract", "I play my starting contract", "contract:S1"),
        ("contract", "Ann plays no contract", "contract:none"),
        ("sales office", "Ann office 4", "office:4"),
        ("draw", "Ann draws from the pile", "draw:deck"),
        ("take tile", "Ann takes tile no. 3", "tile:3"),
        ("sales office", "Ann takes sales office 2", "office:2"),
        ("sell", "Ann sells 3", "sell:3"),
        ("sell", "Ann sells the city car on sales space 2", "sell:2"),
        ("sell", "Ann keeps", "keep"),
        ("demand", "Ann demand left", "demand:left"),
        ("demand", "Ann moves the right demand tiles in", "demand:right"),
        ("take tile", "Ann withdraws", "withdraw"),  # another step's move: the rules say why not now
    ],
)
def test_decisions_read_from_words(step, text, token):
    data = at_step(step, space="R1")
    assert game(3).words_to_token(text, data, NAMES[:3], 0) == token


@pytest.mark.parametrize(
    "step, text, odd",
    [
        ("turn", "Ann sponsors -2", "-2"),
        ("ship", "Ann ships 7.5", "7.5"),
        ("ship", "Ann ships \uff17", "\uff17"),  # a fullwidth 7: a digit to Python, not to the table
        ("sell", "Ann sells \u22123", "\u22123"),
        ("draw", "Ann draws 1.", None),  # a full stop ends the line: read as 1
    ],
)
def test_a_number_is_read_only_as_a_whole_number_in_digits(step, text, odd):
    """A sign or a fraction dropped would make another move: 'sponsors -2' is not 'sponsors 2'."""
    data = at_step(step, space="R1")
    if odd is None:
        assert game(3).words_to_token(text, data, NAMES[:3], 0) == "draw:1"
        return
    with pytest.raises(TokenSyntaxError, match=re.escape(f"{odd!r} is no whole number")):
        game(3).words_to_token(text, data, NAMES[:3], 0)


@pytest.mark.parametrize(
    "text, token",
    [
        ("order Bob Ann me", "order:1,0,2"),
        ("order cy, ann, bob", "order:2,0,1"),
        ("order Bob, me and Ann", "order:1,2,0"),
        (
            "demands speed speed power green suitcase / suitcase safety green power safety",
            "demands:speed,speed,power,green,suitcase/suitcase,safety,green,power,safety",
        ),
        (
            "demands NA speed, speed, power, green, suitcase EU suitcase, safety, green, power, safety",
            "demands:speed,speed,power,green,suitcase/suitcase,safety,green,power,safety",
        ),
        (  # 'pending', the rulebook's and `show`'s word for 'next'
            "demands speed speed power pending green suitcase / suitcase safety green pending power safety",
            "demands:speed,speed,power,green,suitcase/suitcase,safety,green,power,safety",
        ),
        (
            "North America wants speed (4 stars), speed (3), power (2); pending: green | suitcase; "
            "Europe wants suitcase (4 stars), safety (3), green (2); pending power, safety",
            "demands:speed,speed,power,green,suitcase/suitcase,safety,green,power,safety",
        ),
        ("display 3 17 22", "display:3,17,22"),
        ("reveal 14", "reveal:14"),
    ],
)
def test_the_tables_chance_steps_read_without_a_name(text, token):
    data = game(3).new_initial_state().view(2).to_dict()
    assert game(3).words_to_token(text, data, NAMES[:3], 2) == token


@pytest.mark.parametrize("step", ["turn", "take tile", "place tile", "draw", "market"])
def test_marketing_said_before_the_ship_step_says_when_to_say_it(step):
    """Marketing workers go on a car at its ship step: said earlier, the line is refused saying
    so, its number never read as this step's (station 3, tile 3); a marketing manager is a tile,
    so where tiles are taken or placed the workers must be said."""
    with pytest.raises(TokenSyntaxError, match="^marketing workers go on the car at its ship step, once its market"):
        game(3).words_to_token("Ann puts 3 workers on marketing", at_step(step, space="R1"), NAMES[:3], 0)
    assert game(3).words_to_token("Ann marketing 3", at_step("ship", space="R1"), NAMES[:3], 0) == "marketing:3"
    with pytest.raises(TokenSyntaxError, match="no 'the marketing manager' along row 1"):  # not on that row
        game(3).words_to_token("Ann takes the marketing manager", at_step("take tile", space="R1"), NAMES[:3], 0)


@pytest.mark.parametrize(
    "step, text, why",
    [
        ("turn", "Ann sponsors 2 3", "2 and 3 are said: say one number"),
        ("ship", "Ann ships 5 6", "5 and 6 are said"),
        ("sales office", "Ann office 4 5", "both 4 and 5 are said"),
        ("sales office", "Ann takes the office that sells 3 cars", "that fits 2 sales offices"),  # a count
        ("sell", "Ann sells for $2", "you are to sell or keep the car offered"),  # a reward, not a space
        ("turn", "Ann does not go to column 4", "say what you do, not what is not done"),  # Ann is the person
        ("place tile", "Ann doesn't discard", "not what is not done"),
        ("draw", "Ann didn't draw from the deck", "not what is not done"),
        ("ship", "Ann ships 1 without marketing", "say the one thing done"),
        ("sell", "Ann sells 1, not 2", "1 and 2 are said: say one number"),
        ("sell", "Ann doesn't keep", "say the one thing done"),
        ("contract", "Ann plays contract 11, not S1", "both 11 and 1 are said"),
        ("contract", "Ann plays contract 11, not her starting contract", "not both"),
        ("turn", "Ann column 4 1", "both 4 and 1 are said"),
        ("place tile", "Ann puts it on station 1, discarding the old one", "not both"),
        ("draw", "Ann takes 1 instead of the deck", "not both"),
        ("sell", "Ann sells 3 and keeps the super car", "say the one thing done"),
        ("sell", "Ann keeps it and sells 3", "say the one thing done"),  # the step's own move, read whole
        ("place tile", "Ann discards it to station 1", "not both"),
    ],
)
def test_a_line_that_says_two_things_or_denies_a_move_is_refused_never_misread(step, text, why):
    with pytest.raises(TokenSyntaxError, match=re.escape(why)):
        game(3).words_to_token(text, at_step(step, space="R1"), NAMES[:3], 0)


@pytest.mark.parametrize(
    "step, text",
    [
        ("turn", "Ann column 3?"),
        ("turn", "I take column 3?"),
        ("turn", "I'd take column 3"),  # I would
        ("turn", "I\u2019d withdraw"),
        ("sell", "Ann sells 3?"),
        ("reveal contract", "reveal 14?"),
    ],
)
def test_a_step_asked_about_or_that_might_be_made_is_refused_never_played(step, text):
    """'I fold?' is a question at the table, not a move: 'advice' answers it."""
    with pytest.raises(TokenSyntaxError, match=re.escape("say a step made, not one that might be ('advice' asks")):
        game(3).words_to_token(text, at_step(step, space="R1"), NAMES[:3], 0)


@pytest.mark.parametrize(
    "step, text, why",
    [
        # a sponsor said with a place on the board: no count of workers sponsoring
        ("turn", "Ann sponsors row 2", "sponsoring and placing workers (on a row, a column or the corner) are two"),
        ("turn", "Ann sponsors column 3", "say one of them, 'sponsors 2' or 'row 1', 'column 3', 'corner family'"),
        ("turn", "Ann sponsors a worker on column 4", "sponsoring and placing workers"),
        ("turn", "Ann sponsors 1 worker and places on r2", "sponsoring and placing workers"),
        ("turn", "Ann sponsors 2 and takes the corner", "sponsoring and placing workers"),
        # workers put at the ship step go on marketing: with a ship they are two moves, never a level
        ("ship", "Ann ships 2 workers", "say the one thing done"),
        ("ship", "Ann puts 2 workers and ships 6", "say the one thing done"),
        ("ship", "Ann puts 2 workers on 6", "2 and 6 are said: say one number"),
        ("ship", "Ann puts no workers", "say the one thing done"),
        # a number that names no place: station 4 or office 4? styling takes none
        ("place tile", "Ann puts it on 4 and makes the family car", "say which place 4 is: 'puts it on station 4'"),
        ("place tile", "Ann puts it on 4", "say which place 4 is: 'puts it on station 4' or 'in office 4'"),
        ("place tile", "Ann puts it on styling city 2", "say which place 2 is"),
        ("place tile", "Ann discards it, 3", "say where the tile goes, or that it is discarded: not both"),
    ],
)
def test_a_number_or_a_place_the_move_does_not_use_is_refused_never_dropped(step, text, why):
    with pytest.raises(TokenSyntaxError, match=re.escape(why)):
        game(3).words_to_token(text, at_step(step, space="R1"), NAMES[:3], 0)


@pytest.mark.parametrize(
    "step, text, token",
    [
        ("ship", "Bob puts 2 workers", "marketing:2"),  # workers at the ship step are marketing
        ("ship", "Bob puts 2 workers on 6 stars", "marketing:2"),  # the stars they make are no level
        ("ship", "Bob 3 workers on the marketing space", "marketing:3"),
    ],
)
def test_workers_put_at_the_ship_step_are_marketing(step, text, token):
    assert game(3).words_to_token(text, at_step(step, mover=1, space="R1"), NAMES[:3], 0) == token


@pytest.mark.parametrize(
    "step, text, token",
    [
        ("ship", "Ann markets 1", "marketing:1"),
        ("ship", "Ann does not ship", "ship:none"),
        ("contract", "Ann plays contract no. 11", "contract:11"),
        ("sell", "Ann does not sell", "keep"),
        ("sell", "Ann sells the city car on sales space 2: +$3", "sell:2"),  # as it is told back
        ("sales office", "Ann takes sales office 2 (sells 2 cars)", "office:2"),
        ("turn", "Ann sponsors 2 workers: +$2", "sponsor:2"),
        ("contract", "Ann plays contract 11 (not the starting one)", "contract:11"),
        ("ship", "Ann ships 2 to the Europe market", "ship:2"),  # marketing only by its word
        ("ship", "Ann puts one worker on marketing", "marketing:1"),
        ("turn", "Ann row no. 1", "place:R1"),
        ("turn", "Ann row one", "place:R1"),
        ("turn", "Ann sponsors 2 (3 workers left)", "sponsor:2"),  # what brackets add is no number of the step
        ("turn", "you place a worker on column 1 (no one goes home): a contract", "place:C1"),
    ],
)
def test_what_a_line_tells_besides_its_move_is_not_read_as_the_move(step, text, token):
    assert game(3).words_to_token(text, at_step(step, space="R1"), NAMES[:3], 0) == token


# ------------------------------------------------------------ one step a line


def companion_at(*tokens: str, me: int = 1) -> Companion:
    """A companion of seat `me` at a 3-player table (Ann, Bob, Cid) after the set-up of scenarios.py
    (Ann moves first) and `tokens`."""
    return Companion(
        Session("automania(players=3)", me, ["Ann", "Bob", "Cid"], iterations=20, lines=[*setup(), *tokens])
    )


def refused(c: Companion, line: str) -> str:
    """Why `c` refuses `line`, which changes nothing."""
    moves = c.position.moves
    answer = c.handle(line)
    assert answer[0].startswith("not taken: "), (line, answer)
    assert c.position.moves == moves, line
    return answer[0].removeprefix("not taken: ")


@pytest.mark.parametrize(
    "tokens, me, line, why",
    [
        (
            [],
            1,
            "Ann withdraws and takes sales office 4",
            "'and takes sales office 4' is another step: say one step a line ('Ann withdraws', then 'Ann takes sales "
            "office 4')",
        ),
        (
            [],
            0,
            "I withdraw and take office 4",
            "'and take office 4' is another step: say one step a line ('I withdraw', then 'I take office 4')",
        ),
        (
            [],
            1,
            "Ann withdraws, then takes sales office 4",
            "'then takes sales office 4' is another step: say one step a line ('Ann withdraws', then 'Ann takes "
            "sales office 4')",
        ),
        (
            [],
            1,
            "Ann row 2 and takes the safety machine",
            "'and takes the safety machine' is another step: say one step a line ('Ann row 2', then 'Ann takes the "
            "safety machine')",
        ),
        (
            [],
            1,
            "Ann takes row 2 and the safety machine",  # the thing alone: the second step is its taking
            "'and the safety machine' is another step: say one step a line ('Ann takes row 2', then 'Ann takes the "
            "safety machine')",
        ),
        (
            [],
            0,
            "I take row 2 and the safety machine",
            "'and the safety machine' is another step: say one step a line ('I take row 2', then 'I take the "
            "safety machine')",
        ),
        (
            ["place:R1", "tile:1"],
            1,
            "Ann puts it on station 4 and ships to Europe",
            "'and ships to Europe' is another step: say one step a line ('Ann puts it on station 4', then 'Ann ships "
            "to Europe')",
        ),
        (
            ["place:R1", "tile:1", "put:station,1"],
            1,
            "Ann ships to Europe at level 4",  # the market step: the ship's level is a later step
            "cannot read 'at level 4' in 'Ann ships to Europe at level 4': Ann is to choose the car's market: 'ships "
            "to North America' or 'to Europe'; say one step a line, a later one on a line of its own",
        ),
        (
            [],
            1,
            "Ann takes row 2, nobody else goes there",  # 'Ann nobody else goes there' would be no step
            "'nobody else goes there' is another step, or cannot be read: say one step a line ('Ann takes row 2', "
            "and what follows on a line of its own)",
        ),
        (
            [],
            1,
            "Ann withdraws and no one is left",
            "'and no one is left' is another step, or cannot be read: say one step a line ('Ann withdraws', and "
            "what follows on a line of its own)",
        ),
        (
            [],
            1,
            "Ann withdraws quickly",
            "cannot read 'quickly' in 'Ann withdraws quickly': Ann is to sponsor, place workers or withdraw: "
            "'sponsors 2', 'row 1', 'column 3', 'corner family', 'withdraws'",
        ),
    ],
)
def test_a_line_says_one_step_read_whole_or_refused_never_cut_short(tokens, me, line, why):
    """Words no reader of the step reads are not dropped: a second step joined to the first ('and',
    'then', a comma) is to be said on a line of its own, and any other word is named."""
    assert refused(companion_at(*tokens, me=me), line) == why


@pytest.mark.parametrize(
    "step, text, token",
    [
        ("turn", "Ann withdraws and", "withdraw"),  # a joining word with nothing after it
        ("turn", "Ann withdraws, placing her remaining workers on the sponsor space", "withdraw"),  # as the rulebook
        ("place tile", "Ann puts it on the city car's styling", "put:styling,city"),
        ("sales office", "Ann takes sales office 1 and its tile, the speed machine", "office:1"),  # as told back
        ("ship", "Ann ships the city car with 6 stars to North America at level 6", "ship:6"),
    ],
)
def test_the_words_of_one_step_and_filler_read_whole(step, text, token):
    assert game(3).words_to_token(text, at_step(step, space="R1"), NAMES[:3], 0) == token


@pytest.mark.parametrize(
    "line, why",
    [
        ("Ann takes office 1 and the research manager", "sales office 1 holds the speed machine, not the research "
         "manager: say 'Ann takes sales office 1'"),
        ("Ann takes sales office 2 and its tile, the speed machine", "sales office 2 holds the research manager "
         "(1 star), not the speed machine"),
        ("Ann takes office 2 with the research manager 2 stars", "sales office 2 holds the research manager (1 "
         "star), not the research manager 2 stars"),
        ("Ann takes office 3 with the research manager", "sales office 3 holds no tile now, not the research "
         "manager"),
        ("Ann takes office 4 and the $3 tile", "sales office 4 holds no tile now, not the $3 tile"),
    ],
)  # fmt: skip
def test_a_sales_office_said_with_a_tile_it_does_not_hold_is_refused(line, why):
    """The tile said is the office meant: read as the office's number alone, the seat would take
    another office, or another tile, than the line says."""
    c = companion_at("withdraw", me=1)
    assert refused(c, line).startswith(why)
    assert c.handle("Ann takes office 2 and the research manager")[0].startswith(
        "  Ann takes sales office 2 (sells 2 cars) and its tile, the research manager (1 star)"
    )


def test_a_car_shipped_to_another_market_than_chosen_is_refused():
    c = companion_at("place:R1", "tile:1", "put:station,1", "market:NA")
    assert refused(c, "Ann ships to Europe at level 4") == (
        "the car goes to North America, the market chosen for it, not to Europe: say 'Ann ships 4', or 'undo' "
        "back to the market step to choose another"
    )
    assert c.handle("Ann ships to North America at level 4")[0].startswith("  Ann ships the city car (4 stars)")


@pytest.mark.parametrize("line", ["Ann takes 2 workers off sponsor", "Ann takes back 2 workers from the sponsor space"])
def test_workers_taken_off_the_sponsor_space_are_no_step(line):
    assert refused(companion_at(), line) == (
        "no step takes workers off the sponsor space: sponsoring puts workers on it, for $1 each, once a turn before "
        "the action ('Ann sponsors 2')"
    )


def test_a_sponsor_after_the_turns_start_says_how_to_record_it():
    """Sponsoring is taken once a turn, before the action (docs/automania.md, "Rules readings"): a
    sponsor said later is refused, saying to undo and say one sponsor first with all its workers."""
    c = companion_at()
    assert c.handle("Ann sponsors 1")[1] == "next: Ann, to place workers or withdraw"  # sponsoring is no more to do
    assert refused(c, "Ann sponsors 1") == (
        "sponsoring is done already this turn (once, before the action), all workers at once: "
        "'undo' back to the start of Ann's turn and say the sponsor first with all its workers (those sponsored "
        "before and these together: 'Ann sponsors 2' if Ann's worker on the sponsor space came this turn)"
    )
    assert refused(c, "Ann flies") == (
        "cannot read 'Ann flies': Ann is to place workers or withdraw: 'row 1', 'column 3', 'corner family' or "
        "'withdraws'"
    )
    placed = companion_at("place:R1")
    for line in ("Ann sponsors 1", "Ann puts 1 worker on the sponsor space"):
        assert refused(placed, line) == (
            "sponsoring is counted at the start of the turn, all workers at once: 'undo' back to the start of Ann's "
            "turn and say the sponsor first with all its workers ('Ann sponsors 1')"
        )


def test_passing_at_the_turn_is_withdrawing():
    """People say they pass for withdrawing; at another step 'pass' is refused, saying what the step takes."""
    c = companion_at()
    assert c.handle("Ann passes")[0] == "  Ann withdraws: +$6"
    c.handle("office:4")
    assert c.position.moves[-1] == "office:4" and c.handle("I pass")[0] == "  you withdraw: +$6"
    at_market = companion_at("place:R1", "tile:1", "put:station,1")
    assert refused(at_market, "Ann passes") == (
        "cannot read 'Ann passes': Ann is to choose the car's market: 'ships to North America' or 'to Europe'"
    )


@pytest.mark.parametrize("line, me", [("Ann passes", 1), ("Ann passes on contracts", 1), ("I pass", 0)])
def test_passing_at_the_contract_step_plays_no_contract(line, me):
    """A seat that plays none of its contracts says it passes; at the ship step before, where not
    shipping is a move too, 'pass' stays refused, saying what the step takes."""
    at_ship = companion_at("place:R1", "tile:1", "put:station,1", "market:NA", "marketing:2", me=me)
    who = "you are" if me == 0 else "Ann is"  # the person is "you"
    assert refused(at_ship, "Ann passes").startswith(f"cannot read 'Ann passes': {who} to ship the car")
    c = companion_at("place:R1", "tile:1", "put:station,1", "market:NA", "marketing:2", "ship:6", me=me)
    assert c.handle(line)[0] in ("  Ann plays no contract", "  you play no contract")
    assert c.position.moves[-1] == "contract:none"


def test_the_player_order_said_as_a_sentence_is_the_order():
    c = Companion(Session("automania(players=3)", 1, ["Ann", "Bob", "Cid"], iterations=20))
    for line in ("Cid goes first, then Ann, then me", "Cid starts, then Ann and me last", "Cid, Ann and me"):
        assert c.handle(line)[0] == "  player order: Cid ($6, 1 VP), Ann ($7, 2 VP), you ($8, 3 VP)", line
        assert c.position.moves == ("order:2,0,1",) and c.handle("undo")[0].startswith("undone")
    assert refused(c, "Cid goes first, Ann second, me third") == (
        "cannot read 'second' in the order: say the seats first player first, e.g. 'order Bob me Ann'"
    )
    # all seats but one named: that one is last, as it can only be; with two left out, the order is not known
    for line in ("Cid goes first, then Ann", "order Cid goes first, then Ann", "order Cid Ann"):
        assert c.handle(line)[0] == "  player order: Cid ($6, 1 VP), Ann ($7, 2 VP), you ($8, 3 VP)", line
        assert c.position.moves == ("order:2,0,1",) and c.handle("undo")[0].startswith("undone")
    assert refused(c, "Cid goes first").startswith("the order lists all 3 seats, not 1")
    assert refused(c, "order Cid Cid") == "Cid is in the order twice"
    assert refused(c, "order me Cid me") == "you are in the order twice"
    assert refused(c, "Cid row 2").startswith("no one moves now: the table deals next (the player order")


def test_private_cards_are_said_by_their_seat():
    state = game(3).new_initial_state()
    play(state, *setup()[:3])  # the starting contracts next: seat 0's first
    words = state.game.words_to_token
    assert words("Ann gets her starting contract", state.view(1).to_dict(), NAMES[:3], 1) == "start:?"
    assert words("I get S2", state.view(0).to_dict(), NAMES[:3], 0) == "start:S2"
    with pytest.raises(TokenSyntaxError, match="the next starting contract is Ann's, not Bob's"):
        words("Bob gets his starting contract", state.view(1).to_dict(), NAMES[:3], 1)
    with pytest.raises(TokenSyntaxError, match="name your starting contract"):
        words("I get my starting contract", state.view(0).to_dict(), NAMES[:3], 0)
    with pytest.raises(TokenSyntaxError, match="no one moves now"):
        words("Ann row 1", new_game().view(0).to_dict() | {"to_move": "chance", "step": "deal tiles"}, NAMES[:3], 0)
    drawn = new_game()
    play(drawn, "place:C1", "tile:2", "discard", "draw:deck")
    assert words("Ann draws", drawn.view(1).to_dict(), NAMES[:3], 1) == "drawn:?"
    assert words("Ann draws one card", drawn.view(1).to_dict(), NAMES[:3], 1) == "drawn:?"  # a count
    assert words("Ann draws one", drawn.view(1).to_dict(), NAMES[:3], 1) == "drawn:?"
    assert words("Ann draws 1 card (2 left)", drawn.view(1).to_dict(), NAMES[:3], 1) == "drawn:?"  # counts
    with pytest.raises(TokenSyntaxError, match="Ann's card from the deck is hidden from you: say 'Ann draws'"):
        words("Ann draws 7", drawn.view(1).to_dict(), NAMES[:3], 1)
    with pytest.raises(TokenSyntaxError, match="no one moves now: the table deals Ann's card from the deck"):
        words("Ann sponsors 2", drawn.view(1).to_dict(), NAMES[:3], 1)
    assert words("I draw 12", drawn.view(0).to_dict(), NAMES[:3], 0) == "drawn:12"
    assert words("my card is 12", drawn.view(0).to_dict(), NAMES[:3], 0) == "drawn:12"  # named: no verb needed


def test_a_name_that_is_no_seat_and_a_seat_not_to_move_are_refused():
    data, words = new_game().view(1).to_dict(), game(3).words_to_token
    with pytest.raises(TokenSyntaxError, match="'Zed' is no seat's name \\(names: Ann, Bob, Cy; 'I' for Bob\\)"):
        words("Zed row 1", data, NAMES[:3], 1)
    with pytest.raises(TokenSyntaxError, match="it is Ann's turn, not yours"):  # Bob, seat 1, is the advised seat
        words("I row 2", data, NAMES[:3], 1)
    with pytest.raises(TokenSyntaxError, match="it is your turn, not Bob's"):
        words("Bob row 2", new_game().view(0).to_dict(), NAMES[:3], 0)
    with pytest.raises(TokenSyntaxError, match="cannot read 'Ann flies': Ann is to sponsor, place workers"):
        words("Ann flies", data, NAMES[:3], 1)


def test_words_that_fit_no_move_of_the_step_say_what_the_step_takes():
    state = new_game()
    play(state, "place:R1")
    data, words = state.view(1).to_dict(), state.game.words_to_token
    with pytest.raises(TokenSyntaxError, match="cannot read 'Ann row 1': Ann is to take a tile from row 1: 'takes"):
        words("Ann row 1", data, NAMES[:3], 1)
    with pytest.raises(TokenSyntaxError, match="cannot read 'I put it on station 1': you are to take a tile"):
        words("I put it on station 1", state.view(0).to_dict(), ["you", "seat 1", "seat 2"], 0)


@pytest.mark.parametrize("name", ["Order2", "Display.", "Tiles-Bot"])
def test_a_seat_whose_name_starts_with_a_table_word_says_its_own_steps(name):
    """A line that opens with a seat's name is that seat's, though the name starts with a word that
    opens the table's lines; the table's lines, the seat named in them, are still the table's."""
    names, words = [name, "Bob", "Cy"], game(3).words_to_token
    assert words(f"{name} sponsors 1 worker", at_step("turn"), names, 1) == "sponsor:1"
    assert words(f"{name.lower()}: row 2", at_step("turn"), names, 1) == "place:R2"
    with pytest.raises(TokenSyntaxError, match=f"it is {re.escape(name)}'s turn, not yours"):
        words("Bob row 2", at_step("turn"), names, 1)
    state = game(3).new_initial_state()
    assert words(f"order Bob {name} Cy", state.view(1).to_dict(), names, 1) == "order:1,0,2"
    assert words("order 2 0 1", state.view(1).to_dict(), names, 1) == "order:2,0,1"  # seats by number
    play(state, *setup()[:2])
    assert words("display 4 11 19", state.view(1).to_dict(), names, 1) == "display:4,11,19"


def test_names_of_several_words_and_the_play_prompts_you():
    """`pyai play --human` names the other seats "seat 1" and the person "you"."""
    data = new_game().view(1).to_dict()
    names = ["seat 0", "you", "seat 2"]
    assert game(3).words_to_token("seat 0 row 3", data, names, 1) == "place:R3"
    with pytest.raises(TokenSyntaxError, match="it is seat 0's turn, not yours"):
        game(3).words_to_token("I corner city", data, names, 1)


def test_the_game_offers_its_words():
    assert "'{0} takes the speed" in game(3).WORDS_HELP and "tiles speed" in game(3).WORDS_HELP


# Every move form the rules may refuse, with arguments in and out of range.
REFUSABLE = [
    *(f"sponsor:{k}" for k in range(4)),
    *(f"put:{place},{n}" for place in ("station", "office") for n in range(1, 9)),
    *(f"put:styling,{car}" for car in ("city", "family", "super")),
    *(f"tile:{n}" for n in range(1, 6)),
    *(f"marketing:{k}" for k in range(1, 9)),
    *(f"ship:{level}" for level in range(1, 12)),
    "ship:none",
    *(f"sell:{n}" for n in range(1, 7)),
    *(f"takeback:{market},{level}" for market in ("NA", "EU") for level in (1, 5, 9)),
    *(f"contract:{n}" for n in (1, 12, 30)),
    "contract:S1",
    *(f"office:{n}" for n in range(1, 5)),
    "draw:deck",
    "draw:7",
    "keep",
]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_rules_reasons_are_told_in_words_with_no_ids_or_tokens(players):
    """What `pyai advise` says when a step said in words is refused: the rules' reason with tiles by
    their faces and no token forms, for every refusal met along random games."""
    rng = random.Random(10 + players)
    state = game(players).new_initial_state()
    reasons = set()
    while not state.is_terminal():
        if state.to_move() != "chance":
            legal = set(state.legal_moves())
            for token in REFUSABLE:
                if token in legal:
                    continue
                with pytest.raises(pyai.PyaiError) as refused:
                    state.clone().apply(token)
                reason = re.sub(r"^\S+?(?: at token \d+)?: | \(legal: [^()]*\)$", "", str(refused.value))
                reasons.add(state.game.reason_in_words(reason))
        token = state.sample_chance(rng.randrange(10**6)) if state.to_move() == "chance" else random_move(state, rng)
        state.apply(token)
    assert len(reasons) > 30  # many kinds of refusal met
    for reason in reasons:
        assert not TILE_ID.search(reason) and not RAW_TOKEN.search(reason), reason
        assert not re.search(r"\b1 (stars|workers)\b", reason), reason  # counted as said
    assert any(re.search(r"^the \w+ (machine|manager|styling)", reason) for reason in reasons)  # a tile by its face


# At each step whose reader takes a bare number, words that name another step's move.
FOREIGN_PHRASES = {
    "ship": ["plays contract 4", "draws 4", "office 4"],
    "contract": ["sells 4", "ships 4", "marketing 2", "office 4", "draws 4"],
    "sales office": ["sells 4", "ships 4", "plays contract 4", "draws 4"],
    "sell": ["ships 4", "plays contract 4", "office 4", "draws 4"],
    "draw": ["sells 4", "ships 4", "office 4"],
}


def test_a_number_said_with_another_steps_verb_is_not_read_as_this_steps():
    """'Bob sells 4' at Bob's contract step is not 'contract 4': a person who says another step's
    move is told what this step takes, and no move is read (a wrong one could be legal)."""
    rng = random.Random(5)
    met = set()
    for _ in range(6):
        state = game(3).new_initial_state()
        while not state.is_terminal():
            mover = state.to_move()
            data = state.view(0).to_dict()
            if mover != "chance" and data["step"] in FOREIGN_PHRASES:
                met.add(data["step"])
                for phrase in FOREIGN_PHRASES[data["step"]]:
                    with pytest.raises(TokenSyntaxError, match=f"cannot read '{NAMES[mover]} {phrase}'"):
                        state.game.words_to_token(f"{NAMES[mover]} {phrase}", data, NAMES[:3], 0)
            move = state.sample_chance(rng.randrange(10**6)) if mover == "chance" else random_move(state, rng)
            state.apply(move)
    assert met == set(FOREIGN_PHRASES)


def test_a_reason_told_in_words_keeps_what_it_cannot_put_into_words():
    automania = game(3)
    said = automania.reason_in_words("A3 (a speed machine) goes on a station (put:station,N), or is discarded")
    assert said == f"the {tile_words(automania.components.tile('A3'))} goes on a station, or is discarded"
    assert automania.reason_in_words("tile A99 has been dealt already") == "tile A99 has been dealt already"
    assert automania.reason_in_words("sponsor:0 does nothing") == "sponsoring no workers does nothing"


def test_a_tile_said_without_a_mark_and_a_name_with_digits_are_read():
    state = new_game(grid="A3,A4,A21,A27,A9,A5,A28,A23,A24,A25,A29,A33,A35,A13,A17,A31,A2,A22")
    play(state, "place:R1")  # row 1: speed machine (1 star), speed machine (silver medal), ...
    data, words = state.view(0).to_dict(), state.game.words_to_token
    assert words("I take the speed machine without the silver medal", data, NAMES[:3], 0) == "tile:1"
    names = ["v1.0", "Bob", "Cy"]  # a name is the table's to choose: its digits are no number said
    assert words("v1.0 takes tile 2", data, names, 0) == "tile:2"


# ------------------------------------------------------------ places by their order


@pytest.mark.parametrize(
    "step, lines, token",
    [
        ("turn", ["Ann row 2", "Ann the 2nd row", "Ann the second row", "Ann row two", "Ann rows 2"], "place:R2"),
        ("turn", ["Ann places a worker on the first row", "Ann 1st row", "Ann row one"], "place:R1"),
        ("turn", ["Ann column 4", "Ann the 4th column", "Ann the fourth column", "Ann columns 4"], "place:C4"),
        ("turn", ["Ann places a worker on the third col", "Ann cols 3"], "place:C3"),
        ("take tile", ["Ann takes tile 1", "Ann takes the first tile", "Ann takes the 1st tile"], "tile:1"),
        ("take tile", ["Ann takes the third tile", "Ann takes the 3rd place", "Ann takes tiles 3"], "tile:3"),
        ("take tile", ["Ann takes the 2nd position from the first row", "Ann takes tile 2 from the 1st row"], "tile:2"),
        ("take tile", ["Ann takes the research manager, the 3rd place", "Ann takes the research manager"], "tile:3"),
        ("take tile", ["Ann takes the spoiler, 4th place", "Ann takes the spoiler styling (1 star)"], "tile:4"),
        ("place tile", ["Ann puts it on station 3", "Ann on the 3rd station", "Ann station three"], "put:station,3"),
        ("place tile", ["Ann puts it on the third station", "Ann puts it on stations 3"], "put:station,3"),
        ("place tile", ["Ann puts it in office 2", "Ann puts it in the 2nd office", "Ann offices 2"], "put:office,2"),
        ("sales office", ["Ann office 2", "Ann office no. 2", "Ann the 2nd sales office", "Ann offices 2"], "office:2"),
        ("sales office", ["Ann takes the third sales office (sells 2 cars, $2)", "Ann office three"], "office:3"),
        ("ship", ["Ann ships 7", "Ann ships to the 7th level", "Ann ships at the seventh level"], "ship:7"),
        ("ship", ["Ann takes back NA 6", "Ann takes back the NA car on the 6th level"], "takeback:NA,6"),
        ("sell", ["Ann sells 3", "Ann sells on the 3rd sales space", "Ann sells the car on the third space"], "sell:3"),
    ],
)  # fmt: skip
def test_a_place_said_by_its_order_reads_as_said_by_its_number(step, lines, token):
    """'the 2nd row' is 'row 2': an ordinal right before the place it numbers, and a plural before a
    number is a slip for the one place the step picks ('columns 4')."""
    data, words = at_step(step, space="R1"), game(3).words_to_token
    assert {line: words(line, data, NAMES[:3], 0) for line in lines} == dict.fromkeys(lines, token)


@pytest.mark.parametrize(
    "step, text, why",
    [
        # where the step's number is a count, a card or a level said bare, an ordinal is nonsense
        ("sell", "Ann sells 2nd", "cannot read '2nd': an ordinal is read only right before the place it numbers"),
        ("turn", "Ann sponsors 2nd", "cannot read '2nd': an ordinal is read only right before the place it numbers"),
        ("turn", "Ann sponsors the second", "cannot read 'second'"),
        ("ship", "Ann marketing 2nd", "cannot read '2nd'"),
        ("ship", "Ann puts 2 workers on the 1st marketing space", "cannot read '1st'"),
        ("ship", "Ann ships 7th", "cannot read '7th'"),
        ("draw", "Ann draws the 2nd", "cannot read '2nd': this step picks nothing by its order; you are to draw"),
        ("draw", "Ann draws the 2nd contract", "cannot read '2nd': this step picks nothing by its order"),
        ("contract", "Ann plays the 1st contract", "cannot read '1st': this step picks nothing by its order"),
        ("sales office", "Ann office 2nd", "cannot read '2nd'"),
        # an ordinal that numbers no place said: which tile is 'the second speed machine'?
        ("take tile", "Ann takes the 3rd", "cannot read '3rd': an ordinal is read only right before"),
        ("take tile", "Ann takes the second speed machine", "cannot read 'second'"),
        ("turn", "Ann row 2nd", "cannot read '2nd'"),
        ("turn", "Ann withdraws first", "cannot read 'first'"),
        # two numbers where the step takes one, an ordinal among them
        ("turn", "Ann the 2nd row 3", "both 2 and 3 are said: say one number"),
        ("turn", "Ann rows 1 and 2", "both 1 and 2 are said: say one number"),
        ("sales office", "Ann takes the 3rd sales office 4", "both 3 and 4 are said"),
        ("place tile", "Ann puts it on the 2nd station 3", "both 2 and 3 are said"),
        # another step's place is not this step's number
        ("ship", "Ann the 2nd row", "cannot read '2nd'"),
        ("ship", "Ann row 2", "cannot read 'Ann row 2': you are to ship the car"),
        ("contract", "Ann column 3", "cannot read 'Ann column 3': you are to play a contract"),
        ("ship", "Ann c2", "cannot read 'Ann c2': you are to ship the car"),
        ("sell", "Ann r 3", "cannot read 'Ann r 3'"),
        ("draw", "Ann takes the 2nd row", "cannot read '2nd'"),
    ],
)
def test_an_ordinal_is_never_read_as_a_count_a_card_or_another_place(step, text, why):
    with pytest.raises(TokenSyntaxError, match=re.escape(why)):
        game(3).words_to_token(text, at_step(step, space="R1"), NAMES[:3], 0)


def test_an_ordinal_names_no_card_and_no_seat_in_the_order():
    state = game(3).new_initial_state()
    data, words = state.view(0).to_dict(), state.game.words_to_token
    with pytest.raises(TokenSyntaxError, match="cannot read 'second' in the order: say the seats first player first"):
        words("order Bob first, me second, Cy third", data, NAMES[:3], 0)  # 'first' is where Bob is anyway
    play(state, *setup()[:2])
    with pytest.raises(TokenSyntaxError, match=re.escape("cannot read '1st' in the display: say its contracts")):
        words("display 1st 2 3", state.view(0).to_dict(), NAMES[:3], 0)
    play(state, setup()[2])
    with pytest.raises(
        TokenSyntaxError, match=re.escape("cannot read '2nd': say your starting contract as 'I get the starting ")
    ):
        words("I get the 2nd", state.view(0).to_dict(), NAMES[:3], 0)
    drawn = new_game()
    play(drawn, "place:C1", "tile:2", "discard", "draw:deck")
    with pytest.raises(TokenSyntaxError, match="cannot read '3rd': say Ann's card from the deck as 'Ann draws'"):
        words("Ann draws the 3rd", drawn.view(1).to_dict(), NAMES[:3], 1)


# ------------------------------------------------------------ the table's deals told back


def told_back(answer: list[str]) -> str:
    """The step a companion's answer tells, on one line, as the advice words a step."""
    return one_line(list(itertools.takewhile(lambda line: line.startswith("  "), answer)))


@pytest.mark.parametrize("players, seed", [(3, 3), (4, 2)])
def test_every_chance_step_told_back_and_typed_back_is_that_step(players, seed):
    """At each chance step of a seeded game the companion tells, typed back as the advice words it
    (its lines joined by '; '), is taken as that very step and told back the same: the order, the
    demands, the display, starting contracts and deck draws (yours named, the others' unseen),
    contracts turned up, and every round's tiles (by face: tiles alike are alike to the rules)."""
    rng = random.Random(seed)
    c = Companion(Session(f"automania(players={players})", 0, NAMES[:players], iterations=20))
    components = c.game.components
    kinds = set()
    while not c.position.state.is_terminal():
        state = c.position.state
        if state.to_move() != "chance":
            moves = state.legal_moves()
            move = "draw:deck" if "draw:deck" in moves and rng.random() < 0.5 else random_move(state, rng)
            assert not c.handle(move)[0].startswith("not taken"), move
            continue
        token = state.sample_chance(rng.getrandbits(64))
        kind = token.split(":")[0]
        if kind in ("start", "drawn") and state.to_dict()["turn"] != c.me:
            token = f"{kind}:?"  # another seat's card: you never see it
        told = c.said_in_words([token])[0]
        answer = c.handle(told)
        assert told_back(answer) == told, (token, answer)
        taken = c.position.moves[-1]
        if kind == "tiles":
            assert faces(components, taken) == faces(components, token), told
            kind += f" {token[6]}"  # the back dealt from
        else:
            assert taken == token, (told, taken)
            kind += " unseen" * token.endswith("?")
        kinds.add(kind)
    assert kinds == {
        "order", "demands", "display", "start", "start unseen", "tiles A", "tiles B", "drawn", "drawn unseen", "reveal",
    }  # fmt: skip


def test_each_setup_deal_told_back_reads_as_it_and_one_line_of_several_says_what_to_type():
    """The deals told in several lines are typed back on one line; one line alone leaves the rest of the
    deal out, and the refusal says to say it all."""
    state = game(3).new_initial_state()
    words = state.game.words_to_token
    parts = {
        "demands": "say Europe's demands too, on the same line: the told lines of both markets joined by '; '",
        "tiles": "a round's tiles are 18 faces split by commas (the grid row by row, then below sales offices "
        "1 and 2), not 4: say them all on one line (the told lines may be joined by '; ')",
    }
    for token in setup():
        data = state.view(0).to_dict()
        lines = narrated(state, token, 0)
        assert words(one_line(lines), data, NAMES[:3], 0) == state.view(0).history()[-1], lines
        kind = token.split(":")[0]
        assert (len(lines) > 1) == (kind in parts), lines
        if kind in parts:
            with pytest.raises(TokenSyntaxError, match=re.escape(parts[kind])):
                words(lines[0], data, NAMES[:3], 0)


def test_a_told_deal_is_read_by_what_it_names_and_refused_where_that_does_not_fit():
    state = game(3).new_initial_state()
    words = state.game.words_to_token
    told = "player order: 2Bob ($6, 1 VP), you ($7, 2 VP), Cy ($8, 3 VP)"  # a name, not seat 2
    assert words(told, state.view(0).to_dict(), ["Ann", "2Bob", "Cy"], 0) == "order:1,0,2"
    play(state, setup()[0])
    data = state.view(0).to_dict()
    na = "North America wants speed (4 stars), speed (3), power (2); next: green | suitcase"
    eu = "Europe wants suitcase (4 stars), safety (3), green (2); next: power | safety"
    both = "demands:speed,speed,power,green,suitcase/suitcase,safety,green,power,safety"
    assert words(f"{eu}; {na}", data, NAMES[:3], 0) == both  # each market by its name
    assert (
        words("demands EU suitcase safety green power safety NA speed speed power green suitcase", data, NAMES[:3], 0)
        == both
    )
    # a market is named before its symbols: one named after them is no name of the symbols that follow
    na_symbols, eu_symbols = "speed speed power green suitcase", "suitcase safety green power safety"
    assert words(f"demands Europe {eu_symbols} North America {na_symbols}", data, NAMES[:3], 0) == both
    assert words(f"demands {na_symbols} / Europe {eu_symbols}", data, NAMES[:3], 0) == both
    for after in (
        f"demands {eu_symbols} Europe {na_symbols}",
        f"demands {eu_symbols} Europe / {na_symbols} North America",
        f"demands NA {na_symbols} / {eu_symbols} Europe",
    ):
        with pytest.raises(TokenSyntaxError, match="name each market before its symbols, as they are told"):
            words(after, data, NAMES[:3], 0)
    with pytest.raises(TokenSyntaxError, match="North America's demands are 3 symbols before 'next'"):
        words(f"{na.replace('power (2); next:', 'next: power |')}; {eu}", data, NAMES[:3], 0)
    with pytest.raises(TokenSyntaxError, match="North America's demands are said twice"):
        words(f"{na}; {na}", data, NAMES[:3], 0)
    play(state, *setup()[1:-1])
    data = state.view(0).to_dict()
    lines = narrated(state.clone(), setup()[-1], 0)
    with pytest.raises(TokenSyntaxError, match="these are round 2's tiles: round 1's are dealt now"):
        words(one_line(lines).replace("round 1", "round 2"), data, NAMES[:3], 0)
    swapped = one_line([lines[0].replace("row 1:", "row 2:"), lines[1].replace("row 2:", "row 1:"), *lines[2:]])
    with pytest.raises(TokenSyntaxError, match="'row 2' comes before face 1, but its first face is face 5"):
        words(swapped, data, NAMES[:3], 0)
    with pytest.raises(TokenSyntaxError, match="cannot read 'column 3' before a tile"):
        words(one_line(lines).replace("row 3:", "column 3:"), data, NAMES[:3], 0)


# ------------------------------------------------------------ what a line names beside its move


def test_demands_said_with_their_stars_go_on_the_spaces_of_those_stars():
    """A demand's stars said in brackets, as the demands are told back, put it on that space, in
    whatever order the symbols are said; stars said for some only, off their places, are refused."""
    c = Companion(Session("automania(players=3)", 1, ["Ann", "Bob", "Cid"], iterations=20, lines=["order:0,1,2"]))
    stars_first = (
        "North America wants power (2 stars), speed (3), speed (4); next: green | suitcase; "
        "Europe wants green (2 stars), safety (3), suitcase (4); next: power | safety"
    )
    for line, why in (
        (
            stars_first.replace("speed (3)", "speed"),
            "say the stars of each of North America's 3 demands, or of none (then they are read in order, the 4, "
            "3 and 2 star spaces)",
        ),
        (
            stars_first.replace("speed (3)", "speed (2)"),
            "North America's demands are on its 4, 3 and 2 star spaces, one each, not power (2), speed (2), speed (4)",
        ),
        (
            stars_first.replace("green | suitcase", "green (1) | suitcase"),
            "the next left and right are on no star space: say stars before 'next' only",
        ),
    ):
        assert refused(c, line) == why
    assert (
        c.handle(stars_first)[0]
        == "  North America wants speed (4 stars), speed (3), power (2); next: green | suitcase"
    )
    assert c.position.moves[-1] == DEMANDS
    c.handle("undo")
    partly = "demands power (2) speed speed (4) green suitcase / suitcase safety green power safety"
    assert c.handle(partly)[0].startswith("not taken: say the stars of each of North America's 3 demands")
    in_order = stars_first.replace("power (2 stars), speed (3), speed (4)", "power (4 stars), speed (3), speed (2)")
    assert c.handle(in_order)[0] == (
        "  North America wants power (4 stars), speed (3), speed (2); next: green | suitcase"
    )  # said in their order, they are read as they always were


@pytest.mark.parametrize(
    "line, named",
    [
        ("Ann takes the research manager from row 3", "row 3"),
        ("Ann takes the research manager from column 3", "column 3"),
        ("Ann takes the research manager from the super car row", "row 3"),
        ("Ann takes tile 3 from row 2", "row 2"),
        ("Ann takes the third tile from row 2", "row 2"),
    ],
)
def test_a_tile_is_taken_from_the_row_the_workers_went_to_not_another_named(line, named):
    assert refused(companion_at("place:R1"), line) == (
        f"Ann takes the tile from row 1, where Ann's worker went, not from {named}: say the tile along row 1 by its "
        "face or its place ('tile 2'), or 'undo' back to the placement"
    )


def test_a_tile_taken_from_the_row_named_by_its_number_or_its_car_is_read():
    for line in ("Ann takes the research manager from row 1", "Ann takes the research manager from the city car row"):
        c = companion_at("place:R1")
        assert c.handle(line)[0] == "  Ann takes the research manager (1 star) from row 1", line


@pytest.mark.parametrize(
    "tokens, line, why",
    [
        (
            ["place:R1", "tile:1"],
            "Ann puts it on station 2 and makes the family car",
            "the car Ann's turn makes is the city car (row 1 makes it), not the family car: say the step without the "
            "car, or 'undo' back to the placement to choose another space",
        ),
        (
            ["place:R1", "tile:1", "put:station,2"],
            "Ann sends the family car to North America",
            "the car Ann's turn makes is the city car (row 1 makes it), not the family car: say the step without the "
            "car, or 'undo' back to the placement to choose another space",
        ),
        (
            ["place:R1", "tile:1", "put:station,2", "market:NA"],
            "Ann ships the super car to level 4",
            "the car Ann's turn makes is the city car (row 1 makes it), not the super car: say the step without the "
            "car, or 'undo' back to the placement to choose another space",
        ),
        (
            ["place:R1", "tile:1"],
            "Ann puts it on the family car station 1",
            "the car Ann's turn makes is the city car (row 1 makes it), not the family car: say the step without the "
            "car, or 'undo' back to the placement to choose another space",
        ),
        (
            ["place:R1", "tile:1"],
            "Ann puts it on the city car station 3",
            "station 3 is not on the city car's line (stations 1 and 2): say 'Ann puts it on station 3', or a "
            "station of the line",
        ),
        (
            [],
            "Ann corner family and makes a super car",
            "the corner makes one car, the one chosen with the workers: say 'Ann corner family' or 'Ann corner super'",
        ),
        (
            [],
            "Ann row 1 and makes the family car",
            "row 1 makes the city car, not the family car: say 'Ann row 1', or a space of the family car (row 2, "
            "column 3 or 'corner family')",
        ),
        ([], "Ann row 4 for the city car", "row 4 makes no car (it takes a contract): say 'Ann row 4'"),
        (
            [],
            "Ann corner family for the sports car",  # 'sports' is the super car, as the contracts name it
            "the corner makes one car, the one chosen with the workers: say 'Ann corner family' or 'Ann corner super'",
        ),
        (
            ["withdraw", "office:1"],
            "Ann puts it on station 2 and makes the city car",
            "Ann's step makes no car (the tile is a sales office's), so no city car: say it without the car",
        ),
    ],
)
def test_a_car_named_is_the_one_the_step_makes_or_the_line_is_refused(tokens, line, why):
    assert refused(companion_at(*tokens), line) == why


@pytest.mark.parametrize(
    "tokens, line, told",
    [
        (["place:R1", "tile:1"], "Ann puts it on station 2 and makes the city car", "Ann puts it on station 2"),
        (["place:R1", "tile:1"], "Ann puts it on the city car station 2", "Ann puts it on station 2"),
        ([], "Ann row 2 for the family car", "Ann places a worker on row 2: a family car for $2"),
        ([], "Ann places a worker on the corner for a family car", "Ann places a worker on the corner for a family"),
    ],
)
def test_the_car_the_step_makes_may_be_named(tokens, line, told):
    assert companion_at(*tokens).handle(line)[0].startswith(f"  {told}")


def sales_companion() -> Companion:
    """Ann's city car on North America's ship at level 6 is offered to her in the sales."""
    return companion_at(
        *("place:R1", "tile:1", "put:station,1", "market:NA", "marketing:2", "ship:6", "contract:none"),
        *("withdraw", "office:5", "withdraw", "office:1", "put:station,2", "withdraw", "office:4"),
    )


@pytest.mark.parametrize(
    "line, why",
    [
        ("Ann sells 1 in Europe", "the car offered is the city car (North America, level 6), not a car in Europe: say "
         "'Ann sells 1'"),
        ("Ann keeps it in Europe", "the car offered is the city car (North America, level 6), not a car in Europe: "
         "say 'Ann keeps'"),
        ("Ann sells the family car on space 1", "the car offered is the city car (North America, level 6), not a "
         "family car: say 'Ann sells 1'"),
    ],
)  # fmt: skip
def test_a_sale_names_the_car_offered_or_is_refused(line, why):
    assert refused(sales_companion(), line) == why


@pytest.mark.parametrize("line", ["Ann passes", "Ann leaves it on the ship", "Ann keeps it on the ship", "Ann keeps"])
def test_passing_at_a_sale_leaves_the_car_on_its_ship(line):
    """The rulebook: the owner "must now decide whether to sell this car or to pass and leave the car on the ship"."""
    c = sales_companion()
    assert c.handle(line)[0] == "  Ann keeps the city car (North America, level 6)"
    assert c.position.moves[-1] == "keep"


def test_the_demand_tiles_move_in_on_one_side():
    data = at_step("demand")
    with pytest.raises(TokenSyntaxError) as refusal:
        game(3).words_to_token("Ann demand left and right", data, NAMES[:3], 0)
    assert str(refusal.value) == "the demand tiles move in on one side: say 'demand left' or 'demand right', not both"
    assert game(3).words_to_token("Ann moves the demand tiles in on the right", data, NAMES[:3], 0) == "demand:right"


def test_workers_placed_are_the_count_the_space_takes():
    """A space takes one more worker than it holds: another count is refused, saying how many it takes,
    before whose workers go home (in brackets too, as a placement is told) is checked."""
    c = companion_at()
    for line in ("Ann places 2 workers on row 1", "Ann places 2 workers on row 1 (Cid's worker goes home)"):
        assert refused(c, line) == (
            "row 1 takes 1 worker now (it is empty), not 2: a space takes one more worker than it holds; say "
            "'Ann row 1'"
        )
    assert refused(c, "Ann places 2 workers on the corner for a city car") == (
        "the corner takes 1 worker now (it is empty), not 2: a space takes one more worker than it holds; say 'Ann "
        "corner city'"
    )
    assert c.handle("Ann places a worker on row 1 (nobody goes home)")[0] == (
        "  Ann places a worker on row 1: a city car for $1"
    )
    bumped = companion_at("place:R1", "tile:1", "put:station,1", "market:NA", "ship:4", "contract:none")
    for line in ("I place 1 worker on row 1", "I place a worker on row 1", "I place 3 workers on row 1"):
        count = 3 if "3" in line else 1
        assert refused(bumped, line) == (
            f"row 1 takes 2 workers now (Ann's worker there goes home), not {count}: a space takes one more worker "
            "than it holds; say 'you take row 1'"
        )
    told = "you place 2 workers on row 1 (Ann's worker goes home): a city car for $1"
    assert bumped.handle("I place 2 workers on row 1 (Ann's worker goes home)")[0].startswith(f"  {told}")


def test_a_starting_contract_is_said_with_its_s_not_a_deck_cards_number():
    """'contract 4' names deck card 4 at every step: where a starting contract is dealt it is refused,
    never read as S4; 'S4' and 'starting contract 4' name the starting card."""
    c = Companion(Session("automania(players=3)", 0, ["Ann", "Bob", "Cid"], iterations=20, lines=setup()[:3]))
    for line, number in (("I get contract 4", 4), ("I get card 3", 3), ("I get 2", 2)):
        assert refused(c, line) == (
            f"contract {number} is a deck card, not a starting contract: say a starting contract with its S, "
            f"'S{number}', or by what it shows ('the family car starting contract')"
        )
    assert refused(c, "I don't get S2") == (
        "say the card dealt, not one that is not: the table deals your starting contract ('I get the starting city "
        "car contract (3+ stars: 1 VP, $3)')"
    )
    for line in ("I get S4", "I get starting contract 4"):
        assert c.handle(line)[0].startswith("  you get the starting contract for any car (suitcase, 3+ stars"), line
        assert c.position.moves[-1] == "start:S4" and c.handle("undo")[0].startswith("undone")


@pytest.mark.parametrize(
    "tokens, line, why",
    [
        ([], "Ann row 2 and Cid row 3", "'and Cid row 3' is another step: say one step a line ('Ann row 2', then "
         "'Cid row 3')"),
        ([], "Ann withdraws, then I row 3", "'then I row 3' is another step: say one step a line ('Ann withdraws', "
         "then 'I row 3')"),
    ],
)  # fmt: skip
def test_another_seats_step_on_the_line_is_a_step_of_its_own(tokens, line, why):
    assert refused(companion_at(*tokens), line) == why


def test_a_sale_then_another_seats_is_two_lines():
    c = sales_companion()
    assert refused(c, "Ann sells 1 and I sell 1") == (
        "'and I sell 1' is another step: say one step a line ('Ann sells 1', then 'I sell 1')"
    )


def test_i_with_a_contraction_is_the_advised_seat():
    c = companion_at("place:R1", "tile:1", "put:station,1", "market:NA", "ship:4", "contract:none", me=1)
    assert c.handle("I'm placing a worker on column 1")[0].startswith("  you place a worker on column 1: a contract")
    c.handle("undo")
    assert c.handle("I'll take row 2")[0].startswith("  you place a worker on row 2: a family car for $2")
    assert c.handle("I'll take tile 2")[0].startswith("  you take the suitcase machine from row 2")


def test_the_same_card_twice_in_the_display_is_refused_as_named_twice():
    c = Companion(Session("automania(players=3)", 1, ["Ann", "Bob", "Cid"], iterations=20, lines=setup()[:2]))
    why = (
        "city car, green, 5+ stars: 2 VP is named twice: the display is 3 different contracts, e.g. "
        "'display 3 17 22' or 'display city car, green, 5 stars; super car, speed, 8 stars; any car, chrome'"
    )
    assert refused(c, "display city car green 5 stars; city car green 5 stars; any car chrome") == why
    assert refused(c, "display 4 4 19") == why
    assert refused(c, "display 4; city car green 5 stars; any car chrome") == why


def test_two_cards_named_where_one_is_drawn_are_refused():
    c = companion_at("place:C1", "tile:2", "discard")
    assert refused(c, "Ann takes the spoiler one and the speed one") == (
        "2 contracts are named, 'the spoiler one' and 'the speed one': say one"
    )
    assert c.handle("Ann takes the spoiler one")[0] == (
        "  Ann takes the contract for any car (spoiler, 8+ stars: 3 VP) from the display"
    )


def test_a_second_sponsor_says_the_total_on_what_the_view_can_tell():
    c = companion_at()
    c.handle("Ann sponsors 3")
    assert refused(c, "Ann sponsors 1").endswith(
        "(those sponsored before and these together: 'Ann sponsors 4' if all 3 of Ann's workers on the sponsor "
        "space came this turn)"
    )


@pytest.mark.parametrize(
    "tokens, line, told, token",
    [
        ([], "Ann drops out", "Ann withdraws", "withdraw"),
        ([], "Ann takes row 1", "Ann places a worker on row 1", "place:R1"),
        ([], "Ann corner sports", "Ann places a worker on the corner for a super car", "corner:super"),
        ([], "Ann uses the corner for a sports car", "Ann places a worker on the corner for a super car",
         "corner:super"),
        (["place:R1", "tile:1", "put:station,1", "market:NA", "ship:4", "contract:none", "withdraw", "office:5",
          "withdraw", "office:4", "place:C2", "tile:2", "discard", "market:NA"], "Ann takes her car back from level 4",
         "Ann takes back the city car from North America's ship at level 4", "takeback:NA,4"),  # the turn's market
        (["place:R1", "tile:1", "put:station,1", "market:NA"], "Ann puts a worker on marketing", "Ann puts 1 worker "
         "on marketing", "marketing:1"),
        (["place:R1", "tile:3"], "Ann puts the research manager in office 1", "Ann puts it in office 1",
         "put:office,1"),
        (["place:R1", "tile:3"], "Ann discards the research manager", "Ann discards it", "discard"),
    ],
)  # fmt: skip
def test_natural_phrasings_of_a_step_are_read(tokens, line, told, token):
    c = companion_at(*tokens)
    assert c.handle(line)[0].startswith(f"  {told}") and c.position.moves[-1] == token


# Ann's city car on North America's ship at level 4; in round 2 she makes another city car (column 2).
TAKING_BACK = (
    *("place:R1", "tile:1", "put:station,1", "market:NA", "ship:4", "contract:none", "withdraw", "office:5"),
    *("withdraw", "office:4", "place:C2", "tile:2", "discard", "market:NA"),
)


@pytest.mark.parametrize(
    "line, token",
    [
        ("Ann takes back the car on level 4 in North America", "takeback:NA,4"),
        ("Ann takes back the city car from North America level 4", "takeback:NA,4"),
        ("Ann ships 3 in North America", "ship:3"),
    ],
)
def test_a_ship_or_a_take_back_may_say_its_market_with_in(line, token):
    c = companion_at(*TAKING_BACK)
    assert not c.handle(line)[0].startswith("not taken") and c.position.moves[-1] == token


@pytest.mark.parametrize("car", ["family", "super", "sports"])
def test_a_car_taken_back_named_otherwise_than_the_one_on_the_ship_is_refused(car):
    """A car is taken back by its ship space: another car named means another space than said."""
    assert refused(companion_at(*TAKING_BACK), f"Ann takes back the {car} car from North America level 4") == (
        f"the car on North America's ship at level 4 is a city car, not a {'super' if car == 'sports' else car} "
        "car: say 'Ann takes back NA 4'"
    )


@pytest.mark.parametrize(
    "line",
    ["Ann discards the spoiler styling", "I discard the spoiler styling", "Ann throws away the spoiler styling"],
)
def test_a_styling_tile_discarded_by_its_face_is_a_discard_not_a_place(line):
    """'styling' after the tile's face is its name, checked to be the tile taken (R1 place 4: the
    spoiler styling), never where it goes."""
    c = companion_at("place:R1", "tile:4", me=0)
    assert c.handle(line)[0].startswith("  you discard it") and c.position.moves[-1] == "discard"
    c = companion_at("place:R1", "tile:4", me=0)
    assert refused(c, line.replace("spoiler", "chrome")) == (
        "the tile you place is the spoiler styling (1 star), not the chrome styling: say 'you put it' and where it "
        "goes, or 'you discard it'"
    )


@pytest.mark.parametrize(
    "line", ["I discard the styling", "Ann discards the styling tile", "Ann throws the styling away"]
)
def test_a_tile_discarded_by_its_kind_alone_is_checked_to_be_of_that_kind(line):
    """'discards the styling': a discarded tile goes nowhere, so 'styling' is what the tile is."""
    c = companion_at("place:R1", "tile:4", me=0)  # the spoiler styling
    assert c.handle(line)[0].startswith("  you discard it") and c.position.moves[-1] == "discard"
    c = companion_at("place:R1", "tile:1", me=0)  # the speed machine
    assert refused(c, line) == (
        "the tile you place is the speed machine, not a styling tile: say 'you put it' and where it goes, or "
        "'you discard it'"
    )


@pytest.mark.parametrize(
    "line, token",
    [("Ann discards the machine", "discard"), ("Ann puts the machine on station 2", "put:station,2"),
     ("Ann puts the manager in office 1", "put:office,1")],
)  # fmt: skip
def test_a_tile_placed_by_its_kind_alone_is_checked_to_be_of_that_kind(line, token):
    machine = "tile:1" if "machine" in line else "tile:3"  # R1: the speed machine, the research manager
    c = companion_at("place:R1", machine, me=0)
    assert not c.handle(line)[0].startswith("not taken") and c.position.moves[-1] == token
    c = companion_at("place:R1", "tile:4", me=0)  # the spoiler styling
    kind = "a machine" if "machine" in line else "a manager"
    assert refused(c, line).startswith(f"the tile you place is the spoiler styling (1 star), not {kind}: ")


@pytest.mark.parametrize(
    "line",
    ["Ann discards the spoiler styling on styling city", "Ann discards the spoiler styling in office 1",
     "Ann discards it on styling city"],
)  # fmt: skip
def test_a_styling_tile_discarded_with_a_place_is_refused(line):
    assert refused(companion_at("place:R1", "tile:4"), line) == (
        "say where the tile goes, or that it is discarded: not both"
    )


@pytest.mark.parametrize("line", ["Ann puts the speed machine in office 1", "Ann discards the spoiler"])
def test_a_tile_placed_named_by_another_face_is_refused(line):
    assert refused(companion_at("place:R1", "tile:3"), line) == (
        f"the tile Ann places is the research manager (1 star), not the {line.split('the ')[1].split(' in')[0]}: "
        "say 'Ann puts it' and where it goes, or 'Ann discards it'"
    )


@pytest.mark.parametrize(
    "line", ["turned up: city car suitcase", "the new card on the display is the city car with a suitcase"]
)
def test_a_card_turned_up_said_as_people_say_it(line):
    c = companion_at("place:C1", "tile:2", "discard", "draw:3")  # contract 1 is on the display
    answer = c.handle(line)[0]
    assert answer == "  turned up on the display: city car, suitcase, spoiler, 8+ stars: 4 VP"
    assert c.position.moves[-1] == "reveal:25"


# ------------------------------------------------------------ 2 and 4 players: counts, rewards, asides


def companion_of(players: int, *tokens: str, me: int = 1) -> Companion:
    """A companion of seat `me` at a table of `players` (Ann, Bob, ...) after the set-up of scenarios.py
    (Ann moves first) and `tokens`."""
    names = NAMES[:players]
    return Companion(
        Session(f"automania(players={players})", me, names, iterations=20, lines=[*setup(players), *tokens])
    )


# Ann's city car of row 1, its speed machine on station 1: 4 stars in North America, 0 in Europe.
CITY_CAR_MADE = ("place:R1", "tile:1", "put:station,1")


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize(
    "tokens, line, why",
    [
        ([], "Ann row 1 for 2 cars", "a turn makes one car, not 2: Ann is to sponsor, place workers or withdraw"),
        (CITY_CAR_MADE, "Ann ships 2 cars to Europe", "a turn makes one car, not 2: Ann is to choose the car's market"),
        (CITY_CAR_MADE, "Ann ships it to North America for 3 stars", "the city car has 4 stars in North America, "
         "not 3: say the step without its stars, which follow from the factory, the market and the marketing"),
        ((*CITY_CAR_MADE, "market:NA"), "Ann ships the city car with 9 stars at level 4", "the city car has 4 stars "
         "now, not 9"),
        ((*CITY_CAR_MADE, "market:NA"), "Ann puts 2 workers on marketing for 5 stars", "the city car has 6 stars "
         "with 2 workers on marketing, not 5"),
        ([], "Ann sponsors 2 workers for $3", "2 workers sponsoring bring $2, not $3: say 'Ann sponsors 2'"),
        ([], "Ann withdraws with 3 workers", "Ann has 6 workers at home, not 3, and withdrawing puts them all on the "
         "sponsor space: say 'Ann withdraws'"),
        (["withdraw"], "Ann takes office 4 with 3 VP", "sales office 4 (sells 3 cars, 1 VP) does not give 3 VP: say "
         "'Ann takes sales office 4'"),
    ],
)  # fmt: skip
def test_a_count_said_beside_a_step_is_what_the_step_does_or_the_line_is_refused(players, tokens, line, why):
    """A count of cars, stars, workers, money or VP said with a move is checked against what the move
    does, never dropped: read as the move alone, the line would be taken for what was not said."""
    assert refused(companion_of(players, *tokens), line).startswith(why)


def test_a_sponsors_money_said_counts_the_general_managers():
    """Ann's general manager adds $1 to every sponsoring worker: 2 workers bring $4."""
    made = ("place:R3", "tile:1", "put:office,1", "market:NA", "ship:none", "contract:none")
    c = companion_of(2, *made, "place:R2", "tile:2", "put:station,2", "market:NA", "ship:none", "contract:none")
    assert refused(c, "Ann sponsors 2 workers for $2") == (
        "2 workers sponsoring bring $4 (with 1 general manager: $2 a worker), not $2: say 'Ann sponsors 2'"
    )
    assert c.handle("Ann sponsors 2 workers for $4")[0] == "  Ann sponsors 2 workers: +$4"


@pytest.mark.parametrize(
    "tokens, line, token",
    [
        (CITY_CAR_MADE, "Ann ships 1 car to Europe", "market:EU"),
        (CITY_CAR_MADE, "Ann ships it to North America for 4 stars", "market:NA"),
        ((*CITY_CAR_MADE, "market:NA"), "Ann puts 2 workers on marketing for 6 stars", "marketing:2"),
        ((*CITY_CAR_MADE, "market:NA"), "Ann ships the car with 4 stars at level 4", "ship:4"),
        ([], "Ann sponsors 2 workers for $2", "sponsor:2"),
        ([], "Ann withdraws, all 6 workers on the sponsor space", "withdraw"),
        (["withdraw"], "Ann takes office 4 with 1 VP", "office:4"),
        (["withdraw"], "Ann takes office 3 and $2", "office:3"),
    ],
)
def test_a_count_said_that_is_what_the_step_does_is_read(tokens, line, token):
    c = companion_of(2, *tokens)
    assert not c.handle(line)[0].startswith("not taken") and c.position.moves[-1] == token


@pytest.mark.parametrize("players", [2, 4])
def test_a_cars_stars_said_with_its_market_are_the_stars_the_rules_give_it(players):
    """The stars a car gets in a market, said beside the market chosen, are checked as the rules count
    them (the demands met, most valuable first, and the factory's stars): through random games."""
    rng = random.Random(players)
    state, checked = game(players).new_initial_state(), 0
    while not state.is_terminal():
        if state.to_move() != "chance" and state.view(0).to_dict()["step"] == "market":
            mover = state.to_move()
            data = state.view(mover).to_dict()
            for market, said in (("NA", "North America"), ("EU", "Europe")):
                stars = state.clone()
                stars.apply(f"market:{market}")
                got = stars.view(mover).to_dict()["action"]["stars"]
                line = f"{NAMES[mover]} ships to {said} for {got} stars"
                assert game(players).words_to_token(line, data, NAMES[:players], mover) == f"market:{market}"
                with pytest.raises(TokenSyntaxError, match=f"car has {got} stars? in {said}, not {got + 1}"):
                    game(players).words_to_token(line.replace(f"{got} stars", f"{got + 1} stars"), data,
                                                 NAMES[:players], mover)  # fmt: skip
            checked += 1
        token = state.sample_chance(rng.randrange(10**6)) if state.to_move() == "chance" else random_move(state, rng)
        state.apply(token)
    assert checked > 10


def two_player_sales(*sold: str) -> Companion:
    """Bob's seat at 2 players: Ann's city cars on North America's ships at levels 4 and 1, offered
    to her in the sales (she took sales office 5, Bob sales office 1), after `sold`."""
    return companion_of(
        2,
        *(*CITY_CAR_MADE, "market:NA", "ship:4", "contract:none", "withdraw", "office:1", "discard"),
        *("place:C2", "tile:2", "put:station,2", "market:NA", "ship:1", "contract:none", "withdraw", "office:5"),
        *sold,
    )


@pytest.mark.parametrize(
    "line, token",
    [
        ("Ann sells for $7", "sell:6"),  # the reward printed on the space, as the table shows it
        ("Ann sells it on the $7 space", "sell:6"),
        ("Ann sells 6 for $7", "sell:6"),
        ("Ann sells for 7 dollars", "sell:6"),
        ("Ann sells on the top space", "sell:1"),
        ("Ann sells it on the topmost space", "sell:1"),
    ],
)
def test_a_sales_space_is_said_by_its_reward_or_as_the_topmost(line, token):
    c = two_player_sales()
    assert c.handle(line)[0].startswith("  Ann sells the city car (North America, level 4) on sales space")
    assert c.position.moves[-1] == token


@pytest.mark.parametrize(
    "line, why",
    [
        ("Ann sells 5 for $7", "sales space 5 of North America gives $6, not $7"),
        ("Ann sells for 3 VP", "no sales space of North America gives 3 VP: its spaces (1 the topmost) give 1: $2; "
         "2: $3; 3: $4; 4: $5; 5: $6; 6: $7; 7: $8"),
        ("Ann sells for $7 or $8", "a sales space gives one reward: say one, e.g. 'for $7' or 'for 2 VP and $1'"),
        ("Ann sells 2 on the top space", "the topmost sales space is 1, not 2: say one of them"),
    ],
)  # fmt: skip
def test_a_reward_or_the_topmost_said_of_another_space_is_refused(line, why):
    assert refused(two_player_sales(), line) == why


@pytest.mark.parametrize(
    "line, why",
    [
        ("Ann sells for 5", "'for 5': sales space 5 of North America, or the space that gives $5 (space 4)? say "
         "'sells 5' (the space) or 'sells for $5' (its reward)"),
        ("Ann sells it for two", "'for 2': sales space 2 of North America, or the space that gives $2 (space 1)?"),
        ("Ann sells her city car for 7", "'for 7': sales space 7 of North America, or the space that gives $7 "
         "(space 6)?"),
        ("Ann sells for 9", "'for 9': sales space 9 of North America, or a space that gives $9?"),
    ],
)  # fmt: skip
def test_a_price_said_without_its_sign_is_refused_never_read_as_the_space_numbered(line, why):
    """'sells for 5' is the $5 space to a person, and space 5 (worth $6) to a reader of numbers."""
    c = two_player_sales()
    assert refused(c, line).startswith(why)
    assert c.handle("Ann sells for 5 dollars")[0].endswith("on sales space 4: +$5")


@pytest.mark.parametrize("line", ["Ann sells the sports car for $7", "Ann keeps her sports car"])
def test_the_super_car_called_a_sports_car_is_checked_in_the_sales(line):
    """'sports' names the super car at every step, as the contracts and the corner take it."""
    assert refused(two_player_sales(), line).startswith(
        "the car offered is the city car (North America, level 4), not a super car"
    )


def test_show_tells_a_ships_level_and_a_sales_space_by_name():
    """Both are numbers: bare, the level of a car on a ship and the space a car was sold to read alike."""
    c = two_player_sales("sell:6")
    markets = [line for line in c.handle("show") if "sold this round" in line]
    assert markets[0] == "North America ships: level 1 Ann city; sold this round: space 6 Ann city"
    c = two_player_sales("sell:1")
    assert "sold this round: space 1 (top) Ann x1" in "\n".join(c.handle("show"))


def test_the_two_player_sales_rule_is_told_by_the_spaces_of_the_row():
    """The rules count the sales rows from 0 (the topmost space): a person sees the spaces."""
    c = two_player_sales("sell:6")
    for line in ("Ann sells 7", "Ann sells for $8"):
        assert refused(c, line).startswith(
            "a car was sold to the row of sales spaces 6 and 7 this round (2 players: one car a row, but for the "
            "topmost space); legal now, Ann: sells the city car (North America, level 1) on sales space 1: "
        )  # each sale with its reward: what tells them apart


@pytest.mark.parametrize(
    "tokens, line, why",
    [
        ([], "Ann row 9", "there is no row 9: the board has rows 1-4, columns 1-4 and the corner; legal now"),
        ([], "Ann c7", "there is no column 7: the board has rows 1-4, columns 1-4 and the corner"),
        ((*CITY_CAR_MADE, "market:NA"), "Ann ships 20", "North America has no ship space of level 20; legal now"),
        ((*CITY_CAR_MADE, "market:NA"), "Ann sells 9", "North America has sales spaces 1-7; legal now"),
        # a later step's number at the placement: no station or office
        (("place:R1", "tile:3"), "Ann ships at level 7", "cannot read 'Ann ships at level 7': Ann is to place the "
         "tile: 'puts it on station 3'"),
        (("place:R1", "tile:3"), "Ann sells 3", "cannot read 'Ann sells 3': Ann is to place the tile"),
    ],
)  # fmt: skip
def test_a_place_that_is_not_there_is_refused_in_the_tables_words(tokens, line, why):
    answer = refused(companion_of(4, *tokens), line)
    assert answer.startswith(why) and not RAW_TOKEN.search(answer) and " NA " not in answer, answer


@pytest.mark.parametrize(
    "tokens, line, token",
    [
        ([], "Ann uses the corner for a super car", "corner:super"),
        ([], "Ann takes the corner space to make a family car", "corner:family"),
        ([], "Ann uses the special production space for a city car", "corner:city"),  # the rulebook's name
        ([], "Ann uses row 2", "place:R2"),
        (("place:R1", "tile:1"), "Ann puts the speed machine on station 1 for the city car", "put:station,1"),
        (CITY_CAR_MADE, "Ann picks Europe", "market:EU"),
    ],
)
def test_natural_phrasings_at_two_and_four_players_are_read(tokens, line, token):
    for players in (2, 4):
        c = companion_of(players, *tokens)
        assert not c.handle(line)[0].startswith("not taken"), (players, line)
        assert c.position.moves[-1] == token


def test_a_placement_for_another_car_than_the_turn_makes_is_refused():
    assert refused(companion_of(2, "place:R1", "tile:1"), "Ann puts it on station 4 for the super car") == (
        "the car Ann's turn makes is the city car (row 1 makes it), not the super car: say the step without the car, "
        "or 'undo' back to the placement to choose another space"
    )


BUMPING = ("place:R1", "tile:1", "put:station,1", "market:NA", "ship:4", "contract:none")


@pytest.mark.parametrize(
    "line",
    [
        "Bob puts 2 workers on row 1, Ann's worker goes home",
        "Bob places 2 workers on row 1 and Ann's worker goes back",
        "Bob row 1, Ann's one worker goes home",
        "Bob bumps Ann off row 1",
        "Bob takes row 1 bumping Ann",
        "Bob row 1 (Ann's worker goes home)",
        "Bob places 2 workers on row 1 (Ann's worker goes home): a city car for $1",  # as it is told
    ],
)
def test_whose_workers_go_home_may_be_said_with_the_placement(line):
    c = companion_of(4, *BUMPING, me=2)
    assert c.handle(line)[0] == "  Bob places 2 workers on row 1 (Ann's worker goes home): a city car for $1"


@pytest.mark.parametrize("line", ["Bob bumps me off row 1", "Bob takes row 1, bumping me"])
def test_your_own_workers_sent_home_are_said_as_me(line):
    c = companion_of(4, *BUMPING, me=0)  # Ann's worker is on row 1: yours
    assert c.handle(line)[0] == "  Bob places 2 workers on row 1 (your worker goes home): a city car for $1"
    assert refused(companion_of(4, *BUMPING, me=3), line).startswith("the workers on row 1 go home: Ann's worker, not")


def test_a_tile_put_on_a_number_goes_where_its_kind_goes():
    """A machine goes on a station and a manager in an office: 'on 3' is the one place it can be."""
    c = companion_of(4, "place:R1", "tile:1", me=0)
    assert c.handle("I put it on 3")[0].startswith("  you put it on station 3")


def test_a_tile_may_be_said_by_the_line_that_crosses_the_turns_at_its_place():
    """Along column 2, 'in row 2' is its place 2; 'from row 1' still says another line than the turn's."""
    c = companion_of(4, "place:C2", me=0)  # column 2: the speed machine (1 star), then the suitcase machine
    assert c.handle("I take the suitcase machine in row 2")[0] == "  you take the suitcase machine from column 2"
    c = companion_of(4, "place:C2", me=0)
    assert refused(c, "I take the speed machine in row 2") == (
        "place 2 along column 2 holds suitcase machine, not 'the speed machine'"
    )
    assert refused(c, "I take the speed machine from row 1").startswith(
        "you take the tile from column 2, where your worker went, not from row 1"
    )


def test_the_ship_step_offers_a_car_taken_back_only_where_the_seat_has_one_on_a_ship():
    c = companion_of(4, "place:R1", "tile:1", "put:station,1", "market:NA", me=0)  # no car on a ship yet
    assert refused(c, "I ship 2 workers") == (
        "say the one thing done: 'ships it' (the space its stars match, or 'ships 3', a free lower one), "
        "'marketing 2' or 'does not ship'"
    )


@pytest.mark.parametrize(
    "line, told", [("I'm out", "you withdraw"), ("I am out", "you withdraw"), ("Bob is out", "Bob withdraws")]
)
def test_out_is_a_withdrawal(line, told):
    c = companion_of(4, *BUMPING, me=0 if line.startswith("Bob") else 1)  # Bob's turn
    assert c.handle(line)[0].startswith(f"  {told}")
    assert c.position.moves[-1] == "withdraw"


def test_your_own_placement_may_say_whose_workers_you_bump():
    c = companion_of(4, *BUMPING, me=1)  # Bob's turn is yours: "I bump", as "Bob bumps"
    assert (
        c.handle("I bump Ann off row 1")[0]
        == "  you place 2 workers on row 1 (Ann's worker goes home): a city car for $1"
    )


@pytest.mark.parametrize(
    "line, why",
    [
        ("Bob row 1, Dee's worker goes home", "the workers on row 1 go home: Ann's worker, not Dee's; say 'Bob row 1'"),
        ("Bob row 1, Ann's 2 workers go home", "the workers on row 1 go home: Ann's worker, not 2 of Ann's workers; "
         "say 'Bob row 1'"),
        ("Bob row 2, Ann's worker goes home", "row 2 is empty: no one's workers go home; say 'Bob row 2'"),
        ("Bob row 1, my worker goes home", "the workers on row 1 go home: Ann's worker, not yours; say 'Bob row 1'"),
        # in brackets, as the companion tells a placement: a note that names a seat is read
        ("Bob row 1 (Dee's worker goes home)", "the workers on row 1 go home: Ann's worker, not Dee's"),
        ("Bob places 2 workers on row 1 (Dee's worker goes home): a city car for $1", "the workers on row 1 go "
         "home: Ann's worker, not Dee's"),
        ("Bob row 2 (Ann's worker goes home)", "row 2 is empty: no one's workers go home; say 'Bob row 2'"),
        ("Bob sponsors 2, Ann's worker goes home", "workers go home only when a space is taken from them: Bob is to "
         "sponsor, place workers or withdraw"),
    ],
)  # fmt: skip
def test_whose_workers_go_home_said_otherwise_than_the_rules_send_them_is_refused(line, why):
    """Never read as another step ('say ... then "Ann's worker goes home"'), nor dropped."""
    assert refused(companion_of(4, *BUMPING, me=2), line).startswith(why)


@pytest.mark.parametrize(
    "line",
    [
        "Bob takes row 2, nobody goes home",
        "Bob row 2 and no one goes home",
        "Bob row 2 no worker goes home",
        "Bob row 2, no-one's workers go home",
        "Bob takes row 2 bumping nobody",
        "Bob row 2 (nobody goes home)",
        "Bob places a worker on row 2 (no one goes home): a family car for $2",
    ],
)
def test_no_workers_going_home_may_be_said_with_a_placement_on_an_empty_space(line):
    c = companion_of(4, *BUMPING, me=2)
    assert c.handle(line)[0] == "  Bob places a worker on row 2: a family car for $2"


@pytest.mark.parametrize(
    "line",
    [
        "Bob takes row 1, nobody goes home",
        "Bob row 1 and no one goes home",
        "Bob row 1 no worker goes home",
        "Bob takes row 1 bumping no one",
        "Bob row 1 (nobody goes home)",
        "Bob places 2 workers on row 1 (nobody goes home): a city car for $1",
    ],
)
def test_no_workers_going_home_said_where_workers_are_is_refused(line):
    """Never read as another step ('say ... then "Bob nobody goes home"'), nor dropped: Ann's worker
    on row 1 goes home."""
    why = "row 1 is not empty: Ann's worker goes home; say 'Bob row 1'"
    assert refused(companion_of(4, *BUMPING, me=2), line) == why


def test_no_workers_going_home_said_by_the_advised_seat():
    c = companion_at(me=0)
    assert c.handle("I take row 2, nobody goes home")[0] == "  you place a worker on row 2: a family car for $2"
    c = companion_at("place:R1", "tile:1", "put:station,1", "market:NA", "ship:4", "contract:none", me=1)
    assert refused(c, "I take row 1, no one goes home") == (
        "row 1 is not empty: Ann's worker goes home; say 'you take row 1'"
    )


def test_the_sales_offices_tiles_are_to_come_before_a_rounds_tiles_are_dealt():
    c = Companion(Session("automania(players=4)", 2, NAMES, iterations=20, lines=setup(4)[:-1]))
    offices = next(line for line in c.show() if line.startswith("sales offices: "))
    assert offices.startswith("sales offices: 1 (sells 1, tile to come): free; 2 (sells 2, tile to come): free")
    c.handle(setup(4)[-1])
    c.handle("Ann withdraws")
    c.handle("Ann takes office 1")
    offices = next(line for line in c.show() if line.startswith("sales offices: "))
    assert offices.startswith("sales offices: 1 (sells 1, tile taken): Ann")


def test_another_seats_hidden_starting_contract_is_the_one_its_car_meets():
    """At 4 players the three starting contracts the advised seat has not seen may be anyone's: the one
    played is one the car meets (Ann's city car has no machine: S1, not S3's speed or S4's suitcase)."""
    lines = [*setup(4)[:3], "start:?", "start:S2", "start:?", "start:?", setup(4)[-1]]
    c = Companion(Session("automania(players=4)", 1, NAMES, iterations=20, lines=lines))
    for line in ("Ann row 1", "Ann takes the research manager", "Ann puts it in office 1", "Ann ships to NA"):
        c.handle(line)
    c.handle("Ann puts 2 workers on marketing")
    c.handle("Ann ships 3")
    assert c.handle("Ann plays her starting contract")[0] == (
        "  Ann plays the starting city car contract (3+ stars: 1 VP, $3): +$3"
    )


def test_a_hidden_contract_said_by_kind_that_the_car_meets_none_of_is_not_asked_which():
    """Asking which of three cards would offer cards the rules then refuse: a city car of 1 star
    meets none of the starting contracts Ann may hold, and the refusal says so."""
    lines = [*setup(4)[:3], "start:?", "start:S2", "start:?", "start:?", setup(4)[-1]]
    c = Companion(Session("automania(players=4)", 1, NAMES, iterations=20, lines=lines))
    for line in ("Ann row 1", "Ann takes the research manager", "Ann puts it in office 1", "Ann ships to NA"):
        c.handle(line)
    c.handle("Ann ships it")
    why = refused(c, "Ann plays her starting contract")
    assert why.startswith(
        "'starting' fits 3 contracts that they may hold, and the city car (1 star) meets none of them: "
        "starting city car, 3+ stars: 1 VP, $3 (contract S1); "
    )
    assert why.endswith("say another card, or that no contract is played") and "say which" not in why
    assert c.handle("Ann plays no contract")[0] == "  Ann plays no contract"


def test_a_refusal_speaks_to_the_person_of_the_move_not_of_them_by_name():
    """The advised seat reads 'you' in a refusal, and its examples as its lines are told back; a
    sponsor said twice is refused by what the move is (once a turn, before the action)."""
    c = companion_at(me=0)
    c.handle("Ann sponsors 1")
    assert refused(c, "I sponsor 1") == (
        "sponsoring is done already this turn (once, before the action), all workers at once: 'undo' back to the "
        "start of your turn and say the sponsor first with all its workers (those sponsored before and these "
        "together: 'you sponsor 2' if your worker on the sponsor space came this turn)"
    )
    assert refused(companion_at("place:R1", me=0), "I sponsor 1") == (
        "sponsoring is counted at the start of the turn, all workers at once: 'undo' back to the start of your "
        "turn and say the sponsor first with all its workers ('you sponsor 1')"
    )
    assert refused(companion_at(me=0), "I flies").startswith("cannot read 'I flies': you are to sponsor")
    assert refused(companion_at(me=0), "I take row 4 for the city car") == (
        "row 4 makes no car (it takes a contract): say 'you take row 4'"
    )


@pytest.mark.parametrize("line", ["I play my starting contract", "Ann plays the city car contract"])
def test_a_contract_the_car_does_not_meet_is_said_by_what_its_card_shows(line):
    c = companion_at("place:R2", "tile:1", "put:station,1", "market:NA", "ship:none", me=0)
    assert refused(c, line).startswith(
        "the family car (0 stars) does not meet the starting city car contract (3+ stars: 1 VP, $3): it is for a "
        "city car"
    )


@pytest.mark.parametrize(
    "line, why",
    [
        ("I will take row 2", "say a step made, not one to come or that might be ('I take row 2' once it is made)"),
        ("I'm going to take row 2", "('I take row 2' once it is made)"),
        ("I am going to take row 2", "('I take row 2' once it is made)"),
        ("I should sponsor 2", "('I sponsor 2' once it is made)"),
        ("I want row 2", "say a step made, not one to come or that might be; 'advice' asks what to play"),
        ("Ann might take row 2", "say a step made, not one to come or that might be"),
        ("Bob will withdraw", "say a step made, not one to come or that might be; 'advice' asks what to play"),
    ],
)
def test_a_step_to_come_is_refused_saying_to_tell_it_once_made(line, why):
    with pytest.raises(TokenSyntaxError, match=re.escape(why)):
        game(3).words_to_token(line, at_step("turn", mover=1 if line.startswith("Bob") else 0), NAMES[:3], 0)
    assert game(3).words_to_token("I'll take row 2", at_step("turn"), NAMES[:3], 0) == "place:R2"  # said as made


@pytest.mark.parametrize(
    "step, line, token",
    [
        ("turn", "Ann sponsors 2 for 2 bucks", "sponsor:2"),
        ("turn", "Ann sponsors 2 for 2 autobucks", "sponsor:2"),
        ("sales office", "Ann takes sales office 3 for 2 bucks", "office:3"),
        ("market", "Ann ships to the US", "market:NA"),
        ("market", "Ann ships to the USA", "market:NA"),
        ("market", "Ann sends it to the States", "market:NA"),
        ("market", "Ann ships to N. America", "market:NA"),
        ("market", "Ann ships to the U.S.", "market:NA"),  # letters with dots: one word
        ("market", "Ann ships to the U.S.A.", "market:NA"),
        ("market", "Ann ships to N.A.", "market:NA"),
        ("market", "Ann ships to the E.U.", "market:EU"),
        ("market", "Ann chooses the US market", "market:NA"),
        ("market", "Ann ships to the EU", "market:EU"),
        ("place tile", "Ann throws it away", "discard"),
        ("place tile", "Ann throws the tile away", "discard"),
        ("place tile", "Ann bins it", "discard"),
        ("turn", "Ann takes the super car row", "place:R3"),
        ("turn", "Ann goes on the sports car column", "place:C4"),
        ("turn", "Ann takes the contract column", "place:C1"),
        ("turn", "Ann the contract row", "place:R4"),
        ("turn", "Ann the family column", "place:C3"),
    ],
)
def test_money_markets_discards_and_spaces_said_as_people_say_them(step, line, token):
    assert game(3).words_to_token(line, at_step(step, space="R1", tile="A1"), NAMES[:3], 0) == token


@pytest.mark.parametrize(
    "step, line, why",
    [
        ("turn", "Ann sponsors 2 for 3 bucks", "2 workers sponsoring bring $2, not $3"),
        ("turn", "Ann sponsors 2 for a buck", "2 workers sponsoring bring $2, not $1"),
        ("sales office", "Ann takes sales office 3 for 5 bucks", "does not give $5"),
        ("market", "Ann ships to NA and EU", "a car goes to one market: say North America or Europe, not both"),
        ("market", "Ann ships to Europe, then the US", "a car goes to one market"),
        ("turn", "Ann takes the top row", "say the row by its number or by what its space does: rows 1 city car, "
         "2 family car, 3 super car, 4 contract (e.g. 'row 1')"),
        ("turn", "Ann takes the last column", "say the column by its number or by what its space does: columns 1 "
         "contract, 2 city car, 3 family car, 4 super car"),
        ("turn", "Ann takes the city car column and row", "workers go on one space: say one row or one column"),
        ("turn", "Ann takes the super car row for the family car", "row 3 makes the super car, not the family car"),
    ],
)  # fmt: skip
def test_money_markets_and_spaces_said_otherwise_than_one_move_are_refused(step, line, why):
    with pytest.raises(TokenSyntaxError, match=re.escape(why)):
        game(3).words_to_token(line, at_step(step, space="R1"), NAMES[:3], 0)


def test_a_tile_thrown_away_is_the_one_taken():
    state = play(new_game(), "place:R1", "tile:1")
    tile = tile_words(state.game.components.tile(state.to_dict()["action"]["tile"]))
    other = "power machine" if "power" not in tile else "speed machine"
    data = state.view(0).to_dict()
    assert state.game.words_to_token(f"Ann throws away the {tile}", data, NAMES[:3], 0) == "discard"
    with pytest.raises(TokenSyntaxError, match=f"the tile you place is the {re.escape(tile)}, not the {other}"):
        state.game.words_to_token(f"Ann throws away the {other}", data, NAMES[:3], 0)


@pytest.mark.parametrize(
    "pending, line, said",
    [
        ({"NA": ["green", "suitcase"], "EU": ["power", "safety"]}, "Bob advances green", "demand:left"),
        ({"NA": ["green", "suitcase"], "EU": ["power", "safety"]}, "Bob moves the safety tiles in", "demand:right"),
        ({"NA": ["green", "suitcase"], "EU": ["power", "safety"]}, "Bob advances suitcase and safety", "demand:right"),
        ({"NA": ["green", "suitcase"], "EU": ["power", "safety"]}, "Bob advances speed", "names no one side"),
        ({"NA": ["green", "suitcase"], "EU": ["power", "safety"]}, "Bob advances green and safety", "no one side"),
        ({"NA": ["green", "suitcase"], "EU": ["suitcase", "safety"]}, "Bob advances suitcase", "no one side"),
        ({"NA": ["green", "suitcase"], "EU": ["power", "safety"]}, "Bob advances the right power tiles",
         "the power tiles are pending on the left, not the right"),
    ],
)  # fmt: skip
def test_the_demand_tiles_moved_are_said_by_their_symbol_where_it_names_one_side(pending, line, said):
    """The side moves in both markets: a symbol names it where it is pending on that side alone."""
    data = at_step("demand", mover=1)
    for market, tiles in pending.items():
        data["markets"][market]["pending"] = tiles
    if said.startswith("demand:"):
        assert game(3).words_to_token(line, data, NAMES[:3], 0) == said
    else:
        with pytest.raises(TokenSyntaxError, match=re.escape(said)):
            game(3).words_to_token(line, data, NAMES[:3], 0)


# ------------------------------------------------------------ phrasings met playing whole games

SHIPPING = ("place:R1", "tile:1", "put:station,1", "market:NA")  # Ann's city car (4 stars) to ship


@pytest.mark.parametrize(
    "tokens, line, told, token",
    [
        (SHIPPING, "Ann puts it on the level 4 ship", "Ann ships the city car (4 stars) to North America at level 4",
         "ship:4"),
        (SHIPPING, "Ann places the car at level four", "Ann ships the city car", "ship:4"),
        (SHIPPING, "Ann adds 2 marketing workers", "Ann puts 2 workers on marketing", "marketing:2"),
        (SHIPPING, "Ann uses one marketing", "Ann puts 1 worker on marketing", "marketing:1"),
        (SHIPPING, "Ann puts one on marketing", "Ann puts 1 worker on marketing", "marketing:1"),
        ([], "Ann puts one worker in column 4", "Ann places a worker on column 4", "place:C4"),
        ([], "Ann picks row 2", "Ann places a worker on row 2", "place:R2"),
        ([], "Ann went to row 2", "Ann places a worker on row 2", "place:R2"),
        ([], "Ann selects the corner for a city car", "Ann places a worker on the corner for a city car",
         "corner:city"),
        (["place:R1"], "Ann picks up the research manager", "Ann takes the research manager (1 star)", "tile:3"),
        (["place:R1"], "Ann selects the spoiler", "Ann takes the spoiler styling (1 star)", "tile:4"),
        (["place:R1", "tile:1"], "Ann adds it to station 1", "Ann puts it on station 1", "put:station,1"),
        (["place:R1", "tile:1"], "Ann tosses it", "Ann discards it", "discard"),
        (["place:R1", "tile:1"], "Ann throws it out", "Ann discards it", "discard"),
        (["place:R1", "tile:1"], "Ann puts it in the bin", "Ann discards it", "discard"),
        (["place:R1", "tile:1"], "Ann puts it on the discard pile", "Ann discards it", "discard"),
        (["place:R1", "tile:3"], "Ann puts it in office space 1", "Ann puts it in office 1", "put:office,1"),
        (["place:R1", "tile:4"], "Ann styles the city car with it", "Ann puts it on the city car's styling",
         "put:styling,city"),
        (SHIPPING[:3], "Ann takes it to Europe", "Ann sends the city car to Europe", "market:EU"),
        (SHIPPING[:3], "Ann sells in Europe", "Ann sends the city car to Europe", "market:EU"),
        (SHIPPING[:3], "Ann heads to North America", "Ann sends the city car to North America", "market:NA"),
        (["place:C1", "tile:2", "discard"], "Ann draws from the stack", "Ann chooses to draw from the deck",
         "draw:deck"),
        (["place:C1", "tile:2", "discard"], "Ann draws a face-down card", "Ann chooses to draw from the deck",
         "draw:deck"),
        (["withdraw"], "Ann takes the 1 VP office", "Ann takes sales office 4 (sells 3 cars, 1 VP)", "office:4"),
        (["withdraw"], "Ann takes the $2 office", "Ann takes sales office 3 (sells 2 cars, $2)", "office:3"),
        (["withdraw"], "Ann takes the office with the research manager", "Ann takes sales office 2", "office:2"),
        (["withdraw", "office:4", "withdraw"], "Bob takes the office with 3 cars", "you take sales office 5",
         "office:5"),  # office 4, which sells 3 cars too, is Ann's
        (["withdraw", "office:4", "withdraw"], "Bob takes the office that sells 3 cars", "you take sales office 5",
         "office:5"),
        (["withdraw", "office:4", "withdraw"], "Bob takes the office selling 3 cars", "you take sales office 5",
         "office:5"),
    ],
)  # fmt: skip
def test_phrasings_met_in_whole_games_are_read(tokens, line, told, token):
    c = companion_at(*tokens)
    assert c.handle(line)[0].startswith(f"  {told}") and c.position.moves[-1] == token


@pytest.mark.parametrize(
    "tokens, line, why",
    [
        (SHIPPING, "Ann puts it on station 4", "cannot read 'Ann puts it on station 4': Ann is to ship the car"),
        (["place:R1", "tile:1"], "Ann tosses it on station 2", "say where the tile goes, or that it is discarded"),
        (["withdraw"], "Ann takes the office that sells 3 cars", "that fits 2 sales offices, sales office 4 (sells 3 "
         "cars, 1 VP); sales office 5 (sells 3 cars): say which ('office 4')"),
        (["withdraw"], "Ann takes the 2 VP office", "no free sales office fits that: they are sales office 1 (sells "
         "1 car) with the speed machine; sales office 2 (sells 2 cars) with the research manager (1 star); sales "
         "office 3 (sells 2 cars, $2); sales office 4 (sells 3 cars, 1 VP); sales office 5 (sells 3 cars); say one "
         "by its number ('office 1')"),
        (["withdraw"], "Ann takes sales office 5 with 2 cars", "sales office 5 (sells 3 cars) does not sell 2 cars: "
         "say 'Ann takes sales office 5'"),
    ],
)  # fmt: skip
def test_what_the_new_phrasings_do_not_fit_is_refused(tokens, line, why):
    assert refused(companion_at(*tokens), line).startswith(why)


def test_a_sale_said_without_its_space_says_how_to_name_one():
    assert refused(sales_companion(), "Ann sells it") == (
        "say on which sales space the car is sold: 'sells 3' (1 the topmost) or 'sells for $7' (its reward); North "
        "America's sales spaces give: 1 $2, 2 $3, 3 $4, 4 $5, 5 $6, 6 $7, 7 $8"
    )


# Ann's city car (4 stars) on North America's ship at level 6, at her contract step.
AT_ANNS_CONTRACT = ("place:R1", "tile:1", "put:station,1", "market:NA", "marketing:2", "ship:6")


@pytest.mark.parametrize("line", ["I play my contract", "I play it", "I use my starting contract", "I score my card"])
def test_the_one_contract_held_is_played_by_saying_it_alone(line):
    c = companion_at(*AT_ANNS_CONTRACT, me=0)
    assert c.handle(line)[0].startswith("  you play the starting city car contract") and c.position.moves[-1] == (
        "contract:S1"
    )


def test_a_contract_said_alone_where_several_may_be_held_is_refused_saying_which():
    assert refused(companion_at(*AT_ANNS_CONTRACT), "Ann plays her contract") == (
        "say which contract is played (the hand holds cards you have not seen): " + contract_hint(game(3).components)
    )
    # Ann holds contract 1 (drawn from the display) and her starting one
    two = ("place:C1", "tile:2", "discard", "draw:1", "reveal:5", "withdraw", "office:5", "withdraw", "office:4")
    c = companion_at(*two, "place:R1", "tile:1", "put:station,1", "market:NA", "ship:4", me=0)
    assert refused(c, "I play my contract") == (
        "2 contracts are held: city car, suitcase, 6+ stars: 3 VP (contract 1); starting city car, 3+ stars: 1 VP, "
        "$3 (contract S1); say which (by what it shows, or its number)"
    )


def test_he_or_she_is_the_seat_to_move():
    c = companion_at("place:R1", "tile:1")
    assert c.handle("he puts it on station 2")[0].startswith("  Ann puts it on station 2")
    assert c.handle("She ships to Europe")[0].startswith("  Ann sends the city car to Europe")
    assert refused(companion_at("place:R1", "tile:1", me=0), "he puts it on station 2") == (
        "'he' is not you, and it is your turn: say your step with 'I'"
    )
    table = Companion(Session("automania(players=3)", 1, ["Ann", "Bob", "Cid"], iterations=20))
    assert refused(table, "she gets a starting contract") == "say the seat's name, not 'she': no seat decides now"
    assert refused(c, "she flies to the moon").startswith("cannot read 'she flies to the moon': Ann is to ")
    assert refused(c, "she ships to Mars; sold 3").startswith("cannot read 'she ships to Mars; sold 3'")
    he = Companion(Session("automania(players=3)", 1, ["He", "Bob", "Cid"], iterations=20, lines=setup()))
    assert he.handle("He row 1")[0].startswith("  He places a worker on row 1")  # a seat named so is that seat


@pytest.mark.parametrize(
    "before, line, token",
    [
        (0, "player order Cid Ann me", "order:2,0,1"),
        (0, "the order is Cid, Ann and me", "order:2,0,1"),
        (0, "the player order: Cid, Ann, me", "order:2,0,1"),
        (1, "NA wants speed, speed, power; next green, suitcase; EU wants suitcase, safety, green; next power, safety",
         DEMANDS),
        (2, "contracts on display: 1, 2, 3", "display:1,2,3"),
        (2, "the contracts on the display are 1 2 3", "display:1,2,3"),
    ],
)  # fmt: skip
def test_the_tables_deals_said_as_people_say_them(before, line, token):
    c = Companion(Session("automania(players=3)", 1, ["Ann", "Bob", "Cid"], iterations=20, lines=setup()[:before]))
    assert not c.handle(line)[0].startswith("not taken") and c.position.moves[-1] == token


@pytest.mark.parametrize(
    "line", ["contract 20 is turned up", "card 20 is revealed", "the any car 12 stars contract is turned up"]
)
def test_a_card_turned_up_said_first_is_read(line):
    c = companion_at("place:C1", "tile:2", "discard", "draw:3")
    assert c.handle(line)[0] == "  turned up on the display: any car, 12+ stars: 3 VP"
    assert c.position.moves[-1] == "reveal:20"


@pytest.mark.parametrize("line", ["order", "player order:", "the order is"])
def test_an_order_that_names_no_seat_is_refused_in_words(line):
    c = Companion(Session("automania(players=3)", 1, ["Ann", "Bob", "Cid"], iterations=20))
    assert refused(c, line) == "say the seats in the player order, first player first, e.g. 'order Ann me Cid'"


@pytest.mark.parametrize(
    "space, line, told",
    [
        ("R1", "Ann takes the manager", "  you take the research manager (1 star) from row 1"),
        ("R1", "Ann takes the styling tile", "  you take the spoiler styling (1 star) from row 1"),
        ("R2", "Ann takes the manager", "  you take the marketing manager from row 2"),
        ("R3", "Ann takes the money tile", "  you take the $2 tile from row 3 and make the super car: -$1"),
        ("R3", "Ann takes the cash", "  you take the $2 tile from row 3 and make the super car: -$1"),
        ("R4", "Ann takes the VP tile", "  you take the 1 VP tile from row 4: +1 VP (VP tile)"),
        ("R3", "Ann takes the staff one", "  you take the staff manager (1 worker) from row 3"),  # "one": the tile
    ],
)
def test_a_tile_taken_by_its_kind_alone_is_the_one_of_that_kind_along_the_line(space, line, told):
    c = companion_at(f"place:{space}", me=0)
    assert c.handle(line)[0] == told


def test_a_tile_taken_by_a_kind_that_lies_twice_along_the_line_is_refused_naming_them():
    assert refused(companion_at("place:R2", me=0), "Ann takes the machine") == (
        "2 machine tiles lie along row 2: say which, 'the power machine' or 'the suitcase machine'"
    )
    assert refused(companion_at("place:R3", me=0), "Ann takes the VP tile") == (
        "no VP tile along row 3: it holds general manager; staff manager (1 worker); stripes styling (1 star); $2 tile"
    )
    assert refused(companion_at("place:R1", me=0), "Ann takes the speed one").startswith(
        "'the speed one' fits more than one tile along row 1: say 'the speed machine (1 star)' or"
    )


def test_a_ship_said_without_its_level_goes_on_the_matching_space_or_asks_which_free_lower_one():
    """The matching space is the highest level not above the car's stars; where it is taken the
    player chooses among the free lower ones, so the line asks which."""
    data = at_step("ship", space="R1", car="city", market="NA", stars=4)
    assert game(3).words_to_token("Ann ships it", data, NAMES[:3], 1) == "ship:4"
    assert game(3).words_to_token("Ann ships the car to North America", data, NAMES[:3], 1) == "ship:4"
    assert game(3).words_to_token("Ann doesnt ship", data, NAMES[:3], 1) == "ship:none"  # no apostrophe
    with pytest.raises(
        TokenSyntaxError,
        match=re.escape(
            "the car goes to North America, the market chosen for it, not to Europe: say 'ships it', or 'undo'"
        ),
    ):
        game(3).words_to_token("Ann ships it to Europe", data, NAMES[:3], 1)
    data["markets"]["NA"]["ships"][3]["car"] = {"seat": 2, "car": "city"}  # level 4 taken
    with pytest.raises(TokenSyntaxError, match=re.escape("North America's level 4 space is taken: say which free")):
        game(3).words_to_token("Ann ships it", data, NAMES[:3], 1)
    for ship in data["markets"]["NA"]["ships"][:4]:
        ship["car"] = {"seat": 2, "car": "city"}
    with pytest.raises(TokenSyntaxError, match="no ship space at or below the car's 4 stars is free in North America"):
        game(3).words_to_token("Ann ships it", data, NAMES[:3], 1)


def test_the_draw_steps_example_takes_a_card_on_the_display_by_what_it_shows():
    why = refused(companion_at("place:C1", "tile:2", "discard", me=1), "Ann grabs a coffee")
    example = re.search(r"is to draw a contract: '(takes [^']+)' \(from the display\) or 'draws from the deck'$", why)
    assert example and not re.search(r"\d+'", example[1]), why  # no number of ours
    c = companion_at("place:C1", "tile:2", "discard", me=1)
    assert c.handle(f"Ann {example[1]}")[0].startswith(f"  Ann {example[1]} from the display")


def test_the_take_steps_example_names_a_tile_that_lies_along_the_line():
    """Row 2 holds no speed machine: its example is one of its own tiles, said so it fits that one alone."""
    why = refused(companion_at("place:R2", me=0), "Ann grabs a coffee")
    assert why.endswith("take a tile from row 2: 'takes tile 1' or the tile by its face, 'takes the power machine'")
    c = companion_at("place:R2", me=0)
    assert c.handle("Ann takes the power machine")[0] == "  you take the power machine from row 2"
