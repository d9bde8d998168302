"""What happened, in words, as one seat saw it: Automania's account of each
step for `pyai play --human` and `pyai advise` ("Bob places a worker on row
2: a family car for $2", "you take the speed machine (1 star) from row 1").

Tiles are told by their printed face, never by their id: at the table many
tiles look alike and the ids are ours. The account reads only the seat's
views before and after a step, so it says no more than the seat saw: another
seat's starting contract and deck draws stay unnamed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..told_lines import NOTE
from .component_file import Components, Contract, Tile

MARKET_NAMES = {"NA": "North America", "EU": "Europe"}

# A VP source of the view's `vp_from`, as a person names it.
VP_SOURCES = {
    "start": "start",
    "medals": "gold medal",
    "tiles": "VP tile",
    "sales": "sales",
    "office": "sales office",
    "no contract": "no contract left",
    "cars left": "cars left",
    "silver": "silver medals",
    "contracts": "contracts",
    "money rank": "money rank",
}
_YOU = {"does": "do", "has": "have", "is": "are"}  # the verbs whose "you" form is not the stem


# ------------------------------------------------------------ the components in words


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def tile_words(tile: Tile) -> str:
    """A tile by its printed face: 'speed machine (1 star, silver medal)', 'staff
    manager (2 workers)', 'spoiler styling (2 stars)', '$3 tile', '1 VP tile'."""
    if tile.kind == "money":
        return f"${tile.money} tile"
    if tile.kind == "vp":
        return f"{tile.vp} VP tile"
    marks = tile_marks(tile)
    return _name(tile) + (f" ({', '.join(marks)})" if marks else "")


def tile_words_apart(tile: Tile, beside: list[Tile]) -> str:
    """tile_words, with the marks it lacks said ("suitcase machine (no star)") where a tile
    `beside` it bears its name with those marks: said so, it fits this tile alone."""
    same = [other for other in beside if tile_words(other) != tile_words(tile) and _name(other) == _name(tile)]
    lacks = []
    if not tile.stars and any(other.stars for other in same):
        lacks.append("no star")
    if not tile.silver and any(other.silver for other in same):
        lacks.append("no silver medal")
    if not lacks:
        return tile_words(tile)
    return f"{_name(tile)} ({', '.join([*tile_marks(tile), *lacks])})"


def _name(tile: Tile) -> str:
    """What a tile is, without its marks: "suitcase machine", "$3 tile"."""
    if tile.kind == "money":
        return f"${tile.money} tile"
    if tile.kind == "vp":
        return f"{tile.vp} VP tile"
    return {"machine": f"{tile.symbol} machine", "manager": f"{tile.type} manager", "styling": f"{tile.part} styling"}[
        tile.kind
    ]


def tile_marks(tile: Tile) -> list[str]:
    """What a machine, manager or styling tile shows besides its name: workers, stars, medals."""
    marks = []
    if tile.kind == "manager" and tile.type == "staff":
        marks.append(plural(tile.workers, "worker"))
    if tile.stars:
        marks.append(plural(tile.stars, "star"))
    if tile.silver:
        marks.append("silver medal" if tile.silver == 1 else f"{tile.silver} silver medals")
    return marks


def contract_words(components: Components, name: str, *, numbered: bool = False) -> str:
    """A contract by what its card shows, as a player finds it among the cards: 'family car,
    safety, 6+ stars: 2 VP', 'starting city car, 3+ stars: 1 VP, $3'. Our number is printed on
    no card, so it follows in brackets ('... (contract 7)') only where `numbered` (a list to pick
    a token's number from) or where another card of the set shows the same face: only the
    number then tells the two apart."""
    contract = components.contract(name)
    face = f"{_starting(name)}{contract.car} car, {_beside_the_car(contract)}"
    if numbered or face_shared(components, name):
        return f"{face} (contract {name})"
    return face


def contract_said(components: Components, name: str) -> str:
    """A contract in a sentence, its car first and what else its card shows in brackets, so that
    the card's commas and colon stay apart from the sentence's: 'the family car contract (safety,
    6+ stars: 2 VP)', 'the starting city car contract (3+ stars: 1 VP, $3)', 'the contract for any
    car (chrome, 5+ stars: 2 VP)'; our number in the brackets where contract_words gives it."""
    contract = components.contract(name)
    shows = _beside_the_car(contract)
    if face_shared(components, name):
        shows += f"; contract {name}"
    if contract.car == "any":
        return f"the {_starting(name)}contract for any car ({shows})"
    return f"the {_starting(name)}{contract.car} car contract ({shows})"


def _starting(name: str) -> str:
    """'starting ' for a starting contract (its card's S), else ''."""
    return "starting " if name.startswith("S") else ""


def _beside_the_car(contract: Contract) -> str:
    """What a contract's card shows besides its car: what it asks, then its reward ('safety, 6+
    stars: 2 VP', '3+ stars: 1 VP, $3')."""
    needs = [*contract.symbols, *contract.styling, f"{contract.stars}+ stars"]
    reward = f"{contract.vp} VP"
    if contract.silver:
        reward += f", {plural(contract.silver, 'silver medal')}"
    if contract.money:
        reward += f", ${contract.money}"
    return f"{', '.join(needs)}: {reward}"


def card_face(name: str, card: Contract) -> tuple[object, ...]:
    """What a card shows, front and back (a starting card's S): two cards with one face are alike to the rules."""
    return (
        card.car,
        tuple(sorted(card.symbols)),
        tuple(sorted(card.styling)),
        card.stars,
        card.vp,
        card.silver,
        card.money,
        name.startswith("S"),
    )


def contract_names(components: Components) -> list[str]:
    """Our name of every contract of the set: '1'..'26', then 'S1'..'S4'."""
    names = [str(number) for number in range(1, len(components.contracts) + 1)]
    return names + [f"S{number}" for number in range(1, len(components.starting_contracts) + 1)]


def face_shared(components: Components, name: str) -> bool:
    """Whether another card of the set shows the same face as contract `name`: only our number
    then tells the two apart."""
    face = card_face(name, components.contract(name))
    return any(
        other != name and card_face(other, components.contract(other)) == face for other in contract_names(components)
    )


def contract_order(components: Components, name: str) -> tuple[object, ...]:
    """A sort key that lists contracts as a player scans the cards: the regular ones before the
    starting ones, by car (each car type as the set lists them, 'any car' last), then by what they
    ask for as it is read, alphabetically (a card asking for nothing but stars first), then by stars."""
    card = components.contract(name)
    cars = [*components.car_counts, "any"]
    asks = [*card.symbols, *card.styling]
    rank = cars.index(card.car) if card.car in cars else len(cars)
    return (name.startswith("S"), rank, asks, card.stars, card.vp)


def space_words(space: str) -> str:
    """'row 1', 'column 3', 'the corner'."""
    if space == "corner":
        return "the corner"
    return f"{'row' if space[0] == 'R' else 'column'} {space[1:]}"


def space_action(components: Components, space: str) -> str:
    """What an action space does: 'a city car for $1', 'a contract'."""
    spec = next(s for s in components.spaces if s.name == space)
    return "a contract" if spec.action == "contract" else f"a {spec.car} car for ${spec.cost}"


def office_words(components: Components, office: int) -> str:
    """'sales office 3 (sells 2 cars, $2)'."""
    spec = components.sales_offices[office - 1]
    bonus = [f"${spec.money}"] * bool(spec.money) + [f"{spec.vp} VP"] * bool(spec.vp)
    return f"sales office {office} (sells {plural(spec.limit, 'car')}{''.join(', ' + b for b in bonus)})"


def demand_lines(components: Components, markets: dict[str, Any]) -> list[str]:
    """Each market's demands: 'North America wants speed (4 stars), power (3), green (2); next: safety | speed'."""
    lines = []
    for market, shown in markets.items():
        stars = [f"{stars} stars" if i == 0 else str(stars) for i, stars in enumerate(components.active_stars)]
        wanted = [f"{symbol} ({worth})" for symbol, worth in zip(shown["demand"], stars)]
        lines.append(f"{MARKET_NAMES[market]} wants {', '.join(wanted)}; next: {' | '.join(shown['pending'])}")
    return lines


# ------------------------------------------------------------ one step


@dataclass
class _Step:
    """One decision: the views around it and the seat that made it."""

    components: Components
    before: dict[str, Any]
    after: dict[str, Any]
    names: list[str]
    mover: int
    body: str  # the token after its `kind:`

    @property
    def who(self) -> str:
        return self.names[self.mover]

    def does(self, verb: str) -> str:
        return does(self.who, verb)

    def car(self) -> str:
        return self.before["action"]["car"] or self.after["action"]["car"]

    def gains(self) -> str:
        """The mover's gains; none on the game's last step, whose final scoring tells every seat's."""
        if self.after["to_move"] == "over":
            return ""
        return gains(self.before["seats"][self.mover], self.after["seats"][self.mover])


def narrate(
    components: Components, before: dict[str, Any], token: str, after: dict[str, Any], names: list[str]
) -> list[str]:
    """Lines telling what the step `token` did, from two views of the same seat
    (`names[seat]` is "you" for that seat)."""
    mover = before["to_move"]
    if mover == "chance":
        lines = _chance(components, before, token, after, names) if token else []
    elif not token:
        lines = [f"{does(names[mover], 'has')} chosen"]
    else:
        kind, _, body = token.partition(":")
        step = _Step(components, before, after, names, mover, body)
        lines = [_DECISIONS[kind](step)]
        if after["to_move"] != "over":
            lines += _others_gains(before, after, names, mover)
    return lines + _phase_lines(before, after, names)


def does(name: str, verb: str) -> str:
    """`name verb`, the verb agreeing with "you" ("you take", "Bob takes")."""
    if name != "you":
        return f"{name} {verb}"
    return f"you {_YOU.get(verb, verb.removesuffix('s'))}"


def _whose(name: str) -> str:
    """'your', 'Bob's'."""
    return "your" if name == "you" else f"{name}'s"


def gains(before: dict[str, Any], after: dict[str, Any]) -> str:
    """What a seat gained or paid in a step: '+$2', '-$3, +1 VP (gold medal)'; '' for nothing.
    Money is told only where the view knows it to the dollar."""
    parts = []
    if _exact(before) and _exact(after) and after["money"] != before["money"]:
        change = after["money"] - before["money"]
        parts.append(f"+${change}" if change > 0 else f"-${-change}")
    if after["vp"] != before["vp"]:
        changed = {
            VP_SOURCES.get(key, key): value - before["vp_from"].get(key, 0)
            for key, value in after["vp_from"].items()
            if value != before["vp_from"].get(key, 0)
        }
        if len(changed) == 1:
            sources = next(iter(changed))
        else:
            sources = ", ".join(f"{source} {value:+d}" for source, value in changed.items())
        parts.append(f"{after['vp'] - before['vp']:+d} VP" + (f" ({sources})" if sources else ""))
    return ", ".join(parts)


def _exact(seat: dict[str, Any]) -> bool:
    low, high = seat["money_range"]
    return low == high


def _with(line: str, extra: str) -> str:
    """`line` and what it cost or brought: 'Bob sponsors 2 workers: +$2'."""
    if not extra:
        return line
    said = NOTE.sub("", line)  # a contract's colon is its card's, in brackets
    return f"{line}{', ' if ':' in said else ': '}{extra}"


def _others_gains(before: dict, after: dict, names: list[str], mover: int) -> list[str]:
    """Money or VP another seat gained in the step (rare: most steps touch only the mover)."""
    told = []
    for seat, (b, a) in enumerate(zip(before["seats"], after["seats"])):
        change = gains(b, a)
        if seat != mover and change:
            told.append(f"{names[seat]} {change}")
    return [f"({'; '.join(told)})"] if told else []


def _phase_lines(before: dict, after: dict, names: list[str]) -> list[str]:
    """The round's milestones the step reached: the sales, the round's end, a new round, the game's end."""
    lines = []
    if after["step"] == "sell" and before["step"] != "sell":
        lines.append("every seat has withdrawn: the sales begin, the most popular cars first")
    if after["step"] == "demand" and before["step"] != "demand":
        lines.append(f"the round is over; {does(names[after['to_move']], 'moves')} the demand tiles next (fewest VP)")
    if after["round"] != before["round"]:
        order = ", ".join(names[seat] for seat in after["order"])
        lines.append(f"-- round {after['round']}: player order {order}")
    if after["to_move"] == "over" and before["to_move"] != "over":
        lines.append("the game is over; the last step and the final scoring:")
        for seat, (b, a) in enumerate(zip(before["seats"], after["seats"])):
            lines.append(f"  {names[seat]}: {gains(b, a) or 'nothing more'}, {a['vp']} VP in all")
    return lines


# ------------------------------------------------------------ chance


def _chance(components: Components, before: dict, token: str, after: dict, names: list[str]) -> list[str]:
    kind, _, body = token.partition(":")
    if kind == "order":
        seats = after["seats"]
        order = [f"{names[seat]} (${seats[seat]['money']}, {seats[seat]['vp']} VP)" for seat in after["order"]]
        return ["player order: " + ", ".join(order)]
    if kind == "demands":
        return demand_lines(components, after["markets"])
    if kind == "display":
        # one line, as the display's cards are typed back: a card's own words hold commas, so ';' parts them
        return ["on display: " + "; ".join(contract_words(components, name) for name in after["display"])]
    if kind == "tiles":
        return _tiles_lines(components, after)
    if kind == "reveal":
        return [f"turned up on the display: {contract_words(components, body)}"]
    receiver = names[before["turn"]]
    if kind == "start":
        if body == "?":
            return [f"{does(receiver, 'gets')} a starting contract"]
        return [f"{does(receiver, 'gets')} {contract_said(components, body)}"]
    # a deck draw (`drawn:`)
    if body == "?":
        line = f"{does(receiver, 'draws')} a contract from the deck"
    else:
        line = f"{does(receiver, 'draws')} {contract_said(components, body)} from the deck"
    return [_with(line, gains(before["seats"][before["turn"]], after["seats"][before["turn"]]))]


def _tiles_lines(components: Components, after: dict) -> list[str]:
    """The round's tiles by face: the grid row by row, then below sales offices 1 and 2."""
    lines = []
    for row, tiles in enumerate(after["grid"], start=1):
        faces = ", ".join(tile_words(components.tile(t)) if t else "-" for t in tiles)
        lines.append(f"row {row}: {faces}")
    lines[0] = f"round {after['round']} tiles, {lines[0]}"
    below = [
        f"below sales office {office['office']}: {tile_words(components.tile(office['tile']))}"
        for office in after["sales_offices"]
        if office["tile"]
    ]
    return lines + ["; ".join(below)] * bool(below)


# ------------------------------------------------------------ decisions


def _sponsor(step: _Step) -> str:
    return _with(f"{step.does('sponsors')} {plural(int(step.body), 'worker')}", step.gains())


def _place(step: _Step) -> str:
    space = step.body
    index = [s["space"] for s in step.before["action_spaces"]].index(space)
    held, now = step.before["action_spaces"][index], step.after["action_spaces"][index]
    line = f"{step.does('places')} {_workers(now['workers'])} on {space_words(space)}{_bumped(step, held)}"
    return _with(f"{line}: {space_action(step.components, space)}", step.gains())


def _workers(count: int) -> str:
    return "a worker" if count == 1 else f"{count} workers"


def _bumped(step: _Step, held: dict[str, Any]) -> str:
    """' (Cy's worker goes home)': the workers a placement sends home."""
    if held["seat"] is None:
        return ""
    owner = _whose(step.names[held["seat"]])
    return f" ({owner} worker goes home)" if held["workers"] == 1 else f" ({owner} {held['workers']} workers go home)"


def _corner(step: _Step) -> str:
    held, now = step.before["action_spaces"][-1], step.after["action_spaces"][-1]
    line = f"{step.does('places')} {_workers(now['workers'])} on the corner{_bumped(step, held)}"
    return _with(f"{line} for a {step.body} car", step.gains())


def _withdraw(step: _Step) -> str:
    return _with(step.does("withdraws"), step.gains())


def _tile(step: _Step) -> str:
    space, place = step.before["action"]["space"], int(step.body)
    row, column = (int(space[1:]) - 1, place - 1) if space[0] == "R" else (place - 1, int(space[1:]) - 1)
    grid = step.before["grid"]
    along = [
        step.components.tile(other)
        for other in (grid[row] if space[0] == "R" else [cells[column] for cells in grid])
        if other
    ]
    taken = step.components.tile(grid[row][column])
    face = tile_words_apart(taken, along)  # "(no star)" where another tile of its name has one
    twins = sum(1 for other in along if tile_words(other) == tile_words(taken))
    # The same face elsewhere along the line: the place says which, as the other stays where it lies.
    where = f", place {place}" if twins > 1 else ""
    line = f"{step.does('takes')} the {face} from {space_words(space)}{where}"
    return _with(line + _made(step), step.gains())


def _made(step: _Step) -> str:
    """' and makes the city car' when the step paid for the turn's car."""
    if step.before["action"]["car"] is None and step.after["action"]["car"] is not None:
        return f" and {'make' if step.who == 'you' else 'makes'} the {step.after['action']['car']} car"
    return ""


def _put(step: _Step) -> str:
    where, _, which = step.body.partition(",")
    seat_before = step.before["seats"][step.mover]
    seat_after = step.after["seats"][step.mover]
    if where == "station":
        line = f"{step.does('puts')} it on station {which}"
        line += _replacing(step.components, seat_before["stations"][int(which) - 1])
    elif where == "office":
        line = f"{step.does('puts')} it in office {which}"
        line += _replacing(step.components, seat_before["offices"][int(which) - 1])
    else:
        line = f"{step.does('puts')} it on the {which} car's styling"
        gone = [t for t in seat_before["styling"][which] if t not in seat_after["styling"][which]]
        line += _replacing(step.components, gone[0] if gone else None)
    workers = seat_after["workers"] - seat_before["workers"]  # a staff manager's neutral workers
    change = [step.gains()] + [f"+{plural(workers, 'neutral worker')}"] * (workers > 0)
    return _with(line + _made(step), ", ".join(part for part in change if part))


def _replacing(components: Components, tile: str | None) -> str:
    return f" (replacing the {tile_words(components.tile(tile))})" if tile else ""


def _discard(step: _Step) -> str:
    return _with(f"{step.does('discards')} it{_made(step)}", step.gains())


def _draw(step: _Step) -> str:
    if step.body == "deck":
        return _with(f"{step.does('chooses')} to draw from the deck", step.gains())
    line = f"{step.does('takes')} {contract_said(step.components, step.body)} from the display"
    return _with(line, step.gains())


def _market(step: _Step) -> str:
    stars = step.after["action"]["stars"]
    return f"{step.does('sends')} the {step.car()} car to {MARKET_NAMES[step.body]}: {plural(stars, 'star')}"


def _marketing(step: _Step) -> str:
    stars = step.after["action"]["stars"]
    return f"{step.does('puts')} {plural(int(step.body), 'worker')} on marketing: {plural(stars, 'star')}"


def _takeback(step: _Step) -> str:
    market, _, level = step.body.partition(",")
    ship = next(s for s in step.before["markets"][market]["ships"] if s["level"] == int(level))
    car = ship["car"]["car"] if ship["car"] else "car"
    where = f"{MARKET_NAMES[market]}'s ship at level {level}"
    return f"{step.does('takes')} back the {car} car from {where}"


def _ship(step: _Step) -> str:
    car, stars = step.car(), step.before["action"]["stars"]
    if step.body == "none":
        return f"{step.does('does')} not ship the {car} car"
    market = MARKET_NAMES[step.before["action"]["market"]]
    line = f"{step.does('ships')} the {car} car ({plural(stars, 'star')}) to {market} at level {step.body}"
    return _with(line, step.gains())


def _contract(step: _Step) -> str:
    if step.body == "none":
        return f"{step.does('plays')} no contract"
    return _with(f"{step.does('plays')} {contract_said(step.components, step.body)}", step.gains())


def _office(step: _Step) -> str:
    office = int(step.body)
    line = f"{step.does('takes')} {office_words(step.components, office)}"
    tile = step.before["sales_offices"][office - 1]["tile"]
    if tile:
        line += f" and its tile, the {tile_words(step.components.tile(tile))}"
    return _with(line, step.gains())


def _sell(step: _Step) -> str:
    offer = step.before["offer"]
    if offer is None:  # a top car, sold at once at the ship step for a sales space's reward
        car, stars = step.car(), step.before["action"]["stars"]
        market = MARKET_NAMES[step.before["action"]["market"]]
        line = f"{step.does('sells')} the {car} car ({plural(stars, 'star')}) in {market} at once, a top car"
        return _with(f"{line}, for sales space {step.body}'s reward", step.gains())
    line = f"{step.does('sells')} the {_offered(step)} on sales space {step.body}"
    return _with(line, step.gains())


def _offered(step: _Step) -> str:
    return offered_car_words(step.before)


def offered_car_words(data: dict[str, Any]) -> str:
    """The car the sales phase offers in `data` (a view's to_dict()): 'city car (North America, level 7)'."""
    offer = data["offer"]
    ship = next(s for s in data["markets"][offer["market"]]["ships"] if s["level"] == offer["level"])
    return f"{ship['car']['car']} car ({MARKET_NAMES[offer['market']]}, level {offer['level']})"


def _keep(step: _Step) -> str:
    return f"{step.does('keeps')} the {_offered(step)}"


def _demand(step: _Step) -> str:
    markets = step.after["markets"]
    now = "; ".join(f"{MARKET_NAMES[m]} {', '.join(markets[m]['demand'])}" for m in markets)
    return f"{step.does('moves')} the {step.body} demand tiles in: now {now}"


_DECISIONS = {
    "sponsor": _sponsor,
    "place": _place,
    "corner": _corner,
    "withdraw": _withdraw,
    "tile": _tile,
    "put": _put,
    "discard": _discard,
    "draw": _draw,
    "market": _market,
    "marketing": _marketing,
    "takeback": _takeback,
    "ship": _ship,
    "contract": _contract,
    "office": _office,
    "sell": _sell,
    "keep": _keep,
    "demand": _demand,
}
