"""Reading whole numbers typed by people and programs.

`str.isdigit()` alone accepts '²' and other Unicode digits that `int()` then
refuses, so every check for a whole number goes through here.
"""

from __future__ import annotations


def is_whole_number(text: str) -> bool:
    """True when `text` is one or more ASCII digits (no sign, no spaces)."""
    return text.isascii() and text.isdigit()
