"""`pyai play --human SEAT`: a person plays against the bots in a real
pseudo-terminal (pexpect), sees the game told as their seat sees it, and
never sees another seat's secret before the rules reveal it."""

from __future__ import annotations

import re
import sys

import pexpect
import pytest

PROMPT = r"your move \(seat \d\), legal: (\S+)[^\n>]*> "


def spawn(*args: str) -> pexpect.spawn:
    return pexpect.spawn(sys.executable, ["-m", "pyai", "play", *args], encoding="utf-8", timeout=120, cwd="/")


def first_legal(child: pexpect.spawn) -> str:
    return child.match.group(1).split("..")[0]  # `bid:2..bid:28` names a range


def play_to_the_end(child: pexpect.spawn) -> str:
    """Answers every prompt with its first legal move; the whole transcript."""
    transcript = []
    while child.expect([PROMPT, pexpect.EOF]) == 0:
        transcript.append(child.before + child.after)
        child.sendline(first_legal(child))
    transcript.append(child.before)
    child.close()
    return "".join(transcript)


def test_a_whole_game_of_for_sale_against_the_bots():
    child = spawn("--game", "forsale(players=3)", "--human", "1", "--seed", "5", "--iterations", "300")
    child.expect(PROMPT)
    child.sendline("bid:999")
    child.expect("not a legal move: .*a bid is at most seat 1's cash")
    child.expect(PROMPT)
    child.sendline("show")
    child.expect("as seen by seat 1")
    child.expect(PROMPT)
    child.sendline("moves")
    child.expect(r"pass bid:\d+ bid:\d+")
    child.expect(PROMPT)
    child.sendline("pass")
    transcript = play_to_the_end(child)
    assert child.exitstatus == 0
    assert "you pass; you take" in transcript and "-- phase 2, round 1 of 8" in transcript
    assert "sold: seat 0" in transcript and "winner" in transcript and "seat 1 (you):" in transcript
    # Another seat's sell is never told before the reveal: no sell token outside the prompts and answers.
    told = [line for line in transcript.splitlines() if not line.startswith("your move")]
    assert not any(re.search(r"\bsell:\d", line) for line in told)
    assert "seat 0 has chosen" in transcript


def test_a_leduc_hand_is_told_in_words():
    child = spawn("--game", "leduc", "--human", "0", "--seed", "2", "--iterations", "300")
    transcript = play_to_the_end(child)
    assert child.exitstatus == 0
    assert "you are dealt the " in transcript
    assert "seat 1 is dealt a card" in transcript  # the other seat's card stays hidden
    assert re.search(r"seat 1 (raises|calls|checks|folds): \d+ in the pot", transcript)
    assert "winner" in transcript


def test_a_hint_then_leaving_the_game():
    child = spawn("--game", "forsale(players=4)", "--human", "0", "--seed", "1", "--iterations", "300")
    child.expect(PROMPT)
    child.sendline("hint")
    child.expect(r"hint: (pass|bid:\d+) \(win 0\.\d\d ± 0\.\d\d\)")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect("game left unfinished")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1


@pytest.mark.parametrize("game", ["forsale(players=4,edition=classic)", "automania(players=2)"])
def test_every_game_can_be_played_to_the_end(game):
    child = spawn("--game", game, "--human", "1", "--seed", "3", "--bots", "heuristic")
    transcript = play_to_the_end(child)
    assert child.exitstatus == 0, transcript[-2000:]
    assert "winner" in transcript
    if game.startswith("automania"):  # a game without its own account is told token by token
        assert "chance: start:?" in transcript and "seat 0: " in transcript
