"""A contract card named by what it shows, as a person at the table says it: "the city
car suitcase contract", "super car, speed, 8 stars, 3 VP", "my starting contract".

The printed card has no number that matches ours: it shows a car type, the machine
symbols and styling parts it asks for, a popularity (stars), its VP and maybe silver
medals; a starting card has an S on its back and pays $3. `contract_named` finds the
one card meant among those that could be meant at a step (the display's cards, a
hand, the contracts still unseen), from as much of that as tells it apart; our
number ('17', 'S2') is read too, as it always was.

Words come as line_words.py splits a line: lower case, numbers in digits, '$' and '*'
apart, 'S2' as 's', '2'. Cards that show the same face are alike to the rules (the
rules read a card's car, requirements and rewards, never its number), so where two
fit, showing the same, either is the card meant: the first among the candidates.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..errors import TokenSyntaxError
from .component_file import Components, Contract, Tile
from .line_words import CAR_WORDS
from .narration import card_face, contract_order, contract_words, plural

T = TypeVar("T")

_STAR_WORDS = ("star", "stars", "*")
_VP_WORDS = ("vp", "vps", "point", "points")
_MEDAL_WORDS = ("silver", "medal", "medals")
_MONEY_WORDS = ("money", "dollar", "dollars", "autobucks")
_STARTING_WORDS = ("starting", "start")
_DENIALS = ("no", "without")
# What a number may count besides a card's marks: no card's number ('draws 1 card (2 left)').
_OTHER_COUNTS = ("card", "cards", "left")
# Words between a number and what it counts ('6 or more stars', '6+ stars' is '6 stars', '5 victory points').
_BETWEEN_COUNT = ("or", "more", "plus", "victory")
# Words that tell nothing of which card: articles, the card's own nouns, possessives,
# what a card "asks" ('a city car that needs 6 stars'), a possessive's 's ("super car's").
_FILLER = frozenset(
    "the a an with and contract contracts card cards car cars for of my his her their its your one that which "
    "s number type victory at least or more plus needs asks requires shows wants popular popularity this "
    "asking needing showing styling symbol symbols machine machines".split()
)

# Every word a card's description reads but its symbols, styling parts and numbers: a step's
# check of the words its reader leaves unread takes these as read where a contract is named.
CARD_WORDS = frozenset(
    [*CAR_WORDS, *_STAR_WORDS, *_VP_WORDS, *_MEDAL_WORDS, *_MONEY_WORDS, *_STARTING_WORDS, *_DENIALS, *_FILLER, "$"]
)


@dataclass
class ContractSaid:
    """What a person said of one card; None (or empty) where it was not said."""

    number: str | None = None  # our name for it: '17', 'S2'
    starting: bool | None = None
    car: str | None = None
    symbols: list[str] = field(default_factory=list)
    styling: list[str] = field(default_factory=list)
    stars: int | None = None
    vp: int | None = None
    silver: int | None = None
    money: int | None = None
    unread: list[str] = field(default_factory=list)  # words that are no part of a card

    def face_said(self) -> bool:
        """Whether anything printed on the card's face was said (its back's S is not its face)."""
        return bool(self.car or self.symbols or self.styling) or any(
            value is not None for value in (self.stars, self.vp, self.silver, self.money)
        )

    def empty(self) -> bool:
        return self.number is None and self.starting is None and not self.face_said()

    def whole(self) -> bool:
        """Whether the card was said whole, as it is told back: its car, stars and VP."""
        return None not in (self.car, self.stars, self.vp)

    def fits(self, name: str, card: Contract) -> bool:
        """Whether card `name` shows all that was said (it may show more)."""
        said = (self.car, self.stars, self.vp, self.silver, self.money, self.starting)
        printed = (card.car, card.stars, card.vp, card.silver, card.money, name.startswith("S"))
        if any(s is not None and s != p for s, p in zip(said, printed)):
            return False
        return set(self.symbols) <= set(card.symbols) and set(self.styling) <= set(card.styling)

    def shows_no_more_than(self, card: Contract) -> bool:
        """Whether the card asks for nothing that was not said, and shows no medal or money unsaid."""
        return (
            set(self.symbols) == set(card.symbols)
            and set(self.styling) == set(card.styling)
            and (self.silver or 0) == card.silver
            and (self.money or 0) == card.money
        )

    def words(self) -> str:
        """What was said of the face, as the reader reads it back: 'starting family car, 4 stars, 1 VP'."""
        head = " ".join(
            part for part in ("starting" if self.starting else "", f"{self.car} car" if self.car else "") if part
        )
        parts = [head, *self.symbols, *self.styling]
        parts += [f"{self.stars} stars"] * (self.stars is not None) + [f"{self.vp} VP"] * (self.vp is not None)
        if self.silver is not None:
            parts.append("no silver medal" if self.silver == 0 else plural(self.silver, "silver medal"))
        parts += [f"${self.money}"] * (self.money is not None)
        return ", ".join(part for part in parts if part) or "a contract"


def contract_hint(components: Components) -> str:
    """How a contract is said, for a line that says it otherwise."""
    return (
        f"a contract is said by what it shows: its car (city, family, super or any), symbols "
        f"({', '.join(components.symbols)}), styling ({', '.join(components.styling_parts)}), 'N stars', "
        "'N VP', 'silver medal', 'starting'; or by its number ('17', 'S2'; `help contracts` lists them)"
    )


def read_contract(words: Sequence[str], components: Components) -> ContractSaid:
    """What `words` say of one card, the words that are no part of one kept apart in `unread`
    (for a step's reader to tell a card from another step's words); TokenSyntaxError where the
    words contradict themselves ('city car family', 'contract 4 and 5')."""
    said = ContractSaid()
    shown = " ".join(words)
    pending: int | None = None  # a number whose unit may follow ('6 stars')
    pending_s = False  # the number came right after an 's' ('S2')
    denied: str | None = None  # the word denying what follows ('no', 'without'): only a medal may be

    def card_number() -> None:
        nonlocal pending
        if pending is None:
            return
        number = f"S{pending}" if pending_s else str(pending)
        if said.number not in (None, number):
            raise TokenSyntaxError(f"two contracts are named in {shown!r}: {said.number} and {number}: say one")
        said.number, pending = number, None

    def counted() -> int:
        nonlocal pending
        if pending is None:
            raise TokenSyntaxError(f"say how many in {shown!r}: '6 stars', '3 VP', '$3'")
        value, pending = pending, None
        return value

    for index, word in enumerate(words):
        before = words[index - 1] if index else ""
        if word.isdigit():
            card_number()  # a number before another is no count: 'contract 17 6 stars'
            denied = None  # 'no' before a number is its sign: 'contract no. 17'
            if before == "$":
                said.money = _once(said.money, int(word), "money", shown)
            elif before in ("popularity", "popular"):
                said.stars = _once(said.stars, int(word), "stars", shown)
            else:
                pending, pending_s = int(word), before == "s"
            continue
        if word in _BETWEEN_COUNT and pending is not None:
            continue
        if word in _OTHER_COUNTS and pending is not None:
            pending = None
            continue
        if denied and word in ("the", "a", "an"):  # 'without the silver medal'
            continue
        if denied and word not in _MEDAL_WORDS:  # 'no' denies a medal only
            said.unread.append(denied)
            denied = None
        if word in _STAR_WORDS:
            said.stars = _once(said.stars, counted(), "stars", shown)
        elif word in _VP_WORDS:
            said.vp = _once(said.vp, counted(), "VP", shown)
        elif word in _MONEY_WORDS:
            said.money = _once(said.money, counted(), "money", shown)
        elif word in _MEDAL_WORDS:
            if pending is not None or denied:
                said.silver = _once(said.silver, 0 if denied else counted(), "silver medals", shown)
            elif said.silver is None:  # 'silver medal' is one medal
                said.silver = 1
            denied = None
            continue
        elif word in _DENIALS:
            card_number()
            denied = word
            continue
        else:
            card_number()
            _read_name(word, said, components, shown)
    card_number()
    if denied:
        said.unread.append(denied)
    return said


def _read_name(word: str, said: ContractSaid, components: Components, shown: str) -> None:
    """A word that names the card's car, a symbol or a styling part it asks for, or its kind;
    any other but filler is kept as unread."""
    if word in CAR_WORDS:
        said.car = _once(said.car, CAR_WORDS[word], "car types", shown)
    elif word in _STARTING_WORDS:
        said.starting = True
    elif (symbol := _named(word, components.symbols)) is not None:
        said.symbols += [symbol] * (symbol not in said.symbols)
    elif (part := _named(word, components.styling_parts)) is not None:
        said.styling += [part] * (part not in said.styling)
    elif word not in _FILLER and word != "$":
        said.unread.append(word)


def _named(word: str, names: list[str]) -> str | None:
    """The name `word` says, plural or singular ('rim' for rims, 'suitcases' for suitcase)."""
    return next((form for form in (word, word + "s", word.removesuffix("s")) if form in names), None)


def _once(was: T | None, now: T, what: str, shown: str) -> T:
    if was is not None and was != now:
        raise TokenSyntaxError(f"two {what} are said in {shown!r} ({was} and {now}): a card shows one")
    return now


def contract_named(
    words: Sequence[str],
    candidates: Sequence[str],
    components: Components,
    *,
    among: str = "that could be meant",
    outside: Sequence[str] | None = None,
    kind: str | None = None,
) -> str:
    """The contract `words` name among `candidates` (our names: '17', 'S2'), said by what it
    shows or by its number. `among` says where the candidates are ('on the display', 'in your
    hand'); `outside` are the words outside brackets: where they name the card's number, what
    brackets add is not read (a told line's note). `kind` is 'starting' where only a starting
    contract is meant, 'regular' where only the others are. A number is taken as it is (the rules
    check it), but what is said beside it must be on that card; a starting card's number is said
    with its S ('S2') or the word ('starting contract 2'): a number alone names a deck card, as at
    every step ('contract 4'), and where only a starting contract is meant it is refused.
    TokenSyntaxError when nothing is said, no candidate fits, or several that show different faces do."""
    _check_not_a_machine(words if outside is None else outside)
    said = _said(words, outside, components)
    if said.unread:
        raise TokenSyntaxError(
            f"cannot read {said.unread[0]!r} in the contract {' '.join(words)!r}: {contract_hint(components)}"
        )
    _check_one_card(words if outside is None else outside)
    if said.number is not None and not said.number.startswith("S"):
        if said.starting:
            said.number = f"S{said.number}"  # 'starting contract 2'
        elif kind == "starting":  # 'I get contract 4': deck card 4, not S4
            raise TokenSyntaxError(
                f"contract {said.number} is a deck card, not a starting contract: say a starting contract with its "
                f"S, 'S{said.number}', or by what it shows ('the family car starting contract')"
            )
    if kind == "regular" and (said.starting or (said.number or "").startswith("S")):
        which = f"{said.number} is a starting contract" if said.number else "starting contracts are dealt at the start"
        raise TokenSyntaxError(f"{which}: the deck and the display hold the {len(components.contracts)} others")
    if said.number is not None:
        return _numbered(said, components)
    if said.empty():
        raise TokenSyntaxError(f"say which contract: {contract_hint(components)}")
    fitting = [name for name in candidates if said.fits(name, components.contract(name))]
    faces = _by_face(fitting, components)
    if len(faces) > 1 and said.whole():  # said whole, as told back: a card that shows more is not it
        exact = [names for names in faces if said.shows_no_more_than(components.contract(names[0]))]
        faces = exact if len(exact) == 1 else faces
    if len(faces) == 1:
        return faces[0][0]  # cards alike to the rules: any of them is the card meant
    if not faces:
        raise TokenSyntaxError(_none_fits(said, candidates, components, among))
    raise TokenSyntaxError(_several_fit(said, [names[0] for names in faces], components, among))


# The nouns that end what one card is said by ('the chrome one', 'the speed contract'): each of two
# phrases joined by 'and' that holds one names a card of its own.
_CARD_NOUNS = ("one", "contract", "card")


def _check_one_card(words: Sequence[str]) -> None:
    """TokenSyntaxError for two cards named where one is meant ('the chrome one and the speed one'):
    read as one card, it would ask for both, and fit none or another."""
    parts: list[list[str]] = [[]]
    for word in words:
        if word == "and":
            parts.append([])
        else:
            parts[-1].append(word)
    if len(parts) > 1 and all(any(word in _CARD_NOUNS for word in part) for part in parts):
        named = " and ".join(repr(" ".join(part)) for part in parts)
        raise TokenSyntaxError(f"{len(parts)} contracts are named, {named}: say one")


def _check_not_a_machine(words: Sequence[str]) -> None:
    """TokenSyntaxError for a machine tile where a contract is meant ('I take the speed machine' at the
    display): a card is said by the machine it asks for ('the speed machine contract'), never as one."""
    said = [word for word in words if word not in ("(", ")")]
    if said and said[-1] in ("machine", "machines") and not any(word in _CARD_NOUNS for word in said):
        shown = " ".join(said)
        raise TokenSyntaxError(
            f"{shown!r} is a machine tile, and a contract is meant now: say the card by what it shows "
            f"('the {said[-2] if len(said) > 1 else 'speed'} contract', 'the chrome one')"
        )


def _said(words: Sequence[str], outside: Sequence[str] | None, components: Components) -> ContractSaid:
    """The card said: by the words outside brackets where they hold its number, else by all."""
    if outside is not None and list(outside) != list(words):
        try:
            said = read_contract(outside, components)
        except TokenSyntaxError:
            said = None
        if said is not None and said.number is not None and not said.unread:
            return said
    return read_contract(words, components)


def _numbered(said: ContractSaid, components: Components) -> str:
    """The card named by its number; TokenSyntaxError where what was said beside it is not on it.
    A number with no card is left to the rules, which name it."""
    name = str(said.number)
    card = card_of(components, name)
    if card is None:
        return name
    beside = ContractSaid(
        None, None, said.car, said.symbols, said.styling, said.stars, said.vp, said.silver, said.money
    )
    if beside.face_said() and not beside.fits(name, card):
        raise TokenSyntaxError(
            f"{contract_words(components, name, numbered=True)} does not show {beside.words()}: say the card's "
            "number or what it shows"
        )
    return name


def card_of(components: Components, name: str) -> Contract | None:
    """The card our name `name` names ('17', 'S2'); None for a name the set has no card for."""
    starting = name.startswith("S")
    number = name[1:] if starting else name
    cards = components.starting_contracts if starting else components.contracts
    return cards[int(number) - 1] if number.isdigit() and 1 <= int(number) <= len(cards) else None


def _by_face(names: list[str], components: Components) -> list[list[str]]:
    """`names` grouped by the face their cards show, in the order first met."""
    groups: dict[tuple[object, ...], list[str]] = {}
    for name in names:
        groups.setdefault(card_face(name, components.contract(name)), []).append(name)
    return list(groups.values())


# A long list of candidates (the unseen deck) is cut to the nearest this many.
_LISTED = 6


def _none_fits(said: ContractSaid, candidates: Sequence[str], components: Components, among: str) -> str:
    """No candidate shows what was said: the candidates in words, or the nearest of many."""
    if not candidates:
        return f"there is no contract {among}"
    if len(candidates) <= _LISTED:
        listed = "; ".join(contract_words(components, name) for name in candidates)
        return f"no contract {among} shows {said.words()!r}; the contracts {among}: {listed}"
    near = sorted(candidates, key=lambda name: -_fitting_parts(said, name, components.contract(name)))
    listed = "; ".join(contract_words(components, name) for name in near[:_LISTED])
    return (
        f"no contract {among} shows {said.words()!r}; the nearest: {listed}; and {len(candidates) - _LISTED} more "
        "(`help contracts` lists every contract)"
    )


def _fitting_parts(said: ContractSaid, name: str, card: Contract) -> int:
    """How many of the things said card `name` shows: how near it is to what was said."""
    parts = [
        said.car in (None, card.car),
        said.stars in (None, card.stars),
        said.vp in (None, card.vp),
        said.silver in (None, card.silver),
        said.starting in (None, name.startswith("S")),
    ]
    return sum(parts) + sum(s in card.symbols for s in said.symbols) + sum(p in card.styling for p in said.styling)


def _several_fit(said: ContractSaid, names: list[str], components: Components, among: str) -> str:
    """Several cards of different faces fit: each in words, as a player scans them (by car, then what
    it asks for), and what to say to name it alone."""
    names = sorted(names, key=lambda name: contract_order(components, name))
    listed = "; ".join(contract_words(components, name, numbered=True) for name in names)
    apart = " or ".join(f"'{_apart(said, name, names, components).words()}'" for name in names)
    return f"{said.words()!r} fits {len(names)} contracts {among}: {listed}; say which: {apart} (or its number)"


def _apart(said: ContractSaid, name: str, names: list[str], components: Components) -> ContractSaid:
    """What was said, with what card `name` shows added, a thing at a time, until only it fits
    among `names` (where nothing but its number tells it apart, all it shows)."""
    card = components.contract(name)
    named = ContractSaid(None, said.starting, said.car, list(said.symbols), list(said.styling), said.stars, said.vp)
    named.silver, named.money = said.silver, said.money
    additions = [
        ("car", card.car),
        *(("symbols", symbol) for symbol in card.symbols),
        *(("styling", part) for part in card.styling),
        ("stars", card.stars),
        ("vp", card.vp),
        ("silver", card.silver),
        ("starting", True if name.startswith("S") else None),
    ]
    for what, value in additions:
        still = [other for other in names if named.fits(other, components.contract(other))]
        if len(still) == 1 or value is None:
            continue
        tried = ContractSaid(**{**named.__dict__})
        if what in ("symbols", "styling"):
            setattr(tried, what, [*getattr(named, what), *([value] * (value not in getattr(named, what)))])
        else:
            setattr(tried, what, value)
        if len([other for other in names if tried.fits(other, components.contract(other))]) < len(still):
            named = tried
    return named


def line_machines(factory: dict[str, Any], car: str, components: Components) -> list[Tile]:
    """The machines on the assembly line of `car` in a seat's factory (a view's to_dict() seat)."""
    stations = (factory["stations"][station - 1] for station in components.lines[car])
    return [components.tile(tile) for tile in stations if tile]


def car_meets(name: str, factory: dict[str, Any], car: str, stars: int, components: Components) -> bool:
    """Whether a `car` of `stars` made in `factory` meets contract `name` (docs/automania.md, "Rules
    readings", contracts): its car, its stars, the styling parts on the car type and, machine by
    machine, the symbols on its line."""
    card = components.contract(name)
    if card.car not in ("any", car) or stars < card.stars:
        return False
    parts = {components.tile(tile).part for tile in factory["styling"][car]}
    on_line = Counter(tile.symbol for tile in line_machines(factory, car, components))
    return set(card.styling) <= parts and all(on_line[symbol] >= n for symbol, n in Counter(card.symbols).items())
