"""`pyai advise`: a companion at a real table. Plain words in, advice out on
the advised seat's turns, undo, a cash the person lost track of, sessions
saved and resumed, margin advice when the seat cannot win; and the real
command in a pseudo-terminal, Ctrl-C answering with what was found."""

from __future__ import annotations

import errno
import itertools
import json
import os
import random
import re
import stat
import subprocess
import sys

import pexpect
import pytest
from decided_positions import FOR_SALE_FAR_AHEAD
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_readme import load_samples

import pyai
from pyai.analysis import cannot_win, sure_win
from pyai.cli import main
from pyai.commands.advice_text import TOLD_APART, costs_in_play_line, one_line
from pyai.commands.advise import Companion, SealedChoice, resume
from pyai.commands.advise_help import first_examples, help_text
from pyai.commands.advise_session import CompanionError, Session
from pyai.game_api import said_at_table
from pyai.win_chance_map import CostsInPlay, told_chance, told_costs

NAMES = ["Anna", "Bob", "Carol", "Dee"]


def companion(tmp_path=None, **kwargs) -> Companion:
    session = Session("forsale(players=4)", 3, list(NAMES), iterations=2000, **kwargs)
    return Companion(session, str(tmp_path / "s.json") if tmp_path else None)


def test_plain_words_follow_the_game_and_advice_comes_on_my_turn(tmp_path):
    c = companion(tmp_path)
    assert c.handle("deal 3 12 19 27") == [
        "  -- phase 1, round 1 of 7: advisors 3 Sales Associate, 12 Controller, 19 Lawyer, 27 Financial Advisor",
        "next: Anna, to bid or pass",
    ]
    assert c.handle("Anna bids 1") == ["  Anna bids 1", "next: Bob, to bid more than 1 or pass"]
    assert c.handle("bob bids 2") == ["  Bob bids 2", "next: Carol, to bid more than 2 or pass"]
    answer = c.handle("Carol passes")
    assert answer[0] == "  Carol passes; Carol takes 3 Sales Associate"
    advice = next(line for line in answer if line.startswith("advice: "))
    move = re.fullmatch(r"advice: you (bid \d+|pass; you take 12 Controller)  \[(\S+)\]", advice).group(2)
    assert move in c.position.state.legal_moves()
    chance = answer[answer.index(advice) + 1]
    assert chance.startswith("  win chance 0.") and "(95%: " in chance
    assert any(line.startswith("why: against the next best (you ") for line in answer)
    assert any(line.startswith("expected scores (all moves searched): Anna ") for line in answer)
    assert any(line.startswith("instead: ") for line in answer)
    assert c.handle("Anna bids 5")[0].startswith("not taken: it is your turn, not Anna's")
    assert c.handle("Zed passes")[0].startswith("not taken: 'Zed' is no seat's name")
    assert c.handle("I bid 99")[0].startswith("not taken: ") and "cash" in c.handle("I bid 99")[0]
    assert c.handle("I bid ²")[0].startswith("not taken: ")  # a digit to str.isdigit, not to int()
    assert (
        c.handle("lost Anna cash")[-1] == "next: you, to bid more than 2 or pass"
    )  # no advice again: the move is yours
    assert c.handle("undo")[0].startswith("undone")
    assert c.handle("I pass")[0] == "  you pass; you take 12 Controller"
    # The step taken back is named: an undo meant for a line just refused takes back a real step.
    assert c.handle("undo")[0] == "undone: you pass; you take 12 Controller" and c.position.state.to_move() == 3


def three_player_sells() -> pyai.State:
    """A 3-player For Sale game played at random to its first sell, seat 0 to choose."""
    state = pyai.load_game("forsale(players=3)").new_initial_state()
    rng = random.Random(2)
    while not (state.to_dict()["phase"] == "selling" and state.to_move() == 0):
        mover = state.to_move()
        state.apply(state.sample_chance(rng.getrandbits(64)) if mover == "chance" else rng.choice(state.legal_moves()))
    return state


def test_sells_revealed_at_once_are_told_in_seat_order_all_or_nothing():
    state = three_player_sells()
    hands = [seat["vehicles"] for seat in state.to_dict()["seats"]]
    c = Companion(Session("forsale(players=3)", 2, ["Anna", "Bob", "Me"], state.view(2).position(), 500))
    before = c.position.view().to_dict()
    refused = c.handle(f"sells revealed: Anna {hands[0][0]}, Bob {hands[0][1]}, I {hands[2][0]}")
    assert refused[0].startswith("not taken: ") and c.position.view().to_dict() == before  # Bob's is not his
    told = c.handle(f"sells revealed: Anna {hands[0][0]}, Bob {hands[1][0]}, I {hands[2][0]}")
    assert not told[0].startswith("not taken") and c.position.state.to_dict()["round"] in (0, 1)
    assert c.handle("undo")[0].startswith("undone") and c.position.view().to_dict() == before


def test_a_secret_sell_said_in_words_is_refused_in_words():
    state = three_player_sells()
    hands = [seat["vehicles"] for seat in state.to_dict()["seats"]]
    bobs = hands[1][0]
    for me, names in ((2, ["Anna", "Bob", "Me"]), (0, ["Me", "Bob", "Cy"])):  # after the others' turns, or first
        c = Companion(Session("forsale(players=3)", me, names, state.view(me).position(), 50))
        refused = c.handle(f"I sell {bobs}")[0]
        # what you may sell instead: your own vehicles, one short part each (then any Lawyer's sells)
        own = " | ".join(f"sell {vehicle}" for vehicle in hands[me])
        assert refused.startswith(f"not taken: vehicle {bobs} is not in hand; legal now, you: {own}")
        assert "sell:" not in refused
        assert c.handle(f"sell:{bobs}")[0].startswith(f"not taken: sell:{bobs} is not yours to choose: ")  # a token
        assert c.handle(f"I\u2019ll sell {hands[me][0]}")[0].startswith(f"  you sell {hands[me][0]}")
    c = Companion(Session("forsale(players=3)", 2, ["Anna", "Bob", "Me"], state.view(2).position(), 50))
    run_together = f"sells revealed: Anna {hands[0][0]} Bob {bobs} I {hands[2][0]}"
    assert c.handle(run_together)[0].startswith(
        f"not taken: 'Anna {hands[0][0]} Bob {bobs} I {hands[2][0]}' names Bob, I after Anna: separate the seats"
    )
    assert c.handle(f"sells revealed: Anna {bobs}, Bob {bobs}, I {hands[2][0]}") == [
        f"not taken: Anna's sell: vehicle {bobs} is not in hand"
    ]


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
    # no file to read whole: refused before a byte is read, instead of reading without end
    with pytest.raises(CompanionError, match="cannot resume from '/dev/zero': /dev/zero: is not a regular file"):
        Session.load("/dev/zero")
    with pytest.raises(CompanionError, match="is a folder"):
        Session.load(str(tmp_path))


def test_money_lost_track_of_between_two_advices_is_told_among_the_steps_since():
    # The advice says what happened since the last one; a `lost` line is no move of the game,
    # and in every phase it is told as what the seat stopped knowing.
    buying = (
        "phase:buying round:1 leader:0 turn:0 table:11,12,20,29 cash:0/0/0/1 "
        "advisors:2,5,15,21,26,27,29/3,7,13,20,22,24,28/6,8,11,14,18,25,30/4,9,10,12,16,17,19"
    )
    c = Companion(Session("forsale(players=4)", 0, ["Ann", "Bob", "Cy", "Dee"], buying, 20))
    lines = ["I play 2", "lost Bob cash", "Bob plays 3", "Cy plays 6", "Dee plays 4", "deal 1 5 7 9", "Cy plays 8"]
    for line in ["advice", *lines]:
        assert not c.handle(line)[0].startswith("not taken"), line
    earlier = c._earlier()  # what the next advice will say happened since the first
    assert earlier is not None
    assert earlier.steps[:2] == ["you offer 2 Sales Associate", "you lost track of Bob's cash (0..28)"]
    # the deal as a step among the others, without the mark that heads it when told
    assert any(step.startswith("phase 2, round 2") for step in earlier.steps), earlier.steps
    answer = c.handle("Dee plays 9")
    assert any(line.startswith("advice: you offer") for line in answer), answer
    assert c.handle("lost I cash") == c.handle("lost me cash") == ["not taken: a seat always knows its own cash"]


def test_advice_asked_again_with_no_step_since_tells_no_swing():
    """Two advices in one position differ by the search's budget and noise, not by the game:
    no 'went up/down since the last advice' until a step is told."""
    c = Companion(Session("leduc()", 0, ["Ann", "Bob"], None, 20))
    for line in ("I get the jack of hearts", "Bob gets his card"):
        assert not c.handle(line)[0].startswith("not taken"), line
    assert any(line.startswith("advice:") for line in c.handle("advice 20"))
    c.handle("advice 2000")
    assert c._earlier() is None
    assert not c.handle("I raise")[0].startswith("not taken")
    assert c._earlier() is not None and c._earlier().steps == ["you bet 2: the pot is 4"]


def test_a_decided_game_tells_the_moves_apart_by_the_score_the_margin_search_plays_for():
    """Once every move wins, win chance cannot tell them apart: the why and instead lines say
    what each keeps of the expected score, which the margin search chose by."""
    c = Companion(Session("forsale(players=4)", 0, ["Me", "Bob", "Cy", "Dee"], FOR_SALE_FAR_AHEAD, 500))
    answer = c.handle("advice")
    assert answer[0] == "you win whatever you do (win chance 1.00): advice for the widest margin"
    assert answer[1] == "advice: you sell 30  [sell:30]"  # the 15 on the table, kept by the highest vehicle
    assert re.fullmatch(r"  expected score \d+\.\d, which the search plays for; win chance 1\.00 .*", answer[2])
    said = [line.split("win chance ")[1][:4] for line in answer[0:3:2]]
    assert said[0] == said[1]  # the heading's win chance is the margin search's, as the line under the advice
    assert re.fullmatch(r"why: against the next best \(you sell 1\), it keeps \+\d+\.\d\d of expected score", answer[3])
    assert re.fullmatch(r"instead: you sell 1 \[sell:1\]: costs \d+\.\d\d of expected score", answer[5])


def test_leducs_next_lines_offer_a_card_that_may_come_and_the_end_says_so_once():
    c = Companion(Session("leduc()", 0, ["Ann", "Bob"], None, 20))
    assert c.handle("I get the king of spades")[0] == "  you are dealt the king of spades"
    for line in ("Bob gets a card", "I check", "Bob checks"):
        answer = c.handle(line)
    assert answer[-1] == "next: the public card: say 'board qh' (or 'board queen of hearts')"  # never your ks
    assert c.handle("Bob shows the queen of hearts")[0].startswith("not taken: ")  # not before the showdown
    for line in ("board qh", "I check", "Bob checks"):
        c.handle(line)
    assert c.handle("advice") == ["no advice now: the game is over"]


def test_money_lost_track_of_is_the_games_own_and_a_game_without_hidden_money_says_so():
    game = pyai.load_game("automania(players=3)")
    rng = random.Random(1)
    state = game.new_initial_state()
    while state.to_dict().get("round", 0) < 1 or "money:" not in state.view(0).position():
        mover = state.to_move()
        state.apply(state.sample_chance(rng.getrandbits(64)) if mover == "chance" else rng.choice(state.legal_moves()))
    c = Companion(Session("automania(players=3)", 0, ["Me", "Bob", "Cy"], state.view(0).position(), 200))
    assert c.handle("lost Bob money")[:2] == [
        "  Bob's money is unknown now: anything from 0 to 999 as far as the rules tell",
        "  the search takes every amount in it as equally likely, which moves its advice: if you have an idea of "
        "Bob's money, say it as a range, e.g. 'lost Bob money 10..20'",
    ]
    assert c.handle("lost Bob money 3..9")[0] == "  Bob's money is between 3 and 9 now"
    lines = len(c.session.lines)  # a line that changes nothing is refused, not piled up in the session
    unchanged = "not taken: Bob's money is anything from 3 to 9 already: the line changes nothing"
    assert c.handle("lost Bob money 3..9") == [unchanged]
    assert c.handle("lost Bob money 3-9") == [unchanged]  # a range as people write it, the same
    assert len(c.session.lines) == lines
    assert c.position.view().to_dict()["seats"][1]["money_range"] == [3, 9]
    assert "money:" in c.position.view().position() and "/3..9/" in c.position.view().position()
    leduc = Companion(Session("leduc()", 0, ["Me", "Bob"], None, 200))
    assert leduc.handle("lost Bob cash") == ["not taken: leduc has no money a player can lose track of"]
    assert "plain words: 'I get ks'" in leduc.handle("help")[0]
    assert (
        "plain words: 'order C B me'"
        in Companion(Session("automania(players=3)", 0, ["A", "B", "C"])).handle("help")[0]
    )


# docs/advise.md's round at a table (docs/samples.py makes that sample), up to Bob's first tile
AUTOMANIA_SETUP = [*load_samples().AUTOMANIA_ROUND[:8], "Bob takes the speed machine"]


def test_a_step_said_in_words_is_refused_in_words_and_a_token_as_a_token():
    c = Companion(Session("automania(players=3)", 2, ["Ann", "Bob", "Cat"], iterations=20))
    assert c.handle(AUTOMANIA_SETUP[0])[0].startswith("  player order: Bob")
    # advice asked before a chance step: what is due first, as the next: line says it
    assert c.handle("advice") == [
        "no advice now: first the demand tiles: say 'demands speed speed power green suitcase / suitcase safety "
        "green power safety' (North America's, then Europe's: the 4, 3 and 2 star spaces, then the next left and "
        "right)"
    ]
    # a chance step out of turn: the reason, then how to say the step that is due
    assert c.handle("order Bob me Ann") == [
        "not taken: the next chance step is demands, not order; the demand tiles: say 'demands speed speed power green "
        "suitcase / suitcase safety green power safety' (North America's, then Europe's: the 4, 3 and 2 star spaces, "
        "then the next left and right)"
    ]
    for line in AUTOMANIA_SETUP[1:]:
        assert not c.handle(line)[0].startswith("not taken"), line
    moves = len(c.position.moves)
    # each kind of move first, then the rest; each as it is said, without what comes of it (-$1)
    station = "puts it on station {} and makes the city car"
    discard = "discards it and makes the city car"
    said = " | ".join([station.format(1), discard, *(station.format(n) for n in range(2, 7))])
    assert c.handle("Bob puts it on station 9") == [f"not taken: the factory has stations 1-6; legal now, Bob: {said}"]
    assert c.handle("put:station,9") == [
        "not taken: put:station,9 at token 0: the factory has stations 1-6 (legal: put:station,1 put:station,2 "
        "put:station,3 put:station,4 put:station,5 put:station,6 discard)"
    ]
    assert len(c.position.moves) == moves  # nothing applied
    assert c.handle("Bob puts it on station 2")[0] == "  Bob puts it on station 2 and makes the city car: -$1"


def test_a_refusal_lists_no_moves_that_hang_on_cards_the_seat_never_saw():
    c = Companion(Session("automania(players=3)", 2, ["Ann", "Bob", "Cat"], iterations=20))
    for line in load_samples().AUTOMANIA_ROUND[:-1]:  # up to Bob's contract step: his starting contract unseen
        assert not c.handle(line)[0].startswith("not taken"), line
    moves = len(c.position.moves)
    assert c.handle("Bob plays contract 12") == [
        "not taken: contract 12 is not in hand; Bob's contract, from a hand you have not all seen: "
        "say what the table sees, 'Bob plays ...'"
    ]
    assert len(c.position.moves) == moves


def test_where_the_game_ships_a_map_the_advice_says_what_seats_given_its_chance_won():
    c = Companion(Session("automania(players=3)", 2, ["Ann", "Bob", "me"], iterations=500))
    for line in load_samples().AUTOMANIA_ROUND:  # round 1, the advised seat's turn
        assert not c.handle(line)[0].startswith("not taken"), line
    lines = c.advice()
    reported = float(re.search(r"^  win chance ([0-9.]+) ", lines[1]).group(1))
    searched = c.session.advised[-1][1]
    assert searched == pytest.approx(reported, abs=0.005)  # the chart keeps the search's estimate
    told = told_chance(c.game, c.position.search_view().to_dict(), 500, searched)
    assert told is not None  # the map covers round 1 at this budget
    line = f"  (in the search's self-play games at this stage, seats it gave {reported:.2f} won about {told:.2f})"
    assert (lines[2] == line) == (abs(told - searched) >= TOLD_APART)  # said where the map draws it apart
    for_sale = companion().advice(200)
    assert not any("self-play" in line for line in for_sale)  # a game without a map: the estimate alone


def test_a_chance_the_map_draws_apart_is_said_beside_the_searchs(monkeypatch):
    c = Companion(Session("automania(players=3)", 2, ["Ann", "Bob", "me"], iterations=300))
    for line in load_samples().AUTOMANIA_ROUND:
        assert not c.handle(line)[0].startswith("not taken"), line
    asked = []

    def told(game, state_data, iterations, reported):
        asked.append((state_data, iterations, reported))
        return reported - 0.1

    monkeypatch.setattr("pyai.commands.advise.told_chance", told)
    lines = c.advice()
    (state_data, iterations, reported), *more = asked
    assert not more and state_data == c.position.search_view().to_dict() and iterations == 300
    assert reported == pytest.approx(c.session.advised[-1][1], abs=5e-4)  # the search's estimate for its move
    said = f"seats it gave {reported:.2f} won about {reported - 0.1:.2f}"
    assert lines[2] == f"  (in the search's self-play games at this stage, {said})"


def test_where_the_map_measured_the_costs_the_advice_says_what_they_came_to_where_play_fell_short(
    automania_costs_measured,
):
    c = Companion(Session("automania(players=3)", 2, ["Ann", "Bob", "me"], iterations=20000))
    for line in load_samples().AUTOMANIA_ROUND:  # round 1, the advised seat's turn
        assert not c.handle(line)[0].startswith("not taken"), line
    measured = told_costs(c.game, c.position.search_view().to_dict(), 20000)
    lines = c.advice()
    assert measured == CostsInPlay(**automania_costs_measured["1"])  # round 1's, as the map gives them
    assert c.last_costs_in_play == measured
    instead = next(i for i, line in enumerate(lines) if line.startswith("instead: "))
    if measured.at_most < 1:
        assert lines[instead + 1] == "  " + costs_in_play_line(measured)
    else:
        assert "costs like these" not in "\n".join(lines)
    assert c.advice(500) and c.last_costs_in_play is None  # a search far from the measured budget: nothing
    assert not any("costs like these" in line for line in c.advice(500))


def test_costs_that_play_did_not_bear_out_are_said_after_the_alternatives(monkeypatch):
    c = Companion(Session("automania(players=3)", 2, ["Ann", "Bob", "me"], iterations=300))
    for line in load_samples().AUTOMANIA_ROUND:
        assert not c.handle(line)[0].startswith("not taken"), line
    short = CostsInPlay(0.0, 0.433)  # round 3's, as the shipped map has it
    monkeypatch.setattr("pyai.commands.advise.told_costs", lambda game, state, iterations: short)
    lines = c.advice()
    instead = next(i for i, line in enumerate(lines) if line.startswith("instead: "))
    assert lines[instead + 1] == (
        "  (in the search's self-play games at this stage, costs like these did not show in play: "
        "at most 43% of them, at 95%)"
    )
    assert c.last_costs_in_play == short


@pytest.mark.parametrize(
    "decided, said",
    [("lost", "you cannot win any more"), ("won", "you win whatever you do")],
)
def test_a_seat_whose_game_is_decided_gets_advice_for_its_margin(decided, said):
    game = pyai.load_game("forsale(players=3)")
    bots = [pyai.make_bot("heuristic", seed=s) for s in range(3)]
    for seed in range(40):  # the last selling round of a game where seat 0 is far behind (or ahead)
        state, rng = game.new_initial_state(), random.Random(seed)
        while not state.is_terminal():
            data = state.to_dict()
            if data["phase"] == "selling" and data["round"] == 7 and state.to_move() == 0:
                break
            mover = state.to_move()
            state.apply(state.sample_chance(rng.getrandbits(64)) if mover == "chance" else bots[mover].choose(state))
        if state.is_terminal():
            continue
        found = pyai.analyse(state, seat=0, iterations=2000)
        if not (cannot_win if decided == "lost" else sure_win)(found, game, {}):
            continue
        session = Session("forsale(players=3)", 0, ["Me", "B", "C"], state.view(0).position(), 2000)
        answer = Companion(session).advice()
        assert answer[0].startswith(said) and "margin" in answer[0]
        assert answer[1].startswith("advice: ") and "[sell:" in answer[1]
        return
    pytest.fail(f"no {decided} position found in 40 games")


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
    child.expect("advice: you .*\\[(pass|bid:\\d+)\\]")
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
        "next: Bob's card, unseen: say 'Bob gets a card'",
    ]
    assert c.handle("advice") == ["no advice now: first Bob's card, unseen: say 'Bob gets a card'"]
    answer = c.handle("Bob gets his card")  # deal:? : seat 0 never sees it; any pronoun is filler
    assert answer[0] == "  Bob is dealt a card"
    # Poker is played for chips: the advice and its alternatives are weighed in expected score.
    advice = next(line for line in answer if line.startswith("advice: "))
    assert re.fullmatch(r"advice: you (check|bet 2): the pot is [24]  \[(call|raise)\]", advice)
    chance = answer[answer.index(advice) + 1]
    assert re.fullmatch(
        r"  expected score [+-]\d+\.\d\d chips \(95%: [+-]\d+\.\d\d to [+-]\d+\.\d\d\), which the search plays "
        r"for; win chance 0\.\d\d \(95%: .*\)",
        chance,
    )
    instead = next(a for a in answer if a.startswith("inst"))
    cost = r"(costs \d\.\d\d chips|.*less sure)"
    assert re.fullmatch(r"instead: you (check|bet 2).* \[(call|raise)\]: " + cost, instead)
    assert c.handle("Bob raises")[0] == "not taken: it is your turn, not Bob's"
    assert c.handle("I check") == ["  you check: the pot is 2", "next: Bob, to check or bet"]
    assert c.handle("Bob bets")[0] == "  Bob bets 2: the pot is 4"
    assert c.handle("I call")[0] == "  you call: 3 each, the pot is 6"
    assert c.handle("board ks")[0] == (  # said in words, refused in words: the reason, then what to say
        "not taken: the king of spades is already dealt: it is your card; the public card: say 'board qh' "
        "(or 'board queen of hearts')"
    )
    assert c.handle("board king of hearts")[0] == "  the public card: king of hearts"
    assert c.handle("I raise")[0] == "  you bet 4: the pot is 10"
    assert c.handle("Bob folds") == [
        "  Bob folds; the hand is over",
        "the game is over:",
        "Me (you): 3",
        "Bob: -3",
        "winner: Me (you)",
    ]
    assert c.position.moves == ("deal:ks", "deal:?", "call", "raise", "call", "deal:kh", "raise", "fold")


def test_a_leduc_showdown_your_pair_wins_is_over_without_the_other_card():
    """Your card pairs the public card: no card left can pair or tie it, so the result is told
    without asking for the other seat's card."""
    c = Companion(Session("leduc()", 0, ["Me", "Bob"], iterations=50))
    for line in ("I get the king of hearts", "Bob gets a card", "I check", "Bob checks", "board ks", "I check"):
        assert not c.handle(line)[0].startswith("not taken"), line
    over = c.handle("Bob checks")
    assert over[1:] == ["the game is over:", "Me (you): 1", "Bob: -1", "winner: Me (you)"], over


def test_a_leduc_showdown_is_told_in_words_and_only_asked_for_where_it_can_be_told():
    c = Companion(Session("leduc()", 0, ["Me", "Bob"], iterations=50))
    for line in ("I get the king of spades", "Bob gets a card", "I check", "Bob checks", "board qs"):
        assert not c.handle(line)[0].startswith("not taken"), line
    # 'fold' is a token as well as a word: said alone, it is refused in words, as 'I fold' is
    assert c.handle("fold") == c.handle("I fold")
    assert c.handle("fold")[0].startswith(
        "not taken: there is no bet to fold to: a fold is legal only when facing a bet; legal now, you: check"
    )
    assert not c.handle("I check")[0].startswith("not taken")
    over = c.handle("Bob checks")
    assert over[-1] == (  # the record's token for the unseen card is no word of the table's
        "the game is over: the showdown's result depends on Bob's card, which this record does not name; "
        "say it shown: 'Bob shows <card>'"
    )
    # the card is told as it was read (the one queen left unseen), not as the words typed for it
    assert c.handle("bob shows a queen")[0] == "  shown at the end: Bob is dealt the queen of hearts"
    assert c.position.moves[1] == "deal:qh"
    # From a position given with --at the card was dealt before the record: not asked for
    at = Companion(Session("leduc()", 0, ["Me", "Bob"], "cards:ks/? public:-", iterations=50))
    for line in ("I check", "Bob checks", "board qs", "I check"):
        assert not at.handle(line)[0].startswith("not taken"), line
    final = at.handle("Bob checks")[-1]
    assert "say it shown" not in final and final.endswith("so the record cannot name it: the result stays untold here")


# ------------------------------------------------------------- saving whole or not at all


def said(c: Companion) -> tuple:
    """Everything a line may change: the positions, the session's lines, its file and each line's tokens."""
    saved = open(c.path, encoding="utf-8").read() if c.path and os.path.isfile(c.path) else None
    return list(c.positions), list(c.session.lines), c.path, saved, list(c.session.tokens)


def test_a_save_that_fails_leaves_the_file_whole_and_the_session_goes_on(tmp_path, monkeypatch):
    c = companion(tmp_path)
    path = tmp_path / "s.json"
    assert not c.handle("deal 3 12 19 27")[0].startswith("not taken")
    path.chmod(0o640)
    kept = path.read_text()

    def disk_full(handle: int) -> None:  # the data was written; the disk cannot take it
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", disk_full)
    answer = c.handle("Anna bids 1")
    assert answer[0] == "  Anna bids 1"  # taken: the game at the table went on
    assert answer[1].startswith(f"not saved to {str(path)!r} (No space left on device): the file keeps what it held")
    assert path.read_text() == kept and os.listdir(tmp_path) == ["s.json"]  # no half file, no stray one
    assert c.session.lines == ["deal 3 12 19 27", "Anna bids 1"]
    assert c.handle("save")[0].startswith("not saved to")
    monkeypatch.undo()
    assert c.handle("Bob bids 2") == [
        "  Bob bids 2",
        "next: Carol, to bid more than 2 or pass",
    ]  # the next save holds every line
    assert Session.load(str(path)).lines == ["deal 3 12 19 27", "Anna bids 1", "Bob bids 2"]
    assert path.stat().st_mode & 0o777 == 0o640 and os.listdir(tmp_path) == ["s.json"]


def test_a_save_to_a_missing_folder_or_a_folder_is_refused_and_the_session_goes_on(tmp_path):
    missing = tmp_path / "no such folder" / "s.json"
    c = Companion(Session("forsale(players=4)", 3, list(NAMES), iterations=200), str(missing))
    answer = c.handle("deal 3 12 19 27")
    assert answer[1].startswith(f"not saved to {str(missing)!r} (No such file or directory)")
    assert c.session.lines == ["deal 3 12 19 27"] and c.handle("Anna bids 1")[0] == "  Anna bids 1"
    before = said(c)
    assert c.handle(f"save {tmp_path}")[0].startswith(f"not saved to {str(tmp_path)!r}")  # a folder
    assert said(c) == before and tmp_path.is_dir()
    os.mkfifo(tmp_path / "fifo")  # saving never replaces what is not a file of its own
    assert c.handle(f"save {tmp_path / 'fifo'}")[0].startswith(
        f"not saved to {str(tmp_path / 'fifo')!r} (not a regular"
    )
    assert said(c) == before and stat.S_ISFIFO(os.stat(tmp_path / "fifo").st_mode)
    with pytest.MonkeyPatch.context() as patch:  # a file one may not write (checked so even as root)
        patch.setattr(os, "access", lambda *args, **kwargs: False)
        (tmp_path / "read-only.json").write_text("{}")
        answer = c.handle(f"save {tmp_path / 'read-only.json'}")[0]
    assert answer == (
        f"not saved to {str(tmp_path / 'read-only.json')!r} (Permission denied): the file keeps what it held; "
        f"the session goes on in memory ('save' or 'save FILE' tries again); later lines are saved to "
        f"{str(missing)!r} as before"
    )
    assert (tmp_path / "read-only.json").read_text() == "{}"
    good = tmp_path / "kept here.json"  # a path may hold spaces
    assert c.handle(f"save {good}") == [f"saved to {good}"] and c.path == str(good)
    assert Session.load(str(good)).lines == ["deal 3 12 19 27", "Anna bids 1"]
    assert c.handle("save") == [f"saved to {good}"]


def test_a_save_cut_short_by_the_file_size_limit_keeps_the_last_whole_file(tmp_path):
    """A real short write: RLIMIT_FSIZE makes the write fail part way (EFBIG), in a process of its own."""
    pytest.importorskip("resource")
    script = f"""
import resource, signal
from pyai.commands.advise import Companion
from pyai.commands.advise_session import Session
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # EFBIG from write() instead of the signal
path = {str(tmp_path / "s.json")!r}
c = Companion(Session("forsale(players=4)", 3, {NAMES!r}, iterations=200), path)
print(c.handle("deal 3 12 19 27"))
kept = open(path).read()
soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
resource.setrlimit(resource.RLIMIT_FSIZE, (len(kept) + 8, hard))
print(c.handle("Anna bids 1"))
assert open(path).read() == kept, "the file was cut"
print(c.handle("Bob bids 2"))
resource.setrlimit(resource.RLIMIT_FSIZE, (hard, hard))
print(c.handle("save"))
print(Session.load(path).lines)
"""
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert run.returncode == 0, run.stderr
    out = run.stdout.splitlines()
    assert "'  Anna bids 1'" in out[1] and "not saved to" in out[1] and "File too large" in out[1]
    assert "'  Bob bids 2'" in out[2] and "not saved to" in out[2]
    assert out[3] == f"['saved to {tmp_path / 's.json'}']"
    assert out[4] == "['deal 3 12 19 27', 'Anna bids 1', 'Bob bids 2']"
    assert os.listdir(tmp_path) == ["s.json"]


# ------------------------------------------------------------- lines that are no step


def test_lines_that_say_no_step_are_refused_and_change_nothing(tmp_path):
    c = companion(tmp_path)
    for line in ("deal 3 12 19 27", "Anna bids 1"):
        c.handle(line)
    before = said(c)
    assert c.handle(": hello")[0] == (
        "not taken: ':' is no seat's name (names: Anna, Bob, Carol, Dee; 'I' for Dee), nor a move token or 'deal ...'"
    )
    for line in ("sells revealed:", "sells revealed: ,", "Sells revealed :"):
        assert c.handle(line) == ["not taken: no secret sells to reveal now: say the step as it comes"]
    assert c.handle("undo now") == ["not taken: undo takes nothing after it (not 'now')"]
    assert c.handle("advice x") == [
        "not taken: advice N: N is the iterations for this advice, a whole number 1 to 1000000000000000000 (not 'x')"
    ]
    assert c.handle("lost Bob cash 5..")[0] == "not taken: say: lost <name> cash [LO..HI], e.g. 10..20 or 14, not '5..'"
    assert c.handle("lost Bob")[0] == "not taken: say: lost <name> cash [LO..HI]"
    assert c.handle("x" * 5000)[0] == "not taken: a line of 5000 characters is no step of a game (at most 1000)"
    assert said(c) == before
    assert c.handle("lost Bob cash 14")[0] == "  Bob's cash is 14 now"
    leduc = Companion(Session("leduc()", 0, ["Me", "Bob"], iterations=200), str(tmp_path / "l.json"))
    leduc.handle("I get ks")
    before = said(leduc)
    # A reveal line is the game's own words: Leduc has no sells, and no secret choice to reveal now.
    assert leduc.handle("sells revealed:")[0].startswith("not taken: 'sells' is no seat's name")
    assert leduc.handle("choices revealed: Bob 3") == [
        "not taken: no secret choices to reveal now: say the step as it comes"
    ]
    assert (
        leduc.handle(": hello")[0]
        == "not taken: ':' is no seat's name (names: Me, Bob; 'I' for Me), nor a move or 'deal <card>'"
    )
    assert said(leduc) == before


def step_line(c: Companion, rng: random.Random) -> str:
    """A random legal step of the game, said as the companion takes it."""
    state = c.position.state
    mover = state.to_move()
    if mover == "chance":
        token = state.sample_chance(rng.getrandbits(64))
        if token.startswith("removed:"):  # the advised seat never sees the cards set aside
            ahead = state.clone()
            ahead.apply(token)
            token = ahead.sample_chance(rng.getrandbits(64))
        return "deal " + token[5:].replace(",", " ") if c.game.name == "forsale" else token
    if c.game.name == "forsale" and c.at_sealed_step():  # your own sell, then the others' revealed at once
        if state.may_act(c.me) and not isinstance(c.position, SealedChoice):
            return f"I {rng.choice(state.legal_moves_for(c.me))}"
        seats = [s for s in range(c.game.players) if state.may_act(s) and s != c.me]
        sells = [rng.choice(state.legal_moves_for(s))[5:].replace(",", " ").replace("@", " with ") for s in seats]
        return "sells revealed: " + ", ".join(f"{c.names[s]} {sell}" for s, sell in zip(seats, sells))
    token = rng.choice(state.legal_moves())
    if c.game.name == "forsale":
        return f"{c.names[mover]} " + {"mech:use": "uses", "mech:skip": "skips"}.get(token, token)
    return token


GAMES = {
    "forsale(players=4)": list(NAMES),
    "leduc()": ["Me", "Bob"],
    "automania(players=3)": ["Me", "Bob", "Cy"],
}
ODD_LINES = [
    "", "   ", ":", ": hello", "::", "...", "!?;", "sells revealed:", "sells revealed: ,", "sells revealed: Bob",
    "sells revealed: Bob 3,, Cy", "sells: : :", "Bob", "bob", "Bob:", "Bob: raises", "Bob:bids 3", "I", "me",
    "I bid", "I sell", "I sell 1 2 3 4", "Bob plays", "Bob plays the", "Bob bids 99999999999999999999999999",
    "seat9 bids 3", "deal", "deal 1", "deal:", "deal:??", "bid:", "sell:", "x" * 2000, "deal " + "1 " * 600,
    "Ánna bids ４", "Bob bids ²", "🙂", "\x00", "\t\x1b[2J", "a:b:c", "raise raise", "board", "my card is",
    "lost", "lost Bob", "lost Bob cash 5..", "lost Bob cash ..5", "lost Bob cash 9..3", "lost Bob cash -1",
    "lost Bob cash 1..2..3", "lost Bob cash x", "lost Bob cash 5 6", "lost Bob cash 5/6", "lost Zed cash",
    "lost Me cash", "lost Bob money 0..99999999999", "undo x", "advice x", "show x", "hint me", "quit now",
    "save /nonexistent folder/s.json",
]  # fmt: skip


def walked(game: str, seed: int, path: str | None) -> list[Companion]:
    """A companion at the start of a game, and at three points of a random game up to its end."""
    rng = random.Random(seed)
    c = Companion(Session(game, 0, list(GAMES[game]), iterations=20), path)
    steps = []
    while not c.position.state.is_terminal():
        line = step_line(c, rng)
        assert not c.handle(line)[0].startswith("not taken"), line
        steps.append(line)
    marks = sorted({0, len(steps) // 3, 2 * len(steps) // 3, len(steps)})
    return [Companion(Session(game, 0, list(GAMES[game]), iterations=20, lines=steps[:m]), path) for m in marks]


def test_a_help_topic_is_the_games_and_one_it_does_not_offer_says_so():
    automania = pyai.load_game("automania(players=3)")
    names = ["Ann", "Bob", "Cy"]
    contracts = help_text(automania, names, 0, "contracts")
    assert contracts.startswith("the contracts, by car, then what they ask for")
    assert help_text(automania, names, 0, "Contract.") == contracts
    unknown = help_text(automania, names, 0, "tiles please")
    assert unknown.startswith("no help on 'tiles please': the general help follows; more help: help contracts\n")
    assert unknown.endswith(help_text(automania, names, 0))


@pytest.mark.parametrize(
    "game, names, first_step",
    [
        ("forsale(players=3)", ["Zed", "Yan", "Xi"], r"'(deal [\d ]+)'"),  # a card a seat: 3 here
        ("forsale(players=6,edition=classic)", ["Zed", "Yan", "Xi", "Wu", "Vi", "Uma"], r"'(deal [\d ]+)'"),
        ("leduc()", ["Zed", "Yan"], r"'(Zed gets a card)'"),  # seat 0's card comes first
        ("automania(players=2)", ["Zed", "Yan"], r"'(order [^']+)'"),  # the order names every seat
        ("automania(players=4)", ["Zed", "Yan", "Xi", "Wu"], r"'(order [^']+)'"),
    ],
)
def test_the_help_names_the_seats_at_this_table_and_its_first_example_is_the_first_step(game, names, first_step):
    c = Companion(Session(game, 1, names, iterations=20))
    said = c.handle("help")[0]
    assert not re.search(r"[{}]|\b(Anna?|Bob)\b", said)  # no stock name, no blank left unnamed
    assert f"'{names[2 % len(names)]} " in said  # the seat after yours
    first = re.search(first_step, said)
    assert first and c.handle(first[1])[0].startswith("  "), first  # told back: taken


@pytest.mark.parametrize(
    "game, names, title",
    [
        ("forsale(players=4)", ["Anna", "Bob", "Carol", "Dee"], "For Sale: Autorama, 4 players"),
        ("leduc()", ["Ann", "Bob"], "Leduc poker, 2 players"),
        ("automania(players=3)", ["Ann", "Bob", "Cy"], "Automania, 3 players"),
    ],
)
def test_the_opening_lines_are_short_and_their_examples_are_steps_of_the_game(game, names, title):
    """The session opens with the game's name, a few of its commonest steps and where the rest
    are listed, not the whole list (Automania's is a page); each example is read as a legal
    step somewhere in a game at a table of those names."""
    c = Companion(Session(game, 0, names, iterations=20))
    opening = c.greeting()
    assert opening[0].startswith(f"{title}: you are {names[0]}, seat 0; with ")
    assert opening[1].startswith("say what happens") and "help lists every way to say a step" in opening[1]
    assert opening[2].startswith("commands: ") and opening[3].startswith("next: ")
    assert all(len(line) < 260 for line in opening[:3]) and said_at_table(c.game.WORDS_HELP, names, 0) not in opening[1]
    examples = set(re.findall(r"'([^']+)'", first_examples(c.game, names, 0)))
    assert f"'{names[1]} " in opening[1]  # an example names a seat at this table
    assert len(examples) >= 2 and all(f"'{example}'" in opening[1] for example in examples)
    read: set[str] = set()
    for seed in range(40):  # until every example has been a legal step (a card dealt, a vehicle held)
        rng, c = random.Random(seed), Companion(Session(game, 0, names, iterations=20))
        while not c.position.state.is_terminal() and read != examples:
            for example in examples - read:  # typed at the table, then taken back
                if not c.handle(example)[0].startswith("not taken"):
                    read.add(example)
                    assert c.handle("undo")[0].startswith("undone")
            assert not c.handle(step_line(c, rng))[0].startswith("not taken")
    assert read == examples


def test_money_lost_track_of_is_said_by_the_themes_word_for_it():
    """Where the table calls the money coins, 'lost Bob coins' is the line, and what it changed
    is told in coins; 'cash' and 'money' are read too."""
    c = Companion(Session("forsale(players=4,theme=advisors)", 0, ["Me", "Bob", "Cy", "Dee"], iterations=50))
    c.handle("deal 3 12 19 27")
    assert c.handle("lost Bob coins")[0].startswith("  Bob's coins are unknown now: anything from 0 to ")
    assert (
        c.handle("lost Bob coins 2..")[0] == "not taken: say: lost <name> coins [LO..HI], e.g. 10..20 or 14, not '2..'"
    )
    assert c.handle("lost Bob dollars")[0] == "not taken: say: lost <name> coins [LO..HI]"
    assert c.handle("lost Cy cash 10..20")[0] == "  Cy's coins are between 10 and 20 now"
    assert (
        c.handle("lost Cy coins 10-20")[0]
        == "not taken: Cy's coins are anything from 10 to 20 already: the line changes nothing"
    )


@pytest.mark.parametrize(
    "game, lost",
    [
        ("forsale(players=4)", "lost <name> cash [LO..HI] (you lost track of a seat's cash)"),
        ("automania(players=3)", "lost <name> money [LO..HI] (you lost track of a seat's money)"),
        ("forsale(players=4,theme=advisors)", "lost <name> coins [LO..HI] (you lost track of a seat's coins)"),
        ("leduc()", None),  # no money hidden: nothing to lose track of
    ],
)
def test_the_help_names_the_commands_by_the_games_word_for_money(game, lost):
    commands = help_text(pyai.load_game(game), ["Ann", "Bob", "Cy", "Dee"], 0).splitlines()[-1]
    assert commands.startswith("commands: advice [N]")
    assert (lost in commands) if lost else ("lost" not in commands)


@pytest.mark.parametrize("game", GAMES)
def test_a_move_copied_from_the_advice_is_taken_as_that_move(game):
    """What the companion calls a move, your own ("you pass; you take 12 Controller") or
    another seat's ("Bob takes the speed machine (1 star) from row 2"), typed back as it
    reads is taken, and told back in the same words: the same move to the table."""
    rng = random.Random(3)
    c = Companion(Session(game, 0, list(GAMES[game]), iterations=20))
    checked: set[tuple[bool, str]] = set()
    while not c.position.state.is_terminal():
        state = c.position.state
        if state.to_move() != "chance":
            mine = c.at_sealed_step() and state.may_act(c.me) and not isinstance(c.position, SealedChoice)
            if mine or not c.at_sealed_step():  # another seat's secret choice is said in the reveal line
                moves = state.legal_moves_for(c.me) if mine else state.legal_moves()
                for token in rng.sample(moves, min(3, len(moves))):
                    words = c.said_in_words([token])[0]
                    answer = c.handle(words)
                    told = one_line(list(itertools.takewhile(lambda line: line.startswith("  "), answer)))
                    assert told in (words, f"{words}: kept secret until the sells are revealed"), (token, answer)
                    assert c.handle("undo")[0].startswith("undone")
                    checked.add((mine or state.to_move() == c.me, token.split(":")[0]))
        assert not c.handle(step_line(c, rng))[0].startswith("not taken")
    kinds = {kind for _, kind in checked}
    assert {True, False} == {mine for mine, _ in checked} and len(kinds) >= {"leduc()": 3}.get(game, 5), checked


def test_what_came_of_a_move_typed_with_it_must_be_what_came_of_it():
    """The games read a seat's move before '; ': what follows must be the step as it is told,
    or the line would say one thing and do another; a line of several steps (the advice's
    likely next:) is refused whole. Said as the table says it ('I', the seat's name, 'takes'
    for 'take') it is taken."""
    c = companion()
    for line in ["deal 3 12 19 27", "Anna bids 1", "Bob bids 2", "Carol passes"]:
        c.handle(line)
    moves = c.position.moves
    assert c.handle("I pass; I take 27 Financial Advisor")[0] == (
        "not taken: 'I take 27 Financial Advisor' is not what came of 'I pass', which is told "
        "'you pass; you take 12 Controller': say one step a line, the move alone ('I pass') or as it is told"
    )
    assert c.handle("you pass; you take 12 Controller; Anna bids 3")[0].startswith(
        "not taken: 'Anna bids 3' is not what came of 'you pass'"
    )
    assert c.position.moves == moves
    for line in [
        "Dee passes; Dee takes 12 Controller.",
        "I pass; I take 12 controller",
        "I pass; you take 12 Controller (x)",
    ]:
        assert c.handle(line)[0] == "  you pass; you take 12 Controller", line
        assert c.handle("undo")[0].startswith("undone")


def test_a_note_in_brackets_after_a_step_may_be_left_out_but_not_changed():
    """'(cash: Bob 28 -> 25)' typed back with the step, on its own or beside a part, must be what
    the step did: a wrong amount is refused, never dropped as a note."""
    c = Companion(Session("forsale(players=4)", 0, ["Ann", "Bob", "Cy", "Dee"], iterations=20))
    for line in ["deal 3 12 19 27", "I pass", "Bob bids 3", "Cy passes"]:
        assert not c.handle(line)[0].startswith("not taken"), line
    step = "Dee passes; Bob takes 27 Financial Advisor; Dee takes 19 Lawyer"
    for line in (step, f"{step}; (cash: Bob 28 -> 25)", f"{step} (cash: Bob 28 -> 25)"):
        assert c.handle(line)[0] == f"  {step}", line
        assert c.handle("undo")[0].startswith("undone")
    for line in (f"{step}; (cash: Bob 28 -> 24)", f"{step} (cash: Bob 27 -> 25)", "Dee passes (cash: Bob 28 -> 24)"):
        assert c.handle(line)[0].startswith("not taken: "), line
        assert "is not what came of 'Dee passes'" in c.handle(line)[0]
    # beside the move alone, an aside as the companion adds it is checked too; one with no amount is read past
    for line in ("Dee passes (cash: Bob 28 -> 25)", "Dee passes (x)"):
        assert c.handle(line)[0] == f"  {step}", line
        assert c.handle("undo")[0].startswith("undone")


def test_a_card_told_back_whole_with_its_reward_after_a_colon_is_read():
    """'... 12+ stars: 5 VP, 1 silver medal': the card's reward follows its own colon, as the
    companion tells it; a reward the card does not show is refused."""
    c = Companion(Session("automania(players=3)", 1, ["Ann", "Bob", "Cid"], iterations=20))
    tiles = (
        "tiles speed 1 star, spoiler 1 star, power silver, research manager 1 star, 1 VP, suitcase 1 star, "
        "safety, chrome 1 star, speed, general manager, green 1 star, power, $2, suitcase, staff 1 worker, "
        "green, research 1 star, stripes 1 star"
    )
    demands = "demands speed speed power suitcase safety / suitcase green power green safety"
    for line in ["order Cid Ann me", demands, "display 4 11 19", "Cid gets his starting contract"]:
        assert not c.handle(line)[0].startswith("not taken"), line
    for line in ["Ann gets her starting contract", "I get S1", tiles, "Cid column 1", "Cid takes tile 2"]:
        assert not c.handle(line)[0].startswith("not taken"), line
    assert not c.handle("Cid takes the chrome one")[0].startswith("not taken")
    card = "super car, spoiler, rims, 12+ stars"
    told = f"  turned up on the display: {card}: 5 VP, 1 silver medal"
    assert c.handle(f"the new card on the display is {card}: 5 VP, 1 silver medal")[0] == told
    assert c.handle("undo")[0].startswith("undone")
    assert c.handle(f"the new card on the display is {card}: 4 VP, 1 silver medal")[0].startswith("not taken: ")


def test_what_a_line_adds_after_a_step_read_whole_must_be_what_came_of_it_deals_and_colons_too():
    """Wherever the part before the first '; ' or ': ' is alone the step the line was read as,
    the rest must be told of that step: a card dealt with a second card or seat after it, a
    tile taken with where it goes, a ship with a gain it did not make. A deal the game reads
    across its '; ' parts, and the pieces of a told step between commas, are taken."""
    c = Companion(Session("automania(players=3)", 1, ["Ann", "Me", "Cid"], iterations=20))
    setup = [
        "order Cid, Ann, me",
        "demands North America power, power, safety; next: speed | suitcase; Europe speed, green, suitcase; "
        "next: green | safety",  # a deal told in parts: read whole
        "display 4 11 19",
    ]
    for line in setup:
        assert not c.handle(line)[0].startswith("not taken"), line
    refused = {
        "Cid gets his starting contract; Ann gets a starting contract": "'Ann gets a starting contract' is not what "
        "came of 'Cid gets his starting contract', which is told 'Cid gets a starting contract'",
    }
    for line, message in refused.items():
        moves = c.position.moves
        assert c.handle(line)[0].startswith(f"not taken: {message}"), line
        assert c.position.moves == moves
    for line in ["Cid gets his starting contract", "Ann gets her starting contract"]:
        c.handle(line)
    assert c.handle("I get S2; S3")[0].startswith("not taken: 'S3' is not what came of 'I get S2'")
    tiles = (
        "tiles speed 1 star, spoiler 1 star, power silver, research manager 1 star, 1 VP, suitcase 1 star, safety, "
        "chrome 1 star, speed, general manager, green 1 star, power, $2, suitcase, staff 1 worker, green, research "
        "1 star, stripes 1 star"
    )
    for line in ["I get S2", tiles, "Cid row 1"]:
        assert not c.handle(line)[0].startswith("not taken"), line
    assert c.handle("Cid takes tile 1: station 2")[0].startswith("not taken: 'station 2' is not what came of")
    for line in ["Cid takes the power machine", "Cid puts it on station 2", "Cid ships to North America"]:
        assert not c.handle(line)[0].startswith("not taken"), line
    assert c.handle("Cid ships 4: +1 VP")[0].startswith("not taken: '+1 VP' is not what came of 'Cid ships 4'")
    assert c.handle("Cid ships 4")[0] == "  Cid ships the city car (4 stars) to North America at level 4"
    assert c.handle("Cid plays S1: +$5")[0].startswith("not taken: '+$5' is not what came of 'Cid plays S1'")
    assert c.handle("Cid plays S1; +$3")[0] == "  Cid plays the starting city car contract (3+ stars: 1 VP, $3): +$3"


@pytest.mark.parametrize("game", ["forsale(players=4)", "automania(players=3)"])  # Leduc tells a move in one part
def test_a_step_told_with_another_moves_outcome_is_refused(game):
    """Wherever a seat's move is told in parts ('...; ...'), its first part with what came
    of another move is refused and changes nothing; so is Automania's gain after the move
    (': +1 VP') said otherwise."""
    rng = random.Random(5)
    c = Companion(Session(game, 0, list(GAMES[game]), iterations=20))
    refused = gains = 0
    while not c.position.state.is_terminal() and refused < 5:
        state = c.position.state
        if state.to_move() != "chance" and not c.at_sealed_step():
            told = {token: c.said_in_words([token])[0].split("; ") for token in state.legal_moves()}
            for token, parts in told.items():
                other = next((p for t, p in told.items() if len(p) > 1 and p[1:] != parts[1:] and t != token), None)
                if len(parts) > 1 and other is not None:
                    moves = c.position.moves
                    answer = c.handle("; ".join([parts[0], *other[1:]]))
                    assert answer[0].startswith("not taken: ") and "is not what came of" in answer[0], answer
                    assert c.position.moves == moves
                    refused += 1
                    break
            for parts in told.values():  # "Cy takes sales office 4 (...): +1 VP (sales office)"
                gain = re.search(r": \+(\d+)", parts[0])
                if gain:
                    moves = c.position.moves
                    more = parts[0][: gain.start()] + f": +{int(gain[1]) + 1}" + parts[0][gain.end() :]
                    answer = c.handle("; ".join([more, *parts[1:]]))
                    assert answer[0].startswith("not taken: ") and "is not what came of" in answer[0], answer
                    assert c.position.moves == moves
                    gains += 1
                    break
        assert not c.handle(step_line(c, rng))[0].startswith("not taken")
    assert refused == 5 and gains >= {"automania(players=3)": 1}.get(game, 0)


def test_advice_comes_at_each_decision_of_the_seats_own_chained_turn():
    """Automania's turn is a chain of the seat's decisions (a space, then a tile, then where it
    goes, ...): after each of its own steps that leaves the next one its own, the advice comes by
    itself, as it does when another seat's step makes it the seat's decision."""
    rng = random.Random(6)
    c = Companion(Session("automania(players=3)", 0, list(GAMES["automania(players=3)"]), iterations=20))
    while not (c.is_my_decision() and c.position.view().to_dict()["step"] == "turn"):
        assert not c.handle(step_line(c, rng))[0].startswith("not taken")
    place = next(move for move in c.position.state.legal_moves() if move.startswith("place:"))
    answer = c.handle(place)
    assert c.is_my_decision() and c.position.view().to_dict()["step"] == "take tile"
    assert answer[0].startswith("  you place") and any(line.startswith("advice: you take ") for line in answer)
    c.handle("undo")
    assert not any(line.startswith("advice: ") for line in c.handle("lost Bob money"))  # no step: no advice again


def taken(c: Companion, line: str) -> tuple[tuple[str, ...], str | None]:
    """What `line` makes of the companion's position (its moves, and its own secret choice
    kept for the reveal), taken back at once."""
    answer = c.handle(line)
    assert not answer[0].startswith("not taken"), (line, answer)
    made = (c.position.moves, getattr(c.position, "my_choice", None))
    assert c.handle("undo")[0].startswith("undone")
    return made


@pytest.mark.parametrize("game", GAMES)
def test_an_advice_line_copied_whole_is_its_move_and_one_whose_token_disagrees_is_refused(game):
    """The advice's line and an alternative of its instead: line, copied with their label and
    token in brackets ("advice: you bid 1  [bid:1]"), are the move they name; words and a
    token that name two moves are refused and change nothing."""
    rng = random.Random(4)
    c = Companion(Session(game, 0, list(GAMES[game]), iterations=20))
    copied = 0
    while not c.position.state.is_terminal():
        if c.is_my_decision() and not isinstance(c.position, SealedChoice):
            lines = c.advice()
            best = next(line for line in lines if line.startswith("advice: "))
            token = best.rpartition("[")[2].rstrip("]")
            assert taken(c, best) == taken(c, token), best
            instead = next((line for line in lines if line.startswith("instead: ")), None)
            if instead is not None:
                alternative = re.match(r"instead: (.*?\[([^\]]+)\]: [^;]*)", instead)
                assert taken(c, alternative[1]) == taken(c, alternative[2]), instead
                moves = c.position.moves
                answer = c.handle(best.replace(f"[{token}]", f"[{alternative[2]}]"))
                assert answer[0].startswith("not taken: the words say") and "token in brackets" in answer[0], answer
                assert c.position.moves == moves
            copied += 1
        assert not c.handle(step_line(c, rng))[0].startswith("not taken")
    assert copied >= {"leduc()": 1}.get(game, 3)


# Seat 2 at the first selling round, holding Lawyer 20, before its turn in seat order.
LAWYER_SELL_AT = (
    "phase:selling round:1 table:0,2,7 cash:0/0/4 played:3,7,16,17,24,25,29,30/2,10,11,15,21,23,26,27/"
    "4,5,6,9,18,19,20,28 vehicles:2,4,8,12,13,19,22,24/6,9,11,14,18,20,28,30/1,5,7,10,15,17,21,29"
)


def test_a_secret_choice_copied_early_is_the_choice_its_token_writes_in_any_order():
    c = Companion(Session("forsale(players=3)", 2, ["Ann", "Bob", "Me"], at=LAWYER_SELL_AT, iterations=20))
    told = "  you sell 1 and 5 with the 20 Lawyer: kept secret until the sells are revealed"
    for line in [
        "you sell 1 and 5 with the 20 Lawyer [sell:5,1@20]",
        "advice: you sell 1 and 5 with the 20 Lawyer  [sell:1,5@20]",
        "instead: you sell 5 and 1 with the 20 Lawyer [sell:1,5@20]: costs 0.02 win chance",
    ]:
        assert c.handle(line)[0] == told, line
        assert c.position.my_choice == "sell:1,5@20"
        assert c.handle("undo")[0].startswith("undone")
    assert c.handle("sell:5,1@20")[0] == told  # the token alone, as the advice shows it: yours
    assert c.handle("undo")[0].startswith("undone")
    refused = c.handle("you sell 1 and 5 with the 20 Lawyer [sell:1,7@20]")[0]
    assert refused.startswith("not taken: the words say sell:1,5@20 but the token in brackets is sell:1,7@20")
    assert len(c.positions) == 1


def doing_fits(game: pyai.Game, doing: str, legal: list[str]) -> bool:
    """Whether what the companion says a seat is to do names the kinds of moves it has, in
    the games whose steps a few words tell apart (Automania's say its step, tested by name)."""
    kinds = {token.split(":")[0] for token in legal}
    if game.name == "leduc":
        said = {word.strip(",") for word in doing.split()} - {"or"}
        nothing_owed = "fold" not in kinds  # a call is a check then, and a raise a bet
        return said == {{"call": "check", "raise": "bet"}.get(kind, kind) if nothing_owed else kind for kind in kinds}
    if kinds == {"bid", "pass"}:
        lowest = min(int(token[4:]) for token in legal if token.startswith("bid:"))
        return doing == ("bid or pass" if lowest == 1 else f"bid more than {lowest - 1} or pass")
    words = {"pass": "pass", "play": "offer an advisor", "keep": "back (Lawyer)", "mech": "use the Mechanic or not"}
    return all(words[kind] in doing for kind in kinds)


@pytest.mark.parametrize("game", GAMES)
def test_whose_step_comes_next_says_what_that_seat_is_to_do(game):
    rng = random.Random(5)
    c = Companion(Session(game, 0, list(GAMES[game]), iterations=20))
    said = set()
    while not c.position.state.is_terminal():
        state, line = c.position.state, c.next_lines()[-1]
        mover = state.to_move()
        if isinstance(mover, int) and mover != c.me and not c.at_sealed_step():
            name, _, doing = line.removeprefix("next: ").partition(", to ")
            assert name == c.names[mover] and doing, line
            if c.game.name != "automania":
                assert doing_fits(c.game, doing, state.legal_moves()), (line, state.legal_moves())
            said.add(doing)
        assert not c.handle(step_line(c, rng))[0].startswith("not taken")
    least = {"leduc()": {"check or bet"}, "forsale(players=4)": {"bid or pass", "offer an advisor"}}
    assert least.get(game, {"sponsor, place workers or withdraw", "ship the car", "place the tile"}) <= said, said


@pytest.mark.parametrize("game", GAMES)
def test_a_line_that_names_its_seat_after_its_first_word_is_asked_to_open_with_it(game):
    names = GAMES[game]
    c = Companion(Session(game, 0, names, iterations=20))
    assert c.handle(f"then {names[1]} passes")[0].startswith("not taken: 'then' is no seat's name (names: ")
    assert c.handle(f"no contract for {names[1]}")[0].endswith(f"; a step opens with its seat: '{names[1]} ...'")
    assert c.handle("no contract for me")[0].endswith("; a step opens with its seat: 'I ...'")  # yours
    assert "opens with its seat" not in c.handle("okay fine")[0]  # no seat named: nothing to open with


@pytest.mark.parametrize(
    "game, said, step",
    [("forsale(players=4)", "bids 4", "auction"), ("automania(players=3)", "takes row 2", "turn")],
)
def test_a_step_said_without_its_seat_is_refused_offering_the_line_with_the_movers_name(game, said, step):
    rng = random.Random(1)
    c = Companion(Session(game, 0, GAMES[game], iterations=20))
    while step not in (c.position.state.to_dict().get("step"), c.position.state.to_dict().get("phase")):
        assert not c.handle(step_line(c, rng))[0].startswith("not taken")
    mover = c.position.state.to_move()
    offered = f"I {said.replace('s ', ' ', 1)}" if mover == c.me else f"{c.names[mover]} {said}"  # 'I bid 4'
    assert c.handle(said)[0].endswith(f"; a step opens with its seat: say '{offered}'")
    assert c.handle(offered)[0].startswith("  "), "the line offered is taken"


@pytest.mark.parametrize("game", GAMES)
def test_odd_lines_in_every_game_are_refused_with_a_message_and_change_nothing(game, tmp_path):
    for c in walked(game, 1, str(tmp_path / "s.json")):
        c.handle("save")
        for line in [*ODD_LINES, f"save {tmp_path}"]:
            before = said(c)
            answer = c.handle(line)
            assert answer and all(isinstance(a, str) for a in answer), line
            assert not any("internal error" in a for a in answer), (line, answer)
            if said(c) != before:  # taken: a step the rules allow (`lost`, `Bob: raises` in a token game)
                assert c.session.lines[-1] == line.strip() and not answer[0].startswith("not taken"), line
                c.handle("undo")
            assert said(c) == before, line


def test_an_automania_contract_dealt_is_asked_for_by_what_a_card_shows_and_the_example_is_taken():
    """Our contract numbers are printed on no card: the next: line for the display, your own card
    and a card turned up gives an example by what a card shows, and that example is a step taken."""
    rng = random.Random(2)
    c = Companion(Session("automania(players=3)", 0, list(GAMES["automania(players=3)"]), iterations=20))
    shown = set()
    while not c.position.state.is_terminal() and len(shown) < 4:
        step = c.position.state.to_dict()["step"]
        asked = c.next_lines()[0]
        example = re.search(r"say what (?:it|each card) shows, e\.g\. '(.+)'$", asked)
        if example:
            assert not re.search(r"'(?:display|I get|I draw|reveal) [S\d]", asked), asked  # no number
            told = c.handle(example[1])
            assert told[0].startswith("  "), (example[1], told)
            assert c.handle("undo")[0].startswith("undone")
            shown.add(step)
        unseen = re.search(r", unseen: say '(.+)'$", asked)  # another seat's card, as the table sees it
        assert not c.handle(unseen[1] if unseen else step_line(c, rng))[0].startswith("not taken")
    assert shown == {"deal display", "deal starting contract", "draw contract", "reveal contract"}, shown


def mutated(line: str, rng: random.Random, words: list[str]) -> str:
    """`line` with one to three of its words dropped, swapped, replaced or added (from `words`)."""
    said = line.split()
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(said) + 1)
        change = rng.choice(["drop", "swap", "replace", "add"]) if said else "add"
        if change == "add" or at == len(said):
            said.insert(at, rng.choice(words))
        elif change == "drop":
            del said[at]
        elif change == "swap":
            other = rng.randrange(len(said))
            said[at], said[other] = said[other], said[at]
        else:
            said[at] = rng.choice(words)
    return " ".join(said)


@pytest.mark.parametrize("game", GAMES)
def test_a_told_step_typed_back_with_words_changed_is_taken_whole_or_refused_never_a_crash(game):
    """Every step of a random game, as the companion tells it, typed back with words dropped,
    swapped or added (lines near the ones people copy, which reach deep into each game's
    reading): each is a step taken, which undo takes back, or a message that changes nothing."""
    rng = random.Random(3)
    c = Companion(Session(game, 0, list(GAMES[game]), iterations=20))
    words = ["I", "not", "no", "and", "the", ",", ";", "(", ")", "$", "0", "2", "7", "99", "first", *GAMES[game]]
    while not c.position.state.is_terminal():
        line = step_line(c, rng)
        told = c.handle(line)
        assert not told[0].startswith("not taken"), (line, told)
        if not told[0].startswith("  "):  # kept secret, or a reveal told as several lines
            continue
        words += told[0].split()
        assert c.handle("undo")[0].startswith("undone")
        for _ in range(4):
            before, changed = said(c), mutated(told[0], rng, words[-400:])
            answer = c.handle(changed)
            assert not any("internal error" in a for a in answer), (changed, answer)
            if answer[0].startswith("not taken"):
                assert said(c) == before, changed
            else:
                assert c.handle("undo")[0].startswith("undone") and said(c) == before, (changed, answer)
        assert c.handle(line)[0] == told[0]


@pytest.mark.parametrize("game", GAMES)
def test_any_line_is_a_step_taken_and_saved_or_a_message_and_nothing_changed(game, tmp_path):
    path = str(tmp_path / "s.json")
    positions = walked(game, 2, path)
    words = st.sampled_from(
        GAMES[game]
        + [
            "I",
            "me",
            "sells revealed:",
            "sells",
            "revealed:",
            "deal",
            "board",
            "lost",
            "cash",
            "money",
            "undo",
            "advice",
            "show",
        ]
        + ["bids", "passes", "plays", "sells", "keeps", "uses", "raises", "calls", "checks", "folds", "gets", "the"]
        + [":", ",", "..", "?", "+", "@", "with", "paying", "ks", "qh", "king", "of", "spades", "pass", "raise"]
        + ["bid:3", "sell:12", "deal:?", "keep", "start:?", "0", "1", "3", "12", "28", "99", "-1", "10..20"]
        + ["row", "column", "takes", "tile", "machine", "manager", "speed", "office", "ships", "to", "Europe"]
        + ["contract", "order", "demands", "display", "tiles", "station", "withdraws", "he", "will", "Financial"]
    )
    lines = st.one_of(st.lists(words | st.text(max_size=4), max_size=7).map(" ".join), st.text(max_size=30))
    lines = lines.filter(lambda line: not line.strip().lower().startswith("save"))  # saves go to tmp_path only

    @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
    @given(at=st.sampled_from(positions), line=lines)
    def check(at: Companion, line: str) -> None:
        at.handle("save")
        before, advised = said(at), list(at.session.advised)
        answer = at.handle(line)
        assert answer and not any("internal error" in a for a in answer), (line, answer)
        if said(at)[:2] == before[:2]:
            assert said(at) == before
        elif answer[0].startswith("undone"):
            assert at.session.lines == before[1][:-1]
        else:  # taken, and saved with it
            assert at.session.lines == before[1] + [line.strip()] and not answer[0].startswith("not taken")
        assert Session.load(path).lines == at.session.lines
        at.positions, at.session.lines, at.session.tokens, at.session.advised = (
            before[0],
            before[1],
            before[4],
            advised,  # an advice a step brought would outlive the step taken back
        )  # the next example starts here

    check()


def test_a_bug_while_telling_a_line_takes_nothing_back_half_done(tmp_path, monkeypatch):
    c = companion(tmp_path)
    c.handle("deal 3 12 19 27")
    before = said(c)

    def broken(*args):
        raise KeyError("seats")

    monkeypatch.setattr(c, "_told", broken)
    assert c.handle("Anna bids 1") == ["not taken: internal error (KeyError: 'seats'); nothing changed"]
    assert said(c) == before
    monkeypatch.undo()
    advised = list(c.session.advised)
    advice = c.advice

    def advice_then_a_bug(*args):  # the advice is given (and kept for the chart), then something breaks
        advice(*args)
        raise KeyError("seats")

    monkeypatch.setattr(c, "advice", advice_then_a_bug)
    for line in ("Anna bids 1", "Bob passes", "Carol passes"):  # on to your decision (Dee's), then its advice
        answer = c.handle(line)
    assert answer[0].startswith("not taken: internal error") and c.session.advised == advised
    assert Session.load(c.path).advised == c.session.advised  # the file stays readable


# ------------------------------------------------------------- start-up and resume


@pytest.mark.parametrize(
    "options, message",
    [
        (["--game", "leduc()", "--seat", "7"], "--seat must be a seat 0 to 1 of leduc(), not 7"),
        (["--seat", "-1"], "--seat must be a seat 0 to 3 of forsale(players=4), not -1"),
        (
            ["--names", "Anna,Bob"],
            "--names must name each of the 4 seats of forsale(players=4) in seat order, not 2 names",
        ),
        (["--names", "Anna,,Bob,Cy"], "--names: seat 1's name must be one word without ',' or ':', not ''"),
        (["--names", "Anna,anna,Bob,Cy"], "--names: seat 1's name 'anna' is seat 0's too"),
        (
            ["--names", "Anna,me,Bob,Cy"],
            "--names: seat 1's name 'me' is what you call your own seat, seat 0 (seats count from 0 in the order "
            "of the names: --seat 1 makes 'me' yours)",
        ),
        (
            ["--names", "Anna,Bob,Cy,undo"],
            "--names: seat 3's name 'undo' is a word the companion reads itself (advice, advise, ",
        ),
        (["--iterations", "0"], "--iterations must be a whole number 1 to 1000000000000000000, not 0"),
        (
            ["--iterations", "10000000000000000000"],
            "--iterations must be a whole number 1 to 1000000000000000000, not ",
        ),
        (["--at", "garbage"], "--at: 'garbage' is not a field:value word"),
    ],
)
def test_the_commands_settings_are_checked_before_the_first_line(options, message, capsys):
    assert main(["advise", *options]) == 2
    assert capsys.readouterr().err.startswith(f"pyai: error: {message}")


SESSION = {
    "game": "forsale(players=4)",
    "seat": 3,
    "names": list(NAMES),
    "at": None,
    "iterations": 50,
    "lines": ["deal 3 12 19 27", "Anna bids 1"],
}


@pytest.mark.parametrize(
    "change, message",
    [
        ({"seat": "1"}, "\"seat\" must be a seat 0 to 3 of forsale(players=4), not '1'"),
        ({"seat": 7}, '"seat" must be a seat 0 to 3 of forsale(players=4), not 7'),
        ({"seat": True}, '"seat" must be a seat 0 to 3 of forsale(players=4), not True'),
        ({"iterations": "50"}, "\"iterations\" must be a whole number 1 to 1000000000000000000, not '50'"),
        ({"iterations": 0}, '"iterations" must be a whole number 1 to 1000000000000000000, not 0'),
        ({"names": None}, '"names" must name each of the 4 seats of forsale(players=4) in seat order, not None'),
        ({"names": ["A", "a", "B", "C"]}, "\"names\": seat 1's name 'a' is seat 0's too"),
        ({"names": ["A", "B", "C", 4]}, '"names": seat 3\'s name must be text, not 4'),
        ({"at": 7}, '"at" must be a position written as text, not 7'),
        ({"at": "junk"}, "\"at\": 'junk' is not a field:value word"),
        ({"lines": 5}, '"lines" must be a list of lines (text), not 5'),
        ({"lines": ["deal 3 12 19 27", None]}, '"lines": line 2 must be text, not None'),
        (
            {"lines": ["deal 3 12 19 27", "Anna bids 99"]},
            "\"lines\": line 2 'Anna bids 99' is refused now: a bid is at most the bidder's cash",
        ),
        (
            {"lines": ["sells revealed:"]},
            "\"lines\": line 1 'sells revealed:' is refused now: no secret sells to reveal now",
        ),
        ({"lines": [": hello"]}, "\"lines\": line 1 ': hello' is refused now: ':' is no seat's name"),
        ({"advised": {}}, '"advised" must be a list of [step, win chance], not {}'),
        ({"advised": [[3, 0.5]]}, '"advised": each entry is [step 0 to 2, win chance 0 to 1], not [3, 0.5]'),
        ({"advised": [[1, 1.5]]}, '"advised": each entry is [step 0 to 2, win chance 0 to 1], not [1, 1.5]'),
        ({"advised": [[1, True]]}, '"advised": each entry is [step 0 to 2, win chance 0 to 1], not [1, True]'),
        ({"game": "nope"}, "\"game\": unknown game 'nope'"),
        ({"game": None}, '"game" must be a game string, not None'),
        (
            {"extra": 1},
            "unknown field 'extra' (a session holds game, seat, names, at, iterations, lines, advised, tokens)",
        ),
        (
            {"lines": ...},
            'missing field "lines" (a session holds game, seat, names, at, iterations, lines, advised, tokens)',
        ),
        ({"tokens": [["deal:3,12,19,27"]]}, '"tokens" must be a list of each line\'s tokens (2 entries), not'),
        (
            {"tokens": [["deal:3,12,19,27"], "bid:1"]},
            "\"tokens\": line 2's must be a list of move tokens or null, not 'bid:1'",
        ),
        ({"tokens": [["deal:3,12,19,27"], []]}, '"tokens": line 2\'s must be a list of move tokens or null, not []'),
        (
            {"tokens": [["deal:3,12,19,27"], ["bid:99"]]},
            "\"tokens\": line 2's bid:99 (said 'Anna bids 1') is refused now: bid:99 at token 0",
        ),
    ],
)
def test_a_session_file_is_checked_as_a_whole_before_it_goes_on(change, message, tmp_path, capsys):
    data = {**SESSION, **change}
    path = tmp_path / "s.json"
    path.write_text(json.dumps({k: v for k, v in data.items() if v is not ...}))
    kept = path.read_text()
    assert main(["advise", "--resume", str(path)]) == 2
    assert capsys.readouterr().err.startswith(f"pyai: error: cannot resume from {str(path)!r}: {message}")
    with pytest.raises(CompanionError, match="cannot resume from"):
        resume(str(path))
    assert path.read_text() == kept


@pytest.mark.parametrize(
    "text, message",
    [
        (json.dumps(SESSION).replace('"iterations": 50', '"iterations": 1e400'), '"iterations" must be a whole number'),
        ("[1, 2]", "it holds list, not a session (a JSON object)"),
        (json.dumps(SESSION)[:-20], "it is no session file (JSON): Unterminated string"),
        ("[" * 100_000 + "]" * 100_000, "it is no session file (JSON): maximum recursion depth"),
    ],
)
def test_a_session_file_that_is_no_session_says_so(text, message, tmp_path):
    path = tmp_path / "s.json"
    path.write_text(text)
    with pytest.raises(CompanionError) as error:
        resume(str(path))
    assert str(error.value).startswith(f"cannot resume from {str(path)!r}: {message}")


def test_a_session_resumes_from_the_tokens_its_lines_were_taken_as(tmp_path):
    """Each line's tokens are saved beside it, so a line the words would read otherwise now
    (a newer pyai, a hand edit) replays as it was taken; a file without them reads its lines."""
    path = tmp_path / "s.json"
    c = Companion(Session(**SESSION), str(path))
    c.handle("lost Bob cash")
    c.handle("Bob bids 2")
    saved = json.loads(path.read_text())
    assert saved["tokens"] == [["deal:3,12,19,27"], ["bid:1"], None, ["bid:2"]]
    moves = c.position.moves
    saved["lines"][1] = "Anna frobs"  # no longer read: the tokens stand for it
    path.write_text(json.dumps(saved))
    resumed = resume(str(path))
    assert resumed.position.moves == moves and resumed.session.lines[1] == "Anna frobs"
    assert resumed.position.view().to_dict()["seats"][1].get("cash_range") is not None  # the lost line, read again
    del saved["tokens"]
    path.write_text(json.dumps(saved))
    with pytest.raises(CompanionError, match="line 2 'Anna frobs' is refused now"):
        resume(str(path))


def test_a_good_session_file_resumes_and_goes_on_saving_to_itself(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(SESSION))
    c = resume(str(path))
    assert c.path == str(path) and c.position.moves == ("deal:3,12,19,27", "bid:1")
    assert c.handle("Bob bids 2")[0] == "  Bob bids 2"
    assert Session.load(str(path)).lines == [*SESSION["lines"], "Bob bids 2"]


def test_each_advice_keeps_its_win_chance_by_step_and_an_undo_drops_the_ones_taken_back(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps({**SESSION, "seat": 2}))  # Carol (seat 2) is next, after Anna's bid of 1
    c = resume(str(path))
    assert c.session.advised == [] and c.handle("Bob bids 2")[0] == "  Bob bids 2"  # advised at once
    c.advice(40)  # the same position again: one entry a step, the latest
    [[step, win]] = c.session.advised
    assert step == 3 and 0 <= win <= 1
    c.handle("Carol bids 3")
    c._save()
    assert Session.load(str(path)).advised == [[3, win]]
    c.handle("undo")  # back at Carol's decision: advised again there, in place of the entry before
    assert [step for step, _ in c.session.advised] == [3]
    c.handle("undo")
    assert c.session.advised == [] and Session.load(str(path)).advised == []


def test_for_sale_takes_its_move_tokens_as_they_are():
    companion = Companion(Session(game="forsale(players=4)", seat=3, names=["Anna", "Bob", "Carol", "Dee"]))
    for line in ("deal:3,12,19,27", "bid:1", "pass", "Carol bid:2"):
        assert not companion.handle(line)[0].startswith("not taken"), line
    assert companion.position.moves == ("deal:3,12,19,27", "bid:1", "pass", "bid:2")


@pytest.mark.parametrize(
    "game, lines, said",
    [
        ("forsale(players=4)", [], "next: the 4 advisors turned up: say 'deal 3 12 19 27' (their numbers)"),
        ("forsale(players=3,edition=classic)", [], "next: the 3 properties turned up: say 'deal 3 12 19'"),
        ("leduc()", [], "next: your card: say 'I get ks' (or 'I get the king of spades')"),
        (
            "leduc()",
            ["I get ks", "Bob gets his card", "I check", "Bob checks"],
            "next: the public card: say 'board qh'",
        ),
        ("automania(players=3)", [], "next: the player order: say 'order Anna Bob me' (first player first)"),
        (
            "automania(players=3)",
            [
                "order Bob me Anna",
                "demands speed speed power suitcase safety / suitcase green power green safety",
                "display 4 11 19",
            ],
            "next: Bob's starting contract, unseen: say 'Bob gets a starting contract'",
        ),
    ],  # fmt: skip
)
def test_what_the_table_deals_next_is_said_with_how_to_say_it(game, lines, said):
    players = pyai.load_game(game).players
    names = ["Anna", "Bob", "me", "Dee"][:players] if players > 2 else ["me", "Bob"]
    me = names.index("me")
    c = Companion(Session(game, me, names, iterations=50))
    for line in lines:
        answer = c.handle(line)
        assert not answer[0].startswith("not taken"), answer
    assert c._turn_lines()[0].startswith(said)
    example = re.search(r"say '([^']*)'", said).group(1)
    assert c.handle(example)[0].startswith("  ")  # the example given is read as a step


@pytest.mark.parametrize(
    "game, names, lines, expected",
    [
        (
            "leduc()",
            "me,Bob",
            ["I get the king of spades", "Bob gets his card"],
            # a mixed policy (whole-hand CFR): how often to play it, and no one likely line of play
            r"advice: you (check|bet 2).*\r\n.*\r\nwhy: best mixed, so your moves give nothing away: "
            r"choose at random as the search does, this \d+% of the time[\s\S]*\(500 iterations\)",
        ),
        (
            "automania(players=2)",
            "Ann,me",
            [
                "order me Ann",
                "demands speed speed power suitcase safety / suitcase green power green safety",
                "display 4 11 19",
                "I get S1",
                "Ann gets her starting contract",
                "tiles speed 1 star, spoiler 1 star, power silver, research manager 1 star, 1 VP, suitcase 1 star, "
                "safety, chrome 1 star, speed, general manager, green 1 star, power, $2, suitcase, staff 1 worker, "
                "green, research 1 star, stripes 1 star",
            ],
            r"advice: you (place|sponsor|take|withdraw)[\s\S]*likely next: [\s\S]*\(500 iterations\)",
        ),
    ],  # fmt: skip
)
def test_a_session_in_a_terminal_in_words(game, names, lines, expected):
    child = pexpect.spawn(
        sys.executable,
        [
            "-m",
            "pyai",
            "advise",
            "--game",
            game,
            "--seat",
            "1" if names.endswith("me") else "0",
            "--names",
            names,
            "--iterations",
            "500",
        ],  # fmt: skip
        encoding="utf-8",
        timeout=60,
        cwd="/",
    )
    child.expect("next: ")
    for line in lines[:-1]:
        child.expect(r"\r\n> ")  # the prompt, at a line's start
        child.sendline(line)
        child.expect(r"\r\n  \S")  # told back in words, indented
    child.expect(r"\r\n> ")
    child.sendline(lines[-1])  # the step that makes it your decision: the advice comes by itself
    child.expect(expected)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_the_reveal_word_is_the_games_own():
    # For Sale reveals its secret sells with "sells revealed: ...": no seat may be called
    # "sells" there; Leduc has no secret choices, and a seat may.
    with pytest.raises(CompanionError, match="'Sells' is a word the companion reads itself"):
        Companion(Session("forsale(players=3)", 0, ["Me", "Sells", "Cy"]))
    assert Companion(Session("leduc()", 0, ["Me", "Sells"])).names == ["Me", "Sells"]


@pytest.mark.parametrize(
    "game, name, message",
    [
        ("forsale(players=3)", "Deal", "'Deal' opens a line of the table's in forsale (deal, checks, cards)"),
        ("forsale(players=3)", "checks", "'checks' opens a line of the table's"),
        ("automania(players=3)", "Order", "'Order' opens a line of the table's in automania (order, demands, "),
        ("automania(players=3)", "tiles", "'tiles' opens a line of the table's"),
        ("forsale(players=3)", "2", "'2' holds no letter: a name of digits or signs alone would read as a number"),
        ("automania(players=3)", "17", "'17' holds no letter"),
        ("leduc()", "2!", "'2!' holds no letter"),
        ("forsale(players=3)", "--Bob", "'--Bob' must start with a letter or a digit"),
        ("leduc()", "The", "'The' opens a line of the table's in leduc (the)"),
        ("leduc()", "I'm", '"I\'m" is what you call your own seat, seat 0'),
    ],
)
def test_no_seat_is_called_by_a_word_that_opens_the_tables_lines_or_without_a_letter(game, name, message):
    # 'Deal bids 3' would read as a deal, 'order 2 me Cy' the seat numbered 2: refused up front.
    with pytest.raises(CompanionError, match=re.escape(message)):
        Companion(Session(game, 0, ["Me", name, "Cy"][: pyai.load_game(game).players]))


def test_a_name_the_table_words_leave_free_is_a_seats():
    # Leduc reads 'Board raises' as a seat's step and 'board qh' as the public card; a name may hold digits.
    assert Companion(Session("leduc()", 0, ["Me", "Board"])).names == ["Me", "Board"]
    assert Companion(Session("automania(players=3)", 0, ["Me", "2b", "Order1"])).names == ["Me", "2b", "Order1"]


@pytest.mark.parametrize("me", [0, 1])
def test_board_qh_is_the_public_card_whichever_seat_is_called_board(me):
    c = Companion(Session("leduc()", me, ["Board", "Deal"], iterations=20))
    mine, theirs = ("I get ks", "Deal is dealt a card") if me == 0 else ("Board is dealt a card", "I get ks")
    for line in [mine, theirs, "Board raises", "Deal calls"] if me == 0 else [mine, theirs, "Board raises", "I call"]:
        assert not c.handle(line)[0].startswith("not taken"), line
    assert c.handle("board qh")[0] == "  the public card: queen of hearts"


def test_money_is_forgotten_through_the_games_view():
    # `lost` goes through View.forget_money: For Sale's cash, Automania's money; a game
    # without hidden money refuses it by name.
    forsale = pyai.load_game("forsale(players=3)").replay(["deal:1,10,25", "bid:3"])
    view = forsale.view(0).forget_money(1, 5, 9)
    assert view.to_dict()["seats"][1]["cash_range"] == [5, 9]
    with pytest.raises(pyai.PhaseError, match="leduc has no money a player can lose track of"):
        pyai.load_game("leduc()").new_initial_state().view(0).forget_money(1)
    c = Companion(Session("forsale(players=3)", 0, ["Me", "Bob", "Cy"], iterations=50))
    assert c.handle("lost Bob cash") == ["not taken: the position has no cash now to forget"]  # before the first deal
