"""The tournament report: a terminal table, JSON, CSV and an optional plot."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from ..errors import PyaiError
from ..output_files import figure_bytes
from . import stats
from .schedule import seatings
from .specs import parse_spec
from .sprt import SprtParams, sprt_from_games
from .store import Store


def _label(spec: str) -> str:
    try:
        return parse_spec(spec).label
    except PyaiError:  # e.g. a store made where the engine's program existed
        return spec


def labels_for(specs: list[str]) -> list[str]:
    """Short labels for the bots' specs, except where two distinct bots would share one (the same
    engine from two builds, `cmd:/old/bin/pyai engine` and `cmd:/new/bin/pyai engine`): those keep
    their whole spec, so that the table tells them apart."""
    short = [_label(spec) for spec in specs]
    return [spec if short.count(label) > 1 else label for spec, label in zip(specs, short)]


def build_report(store: Store) -> dict[str, Any]:
    """Everything the report shows, as plain data, from a results store."""
    settings = store.settings()
    bots = store.bots()
    games = store.games()
    report = stats.compute(games, bots, len(settings["lineup"]))
    report["settings"] = settings
    report["labels"] = labels_for(bots)
    per_deal = len(seatings(settings["lineup_ids"], settings["seatings"]))
    report["seatings_per_deal"] = per_deal
    sprt_settings = store.meta("sprt")
    if sprt_settings is not None and len(bots) == 2:
        report["sprt"] = sprt_from_games(games, SprtParams(**sprt_settings), per_deal).to_dict()
    return report


def _interval(value: float | None, low: float | None, high: float | None, digits: int, scale: float = 1) -> str:
    if value is None:
        return "-"
    if low is None or high is None:
        return f"{value * scale:.{digits}f}"
    return f"{value * scale:.{digits}f} [{low * scale:.{digits}f}, {high * scale:.{digits}f}]"


def table(report: dict[str, Any]) -> str:
    """The report as text for a terminal."""
    settings = report["settings"]
    labels = report["labels"]
    outcomes = report["outcomes"]
    failed = sum(count for kind, count in outcomes.items() if kind != "normal")
    lines = [
        f"{settings['game']}: {report['games']} game{'' if report['games'] == 1 else 's'} over {report['deals']} "
        f"deal{'' if report['deals'] == 1 else 's'} "
        f"({report['seatings_per_deal']} seatings a deal, {settings['seatings']}), seed {settings['seed']}"
        + (f"; {failed} ended by a failure" if failed else "")
    ]
    columns = [
        ("bot", "<"),
        ("games", ">"),
        ("wins", ">"),
        ("win % [95% CI]", ">"),
        ("score [95% CI]", ">"),
        ("rank [95% CI]", ">"),
        ("rating mu±sigma", ">"),
        ("ms/move", ">"),
        ("fails", ">"),
    ]
    order = sorted(
        range(len(labels)), key=lambda bot: (-(report["bots"][bot]["win_rate"] or 0), -report["bots"][bot]["rating_mu"])
    )
    rows = []
    for bot in order:
        row = report["bots"][bot]
        rows.append(
            [
                labels[bot],
                str(row["games"]),
                f"{row['wins']:.2f}".rstrip("0").rstrip("."),
                _interval(row["win_rate"], row["win_rate_low"], row["win_rate_high"], 1, 100),
                _interval(row["score"], row["score_low"], row["score_high"], 1),
                _interval(row["rank"], row["rank_low"], row["rank_high"], 2),
                f"{row['rating_mu']:.1f}±{row['rating_sigma']:.1f}",
                "-" if row["ms_per_move"] is None else f"{row['ms_per_move']:.1f}",
                str(row["failures"]),
            ]
        )
    lines.extend(_grid(columns, rows))
    lines.append(
        f"win %: share of games won (a win shared by k counts 1/k; fair share {100 * report['fair_share']:.1f}%); "
        "score: mean final score (normal games); rank: 1 = first; intervals: bootstrap over deals; "
        "rating: openskill Plackett-Luce"
    )
    if len(labels) > 1:
        lines.append("")
        lines.append(
            "head to head: % of their meetings in which the row bot finished ahead of the column bot (level: half)"
        )
        h2h = {(item["bot"], item["opponent"]): item for item in report["head_to_head"]}
        bots = settings["bots"]
        h2h_rows = []
        for a in order:
            cells = [labels[a]]
            for b in order:
                item = h2h.get((bots[a], bots[b]))
                if item is None:
                    cells.append("-")
                elif not item["meetings"]:
                    cells.append("")
                else:
                    share = (item["ahead"] + item["level"] / 2) / item["meetings"]
                    cells.append(f"{100 * share:.1f}% of {item['meetings']}")
            h2h_rows.append(cells)
        lines.extend(_grid([("", "<")] + [(labels[b], ">") for b in order], h2h_rows))
    if report["failures"]:
        lines.append("")
        kinds = ", ".join(f"{count} {kind}" for kind, count in outcomes.items() if kind != "normal")
        lines.append(f"failures ({kinds}); the culprit ranks last, the others share the win:")
        for item in report["failures"][:10]:
            lines.append(
                f"  deal {item['deal']} seat {item['seat']} {labels[item['bot']]}: {item['outcome']}: {item['reason']}"
            )
        if len(report["failures"]) > 10:
            lines.append(f"  ... and {len(report['failures']) - 10} more (see --json or the games table)")
    if "sprt" in report:
        lines.append("")
        lines.append(sprt_line(report["sprt"], labels))
    return "\n".join(lines)


def sprt_line(result: dict[str, Any], labels: list[str]) -> str:
    verdict = {
        "H1": f"H1 accepted: {labels[0]} is stronger than {labels[1]}",
        "H0": f"H0 accepted: {labels[0]} is not elo1 stronger than {labels[1]}",
        None: "no decision yet",
    }[result["decision"]]
    elo = "" if result["elo"] is None else f", deal Elo {result['elo']:+.0f}"
    return (
        f"SPRT {labels[0]} vs {labels[1]} (elo0 {result['elo0']:g}, elo1 {result['elo1']:g}, "
        f"alpha {result['alpha']:g}, beta {result['beta']:g}): deals won {result['wins']}, "
        f"drawn {result['draws']}, lost {result['losses']}{elo}; LLR {result['llr']:.2f} "
        f"in [{result['lower']:.2f}, {result['upper']:.2f}]: {verdict}"
    )


def _grid(columns: list[tuple[str, str]], rows: list[list[str]]) -> list[str]:
    widths = [max([len(title)] + [len(row[i]) for row in rows]) for i, (title, _) in enumerate(columns)]

    def line(cells: list[str]) -> str:
        parts = [f"{cell:{align}{width}}" for cell, (_, align), width in zip(cells, columns, widths)]
        return "  ".join(parts).rstrip()

    return [line([title for title, _ in columns])] + [line(row) for row in rows]


def to_json(report: dict[str, Any]) -> str:
    """The report without the rating history (the plot's data)."""
    data = {key: value for key, value in report.items() if key != "rating_history"}
    data["bots"] = [{**row, "label": label} for row, label in zip(report["bots"], report["labels"])]
    return json.dumps(data, indent=2)


CSV_COLUMNS = [
    "bot",
    "games",
    "wins",
    "win_rate",
    "win_rate_low",
    "win_rate_high",
    "score",
    "score_low",
    "score_high",
    "rank",
    "rank_low",
    "rank_high",
    "rating_mu",
    "rating_sigma",
    "failures",
    "ms_per_move",
]


def to_csv(report: dict[str, Any]) -> str:
    """One row per bot."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for row in report["bots"]:
        writer.writerow(row)
    return out.getvalue()


def plot(report: dict[str, Any], image_format: str = "png") -> bytes:
    """Win rates with their 95% intervals, and the ratings (mu ± sigma) over the games, in one image."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = report["labels"]
    rows = report["bots"]
    figure, (bars, lines) = plt.subplots(1, 2, figsize=(12, 4.5))
    rates, below, above = [], [], []
    for row in rows:
        rate = 100 * (row["win_rate"] or 0.0)
        rates.append(rate)
        below.append(rate - 100 * row["win_rate_low"] if row["win_rate_low"] is not None else 0.0)
        above.append(100 * row["win_rate_high"] - rate if row["win_rate_high"] is not None else 0.0)
    bars.bar(range(len(labels)), rates, yerr=[below, above], capsize=6, color="tab:blue", alpha=0.8)
    bars.axhline(100 * report["fair_share"], color="grey", linestyle="--", label="fair share")
    bars.set_xticks(range(len(labels)), labels, rotation=20, ha="right", fontsize=8)
    bars.set_ylabel("win rate, % (95% CI)")
    bars.set_title(f"{report['settings']['game']}: {report['games']} games, {report['deals']} deals")
    bars.legend()
    history = report["rating_history"]
    games = range(1, len(history) + 1)
    for bot, label in enumerate(labels):
        mu = [row[2 * bot] for row in history]
        sigma = [row[2 * bot + 1] for row in history]
        lines.plot(games, mu, label=label)
        lines.fill_between(games, [m - s for m, s in zip(mu, sigma)], [m + s for m, s in zip(mu, sigma)], alpha=0.2)
    lines.set_xlabel("games (deal order)")
    lines.set_ylabel("openskill rating (mu ± sigma)")
    lines.set_title("ratings over the games")
    lines.legend(fontsize=8)
    return figure_bytes(figure, image_format, dpi=110)
