"""Plain words for Automania steps, as a person at the table says them, made
into tokens (`pyai advise`, `pyai play --human`): "Ann row 1", "Ann takes the
speed machine (1 star)", "I put it on station 3", "tiles speed, power 1 star,
..." for a round's tiles.

Tiles are named by what is printed on them, never by our ids: a face read off
the table becomes the id of a tile with that face still to be found there
(tiles with the same face are interchangeable for the rules). A contract may be
named by what its card shows too ('I take the super car speed contract'), among
the cards that could be meant at the step (contract_words.py). The seat's name
comes first ("I" for the advised seat) for a decision, which must be that
seat's, and for a seat's private card ("I get S2", "Bob draws"); the table's
other chance steps are said without a name. A place may be said by its order
('the 2nd row'), and every step told back (narration.py) reads back as that
step, a deal told in several lines too once they are joined by '; '. A token
(`place:R1`) is taken as it is; legality is left to the rules.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ..errors import TokenSyntaxError
from ..game_api import OWN_SEAT_WORDS, ChanceOption, ChancePicker, whose
from .component_file import CAR_TYPES, MANAGER_TYPES, ROUNDS_PER_BACK, Components, Tile
from .contract_words import CAR_WORDS, CARD_WORDS, contract_named, read_contract
from .narration import (
    MARKET_NAMES,
    contract_words,
    does,
    offered_car_words,
    plural,
    space_words,
    tile_words,
    tile_words_apart,
)

WORDS_HELP = """'order Bob Ann me', 'demands speed speed power green suitcase / suitcase safety green power safety',
'display 3 17 22', 'I get S2', 'Bob gets his starting contract', 'tiles speed, speed 1 star, power silver,
research manager 1 star, spoiler 2 stars, $2, 1 VP, ...' (18 faces: rows 1-4, then below offices 1 and 2),
'Ann sponsors 2', 'Ann row 1', 'Ann column 3', 'Ann corner family', 'Ann withdraws', 'Ann takes the speed
machine' or 'Ann takes tile 2', 'Ann puts it on station 3' (or 'in office 2', 'on styling city', 'Ann discards'),
'Ann draws 14', 'Ann draws from the deck', 'Bob draws' / 'I draw 12' (the deck's card), 'reveal 14',
'Ann ships to Europe', 'Ann marketing 2', 'Ann takes back NA 6', 'Ann ships 7', 'Ann does not ship',
'Ann plays contract 7', 'Ann plays no contract', 'Ann office 4', 'Ann sells 3', 'Ann keeps', 'Ann demand left';
a contract by what its card shows too: 'display city car, green, 5 stars; super car, speed, 8 stars; any car,
chrome', 'I get the family car starting contract', 'Ann takes the chrome one', 'I play my safety contract' ('help
contracts' lists them);
a place by its order too, right before what it numbers: 'Ann the 2nd row', 'Ann takes the third tile', 'Ann
puts it on the 2nd station' ('Ann sells 2nd' is refused); a deal as it is told back, its lines joined by '; ' on one
line: 'player order: ...', 'North America wants ...; Europe wants ...', 'on display: ...; on display: ...',
'round 1 tiles, row 1: ...; row 2: ...; ...; below sales office 2: ...', 'turned up on the display: ...'"""

_TOKEN = re.compile(r"[a-z]+(:\S*)?", re.IGNORECASE)
_BARE_TOKENS = ("withdraw", "discard", "keep")
# An ordinal in digits ('2nd', '3rd') is one word: split, its digits would be read as a number ('sells 2nd').
_WORD = re.compile(r"\$|\*|/|[0-9]+(?:st|nd|rd|th)(?![a-z])|[0-9]+|[a-z]+")
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
_MARKETS = {
    **{word: "NA" for word in ("na", "north", "america", "american")},
    **{word: "EU" for word in ("eu", "europe", "european")},
}
_NO = ("no", "none", "not", "nothing", "skip", "skips", "doesn", "don", "t")  # "doesn't" is 'doesn', 't'
# Words that deny what follows: a line with one says a move only at a step with a move of
# not doing ('does not ship', 'plays no contract', 'does not sell'); elsewhere it is refused,
# never read as the move it denies ('Ann doesn't discard').
_NEGATIONS = ("not", "never", "without", "cannot")
_CONTRACTED = ("doesn", "don", "didn", "won", "isn", "wasn")  # negations only before 't': "doesn't", not "Don"
_STEPS_WITH_NONE = ("ship", "contract", "sell")
# Words after a number that make it a count of something else, not the step's number
# ('sells for 3 money', 'the office that sells 3 cars', 'draws one card').
_COUNTED = frozenset(
    "money dollar dollars vp vps point points star stars car cars card cards silver medal medals left".split()
)
# The verbs of a seat's private card ('I get S2', 'Bob draws', 'Ann was dealt her starting contract').
_CARD_VERBS = ("get", "gets", "got", "receive", "receives", "received", "draw", "draws", "drew", "dealt", "starting")
# Words a number follows ("row one", "sponsors one", "tile one"): "one" after them is 1.
_TAKES_A_NUMBER = frozenset(
    "row r column col c tile place position office station space level contract sponsor sponsors marketing".split()
)
_BRACKETED = re.compile(r"\([^()]*(?:\([^()]*\)[^()]*)*\)")
# The nouns of the places a step picks by number, and an example of one said by its order: an
# ordinal right before one numbers it ('the 2nd row' is row 2), and a plural before a number is a
# slip for the one place the step picks ('columns 4' is column 4). Where a step's number is a count
# (workers sponsoring or marketing) or a card (a contract), it has none: an ordinal there is refused.
_PLACE_NOUNS = {
    "turn": (("row", "column", "col"), "'the 2nd row'"),
    # a row or column after the tile is where it is taken from ('from the 2nd row'), which the reader passes over
    "take tile": (("tile", "place", "position", "row", "column", "col"), "'the 2nd tile'"),
    "place tile": (("station", "office"), "'the 2nd station'"),
    "ship": (("level", "space"), "'the 7th level'"),  # a ship's level; a top car's sales space
    "sales office": (("office",), "'the 3rd sales office'"),
    "sell": (("space",), "'the 3rd sales space'"),
}


# What each decision step is (after "to", as the companion says whose step comes next), and
# how it is said, for a line that does not read as one (after the seat's name).
_STEPS = {
    "turn": ("sponsor, place workers or withdraw", "'sponsors 2', 'row 1', 'column 3', 'corner family', 'withdraws'"),
    # Sponsoring is offered once a turn, before the action (docs/automania.md, "Rules readings").
    "turn, sponsored": ("place workers or withdraw", "'row 1', 'column 3', 'corner family' or 'withdraws'"),
    "take tile": (
        "take a tile from {space}",
        "'takes tile 2' or the tile by its face, 'takes the speed machine (1 star)'",
    ),
    "place tile": ("place the tile", "'puts it on station 3', 'in office 2', 'on styling city' or 'discards'"),
    "draw": ("draw a contract", "'draws 14' (from the display) or 'draws from the deck'"),
    "market": ("choose the car's market", "'ships to North America' or 'to Europe'"),
    "ship": (
        "ship the car",
        "'ships 7' (the ship's level), 'marketing 2', 'takes back NA 6', 'sells 3' (a top car) or 'does not ship'",
    ),
    "contract": ("play a contract", "'plays contract 7', 'plays S2' or 'plays no contract'"),
    "sales office": ("choose a sales office", "'office 4'"),
    "sell": ("sell or keep the {offered}", "'sells 3' (the sales space) or 'keeps'"),
    "demand": ("move the demand tiles", "'demand left' or 'demand right'"),
}


# A tile as the rules' reasons name it: its id and what it is ("A3 (a speed machine)"),
# or its id alone ("is to place A3", "tile A3 has been dealt").
_REASON_TILE = re.compile(
    r"\b([AB][1-9][0-9]?) \((?:an? )?[^()]*\)"
    r"|(?:(?<=place )|(?<=places ))([AB][1-9][0-9]?)\b"
    r"|\btile ([AB][1-9][0-9]?)\b"
)
# A move of another kind than the step takes: the step, then its token forms after ": ".
_REASON_STEP = re.compile(r"^(wrong move now: .*?): [a-z]+:.*$")
# The token a reason refuses, quoted: at its start ("'tile:5': ..."), or as where a
# value was read ("there is no contract '30' in 'contract:30'").
_REASON_QUOTED = re.compile(r"^'[^']*': | in '[a-z]+:[^']*'")
# A token form in brackets ("(put:station,N)", "(sell:N)"): the person said the step in words.
_REASON_TOKEN = re.compile(r" \([a-z]+:[^()\s]*\)")
# Token forms inside a reason's words, and what a person says for them.
_REASON_SAID = (
    ("sponsor:0 does nothing", "sponsoring no workers does nothing"),
    (", or ship:none)", ", or do not ship)"),
)


def reason_in_words(reason: str, components: Components) -> str:
    """The rules' reason for refusing a step, for a person who said it in words: tiles by their faces
    (never their ids, which the table does not see), and no token forms."""
    for token_form, said in _REASON_SAID:
        reason = reason.replace(token_form, said)
    reason = _REASON_STEP.sub(r"\1", _REASON_QUOTED.sub("", reason))
    said = _REASON_TILE.sub(lambda match: _tile_of(match, components), reason)
    return _REASON_TOKEN.sub("", said)


def _tile_of(match: re.Match[str], components: Components) -> str:
    """The tile whose id one of `match`'s groups holds, by its face ("the speed machine (1 star)");
    an id the set has no tile for is left as it was said."""
    name = next(name for name in match.groups() if name)
    try:
        return "the " + tile_words(components.tile(name))
    except IndexError:
        return match.group(0)


def words_to_token(text: str, data: dict[str, Any], names: list[str], me: int, components: Components) -> str:
    """The token `text` says in the position `data` (the advised seat's view,
    to_dict()); `names` are the seats' (compared case-insensitively), `me` the
    advised seat. TokenSyntaxError names what could not be read."""
    alone = text.strip()
    if _TOKEN.fullmatch(alone) and (":" in alone or alone.lower() in _BARE_TOKENS):
        return alone  # a move token (`place:R1`, `withdraw`), taken as it is
    words = _split_words(text)
    if not words:
        raise TokenSyntaxError("say a step, e.g. 'Ann row 1', 'I take the speed machine' or 'tiles speed, ...'")
    chance = _chance_said(text, names, data.get("step", ""))
    if chance is not None:
        return _table_chance(chance, data, names, me, components)
    move = _move_part(text)
    _check_numbers(_names_pattern(names).sub(" ", move))  # not the seats' names: 'v1.0' is a name
    move_words = _split_words(move)
    seat, rest = _speaker(move_words, names, me)
    if seat is None:
        raise TokenSyntaxError(
            f"{text.split()[0]!r} is no seat's name (names: {', '.join(names)}; 'I' for {names[me]}), "
            "nor order, demands, display, reveal or tiles"
        )
    line = _Line(text, move, _words_at(_blank_brackets(move)), len(move_words) - len(rest))
    outside = [said.word for said in line.words[line.named :]]
    if data["to_move"] == "chance":
        if data["step"] == "deal order" and _says_an_order([said.word for said in line.words], names, me):
            return _order_in_a_sentence([said.word for said in line.words], names, me)
        return _private_card(seat, rest, outside, data, names, me, components)
    _check_mover(seat, data, names, me)
    _check_one_seat(line, names, me, components)
    rest, outside = _with_places_read(rest, outside, data, names[seat])
    said = _Said(rest, data, seat, components, outside)
    token = _decision(text, said, names[seat])
    _check_one_step(token, line, data, names[seat], components)
    _check_what_is_named(token, said, names)
    return token


def _decision(text: str, said: _Said, name: str) -> str:
    """The token of the decision the line `text` says (`said`: its words after the seat's name,
    `name`, places said by their order read), at the step `said.data` is at."""
    data = said.data
    if said.negated() and data["step"] not in (*_STEPS_WITH_NONE, "take tile"):  # a face: "without the star"
        raise TokenSyntaxError(f"say what {name} does, not what is not done: {does(name, 'is')} to {_expected(data)}")
    _check_no_workers_taken_off(said, name)
    _check_sponsor_in_time(said, name)
    _check_marketing_in_time(said, name)
    # A row or column said short ('Bob c2') is another step's too, where a bare number would be this step's.
    short = data["step"] in _OTHER_STEPS_WORDS and _line_said_short(said.words)
    foreign = (said.has(*_OTHER_STEPS_WORDS.get(data["step"], ())) or short) and not said.has(
        *_OWN_WORDS.get(data["step"], ())
    )
    token = _by_verb(said) or (None if foreign else _READERS[data["step"]](said))
    if token is None:
        raise TokenSyntaxError(f"cannot read {text.strip()!r}: {does(name, 'is')} to {_expected(data)}")
    _check_market_said(token, said, name)
    return token


def _check_market_said(token: str, said: _Said, name: str) -> None:
    """TokenSyntaxError for a car shipped or sold at once to another market than the one chosen for
    it ('ships to North America at level 4' after Europe was chosen), or a car of the sales phase
    sold or kept in another market than the one it is offered in: the market said is no part of
    the step, and read as the step alone the line would ship or sell it elsewhere than said."""
    kind, _, number = token.partition(":")
    market, chosen = _market(said.outside), said.data["action"]["market"]
    offer = said.data.get("offer")
    if said.data["step"] == "sell" and offer and market not in (None, offer["market"]):
        example = f"'{does(name, 'sells')} {number}'" if kind == "sell" else f"'{does(name, 'keeps')}'"
        raise TokenSyntaxError(
            f"the car offered is the {offered_car_words(said.data)}, not a car in {MARKET_NAMES[market]}: say {example}"
        )
    shipped = said.data["step"] == "ship" and kind in ("ship", "sell") and number != "none"
    if not shipped or market is None or chosen in (None, market):
        return
    verb = "ships" if kind == "ship" else "sells"
    raise TokenSyntaxError(
        f"the car goes to {MARKET_NAMES[chosen]}, the market chosen for it, not to {MARKET_NAMES[market]}: say "
        f"'{does(name, verb)} {number}', or 'undo' back to the market step to choose another"
    )


def _blank_brackets(text: str) -> str:
    """`text` with what it says in brackets blanked out, every other word where it stood."""
    return _BRACKETED.sub(lambda bracketed: " " * len(bracketed.group()), text)


def _with_places_read(
    words: list[str], outside: list[str], data: dict[str, Any], name: str
) -> tuple[list[str], list[str]]:
    """A decision's words (all, and those outside brackets) with the places said by their order
    read as by their numbers (`_places_said`); TokenSyntaxError for an ordinal left outside
    brackets, which numbers no place the step picks: read as its number, it would be a count or a card."""
    nouns, example = _PLACE_NOUNS.get(data["step"], ((), ""))
    words, outside = _places_said(words, nouns), _places_said(outside, nouns)
    ordinal = _first_ordinal(outside)
    if ordinal is not None:
        use = f"an ordinal is read only right before the place it numbers, as in {example}" if nouns else ""
        raise TokenSyntaxError(
            f"cannot read {ordinal!r}: {use or 'this step picks nothing by its order'}; "
            f"{does(name, 'is')} to {_expected(data)}"
        )
    return words, outside


def _expected(data: dict[str, Any]) -> str:
    """The step the seat to move is to take, and how it is said: for a line that says it otherwise."""
    return f"{decision_words(data)}: {_STEPS[_step_said(data)][1]}"


def _names_pattern(names: list[str]) -> re.Pattern[str]:
    """The seats' names as whole words, any case."""
    return re.compile("|".join(rf"(?<!\S){re.escape(name)}(?!\S)" for name in names) or "(?!)", re.IGNORECASE)


def _move_part(text: str) -> str:
    """The move a line says, as a step is told back: before what came of it, after "; "
    ("...; the sales begin") or ": " ("... on sales space 4: +$5"), outside brackets and
    past the first word ("Ann: row 1" says the move after it)."""
    depth, first_word = 0, True
    for index, char in enumerate(text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        first_word = first_word and not (char.isspace() and text[:index].strip())
        if depth == 0 and (char == ";" or (char == ":" and not first_word)):
            return text[:index]
    return text


def decision_words(data: dict[str, Any]) -> str:
    """What the seat to move in `data` (a view's to_dict()) is to do: "take a tile from row 1"."""
    space = space_words(data["action"]["space"]) if data["action"]["space"] else ""
    offered = offered_car_words(data) if data.get("offer") else "car offered"
    return _STEPS[_step_said(data)][0].format(space=space, offered=offered)


def _step_said(data: dict[str, Any]) -> str:
    """The step `data` is at, as `_STEPS` words it: a turn whose sponsor is taken has none left."""
    if data["step"] == "turn" and data["action"].get("sponsored"):
        return "turn, sponsored"
    return data["step"]


def _words(text: str) -> list[str]:
    """Lower-case words, numbers and the signs $ * /: 'S2' is 's', '2'; '1*' is '1', '*'.
    TokenSyntaxError for a number with a sign or a fraction ('-2', '7.5') or in other
    digits than 0-9: read as its digits alone it would make another move."""
    _check_numbers(text)
    return _split_words(text)


def _check_numbers(text: str) -> None:
    """TokenSyntaxError for a number `text` says that is no whole number in the digits 0-9."""
    odd = _ODD_NUMBER.search(text)
    if odd:
        raise TokenSyntaxError(f"{odd.group(0).strip()!r} is no whole number: say a number as digits, e.g. 3")


def _split_words(text: str) -> list[str]:
    """`text` split as `_words` splits a line, without its check of numbers (which a seat's name,
    the table's to choose, may hold)."""
    return [said.word for said in _words_at(text)]


class _WordAt(NamedTuple):
    """A word of a line as `_split_words` reads it, and where it stands in the line (lower-cased)."""

    word: str
    start: int
    end: int


def _words_at(text: str) -> list[_WordAt]:
    """`_split_words`'s words with where each was said. "one" is a number only before what it
    counts ("one worker"): "Ann gets one" is a card, "the starting one" a contract; "a worker" is
    one worker, a count as "1 worker" is; "no" before a number is its sign ("contract no. 11")."""
    found = list(_WORD.finditer(text.lower()))
    said = [match.group() for match in found]
    words = []
    for i, (match, word) in enumerate(zip(found, said)):
        after = said[i + 1] if i + 1 < len(said) else ""
        if word == "no" and after.isdigit():
            continue
        if word in ("a", "an") and after == "worker":
            word = "1"
        before = said[i - 1] if i > 0 else ""
        counts = word != "one" or after in _COUNTED or after in ("worker", "workers") or before in _TAKES_A_NUMBER
        words.append(_WordAt(_NUMBER_WORDS.get(word, word) if counts else word, match.start(), match.end()))
    return words


def _ordinal(word: str) -> int | None:
    """The number an ordinal says ('2nd', 'second': 2); None for any other word."""
    digits = _ORDINAL_DIGITS.fullmatch(word)
    return int(digits.group(1)) if digits else _ORDINAL_WORDS.get(word)


def _first_ordinal(words: list[str]) -> str | None:
    return next((word for word in words if _ordinal(word) is not None), None)


def _places_said(words: list[str], nouns: tuple[str, ...]) -> list[str]:
    """`words` with a place said by its order as `_PLACE_NOUNS` reads it: an ordinal right before one
    of `nouns` (or before 'sales' and one) as the noun and its number ('the 2nd row' as 'row 2', 'the
    third sales office' as 'sales office 3'); a plural of one before a number as the noun ('columns 4'
    as 'column 4'; not 'places', a verb: 'places 2 workers'). Other ordinals stay, to be refused."""
    said: list[str] = []
    i = 0
    while i < len(words):
        word, number = words[i], _ordinal(words[i])
        kind = words[i + 1 : i + 2] if words[i + 1 : i + 2] == ["sales"] else []
        noun_at = i + 1 + len(kind)
        if number is not None and noun_at < len(words) and words[noun_at] in nouns:
            if said[-1:] == ["the"]:  # 'takes the third tile' is 'takes tile 3'
                said.pop()
            said += [*kind, words[noun_at], str(number)]
            i = noun_at + 1
            continue
        singular = word.removesuffix("s")
        before_number = i + 1 < len(words) and words[i + 1].isdigit()
        plural_slip = singular != word and singular in nouns and word != "places" and before_number
        said.append(singular if plural_slip else word)
        i += 1
    return said


# What a contraction adds to "I" or "you" ("I'll", "I'm", "you're": 'i', 'll'): no word of the step.
_CONTRACTED_TO_SEAT = {"i": ("ll", "m", "ve", "d"), "you": ("ll", "re", "ve", "d")}


def _speaker(words: list[str], names: list[str], me: int) -> tuple[int | None, list[str]]:
    """The seat a line starts with (the longest name that fits) and the words after it, past a
    contraction of "I" or "you" ("I'll ship it to Europe", "I'm placing a worker on column 1")."""
    said = [(_split_words(name), seat) for seat, name in enumerate(names)] + [([w], me) for w in OWN_SEAT_WORDS]
    best: tuple[int | None, int] = (None, 0)
    for name, seat in said:
        if name and words[: len(name)] == name and len(name) > best[1]:
            best = (seat, len(name))
    named = best[1]
    if named == 1 and words[1:2] and words[1] in _CONTRACTED_TO_SEAT.get(words[0], ()):
        named = 2
    return best[0], words[named:]


def _check_mover(seat: int, data: dict[str, Any], names: list[str], me: int) -> None:
    mover = data["to_move"]
    if mover == "over":
        raise TokenSyntaxError("the game is over")
    if mover != seat:
        raise TokenSyntaxError(f"it is {whose(mover, names, me, noun=True)} turn, not {whose(seat, names, me)}")


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
        and not (i + 1 < len(outside) and outside[i + 1] in (*_COUNTED, *counted))
    }
    if keyed is not None:
        candidates.discard(keyed)
        if candidates:
            raise TokenSyntaxError(f"both {keyed} and {min(candidates)} are said: say one number")
        return keyed
    if len(candidates) > 1:
        raise TokenSyntaxError(f"{' and '.join(map(str, sorted(candidates)))} are said: say one number")
    return next(iter(candidates), None)


def _market(words: list[str]) -> str | None:
    return next((_MARKETS[word] for word in words if word in _MARKETS), None)


def _car(words: list[str]) -> str | None:
    return next((word for word in words if word in CAR_TYPES), None)


# ------------------------------------------------------------ the table's chance steps


# The words that open a chance step said at the table ('order Bob Ann me', 'display 3 17 22').
TABLE_WORDS = ("order", "demands", "display", "reveal", "tiles")
# The contracts the setup turns up (the core's kDealDisplay).
DISPLAY_CONTRACTS = 3
# The table's chance steps as they are told back (narration.py), each line's head and the step
# it tells: a told line typed back is that step. A deal told in several lines (the demands, the
# display, the tiles) is said on one line, its lines joined by '; ' as the advice joins them.
_TOLD_CHANCE = (
    (re.compile(r"\s*player\s+order\s*:", re.IGNORECASE), "order"),
    (re.compile(r"\s*(?=(?:north\s+america|europe)\s+wants\b)", re.IGNORECASE), "demands"),
    (re.compile(r"\s*(?=on\s+display\s*:)", re.IGNORECASE), "display"),
    (re.compile(r"\s*turned\s+up\s*(?:on\s+the\s+display\s*)?:", re.IGNORECASE), "reveal"),
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
            only_a_table_word = _split_words(name) in [[word] for word in TABLE_WORDS]
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


def _chance_said(text: str, names: list[str], step: str) -> _ChanceSaid | None:
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


def _table_chance(said: _ChanceSaid, data: dict, names: list[str], me: int, components: Components) -> str:
    """A chance step the whole table sees, said without a name: 'order ...', 'demands ...',
    'display 3 17 22', 'reveal 14', 'tiles ...', or as it is told back. What a told line adds
    in brackets (the seats' starting money, what a contract asks) is no part of the step."""
    if said.kind == "tiles":
        if said.round is not None and said.round != data["round"]:
            raise TokenSyntaxError(f"these are round {said.round}'s tiles: round {data['round']}'s are dealt now")
        return _tiles(said.body, data, components)
    outside = _words(_BRACKETED.sub(" ", said.body))
    if said.kind == "order":
        return _order(outside, names, me)
    if said.kind == "demands":
        return _demands(_demand_words(said.body), components)
    if said.kind == "display":
        return _display(said.body, data, components)
    return f"reveal:{_turned_up(said.body, data, components)}"


def _order(words: list[str], names: list[str], me: int) -> str:
    """'order Bob Ann me' (first player first), or seat numbers. A number alone is a seat's number,
    but a name that starts with digits ('2Bob', as the order is told back) is that seat's."""
    seats = []
    while words:
        seat, rest = _speaker(words, names, me)
        if words[0].isdigit() and len(words) - len(rest) <= 1:  # no name, or a name that is a number
            seats.append(int(words[0]))
            words = words[1:]
        elif seat is not None:
            seats.append(seat)
            words = rest
        elif words[0] in ("and", "then"):  # "order Bob, me and Ann"
            words = words[1:]
        elif _ordinal(words[0]) is not None:  # 'order Bob second, me first': the order is the line's
            raise TokenSyntaxError(
                f"cannot read {words[0]!r} in the order: say the seats first player first, e.g. 'order Bob me Ann'"
            )
        else:
            raise TokenSyntaxError(f"{words[0]!r} in the order is no seat's name (names: {', '.join(names)})")
    return "order:" + ",".join(map(str, seats))


# Words of a player order said as a sentence ('Cid goes first, then Ann, then me') besides the seats.
_ORDER_SENTENCE_WORDS = ("goes", "go", "is", "plays", "play", "starts", "start", "moves", "move", "next", "after")


def _says_an_order(words: list[str], names: list[str], me: int) -> bool:
    """Whether a line opened by a seat's name says the player order: it says who goes first or
    then, or names another seat ('Cid goes first, then Ann, then me'; 'Cid, Ann and me')."""
    if any(word in ("first", "then", "last") for word in words):
        return True
    seat, rest = _speaker(words, names, me)
    return any(_speaker(rest[i:], names, me)[0] not in (None, seat) for i in range(len(rest)))


def _order_in_a_sentence(words: list[str], names: list[str], me: int) -> str:
    """The player order said as a sentence, first player first: 'Cid goes first, then Ann, then me',
    'Cid starts, then Ann and me last'. 'first' is read after the first seat only, 'last' at the end:
    where the order puts them anyway (any other place in it is refused, as `_order` refuses it)."""
    seats: list[str] = []  # the seats' words, in the order said
    named = 0  # how many seats
    while words:
        seat, rest = _speaker(words, names, me)
        if seat is not None or words[0].isdigit():  # a seat, by its name or number
            taken = len(words) - len(rest) if seat is not None else 1
            seats += words[:taken]
            words, named = words[taken:], named + 1
        elif words[0] in (*_ORDER_SENTENCE_WORDS, "and", "then") or (words[0] == "first" and named == 1):
            words = words[1:]
        elif words == ["last"]:
            break
        else:
            seats += words  # what is no seat nor a word of the sentence: `_order` refuses it
            break
    return _order(seats, names, me)


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
    for bracket in _BRACKETED.finditer(body):
        words += _words(body[at : bracket.start()])
        note = _STARS_NOTE.fullmatch(bracket.group())
        words += [f"({int(note.group(1))})"] if note else []
        at = bracket.end()
    return words + _words(body[at:])


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
        elif word in _MARKETS:
            if not begun and current.market is None:
                raise TokenSyntaxError(
                    "name each market before its symbols, as they are told ('North America wants speed, speed, "
                    "power; next: green | suitcase; Europe wants ...'), or say them in order without names, "
                    "North America's first: 'demands speed speed power green suitcase / suitcase safety green "
                    "power safety'"
                )
            if not (begun and current.market in (None, _MARKETS[word])):  # "north america": one name
                said.append(_MarketDemands())
            said[-1].market = _MARKETS[word]
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
    outside = _words(_BRACKETED.sub(" ", body))
    numbers = [word for word in outside if word.isdigit()]
    by_number = all(word.isdigit() or word in _DISPLAY_WORDS for word in outside)
    # a told line typed back without its numbers says its cards in brackets: read them
    if not by_number or (not numbers and "(" in body):
        ordinal = _first_ordinal(outside)
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
    separator = ";" if ";" in _BRACKETED.sub(" ", body) else ","
    parts = [part for part in _split_outside_brackets(body, separator) if _words(part)]
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
        if all(set(_words(parts[start])) & set(CAR_WORDS) for start in (0, first, second)):
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
    unseen = _unseen_contracts(data, components)
    cards: list[str] = []
    for phrase in phrases:
        words = [word for word in _words(phrase) if word not in _DISPLAY_WORDS]
        outside = [word for word in _words(_BRACKETED.sub(" ", phrase)) if word not in _DISPLAY_WORDS]
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
_TURNED_UP_WORDS = ("reveal", "reveals", "revealed", "turned", "turns", "turn", "up", "on", "display")


def _turned_up(body: str, data: dict[str, Any], components: Components) -> str:
    """The card turned up on the display: 'reveal 14', 'reveal the city car green contract', or as told
    back, 'turned up on the display: contract 14 (...)': a card still unseen."""
    words = [word for word in _words(body) if word not in _TURNED_UP_WORDS]
    outside = [word for word in _words(_BRACKETED.sub(" ", body)) if word not in _TURNED_UP_WORDS]
    if read_contract(words, components).empty():
        raise TokenSyntaxError(
            "say the contract turned up: 'reveal 14', or what it shows, 'reveal city car, green, 5 stars'"
        )
    unseen = _unseen_contracts(data, components)
    return contract_named(words, unseen, components, among="still unseen", outside=outside, kind="regular")


def _tiles(said: str, data: dict[str, Any], components: Components) -> str:
    """'tiles speed, speed 1 star, ...': the round's 18 tiles by face, the grid row by row, then
    below sales offices 1 and 2; where a place is named before a face ('row 2: power machine, ...',
    'below sales office 1: ...', as told back), the face must be the first there."""
    parts = _split_outside_brackets(said)
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
    words = [word for word in _words(label) if word not in ("below", "under", "sales", "the")]
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


def _split_outside_brackets(text: str, separators: str = ",;") -> list[str]:
    """`text` split at commas and semicolons (or `separators`) outside brackets, blank parts left
    out: 'speed (1 star, silver), power'; a told card's '(city car, green, ...)' is one part."""
    parts, depth, current = [], 0, ""
    for char in text:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char in separators and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += char
    return [part for part in [*parts, current] if part.strip()]


# Words of a seat's own card that name no card ('I draw 12 from the deck', 'my card is 12').
_PRIVATE_CARD_WORDS = (*_CARD_VERBS, "is", "was", "from", "deck", "pile", "top", "off")


def _private_card(
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
        raise TokenSyntaxError(f"no one moves now: the table deals next ({next_chance_words(data, names, me)})")
    receiver = data["turn"]
    what = "starting contract" if step == "deal starting contract" else "card from the deck"
    if seat != receiver:
        raise TokenSyntaxError(f"the next {what} is {names[receiver]}'s, not {names[seat]}'s")
    starting = step == "deal starting contract"
    if seat == me:
        example = "'I get S2'" if starting else "'I draw 12'"
    else:
        example = f"'{names[seat]} gets a starting contract'" if starting else f"'{names[seat]} draws'"
    whose = "your" if seat == me else f"{names[seat]}'s"
    ordinal = _first_ordinal(outside)
    if ordinal is not None:  # 'I draw the 2nd': a card is no place in an order
        raise TokenSyntaxError(f"cannot read {ordinal!r}: say {whose} {what} as {example}")
    if _denies(outside):  # "I don't get S2": a card is dealt whatever is said; which one is the step
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
    unseen = _unseen_contracts(data, components, starting)
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


def next_chance_words(data: dict[str, Any], names: list[str], me: int) -> str:
    """What the table deals next, and how to say it: "the player order: say 'order Bob me Ann'"."""
    step, receiver = data["step"], int(data.get("turn") or 0)
    said = [("me" if seat == me else name) for seat, name in enumerate(names)]
    if step == "deal starting contract":
        if receiver == me:
            return "your starting contract: say 'I get S2' (the one you drew)"
        return f"{names[receiver]}'s starting contract, unseen: say '{names[receiver]} gets a starting contract'"
    if step == "draw contract":
        if receiver == me:
            return "the contract you drew from the deck: say 'I draw 12'"
        return f"{names[receiver]}'s card from the deck, unseen: say '{names[receiver]} draws'"
    return {
        "deal order": f"the player order: say 'order {' '.join(said)}' (first player first)",
        "deal demands": "the demand tiles: say 'demands speed speed power green suitcase / suitcase safety green "
        "power safety' (North America's, then Europe's: the 4, 3 and 2 star spaces, then the next left and right)",
        "deal display": "the contract display: say 'display 3 17 22'",
        "deal tiles": "the round's 18 tiles: say 'tiles speed, speed 1 star, power silver, ...' (rows 1 to 4, "
        "then below sales offices 1 and 2)",
        "reveal contract": "a contract turned up on the display: say 'reveal 14'",
    }.get(step, step)


def next_chance_picker(data: dict[str, Any], names: list[str], me: int, components: Components) -> ChancePicker | None:
    """What the table deals next as taps, from what seat `me` could know is still to
    come: the seats for the order; the demand tiles, each symbol as often as it is
    printed, in two groups (a market each); contracts it has not seen (not on the
    display, taken from it or played, nor its own) for the display, a reveal or its own
    draw, starting contracts likewise for its own; the round's unseen tiles of the back
    in play, one option a face with as many copies as there are such tiles, in groups
    (the grid's rows, then the tiles below the sales offices). Another seat's private
    card is said whole, with nothing to pick. The taps make the line the words read."""
    if data["to_move"] != "chance":
        return None
    step, receiver = data["step"], int(data.get("turn") or 0)
    if step in ("deal starting contract", "draw contract"):
        starting = step == "deal starting contract"
        if receiver != me:
            if starting:
                return ChancePicker(
                    f"{names[receiver]}'s starting contract, unseen", f"{names[receiver]} gets a starting contract"
                )
            return ChancePicker(f"{names[receiver]}'s card from the deck, unseen", f"{names[receiver]} draws")
        if starting:
            return ChancePicker("your starting contract", "I get", 1, _contract_options(data, components, True))
        return ChancePicker("the contract you drew from the deck", "I draw", 1, _contract_options(data, components))
    if step == "deal order":
        return _order_picker(names, me)
    if step == "deal demands":
        return _demands_picker(data, components)
    if step == "deal display":
        options = _contract_options(data, components)
        return ChancePicker(f"the {DISPLAY_CONTRACTS} contracts of the display", "display", DISPLAY_CONTRACTS, options)
    if step == "reveal contract":
        return ChancePicker("the contract turned up on the display", "reveal", 1, _contract_options(data, components))
    if step == "deal tiles":
        return _tiles_picker(data, components)
    return None


def contract_play_picker(
    data: dict[str, Any], names: list[str], me: int, components: Components
) -> ChancePicker | None:
    """Another seat's contract step while its hand holds contracts seat `me` never saw: what the
    table may see it play, as taps (no contract, one it took from the display, or one `me` has
    seen nowhere, a starting one too), said as 'Ann plays contract 7'; the rules check the play."""
    mover = data["to_move"]
    if data["step"] != "contract" or not isinstance(mover, int) or mover == me:
        return None
    seat = data["seats"][mover]
    if seat["hidden_contracts"] == 0:
        return None
    starting_hidden, drawn_hidden = _hidden_kinds(seat)
    known = tuple(ChanceOption(f"contract {n}", contract_words(components, n)) for n in seat["hand_public"])
    unseen = [
        ChanceOption(option.word if starting else f"contract {option.word}", option.label)
        for starting, hidden in ((False, drawn_hidden), (True, starting_hidden))
        if hidden
        for option in _contract_options(data, components, starting)
    ]
    options = (ChanceOption("no contract", "no contract"), *known, *unseen)
    return ChancePicker(
        f"{names[mover]}'s contract, from a hand you have not all seen", f"{names[mover]} plays", 1, options
    )


def _order_picker(names: list[str], me: int) -> ChancePicker:
    """Every seat once, first player first: each by its name, or by its number where the
    words would not read the name back as that seat (a name that is a number, read as a seat number)."""
    options = []
    for seat, name in enumerate(names):
        try:
            word = name if _order(_words(name), names, me) == f"order:{seat}" else str(seat)
        except TokenSyntaxError:
            word = str(seat)
        options.append(ChanceOption(word, f"{name} (you)" if seat == me else name))
    return ChancePicker("the player order, first player first", "order", len(names), tuple(options), ordered=True)


def _demands_picker(data: dict[str, Any], components: Components) -> ChancePicker:
    """The demand tiles not on a market yet, by symbol: North America's spaces, then Europe's."""
    per_market = len(components.active_stars) + 2
    left = Counter(components.demand_tiles)
    for market in data["markets"].values():
        left.subtract(market["demand"] + market["pending"])
    options = tuple(ChanceOption(symbol, symbol, left[symbol]) for symbol in components.symbols if left[symbol] > 0)
    stars = ", ".join(map(str, components.active_stars))
    return ChancePicker(
        f"the demand tiles: North America's, then Europe's (the {stars} star spaces, then the next left and "
        "right); the two markets may not show the same symbols",
        "demands",
        2 * per_market,
        options,
        ordered=True,
        groups=(per_market, per_market),
    )


def _contract_options(data: dict[str, Any], components: Components, starting: bool = False) -> tuple[ChanceOption, ...]:
    """The regular (or starting) contracts seat `me` has seen nowhere, each with what it shows."""
    names = _unseen_contracts(data, components, starting)
    return tuple(ChanceOption(name, contract_words(components, name)) for name in names)


def _unseen_contracts(data: dict[str, Any], components: Components, starting: bool = False) -> list[str]:
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


def _tiles_picker(data: dict[str, Any], components: Components) -> ChancePicker:
    """The round's tiles by face from the unseen tiles of its back: the grid row by row,
    then below the sales offices that take one."""
    back = "A" if data["round"] <= ROUNDS_PER_BACK else "B"
    faces: dict[str, list[Tile]] = {}
    for name in data["tiles_unseen"][back]:
        tile = components.tile(name)
        faces.setdefault(tile_words(tile), []).append(tile)
    options = tuple(ChanceOption(tile_said(tiles[0]), face, len(tiles)) for face, tiles in faces.items())
    groups = (*(len(row) for row in data["grid"]), sum(1 for spec in components.sales_offices if spec.tile))
    return ChancePicker(
        f"the round's {sum(groups)} tiles: the grid row by row, then below the sales offices",
        "tiles",
        sum(groups),
        options,
        ordered=True,
        separator=", ",
        groups=groups,
        group_separator="; ",
    )


def tile_said(tile: Tile) -> str:
    """A tile's face as a person says it and `_face` reads it back to that face alone:
    'speed 1 star silver', 'staff manager 2 workers', 'spoiler 2 stars', '$3', '1 VP'.
    Every mark printed is said (a staff manager's workers even when none), since what
    is not said is read as not printed."""
    if tile.kind == "money":
        return f"${tile.money}"
    if tile.kind == "vp":
        return f"{tile.vp} VP"
    said = {"machine": str(tile.symbol), "manager": f"{tile.type} manager", "styling": str(tile.part)}[tile.kind]
    if tile.kind == "manager" and tile.type == "staff":
        said += f" {plural(tile.workers, 'worker')}"
    if tile.stars:
        said += f" {plural(tile.stars, 'star')}"
    if tile.silver:
        said += " silver" if tile.silver == 1 else f" {tile.silver} silver"
    return said


# ------------------------------------------------------------ tiles by face


@dataclass
class _Face:
    """What a person said a tile shows; None where nothing was said."""

    kind: str | None = None
    name: str | None = None  # the symbol, manager type or styling part
    stars: int | None = None
    silver: int | None = None
    workers: int | None = None
    value: int | None = None  # a money or VP tile's

    def fits(self, tile: Tile, exact: bool) -> bool:
        """Whether `tile` shows this; `exact`: what was not said is not printed (no stars, no medal)."""
        if tile.kind != self.kind:
            return False
        if tile.kind in ("money", "vp"):
            return self.value == (tile.money if tile.kind == "money" else tile.vp)
        if self.name != {"machine": tile.symbol, "manager": tile.type, "styling": tile.part}[tile.kind]:
            return False
        if self.workers is not None and self.workers != tile.workers:
            return False
        for said, printed in ((self.stars, tile.stars), (self.silver, tile.silver)):
            if (said is None and exact and printed) or (said is not None and said != printed):
                return False
        return True


_FILLER = ("the", "a", "an", "with", "and", "tile", "tiles", "plain", "bonus", "of", "it", "its")
_KIND_WORDS = {"machine": "machine", "machines": "machine", "manager": "manager", "styling": "styling"}


def _face(phrase: str, components: Components) -> _Face:
    """The face a phrase names: 'speed 1 star silver', 'research manager 1*', 'staff 2 workers',
    'spoiler 2 stars', '$3', '3 money', '2 VP'."""
    named = _face_names(components)
    said, number, dollar, negated, kind_word = _Face(), None, False, False, None

    def unit() -> int:
        nonlocal number
        value, number = number, None
        return value if value is not None else (0 if negated else 1)

    for word in _words(phrase):
        if word.isdigit():
            if dollar:
                said.kind, said.value, dollar = "money", int(word), False
            elif number is not None:
                raise TokenSyntaxError(f"two numbers in a row in {phrase.strip()!r}: say '1 star', '2 workers', '$3'")
            else:
                number = int(word)
            continue
        if word == "$":
            if number is None:
                dollar = True
            else:
                said.kind, said.value = "money", unit()
        elif word in ("money", "dollar", "dollars", "vp", "point", "points"):
            if number is None:
                raise TokenSyntaxError(f"say how much in {phrase.strip()!r}: '$3', '3 money', '2 VP'")
            said.kind, said.value = "money" if word in ("money", "dollar", "dollars") else "vp", unit()
        elif word == "*":
            said.stars = number if number is not None else (said.stars or 0) + 1
            number = None
        elif word in ("star", "stars"):
            said.stars = unit()
        elif word in ("worker", "workers"):
            said.workers = unit()
        elif word in ("silver", "medal", "medals"):
            if said.silver is None or number is not None or negated:  # 'silver medal' is one medal
                said.silver = unit()
        elif word in ("no", "without"):
            negated = True
            continue
        elif (form := _named(word, named)) is not None:
            said.kind, said.name = named[form]
        elif word in _KIND_WORDS:
            kind_word = _KIND_WORDS[word]
        elif word in _FILLER:
            continue  # "without the silver medal": the denial goes on past "the"
        else:
            raise TokenSyntaxError(f"cannot read {word!r} in the tile {phrase.strip()!r}")
        negated = False
    if number is not None:  # a bare number: a staff manager's workers, else stars
        if said.kind == "manager" and said.name == "staff":
            said.workers = number
        else:
            said.stars = number
    if "plain" in _words(phrase):  # "the plain speed machine": no star, no medal
        said.stars = 0 if said.stars is None else said.stars
        said.silver = 0 if said.silver is None else said.silver
    if said.kind is None or (kind_word and kind_word != said.kind):
        raise TokenSyntaxError(
            f"cannot tell the tile {phrase.strip()!r}: name a symbol ({', '.join(components.symbols)}), a manager "
            f"({', '.join(MANAGER_TYPES)}), a styling part ({', '.join(components.styling_parts)}), $N or N VP"
        )
    return said


def _face_names(components: Components) -> dict[str, tuple[str, str]]:
    """The words that name a face's symbol, manager type or styling part, each with its kind."""
    named = {symbol: ("machine", symbol) for symbol in components.symbols}
    named |= {kind: ("manager", kind) for kind in MANAGER_TYPES}
    return named | {part: ("styling", part) for part in components.styling_parts}


def _named(word: str, named: dict[str, tuple[str, str]]) -> str | None:
    """The symbol, manager type or part `word` names, plural or singular ('rim' for rims)."""
    for form in (word, word + "s", word.removesuffix("s")):
        if form in named:
            return form
    return None


def _fitting(said: _Face, tiles: list[Tile], phrase: str, places: dict[str, str] | None = None) -> list[Tile]:
    """The tiles among `tiles` that show the face said, all of one face: those that
    show exactly what was said, else those that show it and more, when that is one face.
    `places` names where each tile lies, for the person to choose among them."""
    exact = [tile for tile in tiles if said.fits(tile, exact=True)]
    if exact:
        return [tile for tile in exact if tile_words(tile) == tile_words(exact[0])]
    loose = [tile for tile in tiles if said.fits(tile, exact=False)]
    if len({tile_words(tile) for tile in loose}) > 1:
        fits = sorted({(f"{places[tile.name]}: " if places else "") + tile_words(tile) for tile in loose})
        raise TokenSyntaxError(f"{phrase.strip()!r} fits several tiles: {'; '.join(fits)}; say which")
    return loose


def _deal(phrases: list[str], data: dict[str, Any], components: Components) -> list[str]:
    """The ids of a round's tiles said by face: each a tile of the round's back with
    that face, still unseen (tiles with one face are alike to the rules: any will do)."""
    back = "A" if data["round"] <= ROUNDS_PER_BACK else "B"
    unseen = set(data["tiles_unseen"][back])
    left = [tile for tile in components.tiles[back] if tile.name in unseen]
    ids = []
    for phrase in phrases:
        said = _face(phrase, components)
        found = _fitting(said, left, phrase)
        if not found:
            raise TokenSyntaxError(f"no {phrase.strip()!r} is left among the {back} tiles ({_left_like(said, left)})")
        ids.append(found[0].name)
        left.remove(found[0])
    return ids


def _left_like(said: _Face, left: list[Tile]) -> str:
    """The faces left of the said one's kind, symbol, type or part: what the person may have meant."""
    like = [tile for tile in left if tile.kind == said.kind and (said.name is None or said.fits(tile, exact=False))]
    faces = sorted({tile_words(tile) for tile in like})
    return f"left: {'; '.join(faces)}" if faces else "none of its kind is left"


# ------------------------------------------------------------ decisions


@dataclass
class _Said:
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
        return _denies(self.outside)


def _denies(words: list[str]) -> bool:
    """Whether `words` deny what they say ('not', "doesn't": 'doesn', 't')."""
    return any(
        word in _NEGATIONS or (word in _CONTRACTED and i + 1 < len(words) and words[i + 1] == "t")
        for i, word in enumerate(words)
    )


# Words that place workers on the board: said with a sponsor, they make the line two moves.
_BOARD_WORDS = ("row", "rows", "column", "columns", "col", "cols", "corner", "corners")


# What people say for withdrawing: they pass the rest of the round, or drop out of it; at a sale,
# passing leaves the car on its ship (the rulebook: "pass and leave the car on the ship").
_PASS_WORDS = ("pass", "passes", "passed")


def _drops_out(words: list[str]) -> bool:
    """Whether `words` say a seat drops out ('Cid drops out'): it withdraws."""
    return words[:1] in (["drop"], ["drops"], ["dropped"]) and words[1:2] == ["out"]


def _turn(said: _Said) -> str | None:
    words = said.words
    if words[:1] and words[0] in _PASS_WORDS or _drops_out(words):
        return "withdraw"
    if said.has("sponsor"):
        # 'sponsors row 2' is no count of workers: sponsoring and placing on the board are two moves.
        if _places_on_board(said.outside):
            raise TokenSyntaxError(
                "sponsoring and placing workers (on a row, a column or the corner) are two moves: "
                "say one of them, 'sponsors 2' or 'row 1', 'column 3', 'corner family'"
            )
        return f"sponsor:{_need(said.number(), 'say how many workers sponsor')}"
    if "corner" in words:
        return f"corner:{_need(_car(words), 'say which car the corner makes: city, family or super')}"
    for i, word in enumerate(words[:-1]):
        if words[i + 1].isdigit() and word in ("row", "r", "column", "col", "c"):
            # Any other number is a count of workers ('places 2 workers on column 3'), or refused.
            said.number(word, counted=("worker", "workers"))
            return f"place:{'R' if word.startswith('r') else 'C'}{words[i + 1]}"
    return None


# The steps of a seat's turn, from its sponsor and action to its contract.
_TURN_STEPS = ("turn", "take tile", "place tile", "draw", "market", "ship", "contract")
# Words that take workers back: no step takes them off the sponsor space ('takes 2 workers off sponsor').
_TAKING_BACK = ("back", "remove", "removes", "removed", "retrieve", "retrieves", "retrieved")


def _says_a_sponsor(said: _Said) -> bool:
    """Whether a decision's words name the sponsor space, outside a withdrawal (whose workers left go there)."""
    withdrawn = bool(said.words) and said.words[0].startswith("withdr")
    return not withdrawn and any(word.startswith("sponsor") for word in said.outside)


def _check_no_workers_taken_off(said: _Said, name: str) -> None:
    """TokenSyntaxError for workers taken off the sponsor space ('takes 2 workers off sponsor'), which
    no step does: read as a sponsor, the line would put them on it."""
    if _says_a_sponsor(said) and _takes_workers_off(said.outside):
        raise TokenSyntaxError(
            "no step takes workers off the sponsor space: sponsoring puts workers on it, for $1 each, once a turn "
            f"before the action ('{does(name, 'sponsors')} 2')"
        )


def _check_sponsor_in_time(said: _Said, name: str) -> None:
    """TokenSyntaxError for a sponsor said later in a turn than its start (once its action or its one
    sponsor is taken), saying how to record it: the sponsor first, all its workers at once."""
    step, sponsored = said.data["step"], said.data["action"].get("sponsored")
    if not _says_a_sponsor(said) or step not in _TURN_STEPS or (step == "turn" and not sponsored):
        return  # in time; or no turn to go back to (the sales), left to the rules
    count = said.number()
    if sponsored:
        before = f"{does(name, 'has')} sponsored this turn already: "
        example = _sponsored_together(said.data["seats"][said.seat]["on_sponsor"], count or 1, name)
    else:
        before, example = "", f"'{does(name, 'sponsors')} {count or 2}'"
    whose = "your" if name == "you" else f"{name}'s"
    raise TokenSyntaxError(
        f"{before}sponsoring is counted at the start of the turn, all workers at once: 'undo' back to the start of "
        f"{whose} turn and say the sponsor first with all its workers ({example})"
    )


def _sponsored_together(on_sponsor: int, count: int, name: str) -> str:
    """How to say a turn's sponsor with `count` more workers: those sponsored before and these
    together. The view counts the seat's workers on the sponsor space this round, not this turn's
    (an earlier turn of the round may have put some there), so the total is said on that condition."""
    workers = f"{_owner(name)} worker" if on_sponsor == 1 else f"all {on_sponsor} of {_owner(name)} workers"
    return (
        f"those sponsored before and these together: '{does(name, 'sponsors')} {on_sponsor + count}' if {workers} "
        "on the sponsor space came this turn"
    )


# The steps of a turn before its car's ship step: its marketing is still to come.
_BEFORE_THE_SHIP = ("turn", "take tile", "place tile", "draw", "market")


def _check_marketing_in_time(said: _Said, name: str) -> None:
    """TokenSyntaxError for marketing workers said before the car's ship step, where the rules
    take them (once a car, after its market is chosen): the line says when to say them, where
    read as this step its number would be a place ('puts 3 workers on marketing' as station 3)."""
    words, step = said.words, said.data["step"]
    marketing = any(word.startswith("market") and word not in ("market", "markets") for word in words)
    # where a tile is taken or placed, 'marketing' may be its face (a marketing manager): workers say it is not
    workers = step not in ("take tile", "place tile") or any(word.startswith("worker") for word in words)
    if step not in _BEFORE_THE_SHIP or not marketing or not workers:
        return
    raise TokenSyntaxError(
        f"marketing workers go on the car at its ship step, once its market is chosen: say them then "
        f"('{does(name, 'marketing')} 2' or '{does(name, 'puts')} 2 workers on marketing'); now "
        f"{does(name, 'is')} to {_expected(said.data)}"
    )


def _takes_workers_off(words: list[str]) -> bool:
    """Whether `words` take workers back, or off or from the sponsor space ('off the sponsor')."""
    if any(word in _TAKING_BACK for word in words):
        return True
    said = [word for word in words if word not in ("the", "a", "his", "her", "their", "my", "your")]
    return any(word in ("off", "from") and after.startswith("sponsor") for word, after in zip(said, said[1:]))


def _places_on_board(words: list[str]) -> bool:
    """Whether `words` name a place on the board for workers: a row, a column ('r2', 'c 3' too) or the corner."""
    return _line_said_short(words) or any(word in _BOARD_WORDS for word in words)


# Words before a number that make it the place along the line ("at 2", "position 3", "tile 4").
_PLACE_WORDS = ("place", "position", "at", "in", "on", "tile")
_TAKE_VERBS = ("take", "takes", "took", "pick", "picks", "choose", "chooses", "get", "gets")
_TAKE_ENDS = ("from", "along", "at", "in", "on", "make", "makes")


def _take(said: _Said) -> str | None:
    """'tile 2', '2', or the tile by its face along the row or column chosen ('the speed
    machine', and where that face lies twice, its place: 'the speed machine, place 3')."""
    words = [word for word in said.words if word not in _TAKE_VERBS]
    # The place beside a face ("the speed machine, place 3", "... at 2", "tile 4 (green machine)"):
    # read as the place, and the face without it.
    at = [i for i, word in enumerate(words[:-1]) if word in _PLACE_WORDS and words[i + 1].isdigit()]
    placed = words[at[0] + 1] if at and _names_a_tile(words, said.components) else None
    if placed is not None:
        words = words[: at[0]] + words[at[0] + 2 :]
    ends = [i for i, word in enumerate(words) if word in _TAKE_ENDS]
    words = words[: ends[0]] if ends else words
    while words and words[-1] == "and":
        words.pop()
    if not words or "back" in words:
        return None
    if len(words) == 1 and words[0].isdigit():
        return f"tile:{words[0]}"
    if len(words) == 2 and words[0] in ("tile", "place", "position", "number", "no") and words[1].isdigit():
        return f"tile:{words[1]}"
    if len(words) == 3 and words[0] == "tile" and words[1] in ("number", "no") and words[2].isdigit():
        return f"tile:{words[2]}"  # "takes tile no. 3"
    if not _names_a_tile(words, said.components):
        return None  # not a tile at all ('row 1'): the step's own guidance says what is
    return f"tile:{_place_by_face(' '.join(words), said, None if placed is None else int(placed))}"


def _names_a_tile(words: list[str], components: Components) -> bool:
    """Whether the words name what a tile shows: a symbol, a manager, a styling part, money or VP."""
    named = _face_names(components)
    return any(_named(word, named) or word in ("$", "money", "dollar", "dollars", "vp") for word in words)


def _place_by_face(phrase: str, said: _Said, place: int | None = None) -> int:
    """The place (1-4) along the turn's row or column holding the face said (at `place`, when
    it is said too); TokenSyntaxError when that face lies at several places and none is said:
    the place taken decides which row or column keeps the other."""
    space = said.data["action"]["space"]
    if space is None or space == "corner":
        raise TokenSyntaxError("no row or column is chosen, so no tile is taken now")
    grid, line = said.data["grid"], int(space[1:]) - 1
    places = [grid[line][i] if space[0] == "R" else grid[i][line] for i in range(len(grid))]
    tiles = [said.components.tile(tile) for tile in places if tile]
    labels = {tile: f"place {place}" for place, tile in enumerate(places, start=1) if tile}
    face = _face(phrase, said.components)
    if place is not None:  # the place said: its tile must show what was said (all of it, or more)
        tile = places[place - 1] if 1 <= place <= len(places) else None
        if tile is None or not face.fits(said.components.tile(tile), exact=False):
            held = tile_words(said.components.tile(tile)) if tile else "no tile"
            raise TokenSyntaxError(f"place {place} along {space_words(space)} holds {held}, not {phrase.strip()!r}")
        return place
    found = _fitting(face, tiles, phrase, labels)
    also = sorted({tile_words_apart(tile, tiles) for tile in tiles if face.fits(tile, exact=False)})
    if found and len(also) > 1:  # "the suitcase machine" where one has a star: the star left out, or not?
        options = " or ".join(f"'the {said}'" for said in also)
        raise TokenSyntaxError(f"{phrase.strip()!r} fits more than one tile along {space_words(space)}: say {options}")
    if not found:
        held = "; ".join(
            f"place {place}: {tile_words(said.components.tile(tile)) if tile else 'empty'}"
            for place, tile in enumerate(places, start=1)
        )
        raise TokenSyntaxError(f"no {phrase!r} along {space_words(space)}: it holds {held}")
    at = [places.index(tile.name) + 1 for tile in found]
    if len(at) > 1:
        where = " and ".join(map(str, at))
        raise TokenSyntaxError(
            f"the {tile_words(found[0])} lies at places {where} along {space_words(space)}: say which, "
            f"e.g. 'takes the {tile_words(found[0])}, place {at[-1]}' or 'takes tile {at[-1]}'"
        )
    return at[0]


def _put(said: _Said) -> str | None:
    words = said.words
    if said.has("discard"):
        if any(where in said.outside for where in ("station", "office", "styling")) or said.number() is not None:
            raise TokenSyntaxError("say where the tile goes, or that it is discarded: not both")
        return "discard"
    for where in ("station", "office"):
        if where in words:
            number = said.number(where, counted=("worker", "workers"))  # 'the staff manager 1 worker'
            return f"put:{where},{_need(number, f'say which {where}: {where} 2')}"
    # A number with no station or office names no place: 'on 4' may be either, and a car's
    # styling takes none ('puts it on 4 and makes the family car' is no styling).
    number = said.number()
    if number is not None:
        raise TokenSyntaxError(
            f"say which place {number} is: 'puts it on station {number}' or 'in office {number}' "
            "(a car's styling is said without a number: 'on styling city')"
        )
    car = _car(words)
    return f"put:styling,{car}" if car else None


# Words of a draw that name no card ('Ann takes the super car speed contract from the display').
_DRAW_WORDS = (*_TAKE_VERBS, "draw", "draws", "drew", "from", "display", "on", "off", "face", "up")


def _draw(said: _Said) -> str | None:
    """'draws 14', 'draws from the deck', or a card of the display by what it shows: 'takes the super
    car speed contract' (None where the words name no card: the step's guidance says what does)."""
    number = said.number("contract")
    if said.has("deck", "top", "pile", "blind"):
        if number is not None:
            raise TokenSyntaxError(f"say contract {number} from the display, or the deck: not both")
        return "draw:deck"
    words = [word for word in said.words if word not in _DRAW_WORDS]
    if read_contract(words, said.components).empty():
        return None
    outside = [word for word in said.outside if word not in _DRAW_WORDS]
    display = list(said.data["display"])
    return f"draw:{contract_named(words, display, said.components, among='on the display', outside=outside)}"


def _choose_market(said: _Said) -> str | None:
    market = _market(said.words)
    return None if market is None else f"market:{market}"


_SHIP_ONE_THING = "say the one thing done: 'ships 7', 'marketing 2', 'takes back NA 6' or 'does not ship'"


def _ship(said: _Said) -> str | None:
    words = said.words
    # Workers put at this step go on marketing, whether or not it is named ('puts 2 workers'):
    # their count is never a level, and with a ship, a car taken back or a sale it is two moves.
    workers = _workers_counted(said.outside)
    if workers and said.has("ship", "back", "takeback", "sell", "sold"):
        raise TokenSyntaxError(_SHIP_ONE_THING)
    number = said.number("level", "space", "marketing")
    if said.negated() or any(word in _NO for word in said.outside):
        # 'puts no workers' denies marketing, not the ship
        put_none = any(word in ("worker", "workers") for word in said.outside)
        if number is not None or put_none or said.has("marketing", "back", "takeback", "sell", "sold"):
            raise TokenSyntaxError(_SHIP_ONE_THING)
        return "ship:none"
    if workers:
        return f"marketing:{_need(number, 'say how many workers go on marketing')}"
    if "back" in words or said.has("takeback"):
        market = _need(_market(words), "say the market and level of the car taken back: 'takes back NA 6'")
        return f"takeback:{market},{_need(number, 'say the level of the car taken back')}"
    if "marketing" in said.outside or said.outside[:1] in (["market"], ["markets"]):  # not "the Europe market"
        return f"marketing:{_need(number, 'say how many workers go on marketing')}"
    if said.has("sell", "sold"):
        return f"sell:{_need(number, 'say the sales space whose reward the top car takes')}"
    return None if number is None else f"ship:{number}"


def _workers_counted(words: list[str]) -> bool:
    """Whether `words` say a number of workers ('2 workers', 'one worker')."""
    return any(word.isdigit() and after in ("worker", "workers") for word, after in zip(words, words[1:]))


def _contract(said: _Said) -> str | None:
    words = said.words
    starting = [words[i + 1] for i, word in enumerate(words[:-1]) if word == "s" and words[i + 1].isdigit()]
    number = said.number("contract", "s")
    # "no." before a number is the number's sign ("contract no. 11"), not "no contract"; a card's
    # medal denied ('the super car contract without the silver medal') is what the card shows.
    outside = [word for i, word in enumerate(said.outside) if not _denies_a_medal(said.outside, i)]
    none = _Said(said.words, said.data, said.seat, said.components, outside).negated() or any(
        word in _NO and not (word == "no" and i + 1 < len(outside) and outside[i + 1].isdigit())
        for i, word in enumerate(outside)
    )
    if none:
        if number is not None or "starting" in said.outside:
            raise TokenSyntaxError("say the contract played, or 'plays no contract': not both")
        return "contract:none"
    if starting and number == int(starting[0]):
        return f"contract:S{starting[0]}"
    # the card by its number, or by what it shows ('my starting contract', 'the city car suitcase contract')
    words = [word for word in said.words if word not in _PLAY_WORDS]
    if read_contract(words, said.components).empty():
        return None
    outside = [word for word in said.outside if word not in _PLAY_WORDS]
    held, among = _contracts_maybe_held(said.data, said.seat, said.components)
    return f"contract:{contract_named(words, held, said.components, among=among, outside=outside)}"


def _denies_a_medal(words: list[str], i: int) -> bool:
    """Whether the word at `i` denies a card's silver medal ('no silver medal', 'without a medal')."""
    medal = any(word in ("silver", "medal", "medals") for word in words[i + 1 : i + 3])
    return words[i] in ("no", "without", "not") and medal


# Words of a contract played that name no card ('Ann plays her safety contract').
_PLAY_WORDS = ("play", "plays", "played", "playing", "complete", "completes", "completed", "fulfils", "fulfills")


def _contracts_maybe_held(data: dict[str, Any], seat: int, components: Components) -> tuple[list[str], str]:
    """The contracts seat `seat` may hold, as far as the view `data` tells (its known cards, and
    where it holds cards the view never saw, those still unseen), and where they are, in words."""
    cards = data["seats"][seat]
    known = list(dict.fromkeys([*cards["hand"], *cards["hand_public"]]))
    if cards["hidden_contracts"] == 0:
        return known, "in your hand" if seat == data.get("observer") else "in their hand"
    starting_hidden, drawn_hidden = _hidden_kinds(cards)
    unseen = [
        *_unseen_contracts(data, components, True) * starting_hidden,
        *_unseen_contracts(data, components) * drawn_hidden,
    ]
    return known + unseen, "that they may hold"


def _hidden_kinds(cards: dict[str, Any]) -> tuple[bool, bool]:
    """Whether a seat's cards the view never saw hold its starting contract, and deck draws:
    every seat is dealt one starting contract unseen; any other hidden one was drawn from the deck."""
    starting_hidden = not any(str(name).startswith("S") for name in (*cards["hand_public"], *cards["played"]))
    return starting_hidden, cards["hidden_contracts"] - starting_hidden > 0


def _office(said: _Said) -> str | None:
    number = said.number("office")
    return None if number is None else f"office:{number}"


# Words of keeping the car offered ('keeps', 'leaves it on the ship'): the sale step's own, whatever else is said.
_KEEPING = ("keep", "kept", "leav", "left")


def _sell(said: _Said) -> str | None:
    number = said.number("space")
    denied = said.negated() or any(word in _NO for word in said.outside)
    kept = said.has(*_KEEPING) or said.words[:1] in ([word] for word in _PASS_WORDS)
    if (denied or kept) and number is not None or denied and kept:
        raise TokenSyntaxError("say the one thing done: 'sells 3' (the sales space) or 'keeps'")
    if denied or kept:
        return "keep"
    return None if number is None else f"sell:{number}"


def _demand(said: _Said) -> str | None:
    sides = {word for word in said.outside if word in ("left", "right")}
    if len(sides) > 1:  # 'demand left and right': the tiles come in on one side
        raise TokenSyntaxError("the demand tiles move in on one side: say 'demand left' or 'demand right', not both")
    side = next((word for word in said.words if word in ("left", "right")), None)
    return None if side is None else f"demand:{side}"


_READERS = {
    "turn": _turn,
    "take tile": _take,
    "place tile": _put,
    "draw": _draw,
    "market": _choose_market,
    "ship": _ship,
    "contract": _contract,
    "sales office": _office,
    "sell": _sell,
    "demand": _demand,
}


# Words that name another step's move, at the steps whose readers take a bare number
# (a number after them would otherwise be read as this step's: 'Bob ships 7' as contract 7).
_OTHER_STEPS_WORDS = {
    "ship": ("contract", "starting", "office", "draw", "deck", "station", "styling", "row", "column"),
    "contract": ("sell", "sold", "ship", "marketing", "back", "office", "draw", "deck", "row", "column"),
    "sales office": ("contract", "sell", "sold", "ship", "marketing", "draw", "row", "column"),
    "sell": ("contract", "ship", "marketing", "back", "office", "draw", "row", "column"),
    "draw": ("sell", "sold", "ship", "marketing", "office", "station", "styling", "row", "column"),
}


def _line_said_short(words: list[str]) -> bool:
    """Whether `words` name a row or a column by its short form ('r2', 'c 3')."""
    return any(word in ("r", "c") and after.isdigit() for word, after in zip(words, words[1:]))


# Words that name the step itself: a line with one is this step's whatever else it tells
# ('takes sales office 2 (sells 2 cars)', as the step is told back).
_OWN_WORDS = {"sales office": ("office",), "sell": _KEEPING}


def _by_verb(said: _Said) -> str | None:
    """A move of another step said plainly ('withdraws' while a tile is to be placed): its
    token, so that the rules say why it is not legal now. The step's own moves are left to
    its reader, which reads the whole line ('I keep it and sell 3' is refused there)."""
    verb = said.words[0] if said.words else ""
    own = {"place tile": "discard", "sell": "keep"}.get(said.data["step"])
    for stem, token in (("withdr", "withdraw"), ("discard", "discard"), ("keep", "keep")):
        if verb.startswith(stem) and token != own:
            return token
    if verb.startswith("sponsor") and said.data["step"] != "turn" and said.number() is not None:
        return f"sponsor:{said.number()}"
    return None


# ------------------------------------------------------------ what a line names beside its move


def _check_what_is_named(token: str, said: _Said, names: list[str]) -> None:
    """TokenSyntaxError for a line that reads whole as `token` but names something the move is not:
    another count of workers, another row or column, another car, another tile. Read as the move
    alone, the words that contradict it would be dropped: the person meant something else."""
    name = names[said.seat]
    _check_workers_placed(token, said, names)
    _check_space_named(said, name)
    _check_car_named(token, said, name)
    _check_tile_named(token, said, name)


def _owner(name: str) -> str:
    """'your', 'Bob's'."""
    return "your" if name == "you" else f"{name}'s"


def _workers_said(words: list[str]) -> int | None:
    """The count of workers `words` say ('2 workers', 'a worker'); None where they say none."""
    counts = (int(word) for word, after in zip(words, words[1:]) if word.isdigit() and after in ("worker", "workers"))
    return next(counts, None)


def _check_workers_placed(token: str, said: _Said, names: list[str]) -> None:
    """TokenSyntaxError for workers placed in another count than the space takes ('places 2 workers
    on row 1' while it is empty): a space takes exactly one more worker than it holds
    (docs/automania.md, "Rules readings"), so the count said is another move than the rules make.
    What brackets add ('(Ann's worker goes home)') is a note, not read, as in every told line."""
    kind, _, body = token.partition(":")
    count = _workers_said(said.outside)
    if kind not in ("place", "corner") or count is None:
        return
    space = body if kind == "place" else "corner"
    held = next((spec for spec in said.data["action_spaces"] if spec["space"] == space), None)
    if held is None or count == held["workers"] + 1:
        return  # no such space: the rules say so
    needed = held["workers"] + 1
    if held["seat"] is None:
        there = "it is empty"
    else:
        workers = "worker there goes" if held["workers"] == 1 else f"{held['workers']} workers there go"
        there = f"{_owner(names[held['seat']])} {workers} home"
    name = names[said.seat]
    short = f"{name} {space_words(space)}" if kind == "place" else f"{name} corner {body}"
    raise TokenSyntaxError(
        f"{space_words(space)} takes {plural(needed, 'worker')} now ({there}), not {count}: a space takes one "
        f"more worker than it holds; say '{short}'"
    )


def _spaces_named(words: list[str], components: Components) -> list[str]:
    """The action spaces `words` name: 'row 2', 'column 3' ('r2', 'col 3'), 'the corner', or a row or
    column by what it makes ('the super car row', 'the contract column')."""
    named = []
    for i, word in enumerate(words):
        after = words[i + 1] if i + 1 < len(words) else ""
        if word in ("row", "r", "column", "col", "c") and after.isdigit():
            named.append(("R" if word.startswith("r") else "C") + after)
        elif word == "corner":
            named.append("corner")
        elif word in ("row", "column", "col"):
            before = words[max(0, i - 2) : i]
            what = before[0] if before[-1:] == ["car"] and len(before) == 2 else (before or [""])[-1]
            named += [
                spec.name
                for spec in components.spaces
                if spec.name[0] == word[0].upper() and what in (spec.car, spec.action)
            ]
    return named


def _check_space_named(said: _Said, name: str) -> None:
    """TokenSyntaxError for a tile taken from another row or column than the one the seat's workers
    went to ('takes the power machine from row 3' on row 1): the rules take it from that one, and
    read so, the line would take another tile than said."""
    space = said.data["action"]["space"]
    if said.data["step"] != "take tile" or space is None:
        return
    other = next((named for named in _spaces_named(said.outside, said.components) if named != space), None)
    if other is None:
        return
    held = next(spec for spec in said.data["action_spaces"] if spec["space"] == space)
    workers = "worker" if held["workers"] == 1 else "workers"
    raise TokenSyntaxError(
        f"{does(name, 'takes')} the tile from {space_words(space)}, where {_owner(name)} {workers} went, not from "
        f"{space_words(other)}: say the tile along {space_words(space)} by its face or its place ('tile 2'), or "
        "'undo' back to the placement"
    )


# The steps whose car is the turn's (or, in the sales, the one offered): a car named there is that one.
_CAR_STEPS = ("turn", "take tile", "place tile", "market", "ship", "sell")
_MAKING_WORDS = ("make", "makes", "made", "making")


def _check_car_named(token: str, said: _Said, name: str) -> None:
    """TokenSyntaxError for a car named that is not the one the step is about ('puts it on station 2
    and makes the family car' where row 1 makes the city car; 'corner family and makes a super car'):
    read as the step alone, the line would make another car than said. A car on a styling is where
    the tile goes; a car taken back may be of any type; a contract names its own."""
    kind, _, body = token.partition(":")
    if said.data["step"] not in _CAR_STEPS or kind in ("takeback", "sponsor", "withdraw"):
        return
    words = said.outside
    making = next((i for i, word in enumerate(words) if word in _MAKING_WORDS), len(words))
    beside = [word for word in words[:making] if word in CAR_TYPES]
    made = [word for word in words[making:] if word in CAR_TYPES]
    if said.data["step"] == "turn":
        _check_car_of_space(token, beside + made, said.components, name)
    elif said.data["step"] == "sell":
        _check_car_offered(token, beside + made, said.data, name)
    elif kind == "put" and body.startswith("styling"):
        styled = body.partition(",")[2]
        other = next((car for car in beside if car != styled), None)
        if other is not None:
            raise TokenSyntaxError(
                f"a tile goes on one car's styling: say '{does(name, 'puts')} it on styling {styled}' or "
                f"'... on styling {other}'"
            )
        _check_car_made(made, said, name)
    else:
        _check_car_made(beside + made, said, name)
        if kind == "put" and body.startswith("station"):
            _check_station_line(int(body.partition(",")[2]), beside, said.components, name)


def _check_car_of_space(token: str, named: list[str], components: Components, name: str) -> None:
    """At a turn's placement: the cars named must be the one the space makes (the corner's, the one chosen)."""
    kind, _, body = token.partition(":")
    if kind == "corner":
        other = next((car for car in named if car != body), None)
        if other is not None:
            raise TokenSyntaxError(
                f"the corner makes one car, the one chosen with the workers: say '{name} corner {body}' or "
                f"'{name} corner {other}'"
            )
        return
    if kind != "place" or not named:
        return
    spec = next((spec for spec in components.spaces if spec.name == body), None)
    other = next((car for car in named if spec is not None and car != spec.car), None)
    if spec is None or other is None:
        return  # no such space: the rules say so
    where = space_words(body)
    if spec.car is None:
        raise TokenSyntaxError(f"{where} makes no car (it takes a contract): say '{name} {where}'")
    spaces = [space_words(other_spec.name) for other_spec in components.spaces if other_spec.car == other]
    raise TokenSyntaxError(
        f"{where} makes the {spec.car} car, not the {other} car: say '{name} {where}', or a space of the {other} "
        f"car ({', '.join(spaces)} or 'corner {other}')"
    )


def _check_car_offered(token: str, named: list[str], data: dict[str, Any], name: str) -> None:
    """In the sales: the cars named must be the one offered."""
    offer = data.get("offer")
    if not offer:
        return
    ship = next(ship for ship in data["markets"][offer["market"]]["ships"] if ship["level"] == offer["level"])
    other = next((car for car in named if car != ship["car"]["car"]), None)
    if other is None:
        return
    kind, _, number = token.partition(":")
    example = f"'{does(name, 'sells')} {number}'" if kind == "sell" else f"'{does(name, 'keeps')}'"
    raise TokenSyntaxError(f"the car offered is the {offered_car_words(data)}, not a {other} car: say {example}")


def _check_car_made(named: list[str], said: _Said, name: str) -> None:
    """After a turn's placement: the cars named must be the one the turn makes."""
    car, why = _car_made(said.data, said.components)
    other = next((named_car for named_car in named if named_car != car), None)
    if other is None:
        return
    if car is None:
        raise TokenSyntaxError(f"{_owner(name)} step makes no car ({why}), so no {other} car: say it without the car")
    raise TokenSyntaxError(
        f"the car {_owner(name)} turn makes is the {car} car ({why}), not the {other} car: say the step without "
        "the car, or 'undo' back to the placement to choose another space"
    )


def _car_made(data: dict[str, Any], components: Components) -> tuple[str | None, str]:
    """The car the turn makes (None for none) and why, in words: the car chosen at the corner, or
    the one the space makes; none with a sales office's tile, or on a contract space."""
    action = data["action"]
    if action.get("office_bonus"):
        return None, "the tile is a sales office's"
    space = action["space"]
    if space == "corner":
        return action["car"], "chosen at the corner"
    spec = next((spec for spec in components.spaces if spec.name == space), None)
    car = action["car"] or (spec.car if spec else None)
    return car, (f"{space_words(space)} makes it" if car else f"{space_words(space)} takes a contract")


def _check_station_line(station: int, named: list[str], components: Components, name: str) -> None:
    """A station said with a car's line ('on the family car station 1') must be on that line."""
    car = next((car for car in named if car in components.lines), None)
    if car is None or station in components.lines[car] or not 1 <= station <= components.stations:
        return  # on its line, or no station at all (the rules say so)
    on = " and ".join(map(str, components.lines[car]))
    raise TokenSyntaxError(
        f"station {station} is not on the {car} car's line (stations {on}): say "
        f"'{does(name, 'puts')} it on station {station}', or a station of the line"
    )


# Words that end a tile's name in a placement and say where it goes ('puts the power machine on station 2').
_WHERE_A_TILE_GOES = ("on", "onto", "in", "into", "at", "to", "station", "office", "styling", "and", "then", "away")
_PUTTING = ("put", "plac", "discard")


def _placed_tile_words(words: list[str]) -> list[str]:
    """The words of a placement that name the tile placed, between its verb and where it goes
    ('puts the power machine on station 2': 'power machine'); none where it is 'it'."""
    if not words or not words[0].startswith(_PUTTING):
        return []
    named = list(itertools.takewhile(lambda word: word not in _WHERE_A_TILE_GOES, words[1:]))
    return [word for word in named if word not in ("it", "the", "a", "an", "this", "that", "tile", "my", "his", "her")]


def _check_tile_named(token: str, said: _Said, name: str) -> None:
    """TokenSyntaxError for a tile placed or discarded named by a face it does not show ('puts the
    speed machine on station 2' while the power machine is to be placed): the step places the tile
    taken, and read so, the line would place another tile than said."""
    if said.data["step"] != "place tile" or token.partition(":")[0] not in ("put", "discard"):
        return
    phrase = _placed_tile_words(said.outside)
    if _workers_said(phrase) is not None and not _names_a_tile(phrase, said.components):
        raise TokenSyntaxError(  # 'puts 2 workers on station 2': workers go on no station or office
            f"workers go on the board, not with a tile: {does(name, 'is')} to {_expected(said.data)}"
        )
    if not _names_a_tile(phrase, said.components):
        return
    tile = said.components.tile(said.data["action"]["tile"])
    if not _face(" ".join(phrase), said.components).fits(tile, exact=False):
        raise TokenSyntaxError(
            f"the tile {does(name, 'places')} is the {tile_words(tile)}, not the {' '.join(phrase)}: say "
            f"'{does(name, 'puts')} it' and where it goes, or '{does(name, 'discards')} it'"
        )


# ------------------------------------------------------------ one step a line


@dataclass
class _Line:
    """A seat's line: all of it, the move it says (`_move_part`), the move's words outside
    brackets with where each was said, and how many of them are the seat's name."""

    text: str
    move: str
    words: list[_WordAt]
    named: int

    def said(self, start: int, end: int | None = None) -> str:
        """The move from `start` (to `end`) as it was typed (lower-cased where that moved its letters)."""
        shown = self.move if len(self.move.lower()) == len(self.move) else self.move.lower()
        return shown[start:end].strip()


# Words that tell nothing of a step wherever they are said ('s': "the city car's styling"), and
# the words that join two steps.
_FILLER_WORDS = frozenset("the a an his her their its it my your our to on with number s".split())
_JOINING_WORDS = ("and", "then")
_CAR_WORDS = "car cars city family super"
_MARKET_WORDS = "na north america american eu europe european market markets"
_DENYING_WORDS = "no none not never nothing doesn don didn t does do did skip skips"
_FACE_WORDS = (
    "machine* manager* styling tile* star stars * silver medal* worker* $ money dollar* vp point* plain bonus of"
)
_ASKED_WORDS = f"{_CAR_WORDS} {' '.join(sorted(CARD_WORDS))}"  # what a contract shows (contract_words.py)
_BOARD_WORDS_READ = "row* column* col cols r c"
# The words each kind of move reads ('sponsor*': the words that start so, 'sponsors', 'sponsoring'),
# besides filler, a number where the move takes one, an ordinal before the place it numbers (any
# other is refused before) and, where a tile or a contract is named, what tiles show.
_READ_WORDS = {
    "sponsor": "sponsor* worker* plac* put* space for $ money dollar* from supply",
    # the car a space makes may be said with it ('row 2 for the family car'), checked to be that space's
    "place": f"{_BOARD_WORDS_READ} plac* put* take* took go goes move* send* worker* space action for mak* made "
    f"{_CAR_WORDS} contract",
    "corner": f"corner* plac* put* go goes send* worker* space for mak* made {_CAR_WORDS}",
    # the rulebook's withdrawal puts the workers left on the sponsor space
    "withdraw": f"withdr* {' '.join(_PASS_WORDS)} drop* out worker* all remaining rest left put* plac* sponsor* space",
    "tile": f"take* took pick* choos* chose get* got {_FACE_WORDS} {_BOARD_WORDS_READ} at in from along place* "
    f"position* one no without mak* made {_CAR_WORDS}",
    # a tile placed may be named by its face ('puts the power machine on station 2'), checked to be the one taken
    "put": f"put* plac* station* office* styling {_CAR_WORDS} in into onto at mak* made tile {_FACE_WORDS}",
    "discard": f"discard* mak* made {_CAR_WORDS} tile away {_FACE_WORDS}",
    "draw": f"draw* drew take* took pick* get* got choos* chose contract* display from deck top pile blind card* "
    f"of one {_ASKED_WORDS}",
    "market": f"ship* send* sent choos* chose go goes {_MARKET_WORDS} {_CAR_WORDS} star stars for",
    "marketing": "marketing market markets put* plac* worker* space star stars for",
    "takeback": f"take* took back takeback {_MARKET_WORDS} level* ship* space* {_CAR_WORDS} from at of",
    "ship": f"ship* send* sent level* space* {_MARKET_WORDS} {_CAR_WORDS} star stars at {_DENYING_WORDS}",
    "sell": f"sell* sold space* sales {_CAR_WORDS} {_MARKET_WORDS} in at once top for reward level* star stars",
    "keep": f"keep* kept leav* left pass* ship {_CAR_WORDS} {_MARKET_WORDS} level* sell* {_DENYING_WORDS}",
    "contract": f"play* contract* starting start card* one {_DENYING_WORDS} {_ASKED_WORDS}",
    "office": f"office* sales take* took choos* chose go goes {_FACE_WORDS}",
    "demand": "demand* left right mov* tile* in advanc* push* choos* chose pending side ones",
}
# The moves that take a number (which their readers check is the one said), and those that name
# a tile or a contract by what it shows.
_NUMBERED = ("sponsor", "place", "tile", "put", "draw", "marketing", "takeback", "ship", "contract", "office", "sell")
_FACES_NAMED = ("tile", "put", "discard", "office", "draw", "contract")


def _check_one_step(token: str, line: _Line, data: dict[str, Any], name: str, components: Components) -> None:
    """TokenSyntaxError for a line that says more than its step `token` reads: words read by no
    step are named, and a second step joined to the first ('Cid withdraws and takes sales
    office 4') is to be said on a line of its own: read as the first alone, it would be dropped."""
    said = line.words[line.named :]
    words = [word.word for word in said]
    unread = _unread(words, token.partition(":")[0], components)
    if not unread:
        return
    joined = _another_step_at(said, unread[0], line)
    if joined is not None and _names_a_step(words[joined:], components):
        raise TokenSyntaxError(_two_steps(line, joined))
    named_a_step = _names_a_step([words[i] for i in unread], components)
    more = "; say one step a line, a later one on a line of its own" if named_a_step else ""
    raise TokenSyntaxError(
        f"cannot read {line.said(said[unread[0]].start, said[unread[-1]].end)!r} in {line.text.strip()!r}: "
        f"{does(name, 'is')} to {_expected(data)}{more}"
    )


def _check_one_seat(line: _Line, names: list[str], me: int, components: Components) -> None:
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
    lengths = [len(name) for name in map(_split_words, names) if name and words[: len(name)] == name]
    if words[:1] and words[0] in ("i", "me", "you"):
        lengths.append(2 if words[1:2] and words[1] in _CONTRACTED_TO_SEAT.get(words[0], ()) else 1)
    return max(lengths, default=0)


def _two_steps(line: _Line, joined: int) -> str:
    """Why `line` is refused, whose second step begins at its word `joined` (after the seat's name):
    each step as a line of its own, the second said by the seat as the first is."""
    said = line.words[line.named :]
    after = next(i for i in range(joined, len(said)) if said[i].word not in _JOINING_WORDS)
    first = line.said(0, said[joined].start).rstrip(",")
    then = f"{line.said(0, line.words[line.named - 1].end).rstrip(':,')} {line.said(said[after].start)}"
    return f"{line.said(said[joined].start)!r} is another step: say one step a line ({first!r}, then {then!r})"


def _unread(words: list[str], kind: str, components: Components) -> list[int]:
    """Where `words` (a move's, after the seat's name) hold words that a move of `kind` does not read,
    nor filler or a word joining two steps."""
    named = _face_names(components) if kind in _FACES_NAMED else {}
    return [
        i
        for i, word in enumerate(words)
        if not (
            _reads(kind, word)
            or word in _FILLER_WORDS
            or word in _JOINING_WORDS
            or _ordinal(word) is not None
            or (word.isdigit() and (kind in _NUMBERED or _counts(words, i)))
            or (named and _named(word, named))
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
    return after in _COUNTED or after in ("worker", "workers") or (i > 0 and words[i - 1] == "$")


def _another_step_at(said: list[_WordAt], first: int, line: _Line) -> int | None:
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
    named = _face_names(components)
    return any(
        not word.isdigit()
        and word not in _FILLER_WORDS
        and word not in _JOINING_WORDS
        and (_named(word, named) or any(_reads(kind, word) for kind in _READ_WORDS))
        for word in words
    )


def _need(value: Any, message: str) -> Any:
    if value is None:
        raise TokenSyntaxError(message)
    return value
