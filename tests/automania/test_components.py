"""Automania's component file: the shipped set loads and respects the rulebook's
counts, another file loads through the game string, and every bad file is
refused with an error naming the entry at fault."""

from __future__ import annotations

import copy
import tomllib

import pytest

import pyai
from pyai.automania import component_file
from pyai.automania.component_file import ComponentError
from pyai.automania.render import contract_text

from .scenarios import new_game, play

SHIPPED = component_file.DEFAULT_PATH.read_text()


@pytest.fixture(scope="module")
def data() -> dict:
    return tomllib.loads(SHIPPED)


def check(data: dict) -> component_file.Components:
    return component_file.check(data, "test.toml")


def test_the_shipped_set_has_the_rulebooks_counts():
    c = component_file.load()
    assert [len(c.tiles[back]) for back in "AB"] == [36, 36]
    assert len(c.demand_tiles) == 10 and len(c.contracts) == 26 and len(c.starting_contracts) == 4
    assert c.car_counts == {"city": 3, "family": 2, "super": 2} and c.car_costs == {"city": 1, "family": 2, "super": 3}
    assert {car: len(line) for car, line in c.lines.items()} == {"city": 2, "family": 3, "super": 4}
    assert c.top_car_stars == 18 and c.styling_fees == [0, 1, 2] and sorted(c.active_stars) == [2, 3, 4]
    assert sum(office.tile for office in c.sales_offices) == 2
    # The rulebook's two contract examples.
    assert (c.contract("1").car, c.contract("1").symbols, c.contract("1").stars) == ("city", ["suitcase"], 6)
    assert (c.contract("2").car, c.contract("2").styling, c.contract("2").stars) == ("any", ["spoiler"], 8)
    assert all(s.money == 3 for s in c.starting_contracts)
    # Every tile kind and manager type is there.
    tiles = c.tiles["A"] + c.tiles["B"]
    assert {t.kind for t in tiles} == {"machine", "manager", "styling", "money", "vp"}
    assert {t.type for t in tiles if t.kind == "manager"} == {"research", "marketing", "general", "staff"}


def test_the_shipped_file_marks_where_each_value_comes_from():
    # Every section says whether its values are the rulebook's, the public facts' or ours.
    for marker in ("rulebook", "facts", "ours"):
        assert marker in SHIPPED
    assert SHIPPED.count("ours") >= 20


def test_another_component_file_loads_through_the_game_string(tmp_path):
    # A copy with more expensive offices: a game of it uses them.
    path = tmp_path / "Real Values.toml"  # upper case and a space: the path is kept as written
    path.write_text(SHIPPED.replace("office_fees = [1, 2, 3, 4]", "office_fees = [2, 3, 4, 5]"))
    game = pyai.load_game(f"automania(players=2,components={path})")
    assert game.components.office_fees == [2, 3, 4, 5]
    assert str(game) == f"automania(players=2,components={path})" and pyai.load_game(str(game)) == game
    assert pyai.load_game("automania(players=2)").components.office_fees == [1, 2, 3, 4]
    state = game.new_initial_state()
    while state.to_move() == "chance":
        state.apply(state.sample_chance(1))
    assert state.legal_moves()


@pytest.mark.parametrize(
    "change, fragment",
    [
        # counts that do not add up
        (lambda d: d["tiles"]["A"].pop(), r"tiles.A: has 35 tiles; the rulebook's A back has 36"),
        (lambda d: d["demand"]["tiles"].pop(), r"demand.tiles: the rulebook has 10 demand tiles, not 9"),
        (lambda d: d["contracts"]["regular"].pop(), r"contracts.regular: the rulebook has 26 of these, not 25"),
        (lambda d: d["cars"]["city"].update(count=4), r"cars.city.count: the rulebook gives each player 3 city cars"),
        (lambda d: d["board"]["rows"].pop(), r"board.rows: must list 4 action spaces \(R1, R2, R3, R4\), not 3"),
        (
            lambda d: d["board"]["sales_offices"][2].update(tile=True),
            r"board.sales_offices: 3 offices have a tile; the rulebook places 2 tiles below the sales offices",
        ),
        (
            lambda d: d["tiles"]["B"][24].update(workers=9),
            r"tiles: the staff managers show 11 workers, more than the 10 neutral workers",
        ),
        # unknown symbols, parts and kinds
        (
            lambda d: d["tiles"]["A"][0].update(symbol="turbo"),
            r"tiles.A\[0\] \(A1\).symbol: unknown symbol 'turbo' \(known: speed, suitcase, power, green, safety\)",
        ),
        (lambda d: d["tiles"]["B"][25].update(part="fins"), r"tiles.B\[25\] \(B26\).part: unknown styling part 'fins'"),
        (lambda d: d["tiles"]["A"][20].update(type="boss"), r"tiles.A\[20\] \(A21\).type: unknown manager type 'boss'"),
        (lambda d: d["tiles"]["A"][32].update(kind="coin"), r"tiles.A\[32\] \(A33\).kind: unknown tile kind 'coin'"),
        (lambda d: d["demand"]["tiles"].__setitem__(0, "turbo"), r"demand.tiles: unknown symbol 'turbo'"),
        # contracts no car can meet
        (
            lambda d: d["contracts"]["regular"][0].update(symbols=["speed", "power", "green"]),
            r"contracts.regular\[0\] \(1\).symbols: no car can meet it: a city car's line passes 2 stations, "
            r"and it asks for 3 machine symbols",
        ),
        (
            lambda d: d["contracts"]["regular"][1].update(symbols=["speed"] * 5),
            r"contracts.regular\[1\] \(2\).symbols: no car can meet it: no car's line passes 4 stations",
        ),
        (
            lambda d: d["contracts"]["regular"][8].update(styling=["rims", "rims"]),
            r"contracts.regular\[8\] \(9\).styling: no car can meet it: a car type never has the same styling part",
        ),
        (
            lambda d: d["contracts"]["regular"][8].update(styling=["rims", "spoiler", "chrome", "stripes"]),
            r"no car can meet it: a car type has at most 3 styling tiles, and it asks for 4",
        ),
        (lambda d: d["contracts"]["regular"][3].update(car="truck"), r"\(4\).car: unknown car type 'truck'"),
        (lambda d: d["contracts"]["regular"][3].update(id="7"), r"contracts are named in order: this one is '4'"),
        (
            lambda d: d["contracts"]["starting"][0].update(money=2),
            r"contracts.starting\[0\]: a starting contract pays \$3 when played \(rulebook\), not \$2",
        ),
        # the factory board
        (
            lambda d: d["factory"]["lines"].update(super=[1, 4, 5, 7]),
            r"factory.lines.super: passes station 7, but the factory has 6 stations \(1-6\)",
        ),
        (
            lambda d: d["factory"]["lines"].update(family=[2, 3]),
            r"factory.lines.family: a family car passes 3 stations \(rulebook\), not 2",
        ),
        (lambda d: d["factory"]["lines"].update(city=[2, 2]), r"factory.lines.city: passes a station twice"),
        (lambda d: d["factory"].update(stations=7), r"factory.lines: station 7 is on no car's line"),
        # ships and sales spaces
        (
            lambda d: d["markets"]["NA"]["ships"][5].update(spaces=[16, 18]),
            r"markets.NA.ships\[5\].spaces: a space's level is a whole number 1 to 17, not 18",
        ),
        (
            lambda d: d["markets"]["EU"]["ships"][1].update(spaces=[3, 4]),
            r"markets.EU.ships\[1\].spaces: level 3 has two spaces in this market",
        ),
        (
            lambda d: d["markets"]["EU"]["sales"][0].update(row=1),
            r"markets.EU.sales: the first sales space, and only it, is the topmost \(row 0\)",
        ),
        (lambda d: d["markets"]["NA"]["sales"][3].update(money=0), r"markets.NA.sales\[3\]: a sales space rewards"),
        # misspelt or wrong-typed entries
        (lambda d: d["tiles"]["A"][0].update(star=1), r"tiles.A\[0\] \(A1\): unknown key 'star'"),
        (lambda d: d["tiles"]["A"][2].update(stars="one"), r"tiles.A\[2\] \(A3\).stars: must be a whole number 0 to 9"),
        (lambda d: d.pop("symbols"), r"symbols: is missing"),
        (lambda d: d.update(format=2), r"format: is format 2; this version of pyai reads format 1"),
    ],
)
def test_a_bad_component_set_is_refused_naming_the_entry(data, change, fragment):
    broken = copy.deepcopy(data)
    change(broken)
    with pytest.raises(ComponentError, match=r"^test\.toml: .*" + fragment):
        check(broken)


def test_file_errors_name_the_file(tmp_path):
    missing = tmp_path / "missing.toml"
    with pytest.raises(pyai.GameStringError, match="missing.toml: no such file"):
        pyai.load_game(f"automania(components={missing})")
    broken = tmp_path / "broken.toml"
    broken.write_text("symbols = [\n")
    with pytest.raises(pyai.GameStringError, match="broken.toml: not valid TOML"):
        pyai.load_game(f"automania(components={broken})")
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(SHIPPED.replace('symbol = "speed" }', 'symbol = "sped" }', 1))
    with pytest.raises(pyai.GameStringError, match=r"wrong.toml: tiles.A\[0\] \(A1\).symbol: unknown symbol 'sped'"):
        pyai.load_game(f"automania(components={wrong})")


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("automania(players=5)", "players must be a whole number 2 to 4, not '5'"),
        ("automania(players=1)", "players must be a whole number 2 to 4"),
        ("automania(colour=red)", "unknown automania parameter 'colour' \\(known: players, components\\)"),
    ],
)
def test_bad_game_strings_name_the_problem(text, fragment):
    with pytest.raises(pyai.GameStringError, match=fragment):
        pyai.load_game(text)


def test_the_core_refuses_malformed_wire_data():
    # The core reads only checked sets, and still guards its tables.
    wire = component_file.wire(component_file.load())
    with pytest.raises(pyai.GameStringError, match="component data"):
        pyai._core.automania_register_components(wire[:-1])
    with pytest.raises(pyai.GameStringError, match="component data: the number of symbols is 9"):
        pyai._core.automania_register_components([1, 9, *wire[2:]])


def test_a_contract_in_the_picture_says_its_silver_medals_in_words():
    components = pyai.load_game("automania(players=3)").components
    assert contract_text(components, "5") == "city car, green, safety, 7+ stars: 3 VP, 1 silver medal (contract 5)"
    assert all("+1s" not in contract_text(components, str(n)) for n in range(1, 27))


def test_the_picture_names_rows_columns_and_markets_as_the_table_does():
    state = play(new_game(), "place:R1")
    picture = str(state)
    assert "workers on the board: row 1 (city $1) seat 0 x1" in picture
    assert "grid: column 1 (contract) | column 2 (city $1) | column 3 (family $2) | column 4 (super $3)" in picture
    assert "  row 1 (city $1): speed machine | " in picture
    assert "North America demand: speed, speed, power (4/3/2 stars)" in picture
    assert "Europe ships: -" in picture and "R1" not in picture and "NA " not in picture
