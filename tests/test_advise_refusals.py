"""The rules' reasons for refusing a step, as the companion tells them at a table: about the
move, not about who made it, and never a seat as "it"; the advised seat's own things are
"your", another seat's are said by its name."""

from __future__ import annotations

import re

import pytest
from automania.scenarios import new_game, others_withdraw, play

from pyai.commands.advise import Companion
from pyai.commands.advise_session import Session

# A seat spoken of as a thing: the rules' reasons once said "seat 0 owes nothing: it may fold".
SEAT_AS_IT = re.compile(r"\bit (?:may|cannot|owes|has)\b|\bits (?:turn|record|action|two)\b|\bowes\b")


def refused(c: Companion, line: str) -> str:
    answer = c.handle(line)
    assert len(answer) == 1 and answer[0].startswith("not taken: "), (line, answer)
    assert not SEAT_AS_IT.search(answer[0]), answer[0]
    return answer[0]


def taken(c: Companion, *lines: str) -> None:
    for line in lines:
        assert not c.handle(line)[0].startswith("not taken"), line


@pytest.mark.parametrize("me", [0, 1])
def test_a_leduc_refusal_is_about_the_bet_whoever_is_told_it(me):
    names = ["Ann", "Bob"]
    c = Companion(Session("leduc()", me, names, iterations=20))
    taken(c, *(("I get the king of hearts", "Bob gets a card") if me == 0 else ("Ann gets a card", "I get kh")))
    ann, annes = ("you", "your") if me == 0 else ("Ann", "Ann's")
    assert refused(c, "Ann folds" if me else "I fold").startswith(
        f"not taken: there is no bet to fold to: a fold is legal only when facing a bet; legal now, {ann}: check"
    )
    assert refused(c, "board qs").startswith(f"not taken: no card is dealt now: it is {annes} turn to act; legal now")
    taken(c, "Ann raises" if me else "I raise")
    bob = "you" if me == 1 else "Bob"
    assert refused(c, "I check" if me else "Bob checks").startswith(
        "not taken: there is a bet of 2 chips to call: a check is legal only when there is no bet to call; "
        f"legal now, {bob}: fold"
    )
    taken(c, "I call" if me else "Bob calls")
    mine = "not taken: the king of hearts is already dealt: it is your card;"
    assert refused(c, "board kh").startswith(mine)


@pytest.mark.parametrize("me", [0, 1])
def test_a_for_sale_refusal_names_no_bidder_and_says_whose_turn_it_is(me):
    c = Companion(Session("forsale(players=3)", me, ["Ann", "Bob", "Cy"], iterations=20))
    taken(c, "deal 3 12 19")
    ann = "you" if me == 0 else "Ann"
    assert refused(c, "I bid 99" if me == 0 else "Ann bids 99").startswith(
        f"not taken: a bid is at most the bidder's cash (28); legal now, {ann}: pass"
    )
    whose = "your" if me == 0 else "Ann's"
    assert refused(c, "deal 1 2 4").startswith(f"not taken: no cards are to be turned up now: it is {whose} turn;")


@pytest.mark.parametrize("me", [0, 1])
def test_an_automania_refusal_says_whose_workers_block_a_space_as_yours_or_by_name(me):
    state = new_game()
    play(state, "place:C1", "tile:1", "discard", "draw:1", "reveal:4")  # Ann's worker on column 1
    others_withdraw(state)
    c = Companion(Session("automania(players=3)", me, ["Ann", "Bob", "Cy"], state.view(me).position(), 20))
    ann, annes = ("you", "your") if me == 0 else ("Ann", "Ann's")
    assert refused(c, "Ann column 1").startswith(
        f"not taken: column 1 holds {annes} own workers (wait until another seat replaces them); legal now, {ann}: "
    )
    assert refused(c, "Ann sponsors 6").startswith(
        "not taken: with 5 workers at home, sponsoring 6 leaves none for an action (withdraw sponsors them all);"
    )


def test_the_advised_seat_as_an_owner_is_your_or_yours_and_another_seat_its_name():
    c = Companion(Session("leduc()", 1, ["Ann", "Bob"], iterations=20))
    reason = "level 3 holds seat 1's car, not seat 0's; seat 1 is listed twice; seat 1's and seat 0's cars"
    assert c._named(reason, told_to_me=True) == (
        "level 3 holds your car, not Ann's; Bob is listed twice; yours and Ann's cars"
    )
    assert c._named(reason) == "level 3 holds Bob's car, not Ann's; Bob is listed twice; Bob's and Ann's cars"


def test_a_slip_of_the_letters_is_offered_the_legal_step_it_was_meant_for():
    """A line the words cannot read that differs from a legal step only by its spelling is offered
    that step, said as the companion reads it; another word, number or count of words never is."""
    c = Companion(Session("forsale(players=4)", 0, ["Ann", "Bob", "Cy", "Dee"], iterations=10))
    c.handle("deal 3 12 19 27")
    assert c.handle("I pas")[0].endswith("; did you mean 'I pass'?")
    assert c.handle("I bdi 3")[0].endswith("; did you mean 'I bid 3'?")
    for line in ("I bid 3 more", "I plya 3", "I"):  # another meaning, no legal step, no slip
        assert "did you mean" not in c.handle(line)[0], line
    assert c.handle("I pass")[0].startswith("  you pass")  # the offered line is taken
    leduc = Companion(Session("leduc()", 0, ["Ann", "Bob"], iterations=10))
    for line in ("I get ks", "Bob gets a card", "I check"):
        leduc.handle(line)
    assert leduc.handle("Bbo bets")[0].endswith("; did you mean 'Bob bets'?")  # as a round's first chips are told
    assert leduc.handle("Bob chekcs")[0].endswith("; did you mean 'Bob checks'?")
    assert leduc.handle("Bob checks")[0] == "  Bob checks: the pot is 2"


def test_a_step_said_without_its_seat_is_offered_with_the_seat_and_its_verb_agreeing():
    c = Companion(Session("forsale(players=4)", 0, ["Ann", "Bob", "Cy", "Dee"], iterations=10))
    c.handle("deal 3 12 19 27")
    assert c.handle("bids 3")[0].endswith("; a step opens with its seat: say 'I bid 3'")  # yours: no -s
    assert c.handle("I bid 3")[0] == "  you bid 3"
    assert c.handle("bid 4")[0].endswith("; a step opens with its seat: say 'Bob bids 4'")
    assert c.handle("passes")[0].endswith("; a step opens with its seat: say 'Bob passes'")


def test_a_line_read_as_an_illegal_step_is_refused_without_a_search_for_slips(monkeypatch):
    """A line whose words were read needs no slip of its letters looked for: only its refusal,
    which lists the legal steps, is worded."""
    c = Companion(Session("forsale(players=4)", 0, ["Ann", "Bob", "Cy", "Dee"], iterations=10))
    c.handle("deal 3 12 19 27")
    monkeypatch.setattr(Companion, "_line_close_to", lambda self, text: pytest.fail(f"slips looked for in {text!r}"))
    refused = c.handle("I bid 99")[0]
    assert refused.startswith("not taken: ") and "legal now, you: " in refused
