"""Win share against thinking time: one ismcts at each budget against fixed fields.

    python bench/strength_scaling.py --plot bench/strength_scaling.png      # hours on 2 cores
    python bench/strength_scaling.py --budgets 2000,20000 --deals 40        # one part of it
    python bench/strength_scaling.py --bot-settings opponent_model=none     # the tested ismcts set otherwise

For each budget (iterations a move of the tested ismcts) and each field (the
bot its opponents are copies of: by default the heuristic bot, and ismcts
at 2,000 iterations), plays duplicate deals in every seating with
bench/strength.py and reports the tested bot's win share with a 95% interval
over deals. A fixed field makes the curve mean something: against ismcts at
2,000 the 2,000-iteration point is the same bot (the fair share), and every
point above it is what the extra thinking buys.

Each row's per-deal win shares are kept in the JSON (--json, default
bench/strength_scaling.json, keyed by the row), so a run only plays the deals
a row is missing: run it again with a larger --deals to extend rows, or with
one --budgets value to add a point. The figures use iteration budgets, so the
machine's load does not change the play. --plot draws win share against
budget (needs matplotlib: the `plot` extra, `pip install '.[plot]'`).
--bot-settings gives the tested ismcts settings of its own (key=value,...):
they are part of the row's key and label, a line of their own.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import multiprocessing
from pathlib import Path

from strength import interval, measure, parse_settings

DEFAULT_BUDGETS = "2000,20000,200000"
DEFAULT_FIELDS = "heuristic;ismcts:iterations=2000"


def parse_pairs(text: str) -> dict:
    """'iterations=2000,max_raise=1' -> {...}; '' -> {}."""
    return parse_settings([pair for pair in text.split(",") if pair])


def parse_field(spec: str) -> tuple[str, dict]:
    """'ismcts:iterations=2000,max_raise=1' -> ('ismcts', {...}); a bare name has no settings."""
    name, _, settings = spec.partition(":")
    return name, parse_pairs(settings)


def row_key(players: int, edition: str, budget: int, field: str, bot_settings: str = "") -> str:
    settings = f",{bot_settings}" if bot_settings else ""
    return f"{edition} {players}p: ismcts:iterations={budget}{settings} vs {field}"


def extend_row(
    report: dict,
    *,
    players: int,
    edition: str,
    budget: int,
    field: str,
    deals: int,
    workers: int,
    bot_settings: str = "",
) -> dict:
    """Plays the deals the row lacks (up to `deals`) and stores them; returns the row (its interval is
    computed from the stored deals when the table is made, in main)."""
    key = row_key(players, edition, budget, field, bot_settings)
    row = report["rows"].setdefault(
        key,
        {
            "players": players,
            "edition": edition,
            "budget": budget,
            "bot_settings": bot_settings,
            "field": field,
            "per_deal": {},
            "seconds": 0.0,
        },
    )
    have = len(row["per_deal"])
    if have < deals:
        opponent, opponent_settings = parse_field(field)
        run = measure(
            bot="ismcts",
            opponent=opponent,
            bot_settings={"iterations": budget} | parse_pairs(bot_settings),
            opponent_settings=opponent_settings,
            players=players,
            edition=edition,
            deals=deals - have,
            first_deal=have + 1,
            workers=workers,
        )
        row["per_deal"] |= {str(deal): share for deal, share in run["per_deal"].items()}
        row["seconds"] += run["seconds"]
        row["date"] = datetime.date.today().isoformat()
    return row


def line_of(row: dict) -> tuple[str, str]:
    """The table column and plot line a row belongs to: the tested bot's own settings and its field."""
    return row.get("bot_settings", ""), row["field"]


def line_label(line: tuple[str, str], players: int) -> str:
    bot_settings, field = line
    return f"vs {players - 1} {field}" + (f" ({bot_settings})" if bot_settings else "")


def markdown(rows: list[dict], players: int) -> str:
    lines_of_rows = list(dict.fromkeys(line_of(row) for row in rows))
    budgets = sorted({row["budget"] for row in rows})
    cell = {(row["budget"], line_of(row)): row for row in rows}
    lines = [
        "| ismcts iterations a move | " + " | ".join(line_label(line, players) for line in lines_of_rows) + " |",
        "| --- |" + " --- |" * len(lines_of_rows),
    ]
    for budget in budgets:
        cells = []
        for line in lines_of_rows:
            row = cell.get((budget, line))
            cells.append(
                f"{row['win_share']:.3f} ± {row['half_width']:.3f} ({len(row['per_deal'])} deals)" if row else ""
            )
        lines.append(f"| {budget:,} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def error_bar(row: dict) -> float:
    """A row's half interval for drawing: nan (a single deal has no interval) draws as none."""
    return 0.0 if math.isnan(row["half_width"]) else row["half_width"]


def field_bot(field: str) -> str:
    """The bot a field is made of ("heuristic", "ismcts"): the plot gives each its own panel."""
    return field.split(":", 1)[0]


def field_label(line: tuple[str, str]) -> str:
    """A field's settings without the name and without what it shares with the tested bot (its row's key has them)."""
    bot_settings, field = line
    shared = set(bot_settings.split(",")) if bot_settings else set()
    own = [pair for pair in field.partition(":")[2].split(",") if pair and pair not in shared]
    return ",".join(own)


def plot(rows: list[dict], players: int, path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")  # files only: no display needed
    import matplotlib.pyplot as plt

    lines = list(dict.fromkeys(line_of(row) for row in rows))
    panels = list(dict.fromkeys(field_bot(field) for _, field in lines))
    settings = list(dict.fromkeys(bot_settings for bot_settings, _ in lines))
    colour = {bot_settings: f"C{index % 10}" for index, bot_settings in enumerate(settings)}  # the same in every panel
    budgets = sorted({row["budget"] for row in rows})
    figure, all_axes = plt.subplots(1, len(panels), figsize=(6 * len(panels), 5.5), squeeze=False)
    for axes, panel in zip(all_axes[0], panels):
        panel_lines = [line for line in lines if field_bot(line[1]) == panel]
        fields = list(dict.fromkeys(field_label(line) for line in panel_lines))
        for line in panel_lines:
            points = sorted((row for row in rows if line_of(row) == line), key=lambda row: row["budget"])
            default = not line[0]
            label = line[0] or "the default"
            if len(fields) > 1:
                label += f", against {field_label(line)}"
            axes.errorbar(
                [row["budget"] for row in points],
                [row["win_share"] for row in points],
                yerr=[error_bar(row) for row in points],
                color=colour[line[0]],
                marker="os^vD"[fields.index(field_label(line)) % 5],  # which field, where a panel has several
                linestyle="-" if default else "--",
                linewidth=2.5 if default else 1,
                alpha=1 if default else 0.7,
                capsize=4,
                label=label,
            )
        axes.axhline(1 / players, color="gray", linestyle=":", linewidth=1)
        axes.text(budgets[0], 1 / players, " fair share", color="gray", va="bottom")
        axes.set(
            xscale="log",
            xlabel="ismcts iterations a move",
            ylabel="win share (95% interval over deals)",
            title=f"against {players - 1} {panel}",
        )
        axes.set_xticks(budgets, [f"{budget:,}" for budget in budgets])
        axes.minorticks_off()
        tops = [row["win_share"] + error_bar(row) for row in rows if field_bot(row["field"]) == panel]
        axes.set_ylim(0, min(1.0, math.ceil(max(tops) * 10 + 0.5) / 10))  # room above the highest interval
        axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), fontsize="small")  # below: the lines span the plot
    figure.suptitle(f"For Sale ({rows[0]['edition']}), {players} players: strength by thinking time")
    figure.tight_layout()
    figure.savefig(path, dpi=100, bbox_inches="tight")
    plt.close(figure)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budgets", default=DEFAULT_BUDGETS, help=f"comma-separated (default {DEFAULT_BUDGETS})")
    parser.add_argument(
        "--fields", default=DEFAULT_FIELDS, help=f"';'-separated bot specs of the opponents (default {DEFAULT_FIELDS})"
    )
    parser.add_argument(
        "--bot-settings", default="", help="the tested ismcts's own settings, key=value,... (part of each row's key)"
    )
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--edition", default="autorama", choices=("autorama", "classic"))
    parser.add_argument("--deals", type=int, default=40, help="deals a row should have (1..N); missing ones are played")
    parser.add_argument("--workers", type=int, default=multiprocessing.cpu_count())
    parser.add_argument("--json", default=str(Path(__file__).with_name("strength_scaling.json")))
    parser.add_argument("--plot", metavar="PNG", help="also draw win share against budget into this image")
    args = parser.parse_args()
    try:
        budgets = [int(budget) for budget in args.budgets.split(",")]
    except ValueError:
        parser.error(f"--budgets: {args.budgets!r} is not a comma-separated list of whole numbers")
    if any(budget < 1 for budget in budgets):
        parser.error(f"--budgets: each budget must be at least 1 iteration ({args.budgets!r})")
    if args.deals < 2:
        parser.error(f"--deals must be at least 2 (an interval needs two deals), not {args.deals}")
    fields = [field for field in args.fields.split(";") if field]
    try:  # a malformed key=value pair is named before any game, not in the middle of a run
        parse_pairs(args.bot_settings)
        for field in fields:
            parse_field(field)
    except ValueError as error:
        parser.error(f"--bot-settings / --fields: {error}")
    if args.plot:  # fail before a long run, not after it
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            parser.error("--plot needs matplotlib: pip install 'pyai[plot]' (or pip install matplotlib)")

    path = Path(args.json)
    report = json.loads(path.read_text()) if path.exists() else {"rows": {}}
    for budget in budgets:
        for field in fields:
            extend_row(
                report,
                players=args.players,
                edition=args.edition,
                budget=budget,
                field=field,
                deals=args.deals,
                workers=args.workers,
                bot_settings=args.bot_settings,
            )
            path.write_text(json.dumps(report, indent=1) + "\n")  # after every row: an interrupted run keeps it
    # Every stored row of this game, so that points run separately (a costly budget over fewer deals) show together;
    # each row's interval from its deals as stored (deals merged in from bench/strength.py runs count too).
    rows = [row for row in report["rows"].values() if (row["players"], row["edition"]) == (args.players, args.edition)]
    for row in rows:
        row["win_share"], row["half_width"] = interval(list(row["per_deal"].values()))
    path.write_text(json.dumps(report, indent=1) + "\n")
    print(markdown(rows, args.players))
    print(f"\n(fair share {1 / args.players:.3f}; every deal in each of the {args.players} seatings; rows in {path})")
    if args.plot:
        plot(rows, args.players, args.plot)
        print(f"plot in {args.plot}")


if __name__ == "__main__":
    main()
