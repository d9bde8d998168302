"""What the games' chance-picker tests share: a companion as `pyai serve` holds it, the
picker at the chance step now (checked against what the page is sent), random picks
that respect each option's copies, and a snapshot that a refused line must leave as it was."""

from __future__ import annotations

import random
from typing import Any

from pyai.game_api import ChancePicker
from pyai.web.sessions import Store
from pyai.web.table import TableCompanion, step_picker


def companion_for(tmp_path: Any, game: str, seat: int = 0, names: list[str] | None = None) -> TableCompanion:
    store = Store(tmp_path)
    return store.get(store.create(game, names=names, seat=seat)).companion


def picker_now(companion: TableCompanion) -> tuple[ChancePicker, dict[str, Any]]:
    """The game's picker at the chance step now and the view it was made from."""
    data = companion.position.view().to_dict()
    picker = companion.game.chance_picker(data, list(companion.names), companion.me)
    assert picker is not None, f"no picker at a chance step: {data}"
    assert step_picker(companion) == picker.to_dict()  # what the page is sent
    return picker, data


def random_picks(picker: ChancePicker, rng: random.Random) -> list[str]:
    pool = [option.word for option in picker.options for _ in range(option.copies)]
    return rng.sample(pool, picker.count)


def snapshot(companion: TableCompanion) -> tuple[Any, ...]:
    return list(companion.session.lines), companion.position.moves, companion.position.view().to_dict()
