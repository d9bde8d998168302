"""bench/budget_plot.py: win share against budget from tournament results files."""

import os
import sys
from pathlib import Path

import pytest

from pyai.cli import main as pyai_main

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
import budget_plot  # noqa: E402


def tournament(path: Path, *bots: str) -> str:
    args = ["tournament", "--game", "leduc", "--deals", "2", "--db", str(path), "--quiet", "--concurrency", "1"]
    for bot in bots:
        args += ["--bot", bot]
    assert pyai_main(args) == 0
    return str(path)


@pytest.fixture(scope="module")
def stores(tmp_path_factory):
    folder = tmp_path_factory.mktemp("budget")
    return [
        tournament(folder / "small.sqlite", "ismcts:iterations=20", "random"),
        tournament(folder / "large.sqlite", "ismcts:iterations=200", "random"),
        tournament(folder / "other.sqlite", "ismcts:iterations=20,rollout=random", "random"),
    ]


def test_each_file_is_a_point_and_other_settings_a_line_of_their_own(stores, capsys):
    capsys.readouterr()  # the tournaments' own reports
    assert budget_plot.main(stores) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("leduc") and "fair share 0.500" in lines[0]
    points = [line.split() for line in lines[1:]]
    assert [(p[0], p[1]) for p in points] == [("ismcts", "20"), ("ismcts", "200"), ("ismcts:rollout=random", "20")]
    assert all(p[-1] == "ms/move" and p[-3] == "games" and p[-4] == "4" for p in points)


def test_a_series_names_its_line(stores, capsys):
    capsys.readouterr()
    assert budget_plot.main(["--series", "searches", *stores[:2]]) == 0
    out = capsys.readouterr().out
    assert out.count("searches") == 2 and "ismcts " not in out


def test_a_file_without_a_budgeted_bot_is_named(stores, tmp_path):
    plain = tournament(tmp_path / "plain.sqlite", "heuristic", "random")
    with pytest.raises(SystemExit, match="plain.sqlite: no bot starting with 'ismcts'"):
        budget_plot.main([plain])


def test_nothing_to_plot_is_refused(capsys):
    capsys.readouterr()
    with pytest.raises(SystemExit):
        budget_plot.main([])
    assert "give results files" in capsys.readouterr().err


def test_a_saved_json_report_is_the_same_point_as_its_results_file(stores, tmp_path, capsys):
    saved = tmp_path / "small.json"
    assert pyai_main(["tournament", "report", stores[0], "--json", str(saved)]) == 0
    capsys.readouterr()
    assert budget_plot.main([stores[0]]) == 0
    from_store = capsys.readouterr().out
    assert budget_plot.main([str(saved)]) == 0
    assert capsys.readouterr().out == from_store


@pytest.mark.parametrize("text", ["{not json", '{"bots": []}', "[1, 2]"])
def test_a_json_file_that_is_not_a_report_is_named(tmp_path, text):
    bad = tmp_path / "bad.json"
    bad.write_text(text)
    with pytest.raises(SystemExit, match="bad.json: not a"):
        budget_plot.main([str(bad)])


def test_the_plot_is_written_as_a_png_image(stores, tmp_path, capsys):
    pytest.importorskip("matplotlib")
    image = tmp_path / "budget.png"
    assert budget_plot.main([*stores, "--plot", str(image)]) == 0
    assert image.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert f"wrote {image}" in capsys.readouterr().out


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full, a file every write to fails")
def test_a_plot_that_fails_to_be_written_at_the_end_is_said_not_a_traceback(stores, capsys):
    pytest.importorskip("matplotlib")
    with pytest.raises(SystemExit, match=r"--plot: cannot write '?/dev/full"):
        budget_plot.main([*stores, "--plot", "/dev/full"])
    assert "wrote" not in capsys.readouterr().out
