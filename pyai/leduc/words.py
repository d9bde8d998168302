"""Leduc in plain words (`pyai advise`, `pyai play --human`): what a person at
the table says made into move tokens ("Anna raises", "I check", "Bob folds",
"I get the king of spades", "Bob gets a card", "board qh"), and each step
told back in words ("Anna raises to 3: the pot is 4", "the public card: queen of
hearts").

The seat's name comes first ("I" for the advised seat) and must be the seat
to move; a token (`raise`, `deal:ks`) is taken as it is. Legality is left to
the rules.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import TokenSyntaxError
from ..game_api import OWN_SEAT_WORDS, ChanceOption, ChancePicker, whose
from .render import card_words

_VERBS = {"raise": "raise", "raises": "raise", "bet": "raise", "bets": "raise", "call": "call", "calls": "call"}
_VERBS |= {"check": "check", "checks": "check", "fold": "fold", "folds": "fold"}
_VERBS |= {"raised": "raise", "reraise": "raise", "reraises": "raise", "re-raises": "raise"}
_VERBS |= {"called": "call", "checked": "check", "folded": "fold"}
# Words before a verb that make it the move's object, not a move: "I call the raise", "folds to Anna's bet".
_OBJECT_OF = ("the", "a", "his", "her", "their", "my", "your")
_RANK_WORDS = {"j": "j", "jack": "j", "q": "q", "queen": "q", "k": "k", "king": "k"}
_SUIT_WORDS = {"s": "s", "spade": "s", "spades": "s", "h": "h", "heart": "h", "hearts": "h"}
_FILLER = {"the", "a", "an", "of", "is", "his", "her", "their", "card", "gets", "get", "got", "my", "dealt", "to"}
_FILLER |= {"was", "were", "one", "are", "am"}  # "I was dealt the queen of spades", "you are dealt ks"
_PUBLIC_WORDS = {"board", "public", "flop"}
# The words that open a line of the table's that a seat's name would be taken for: a leading
# "the" is read past ("the public card: qh"). "Board" and "Deal" are told from the cards apart.
TABLE_WORDS = ("the",)
_NEGATIONS = {
    "not",
    "doesn't",
    "don't",
    "didn't",
    "won't",
    "never",
    "doesn\u2019t",
    "don\u2019t",
    "didn\u2019t",
    "won\u2019t",
}

_CARDS = ("ks", "kh", "qs", "qh", "js", "jh")  # the deck, as the help names its cards

WORDS_HELP = "'I get ks', 'Bob gets a card', 'Anna raises', 'I check', 'Bob folds', 'board qh', 'Bob shows kh'"


def words_to_token(text: str, data: dict[str, Any], names: list[str], me: int) -> str:
    """The token `text` says in the position `data` (the advised seat's view, to_dict())."""
    # As a step is told back, what follows "; " is what came of it ("Bob calls: the pot is 6; the public card: ...").
    words = text.split(";")[0].replace(",", " ").split()
    if not words:
        raise TokenSyntaxError("say a move, e.g. 'Anna raises', 'I check' or 'deal ks'")
    lowered = [word.lower() for word in words]
    if len(words) == 1 and (lowered[0] in _VERBS or lowered[0].startswith("deal:")):
        return lowered[0]
    # Words as people end them ("board: qh.", "deal qh!"), and a leading "the" ("the public card: qh").
    lowered = [word.rstrip(":;.!") for word in lowered if word.rstrip(":;.!")]
    lowered = lowered[1:] if lowered[:1] == ["the"] and len(lowered) > 1 else lowered
    lowered = ["i" if word in ("i'm", "i\u2019m") else word for word in lowered]
    if not lowered:
        raise TokenSyntaxError(f"say a move, e.g. 'Anna raises', 'I check' or 'deal ks' (not {text!r})")
    head = lowered[0]
    if head in ("deal", *_PUBLIC_WORDS) and not _names_a_seats_step(lowered, names, me):
        return _deal(lowered[1:] if head == "deal" else lowered, data, me, text, names)
    seat = _seat(head, names, me)
    if seat is None:
        raise TokenSyntaxError(
            f"{words[0]!r} is no seat's name (names: {', '.join(names)}; 'I' for seat {me}), "
            "nor a move or 'deal <card>'"
        )
    rest = lowered[1:]
    if any(word in ("get", "gets", "got", "dealt") for word in rest) or (rest and rest[0] == "card"):
        if _next_receiver(data) != seat:
            next_card = _next_card_words(data, names, me)
            raise TokenSyntaxError(f"the next card is not {whose(seat, names, me)} ({next_card})")
        return _deal(rest, data, me, text, names)
    mover = data["to_move"]
    if mover == "over":
        raise TokenSyntaxError("the hand is over")
    if mover == "chance":
        raise TokenSyntaxError(
            f"a card is dealt now ({_next_card_words(data, names, me)}), not a move of {whose(seat, names, me)}"
        )
    if mover != seat:
        raise TokenSyntaxError(f"it is {whose(mover, names, me, noun=True)} turn, not {whose(seat, names, me)}")
    if _NEGATIONS & set(rest):  # 'Anna doesn't raise': never read as the move it denies
        raise TokenSyntaxError(f"say what {names[seat]} does (raises, calls, checks or folds), not what is not done")
    verbs = [
        _VERBS[word]
        for i, word in enumerate(rest)
        if word in _VERBS and not (i > 0 and (rest[i - 1] in _OBJECT_OF or rest[i - 1].endswith(("'s", "\u2019s"))))
    ]
    if len(verbs) != 1:
        raise TokenSyntaxError(f"say what {names[seat]} does: raises, calls, checks or folds (not {text!r})")
    _check_amounts(verbs[0], text, data, names)
    return verbs[0]


def _check_amounts(verb: str, text: str, data: dict[str, Any], names: list[str]) -> None:
    """TokenSyntaxError when a number said with a move is not what that move makes now: a
    move's chips are the limit's, never the person's to choose, so a number that disagrees
    says the table is not where the line thinks it is ("Anna calls 7" where a call costs 2)."""
    stakes = _Stakes.of(verb, data)
    for kind, word in _numbers_said(text, names):
        if re.fullmatch(r"[0-9]+", word) is None:
            raise TokenSyntaxError(f"{word!r} is no whole number of chips: {stakes.said()}")
        number = int(word)
        if kind == "pot":
            if number != stakes.pot:
                raise TokenSyntaxError(f"the pot is {stakes.pot} after that {verb}, not {number}")
        elif not stakes.fits(kind, number):
            shown = f"{kind} {number}" if kind in ("to", "by") else f"{number} each" if kind == "each" else word
            if verb in ("check", "fold"):
                raise TokenSyntaxError(f"a {verb} puts no chips in: say it without a number (not {shown!r})")
            raise TokenSyntaxError(f"{stakes.said()}, not {shown}")


@dataclass(frozen=True)
class _Stakes:
    """The chips a move makes now, by the limit's rules: what it costs the mover, the stake
    each seat has in after it, the pot after it, and the round's raise size."""

    verb: str
    cost: int
    stake: int
    pot: int
    size: int

    @classmethod
    def of(cls, verb: str, data: dict[str, Any]) -> _Stakes:
        mine = data["seats"][data["to_move"]]["contributed"]
        top = max(seat["contributed"] for seat in data["seats"])
        size = RAISE_SIZES[data["round"]]
        stake = top + size if verb == "raise" else top
        cost = 0 if verb == "fold" else stake - mine
        return cls(verb, cost, stake, data["pot"] + cost, size)

    def fits(self, kind: str, number: int) -> bool:
        """Whether `number`, said as `kind` (_numbers_said), is this move's."""
        if self.verb == "raise":  # said alone, a raise's number is its size or its total: both are the limit's
            if kind in ("to", "each"):
                return number == self.stake
            if kind == "by":
                return number == self.size
            return number in (self.size, self.stake)
        if self.verb == "call":  # said alone or "by", a call's number is what it costs
            return number == (self.stake if kind in ("to", "each") else self.cost)
        return False  # a check or a fold says no number of its own

    def said(self) -> str:
        """What the move makes now, in words."""
        if self.verb == "raise":
            return f"a raise now is to {self.stake} (by {self.size})"
        if self.verb == "call" and self.cost:
            return f"a call now costs {self.cost}, to {self.stake} each"
        if self.verb == "call":
            return f"a call now costs nothing (a check, at {self.stake} each)"
        return f"a {self.verb} puts no chips in"


def _numbers_said(text: str, names: list[str]) -> list[tuple[str, str]]:
    """Each number said after the seat's name (the move's part, before any "; "), with what
    its words make it: "to" (the stake each seat has in after the move), "by" (a raise's
    size), "pot" ("the pot is 6"), "each" ("3 each", as a call is told back) or "" (said
    alone). A word that holds a digit is a number, but for a seat's name ("seat1's")."""
    words = [word.strip("()[]$:;.!?,").lower() for word in text.split(";")[0].split()[1:]]
    seats = {name.lower() for name in names}
    said = []
    for index, word in enumerate(words):
        if not any(c.isdigit() for c in word) or word.removesuffix("'s").removesuffix("\u2019s") in seats:
            continue
        before = words[index - 1] if index else ""
        after = words[index + 1] if index + 1 < len(words) else ""
        if before in ("to", "by"):
            kind = before
        elif before == "is" and index >= 2 and words[index - 2] == "pot":
            kind = "pot"
        else:
            kind = "each" if after == "each" else ""
        said.append((kind, word))
    return said


def _names_a_seats_step(lowered: list[str], names: list[str], me: int) -> bool:
    """Whether a line that starts with a deal's word ("board", "deal") is a seat's step: the
    word is that seat's name and a step's verb follows ("Board is dealt a card", as a seat
    called Board has its card told back; "Board raises"). "board qh" stays the public card."""
    steps = {"get", "gets", "got", "dealt", *_VERBS}
    return _seat(lowered[0], names, me) is not None and bool(steps & set(lowered[1:]))


def _seat(word: str, names: list[str], me: int) -> int | None:
    if word in OWN_SEAT_WORDS:
        return me
    lowered = [name.lower() for name in names]
    return lowered.index(word) if word in lowered else None


def _next_receiver(data: dict[str, Any]) -> int | None:
    """The seat the next card goes to, or None for the public card."""
    for seat, entry in enumerate(data["seats"]):
        if entry["card"] is None:
            return seat
    return None


def _next_card_words(data: dict[str, Any], names: list[str], me: int) -> str:
    receiver = _next_receiver(data)
    if data["to_move"] != "chance":
        return "no card is dealt now"
    if receiver is None:
        return "the public card is next"
    return "your card is next" if receiver == me else f"{names[receiver]}'s card is next"


# Raises a betting round allows, and their sizes by round (the rules' limit).
MAX_RAISES = 2
RAISE_SIZES = (2, 4)


def decision_words(data: dict[str, Any]) -> str:
    """What the seat to move in `data` (a view's to_dict()) may do: "call, raise or fold", "check or raise"."""
    mover = data["to_move"]
    owed = max(seat["contributed"] for seat in data["seats"]) > data["seats"][mover]["contributed"]
    may_raise = data["raises"] < MAX_RAISES
    if owed:
        return "call, raise or fold" if may_raise else "call or fold"
    return "check or raise" if may_raise else "check"


def next_chance_words(data: dict[str, Any], names: list[str], me: int) -> str:
    """The card dealt next and how to say it: "Bob's card, unseen: say 'Bob gets a card'"."""
    receiver = _next_receiver(data)
    if receiver is None:
        return "the public card: say 'board qh' (or 'board queen of hearts')"
    if receiver == me:
        return "your card: say 'I get ks' (or 'I get the king of spades')"
    return f"{names[receiver]}'s card, unseen: say '{names[receiver]} gets a card'"


def next_chance_picker(data: dict[str, Any], names: list[str], me: int) -> ChancePicker | None:
    """The card dealt next as taps: my card or the public card, from the cards seat `me`
    has not seen (its own card and any card shown are out of the deck); another seat's
    card is never seen, so its line is said whole, with nothing to pick."""
    if data["to_move"] != "chance":
        return None
    receiver = _next_receiver(data)
    if receiver is not None and receiver != me:
        return ChancePicker(f"{names[receiver]}'s card, unseen", f"{names[receiver]} gets a card")
    seen = {seat["card"] for seat in data["seats"]} | {data["public_card"]}
    options = tuple(ChanceOption(card, card_words(card)) for card in _CARDS if card not in seen)
    if receiver is None:
        return ChancePicker("the public card", "board", 1, options)
    return ChancePicker("your card", "I get", 1, options)


_SHOW_WORDS = {"shows", "show", "showed", "shown", "turns", "reveals"}


def shown_card(text: str, moves: Sequence[str], names: list[str], me: int) -> tuple[int, str] | None:
    """'Anna shows kh' once the hand is over: the index in `moves` of Anna's unseen deal
    (seat k's card is the record's k-th deal) and its token with the card named; None for
    a line that shows nothing."""
    words = text.replace(",", " ").lower().split()
    if len(words) < 2 or not _SHOW_WORDS & set(words[1:]):
        return None
    seat = _seat(words[0], names, me)
    if seat is None:
        raise TokenSyntaxError(f"{words[0]!r} is no seat's name (names: {', '.join(names)})")
    if seat == me:
        raise TokenSyntaxError("your own card is told already: say the other seat's card it shows")
    deals = [index for index, token in enumerate(moves) if token.startswith("deal:")]
    if len(deals) <= seat:
        raise TokenSyntaxError(f"{names[seat]} has no card dealt yet")
    if moves[deals[seat]] != "deal:?":
        raise TokenSyntaxError(f"{names[seat]}'s card is known already ({moves[deals[seat]][5:]})")
    card = _card([word for word in words[1:] if word not in _FILLER and word not in _SHOW_WORDS])
    if card is None:
        raise TokenSyntaxError(f"name the card {names[seat]} shows, e.g. '{names[seat]} shows kh'")
    if f"deal:{card}" in moves:
        raise TokenSyntaxError(f"the {card_words(card)} is dealt already (your card or the public card)")
    return deals[seat], f"deal:{card}"


def showdown_picker(data: dict[str, Any], names: list[str], me: int) -> ChancePicker | None:
    """Once a hand is over at a showdown, the other seat's unseen card as taps of the cards
    seat `me` has not seen, said 'Anna shows kh'; None before, after a fold, or once shown."""
    if data["to_move"] != "over" or data["folded"] is not None:
        return None
    hidden = [seat for seat, entry in enumerate(data["seats"]) if entry["card"] == "hidden" and seat != me]
    if not hidden:
        return None
    seen = {seat["card"] for seat in data["seats"]} | {data["public_card"]}
    options = tuple(ChanceOption(card, card_words(card)) for card in _CARDS if card not in seen)
    name = names[hidden[0]]
    return ChancePicker(f"{name}'s card, shown at the showdown", f"{name} shows", 1, options)


def _deal(words: list[str], data: dict[str, Any], me: int, text: str, names: list[str]) -> str:
    """A deal: the card named, or `deal:?` for another seat's card (never seen). A card said
    to be the public one while a seat's is next, or named for another seat, is refused: it
    would be recorded as a card the advised seat holds or has seen."""
    card = _card([word for word in words if word not in _FILLER and word not in _PUBLIC_WORDS])
    receiver = _next_receiver(data)
    if receiver is not None and _PUBLIC_WORDS & set(words):
        raise TokenSyntaxError(f"the public card is not next: {_next_card_words(data, names, me)}")
    if receiver is not None and receiver != me:
        if card is not None:
            raise TokenSyntaxError(f"{names[receiver]}'s card is hidden from you: say '{names[receiver]} gets a card'")
        return "deal:?"  # another seat's private card: the advised seat never sees it
    if card is None:
        raise TokenSyntaxError(f"name the card, e.g. 'deal ks' or 'deal king of spades' (not {text!r})")
    return f"deal:{card}"


def _card(words: list[str]) -> str | None:
    """'ks', 'king spades': the card's token name; None when no card is named."""
    if not words:
        return None
    if len(words) == 1 and len(words[0]) == 2 and words[0][0] in "jqk" and words[0][1] in "sh":
        return words[0]
    if len(words) == 2 and words[0] in _RANK_WORDS and words[1] in _SUIT_WORDS:
        return _RANK_WORDS[words[0]] + _SUIT_WORDS[words[1]]
    raise TokenSyntaxError(f"{' '.join(words)!r} is no card: say ks, kh, qs, qh, js, jh or 'king of spades'")


def narrate(before: dict[str, Any], token: str, after: dict[str, Any], names: list[str]) -> list[str]:
    """One step in words, from one seat's views before and after it."""
    mover = before["to_move"]
    if mover == "chance":
        receiver = _next_receiver(before)
        if receiver is None:
            return [f"the public card: {card_words(after['public_card'])}"]
        card = after["seats"][receiver]["card"]
        shown = "a card" if card in (None, "hidden") else f"the {card_words(card)}"
        return [f"{names[receiver]} {'are' if names[receiver] == 'you' else 'is'} dealt {shown}"]
    move = token or "?"
    stake = after["seats"][mover]["contributed"]
    pot = sum(seat["contributed"] for seat in after["seats"])
    checks = move == "call" and before["seats"][mover]["contributed"] == stake  # nothing to match: a check
    verb = {"raise": "raises", "call": "calls", "fold": "folds"}.get(move, move)
    verb = "checks" if checks else verb
    if names[mover] == "you":
        verb = {"raises": "raise", "calls": "call", "folds": "fold", "checks": "check"}.get(verb, verb)
    if move == "raise":
        line = f"{names[mover]} {verb} to {stake}: the pot is {pot}"
    elif move == "call" and not checks:
        line = f"{names[mover]} {verb}: {stake} each, the pot is {pot}"
    elif move == "fold":
        line = f"{names[mover]} {verb}"
    else:
        line = f"{names[mover]} {verb}: the pot is {pot}"
    if after["to_move"] == "over":
        line += "; the hand is over"
    return [line]
