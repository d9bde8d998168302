"""Plain words for For Sale moves, as a person at a table says them, made
into move tokens (`pyai advise`): "Anna bids 4", "I pass", "deal 3 12 19 27",
"Bob plays the Mechanic", "Carol sells 12", "Bob keeps 20", "Anna uses the
Mechanic". The seat's name comes first ("I" for the advised seat) and must be
the seat to move; a token (`bid:4`) is taken as it is.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from ..digits import is_whole_number
from ..errors import TokenSyntaxError
from ..game_api import OWN_SEAT_WORDS, ChanceOption, ChancePicker
from .narration import BOOST_SAID
from .themes import Theme

_NUMBER = re.compile(r"(\d+)\+?")  # a card or an amount; a Fleet Manager played with its payment: "13+"
# An aside in brackets, as a step is told back: "you take vehicle 11 back (Lawyer)", "(cash: you 3 -> 0)".
# One with numbers and no "name:" is what the person says, and is read ("sells 2 and 6 (Lawyer 21)").
_ASIDE = re.compile(r"\((?:(?![^()]*(?:pay|paid|boost))[^()0-9]*|[a-z]+: [^()]*)\)", re.IGNORECASE)
# The Fleet Manager's payment said with the play ("plays 13 paying 3"): the 3 is no advisor.
_PAYING = re.compile(r"\b(?:pay|pays|paying|paid) \$?3\b")
# Words that deny what they go with: never read as the move denied ("Anna doesn't bid").
_NEGATIONS = frozenset(
    ("not", "no", "never", "without", "unboosted", "doesn't", "don't", "didn't", "won't", "doesn\u2019t", "don\u2019t")
)
# What denies the payment beside a play ("plays 13, paying nothing", "skips paying").
_UNPAID = _NEGATIONS | {"nothing", "none", "zero", "skip", "skips"}
# A bid said as a raise over the last one ("bids 5 more"): a bid is its total.
_RELATIVE = frozenset(("more", "top", "by", "extra"))


def words_help(theme: Theme) -> str:
    """Examples of the words words_to_token reads, in the theme's names (the classic game
    has no advisors, so no advisor is played, kept or used)."""
    advisors = bool(theme.abilities)
    said = ["'Anna bids 4'", "'I pass'", "'deal 3 12 19 27'"]
    if advisors:
        said.append(f"'Bob plays 13' or 'Bob plays the {theme.mechanic}'")
    said += ["'I sell 12' (your sealed sell, when you choose it)"]
    said += ["then 'sells revealed: Anna 12, Bob 30' (every other seat's, once revealed)"]
    if advisors:
        said += ["'Bob keeps 20'", f"'Anna uses the {theme.mechanic}'"]
    return ", ".join(said)


def words_to_token(text: str, data: dict[str, Any], names: list[str], me: int, theme: Theme) -> str:
    """The token `text` says, in the position `data` (a view's to_dict); the
    names are the seats' (lower case compared). TokenSyntaxError names what
    could not be read; legality is left to the rules."""
    alone = text.split()
    if len(alone) == 1 and (":" in alone[0] or alone[0].lower() == "pass"):
        return alone[0]  # a move token (`deal:3,12,19,27`, `bid:4`, `pass`), taken as it is
    # As a step is told back, what follows "; " is what came of it ("you pass; you take 12 ...").
    words = _ASIDE.sub(" ", text.split(";")[0]).replace(",", " ").replace("(", " ").replace(")", " ").split()
    if not words:
        raise TokenSyntaxError("say a move, e.g. 'Anna bids 4', 'I pass' or 'deal 3 12 19 27'")
    head = words[0].lower().rstrip(":")  # "deal: 3, 12, 19, 27", "Anna: bids 4"
    if head == "deal" or head == "checks" or head == "cards":
        return "deal:" + ",".join(map(str, _numbers(" ".join(words[1:]))))
    seat = _seat(head, names, me)
    if seat is None:
        raise TokenSyntaxError(
            f"{words[0]!r} is no seat's name (names: {', '.join(names)}; 'I' for seat {me}), "
            "nor a move token or 'deal ...'"
        )
    mover = data["to_move"]
    # A sealed sell is the seat's own secret: any seat still to choose may say it (the
    # rules take the sells in seat order, once revealed; the caller keeps it till then).
    sealed = data.get("sell_step") == "choose" and data["phase"] == "selling" and data["seats"][seat]["sell"] is None
    if mover != seat and not (sealed and len(words) > 1 and words[1].lower().startswith(("sell", "sold"))):
        if mover == "over":
            raise TokenSyntaxError("the game is over")
        whose = "nobody's (cards are turned up next)" if mover == "chance" else f"{names[mover]}'s"
        raise TokenSyntaxError(f"it is {whose} turn, not {names[seat]}'s")
    rest = " ".join(words[1:]).lower()
    boosted = BOOST_SAID in rest or _PAYING.search(rest) is not None  # the payment's numbers are no card
    rest = _PAYING.sub(" ", rest.replace(BOOST_SAID, " "))
    numbers = _numbers(rest)
    said = set(rest.split())
    verb = words[1].lower() if len(words) > 1 else ""
    denied = bool(said & _NEGATIONS)
    # The Mechanic's step: its own words, with no number (a number names another move, which
    # the rules then refuse: "Bob keeps 20" is no decline of the swap).
    if data.get("sell_step") == "mechanic" and data["phase"] == "selling" and not numbers:
        if denied or verb.startswith(("keep", "pass", "skip", "decline")):
            return "mech:skip"  # "Bob doesn't use the Mechanic", "Bob keeps his check"
        named = bool(theme.mechanic) and theme.mechanic.lower() in rest
        if verb.startswith(("use", "swap")) or (verb.startswith("play") and named):
            return "mech:use"
    if verb.startswith(("play", "offer")):  # a denial there is of the payment: "plays 13 without paying"
        if numbers:
            advisor = _one(numbers, "say the one advisor played")
        else:
            advisor = _advisor_by_ability(rest, data["seats"][seat], theme)
        paid = boosted or "+" in rest or any(word.startswith(("pay", "paid", "boost")) for word in said)
        return f"play:{advisor}{'+' if paid and not said & _UNPAID else ''}"
    if verb.startswith(("pass", "drop")):  # "Bob drops out", "Carol passes without bidding"
        return "pass"
    if denied:
        raise TokenSyntaxError(f"say what {names[seat]} does, not what is not done (not {text!r})")
    if verb.startswith(("bid", "raise")):
        if said & _RELATIVE or (verb.startswith("raise") and "to" not in said):  # "raises 2" is by, or to?
            raise TokenSyntaxError(f"say the bid's total, e.g. '{names[seat]} bids 8' (not {text!r})")
        said_too = f": {' and '.join(map(str, numbers))} are said" if len(numbers) > 1 else ""
        return f"bid:{_one(numbers, f'a bid needs its total, said alone{said_too}')}"
    if verb.startswith(("sell", "sold")):
        if len(numbers) > 1 and said & {"instead", "keep", "keeps", "keeping", "kept", "for", "or", "but"}:
            raise TokenSyntaxError(
                f"say the sell: '{names[seat]} sells 12', or two {theme.vehicles} and the Lawyer: "
                f"'{names[seat]} sells 12 20 with 19' (not {text!r})"
            )
        if len(numbers) == 1:
            return f"sell:{numbers[0]}"
        if len(numbers) == 3:
            return f"sell:{numbers[0]},{numbers[1]}@{numbers[2]}"
        if len(numbers) == 2:
            return f"sell:{numbers[0]},{numbers[1]}"
        raise TokenSyntaxError(f"a sell names a {theme.vehicle}, or two and the Lawyer: 'Anna sells 12 20 with 19'")
    if verb.startswith(("keep", "kept", "take", "took")):  # "keeps 13 (Lawyer 20)": the Lawyer is no vehicle
        kept = _numbers(re.sub(r"\blawyer \d+", " ", rest))
        return f"keep:{_one(kept, f'say which {theme.vehicle} is kept')}"
    if verb.startswith("use"):  # the Mechanic out of its step: the rules say why not now
        return "mech:use"
    if verb.startswith("skip"):
        return "mech:skip"
    advisors = "'Carol plays 13', " if theme.abilities else ""
    after_sells = f", 'Bob keeps 20', 'Carol uses the {theme.mechanic}'" if theme.abilities else ""
    raise TokenSyntaxError(
        f"cannot read {text!r}: say who and what, e.g. 'Anna bids 4', 'Bob passes', {advisors}"
        f"'Anna sells 12'{after_sells}"
    )


def decision_words(data: dict[str, Any], theme: Theme) -> str:
    """What the seat to move in `data` (a view's to_dict()) is to do: "bid more than 4 or pass"."""
    if data["phase"] == "auction":
        return f"bid more than {data['high_bid']} or pass" if data["high_bid"] else "bid or pass"
    if data["phase"] == "buying":
        return "offer an advisor"
    return {
        "keep": f"take a {theme.vehicle} back (Lawyer)",
        "mechanic": f"use the {theme.mechanic} or not",
    }.get(data["sell_step"], f"choose a {theme.vehicle} to sell")


def next_chance_words(data: dict[str, Any], theme: Theme) -> str:
    """The cards turned up next and how to say them: "the 4 advisors turned up: say 'deal 3 12 19 27'"."""
    classic = data.get("edition") == "classic"
    first = theme.vehicles if classic else "advisors"
    noun = {
        "setup": first,  # the unseen removal goes by itself: the first cards told are the first auction's
        "auction": first,
        "buying": theme.vehicles,
        "selling": theme.checks,
    }.get(data["phase"])
    if noun is None:
        return ""
    example = " ".join(str(n) for n in (3, 12, 19, 27, 8, 22)[: data["players"]])
    return f"the {data['players']} {noun} turned up: say 'deal {example}' (their numbers)"


def next_chance_picker(data: dict[str, Any], theme: Theme) -> ChancePicker | None:
    """The cards turned up next as taps: as many as there are players, from the cards of
    the deck they come from that the seat has not seen (the view's `unseen`: every card
    turned up, bought or kept is public). Checks repeat their values, so a value is one
    option with as many copies as are unseen. At the setup the unseen removal goes by
    itself (no one sees it): the cards told are the first auction's, as in words."""
    if data["to_move"] != "chance":
        return None
    classic = data.get("edition") == "classic"
    first = 1 if classic else 0  # the first phase auctions the vehicles in the classic game
    deck = {"setup": first, "auction": first, "buying": 1, "selling": 2}.get(data["phase"])
    if deck is None:
        return None
    noun = ("advisors", theme.vehicles, theme.checks)[deck]
    unseen = Counter(data["unseen"][deck])

    def label(number: int) -> str:
        if deck == 0:
            return theme.advisor(number)  # its number and ability, as the table is told
        return f"{theme.vehicle if deck == 1 else theme.check} {number}"

    options = tuple(ChanceOption(str(n), label(n), copies) for n, copies in sorted(unseen.items()))
    players = data["players"]
    return ChancePicker(f"the {players} {noun} turned up", "deal", players, options)


def _seat(word: str, names: list[str], me: int) -> int | None:
    if word in OWN_SEAT_WORDS:
        return me
    lowered = [name.lower() for name in names]
    if word in lowered:
        return lowered.index(word)
    if word.startswith("seat") and is_whole_number(word[4:]):
        seat = int(word[4:])
        return seat if seat < len(names) else None
    return None


def _one(numbers: list[int], what: str) -> int:
    if len(numbers) != 1:
        raise TokenSyntaxError(what)
    return numbers[0]


def _numbers(rest: str) -> list[int]:
    """The whole numbers said, in order; TokenSyntaxError for a word that holds digits but is
    no whole number ("-5", "12k", "25.0"): a sign or a unit dropped would make another move."""
    numbers = []
    for word in rest.split():
        for part in re.split(r"[:@]", word.rstrip(".").lstrip("$")):  # "I sell:10" (a token said), "bids $4."
            if any(c.isdigit() for c in part):
                number = _NUMBER.fullmatch(part)
                if number is None or not number.group(1).isascii():
                    raise TokenSyntaxError(f"{word!r} is no whole number: say a card or an amount as digits, e.g. 12")
                numbers.append(int(number.group(1)))
    return numbers


def _advisor_by_ability(rest: str, seat: dict[str, Any], theme: Theme) -> int:
    """The advisor a seat plays, named by its ability: the only one it holds."""
    if not theme.abilities:
        raise TokenSyntaxError("this game has no advisors to play")
    for index, ability in enumerate(theme.abilities):
        if ability.lower() in rest:
            numbers = [3 * index + 1, 3 * index + 2, 3 * index + 3]
            held = [n for n in numbers if n in seat["advisors_in_hand"]]
            if len(held) == 1:
                return held[0]
            choices = held or numbers
            raise TokenSyntaxError(f"which {ability}: {', '.join(map(str, choices))}? say its number")
    raise TokenSyntaxError(f"say which advisor is played: its number or its ability ('plays the {theme.mechanic}')")
