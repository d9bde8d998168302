"""The paired difference of two strength runs over the same deals.

    python bench/paired.py new.json old.json
    python bench/paired.py new.sqlite old.sqlite
    python bench/paired.py "bench/strength_scaling.json::<row key>" "bench/strength_scaling.json::<row key>"
    python bench/paired.py new_report.json "old_report.json::ismcts:iterations=2000"

Each run is what `bench/strength.py --per-deal FILE` wrote (every deal's win
share of the tested bot), a tournament results file (`bench/strength.py --db
FILE`, or `pyai tournament --db FILE`: the first bot of its line-up), a
tournament report (`pyai tournament ... --json FILE`: the first bot of its
line-up, or FILE::BOT for the bot of that spec or label), or one row of a
bench/strength_scaling.py table named FILE::KEY (the row's key as the JSON has
it; its per-deal shares). The deals both runs played are paired, so
the luck of each deal cancels (two runs of the same game and tournament seed
play the same cards in each deal): prints the mean of new - old with a 95% t
interval over deals.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics

from strength import stored_shares

from pyai.errors import PyaiError

# Two-sided 95% quantiles of Student's t for small samples; 1.96 beyond.
_T95 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26, 10: 2.23}
_T95 |= {15: 2.13, 20: 2.09, 30: 2.04, 40: 2.02, 60: 2.00, 120: 1.98}


def t95(degrees: int) -> float:
    """The 95% two-sided t quantile, from the nearest tabulated degrees at or below."""
    below = [d for d in _T95 if d <= degrees]
    return _T95[max(below)] if degrees <= 120 else 1.96


ROW_SEPARATOR = "::"  # FILE::KEY: a row of a strength_scaling.py table (its keys hold ": ", never "::")


def is_sqlite(path: str) -> bool:
    try:
        with open(path, "rb") as f:
            return f.read(16) == b"SQLite format 3\x00"
    except OSError:
        return False


def load_run(spec: str) -> dict[str, float]:
    """Every deal's win share of one run: a --per-deal file, a tournament results file, or FILE::KEY,
    a row of a scaling table."""
    path, _, key = spec.partition(ROW_SEPARATOR)
    if not key and is_sqlite(path):
        try:
            return {str(deal): share for deal, share in stored_shares(path).items()}
        except PyaiError as error:
            raise SystemExit(str(error)) from None
    try:
        with open(path) as f:
            data = json.load(f)
    except OSError as error:
        raise SystemExit(f"cannot read {path}: {error.strerror}") from None
    except json.JSONDecodeError as error:
        raise SystemExit(f"{path} is not JSON: {error}") from None
    if isinstance(data, dict) and "bots" in data and "settings" in data:
        return report_shares(path, data, key)
    if not key:
        return data
    rows = data.get("rows", {}) if isinstance(data, dict) else {}
    if key not in rows:
        raise SystemExit(f"{path} has no row {key!r}; its rows:\n  " + "\n  ".join(rows))
    return rows[key]["per_deal"]


def report_shares(path: str, report: dict, bot: str) -> dict[str, float]:
    """A tournament report's per-deal win shares of one bot: the line-up's first, or the one
    whose spec or label is `bot`."""
    rows = report["bots"]
    if bot:
        named = [row for row in rows if bot in (row["bot"], row.get("label"))]
        if not named:
            raise SystemExit(f"{path} has no bot {bot!r}; its bots:\n  " + "\n  ".join(row["bot"] for row in rows))
        row = named[0]
    else:
        first = report["settings"]["lineup"][0]
        row = next(row for row in rows if row["bot"] == first)
    if "deal_win_shares" not in row:
        raise SystemExit(f"{path} has no per-deal win shares (a report written before they were kept)")
    return row["deal_win_shares"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("new")
    parser.add_argument("old")
    args = parser.parse_args()
    new, old = load_run(args.new), load_run(args.old)
    deals = sorted(set(new) & set(old), key=int)
    if len(deals) < 2:
        raise SystemExit(f"the runs share {len(deals)} deal(s): at least 2 are needed")
    differences = [new[d] - old[d] for d in deals]
    mean = statistics.fmean(differences)
    half = t95(len(deals) - 1) * statistics.stdev(differences) / math.sqrt(len(deals))
    print(
        f"over {len(deals)} shared deals: new {statistics.fmean(new[d] for d in deals):.3f}, "
        f"old {statistics.fmean(old[d] for d in deals):.3f}, new - old {mean:+.3f} +- {half:.3f}"
    )


if __name__ == "__main__":
    main()
