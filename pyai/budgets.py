"""The search budgets the front-ends use when told none, in one table: a move
of a search bot, an advice, a hint and the engine's `go` think alike; a review
of every decision of a game looks less deep. (An analysis, `pyai analyse` or
`pyai.analyse`, takes the search's own default: the settings table's.)"""

from __future__ import annotations

MOVE_ITERATIONS = 20_000  # a search bot's move, `pyai advise`, `pyai play`'s hint, the engine's go
REVIEW_ITERATIONS = 5_000  # `pyai review`: each decision of a whole game
