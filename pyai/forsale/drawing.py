"""A For Sale position as the table's zones of cards (`pyai serve` draws them):
the cards turned up in the middle, and each seat's area with its cash, its bid
and the cards it holds, in the theme's names.

Everything a seat takes in For Sale is taken in the open, so a perfect-recall
view hides little: another seat's sell chosen but not yet revealed (one card
face down: not even whether a Lawyer sends two). A person at a real table may
also have lost track of a seat's cash (drawn as a range) or of the cards in
its hand (face down, by count).
"""

from __future__ import annotations

from typing import Any

from ..game_api import Card, Zone
from .themes import Theme

_PHASES = {
    "setup": "setup",
    "auction": "phase 1: hiring advisors",
    "buying": "phase 2: buying {vehicles}",
    "selling": "phase 3: selling {vehicles}",
    "over": "game over",
}
_CLASSIC_PHASES = {
    "setup": "setup",
    "auction": "phase 1: buying properties",
    "selling": "phase 2: selling properties",
    "over": "game over",
}


def drawing(d: dict[str, Any], names: list[str], theme: Theme, me: int | None = None) -> list[Zone]:
    """The middle, the cards removed unseen when the record names them (a whole
    state's to_dict()), then each seat's area; from a state's or view's to_dict(),
    drawn for seat `me` (None: for nobody), whose move the middle says as "you to move"."""
    zones = [_table(d, names, theme, me)]
    if d["removal_recorded"]:
        zones.append(_removed(d, theme))
    return zones + [_seat(d, names, theme, seat) for seat in range(len(d["seats"]))]


def _classic(d: dict[str, Any]) -> bool:
    return d.get("edition") == "classic"


def _advisor(theme: Theme, number: int, note: str = "") -> Card:
    ability = theme.advisor(number).partition(" ")[2]
    return Card(face=str(number), note=f"{ability}, {note}" if note else ability, kind="advisor")


def _vehicle_kind(theme: Theme) -> str:
    """The colour of the cards bought and sold: "vehicle" or "property" by the theme's noun."""
    return "vehicle" if theme.vehicle == "vehicle" else "property"


def _vehicle(theme: Theme, number: int, note: str = "") -> Card:
    return Card(face=str(number), note=f"{theme.vehicle}, {note}" if note else theme.vehicle, kind=_vehicle_kind(theme))


def _check(theme: Theme, value: int, note: str = "") -> Card:
    return Card(face=str(value), note=f"{theme.check}, {note}" if note else theme.check, kind="check")


def _hidden(kind: str, count: int = 1) -> tuple[Card, ...]:
    return tuple(Card(face="", hidden=True, kind=kind) for _ in range(count))


def _table(d: dict[str, Any], names: list[str], theme: Theme, me: int | None) -> Zone:
    phase = d["phase"]
    facts = [(_CLASSIC_PHASES if _classic(d) else _PHASES)[phase].format(vehicles=theme.vehicles)]
    if phase in ("auction", "buying", "selling"):
        facts.append(f"round {d['round'] + 1} of {d['rounds_per_phase']}")
    to_move = d["to_move"]
    if to_move == "chance":
        facts.append("next: cards turned up")
    elif to_move != "over":
        step = {"keep": " (Lawyer: takes one back)", "mechanic": f" ({theme.mechanic}?)"}.get(d["sell_step"] or "", "")
        facts.append(f"{'you' if to_move == me else names[to_move]} to move{step}")
    cards: tuple[Card, ...] = ()
    if phase == "auction":
        if d["table"]:
            facts.append(f"high bid {d['high_bid']}")
        if _classic(d):
            cards = tuple(_vehicle(theme, n) for n in d["table"])
        else:
            cards = tuple(_advisor(theme, n) for n in d["table"])
    elif phase == "buying":
        cards = tuple(_vehicle(theme, n) for n in d["table"])
    elif phase == "selling":
        cards = tuple(_check(theme, n) for n in d["table"])
    return Zone(title="table", cards=cards, facts=tuple(facts))


def _removed(d: dict[str, Any], theme: Theme) -> Zone:
    advisors, vehicles, checks = d["removed"]
    cards = [_advisor(theme, n) for n in advisors]
    cards += [_vehicle(theme, n) for n in vehicles] + [_check(theme, n) for n in checks]
    return Zone(title="removed unseen", cards=tuple(cards))


def _bid(s: dict[str, Any]) -> str:
    """Where a seat stands in the auction: no bid is 0 in the record, but nobody at the table bid 0."""
    if not s["in_auction"]:
        return "passed"
    return f"bid {s['bid']}" if s["bid"] else "no bid yet"


def _seat(d: dict[str, Any], names: list[str], theme: Theme, seat: int) -> Zone:
    s = d["seats"][seat]
    low, high = s["cash_range"]
    # The range, never the `cash` field: a view that lost track of the cash knows no more.
    facts = [f"{theme.cash} {low}" if low == high else f"{theme.cash} ? ({low}..{high})"]
    if d["phase"] == "auction" and d["table"]:
        facts.append(_bid(s))
    cards = [_advisor(theme, n) for n in s["advisors_in_hand"]]
    cards += _hidden("advisor", s["unknown_advisors"])
    spent = set(s["advisors_spent"])
    cards += [_advisor(theme, n, "used" if n in spent else "played") for n in s["advisors_played"]]
    if s["offered"] is not None:
        cards.append(_advisor(theme, s["offered"], "offered +3" if s["boosted"] else "offered"))
    sell = s["sell"]
    selling = set(sell["vehicles"]) if isinstance(sell, dict) else set()
    cards += [_vehicle(theme, n, "to sell" if n in selling else "") for n in s["vehicles"]]
    cards += _hidden(_vehicle_kind(theme), s["unknown_vehicles"])
    if sell == "hidden":
        # Chosen face down: one card whatever it holds (a Lawyer's two stay secret too).
        facts.append("sell chosen")
        cards += _hidden(_vehicle_kind(theme))
    elif sell is not None:
        lawyer = f" with Lawyer {sell['lawyer']}" if sell["lawyer"] else ""
        facts.append(f"sells {' '.join(str(n) for n in sell['vehicles'])}{lawyer}")
    cards += [_check(theme, n) for n in s["checks"]]
    if s["check_won"] is not None:
        cards.append(_check(theme, s["check_won"], "this round"))
    return Zone(title=names[seat], cards=tuple(cards), facts=tuple(facts), seat=seat)
