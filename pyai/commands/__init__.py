"""The command line's front-end commands, each a module: `pyai advise`, `play`, `review` and
`bench` (the engine and tournaments have their own packages: pyai/protocol, pyai/tournament)."""
