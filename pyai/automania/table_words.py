"""The table's chance steps in Automania, said in words: the player order, the
demand tiles, the contract display, a round's tiles and a contract turned up,
said without a seat's name ('order Bob Ann me', 'display 3 17 22', 'tiles ...')
or as they are told back (narration.py), and a seat's private card ('I get S2',
'Bob draws'). Each is read to its token; the contracts a view has not seen
(`unseen_contracts`) are what a card said may be. `next_chance_words` says
what the table deals next.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from typing import Any

from ..errors import TokenSyntaxError
from ..told_lines import split_outside_brackets
from .component_file import ROUNDS_PER_BACK, Components, Tile
from .contract_words import contract_named, read_contract
from .line_words import (
    BRACKETED,
    CAR_WORDS,
    MARKETS,
    denies,
    first_ordinal,
    ordinal_value,
    speaker,
    split_words,
    words_of,
)
from .narration import MARKET_NAMES, contract_said, contract_words, tile_words
from .tile_faces import Face, fitting_tiles, read_face

# The words that open a chance step said at the table ('order Bob Ann me', 'display 3 17 22').
TABLE_WORDS = ("order", "demands", "display", "reveal", "tiles")
# The contracts the setup turns up (the core's kDealDisplay).
DISPLAY_CONTRACTS = 3
# The table's chance steps as they are told back (narration.py), each line's head and the step
# it tells: a told line typed back is that step. A deal told in several lines (the demands, the
# display, the tiles) is said on one line, its lines joined by '; ' as the advice joins them.
_TOLD_CHANCE = (
    # and as people say it: 'player order Bob, me, Cid', 'the order is Bob, me, Cid'
    (re.compile(r"\s*(?:the\s+player|the|player)\s+order\b\s*:?", re.IGNORECASE), "order"),
    (re.compile(r"\s*(?=(?:north\s+america|europe|na|eu)\s+wants\b)", re.IGNORECASE), "demands"),
    (re.compile(r"\s*(?=on\s+display\s*:)", re.IGNORECASE), "display"),
    # 'the contracts on display: 3, 17, 22', 'contracts on the display are 3 17 22'
    (re.compile(r"\s*(?:the\s+)?contracts\s+on\s+(?:the\s+)?display\b(?:\s*:|\s+are\b)?", re.I), "display"),
    (re.compile(r"\s*turned\s+up\s*(?:on\s+the\s+display\s*)?:", re.IGNORECASE), "reveal"),
    # 'contract 14 is turned up', 'the city car green card is revealed' (no seat's line names a card first)
    (
        re.compile(r"\s*(?=(?:the\s+(?:[^;:]*\s)?)?(?:contract|card)\b[^;]*\b(?:turned\s+up|revealed)\W*$)", re.I),
        "reveal",
    ),
    # the card turned up as people say it: 'the new card on the display is the family car with rims'
    (re.compile(r"\s*(?:the\s+)?new\s+(?:card|contract)\s*(?:on\s+the\s+display\s*)?(?:is\b|:)", re.I), "reveal"),
    (re.compile(r"\s*round\s+(?P<round>[0-9]+)\s+tiles\b", re.IGNORECASE), "tiles"),
)
_TABLE_HEAD = re.compile(rf"[^a-z0-9$*/]*({'|'.join(TABLE_WORDS)})(?![a-z])", re.IGNORECASE)


# The table's own deals, which a line opened by a table word says.
_TABLE_DEALS = ("deal order", "deal demands", "deal display", "deal tiles", "reveal contract")


def _seat_named_first(text: str, names: list[str], step: str) -> bool:
    """Whether `text` opens with a seat's name, which makes the line that seat's though the name
    starts with a table word ('Order2', 'Tiles-Bot', 'Display.'). A name that is only a table
    word ('Order') is the table's word while the table deals: else the deal could not be said."""
    for name in names:
        if re.match(rf"\s*{re.escape(name)}(?![a-z0-9])", text, re.IGNORECASE):
            only_a_table_word = split_words(name) in [[word] for word in TABLE_WORDS]
            if not (only_a_table_word and step in _TABLE_DEALS):
                return True
    return False


@dataclass
class _ChanceSaid:
    """A chance step the whole table sees, as a line says it: the step, the words after its
    head, and the round a told deal of tiles names ('round 2 tiles, row 1: ...')."""

    kind: str
    body: str
    round: int | None = None


def chance_said(text: str, names: list[str], step: str) -> _ChanceSaid | None:
    """The table's chance step `text` says, by its head: 'order ...', 'display ...', or as the step
    is told back, 'player order: ...', 'North America wants ...'; None for a line said by a seat
    (`names`), one that starts with a seat's name too ('Order2 sponsors 1', `step` the step next)."""
    head = _TABLE_HEAD.match(text)
    if head and not _seat_named_first(text, names, step):
        return _ChanceSaid(head.group(1).lower(), text[head.end() :])
    for told, kind in _TOLD_CHANCE:
        head = told.match(text)
        if head:
            said_round = head.groupdict().get("round")
            return _ChanceSaid(kind, text[head.end() :], None if said_round is None else int(said_round))
    return None


def table_chance(said: _ChanceSaid, data: dict, names: list[str], me: int, components: Components) -> str:
    """A chance step the whole table sees, said without a name: 'order ...', 'demands ...',
    'display 3 17 22', 'reveal 14', 'tiles ...', or as it is told back. What a told line adds
    in brackets (the seats' starting money, what a contract asks) is no part of the step."""
    if said.kind == "tiles":
        if said.round is not None and said.round != data["round"]:
            raise TokenSyntaxError(f"these are round {said.round}'s tiles: round {data['round']}'s are dealt now")
        return _tiles(said.body, data, components)
    outside = words_of(BRACKETED.sub(" ", said.body))
    if said.kind == "order":
        return order_in_a_sentence(outside, names, me)
    if said.kind == "demands":
        return _demands(_demand_words(said.body), components)
    if said.kind == "display":
        return _display(said.body, data, components)
    return f"reveal:{_turned_up(said.body, data, components)}"


def order_said(words: list[str], names: list[str], me: int) -> str:
    """'order Bob Ann me' (first player first), or seat numbers. A number alone is a seat's number,
    but a name that starts with digits ('2Bob', as the order is told back) is that seat's."""
    seats = []
    while words:
        seat, rest = speaker(words, names, me)
        if words[0].isdigit() and len(words) - len(rest) <= 1:  # no name, or a name that is a number
            seats.append(int(words[0]))
            words = words[1:]
        elif seat is not None:
            if seat in seats:
                raise TokenSyntaxError(
                    "you are in the order twice" if seat == me else f"{names[seat]} is in the order twice"
                )
            seats.append(seat)
            words = rest
        elif words[0] in ("and", "then"):  # "order Bob, me and Ann"
            words = words[1:]
        elif ordinal_value(words[0]) is not None:  # 'order Bob second, me first': the order is the line's
            raise TokenSyntaxError(
                f"cannot read {words[0]!r} in the order: say the seats first player first, e.g. 'order Bob me Ann'"
            )
        else:
            raise TokenSyntaxError(f"{words[0]!r} in the order is no seat's name (names: {', '.join(names)})")
    if not seats:
        example = " ".join("me" if seat == me else name for seat, name in enumerate(names))
        raise TokenSyntaxError(f"say the seats in the player order, first player first, e.g. 'order {example}'")
    return "order:" + ",".join(map(str, seats))


# Words of a player order said as a sentence ('Cid goes first, then Ann, then me') besides the seats.
_ORDER_SENTENCE_WORDS = ("goes", "go", "is", "plays", "play", "starts", "start", "moves", "move", "next", "after")


def says_an_order(words: list[str], names: list[str], me: int) -> bool:
    """Whether a line opened by a seat's name says the player order: it says who goes first or
    then, or names another seat ('Cid goes first, then Ann, then me'; 'Cid, Ann and me')."""
    if any(word in ("first", "then", "last") for word in words):
        return True
    seat, rest = speaker(words, names, me)
    return any(speaker(rest[i:], names, me)[0] not in (None, seat) for i in range(len(rest)))


def order_in_a_sentence(words: list[str], names: list[str], me: int) -> str:
    """The player order said as a sentence, first player first: 'Cid goes first, then Ann, then me',
    'Cid starts, then Ann and me last'. 'first' is read after the first seat only, 'last' at the end:
    where the order puts them anyway (any other place in it is refused, as `order_said` refuses it).
    The one seat left out of an order that names all the others goes last: no other place is left."""
    seats: list[str] = []  # the seats' words, in the order said
    named = 0  # how many seats
    while words:
        seat, rest = speaker(words, names, me)
        if seat is not None or words[0].isdigit():  # a seat, by its name or number
            taken = len(words) - len(rest) if seat is not None else 1
            seats += words[:taken]
            words, named = words[taken:], named + 1
        elif words[0] in (*_ORDER_SENTENCE_WORDS, "and", "then") or (words[0] == "first" and named == 1):
            words = words[1:]
        elif words == ["last"]:
            break
        else:
            seats += words  # what is no seat nor a word of the sentence: `order_said` refuses it
            break
    order = [int(seat) for seat in order_said(seats, names, me).removeprefix("order:").split(",")]
    left_out = [seat for seat in range(len(names)) if seat not in order]
    if len(order) == len(names) - 1 and len(left_out) == 1:  # 'Cid goes first, then me': Ann goes last
        order += left_out
    return "order:" + ",".join(map(str, order))


# Words of the demands that are no symbol: "North America wants speed, ...; next: green | suitcase".
_DEMAND_WORDS = ("wants", "want", "and", "then")
# The word before a market's next left and right: as told ('next:'), or as the rulebook and
# `show` call them ('pending speed, suitcase').
_PENDING_WORDS = ("next", "pending")


@dataclass
class _MarketDemands:
    """One market's demand tiles as said: the market (None where it is not named), its
    symbols, how many came before 'next' (the pending ones after it), if said, and the stars
    said for a symbol (by its place among them), as told back: 'safety (2 stars)'."""

    market: str | None = None
    symbols: list[str] = field(default_factory=list)
    before_next: int | None = None
    stars: dict[int, int] = field(default_factory=dict)


# A symbol's stars said in brackets after it, as the demands are told: 'speed (4 stars)', 'power (3)'.
_STARS_NOTE = re.compile(r"\(\s*([0-9]+)\s*(?:stars?|\*)?\s*\)", re.IGNORECASE)


def _demand_words(body: str) -> list[str]:
    """The words of the demands said in `body`, each symbol's stars in brackets kept as a word of its
    own, '(4)': they say which space the symbol is on. What else brackets add is not read."""
    words, at = [], 0
    for bracket in BRACKETED.finditer(body):
        words += words_of(body[at : bracket.start()])
        note = _STARS_NOTE.fullmatch(bracket.group())
        words += [f"({int(note.group(1))})"] if note else []
        at = bracket.end()
    return words + words_of(body[at:])


def _demands(words: list[str], components: Components) -> str:
    """'demands speed speed power green suitcase / suitcase safety green power safety': each market's
    active demands (4, 3 and 2 stars) then its pending left and right; North America first, unless
    the markets are named ('demands EU ... NA ...', or as told back, 'North America wants speed,
    speed, power; next: green | suitcase; Europe wants ...'). 'next' (or 'pending') must come after the
    active ones."""
    per_market = len(components.active_stars) + 2
    said = _markets_said(words, components)
    if len(said) == 1 and said[0].market is None and said[0].before_next is None:  # no '/' nor names: by count
        said = _split_by_count(said[0], per_market)
    named = [market.market for market in said if market.market]
    if len(said) == 1 and named:
        other = next(name for market, name in MARKET_NAMES.items() if market != named[0])
        raise TokenSyntaxError(
            f"say {other}'s demands too, on the same line: the told lines of both markets joined by '; ', "
            "or 'demands speed speed power green suitcase / suitcase safety green power safety'"
        )
    if len(set(named)) < len(named):
        raise TokenSyntaxError(f"{MARKET_NAMES[named[0]]}'s demands are said twice: say each market's once")
    if len(said) != 2 or any(len(market.symbols) != per_market for market in said):
        raise TokenSyntaxError(
            f"the demands are {per_market} symbols for each market (active 4, 3, 2 stars, then pending left "
            "and right), North America's / Europe's"
        )
    unnamed = iter(market for market in MARKET_NAMES if market not in named)
    by_market = {market.market or next(unnamed): market for market in said}
    for name, market in by_market.items():
        if market.before_next not in (None, len(components.active_stars)):
            stars = ", ".join(map(str, components.active_stars))
            raise TokenSyntaxError(
                f"{MARKET_NAMES[name]}'s demands are {len(components.active_stars)} symbols before 'next' or "
                f"'pending' (its {stars} star spaces) and 2 after it (the next left and right)"
            )
    placed = [_on_their_stars(by_market[market], market, components) for market in MARKET_NAMES]
    return "demands:" + "/".join(",".join(symbols) for symbols in placed)


def _split_by_count(said: _MarketDemands, per_market: int) -> list[_MarketDemands]:
    """Demands said without '/' nor names, as the two markets' by count: North America's first, Europe's
    all the rest (where there are more or fewer, the count is refused after)."""
    first = {place: stars for place, stars in said.stars.items() if place < per_market}
    rest = {place - per_market: stars for place, stars in said.stars.items() if place >= per_market}
    return [
        _MarketDemands(None, said.symbols[:per_market], None, first),
        _MarketDemands(None, said.symbols[per_market:], None, rest),
    ]


def _on_their_stars(said: _MarketDemands, market: str, components: Components) -> list[str]:
    """A market's symbols as the token takes them, its star spaces from the most stars down, then the
    next left and right: each symbol on the space of the stars said for it ('safety (2 stars), power
    (3), power (4)' puts safety on the 2-star space), which is what the person means whatever the order
    they are said in; else in the order said. TokenSyntaxError for stars said for some symbols only,
    where they are not their places in the order, or that are not the market's spaces, one each."""
    active = components.active_stars
    spaces = f"{', '.join(map(str, active[:-1]))} and {active[-1]}"
    who = MARKET_NAMES[market]
    if any(place >= len(active) for place in said.stars):
        raise TokenSyntaxError(
            f"{who}'s next left and right are on no star space: say stars for its first {len(active)} only"
        )
    if not said.stars or said.stars == dict(enumerate(active)):
        return said.symbols
    if len(said.stars) < len(active):
        raise TokenSyntaxError(
            f"say the stars of each of {who}'s {len(active)} demands, or of none (then they are read in order, "
            f"the {spaces} star spaces)"
        )
    stars = [said.stars[place] for place in range(len(active))]
    if sorted(stars, reverse=True) != sorted(active, reverse=True):
        told = ", ".join(f"{symbol} ({star})" for symbol, star in zip(said.symbols, stars))
        raise TokenSyntaxError(f"{who}'s demands are on its {spaces} star spaces, one each, not {told}")
    by_space = sorted(range(len(active)), key=lambda place: active.index(stars[place]))
    return [said.symbols[place] for place in by_space] + said.symbols[len(active) :]


def _markets_said(words: list[str], components: Components) -> list[_MarketDemands]:
    """The demands said, market by market: a new one after '/' or a market's name (a name right
    after '/', or at the start, names the one begun). A name comes before its market's symbols, as
    they are told; TokenSyntaxError for one after symbols no name came before ('speed ... Europe
    suitcase ...'): a person who names each market after its symbols would mean the other market."""
    said = [_MarketDemands()]
    symbol_last = False  # whether the word before was a symbol: its stars may follow
    for word in words:
        current = said[-1]
        begun = not current.symbols and current.before_next is None
        after_a_symbol, symbol_last = symbol_last, False
        if word == "/":
            said.append(_MarketDemands())
        elif word in MARKETS:
            if not begun and current.market is None:
                raise TokenSyntaxError(
                    "name each market before its symbols, as they are told ('North America wants speed, speed, "
                    "power; next: green | suitcase; Europe wants ...'), or say them in order without names, "
                    "North America's first: 'demands speed speed power green suitcase / suitcase safety green "
                    "power safety'"
                )
            if not (begun and current.market in (None, MARKETS[word])):  # "north america": one name
                said.append(_MarketDemands())
            said[-1].market = MARKETS[word]
        elif word in _PENDING_WORDS:
            if current.before_next is not None:
                raise TokenSyntaxError(f"say {word!r} once for each market, before its next left and right")
            current.before_next = len(current.symbols)
        elif word in components.symbols:
            current.symbols.append(word)
            symbol_last = True
        elif word.startswith("("):  # a symbol's stars, '(4)' (`_demand_words`)
            _note_stars(current, int(word.strip("()")), after_a_symbol)
        elif word not in _DEMAND_WORDS:
            raise TokenSyntaxError(f"{word!r} is no demand symbol ({', '.join(components.symbols)})")
    return said


def _note_stars(market: _MarketDemands, stars: int, after_a_symbol: bool) -> None:
    """The stars said in brackets for the symbol said just before ('safety (2 stars)'); TokenSyntaxError
    for stars said after no symbol, or for the next left and right, which are on no star space."""
    if not after_a_symbol:
        raise TokenSyntaxError(
            "say a demand's stars right after its symbol, as they are told: 'speed (4 stars), power (3), green (2)'"
        )
    if market.before_next is not None:
        raise TokenSyntaxError("the next left and right are on no star space: say stars before 'next' only")
    market.stars[len(market.symbols) - 1] = stars


# Words of the display's line that name no card ('on display: contract 3 (...); on display: ...').
_DISPLAY_WORDS = ("on", "the", "display", "contract", "contracts", "and")
_DISPLAY_EXAMPLE = "'display 3 17 22' or 'display city car, green, 5 stars; super car, speed, 8 stars; any car, chrome'"


def _display(body: str, data: dict[str, Any], components: Components) -> str:
    """'display 3 17 22', or as told back, 'on display: contract 3 (...); on display: contract 17 ...';
    or the cards by what they show, split by ';' or ',' (`_display_by_face`)."""
    outside = words_of(BRACKETED.sub(" ", body))
    numbers = [word for word in outside if word.isdigit()]
    by_number = all(word.isdigit() or word in _DISPLAY_WORDS for word in outside)
    # a told line typed back without its numbers says its cards in brackets: read them
    if not by_number or (not numbers and "(" in body):
        ordinal = first_ordinal(outside)
        if ordinal is not None:  # 'display 1st 2 3': a card is no place in an order
            raise TokenSyntaxError(
                f"cannot read {ordinal!r} in the display: say its contracts, e.g. {_DISPLAY_EXAMPLE}"
            )
        return "display:" + ",".join(_display_by_face(body, data, components))
    if len(numbers) != DISPLAY_CONTRACTS:
        raise TokenSyntaxError(
            f"the display is {DISPLAY_CONTRACTS} contracts, not {len(numbers)}: say all on one line, "
            "e.g. 'display 3 17 22' (or the told lines joined by '; ')"
        )
    twice = next((number for number in numbers if numbers.count(number) > 1), None)
    if twice is not None:
        raise TokenSyntaxError(_named_twice(twice, components))
    return "display:" + ",".join(numbers)


def _named_twice(card: str, components: Components) -> str:
    """Why a display that names one card twice is refused: its cards are all different."""
    return (
        f"{contract_words(components, card)} is named twice: the display is {DISPLAY_CONTRACTS} different "
        f"contracts, e.g. {_DISPLAY_EXAMPLE}"
    )


def _display_by_face(body: str, data: dict[str, Any], components: Components) -> list[str]:
    """The display's cards said by what they show (or some by number), split by ';', else by ','
    ('display: city car with green 5 stars 2 VP, super car speed, any car chrome'). Where commas
    split a card's words too ('city car, green, 5 stars, super car, ...'), the one way of joining
    the parts into three cards that each name a card still unseen is the display."""
    separator = ";" if ";" in BRACKETED.sub(" ", body) else ","
    parts = [part for part in split_outside_brackets(body, separator) if words_of(part)]
    if len(parts) < DISPLAY_CONTRACTS:
        raise TokenSyntaxError(
            f"the display is {DISPLAY_CONTRACTS} contracts, not {len(parts)}: say all on one line, split by ';' "
            f"or ',', e.g. {_DISPLAY_EXAMPLE}"
        )
    if len(parts) == DISPLAY_CONTRACTS:
        return _display_cards(parts, data, components)
    readings, by_car = set(), []
    for first, second in itertools.combinations(range(1, len(parts)), 2):
        cards = [", ".join(parts[:first]), ", ".join(parts[first:second]), ", ".join(parts[second:])]
        if all(set(words_of(parts[start])) & set(CAR_WORDS) for start in (0, first, second)):
            by_car.append(cards)
        try:
            readings.add(tuple(_display_cards(cards, data, components)))
        except TokenSyntaxError:
            continue
    if not readings and len(by_car) == 1:  # each card begins with its car: why that reading fails
        _display_cards(by_car[0], data, components)
    if len(readings) != 1:
        how = "fits no" if not readings else "fits more than one"
        raise TokenSyntaxError(
            f"cannot tell where each of the display's {DISPLAY_CONTRACTS} cards ends ({len(parts)} parts split by "
            f"',' {how} way of reading them as {DISPLAY_CONTRACTS} cards): split the cards by ';', e.g. "
            f"{_DISPLAY_EXAMPLE.partition(' or ')[2]}"
        )
    return list(readings.pop())


def _display_cards(phrases: list[str], data: dict[str, Any], components: Components) -> list[str]:
    """Each phrase's card, among those still unseen and not said before it on the line."""
    unseen = unseen_contracts(data, components)
    cards: list[str] = []
    for phrase in phrases:
        words = [word for word in words_of(phrase) if word not in _DISPLAY_WORDS]
        outside = [word for word in words_of(BRACKETED.sub(" ", phrase)) if word not in _DISPLAY_WORDS]
        left = [name for name in unseen if name not in cards]
        try:
            card = contract_named(words, left, components, among="still unseen", outside=outside, kind="regular")
        except TokenSyntaxError:
            _check_not_said_before(words, outside, cards, components)
            raise
        if card in cards:  # by its number
            raise TokenSyntaxError(_named_twice(card, components))
        cards.append(card)
    return cards


def _check_not_said_before(words: list[str], outside: list[str], cards: list[str], components: Components) -> None:
    """TokenSyntaxError where a display's card that fits none left fits one said before on the line:
    the same card named twice, which is why it fits none left (not that no such card is unseen)."""
    try:
        card = contract_named(words, cards, components, outside=outside, kind="regular") if cards else None
    except TokenSyntaxError:
        return
    if card is not None:
        raise TokenSyntaxError(_named_twice(card, components))


# Words of a card turned up that name no card ('turned up on the display: contract 14 (...)').
_TURNED_UP_WORDS = ("reveal", "reveals", "revealed", "turned", "turns", "turn", "up", "on", "display", "is", "gets")


def _turned_up(body: str, data: dict[str, Any], components: Components) -> str:
    """The card turned up on the display: 'reveal 14', 'reveal the city car green contract', or as told
    back, 'turned up on the display: contract 14 (...)': a card still unseen."""
    words = [word for word in words_of(body) if word not in _TURNED_UP_WORDS]
    outside = [word for word in words_of(BRACKETED.sub(" ", body)) if word not in _TURNED_UP_WORDS]
    if read_contract(words, components).empty():
        raise TokenSyntaxError(
            "say the contract turned up: 'reveal 14', or what it shows, 'reveal city car, green, 5 stars'"
        )
    unseen = unseen_contracts(data, components)
    return contract_named(words, unseen, components, among="still unseen", outside=outside, kind="regular")


def _tiles(said: str, data: dict[str, Any], components: Components) -> str:
    """'tiles speed, speed 1 star, ...': the round's 18 tiles by face, the grid row by row, then
    below sales offices 1 and 2; where a place is named before a face ('row 2: power machine, ...',
    'below sales office 1: ...', as told back), the face must be the first there."""
    parts = split_outside_brackets(said, ",;")
    count = sum(len(row) for row in data["grid"]) + sum(1 for spec in components.sales_offices if spec.tile)
    if len(parts) != count:
        raise TokenSyntaxError(
            f"a round's tiles are {count} faces split by commas (the grid row by row, then below sales offices "
            f"1 and 2), not {len(parts)}: say them all on one line (the told lines may be joined by '; ')"
        )
    phrases = []
    for index, part in enumerate(parts):
        label, _, phrase = part.rpartition(":")
        if label.strip():
            _check_tile_label(label, index, data, components)
        phrases.append(phrase.strip())
    return "tiles:" + ",".join(_deal(phrases, data, components))


def _tile_labels(data: dict[str, Any], components: Components) -> dict[tuple[str, int], int]:
    """Where each row and each sales office with a tile begins among a deal's faces."""
    starts, at = {}, 0
    for row, cells in enumerate(data["grid"], start=1):
        starts[("row", row)] = at
        at += len(cells)
    for office, spec in enumerate(components.sales_offices, start=1):
        if spec.tile:
            starts[("office", office)] = at
            at += 1
    return starts


def _check_tile_label(label: str, index: int, data: dict[str, Any], components: Components) -> None:
    """TokenSyntaxError unless `label` ('row 2', 'below sales office 1') names where the face at
    `index` of the deal goes: said elsewhere, the faces would be read into other places."""
    words = [word for word in words_of(label) if word not in ("below", "under", "sales", "the")]
    starts = _tile_labels(data, components)
    place = (words[0], int(words[1])) if len(words) == 2 and words[1].isdigit() else None
    if place not in starts:
        raise TokenSyntaxError(
            f"cannot read {label.strip()!r} before a tile: the tiles are said row by row ('row 1: ...'), "
            "then 'below sales office 1: ...' and 'below sales office 2: ...'"
        )
    if starts[place] != index:
        raise TokenSyntaxError(
            f"{label.strip()!r} comes before face {index + 1}, but its first face is face {starts[place] + 1}: "
            "the tiles are said row by row, then below sales offices 1 and 2"
        )


# The verbs of a seat's private card ('I get S2', 'Bob draws', 'Ann was dealt her starting contract').
_CARD_VERBS = ("get", "gets", "got", "receive", "receives", "received", "draw", "draws", "drew", "dealt", "starting")
# Words of a seat's own card that name no card ('I draw 12 from the deck', 'my card is 12').
_PRIVATE_CARD_WORDS = (*_CARD_VERBS, "is", "was", "from", "deck", "pile", "top", "off")


def private_card(
    seat: int,
    words: list[str],
    outside: list[str],
    data: dict[str, Any],
    names: list[str],
    me: int,
    components: Components,
) -> str:
    """A seat's own card: 'I get S2', 'I get the family car starting contract', 'Bob gets his starting
    contract', 'I draw 12', 'I draw the city car suitcase contract', 'Bob draws' (`outside`: the words
    outside brackets, where a card told back shows what it asks)."""
    step = data["step"]
    if step not in ("deal starting contract", "draw contract"):
        raise TokenSyntaxError(
            f"no one moves now: the table deals next ({next_chance_words(data, names, me, components)})"
        )
    receiver = data["turn"]
    what = "starting contract" if step == "deal starting contract" else "card from the deck"
    if seat != receiver:
        raise TokenSyntaxError(f"the next {what} is {names[receiver]}'s, not {names[seat]}'s")
    starting = step == "deal starting contract"
    if seat == me:
        example = own_card_example(data, components)
    else:
        example = f"'{names[seat]} gets a starting contract'" if starting else f"'{names[seat]} draws'"
    whose = "your" if seat == me else f"{names[seat]}'s"
    ordinal = first_ordinal(outside)
    if ordinal is not None:  # 'I draw the 2nd': a card is no place in an order
        raise TokenSyntaxError(f"cannot read {ordinal!r}: say {whose} {what} as {example}")
    if denies(outside):  # "I don't get S2": a card is dealt whatever is said; which one is the step
        raise TokenSyntaxError(f"say the card dealt, not one that is not: the table deals {whose} {what} ({example})")
    # 'starting' tells a number's kind ('I get starting contract 2' is S2); without one it names no card
    kind_said = ("starting",) if any(word.isdigit() for word in words) else ()
    card_words = [word for word in words if word not in _PRIVATE_CARD_WORDS or word in kind_said]
    card_outside = [word for word in outside if word not in _PRIVATE_CARD_WORDS or word in kind_said]
    if seat != me:  # another seat's private card: the advised seat never sees it
        if not any(word in _CARD_VERBS for word in words):  # 'Ann sponsors 2' while a card is dealt
            raise TokenSyntaxError(f"no one moves now: the table deals {names[seat]}'s {what} ({example})")
        if _names_a_card(card_outside, components):  # "Ann draws 7", "Ann draws the city car contract"
            raise TokenSyntaxError(f"{names[seat]}'s {what} is hidden from you: say {example}")
        return f"{'start' if starting else 'drawn'}:?"
    card = read_contract(card_words, components)
    if (card.empty() or card.unread) and not any(word in _CARD_VERBS for word in words):  # 'I sponsor 2'
        raise TokenSyntaxError(f"no one moves now: the table deals {names[seat]}'s {what} ({example})")
    if card.empty():
        shown = (
            "'I get S2' or 'I get the family car starting contract'"
            if starting
            else "'I draw 12' or 'I draw the city car suitcase 6 stars'"
        )
        raise TokenSyntaxError(f"name your {what}, e.g. {shown}")
    kind = "starting" if starting else "regular"
    unseen = unseen_contracts(data, components, starting)
    named_card = contract_named(card_words, unseen, components, among="still unseen", outside=card_outside, kind=kind)
    return f"{'start' if starting else 'drawn'}:{named_card}"


def _names_a_card(words: list[str], components: Components) -> bool:
    """Whether `words` name a card, by its number or by what it shows (counts of cards aside:
    'draws 1 card (2 left)'); words that contradict themselves ('the city car family') name one too."""
    try:
        card = read_contract(words, components)
    except TokenSyntaxError:
        return True
    return card.number is not None or card.face_said()


def next_chance_words(data: dict[str, Any], names: list[str], me: int, components: Components) -> str:
    """What the table deals next, and how to say it: "the player order: say 'order Bob me Ann'".
    A contract is said by what its card shows, as the person sees it: our numbers are on no card."""
    step, receiver = data["step"], int(data.get("turn") or 0)
    said = [("me" if seat == me else name) for seat, name in enumerate(names)]
    if step == "deal starting contract":
        if receiver == me:
            return f"your starting contract: say what it shows, e.g. {own_card_example(data, components)}"
        return f"{names[receiver]}'s starting contract, unseen: say '{names[receiver]} gets a starting contract'"
    if step == "draw contract":
        if receiver == me:
            return f"the contract you drew from the deck: say what it shows, e.g. {own_card_example(data, components)}"
        return f"{names[receiver]}'s card from the deck, unseen: say '{names[receiver]} draws'"
    unseen = [contract_words(components, name) for name in unseen_contracts(data, components)]
    return {
        "deal order": f"the player order: say 'order {' '.join(said)}' (first player first)",
        "deal demands": "the demand tiles: say 'demands speed speed power green suitcase / suitcase safety green "
        "power safety' (North America's, then Europe's: the 4, 3 and 2 star spaces, then the next left and right)",
        "deal display": f"the contract display: say what each card shows, e.g. 'display {'; '.join(unseen[:3])}'",
        "deal tiles": "the round's 18 tiles: say 'tiles speed, speed 1 star, power silver, ...' (rows 1 to 4, "
        "then below sales offices 1 and 2)",
        "reveal contract": f"a contract turned up on the display: say what it shows, e.g. 'reveal {unseen[0]}'"
        if unseen
        else "a contract turned up on the display",
    }.get(step, step)


def own_card_example(data: dict[str, Any], components: Components) -> str:
    """How the advised seat says the card it is dealt, by what a card it has not seen shows: "'I get
    the starting family car contract (4+ stars: 1 VP, $3)'", "'I draw the city car contract (...)'"."""
    starting = data["step"] == "deal starting contract"
    unseen = unseen_contracts(data, components, starting) or ["S1" if starting else "1"]
    return f"'I {'get' if starting else 'draw'} {contract_said(components, unseen[0])}'"


def unseen_contracts(data: dict[str, Any], components: Components, starting: bool = False) -> list[str]:
    """The regular (or starting) contracts seat `me` has seen nowhere: not on the display,
    in no hand it knows of (its own, those taken from the display), never played."""
    seen = set(data["display"])
    for seat in data["seats"]:
        seen.update(seat["hand"], seat["hand_public"], seat["played"])
    if starting:
        names = [f"S{number}" for number in range(1, len(components.starting_contracts) + 1)]
    else:
        names = [str(number) for number in range(1, len(components.contracts) + 1)]
    return [name for name in names if name not in seen]


def _deal(phrases: list[str], data: dict[str, Any], components: Components) -> list[str]:
    """The ids of a round's tiles said by face: each a tile of the round's back with
    that face, still unseen (tiles with one face are alike to the rules: any will do)."""
    back = "A" if data["round"] <= ROUNDS_PER_BACK else "B"
    unseen = set(data["tiles_unseen"][back])
    left = [tile for tile in components.tiles[back] if tile.name in unseen]
    ids = []
    for phrase in phrases:
        said = read_face(phrase, components)
        found = fitting_tiles(said, left, phrase)
        if not found:
            raise TokenSyntaxError(f"no {phrase.strip()!r} is left among the {back} tiles ({_left_like(said, left)})")
        ids.append(found[0].name)
        left.remove(found[0])
    return ids


def _left_like(said: Face, left: list[Tile]) -> str:
    """The faces left of the said one's kind, symbol, type or part: what the person may have meant."""
    like = [tile for tile in left if tile.kind == said.kind and (said.name is None or said.fits(tile, exact=False))]
    faces = sorted({tile_words(tile) for tile in like})
    return f"left: {'; '.join(faces)}" if faces else "none of its kind is left"


def hidden_kinds(cards: dict[str, Any]) -> tuple[bool, bool]:
    """Whether a seat's cards the view never saw hold its starting contract, and deck draws:
    every seat is dealt one starting contract unseen; any other hidden one was drawn from the deck."""
    starting_hidden = not any(str(name).startswith("S") for name in (*cards["hand_public"], *cards["played"]))
    return starting_hidden, cards["hidden_contracts"] - starting_hidden > 0
