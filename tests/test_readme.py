"""The README's Python examples run as written, in order, in one namespace
(as a reader would paste them), and its commands name real options."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
DOCS = Path(__file__).resolve().parents[1] / "docs"


def python_blocks(text: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", text, re.S)


def test_the_readme_python_examples_run_as_written(capsys):
    blocks = python_blocks(README.read_text())
    assert len(blocks) >= 2
    namespace: dict = {}
    for block in blocks:
        exec(compile(block, str(README), "exec"), namespace)
    printed = capsys.readouterr().out
    assert "bid:1: a bid must exceed 1 (legal: pass bid:2..bid:28)" in printed
    assert "not searched" in printed and "as seen by seat 2" in printed


@pytest.mark.parametrize("page", sorted(DOCS.glob("*.md")), ids=lambda p: p.name)
def test_the_docs_python_examples_run(page):
    namespace: dict = {}
    for block in python_blocks(page.read_text()):
        exec(compile(block, str(page), "exec"), namespace)


def test_documents_stay_inside_the_repository():
    for page in [README, *DOCS.glob("*.md")]:
        assert "../shared" not in page.read_text(), page.name


def load_samples():
    spec = importlib.util.spec_from_file_location("samples", DOCS / "samples.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["samples"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_every_sample_output_is_what_its_command_prints_now():
    # docs/samples.py makes each sample in the README and docs again from its command
    # (`python docs/samples.py` rewrites them); a slow one is checked by its headers.
    pages = [README, *DOCS.glob("*.md")]
    marked = {name for page in pages for name in re.findall(r"<!-- sample: ([\w-]+) -->", page.read_text())}
    assert {"play-human", "analyse", "advise", "advice", "review", "engine", "tournament-quick"} <= marked
    run = subprocess.run(
        [sys.executable, str(DOCS / "samples.py"), "--check", "--quick"], capture_output=True, text=True, timeout=600
    )
    assert (run.returncode, run.stdout, run.stderr) == (0, "", "")


def test_a_stale_sample_is_named(tmp_path):
    samples = load_samples()
    shown = re.search(r"<!-- sample: analyse -->\n```\n(.*?)```", README.read_text(), re.S).group(1)
    stale = tmp_path / "page.md"
    stale.write_text(f"<!-- sample: analyse -->\n```\n{shown.replace('bid:2 ', 'bid:3 ', 1)}```\n")
    assert samples.check(pages=[stale]) == [f"{stale}: sample analyse: a fresh run prints otherwise "
                                            "(python docs/samples.py rewrites it)"]  # fmt: skip
    stale.write_text(f"<!-- sample: analyse -->\n```\n{re.sub(r' in [0-9]+ ms', ' in 99999 ms', shown)}```\n")
    assert samples.check(pages=[stale]) == []  # a time differs from run to run: masked
    stale.write_text("<!-- sample: nonesuch -->\n```\nx\n```\n")
    assert samples.check(pages=[stale]) == [f"{stale}: sample nonesuch: no such sample in docs/samples.py"]


def test_a_sample_keeps_the_lines_it_names():
    samples = load_samples()
    sample = samples.Sample(lambda cheap: "", keep=[("^a", 2), ("^d", 1)], drop="^skip")
    assert sample.shown("a\nskip\nb\nc\nd\ne\n") == "a\nb\n...\nd\n"
    assert samples.as_on_screen("x\r\nthinking 5\r     \radvice: y  \r\n") == "x\nadvice: y\n"


GAME_NAMES = {"For Sale": "forsale(players=4)", "Leduc": "leduc()", "Automania": "automania(players=3)"}


def shown_default(value) -> str:
    """A setting's default as the docs write it."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, float):
        return f"{float(f'{value:.6g}'):g}"
    return str(value)


def test_the_search_docs_settings_table_is_the_settings_table():
    # Every shared setting of every game has its row, each row is a setting, and each
    # default is the table's: `base (Game: other)` where a game differs.
    import pyai

    text = (DOCS / "search.md").read_text()
    table = text[text.index("| setting | default | meaning |") :].split("\n\n")[0].splitlines()[2:]
    documented: dict[str, str] = {}
    for row in table:
        names, default = row.split(" | ")[0].lstrip("| "), row.split(" | ")[1]
        for name, value in zip(re.findall(r"`(\w+)`", names), default.split(", ")):
            documented[name] = value
    tables = {
        game: {r["name"]: r["default"] for r in pyai.search_settings(pyai.load_game(game))}
        for game in GAME_NAMES.values()
    }
    shared = set.intersection(*(set(rows) for rows in tables.values()))
    assert set(documented) == shared
    for name, text_value in documented.items():
        base, _, overrides = text_value.partition(" (")
        by_game = dict(part.split(": ") for part in overrides.rstrip(")").split("; ") if part)
        for label, game in GAME_NAMES.items():
            expected = by_game.get(label, base)
            assert shown_default(tables[game][name]) == expected, (name, game)
