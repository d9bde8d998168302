"""The sessions a server holds: each a TableCompanion, kept in memory and saved
after every step to `<id>.json` in the operator's folder (`pyai serve
--sessions DIR`), so they can be listed and resumed after a restart. A client
names a session by its id (secrets.token_urlsafe), never a file; the searches
run one at a time a session and at most `max_searches` at once server-wide."""

from __future__ import annotations

import os
import re
import secrets
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..commands.advise_session import CompanionError, Session, default_names
from ..errors import PyaiError
from ..game_files import NO_FILES
from ..game_string import parse_game_string
from ..games import GAMES, load_game
from .table import TableCompanion, game_title

ID_BYTES = 16  # 128 random bits: token_urlsafe's 22 characters
SESSION_ID = re.compile(r"[A-Za-z0-9_-]{22}")
MAX_LISTED = 200


class UnknownSession(PyaiError, LookupError):
    """No session has this id."""


class Busy(PyaiError, RuntimeError):
    """A search this request needs cannot start now."""


def default_folder() -> Path:
    """Where sessions are saved unless told: the user's data folder, else a temporary one."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    folder = Path(base) / "pyai" / "sessions"
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        if os.access(folder, os.W_OK):
            return folder
    except OSError:
        pass
    return Path(tempfile.mkdtemp(prefix="pyai-sessions-"))


def check_no_files(game: Any) -> None:
    """CompanionError when a game string names a file: a client reads no file of the server's."""
    if not isinstance(game, str):
        return  # Session.check says what it must be
    try:
        name, params = parse_game_string(game)
    except (PyaiError, ValueError):
        return  # Session.check names what is wrong
    game_class = GAMES.get(name)
    named = [p for p in (game_class.FILE_PARAMETERS if game_class else ()) if p in params]
    if named:
        raise CompanionError(f"game: the server reads no file a client names (the parameter {named[0]!r})")


@dataclass
class Live:
    """A session in memory: its companion, a lock for its steps, and whether it is searching."""

    companion: TableCompanion
    lock: threading.Lock = field(default_factory=threading.Lock)
    searching: bool = False
    used: float = field(default_factory=time.monotonic)
    deleted: bool = False  # set under the lock: a request that got the session before must not save it again

    def check_not_deleted(self, session_id: str) -> None:
        """UnknownSession once the session is deleted; call it holding the lock."""
        if self.deleted:
            raise UnknownSession(f"no session {session_id!r}: it was deleted")


class Store:
    """The server's sessions: created, looked up (loaded from the folder when not in memory),
    listed; `search_slot` admits a search."""

    def __init__(self, folder: Path, max_searches: int = 2, max_live: int = 100):
        self.folder = folder
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        self.max_searches = max_searches
        self.max_live = max_live
        self.live: dict[str, Live] = {}
        self.searches = 0
        self.guard = threading.Lock()  # the dict and the counters

    def path(self, session_id: str) -> Path:
        return self.folder / f"{session_id}.json"

    def create(self, game: Any, names: Any = None, seat: Any = 0, iterations: Any = None, at: Any = None) -> str:
        """A new session's id; CompanionError names the first bad field."""
        check_no_files(game)
        if names is None and isinstance(game, str) and isinstance(seat, int):
            try:
                names = default_names(load_game(game).players, seat)
            except (PyaiError, ValueError, OSError):
                names = []  # Session.check says what is wrong with the game
        session = Session(game, seat, names, at)
        if iterations is not None:
            session.iterations = iterations
        session_id = secrets.token_urlsafe(ID_BYTES)
        path = self.path(session_id)
        companion = TableCompanion(session, str(path), spelled=lambda name: f'"{name}"')
        session.save(str(path))  # listed from now on
        self._keep(session_id, Live(companion))
        return session_id

    def get(self, session_id: str) -> Live:
        """The session, from memory or its file; UnknownSession, or CompanionError for a file that cannot be used."""
        if not SESSION_ID.fullmatch(session_id):
            raise UnknownSession(f"no session {session_id[:40]!r}")
        with self.guard:
            live = self.live.get(session_id)
            if live is not None:
                live.used = time.monotonic()
                return live
        path = self.path(session_id)
        if not path.is_file():
            raise UnknownSession(f"no session {session_id!r}")
        try:
            session = Session.load(str(path), NO_FILES)  # a game string that names a file is refused here
            companion = TableCompanion(session, str(path), spelled=lambda name: f'"{name}"')
        except CompanionError as error:
            raise CompanionError(str(error).replace(repr(str(path)), f"session {session_id}")) from None
        with self.guard:  # another request may have loaded it meanwhile: keep the first
            if session_id not in self.live:
                self._keep_locked(session_id, Live(companion))
            return self.live[session_id]

    def delete(self, session_id: str) -> None:
        """Forgets the session, its file too; UnknownSession for none, Busy while it searches."""
        live = self.get(session_id)  # checks the id, and that it is there
        with self.guard:
            if live.searching:
                raise Busy("this session is searching: wait for its advice, then delete it")
            self.live.pop(session_id, None)
        with live.lock:  # a step being saved finishes first
            live.deleted = True
            try:
                self.path(session_id).unlink()
            except FileNotFoundError:
                pass

    def listing(self) -> list[dict[str, Any]]:
        """The saved sessions, the latest first: id, game, title, names, seat, steps, saved (a Unix time)."""
        found = []
        for path in self.folder.glob("*.json"):
            if SESSION_ID.fullmatch(path.stem):
                try:
                    found.append((path.stat().st_mtime, path))
                except OSError:
                    continue
        listed = []
        for saved, path in sorted(found, reverse=True)[:MAX_LISTED]:
            entry: dict[str, Any] = {"id": path.stem, "saved": saved}
            try:
                session = Session.load(str(path), NO_FILES)
                entry |= {"game": session.game, "title": game_title(session.game), "names": session.names}
                entry["seat"] = session.seat
                entry["steps"] = len(session.lines)
            except CompanionError as error:
                entry["error"] = str(error).replace(repr(str(path)), f"session {path.stem}")
            listed.append(entry)
        return listed

    def search_slot(self, live: Live | None) -> None:
        """Admits a search of `live`'s session, or of no session (None: an uploaded record's
        review); Busy if the session searches already or the server is full. `end_search`
        lets the next one in."""
        with self.guard:
            if live is not None and live.searching:
                raise Busy("this session is searching already: wait for its advice")
            if self.searches >= self.max_searches:
                raise Busy(f"the server runs {self.searches} searches already: ask again in a moment")
            if live is not None:
                live.searching = True
            self.searches += 1

    def end_search(self, live: Live | None) -> None:
        with self.guard:
            if live is not None:
                live.searching = False
            self.searches -= 1

    def _keep(self, session_id: str, live: Live) -> None:
        with self.guard:
            self._keep_locked(session_id, live)

    def _keep_locked(self, session_id: str, live: Live) -> None:
        """Keeps `live`; beyond max_live the least recently used idle session leaves memory (not its file)."""
        self.live[session_id] = live
        idle = sorted((s.used, key) for key, s in self.live.items() if not s.searching and key != session_id)
        for _, key in idle[: max(0, len(self.live) - self.max_live)]:
            del self.live[key]
