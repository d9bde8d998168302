"""The engine behind the protocol: the position, the options and the running
search, with one method per command. `handle(line)` takes one input line and
returns its answer lines, so the whole protocol can be tested in-process; a
running search prints through `emit` (see stdio.py for the loop over
stdin/stdout).

While a search runs, only `stop`, `ponderhit`, `isready` and `quit` act at
once. Every other line waits in a queue and is carried out, in order, after
the search's bestmove (its answers printed through `emit` then), so that a
client's commands always meet the position and options it sent before them;
a queued `go` starts its search and the lines after it wait for that one.
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import replace

from ..errors import IllegalMoveError, SettingError
from ..game_files import NO_FILES, FileAccess
from . import commands as c
from .errors import BAD_VALUE, ILLEGAL_MOVE, INCONSISTENT, NO_POSITION, ProtocolError, quoted
from .help import help_lines
from .options import ALL_OPTIONS, GAME_ALGORITHM, GAME_OBJECTIVE, Settings, lookup_option
from .ponder import expected_replies
from .position import Position, library_error, load
from .search_job import INFINITE_MS, Budget, Report, SearchJob
from .time_manager import seat_clock

log = logging.getLogger("pyai.protocol")

# The commands that act at once while a search runs (as UCI has them); the rest wait for its bestmove.
IMMEDIATE = (c.Stop, c.PonderHit, c.IsReady, c.Quit)


class Engine:
    """Holds the position and options; `handle(line)` answers one line."""

    def __init__(self, emit: Callable[[str], None] | None = None, files: FileAccess = NO_FILES):
        self._emit = emit or (lambda line: None)
        self.files = files  # which files a client's game string may name: what the operator allowed
        self.settings = Settings()
        self.position: Position | None = None
        self.debug = False  # `debug on`: go says which budget it chose, in an info string
        self.quit_requested = False
        self._job: SearchJob | None = None
        # Lines that came while a search ran, each as the function that answers it, oldest first.
        self._queue: deque[Callable[[], list[str]]] = deque()
        self._quitting = False  # nothing queued is carried out any more
        # Guards the job and the queue: the job's last lines and the queued commands
        # after them vs. a command arriving meanwhile.
        self._lock = threading.RLock()

    # --- lines
    def handle(self, text: str) -> list[str]:
        """The answer lines to one input line (tagged like the line); [] when
        the line waits behind a running search (its answers are emitted later)."""
        try:
            line = c.parse_line(text)
        except Exception as error:  # a bug in the parser: still one answer line
            log.exception("parser failed on %r", text[:200])
            line = c.Line(error=library_error(error))
        if line.command is None and line.error is None:
            return []
        if isinstance(line.command, IMMEDIATE):
            return self._answer(line, text)
        return self.in_turn(lambda: self._answer(line, text))

    def in_turn(self, answer: Callable[[], list[str]]) -> list[str]:
        """`answer()` now if no search runs, else queued behind it (then its
        lines are emitted after the bestmove and the lines queued before it).
        Also for the answers made outside the Engine (a line too long to read)."""
        with self._lock:
            if self._job is not None or self._queue:
                if not self._quitting:
                    self._queue.append(answer)
                return []
            return answer()

    def _answer(self, line: c.Line, text: str) -> list[str]:
        prefix = f"{line.tag} " if line.tag else ""
        if line.error is not None:
            return [prefix + line.error.line()]
        assert line.command is not None
        try:
            answers = self.run(line.command, line.tag)
        except ProtocolError as error:
            answers = [error.line()]
        except Exception as error:  # a bug: say so on one line, details to stderr
            log.exception("internal error on %r", text[:200])
            answers = [library_error(error).line()]
        return [prefix + answer for answer in answers]

    def run(self, command: c.Command, tag: str | None = None) -> list[str]:
        """Carries out one parsed command now; raises ProtocolError. (`handle`
        decides when: behind a running search, this waits in the queue.)"""
        if isinstance(command, c.Stop):
            self.stop()
            return []
        if isinstance(command, c.Quit):
            return self.quit()
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
        """Stops the running search and waits until its bestmove is printed
        (and the commands queued behind it are carried out, up to the next go)."""
        with self._lock:
            job = self._job
        if job is not None:
            job.stop()
            job.join()

    def quit(self) -> list[str]:
        """`quit`: the queued commands are dropped, a running search stops at
        once and prints its bestmove, and the engine is to exit."""
        with self._lock:
            self._quitting = True
            self.quit_requested = True
            dropped = len(self._queue)
            self._queue.clear()
        self.stop()
        if not dropped:
            return []
        commands = "command" if dropped == 1 else "commands"
        return [f"info string quit: {dropped} {commands} sent during the search not carried out"]

    def wait(self) -> None:
        """Waits for the searches to end by themselves and the queue to empty
        (tests, the end of input)."""
        while (job := self._current_job()) is not None:
            job.join()

    def _current_job(self) -> SearchJob | None:
        with self._lock:
            return self._job

    def _search_done(self, lines: list[str], prefix: str) -> None:
        """A job's last lines, then what was queued behind it (on the job's thread)."""
        with self._lock:
            for line in lines:
                self._emit(prefix + line)
            self._job = None
            while self._queue and self._job is None and not self._quitting:
                for answer in self._queue.popleft()():
                    self._emit(answer)

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

    def cmd_ucinewgame(self, command: c.UciNewGame) -> list[str]:
        # A new game to come: what the engine keeps between commands is the
        # position (each go builds its tree afresh), so it forgets that.
        self.position = None
        return []

    def cmd_debug(self, command: c.Debug) -> list[str]:
        self.debug = command.on
        return []

    def cmd_isready(self, command: c.IsReady) -> list[str]:
        return ["readyok"]

    def cmd_setoption(self, command: c.SetOption) -> list[str]:
        if lookup_option(command.name) is None:  # as UCI engines do: a GUI may offer options of other engines
            return [f"info string unknown option {quoted(command.name.strip())} ignored (help options lists them)"]
        self.settings.set(command.name, command.value)
        return []

    def cmd_newgame(self, command: c.NewGame) -> list[str]:
        self.position = Position.at_game_start(load(command.game, self.files))
        return []

    def cmd_position(self, command: c.Position) -> list[str]:
        self.position = Position.build(
            command.game, command.pov, command.setup, command.moves, command.at, files=self.files
        )
        return []

    def cmd_play(self, command: c.Play) -> list[str]:
        self.position = self._need_position().play(command.tokens)
        return []

    def cmd_undo(self, command: c.Undo) -> list[str]:
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
        if self._job is not None:  # handle() queues a go behind a running search; run() must not start two
            raise RuntimeError("go while a search runs")
        position = self._need_position()
        view = position.search_view()
        settings = self.settings
        budget = self._budget(command, view.seat)
        threads = command.threads if command.threads is not None else int(settings["Threads"])
        search_options: dict[str, object] = {
            "threads": threads,
            "seed": int(settings["Seed"]),
            "max_memory_mb": int(settings["Hash"]),
            "pimc": settings["Algorithm"] == "pimc",
        }
        if settings["Algorithm"] not in (GAME_ALGORITHM, "pimc"):
            search_options["algorithm"] = str(settings["Algorithm"])
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
            self._search_done(lines, prefix)

        seat = view.seat

        def replies(move: str, continuation: Sequence[str]) -> tuple[str, ...]:
            return expected_replies(position, seat, move, continuation)

        try:
            job = SearchJob(view, budget, search_options, report, emit, finish, replies)
        except SettingError as error:  # names the setting and its range (go threads 0, ...)
            raise ProtocolError(BAD_VALUE, f"go: {error}") from None
        except IllegalMoveError as error:  # a searchmoves token that is not a move of the seat now
            raise ProtocolError(ILLEGAL_MOVE, f"go: {error}") from None
        for name in left_out:  # said before the search can answer
            emit(f"info string {name} is no setting of {position.game.name}: left out")
        if self.debug:
            emit(f"info string debug: {budget.describe()}")
        self._job = job
        job.start()
        return []

    def cmd_ponderhit(self, command: c.PonderHit) -> list[str]:
        job = self._job
        if job is None or not job.pondering:
            raise ProtocolError(INCONSISTENT, "ponderhit: no search is pondering (go ponder starts one)")
        job.ponderhit()
        return []

    def _budget(self, command: c.Go, seat: int) -> Budget:
        return replace(self._plain_budget(command, seat), ponder=command.ponder)

    def _plain_budget(self, command: c.Go, seat: int) -> Budget:
        if command.depth is not None:
            raise ProtocolError(
                BAD_VALUE,
                "go depth: this engine's search has no depth limit (it grows one tree an iteration at a time "
                "down to the game's end); give go iterations N (or nodes N), movetime ms or a clock (time ms)",
            )
        if command.infinite:
            return Budget(None, None, infinite=True)
        for name in ("iterations", "nodes", "movetime"):
            value = getattr(command, name)
            if value is not None and value < 1:
                raise ProtocolError(BAD_VALUE, f"go {name} must be at least 1, not {value}")
        iterations = command.iterations if command.iterations is not None else command.nodes
        clock = seat_clock(command, seat)
        times = [t for t in (command.movetime, clock.budget_ms() if clock else None) if t]
        if iterations is not None or times:
            # At most INFINITE_MS (30 years): the core's deadline overflows from about 1e13 ms.
            return Budget(iterations, min(min(times), INFINITE_MS) if times else None, clock=clock)
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
        full; an infinite or pondering one is cut short, and says so before its
        bestmove. The commands queued behind them are carried out the same way."""
        while (job := self._current_job()) is not None:
            if job.budget.infinite:
                job.cut_short("end of input: the infinite search was stopped")
            elif job.pondering:  # no ponderhit can come now
                job.cut_short("end of input: the ponder search was stopped")
            job.join()

    def shutdown(self) -> None:
        """Stops any search (its bestmove is printed); what was queued is dropped."""
        with self._lock:
            self._quitting = True
            self._queue.clear()
        self.stop()

    def __repr__(self) -> str:
        return f"<pyai protocol Engine position={self.position and self.position.record()!r}>"
