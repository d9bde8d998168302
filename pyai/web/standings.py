"""The standings of the tournaments the operator names (`pyai serve --tournament
FILE`), read through pyai/tournament's own report (store.py, report.py,
stats.py): each bot's win share with its 95% interval and the games it
played. A client names a tournament by its number in the operator's list,
never a file; a report is computed again only when the file holds more games
than the last one read, so a page may ask every few seconds."""

from __future__ import annotations

import os
import sqlite3
import threading
from typing import Any

from ..errors import PyaiError
from ..tournament.report import build_report
from ..tournament.store import Store as ResultsStore


class UnknownTournament(PyaiError, LookupError):
    """No tournament has this number on this server."""


class Unreadable(PyaiError, RuntimeError):
    """A tournament's file cannot be read now (not there yet, not a results file, no games)."""


def standings_of(report: dict[str, Any]) -> dict[str, Any]:
    """The standings in a report (build_report's), the best win share first."""
    rows = []
    for row, label in zip(report["bots"], report["labels"]):
        rows.append(
            {
                "bot": label,
                "spec": row["bot"],
                "games": row["games"],
                "wins": row["wins"],
                "win_rate": row["win_rate"],
                "win_rate_low": row["win_rate_low"],
                "win_rate_high": row["win_rate_high"],
                "rank": row["rank"],
                "rating_mu": row["rating_mu"],
                "rating_sigma": row["rating_sigma"],
                "failures": row["failures"],
            }
        )
    rows.sort(key=lambda row: (-(row["win_rate"] or 0.0), -row["rating_mu"]))
    settings = report["settings"]
    return {
        "game": settings["game"],
        "games": report["games"],
        "deals": report["deals"],
        "fair_share": report["fair_share"],
        "bots": rows,
    }


class Tournaments:
    """The operator's results files, by number, and the last standings read of each."""

    def __init__(self, paths: list[str]):
        self.paths = [os.path.abspath(path) for path in paths]
        self.read: dict[int, tuple[int, dict[str, Any]]] = {}  # number: (games stored, standings)
        self.guard = threading.Lock()

    def listing(self) -> list[dict[str, Any]]:
        """Each tournament's number and its file's name (not its folder)."""
        return [{"id": number, "name": os.path.basename(path)} for number, path in enumerate(self.paths)]

    def standings(self, number: int) -> dict[str, Any]:
        """The standings of tournament `number`, with its number and name; UnknownTournament,
        or Unreadable saying why there are none now."""
        if not 0 <= number < len(self.paths):
            raise UnknownTournament(
                f"no tournament {number} on this server"
                if self.paths
                else "this server shows no tournament (pyai serve --tournament FILE.sqlite shows one)"
            )
        path = self.paths[number]
        name = os.path.basename(path)
        try:
            with ResultsStore(path, create=False) as store:
                count = store.count()
                with self.guard:
                    known = self.read.get(number)
                if known is not None and known[0] == count:
                    return known[1]
                if not count:
                    raise Unreadable(f"{name!r} holds no finished game yet")
                report = build_report(store)
        except Unreadable:
            raise
        except (PyaiError, sqlite3.Error) as error:
            raise Unreadable(str(error).replace(repr(path), repr(name))) from None
        shown = {"id": number, "name": name} | standings_of(report)
        with self.guard:
            self.read[number] = (count, shown)
        return shown
