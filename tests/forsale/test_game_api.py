"""For Sale through the public Python API: its game string's parameters, states, errors,
history, copies, pictures (the game string's syntax: tests/test_game_string.py)."""

import random

import pytest

import pyai

from scripting import play, play_randomly_to_the_end


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_new_game_starts_with_a_chance_step(players):
    state = pyai.load_game(f"forsale(players={players})").new_initial_state()
    assert state.to_move() == "chance"
    assert state.legal_moves() == []
    assert not state.is_terminal()
    assert state.history() == []
    token = state.sample_chance(1)
    # 3-4 players first record the unseen removal; 5-6 players remove nothing.
    assert token.startswith("removed:" if players <= 4 else "deal:")


def test_game_strings_and_parameters():
    game = pyai.load_game("forsale(players=5,theme=advisors,first=2)")
    assert (game.players, game.theme.key, game.first) == (5, "advisors", 2)
    assert str(game) == "forsale(players=5,theme=advisors,first=2)"
    assert pyai.load_game(str(game)) == game
    assert pyai.load_game(" ForSale( players = 3 ) ").players == 3
    assert pyai.load_game("forsale").players == 4  # documented default


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("forsale(players=7)", "players must be a whole number 3 to 6"),
        ("forsale(players=2)", "players must be a whole number 3 to 6"),
        ("forsale(theme=x)", "theme must be one of autorama, advisors"),
        ("forsale(first=4)", "first must be a seat 0 to 3"),
        ("forsale(players=four)", "players must be a whole number"),
        ("forsale(colour=red)", "unknown forsale parameter 'colour'"),
    ],
)
def test_bad_parameters_name_the_problem(text, fragment):
    with pytest.raises(pyai.GameStringError, match=fragment.replace("(", r"\(").replace(")", r"\)")):
        pyai.load_game(text)


def test_first_player_leads_the_first_auction():
    state = pyai.load_game("forsale(players=5,first=3)").new_initial_state()
    state.apply("deal:1,2,3,4,5")
    assert state.to_move() == 3


def test_illegal_moves_raise_and_leave_the_state_unchanged():
    state = pyai.load_game("forsale(players=4)").new_initial_state()
    play(state, "deal:3,12,19,27", "bid:1", "bid:2")
    before = state.clone()
    cases = {
        "bid:1": "a bid must exceed 2 (legal: pass bid:3..bid:28)",
        "bid:29": "a bid is at most the bidder's cash (28)",
        "play:3": "wrong move now: the auction takes bid:N or pass",
        "deal:1,2,4,5": "no cards are to be turned up now: it is seat 2's turn",
        "removed:1,2/3,4/5,6": "only be recorded before the first deal",
    }
    for token, fragment in cases.items():
        with pytest.raises(pyai.IllegalMoveError) as caught:
            state.apply(token)
        assert fragment in str(caught.value), str(caught.value)
        assert caught.value.token == token
        assert str(caught.value).startswith(token + ": ")
        assert state == before and state.history() == before.history()


@pytest.mark.parametrize(
    "token",
    [
        "",
        "bid:",
        "bid:x",
        "bid:-1",
        "bid:01",
        "bid:1:2",
        "sell:1,2,3",
        "play:",
        "xyz",
        "pass:1",
        "mech:maybe",
        "bid 3",
        "deal:1,,2",
        "b\x00id:1",
        "bid:" + "9" * 500,
    ],
)
def test_malformed_tokens_are_syntax_errors(token):
    state = pyai.load_game("forsale(players=4)").new_initial_state()
    play(state, "deal:3,12,19,27")
    before = state.clone()
    with pytest.raises(pyai.TokenSyntaxError):
        state.apply(token)
    assert state == before


def test_non_string_token_is_rejected():
    state = pyai.load_game("forsale(players=4)").new_initial_state()
    with pytest.raises(pyai.IllegalMoveError):
        state.apply(3)  # type: ignore[arg-type]


def test_upper_case_tokens_are_accepted_and_recorded_canonically():
    state = pyai.load_game("forsale(players=5)").new_initial_state()
    assert state.apply("DEAL:27,3,19,12,5") == "deal:3,5,12,19,27"
    assert state.apply("Pass") == "pass"
    assert state.history() == ["deal:3,5,12,19,27", "pass"]


def test_deal_errors_name_the_card():
    state = pyai.load_game("forsale(players=4)").new_initial_state()
    with pytest.raises(pyai.IllegalMoveError, match="turns up 4 advisors, not 3"):
        state.apply("deal:1,2,3")
    with pytest.raises(pyai.IllegalMoveError, match="advisor 3 is listed twice"):
        state.apply("deal:1,2,3,3")
    with pytest.raises(pyai.IllegalMoveError, match="there is no advisor 31"):
        state.apply("deal:1,2,3,31")
    play(state, "removed:1,2/3,4/0,5")
    with pytest.raises(pyai.IllegalMoveError, match="advisor 1 was removed from the game at the start"):
        state.apply("deal:1,5,6,7")
    state.apply("deal:5,6,7,8")
    while state.to_move() != "chance":
        state.apply(state.legal_moves()[0])
    with pytest.raises(pyai.IllegalMoveError, match="advisor 6 was turned up already"):
        state.apply("deal:6,9,10,11")


def test_out_of_phase_calls_raise_phase_errors():
    state = pyai.load_game("forsale(players=4)").new_initial_state()
    with pytest.raises(pyai.PhaseError, match="only once the game is over"):
        state.scores()
    with pytest.raises(pyai.PhaseError):
        state.winners()
    play(state, "deal:3,12,19,27")
    with pytest.raises(pyai.PhaseError, match="no chance step now: seat 0 is to move"):
        state.sample_chance(1)


def test_bad_seats_and_seeds():
    state = pyai.load_game("forsale(players=4)").new_initial_state()
    for bad in (4, -1, 2**70, "1", 1.0, True):
        with pytest.raises(pyai.ArgumentError, match=r"seat must be a whole number 0..3, not"):
            state.view(bad)  # type: ignore[arg-type]
        with pytest.raises(pyai.ArgumentError, match=r"seat must be a whole number 0..3, not"):
            state.determinize(bad, 0)  # type: ignore[arg-type]
    with pytest.raises(pyai.ArgumentError, match="seed must be a whole number, not 1.5"):
        state.sample_chance(1.5)  # type: ignore[arg-type]
    assert state.sample_chance(-1) == state.sample_chance(2**64 - 1)  # seeds are taken mod 2**64


def test_clone_is_independent_and_equal():
    state = pyai.load_game("forsale(players=4)").new_initial_state()
    play(state, "deal:3,12,19,27", "bid:1")
    copy = state.clone()
    assert copy == state and copy.history() == state.history()
    copy.apply("pass")
    assert copy != state
    assert state.history() == ["deal:3,12,19,27", "bid:1"]


def test_sample_chance_is_reproducible_and_legal():
    state = pyai.load_game("forsale(players=6)").new_initial_state()
    assert state.sample_chance(7) == state.sample_chance(7)
    assert len({state.sample_chance(seed) for seed in range(20)}) > 1
    state.apply(state.sample_chance(7))
    assert state.to_move() == 0


def test_printing_a_state_shows_the_theme_names():
    autorama = pyai.load_game("forsale(players=4)").new_initial_state()
    advisors = pyai.load_game("forsale(players=4,theme=advisors)").new_initial_state()
    for state in (autorama, advisors):
        play(state, "deal:5,12,19,27")
    assert "5 Consultant" in str(autorama) and "For Sale: Autorama" in str(autorama)
    assert "5 Agent" in str(advisors) and "For Sale: Advisors" in str(advisors)
    assert "12 Appraiser" in str(advisors) and "27 Financier" in str(advisors)
    assert "to move: seat 0" in str(autorama)
    # The theme changes names only: the same tokens give the same rules state.
    assert autorama._core == advisors._core


def test_to_dict_is_plain_data():
    import json

    state = pyai.load_game("forsale(players=3)").new_initial_state()
    play(state, "deal:1,2,3")
    data = state.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["game"] == "forsale(players=3)" and data["table"] == [1, 2, 3]


def test_ranks_order_seats_by_money_then_cash_and_share_ties():
    rng = random.Random(11)
    for players in (3, 4, 5, 6):
        for _ in range(30):
            state = pyai.load_game(f"forsale(players={players})").new_initial_state()
            play_randomly_to_the_end(state, rng)
            keys = [(score, parts["cash"]) for score, parts in zip(state.scores(), state.score_breakdown())]
            ranks = state.ranks()
            for seat, key in enumerate(keys):
                better = sum(other > key for other in keys)
                equal = sum(other == key for other in keys)
                assert ranks[seat] == better + (equal + 1) / 2
            assert {seat for seat, rank in enumerate(ranks) if rank == min(ranks)} == set(state.winners())
