"""What the seat to move is to do at each Automania decision step, and how a
person says it: the words the companion asks with (`decision_words`), and the
step with its examples that a line said otherwise is answered with
(`step_expected`).
"""

from __future__ import annotations

from typing import Any

from .component_file import Components
from .narration import contract_said, offered_car_words, space_words, tile_words, tile_words_apart
from .tile_faces import read_face

# What each decision step is (after "to", as the companion says whose step comes next), and
# how it is said, for a line that does not read as one (after the seat's name).
_STEPS = {
    "turn": ("sponsor, place workers or withdraw", "'sponsors 2', 'row 1', 'column 3', 'corner family', 'withdraws'"),
    # Sponsoring is offered once a turn, before the action (docs/automania.md, "Rules readings").
    "turn, sponsored": ("place workers or withdraw", "'row 1', 'column 3', 'corner family' or 'withdraws'"),
    "take tile": (
        "take a tile from {space}",
        "'takes tile 2' or the tile by its face, 'takes the speed machine (1 star)'",
    ),
    "place tile": (
        "place the tile",
        "'puts it on station 3', 'in office 2', 'on the city car's styling' or 'discards'",
    ),
    "draw": ("draw a contract", "'draws 14' (from the display) or 'draws from the deck'"),
    "market": ("choose the car's market", "'ships to North America' or 'to Europe'"),
    "ship": ("ship the car", ""),  # its examples name the seat's own cars on the ships: ship_examples
    "contract": (
        "play a contract",
        "'plays the family car contract' (by what its card shows), 'plays the starting contract' or "
        "'plays no contract'",
    ),
    # A car of the top car's stars is sold at once, at the ship step (docs/automania.md, "Rules readings").
    "ship, top car": (
        "sell the top car at once ({stars} stars), for a sales space's reward",
        "'sells 3' (the sales space, 1 the topmost) or 'sells for $7' (the space by its reward)",
    ),
    "sales office": ("choose a sales office", "'office 4'"),
    "sell": (
        "sell or keep the {offered}",
        "'sells 3' (the sales space, 1 the topmost), 'sells for $7' (the space by its reward) or 'keeps'",
    ),
    "demand": ("move the demand tiles", "'demand left' or 'demand right'"),
}


def step_expected(data: dict[str, Any], components: Components | None = None) -> str:
    """The step the seat to move is to take, and how it is said: for a line that says it otherwise.
    With the game's `components`, a tile to take is shown by one that lies along the row or column."""
    step = _step_said(data, components)
    examples = ship_examples(data) if step == "ship" else _STEPS[step][1]
    if data["step"] == "take tile" and components is not None:
        examples = _tile_examples(data, components) or examples
    if data["step"] == "draw" and components is not None and data["display"]:  # a card on the display now
        examples = (
            f"'takes {contract_said(components, data['display'][0])}' (from the display) or 'draws from the deck'"
        )
    free = [office["office"] for office in data.get("sales_offices", []) if office["seat"] is None]
    if data["step"] == "sales office" and free:  # one still free: a taken one would be refused
        examples = f"'office {free[-1]}'"
    return f"{decision_words(data, components)}: {examples}"


def places_along(data: dict[str, Any], space: str) -> list[str | None]:
    """The tiles at the places of row or column `space` ('R1', 'C3') of the grid in `data`, first
    place first (None: empty)."""
    grid, line = data["grid"], int(space[1:]) - 1
    return [grid[line][i] if space[0] == "R" else grid[i][line] for i in range(len(grid))]


def ship_examples(data: dict[str, Any]) -> str:
    """How the ship step is said (a top car's is its own step): a car taken back only where the seat
    has one on a ship of the turn's market, at its level there."""
    market = data["action"]["market"]
    ships = data["markets"][market]["ships"] if market in data.get("markets", {}) else []
    own = [space["level"] for space in ships if space["car"] and space["car"]["seat"] == data["to_move"]]
    back = f", 'takes back {market} {own[-1]}'" if own else ""
    shipped = "'ships it' (the space its stars match, or 'ships 3', a free lower one)"
    return f"{shipped}, 'marketing 2'{back} or 'does not ship'"


def crossing_place(words: list[str], space: str | None) -> tuple[list[str], str | None]:
    """`words` without the line they say a tile lies in, where it crosses the turn's row or column
    ('the suitcase machine in row 1' along column 2), and the place it crosses at: row N crosses a
    column at its place N, column N a row at its. (words, None) where they say none ('from row 1'
    says where the tile is taken from: the turn's line, or another that the rules refuse)."""
    crossing = {"R": ("column", "columns", "col", "cols"), "C": ("row", "rows")}.get((space or "")[:1], ())
    for i, word in enumerate(words[1:-1], start=1):
        if word in crossing and words[i + 1].isdigit() and words[i - 1] in ("in", "on", "at"):
            return words[: i - 1] + words[i + 2 :], words[i + 1]
    return words, None


def _tile_examples(data: dict[str, Any], components: Components) -> str:
    """How a tile along the turn's row or column is said, by its place and by its face, naming
    one that lies there (a face found once along it where there is one); "" where none does."""
    space = data["action"]["space"] or ""
    if space[:1] not in ("R", "C"):
        return ""
    tiles = [(place, components.tile(tile)) for place, tile in enumerate(places_along(data, space), start=1) if tile]
    if not tiles:
        return ""
    for place, tile in tiles:  # a face said plainly that fits this tile alone along the line
        read = read_face(tile_words(tile), components)
        if not any(read.fits(other, exact=False) for at, other in tiles if at != place):
            return f"'takes tile {place}' or the tile by its face, 'takes the {tile_words(tile)}'"
    place, tile = tiles[0]
    return f"'takes tile {place}' or the tile by its face, 'takes the {tile_words_apart(tile, [t for _, t in tiles])}'"


def decision_words(data: dict[str, Any], components: Components | None = None) -> str:
    """What the seat to move in `data` (a view's to_dict()) is to do: "take a tile from row 1"; with
    the game's `components`, a top car's ship step is said as the sale it is."""
    space = space_words(data["action"]["space"]) if data["action"]["space"] else ""
    offered = offered_car_words(data) if data.get("offer") else "car offered"
    stars = data["action"]["stars"]
    return _STEPS[_step_said(data, components)][0].format(space=space, offered=offered, stars=stars)


def _step_said(data: dict[str, Any], components: Components | None = None) -> str:
    """The step `data` is at, as `_STEPS` words it: a turn whose sponsor is taken has none left, and
    a ship step whose car has the top car's stars sells it."""
    if data["step"] == "turn" and data["action"].get("sponsored"):
        return "turn, sponsored"
    stars = data["action"]["stars"] or 0
    if data["step"] == "ship" and components is not None and stars >= components.top_car_stars:
        return "ship, top car"
    return data["step"]
