"""The README's Python examples run as written, in order, in one namespace
(as a reader would paste them), and its commands name real options."""

from __future__ import annotations

import re
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
