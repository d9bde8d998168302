"""Readable pictures of a For Sale state, or of one seat's view of it."""

from __future__ import annotations

from typing import Any

from .narration import dealt_deck, deck_noun
from .themes import Theme

_PHASES = {
    "setup": "setup (cards not yet dealt)",
    "auction": "phase 1, hiring advisors",
    "buying": "phase 2, buying {vehicles}",
    "selling": "phase 3, selling {vehicles}",
    "over": "game over",
}


_CLASSIC_PHASES = {
    "setup": "setup (cards not yet dealt)",
    "auction": "phase 1, buying properties",
    "selling": "phase 2, selling properties",
    "over": "game over",
}


def _cards(numbers: list[int]) -> str:
    return " ".join(str(n) for n in numbers) if numbers else "-"


def _advisors(theme: Theme, numbers: list[int]) -> str:
    return ", ".join(theme.advisor(n) for n in numbers) if numbers else "-"


def render(d: dict[str, Any], theme: Theme) -> str:
    """A multi-line picture of a state dict (``_core`` to_dict / view_dict)."""
    vehicles = theme.vehicles
    classic = d.get("edition") == "classic"
    phase = (_CLASSIC_PHASES if classic else _PHASES)[d["phase"]].format(vehicles=vehicles)
    lines = [f"{theme.title}, {d['players']} players: {phase}"]
    if d["phase"] in ("auction", "buying", "selling"):
        lines[0] += f", round {d['round'] + 1} of {d['rounds_per_phase']}"
    if "observer" in d:
        lines.append(f"as seen by seat {d['observer']}")
    to_move = d["to_move"]
    if to_move == "chance":
        deck = dealt_deck(d)
        turned = f"the {d['players']} {deck_noun(theme, deck)}" if deck else "cards"
        lines.append(f"next: {turned} turned up")
    elif d["phase"] == "selling" and d["sell_step"] == "choose":
        # Sells are chosen at once, in secret: the seat the rules take first is not the only one to choose.
        choosing = ", ".join(f"seat {seat}" for seat, s in enumerate(d["seats"]) if s["sell"] is None)
        lines.append(f"to choose a {theme.vehicle} to sell, in secret: {choosing}")
    elif to_move != "over":
        # The step after the seat, never in brackets right after it: "seat 2 (...)" is how a
        # seat's name is added to its number, and the companion names seats so.
        step = {
            "keep": f", to take a {theme.vehicle} back (Lawyer)",
            "mechanic": f", to use the {theme.mechanic} or not",
        }.get(d["sell_step"] or "", "")
        lines.append(f"to move: seat {to_move}{step}")
    if d["table"]:
        if d["phase"] == "auction" and classic:
            lines.append(f"table: {vehicles} {_cards(d['table'])}; high bid {d['high_bid']}")
        elif d["phase"] == "auction":
            lines.append(f"table: {_advisors(theme, d['table'])}; high bid {d['high_bid']}")
        elif d["phase"] == "buying":
            lines.append(f"table: {vehicles} {_cards(d['table'])}")
        elif d["phase"] == "selling":
            lines.append(f"table: {theme.checks} {_cards(d['table'])}")
    if d["removal_recorded"]:
        removed = d["removed"]
        lines.append(
            ("removed unseen: " if classic else f"removed unseen: advisors {_cards(removed[0])}; ")
            + f"{vehicles} {_cards(removed[1])}; {theme.checks} {_cards(removed[2])}"
        )
    for seat, s in enumerate(d["seats"]):
        low, high = s["cash_range"]
        cash = str(s["cash"]) if low == high else f"? ({low}..{high})"
        parts = [f"{theme.cash} {cash}"]
        if d["phase"] == "auction" and d["table"]:
            parts.append(f"bid {s['bid']}" if s["in_auction"] else "passed")
        if s["advisors_in_hand"]:
            parts.append(f"advisors in hand: {_advisors(theme, s['advisors_in_hand'])}")
        if s["unknown_advisors"]:
            parts.append(f"{s['unknown_advisors']} unknown advisors in hand")
        if s["advisors_played"]:
            spent = set(s["advisors_spent"])
            shown = [theme.advisor(n) + (" (used)" if n in spent else "") for n in s["advisors_played"]]
            parts.append(f"advisors played: {', '.join(shown)}")
        if s["offered"] is not None:
            parts.append(f"offers advisor {s['offered']}{' boosted' if s['boosted'] else ''}")
        if s["vehicles"]:
            parts.append(f"{vehicles}: {_cards(s['vehicles'])}")
        if s["unknown_vehicles"]:
            parts.append(f"{s['unknown_vehicles']} unknown {vehicles}")
        if s["checks"]:
            parts.append(f"{theme.checks}: {_cards(s['checks'])}")
        sell = s["sell"]
        if sell == "hidden":
            parts.append("sell chosen (hidden)")
        elif sell is not None:
            lawyer = f" with Lawyer {sell['lawyer']}" if sell["lawyer"] else ""
            parts.append(f"sells {_cards(sell['vehicles'])}{lawyer}")
        if s["check_won"] is not None:
            parts.append(f"gets {theme.check} {s['check_won']}")
        lines.append(f"  seat {seat}: " + "; ".join(parts))
    return "\n".join(lines)
