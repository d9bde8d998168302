"""Automania's component data: reading, checking and handing it to the core.

Every component value (tiles, demand tiles, contracts, the action board,
ships, sales spaces, sales offices, the factory board) lives in one TOML file
(components.toml next to this module is the shipped set). `load(path)` reads
one and checks it whole (`parse(data, source)` checks bytes already read),
raising ComponentError naming the entry at fault; a checked set becomes
`wire(components)`, the flat list of integers the C++ core reads
(csrc/automania/components.h, `Components::from_wire`).

This module uses the standard library only: the build runs it as a script to
compile the shipped set into the C++ test program
(``python component_file.py --cpp-header OUT components.toml``).
"""

from __future__ import annotations

import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DEFAULT_PATH = Path(__file__).with_name("components.toml")
FORMAT = 1

CAR_TYPES = ("city", "family", "super")
MANAGER_TYPES = ("research", "marketing", "general", "staff")
TILE_KINDS = ("machine", "manager", "styling", "money", "vp")
MARKETS = ("NA", "EU")
BACKS = ("A", "B")
ROW_SPACES = ("R1", "R2", "R3", "R4")
COLUMN_SPACES = ("C1", "C2", "C3", "C4")

# Counts the rulebook states; a file must have them.
GRID_TILES = 16  # the 4x4 action area
OFFICE_TILES = 2  # "2 below the sales offices"
ROUNDS_PER_BACK = 2  # A tiles in rounds 1-2, B tiles in rounds 3-4
TILES_PER_BACK = ROUNDS_PER_BACK * (GRID_TILES + OFFICE_TILES)  # 36
DEMAND_TILES = 10
ACTIVE_DEMANDS = 3
REGULAR_CONTRACTS = 26
STARTING_CONTRACTS = 4
STARTING_CONTRACT_MONEY = 3
CAR_COUNTS = {"city": 3, "family": 2, "super": 2}
LINE_LENGTHS = {"city": 2, "family": 3, "super": 4}
WORKERS = 6
NEUTRAL_WORKERS = 10
MAX_PLAYERS = 4

# Limits of the core's plain-data tables (csrc/automania/components.h).
MAX_SYMBOLS = 8
MAX_STYLING_PARTS = 8
MAX_STATIONS = 8
MAX_OFFICES = 6
MAX_STYLING_SLOTS = 4
MAX_SHIP_SPACES = 24
MAX_SHIPS = 12
MAX_SALES_SPACES = 16
MAX_SALES_OFFICES = 8
MAX_SALES_ROW = 7  # rows below the topmost (0) are 1-7
MAX_NAME_LENGTH = 15
MAX_STARS = 40  # on a contract; a tile shows at most 9
MAX_VALUE = 99  # money, VP, fees, medals, workers on one component


class ComponentError(ValueError):
    """A component file that cannot be used; the message names the file and the entry."""


@dataclass
class Tile:
    name: str  # A1..B36
    kind: str
    symbol: str | None = None
    type: str | None = None
    part: str | None = None
    stars: int = 0
    silver: int = 0
    workers: int = 0
    money: int = 0
    vp: int = 0


@dataclass
class Contract:
    name: str  # 1..26, S1..S4
    car: str  # a car type or "any"
    symbols: list[str] = field(default_factory=list)
    styling: list[str] = field(default_factory=list)
    stars: int = 0
    vp: int = 0
    silver: int = 0
    money: int = 0


@dataclass
class ActionSpace:
    name: str  # R1..R4, C1..C4
    action: str  # "produce" or "contract"
    car: str | None = None
    cost: int = 0


@dataclass
class SalesSpace:
    row: int
    money: int = 0
    vp: int = 0
    min_stars: int = 0


@dataclass
class Market:
    name: str
    ships: list[tuple[list[int], int]]  # (space levels, gold medal VP)
    sales: list[SalesSpace]


@dataclass
class SalesOffice:
    limit: int
    money: int = 0
    vp: int = 0
    tile: bool = False


@dataclass
class Components:
    """A checked component set. `source` is the file it came from."""

    source: str
    symbols: list[str]
    styling_parts: list[str]
    car_counts: dict[str, int]
    car_costs: dict[str, int]
    workers: int
    neutral_workers: int
    stations: int
    lines: dict[str, list[int]]
    office_fees: list[int]
    styling_fees: list[int]
    active_stars: list[int]
    demand_tiles: list[str]
    top_car_stars: int
    spaces: list[ActionSpace]
    sales_offices: list[SalesOffice]
    markets: list[Market]
    tiles: dict[str, list[Tile]]
    contracts: list[Contract]
    starting_contracts: list[Contract]

    def tile(self, name: str) -> Tile:
        return self.tiles[name[0]][int(name[1:]) - 1]

    def contract(self, name: str) -> Contract:
        if name.startswith("S"):
            return self.starting_contracts[int(name[1:]) - 1]
        return self.contracts[int(name) - 1]


# ---------------------------------------------------------------- reading


class _Reader:
    """Typed access to one table of the file; errors name the entry's path."""

    def __init__(self, source: str, path: str, table: Any):
        self.source = source
        self.path = path
        if not isinstance(table, dict):
            self.fail(f"must be a table, not {_shown(table)}")
        self.table = table
        self.used: set[str] = set()

    def fail(self, message: str, key: str | None = None) -> None:
        where = f"{self.path}.{key}" if key and self.path else key or self.path or "the file"
        raise ComponentError(f"{self.source}: {where}: {message}")

    def child(self, key: str, path: str | None = None) -> _Reader:
        return _Reader(self.source, path or self._join(key), self.get(key))

    def _join(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def get(self, key: str, default: Any = ...) -> Any:
        self.used.add(key)
        if key not in self.table:
            if default is ...:
                self.fail("is missing", key)
            return default
        return self.table[key]

    def integer(self, key: str, low: int, high: int, default: Any = ...) -> int:
        value = self.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.fail(f"must be a whole number {low} to {high}, not {_shown(value)}", key)
        return value

    def flag(self, key: str, default: bool) -> bool:
        value = self.get(key, default)
        if not isinstance(value, bool):
            self.fail(f"must be true or false, not {_shown(value)}", key)
        return value

    def name(self, key: str, choices: tuple[str, ...] | list[str], what: str, default: Any = ...) -> str:
        value = self.get(key, default)
        if value not in choices:
            self.fail(f"unknown {what} {_shown(value)} (known: {', '.join(choices)})", key)
        return value

    def array(self, key: str, default: Any = ...) -> list[Any]:
        value = self.get(key, default)
        if not isinstance(value, list):
            self.fail(f"must be a list, not {_shown(value)}", key)
        return value

    def tables(self, key: str) -> list[_Reader]:
        return [_Reader(self.source, f"{self._join(key)}[{i}]", item) for i, item in enumerate(self.array(key))]

    def done(self) -> None:
        """Every key of the table was read: a misspelt key is an error, not silently ignored."""
        unknown = sorted(set(self.table) - self.used)
        if unknown:
            self.fail(f"unknown key {unknown[0]!r} (known: {', '.join(sorted(self.used))})")


def _shown(value: Any) -> str:
    """A value from the file inside a message, cut short (errors.shown_value's twin: this file runs
    alone, as a script of the C++ build, so it imports nothing of the package)."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _names(reader: _Reader, key: str, what: str, most: int) -> list[str]:
    values = reader.array(key)
    if not 1 <= len(values) <= most:
        reader.fail(f"must list 1 to {most} {what}s, not {len(values)}", key)
    for value in values:
        if not isinstance(value, str) or not value.isascii() or not value.isalpha() or value != value.lower():
            reader.fail(f"a {what} is a lower-case word, not {_shown(value)}", key)
        if len(value) > MAX_NAME_LENGTH:
            reader.fail(f"{what} {value!r} is longer than {MAX_NAME_LENGTH} letters", key)
    duplicates = sorted({v for v in values if values.count(v) > 1})
    if duplicates:
        reader.fail(f"{what} {duplicates[0]!r} is listed twice", key)
    return list(values)


def _name_list(reader: _Reader, key: str, choices: list[str], what: str) -> list[str]:
    values = reader.array(key, [])
    for value in values:
        if value not in choices:
            reader.fail(f"unknown {what} {_shown(value)} (known: {', '.join(choices)})", key)
    return list(values)


def load(path: str | Path | None = None) -> Components:
    """Reads and checks a component file (the shipped one by default). For a
    path someone else named, read the bytes with pyai.game_files.read_game_file
    and `parse` them: this reads whatever the path is."""
    path = Path(path) if path is not None else DEFAULT_PATH
    source = str(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise ComponentError(f"{source}: no such component file") from None
    except OSError as error:
        raise ComponentError(f"{source}: cannot be read ({error.strerror})") from None
    return parse(data, source)


def parse(data: bytes, source: str) -> Components:
    """Checks a component file's bytes (`source` names it in errors)."""
    try:
        table = tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise ComponentError(f"{source}: not UTF-8 text (byte {error.start})") from None
    except tomllib.TOMLDecodeError as error:
        raise ComponentError(f"{source}: not valid TOML ({error})") from None
    return check(table, source)


def check(data: dict[str, Any], source: str = "components") -> Components:
    """Checks a component set given as parsed TOML; raises ComponentError naming the entry."""
    root = _Reader(source, "", data)
    file_format = root.integer("format", 1, 1000)
    if file_format != FORMAT:
        root.fail(f"is format {file_format}; this version of pyai reads format {FORMAT}", "format")
    symbols = _names(root, "symbols", "symbol", MAX_SYMBOLS)
    parts = _names(root, "styling_parts", "styling part", MAX_STYLING_PARTS)

    cars = root.child("cars")
    car_counts, car_costs = {}, {}
    for car in CAR_TYPES:
        entry = cars.child(car)
        car_counts[car] = entry.integer("count", 1, 9)
        car_costs[car] = entry.integer("cost", 0, MAX_VALUE)
        entry.done()
        if car_counts[car] != CAR_COUNTS[car]:
            entry.fail(f"the rulebook gives each player {CAR_COUNTS[car]} {car} cars, not {car_counts[car]}", "count")
    cars.done()

    factory = root.child("factory")
    workers = factory.integer("workers", 1, 20)
    neutral = factory.integer("neutral_workers", 0, 40)
    if workers != WORKERS:
        factory.fail(f"the rulebook gives each player {WORKERS} workers, not {workers}", "workers")
    if neutral != NEUTRAL_WORKERS:
        factory.fail(f"the rulebook has {NEUTRAL_WORKERS} neutral workers, not {neutral}", "neutral_workers")
    stations = factory.integer("stations", 1, MAX_STATIONS)
    line_table = factory.child("lines")
    lines: dict[str, list[int]] = {}
    for car in CAR_TYPES:
        line = line_table.array(car)
        for station in line:
            if isinstance(station, bool) or not isinstance(station, int):
                line_table.fail(f"a station is a number, not {_shown(station)}", car)
            if not 1 <= station <= stations:
                line_table.fail(
                    f"passes station {station}, but the factory has {stations} stations (1-{stations})", car
                )
        if len(set(line)) != len(line):
            line_table.fail("passes a station twice", car)
        if len(line) != LINE_LENGTHS[car]:
            line_table.fail(f"a {car} car passes {LINE_LENGTHS[car]} stations (rulebook), not {len(line)}", car)
        lines[car] = list(line)
    line_table.done()
    unused = sorted(set(range(1, stations + 1)) - {s for line in lines.values() for s in line})
    if unused:
        factory.fail(f"station {unused[0]} is on no car's line", "lines")
    office_fees = _small_numbers(factory, "office_fees", "office space", MAX_OFFICES)
    styling_fees = _small_numbers(factory, "styling_fees", "styling slot", MAX_STYLING_SLOTS)
    factory.done()

    demand = root.child("demand")
    active_stars = demand.array("active_stars")
    if len(active_stars) != ACTIVE_DEMANDS or any(
        isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 9 for v in active_stars
    ):
        demand.fail(f"must list the stars of the {ACTIVE_DEMANDS} active spaces (1-9 each)", "active_stars")
    demand_tiles = _name_list(demand, "tiles", symbols, "symbol")
    if len(demand_tiles) != DEMAND_TILES:
        demand.fail(f"the rulebook has {DEMAND_TILES} demand tiles, not {len(demand_tiles)}", "tiles")
    if len(set(demand_tiles)) == 1:
        # Setup redraws while the two markets show the same demands: some deal must differ.
        demand.fail("every demand tile shows the same symbol: the two markets could never differ", "tiles")
    demand.done()

    board = root.child("board")
    top_car_stars = board.integer("top_car_stars", 1, MAX_STARS)
    spaces = [
        _action_space(entry, name)
        for key, names in (("rows", ROW_SPACES), ("columns", COLUMN_SPACES))
        for entry, name in _exactly(board, key, names)
    ]

    offices = []
    for entry in board.tables("sales_offices"):
        offices.append(
            SalesOffice(
                entry.integer("limit", 1, 9),
                entry.integer("money", 0, MAX_VALUE, 0),
                entry.integer("vp", 0, MAX_VALUE, 0),
                entry.flag("tile", False),
            )
        )
        entry.done()
    if not MAX_PLAYERS <= len(offices) <= MAX_SALES_OFFICES:
        board.fail(f"must list {MAX_PLAYERS} to {MAX_SALES_OFFICES} sales offices, not {len(offices)}", "sales_offices")
    tile_offices = sum(office.tile for office in offices)
    if tile_offices != OFFICE_TILES:
        board.fail(
            f"{tile_offices} offices have a tile; the rulebook places {OFFICE_TILES} tiles below the sales offices",
            "sales_offices",
        )
    board.done()

    market_table = root.child("markets")
    markets = [_market(market_table.child(name), name, top_car_stars) for name in MARKETS]
    market_table.done()

    tile_table = root.child("tiles")
    tiles = {back: _tiles(tile_table, back, symbols, parts) for back in BACKS}
    tile_table.done()
    staff = sum(t.workers for back in BACKS for t in tiles[back])
    if staff > neutral:
        root.fail(
            f"the staff managers show {staff} workers, more than the {neutral} neutral workers in the supply", "tiles"
        )

    contract_table = root.child("contracts")
    contracts = _contracts(contract_table, "regular", REGULAR_CONTRACTS, "", symbols, parts, lines, styling_fees)
    starting = _contracts(contract_table, "starting", STARTING_CONTRACTS, "S", symbols, parts, lines, styling_fees)
    for index, contract in enumerate(starting):
        if contract.money != STARTING_CONTRACT_MONEY:
            contract_table.fail(
                f"a starting contract pays ${STARTING_CONTRACT_MONEY} when played (rulebook), not ${contract.money}",
                f"starting[{index}]",
            )
    contract_table.done()
    root.done()
    return Components(
        source,
        symbols,
        parts,
        car_counts,
        car_costs,
        workers,
        neutral,
        stations,
        lines,
        office_fees,
        styling_fees,
        list(active_stars),
        demand_tiles,
        top_car_stars,
        spaces,
        offices,
        markets,
        tiles,
        contracts,
        starting,
    )


def _small_numbers(reader: _Reader, key: str, what: str, most: int) -> list[int]:
    values = reader.array(key)
    if not 1 <= len(values) <= most:
        reader.fail(f"must list 1 to {most} fees (one per {what}), not {len(values)}", key)
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_VALUE:
            reader.fail(f"a fee is a whole number 0 to {MAX_VALUE}, not {_shown(value)}", key)
    return list(values)


def _exactly(reader: _Reader, key: str, names: tuple[str, ...]) -> list[tuple[_Reader, str]]:
    entries = reader.tables(key)
    if len(entries) != len(names):
        reader.fail(f"must list {len(names)} action spaces ({', '.join(names)}), not {len(entries)}", key)
    for entry, name in zip(entries, names):
        entry.path += f" ({name})"
    return list(zip(entries, names))


def _action_space(entry: _Reader, name: str) -> ActionSpace:
    action = entry.name("action", ("produce", "contract"), "action")
    if action == "contract":
        entry.done()
        return ActionSpace(name, action)
    space = ActionSpace(name, action, entry.name("car", CAR_TYPES, "car type"), entry.integer("cost", 0, MAX_VALUE))
    entry.done()
    return space


def _market(reader: _Reader, name: str, top_car_stars: int) -> Market:
    ships = []
    levels: list[int] = []
    for entry in reader.tables("ships"):
        spaces = entry.array("spaces")
        if not spaces:
            entry.fail("a ship has at least one space", "spaces")
        for level in spaces:
            if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level < top_car_stars:
                entry.fail(f"a space's level is a whole number 1 to {top_car_stars - 1}, not {_shown(level)}", "spaces")
            if level in levels:
                entry.fail(f"level {level} has two spaces in this market", "spaces")
            levels.append(level)
        ships.append((list(spaces), entry.integer("medal", 0, MAX_VALUE, 0)))
        entry.done()
    if not ships or len(ships) > MAX_SHIPS:
        reader.fail(f"must list 1 to {MAX_SHIPS} ships, not {len(ships)}", "ships")
    if len(levels) > MAX_SHIP_SPACES:
        reader.fail(f"has {len(levels)} ship spaces; at most {MAX_SHIP_SPACES}", "ships")
    sales = []
    for entry in reader.tables("sales"):
        space = SalesSpace(
            entry.integer("row", 0, MAX_SALES_ROW),
            entry.integer("money", 0, MAX_VALUE, 0),
            entry.integer("vp", 0, MAX_VALUE, 0),
            entry.integer("min_stars", 0, MAX_STARS, 0),
        )
        if space.money == 0 and space.vp == 0:
            entry.fail("a sales space rewards money, VP or both")
        entry.done()
        sales.append(space)
    if not 1 <= len(sales) <= MAX_SALES_SPACES:
        reader.fail(f"must list 1 to {MAX_SALES_SPACES} sales spaces, not {len(sales)}", "sales")
    if sales[0].row != 0 or sum(space.row == 0 for space in sales) != 1:
        reader.fail("the first sales space, and only it, is the topmost (row 0)", "sales")
    if any(later.row < earlier.row for earlier, later in zip(sales, sales[1:])):
        reader.fail("sales spaces are listed from the topmost row down (rows never decrease)", "sales")
    reader.done()
    return Market(name, ships, sales)


def _tiles(table: _Reader, back: str, symbols: list[str], parts: list[str]) -> list[Tile]:
    entries = table.tables(back)
    if len(entries) != TILES_PER_BACK:
        table.fail(
            f"has {len(entries)} tiles; the rulebook's {back} back has {TILES_PER_BACK} "
            f"({ROUNDS_PER_BACK} rounds x {GRID_TILES + OFFICE_TILES})",
            back,
        )
    tiles = []
    for index, entry in enumerate(entries):
        name = f"{back}{index + 1}"
        entry.path += f" ({name})"
        kind = entry.name("kind", TILE_KINDS, "tile kind")
        tile = Tile(name, kind)
        if kind in ("machine", "manager", "styling"):
            tile.stars = entry.integer("stars", 0, 9, 0)
            tile.silver = entry.integer("silver", 0, 9, 0)
        if kind == "machine":
            tile.symbol = entry.name("symbol", symbols, "symbol")
        elif kind == "manager":
            tile.type = entry.name("type", MANAGER_TYPES, "manager type")
            if tile.type == "staff":
                tile.workers = entry.integer("workers", 1, 9)
        elif kind == "styling":
            tile.part = entry.name("part", parts, "styling part")
        elif kind == "money":
            tile.money = entry.integer("money", 1, MAX_VALUE)
        else:
            tile.vp = entry.integer("vp", 1, MAX_VALUE)
        entry.done()
        tiles.append(tile)
    return tiles


def _contracts(
    root: _Reader,
    key: str,
    count: int,
    prefix: str,
    symbols: list[str],
    parts: list[str],
    lines: dict[str, list[int]],
    styling_fees: list[int],
) -> list[Contract]:
    entries = root.tables(key)
    if len(entries) != count:
        root.fail(f"the rulebook has {count} of these, not {len(entries)}", key)
    contracts = []
    for index, entry in enumerate(entries):
        expected = f"{prefix}{index + 1}"
        name = entry.get("id")
        if name != expected:
            entry.fail(f"contracts are named in order: this one is {expected!r}, not {_shown(name)}", "id")
        entry.path += f" ({name})"
        contract = Contract(
            name,
            entry.name("car", (*CAR_TYPES, "any"), "car type"),
            _name_list(entry, "symbols", symbols, "symbol"),
            _name_list(entry, "styling", parts, "styling part"),
            entry.integer("stars", 0, MAX_STARS),
            entry.integer("vp", 0, MAX_VALUE),
            entry.integer("silver", 0, 9, 0),
            entry.integer("money", 0, MAX_VALUE, 0),
        )
        entry.done()
        longest = max(len(line) for line in lines.values())
        room = longest if contract.car == "any" else len(lines[contract.car])
        car = "no car's line" if contract.car == "any" else f"a {contract.car} car's line"
        if len(contract.symbols) > room:
            entry.fail(
                f"no car can meet it: {car} passes {room} stations, and it asks for {len(contract.symbols)} "
                "machine symbols",
                "symbols",
            )
        if len(set(contract.styling)) != len(contract.styling):
            entry.fail("no car can meet it: a car type never has the same styling part twice", "styling")
        if len(contract.styling) > len(styling_fees):
            entry.fail(
                f"no car can meet it: a car type has at most {len(styling_fees)} styling tiles, "
                f"and it asks for {len(contract.styling)}",
                "styling",
            )
        contracts.append(contract)
    return contracts


# ---------------------------------------------------------------- the core's form


def wire(components: Components) -> list[int]:
    """The checked set as the flat integer list Components::from_wire reads
    (csrc/automania/components.h documents the layout)."""
    out: list[int] = [FORMAT]

    def names(values: list[str]) -> None:
        out.append(len(values))
        for value in values:
            out.append(len(value))
            out.extend(ord(c) for c in value)

    symbol = {name: i for i, name in enumerate(components.symbols)}
    part = {name: i for i, name in enumerate(components.styling_parts)}
    car = {name: i for i, name in enumerate(CAR_TYPES)}
    car["any"] = len(CAR_TYPES)
    names(components.symbols)
    names(components.styling_parts)
    for name in CAR_TYPES:
        out += [components.car_counts[name], components.car_costs[name]]
    out += [components.workers, components.neutral_workers, components.stations]
    for name in CAR_TYPES:
        out += [len(components.lines[name]), *components.lines[name]]
    out += [len(components.office_fees), *components.office_fees]
    out += [len(components.styling_fees), *components.styling_fees]
    out += components.active_stars
    out += [symbol[s] for s in components.demand_tiles]
    out.append(components.top_car_stars)
    for space in components.spaces:
        out += [0 if space.action == "produce" else 1, car[space.car] if space.car else 0, space.cost]
    out.append(len(components.sales_offices))
    for office in components.sales_offices:
        out += [office.limit, office.money, office.vp, int(office.tile)]
    for market in components.markets:
        out.append(len(market.ships))
        for levels, medal in market.ships:
            out += [len(levels), *levels, medal]
        out.append(len(market.sales))
        for sale in market.sales:
            out += [sale.row, sale.money, sale.vp, sale.min_stars]
    kinds = {name: i for i, name in enumerate(TILE_KINDS)}
    managers = {name: i for i, name in enumerate(MANAGER_TYPES)}
    for back in BACKS:
        out.append(len(components.tiles[back]))
        for tile in components.tiles[back]:
            detail = (
                symbol[tile.symbol]
                if tile.symbol
                else managers[tile.type]
                if tile.type
                else part[tile.part]
                if tile.part
                else 0
            )
            value = tile.workers or tile.money or tile.vp
            out += [kinds[tile.kind], detail, tile.stars, tile.silver, value]
    for contracts in (components.contracts, components.starting_contracts):
        out.append(len(contracts))
        for contract in contracts:
            out += [car[contract.car], len(contract.symbols), *(symbol[s] for s in contract.symbols)]
            out += [len(contract.styling), *(part[p] for p in contract.styling)]
            out += [contract.stars, contract.vp, contract.silver, contract.money]
    return out


def cpp_header(components: Components) -> str:
    """A C++ header with the set's wire form, for programs built without Python (the C++ tests)."""
    numbers = wire(components)
    rows = [", ".join(str(n) for n in numbers[i : i + 20]) for i in range(0, len(numbers), 20)]
    body = ",\n    ".join(rows)
    return (
        "// Generated by pyai/automania/component_file.py from "
        f"{Path(components.source).name}: do not edit.\n"
        '#pragma once\n\n#include <cstdint>\n\n#include "automania/components.h"\n\n'
        "namespace pyai::automania {\n\n"
        f"inline constexpr int32_t kDefaultComponentsWire[] = {{\n    {body}}};\n\n"
        "// The set's index in the registry, registered on first use (the first\n"
        "// call throws GameError if the data does not load).\n"
        "inline uint8_t shipped_components() {\n"
        "  static const uint8_t index = register_components(Components::from_wire(kDefaultComponentsWire));\n"
        "  return index;\n"
        "}\n\n"
        "}  // namespace pyai::automania\n"
    )


def main(argv: list[str]) -> int:
    if len(argv) != 3 or argv[0] != "--cpp-header":
        print("usage: component_file.py --cpp-header OUT.h COMPONENTS.toml", file=sys.stderr)
        return 2
    try:
        header = cpp_header(load(argv[2]))
    except ComponentError as error:
        print(error, file=sys.stderr)
        return 1
    Path(argv[1]).write_text(header)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
