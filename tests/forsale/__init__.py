"""For Sale's own tests: its rules, scoring, positions, views, heuristic and value model.

A package, so that its modules (forsale.test_positions, ...) may share a basename
with another game's; the tests every game passes are tests/games/."""
