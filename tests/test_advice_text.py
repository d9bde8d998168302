"""The advice as a player reads it (pyai/commands/advice_text.py): costs said as costs,
a reason line, the continuation in words, and when a position is decided."""

from __future__ import annotations

import dataclasses

import pyai
from pyai.analysis import AnalysisResult, MoveAnalysis, cannot_win, sure_win
from pyai.commands.advice_text import Earlier, advice_lines, cost, one_line
from pyai.win_chance_map import CostsInPlay


def move(token: str, visits: int, win: float, score: float = 10.0) -> MoveAnalysis:
    return MoveAnalysis(token, visits, visits / 1000, win, score, 1.0, 0.01)


def result(*moves: MoveAnalysis) -> AnalysisResult:
    return AnalysisResult(0, moves[0].token, list(moves), False, [0.5, 0.5], [10.0, 9.0], 1000, 1.0, 10, False)


WORDS = {"pass": "you pass", "bid:3": "you bid 3", "bid:4": "you bid 4"}


def lines(found: AnalysisResult, **kwargs) -> list[str]:
    options = {"by_score": False, "unit": "", "continuation": ["Bob bids 4", "Cy passes"]} | kwargs
    return advice_lines(found, ["me", "Bob"], found.moves[0].token, said=WORDS.get, **options)


def test_the_advice_says_the_move_its_chance_why_and_what_the_others_cost():
    found = result(move("pass", 700, 0.40, 30.0), move("bid:3", 200, 0.30, 27.0), move("bid:4", 100, 0.45))
    said = lines(found)
    assert said[0] == "advice: you pass  [pass]"
    assert said[1] == "  win chance 0.40 (95%: 0.38-0.42), expected score 30.0"
    assert said[2] == "why: against the next best (you bid 3), it wins 0.10 more often and ends +3.0 on average"
    assert said[3] == "expected scores (all moves searched): me 10.0, Bob 9.0"
    # A move the estimates put ahead was searched less: never shown as a negative cost.
    assert said[4] == (
        "instead: you bid 3 [bid:3]: costs 0.10 win chance; "
        "you bid 4 [bid:4]: 0.05 win chance more, but on fewer tries (100 against 700): less sure"
    )
    assert said[5] == "likely next: Bob bids 4; Cy passes"


def test_alternatives_said_in_parts_are_parted_by_a_bar():
    """A move whose words hold '; ' (what it takes, For Sale's offers) would run into the next."""
    words = {"pass": "you pass; you take 3", "bid:3": "you bid 3; Bob takes 12", "bid:4": "you bid 4"}
    found = result(move("pass", 700, 0.40), move("bid:3", 200, 0.30), move("bid:4", 100, 0.20))
    told = advice_lines(found, ["me", "Bob"], "pass", False, "", said=words.get, continuation=[])
    instead = next(line for line in told if line.startswith("instead: "))
    assert instead == (
        "instead: you bid 3; Bob takes 12 [bid:3]: costs 0.10 win chance | you bid 4 [bid:4]: costs 0.20 win chance"
    )


def test_an_alternative_is_said_without_what_would_come_of_the_advice_too():
    """What either move would bring about (the round over) is no part of the choice: said after
    each alternative, it would bury what tells them apart."""
    words = {
        "pass": "you keep the car; the round is over; Bob moves the demand tiles next",
        "bid:3": "you sell it on space 2: +2 VP; the round is over; Bob moves the demand tiles next",
        "bid:4": "you sell it on space 1: +1 VP; the round is over; Cy moves the demand tiles next",
    }
    found = result(move("pass", 700, 0.40), move("bid:3", 200, 0.30), move("bid:4", 100, 0.20))
    told = advice_lines(found, ["me", "Bob"], "pass", False, "", said=words.get, continuation=[])
    assert told[0] == "advice: you keep the car; the round is over; Bob moves the demand tiles next  [pass]"
    instead = next(line for line in told if line.startswith("instead: "))
    assert instead == (
        "instead: you sell it on space 2: +2 VP [bid:3]: costs 0.10 win chance | "
        "you sell it on space 1: +1 VP; Cy moves the demand tiles next [bid:4]: costs 0.20 win chance"
    )


def test_a_score_difference_that_rounds_to_nothing_is_not_said_as_a_gain_or_a_loss():
    """A sign on a difference rounded to nothing ("ends -0.0 VP") reads as a loss it is not."""
    found = result(move("pass", 700, 0.40, 30.02), move("bid:3", 200, 0.30, 30.04))
    assert lines(found)[2] == "why: against the next best (you bid 3), it wins 0.10 more often"
    found = result(move("pass", 700, 0.50, 1.251), move("bid:3", 200, 0.55, 1.254))
    assert lines(found, by_score=True, unit="chips")[2] == (
        "why: against the next best (you bid 3), it keeps as much expected score, and the search chose it more often"
    )


def test_costs_in_a_game_played_for_its_score_are_in_its_unit():
    best, other = move("pass", 700, 0.5, 1.25), move("bid:3", 300, 0.6, 0.75)
    assert cost(best, other, by_score=True, unit="chips") == "costs 0.50 chips"
    assert cost(best, move("bid:3", 300, 0.5, 1.25), by_score=True, unit="chips") == "about as good"
    said = lines(result(best, other), by_score=True, unit="chips")
    assert said[1] == (
        "  expected score +1.25 chips (95%: +1.18 to +1.32), which the search plays for; "
        "win chance 0.50 (95%: 0.48-0.52)"
    )
    assert said[2] == "why: against the next best (you bid 3), it keeps +0.50 chips of expected score"


def test_an_alternative_a_mixed_policy_plays_less_is_said_so_not_as_fewer_tries():
    """A mixed policy (algorithm=cfr, a sealed choice) tries its moves alike: a move estimated
    ahead is one the policy plays less, never one 'on fewer tries (60 against 60)'."""
    best, other = move("pass", 60, 0.5, 1.0), move("bid:3", 60, 0.5, 1.3)
    best, other = dataclasses.replace(best, share=0.57), dataclasses.replace(other, share=0.43)
    assert cost(best, other, by_score=True, unit="chips", mixed=True) == (
        "0.30 chips more by its estimate, but the mixed policy plays it only 43% of the time"
    )
    assert cost(best, other, by_score=True, unit="chips") == (
        "0.30 chips more by its estimate, on about as many tries (60 against 60): not yet told apart"
    )
    said = lines(dataclasses.replace(result(best, other), mixed=True), by_score=True, unit="chips")
    assert said[4] == "instead: you bid 3 [bid:3]: " + cost(best, other, by_score=True, unit="chips", mixed=True)


def test_a_next_best_estimated_ahead_is_said_by_how_much_less_it_was_tried():
    """The advice is the move tried most: a next best whose estimate is ahead was tried far less,
    less, or about as often, and then the two are noise the search has not told apart yet."""
    why = {
        tries: lines(result(move("pass", 124, 0.40), move("bid:3", tries, 0.56)))[2].partition(", it ")[2]
        for tries in (122, 80, 40)
    }
    assert why[122] == (
        "looks 0.16 less likely to win, on about as many tries (124 against 122): "
        "the search has not told them apart yet, more iterations would"
    )
    assert why[80] == "looks 0.16 less likely to win, but was searched more (124 against 80)"
    assert why[40] == "looks 0.16 less likely to win, but was searched far more (124 against 40)"
    instead = lines(result(move("pass", 124, 0.40), move("bid:3", 122, 0.56)))[4]
    assert instead.endswith(
        "0.16 win chance more by its estimate, on about as many tries (122 against 124): not yet told apart"
    )


def test_a_next_best_with_a_higher_expected_score_is_never_said_to_be_kept_less():
    """Played for the score (a decided game's margin), an advice whose expected score is below the
    next best's says so as a lower estimate on more tries, never as "keeps -2.13 VP"."""
    found = result(move("pass", 113, 1.0, 60.3), move("bid:3", 43, 1.0, 62.43))
    why = lines(found, by_score=True, unit="VP")[2]
    assert why == (
        "why: against the next best (you bid 3), it looks 2.13 VP lower in expected score, "
        "but was searched far more (113 against 43)"
    )


def test_what_the_costs_came_to_in_self_play_follows_them_where_play_did_not_bear_them_out():
    found = result(move("pass", 700, 0.40, 30.0), move("bid:3", 300, 0.30, 27.0))
    where = "  (in the search's self-play games at this stage, costs like these"
    said = lines(found, costs_in_play=CostsInPlay(0.2, 0.6))
    assert said[4].startswith("instead: you bid 3") and said[5] == (
        f"{where} came to about 20% of what it told, at most 60% in play)"
    )
    assert lines(found, costs_in_play=CostsInPlay(0.0, 0.35))[5] == (
        f"{where} did not show in play: at most 35% of them, at 95%)"
    )
    plain = lines(found)
    assert lines(found, costs_in_play=CostsInPlay(0.9, 1.0)) == plain  # borne out: nothing added
    assert (
        lines(found, costs_in_play=CostsInPlay(0.2, 0.6), by_score=True, unit="chips")[4:]
        == lines(found, by_score=True, unit="chips")[4:]
    )  # costs in score: the map measured win chances
    alone = result(move("pass", 700, 0.40))
    assert lines(alone, costs_in_play=CostsInPlay(0.2, 0.6)) == lines(alone)  # no alternative, no cost


def test_a_swing_since_the_last_advice_is_said_with_the_steps_since():
    found = result(move("pass", 700, 0.93), move("bid:3", 300, 0.90))
    said = lines(found, earlier=Earlier(0.30, ["Bob passes; Bob takes 3 Sales Associate"]))
    assert said[2].endswith(
        "; your win chance went up from 0.30 since the last advice after Bob passes; Bob takes 3 Sales Associate"
    )
    assert "went" not in lines(found, earlier=Earlier(0.85, ["Bob bids 4"]))[2]  # a small move goes unsaid


def test_in_a_game_played_for_its_score_the_swing_is_said_in_expected_score():
    """Where the advice leads with expected chips, the swing since the last is said in them too:
    a win chance that stays put while the stakes double is no calm."""
    found = result(move("pass", 700, 0.68, -0.82), move("bid:3", 300, 0.60, -1.30))
    play = {"by_score": True, "unit": "chips", "net_score": True}
    said = lines(found, earlier=Earlier(0.68, ["Bob calls"], 1.63), **play)[2]
    assert said.endswith("; your expected score went down from +1.63 chips since the last advice after Bob calls")
    assert "went" not in lines(found, earlier=Earlier(0.20, ["Bob calls"], -0.5), **play)[2]  # under a chip
    # Without a score to compare, or where the game is played to win, the win chance tells it.
    assert lines(found, earlier=Earlier(0.30, ["Bob calls"]), **play)[2].endswith(
        "win chance went up from 0.30 since the last advice after Bob calls"
    )
    assert "expected score went" not in lines(found, earlier=Earlier(0.68, ["Bob calls"], 5.0))[2]


def test_the_continuation_in_words_is_cut_after_six_steps():
    said = lines(result(move("pass", 700, 0.4)), continuation=[f"Bob bids {n}" for n in range(3, 12)])
    assert "likely next: Bob bids 3; Bob bids 4; Bob bids 5; Bob bids 6; Bob bids 7; Bob bids 8; ..." in said
    assert "why: the only legal move" in said
    untried = lines(result(move("pass", 1000, 0.4), move("bid:3", 0, 0.0)))
    assert "why: the only move the search tried" in untried


def test_a_position_is_decided_when_every_move_tried_wins_or_none_does():
    game = pyai.load_game("forsale(players=3)")
    won = result(move("pass", 700, 0.995), move("bid:3", 300, 0.99))
    assert sure_win(won, game, {}) and not cannot_win(won, game, {})
    assert not sure_win(result(move("pass", 700, 0.995), move("bid:3", 300, 0.6)), game, {})
    assert not sure_win(won, game, {"margin_weight": 0.5})  # told what to play for
    lost = result(move("pass", 700, 0.01), move("bid:3", 300, 0.0))
    assert cannot_win(lost, game, {}) and not sure_win(lost, game, {})


def test_a_step_told_in_several_lines_reads_as_one():
    told = ["Bob offers 6 Consultant", "vehicles taken: Anna 18, Bob 26", "  (cash: you 2 -> 6)"]
    assert one_line(told) == "Bob offers 6 Consultant; vehicles taken: Anna 18, Bob 26 (cash: you 2 -> 6)"
    assert one_line([]) == ""


def test_a_swing_names_only_the_last_steps():
    found = result(move("pass", 700, 0.93), move("bid:3", 300, 0.90))
    said = lines(found, earlier=Earlier(0.30, ["Anna bids 1", "Bob bids 2", "Cy passes"]))
    assert said[2].endswith("went up from 0.30 since the last advice after 3 steps, the last 2: Bob bids 2; Cy passes")


def test_a_step_told_in_lines_is_one_line_its_notes_and_what_a_colon_opens_beside_their_part():
    told = [
        "you keep the car",
        "(cash: you 5 -> 5)",
        "the game is over; the final scoring:",
        "you: +4 VP",
        "Bob: +2 VP",
    ]
    assert one_line(told) == (
        "you keep the car (cash: you 5 -> 5); the game is over; the final scoring: you: +4 VP; Bob: +2 VP"
    )
