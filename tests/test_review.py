"""`pyai review`: every decision of a finished game searched again, the move
played against the best, the biggest mistakes first; from a token file, a
`pyai play` log or a tournament results file."""

from __future__ import annotations

import json
import random
import re
import sys

import pytest
from test_advise_table import selling_start

import pyai
from pyai.cli import main
from pyai.commands.advise import Companion
from pyai.commands.advise_session import Session
from pyai.commands.review import ReviewError, plot_review, read_record, review

# Seat 0 bids most of its cash for one advisor: far worse than passing or a small bid.
BLUNDER = """game: forsale(players=3)
# the removal is not written: nobody saw it
deal:1,10,25
bid:20   # seat 0
pass pass
"""


def test_a_blunder_is_the_biggest_mistake(tmp_path):
    path = tmp_path / "blunder.txt"
    path.write_text(BLUNDER)
    record = read_record(str(path))
    assert record.tokens == ["deal:1,10,25", "bid:20", "pass", "pass"] and str(record.game) == "forsale(players=3)"
    result = review(record, iterations=2000)
    first = result.mistakes()[0]
    assert (first.index, first.seat, first.played) == (1, 0, "bid:20")
    assert first.best != "bid:20" and first.win_lost > 0.1 and first.win_best > first.win_played
    assert all(d.win_lost >= 0 for d in result.decisions)
    assert [d.index for d in result.decisions] == [1, 2, 3]
    assert [d.win_lost for d in result.mistakes()] == sorted((d.win_lost for d in result.decisions), reverse=True)
    only_seat_1 = review(record, iterations=500, seats=[1])
    assert [d.seat for d in only_seat_1.decisions] == [1]


def test_a_play_log_is_reviewed_with_its_bots_named(tmp_path, capsys):
    assert main(["play", "--game", "forsale(players=3)", "--bots", "heuristic,random,heuristic", "--seed", "4"]) == 0
    log = tmp_path / "game.log"
    log.write_text(capsys.readouterr().out)
    record = read_record(str(log))
    assert record.names == ["heuristic", "random", "heuristic"]
    state = record.game.replay(record.tokens)
    assert state.is_terminal()  # the log's tokens are the whole game
    assert main(["review", str(log), "--iterations", "300", "--top", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("review of forsale(players=3)") and "biggest mistakes" in out
    assert "1 random" in out and "per seat: decisions" in out
    assert main(["review", str(log), "--iterations", "200", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["names"] == record.names and all(d["win_lost"] >= 0 for d in data["decisions"])
    decisions = 0
    state = record.game.new_initial_state()
    for token in record.tokens:
        decisions += state.to_move() != "chance" and len(state.legal_moves()) > 1
        state.apply(token)
    assert len(data["decisions"]) == decisions


def test_a_game_of_a_tournament_is_reviewed_with_its_bots(tmp_path, capsys):
    db = str(tmp_path / "t.sqlite")
    assert main(["tournament", "--game", "forsale(players=3)", "--bot", "heuristic", "--bot", "random",
                 "--deals", "1", "--db", db, "--concurrency", "1"]) == 0  # fmt: skip
    capsys.readouterr()
    # Rotations are counted from 1, as deals are: the first seating is rotation 1.
    first, second = read_record(db, deal=1), read_record(db, deal=1, rotation=2)
    assert first.names == ["heuristic", "random", "heuristic"] and first.source.endswith("deal 1, rotation 1")
    assert second.names == ["random", "heuristic", "heuristic"] and second.source.endswith("deal 1, rotation 2")
    assert main(["review", db, "--deal", "1", "--rotation", "2", "--iterations", "200", "--top", "2"]) == 0
    assert "deal 1, rotation 2" in capsys.readouterr().out
    with pytest.raises(ReviewError, match=r"no game of deal 7, rotation 1 \(deal/rotation stored: 1/1, 1/2, 1/3\)"):
        read_record(db, deal=7)
    with pytest.raises(ReviewError, match="no game of deal 1, rotation 0"):
        read_record(db, deal=1, rotation=0)
    with pytest.raises(pyai.ArgumentError, match=r"--game forsale\(players=4\) is not the record's game"):
        read_record(db, game_string="forsale(players=4)", deal=1)  # never a 3-player record read as 4
    assert read_record(db, game_string="forsale(players=3)", deal=1).tokens == first.tokens


def test_a_game_given_beside_a_record_that_names_its_own_must_be_that_game(tmp_path, capsys):
    """--game fills in for a record that names no game; beside one that does, it may only agree."""
    named = tmp_path / "named.txt"
    named.write_text(BLUNDER)
    for other in ("forsale(players=4)", "leduc()", "forsale(players=3,edition=classic)"):
        with pytest.raises(pyai.ArgumentError, match=re.escape(f"--game {other} is not the record's game")):
            read_record(str(named), game_string=other)
    assert read_record(str(named), game_string="forsale(players=3)").tokens == read_record(str(named)).tokens
    assert main(["review", str(named), "--game", "leduc()"]) == 2
    assert "--game leduc() is not the record's game, forsale(players=3); leave it out" in capsys.readouterr().err
    path = tmp_path / "s.json"
    Companion(Session("forsale(players=4)", 3, ["Anna", "Bob", "Carol", "Dee"], iterations=50), str(path)).handle(
        "deal 3 12 19 27"
    )
    with pytest.raises(pyai.ArgumentError, match=re.escape("--game forsale(players=3) is not the record's game")):
        read_record(str(path), game_string="forsale(players=3)")


def test_bad_records_are_refused_by_name(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("game: forsale(players=3)\ndeal:1,10,25 bid:29\n")  # seat 0 has 28
    with pytest.raises(ReviewError, match="token 1 'bid:29'"):
        review(read_record(str(bad)), iterations=100)
    bare = tmp_path / "bare.txt"
    bare.write_text("deal:1,10,25 pass\n")
    with pytest.raises(ReviewError, match="does not name its game"):
        read_record(str(bare))
    assert read_record(str(bare), game_string="forsale(players=3)").tokens == ["deal:1,10,25", "pass"]
    with pytest.raises(ReviewError, match="cannot read"):
        read_record(str(tmp_path / "missing.txt"))
    for no_record, why in [("/dev/zero", "is not a regular file"), (str(tmp_path), "is a folder")]:
        with pytest.raises(ReviewError, match=f"cannot read .*: {why}"):  # refused at once, not read without end
            read_record(no_record)
    game_line_alone = tmp_path / "game_line.txt"
    game_line_alone.write_text("game:\ndeal:1,10,25\n")
    with pytest.raises(ReviewError, match="does not name its game"):
        read_record(str(game_line_alone))
    with pytest.raises(pyai.ArgumentError, match="--deal and --rotation choose a game of a tournament"):
        read_record(str(bare), game_string="forsale(players=3)", deal=1)
    assert main(["review", str(bad), "--iterations", "100"]) == 2
    assert "token 1 'bid:29'" in capsys.readouterr().err
    for top in ("0", "-1"):
        assert main(["review", str(bare), "--game", "forsale(players=3)", "--top", top]) == 2
        assert f"--top must be 1 or more, not {top}" in capsys.readouterr().err


def test_seats_that_the_game_does_not_have_are_refused_by_name(tmp_path, capsys):
    path = tmp_path / "blunder.txt"
    path.write_text(BLUNDER)
    record = read_record(str(path))
    for seats in ([3], [0, -1], [True]):
        with pytest.raises(pyai.ArgumentError, match=r"seat must be a whole number 0\.\.2, not"):
            review(record, iterations=10, seats=seats)
    for seats, message in [
        ("5", "seat must be a whole number 0..2, not 5"),
        ("0,x", "--seats must be a comma list of seat numbers, not '0,x'"),
    ]:
        assert main(["review", str(path), "--iterations", "10", "--seats", seats]) == 2
        out, err = capsys.readouterr()
        assert message in err and out == ""


def test_plot_draws_each_seat(tmp_path):
    pytest.importorskip("matplotlib", reason="--plot needs the plot extra (matplotlib)")
    path = tmp_path / "blunder.txt"
    path.write_text(BLUNDER)
    png = tmp_path / "review.png"
    assert main(["review", str(path), "--iterations", "100", "--plot", str(png)]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_plot_without_the_plot_extra_says_how_to_install_it(tmp_path, capsys, monkeypatch):
    # Hidden whether or not it is installed here: an import of a module mapped to None fails.
    for name in [name for name in sys.modules if name == "matplotlib" or name.startswith("matplotlib.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    path = tmp_path / "blunder.txt"
    path.write_text(BLUNDER)
    png = tmp_path / "review.png"
    assert main(["review", str(path), "--iterations", "100", "--plot", str(png)]) == 2
    out, err = capsys.readouterr()
    assert "--plot needs matplotlib, the plot extra: pip install '.[plot]' in the pyai checkout" in err and out == ""
    assert not png.exists()


def test_an_advise_session_is_reviewed_at_its_own_seats_decisions(tmp_path, capsys):
    path = tmp_path / "s.json"
    c = Companion(Session("forsale(players=4)", 3, ["Anna", "Bob", "Carol", "Dee"], iterations=50), str(path))
    lines = ["deal 3 12 19 27", "Anna bids 1", "Bob bids 2", "Carol passes", "I bid 5", "Anna passes",
             "lost Bob cash", "Bob passes", "deal 1 2 4 5", "I pass"]  # fmt: skip
    for line in lines:
        assert not c.handle(line)[0].startswith("not taken"), line
    record = read_record(str(path))
    assert record.unit == "line" and record.tokens == lines and record.names == ["Anna", "Bob", "Carol", "Dee"]
    # Only Dee's decisions: her bid (line 5) and her pass (line 10), each from what she knew then.
    assert [(p.index, p.seat, p.played, p.stage) for p in record.points] == [
        (5, 3, "bid:5", "phase 1 round 1"),
        (10, 3, "pass", "phase 1 round 2"),
    ]
    assert all(isinstance(p.position, pyai.View) and p.position.seat == 3 for p in record.points)
    assert main(["review", str(path), "--iterations", "200"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"\n\s+line  seat\s+where\s+played\s+best", out)
    assert re.search(r"\n\s+5  3 Dee\s+phase 1 round 1\s+bid:5 ", out)


def test_a_sealed_sell_told_in_a_session_is_reviewed_where_it_was_told(tmp_path):
    state, hands = selling_start(5)
    path = tmp_path / "s.json"
    session = Session("forsale(players=4)", 2, ["Anna", "Bob", "Cy", "Dee"], state.view(2).position(), 50)
    c = Companion(session, str(path))
    for line in (f"I sell {hands[2][0]}", f"sells revealed: Anna {hands[0][0]}, Bob {hands[1][0]}, Dee {hands[3][0]}"):
        assert not c.handle(line)[0].startswith("not taken"), line
    record = read_record(str(path))
    assert [(p.index, p.played) for p in record.points] == [(1, f"sell:{hands[2][0]}")]
    assert record.points[0].stage.startswith("phase 3 round ")


def test_rows_say_where_in_the_game_and_keep_the_whole_seat_name(tmp_path, capsys):
    log = tmp_path / "game.log"
    assert main(["play", "--game", "forsale(players=3)", "--bots", "heuristic,random,heuristic", "--seed", "4"]) == 0
    text = capsys.readouterr().out
    log.write_text(text.replace("bots: heuristic, random, heuristic", "bots: heuristic-long-name, random, heuristic"))
    result = review(read_record(str(log)), iterations=100, seats=[0])
    assert {d.stage.rsplit(" ", 1)[0] for d in result.decisions} >= {"phase 1 round", "phase 3 round"}
    report = result.report(top=3)
    assert "0 heuristic-long-name" in report and "where" in report


def test_the_plot_draws_only_the_seats_asked_for(tmp_path, monkeypatch):
    matplotlib = pytest.importorskip("matplotlib")
    from matplotlib.axes import Axes

    path = tmp_path / "blunder.txt"
    path.write_text(BLUNDER)
    result = review(read_record(str(path)), iterations=100)
    drawn = []
    original = Axes.plot
    monkeypatch.setattr(Axes, "plot", lambda self, *a, **k: drawn.append(k.get("label")) or original(self, *a, **k))
    image = plot_review(result, seats=[1])
    assert drawn == ["seat 1 seat 1"] and image[:8] == b"\x89PNG\r\n\x1a\n" and matplotlib is not None
    assert plot_review(result, seats=[1], image_format="svg").lstrip().startswith(b"<?xml")


def test_a_play_log_is_read_from_its_record_line_not_its_account(tmp_path, capsys):
    assert main(["play", "--game", "forsale(players=3)", "--bots", "heuristic,random,heuristic", "--seed", "4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].startswith("record: ")
    log = tmp_path / "game.log"
    log.write_text("\n".join([lines[0], "the account a person reads, reworded", lines[-1]]) + "\n")
    record = read_record(str(log))
    assert record.tokens == lines[-1].split()[1:] and record.names == ["heuristic", "random", "heuristic"]


@pytest.mark.parametrize(
    "game_string, stages",
    [
        ("forsale(players=3)", {"phase 1 round 1", "phase 2 round 1", "phase 3 round 8"}),
        ("forsale(players=3,edition=classic)", {"phase 1 round 1", "phase 2 round 8"}),
        ("leduc()", {"betting round 1", "betting round 2"}),
        ("automania(players=2)", {"round 1 actions", "round 2 sales", "round 4 actions"}),
    ],
)
def test_each_game_says_where_a_decision_is(game_string, stages):
    game, rng = pyai.load_game(game_string), random.Random(3)
    seen, state = set(), game.new_initial_state()
    start = "betting round 1" if game.name == "leduc" else "setup"  # Leduc's hands are dealt as its round begins
    assert game.stage(state.view(0).to_dict()) == start
    while not state.is_terminal():
        mover = state.to_move()
        if mover == "chance":
            state.apply(state.sample_chance(rng.getrandbits(32)))
            continue
        seen.add(game.stage(state.view(mover).to_dict()))
        state.apply(rng.choice(state.legal_moves()))
    assert stages <= seen, seen
    assert game.stage(state.view(0).to_dict()) == "over"


def test_a_plot_that_cannot_be_written_is_refused_before_the_review(tmp_path, capsys):
    pytest.importorskip("matplotlib", reason="--plot needs the plot extra (matplotlib)")
    path = tmp_path / "blunder.txt"
    path.write_text(BLUNDER)
    plot = tmp_path / "no" / "review.png"
    assert main(["review", str(path), "--plot", str(plot)]) == 2
    out, err = capsys.readouterr()
    assert f"--plot: cannot write {plot}: there is no folder" in err and out == ""


def test_a_plot_named_by_an_empty_string_is_refused_not_skipped(tmp_path, capsys):
    pytest.importorskip("matplotlib", reason="--plot needs the plot extra (matplotlib)")
    path = tmp_path / "blunder.txt"
    path.write_text(BLUNDER)
    assert main(["review", str(path), "--plot", ""]) == 2
    out, err = capsys.readouterr()
    assert "--plot needs a file name, not ''" in err and out == ""
