"""The sequential probability ratio test for a match between two bots.

Each finished deal (all of its seatings played) is one trial: bot A (the
first in the line-up) wins the deal if its win share per seat over the deal's
seatings beats bot B's, loses it if lower, and a tie is a draw, which the
test ignores. With p(elo) = 1 / (1 + 10^(-elo/400)) the chance that A wins a
decided deal, the test weighs H0: elo = elo0 against H1: elo = elo1 by the
log-likelihood ratio

    LLR = W ln(p1/p0) + L ln((1-p1)/(1-p0))

and stops when LLR >= ln((1-beta)/alpha) (H1: A is at least elo1 stronger)
or LLR <= ln(beta/(1-alpha)) (H0). alpha is the chance of accepting H1 when
H0 holds, beta of accepting H0 when H1 holds.

Defaults: elo0=0, elo1=30, alpha=0.05, beta=0.05. A deal is several games,
so a deal-level difference is larger than a game-level one; elo1=30 is A
winning 54% of the decided deals.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any

from ..errors import PyaiError

DEFAULTS = {"elo0": 0.0, "elo1": 30.0, "alpha": 0.05, "beta": 0.05}


class SprtError(PyaiError, ValueError):
    pass


@dataclass(frozen=True)
class SprtParams:
    elo0: float = DEFAULTS["elo0"]
    elo1: float = DEFAULTS["elo1"]
    alpha: float = DEFAULTS["alpha"]
    beta: float = DEFAULTS["beta"]

    def __post_init__(self) -> None:
        if not self.elo1 > self.elo0:
            raise SprtError(f"--sprt needs elo1 > elo0 (got elo0={self.elo0:g}, elo1={self.elo1:g})")
        for name in ("alpha", "beta"):
            value = getattr(self, name)
            if not 0 < value < 0.5:
                raise SprtError(f"--sprt {name} must be between 0 and 0.5, not {value:g}")

    @property
    def lower(self) -> float:
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        return math.log((1 - self.beta) / self.alpha)

    def to_dict(self) -> dict[str, float]:
        return asdict(self)


def parse_sprt(text: str | None) -> SprtParams:
    """`elo0=0,elo1=30,alpha=0.05,beta=0.05`, any subset (empty: all defaults)."""
    values: dict[str, float] = {}
    for pair in (text or "").split(","):
        if not pair.strip():
            continue
        key, equals, value = (part.strip() for part in pair.partition("="))
        if not equals or key not in DEFAULTS:
            raise SprtError(f"--sprt: {pair.strip()!r} is not one of {', '.join(k + '=N' for k in DEFAULTS)}")
        try:
            values[key] = float(value)
        except ValueError:
            raise SprtError(f"--sprt: {key} must be a number, not {value!r}") from None
    return SprtParams(**values)


def _win_probability(elo: float) -> float:
    return 1 / (1 + 10 ** (-elo / 400))


@dataclass(frozen=True)
class SprtResult:
    params: SprtParams
    wins: int
    draws: int
    losses: int
    llr: float
    decision: str | None  # "H1", "H0" or None (go on)

    @property
    def elo(self) -> float | None:
        """A's deal-level Elo over B from the decided deals (None while one side has none)."""
        if self.wins == 0 or self.losses == 0:
            return None
        p = self.wins / (self.wins + self.losses)
        return -400 * math.log10(1 / p - 1)

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.params.to_dict(),
            "lower": self.params.lower,
            "upper": self.params.upper,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "llr": self.llr,
            "decision": self.decision,
            "elo": self.elo,
        }


def sprt(wins: int, draws: int, losses: int, params: SprtParams) -> SprtResult:
    p0, p1 = _win_probability(params.elo0), _win_probability(params.elo1)
    llr = wins * math.log(p1 / p0) + losses * math.log((1 - p1) / (1 - p0))
    decision = "H1" if llr >= params.upper else "H0" if llr <= params.lower else None
    return SprtResult(params, wins, draws, losses, llr, decision)


def deal_outcomes(games: list[dict[str, Any]], bot_a: int, bot_b: int, seatings_per_deal: int) -> list[float]:
    """Per finished deal, in deal order: 1 if A's win share per seat beats B's, 0 if lower, 0.5 if equal.

    Only the unbroken run of finished deals from the first counts, so the verdict
    does not depend on which games happened to finish first in a parallel run."""
    by_deal: dict[int, list[dict[str, Any]]] = {}
    for game in games:
        by_deal.setdefault(game["deal"], []).append(game)
    outcomes = []
    previous = None
    for deal in sorted(by_deal):
        played = by_deal[deal]
        if len(played) < seatings_per_deal or (previous is not None and deal != previous + 1):
            break
        previous = deal
        share = {bot_a: 0.0, bot_b: 0.0}
        seats = {bot_a: 0, bot_b: 0}
        for game in played:
            winners = game["winners"]
            for seat, bot in enumerate(game["seating"]):
                if bot in share:
                    seats[bot] += 1
                    if seat in winners:
                        share[bot] += 1 / len(winners)
        a, b = share[bot_a] / max(seats[bot_a], 1), share[bot_b] / max(seats[bot_b], 1)
        outcomes.append(1.0 if a > b + 1e-12 else 0.0 if b > a + 1e-12 else 0.5)
    return outcomes


def sprt_from_games(
    games: list[dict[str, Any]], params: SprtParams, seatings_per_deal: int, bot_a: int = 0, bot_b: int = 1
) -> SprtResult:
    """The test over the finished deals, up to the first deal where it decides (later deals were in
    flight when the match stopped, and do not change the verdict)."""
    wins = draws = losses = 0
    result = sprt(0, 0, 0, params)
    for outcome in deal_outcomes(games, bot_a, bot_b, seatings_per_deal):
        wins += outcome == 1.0
        draws += outcome == 0.5
        losses += outcome == 0.0
        result = sprt(wins, draws, losses, params)
        if result.decision:
            break
    return result
