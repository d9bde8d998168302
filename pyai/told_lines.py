"""A line as the companion tells a step, and as a person types one back: split outside
brackets (a note in brackets, '(sells 2 cars, 1 VP)', may hold a comma, a ';' or a ':'),
and cut where the move ends and what came of it begins ('you pass; you take 12
Controller', 'Bob calls: the pot is 6'). The games' readers and the companion's check of
what a line says came of its move cut a line the same way, and refuse alike a line that
does not open with a seat."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from .errors import TokenSyntaxError

_DEPTH = {"(": 1, ")": -1}
# A note in brackets with no bracket inside, its words the group: "(Lawyer 21)", "(cash: Bob 28 -> 25)".
NOTE = re.compile(r"\(([^()]*)\)")


def split_outside_brackets(text: str, separators: str) -> list[str]:
    """`text` split at any of `separators` outside brackets, each part stripped, blank parts
    left out: 'speed (1 star, silver), power' at ',' is ['speed (1 star, silver)', 'power']."""
    parts, depth, start = [], 0, 0
    for index, char in enumerate(text):
        depth += _DEPTH.get(char, 0)
        if char in separators and depth == 0:
            parts.append(text[start:index].strip())
            start = index + 1
    return [part for part in [*parts, text[start:].strip()] if part]


def move_end(line: str) -> int:
    """Where the move `line` says ends: at its first '; ' or its first ': ' past the first word
    ('Ann: row 1' says the move after it), outside brackets; the line's length if neither."""
    depth, first_word = 0, True
    for index, char in enumerate(line):
        depth += _DEPTH.get(char, 0)
        first_word = first_word and not (char.isspace() and line[:index].strip())
        if depth == 0 and (char == ";" or (char == ":" and not first_word)):
            return index
    return len(line)


def move_and_outcomes(line: str) -> tuple[str, list[str]]:
    """A step's line as its move and what came of it, each part stripped: 'Bob calls: the pot
    is 6; ...' is ('Bob calls', ['the pot is 6', '...'])."""
    end = move_end(line)
    return line[:end].strip(), split_outside_brackets(line[end + 1 :], ";")


def no_seat_first(
    first: str, text: str, names: Sequence[str], me: int, nor: str, mover_said: str = ""
) -> TokenSyntaxError:
    """The refusal of the line `text`, whose first word `first` is no seat's name, nor what
    `nor` lists; where a seat's name comes later ('no contract for Ann'), it says to open the
    line with it, as every step is said, and where the line read as the mover's step
    (`mover_said`, 'I ship to North America'), it offers that line."""
    later = [word.strip(".,;:!?()").removesuffix("'s").lower() for word in text.split()[1:]]
    seat = next((seat for seat, name in enumerate(names) if name.lower() in later), me if "me" in later else None)
    named = None if seat is None else "I" if seat == me else names[seat]  # 'no contract for me': yours
    seat_first = f"; a step opens with its seat: '{named} ...'" if named else ""
    if mover_said and not named:
        seat_first = f"; a step opens with its seat: say '{mover_said}'"
    return TokenSyntaxError(
        f"{first!r} is no seat's name (names: {', '.join(names)}; 'I' for {names[me]}), nor {nor}{seat_first}"
    )


def said_by_mover(
    text: str,
    mover: object,
    names: Sequence[str],
    seat_of: Callable[[str], object],
    read: Callable[[str], object],
    me: int | None = None,
) -> str:
    """`text`, a line that opens with no seat, with the name of the seat to move (`mover`) put
    first, as the help's examples say a step ('Anna bids 4' for 'bids 4'; 'I put it on station 4'
    for the advised seat `me`, whose verb has no -s), where the game reads it so: `seat_of` finds
    that name's seat in the line (a name the words read as another seat's, or as none, offers
    nothing) and `read` (the game's words_to_token) takes it. '' where it does not, or no seat moves."""
    if not isinstance(mover, int):
        return ""
    verb, _, rest = text.strip().partition(" ")
    who = "I" if mover == me else names[mover]
    agreed = _verb_for(verb, third_person=mover != me)
    for said in dict.fromkeys(f"{who} {word} {rest}".strip() for word in (agreed, verb)):  # as it agrees first
        if seat_of(said) != mover:
            continue
        try:
            read(said)
        except TokenSyntaxError:
            continue
        return said
    return ""


def _verb_for(word: str, third_person: bool) -> str:
    """A line's first word as the verb after a seat's name ('bids' after 'I' is 'bid', 'put' after
    'Bob' is 'puts'), where it looks like a verb's plain or -s form; as it is otherwise."""
    lowered = word.lower()
    if not lowered.isalpha() or len(lowered) < 3:
        return word
    if third_person:
        if lowered.endswith("s") and not lowered.endswith("ss"):
            return word
        return word + ("es" if lowered.endswith(("ss", "sh", "ch", "x")) else "s")
    return without_s_ending(word)


def without_s_ending(word: str) -> str:
    """A verb's -s or -es form as its plain one ('takes': 'take', 'passes': 'pass'); a word with
    neither ending as it is."""
    lowered = word.lower()
    if lowered.endswith("es") and lowered[:-2].endswith(("ss", "sh", "ch", "x")):
        return word[:-2]
    return word[:-1] if lowered.endswith("s") and not lowered.endswith("ss") else word
