"""The sample outputs in the README and docs, made again from the commands they show.

    python docs/samples.py                    # rewrites every sample from a fresh run
    python docs/samples.py --check            # exit 1, naming each sample a fresh run no longer prints
    python docs/samples.py --check --quick    # the same, slow samples by their headers only

A sample is a fenced block right after a line `<!-- sample: NAME -->`; SAMPLES
below says how each is made: the command, what is typed into it, and which of
its lines are shown. Every command is deterministic (seeds, iteration budgets,
one search thread) but for times and speeds, which are written as measured and
compared masked. A slow sample (a tournament, a review of a whole game) is
checked by a cheap run of its command, comparing the lines that do not depend
on the budget (its headers). tests/test_readme.py runs the quick check.
"""

from __future__ import annotations

import argparse
import io
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"(<!-- sample: ([\w-]+) -->\n```[^\n]*\n)(.*?)(```)", re.S)
# What differs between two runs of one command: times and speeds.
VOLATILE = [
    (re.compile(r"\b\d+ ms\b"), "# ms"),
    (re.compile(r"\btime \d+ ips \d+"), "time # ips #"),
    (re.compile(r"\d+\.\d(?=\s+\d+$)"), "#"),  # a tournament row's ms/move, before its fails column
]


@dataclass(frozen=True)
class Sample:
    """How one sample is made. `run(cheap)` returns the command's whole output as
    printed (cheap: a quick stand-in for a slow command). Lines matching `drop`
    are left out; then `keep` picks the lines shown: for each (pattern, count),
    `count` lines (0: all) from the first line matching `pattern` after the last
    pick, the picks joined by a `gap` line."""

    run: Callable[[bool], str]
    keep: list[tuple[str, int]]
    gap: str = "..."
    drop: str | None = None
    slow: bool = False
    stable: list[str] = field(default_factory=list)  # slow: the lines a cheap run must print alike

    def shown(self, output: str) -> str:
        lines = [line for line in output.splitlines() if not (self.drop and re.search(self.drop, line))]
        picked: list[str] = []
        start = 0
        for pattern, count in self.keep:
            at = next((i for i in range(start, len(lines)) if re.search(pattern, lines[i])), None)
            if at is None:
                raise SampleError(f"no line matches {pattern!r} (after line {start})")
            end = len(lines) if count == 0 else at + count
            picked += ([self.gap] if picked else []) + lines[at:end]
            start = end
        return "\n".join(picked) + "\n"


class SampleError(Exception):
    """A sample that cannot be made or checked."""


# ------------------------------------------------------------------ running commands


def command(*args: str, cwd: str = "/") -> str:
    """`pyai ARGS`'s standard output."""
    run = subprocess.run([sys.executable, "-m", "pyai", *args], capture_output=True, text=True, cwd=cwd, timeout=900)
    if run.returncode != 0:
        raise SampleError(f"pyai {' '.join(args)} failed: {run.stderr[-500:]}")
    return run.stdout


def in_terminal(args: list[str], prompt: str, answer: Callable[[re.Match], str | None]) -> str:
    """`pyai ARGS` in a pseudo-terminal, as a person sees it (what is typed echoed):
    each prompt answered by `answer(match)`, None closing the input."""
    import pexpect

    seen = io.StringIO()
    child = pexpect.spawn(sys.executable, ["-m", "pyai", *args], encoding="utf-8", timeout=300, cwd="/")
    child.logfile_read = seen
    while child.expect([prompt, pexpect.EOF]) == 0:
        reply = answer(child.match)
        if reply is None:
            child.sendeof()
        else:
            child.sendline(reply)
    child.close()
    return as_on_screen(seen.getvalue())


def as_on_screen(text: str) -> str:
    """Terminal output as it reads: CR LF as LF, a line rewritten after CR (a
    progress ticker) as its last writing, no trailing blanks."""
    return "\n".join(line.split("\r")[-1].rstrip() for line in text.replace("\r\n", "\n").split("\n"))


def engine_session(exchanges: list[tuple[str, str | None]]) -> str:
    """`pyai engine` fed one command at a time, each answered up to the line
    matching its pattern (None: no answer): `> ` for what is sent, `< ` for what comes back."""
    engine = subprocess.Popen(
        [sys.executable, "-m", "pyai", "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd="/"
    )
    assert engine.stdin is not None and engine.stdout is not None
    lines = []
    try:
        for sent, last in exchanges:
            engine.stdin.write(sent + "\n")
            engine.stdin.flush()
            lines.append(f"> {sent}")
            while last is not None:
                answer = engine.stdout.readline().rstrip("\n")
                if not answer:
                    raise SampleError(f"the engine ended before answering {sent!r}")
                lines.append(f"< {answer}")
                if re.search(last, answer):
                    break
    finally:
        engine.kill()
        engine.wait()
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------ the samples


def play_against_bots(cheap: bool) -> str:
    """Seat 1 passes at once, then plays the first legal move each time, as the sample says."""
    moves = iter(["pass"])
    prompt = r"your move \(seat \d\), legal: (\S+)[^\n>]*> "
    return in_terminal(
        ["play", "--players", "3", "--human", "1", "--seed", "5", "--iterations", "300"],
        prompt,
        lambda match: next(moves, match.group(1).split("..")[0]),
    )


def advise_session(cheap: bool) -> str:
    lines = iter(["deal 3 12 19 27", "Anna bids 1", "Bob bids 2", "Carol passes"])
    return in_terminal(
        ["advise", "--players", "4", "--seat", "3", "--names", "Anna,Bob,Carol,Dee"],
        r"(?:^|\n)> ",
        lambda match: next(lines, None),
    )


AUTOMANIA_ROUND = [
    "order Bob me Ann",
    "demands speed speed power suitcase safety / suitcase green power green safety",
    "display city car, green, 5 stars; super car, speed, 8 stars; any car, chrome",
    "Bob gets his starting contract",
    "I get the starting city car contract",
    "Ann gets her starting contract",
    "tiles speed 1 star, spoiler 1 star, power silver, research manager 1 star, 1 VP, suitcase 1 star, safety, "
    "chrome 1 star, speed, general manager, green 1 star, power, $2, suitcase, staff 1 worker, green, "
    "research 1 star, stripes 1 star",
    "Bob row 1",
    "Bob takes the power machine",
    "Bob puts it on station 2",
    "Bob ships to North America",
    "Bob marketing 1",
    "Bob ships 3",
    "Bob plays no contract",
]


def automania_at_a_table(cheap: bool) -> str:
    lines = iter(AUTOMANIA_ROUND)
    return in_terminal(
        ["advise", "--game", "automania(players=3)", "--seat", "2", "--names", "Ann,Bob,me"],
        r"(?:^|\n)> ",
        lambda match: next(lines, None),
    )


def review_a_game(cheap: bool) -> str:
    with tempfile.TemporaryDirectory() as folder:
        log = command("play", "--players", "4", "--seed", "7", "--bots", "ismcts,heuristic,random,heuristic",
                      "--iterations", "2000")  # fmt: skip
        Path(folder, "game.log").write_text(log)
        budget = ["--iterations", "100"] if cheap else []
        return command("review", "game.log", "--top", "5", *budget, cwd=folder)


def quick_tournament(cheap: bool) -> str:
    return command("tournament", "--quick", *(["--deals", "1"] if cheap else []))


SAMPLES = {
    "play-human": Sample(
        play_against_bots,
        keep=[("^game: ", 9), ("^-- phase 3, round 2 of 8", 7)],
        drop="^(type your move|in words: )",  # the help, said once: long lines
    ),
    "analyse": Sample(
        lambda cheap: command(
            "analyse", "forsale(players=4)", "--moves", "deal:3,12,19,27 bid:1", "--iterations", "20000"
        ),
        keep=[("^For Sale", 5), ("^move ", 0)],
        gap="  ...",
    ),
    "advise": Sample(advise_session, keep=[("^  -- phase 1", 0)], drop=r"^(>( |$)|next: )"),
    "advice": Sample(advise_session, keep=[("^advice: ", 0)], drop=r"^>( |$)"),
    "automania-advise": Sample(automania_at_a_table, keep=[("^next: the player order", 0)], drop=r"^>$"),
    "review": Sample(
        review_a_game,
        keep=[("^review of", 0)],
        slow=True,
        stable=[r"^biggest mistakes", r"^\s+token\s+seat", r"^per seat:"],
    ),
    "engine": Sample(
        lambda cheap: engine_session(
            [
                ("position forsale(players=4) pov 0 moves deal:3,12,19,27", None),
                ("go iterations 20000", "^bestmove"),
                ("play bid:1 bid:1", "^error"),
            ]
        ),
        keep=[("", 0)],
        # A search slower than half a second (a loaded machine) also reports its progress: not shown.
        drop=r"^< info iterations \d+ time \d+ ips \d+$",
    ),
    "tournament-quick": Sample(quick_tournament, keep=[("^forsale", 6)], slow=True, stable=[r"^bot\s+games"]),
}


# ------------------------------------------------------------------ pages


def blocks(page: Path) -> Iterator[re.Match]:
    yield from BLOCK.finditer(page.read_text())


def masked(text: str) -> str:
    lines = []
    for line in text.splitlines():
        for pattern, replacement in VOLATILE:
            line = pattern.sub(replacement, line)
        lines.append(" ".join(line.split()))
    return "\n".join(lines)


def fresh(name: str, made: dict, cheap: bool = False) -> str:
    """The sample `name` from a fresh run (each command run once, its output kept in `made`)."""
    sample = SAMPLES[name]
    key = (sample.run, cheap)
    if key not in made:
        made[key] = sample.run(cheap)
    return sample.shown(made[key])


def check(quick: bool = False, pages: list[Path] | None = None) -> list[str]:
    """What differs: one line per sample that a fresh run no longer prints (slow ones
    by their stable lines when `quick`), in `pages` (default: the README and docs)."""
    made: dict = {}
    problems = []
    for page in pages or PAGES:
        for block in blocks(page):
            name, shown = block.group(2), block.group(3)
            where = f"{page.relative_to(ROOT) if page.is_relative_to(ROOT) else page}: sample {name}"
            if name not in SAMPLES:
                problems.append(f"{where}: no such sample in docs/samples.py")
                continue
            sample = SAMPLES[name]
            try:
                if sample.slow and quick:
                    problems += _stable_differences(where, sample, shown, fresh(name, made, cheap=True))
                elif masked(shown) != masked(fresh(name, made)):
                    problems.append(f"{where}: a fresh run prints otherwise (python docs/samples.py rewrites it)")
            except SampleError as error:
                problems.append(f"{where}: {error}")
    return problems


def _stable_differences(where: str, sample: Sample, shown: str, cheap: str) -> list[str]:
    problems = []
    for pattern in sample.stable:
        ours = [line for line in shown.splitlines() if re.search(pattern, line)][:1]
        now = [line for line in cheap.splitlines() if re.search(pattern, line)][:1]
        if masked("\n".join(ours)) != masked("\n".join(now)) or not ours:
            problems.append(f"{where}: its line {pattern!r} reads otherwise now: {now[0] if now else 'none'!r}")
    return problems


def rewrite(only: list[str] | None = None) -> list[str]:
    """Every sample (of `only`, default all) made again and written into its page; the pages rewritten."""
    made: dict = {}
    changed = []

    def made_again(block: re.Match) -> str:
        if only and block.group(2) not in only:
            return block.group(0)
        return block.group(1) + fresh(block.group(2), made) + block.group(4)

    for page in PAGES:
        text = page.read_text()
        new = BLOCK.sub(made_again, text)
        if new != text:
            page.write_text(new)
            changed.append(str(page.relative_to(ROOT)))
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare only; exit 1 on a difference")
    parser.add_argument("--quick", action="store_true", help="with --check: slow samples by their headers only")
    parser.add_argument("--only", action="append", choices=sorted(SAMPLES), help="rewrite only this sample")
    args = parser.parse_args(argv)
    if args.check:
        problems = check(quick=args.quick)
        for problem in problems:
            print(problem)
        return 1 if problems else 0
    for page in rewrite(args.only):
        print(f"rewritten: {page}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
