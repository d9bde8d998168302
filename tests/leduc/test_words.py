"""Leduc told at a real table in the words poker players use (`pyai advise`): each line is
read as the step it says, or refused saying what was wrong and how to say it; never read
as another step, and no part of a line passed over without a word."""

from __future__ import annotations

import re

import pytest

import pyai
from pyai.commands.advise import Companion
from pyai.commands.advise_session import Session

GAME = pyai.load_game("leduc()")
NAMES = ["Me", "Bob"]


def read(line: str, *tokens: str, seat: int = 0) -> str:
    """The token `line` says after `tokens`, as seat `seat` (named as NAMES) sees the hand."""
    return GAME.words_to_token(line, GAME.replay(tokens).view(seat).to_dict(), NAMES, seat)


def refused(line: str, *tokens: str, seat: int = 0) -> str:
    """Why `line` is refused after `tokens`."""
    with pytest.raises(pyai.TokenSyntaxError) as error:
        read(line, *tokens, seat=seat)
    return str(error.value)


def companion(*lines: str, seat: int = 0) -> Companion:
    c = Companion(Session("leduc()", seat, list(NAMES), iterations=10))
    for line in lines:
        assert not c.handle(line)[0].startswith("not taken"), line
    return c


DEALT = ("deal:kh", "deal:qs")  # my king of hearts, Bob's queen of spades


# --- moves


@pytest.mark.parametrize(
    "line, token",
    [
        ("I re-raise", "raise"),
        ("I'm checking", "check"),
        ("I'll raise", "raise"),
        ("I am calling", "call"),
        ("I open for 2", "raise"),
        ("I call to see the board", "call"),  # "to see" is the call's aim, no second move
    ],
)
def test_the_forms_of_a_move_players_use_are_read(line, token):
    assert read(line, *DEALT) == token


def test_a_call_or_a_fold_by_another_word_and_the_other_seat_as_he_are_read():
    facing = (*DEALT, "raise")  # Bob owes 2
    assert read("Bob re-raised", *facing) == "raise"
    assert read("Bob matches", *facing) == "call"
    assert read("Bob mucks", *facing) == "fold"
    for line in ("Bob's out", "Bob is out", "Bob drops", "Bob gives up"):  # a fold as said at a table
        assert read(line, *facing) == "fold", line
    assert read("he calls", *facing) == "call"  # of two seats, the other one
    assert refused("she raises", *facing, seat=1) == "it is your turn, not Me's"  # to Bob, she is Me


@pytest.mark.parametrize("line, token", [("bet", "raise"), ("Raise.", "raise"), ("checks", "check"), ("call!", "call")])
def test_a_move_said_alone_is_read_as_the_move(line, token):
    # Said alone, a verb is the seat to move's: 'bet' is no token of the rules, and never sent as one.
    assert read(line, *DEALT) == token


def test_a_number_said_in_words_is_checked_as_a_number():
    assert read("I bet two", *DEALT) == "raise"
    assert refused("I bet five", *DEALT) == "a raise now is to 3 (by 2), not 5"
    assert refused("I call ten", *DEALT, "raise", seat=1) == "a call now costs 2, to 3 each, not 10"


@pytest.mark.parametrize(
    "line, said",
    [
        ("I raise, Bob calls", "raise and call"),
        ("I check and raise", "check and raise"),
        ("I raise twice", "raise twice"),
    ],
)
def test_two_moves_in_one_line_are_refused_as_one_move_a_line(line, said):
    assert refused(line, *DEALT) == f"one move a line: {line!r} says {said}; say what you do now, then the next"


@pytest.mark.parametrize(
    "line, as_made",
    [
        ("I should raise", "I raise"),
        ("I will call", "I call"),
        ("I'm going to raise.", "I raise"),
        ("I\u2019d fold", "I fold"),
    ],
)
def test_a_move_to_come_or_that_might_be_made_is_no_move_made(line, as_made):
    assert refused(line, *DEALT) == (
        f"say a step made, not one to come or that might be ('{as_made}' once it is made); 'advice' asks what to play"
    )
    assert read("I'll call", *DEALT) == "call"  # said as it is made


def test_a_move_said_with_a_doubt_or_asked_is_no_move_made():
    assert refused("Bob may fold", *DEALT, "raise", seat=0).startswith("say a step made, not one to come")
    assert refused("I raise maybe", *DEALT) == (
        "say what you do (raise, call, check or fold), not what might be done ('advice' asks what to play)"
    )
    assert refused("I fold?", *DEALT, "raise", "raise").endswith("not what might be done ('advice' asks what to play)")
    for denied in ("I don't raise", "I dont raise"):  # a denial, with its apostrophe or without
        assert refused(denied, *DEALT).endswith("not what is not done"), denied


def test_a_refusal_asks_the_advised_seat_what_it_does_as_you():
    assert refused("I pass", *DEALT) == "say what you do: raise, call, check or fold (not 'I pass')"
    assert refused("I don't raise", *DEALT) == "say what you do (raise, call, check or fold), not what is not done"


def test_a_raise_past_the_rounds_limit_is_refused_for_the_limit_whatever_its_amount():
    c = companion("I get kh", "Bob gets a card", "I raise", "Bob raises")
    for line in ("I raise to 12", "I re-raise", "I raise 4"):
        assert c.handle(line)[0].startswith("not taken: at most 2 raises a round; legal now, you: fold"), line


def test_a_rounds_first_chips_are_told_as_a_bet_and_those_after_as_raises():
    c = companion("I get kh", "Bob gets a card")
    lines = ("I raise", "Bob raises", "I call", "board qh", "I raise", "Bob raises")
    told = [c.handle(line)[0].strip() for line in lines]
    assert told == [
        "you bet 2: the pot is 4",
        "Bob raises to 5: the pot is 8",
        "you call: 5 each, the pot is 10",
        "the public card: queen of hearts",
        "you bet 4: the pot is 14",  # the second round's size, from an even stake
        "Bob raises to 13: the pot is 22",
    ]
    # Each is read back as the step it tells, as a person copies it from the screen.
    before = [[], ["raise"], ["raise", "raise"], ["raise", "raise", "call"], ["raise", "raise", "call", "deal:qh"]]
    tokens = [read(line, *DEALT, *moves) for line, moves in zip(told, before + [before[-1] + ["raise"]])]
    assert tokens == ["raise", "raise", "call", "deal:qh", "raise", "raise"]


# --- cards


@pytest.mark.parametrize(
    "line",
    [
        "I have the king of spades",
        "I hold ks",
        "I receive the king of spades",
        "I get K\u2660",
        "I get \u2660K",
        "Ks",
        "king of spades",
        "deal me ks",
        "I'm holding the king of spades",
        "I've got the king of spades",
        "my card's the king of spades",
        "dealt ks",
    ],
)
def test_my_card_is_read_as_players_say_it(line):
    assert read(line) == "deal:ks"


def test_a_seats_move_with_has_is_a_move_not_a_card():
    assert read("I have raised", *DEALT) == "raise"
    assert read("Bob receives a card", "deal:kh") == "deal:?"
    assert read("Bob's got his card", "deal:kh") == "deal:?"
    with pytest.raises(pyai.TokenSyntaxError):  # an owner's 's stays one: Bob's card is never yours to name
        read("Bob's card is the queen of hearts", "deal:kh")


@pytest.mark.parametrize(
    "line",
    [
        "the board shows the queen of hearts",
        "qh on the board",
        "queen of hearts on the board",
        "the flop comes qh",
        "community card qh",
        "board: Q\u2665",
        "qh",
        "the board's the queen of hearts",
    ],
)
def test_the_public_card_is_read_as_players_say_it(line):
    assert read(line, *DEALT, "call", "call") == "deal:qh"


def test_a_rank_alone_is_the_card_only_when_one_of_it_is_left_unseen():
    # The other king is mine: the board's king is the king of spades.
    assert read("board king", *DEALT, "call", "call") == "deal:ks"
    assert refused("the board shows a queen", *DEALT, "call", "call") == (
        "which queen? name its suit too: qs (queen of spades) or qh (queen of hearts)"
    )
    assert refused("I get a jack") == "which jack? name its suit too: js (jack of spades) or jh (jack of hearts)"


def test_words_left_over_after_a_card_are_refused_never_passed_over():
    assert refused("I get ks qs") == "'qs' is no part of the card (king of spades): say one card, one step a line"
    board = (*DEALT, "call", "call")
    assert refused("board qh and I check", *board) == (
        "'and i check' is no part of the card (queen of hearts): say one card, one step a line"
    )
    assert refused("board qh Bob raises", *board) == (
        "'bob raises' is no part of the card (queen of hearts): say one card, one step a line"
    )
    assert refused("deal to Bob") == "the next card is not Bob's (your card is next)"


# --- the end of the hand


def test_a_line_after_the_hand_says_the_next_hand_is_a_new_session():
    c = companion("I get kh", "Bob gets a card", "I raise", "Bob folds")
    session = c.session
    again = (  # with the seats, names and search of this one
        f"pyai advise --game 'leduc()' --names {','.join(session.names)} --seat {session.seat} "
        f"--iterations {session.iterations}"
    )
    for line in ("I get ks", "Bob calls", "new hand"):
        assert c.handle(line) == [
            f"not taken: the hand is over; the next hand is a new session; a new game, with these seats: {again}"
        ], line


def test_no_card_is_shown_after_a_fold():
    c = companion("I get kh", "Bob gets a card", "I raise", "Bob folds")
    before = list(c.position.moves)
    assert c.handle("Bob shows qs")[0].startswith(
        "not taken: the hand ended in a fold: no card is shown, and the result is told already; a new game, "
    )
    assert list(c.position.moves) == before


@pytest.mark.parametrize(
    "line, card",
    [
        ("Bob had the queen of hearts", "qh"),
        ("Bob turns over qh", "qh"),
        ("Bob shows Q\u2665", "qh"),
        ("Bob shows qh.", "qh"),
        ("he shows qh", "qh"),
        ("Bob shows a king", "ks"),  # the other king is mine
    ],
)
def test_a_card_shown_at_the_showdown_is_read_as_players_say_it(line, card):
    c = companion("I get kh", "Bob gets a card", "I raise", "Bob calls", "board qs", "I check", "Bob checks")
    assert not c.handle(line)[0].startswith("not taken"), line
    assert c.position.moves[1] == f"deal:{card}"


def test_a_card_shown_is_refused_before_the_showdown_or_when_it_could_be_either():
    c = companion("I get kh", "Bob gets a card")
    assert c.handle("Bob shows qh") == [
        "not taken: a seat's card is shown once the hand is over, at a showdown: say the move made now"
    ]
    c = companion("I get kh", "Bob gets a card", "I raise", "Bob calls", "board qs", "I check", "Bob checks")
    assert c.handle("Bob shows a jack") == [
        "not taken: which jack? name its suit too: js (jack of spades) or jh (jack of hearts)"
    ]


def test_a_card_dealt_before_a_session_started_with_at_is_not_said_to_be_undealt():
    c = Companion(Session("leduc()", 0, list(NAMES), at="cards:ks/? public:- betting:r", iterations=10))
    for line in ("Bob calls", "board qh", "I check", "Bob checks"):  # no pair: the result hangs on Bob's card
        assert not c.handle(line)[0].startswith("not taken"), line
    assert c.handle("Bob shows jh") == [
        "not taken: Bob's card was dealt before this record starts (a position given with --at), "
        "so the record cannot name it"
    ]
    # With a pair on the board the result is told without Bob's card, and the refusal says no otherwise.
    c = Companion(Session("leduc()", 0, list(NAMES), at="cards:ks/? public:- betting:r", iterations=10))
    for line in ("Bob calls", "board kh", "I check", "Bob checks"):
        assert not c.handle(line)[0].startswith("not taken"), line
    assert c.position.result() is not None
    refused = c.handle("Bob shows jh")
    assert "so the record cannot name it; a new game" in refused[0] and "untold" not in " ".join(refused)


# --- the table as the seat sees it


def test_the_table_shown_names_the_seat_to_move_and_says_checks():
    c = companion("I get kh", "Bob gets a card", "I check", "Bob raises", "I call", "board qs", seat=0)
    c.handle("I check")
    shown = c.handle("show")
    assert "to move: Bob, in round 2 of 2" in shown
    assert "round 1 betting: check, raise, call" in shown and "round 2 betting: check" in shown


def test_a_whole_hands_picture_names_each_seats_chips_won():
    picture = GAME.render(GAME.replay([*DEALT, "raise", "fold"]).to_dict())
    assert picture.splitlines()[-1] == "chips won: seat 0 +1, seat 1 -1"
    assert re.search(r"round 1 betting: raise, fold", picture)
