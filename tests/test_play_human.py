"""`pyai play --human SEAT`: a person plays against the bots in a real
pseudo-terminal (pexpect), sees the game told as their seat sees it, and
never sees another seat's secret before the rules reveal it."""

from __future__ import annotations

import random
import re
import sys

import pexpect
import pytest

import pyai
from pyai.bots import make_bot
from pyai.commands import play as play_command
from pyai.commands.play import PROMPT_MOVES, _moves_in_words, _prompt_moves, play_with_human
from pyai.win_chance_map import told_chance

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
    child.expect("not a legal move: .*a bid is at most the bidder's cash")
    child.expect(PROMPT)
    child.sendline("show")
    child.expect("as seen by seat 1")
    child.expect(PROMPT)
    child.sendline("moves")
    child.expect(r"pass +you pass; you take \d+ \w+")  # a line per move, its token and its words
    child.expect(r"bid:2 +you bid 2\r?\n")
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
    told = r"seat 1 (bets \d+: the pot is|raises to \d+: the pot is|calls: \d+ each|checks: the pot is|folds)"
    assert re.search(told, transcript)
    assert "winner" in transcript


def test_a_hint_then_leaving_the_game():
    child = spawn("--game", "forsale(players=4)", "--human", "0", "--seed", "1", "--iterations", "300")
    child.expect(PROMPT)
    child.sendline("hint")
    child.expect(r"hint: you (pass; you take .*|bid \d+) \[(pass|bid:\d+)\] \(win 0\.\d\d ± 0\.\d\d\)")
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
    if game.startswith("automania"):  # told in words: another seat's starting contract stays unnamed
        assert "seat 0 gets a starting contract" in transcript  # your own by what the card shows
        assert re.search(
            r"you get the starting (city car |family car |super car )?contract (for any car )?\((\w+, )*\d+\+ stars",
            transcript,
        )
        told = re.split(r"\r?\n\r?\n", transcript)[0]  # the game as it went, before the final picture
        assert "tiles, row 1: " in told and not re.search(r"\b[AB]\d{1,2}\b", told)  # tiles by face, not by id


def scripted(game_string: str, human: int, lines: list[str], seed: int = 1) -> list[str]:
    """A game against random bots with the person's lines scripted; everything written."""
    game = pyai.load_game(game_string)
    bots = [None if seat == human else make_bot("random", seed=seat) for seat in range(game.players)]
    written: list[str] = []
    answers = iter(lines)

    def read(prompt: str) -> str:
        written.append(prompt)
        return next(answers)

    play_with_human(game, human, bots, [f"bot{s}" for s in range(game.players)], seed, read, written.append)
    return written


def test_the_persons_own_move_may_be_said_in_words():
    written = scripted("forsale(players=3)", 0, ["bid 99", "bid 3", "quit"])
    assert any(line.startswith("not a legal move: ") and "cash" in line for line in written)
    assert "you bid 3" in written  # told back, so it was taken
    leduc = scripted("leduc", 0, ["I raise", "quit"], seed=2)
    assert any(line.startswith("you bet 2: the pot is 4") for line in leduc)


def test_a_leduc_hint_says_the_move_and_its_chips():
    written = scripted("leduc", 0, ["hint", "quit"], seed=2)
    hint = next(line for line in written if line.startswith("hint: "))
    assert re.fullmatch(
        r"hint: you (bet 2: the pot is 4|check: the pot is 2) \[(raise|call)\] "
        r"\(win 0\.\d\d ± 0\.\d\d, expected [+-]\d\.\d\d chips\)",
        hint,
    )


def test_an_automania_hint_says_what_seats_given_its_chance_won_in_self_play(monkeypatch):
    monkeypatch.setattr(play_command, "HINT_ITERATIONS", 500)
    written = scripted("automania(players=3)", 0, ["hint", "quit"])
    hint = next(line for line in written if line.startswith("hint: "))
    win = float(re.search(r"\(win (0\.\d\d) ± 0\.\d\d", hint).group(1))
    won = told_chance(pyai.load_game("automania(players=3)"), {"round": 1}, 500, win)
    assert won is not None  # the game ships a map for 3 players
    part = re.search(r", seats given that won (0\.\d\d) in self-play at this stage\)$", hint)
    if part:  # (the win read back is rounded: the map of it within a rounding)
        assert abs(float(part.group(1)) - won) <= 0.011 and abs(won - win) >= 0.015
    else:
        assert abs(won - win) < 0.025 and "self-play" not in hint


def test_a_long_list_of_moves_is_cut_in_the_prompt():
    game = pyai.load_game("forsale(players=4)")
    for seed in range(200):
        state, rng = game.new_initial_state(), random.Random(seed)
        while not state.is_terminal() and (state.to_move() == "chance" or len(state.legal_moves()) <= 40):
            mover = state.to_move()
            chance = mover == "chance"
            state.apply(state.sample_chance(rng.getrandbits(32)) if chance else rng.choice(state.legal_moves()))
        if not state.is_terminal():
            break
    moves = state.legal_moves()
    shown = _prompt_moves(state)
    assert len(state.legal_summary()) > PROMPT_MOVES and len(shown) <= PROMPT_MOVES
    assert shown == f"{' '.join(moves[:4])} ... ({len(moves)} moves: 'moves' lists them)"


def test_every_automania_move_is_listed_with_its_words():
    game = pyai.load_game("automania(players=3)")
    state, rng = game.new_initial_state(), random.Random(4)
    while state.to_move() == "chance":
        state.apply(state.sample_chance(rng.getrandbits(32)))
    seat = state.to_move()
    names = ["you" if s == seat else f"seat {s}" for s in range(3)]  # as the command names the seats
    lines = _moves_in_words(state, seat, names)
    assert [line.split()[0] for line in lines] == state.legal_moves()  # every move, in order
    assert all(len(line.split()) > 2 and " you " in line for line in lines)  # each with its words
    by_token = {line.split()[0]: line for line in lines}
    assert "you place a worker on row 1" in by_token["place:R1"] and "you withdraw" in by_token["withdraw"]
    assert len({line.index(" you ") for line in lines}) == 1  # the words line up
    for token, line in by_token.items():  # and each, typed back as it reads, is that move
        assert play_command._read_move(state, seat, names, line.split(None, 1)[1]) == token


def test_a_typed_move_is_taken_only_as_said_never_with_its_sign_or_unit_dropped():
    state = pyai.load_game("forsale(players=3)").replay(["deal:1,10,25"])
    told = ["you", "seat 1", "seat 2"]
    assert play_command._read_move(state, 0, told, "bid 5") == "bid:5"
    assert play_command._read_move(state, 0, told, "I bid 5.") == "bid:5"
    for line, why in [
        ("bid:-5", "'-5' in 'bid:-5' is not a plain number"),  # a token is refused as one, not read as words
        ("pass;bid:2", "is not a move token"),
        ("bid 12k", "'12k' is no whole number"),
        ("bid -5", "'-5' is no whole number"),
        ("bid:\udcff", "move token contains a character outside ASCII"),  # a line with undecodable bytes
    ]:
        with pytest.raises(pyai.TokenSyntaxError, match=re.escape(why)):
            play_command._read_move(state, 0, told, line)
    assert state.history() == ["deal:1,10,25"]
