"""A line's words as the readers of Automania's steps take them (words.py,
table_words.py, line_checks.py, one_step_a_line.py): lower-case words, numbers
and signs and where each was said, numbers no one says for a count, ordinals,
the seat a line opens with, the market or car a line names, and `Said`, a
decision's words as the decision readers and the checks of what a line names
share them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..errors import TokenSyntaxError
from ..game_api import NEGATIONS_UNMARKED, OWN_SEAT_WORDS
from .component_file import CAR_TYPES, Components

# An ordinal in digits ('2nd', '3rd') is one word: split, its digits would be read as a number ('sells 2nd').
# A word, a number or a sign; letters with dots between them are one word with the dots left out ('U.S.' is 'us').
_WORD = re.compile(r"\$|\*|/|[0-9]+(?:st|nd|rd|th)(?![a-z])|[0-9]+|[a-z](?:\.[a-z])+\.?(?![a-z])|[a-z]+")
# A number no one says for a count, a level or a card: signed, a fraction, or in other digits than 0-9.
_ODD_NUMBER = re.compile(r"(?:^|(?<=\s))[-\u2212][0-9]\S*|\S*[0-9]\.[0-9]\S*|\S*(?![0-9])\d\S*")
_NUMBER_WORDS = {
    **{"one": "1", "two": "2", "three": "3", "four": "4", "five": "5"},
    **{"six": "6", "seven": "7", "eight": "8", "nine": "9", "ten": "10"},
}
_ORDINAL_WORDS = {
    **{"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5},
    **{"sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10},
}
_ORDINAL_DIGITS = re.compile(r"([0-9]+)(?:st|nd|rd|th)")
# A market by its name or as people shorten it ('US', 'USA', 'N. America', 'NA', 'EU').
MARKETS = {
    **{word: "NA" for word in ("na", "north", "america", "american", "us", "usa", "states")},  # "the States"
    **{word: "EU" for word in ("eu", "europe", "european")},
}
# A car type as people name it (a review calls the super cars sports cars): the car a contract
# asks for ('any' too), and the car the corner makes.
CAR_WORDS = {
    "city": "city",
    "family": "family",
    "super": "super",
    "sports": "super",
    "sport": "super",
    "sporty": "super",
    "any": "any",
}


# Words that deny what follows: a line with one says a move only at a step with a move of
# not doing ('does not ship', 'plays no contract', 'does not sell'); elsewhere it is refused,
# never read as the move it denies ('Ann doesn't discard').
_NEGATIONS = ("not", "never", "without", "cannot", *NEGATIONS_UNMARKED)
_CONTRACTED = ("doesn", "don", "didn", "won", "isn", "wasn")  # negations only before 't': "doesn't", not "Don"


# Words after a number that make it a count of something else, not the step's number
# ('sells for 3 money', 'the office that sells 3 cars', 'draws one card').
COUNTED = frozenset(
    "money dollar dollars vp vps point points star stars car cars card cards silver medal medals left".split()
)


# Money as people say it (the rulebook's "autobucks"), read as the dollars every reader takes ('5 bucks' is $5).
_MONEY_SAID = {"buck": "dollar", "bucks": "dollars", "autobuck": "dollar", "autobucks": "dollars"}


# Words a number follows ("row one", "sponsors one", "tile one"): "one" after them is 1.
_TAKES_A_NUMBER = frozenset(
    "row r column col c tile place position office station space level contract sponsor sponsors marketing".split()
)
BRACKETED = re.compile(r"\([^()]*(?:\([^()]*\)[^()]*)*\)")


def words_of(text: str) -> list[str]:
    """Lower-case words, numbers and the signs $ * /: 'S2' is 's', '2'; '1*' is '1', '*'.
    TokenSyntaxError for a number with a sign or a fraction ('-2', '7.5') or in other
    digits than 0-9: read as its digits alone it would make another move."""
    check_numbers(text)
    return split_words(text)


def check_numbers(text: str) -> None:
    """TokenSyntaxError for a number `text` says that is no whole number in the digits 0-9."""
    odd = _ODD_NUMBER.search(text)
    if odd:
        raise TokenSyntaxError(f"{odd.group(0).strip()!r} is no whole number: say a number as digits, e.g. 3")


def split_words(text: str) -> list[str]:
    """`text` split as `words_of` splits a line, without its check of numbers (which a seat's name,
    the table's to choose, may hold)."""
    return [said.word for said in words_at(text)]


class WordAt(NamedTuple):
    """A word of a line as `split_words` reads it, and where it stands in the line (lower-cased)."""

    word: str
    start: int
    end: int


def words_at(text: str) -> list[WordAt]:
    """`split_words`'s words with where each was said. "one" is a number only before what it
    counts ("one worker"): "Ann gets one" is a card, "the starting one" a contract; "a worker" is
    one worker, a count as "1 worker" is, and "a dollar" $1; "no" before a number is its sign ("contract no. 11"); money
    said as bucks is dollars."""
    found = list(_WORD.finditer(text.lower()))
    said = [_MONEY_SAID.get(match.group(), match.group().replace(".", "")) for match in found]
    words = []
    for i, (match, word) in enumerate(zip(found, said)):
        after = said[i + 1] if i + 1 < len(said) else ""
        if word == "no" and after.isdigit():
            continue
        if word in ("a", "an") and after in ("worker", "dollar"):  # 'for a buck': $1
            word = "1"
        before = said[i - 1] if i > 0 else ""
        then = said[i + 2] if i + 2 < len(said) else ""  # 'puts one on marketing', 'uses one marketing'
        counted = after in COUNTED or after in ("worker", "workers", "marketing") or then == "marketing"
        counts = word != "one" or counted or before in _TAKES_A_NUMBER
        words.append(WordAt(_NUMBER_WORDS.get(word, word) if counts else word, match.start(), match.end()))
    return words


def ordinal_value(word: str) -> int | None:
    """The number an ordinal says ('2nd', 'second': 2); None for any other word."""
    digits = _ORDINAL_DIGITS.fullmatch(word)
    return int(digits.group(1)) if digits else _ORDINAL_WORDS.get(word)


def first_ordinal(words: list[str]) -> str | None:
    return next((word for word in words if ordinal_value(word) is not None), None)


# What a contraction adds to "I" or "you" ("I'll", "I'm", "you're": 'i', 'll'): no word of the step.
CONTRACTED_TO_SEAT = {"i": ("ll", "m", "ve", "d"), "you": ("ll", "re", "ve", "d")}


def speaker(words: list[str], names: list[str], me: int) -> tuple[int | None, list[str]]:
    """The seat a line starts with (the longest name that fits) and the words after it, past a
    contraction of "I" or "you" ("I'll ship it to Europe", "I'm placing a worker on column 1")."""
    said = [(split_words(name), seat) for seat, name in enumerate(names)] + [([w], me) for w in OWN_SEAT_WORDS]
    best: tuple[int | None, int] = (None, 0)
    for name, seat in said:
        if name and words[: len(name)] == name and len(name) > best[1]:
            best = (seat, len(name))
    named = best[1]
    if named == 1 and words[1:2] and words[1] in CONTRACTED_TO_SEAT.get(words[0], ()):
        named = 2
    return best[0], words[named:]


def _number(
    words: list[str], *keys: str, outside: list[str] | None = None, counted: tuple[str, ...] = ()
) -> int | None:
    """The number said after one of `keys` ('level 7'), else the one number said; None without one.
    Numbers in brackets (`outside`: the words outside them) and counts of something else ('$2',
    '3 cars', '1 VP') are what the line tells besides; TokenSyntaxError when the line says two
    numbers that could each be the one ('sponsors 2 3', 'office 4 5')."""
    outside = words if outside is None else outside
    keyed = next(
        (int(words[i + 1]) for i, word in enumerate(words[:-1]) if word in keys and words[i + 1].isdigit()), None
    )
    candidates = {
        int(word)
        for i, word in enumerate(outside)
        if word.isdigit()
        and not (i > 0 and outside[i - 1] == "$")
        and not (i + 1 < len(outside) and outside[i + 1] in (*COUNTED, *counted))
    }
    if keyed is not None:
        candidates.discard(keyed)
        if candidates:
            raise TokenSyntaxError(f"both {keyed} and {min(candidates)} are said: say one number")
        return keyed
    if len(candidates) > 1:
        raise TokenSyntaxError(f"{' and '.join(map(str, sorted(candidates)))} are said: say one number")
    return next(iter(candidates), None)


def market_named(words: list[str]) -> str | None:
    """The market `words` name (None for none); TokenSyntaxError where they name both ('to NA and EU'):
    a car goes to one, and read as the first, the line could send it to the other than meant."""
    named = list(dict.fromkeys(MARKETS[word] for word in words if word in MARKETS))
    if len(named) > 1:
        raise TokenSyntaxError("a car goes to one market: say North America or Europe, not both")
    return next(iter(named), None)


def cars_named(words: list[str]) -> list[str]:
    """The car types `words` name, in order ('sports' is the super car); 'any' names no car made."""
    return [CAR_WORDS[word] for word in words if CAR_WORDS.get(word) in CAR_TYPES]


def car_named(words: list[str]) -> str | None:
    return next(iter(cars_named(words)), None)


@dataclass
class Said:
    """A decision's words (after the seat's name) and where they are said."""

    words: list[str]
    data: dict[str, Any]
    seat: int
    components: Components
    outside: list[str]  # the words outside brackets: what a told-back step adds in them is no move

    def has(self, *prefixes: str) -> bool:
        return any(word.startswith(prefixes) for word in self.words)

    def number(self, *keys: str, counted: tuple[str, ...] = ()) -> int | None:
        return _number(self.words, *keys, outside=self.outside, counted=counted)

    def negated(self) -> bool:
        return denies(self.outside)


def denies(words: list[str]) -> bool:
    """Whether `words` deny what they say ('not', "doesn't": 'doesn', 't')."""
    return any(
        word in _NEGATIONS or (word in _CONTRACTED and i + 1 < len(words) and words[i + 1] == "t")
        for i, word in enumerate(words)
    )


# What people say for withdrawing: they pass the rest of the round, or drop out of it; at a sale,
# passing leaves the car on its ship (the rulebook: "pass and leave the car on the ship").
PASS_WORDS = ("pass", "passes", "passed")
