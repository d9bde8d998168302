"""Leduc poker: rules (as OpenSpiel plays them), tokens and errors, what each
seat sees, determinisation, the search's honesty, and the engine protocol with
a seat's record (deal:?). The move-by-move comparison with OpenSpiel itself
is tests/leduc/test_openspiel.py."""

from __future__ import annotations

import random
import re

import pytest
from told_back import typed_back_as_told

import pyai
from pyai.commands.advise import Companion
from pyai.commands.advise_session import Session
from pyai.protocol import Engine

GAME = pyai.load_game("leduc()")
CARDS = ["js", "jh", "qs", "qh", "ks", "kh"]


def hand(*tokens: str) -> pyai.State:
    return GAME.replay(tokens)


def contributed(state: pyai.State) -> list[int]:
    return [seat["contributed"] for seat in state.to_dict()["seats"]]


# --- game strings


def test_game_string():
    assert str(GAME) == "leduc()"
    assert pyai.load_game("leduc") == GAME == pyai.load_game("leduc(players=2)")
    assert GAME.players == 2
    with pytest.raises(pyai.GameStringError, match="leduc is played by 2 players: players must be 2, not '3'"):
        pyai.load_game("leduc(players=3)")
    with pytest.raises(pyai.GameStringError, match="unknown leduc parameter 'ante'"):
        pyai.load_game("leduc(ante=2)")


# --- rules


def test_a_hand_starts_with_the_private_cards_seat_0_first():
    state = GAME.new_initial_state()
    assert state.to_move() == "chance" and state.legal_moves() == []
    state.apply("deal:kh")
    assert state.to_dict()["seats"][0]["card"] == "kh"
    state.apply("deal:js")
    assert state.to_dict()["seats"][1]["card"] == "js"
    assert state.to_move() == 0
    assert state.legal_moves() == ["call", "raise"]  # nothing to fold to
    assert contributed(state) == [1, 1]  # the antes


@pytest.mark.parametrize(
    "tokens, scores, winners",
    [
        # the higher private card wins: king over queen, a 1-chip pot each
        (("deal:kh", "deal:qs", "call", "call", "deal:js", "call", "call"), [1, -1], [0]),
        # a pair with the public card beats a king
        (("deal:kh", "deal:js", "call", "call", "deal:jh", "call", "call"), [-1, 1], [1]),
        # a pair of kings over a queen
        (("deal:qs", "deal:ks", "call", "call", "deal:kh", "call", "call"), [-1, 1], [1]),
        # the queen wins over a jack when the board is a king
        (("deal:js", "deal:qh", "call", "call", "deal:ks", "call", "call"), [-1, 1], [1]),
        # equal ranks split the pot: nobody wins anything
        (("deal:ks", "deal:kh", "raise", "call", "deal:qs", "call", "call"), [0, 0], [0, 1]),
        (("deal:js", "deal:jh", "call", "call", "deal:ks", "raise", "call"), [0, 0], [0, 1]),
    ],
)
def test_showdowns(tokens, scores, winners):
    state = hand(*tokens)
    assert state.is_terminal()
    assert state.scores() == scores
    assert state.winners() == winners


def test_raise_sizes_and_the_cap_of_two_raises_a_round():
    state = hand("deal:qs", "deal:kh", "raise")
    assert contributed(state) == [3, 1]  # 1 + 2
    assert state.legal_moves() == ["fold", "call", "raise"]
    state.apply("raise")
    assert contributed(state) == [3, 5]  # matches 3 and raises 2 more
    assert state.legal_moves() == ["fold", "call"]  # two raises: capped
    with pytest.raises(pyai.IllegalMoveError, match=r"at most 2 raises a round \(legal: fold call\)"):
        state.apply("raise")
    state.apply("call")
    assert contributed(state) == [5, 5]
    assert state.to_move() == "chance"  # the public card
    state.apply("deal:ks")
    assert state.to_move() == 0  # seat 0 opens the second round too
    state.apply("raise")
    assert contributed(state) == [9, 5]  # second round: raises of 4
    state.apply("raise")
    assert contributed(state) == [9, 13]
    assert state.legal_moves() == ["fold", "call"]
    state.apply("call")
    assert state.is_terminal()
    assert state.scores() == [-13, 13]  # the most a hand can win: kings paired


def test_check_raise_and_who_opens_each_round():
    state = hand("deal:js", "deal:qs", "call", "raise")
    assert state.to_move() == 0 and state.legal_moves() == ["fold", "call", "raise"]
    state.apply("call")
    assert state.to_move() == "chance"
    state.apply("deal:kh")
    assert state.to_move() == 0  # not seat 1, who raised last
    state.apply("call")
    assert state.to_move() == 1 and state.legal_moves() == ["call", "raise"]
    state.apply("call")  # both checked: showdown
    assert state.is_terminal() and state.scores() == [-3, 3]


def test_a_round_ends_after_two_checks_or_a_called_raise():
    assert hand("deal:js", "deal:qs", "call", "call").to_move() == "chance"
    assert hand("deal:js", "deal:qs", "raise", "call").to_move() == "chance"
    assert hand("deal:js", "deal:qs", "call", "raise", "raise", "call").to_move() == "chance"
    assert hand("deal:js", "deal:qs", "call").to_move() == 1


@pytest.mark.parametrize(
    "tokens, scores",
    [
        (("deal:js", "deal:qs", "raise", "fold"), [1, -1]),  # seat 1 loses its ante
        (("deal:js", "deal:qs", "call", "raise", "fold"), [-1, 1]),
        (("deal:js", "deal:qs", "call", "raise", "raise", "fold"), [3, -3]),
        (("deal:js", "deal:qs", "raise", "call", "deal:kh", "call", "raise", "fold"), [-3, 3]),
        (("deal:js", "deal:qs", "raise", "raise", "call", "deal:kh", "raise", "raise", "fold"), [-9, 9]),
    ],
)
def test_a_fold_loses_what_the_folder_put_in(tokens, scores):
    state = hand(*tokens)
    assert state.is_terminal() and state.scores() == scores
    assert state.winners() == [scores.index(max(scores))]
    assert state.ranks() == [1.0 if s > 0 else 2.0 for s in scores]


def test_fold_only_when_facing_a_bet():
    state = hand("deal:js", "deal:qs")
    with pytest.raises(
        pyai.IllegalMoveError,
        match=r"^fold: there is no bet to fold to: a fold is legal only when facing a bet \(legal: call",
    ):
        state.apply("fold")
    state.apply("call")
    with pytest.raises(pyai.IllegalMoveError, match="a fold is legal only when facing a bet"):
        state.apply("fold")


def test_check_is_another_name_for_call_when_nothing_is_owed():
    state = hand("deal:js", "deal:qs")
    assert state.apply("check") == "call"
    assert state.apply("CHECK") == "call"
    assert state.to_move() == "chance"
    state = hand("deal:js", "deal:qs", "raise")
    with pytest.raises(
        pyai.IllegalMoveError,
        match=r"^check: there is a bet of 2 chips to call: a check is legal only when there is no bet to call "
        r"\(legal: fold call raise\)",
    ):
        state.apply("check")


@pytest.mark.parametrize(
    "tokens, doing, legal",
    [
        ([], "check or bet", ["call", "raise"]),
        (["raise"], "call, raise or fold", ["fold", "call", "raise"]),
        (["raise", "raise"], "call or fold", ["fold", "call"]),  # the round's two raises are made
        (["call", "raise"], "call, raise or fold", ["fold", "call", "raise"]),
    ],
)
def test_what_the_seat_to_move_may_do_is_said_as_its_legal_moves(tokens, doing, legal):
    state = hand("deal:js", "deal:qs", *tokens)
    seat = state.to_move()
    assert state.legal_moves() == legal  # what the words below must agree with
    assert state.game.decision_words(state.view(seat).to_dict()) == doing
    assert state.game.decision_words(state.view(1 - seat).to_dict()) == doing  # the same to the other seat


def test_a_card_step_said_as_a_move_names_whose_card_is_next_yours_as_yours():
    state = pyai.load_game("leduc()").new_initial_state()
    words = state.game.words_to_token
    with pytest.raises(pyai.TokenSyntaxError, match=r"a card is dealt now \(your card is next\), not a move of yours"):
        words("me raise", state.view(0).to_dict(), ["me", "Bob"], 0)
    with pytest.raises(pyai.TokenSyntaxError, match=r"the next card is not Bob's \(your card is next\)"):
        words("Bob gets a card", state.view(0).to_dict(), ["me", "Bob"], 0)
    with pytest.raises(pyai.TokenSyntaxError, match=r"\(Ann's card is next\), not a move of Ann's"):
        words("Ann raises", state.view(1).to_dict(), ["Ann", "Bob"], 1)


def test_words_that_deny_a_move_or_name_a_card_unseen_or_out_of_turn_are_refused():
    """Never read as the move denied, nor as a card the advised seat (Bob) could not hold or see."""
    state = pyai.load_game("leduc()").new_initial_state()
    words, names = state.game.words_to_token, ["Anna", "Bob"]
    for line, why in [
        ("board qh", "the public card is not next: Anna's card is next"),  # not recorded as Anna's card
        ("deal qh", "Anna's card is hidden from you: say 'Anna gets a card'"),
    ]:
        with pytest.raises(pyai.TokenSyntaxError, match=re.escape(why)):
            words(line, state.view(1).to_dict(), names, 1)
    assert words("deal", state.view(1).to_dict(), names, 1) == "deal:?"
    state.apply("deal:qh")  # Anna's card, which Bob's view below does not show
    with pytest.raises(pyai.TokenSyntaxError, match="the public card is not next: your card is next"):
        words("board qh", state.view(1).to_dict(), names, 1)
    state = hand("deal:qh", "deal:ks")
    for line in ("Anna doesn't raise", "Anna does not call", "Anna never folds"):
        with pytest.raises(pyai.TokenSyntaxError, match="say what Anna does .*, not what is not done"):
            words(line, state.view(1).to_dict(), names, 1)


def test_the_ways_people_say_a_step_are_read():
    state = pyai.load_game("leduc()").new_initial_state()
    words, names = state.game.words_to_token, ["Anna", "Bob"]
    assert words("I was dealt the queen of spades", state.view(0).to_dict(), names, 0) == "deal:qs"
    state.apply("deal:qs")
    assert words("Bob gets one card", state.view(0).to_dict(), names, 0) == "deal:?"
    state.apply("deal:kh")
    for line, token in [("Anna raised", "raise"), ("Anna re-raises", "raise"), ("I call the raise", "call")]:
        assert words(line, state.view(0).to_dict(), names, 0) == token, line
    state.apply("call")
    assert words("Bob folds to the raise", state.view(0).to_dict(), names, 0) == "fold"  # the raise is no move
    state.apply("call")
    for line in ("board: qh", "board qh.", "the public card: queen of hearts", "the board is qh", "public card: qh"):
        assert words(line, state.view(0).to_dict(), names, 0) == "deal:qh", line
    fresh = pyai.load_game("leduc()").new_initial_state()
    for line in ("you are dealt the jack of spades", "I'm dealt js"):  # the first as it is told back
        assert words(line, fresh.view(0).to_dict(), names, 0) == "deal:js", line
    with pytest.raises(pyai.TokenSyntaxError, match="say a move"):
        words(". .", fresh.view(0).to_dict(), names, 0)


def test_a_raise_said_to_an_amount_must_be_the_limits():
    state = hand("deal:js", "deal:kh")
    words, names = state.game.words_to_token, ["Anna", "Bob"]
    assert words("Anna raises to 3: the pot is 4", state.view(1).to_dict(), names, 1) == "raise"  # as told back
    for wrong in ("Anna raises to 10", "Anna: raises to 10", "Anna raises TO 10"):
        with pytest.raises(pyai.TokenSyntaxError, match=r"a raise now is to 3 \(by 2\), not to 10"):
            words(wrong, state.view(1).to_dict(), names, 1)
    for right in ("Anna raises to $3", "Anna raises (to 3)", "Anna raises, up to Bob"):
        assert words(right, state.view(1).to_dict(), names, 1) == "raise", right
    state = hand("deal:js", "deal:kh", "call", "call", "deal:qh", "raise")  # the second round: raises of 4
    assert state.game.words_to_token("Bob raises to 9", state.view(1).to_dict(), names, 1) == "raise"
    with pytest.raises(pyai.TokenSyntaxError, match=r"a raise now is to 9 \(by 4\), not to 7"):
        words("I raise to 7", state.view(1).to_dict(), names, 1)


def test_a_number_said_with_a_call_check_or_fold_must_be_what_it_makes():
    """A call's chips are the limit's, never the person's to choose: a number said with it is
    what it costs or the stake it makes ("3", "to 3", "3 each"), or it is refused saying so."""
    state = hand("deal:js", "deal:kh", "raise")  # Bob owes 2: a call costs 2, to 3 each
    words, names, seen = state.game.words_to_token, ["Anna", "Bob"], state.view(1).to_dict()
    for right in ("I call 2", "I call $2.", "I call to 3", "I call Anna's 2", "you call: 3 each, the pot is 6"):
        assert words(right, seen, names, 1) == "call", right
    # Said alone, a call's number may be the stake it makes too: a cost (2, 4) is never a stake (odd).
    assert words("I call 3", seen, names, 1) == "call"
    for wrong, why in [
        ("I call 1.5", "'1.5' is no whole number of chips: a call now costs 2, to 3 each"),
        ("I call 7", "a call now costs 2, to 3 each, not 7"),
        ("I call 4", "a call now costs 2, to 3 each, not 4"),
        ("I call to 5", "a call now costs 2, to 3 each, not to 5"),
        ("you call: 4 each, the pot is 6", "a call now costs 2, to 3 each, not 4 each"),  # told back, wrongly
        ("you call: 3 each, the pot is 8", "the pot is 6 after that call, not 8"),
        ("I fold 3", "a fold puts no chips in: say it without a number (not '3')"),
        ("I fold to 3", "a fold puts no chips in: say it without a number (not 'to 3')"),
        ("I raise 3", "a raise now is to 5 (by 2), not 3"),  # said alone, a raise's number is by or to
        ("I raise by 4", "a raise now is to 5 (by 2), not by 4"),
        ("I raise to 5.5", "'5.5' is no whole number of chips: a raise now is to 5 (by 2)"),
    ]:
        with pytest.raises(pyai.TokenSyntaxError, match=re.escape(why)):
            words(wrong, seen, names, 1)
    for right in ("I raise 2", "I raise 5", "I raise by 2", "I fold"):
        assert words(right, seen, names, 1) == right.split()[1], right
    opening = hand("deal:js", "deal:kh").view(0).to_dict()  # nothing owed: a call is a check
    assert words("I check: the pot is 2", opening, names, 0) == "check"
    assert words("I call 0", opening, names, 0) == "call"
    for wrong, why in [
        ("I check 2", "a check puts no chips in: say it without a number (not '2')"),
        ("I call 2", "a call now costs nothing (a check, at 1 each), not 2"),
        ("I check: the pot is 4", "the pot is 2 after that check, not 4"),
    ]:
        with pytest.raises(pyai.TokenSyntaxError, match=re.escape(why)):
            words(wrong, opening, names, 0)


def test_scores_only_at_the_end():
    with pytest.raises(pyai.PhaseError):
        hand("deal:js", "deal:qs").scores()


# --- tokens and errors


def test_tokens_are_canonical_lower_case():
    state = GAME.new_initial_state()
    assert state.apply("Deal:KH") == "deal:kh"
    assert state.apply("deal:Js") == "deal:js"
    assert state.apply("RAISE") == "raise"
    assert state.history() == ["deal:kh", "deal:js", "raise"]
    assert GAME.replay(state.history()) == state


@pytest.mark.parametrize(
    "tokens, bad, error, fragment",
    [
        ((), "deal:xx", pyai.TokenSyntaxError, "a card is a rank j, q or k and a suit s or h (js, qh, ...), not 'xx'"),
        ((), "deal:jc", pyai.TokenSyntaxError, "not 'jc'"),
        ((), "deal:", pyai.TokenSyntaxError, "a card is a rank"),
        ((), "bet", pyai.TokenSyntaxError, "unknown token 'bet': leduc tokens are fold, call (or check), raise"),
        ((), "deal js", pyai.TokenSyntaxError, "contains a space"),
        ((), "r\x07aise", pyai.TokenSyntaxError, "contains a space or a control character"),
        ((), "rä", pyai.TokenSyntaxError, "contains a character outside ASCII"),
        ((), "", pyai.TokenSyntaxError, "empty move token"),
        ((), "call", pyai.IllegalMoveError, "a card is dealt now, no seat acts (legal: deal:<card>, one of js jh qs"),
        (("deal:js",), "deal:js", pyai.IllegalMoveError, "js is already dealt: it is seat 0's card"),
        (("deal:js",), "deal:?", pyai.IllegalMoveError, "is taken only when replaying a seat's record"),
        (
            ("deal:js", "deal:qs"),
            "deal:kh",
            pyai.IllegalMoveError,
            "no card is dealt now: it is seat 0's turn to act (legal:",
        ),
        (("deal:js", "deal:qs", "call", "call"), "deal:qs", pyai.IllegalMoveError, "legal: deal:<card>, one of jh qh"),
        (("deal:js", "deal:qs", "raise", "fold"), "call", pyai.IllegalMoveError, "the hand is over"),
        (("deal:js", "deal:qs", "raise", "fold"), "deal:kh", pyai.IllegalMoveError, "the hand is over"),
    ],
)
def test_bad_tokens_name_the_problem_and_change_nothing(tokens, bad, error, fragment):
    state = hand(*tokens)
    before = state.clone()
    with pytest.raises(error) as caught:
        state.apply(bad)
    assert fragment in str(caught.value), str(caught.value)
    assert state == before and state.history() == before.history()


def test_replay_names_the_bad_token_and_its_index():
    with pytest.raises(pyai.IllegalMoveError, match=r"fold at token 2: there is no bet to fold to") as caught:
        GAME.replay(["deal:js", "deal:qs", "fold"])
    assert caught.value.index == 2


# --- what each seat sees


def test_views_hide_the_other_card_until_a_showdown_turns_it_up():
    before = hand("deal:kh", "deal:js", "raise", "call", "deal:qs", "call")
    for seat, other in ((0, 1), (1, 0)):
        view = before.view(seat)
        assert view.to_dict()["seats"][other]["card"] == "hidden"
        assert view.history()[other] == "deal:?"
    assert "kh" not in str(before.view(1)) and "king" not in str(before.view(1))
    showdown = hand("deal:kh", "deal:js", "raise", "call", "deal:qs", "call", "call")
    for seat, other in ((0, 1), (1, 0)):
        seats = showdown.view(seat).to_dict()["seats"]
        assert seats[other]["card"] == showdown.to_dict()["seats"][other]["card"]  # both cards turned up
    assert showdown.view(1).history() == showdown.history() == showdown.view(0).history()
    assert showdown.game.replay_as_seen(1, showdown.view(1).history()).view(1) == showdown.view(1)
    folded = hand("deal:kh", "deal:js", "raise", "fold")
    assert folded.view(1).to_dict()["seats"][0]["card"] == "hidden"  # a fold shows nothing
    assert folded.view(1).history() == ["deal:?", "deal:js", "raise", "fold"]


def test_a_record_that_never_named_the_card_keeps_it_hidden_at_the_showdown():
    record = ["deal:?", "deal:js", "raise", "call", "deal:qs", "call", "call"]
    state = pyai.load_game("leduc()").replay_as_seen(1, record)
    assert state.view(1).to_dict()["seats"][0]["card"] == "hidden"
    assert state.view(1).history() == record


def test_the_view_does_not_depend_on_the_hidden_card():
    for card in ("jh", "qh", "ks", "kh"):
        assert hand(f"deal:{card}", "deal:js", "raise").same_view(hand("deal:qs", "deal:js", "raise"), 1)
    assert not hand("deal:kh", "deal:js").same_view(hand("deal:kh", "deal:jh"), 1)


def test_determinisation_samples_only_unseen_cards_whatever_the_hidden_card():
    samples = {}
    for hidden in ("jh", "qh", "kh"):
        state = hand(f"deal:{hidden}", "deal:js", "raise", "call", "deal:qs")
        drawn = [state.determinize(1, seed).to_dict()["seats"][0]["card"] for seed in range(400)]
        samples[hidden] = drawn
        assert set(drawn) == {"jh", "qh", "ks", "kh"}  # not js (seat 1's) nor qs (public)
        for seed in (3, 4):
            sampled = state.determinize(1, seed)
            assert sampled.same_view(state, 1)
            assert GAME.replay(sampled.history()) == sampled  # a record that replays to it
    assert samples["jh"] == samples["qh"] == samples["kh"]  # the same draws: the hidden card steers nothing


def test_search_results_are_identical_when_only_the_hidden_card_differs():
    results = []
    for hidden in ("jh", "qs", "kh"):
        state = hand(f"deal:{hidden}", "deal:ks", "raise")
        result = pyai.analyse(state, 1, iterations=3000, seed=5)
        results.append([(m.token, m.visits, m.score_mean) for m in result.moves])
    assert results[0] == results[1] == results[2]


# --- a seat's record: replay_as_seen


def test_replay_as_seen_builds_the_seats_exact_view():
    tokens = ["deal:?", "deal:kh", "raise", "call", "deal:qs", "raise"]
    state = GAME.replay_as_seen(1, tokens)
    assert state.history() == tokens
    assert state._core.recorded is False
    assert state.view(1).history() == tokens  # the seat's record, given back
    assert state.view(0).history() == []  # seat 0's card is a stand-in: no record of its own
    sampled = state.view(1).determinize(7)  # a full record that replays to the sample
    assert GAME.replay(sampled.history()) == sampled and sampled.same_view(state, 1)
    assert state.legal_moves() == ["fold", "call", "raise"]
    true_state = hand("deal:js", "deal:kh", "raise", "call", "deal:qs", "raise")
    assert state.view(1) == true_state.view(1)
    assert state.view(1).to_dict() == true_state.view(1).to_dict()
    # a seat's full record replays as well (knowing more is no error)
    assert GAME.replay_as_seen(1, true_state.history()) == true_state


def test_replay_as_seen_stand_in_gives_way_to_cards_the_record_names():
    # The stand-in for seat 0's card is the lowest card, js; the record names it later.
    state = GAME.replay_as_seen(1, ["deal:?", "deal:js", "call", "call"])
    assert state.apply("deal:jh") == "deal:jh"
    assert state.view(1) == hand("deal:ks", "deal:js", "call", "call", "deal:jh").view(1)
    seat_0 = state.to_dict()["seats"][0]["card"]
    assert seat_0 not in ("js", "jh")
    state = GAME.replay_as_seen(0, ["deal:qs", "deal:?"])
    assert state.history() == ["deal:qs", "deal:?"]
    state.apply("raise")
    state.apply("call")
    state.apply("deal:js")  # the stand-in for seat 1 (js) moves to another card
    assert state.to_dict()["seats"][1]["card"] not in ("qs", "js")


@pytest.mark.parametrize(
    "seat, tokens, index, fragment",
    [
        (1, ["deal:js", "deal:?"], 1, "this card is seat 1's own: a seat's record names its own cards (deal:<card>)"),
        (0, ["deal:?"], 0, "this card is seat 0's own"),
        (1, ["deal:?", "deal:kh", "call", "call", "deal:?"], 4, "the public card is dealt now (every seat sees it)"),
        (1, ["deal:?", "deal:kh", "deal:?"], 2, "no card is dealt now"),
        (1, ["deal:?", "deal:kh", "fold"], 2, "a fold is legal only when facing a bet"),
    ],
)
def test_replay_as_seen_refuses_unknown_cards_where_the_seat_sees_the_card(seat, tokens, index, fragment):
    with pytest.raises(pyai.IllegalMoveError) as caught:
        GAME.replay_as_seen(seat, tokens)
    assert caught.value.index == index
    assert fragment in str(caught.value), str(caught.value)


def test_replay_as_seen_checks_the_seat():
    with pytest.raises(pyai.ArgumentError):
        GAME.replay_as_seen(2, ["deal:?"])


# --- search, bots and defaults


def test_the_search_plays_for_chips_by_default():
    defaults = {row["name"]: row["default"] for row in pyai.search_settings(GAME)}
    assert defaults["objective"] == "score"
    forsale = {row["name"]: row["default"] for row in pyai.search_settings(pyai.load_game("forsale(players=4)"))}
    assert forsale["objective"] == "win"
    state = hand("deal:kh", "deal:js")
    by_default = pyai.analyse(state, iterations=500, seed=3)
    assert by_default.settings["objective"] == "score"
    for_chips = pyai.analyse(state, iterations=500, seed=3, objective="score")
    for_the_win = pyai.analyse(state, iterations=500, seed=3, objective="win")
    assert by_default.moves == for_chips.moves != for_the_win.moves


def test_a_pair_raises_and_a_beaten_hand_folds():
    pair = hand("deal:kh", "deal:js", "call", "call", "deal:ks")
    assert pyai.analyse(pair, iterations=20_000, seed=1).best_move == "raise"
    beaten = hand("deal:js", "deal:qh", "raise", "raise", "call", "deal:ks", "raise", "raise")
    # seat 1 holds a queen against a re-raise on a king board: a pair or a king is likelier than a jack
    assert pyai.analyse(beaten, iterations=20_000, seed=1).moves[0].token in ("fold", "call")


@pytest.mark.parametrize("name", ["ismcts", "pimc", "heuristic", "random"])
def test_every_bot_plays_whole_hands(name):
    rng = random.Random(7)
    bot = pyai.make_bot(name, seed=3, **({"iterations": 300} if name in ("ismcts", "pimc") else {}))
    for _ in range(5):
        state = GAME.new_initial_state()
        while not state.is_terminal():
            if state.to_move() == "chance":
                state.apply(state.sample_chance(rng.getrandbits(64)))
            else:
                token = bot.choose(state)
                assert token in state.legal_moves()
                state.apply(token)
        assert sum(state.scores()) == 0


def test_heuristic_player():
    bot = pyai.make_bot("heuristic")
    assert bot.choose(hand("deal:kh", "deal:js")) == "raise"
    assert bot.choose(hand("deal:qh", "deal:js")) == "call"
    assert bot.choose(hand("deal:jh", "deal:qs", "raise"), 1) == "call"
    assert bot.choose(hand("deal:jh", "deal:ks", "call", "raise")) == "fold"
    assert bot.choose(hand("deal:jh", "deal:ks", "call", "call", "deal:js")) == "raise"


def test_random_playouts_benchmark_hook():
    run = GAME.random_playouts(1000, 1)
    assert run["games"] == 1000 and run["seconds"] >= 0 and run["steps"] >= 1000 * 5


# --- the engine protocol with a seat's record


def test_protocol_round_with_an_unseen_card():
    emitted: list[str] = []
    engine = Engine(emit=emitted.append)
    assert engine.handle("position leduc() pov 1 moves deal:? deal:kh raise") == []
    assert engine.handle("legal") == ["legal fold call raise"]
    assert engine.handle("query turn") == ["response 1"]
    shown = "\n".join(engine.handle("show"))
    assert "as seen by seat 1" in shown and "card hidden" in shown and "king of hearts" in shown
    assert engine.handle("go iterations 2000") == []
    engine.wait()
    best = emitted[-1].split()[1]
    assert emitted[-1].startswith("bestmove ") and best in ("fold", "call", "raise")
    assert any(line.startswith("info action ") for line in emitted)
    assert engine.handle("play call deal:qs") == []
    assert engine.handle("legal") == ["legal call raise"]
    assert engine.handle("query turn") == ["response 0"]
    assert engine.handle("play raise") == []
    assert engine.handle("legal") == ["legal fold call raise"]
    assert engine.handle("undo 2") == []
    assert engine.handle("query turn") == ["response chance"]
    error = engine.handle("play deal:kh")
    assert error[0].startswith("error illegal-move deal:kh at token 0: kh is already dealt")
    error = engine.handle("position leduc() pov 1 moves deal:js deal:?")
    assert error[0].startswith("error illegal-move deal:? at token 1: this card is seat 1's own")
    lines = "\n".join(engine.handle("help tokens"))
    assert "deal:?" in lines and "leduc" in lines
    assert "leduc()" in "\n".join(engine.handle("help games"))


# --- the companion: each card dealt, told back, is read as that card


def step_line(c: Companion, rng: random.Random) -> str:
    """A random step of the hand the companion follows: a card as 'deal <card>' (another
    seat's, which the advised seat never sees, as 'deal'), a move as its token."""
    state = c.position.state
    if state.to_move() != "chance":
        return rng.choice(state.legal_moves())
    card = state.sample_chance(rng.getrandbits(64)).removeprefix("deal:")
    seats = c.position.view().to_dict()["seats"]
    receiver = next((seat for seat, entry in enumerate(seats) if entry["card"] is None), None)
    return "deal" if receiver not in (None, c.me) else f"deal {card}"


@pytest.mark.parametrize("seat, names", [(0, ["Anna", "Bob"]), (1, ["Anna", "Bob"]), (0, ["Me", "Board"])])
def test_every_card_told_back_is_read_as_that_card(seat, names):
    """Each card of seeded hands as the companion tells it ("you are dealt the king of spades",
    "Bob is dealt a card", "the public card: queen of hearts"), typed back where it was dealt,
    is that same card: the same record, told in the same words (a seat called Board too)."""
    rng, told_forms = random.Random(11), set()
    for _ in range(6):
        c = Companion(Session("leduc()", seat, names, iterations=10))
        while not c.position.state.is_terminal():
            line = step_line(c, rng)
            if c.position.state.to_move() != "chance":
                assert not c.handle(line)[0].startswith("not taken"), line
                continue
            told = typed_back_as_told(c, line)
            told_forms.add(re.sub(r"(dealt|card:) .*", r"\1", told))
    assert told_forms == {"  you are dealt", f"  {names[1 - seat]} is dealt", "  the public card:"}
