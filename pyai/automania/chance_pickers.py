"""Automania's chance steps as taps instead of typed words: what the table
deals next (`next_chance_picker`), from what the advised seat could know is
still to come, and what another seat may play from contracts the advised seat
never saw (`contract_play_picker`). Each option is said as table_words.py and
words.py read it back.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..errors import TokenSyntaxError
from ..game_api import ChanceOption, ChancePicker
from .component_file import ROUNDS_PER_BACK, Components, Tile
from .contract_words import car_meets
from .line_words import words_of
from .narration import MARKET_NAMES, contract_order, contract_words, tile_words
from .table_words import DISPLAY_CONTRACTS, hidden_kinds, order_said, unseen_contracts
from .tile_faces import tile_said


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
    seen nowhere, a starting one too), said as 'Ann plays contract 7'; only the cards its car
    meets (a card it does not meet is never played: the rules would refuse it)."""
    mover = data["to_move"]
    if data["step"] != "contract" or not isinstance(mover, int) or mover == me:
        return None
    seat = data["seats"][mover]
    if seat["hidden_contracts"] == 0:
        return None
    starting_hidden, drawn_hidden = hidden_kinds(seat)
    in_hand = sorted(seat["hand_public"], key=lambda n: contract_order(components, n))
    known = tuple(ChanceOption(f"contract {n}", contract_words(components, n)) for n in in_hand)
    unseen = [
        ChanceOption(option.word if starting else f"contract {option.word}", option.label)
        for starting, hidden in ((False, drawn_hidden), (True, starting_hidden))
        if hidden
        for option in _contract_options(data, components, starting)
    ]
    car, stars = data["action"]["car"], data["action"]["stars"]
    met = [
        option
        for option in (*known, *unseen)
        if car is None or car_meets(option.word.removeprefix("contract "), seat, car, stars, components)
    ]
    options = (ChanceOption("no contract", "no contract"), *met)
    return ChancePicker(
        f"{names[mover]}'s contract, from a hand you have not all seen", f"{names[mover]} plays", 1, options
    )


def _order_picker(names: list[str], me: int) -> ChancePicker:
    """Every seat once, first player first: each by its name, or by its number where the
    words would not read the name back as that seat (a name that is a number, read as a seat number)."""
    options = []
    for seat, name in enumerate(names):
        try:
            word = name if order_said(words_of(name), names, me) == f"order:{seat}" else str(seat)
        except TokenSyntaxError:
            word = str(seat)
        options.append(ChanceOption(word, f"{name} (you)" if seat == me else name))
    return ChancePicker("the player order, first player first", "order", len(names), tuple(options), ordered=True)


# The two pending demand spaces of a market, as the demands token orders them.
PENDING_PLACES = ("next, left", "next, right")


def _demands_picker(data: dict[str, Any], components: Components) -> ChancePicker:
    """The demand tiles not on a market yet, by symbol: North America's spaces, then Europe's,
    each space named as the drawing names it (its stars, or next)."""
    places = (*(f"{stars} stars" for stars in components.active_stars), *PENDING_PLACES)
    per_market = len(places)
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
        group_names=(MARKET_NAMES["NA"], MARKET_NAMES["EU"]),
        place_names=places * 2,
    )


def _contract_options(data: dict[str, Any], components: Components, starting: bool = False) -> tuple[ChanceOption, ...]:
    """The regular (or starting) contracts seat `me` has seen nowhere, each with what it shows."""
    names = sorted(unseen_contracts(data, components, starting), key=lambda name: contract_order(components, name))
    return tuple(ChanceOption(name, contract_words(components, name)) for name in names)  # as a player scans cards


def _tiles_picker(data: dict[str, Any], components: Components) -> ChancePicker:
    """The round's tiles by face from the unseen tiles of its back: the grid row by row,
    then below the sales offices that take one."""
    back = "A" if data["round"] <= ROUNDS_PER_BACK else "B"
    faces: dict[str, list[Tile]] = {}
    for name in data["tiles_unseen"][back]:
        tile = components.tile(name)
        faces.setdefault(tile_words(tile), []).append(tile)
    options = tuple(ChanceOption(tile_said(tiles[0]), face, len(tiles)) for face, tiles in faces.items())
    offices = [f"office {number}" for number, spec in enumerate(components.sales_offices, 1) if spec.tile]
    groups = (*(len(row) for row in data["grid"]), len(offices))
    # named as the drawing names them: a row's tiles by column, the others by their sales office
    places = [f"column {column}" for row in data["grid"] for column in range(1, len(row) + 1)] + offices
    return ChancePicker(
        f"the round's {sum(groups)} tiles: the grid row by row, then below the sales offices",
        "tiles",
        sum(groups),
        options,
        ordered=True,
        separator=", ",
        groups=groups,
        group_separator="; ",
        group_names=(*(f"row {row}" for row in range(1, len(data["grid"]) + 1)), "below the sales offices"),
        place_names=tuple(places),
    )
