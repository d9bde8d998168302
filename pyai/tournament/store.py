"""The results store: one SQLite file per tournament (stdlib sqlite3).

Tables:
- `meta`: key/value (JSON): `settings` (what defines the games, compared on
  resume), `sprt` (when a run used --sprt), `schema`, `created`.
- `bots`: id and canonical spec of each distinct bot.
- `games`: one row per finished game, keyed by (deal, seating): its deal seed,
  the seating's index in the deal, the whole token record, scores (NULL when a
  player failed), winners, fractional ranks, the outcome (normal, crash,
  timeout, illegal, garbage) with its reason and the culprit seat, the seconds
  and decisions of each seat, the worker, and when it finished.

Each game is committed in its own transaction as soon as it ends, so a
killed run loses at most the games still being played; running the same
tournament again plays only the games not yet stored.

While a run writes the file it is in WAL mode, so that a reader (the web
page's standings, a report) never waits for a game's commit. When the run
closes it, the file goes back to a rollback journal: a finished store is one
file, with no -wal/-shm beside it, that can be copied or committed as it is.
A reader never changes the file's mode.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from typing import Any

from ..errors import PyaiError
from .schedule import seating_text

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS bots (id INTEGER PRIMARY KEY, spec TEXT NOT NULL UNIQUE);
CREATE TABLE IF NOT EXISTS games (
    deal INTEGER NOT NULL,
    seating TEXT NOT NULL,
    rotation INTEGER NOT NULL,
    deal_seed INTEGER NOT NULL,
    tokens TEXT NOT NULL,
    scores TEXT,
    winners TEXT NOT NULL,
    ranks TEXT NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('normal', 'crash', 'timeout', 'illegal', 'garbage')),
    reason TEXT,
    culprit INTEGER,
    times TEXT NOT NULL,
    decisions TEXT NOT NULL,
    worker TEXT,
    finished_at TEXT NOT NULL,
    PRIMARY KEY (deal, seating)
);
"""


class StoreError(PyaiError, ValueError):
    """A results file that cannot be used as asked (other settings, not a tournament store)."""


class Store:
    def __init__(self, path: str, create: bool = True):
        if not create and not os.path.exists(path):
            raise StoreError(f"no results file {path!r}")
        self.path = path
        self._writer = create
        try:
            self._db = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
            if create:
                self._db.execute("PRAGMA journal_mode=WAL")
                self._db.execute("PRAGMA synchronous=NORMAL")  # in WAL mode a killed process loses no commit
                self._db.executescript(_SCHEMA)
            tables = {row[0] for row in self._db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        except sqlite3.DatabaseError as error:
            raise StoreError(f"{path!r} is not a usable SQLite file: {error}") from None
        if not {"meta", "bots", "games"} <= tables:
            self._db.close()
            raise StoreError(f"{path!r} is not a pyai tournament results file")

    def close(self) -> None:
        if self._writer:
            self._leave_wal()
        self._db.close()

    def _leave_wal(self) -> None:
        """Back to a rollback journal, if no one else has the file open. A reader that still has
        it (a page showing the standings) keeps it in WAL, which loses nothing: the mode only
        decides whether side files sit beside it."""
        try:
            self._db.execute("PRAGMA busy_timeout=0")  # never hold up the end of a run for this
            self._db.execute("PRAGMA journal_mode=DELETE")
        except sqlite3.OperationalError:
            pass

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- settings
    def meta(self, key: str) -> Any:
        row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else json.loads(row[0])

    def set_meta(self, key: str, value: Any) -> None:
        with self._transaction():
            self._db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, json.dumps(value)))

    def begin(self, settings: dict[str, Any], bots: list[str]) -> None:
        """Records a new tournament's settings, or checks that the stored ones are the same."""
        with self._transaction():
            stored = self.meta("settings")
            if stored is None:
                if self.count():
                    raise StoreError(f"{self.path!r} has games but no settings")
                rows = [("settings", settings), ("schema", SCHEMA_VERSION), ("created", _now())]
                self._db.executemany("INSERT INTO meta VALUES (?, ?)", [(k, json.dumps(v)) for k, v in rows])
                self._db.executemany("INSERT INTO bots VALUES (?, ?)", list(enumerate(bots)))
                return
        differences = [
            f"{key}: stored {stored.get(key)!r}, now {settings.get(key)!r}"
            for key in sorted(set(stored) | set(settings))
            if stored.get(key) != settings.get(key)
        ]
        if differences:
            raise StoreError(
                f"{self.path!r} holds a tournament with other settings, so it cannot be resumed with these "
                f"({'; '.join(differences)}). Run the same command to resume it, or give another --db."
            )

    def settings(self) -> dict[str, Any]:
        settings = self.meta("settings")
        if settings is None:
            raise StoreError(f"{self.path!r} holds no tournament yet")
        return settings

    def bots(self) -> list[str]:
        return [row[0] for row in self._db.execute("SELECT spec FROM bots ORDER BY id")]

    # --- games
    def finished(self) -> set[tuple[int, str]]:
        return {(deal, seating) for deal, seating in self._db.execute("SELECT deal, seating FROM games")}

    def count(self) -> int:
        return self._db.execute("SELECT COUNT(*) FROM games").fetchone()[0]

    def add(self, record: dict[str, Any]) -> bool:
        """Stores one finished game in its own transaction; False if that game was already stored."""
        row = (
            record["deal"],
            seating_text(record["seating"]),
            record["rotation"],
            record["deal_seed"],
            " ".join(record["tokens"]),
            None if record["scores"] is None else json.dumps(record["scores"]),
            json.dumps(record["winners"]),
            json.dumps(record["ranks"]),
            record["outcome"],
            record["reason"],
            record["culprit"],
            json.dumps(record["times"]),
            json.dumps(record["decisions"]),
            record.get("worker"),
            _now(),
        )
        with self._transaction():
            cursor = self._db.execute(f"INSERT OR IGNORE INTO games VALUES ({', '.join('?' * len(row))})", row)
        return cursor.rowcount == 1

    def games(self) -> list[dict[str, Any]]:
        """Every stored game as plain data, in deal order and, within a deal, seating order."""
        cursor = self._db.execute("SELECT * FROM games ORDER BY deal, rotation, seating")
        names = [column[0] for column in cursor.description]
        games = []
        for values in cursor:
            row = dict(zip(names, values))
            row["seating"] = [int(bot) for bot in row["seating"].split(",")]
            row["tokens"] = row["tokens"].split()
            for key in ("scores", "winners", "ranks", "times", "decisions"):
                row[key] = None if row[key] is None else json.loads(row[key])
            games.append(row)
        return games

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT (or ROLLBACK on an exception)."""

    def __init__(self, db: sqlite3.Connection):
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, exc_type: object, *rest: object) -> None:
        self._db.execute("ROLLBACK" if exc_type else "COMMIT")


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S%z")
