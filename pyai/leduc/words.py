"""Leduc in plain words (`pyai advise`, `pyai play --human`): what a person at
the table says made into move tokens ("Anna raises", "I check", "Bob folds",
"I get the king of spades", "Bob gets a card", "board qh"), and each step
told back in words ("Anna raises to 3: the pot is 4", "the public card: queen of
hearts").

The seat's name comes first ("I" for the advised seat, "he" for the other) and
must be the seat to move; a move said alone ("bet") is the mover's, and a token
(`raise`, `deal:ks`) is taken as it is. A line is one step: one that says two
moves, denies a move, asks or says what might be done, or holds words that are
no part of its card, is refused. Legality is left to the rules.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import TokenSyntaxError
from ..game_api import NEGATIONS_UNMARKED, OWN_SEAT_WORDS, ChanceOption, ChancePicker, contracts_i, whose
from ..number_words import NUMBER_WORDS
from ..steps_not_made import check_made, says_i_would
from ..told_lines import no_seat_first
from .render import card_words

_VERBS = {"raise": "raise", "raises": "raise", "bet": "raise", "bets": "raise", "call": "call", "calls": "call"}
_VERBS |= {"check": "check", "checks": "check", "fold": "fold", "folds": "fold"}
_VERBS |= {"raised": "raise", "reraise": "raise", "reraises": "raise", "re-raise": "raise", "re-raises": "raise"}
_VERBS |= {"reraised": "raise", "re-raised": "raise", "called": "call", "checked": "check", "folded": "fold"}
_VERBS |= {"raising": "raise", "reraising": "raise", "re-raising": "raise", "betting": "raise"}
_VERBS |= {"calling": "call", "checking": "check", "folding": "fold"}  # "I'm checking"
_VERBS |= {"open": "raise", "opens": "raise", "opened": "raise"}  # "I open for 2": the round's first bet
# A call as poker players also say it ("Bob matches"), and a fold ("Bob mucks").
_VERBS |= {"match": "call", "matches": "call", "matched": "call"}
_VERBS |= {"muck": "fold", "mucks": "fold", "mucked": "fold"}
# A fold as said at a table: "I'm out", "Bob drops", "I give up".
_VERBS |= {"out": "fold", "drop": "fold", "drops": "fold", "dropped": "fold", "give": "fold", "gives": "fold"}
# Words before a verb that make it the move's object, not a move: "I call the raise", "folds to Anna's bet";
# and "to", which makes it an aim ("I call to see the board").
_OBJECT_OF = ("the", "a", "his", "her", "their", "my", "your", "to")
_RANK_WORDS = {"j": "j", "jack": "j", "q": "q", "queen": "q", "k": "k", "king": "k"}
_SUIT_WORDS = {"s": "s", "spade": "s", "spades": "s", "h": "h", "heart": "h", "hearts": "h"}
# The suits as cards print them, and as the companion's web page draws its faces ("K\u2660").
_SUIT_SIGNS = {"\u2660": "s", "\u2664": "s", "\u2665": "h", "\u2661": "h"}
# Words that say a card is dealt to a seat ("I get ks", "Bob receives a card"); "has" and "hold" say so
# only in a line that names no move ("I have the king of spades", but "Bob has raised").
_DEALT_WORDS = {"get", "gets", "got", "dealt", "receive", "receives", "received"}
_HOLD_WORDS = {"have", "has", "hold", "holds", "holding"}
_FILLER = {"the", "a", "an", "of", "is", "his", "her", "their", "card", "my", "to", *_DEALT_WORDS, *_HOLD_WORDS}
_FILLER |= {"was", "were", "one", "are", "am"}  # "I was dealt the queen of spades", "you are dealt ks"
_FILLER |= {"shows", "showing", "comes", "came", "on"}  # "the board shows a queen", "qs on the board"
_PUBLIC_WORDS = {"board", "public", "flop", "community"}
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
    *NEGATIONS_UNMARKED,
}
# Words that make a move one that might be made, not one made ("I should raise", "Bob may fold").
_MAYBE = {"should", "could", "would", "might", "may", "can", "shall", "maybe", "perhaps", "if"}
# In a game of two, "he raises" names the other seat.
_OTHER_SEAT_WORDS = ("he", "she", "they")

_CARDS = ("ks", "kh", "qs", "qh", "js", "jh")  # the deck, as the help names its cards

WORDS_HELP = "'I get ks', '{0} gets a card', '{0} raises', 'I check', '{0} folds', 'board qh', '{0} shows kh'"


def words_to_token(text: str, data: dict[str, Any], names: list[str], me: int) -> str:
    """The token `text` says in the position `data` (the advised seat's view, to_dict())."""
    # As a step is told back, what follows "; " is what came of it ("Bob calls: the pot is 6; the public card: ...").
    words = text.split(";")[0].replace(",", " ").split()
    if not words:
        raise TokenSyntaxError("say a move, e.g. 'Anna raises', 'I check' or 'deal ks'")
    if len(words) == 1 and words[0].lower().startswith("deal:"):
        return words[0].lower()
    # Words as people end them ("board: qh.", "deal qh!"), and a leading "the" ("the public card: qh").
    lowered = [word.lower().rstrip(":;.!") for word in words if word.rstrip(":;.!")]
    lowered = _apostrophes_opened(lowered, names)
    lowered = lowered[1:] if lowered[:1] == ["the"] and len(lowered) > 1 else lowered
    if lowered[:1] == ["dealt"]:  # "dealt jh", as the card is announced
        lowered[0] = "deal"
    if not lowered:
        raise TokenSyntaxError(f"say a move, e.g. 'Anna raises', 'I check' or 'deal ks' (not {text!r})")
    if contracts_i(lowered[0]) and _seat(lowered[0], names, me) is None:  # "I'm raising", "I'll check"
        lowered[0] = "i"
    if data["to_move"] == "over":
        raise TokenSyntaxError(_hand_over_words(data, names, me))
    if len(lowered) == 1 and lowered[0] in _VERBS:  # a move alone ("raise", "Bet."): the seat to move's
        return _VERBS[lowered[0]]
    head = lowered[0]
    seat = me if says_i_would(head) else _seat(head, names, me)
    if _names_a_card_step(lowered, names, me):
        return _deal(lowered[1:] if head == "deal" else lowered, data, me, text, names)
    if seat is None:
        raise no_seat_first(words[0], text, names, me, "a move or 'deal <card>'")
    rest = lowered[1:]
    if _says_a_card_dealt(rest):
        if _next_receiver(data) != seat:
            next_card = _next_card_words(data, names, me)
            raise TokenSyntaxError(f"the next card is not {whose(seat, names, me)} ({next_card})")
        return _deal(rest, data, me, text, names)
    mover = data["to_move"]
    if mover == "chance":
        raise TokenSyntaxError(
            f"a card is dealt now ({_next_card_words(data, names, me)}), not a move of {whose(seat, names, me)}"
        )
    if _SHOW_WORDS & set(rest):
        raise TokenSyntaxError("a seat's card is shown once the hand is over, at a showdown: say the move made now")
    if mover != seat:
        raise TokenSyntaxError(f"it is {whose(mover, names, me, noun=True)} turn, not {whose(seat, names, me)}")
    check_made(words[0], words[1:], seat == me)  # "I will call", "I'm going to raise", "I'd fold"
    who, does, moves = _doer(seat, names, me)
    if _NEGATIONS & set(rest):  # 'Anna doesn't raise': never read as the move it denies
        raise TokenSyntaxError(f"say what {who} {does} ({moves}), not what is not done")
    if _MAYBE & set(rest) or text.rstrip().endswith("?"):  # 'I should raise', 'I fold?': never a move made
        raise TokenSyntaxError(f"say what {who} {does} ({moves}), not what might be done ('advice' asks what to play)")
    verbs = [
        _VERBS[word]
        for i, word in enumerate(rest)
        if word in _VERBS and not (i > 0 and (rest[i - 1] in _OBJECT_OF or rest[i - 1].endswith(("'s", "\u2019s"))))
    ]
    if not verbs:
        raise TokenSyntaxError(f"say what {who} {does}: {moves} (not {text!r})")
    if len(verbs) > 1 or "twice" in rest:
        said = " and ".join(verbs) if len(verbs) > 1 else f"{verbs[0]} twice"
        raise TokenSyntaxError(f"one move a line: {text!r} says {said}; say what {who} {does} now, then the next")
    _check_amounts(verbs[0], text, data, names)
    return verbs[0]


def _doer(seat: int, names: list[str], me: int) -> tuple[str, str, str]:
    """Who acts, the verb 'do' for them and their moves, as a refusal asks for them: ('you', 'do',
    'raise, call, check or fold') for the advised seat, ('Bob', 'does', 'raises, ...') for another."""
    if seat == me:
        return "you", "do", "raise, call, check or fold"
    return names[seat], "does", "raises, calls, checks or folds"


def _hand_over_words(data: dict[str, Any], names: list[str], me: int) -> str:
    """Why no step is taken once the hand is over, and what may still be said: the card shown at
    a showdown, or the next hand, which is a session of its own."""
    shown = showdown_picker(data, names, me)
    card = f"; {shown.what}: say '{shown.start} {shown.options[0].word}'" if shown is not None else ""
    return f"the hand is over{card}; the next hand is a new session"


def _check_amounts(verb: str, text: str, data: dict[str, Any], names: list[str]) -> None:
    """TokenSyntaxError when a number said with a move is not what that move makes now: a
    move's chips are the limit's, never the person's to choose, so a number that disagrees
    says the table is not where the line thinks it is ("Anna calls 7" where a call costs 2)."""
    if verb == "raise" and data["raises"] >= MAX_RAISES:
        return  # no raise is left this round, to any amount: the rules refuse it, saying so
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
        if self.verb == "call":
            if kind in ("to", "each"):
                return number == self.stake
            if kind == "by" or not self.cost:
                return number == self.cost
            # Said alone, what a call costs or the stake it makes ("I call 3", to 3 each): a
            # cost is a raise's size (2 or 4) and a stake odd (an ante of 1 and raises), so a
            # number is never both, and either says the table is where the line thinks it is.
            return number in (self.cost, self.stake)
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
    words = [str(NUMBER_WORDS[word]) if word in NUMBER_WORDS else word for word in words]  # "Bob calls two"
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


# Words said with "'s" for "is" when a card is told ("my card's the jack", "the board's a queen").
_IS_AFTER = ("card", "board", "hand")


def _apostrophes_opened(words: list[str], names: list[str]) -> list[str]:
    """`words` with "'s" opened where it says "is" or "has": "card's" is "card is", "board's" is
    "board is", and a seat's name with "'s got" is "Bob has got" ("Bob's got his card"), with
    "'s out" "Bob is out" (a fold); an owner's "'s" ("Bob's card") stays."""
    opened: list[str] = []
    seats = {name.lower() for name in names}
    for i, word in enumerate(words):
        straight = word.replace("\u2019", "'")
        base = straight.removesuffix("'s")
        after = words[i + 1] if i + 1 < len(words) else ""
        if base != straight and base in _IS_AFTER:
            opened += [base, "is"]
        elif base != straight and base in seats and after in ("got", "been", "out"):
            opened += [base, "is" if after == "out" else "has"]  # "Bob's out": he folds
        else:
            opened.append(word)
    return opened


def _names_a_card_step(lowered: list[str], names: list[str], me: int) -> bool:
    """Whether a line says a card dealt without a seat's name first: it starts with a deal's
    word ("deal ks", "board qh") or a card ("qs", "queen of spades on the board"), or names
    the board anywhere ("a queen of spades on the board"). A seat may be called Board or
    Deal: its name, with a step's verb after it, is its step ("Board is dealt a card", as
    its card is told back; "Board raises"), and "board qh" stays the public card."""
    head, seat = lowered[0], _seat(lowered[0], names, me)
    if seat is not None:
        steps = {*_DEALT_WORDS, *_HOLD_WORDS, *_VERBS}
        return head in ("deal", *_PUBLIC_WORDS) and not steps & set(lowered[1:])
    return head == "deal" or _is_card_word(head) or bool(_PUBLIC_WORDS & set(lowered))


def _says_a_card_dealt(rest: list[str]) -> bool:
    """Whether the words after a seat's name say a card dealt to it ("gets a card", "has the king
    of spades", "card: ks"), not a move ("has raised")."""
    if _DEALT_WORDS & set(rest) or rest[:1] == ["card"]:
        return True
    return bool(_HOLD_WORDS & set(rest)) and not any(word in _VERBS for word in rest)


def _is_card_word(word: str) -> bool:
    """Whether `word` names a card or a rank ("ks", "K\u2660", "king")."""
    return word in _RANK_WORDS or _card_token(word) is not None


def _seat(word: str, names: list[str], me: int) -> int | None:
    lowered = [name.lower() for name in names]
    if word in lowered:
        return lowered.index(word)
    if word in OWN_SEAT_WORDS:
        return me
    if word in _OTHER_SEAT_WORDS and len(names) == 2:
        return 1 - me
    return None


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
    """What the seat to move in `data` (a view's to_dict()) may do: "call, raise or fold", "check or bet"."""
    mover = data["to_move"]
    owed = max(seat["contributed"] for seat in data["seats"]) > data["seats"][mover]["contributed"]
    may_raise = data["raises"] < MAX_RAISES
    if owed:
        return "call, raise or fold" if may_raise else "call or fold"
    return "check or bet" if may_raise else "check"


def next_chance_words(data: dict[str, Any], names: list[str], me: int) -> str:
    """The card dealt next and how to say it: "Bob's card, unseen: say 'Bob gets a card'"."""
    receiver = _next_receiver(data)
    if receiver is not None and receiver != me:
        return f"{names[receiver]}'s card, unseen: say '{names[receiver]} gets a card'"
    # The example is a card that may still come: never the seat's own card.
    example = next(card for card in ("ks", "qh", "jh", "kh", "qs") if card in _unseen(data))
    if receiver is None:
        return f"the public card: say 'board {example}' (or 'board {card_words(example)}')"
    return f"your card: say 'I get {example}' (or 'I get the {card_words(example)}')"


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


_SHOW_WORDS = {"shows", "show", "showed", "shown", "turns", "turned", "reveals", "revealed", "flips", "flipped"}
# Once the hand is over, a seat that "has" or "had" a card says what it showed ("Bob had the queen of hearts").
_SHOWN_WORDS = {*_SHOW_WORDS, "has", "had", "holds", "held", "over", "up"}


def shown_card(text: str, moves: Sequence[str], names: list[str], me: int) -> tuple[int, str] | None:
    """'Anna shows kh' once the hand is over: the index in `moves` of Anna's unseen deal
    (seat k's card is the record's k-th deal) and its token with the card named; None for
    a line that shows nothing."""
    words = [word.rstrip(":;.!") for word in text.replace(",", " ").lower().split() if word.rstrip(":;.!")]
    if len(words) < 2 or not _SHOWN_WORDS & set(words[1:]):
        return None
    seat = _seat(words[0], names, me)
    if seat is None:
        raise TokenSyntaxError(f"{words[0]!r} is no seat's name (names: {', '.join(names)})")
    if seat == me:
        raise TokenSyntaxError("your own card is told already: say the other seat's card it shows")
    if "fold" in moves:  # the rules turn up no card after a fold, and its result is told without one
        raise TokenSyntaxError("the hand ended in a fold: no card is shown, and the result is told already")
    deals = [index for index, token in enumerate(moves) if token.startswith("deal:")]
    if len(deals) <= seat:  # the hand is over, so the card was dealt: before the record, in its start position
        raise TokenSyntaxError(
            f"{names[seat]}'s card was dealt before this record starts (a position given with --at), "
            "so the record cannot name it"
        )
    if moves[deals[seat]] != "deal:?":
        raise TokenSyntaxError(f"{names[seat]}'s card is known already: the {card_words(moves[deals[seat]][5:])}")
    named = {token[5:] for token in moves if token.startswith("deal:")}
    unseen = [card for card in _CARDS if card not in named]
    card = _card([word for word in words[1:] if word not in _FILLER and word not in _SHOWN_WORDS], unseen)
    if card is None:
        raise TokenSyntaxError(f"name the card {names[seat]} shows, e.g. '{names[seat]} shows kh'")
    if f"deal:{card}" in moves:
        where = "your card" if moves.index(f"deal:{card}") == deals[me] else "the public card"
        raise TokenSyntaxError(f"the {card_words(card)} is dealt already: it is {where}")
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
    receiver = _next_receiver(data)
    words = _without_the_receiver(words, receiver, data, names, me)
    card = _card([word for word in words if word not in _FILLER and word not in _PUBLIC_WORDS], _unseen(data))
    if receiver is not None and _PUBLIC_WORDS & set(words):
        raise TokenSyntaxError(f"the public card is not next: {_next_card_words(data, names, me)}")
    if receiver is not None and receiver != me:
        if card is not None:
            raise TokenSyntaxError(f"{names[receiver]}'s card is hidden from you: say '{names[receiver]} gets a card'")
        return "deal:?"  # another seat's private card: the advised seat never sees it
    if card is None:
        raise TokenSyntaxError(f"name the card, e.g. 'deal ks' or 'deal king of spades' (not {text!r})")
    return f"deal:{card}"


def _without_the_receiver(
    words: list[str], receiver: int | None, data: dict[str, Any], names: list[str], me: int
) -> list[str]:
    """A deal's words without the seat it goes to, named before the card ("deal me ks", "deal
    to Bob"); a seat named that the card does not go to is refused. A word that is a card
    stays one ("deal jack"), and so does what follows the card: another step, refused as that."""
    kept: list[str] = []
    for word in words:
        named_card = any(_is_card_word(said) for said in kept)
        public = receiver is None and word in _PUBLIC_WORDS  # "board qh" where a seat is called Board
        seat = None if named_card or public or _is_card_word(word) or word in _FILLER else _seat(word, names, me)
        if seat is None:
            kept.append(word)
        elif seat != receiver:
            next_card = _next_card_words(data, names, me)
            raise TokenSyntaxError(f"the next card is not {whose(seat, names, me)} ({next_card})")
    return kept


def _unseen(data: dict[str, Any]) -> list[str]:
    """The cards seat `data` is the view of has not seen: not its own, not the public card, not one shown."""
    seen = {seat["card"] for seat in data["seats"]} | {data["public_card"]}
    return [card for card in _CARDS if card not in seen]


def _card(words: list[str], unseen: Sequence[str]) -> str | None:
    """The card `words` name ('ks', 'king of spades', 'K\u2660', or a rank alone when one card of
    it is left unseen, 'king' when the other king is yours) as its token name; None when they
    name none. Words left over, or a rank that could be either card, are refused: a card is
    never guessed, nor a second step read past."""
    if not words:
        return None
    card, used = _card_token(words[0]), 1
    if card is None and words[0] in _RANK_WORDS and words[1:2] and words[1] in _SUIT_WORDS:
        card, used = _RANK_WORDS[words[0]] + _SUIT_WORDS[words[1]], 2
    if card is None and words[0] in _RANK_WORDS:
        card = _one_card_of_rank(_RANK_WORDS[words[0]], unseen)
    if card is None:
        raise TokenSyntaxError(f"{' '.join(words)!r} is no card: say ks, kh, qs, qh, js, jh or 'king of spades'")
    if words[used:]:
        raise TokenSyntaxError(
            f"{' '.join(words[used:])!r} is no part of the card ({card_words(card)}): say one card, one step a line"
        )
    return card


def _card_token(word: str) -> str | None:
    """'ks', 'K\u2660' or '\u2660K' as the card's token name; None for any other word."""
    for sign, suit in _SUIT_SIGNS.items():
        if len(word) == 2 and sign in word:
            word = word.replace(sign, "") + suit
    return word if len(word) == 2 and word[0] in "jqk" and word[1] in "sh" else None


def _one_card_of_rank(rank: str, unseen: Sequence[str]) -> str:
    """The card of `rank` a rank said alone ('board king') can be: the one unseen card of it;
    refused when both are unseen (the suit tells them apart) or neither is."""
    cards = [card for card in unseen if card[0] == rank]
    if len(cards) == 1:
        return cards[0]
    both = [card for card in _CARDS if card[0] == rank]
    if not cards:
        raise TokenSyntaxError(f"both {card_words(both[0]).split()[0]}s are seen already ({', '.join(both)})")
    said = " or ".join(f"{card} ({card_words(card)})" for card in cards)
    raise TokenSyntaxError(f"which {card_words(cards[0]).split()[0]}? name its suit too: {said}")


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
    matched = len({seat["contributed"] for seat in before["seats"]}) == 1  # nothing to match yet this round
    checks = move == "call" and matched
    bets = move == "raise" and matched  # the round's first chips are a bet, as players say it, not a raise
    verb = {"raise": "raises", "call": "calls", "fold": "folds"}.get(move, move)
    verb = "checks" if checks else "bets" if bets else verb
    if names[mover] == "you":
        verb = {"raises": "raise", "calls": "call", "folds": "fold", "checks": "check", "bets": "bet"}.get(verb, verb)
    if bets:
        line = f"{names[mover]} {verb} {stake - before['seats'][mover]['contributed']}: the pot is {pot}"
    elif move == "raise":
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
