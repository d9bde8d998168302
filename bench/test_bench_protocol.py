"""pytest-benchmark suite of the engine protocol (not part of the default test run):

    pytest bench/test_bench_protocol.py --benchmark-only

One round is `go iterations 1` -> `bestmove` after the position was set once:
in-process through pyai.protocol.Engine, and through a real `pyai engine`
child over pipes (the figure a GUI or referee sees; target < 2 ms).
"""

import pytest

from pyai.commands.bench import protocol_position
from pyai.commands.bench_protocol import EngineChild, InProcessEngine


@pytest.fixture(scope="module")
def in_process():
    client = InProcessEngine(protocol_position())
    yield client
    client.close()


@pytest.fixture(scope="module")
def child():
    client = EngineChild(protocol_position())
    yield client
    client.close()


def test_round_trip_in_process(benchmark, in_process):
    benchmark(in_process.go)


def test_round_trip_over_pipes(benchmark, child):
    benchmark(child.go)


def test_position_and_go_over_pipes(benchmark, child):
    # What a referee does per move: the whole record again (as the seat to move saw it), then a search.
    position = protocol_position()

    def position_and_go():
        child.send(position)
        child.go()

    benchmark(position_and_go)
