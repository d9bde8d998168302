"""Checks that refuse an Automania decision line whose words contradict its
move: beside its move a count of workers, a space, a car, a tile, a sales office
or a market other than the move's, other workers going home than the rules send,
or a sponsor or marketing said out of its turn. Read as its move alone, such a
line would do other than was said, so each raises TokenSyntaxError naming what
to say instead. That a line says one step, of one seat, is one_step_a_line.py's.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..errors import TokenSyntaxError
from .component_file import Components
from .contract_words import line_machines
from .decision_steps import crossing_place, step_expected
from .line_words import (
    Said,
    cars_named,
    market_named,
)
from .narration import MARKET_NAMES, does, offered_car_words, office_words, plural, space_words, tile_words
from .tile_faces import face_name_of, face_names, kinds_said, names_a_tile, read_face


def check_market_said(token: str, said: Said, name: str) -> None:
    """TokenSyntaxError for a car shipped or sold at once to another market than the one chosen for
    it ('ships to North America at level 4' after Europe was chosen), or a car of the sales phase
    sold or kept in another market than the one it is offered in: the market said is no part of
    the step, and read as the step alone the line would ship or sell it elsewhere than said."""
    kind, _, number = token.partition(":")
    market, chosen = market_named(said.outside), said.data["action"]["market"]
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
    raise TokenSyntaxError(not_the_market_chosen(chosen, market, f"'{does(name, verb)} {number}'"))


def not_the_market_chosen(chosen: str, market: str, example: str) -> str:
    """Why a car shipped to `market` at the ship step goes to `chosen` instead, with `example`
    the same step said without the market."""
    return (
        f"the car goes to {MARKET_NAMES[chosen]}, the market chosen for it, not to {MARKET_NAMES[market]}: say "
        f"{example}, or 'undo' back to the market step to choose another"
    )


# The steps of a seat's turn, from its sponsor and action to its contract.
_TURN_STEPS = ("turn", "take tile", "place tile", "draw", "market", "ship", "contract")
# Words that take workers back: no step takes them off the sponsor space ('takes 2 workers off sponsor').
_TAKING_BACK = ("back", "remove", "removes", "removed", "retrieve", "retrieves", "retrieved")


def _says_a_sponsor(said: Said) -> bool:
    """Whether a decision's words name the sponsor space, outside a withdrawal (whose workers left go there)."""
    withdrawn = bool(said.words) and said.words[0].startswith("withdr")
    return not withdrawn and any(word.startswith("sponsor") for word in said.outside)


def check_no_workers_taken_off(said: Said, name: str) -> None:
    """TokenSyntaxError for workers taken off the sponsor space ('takes 2 workers off sponsor'), which
    no step does: read as a sponsor, the line would put them on it."""
    if _says_a_sponsor(said) and _takes_workers_off(said.outside):
        raise TokenSyntaxError(
            "no step takes workers off the sponsor space: sponsoring puts workers on it, for $1 each, once a turn "
            f"before the action ('{does(name, 'sponsors')} 2')"
        )


def check_sponsor_in_time(said: Said, name: str) -> None:
    """TokenSyntaxError for a sponsor said later in a turn than its start (once its action or its one
    sponsor is taken), saying how to record it: the sponsor first, all its workers at once."""
    step, sponsored = said.data["step"], said.data["action"].get("sponsored")
    if not _says_a_sponsor(said) or step not in _TURN_STEPS or (step == "turn" and not sponsored):
        return  # in time; or no turn to go back to (the sales), left to the rules
    count = said.number()
    if sponsored:
        before = "sponsoring is done already this turn (once, before the action), all workers at once"
        example = _sponsored_together(said.data["seats"][said.seat]["on_sponsor"], count or 1, name)
    else:
        before = "sponsoring is counted at the start of the turn, all workers at once"
        example = f"'{does(name, 'sponsors')} {count or 2}'"
    raise TokenSyntaxError(
        f"{before}: 'undo' back to the start of {_owner(name)} turn and say the sponsor first with all its "
        f"workers ({example})"
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


def check_marketing_in_time(said: Said, name: str) -> None:
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
        f"{does(name, 'is')} to {step_expected(said.data, said.components)}"
    )


def _takes_workers_off(words: list[str]) -> bool:
    """Whether `words` take workers back, or off or from the sponsor space ('off the sponsor')."""
    if any(word in _TAKING_BACK for word in words):
        return True
    said = [word for word in words if word not in ("the", "a", "his", "her", "their", "my", "your")]
    return any(word in ("off", "from") and after.startswith("sponsor") for word, after in zip(said, said[1:]))


def check_what_is_named(token: str, said: Said, names: list[str]) -> None:
    """TokenSyntaxError for a line that reads whole as `token` but names something the move is not:
    another count of workers, another row or column, another car, another tile. Read as the move
    alone, the words that contradict it would be dropped: the person meant something else."""
    name = names[said.seat]
    _check_workers_placed(token, said, names)
    _check_space_named(said, name)
    _check_car_named(token, said, name)
    _check_tile_named(token, said, name)
    _check_cars_counted(token, said, name)
    _check_stars_said(token, said, name)
    _check_withdrawal_said(token, said, name)
    _check_sponsor_money_said(token, said, name)
    _check_office_bonus_said(token, said, name)
    _check_office_tile_said(token, said, name)


def _owner(name: str) -> str:
    """'your', 'Bob's'."""
    return "your" if name == "you" else f"{name}'s"


def _placing(name: str, where: str) -> str:
    """A placement as a line says it: 'Bob row 2', and for the advised seat 'you take row 2'."""
    return f"you take {where}" if name == "you" else f"{name} {where}"


def _workers_said(words: list[str]) -> int | None:
    """The count of workers `words` say ('2 workers', 'a worker'); None where they say none."""
    counts = (int(word) for word, after in zip(words, words[1:]) if word.isdigit() and after in ("worker", "workers"))
    return next(counts, None)


def _check_workers_placed(token: str, said: Said, names: list[str]) -> None:
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
    short = _placing(name, space_words(space)) if kind == "place" else _placing(name, f"corner {body}")
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


def _check_space_named(said: Said, name: str) -> None:
    """TokenSyntaxError for a tile taken from another row or column than the one the seat's workers
    went to ('takes the power machine from row 3' on row 1): the rules take it from that one, and
    read so, the line would take another tile than said."""
    space = said.data["action"]["space"]
    if said.data["step"] != "take tile" or space is None:
        return
    outside = crossing_place(said.outside, space)[0]  # 'in row 1' along a column: a place on it
    other = next((named for named in _spaces_named(outside, said.components) if named != space), None)
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


def _check_car_named(token: str, said: Said, name: str) -> None:
    """TokenSyntaxError for a car named that is not the one the step is about ('puts it on station 2
    and makes the family car' where row 1 makes the city car; 'corner family and makes a super car'):
    read as the step alone, the line would make another car than said. A car on a styling is where
    the tile goes; a car taken back is the one on the ship said; a contract names its own."""
    kind, _, body = token.partition(":")
    if kind == "takeback":
        _check_car_taken_back(body, cars_named(said.outside), said.data, name)
        return
    if said.data["step"] not in _CAR_STEPS or kind in ("sponsor", "withdraw"):
        return
    words = said.outside
    making = next((i for i, word in enumerate(words) if word in _MAKING_WORDS), len(words))
    beside, made = cars_named(words[:making]), cars_named(words[making:])
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
                "the corner makes one car, the one chosen with the workers: say "
                f"'{_placing(name, 'corner ' + body)}' or '{_placing(name, 'corner ' + other)}'"
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
        raise TokenSyntaxError(f"{where} makes no car (it takes a contract): say '{_placing(name, where)}'")
    spaces = [space_words(other_spec.name) for other_spec in components.spaces if other_spec.car == other]
    raise TokenSyntaxError(
        f"{where} makes the {spec.car} car, not the {other} car: say '{_placing(name, where)}', or a space of the "
        f"{other} car ({', '.join(spaces)} or 'corner {other}')"
    )


def _check_car_taken_back(body: str, named: list[str], data: dict[str, Any], name: str) -> None:
    """A take-back: the cars named must be the one on the ship space said ('takes back the family car
    from Europe level 8' where a city car is there): read as the space alone, another car would go home."""
    market, _, level = body.partition(",")
    ships = data["markets"].get(market, {}).get("ships", [])
    ship = next((ship for ship in ships if str(ship["level"]) == level), None)
    if ship is None or ship["car"] is None:
        return  # no car there: the rules say so
    other = next((car for car in named if car != ship["car"]["car"]), None)
    if other is not None:
        where = f"{MARKET_NAMES[market]}'s ship at level {level}"
        raise TokenSyntaxError(
            f"the car on {where} is a {ship['car']['car']} car, not a {other} car: say "
            f"'{does(name, 'takes')} back {market} {level}'"
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


def _check_car_made(named: list[str], said: Said, name: str) -> None:
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
_PUTTING = ("put", "plac", "discard", "throw", "threw", "bin")


def _placed_tile_words(words: list[str]) -> list[str]:
    """The words of a placement that name the tile placed, between its verb and where it goes
    ('puts the power machine on station 2': 'power machine'); none where it is 'it'."""
    if not words or not words[0].startswith(_PUTTING):
        return []
    thing = words[2:] if words[1:2] == ["away"] else words[1:]  # 'throws away the speed machine'
    before = list(itertools.takewhile(lambda word: word not in _WHERE_A_TILE_GOES, thing))
    named = [word for word in before if word not in _NO_TILE_NAME]
    # 'styling' right after a face said ends the tile's name ('discards the chrome styling'), where
    # after no name ('puts it styling city') it says where the tile goes; a discarded tile goes
    # nowhere, so there it is the tile's kind ('discards the styling')
    discarding = not words[0].startswith(("put", "plac"))
    if (named or discarding) and thing[len(before) : len(before) + 1] == ["styling"]:
        return [*named, "styling"]
    return named


# Words said of a tile placed that name no face of it.
_NO_TILE_NAME = frozenset(("it", "the", "a", "an", "this", "that", "tile", "my", "his", "her"))


def styling_named(words: list[str]) -> bool:
    """Whether a placement's words say 'styling' as part of the tile's name ('discards the chrome
    styling'), not as where the tile goes ('puts it on styling city')."""
    return _placed_tile_words(words)[-1:] == ["styling"]


# A kind of tile as a person says one of it.
_A_KIND = {"machine": "a machine", "manager": "a manager", "styling": "a styling tile"}


def _check_tile_named(token: str, said: Said, name: str) -> None:
    """TokenSyntaxError for a tile placed or discarded named by a face it does not show ('puts the
    speed machine on station 2' while the power machine is to be placed): the step places the tile
    taken, and read so, the line would place another tile than said."""
    if said.data["step"] != "place tile" or token.partition(":")[0] not in ("put", "discard"):
        return
    phrase = _placed_tile_words(said.outside)
    if _workers_said(phrase) is not None and not names_a_tile(phrase, said.components):
        raise TokenSyntaxError(  # 'puts 2 workers on station 2': workers go on no station or office
            "workers go on the board, not with a tile: "
            f"{does(name, 'is')} to {step_expected(said.data, said.components)}"
        )
    face_said, kinds = names_a_tile(phrase, said.components), kinds_said(phrase)
    if not face_said and not kinds:
        return
    tile = said.components.tile(said.data["action"]["tile"])
    if not face_said:  # 'discards the machine': no face, but a kind of tile
        if tile.kind not in kinds:
            other = " or ".join(_A_KIND[kind] for kind in sorted(kinds))
            raise TokenSyntaxError(
                f"the tile {does(name, 'places')} is the {tile_words(tile)}, not {other}: "
                f"say '{does(name, 'puts')} it' and where it goes, or '{does(name, 'discards')} it'"
            )
        return
    if not read_face(" ".join(phrase), said.components).fits(tile, exact=False):
        raise TokenSyntaxError(
            f"the tile {does(name, 'places')} is the {tile_words(tile)}, not the {' '.join(phrase)}: say "
            f"'{does(name, 'puts')} it' and where it goes, or '{does(name, 'discards')} it'"
        )


@dataclass
class Bumped:
    """Whose workers a placement line says go home (None: no one's), and how many (None: not said)."""

    seat: int | None
    workers: int | None


def check_bumped(token: str, bumped: Bumped | None, data: dict[str, Any], names: list[str], mover: int) -> None:
    """TokenSyntaxError for a line that says whose workers go home ("Dee's worker goes home", "nobody
    goes home") other than the rules send home from the space taken, or whose workers go home with a
    step that takes no space: read as the move alone, the line would bump other workers than said."""
    if bumped is None:
        return
    kind, _, body = token.partition(":")
    name = names[mover]
    if bumped.seat is None and kind not in ("place", "corner"):
        return  # true of every step that takes no space
    if kind not in ("place", "corner"):
        raise TokenSyntaxError(
            f"workers go home only when a space is taken from them: {does(name, 'is')} to {step_expected(data)}"
        )
    space = body if kind == "place" else "corner"
    held = next((spec for spec in data["action_spaces"] if spec["space"] == space), None)
    if held is None:
        return  # no such space: the rules say so
    said = _placing(name, space_words(space)) if kind == "place" else _placing(name, f"corner {body}")
    if held["seat"] is None:
        if bumped.seat is None:
            return
        raise TokenSyntaxError(f"{space_words(space)} is empty: no one's workers go home; say '{said}'")
    owner = _owner(names[held["seat"]])
    there = f"{owner} worker" if held["workers"] == 1 else f"{owner} {held['workers']} workers"
    if bumped.seat is None:  # read as the move alone, those workers would go home unsaid
        goes = "goes" if held["workers"] == 1 else "go"
        raise TokenSyntaxError(f"{space_words(space)} is not empty: {there} {goes} home; say '{said}'")
    if held["seat"] != bumped.seat or bumped.workers not in (None, held["workers"]):
        other = _owner(names[bumped.seat])
        alone = "yours" if other == "your" else other  # 'not yours', 'not Bob's'
        named = alone if bumped.workers is None else f"{bumped.workers} of {other} workers"
        raise TokenSyntaxError(f"the workers on {space_words(space)} go home: {there}, not {named}; say '{said}'")


# The words after a number that say what it counts ('2 cars', '6 stars', '1*', '3 VP'); money is
# also said with its sign before the number ('$3').
_COUNT_NOUNS = {
    "cars": ("car", "cars"),
    "stars": ("star", "stars", "*"),
    "vp": ("vp", "vps", "point", "points"),
    "money": ("money", "dollar", "dollars"),
    "workers": ("worker", "workers"),
}


def counts_said(words: list[str], counted: str) -> list[int]:
    """The numbers `words` say of what `_COUNT_NOUNS` names `counted` ('2 cars', '$3'), in the order
    said; not those that are part of a tile's face ('the $2 tile', 'the 1 VP tile')."""
    nouns = _COUNT_NOUNS[counted]
    found = []
    for i, word in enumerate(words):
        if not word.isdigit():
            continue
        signed = counted == "money" and i > 0 and words[i - 1] == "$"
        noun_at = i if signed else i + 1
        if not signed and (noun_at >= len(words) or words[noun_at] not in nouns):
            continue
        if words[noun_at + 1 : noun_at + 2] != ["tile"]:
            found.append(int(word))
    return found


# The moves of a turn that make its one car, or of the sales that offer one car: a count of cars said
# with them is that car.
_ONE_CAR_MOVES = ("place", "corner", "tile", "put", "discard", "market", "marketing", "ship", "sell", "keep")


def _check_cars_counted(token: str, said: Said, name: str) -> None:
    """TokenSyntaxError for another count of cars than one where a turn makes one car, or the sales
    offer one ('ships 2 cars to Europe'): read as the step alone, the count would be dropped."""
    kind = token.partition(":")[0]
    other = next((count for count in counts_said(said.outside, "cars") if count != 1), None)
    if other is None or kind not in _ONE_CAR_MOVES or said.data["step"] not in _CAR_STEPS:
        return
    one = "the sales offer one car at a time" if said.data["step"] == "sell" else "a turn makes one car"
    raise TokenSyntaxError(f"{one}, not {other}: {does(name, 'is')} to {step_expected(said.data, said.components)}")


def _check_stars_said(token: str, said: Said, name: str) -> None:
    """TokenSyntaxError for a car's stars said beside its market, marketing or ship that are not the
    stars it has then ('ships to Europe for 5 stars' where it gets 3 there): the stars follow from the
    factory and the market, and read as the step alone, the line would ship another car than meant."""
    kind, _, body = token.partition(":")
    said_stars = counts_said(said.outside, "stars")
    action = said.data["action"]
    if not said_stars or said.data["step"] not in ("market", "ship") or kind not in ("market", "marketing", "ship"):
        return
    car = action["car"]
    if car is None:
        return
    if kind == "market":
        stars = _stars_in(body, said.data, said.seat, said.components)
        when = f"in {MARKET_NAMES[body]}"
    elif action["stars"] is None:
        return
    elif kind == "marketing":
        stars = action["stars"] + int(body)
        when = f"with {plural(int(body), 'worker')} on marketing"
    else:
        stars, when = action["stars"], "now"
    wrong = next((count for count in said_stars if count != stars), None)
    if wrong is not None:
        raise TokenSyntaxError(
            f"the {car} car has {plural(stars, 'star')} {when}, not {wrong}: say the step without its stars, "
            "which follow from the factory, the market and the marketing"
        )


def _stars_in(market: str, data: dict[str, Any], seat: int, components: Components) -> int:
    """The stars the turn's car gets in `market` before marketing (docs/automania.md, "Rules
    readings", popularity): the demands its line's machines meet, each machine one demand of its
    symbol, the demands worth most first, and the stars on its line, the seat's managers and the
    car type's styling."""
    car, factory = data["action"]["car"], data["seats"][seat]
    machines = line_machines(factory, car, components)
    on_line = Counter(tile.symbol for tile in machines)
    ahead: Counter[str] = Counter()
    met = 0
    for worth, symbol in sorted(zip(components.active_stars, data["markets"][market]["demand"]), key=lambda d: -d[0]):
        met += worth if on_line[symbol] > ahead[symbol] else 0
        ahead[symbol] += 1
    managers = [components.tile(tile) for tile in factory["offices"] if tile]
    styling = [components.tile(tile) for tile in factory["styling"][car]]
    return met + sum(tile.stars for tile in (*machines, *managers, *styling))


def _check_withdrawal_said(token: str, said: Said, name: str) -> None:
    """TokenSyntaxError for a withdrawal said with another count of workers than the seat has at home
    ('withdraws with 3 workers' where it has 6): withdrawing puts them all on the sponsor space."""
    home = said.data["seats"][said.seat]["workers_home"]
    other = next((count for count in counts_said(said.outside, "workers") if count != home), None)
    if token != "withdraw" or other is None:
        return
    raise TokenSyntaxError(
        f"{does(name, 'has')} {plural(home, 'worker')} at home, not {other}, and withdrawing puts them all on the "
        f"sponsor space: say '{does(name, 'withdraws')}'"
    )


def _check_sponsor_money_said(token: str, said: Said, name: str) -> None:
    """TokenSyntaxError for money said with a sponsor that is not what its workers bring ('sponsors 2
    workers for $3' where each brings $1): the workers are the move, and the money follows from them."""
    kind, _, body = token.partition(":")
    if kind != "sponsor":
        return
    offices = said.data["seats"][said.seat]["offices"]
    general = sum(1 for tile in offices if tile and said.components.tile(tile).type == "general")
    brought = int(body) * (1 + general)
    other = next((money for money in counts_said(said.outside, "money") if money != brought), None)
    if other is None:
        return
    managers = f" (with {plural(general, 'general manager')}: ${1 + general} a worker)" if general else ""
    raise TokenSyntaxError(
        f"{plural(int(body), 'worker')} sponsoring bring ${brought}{managers}, not ${other}: say "
        f"'{does(name, 'sponsors')} {body}'"
    )


def _check_office_bonus_said(token: str, said: Said, name: str) -> None:
    """TokenSyntaxError for a sales office said with money or VP it does not give ('takes office 4 with
    3 VP' where it gives 1): read as the office alone, the line would take another than meant."""
    kind, _, body = token.partition(":")
    if kind != "office" or not body.isdigit() or not 1 <= int(body) <= len(said.components.sales_offices):
        return  # no such office: the rules say so
    spec = said.components.sales_offices[int(body) - 1]
    office = next((office for office in said.data["sales_offices"] if office["office"] == int(body)), None)
    tile = said.components.tile(office["tile"]) if office and office["tile"] else None
    gives = {
        "vp": {spec.vp} | ({tile.vp} if tile else set()),  # its tile's too, a VP or money tile's
        "money": {spec.money} | ({tile.money} if tile else set()),
    }
    gives["cars"] = {spec.limit}  # the cars it sells ('the office with 3 cars')
    for counted, amounts in gives.items():
        other = next((count for count in counts_said(said.outside, counted) if count not in amounts), None)
        if other is not None:
            said_as = {"money": f"give ${other}", "vp": f"give {other} VP", "cars": f"sell {plural(other, 'car')}"}
            raise TokenSyntaxError(
                f"{office_words(said.components, int(body))} does not {said_as[counted]}: say "
                f"'{does(name, 'takes')} sales office {body}'"
            )


def office_tile_words(words: list[str], components: Components) -> list[str]:
    """The words of a sales office's line that name a tile ('and its tile, the research manager',
    'with the $3 tile'), from the first that does to the end; none where none does. Money or VP
    names a tile only as '$3 tile' or '1 VP tile': without it, it is the office's bonus."""
    named = face_names(components)
    for i, word in enumerate(words):
        money_tile = word == "$" and words[i + 2 : i + 3] == ["tile"]
        vp_tile = word.isdigit() and words[i + 1 : i + 3] in (["vp", "tile"], ["point", "tile"])
        if face_name_of(word, named) is not None or money_tile or vp_tile:
            return words[i:]
    return []


def _check_office_tile_said(token: str, said: Said, name: str) -> None:
    """TokenSyntaxError for a sales office said with a tile it does not hold ('takes office 1 and the
    research manager' where office 1 holds the $3 tile, or an office with no tile): read as the
    office alone, the line would take another office, or another tile, than meant."""
    kind, _, body = token.partition(":")
    if kind != "office" or said.data["step"] != "sales office":
        return
    phrase = office_tile_words(said.outside, said.components)
    if not phrase:
        return
    office = next((office for office in said.data["sales_offices"] if str(office["office"]) == body), None)
    if office is None or office["seat"] is not None:
        return  # no such office, or one taken: the rules say so
    tile = said.components.tile(office["tile"]) if office["tile"] else None
    if tile is not None and read_face(" ".join(phrase), said.components).fits(tile, exact=False):
        return
    holds = f"holds the {tile_words(tile)}" if tile else "holds no tile now"
    shown = " ".join(phrase).replace("$ ", "$")
    raise TokenSyntaxError(
        f"sales office {body} {holds}, not the {shown}: say '{does(name, 'takes')} sales office {body}'"
    )
