"""`pyai advise` at the points where a table game needs more than one step a line:
the sealed sells revealed at once (your own told first), advice with its own
iterations, a resumed session's options, advice offered whenever your decision
comes, the table and the end of the game said by the seats' names."""

from __future__ import annotations

import io
import json
import random

import pytest

import pyai
from pyai.cli import main
from pyai.commands.advise import Companion, SealedChoice, resume
from pyai.commands.advise_session import Session

NAMES = ["Anna", "Bob", "Carol", "Dee"]


def selling_start(seed: int = 5):
    """A 4-player state at the start of a selling round, and each seat's vehicles."""
    game = pyai.load_game("forsale(players=4)")
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not (state.to_dict()["phase"] == "selling" and state.to_move() == 0):
        mover = state.to_move()
        state.apply(state.sample_chance(rng.getrandbits(64)) if mover == "chance" else rng.choice(state.legal_moves()))
    return state, [seat["vehicles"] for seat in state.to_dict()["seats"]]


def said(c: Companion, path) -> tuple:
    return list(c.positions), list(c.session.lines), path.read_text() if path.exists() else None


def test_a_reveal_names_every_seat_still_to_sell_once_or_changes_nothing(tmp_path):
    state, hands = selling_start()
    path = tmp_path / "s.json"
    c = Companion(Session("forsale(players=4)", 2, list(NAMES), state.view(2).position(), 50), str(path))
    c.handle("save")
    a, b, mine, d = (hand[0] for hand in hands)
    before = said(c, path)
    for line, why in [
        (f"sells revealed: Anna {a}", "the line leaves out Bob, Carol (you), Dee"),
        (f"sells revealed: Anna {a}, Bob {b}, Dee {d}", "the line leaves out Carol (you)"),
        (f"sells revealed: Anna {a}, Bob {b}, Anna {a}, I {mine}, Dee {d}", "Anna is named twice"),
        (f"sells revealed: Anna {a}, Zed {b}, I {mine}, Dee {d}", "'Zed' is no seat's name"),
        (f"sells revealed: Anna {a}, Bob 99, I {mine}, Dee {d}", "Bob's sell: vehicle 99 is not in hand"),
        (f"Anna sells {a}", "Anna's sell comes with the others', as the sells are turned up together"),
        (f"everyone reveals: Anna {a}, Bob {b}", "the line leaves out Carol (you), Dee"),  # a reveal, headed as said
        (f"Anna {a}, Bob {b}, Dee {d}", "the line leaves out Carol (you)"),  # a reveal without its heading
        # a token alone is yours: Anna's is not in your hand, and the others' come in the reveal line
        (f"sell:{a}", f"sell:{a} is not yours to choose: vehicle {a} is not in hand"),
    ]:
        answer = c.handle(line)
        assert answer[0].startswith(f"not taken: {why}"), (line, answer)
        assert said(c, path) == before, line
    # Any order, taken in seat order; the echo says what was sold, once, in seat order.
    answer = c.handle(f"sells revealed: Dee {d}, I {mine}, Bob {b}, Anna {a}")
    assert answer[0].startswith(f"  sold: Anna {a} -> check "), answer
    assert f", Bob {b} -> check " in answer[0] and f", you {mine} -> check " in answer[0] and ", Dee " in answer[0]
    assert "has chosen" not in " ".join(answer)
    assert c.position.moves[-4:] == (f"sell:{a}", f"sell:{b}", f"sell:{mine}", f"sell:{d}")
    assert c.handle("undo")[0].startswith("undone") and said(c, path)[:2] == before[:2]
    # As a list is said: 'and' before the last seat (with or without a comma) parts it too.
    for line in (
        f"sells revealed: Dee {d}, I {mine}, Bob {b} and Anna {a}",
        f"sells revealed: Dee {d} & I {mine}, Bob {b}, and Anna {a}",
    ):
        assert not c.handle(line)[0].startswith("not taken"), line
        assert c.position.moves[-4:] == (f"sell:{a}", f"sell:{b}", f"sell:{mine}", f"sell:{d}")
        assert c.handle("undo")[0].startswith("undone")


def test_an_and_in_a_reveal_is_a_sells_own_unless_a_seat_follows_it():
    """'Anna 12 and 20 with 19' is Anna's two vehicles with her Lawyer: an 'and' parts the
    reveal line only before a seat's name."""
    c = Companion(Session("forsale(players=4)", 2, list(NAMES), iterations=50))
    assert c._reveal_parts("Anna 12 and 20 with 19, Bob 3 and I 5 and Dee 7") == [
        ["Anna", "12", "and", "20", "with", "19"],
        ["Bob", "3"],
        ["I", "5"],
        ["Dee", "7"],
    ]


def test_your_own_sell_is_told_when_you_choose_it_and_the_reveal_gives_the_others(tmp_path):
    state, hands = selling_start()
    path = tmp_path / "s.json"
    c = Companion(Session("forsale(players=4)", 2, list(NAMES), state.view(2).position(), 50), str(path))
    a, b, mine, d = (hand[0] for hand in hands)
    assert c.handle(f"I sell {mine}") == [
        f"  you sell {mine}: kept secret until the sells are revealed",
        # the example names a vehicle each seat holds
        f"next: the sells, secret until revealed; then in one line: 'sells revealed: Anna {a}, Bob {b}, Dee {d}'",
    ]
    assert isinstance(c.position, SealedChoice) and c.position.moves == ()
    assert c.advice()[0] == f"no advice now: your sell is told (sell:{mine}); 'undo' takes it back"
    assert c.show()[-1] == f"your sell, told: you sell {mine} [sell:{mine}] (kept until the sells are revealed)"
    before = said(c, path)
    assert c.handle(f"I sell {hands[2][1]}")[0].startswith(f"not taken: your sell is told already (sell:{mine})")
    other = hands[2][1]
    assert c.handle(f"sells revealed: Anna {a}, Bob {b}, I {other}, Dee {d}")[0] == (
        f"not taken: your sell is told already ({mine}): the line names the others (Anna, Bob, Dee), and yours only "
        "as told; 'undo' takes yours back"
    )
    assert said(c, path) == before
    # Every seat named as the cards flip, yours as told: taken.
    answer = c.handle(f"sells revealed: Anna {a}, Bob {b}, I {mine}, Dee {d}")
    assert answer[0].startswith(f"  sold: Anna {a} -> check ") and c.handle("undo")[0].startswith("undone")
    assert c.handle("lost Bob cash")[0].startswith("  Bob's cash is unknown now: anything from ")  # the sell stays told
    assert isinstance(c.position, SealedChoice) and c.handle("undo")[0].startswith("undone")
    answer = c.handle(f"sells revealed: Anna {a}, Bob {b}, Dee {d}")
    assert answer[0].startswith(f"  sold: Anna {a} -> check ") and f"you {mine} -> check" in answer[0]
    assert c.position.moves == (f"sell:{a}", f"sell:{b}", f"sell:{mine}", f"sell:{d}")
    resumed = resume(str(path))  # the lines replay to the same position
    assert resumed.position.moves == c.position.moves
    assert resumed.session.lines == [f"I sell {mine}", f"sells revealed: Anna {a}, Bob {b}, Dee {d}"]


def test_the_first_seat_in_seat_order_tells_its_sell_as_a_move():
    state, hands = selling_start()
    c = Companion(Session("forsale(players=4)", 0, ["Me", "Bob", "Carol", "Dee"], state.view(0).position(), 50))
    assert c.handle(f"I sell {hands[0][0]}") == [
        f"  you sell {hands[0][0]}: kept secret until the sells are revealed",  # as a sell kept is told
        "next: the sells, secret until revealed; then in one line: "
        f"'sells revealed: Bob {hands[1][0]}, Carol {hands[2][0]}, Dee {hands[3][0]}'",
    ]
    assert c.position.moves == (f"sell:{hands[0][0]}",)
    # The line may name you too, as the cards flip: as told, or it is refused.
    others = f"Bob {hands[1][0]}, Carol {hands[2][0]}, Dee {hands[3][0]}"
    assert c.handle(f"sells revealed: Me {hands[0][1]}, {others}")[0].startswith(
        f"not taken: your sell is told already ({hands[0][0]})"
    )
    assert c.handle(f"sells revealed: Me {hands[0][0]}, {others}")[0].startswith(f"  sold: you {hands[0][0]} -> ")
    assert c.handle("undo")[0].startswith("undone")
    told = c.handle(f"sells revealed: Bob {hands[1][0]}, Carol {hands[2][0]}, Dee {hands[3][0]}")
    assert told[0].startswith(f"  sold: you {hands[0][0]} -> check ")


def test_advice_n_searches_n_iterations():
    c = Companion(Session("forsale(players=4)", 0, list(NAMES), iterations=40))
    c.handle("deal 3 12 19 27")
    assert c.handle("advice 300")[-1] == "(300 iterations)"
    assert c.handle("hint")[-1] == "(40 iterations)"
    for junk in ("0", "-5", "x", "10000000000000000000", "300 x"):
        assert c.handle(f"advice {junk}") == [
            "not taken: advice N: N is the iterations for this advice, a whole number 1 to 1000000000000000000 "
            f"(not {junk!r})"
        ]
    assert c.handle("show me") == ["not taken: show takes nothing after it (not 'me')"]


SESSION = {
    "game": "forsale(players=4)",
    "seat": 3,
    "names": list(NAMES),
    "at": None,
    "iterations": 50,
    "lines": ["deal 3 12 19 27", "Anna bids 1", "Bob bids 2", "Carol bids 3"],
}


def test_iterations_with_resume_go_on_and_are_saved(tmp_path, monkeypatch, capsys):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(SESSION))
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # the person's input ends at once
    assert main(["advise", "--resume", str(path), "--iterations", "70"]) == 0
    out = capsys.readouterr().out
    assert "70 iterations per advice from now on" in out and "(70 iterations)" in out  # Dee's decision
    assert Session.load(str(path)).iterations == 70
    kept = path.read_text()
    assert main(["advise", "--resume", str(path), "--iterations", "0"]) == 2
    assert capsys.readouterr().err.startswith("pyai: error: --iterations must be a whole number 1 to ")
    assert path.read_text() == kept


@pytest.mark.parametrize(
    "options, named",
    [
        (["--seat", "1"], "--seat"),
        (["--game", "leduc()"], "--game"),
        (["--names", "A,B,C,D", "--at", "x", "--players", "4"], "--players, --names, --at"),
    ],
)
def test_options_a_played_session_cannot_change_are_refused(options, named, tmp_path, capsys):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(SESSION))
    kept = path.read_text()
    assert main(["advise", "--resume", str(path), *options]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"pyai: error: {named} cannot change a session already played"), err
    assert path.read_text() == kept


def test_advice_comes_by_itself_after_resume_at_and_undo(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(SESSION))
    greeting = resume(str(path)).greeting()
    assert any(line.startswith("advice: ") for line in greeting)  # Dee's decision
    state, _ = selling_start()
    at = Companion(Session("forsale(players=4)", 2, list(NAMES), state.view(2).position(), 50))
    assert any(line.startswith("advice: ") and "[sell:" in line for line in at.greeting())
    c = resume(str(path))
    c.handle("I pass")
    answer = c.handle("undo")
    assert answer[0].startswith("undone") and any(line.startswith("advice: ") for line in answer)
    c.handle("undo")  # Carol's bid taken back: Carol's step, no advice
    assert c.handle("undo")[-1] == "next: Bob, to bid more than 1 or pass"


def test_show_names_the_seats_by_their_names():
    c = Companion(Session("forsale(players=4)", 3, list(NAMES), iterations=20))
    c.handle("deal 3 12 19 27")
    shown = "\n".join(c.show())
    assert "as seen by Dee" in shown and "to move: Anna" in shown and "\n  Bob: cash 28; bid 0" in shown
    assert "seat " not in shown


def test_the_end_of_the_game_gives_the_winners_and_each_seats_score_with_its_parts():
    game = pyai.load_game("forsale(players=3)")
    rng = random.Random(3)
    state = game.new_initial_state()
    while not (state.to_dict()["phase"] == "selling" and state.to_dict()["round"] == 7 and state.to_move() == 0):
        mover = state.to_move()
        state.apply(state.sample_chance(rng.getrandbits(64)) if mover == "chance" else rng.choice(state.legal_moves()))
    hands = [seat["vehicles"] for seat in state.to_dict()["seats"]]
    c = Companion(Session("forsale(players=3)", 2, ["Anna", "Bob", "Cy"], state.view(2).position(), 20))
    c.handle(f"I sell {hands[2][0]}")
    answer = c.handle(f"sells revealed: Anna {hands[0][0]}, Bob {hands[1][0]}")
    while not c.position.state.is_terminal():  # a Lawyer's keep or a Mechanic decision still to come
        answer = c.handle(c.position.state.legal_moves()[0])
    end = answer[answer.index("the game is over:") :]
    final = c.position.state
    parts = final.score_breakdown()
    told = ["Anna", "Bob", "Cy (you)"]  # the advised seat marked, as in every picture
    for line, name, score, part in zip(end[1:], told, final.scores(), parts):
        assert line == (
            f"{name}: {score}  (checks {part['checks']}, cash {part['cash']}, "
            f"Controllers and Restoration Specialists {part['modifiers']}, Financial Advisors {part['financial']})"
        )
    winners = ", ".join(told[s] for s in final.winners())
    assert end[4] == f"winner{'s' * (len(final.winners()) > 1)}: {winners}"


def table_words(game: pyai.Game, record: list[str], names: list[str], me: int) -> list[str]:
    """Seat `me`'s record of a For Sale game as a person at the table says it: deals,
    bids and plays one a line, your own sealed sell when you choose it, the others'
    in one line once revealed."""
    state, lines, index = game.new_initial_state(), [], 0
    while index < len(record):
        token, mover = record[index], state.to_move()
        sealed = mover != "chance" and sum(state.may_act(seat) for seat in range(game.players)) > 1
        if sealed:  # every seat's sell, in seat order: yours, then the reveal
            choosing = [seat for seat in range(game.players) if state.may_act(seat)]
            sells = {seat: record[index + n] for n, seat in enumerate(choosing)}
            for sell in sells.values():
                state.apply(sell)
            index += len(sells)
            said = {seat: sell[5:].replace(",", " ").replace("@", " with ") for seat, sell in sells.items()}
            if me in said:
                lines.append(f"I sell {said.pop(me)}")
            lines.append("sells revealed: " + ", ".join(f"{names[seat]} {words}" for seat, words in said.items()))
            continue
        who = "I" if mover == me else names[mover] if mover != "chance" else ""
        s = "" if mover == me else "s"  # "I bid", "Anna bids"
        verb, _, rest = token.partition(":")
        lines.append(
            {
                "deal": f"deal {rest.replace(',', ' ')}",
                "bid": f"{who} bid{s} {rest}",
                "pass": f"{who} pass{'es' * bool(s)}",
                "play": f"{who} play{s} {rest.rstrip('+')}" + (" paying 3" if rest.endswith("+") else ""),
                "keep": f"{who} keep{s} {rest}",
                "mech": f"{who} {'use' + s + ' the Mechanic' if rest == 'use' else 'skip' + s}",
            }[verb]
        )
        state.apply(token)
        index += 1
    return lines


@pytest.mark.parametrize("seed", [3, 8])
def test_a_whole_game_said_in_words_reaches_the_same_end(seed):
    game = pyai.load_game("forsale(players=4)")
    bots = [pyai.make_bot("heuristic", seed=s) for s in range(4)]
    state, rng = game.new_initial_state(), random.Random(seed)
    while not state.is_terminal():
        mover = state.to_move()
        state.apply(state.sample_chance(rng.getrandbits(32)) if mover == "chance" else bots[mover].choose(state))
    record = state.view(2).history()  # what seat 2 saw: the unseen removal is not in it
    c = Companion(Session("forsale(players=4)", 2, ["Anna", "Bob", "me", "Dee"], iterations=20))
    answer = c.greeting()
    for line in table_words(game, record, c.names, 2):
        if line.startswith("I "):  # the advice came by itself before each of my moves
            assert any(out.startswith("advice: ") for out in answer), (line, answer)
        answer = c.handle(line)
        assert not answer[0].startswith("not taken"), (line, answer)
    assert list(c.position.moves) == record
    final = c._final_lines()
    winners = ", ".join(c.names[s] + " (you)" * (s == c.me) for s in state.winners())
    assert final[0] == "the game is over:" and final[-1].endswith(winners)


def test_a_reveal_parted_by_semicolons_and_typed_back_with_what_came_of_it_is_checked():
    """'; ' before a seat's name parts the reveal as a comma does; after it, what came of the reveal
    as it is told is checked against the telling, never dropped unread."""
    state, hands = selling_start()
    c = Companion(Session("forsale(players=4)", 0, ["Me", "Bob", "Carol", "Dee"], state.view(0).position(), 50))
    mine, b, cy, d = (hand[0] for hand in hands)
    c.handle(f"I sell {mine}")
    other = next(vehicle for vehicle in hands[1] if vehicle != b)
    # One seat's sell said alone: the example is the line meant, with the sell as said.
    assert c.handle(f"Bob sells {other}") == [
        f"not taken: Bob's sell comes with the others', as the sells are turned up together: yours is "
        f"told; say the others' in one line once revealed: 'sells revealed: Bob {other}, Carol {cy}, Dee {d}'"
    ]
    for reveal in (f"everyone reveals: Bob {b}, Carol {cy}, Dee {d}", f"Bob sold {b}, Carol sold {cy} and Dee {d}"):
        assert c.handle(reveal)[0].startswith(f"  sold: you {mine} -> check "), reveal
        assert c.handle("undo")[0].startswith("undone")
    told = c.handle(f"sells revealed: Bob {b}; Carol {cy} and Dee {d}")[0]
    assert told.startswith(f"  sold: you {mine} -> check "), told
    moves = c.position.moves
    assert c.handle("undo")[0].startswith("undone")
    reveal = f"sells revealed: Bob {b}, Carol {cy}, Dee {d}"
    assert c.handle(f"{reveal};{told.strip()}")[0] == told  # typed back as it was told
    assert c.position.moves == moves and c.handle("undo")[0].startswith("undone")
    wrong = told.strip().replace(f"you {mine} -> check ", f"you {mine} -> check 1", 1)
    before = c.position.moves
    answer = c.handle(f"{reveal}; {wrong}")[0]
    assert answer.startswith(f"not taken: 'sold: you {mine} -> check 1"), answer
    assert "is not what came of the sells revealed, which is told 'sold: " in answer, answer
    assert c.position.moves == before


def test_your_sell_typed_with_what_came_of_it_is_checked_against_its_telling():
    """'I sell 5; you sell 9' says two sells: refused whole, in seat order or kept for the reveal;
    the companion's own telling ('you sell 5: kept secret until the sells are revealed') is read back."""
    state, hands = selling_start()
    for seat, names in ((0, ["Me", "Bob", "Carol", "Dee"]), (2, list(NAMES))):
        c = Companion(Session("forsale(players=4)", seat, names, state.view(seat).position(), 50))
        mine, other = hands[seat][:2]
        answer = c.handle(f"I sell {mine}; you sell {other}")
        assert answer[0].startswith(f"not taken: 'you sell {other}' is not what came of 'I sell {mine}'"), answer
        assert c.position.moves == () and not isinstance(c.position, SealedChoice)
        told = c.handle(f"I sell {mine}")[0].strip()
        assert c.handle("undo")[0].startswith("undone")
        assert c.handle(told)[0].strip() == told, told  # the telling typed back: the same sell


def test_a_second_sell_after_yours_was_taken_first_in_seat_order_is_refused_as_told_already():
    """Seat 0 chooses first in seat order: its sell is the rules' move at once, not kept for the
    reveal; another sell of its own is then refused as told already, never an internal error."""
    state, hands = selling_start()
    c = Companion(Session("forsale(players=4)", 0, list(NAMES), state.view(0).position(), 50))
    mine, other = hands[0][0], hands[0][1]
    kept = "kept secret until the sells are revealed"  # as a sell kept for the reveal is told
    assert c.handle(f"I sell {mine}")[0] == f"  you sell {mine}: {kept}"
    for line in (f"I sell {other}", f"sell:{other}", f"Anna sells {other}"):
        assert c.handle(line)[0].startswith("not taken: your sell is told already: 'undo' takes it back; "), line
    assert c.position.moves == (f"sell:{mine}",)
    assert c.handle("undo")[0].startswith("undone") and c.handle(f"I sell {other}")[0] == f"  you sell {other}: {kept}"
