"""Tournament pieces that need no game: bot specs, seatings, what an engine is shown,
the statistics on hand-made results, and the SPRT."""

import math
import random
import sys

import numpy as np
import pytest

import pyai
from pyai.tournament import SpecError, parse_spec, parse_sprt
from pyai.tournament.play import forfeit_ranks
from pyai.tournament.report import labels_for
from pyai.tournament.schedule import chance_seed, deal_seed, seatings
from pyai.tournament.specs import build_lineup, check_spec
from pyai.tournament.sprt import SprtError, SprtParams, deal_outcomes, sprt, sprt_from_games
from pyai.tournament.stats import bootstrap_ratio, compute, ratings

# --- specs


def test_builtin_specs_are_canonical():
    a = parse_spec("ismcts:iterations=2000,threads=1")
    b = parse_spec(" ismcts: threads=1 , iterations=2000 ")
    assert a == b and a.text == "ismcts:iterations=2000,threads=1"
    assert a.settings_dict() == {"iterations": 2000, "threads": 1}
    assert parse_spec("heuristic").text == "heuristic"
    assert parse_spec("pimc:dets=8,iterations=100").settings_dict() == {"dets": 8, "iterations": 100}
    assert parse_spec("ismcts:iterations=100,exploration=0.5").settings_dict()["exploration"] == 0.5
    # a setting's own "off": None, written back as it was said
    off = parse_spec("ismcts:rollout_sell_later_weight=None,private_opponents=true")
    assert off.settings_dict() == {"rollout_sell_later_weight": None, "private_opponents": True}
    assert parse_spec(off.text) == off and "rollout_sell_later_weight=None" in off.text
    check_spec(off, pyai.load_game("forsale(players=4)"))  # the search takes it
    assert parse_spec("ismcts:opponent_model=none").settings_dict() == {"opponent_model": "none"}  # a choice


def test_command_specs():
    spec = parse_spec(f"cmd:{sys.executable} /some/dir/engine.py --flag 'two words'")
    assert spec.kind == "cmd" and spec.argv == (sys.executable, "/some/dir/engine.py", "--flag", "two words")
    assert spec.label.startswith("cmd:python") and "engine.py --flag" in spec.label


def test_labels_keep_the_whole_command_where_two_engines_would_look_alike(tmp_path):
    texts = []
    for build in ("old", "new"):
        program = tmp_path / build / "engine"
        program.parent.mkdir()
        program.write_text("#!/bin/sh\n")
        program.chmod(0o755)
        texts.append(parse_spec(f"cmd:{program} --uci").text)
    assert labels_for([texts[0], "heuristic"]) == ["cmd:engine --uci", "heuristic"]
    assert labels_for([*texts, "heuristic"]) == [texts[0], texts[1], "heuristic"]
    assert str(tmp_path / "old" / "engine") in texts[0]


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "empty bot spec"),
        ("alphazero", "unknown bot 'alphazero'"),
        ("ismcts:iterations", "'iterations' is not key=value"),
        ("ismcts:iterations=10,iterations=20", "given twice"),
        ("random:noise=3", "no setting 'noise'"),
        ("ismcts:dets=4", "no setting 'pimc' or 'determinizations'"),
        ("heuristic:noise=300", "noise must be a whole number 0 to 100"),
        ("cmd:", "no command after cmd:"),
        ("cmd:/no/such/engine --x", "no such program"),
        ("cmd:no-such-engine-anywhere", "not on PATH"),
        ("cmd:engine 'unclosed", "cannot split"),
        ("/usr/bin/engine", "cmd:<command line>"),
    ],
)
def test_bad_specs_say_what_is_wrong(text, message):
    with pytest.raises(SpecError, match=None) as error:
        parse_spec(text)
    assert message in str(error.value)


@pytest.mark.parametrize(
    "text, message",
    [
        ("ismcts:colour=red", "unknown search setting 'colour'"),
        ("ismcts:iterations=-5", "iterations must be a whole number 0 to"),
        ("ismcts:rollout=magic", "rollout must be one of heuristic, random, not 'magic'"),
        ("pimc:max_raise=-1", "max_raise must be a whole number 0 to 1000, not -1"),
    ],
)
def test_search_settings_are_checked_against_the_tournaments_game(text, message):
    spec = parse_spec(text)  # well formed: the values are the game's to judge
    with pytest.raises(SpecError, match=None) as error:
        check_spec(spec, pyai.load_game("forsale(players=4)"))
    assert message in str(error.value) and text.split(":")[0] in str(error.value)


def test_lineup_fills_by_cycling():
    a, b, c = (parse_spec(name) for name in ("ismcts:iterations=10", "heuristic", "random"))
    assert build_lineup([a, b], 4) == [a, b, a, b]
    assert build_lineup([a, b, c], 4) == [a, b, c, a]
    assert build_lineup([a], 3) == [a, a, a]
    with pytest.raises(SpecError, match="at most 3"):
        build_lineup([a, b, c, a], 3)
    with pytest.raises(SpecError, match="at least one"):
        build_lineup([], 3)


# --- seatings and seeds


def test_rotations_balance_seats_and_drop_repeats():
    four = seatings([0, 1, 2, 3])
    assert four == [(0, 1, 2, 3), (1, 2, 3, 0), (2, 3, 0, 1), (3, 0, 1, 2)]
    for bot in range(4):
        assert sorted(seating.index(bot) for seating in four) == [0, 1, 2, 3]
    assert seatings([0, 1, 0, 1]) == [(0, 1, 0, 1), (1, 0, 1, 0)]
    assert seatings([0, 1, 1]) == [(0, 1, 1), (1, 1, 0), (1, 0, 1)]
    assert len(seatings([0, 1, 2, 3], "all")) == 24
    assert len(seatings([0, 1, 1, 1], "all")) == 4
    with pytest.raises(ValueError, match="seatings must be"):
        seatings([0, 1], "random")


def test_seeds_are_stable_and_distinct():
    assert deal_seed(0, 1) == deal_seed(0, 1) != deal_seed(0, 2) != deal_seed(1, 1)
    assert 0 <= deal_seed(5, 7) < 2**63
    assert chance_seed(deal_seed(0, 1), 1) != chance_seed(deal_seed(0, 1), 2)


# --- what an engine may see


def test_engine_is_not_shown_the_removal_or_this_rounds_sells():
    """The referee sends `state.view(seat).history()`: checked here at every decision of random games."""
    game = pyai.load_game("forsale(players=4)")
    sealed_seen = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            mover = state.to_move()
            if mover == "chance":
                state.apply(state.sample_chance(rng.randrange(1 << 30)))
                continue
            full = [token for token in state.history() if not token.startswith("removed:")]
            shown = state.view(mover).history()
            assert not any(token.startswith("removed:") for token in shown)
            hidden = len(full) - len(shown)
            assert full[: len(shown)] == shown and all(token.startswith("sell:") for token in full[len(shown) :])
            if all(move.startswith("sell:") for move in state.legal_moves()):
                sells_made = 0
                while sells_made < len(full) and full[len(full) - 1 - sells_made].startswith("sell:"):
                    sells_made += 1
                assert hidden == sells_made  # this round's sells so far are all hidden
                sealed_seen += hidden > 0
            else:
                assert hidden == 0  # outside a sealed choice everything public is shown
            state.apply(rng.choice(state.legal_moves()))
    assert sealed_seen > 0


def test_forfeit_ranks():
    assert forfeit_ranks(4, culprit=2) == [2.0, 2.0, 4.0, 2.0]


# --- statistics on hand-made results


def game(deal, seating, ranks, winners, scores=None, outcome="normal", culprit=None):
    return {
        "deal": deal,
        "seating": seating,
        "ranks": ranks,
        "winners": winners,
        "scores": scores if scores is not None else ([10 * (5 - r) for r in ranks] if outcome == "normal" else None),
        "outcome": outcome,
        "culprit": culprit,
        "reason": None if outcome == "normal" else "test",
        "times": [0.1, 0.2, 0.3],
        "decisions": [10, 10, 10],
    }


def test_shared_wins_count_one_over_k_and_head_to_head():
    games = [
        game(1, [0, 1, 2], [1.0, 2.0, 3.0], [0]),
        game(1, [1, 2, 0], [1.5, 1.5, 3.0], [0, 1]),  # bots 1 and 2 share the win
        game(2, [2, 0, 1], [2.0, 2.0, 3.0], [0, 1], outcome="crash", culprit=2),  # bot 1 crashed
    ]
    report = compute(games, ["a", "b", "c"], players=3)
    rows = report["bots"]
    assert [row["games"] for row in rows] == [3, 3, 3]
    assert [row["wins"] for row in rows] == [1.5, 0.5, 1.0]
    assert sum(row["wins"] for row in rows) == len(games)
    assert rows[1]["failures"] == 1 and rows[1]["failures_by_kind"] == {"crash": 1}
    assert report["outcomes"] == {"normal": 2, "crash": 1}
    assert rows[0]["score"] == pytest.approx((40 + 20) / 2)  # the crashed game has no scores
    assert rows[0]["rank"] == pytest.approx((1 + 3 + 2) / 3)
    assert rows[0]["ms_per_move"] == pytest.approx(1000 * (0.1 + 0.3 + 0.2) / 30)
    h2h = {(item["bot"], item["opponent"]): item for item in report["head_to_head"]}
    assert (h2h["a", "b"]["ahead"], h2h["a", "b"]["behind"], h2h["a", "b"]["level"]) == (2, 1, 0)
    assert (h2h["b", "c"]["ahead"], h2h["b", "c"]["behind"], h2h["b", "c"]["level"]) == (1, 1, 1)
    assert (h2h["c", "a"]["ahead"], h2h["c", "a"]["level"]) == (1, 1)
    assert all(item["meetings"] == 3 for item in h2h.values())


def test_copies_of_a_bot_count_every_seat():
    games = [game(1, [0, 1, 1], [1.0, 2.0, 3.0], [0]), game(1, [1, 0, 1], [1.5, 3.0, 1.5], [0, 2])]
    report = compute(games, ["a", "b"], players=3)
    assert [row["games"] for row in report["bots"]] == [2, 4]
    assert [row["wins"] for row in report["bots"]] == [1.0, 1.0]
    h2h = {(item["bot"], item["opponent"]): item for item in report["head_to_head"]}
    assert h2h["a", "b"]["ahead"] == 2 and h2h["a", "b"]["behind"] == 2 and h2h["a", "b"]["meetings"] == 4


def test_each_bots_win_share_in_each_deal():
    games = [
        game(1, [0, 1, 1], [1.0, 2.0, 3.0], [0]),
        game(1, [1, 0, 1], [1.5, 3.0, 1.5], [0, 2]),  # bot 1's two seats share the win
        game(1, [1, 1, 0], [2.0, 3.0, 1.0], [2]),
        game(4, [0, 1, 1], [2.0, 1.0, 3.0], [1]),
        game(4, [1, 0, 1], [1.5, 3.0, 1.5], [0, 2]),  # bot 0 in a deal where it never wins
    ]
    rows = compute(games, ["a", "b"], players=3)["bots"]
    # bot 0: deal 1 won 2 of its 3 seats; deal 4 none of 2. Bot 1: deal 1 (0.5 + 0.5) over 6 seats,
    # deal 4 (1 + 0.5 + 0.5) over 4 seats. Keyed as JSON keys are, by the deal's number as text.
    assert rows[0]["deal_win_shares"] == {"1": pytest.approx(2 / 3), "4": 0.0}
    assert rows[1]["deal_win_shares"] == {"1": pytest.approx(1 / 6), "4": pytest.approx(0.5)}
    # a deal's shares over its seats add up to the wins
    assert rows[1]["wins"] == pytest.approx(6 * (1 / 6) + 4 * 0.5)


def test_intervals_contain_the_estimate_and_narrow_with_more_deals():
    rng = np.random.default_rng(7)
    widths = []
    for deals in (20, 320):
        games = []
        for deal in range(deals):
            for shift in range(3):
                seating = [(seat + shift) % 3 for seat in range(3)]
                strength = {0: 0.6, 1: 0.3, 2: 0.1}
                winner = rng.choice(3, p=[strength[bot] for bot in seating])
                ranks = [1.0 if seat == winner else 2.5 for seat in range(3)]
                games.append(game(deal, seating, ranks, [int(winner)]))
        report = compute(games, ["strong", "middle", "weak"], players=3)
        for row in report["bots"]:
            assert row["win_rate_low"] <= row["win_rate"] <= row["win_rate_high"]
            assert row["score_low"] <= row["score"] <= row["score_high"]
            assert row["rank_low"] <= row["rank"] <= row["rank_high"]
            assert 0 <= row["win_rate_low"] and row["win_rate_high"] <= 1
        strong = report["bots"][0]
        widths.append(strong["win_rate_high"] - strong["win_rate_low"])
        if deals == 320:
            assert strong["win_rate_low"] < 0.6 < strong["win_rate_high"]
            mus = [row["rating_mu"] for row in report["bots"]]
            assert mus[0] > mus[1] > mus[2]
            assert all(row["rating_sigma"] < 2 for row in report["bots"])
    assert widths[1] < widths[0] / 2


def test_bootstrap_is_exact_when_every_deal_agrees():
    low, high = bootstrap_ratio(np.array([[1.0, 0.0]] * 5), np.array([[2.0, 2.0]] * 5))
    assert list(low) == [0.5, 0.0] and list(high) == [0.5, 0.0]


def test_ratings_copies_add_their_updates():
    final, history = ratings([game(1, [0, 1, 1], [1.0, 2.0, 3.0], [0])], 2)
    assert len(history) == 1 and final[0][0] > 25 > final[1][0]
    assert final[0][1] < 25 / 3 and final[1][1] < 25 / 3


# --- SPRT


def test_sprt_bounds_and_decisions():
    params = SprtParams()
    assert params.upper == pytest.approx(math.log(19)) and params.lower == pytest.approx(-math.log(19))
    assert sprt(0, 0, 0, params).decision is None
    assert sprt(300, 10, 150, params).decision == "H1"
    assert sprt(150, 10, 150, params).decision is None and sprt(450, 10, 450, params).decision == "H0"
    result = sprt(60, 5, 40, params)
    assert result.decision is None and result.elo == pytest.approx(-400 * math.log10(40 / 60))
    assert parse_sprt("") == params
    assert parse_sprt("elo1=50, alpha=0.1") == SprtParams(elo1=50, alpha=0.1)
    for bad, message in [("elo2=3", "not one of"), ("elo1=x", "must be a number"), ("elo0=10,elo1=5", "elo1 > elo0")]:
        with pytest.raises(SprtError, match=message):
            parse_sprt(bad)


def test_sprt_counts_whole_deals_in_order():
    # bot 0 vs bot 1, two seatings a deal
    games = [
        game(1, [0, 1, 0], [2.0, 1.0, 3.0], [1]),
        game(1, [1, 0, 1], [1.0, 2.0, 3.0], [0]),  # deal 1: A wins none of its 3 seats, B 2 of 3: a loss
        game(2, [0, 1, 0], [1.0, 2.0, 3.0], [0]),
        game(2, [1, 0, 1], [2.0, 1.0, 3.0], [1]),  # deal 2: A 2 of 3, B none: a win
        game(4, [0, 1, 0], [1.0, 2.0, 3.0], [0]),
        game(4, [1, 0, 1], [2.0, 1.0, 3.0], [1]),  # deal 4 counts only once deal 3 is in
        game(3, [0, 1, 0], [1.0, 2.0, 3.0], [0]),  # deal 3 half played
    ]
    assert deal_outcomes(games, 0, 1, 2) == [0.0, 1.0]
    result = sprt_from_games(games, SprtParams(elo1=400), 2)
    assert (result.wins, result.losses) == (1, 1)
