"""How to tell `pyai advise` a step of a game, and its own commands: the help it prints
as a session opens and when asked (`help`, `help <topic>`), at a table of named seats."""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import shown_value
from ..game_api import Game, said_at_table


def commands_help(game: Game) -> str:
    """The companion's own commands, `lost` by the game's word for money, where it may be hidden."""
    field = money_said(game)
    lost = f"lost <name> {field} [LO..HI] (you lost track of a seat's {field}), " if field else ""
    return f"commands: advice [N] (now, for your seat; N iterations), show, undo, {lost}save [FILE], help, quit"


def money_said(game: Game) -> str:
    """The money a player may lose track of as the table calls it ("cash", "coins"; "": none)."""
    return game.MONEY_FIELD and (game.MONEY_SAID or game.MONEY_FIELD)


def steps_help(game: Game, names: Sequence[str], me: int, tokens: bool = True) -> str:
    """How to say a step in this game, the other seats by their names at this table: its own
    plain words when it has them, or a token. Without `tokens` (the web page, whose advice
    shows none), the words alone."""
    words = said_at_table(game.WORDS_HELP, names, me)
    listed = "`help tokens` in `pyai engine` lists them all"
    if not words:
        return f"say what happens, one step a line, as a move token (as the next: lines show them; {listed})"
    if not tokens:
        return f"say what happens, one step a line, in plain words: {words}; a step may be typed back as it reads"
    copied = "a step as the companion words it may be typed back as it reads, an advice line with its [token] too"
    return f"say what happens, one step a line, in plain words: {words}; {copied}; or as a move token ({listed})"


def first_examples(game: Game, names: Sequence[str], me: int) -> str:
    """The game's commonest steps as the opening lines give them, the other seats by their names
    at this table (the seats after yours first)."""
    return said_at_table(game.WORDS_FIRST, names, me)


def first_help(game: Game, names: Sequence[str], me: int) -> str:
    """How to go on, as the session opens: the next: lines say how to tell each step, and
    `help` has every form (a game's whole list of forms is a page: Automania's)."""
    topics = ", ".join(f"help {name}" for name in game.words_help_topics())
    more = f" ({topics} too)" if topics else ""
    if not game.WORDS_HELP:
        return f"say what happens, one step a line, as a move token: each next: line shows how; help lists them{more}"
    examples = f" ({first_examples(game, names, me)})" if game.WORDS_FIRST else ""
    said = f"in plain words{examples}, as a next: line asks, or as the companion tells a step"
    return f"say what happens, one step a line, {said}; help lists every way to say a step{more}"


def help_text(game: Game, names: Sequence[str], me: int, topic: str = "") -> str:
    """How to say a step in this game at a table of `names` (yours `me`), and the companion's
    commands; or the game's help `topic` (`help contracts`), when it offers that one."""
    topics = game.words_help_topics()
    asked = _topic_asked(topic)
    named = help_topic_named(topics, topic)
    if named is not None:
        return topics[named]
    more = f"; more help: {', '.join(f'help {name}' for name in topics)}" if topics else ""
    unknown = f"no help on {shown_value(topic.strip())}: the general help follows{more}\n" if asked else ""
    return f"{unknown}{steps_help(game, names, me)}\n{commands_help(game)}{more}"


def help_topic_named(topics: dict[str, str], topic: str) -> str | None:
    """The topic of `topics` that `topic` asks for, as typed after `help` ('Contract?' asks
    for 'contracts'); None when it names none of them."""
    asked = _topic_asked(topic)
    for name in (asked, f"{asked}s"):  # 'help contract' as 'help contracts'
        if name in topics:
            return name
    return None


def _topic_asked(topic: str) -> str:
    """A help topic as typed, as the topics are named: lower case, single spaces, no closing '?'."""
    return " ".join(topic.lower().split()).rstrip(".?!")
