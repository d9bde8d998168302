"""Leduc poker's own tests: its rules, positions and the comparison with OpenSpiel.

A package, so that its modules (leduc.test_positions, ...) may share a basename
with another game's; the tests every game passes are tests/games/."""
