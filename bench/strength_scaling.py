"""Win share against thinking time: one ismcts at each budget against fixed fields.

    python bench/strength_scaling.py --plot bench/strength_scaling.png      # hours on 2 cores
    python bench/strength_scaling.py --budgets 2000,20000 --deals 40        # one part of it
    python bench/strength_scaling.py --bot-settings opponent_model=none     # the tested ismcts set otherwise
    python bench/strength_scaling.py --game "automania(players=3)" --fields heuristic --json automania.json

For each budget (iterations a move of the tested ismcts) and each field (the
bot its opponents are copies of: by default the heuristic bot, and ismcts
at 2,000 iterations), plays duplicate deals in every seating through
bench/strength.py (`pyai tournament`'s runner) and reports the tested bot's
win share with a 95% interval over deals. A fixed field makes the curve mean
something: against ismcts at 2,000 the 2,000-iteration point is the same bot
(the fair share), and every point above it is what the extra thinking buys.

Each row's per-deal win shares are kept in the JSON (--json, default
bench/strength_scaling.json, keyed by the game and the row's bots), and its
games in a tournament results file beside it (<json name>_games/, named in the
row), so a run only plays the deals a row is missing: run it again with a
larger --deals to extend rows, or with one --budgets value to add a point. A
row whose games were not kept cannot be extended (the run stops before any
game and says so): play it afresh into another --json. The figures use
iteration budgets, so the machine's load does not change the play. --plot
draws win share against budget (needs matplotlib: the `plot` extra, `pip
install '.[plot]'`). --bot-settings gives the tested ismcts settings of its
own (key=value,...): they are part of the row's key and label, a line of their
own. Every spec is read by the tournament's parser (pyai/tournament/specs.py).
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import math
import os
import re
from pathlib import Path

from strength import checked_game, config_for, interval, measure

from pyai.errors import PyaiError
from pyai.games import DEFAULT_GAME
from pyai.output_files import check_plot, figure_bytes, write_plot
from pyai.tournament.runner import plan

DEFAULT_BUDGETS = "2000,20000,200000"
DEFAULT_FIELDS = "heuristic;ismcts:iterations=2000"


def tested_spec(budget: int, bot_settings: str = "") -> str:
    """The tested ismcts's spec: its budget, then its own settings as given."""
    return f"ismcts:iterations={budget}" + (f",{bot_settings}" if bot_settings else "")


def row_key(game: str, budget: int, field: str, bot_settings: str = "") -> str:
    return f"{game}: {tested_spec(budget, bot_settings)} vs {field}"


def games_file(json_path: Path, key: str) -> str:
    """Where a row's games are kept, relative to the JSON's folder: readable, and unique by a hash of the key."""
    slug = re.sub(r"[^A-Za-z0-9=.,-]+", "_", key).strip("_")[:120]
    digest = hashlib.blake2b(key.encode(), digest_size=4).hexdigest()
    return f"{json_path.stem}_games/{slug}-{digest}.sqlite"


def new_row(json_path: Path, key: str, *, game: str, players: int, budget: int, field: str, bot_settings: str) -> dict:
    return {
        "game": game,
        "players": players,
        "budget": budget,
        "bot_settings": bot_settings,
        "field": field,
        "per_deal": {},
        "seconds": 0.0,
        "db": games_file(json_path, key),
    }


def cannot_extend(row: dict, key: str, deals: int, folder: Path) -> str | None:
    """Why a row that lacks deals cannot be given them without replaying its stored ones (None: it can)."""
    have = len(row["per_deal"])
    if have >= deals or have == 0:
        return None
    if "db" not in row:
        return f"row {key!r} holds {have} deals but no results file of its games"
    if not (folder / row["db"]).exists():
        return f"row {key!r} holds {have} deals but its results file {folder / row['db']} is gone"
    return None


def extend_row(row: dict, *, deals: int, workers: int, folder: Path) -> dict:
    """Plays the deals the row lacks (up to `deals`) into its results file and stores every deal's share;
    returns the row (its interval is computed from the stored deals when the table is made, in main)."""
    if len(row["per_deal"]) < deals:
        db = folder / row["db"]
        if not db.parent.exists():
            db.parent.mkdir(parents=True)
            (db.parent / ".gitignore").write_text("*\n")  # the games are a cache of the JSON's rows
        config = config_for(row["game"], tested_spec(row["budget"], row["bot_settings"]), row["field"], deals)
        run = measure(config, db=str(db), workers=workers)
        row["per_deal"] = {str(deal): share for deal, share in run["per_deal"].items()}
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


def plot(rows: list[dict], game: str, players: int, image_format: str) -> bytes:
    """Win share against budget, a panel for each field bot: an image in `image_format`."""
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
    figure.suptitle(f"{game}: strength by thinking time")
    return figure_bytes(figure, image_format, dpi=100, bbox_inches="tight")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budgets", default=DEFAULT_BUDGETS, help=f"comma-separated (default {DEFAULT_BUDGETS})")
    parser.add_argument(
        "--fields", default=DEFAULT_FIELDS, help=f"';'-separated bot specs of the opponents (default {DEFAULT_FIELDS})"
    )
    parser.add_argument(
        "--bot-settings", default="", help="the tested ismcts's own settings, key=value,... (part of each row's key)"
    )
    parser.add_argument("--game", default=DEFAULT_GAME, help=f"any registered game (default {DEFAULT_GAME})")
    parser.add_argument("--deals", type=int, default=40, help="deals a row should have (1..N); missing ones are played")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
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
    game = checked_game(parser, args.game)
    if args.plot is not None:  # fail before a long run, not after it
        try:
            check_plot("--plot", args.plot)
        except PyaiError as error:
            parser.error(str(error))

    path = Path(args.json)
    folder = path.resolve().parent
    report = json.loads(path.read_text()) if path.exists() else {"rows": {}}
    wanted = []
    for budget in dict.fromkeys(budgets):
        for field in dict.fromkeys(fields):
            key = row_key(str(game), budget, field, args.bot_settings)
            row = report["rows"].get(key) or new_row(
                path,
                key,
                game=str(game),
                players=game.players,
                budget=budget,
                field=field,
                bot_settings=args.bot_settings,
            )
            wanted.append(row)
            if len(row["per_deal"]) >= args.deals:
                continue  # nothing to play: printed as stored
            # A row that cannot be extended, a malformed spec or a setting the game refuses is named before any
            # game, not in the middle of a run.
            refused = cannot_extend(row, key, args.deals, folder)
            if refused:
                parser.error(f"{refused}, so its deals cannot be extended: play it afresh into another --json")
            try:
                plan(config_for(str(game), tested_spec(budget, args.bot_settings), field, args.deals))
            except PyaiError as error:
                parser.error(f"--bot-settings / --fields: {error}")
    for row in wanted:
        report["rows"].setdefault(row_key(row["game"], row["budget"], row["field"], row["bot_settings"]), row)
        extend_row(row, deals=args.deals, workers=args.workers, folder=folder)
        path.write_text(json.dumps(report, indent=1) + "\n")  # after every row: an interrupted run keeps it
    # Every stored row of this game, so that points run separately (a costly budget over fewer deals) show together;
    # each row's interval from its deals as stored (deals merged in by hand count too).
    rows = [row for row in report["rows"].values() if row["game"] == str(game)]
    for row in rows:
        row["win_share"], row["half_width"] = interval(list(row["per_deal"].values()))
    path.write_text(json.dumps(report, indent=1) + "\n")
    print(markdown(rows, game.players))
    print(f"\n({game}: fair share {1 / game.players:.3f}; every deal in each seating; rows in {path})")
    if args.plot is not None:
        try:  # a write that fails at the end (a full disk) is said, not a traceback
            write_plot("--plot", args.plot, lambda image_format: plot(rows, str(game), game.players, image_format))
        except PyaiError as error:
            raise SystemExit(str(error)) from None
        print(f"plot in {args.plot}")


if __name__ == "__main__":
    main()
