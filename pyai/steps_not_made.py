"""Words that make a step one to come or one that might be made, never one made: "I will
pass", "I'm going to take row 2", "Bob might fold", "I should raise", "I want row 2". The
companion records steps as they are made, and 'advice' answers what to play, so every game's
reader refuses such a line the same way, saying how to tell the step once it is made. "I'll",
said as the step is made, is read ("I'll check")."""

from __future__ import annotations

from collections.abc import Sequence

from .errors import TokenSyntaxError

_NOT_MADE = frozenset("will would shall should could might may can must gonna".split())
# A wish is said before what is wished for, which need not be a step's words ("I want row 2").
_WANTING = frozenset("want wants wanna plan plans intend intends".split())
_GOING_TO = (("going", "to"), ("am", "going", "to"), ("is", "going", "to"), ("are", "going", "to"))


def not_made_opening(rest: Sequence[str]) -> int | None:
    """How many of `rest`, the words after a seat's name, open it to say a step to come or one
    that might be made (1 for 'will pass', 3 for 'am going to pass'); 0 when a wish opens it
    ('want row 2'), whose words are no step's; None when `rest` says a step made."""
    said = [word.lower().replace("\u2019", "'").strip(".,!") for word in rest[:3]]
    going = next((len(words) for words in _GOING_TO if tuple(said[: len(words)]) == words), 0)
    if going:
        return going
    if said[:1] and said[0] in _NOT_MADE:
        return 1
    if said[:1] and said[0] in _WANTING:
        return 0
    return None


def not_made_refusal(as_made: str = "") -> TokenSyntaxError:
    """The refusal of a step not yet made; `as_made` the line that tells it once made ('I pass'),
    or '' where no such line can be given (another seat's step, whose verb the line does not say
    as that seat would)."""
    made = f" ('{as_made}' once it is made)" if as_made else ""
    return TokenSyntaxError(f"say a step made, not one to come or that might be{made}; 'advice' asks what to play")


def says_i_would(word: str) -> bool:
    """Whether `word` is "I'd" (I would), with either apostrophe: the advised seat, and a step
    that might be made."""
    return word.lower().replace("\u2019", "'") == "i'd"


def check_made(head: str, rest: Sequence[str], mine: bool) -> None:
    """TokenSyntaxError when a line opened by `head` (a seat's name, "I", "I'd") and `rest`, the
    words after it as they were typed, says a step not yet made; for the advised seat's own
    (`mine`) the refusal says the step as made ("I'd pass": 'I pass' once it is made)."""
    opening = 0 if says_i_would(head) else not_made_opening(rest)
    if opening is None:
        return
    step = " ".join(rest[opening:]).rstrip(".!") if (opening or says_i_would(head)) and mine else ""
    raise not_made_refusal(f"I {step}" if step else "")
