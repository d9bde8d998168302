"""The pytest-benchmark suites run in this one process: timings taken beside
another worker are noise, and pytest-benchmark turns itself off under
pytest-xdist, which the project's addopts (`-n auto`, for the tests) would
otherwise start."""


def pytest_xdist_auto_num_workers(config) -> int:
    return 0
