"""Whole numbers as people say them at a table ("four", "twenty-two", "twenty two"), for the
games' readers of plain-word lines: a number said in words is read as its digits, so that a
wrong one is refused like a wrong digit, never passed over as a word."""

from __future__ import annotations

_UNITS = "zero one two three four five six seven eight nine".split()
_TEENS = "ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()
# Up to thirty: more than any amount a game here takes (For Sale's cash, Leduc's stakes).
NUMBER_WORDS = {word: number for number, word in enumerate(_UNITS + _TEENS)}
NUMBER_WORDS |= {
    f"{tens}{joint}{unit}": 10 * t + u
    for t, tens in ((2, "twenty"), (3, "thirty"))
    for u, unit in enumerate(_UNITS)
    for joint in ("-", " ")
    if u
} | {"twenty": 20, "thirty": 30}


def numbers_in_words(text: str) -> list[int]:
    """The whole numbers `text` says in words ("bids twenty two"), in order, each once."""
    words = [word.strip(".,!") for word in text.lower().split()]
    numbers, index = [], 0
    while index < len(words):
        pair = " ".join(words[index : index + 2])
        if pair in NUMBER_WORDS:
            numbers.append(NUMBER_WORDS[pair])
            index += 2
            continue
        if words[index] in NUMBER_WORDS:
            numbers.append(NUMBER_WORDS[words[index]])
        index += 1
    return numbers
