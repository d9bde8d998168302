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

This file holds the entry points (`words_to_token`, `reason_in_words`) and the
readers of the seats' decisions. The table's chance steps are read in
table_words.py, tiles by their faces in tile_faces.py, a line's words in
line_words.py, and what a decision line may not say beside its move is refused
in line_checks.py (a second step or seat in one_step_a_line.py).
"""

from __future__ import annotations

import re
from typing import Any

from ..errors import TokenSyntaxError
from ..game_api import NEGATIONS_UNMARKED, whose
from ..steps_not_made import not_made_opening, not_made_refusal
from ..told_lines import move_end, no_seat_first, said_by_mover
from .component_file import Components, SalesSpace
from .contract_words import car_meets, contract_hint, contract_named, read_contract
from .decision_steps import crossing_place, places_along, ship_examples, step_expected
from .line_checks import (
    Bumped,
    check_bumped,
    check_market_said,
    check_marketing_in_time,
    check_no_workers_taken_off,
    check_sponsor_in_time,
    check_what_is_named,
    counts_said,
    not_the_market_chosen,
    office_tile_words,
    styling_named,
)
from .line_words import (
    BRACKETED,
    CAR_WORDS,
    CONTRACTED_TO_SEAT,
    COUNTED,
    MARKETS,
    PASS_WORDS,
    Said,
    car_named,
    check_numbers,
    first_ordinal,
    market_named,
    ordinal_value,
    speaker,
    split_words,
    words_at,
)
from .narration import (
    MARKET_NAMES,
    contract_order,
    contract_said,
    contract_words,
    does,
    office_words,
    plural,
    space_words,
    tile_words,
    tile_words_apart,
)
from .one_step_a_line import Line, check_one_seat, check_one_step
from .table_words import (
    chance_said,
    hidden_kinds,
    order_in_a_sentence,
    private_card,
    says_an_order,
    table_chance,
    unseen_contracts,
)
from .tile_faces import fitting_tiles, kinds_said, names_a_tile, read_face

# The examples of words_help, {order} the order of a game's every seat.
_WORDS_HELP = """'order {order}', 'demands speed speed power green suitcase / suitcase safety green power safety',
'display city car, green, 5 stars; super car, speed, 8 stars; any car, chrome' (each card by what it shows),
'I get the family car starting contract', '{1} gets his starting contract', 'tiles speed, speed 1 star, power
silver, research manager 1 star, spoiler 2 stars, $2, 1 VP, ...' (18 faces: rows 1-4, then below offices 1 and 2),
'{0} sponsors 2', '{0} row 1', '{0} column 3', '{0} corner family', '{0} withdraws', '{0} takes the speed
machine' or '{0} takes tile 2', '{0} puts it on station 3' (or 'in office 2', 'on the city car's styling',
'{0} discards'),
'{0} takes the chrome one' (from the display), '{0} draws from the deck', '{1} draws' / 'I draw the city car
suitcase 6 stars' (the deck's card), 'reveal the super car speed 8 stars' (turned up on the display),
'{0} ships to Europe', '{0} marketing 2', '{0} takes back NA 6', '{0} ships 7', '{0} does not ship',
'I play my safety contract', '{0} plays the family car contract', '{0} plays no contract', '{0} office 4', '{0}
sells 3' (or by the space's reward, '{0} sells for $7'), '{0} keeps', '{0} demand left';
a contract by its number too, though no card prints it ('display 3 17 22', 'I get S2', 'I draw 12', 'reveal 14',
'{0} draws 14', '{0} plays contract 7': 'help contracts' lists them);
a place by its order too, right before what it numbers: '{0} the 2nd row', '{0} takes the third tile', '{0}
puts it on the 2nd station' ('{0} sells 2nd' is refused); a deal as it is told back, its lines joined by '; ' on one
line: 'player order: ...', 'North America wants ...; Europe wants ...', 'on display: ...; on display: ...',
'round 1 tiles, row 1: ...; row 2: ...; ...; below sales office 2: ...', 'turned up on the display: ...'"""


def words_help(players: int) -> str:
    """Examples of the words words_to_token reads, {0} and {1} the other seats
    (game_api.said_at_table); the order names every seat of a game of `players`."""
    order = ["{1}", "{0}", "me", "{2}", "{3}"][:players] if players > 2 else ["me", "{0}"]
    return _WORDS_HELP.replace("{order}", " ".join(order))


_TOKEN = re.compile(r"[a-z]+(:\S*)?", re.IGNORECASE)
_BARE_TOKENS = ("withdraw", "discard", "keep")


# "doesn't" is 'doesn', 't'
_NO = ("no", "none", "not", "nothing", "skip", "skips", "doesn", "don", "t", *NEGATIONS_UNMARKED)


_STEPS_WITH_NONE = ("ship", "contract", "sell")


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


# A row or column that is not on the board, as the rules refuse its token.
_REASON_NO_SPACE = re.compile(r"^'place:([rc])([0-9]+)' must be place:.*; the corner is corner:<car>")
# A market by its token name, as the rules' reasons name it ("NA has no ship space of level 20").
_REASON_MARKET = re.compile(r"\b(NA|EU)(?= has )")
# A contract the car does not meet, by our number ("does not meet contract S4"), which no card shows: the
# person may have named it by its face ('my starting contract'). Where a card is not in hand or on the
# display, the person said its number, and the reason says it back.
_REASON_CONTRACT = re.compile(r"(?<=does not meet )contract (S?[1-9][0-9]?)\b")
# The 2-player sales rule, with the row counted as the rules count it (0: the topmost space).
_REASON_SALES_ROW = re.compile(r"a car was sold to row ([0-9]+) this round \(2 players: one car a row\)")


def reason_in_words(reason: str, components: Components) -> str:
    """The rules' reason for refusing a step, for a person who said it in words: tiles by their faces
    (never their ids, which the table does not see), places as the table shows them, and no token forms."""
    for token_form, said in _REASON_SAID:
        reason = reason.replace(token_form, said)
    reason = _REASON_NO_SPACE.sub(lambda match: _no_such_space(match, components), reason)
    reason = _REASON_SALES_ROW.sub(lambda match: _sales_row_taken(int(match.group(1)), components), reason)
    reason = _REASON_MARKET.sub(lambda match: MARKET_NAMES[match.group(1)], reason)
    reason = _REASON_CONTRACT.sub(lambda match: _contract_of(match, components), reason)
    reason = _REASON_STEP.sub(r"\1", _REASON_QUOTED.sub("", reason))
    said = _REASON_TILE.sub(lambda match: _tile_of(match, components), reason)
    return _REASON_TOKEN.sub("", said)


def _no_such_space(match: re.Match[str], components: Components) -> str:
    """'there is no row 9: ...', the board's rows and columns said as they are numbered."""
    rows = sum(1 for spec in components.spaces if spec.name.startswith("R"))
    columns = sum(1 for spec in components.spaces if spec.name.startswith("C"))
    said = "row" if match.group(1) == "r" else "column"
    return f"there is no {said} {match.group(2)}: the board has rows 1-{rows}, columns 1-{columns} and the corner"


def _sales_row_taken(row: int, components: Components) -> str:
    """The 2-player rule's refusal with the row said by its sales spaces ('sales spaces 6 and 7'), as
    the spaces are said; by its place below the topmost space where the markets number it apart."""
    spaces = {
        tuple(number for number, sale in enumerate(market.sales, start=1) if sale.row == row)
        for market in components.markets
    }
    numbers = next(iter(spaces)) if len(spaces) == 1 else ()
    said = f"the row of sales spaces {' and '.join(map(str, numbers))}" if numbers else f"row {row} below the topmost"
    return f"a car was sold to {said} this round (2 players: one car a row, but for the topmost space)"


def _contract_of(match: re.Match[str], components: Components) -> str:
    """The contract our number names, by what its card shows ('the family car contract (safety, 6+
    stars: 2 VP)'); a number the set has no card for is left as it was said."""
    try:
        return contract_said(components, match.group(1))
    except (IndexError, KeyError, ValueError):
        return match.group(0)


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
    words = split_words(text)
    if not words:
        raise TokenSyntaxError("say a step, e.g. 'Ann row 1', 'I take the speed machine' or 'tiles speed, ...'")
    # 'I take column 3?', "I'd take column 3" (I would): a step that might be made, never one made
    if alone.endswith("?") or words[1:2] == ["d"] and words[0] in CONTRACTED_TO_SEAT:
        raise TokenSyntaxError("say a step made, not one that might be ('advice' asks what to play)")
    chance = chance_said(text, names, data.get("step", ""))
    if chance is not None:
        return table_chance(chance, data, names, me, components)
    named = _pronoun_named(text, data, names, me)
    try:
        return _seat_step(named, data, names, me, components)
    except TokenSyntaxError as error:
        if named == text:
            raise
        raise TokenSyntaxError(_quoted_as_typed(str(error), named, text)) from None


def _quoted_as_typed(refusal: str, named: str, typed: str) -> str:
    """`refusal` of the line `named`, read with its opening pronoun as the seat's name, quoting
    the line as `typed` ('she flies ...', never 'Bob flies ...'), and its move as typed too."""
    for said, was in ((named, typed), (named[: move_end(named)], typed[: move_end(typed)])):
        refusal = refusal.replace(repr(said.strip()), repr(was.strip())).replace(repr(said), repr(was))
    return refusal


def _seat_step(text: str, data: dict[str, Any], names: list[str], me: int, components: Components) -> str:
    """The token of `text`, a line said of a seat ('Ann row 1', 'I sell 2'): `words_to_token` past
    the tokens, questions and chance steps."""
    move = text[: move_end(text)]  # before what came of it, as a step is told back
    move, bumped = _without_bumped(move, names, me)
    check_numbers(_names_pattern(names).sub(" ", move))  # not the seats' names: 'v1.0' is a name
    move_words = split_words(move)
    seat, rest = speaker(move_words, names, me)
    if seat is None:
        raise no_seat_first(
            text.split()[0],
            text,
            names,
            me,
            "order, demands, display, reveal or tiles",
            said_by_mover(
                text,
                data["to_move"],
                names,
                lambda line: speaker(split_words(line), names, me)[0],
                lambda line: words_to_token(line, data, names, me, components),
                me,
            ),
        )
    _check_made(move, len(move_words) - len(rest), seat == me)
    line = Line(text, move, words_at(_blank_brackets(move)), len(move_words) - len(rest))
    outside = [said.word for said in line.words[line.named :]]
    if data["to_move"] == "chance":
        if data["step"] == "deal order" and says_an_order([said.word for said in line.words], names, me):
            return order_in_a_sentence([said.word for said in line.words], names, me)
        return private_card(seat, rest, outside, data, names, me, components)
    _check_mover(seat, data, names, me)
    check_one_seat(line, names, me, components)
    # The refusals speak to the person: the advised seat is "you" ("you are to place a tile",
    # "'you sponsor 2'", which reads back as that seat's line), the others by their names.
    told = ["you" if other == me else name for other, name in enumerate(names)]
    rest, outside = _with_places_read(rest, outside, data, told[seat])
    said = Said(rest, data, seat, components, outside)
    token = _decision(text, said, told[seat])
    check_one_step(token, line, data, told[seat], components)
    check_what_is_named(token, said, told)
    check_bumped(token, bumped, data, told, seat)
    return token


# A seat said as people say it once it is named ('Bob takes row 1', then 'he puts it on station 2').
_PRONOUN = re.compile(r"\s*(he|she|they)(?=\s)", re.IGNORECASE)


def _pronoun_named(text: str, data: dict[str, Any], names: list[str], me: int) -> str:
    """`text` with a line's opening 'he', 'she' or 'they' said as the name of the seat to move: the
    one a person speaks of, whose decision is due. TokenSyntaxError where that seat is the advised
    one ('I'), or no seat decides now; a seat named so is left as it is."""
    said = _PRONOUN.match(text)
    if said is None or speaker(split_words(text), names, me)[0] is not None:
        return text
    mover, pronoun = data["to_move"], said.group(1)
    if mover == me:
        raise TokenSyntaxError(f"{pronoun!r} is not you, and it is your turn: say your step with 'I'")
    if not isinstance(mover, int):
        raise TokenSyntaxError(f"say the seat's name, not {pronoun!r}: no seat decides now")
    return names[mover] + text[said.end() :]


def _check_made(move: str, named: int, mine: bool) -> None:
    """TokenSyntaxError for a step said as one to come or one that might be ('I will take row 2',
    "I'm going to ship"), its own as made taken from the line as typed ('I take row 2')."""
    said = words_at(move)
    opening = not_made_opening([word.word for word in said[named:]])
    if opening is None:
        return
    after = said[named + opening :] if opening else []
    raise not_made_refusal(f"I {move[after[0].start :].strip()}" if mine and after else "")


# Whose workers go home from a space taken, as a person adds it to a placement ("Ann row 1, Dee's
# worker goes home", "... and bumps Dee"): said of the seat whose workers are there, or refused.
_GOING_HOME = r"(?:go|goes|went|return|returns|returned|(?:is|are|get|gets) sent)\s+(?:back\s+home|home|back)"
_COUNTS = r"[0-9]+|a|one|two|three|four|five|six"
# 'nobody goes home', 'no one's workers go home', 'bumps no one': said of a space that is empty.
_NO_ONE = r"(?:nobody|no[\s-]+one|noone)"


def _without_bumped(move: str, names: list[str], me: int) -> tuple[str, Bumped | None]:
    """`move` with what it says of whose workers go home blanked out (each word where it stood), and
    what that is: the seat (`me` for 'my' or 'your', as the companion tells it back, and for 'bumps me'
    or 'bumps you'; None for 'nobody
    goes home') and the count said.
    Said in brackets, as the companion tells a placement ('row 2 (Bob's worker goes home)'), it is read
    too: it names whose workers were there, and another seat's would mean another space."""
    who = "|".join([*(re.escape(name) for name in names), "my", "your"])
    whom = f"{who}|me|you"  # 'bumps me', as 'bumps my worker'
    found = re.search(
        rf"(?:\s*[,;]\s*|\s+)(?P<open>\(\s*)?(?:(?:and|so|then)\s+)?(?:"
        rf"(?P<owner>{who})(?:'s|\u2019s)?\s+(?:(?P<count>{_COUNTS})\s+)?workers?\s+{_GOING_HOME}"
        rf"|(?P<nobody>{_NO_ONE}(?:(?:'s|\u2019s)\s+workers?)?|no\s+workers?)\s+{_GOING_HOME}"
        rf"|(?:bumps?|bumping|bumped|sends?|sending)\s+(?:(?P<bumped>{whom})|(?P<none_bumped>{_NO_ONE}))"
        rf"(?:'s\s+workers?)?(?:\s+(?:home|back|off))?"
        rf")(?(open)\s*\))(?![\w'])",
        move,
        re.IGNORECASE,
    )
    if found is None:
        return move, None
    blanked = move[: found.start()] + " " * (found.end() - found.start()) + move[found.end() :]
    if found["nobody"] or found["none_bumped"]:
        return blanked, Bumped(None, None)
    said = (found["owner"] or found["bumped"]).lower()
    seat = me if said in ("my", "your", "me", "you") else [name.lower() for name in names].index(said)
    count = found["count"]
    workers = None if count is None else int(words_at(f"{count} worker")[0].word)  # 'one worker', 'a worker': 1
    return blanked, Bumped(seat, workers)


def _decision(text: str, said: Said, name: str) -> str:
    """The token of the decision the line `text` says (`said`: its words after the seat's name,
    `name`, places said by their order read), at the step `said.data` is at."""
    data = said.data
    if said.negated() and data["step"] not in (*_STEPS_WITH_NONE, "take tile"):  # a face: "without the star"
        raise TokenSyntaxError(
            f"say what {does(name, 'does')}, not what is not done: {does(name, 'is')} to "
            f"{step_expected(data, said.components)}"
        )
    check_no_workers_taken_off(said, name)
    check_sponsor_in_time(said, name)
    check_marketing_in_time(said, name)
    # A row or column said short ('Bob c2') is another step's too, where a bare number would be this step's.
    short = data["step"] in _OTHER_STEPS_WORDS and _line_said_short(said.words)
    foreign = (said.has(*_OTHER_STEPS_WORDS.get(data["step"], ())) or short) and not said.has(
        *_OWN_WORDS.get(data["step"], ())
    )
    token = _by_verb(said) or (None if foreign else _READERS[data["step"]](said))
    if token is None:
        raise TokenSyntaxError(
            f"cannot read {text.strip()!r}: {does(name, 'is')} to {step_expected(data, said.components)}"
        )
    check_market_said(token, said, name)
    return token


def _blank_brackets(text: str) -> str:
    """`text` with what it says in brackets blanked out, every other word where it stood."""
    return BRACKETED.sub(lambda bracketed: " " * len(bracketed.group()), text)


def _with_places_read(
    words: list[str], outside: list[str], data: dict[str, Any], name: str
) -> tuple[list[str], list[str]]:
    """A decision's words (all, and those outside brackets) with the places said by their order
    read as by their numbers (`_places_said`); TokenSyntaxError for an ordinal left outside
    brackets, which numbers no place the step picks: read as its number, it would be a count or a card."""
    nouns, example = _PLACE_NOUNS.get(data["step"], ((), ""))
    words, outside = _places_said(words, nouns), _places_said(outside, nouns)
    ordinal = first_ordinal(outside)
    if ordinal is not None:
        use = f"an ordinal is read only right before the place it numbers, as in {example}" if nouns else ""
        raise TokenSyntaxError(
            f"cannot read {ordinal!r}: {use or 'this step picks nothing by its order'}; "
            f"{does(name, 'is')} to {step_expected(data)}"
        )
    return words, outside


def _names_pattern(names: list[str]) -> re.Pattern[str]:
    """The seats' names as whole words, any case."""
    return re.compile("|".join(rf"(?<!\S){re.escape(name)}(?!\S)" for name in names) or "(?!)", re.IGNORECASE)


def _places_said(words: list[str], nouns: tuple[str, ...]) -> list[str]:
    """`words` with a place said by its order as `_PLACE_NOUNS` reads it: an ordinal right before one
    of `nouns` (or before 'sales' and one) as the noun and its number ('the 2nd row' as 'row 2', 'the
    third sales office' as 'sales office 3'); a plural of one before a number as the noun ('columns 4'
    as 'column 4'; not 'places', a verb: 'places 2 workers'). Other ordinals stay, to be refused."""
    said: list[str] = []
    i = 0
    while i < len(words):
        word, number = words[i], ordinal_value(words[i])
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


def _check_mover(seat: int, data: dict[str, Any], names: list[str], me: int) -> None:
    mover = data["to_move"]
    if mover == "over":
        raise TokenSyntaxError("the game is over")
    if mover != seat:
        raise TokenSyntaxError(f"it is {whose(mover, names, me, noun=True)} turn, not {whose(seat, names, me)}")


# Words that place workers on the board: said with a sponsor, they make the line two moves.
_BOARD_WORDS = ("row", "rows", "column", "columns", "col", "cols", "corner", "corners")


def _drops_out(words: list[str]) -> bool:
    """Whether `words` say a seat drops out ('Cid drops out', 'I'm out', 'Cid is out'): it withdraws."""
    if words in (["out"], ["is", "out"], ["am", "out"]):  # "I'm out", "Bob is out", "I am out"
        return True
    return words[:1] in (["drop"], ["drops"], ["dropped"]) and words[1:2] == ["out"]


def _turn(said: Said) -> str | None:
    words = said.words
    if words[:1] and words[0] in PASS_WORDS or _drops_out(words):
        return "withdraw"
    if said.has("sponsor"):
        # 'sponsors row 2' is no count of workers: sponsoring and placing on the board are two moves.
        if _places_on_board(said.outside):
            raise TokenSyntaxError(
                "sponsoring and placing workers (on a row, a column or the corner) are two moves: "
                "say one of them, 'sponsors 2' or 'row 1', 'column 3', 'corner family'"
            )
        return f"sponsor:{_need(said.number(), 'say how many workers sponsor')}"
    if "corner" in words or _says_special_production(words):
        return f"corner:{_need(car_named(words), 'say which car the corner makes: city, family or super')}"
    for i, word in enumerate(words[:-1]):
        if words[i + 1].isdigit() and word in ("row", "r", "column", "col", "c"):
            # Any other number is a count of workers ('places 2 workers on column 3'), or refused.
            said.number(word, counted=("worker", "workers"))
            return f"place:{'R' if word.startswith('r') else 'C'}{words[i + 1]}"
    return _space_described(said)


# Words that place a row or column on the board rather than say what it does: the rows' spaces are
# on the left and the columns' on top (the rulebook), so 'the top row' may be row 1 or the spaces on top.
_WHERE_ON_THE_BOARD = frozenset("top bottom upper lower last left leftmost right rightmost middle end".split())


def _space_described(said: Said) -> str | None:
    """A row or column said by what its space does ('the super car row', 'the contract column'): read
    where one space of the kind does it; TokenSyntaxError for one said by where it lies ('the top row')
    or by what several do, saying how the board numbers them. None where no row or column is said."""
    words = said.outside
    at = next((i for i, word in enumerate(words) if word in ("row", "column", "col")), None)
    if at is None:
        return None
    kind = "R" if words[at] == "row" else "C"
    if any(word in ("row", "rows", "column", "columns", "col", "cols") for word in words[at + 1 :]):
        raise TokenSyntaxError("workers go on one space: say one row or one column, e.g. 'row 1' or 'column 3'")
    before = [word for word in words[max(0, at - 2) : at] if word != "car"]
    what = next((CAR_WORDS.get(word, word) for word in reversed(before) if word in (*CAR_WORDS, "contract")), None)
    spaces = [spec for spec in said.components.spaces if spec.name[0] == kind]
    fits = [spec.name for spec in spaces if what is not None and what in (spec.car, spec.action)]
    if len(fits) == 1:
        return f"place:{fits[0]}"
    if what is None and not _WHERE_ON_THE_BOARD.intersection(words):
        return None
    noun = "row" if kind == "R" else "column"
    each = ", ".join(f"{spec.name[1:]} {'contract' if spec.car is None else spec.car + ' car'}" for spec in spaces)
    raise TokenSyntaxError(
        f"say the {noun} by its number or by what its space does: {noun}s {each} (e.g. '{noun} {spaces[0].name[1:]}')"
    )


def _says_special_production(words: list[str]) -> bool:
    """Whether `words` name the corner as the rulebook does, "the special production space"."""
    return any(word == "special" and after == "production" for word, after in zip(words, words[1:]))


def _places_on_board(words: list[str]) -> bool:
    """Whether `words` name a place on the board for workers: a row, a column ('r2', 'c 3' too) or the corner."""
    return _line_said_short(words) or any(word in _BOARD_WORDS for word in words)


# Words before a number that make it the place along the line ("at 2", "position 3", "tile 4").
_PLACE_WORDS = ("place", "position", "at", "in", "on", "tile")
_TAKE_VERBS = (
    *("take", "takes", "took", "pick", "picks", "picked", "choose", "chooses", "chose", "get", "gets", "got"),
    *("grab", "grabs", "grabbed", "select", "selects", "selected"),
)
_PICKING = ("pick", "picks", "picked")  # 'picks up the speed machine'


def _without_take_verbs(words: list[str]) -> list[str]:
    """`words` without the verbs of taking (and the 'up' of 'picks up')."""
    return [
        word
        for i, word in enumerate(words)
        if word not in _TAKE_VERBS and not (word == "up" and i > 0 and words[i - 1] in _PICKING)
    ]


_TAKE_ENDS = ("from", "along", "at", "in", "on", "make", "makes")


def _take(said: Said) -> str | None:
    """'tile 2', '2', or the tile by its face along the row or column chosen ('the speed
    machine', and where that face lies twice, its place: 'the speed machine, place 3')."""
    words = _without_take_verbs(said.words)
    # The place beside a face ("the speed machine, place 3", "... at 2", "tile 4 (green machine)"):
    # read as the place, and the face without it.
    at = [i for i, word in enumerate(words[:-1]) if word in _PLACE_WORDS and words[i + 1].isdigit()]
    placed = words[at[0] + 1] if at and names_a_tile(words, said.components) else None
    if placed is not None:
        words = words[: at[0]] + words[at[0] + 2 :]
    elif names_a_tile(words, said.components):
        words, placed = crossing_place(words, said.data["action"]["space"])
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
    kinds = kinds_said(words)
    if placed is None and len(kinds) == 1 and all(word in _KIND_ALONE_WORDS or kinds_said([word]) for word in words):
        return f"tile:{_place_by_kind(next(iter(kinds)), said)}"  # 'takes the manager'
    if not names_a_tile(words, said.components):
        return None  # not a tile at all ('row 1'): the step's own guidance says what is
    return f"tile:{_place_by_face(' '.join(words), said, None if placed is None else int(placed))}"


# Words of a tile said by its kind alone ('the manager', 'the styling tile'), besides the kind.
_KIND_ALONE_WORDS = frozenset(("the", "a", "an", "tile", "one", "only"))


def _places_along(said: Said) -> tuple[str, list[str | None]]:
    """The turn's row or column and the tiles at its places (None: empty); TokenSyntaxError where
    the turn took none."""
    space = said.data["action"]["space"]
    if space is None or space == "corner":
        raise TokenSyntaxError("no row or column is chosen, so no tile is taken now")
    return space, places_along(said.data, space)


def _place_by_kind(kind: str, said: Said) -> int:
    """The place along the turn's row or column of its one tile of `kind` ('takes the manager');
    TokenSyntaxError naming them where it holds several of that kind, or none."""
    space, places = _places_along(said)
    kind_said = "VP" if kind == "vp" else kind
    found = [
        (place, said.components.tile(tile))
        for place, tile in enumerate(places, start=1)
        if tile and said.components.tile(tile).kind == kind
    ]
    if len(found) == 1:
        return found[0][0]
    tiles = [said.components.tile(tile) for tile in places if tile]
    if not found:
        held = "; ".join(tile_words(tile) for tile in tiles) or "no tile"
        raise TokenSyntaxError(f"no {kind_said} tile along {space_words(space)}: it holds {held}")
    options = " or ".join(f"'the {tile_words_apart(tile, tiles)}'" for _, tile in found)
    raise TokenSyntaxError(f"{len(found)} {kind_said} tiles lie along {space_words(space)}: say which, {options}")


def _place_by_face(phrase: str, said: Said, place: int | None = None) -> int:
    """The place (1-4) along the turn's row or column holding the face said (at `place`, when
    it is said too); TokenSyntaxError when that face lies at several places and none is said:
    the place taken decides which row or column keeps the other."""
    space, places = _places_along(said)
    tiles = [said.components.tile(tile) for tile in places if tile]
    labels = {tile: f"place {place}" for place, tile in enumerate(places, start=1) if tile}
    face = read_face(phrase, said.components)
    if place is not None:  # the place said: its tile must show what was said (all of it, or more)
        tile = places[place - 1] if 1 <= place <= len(places) else None
        if tile is None or not face.fits(said.components.tile(tile), exact=False):
            held = tile_words(said.components.tile(tile)) if tile else "no tile"
            raise TokenSyntaxError(f"place {place} along {space_words(space)} holds {held}, not {phrase.strip()!r}")
        return place
    found = fitting_tiles(face, tiles, phrase, labels)
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


def _discards(said: Said) -> bool:
    """Whether a placement's words discard the tile: 'discards it', 'throws it away' (or out), 'tosses
    it', 'bins it' ('puts it in the bin')."""
    thrown = said.has("throw", "threw") and ("away" in said.words or "out" in said.words)
    return said.has("discard", "toss") or thrown or any(word in _BINNING for word in said.words)


# Words of a tile put in the bin, discarded as the rulebook says it.
_BINNING = ("bin", "bins", "binned", "binning")


def _put(said: Said) -> str | None:
    words = said.words
    if _discards(said):
        places = [where for where in said.outside if where in ("station", "office", "styling")]
        if styling_named(said.outside):
            places.remove("styling")  # the tile's name, checked to be the tile taken
        if places or said.number() is not None:
            raise TokenSyntaxError("say where the tile goes, or that it is discarded: not both")
        return "discard"
    for where in ("station", "office"):
        if where in words:
            number = said.number(where, counted=("worker", "workers"))  # 'the staff manager 1 worker'
            return f"put:{where},{_need(number, f'say which {where}: {where} 2')}"
    # A number with no station or office is the place the tile's kind goes to: a machine's station,
    # a manager's office ('puts it on 3'); a car's styling takes none ('puts it on 4 and makes the
    # family car' is no styling).
    number = said.number()
    if number is not None:
        tile = said.data["action"]["tile"]
        kind = said.components.tile(tile).kind if tile else None
        if kind in _PLACE_OF_KIND:
            return f"put:{_PLACE_OF_KIND[kind]},{number}"
        raise TokenSyntaxError(
            f"say which place {number} is: 'puts it on station {number}' or 'in office {number}' "
            "(a car's styling is said without a number: 'on styling city')"
        )
    car = car_named(words)
    return f"put:styling,{car}" if car else None


# Where a tile of each kind is put by its number (a styling tile goes on a car, said by the car).
_PLACE_OF_KIND = {"machine": "station", "manager": "office"}


# Words of a draw that name no card ('Ann takes the super car speed contract from the display').
_DRAW_WORDS = (*_TAKE_VERBS, "draw", "draws", "drew", "from", "display", "on", "off", "face", "up")


def _draw(said: Said) -> str | None:
    """'draws 14', 'draws from the deck', or a card of the display by what it shows: 'takes the super
    car speed contract' (None where the words name no card: the step's guidance says what does)."""
    number = said.number("contract")
    if said.has("deck", "top", "pile", "stack", "blind") or _face_down(said.words):
        if number is not None:
            raise TokenSyntaxError(f"say contract {number} from the display, or the deck: not both")
        return "draw:deck"
    words = [word for word in said.words if word not in _DRAW_WORDS]
    if read_contract(words, said.components).empty():
        return None
    outside = [word for word in said.outside if word not in _DRAW_WORDS]
    display = list(said.data["display"])
    return f"draw:{contract_named(words, display, said.components, among='on the display', outside=outside)}"


def _face_down(words: list[str]) -> bool:
    """Whether `words` say a card face down ('draws a face-down card'): the deck's."""
    return any(word == "face" and after == "down" for word, after in zip(words, words[1:]))


def _choose_market(said: Said) -> str | None:
    market = market_named(said.words)
    return None if market is None else f"market:{market}"


def _ship(said: Said) -> str | None:
    words = said.words
    # Workers put at this step go on marketing, whether or not it is named ('puts 2 workers'):
    # their count is never a level, and with a ship, a car taken back or a sale it is two moves.
    workers = _workers_counted(said.outside)
    if workers and said.has("ship", "back", "takeback", "sell", "sold"):
        raise TokenSyntaxError(f"say the one thing done: {ship_examples(said.data)}")
    number = said.number("level", "space", "marketing")
    if said.negated() or any(word in _NO for word in said.outside):
        # 'puts no workers' denies marketing, not the ship
        put_none = any(word in ("worker", "workers") for word in said.outside)
        if number is not None or put_none or said.has("marketing", "back", "takeback", "sell", "sold"):
            raise TokenSyntaxError(f"say the one thing done: {ship_examples(said.data)}")
        return "ship:none"
    if workers:
        return f"marketing:{_need(number, 'say how many workers go on marketing')}"
    if "back" in words or said.has("takeback"):
        # The car comes back from the turn's market unless another is said: a seat with no car of the
        # type left may take one back from either (docs/automania.md, "Rules readings").
        market = market_named(words) or said.data["action"]["market"]
        market = _need(market, "say the market and level of the car taken back: 'takes back NA 6'")
        return f"takeback:{market},{_need(number, 'say the level of the car taken back')}"
    if "marketing" in said.outside or said.outside[:1] in (["market"], ["markets"]):  # not "the Europe market"
        return f"marketing:{_need(number, 'say how many workers go on marketing')}"
    if said.has("sell", "sold"):
        space = _sales_space(said, said.data["action"]["market"])
        return f"sell:{_need(space, 'say the sales space whose reward the top car takes')}"
    if number is None and said.has("ship", "send"):
        return _ship_unlevelled(said)
    return None if number is None else f"ship:{number}"


# The words of a car shipped with no level ('ships it', 'sends the car off to Europe').
_SHIPPING_IT = frozenset(
    ("ship", "ships", "shipped", "send", "sends", "sent", "it", "the", "car", "its", "her", "his", "their", "my")
    + ("to", "off", "on", "a", "city", "family", "super", "sports")
)


def _ship_unlevelled(said: Said) -> str | None:
    """'ships it', with no level: the car goes on the matching space, the highest level not above
    its stars, where that is free (docs/automania.md, "Rules readings", ships); TokenSyntaxError
    naming the free lower spaces where it is taken, as the player then chooses, or the market
    chosen for the car where the line names the other one."""
    action = said.data["action"]
    market = action["market"]
    if market is None or any(word not in _SHIPPING_IT and word not in MARKETS for word in said.outside):
        return None
    named = market_named(said.words)
    if named not in (None, market):
        raise TokenSyntaxError(not_the_market_chosen(market, named, "'ships it'"))
    ships = [ship["level"] for ship in said.data["markets"][market]["ships"] if ship["level"] <= action["stars"]]
    free = [
        ship["level"]
        for ship in said.data["markets"][market]["ships"]
        if ship["car"] is None and ship["level"] in ships
    ]
    if ships and max(ships) in free:
        return f"ship:{max(ships)}"
    where = MARKET_NAMES[market]
    if not free:
        raise TokenSyntaxError(
            f"no ship space at or below the car's {action['stars']} stars is free in {where}: say 'does not ship'"
        )
    options = " or ".join(f"'ships {level}'" for level in sorted(free, reverse=True)[:3])
    raise TokenSyntaxError(f"{where}'s level {max(ships)} space is taken: say which free lower space, {options}")


def _sales_space(said: Said, market: str | None) -> int | None:
    """The sales space a sale names (None for none): by its number ('sells 3', 'on sales space 3'),
    as the topmost ('on the top space'), or by the reward printed on it ('for $7', 'for 2 VP and $1'),
    as the table shows it; what is said of one space must agree."""
    number = said.number("space")
    spaces = next((spec.sales for spec in said.components.markets if spec.name == market), None)
    if spaces is None or market is None:
        return number
    topmost = next(space for space, sale in enumerate(spaces, start=1) if sale.row == 0)
    price = _bare_price(said.outside)
    if price is not None:
        _check_bare_price(price, number, spaces, MARKET_NAMES[market])
    if _says_topmost(said.words):
        if number not in (None, topmost):
            raise TokenSyntaxError(f"the topmost sales space is {topmost}, not {number}: say one of them")
        number = topmost
    reward = _reward_said(said.outside)
    if reward is None:
        return number
    where = MARKET_NAMES[market]
    if number is None:
        return _space_by_reward(reward, spaces, where)
    if 1 <= number <= len(spaces) and (spaces[number - 1].money, spaces[number - 1].vp) != reward:
        held = _reward_words(spaces[number - 1].money, spaces[number - 1].vp)
        raise TokenSyntaxError(f"sales space {number} of {where} gives {held}, not {_reward_words(*reward)}")
    return number


def _bare_price(words: list[str]) -> int | None:
    """The number a sale says after 'for' with nothing it counts ('sells it for 5'); None for none."""
    return next(
        (
            int(after)
            for word, after, then in zip(words, [*words[1:], ""], [*words[2:], "", ""])
            if word == "for" and after.isdigit() and then not in COUNTED
        ),
        None,
    )


def _check_bare_price(price: int, number: int | None, spaces: list[SalesSpace], where: str) -> None:
    """TokenSyntaxError for 'sells for 5' where sales space 5 is not the one that gives $5: a price
    said without its sign may be the space's number or its money, and read as one of them, the sale
    could go on another space than meant."""
    by_money = [space for space, sale in enumerate(spaces, start=1) if (sale.money, sale.vp) == (price, 0)]
    if by_money == [price] and number in (None, price):
        return
    gives = f"a space that gives ${price}"
    if len(by_money) == 1:
        gives = f"the space that gives ${price} (space {by_money[0]})"
    raise TokenSyntaxError(
        f"'for {price}': sales space {price} of {where}, or {gives}? say 'sells {price}' (the space) "
        f"or 'sells for ${price}' (its reward)"
    )


def _space_by_reward(reward: tuple[int, int], spaces: list[SalesSpace], where: str) -> int:
    """The sales space of a market (`where`, in words) that gives `reward` (money, VP); TokenSyntaxError
    where none does, or several do (a component file may print one reward twice)."""
    fits = [space for space, sale in enumerate(spaces, start=1) if (sale.money, sale.vp) == reward]
    if len(fits) == 1:
        return fits[0]
    if not fits:
        rewards = "; ".join(
            f"{space}: {_reward_words(sale.money, sale.vp)}" for space, sale in enumerate(spaces, start=1)
        )
        raise TokenSyntaxError(
            f"no sales space of {where} gives {_reward_words(*reward)}: its spaces (1 the topmost) give {rewards}"
        )
    raise TokenSyntaxError(
        f"{_reward_words(*reward)} is the reward of sales spaces {' and '.join(map(str, fits))} of {where}: "
        f"say which ('sells {fits[0]}')"
    )


def _says_topmost(words: list[str]) -> bool:
    """Whether `words` name the topmost sales space ('the top space', 'the topmost'), not a top car."""
    return "topmost" in words or any(
        word == "top" and after not in ("car", "cars") for word, after in zip(words, [*words[1:], ""])
    )


def _reward_said(words: list[str]) -> tuple[int, int] | None:
    """The reward (money, VP) `words` say of a sales space ('for $7', '2 VP and $1'); None for none.
    TokenSyntaxError for two amounts of one kind ('for $7 or $8'), which are two spaces."""
    money, vp = counts_said(words, "money"), counts_said(words, "vp")
    if len(money) > 1 or len(vp) > 1:
        raise TokenSyntaxError("a sales space gives one reward: say one, e.g. 'for $7' or 'for 2 VP and $1'")
    if not money and not vp:
        return None
    return (money[0] if money else 0, vp[0] if vp else 0)


def _reward_words(money: int, vp: int) -> str:
    """'$7', '2 VP', '$1 and 2 VP', 'nothing'."""
    said = [f"${money}"] * bool(money) + [f"{vp} VP"] * bool(vp)
    return " and ".join(said) or "nothing"


def _workers_counted(words: list[str]) -> bool:
    """Whether `words` say a number of workers ('2 workers', 'one worker')."""
    return any(word.isdigit() and after in ("worker", "workers") for word, after in zip(words, words[1:]))


def _contract(said: Said) -> str | None:
    words = said.words
    starting = [words[i + 1] for i, word in enumerate(words[:-1]) if word == "s" and words[i + 1].isdigit()]
    number = said.number("contract", "s")
    # "no." before a number is the number's sign ("contract no. 11"), not "no contract"; a card's
    # medal denied ('the super car contract without the silver medal') is what the card shows.
    outside = [word for i, word in enumerate(said.outside) if not _denies_a_medal(said.outside, i)]
    denied = Said(said.words, said.data, said.seat, said.components, outside).negated() or any(
        word in _NO and not (word == "no" and i + 1 < len(outside) and outside[i + 1].isdigit())
        for i, word in enumerate(outside)
    )
    none = denied or _passes(said.words)
    if none:
        if number is not None or "starting" in said.outside:
            raise TokenSyntaxError("say the contract played, or 'plays no contract': not both")
        return "contract:none"
    if starting and number == int(starting[0]):
        return f"contract:S{starting[0]}"
    # the card by its number, or by what it shows ('my starting contract', 'the city car suitcase contract')
    words = [word for word in said.words if word not in _PLAY_WORDS]
    if read_contract(words, said.components).empty():
        return _the_one_contract(said) if _a_contract_alone(words) else None
    outside = [word for word in said.outside if word not in _PLAY_WORDS]
    held, among = _contracts_maybe_held(said.data, said.seat, said.components)
    held, among = _met_where_unseen(held, among, words, said)
    return f"contract:{contract_named(words, held, said.components, among=among, outside=outside)}"


# Words that say a contract without what it shows: 'plays her contract', 'plays it'.
_ONE_CARD_WORDS = frozenset("my his her their your its the a an it contract card only one".split())


def _a_contract_alone(words: list[str]) -> bool:
    """Whether `words` (a contract step's, the verb left out) say a card and nothing of it ('my contract')."""
    alone = all(word in _ONE_CARD_WORDS for word in words)
    return alone and bool({"contract", "card", "it"} & {*words})


def _the_one_contract(said: Said) -> str:
    """The card meant by 'plays my contract': the one card the seat holds; TokenSyntaxError saying
    which it may be where it holds several, or cards the view never saw."""
    factory, components = said.data["seats"][said.seat], said.components
    if factory["hidden_contracts"]:
        raise TokenSyntaxError(
            f"say which contract is played (the hand holds cards you have not seen): {contract_hint(components)}"
        )
    held = sorted({*factory["hand"], *factory["hand_public"]}, key=lambda name: contract_order(components, name))
    if len(held) == 1:
        return f"contract:{held[0]}"
    if not held:
        raise TokenSyntaxError("no contract is held: say 'plays no contract'")
    listed = "; ".join(contract_words(components, name, numbered=True) for name in held)
    raise TokenSyntaxError(f"{len(held)} contracts are held: {listed}; say which (by what it shows, or its number)")


def _met_where_unseen(held: list[str], among: str, words: list[str], said: Said) -> tuple[list[str], str]:
    """The contracts the seat may hold that its car meets, when what was said fits one of them: the
    card played must be one ('Dee plays her starting contract', where of the three unseen only the
    family car's is met by her family car; 'I play the 12 star contract', where only the any car's
    is met by my city car). TokenSyntaxError where cards it may hold fit what was said but the car
    meets none of them: no card to ask which of. Otherwise all stay, and the rules say why the card
    said is not met."""
    factory, action = said.data["seats"][said.seat], said.data["action"]
    described = read_contract(words, said.components)
    if action["car"] is None or described.number is not None:
        return held, among
    car = f"the {action['car']} car ({plural(action['stars'], 'star')})"
    met = [name for name in held if car_meets(name, factory, action["car"], action["stars"], said.components)]
    fitting = [name for name in held if described.fits(name, said.components.contract(name))]
    if any(name in met for name in fitting):
        return met, f"{among} and {car} meets"
    fitting = sorted(dict.fromkeys(fitting), key=lambda name: contract_order(said.components, name))
    if len(fitting) > 1:  # no card to ask which of (one alone: the rules say why it is not met)
        listed = "; ".join(contract_words(said.components, name, numbered=True) for name in fitting)
        no_card = "'I play no contract'" if said.seat == said.data.get("observer") else "that no contract is played"
        raise TokenSyntaxError(
            f"{described.words()!r} fits {plural(len(fitting), 'contract')} {among}, and {car} "
            f"meets none of them: {listed}; say another card, or {no_card}"
        )
    return held, among


def _passes(words: list[str]) -> bool:
    """Whether `words` (a decision's, after the seat's name) open with passing ('passes', 'passes on
    contracts'): at a sale it keeps the car, at the contract step it plays none, as people say it."""
    return words[:1] in ([word] for word in PASS_WORDS)


def _denies_a_medal(words: list[str], i: int) -> bool:
    """Whether the word at `i` denies a card's silver medal ('no silver medal', 'without a medal')."""
    medal = any(word in ("silver", "medal", "medals") for word in words[i + 1 : i + 3])
    return words[i] in ("no", "without", "not") and medal


# Words of a contract played that name no card ('Ann plays her safety contract').
_PLAY_WORDS = (
    *("play", "plays", "played", "playing", "complete", "completes", "completed"),
    *("fulfil", "fulfils", "fulfill", "fulfills", "fulfilled"),
    *("use", "uses", "used", "score", "scores", "scored"),
)


def _contracts_maybe_held(data: dict[str, Any], seat: int, components: Components) -> tuple[list[str], str]:
    """The contracts seat `seat` may hold, as far as the view `data` tells (its known cards, and
    where it holds cards the view never saw, those still unseen), and where they are, in words."""
    cards = data["seats"][seat]
    known = list(dict.fromkeys([*cards["hand"], *cards["hand_public"]]))
    if cards["hidden_contracts"] == 0:
        return known, "in your hand" if seat == data.get("observer") else "in their hand"
    starting_hidden, drawn_hidden = hidden_kinds(cards)
    unseen = [
        *unseen_contracts(data, components, True) * starting_hidden,
        *unseen_contracts(data, components) * drawn_hidden,
    ]
    return known + unseen, "that they may hold"


def _office(said: Said) -> str | None:
    number = said.number("office")
    if number is None:
        return _office_by_what_it_gives(said)
    return f"office:{number}"


def _office_by_what_it_gives(said: Said) -> str | None:
    """A sales office said by what the board shows of it, with no number: what it gives ('the 1 VP
    office', 'the $2 office'), how many cars it sells ('the office that sells 1 car') or the tile
    below it ('the office with the research manager'); None where nothing of one is said.
    TokenSyntaxError where what is said fits none, or several."""
    components, outside = said.components, said.outside
    phrase = office_tile_words(outside, components)
    rest = outside[: len(outside) - len(phrase)]
    money, vp, cars = (counts_said(rest, counted) for counted in ("money", "vp", "cars"))
    if not (phrase or money or vp or cars):
        return None
    face = read_face(" ".join(phrase), components) if phrase else None
    fits, free = [], [office["office"] for office in said.data["sales_offices"] if office["seat"] is None]
    for office in said.data["sales_offices"]:
        spec = components.sales_offices[office["office"] - 1]
        tile = components.tile(office["tile"]) if office["tile"] else None
        gives_money = {spec.money} | ({tile.money} if tile else set())
        gives_vp = {spec.vp} | ({tile.vp} if tile else set())
        if (
            all(amount in gives_money for amount in money)
            and all(amount in gives_vp for amount in vp)
            and all(count == spec.limit for count in cars)
            and (face is None or (tile is not None and face.fits(tile, exact=False)))
        ):
            fits.append(office["office"])
    fits = [office for office in fits if office in free] or fits  # a taken one: the rules say so
    if len(fits) == 1:
        return f"office:{fits[0]}"
    offices = "; ".join(
        office_words(components, office["office"])
        + (f" with the {tile_words(components.tile(office['tile']))}" if office["tile"] else "")
        for office in said.data["sales_offices"]
        if office["office"] in (fits or free)
    )
    if fits:
        raise TokenSyntaxError(f"that fits {len(fits)} sales offices, {offices}: say which ('office {fits[0]}')")
    example = free[0] if free else 1
    raise TokenSyntaxError(
        f"no free sales office fits that: they are {offices}; say one by its number ('office {example}')"
    )


# Words of keeping the car offered ('keeps', 'leaves it on the ship'): the sale step's own, whatever else is said.
_KEEPING = ("keep", "kept", "leav", "left")


def _sell(said: Said) -> str | None:
    offer = said.data.get("offer")
    number = _sales_space(said, offer["market"] if offer else None)
    denied = said.negated() or any(word in _NO for word in said.outside)
    kept = said.has(*_KEEPING) or _passes(said.words)
    if (denied or kept) and number is not None or denied and kept:
        raise TokenSyntaxError("say the one thing done: 'sells 3' (the sales space) or 'keeps'")
    if denied or kept:
        return "keep"
    if number is None and offer and said.has("sell", "sold"):  # 'sells it': the space is the choice
        spaces = next(spec.sales for spec in said.components.markets if spec.name == offer["market"])
        rewards = ", ".join(
            f"{space} {_reward_words(sale.money, sale.vp)}" for space, sale in enumerate(spaces, start=1)
        )
        raise TokenSyntaxError(
            f"say on which sales space the car is sold: 'sells 3' (1 the topmost) or 'sells for $7' (its reward); "
            f"{MARKET_NAMES[offer['market']]}'s sales spaces give: {rewards}"
        )
    return None if number is None else f"sell:{number}"


def _demand(said: Said) -> str | None:
    sides = {word for word in said.outside if word in ("left", "right")}
    if len(sides) > 1:  # 'demand left and right': the tiles come in on one side
        raise TokenSyntaxError("the demand tiles move in on one side: say 'demand left' or 'demand right', not both")
    side = next((word for word in said.words if word in ("left", "right")), None)
    symbols = list(dict.fromkeys(word for word in said.outside if word in said.components.symbols))
    if symbols:
        by_symbol = _side_of_symbols(symbols, said.data)
        if side not in (None, by_symbol):
            raise TokenSyntaxError(f"the {' and '.join(symbols)} tiles are pending on the {by_symbol}, not the {side}")
        side = by_symbol
    return None if side is None else f"demand:{side}"


_SIDES = ("left", "right")


def _side_of_symbols(symbols: list[str], data: dict[str, Any]) -> str:
    """The side whose pending demand tiles show `symbols` ('advances speed': the side where speed is
    pending), said by what they show; TokenSyntaxError where a symbol is pending on both sides, or on
    neither, or the symbols on different sides: the side moves in both markets at once."""
    pending = {market: shown.get("pending") or [] for market, shown in data["markets"].items()}
    sides = {
        symbol: {_SIDES[i] for tiles in pending.values() for i, tile in enumerate(tiles[:2]) if tile == symbol}
        for symbol in symbols
    }
    shown = "; ".join(f"{MARKET_NAMES[market]} {' | '.join(tiles)}" for market, tiles in pending.items())
    found = set().union(*sides.values())
    if len(found) == 1 and all(sides.values()):
        return found.pop()
    said = " and ".join(symbols)
    raise TokenSyntaxError(
        f"the pending demand tiles (left | right) are {shown}: {said!r} names no one side; say 'demand left' or "
        "'demand right'"
    )


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
    # a tile's place is a number too: a later step's number said there is no station or office
    "place tile": ("ship", "level", "sell", "sold", "market", "marketing", "contract", "draw", "deck", "row", "column"),
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
_OWN_WORDS = {
    "sales office": ("office",),
    "sell": _KEEPING,
    "place tile": ("station", "office", "styling", "discard", "throw", "threw", *_BINNING),
}


def _by_verb(said: Said) -> str | None:
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


def _need(value: Any, message: str) -> Any:
    if value is None:
        raise TokenSyntaxError(message)
    return value
