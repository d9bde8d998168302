"""The engine behind the protocol: the position, the options and the running
search, with one method per command. Each takes a parsed command and returns
its answer lines, so the whole protocol can be tested in-process; a running
search prints through `emit` (see stdio.py for the loop over stdin/stdout).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import replace

from ..errors import IllegalMoveError, SettingError
from ..game_files import NO_FILES, FileAccess
from . import commands as c
from .errors import BAD_VALUE, BUSY, ILLEGAL_MOVE, INCONSISTENT, NO_POSITION, ProtocolError
from .help import help_lines
from .options import ALL_OPTIONS, GAME_OBJECTIVE, Settings
from .ponder import expected_replies
from .position import Position, library_error, load
from .search_job import INFINITE_MS, Budget, Report, SearchJob

log = logging.getLogger("pyai.protocol")

TIME_SHARE = 20  # `go time T`: spend T / 20 on this move


class Engine:
    """Holds the position and options; `handle(line)` answers one line."""

    def __init__(self, emit: Callable[[str], None] | None = None, files: FileAccess = NO_FILES):
        self._emit = emit or (lambda line: None)
        self.files = files  # which files a client's game string may name: what the operator allowed
        self.settings = Settings()
        self.position: Position | None = None
        self.quit_requested = False
        self._job: SearchJob | None = None
        self._lock = threading.RLock()  # the job's last lines vs. a command checking for a search

    # --- lines
    def handle(self, text: str) -> list[str]:
        """The answer lines to one input line (tagged like the line)."""
        try:
            line = c.parse_line(text)
        except Exception as error:  # a bug in the parser: still one answer line
            log.exception("parser failed on %r", text[:200])
            return [library_error(error).line()]
        prefix = f"{line.tag} " if line.tag else ""
        if line.error is not None:
            return [prefix + line.error.line()]
        if line.command is None:
            return []
        try:
            answers = self.run(line.command, line.tag)
        except ProtocolError as error:
            answers = [error.line()]
        except Exception as error:  # a bug: say so on one line, details to stderr
            log.exception("internal error on %r", text[:200])
            answers = [library_error(error).line()]
        return [prefix + answer for answer in answers]

    def run(self, command: c.Command, tag: str | None = None) -> list[str]:
        """Carries out one parsed command; raises ProtocolError."""
        if isinstance(command, c.Stop):
            self.stop()
            return []
        if isinstance(command, c.Quit):
            self.stop()
            self.quit_requested = True
            return []
        with self._lock:
            handler = getattr(self, "cmd_" + type(command).__name__.lower())
            if isinstance(command, c.Go):
                return handler(command, tag)
            return handler(command)

    # --- the search
    @property
    def searching(self) -> bool:
        with self._lock:
            return self._job is not None

    def stop(self) -> None:
        """Stops a running search and waits until its bestmove is printed."""
        with self._lock:
            job = self._job
        if job is not None:
            job.stop()
            job.join()

    def wait(self) -> None:
        """Waits for a running search to end by itself (tests, `quit` after EOF)."""
        with self._lock:
            job = self._job
        if job is not None:
            job.join()

    def _not_searching(self, what: str) -> None:
        if self._job is not None:
            raise ProtocolError(BUSY, f"{what} while a search runs: stop it first")

    def _need_position(self) -> Position:
        if self.position is None:
            raise ProtocolError(NO_POSITION, "no position: send position or newgame first")
        return self.position

    # --- commands
    def cmd_uci(self, command: c.Uci) -> list[str]:
        return [
            "id name pyai",
            "id author the pyai developers",
            *(option.uci_line() for option in ALL_OPTIONS),
            "uciok",
        ]

    def cmd_isready(self, command: c.IsReady) -> list[str]:
        return ["readyok"]

    def cmd_setoption(self, command: c.SetOption) -> list[str]:
        self._not_searching("setoption")
        self.settings.set(command.name, command.value)
        return []

    def cmd_newgame(self, command: c.NewGame) -> list[str]:
        self._not_searching("newgame")
        self.position = Position.start(load(command.game, self.files))
        return []

    def cmd_position(self, command: c.Position) -> list[str]:
        self._not_searching("position")
        self.position = Position.build(
            command.game, command.pov, command.setup, command.moves, command.at, files=self.files
        )
        return []

    def cmd_play(self, command: c.Play) -> list[str]:
        self._not_searching("play")
        self.position = self._need_position().play(command.tokens)
        return []

    def cmd_undo(self, command: c.Undo) -> list[str]:
        self._not_searching("undo")
        self.position = self._need_position().undo(command.count)
        return []

    def cmd_legal(self, command: c.Legal) -> list[str]:
        return [" ".join(["legal", *self._need_position().legal()])]

    def cmd_query(self, command: c.Query) -> list[str]:
        position = self._need_position()
        if command.what == "turn":
            return [f"response {position.turn()}"]
        return ["response " + " ".join(str(score) for score in position.result())]

    def cmd_show(self, command: c.Show) -> list[str]:
        return ["info string " + line for line in self._need_position().picture().splitlines()]

    def cmd_help(self, command: c.Help) -> list[str]:
        return ["info string " + line if line else "info string" for line in help_lines(command.topic)]

    def cmd_go(self, command: c.Go, tag: str | None) -> list[str]:
        self._not_searching("go")
        position = self._need_position()
        view = position.search_view()
        settings = self.settings
        budget = self._budget(command)
        threads = command.threads if command.threads is not None else int(settings["Threads"])
        search_options = {
            "threads": threads,
            "seed": int(settings["Seed"]),
            "max_memory_mb": int(settings["Hash"]),
            "pimc": settings["Algorithm"] == "pimc",
        }
        if settings["Objective"] != GAME_OBJECTIVE:
            search_options["objective"] = str(settings["Objective"])
        chosen, left_out = settings.search_settings(position.game.name)
        search_options.update(chosen)
        if command.searchmoves:
            search_options["searchmoves"] = list(command.searchmoves)
        report = Report(
            multipv=int(settings["MultiPV"]),
            show_all=bool(settings["ShowAll"]),
            seed=int(settings["Seed"]),
            record=position.record(),
        )
        prefix = f"{tag} " if tag else ""

        def emit(line: str) -> None:
            self._emit(prefix + line)

        def finish(lines: list[str]) -> None:
            with self._lock:
                for line in lines:
                    self._emit(prefix + line)
                self._job = None

        seat = view.seat

        def replies(move: str, continuation: list[str]) -> tuple[str, ...]:
            return expected_replies(position, seat, move, continuation)

        try:
            job = SearchJob(view, budget, search_options, report, emit, finish, replies)
        except SettingError as error:  # names the setting and its range (go threads 0, ...)
            raise ProtocolError(BAD_VALUE, f"go: {error}") from None
        except IllegalMoveError as error:  # a searchmoves token that is not a move of the seat now
            raise ProtocolError(ILLEGAL_MOVE, f"go: {error}") from None
        for name in left_out:  # said before the search can answer
            emit(f"info string {name} is no setting of {position.game.name}: left out")
        self._job = job
        job.start()
        return []

    def cmd_ponderhit(self, command: c.PonderHit) -> list[str]:
        job = self._job
        if job is None or not job.pondering:
            raise ProtocolError(INCONSISTENT, "ponderhit: no search is pondering (go ponder starts one)")
        job.ponderhit()
        return []

    def _budget(self, command: c.Go) -> Budget:
        return replace(self._plain_budget(command), ponder=command.ponder)

    def _plain_budget(self, command: c.Go) -> Budget:
        if command.infinite:
            return Budget(None, None, infinite=True)
        for name in ("iterations", "movetime", "time"):
            value = getattr(command, name)
            if value is not None and value < 1:
                raise ProtocolError(BAD_VALUE, f"go {name} must be at least 1, not {value}")
        times = [
            t for t in (command.movetime, None if command.time is None else max(1, command.time // TIME_SHARE)) if t
        ]
        if command.iterations is not None or times:
            # At most INFINITE_MS (30 years): the core's deadline overflows from about 1e13 ms.
            return Budget(command.iterations, min(min(times), INFINITE_MS) if times else None)
        iterations = int(self.settings["Iterations"]) or None
        move_time = int(self.settings["MoveTime"]) or None
        if iterations is None and move_time is None:
            raise ProtocolError(
                BAD_VALUE,
                "no budget: give go iterations/movetime/time/infinite, or set the Iterations or MoveTime option",
            )
        return Budget(iterations, move_time)

    def end_of_input(self) -> None:
        """No more commands will come: a search with a finite budget answers in
        full; an infinite or pondering one is cut short, and says so before its bestmove."""
        with self._lock:
            job = self._job
        if job is None:
            return
        if job.budget.infinite:
            job.cut_short("end of input: the infinite search was stopped")
        elif job.pondering:  # no ponderhit can come now
            job.cut_short("end of input: the ponder search was stopped")
        job.join()

    def shutdown(self) -> None:
        """Stops any search (its bestmove is printed)."""
        self.stop()

    def __repr__(self) -> str:
        return f"<pyai protocol Engine position={self.position and self.position.record()!r}>"
