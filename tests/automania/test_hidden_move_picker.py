"""Another seat's contract played from a hand the advised seat has not all seen, as taps
(`Game.hidden_move_picker`): offered only then, never a contract the seat has seen
elsewhere nor one its car does not meet, and what the table then sees played is taken by the
companion."""

from __future__ import annotations

import random

from pyai.web.sessions import Store
from pyai.web.table import game_picker, legal_inputs


def test_a_hidden_hands_contract_play_is_tapped(tmp_path):
    store = Store(tmp_path)
    pickers = contracts_taken = 0
    for seed in range(6):
        rng = random.Random(seed)
        companion = store.get(store.create("automania(players=3)", seat=seed % 3)).companion
        for _ in range(300):
            state = companion.position.state
            if state.is_terminal():
                break
            picker = game_picker(companion)
            if picker is not None and state.to_move() != "chance":
                pickers += 1
                data = companion.position.view().to_dict()
                seat = data["seats"][state.to_move()]
                assert seat["hidden_contracts"] > 0 and data["step"] == "contract"
                seen = {str(c) for other in data["seats"] for c in (*other["hand_public"], *other["played"])}
                seen |= {str(c) for c in data["display"]}
                words = [option.word for option in picker.options]
                assert words[0] == "no contract" and len(words) == len(set(words))
                for word in words[1:]:
                    number = word.removeprefix("contract ")
                    assert number not in seen or number in map(str, seat["hand_public"]), word
                taken = []
                for word in words:  # each tried, then taken back: the table may see any of them
                    played, _ = companion.step(picker.line([word]))
                    if played:
                        taken.append(word)
                        companion.undo()
                # Every card offered is one its car meets: the table may see any of them played.
                assert taken == words and "no contract" in taken
                contracts_taken += len(taken) > 1
                companion.step(picker.line([rng.choice(taken)]))
                continue
            if picker is not None:
                pool = [o.word for o in picker.options for _ in range(o.copies)]
                if not companion.step(picker.line(rng.sample(pool, picker.count)))[0]:
                    continue  # a deal the rules refuse (both markets alike): dealt again
                continue
            inputs = legal_inputs(companion)
            assert inputs, companion.next_lines()
            companion.step(rng.choice(inputs)["line"])
    assert pickers > 5 and contracts_taken > 0
