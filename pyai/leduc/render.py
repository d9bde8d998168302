"""A readable picture of a Leduc state, or of one seat's view of it."""

from __future__ import annotations

from typing import Any

_RANKS = {"j": "jack", "q": "queen", "k": "king"}
_SUITS = {"s": "spades", "h": "hearts"}


def card_words(card: str) -> str:
    """'kh' -> 'king of hearts'."""
    return f"{_RANKS[card[0]]} of {_SUITS[card[1]]}"


def hand_words(card: str, public: str | None) -> str:
    """What a private card makes with the public card: 'pair of kings', 'queen high'."""
    if public is not None and public[0] == card[0]:
        return f"pair of {_RANKS[card[0]]}s"
    return f"{_RANKS[card[0]]} high"


def betting_words(moves: list[str]) -> str:
    """A betting round's moves as players say them: 'check, raise, call'. A call before any
    raise of the round matches nothing: it is a check."""
    said = [("check" if move == "call" and "raise" not in moves[:index] else move) for index, move in enumerate(moves)]
    return ", ".join(said)


def render(d: dict[str, Any]) -> str:
    """A multi-line picture of a state or view dict (`to_dict()` of the core)."""
    lines = ["Leduc poker, 2 players"]
    if "observer" in d:
        lines.append(f"as seen by seat {d['observer']}")
    to_move = d["to_move"]
    if to_move == "chance":
        lines.append("next: a card is dealt (chance)")
    elif to_move != "over":
        lines.append(f"to move: seat {to_move}, in round {d['round'] + 1} of 2")
    public = d["public_card"]
    lines.append(f"public card: {card_words(public) if public else '-'}; pot {d['pot']}")
    for number, moves in enumerate(d["betting"], start=1):
        if moves:
            lines.append(f"round {number} betting: {betting_words(moves)}")
    for seat, s in enumerate(d["seats"]):
        card = s["card"]
        if card is None:
            shown = "no card yet"
        elif card == "hidden":
            shown = "card hidden"
        else:
            shown = card_words(card)
            if to_move == "over" and d["folded"] is None:
                shown += f" ({hand_words(card, public)})"
        parts = [shown, f"{s['contributed']} in the pot"]
        if d["folded"] == seat:
            parts.append("folded")
        lines.append(f"  seat {seat}: " + "; ".join(parts))
    if "chips_won" in d:
        won = (f"seat {seat} {chips:+d}" for seat, chips in enumerate(d["chips_won"]))
        lines.append("chips won: " + ", ".join(won))  # "seat N" as the companion names seats
    return "\n".join(lines)
