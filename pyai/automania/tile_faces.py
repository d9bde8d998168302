"""Automania tiles named by what is printed on them, never by our ids: a face
as a person says it (`tile_said`), a face read from what was said
(`read_face`), and the tiles that show it (`fitting_tiles`); tiles with the
same face are interchangeable for the rules, so any of them will do.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import TokenSyntaxError
from .component_file import MANAGER_TYPES, Components, Tile
from .line_words import words_of
from .narration import plural, tile_words


def tile_said(tile: Tile) -> str:
    """A tile's face as a person says it and `read_face` reads it back to that face alone:
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


@dataclass
class Face:
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


# Words a face is said with that name nothing printed ("one" stands for the tile: "the speed one").
_FILLER = ("the", "a", "an", "with", "and", "tile", "tiles", "plain", "bonus", "of", "it", "its", "one")
_KIND_WORDS = {"machine": "machine", "machines": "machine", "manager": "manager", "styling": "styling"}
# A money or VP tile said without its amount ('the money tile', 'the VP tile'): its kind alone.
_VALUE_KIND_WORDS = {"money": "money", "cash": "money", "dollar": "money", "vp": "vp", "point": "vp", "points": "vp"}


def read_face(phrase: str, components: Components) -> Face:
    """The face a phrase names: 'speed 1 star silver', 'research manager 1*', 'staff 2 workers',
    'spoiler 2 stars', '$3', '3 money', '2 VP'."""
    named = face_names(components)
    said, number, dollar, negated, kind_word = Face(), None, False, False, None

    def unit() -> int:
        nonlocal number
        value, number = number, None
        return value if value is not None else (0 if negated else 1)

    for word in words_of(phrase):
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
        elif (form := face_name_of(word, named)) is not None:
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
    if "plain" in words_of(phrase):  # "the plain speed machine": no star, no medal
        said.stars = 0 if said.stars is None else said.stars
        said.silver = 0 if said.silver is None else said.silver
    if said.kind is None or (kind_word and kind_word != said.kind):
        raise TokenSyntaxError(
            f"cannot tell the tile {phrase.strip()!r}: name a symbol ({', '.join(components.symbols)}), a manager "
            f"({', '.join(MANAGER_TYPES)}), a styling part ({', '.join(components.styling_parts)}), $N or N VP"
        )
    return said


def face_names(components: Components) -> dict[str, tuple[str, str]]:
    """The words that name a face's symbol, manager type or styling part, each with its kind."""
    named = {symbol: ("machine", symbol) for symbol in components.symbols}
    named |= {kind: ("manager", kind) for kind in MANAGER_TYPES}
    return named | {part: ("styling", part) for part in components.styling_parts}


def face_name_of(word: str, named: dict[str, tuple[str, str]]) -> str | None:
    """The symbol, manager type or part `word` names, plural or singular ('rim' for rims)."""
    for form in (word, word + "s", word.removesuffix("s")):
        if form in named:
            return form
    return None


def fitting_tiles(said: Face, tiles: list[Tile], phrase: str, places: dict[str, str] | None = None) -> list[Tile]:
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


def kinds_said(words: list[str]) -> set[str]:
    """The kinds of tile the words say ('the machine': machine, 'the VP tile': vp), whatever face
    they name or not."""
    kinds = _KIND_WORDS | _VALUE_KIND_WORDS
    return {kinds[word] for word in words if word in kinds}


def names_a_tile(words: list[str], components: Components) -> bool:
    """Whether the words name what a tile shows: a symbol, a manager, a styling part, money or VP."""
    named = face_names(components)
    return any(face_name_of(word, named) or word in ("$", "money", "dollar", "dollars", "vp") for word in words)
