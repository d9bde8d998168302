"""Automania's own tests: its rules, components, positions, views, words, heuristic and value model.

A package, so that its modules (automania.test_positions, ...) may share a basename
with another game's; the tests every game passes are tests/games/."""
