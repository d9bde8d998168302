"""A Leduc hand as the table's zones of cards (`pyai serve` draws them): the
public card and the pot in the middle, each seat's private card in its area,
the other seat's face down until a showdown turns it up."""

from __future__ import annotations

from typing import Any

from ..game_api import Card, Zone
from .render import betting_words, card_words, hand_words

_SUIT_SIGNS = {"s": "\u2660", "h": "\u2665"}


def card(name: str) -> Card:
    """'ks' -> K♠, noted 'king of spades'."""
    return Card(face=name[0].upper() + _SUIT_SIGNS[name[1]], note=card_words(name), kind="card")


def drawing(d: dict[str, Any], names: list[str], me: int | None = None) -> list[Zone]:
    """The middle, then each seat's area, from a state's or view's to_dict(); drawn for
    seat `me` (None: for nobody), whose turn the middle says as "you to act"."""
    return [_table(d, names, me), *(_seat(d, names, seat) for seat in range(len(d["seats"])))]


def _table(d: dict[str, Any], names: list[str], me: int | None) -> Zone:
    to_move = d["to_move"]
    facts = [f"pot {d['pot']}"]
    if to_move == "over":
        facts.append("hand over")
    else:
        facts.append(f"round {d['round'] + 1} of 2, raises {d['raises']} of 2")
        facts.append(
            "next: a card is dealt" if to_move == "chance" else f"{'you' if to_move == me else names[to_move]} to act"
        )
    for number, moves in enumerate(d["betting"], start=1):
        if moves:
            facts.append(f"round {number}: {betting_words(moves)}")
    public = d["public_card"]
    # The public card is drawn once dealt: before that there is no card on the table.
    return Zone(title="table", cards=(card(public),) if public else (), facts=tuple(facts))


def _seat(d: dict[str, Any], names: list[str], seat: int) -> Zone:
    s = d["seats"][seat]
    private = s["card"]
    cards: tuple[Card, ...] = ()
    facts = [f"{s['contributed']} in the pot"]
    if private is None:
        facts.append("no card yet")
    elif private == "hidden":
        cards = (Card(face="", hidden=True, kind="card"),)
    else:
        cards = (card(private),)
        if d["to_move"] == "over" and d["folded"] is None:
            facts.append(hand_words(private, d["public_card"]))
    if d["folded"] == seat:
        facts.append("folded")
    if "chips_won" in d:  # a whole state's record: the result is known
        facts.append(f"won {d['chips_won'][seat]:+d}")
    return Zone(title=names[seat], cards=cards, facts=tuple(facts), seat=seat)
