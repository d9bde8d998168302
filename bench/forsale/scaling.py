"""How the engine's speed and memory scale with iterations, players and threads, in For Sale.

    python bench/forsale/scaling.py                              # 1k .. 1M iterations (about a minute)
    python bench/forsale/scaling.py --max-iterations 10000000    # adds the 10M run (about a minute more)
    python bench/forsale/scaling.py --quick --plot bench/forsale/scaling.png

Measures, for the installed pyai (`pip install .` first):
(a) ISMCTS from the 4-player start (the bench position, after the first
    deal), one thread, for 1k, 10k, 100k, 1M and 10M iterations: it/s, tree
    nodes and process memory. Each size runs in a fresh child process so
    that one size's tree does not stay in the next one's peak RSS; bytes per
    node is (peak RSS after the search - RSS before it) / nodes, so it counts
    the node array, the outcome table at its largest and whatever else the
    search allocates. The node cap is lifted (max_nodes well above the
    budget), so the tree grows to its natural size.
(b) by players (3 to 6): uniformly random playouts in games/s and ISMCTS
    it/s from the first decision of a dealt game.
(c) ISMCTS it/s with 1 and 2 threads from the 4-player start.

Writes the figures as JSON (--json, default bench/forsale/scaling.json),
prints them as markdown tables, and with --plot draws them (needs matplotlib:
the `plot` extra, `pip install '.[plot]'`). Rates depend on the machine and on
what else runs on it; the JSON records the load average at the start.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import resource
import subprocess
import sys
import time
from pathlib import Path

import pyai
from pyai import _core
from pyai.analysis import Search, analyse
from pyai.commands.bench import start_position
from pyai.errors import PyaiError
from pyai.output_files import check_plot, figure_bytes, write_plot

SIZES = [1_000, 10_000, 100_000, 1_000_000, 10_000_000]
PLAYERS = [3, 4, 5, 6]
START = "forsale(players=4)"  # the 4-player start: its bench position (Game.bench_state)
GIB = 1 << 30
MIB = 1 << 20


# --- (a) one search size, in a child process
def _status_kib(field: str) -> int | None:
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def reset_peak_rss() -> None:
    """Restarts the peak RSS count from the current RSS (Linux >= 4.0).

    Needed even in a fresh process: its peak starts from the forking
    parent's, which execve does not reset.
    """
    try:
        with open("/proc/self/clear_refs", "w") as clear_refs:
            clear_refs.write("5")
    except OSError:
        pass


def current_rss_bytes() -> int:
    kib = _status_kib("VmRSS")
    return kib * 1024 if kib is not None else peak_rss_bytes()


def peak_rss_bytes() -> int:
    kib = _status_kib("VmHWM")
    if kib is not None:
        return kib * 1024
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # not Linux: the peak of the whole process
    return peak if sys.platform == "darwin" else peak * 1024  # macOS counts bytes, the BSDs KiB


def search_child(iterations: int, seed: int) -> dict:
    """One uncapped search from the start; runs inside a fresh process."""
    state = start_position(START)
    reset_peak_rss()
    rss_before = current_rss_bytes()
    # Above any tree the budget can grow (about one node per iteration), so the cap never stops it;
    # the node array is reserved, not touched, so the headroom costs address space only.
    search = Search(state, iterations=iterations, threads=1, seed=seed, max_nodes=4 * iterations + 4096)
    result = search.run()
    peak = peak_rss_bytes()
    return {
        "iterations": result.iterations,
        "nodes": result.nodes,
        "tree_full": result.tree_full,
        "elapsed_ms": result.elapsed_ms,
        "it_per_s": result.iterations / result.elapsed_ms * 1000 if result.elapsed_ms > 0 else None,
        "rss_before_mib": rss_before / MIB,
        "peak_rss_mib": peak / MIB,
        "bytes_per_node": (peak - rss_before) / result.nodes,
        "within_1gib": peak <= GIB,
    }


def measure_size(iterations: int, seed: int) -> dict:
    command = [sys.executable, os.path.abspath(__file__), "--search-child", str(iterations), "--seed", str(seed)]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(
            f"the {iterations}-iteration search failed (status {done.returncode}): {done.stderr[-2000:]}"
        )
    return json.loads(done.stdout.strip().splitlines()[-1])


# --- (b) and (c), in this process
def first_decision(players: int, seed: int) -> pyai.State:
    """A dealt game of `players` at its first decision (the chance steps drawn from `seed`)."""
    state = pyai.load_game(f"forsale(players={players})").new_initial_state()
    while state.to_move() == "chance":
        state.apply(state.sample_chance(seed))
    return state


def by_players(games: int, iterations: int, seed: int) -> list[dict]:
    rows = []
    for players in PLAYERS:
        run = pyai.load_game(f"forsale(players={players})").random_playouts(games, seed)
        result = analyse(first_decision(players, seed), iterations=iterations, threads=1, seed=seed)
        rows.append(
            {
                "players": players,
                "games": run["games"],
                "games_per_s": run["games"] / run["seconds"],
                "iterations": result.iterations,
                "it_per_s": result.iterations / result.elapsed_ms * 1000,
                "nodes": result.nodes,
            }
        )
    return rows


def by_threads(iterations: int, seed: int) -> list[dict]:
    state = start_position(START)
    rows = []
    for threads in (1, 2):
        result = analyse(state, iterations=iterations, threads=threads, seed=seed)
        rows.append(
            {
                "threads": threads,
                "iterations": result.iterations,
                "it_per_s": result.iterations / result.elapsed_ms * 1000,
            }
        )
    for row in rows:
        row["speedup"] = row["it_per_s"] / rows[0]["it_per_s"]
    return rows


def measure(max_iterations: int, quick: bool, seed: int) -> dict:
    started = time.perf_counter()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    pyai.load_game(START).random_playouts(1000, seed)  # warm up caches and clocks
    sizes = [size for size in SIZES if size <= max_iterations]
    report = {
        "date": datetime.date.today().isoformat(),
        "pyai_version": pyai.__version__,
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "python": platform.python_version()},
        "load_average_at_start": load,
        "settings": {"max_iterations": max_iterations, "quick": quick, "seed": seed},
        "node_bytes_estimate": _core.NODE_BYTES,
        "by_iterations": [measure_size(size, seed) for size in sizes],
        "by_players": by_players(2_000 if quick else 200_000, 2_000 if quick else 100_000, seed),
        "threads": by_threads(4_000 if quick else 200_000, seed),
    }
    report["seconds"] = time.perf_counter() - started
    return report


# --- output
def markdown(report: dict) -> str:
    lines = [
        f"By iterations (4 players, start of game, one thread; {report['date']}):",
        "",
        "| iterations | it/s | nodes | peak RSS | bytes per node | within 1 GiB |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for row in report["by_iterations"]:
        full = " (tree full)" if row["tree_full"] else ""
        within = "yes" if row["within_1gib"] else "no"
        lines.append(
            f"| {row['iterations']:,} | {row['it_per_s']:,.0f} | {row['nodes']:,}{full} "
            f"| {row['peak_rss_mib']:,.0f} MiB | {row['bytes_per_node']:,.0f} | {within} |"
        )
    lines += ["", "By players (random playouts; ISMCTS from the first decision, one thread):", ""]
    lines += ["| players | games/s | ISMCTS it/s |", "| --- | --- | --- |"]
    for row in report["by_players"]:
        lines.append(f"| {row['players']} | {row['games_per_s']:,.0f} | {row['it_per_s']:,.0f} |")
    lines += ["", "Threads (4 players, start of game):", ""]
    lines += ["| threads | it/s | speedup |", "| --- | --- | --- |"]
    for row in report["threads"]:
        lines.append(f"| {row['threads']} | {row['it_per_s']:,.0f} | {row['speedup']:.2f} x |")
    return "\n".join(lines)


def plot(report: dict, image_format: str) -> bytes:
    """Search size, players and threads side by side: an image in `image_format`."""
    import matplotlib

    matplotlib.use("Agg")  # files only: no display needed
    import matplotlib.pyplot as plt
    from matplotlib.ticker import StrMethodFormatter

    thousands = StrMethodFormatter("{x:,.0f}")

    figure, (sizes, players, threads) = plt.subplots(1, 3, figsize=(15, 4.5))
    load = report["load_average_at_start"]
    loaded = f", load average {load:.1f} at start" if load is not None else ""
    figure.suptitle(f"pyai scaling ({report['date']}, {report['machine']['cpus']} CPUs{loaded})")

    rows = report["by_iterations"]
    iterations = [row["iterations"] for row in rows]
    sizes.plot(iterations, [row["it_per_s"] for row in rows], "o-", color="tab:blue", label="it/s")
    sizes.set(xscale="log", xlabel="iterations (4 players, 1 thread)", ylabel="it/s", title="Search size")
    sizes.set_ylim(bottom=0)
    memory = sizes.twinx()
    memory.plot(iterations, [row["peak_rss_mib"] for row in rows], "s--", color="tab:red", label="peak RSS")
    memory.axhline(1024, color="tab:red", linestyle=":", linewidth=1)
    memory.text(iterations[-1], 1024, "1 GiB ", color="tab:red", va="bottom", ha="right")
    memory.set(yscale="log", ylabel="peak RSS (MiB)")
    memory.yaxis.label.set_color("tab:red")
    sizes.yaxis.label.set_color("tab:blue")
    sizes.yaxis.set_major_formatter(thousands)
    sizes.legend(handles=sizes.get_lines() + memory.get_lines()[:1], loc="center left")

    rows = report["by_players"]
    counts = [row["players"] for row in rows]
    players.plot(counts, [row["games_per_s"] for row in rows], "o-", color="tab:green", label="random playouts")
    players.set(xlabel="players", ylabel="random playouts, games/s", title="Players", xticks=counts)
    players.set_ylim(bottom=0)
    players.yaxis.label.set_color("tab:green")
    search = players.twinx()
    search.plot(counts, [row["it_per_s"] for row in rows], "s--", color="tab:blue", label="ISMCTS")
    search.set_ylabel("ISMCTS it/s", color="tab:blue")
    search.set_ylim(bottom=0)
    players.yaxis.set_major_formatter(thousands)
    search.yaxis.set_major_formatter(thousands)
    players.legend(handles=players.get_lines() + search.get_lines(), loc="lower left")

    rows = report["threads"]
    bars = threads.bar([str(row["threads"]) for row in rows], [row["it_per_s"] for row in rows], color="tab:blue")
    threads.bar_label(bars, labels=[f"{row['speedup']:.2f} x" for row in rows])
    threads.axhline(2 * rows[0]["it_per_s"], color="gray", linestyle=":", linewidth=1)  # the ideal for 2 threads
    threads.text(-0.4, 2 * rows[0]["it_per_s"], "2 x one thread", color="gray", va="bottom")
    threads.set(xlabel="threads (4 players)", ylabel="ISMCTS it/s", title="Threads")
    threads.yaxis.set_major_formatter(thousands)

    return figure_bytes(figure, image_format, dpi=100)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-iterations", type=int, default=1_000_000, help="largest search size (10000000 for all)")
    parser.add_argument("--quick", action="store_true", help="small player and thread runs (noisy; for tests)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--json", default=str(Path(__file__).with_name("scaling.json")), help="where to write the figures"
    )
    parser.add_argument("--plot", metavar="PNG", help="also draw the figures into this image")
    parser.add_argument("--search-child", type=int, help=argparse.SUPPRESS)  # one size, in a fresh process
    args = parser.parse_args()
    if args.search_child is not None:
        print(json.dumps(search_child(args.search_child, args.seed)))
        return
    if args.plot is not None:  # fail before a long run, not after it
        try:
            check_plot("--plot", args.plot)
        except PyaiError as error:
            parser.error(str(error))
    report = measure(args.max_iterations, args.quick, args.seed)
    Path(args.json).write_text(json.dumps(report, indent=2) + "\n")
    print(markdown(report))
    print(f"\n{report['seconds']:.0f} s; figures in {args.json}")
    if args.plot is not None:
        try:  # a write that fails at the end (a full disk) is said, not a traceback
            write_plot("--plot", args.plot, lambda image_format: plot(report, image_format))
        except PyaiError as error:
            raise SystemExit(str(error)) from None
        print(f"plot in {args.plot}")


if __name__ == "__main__":
    main()
