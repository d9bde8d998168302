"""A seeded bulk fuzz of the engine protocol: tens of thousands of lines, most
of them near misses of real commands (legal moves of real games, mutated;
options with values at and past their bounds; half commands), the rest noise.

Every answer must be well formed; a command that fails answers exactly one
`error <code> <message>` line and changes nothing (the position and the
options are as before); and no line may make the engine log an internal
error (a traceback). The default run is a few seconds; PYAI_FUZZ_LINES sets
a longer one (e.g. PYAI_FUZZ_LINES=300000 pytest tests/test_protocol_bulk_fuzz.py).
"""

from __future__ import annotations

import logging
import os
import random
import subprocess
import sys

import pytest
from test_protocol import ANSWER

import pyai
from pyai.protocol import Engine
from pyai.protocol.options import OPTIONS

LINES = int(os.environ.get("PYAI_FUZZ_LINES", "20000"))
GAMES = [game for cls in pyai.GAMES.values() for game in cls.EXAMPLE_GAMES]
NUMBERS = ["0", "1", "2", "-1", "3", "7", "255", "256", "257", "1000", "2147483648", "9" * 25, "1e9", "0x10", "", "?"]


class LineMaker:
    """Lines that look like a client's, from one seeded generator."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.tokens: list[str] = ["pass", "bid:3", "deal:1,2,3"]  # move tokens seen so far, legal somewhere

    def pick(self, items):
        return self.rng.choice(items)

    def number(self) -> str:
        return self.pick(NUMBERS)

    def mutate(self, word: str) -> str:
        if not word or self.rng.random() < 0.5:
            return word
        kind = self.rng.randrange(6)
        i = self.rng.randrange(len(word))
        if kind == 0:
            return word[:i] + word[i + 1 :]
        if kind == 1:
            return word[:i] + self.pick("0123456789:,+@?-x/ ") + word[i:]
        if kind == 2:
            return word.upper()
        if kind == 3:
            return word + self.pick(["0", "9" * 20, ",", "+", ":"])
        if kind == 4:
            return word.replace(":", "")
        return word[:i]

    def game(self) -> str:
        game = self.pick(GAMES)
        return self.mutate(game) if self.rng.random() < 0.1 else game

    def moves(self, state: pyai.State | None, count: int) -> list[str]:
        """Up to `count` tokens: mostly a real continuation of `state`, sometimes mutated or borrowed."""
        out: list[str] = []
        state = state.clone() if state is not None else None
        for _ in range(count):
            if state is None or state.is_terminal() or self.rng.random() < 0.08:
                out.append(self.mutate(self.pick(self.tokens)))
                continue
            if state.to_move() == "chance":
                token = state.sample_chance(self.rng.getrandbits(64))
            else:
                token = self.pick(state.legal_moves())
            state.apply(token)
            self.tokens.append(token)
            out.append(self.mutate(token) if self.rng.random() < 0.05 else token)
        return out

    def line(self, position: pyai.State | None, players: int) -> str:
        r = self.rng.random()
        if r < 0.22:
            pov = f" pov {self.pick([*map(str, range(players)), *NUMBERS])}" if self.rng.random() < 0.4 else ""
            game = self.game()
            start = pyai.load_game(game).new_initial_state() if game in GAMES else None
            moves = self.moves(start, self.rng.randrange(0, 60))
            return f"position {game}{pov}" + (" moves " + " ".join(moves) if moves or self.rng.random() < 0.1 else "")
        if r < 0.4:
            return "play " + " ".join(self.moves(position, self.rng.randrange(1, 4)))
        if r < 0.47:
            return "undo" + (f" {self.number()}" if self.rng.random() < 0.6 else "")
        if r < 0.6:
            return self.pick(["legal", "query turn", "query result", "show", "isready", "query", "query x"])
        if r < 0.72:
            option = self.pick(OPTIONS)
            words = ["true", "false", "win", "score", "pimc", "ismcts", "cfr", "game"]
            value = self.pick([self.number(), *words, str(option.default)])
            name = self.mutate(option.name) if self.rng.random() < 0.2 else option.name
            return f"setoption name {name} value {value}" if self.rng.random() < 0.9 else f"setoption name {name}"
        if r < 0.8:
            budget = self.pick(["iterations 5", "iterations 0", "movetime 1", "iterations 3 threads 2", "time 20"])
            extra = self.pick(["", "", " threads " + self.number(), " iterations " + self.number(), " infinite"])
            return f"go {budget}{extra}"
        if r < 0.85:
            return f"newgame {self.game()}"
        if r < 0.9:
            return "help " + self.pick(["", "commands", "options", "games", "tokens", "setup", "x"])
        if r < 0.95:
            return f"@t{self.rng.randrange(100)} " + self.line(position, players)
        noise = "".join(chr(self.rng.randrange(1, 0x3000)) for _ in range(self.rng.randrange(1, 40)))
        return noise.replace("\n", " ").replace("\r", " ")


def snapshot(engine: Engine) -> tuple:
    position = engine.position
    return (position.record() if position else None, dict(engine.settings.values))


@pytest.fixture
def internal_errors(caplog):
    caplog.set_level(logging.ERROR, logger="pyai.protocol")
    return caplog


def test_a_seeded_flood_of_near_miss_lines(internal_errors):
    emitted: list[str] = []
    engine = Engine(emit=emitted.append)
    maker = LineMaker(seed=2026)
    errors = 0
    for count in range(LINES):
        position = engine.position.state if engine.position else None
        players = engine.position.game.players if engine.position else 4
        line = maker.line(position, players)
        before = snapshot(engine)
        answers = engine.handle(line)
        if line.split(" ", 1)[0].endswith("go") or " go " in line:
            engine.stop()  # a started search ends here with its bestmove
        for answer in answers + emitted:
            assert ANSWER.fullmatch(answer), (count, line[:200], answer)
        failed = [a for a in answers if a.split(" ", 2)[1 if a.startswith("@") else 0] == "error"]
        assert len(failed) <= 1, (line, answers)
        if failed:
            errors += 1
            assert snapshot(engine) == before, ("an error changed the engine", line[:200], failed)
            assert "internal error" not in failed[0], (line[:200], failed)
        assert not internal_errors.records, (line[:200], internal_errors.records[0].getMessage())
        emitted.clear()
    assert errors > LINES // 10, "the fuzz reached the error paths"
    engine.shutdown()


def test_a_live_engine_takes_thousands_of_lines_without_a_traceback():
    maker = LineMaker(seed=7)
    lines = [maker.line(None, 4) for _ in range(3000)]
    # A stop after each go, so that the lines after an infinite one are carried out rather than
    # waiting for it until the quit at the end (which drops them).
    kept = [line for line in lines if not line.strip().lower().startswith("quit")]
    script = "\n".join(line + ("\nstop" if " go " in f" {line} " else "") for line in kept) + "\nquit\n"
    run = subprocess.run(
        [sys.executable, "-m", "pyai", "engine"], input=script, capture_output=True, text=True, timeout=600, cwd="/"
    )
    assert run.returncode == 0
    assert "Traceback" not in run.stderr, run.stderr[-3000:]
    for answer in run.stdout.splitlines():
        assert ANSWER.fullmatch(answer), answer


def test_mutated_positions_as_text_are_accepted_or_refused_cleanly(internal_errors):
    # A position written as text (For Sale's and Automania's notations, whole
    # or as one seat sees it) is read in the core; an impossible one is
    # refused with a reason, never an internal error.
    from pyai.automania.help import POSITION as AUTOMANIA_POSITION
    from pyai.forsale.help import POSITION

    blocks = [block for help_text in (POSITION, AUTOMANIA_POSITION) for block in help_text.split("example")[1:]]
    examples = [" ".join(block.split()) for block in blocks]
    examples = [text[text.index("position") :].split(" every fact")[0] for text in examples]
    maker = LineMaker(seed=11)
    engine = Engine()
    for _ in range(120):
        words = maker.pick(examples).split()
        for _ in range(maker.rng.randrange(1, 3)):
            i = maker.rng.randrange(3, len(words))
            words[i] = maker.pick([maker.mutate(words[i]), maker.number(), "?", "29", "-"])
        line = " ".join(words)
        before = snapshot(engine)
        answers = engine.handle(line)
        assert all(ANSWER.fullmatch(answer) for answer in answers), (line, answers)
        if answers:
            assert len(answers) == 1 and answers[0].startswith("error ") and "internal error" not in answers[0]
            assert snapshot(engine) == before
        assert not internal_errors.records, (line, internal_errors.records[0].getMessage())
