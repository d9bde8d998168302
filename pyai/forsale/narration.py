"""What happened, in words, as one seat saw it: For Sale's account of each
move for `pyai play --human` (who bid what, who took which card for how
much, the sells revealed).

It reads only the seat's views before and after a step, so it says no more
than the seat saw: another seat's secret sell is "chosen" until the reveal.
"""

from __future__ import annotations

from typing import Any

from .themes import Theme


def narrate(theme: Theme, before: dict[str, Any], token: str, after: dict[str, Any], names: list[str]) -> list[str]:
    """Lines telling what the step `token` did, from two views of the same seat."""
    classic = after.get("edition") == "classic"
    mover = before["to_move"]
    if mover == "chance":
        return _chance(theme, after)
    who = names[mover]
    lines: list[str] = []
    if before["phase"] == "auction":
        lines.append(_auction(theme, before, token, after, names, who, classic))
    elif before["phase"] == "buying":
        advisor = int(token.split(":")[1].rstrip("+"))
        boost = f", {boost_said(advisor)}" if token.endswith("+") else ""
        lines.append(f"{_does(who, 'offers')} {theme.advisor(advisor)}{boost}")
        if after["round"] != before["round"] or after["phase"] != before["phase"]:
            lines.append(_vehicles_taken(theme.vehicles, before, after, names))
    else:
        lines.append(_selling(theme, before, token, after, names, who))
    lines.extend(_cash_moves(theme, before, after, names))
    return [line for line in lines if line]


# A Fleet Manager paid up counts as this much more (13-15 count as 31-33).
BOOST = 18


def boost_said(advisor: int) -> str:
    """A Fleet Manager's payment as told after the advisor played: 'paying 3 to count as 31'."""
    return f"paying 3 to count as {advisor + BOOST}"


_YOU = {  # a verb as "you" says it
    "bids": "bid",
    "passes": "pass",
    "takes": "take",
    "offers": "offer",
    "has": "have",
    "uses": "use",
    "keeps": "keep",
    "does": "do",
}


def _does(name: str, verb: str) -> str:
    """`name verb`, the verb agreeing with "you"."""
    return f"{name} {_YOU.get(verb, verb) if name == 'you' else verb}"


def _card_names(theme: Theme, deck: str, numbers: list[int]) -> str:
    if deck == "advisors":
        return ", ".join(theme.advisor(n) for n in numbers)
    return " ".join(str(n) for n in numbers)


# The unseen removal (3-4 players) as it is told: it names no card.
REMOVAL_SAID = "some cards of each deck are set aside unseen"


def _chance(theme: Theme, after: dict) -> list[str]:
    if not after["table"]:  # the unseen removal: no card is turned up
        return [REMOVAL_SAID]
    deck = dealt_deck(after)
    assert deck is not None  # cards are turned up only while the game goes on
    return [f"{deal_heading(after)}: {deck_noun(theme, deck)} {_card_names(theme, deck, after['table'])}"]


# The decks in the order of a view's `unseen` lists.
DECKS = ("advisors", "vehicles", "checks")


def dealt_deck(data: dict[str, Any]) -> str | None:
    """The deck whose cards are turned up in `data`'s phase: "advisors", "vehicles" or
    "checks" (at the setup, the first auction's: the classic game auctions its vehicles);
    None once the game is over."""
    first = "vehicles" if data.get("edition") == "classic" else "advisors"
    return {"setup": first, "auction": first, "buying": "vehicles", "selling": "checks"}.get(data["phase"])


def deck_noun(theme: Theme, deck: str) -> str:
    """A deck's cards in the theme's words: "advisors", "vehicles", "currency cards"."""
    return {"advisors": "advisors", "vehicles": theme.vehicles, "checks": theme.checks}[deck]


def deal_round(data: dict[str, Any]) -> tuple[int, int, int]:
    """The round whose cards are turned up in `data` as numbers: its phase, its round and the
    rounds in that phase (at the setup, the first auction's round)."""
    dealing = data | {"phase": "auction"} if data["phase"] == "setup" else data
    return phase_number(dealing), data["round"] + 1, data["rounds_per_phase"]


def deal_heading(data: dict[str, Any]) -> str:
    """The round whose cards are turned up in `data`, as a deal is told: "-- phase 1, round
    1 of 8"."""
    return "-- " + round_words(*deal_round(data))


def round_words(phase: int, round_: int, rounds: int) -> str:
    """A round as a deal's heading names it: "phase 1, round 1 of 8"."""
    return f"phase {phase}, round {round_} of {rounds}"


def phase_number(data: dict[str, Any]) -> int:
    """The phase as the rulebook counts it: the classic game has no buying phase."""
    return {"auction": 1, "buying": 2, "selling": 2 if data.get("edition") == "classic" else 3}[data["phase"]]


def _auction(theme: Theme, before: dict, token: str, after: dict, names: list[str], who: str, classic: bool) -> str:
    if token.startswith("bid:"):
        return f"{_does(who, 'bids')} {token.split(':')[1]}"
    hand = "vehicles" if classic else "advisors_in_hand"
    deck = "vehicles" if classic else "advisors"
    # A property taken is named as one: "takes 6" beside the coins paid reads as 6 coins taken.
    noun = f"{theme.vehicle} " if classic else ""
    taken = []
    for seat, (b, a) in enumerate(zip(before["seats"], after["seats"])):
        for card in sorted(set(a[hand]) - set(b[hand])):
            taken.append(f"{_does(names[seat], 'takes')} {noun}{_card_names(theme, deck, [card])}")
    return f"{_does(who, 'passes')}; " + "; ".join(taken)


def _vehicles_taken(plural: str, before: dict, after: dict, names: list[str]) -> str:
    """Who took which vehicle when a buying round was resolved, the cards by the theme's
    plural ("vehicles taken", "properties taken")."""
    parts = []
    for seat, (b, a) in enumerate(zip(before["seats"], after["seats"])):
        gained = sorted(set(a["vehicles"]) - set(b["vehicles"]))
        if gained:
            parts.append(f"{names[seat]} {' '.join(map(str, gained))}")
    return f"{plural} taken: " + ", ".join(parts)


def _selling(theme: Theme, before: dict, token: str, after: dict, names: list[str], who: str) -> str:
    if token.startswith("keep:"):
        step = f"{_does(who, 'takes')} {theme.vehicle} {token.split(':')[1]} back (Lawyer)"
    elif token.startswith("mech:"):
        if token == "mech:use":  # named as the rules spend it, the lowest unused ("uses the 7 Mechanic")
            seat = before["seats"][before["to_move"]]
            unused = unused_advisors(seat, MECHANICS)
            spent = f"the {unused[0]}" if unused else "a"
            step = f"{_does(who, 'uses')} {spent} {theme.mechanic}"
        else:  # said of the seat, as a person declines it ("you do not use the Mechanic")
            step = f"{_does(who, 'does')} not use the {theme.mechanic}"
    elif sum(seat["sell"] is None for seat in before["seats"]) > 1 and (
        after["sell_step"] != "choose" or after["round"] != before["round"] or after["phase"] != before["phase"]
    ):
        # Several seats' sells at once, up to the reveal, as a person at a table tells it:
        # the sells revealed say it all, and "has chosen" would name one seat of many.
        step = ""
    elif who == "you" and token.startswith("sell:"):  # one's own secret sell: known to oneself
        step = f"you sell {_sell_words(theme, token, before['seats'][before['to_move']])}"
    else:
        step = f"{_does(who, 'has')} chosen"
    step = f"{step}; " if step else ""
    if after["round"] != before["round"] or after["phase"] != before["phase"]:
        # The round is over: each seat's sold vehicle has left its hand, its check has come.
        parts = []
        for seat, (b, a) in enumerate(zip(before["seats"], after["seats"])):
            sold = sorted(set(b["vehicles"]) - set(a["vehicles"]))
            checks = list(a["checks"])
            for check in b["checks"]:
                checks.remove(check)
            parts.append(f"{names[seat]} {' '.join(map(str, sold))} -> {theme.check} {' '.join(map(str, checks))}")
        return f"{step}sold: " + ", ".join(parts)
    if before["sell_step"] == "choose" and after["sell_step"] != "choose":
        # Revealed, with Lawyer keeps or a decision on the check swap (7-9) still to come.
        parts = []
        for seat, a in enumerate(after["seats"]):
            sell = a["sell"]
            lawyer = f" (Lawyer {sell['lawyer']})" if sell["lawyer"] else ""
            parts.append(f"{names[seat]} {' '.join(map(str, sell['vehicles']))}{lawyer}")
        return f"{step}sells revealed: " + ", ".join(parts)
    return step.removesuffix("; ")


def _sell_words(theme: Theme, token: str, seller: dict[str, Any]) -> str:
    """`sell:12` as "12"; `sell:12,20@19` as "12 and 20 with the 19 Lawyer". Two vehicles
    without a Lawyer's number go with the seller's lowest unused Lawyer (the token leaves it
    out), named all the same: "12 and 20" alone does not say a Lawyer is spent."""
    vehicles, _, lawyer = token.removeprefix("sell:").partition("@")
    said = " and ".join(vehicles.split(","))
    used = int(lawyer) if lawyer else _lowest_unused_lawyer(seller) if "," in vehicles else None
    return f"{said} with the {theme.advisor(used)}" if used else said


# The numbers of the advisors whose use the rules spend: the Mechanics (7-9) and the Lawyers (19-21).
MECHANICS = range(7, 10)
LAWYERS = range(19, 22)


def unused_advisors(seat: dict[str, Any], numbers: range) -> list[int]:
    """The advisors among `numbers` (MECHANICS, LAWYERS) a seat has played and not spent, lowest first."""
    return sorted(n for n in seat["advisors_played"] if n in numbers and n not in seat["advisors_spent"])


def _lowest_unused_lawyer(seat: dict[str, Any]) -> int | None:
    """The lowest Lawyer a seat has played and not spent, or None."""
    return next(iter(unused_advisors(seat, LAWYERS)), None)


def _cash_moves(theme: Theme, before: dict, after: dict, names: list[str]) -> list[str]:
    moves = []
    for seat, (b, a) in enumerate(zip(before["seats"], after["seats"])):
        if a["cash_range"] != b["cash_range"] and a["cash_range"][0] == a["cash_range"][1]:
            moves.append(f"{names[seat]} {b['cash']} -> {a['cash']}")
    return [f"  ({theme.cash}: {', '.join(moves)})"] if moves else []
