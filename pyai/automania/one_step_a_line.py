"""Checks that an Automania decision line says one step, of one seat: words its step
does not read are named, and a second step joined to the first ('Cid withdraws and
takes sales office 4', 'Cid row 2 and Ann row 3') is to go on a line of its own.
Read as the first step alone, the rest would be dropped unsaid, so each raises
TokenSyntaxError naming what to say instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import TokenSyntaxError
from ..game_api import NEGATIONS_UNMARKED
from .component_file import CAR_TYPES, Components
from .contract_words import CARD_WORDS
from .decision_steps import step_expected
from .line_words import CAR_WORDS, CONTRACTED_TO_SEAT, COUNTED, MARKETS, PASS_WORDS, WordAt, ordinal_value, split_words
from .narration import does
from .tile_faces import face_name_of, face_names


@dataclass
class Line:
    """A seat's line: all of it, the move it says (told_lines.move_end), the move's words outside
    brackets with where each was said, and how many of them are the seat's name."""

    text: str
    move: str
    words: list[WordAt]
    named: int

    def said(self, start: int, end: int | None = None) -> str:
        """The move from `start` (to `end`) as it was typed (lower-cased where that moved its letters)."""
        shown = self.move if len(self.move.lower()) == len(self.move) else self.move.lower()
        return shown[start:end].strip()


# Words that tell nothing of a step wherever they are said ('s': "the city car's styling"), and
# the words that join two steps.
_FILLER_WORDS = frozenset("the a an his her their its it my your our to on with number s".split())
_JOINING_WORDS = ("and", "then")
# Every name of a car the corner makes ('sports' for the super car, as contracts name it).
_CARS_MADE_WORDS = " ".join(word for word, car in CAR_WORDS.items() if car in CAR_TYPES)
_CAR_WORDS = f"car cars {_CARS_MADE_WORDS}"
_MARKET_WORDS = " ".join([*MARKETS, "n", "market", "markets"])  # 'n': "N. America"
_DENYING_WORDS = f"no none not never nothing doesn don didn t does do did skip skips {' '.join(NEGATIONS_UNMARKED)}"
_FACE_WORDS = (
    "machine* manager* styling tile* star stars * silver medal* worker* $ money cash dollar* vp point* plain bonus of"
)
_ASKED_WORDS = f"{_CAR_WORDS} {' '.join(sorted(CARD_WORDS))}"  # what a contract shows (contract_words.py)
_BOARD_WORDS_READ = "row* column* col cols r c"
# Words of choosing, said of a space, a tile, a card or a market ('picks row 2', 'selects Europe').
_CHOOSING_WORDS = "choos* chose pick* select*"
_CONTRACT_WORDS = (
    f"play* complet* fulfil* us* scor* contract* starting start card* one only {_DENYING_WORDS} {_ASKED_WORDS}"
)
# The words each kind of move reads ('sponsor*': the words that start so, 'sponsors', 'sponsoring'),
# besides filler, a number where the move takes one, an ordinal before the place it numbers (any
# other is refused before) and, where a tile or a contract is named, what tiles show.
_READ_WORDS = {
    "sponsor": "sponsor* worker* plac* put* space for $ money dollar* from supply",
    # the car a space makes may be said with it ('row 2 for the family car'), checked to be that space's
    "place": f"{_BOARD_WORDS_READ} plac* put* take* took us* go goes went move* send* worker* space action for mak* "
    f"made in into onto at {_CHOOSING_WORDS} {_CAR_WORDS} contract",
    # the rulebook's "special production space (in the corner)"
    "corner": f"corner* plac* put* take* took us* go goes went send* worker* space special production for mak* made "
    f"in into onto at {_CHOOSING_WORDS} {_CAR_WORDS} {_CARS_MADE_WORDS}",
    # the rulebook's withdrawal puts the workers left on the sponsor space
    "withdraw": f"withdr* {' '.join(PASS_WORDS)} drop* out is am worker* all remaining rest left put* plac* sponsor* "
    "space",  # 'is out', 'I am out'
    "tile": f"take* took {_CHOOSING_WORDS} up grab* get* got {_FACE_WORDS} {_BOARD_WORDS_READ} at in from along place* "
    f"position* one no without mak* made {_CAR_WORDS}",
    # a tile placed may be named by its face ('puts the power machine on station 2'), checked to be the one taken
    # the car a tile is placed for ('on station 4 for the super car') is checked to be the turn's
    "put": f"put* plac* add* install* us* station* office* styl* space {_CAR_WORDS} in into onto at for mak* made "
    f"tile {_FACE_WORDS}",
    # 'throws it away', 'bins it' (words.py reads them as a discard)
    "discard": f"discard* throw* threw toss* bin bins binned binning put* plac* in into onto pile mak* made "
    f"{_CAR_WORDS} tile away out {_FACE_WORDS}",
    "draw": f"draw* drew take* took {_CHOOSING_WORDS} get* got contract* display from deck top pile stack blind card* "
    "face down "
    f"of one {_ASKED_WORDS}",
    "market": f"ship* send* sent take* took head* export* sell* sold {_CHOOSING_WORDS} go goes went in into "
    f"{_MARKET_WORDS} {_CAR_WORDS} star stars for",
    "marketing": "marketing market markets put* plac* add* us* worker* space star stars for",
    "takeback": f"take* took back takeback {_MARKET_WORDS} level* ship* space* {_CAR_WORDS} from at of in",
    # the car put on a ship space ('puts it on the level 6 ship'): a tile's place is another step's
    "ship": f"ship* send* sent put* plac* level* space* {_MARKET_WORDS} {_CAR_WORDS} star stars at in onto "
    f"{_DENYING_WORDS}",
    # a sales space by its reward too ('for $7', 'for 2 VP'), or as the topmost
    "sell": f"sell* sold space* sales {_CAR_WORDS} {_MARKET_WORDS} in at once top topmost for reward level* star "
    "stars $ money dollar* vp vps point*",
    "keep": f"keep* kept leav* left pass* ship {_CAR_WORDS} {_MARKET_WORDS} level* sell* {_DENYING_WORDS}",
    "contract": _CONTRACT_WORDS,
    # a seat that plays none may say it passes on the contracts ('Ann passes', 'passes on contracts')
    "no contract": f"{_CONTRACT_WORDS} {' '.join(PASS_WORDS)}",
    # an office by what the board shows of it too ('the 1 VP office', 'the office with 3 cars')
    "office": f"office* sales take* took {_CHOOSING_WORDS} go goes for car cars that which sell* {_FACE_WORDS}",
    "demand": "demand* left right mov* tile* in advanc* push* choos* chose pick* pending side ones",
}
# The moves that take a number (which their readers check is the one said), and those that name
# a tile or a contract by what it shows.
_NUMBERED = (
    *("sponsor", "place", "tile", "put", "draw", "marketing", "takeback", "ship", "contract", "no contract"),
    *("office", "sell"),
)
_FACES_NAMED = ("tile", "put", "discard", "office", "draw", "contract", "no contract")
# The moves whose words are another kind's than their token's ('contract:none' is 'no contract').
_KIND_READ = {"contract:none": "no contract"}


def check_one_step(token: str, line: Line, data: dict[str, Any], name: str, components: Components) -> None:
    """TokenSyntaxError for a line that says more than its step `token` reads: words read by no
    step are named, and a second step joined to the first ('Cid withdraws and takes sales
    office 4') is to be said on a line of its own: read as the first alone, it would be dropped."""
    said = line.words[line.named :]
    words = [word.word for word in said]
    unread = _unread(words, _KIND_READ.get(token, token.partition(":")[0]), components)
    if not unread:
        return
    joined = _another_step_at(said, unread[0], line)
    if joined is not None and _names_a_step(words[joined:], components):
        raise TokenSyntaxError(_two_steps(line, joined, components))
    named_a_step = _names_a_step([words[i] for i in unread], components)
    more = "; say one step a line, a later one on a line of its own" if named_a_step else ""
    raise TokenSyntaxError(
        f"cannot read {line.said(said[unread[0]].start, said[unread[-1]].end)!r} in {line.text.strip()!r}: "
        f"{does(name, 'is')} to {step_expected(data, components)}{more}"
    )


def check_one_seat(line: Line, names: list[str], me: int, components: Components) -> None:
    """TokenSyntaxError for a line whose step is followed by a seat's own ('Cid row 2 and Ann row 3',
    'Cid sells 1 and I sell 1'): each step goes on a line of its own, said by its seat; read as the
    first alone, the second would be dropped."""
    said = line.words[line.named :]
    words = [word.word for word in said]
    for i in range(1, len(words)):
        joined = words[i - 1] in _JOINING_WORDS or "," in line.said(said[i - 1].end, said[i].start)
        named = _seat_words(words[i:], names)
        if joined and named and _names_a_step(words[i + named :], components):
            first = i - 1 if words[i - 1] in _JOINING_WORDS else i
            raise TokenSyntaxError(
                f"{line.said(said[first].start)!r} is another step: say one step a line "
                f"({line.said(0, said[first].start).rstrip(',')!r}, then {line.said(said[i].start)!r})"
            )


def _seat_words(words: list[str], names: list[str]) -> int:
    """How many of `words`' first words name a seat: its name, or 'I' ('I'll'), 'me' or 'you' (not
    'my', which names no one who moves: 'and my car ...')."""
    lengths = [len(name) for name in map(split_words, names) if name and words[: len(name)] == name]
    if words[:1] and words[0] in ("i", "me", "you"):
        lengths.append(2 if words[1:2] and words[1] in CONTRACTED_TO_SEAT.get(words[0], ()) else 1)
    return max(lengths, default=0)


# The words a thing begins with, where a step would begin with its verb ('the speed machine', 'tile 2').
_THING_SAID_FIRST = frozenset(("the", "a", "an", "its", "tile"))
# Words some step reads that say no one or nothing ('no one goes there'): no step of a seat begins so.
_NO_STEP_BEGINS = frozenset(("no", "none", "nothing", "nobody", "noone"))


def _two_steps(line: Line, joined: int, components: Components) -> str:
    """Why `line` is refused, whose second step begins at its word `joined` (after the seat's name):
    each step as a line of its own, the second said by the seat as the first is, where it begins as a
    step does (a verb, a place or a thing); else the seat's name before it would make no step of it."""
    said = line.words[line.named :]
    after = next(i for i in range(joined, len(said)) if said[i].word not in _JOINING_WORDS)
    first = line.said(0, said[joined].start).rstrip(",")
    begins = said[after].word
    # a second step said as a thing alone ('... and the speed machine') is a thing taken
    thing = begins in _THING_SAID_FIRST or face_name_of(begins, face_names(components)) is not None
    if begins in _NO_STEP_BEGINS or not (thing or any(_reads(kind, begins) for kind in _READ_WORDS)):
        return (
            f"{line.said(said[joined].start)!r} is another step, or cannot be read: say one step a line "
            f"({first!r}, and what follows on a line of its own)"
        )
    own = line.words[line.named - 1].word in ("i", "me", "you")
    taken = ("take " if own else "takes ") if thing else ""
    then = f"{line.said(0, line.words[line.named - 1].end).rstrip(':,')} {taken}{line.said(said[after].start)}"
    return f"{line.said(said[joined].start)!r} is another step: say one step a line ({first!r}, then {then!r})"


def _unread(words: list[str], kind: str, components: Components) -> list[int]:
    """Where `words` (a move's, after the seat's name) hold words that a move of `kind` does not read,
    nor filler or a word joining two steps."""
    named = face_names(components) if kind in _FACES_NAMED else {}
    return [
        i
        for i, word in enumerate(words)
        if not (
            _reads(kind, word)
            or word in _FILLER_WORDS
            or word in _JOINING_WORDS
            or ordinal_value(word) is not None
            or (word.isdigit() and (kind in _NUMBERED or _counts(words, i)))
            or (named and face_name_of(word, named))
            or (kind == "demand" and word in components.symbols)  # the pending tiles by what they show
        )
    ]


def _reads(kind: str, word: str) -> bool:
    """Whether a move of `kind` reads `word` (`_READ_WORDS`)."""
    words, starts = _READ_WORDS_OF[kind]
    return word in words or word.startswith(starts)


def _read_words_of(read: str) -> tuple[frozenset[str], tuple[str, ...]]:
    """`_READ_WORDS`'s words of a move: those read as they are, and the starts of the others
    ('*', the star sign, is a word)."""
    said = read.split()
    starts = tuple(word[:-1] for word in said if len(word) > 1 and word.endswith("*"))
    return frozenset(word for word in said if len(word) == 1 or not word.endswith("*")), starts


_READ_WORDS_OF = {kind: _read_words_of(read) for kind, read in _READ_WORDS.items()}


def _counts(words: list[str], i: int) -> bool:
    """Whether the number at `i` counts something ('2 workers', '3 cars', '$2'): no move's number."""
    after = words[i + 1] if i + 1 < len(words) else ""
    return after in COUNTED or after in ("worker", "workers") or (i > 0 and words[i - 1] == "$")


def _another_step_at(said: list[WordAt], first: int, line: Line) -> int | None:
    """Where a second step begins in `said` whose words from `first` are not read: at the 'and' or
    'then' before them, or after a comma ('Cid withdraws, takes office 4'); None where nothing joins them."""

    def joined_at(i: int) -> bool:
        return said[i].word in _JOINING_WORDS or (i > 0 and "," in line.said(said[i - 1].end, said[i].start))

    # back over filler, and over the verb right after a join, which the first step may read too
    # ('Ann row 2 and takes the safety machine': 'takes' is a placement's word as well)
    start = first
    while start > 0 and (
        said[start - 1].word in _FILLER_WORDS or joined_at(start - 1) or (start > 1 and joined_at(start - 2))
    ):
        start -= 1
    return next((i for i in range(start, first + 1) if joined_at(i)), None)


def _names_a_step(words: list[str], components: Components) -> bool:
    """Whether `words` say something of a step (a word some move reads, filler and numbers aside)."""
    named = face_names(components)
    return any(
        not word.isdigit()
        and word not in _FILLER_WORDS
        and word not in _JOINING_WORDS
        and (face_name_of(word, named) or any(_reads(kind, word) for kind in _READ_WORDS))
        for word in words
    )
