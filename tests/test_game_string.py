"""Game strings (pyai/game_string.py, pyai.load_game): the syntax every game's
string shares, its errors, and which of its parts keep their case; read through
For Sale (its own parameters: tests/forsale/test_game_api.py)."""

import pytest

import pyai
from pyai.game_string import parse_game_string


def test_game_string_values_keep_their_case_and_names_stay_case_insensitive():
    # A value may be a file path, whose case matters; a game lowers the values that are names.
    assert parse_game_string("Game(Path=/Tmp/Set.toml, Theme=Advisors)") == (
        "game",
        {"path": "/Tmp/Set.toml", "theme": "Advisors"},
    )
    game = pyai.load_game("FORSALE(PLAYERS=4,THEME=ADVISORS,EDITION=AUTORAMA)")
    assert str(game) == "forsale(players=4,theme=advisors)"


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("forsale(players=4", "must end with ')'"),
        ("forsale(players)", "must be key=value"),
        ("forsale(players=3,players=4)", "given twice"),
        ("chess", "unknown game 'chess'"),
        ("", "does not start with a game name"),
    ],
)
def test_bad_game_strings_name_the_problem(text, fragment):
    with pytest.raises(pyai.GameStringError, match=fragment.replace("(", r"\(").replace(")", r"\)")):
        pyai.load_game(text)


def test_game_string_error_is_a_value_error():
    with pytest.raises(ValueError):
        pyai.load_game("forsale(players=9)")
