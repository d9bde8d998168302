"""Win share against search budget, from `pyai tournament` results files.

A results file is a tournament's SQLite file or its report saved as JSON
(`pyai tournament report FILE --json PATH`: small enough to keep beside the
docs, so a plot can be drawn again without the games). Each is one point:
the tested bot (the first whose spec starts with --bot, `ismcts` by default)
at its `iterations=`, with its win share and 95% interval as the tournament
report gives them. Points whose bots differ in anything but the iterations
are lines of their own, labelled by the rest of the spec, unless --series
names a line and its files (a default bot's spec says nothing of the settings
it stood for); the fair share is drawn too. Prints the points as a table; with
--plot, draws them (matplotlib: the `plot` extra).

    python bench/budget_plot.py runs/n1000.sqlite runs/n2000.sqlite runs/n10000.sqlite --plot budget.png
    python bench/budget_plot.py --series "before" old2k.sqlite old10k.sqlite --series "now" new2k.json new10k.json
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict

from pyai.errors import PyaiError
from pyai.output_files import check_plot, figure_bytes, write_plot
from pyai.tournament.report import build_report
from pyai.tournament.store import Store


def load_report(path: str) -> dict:
    """The tournament report of a results file: a saved JSON report, else the SQLite file's."""
    if path.endswith(".json"):
        try:
            with open(path, encoding="utf-8") as file:
                report = json.load(file)
        except (OSError, ValueError) as error:
            raise SystemExit(f"{path}: not a readable JSON report ({error})") from None
        if not isinstance(report, dict) or not {"bots", "settings", "fair_share"} <= report.keys():
            raise SystemExit(f"{path}: not a tournament report (pyai tournament report FILE --json PATH)")
        return report
    return build_report(Store(path, create=False))


def point(path: str, prefix: str) -> tuple[str, int, dict, dict]:
    """(line label, iterations, the bot's report row, the whole report) of one results file."""
    report = load_report(path)
    for row in report["bots"]:
        name, _, options = row["bot"].partition(":")
        if row["bot"].startswith(prefix) and "iterations=" in options:
            pairs = [pair for pair in options.split(",") if pair]
            iterations = next(int(pair.split("=", 1)[1]) for pair in pairs if pair.startswith("iterations="))
            rest = ",".join(pair for pair in pairs if not pair.startswith("iterations="))
            return f"{name}:{rest}" if rest else name, iterations, row, report
    raise SystemExit(f"{path}: no bot starting with {prefix!r} with an iterations= setting")


def draw(lines: dict[str, list[tuple[int, dict]]], game: str, fair: float, image_format: str) -> bytes:
    """Each line's win share against iterations, with its intervals and the fair share: an image in `image_format`."""
    import matplotlib

    matplotlib.use("Agg")  # files only: no display needed
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4.5))
    for label, points in lines.items():
        points.sort(key=lambda p: p[0])
        x = [p[0] for p in points]
        y = [100 * p[1]["win_rate"] for p in points]
        below = [100 * (p[1]["win_rate"] - p[1]["win_rate_low"]) for p in points]
        above = [100 * (p[1]["win_rate_high"] - p[1]["win_rate"]) for p in points]
        axes.errorbar(x, y, yerr=[below, above], marker="o", capsize=5, label=label)
    axes.axhline(100 * fair, color="grey", linestyle="--", label="fair share")
    axes.set_xscale("log")
    budgets = sorted({p[0] for points in lines.values() for p in points})
    axes.set_xticks(budgets, [f"{b:,}" for b in budgets])
    axes.minorticks_off()
    axes.set_xlabel("iterations a move")
    axes.set_ylabel("win share, % (95% CI over deals)")
    axes.set_title(game)
    axes.legend(fontsize=8)
    return figure_bytes(figure, image_format, dpi=100)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("results", nargs="*", help="pyai tournament results files (SQLite, or a report saved as JSON)")
    parser.add_argument(
        "--series",
        nargs="+",
        action="append",
        default=[],
        metavar=("NAME", "FILE"),
        help="a line's name and its results files (repeatable)",
    )
    parser.add_argument("--bot", default="ismcts", help="the tested bot: the first spec starting with this")
    parser.add_argument("--plot", metavar="PNG", help="draw win share against iterations into this image")
    args = parser.parse_args(argv)
    named = [(None, path) for path in args.results]
    for series in args.series:
        if len(series) < 2:
            parser.error("--series takes a name and at least one results file")
        named += [(series[0], path) for path in series[1:]]
    if not named:
        parser.error("give results files, or --series NAME FILE...")
    if args.plot is not None:
        try:
            check_plot("--plot", args.plot)
        except PyaiError as error:
            parser.error(str(error))
    lines: dict[str, list[tuple[int, dict]]] = defaultdict(list)
    game = fair = None
    for name, path in named:
        label, iterations, row, report = point(path, args.bot)
        lines[name or label].append((iterations, row))
        game, fair = report["settings"]["game"], report["fair_share"]
    print(f"{game}: win share of the tested bot (fair share {fair:.3f})")
    for label, points in lines.items():
        for iterations, row in sorted(points, key=lambda p: p[0]):
            print(
                f"  {label:<40} {iterations:>9,}  {row['win_rate']:.3f} [{row['win_rate_low']:.3f}, "
                f"{row['win_rate_high']:.3f}]  {row['games']} games  {row['ms_per_move']:.0f} ms/move"
            )
    if args.plot is not None:
        try:  # a write that fails at the end (a full disk) is said, not a traceback
            write_plot("--plot", args.plot, lambda image_format: draw(lines, game, fair, image_format))
        except PyaiError as error:
            raise SystemExit(str(error)) from None
        print(f"wrote {args.plot}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
