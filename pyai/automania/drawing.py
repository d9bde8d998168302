"""An Automania position as the table's zones of cards (`pyai serve` draws them):
the round and whose turn, each market's demand tiles and cars, the contract
display, the round's tiles row by row with the action spaces' workers, the
sales offices, and each seat's factory and hand.

Tiles are drawn by their printed faces and contracts by the car they ask for
(the ids and numbers are ours: nobody at the table reads them; a contract's
number is in its note, as the companion's lines name it). Rows, columns and
levels are named as the companion's lines name them; the seat the drawing is for is "you",
as the companion's lines name it. What a seat cannot see is the contracts another seat alone has
seen (its starting contract, its deck draws): drawn face down, by count. A
person may also have lost track of a seat's money: drawn as a range, and at
the end the VP the money ranking gives are then not known either.
"""

from __future__ import annotations

from typing import Any

from ..game_api import Card, Zone, seats_told
from .component_file import Components, Tile
from .narration import MARKET_NAMES, face_shared, plural, space_words, tile_marks

# A seat's step as a sentence: {name} the seat ("you" for the drawing's own), {whose} its
# possessive ("your"), {s} a verb's ending after it ("" after "you": "you draw").
_CHANCE = {
    "deal order": "the player order is drawn",
    "deal demands": "the demand tiles are laid out",
    "deal display": "3 contracts are turned up",
    "deal starting contract": "{whose} starting contract is dealt",
    "deal tiles": "the round's tiles are laid out",
    "reveal contract": "a contract is turned up",
    "draw contract": "{name} draw{s} the deck's top contract",
}

_STEPS = {
    "turn": "{whose} turn: sponsor, place workers or withdraw",
    "take tile": "{name} take{s} a tile from {space}",
    "place tile": "{name} place{s} the tile taken",
    "draw": "{name} draw{s} a contract",
    "market": "{name} choose{s} a market for the {car} car",
    "ship": "{name} ship{s} the {car} car ({stars} stars) to {market}",
    "contract": "{name} may play a contract for the {car} car ({stars} stars)",
    "sales office": "{name} choose{s} a sales office",
    "sell": "{name} sell{s} or keep{s} a car",
    "demand": "{name} move{s} the demand tiles",
}


def drawing(d: dict[str, Any], names: list[str], components: Components, me: int | None = None) -> list[Zone]:
    """The round, the markets, the contracts, the tiles and action spaces, the sales
    offices, then each seat's area; from a state's or view's to_dict(), drawn for seat
    `me` (None: for nobody), which the facts call "you"."""
    said = seats_told(names, me)
    zones = [_round(d, said)]
    zones += [_market(d, said, components, market) for market in d["markets"]]
    zones.append(_contracts(d, components))
    zones += _grid(d, components)
    zones.append(_action_spaces(d, said, components))
    zones.append(_sales_offices(d, said, components))
    # each area titled by the seat's name: the page marks your own
    return zones + [_seat(d, said, components, seat, names[seat]) for seat in range(len(d["seats"]))]


def whose_said(seat_said: str) -> str:
    """The possessive of a seat as seats_told says it: "your", "Ann's"."""
    return "your" if seat_said == "you" else f"{seat_said}'s"


def step_said(template: str, seat_said: str, **fields: Any) -> str:
    """A _CHANCE or _STEPS sentence about the seat said `seat_said` ("you" or a name)."""
    ending = "" if seat_said == "you" else "s"
    return template.format(name=seat_said, whose=whose_said(seat_said), s=ending, **fields)


# ------------------------------------------------------------ cards


def tile_card(tile: Tile, where: str = "") -> Card:
    """A tile by its printed face: 'speed' noted 'machine, 1 star, silver medal', '$3'
    noted 'tile'; `where` first in the note ('C2', 'station 1')."""
    if tile.kind == "money":
        face, marks = f"${tile.money}", ["tile"]
    elif tile.kind == "vp":
        face, marks = f"{tile.vp} VP", ["tile"]
    else:
        face = str({"machine": tile.symbol, "manager": tile.type, "styling": tile.part}[tile.kind])
        marks = [tile.kind, *tile_marks(tile)]
    note = ", ".join(marks)
    return Card(face=face, note=f"{where}: {note}" if where else note, kind="tile")


def contract_card(components: Components, name: str, where: str = "") -> Card:
    """A contract by the car it asks for, as its card shows it ('city car'), noted with what
    else it asks and what it pays ('suitcase, 6+ stars: 3 VP'); our number, printed on no card,
    follows only where another card shows the same face, as the companion's lines say it."""
    contract = components.contract(name)
    reward = f"{contract.vp} VP"
    if contract.silver:
        reward += f", {plural(contract.silver, 'silver medal')}"
    if contract.money:
        reward += f", ${contract.money}"
    kind = "starting contract" if name.startswith("S") else "contract"
    # A starting card says so (its back shows an S): its face alone may be a regular card's.
    number = f" ({kind} {name})" if face_shared(components, name) else " (starting)" * name.startswith("S")
    note = ", ".join([*contract.symbols, *contract.styling, f"{contract.stars}+ stars: {reward}{number}"])
    return Card(face=f"{contract.car} car", note=f"{where}: {note}" if where else note, kind="contract")


def _hidden_contracts(count: int) -> list[Card]:
    return [Card(face="", hidden=True, kind="contract") for _ in range(count)]


def _car(names: list[str], car: dict[str, Any], where: str) -> Card:
    return Card(face=car["car"], note=f"{names[car['seat']]}, {where}", kind="car")


# ------------------------------------------------------------ zones


def _round(d: dict[str, Any], names: list[str]) -> Zone:
    facts = [_phase(d)]
    if d["order"]:
        facts.append("order: " + ", ".join(names[seat] for seat in d["order"]))
    to_move, action = d["to_move"], d["action"]
    if to_move == "chance":
        facts.append("next: " + step_said(_CHANCE[d["step"]], names[d["turn"]]))
    elif to_move != "over":
        market = MARKET_NAMES.get(action["market"] or "", "")
        step = step_said(
            _STEPS[d["step"]],
            names[to_move],
            space=action["space"],
            car=action["car"],
            stars=action["stars"],
            market=market,
        )
        facts.append(step + (f", marketing {action['marketing']}" if action["marketing"] else ""))
    return Zone(title=f"round {d['round']} of 4", facts=tuple(facts))


def _phase(d: dict[str, Any]) -> str:
    step = d["step"]
    if step.startswith("deal ") and step != "deal tiles":
        return "setup"
    return {"deal tiles": "new tiles", "sell": "sales phase", "demand": "between rounds", "over": "game over"}.get(
        step, "action phase"
    )


def _market(d: dict[str, Any], names: list[str], components: Components, market: str) -> Zone:
    shown = d["markets"][market]
    cards = [
        Card(face=symbol, note=plural(stars, "star"), kind="demand")
        for symbol, stars in zip(shown["demand"], components.active_stars)
    ]
    cards += [Card(face=symbol, note="next", kind="demand") for symbol in shown["pending"]]
    cards += [_car(names, s["car"], f"level {s['level']}") for s in reversed(shown["ships"]) if s["car"]]
    facts = []
    for space in shown["sales"]:
        if "sold_by_seat" in space:
            # The rules keep only how many cars each seat sold to the topmost space, not their types.
            sold = [f"{names[seat]} {n}" for seat, n in enumerate(space["sold_by_seat"]) if n]
            if sold:
                facts.append("sold on space 1: " + ", ".join(sold))
        elif space["car"]:
            cards.append(_car(names, space["car"], f"sold, space {space['space']}"))
    offer = d["offer"]
    if offer and offer["market"] == market:
        car = next(s["car"] for s in shown["ships"] if s["level"] == offer["level"])
        facts.append(f"offered: {whose_said(names[car['seat']])} {car['car']} car at level {offer['level']}")
    return Zone(title=MARKET_NAMES.get(market, market), cards=tuple(cards), facts=tuple(facts))


def _contracts(d: dict[str, Any], components: Components) -> Zone:
    cards = tuple(contract_card(components, name) for name in d["display"])
    return Zone(title="contracts", cards=cards, facts=(f"deck {d['deck_count']}",))


def _space_action(components: Components, index: int) -> str:
    """What the action space at `index` of the view's list does: 'city car $1', 'contract', 'any car'."""
    if index >= len(components.spaces):
        return "any car"
    space = components.spaces[index]
    return "contract" if space.action == "contract" else f"{space.car} car ${space.cost}"


def _grid(d: dict[str, Any], components: Components) -> list[Zone]:
    """The round's tiles, a zone a row (its space's action in the title), each tile noted
    with its column: a row of four cards reads as the board's row."""
    if not any(tile for row in d["grid"] for tile in row):
        return []
    zones = []
    for r, row in enumerate(d["grid"]):
        cards = tuple(tile_card(components.tile(tile), f"column {c + 1}") for c, tile in enumerate(row) if tile)
        zones.append(Zone(title=f"row {r + 1}: {_space_action(components, r)}", cards=cards))
    return zones


def _action_spaces(d: dict[str, Any], names: list[str], components: Components) -> Zone:
    """Each action space by its name in the companion's lines ('row 1', 'the corner'), what it
    does and whose workers are on it."""
    facts = []
    for index, space in enumerate(d["action_spaces"]):
        who = f": {names[space['seat']]}, {plural(space['workers'], 'worker')}" if space["seat"] is not None else ""
        facts.append(f"{space_words(space['space'])} ({_space_action(components, index)}){who}")
    return Zone(title="action spaces", facts=tuple(facts))


def _sales_offices(d: dict[str, Any], names: list[str], components: Components) -> Zone:
    cards, facts = [], []
    for office in d["sales_offices"]:
        number = office["office"]
        spec = components.sales_offices[number - 1]
        bonus = [f"${spec.money}"] * bool(spec.money) + [f"{spec.vp} VP"] * bool(spec.vp)
        if spec.tile:
            bonus.append("tile" if office["tile"] else _office_tile_gone(d))
            if office["tile"]:
                cards.append(tile_card(components.tile(office["tile"]), f"office {number}"))
        who = names[office["seat"]] if office["seat"] is not None else "free"
        facts.append(f"{number} sells {spec.limit}{''.join(', ' + b for b in bonus)}: {who}")
    return Zone(title="sales offices", cards=tuple(cards), facts=tuple(facts))


def _office_tile_gone(d: dict[str, Any]) -> str:
    """Why a sales office shows no tile: the round's tiles are still to be laid out, or it was taken."""
    return "tile to come" if _phase(d) in ("setup", "new tiles") else "tile taken"


def _seat(d: dict[str, Any], names: list[str], components: Components, seat: int, title: str) -> Zone:
    s = d["seats"][seat]
    low, high = s["money_range"]
    # The range, never the `money` field: a view that lost track of the money knows no more.
    facts = [f"${low}" if low == high else f"$? ({low}..{high})"]
    ranked_unknown = d["to_move"] == "over" and any(lo != hi for lo, hi in (x["money_range"] for x in d["seats"]))
    facts.append(f"{s['vp'] - s['vp_from']['money rank']} VP + money rank ?" if ranked_unknown else f"{s['vp']} VP")
    facts.append("withdrawn" if s["withdrawn"] else f"{s['workers_home']}/{s['workers']} workers home")
    facts.append("cars " + ", ".join(f"{n} {car}" for car, n in s["cars"].items()))
    if s["sales_office"]:
        sold = f" (sold {s['sold_count']} of {s['sales_limit']})" if d["step"] == "sell" else ""
        facts.append(f"sales office {s['sales_office']}{sold}")
    action = d["action"]
    cards = []
    if action["tile"] and d["turn"] == seat and d["step"] == "place tile":
        cards.append(tile_card(components.tile(action["tile"]), "to place"))
    cards += [tile_card(components.tile(t), f"station {i + 1}") for i, t in enumerate(s["stations"]) if t]
    cards += [tile_card(components.tile(t), f"office {i + 1}") for i, t in enumerate(s["offices"]) if t]
    cards += [tile_card(components.tile(t), car) for car, tiles in s["styling"].items() for t in tiles]
    cards += [contract_card(components, name) for name in s["hand"]]
    cards += _hidden_contracts(s["hidden_contracts"])
    cards += [contract_card(components, name, "played") for name in s["played"]]  # by face, as met
    return Zone(title=title, cards=tuple(cards), facts=tuple(facts), seat=seat)
