"""How `pyai serve` answers while it thinks: the time to the first advice at the
default budget, and the time another request takes while that search runs.

A real server (`python -m pyai serve` on a free localhost port, in a folder of
its own) and a real HTTP client; a session (pyai's default game unless
`--game`; you at `--seat`, default 1) is played to your first decision by
taps and clicks, as the page would, then
the advice is asked `--rounds` times while a second thread asks the session's
state and its progress (what the page polls) every 50 ms. Prints the advice
times and the other requests' median, 95th percentile and worst, in ms.

    python bench/web_responsiveness.py [--game forsale(players=4)] [--seat 1] [--rounds 5]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

from pyai.games import DEFAULT_GAME


def call(base: str, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=600) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def to_first_decision(base: str, game: str, seat: int, rng: random.Random) -> dict:
    """A new session played on by random taps and clicks to the player's first decision (a game
    that reaches a step only words can say first, another seat's move on unseen cards, is dealt again)."""
    while True:
        status, state = call(base, "POST", "/api/sessions", {"game": game, "seat": seat})
        assert status == 201, state
        session = f"/api/sessions/{state['id']}"
        while not state["your_decision"]:
            if state["picker"]:
                options = [o["word"] for o in state["picker"]["options"] for _ in range(o["copies"])]
                body: dict = {"picks": rng.sample(options, state["picker"]["count"])}
            elif state["inputs"]:
                body = {"input": rng.choice(state["inputs"])["line"]}
            elif state["reveal"]:
                body = {"reveal": {str(e["seat"]): rng.choice(e["options"])["word"] for e in state["reveal"]["seats"]}}
            else:
                break
            status, answer = call(base, "POST", f"{session}/steps", body)
            if status == 200:
                state = answer["state"]
        if state["your_decision"]:
            return state


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default=DEFAULT_GAME, help=f"any registered game (default {DEFAULT_GAME})")
    parser.add_argument("--seat", type=int, default=1, help="the player's seat (default 1)")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="pyai-web-bench-")
    server = subprocess.Popen(
        [sys.executable, "-m", "pyai", "serve", "--port", "0", "--sessions", folder],
        stdout=subprocess.PIPE,
        text=True,
        cwd=folder,
    )
    try:
        assert server.stdout is not None
        base = server.stdout.readline().split()[-1].rstrip("/")
        advice_seconds, other_ms = [], []
        rng = random.Random(0)
        for _ in range(args.rounds):
            state = to_first_decision(base, args.game, args.seat, rng)
            session = f"/api/sessions/{state['id']}"
            done = threading.Event()

            def poll(session: str = session, done: threading.Event = done) -> None:
                while not done.is_set():
                    for path in (session, f"{session}/progress"):
                        began = time.perf_counter()
                        status, _ = call(base, "GET", path)
                        other_ms.append(1000 * (time.perf_counter() - began))
                        assert status == 200
                    time.sleep(0.05)

            polling = threading.Thread(target=poll)
            began = time.perf_counter()
            polling.start()
            status, advice = call(base, "POST", f"{session}/advice", {})
            advice_seconds.append(time.perf_counter() - began)
            done.set()
            polling.join()
            assert status == 200, advice
        print(f"game {args.game}, default budget ({advice['iterations']} iterations), {args.rounds} advices")
        print("time to the advice, s: " + ", ".join(f"{s:.2f}" for s in advice_seconds))
        print(
            f"another request during the search ({len(other_ms)}): median {statistics.median(other_ms):.1f} ms, "
            f"95th percentile {percentile(other_ms, 0.95):.1f} ms, worst {max(other_ms):.1f} ms"
        )
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
