"""Whole numbers as every reader of typed text accepts them: ASCII digits only."""

import pytest

from pyai.digits import is_whole_number
from pyai.protocol.commands import parse_command
from pyai.protocol.errors import ProtocolError
from pyai.protocol.options import find_option


@pytest.mark.parametrize("text", ["0", "7", "0042", "123456789012345678901234567890"])
def test_ascii_digits_are_a_whole_number(text):
    assert is_whole_number(text)


# '²' and '٣' are digits to str.isdigit() but int() refuses the first; the rest are not bare digits.
@pytest.mark.parametrize("text", ["", "²", "٣", "-1", "+1", " 1", "1 ", "1.0", "1e3", "0x1", "1_000"])
def test_anything_else_is_not(text):
    assert not is_whole_number(text)


@pytest.mark.parametrize("line", ["undo ²", "go iterations ²", "go movetime ٣"])
def test_a_protocol_command_refuses_a_unicode_digit_by_name(line):
    with pytest.raises(ProtocolError, match="must be a whole number"):
        parse_command(line)


@pytest.mark.parametrize("name", ["Threads", "max_raise"])
def test_an_option_refuses_a_unicode_digit_by_name(name):
    with pytest.raises(ProtocolError, match=f"{name} must be a whole number"):
        find_option(name).parse("²")
    assert str(find_option(name).parse("3")) == "3"  # a string option keeps its text for the game to read
