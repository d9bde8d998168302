"""Readable pictures of an Automania state, or of one seat's view of it."""

from __future__ import annotations

from typing import Any

from .component_file import Components
from .narration import MARKET_NAMES, contract_words, space_words, tile_words

_PHASES = {
    "deal order": "setup",
    "deal demands": "setup",
    "deal display": "setup",
    "deal starting contract": "setup",
    "deal tiles": "new tiles",
    "sell": "sales phase",
    "demand": "between rounds",
    "over": "game over",
}


def phase_of(step: str) -> str:
    """The part of the game a step belongs to, as the table names it ("setup", "sales phase")."""
    return _PHASES.get(step, "action phase")


_STEPS = {
    "turn": "starts their turn: sponsor, place workers or withdraw",
    "take tile": "takes a tile from {space}",
    "place tile": "places {tile}",
    "draw": "draws a contract",
    "market": "chooses a market for their {car} car",
    "ship": "ships their {car} car ({stars} stars) to {market}",
    "contract": "may play a contract for their {car} car ({stars} stars)",
    "sales office": "chooses a sales office",
    "sell": "sells or keeps the car offered",
    "demand": "moves the demand tiles (the seat furthest behind)",
}

_CHANCE = {
    "deal order": "the player order is drawn",
    "deal demands": "the demand tiles are laid out",
    "deal display": "3 contracts are turned up",
    "deal starting contract": "seat {turn} is dealt its starting contract",
    "deal tiles": "the round's 18 tiles are laid out",
    "reveal contract": "a contract is turned up on the display",
    "draw contract": "seat {turn} draws the deck's top contract",
}


def _office_tile_gone(step: str) -> str:
    """Why a sales office shows no tile: the round's tiles are still to be dealt, or it was taken."""
    return "tile to come" if phase_of(step) in ("setup", "new tiles") else "tile taken"


def tile_text(components: Components, name: str | None) -> str:
    """A tile by its printed face ('power machine (1 star)'), as a player reads it off the
    table: the ids are ours (positions as text and records name them)."""
    return "-" if name is None else tile_words(components.tile(name))


def contract_text(components: Components, name: str) -> str:
    """A contract by its card's face, then our number for the token that names it:
    'city car, suitcase, 6+ stars: 3 VP (contract 1)'."""
    return contract_words(components, name, numbered=True)


def _car(car: dict[str, Any] | None) -> str:
    return "-" if car is None else f"seat {car['seat']} {car['car']}"


def _space_action(components: Components, index: int) -> str:
    if index >= len(components.spaces):
        return "any car"
    space = components.spaces[index]
    return "contract" if space.action == "contract" else f"{space.car} ${space.cost}"


def render(d: dict[str, Any], components: Components) -> str:
    """A multi-line picture of a state or view dict (`to_dict()` of the core)."""
    phase = phase_of(d["step"])
    lines = [f"Automania, {d['players']} players: round {d['round']} of 4, {phase}"]
    if "observer" in d:
        lines.append(f"as seen by seat {d['observer']}")
    to_move, action = d["to_move"], d["action"]
    if to_move == "chance":
        lines.append("next: " + _CHANCE[d["step"]].format(turn=d["turn"]) + " (chance)")
    elif to_move != "over":
        step = _STEPS[d["step"]].format(
            space=space_words(action["space"]) if action["space"] else "",
            tile=tile_text(components, action["tile"]),
            car=action["car"],
            stars=action["stars"],
            market=MARKET_NAMES.get(action["market"], action["market"]),
        )
        lines.append(f"to move: seat {to_move}, who {step}")
        if d["offer"]:
            offer = d["offer"]
            lines[-1] += f" (the car on {MARKET_NAMES[offer['market']]}'s ship, level {offer['level']})"
    if d["order"]:
        lines.append("player order: " + ", ".join(f"seat {seat}" for seat in d["order"]))
    for name, market in d["markets"].items():
        if market["demand"]:
            lines.append(
                f"{MARKET_NAMES[name]} demand: {', '.join(market['demand'])} (4/3/2 stars); "
                f"pending {', '.join(market['pending'])}"
            )
    # a card's face holds commas: ';' parts the cards
    display = "; ".join(contract_text(components, c) for c in d["display"]) or "-"
    lines.append(f"contract display: {display}; deck {d['deck_count']} cards")
    held = [
        f"{space_words(s['space'])} ({_space_action(components, i)}) seat {s['seat']} x{s['workers']}"
        for i, s in enumerate(d["action_spaces"])
        if s["seat"] is not None
    ]
    lines.append("workers on the board: " + ("; ".join(held) if held else "-"))
    if any(tile for row in d["grid"] for tile in row):
        heads = [f"column {c + 1} ({_space_action(components, 4 + c)})" for c in range(4)]
        lines.append("grid: " + " | ".join(heads))
        for r, row in enumerate(d["grid"]):
            cells = " | ".join(tile_text(components, tile) for tile in row)
            lines.append(f"  row {r + 1} ({_space_action(components, r)}): {cells}")
    offices = []
    for office in d["sales_offices"]:
        spec = components.sales_offices[office["office"] - 1]
        bonus = [f"${spec.money}"] * bool(spec.money) + [f"{spec.vp} VP"] * bool(spec.vp)
        if spec.tile:
            bonus.append(tile_text(components, office["tile"]) if office["tile"] else _office_tile_gone(d["step"]))
        who = f"seat {office['seat']}" if office["seat"] is not None else "free"
        offices.append(f"{office['office']} (sells {spec.limit}{', ' + ', '.join(bonus) if bonus else ''}): {who}")
    lines.append("sales offices: " + "; ".join(offices))
    for name, market in d["markets"].items():
        ships = [f"level {s['level']} {_car(s['car'])}" for s in reversed(market["ships"]) if s["car"]]
        sold = []
        for space in market["sales"]:
            if "sold_by_seat" in space:
                sold += [f"space 1 (top) seat {seat} x{n}" for seat, n in enumerate(space["sold_by_seat"]) if n]
            elif space["car"]:  # 'space': the ships' cars are listed by their levels, numbers too
                sold.append(f"space {space['space']} {_car(space['car'])}")
        sold_said = ", ".join(sold) or "-"
        lines.append(f"{MARKET_NAMES[name]} ships: {', '.join(ships) or '-'}; sold this round: {sold_said}")
    # At the end the money ranking's VP depend on every seat's money: with any
    # unknown, each seat's VP are known only without them.
    ranked_unknown = d["to_move"] == "over" and any(low != high for low, high in (s["money_range"] for s in d["seats"]))
    for seat, s in enumerate(d["seats"]):
        low, high = s["money_range"]
        money = f"${s['money']}" if low == high else f"$? ({low}..{high})"
        vp = f"{s['vp'] - s['vp_from']['money rank']} VP + money rank ?" if ranked_unknown else f"{s['vp']} VP"
        office = f"sales office {s['sales_office']}" if s["sales_office"] else "no sales office"
        state = "withdrawn" if s["withdrawn"] else f"{s['workers_home']}/{s['workers']} workers at home"
        cars = ", ".join(f"{n} {car}" for car, n in s["cars"].items())
        lines.append(f"  seat {seat}: {money}, {vp}; {state}; cars {cars}; {office}")
        stations = ", ".join(f"{i + 1} {tile_text(components, t)}" for i, t in enumerate(s["stations"]) if t)
        managers = ", ".join(f"{i + 1} {tile_text(components, t)}" for i, t in enumerate(s["offices"]) if t)
        styling = "; ".join(
            f"{car} {', '.join(tile_text(components, t) for t in tiles)}"
            for car, tiles in s["styling"].items()
            if tiles
        )
        lines.append(f"      stations: {stations or '-'}; offices: {managers or '-'}; styling: {styling or '-'}")
        hand = [contract_text(components, c) for c in s["hand"]]
        if s["hidden_contracts"]:
            hand.append(f"{s['hidden_contracts']} unseen")
        played = "; ".join(contract_text(components, c) for c in s["played"]) or "-"
        lines.append(f"      contracts in hand: {'; '.join(hand) or '-'}; played: {played}")
    return "\n".join(lines)
