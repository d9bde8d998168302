"""The search budgets the front-ends use when told none, in one table: a move
of a search bot, an advice, a hint and the engine's `go` think alike; an
analysis looks deeper, a review of every decision of a game less deep."""

from __future__ import annotations

MOVE_ITERATIONS = 20_000  # a search bot's move, `pyai advise`, `pyai play`'s hint, the engine's go
ANALYSE_ITERATIONS = 100_000  # `pyai analyse`: one position, searched at length
REVIEW_ITERATIONS = 5_000  # `pyai review`: each decision of a whole game
