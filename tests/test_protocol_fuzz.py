"""Property-based fuzzing of the engine protocol: random and malformed lines
(binary, control characters, huge numbers, half commands, very long lines)
against a live `python -m pyai engine` and the in-process Engine. The engine
must stay alive and answer by the spec: every answer line well formed, and a
command that fails answers exactly one `error <code> ...` line."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_protocol import ANSWER, EngineProcess

from pyai.protocol import Engine
from pyai.protocol.commands import COMMAND_NAMES, GO_WORDS, Quit, parse_line

WORDS = [
    *COMMAND_NAMES,
    "name",
    "value",
    "pov",
    "moves",
    "setup",
    "turn",
    "result",
    *GO_WORDS,
    "on",
    "off",
    "Threads",
    "Seed",
    "MultiPV",
    "ShowAll",
    "Hash",
    "Objective",
    "win",
    "score",
    "true",
    "false",
    "forsale",
    "forsale(players=4)",
    "forsale(players=3,theme=advisors)",
    "forsale(players=6,edition=classic)",
    "forsale(players=9)",
    "forsale(",
    "chess()",
    "deal:3,12,19,27",
    "deal:1,2,3",
    "bid:1",
    "bid:28",
    "bid:-1",
    "bid:99999999999999999999",
    "pass",
    "play:14+",
    "sell:3,4@20",
    "keep:5",
    "mech:use",
    "removed:1,2/3,4/5,6",
    "phase",
    "round",
    "leader",
    "seat",
    "cash",
    "advisors",
    "vehicles",
    "checks",
    "table",
    "sold",
    "played",
    "used",
    "?",
    "3..9",
    "-",
    "0",
    "1",
    "2",
    "5",
    "300",
    "-7",
    "1e9",
    "99999999999999999999999",
    "#",
    "@",
    "@tag",
    "\t",
    "\x00",
    "\x1b[31m",
    "é",
    "\u2028",
]

command_like = st.lists(st.sampled_from(WORDS), min_size=1, max_size=12).map(" ".join)
prefixes = st.sampled_from(["", "@t ", "@x-1 ", "@" + "y" * 70 + " ", "@ ", "  "])
suffixes = st.sampled_from(["", "\r", " # comment", " \t"])
lines = st.one_of(
    st.builds(lambda p, c, s: (p + c + s).encode("utf-8", "surrogatepass"), prefixes, command_like, suffixes),
    st.text(max_size=300).map(lambda t: t.encode("utf-8", "surrogatepass")),
    st.binary(max_size=300),
    st.sampled_from([b"x" * ((1 << 20) + 3), b"go " * 400_000, b"play " + b"pass " * 50_000]),
).map(lambda b: b.replace(b"\n", b" "))


def is_quit(data: bytes) -> bool:
    return isinstance(parse_line(data.decode("utf-8", errors="replace")).command, Quit)


ENGINE = None


def live_engine() -> EngineProcess:
    global ENGINE
    if ENGINE is None or ENGINE.process.poll() is not None:
        ENGINE = EngineProcess()
    return ENGINE


def teardown_module() -> None:
    if ENGINE is not None:
        ENGINE.close()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(lines)
def test_any_line_gets_well_formed_answers_from_a_live_engine(data):
    if is_quit(data):
        return
    engine = live_engine()
    engine.send(data)
    engine.send("stop")  # a go the line started ends here, with its bestmove
    engine.send("@sync isready")
    answers = engine.until(lambda x: x == "@sync readyok")[:-1]
    assert engine.process.poll() is None, "the engine died"
    for line in answers:
        assert ANSWER.fullmatch(line), (data[:200], line)
    errors = [line for line in answers if re.match(r"(@\S+ )?error ", line)]
    assert len(errors) <= 1, (data[:200], errors)
    assert len([line for line in answers if re.match(r"(@\S+ )?bestmove ", line)]) <= 1
    parsed = parse_line(data.decode("utf-8", errors="replace")) if len(data) <= (1 << 20) else None
    if parsed is not None and parsed.error is not None:
        assert errors and errors[0].split()[-len(parsed.error.line().split()) :] == parsed.error.line().split()


def test_the_engine_is_sane_after_the_fuzzing():
    engine = live_engine()
    assert engine.ask("position forsale(players=4) moves deal:3,12,19,27 bid:1") == []
    assert engine.ask("legal")[0].startswith("legal pass bid:2")
    assert engine.quit() == 0


@settings(max_examples=400, deadline=None)
@given(st.one_of(command_like, st.text(max_size=200)))
def test_the_engine_object_answers_any_text(text):
    out: list[str] = []
    engine = Engine(emit=out.append)
    engine.handle("position forsale(players=4) moves deal:3,12,19,27")
    answers = engine.handle(text)
    engine.stop()
    for line in answers + out:
        assert ANSWER.fullmatch(line), (text, line)
    assert len([line for line in answers if re.match(r"(@\S+ )?error ", line)]) <= 1
