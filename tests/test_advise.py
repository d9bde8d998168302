"""`pyai advise`: a companion at a real table. Plain words in, advice out on
the advised seat's turns, undo, a cash the person lost track of, sessions
saved and resumed, margin advice when the seat cannot win; and the real
command in a pseudo-terminal, Ctrl-C answering with what was found."""

from __future__ import annotations

import random
import re
import sys

import pexpect
import pytest

import pyai
from pyai.advise import Companion, CompanionError, Session

NAMES = ["Anna", "Bob", "Carol", "Dee"]


def companion(tmp_path=None, **kwargs) -> Companion:
    session = Session("forsale(players=4)", 3, list(NAMES), iterations=2000, **kwargs)
    return Companion(session, str(tmp_path / "s.json") if tmp_path else None)


def test_plain_words_follow_the_game_and_advice_comes_on_my_turn(tmp_path):
    c = companion(tmp_path)
    assert c.handle("deal 3 12 19 27") == [
        "  -- phase 1, round 1 of 7: advisors 3 Sales Associate, 12 Controller, 19 Lawyer, 27 Financial Advisor",
        "next: Anna",
    ]
    assert c.handle("Anna bids 1") == ["  Anna bids 1", "next: Bob"]
    assert c.handle("bob bids 2") == ["  Bob bids 2", "next: Carol"]
    answer = c.handle("Carol passes")
    assert answer[0] == "  Carol passes; Carol takes 3 Sales Associate"
    advice = next(line for line in answer if line.startswith("advice: "))
    move = advice.split()[1]
    assert move in c.position.state.legal_moves()
    assert "win chance 0." in advice and "(95%: " in advice
    assert any(line.startswith("expected scores: Anna ") for line in answer)
    assert any(line.startswith("instead: ") for line in answer)
    assert c.handle("Anna bids 5")[0].startswith("not taken: it is Dee's turn, not Anna's")
    assert c.handle("Zed passes")[0].startswith("not taken: 'Zed' is no seat's name")
    assert c.handle("I bid 99")[0].startswith("not taken: ") and "cash" in c.handle("I bid 99")[0]
    assert c.handle("I bid ²")[0].startswith("not taken: ")  # a digit to str.isdigit, not to int()
    assert c.handle("I pass")[0] == "  you pass; you take 12 Controller"
    assert c.handle("undo")[0] == "undone" and c.position.state.to_move() == 3


def test_sells_revealed_at_once_are_told_in_seat_order_all_or_nothing():
    game = pyai.load_game("forsale(players=3)")
    rng = random.Random(2)
    state = game.new_initial_state()
    while not (state.to_dict()["phase"] == "selling" and state.to_move() == 0):
        mover = state.to_move()
        state.apply(state.sample_chance(rng.getrandbits(64)) if mover == "chance" else rng.choice(state.legal_moves()))
    hands = [seat["vehicles"] for seat in state.to_dict()["seats"]]
    c = Companion(Session("forsale(players=3)", 2, ["Anna", "Bob", "Me"], state.view(2).position(), 500))
    before = c.position.view().to_dict()
    refused = c.handle(f"sells revealed: Anna {hands[0][0]}, Bob {hands[0][1]}, I {hands[2][0]}")
    assert refused[0].startswith("not taken: ") and c.position.view().to_dict() == before  # Bob's is not his
    told = c.handle(f"sells revealed: Anna {hands[0][0]}, Bob {hands[1][0]}, I {hands[2][0]}")
    assert not told[0].startswith("not taken") and c.position.state.to_dict()["round"] in (0, 1)
    assert c.handle("undo")[0] == "undone" and c.position.view().to_dict() == before


def test_a_session_is_saved_after_every_line_and_resumes(tmp_path):
    c = companion(tmp_path)
    for line in ("deal 3 12 19 27", "Anna bids 1", "Bob passes", "lost Carol cash 10..20", "Carol bids 3"):
        assert not c.handle(line)[0].startswith("not taken"), line
    resumed = Companion(Session.load(str(tmp_path / "s.json")))
    assert resumed.position.view().to_dict() == c.position.view().to_dict()
    seats = resumed.position.view().to_dict()["seats"]
    assert seats[2]["cash_range"] == [10, 20] and seats[2]["bid"] == 3
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(CompanionError, match="cannot resume"):
        Session.load(str(bad))


def test_money_lost_track_of_is_the_games_own_and_a_game_without_hidden_money_says_so():
    game = pyai.load_game("automania(players=3)")
    rng = random.Random(1)
    state = game.new_initial_state()
    while state.to_dict().get("round", 0) < 1 or "money:" not in state.view(0).position():
        mover = state.to_move()
        state.apply(state.sample_chance(rng.getrandbits(64)) if mover == "chance" else rng.choice(state.legal_moves()))
    c = Companion(Session("automania(players=3)", 0, ["Me", "Bob", "Cy"], state.view(0).position(), 200))
    assert c.handle("lost Bob money 3..9")[0] == "  Bob's money is between 3 and 9 now"
    assert c.position.view().to_dict()["seats"][1]["money_range"] == [3, 9]
    assert "money:" in c.position.view().position() and "/3..9/" in c.position.view().position()
    leduc = Companion(Session("leduc()", 0, ["Me", "Bob"], None, 200))
    assert leduc.handle("lost Bob cash") == ["not taken: leduc has no money a player can lose track of"]
    assert "plain words: 'I get ks'" in leduc.handle("help")[0]
    assert "takes its tokens only" in Companion(Session("automania(players=3)", 0, ["A", "B", "C"])).handle("help")[0]


def test_a_seat_that_cannot_win_gets_advice_for_its_margin():
    game = pyai.load_game("forsale(players=3)")
    bots = [pyai.make_bot("heuristic", seed=s) for s in range(3)]
    for seed in range(40):  # the last selling round of a game where seat 0 is far behind
        state, rng = game.new_initial_state(), random.Random(seed)
        while not state.is_terminal():
            data = state.to_dict()
            if data["phase"] == "selling" and data["round"] == 7 and state.to_move() == 0:
                break
            mover = state.to_move()
            state.apply(state.sample_chance(rng.getrandbits(64)) if mover == "chance" else bots[mover].choose(state))
        if state.is_terminal() or pyai.analyse(state, seat=0, iterations=2000).win_probabilities[0] > 0.001:
            continue
        session = Session("forsale(players=3)", 0, ["Me", "B", "C"], state.view(0).position(), 2000)
        answer = Companion(session).advice()
        assert answer[0].startswith("you cannot win any more") and "best finishing margin" in answer[0]
        assert answer[1].startswith("advice: sell:")
        return
    pytest.fail("no lost position found in 40 games")


def test_the_command_in_a_terminal_and_ctrl_c_while_thinking(tmp_path):
    child = pexpect.spawn(
        sys.executable,
        [
            "-m",
            "pyai",
            "advise",
            "--game",
            "forsale(players=4)",
            "--seat",
            "0",
            "--names",
            "Me,Bob,Carol,Dee",
            "--iterations",
            "200000000",
            "--session",
            str(tmp_path / "s.json"),
        ],  # fmt: skip
        encoding="utf-8",
        timeout=60,
        cwd="/",
    )
    child.expect("you are Me, seat 0")
    child.sendline("deal 3 12 19 27")
    child.expect("thinking... \\d+ iterations")  # seat 0 bids first: advice starts at once
    child.sendintr()
    child.expect("advice: (pass|bid:\\d+)")
    child.expect("interrupted: what the search had found so far")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert Session.load(str(tmp_path / "s.json")).lines == ["deal 3 12 19 27"]


def test_a_leduc_hand_in_plain_words():
    c = Companion(Session("leduc()", 0, ["Me", "Bob"], iterations=500))
    assert c.handle("I get the king of spades") == [
        "  you are dealt the king of spades",
        "next: cards are turned up (deal:<card>, one of js jh qs qh kh)",
    ]
    answer = c.handle("Bob gets his card")  # deal:? : seat 0 never sees it
    assert answer[0] == "  Bob is dealt a card"
    # Poker is played for chips: the advice and its alternatives are weighed in expected score.
    advice = next(line for line in answer if line.startswith("advice: "))
    assert re.match(r"advice: (call|raise)   expected score [+-]\d+\.\d\d, win chance 0\.\d\d", advice)
    assert re.match(r"instead: (call|raise) \([+-]\d+\.\d\d score\)$", next(a for a in answer if a.startswith("inst")))
    assert c.handle("Bob raises")[0] == "not taken: it is Me's turn, not Bob's"
    assert c.handle("I check") == ["  you check: 1 in the pot", "next: Bob"]
    assert c.handle("Bob bets")[0] == "  Bob raises: 3 in the pot"
    assert c.handle("I call")[0] == "  you call: 3 in the pot"
    assert c.handle("board ks")[0].startswith("not taken: deal:ks at token 0: ks is already dealt")
    assert c.handle("board king of hearts")[0] == "  the public card: king of hearts"
    assert c.handle("I raise")[0] == "  you raise: 7 in the pot"
    assert c.handle("Bob folds") == ["  Bob folds: 3 in the pot; the hand is over", "the game is over: Me 3, Bob -3"]
    assert c.position.moves == ("deal:ks", "deal:?", "call", "raise", "call", "deal:kh", "raise", "fold")
