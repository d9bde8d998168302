"""A showdown at a real table: the other seat's card, never dealt face up to the advised
seat, is shown once the hand is over ('Anna shows kh'); the companion then knows the
result, as the table does. What is shown must be a card the seat has not seen."""

from __future__ import annotations

import random

import pyai
from pyai.commands.advise import Companion
from pyai.commands.advise_session import Session
from pyai.leduc.render import card_words

NAMES = ["Anna", "me"]


def told_hand(seed: int) -> tuple[Companion, pyai.State]:
    """A random hand told to seat 1's companion as the table sees it, and the true hand."""
    truth, rng = pyai.load_game("leduc()").new_initial_state(), random.Random(seed)
    companion = Companion(Session("leduc()", 1, list(NAMES), iterations=10))
    deals = 0
    while not truth.is_terminal():
        if truth.to_move() == "chance":
            token = truth.sample_chance(rng.getrandbits(32))
            card = token.partition(":")[2]
            line = ["Anna gets her card", f"I get {card}", f"board {card}"][deals]
            deals += 1
        else:
            token = rng.choice(truth.legal_moves())
            line = f"{'Anna' if truth.to_move() == 0 else 'I'} {token}"
        answer = companion.handle(line)
        assert not answer[0].startswith("not taken"), (line, answer)
        truth.apply(token)
    return companion, truth


def test_the_card_shown_at_a_showdown_tells_the_result():
    showdowns = 0
    for seed in range(40):
        companion, truth = told_hand(seed)
        if "fold" in truth.history():
            continue  # no showdown: the result is known without the card
        showdowns += 1
        ended = companion.next_lines()
        _, mine, board = (token[5:] for token in truth.history() if token.startswith("deal:"))
        if mine[0] == board[0]:  # your pair wins whatever Anna holds: told without her card
            assert ended[0] == "the game is over:" and companion.position.state.scores() == truth.scores()
            continue
        assert ended[0].endswith("say it shown: 'Anna shows <card>'"), ended
        card = truth.history()[0].partition(":")[2]
        answer = companion.handle(f"Anna shows {card_words(card)}")
        told = f"  shown at the end: Anna is dealt the {card_words(card)}"
        assert answer[0] == told and answer[1] == "the game is over:", answer
        assert companion.position.state.scores() == truth.scores()
        winners = ", ".join(NAMES[seat] + " (you)" * (seat == companion.me) for seat in truth.winners())
        assert answer[-1].endswith(winners)
        assert companion.handle("undo")[0].startswith("undone") and companion.position.moves[0] == "deal:?"
    assert showdowns > 10


def test_a_card_shown_wrongly_is_refused_and_changes_nothing():
    companion, truth = next((c, t) for c, t in (told_hand(seed) for seed in range(40)) if "fold" not in t.history())
    _, mine, board = (token[5:] for token in truth.history() if token.startswith("deal:"))
    before = list(companion.position.moves)
    for line, message in [
        (f"Anna shows {mine}", "is dealt already: it is your card"),
        (f"Anna shows {board}", "is dealt already: it is the public card"),
        ("I show kh", "your own card is told already"),
        ("Bob shows kh", "'bob' is no seat's name"),
        ("Anna shows", "name the card Anna shows"),
    ]:
        answer = companion.handle(line)
        assert answer[0].startswith("not taken: ") and message in answer[0], (line, answer)
        assert list(companion.position.moves) == before
    card = truth.history()[0][5:]
    companion.handle(f"Anna shows {card}")
    again = companion.handle(f"Anna shows {card}")
    # then the result is told: the refusal adds how to start the next hand
    assert again[0].startswith(f"not taken: Anna's card is known already: the {card_words(card)}; a new game, ")


def test_a_session_resumes_with_the_card_shown(tmp_path):
    companion, truth = next((c, t) for c, t in (told_hand(seed) for seed in range(40)) if "fold" not in t.history())
    path = tmp_path / "hand.json"
    companion.handle(f"Anna shows {truth.history()[0][5:]}")
    companion.session.save(str(path))
    resumed = Companion(Session.load(str(path)), str(path))
    assert resumed.position.state.scores() == truth.scores()
