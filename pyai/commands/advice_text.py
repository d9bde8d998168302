"""The companion's advice as a player reads it: the suggested move in the
game's own words, its win chance with an interval (and, where the game ships a
map, what seats given that chance won in self-play: pyai/win_chance_map.py),
why (what the search saw against the next best move, and how the chances
moved since the last advice), the alternatives with what each costs (and,
where the map measured it, what such costs came to in play), and who does
what next.

It formats a finished search (analysis.AnalysisResult); the words for each
move come from the caller (`said`: a token's words, as the advised seat
would see it played), so this module names no game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..analysis import AnalysisResult, MoveAnalysis
from ..told_lines import split_outside_brackets
from ..win_chance_map import CostsInPlay

Z95 = 1.96
# A difference in win chance smaller than this is shown as none: the estimates carry
# more noise than that at any budget the companion uses.
SAME_WIN = 0.005
# How far what self-play bore out must lie from the search's estimate for the advice to say it.
TOLD_APART = 0.02
# Costs that came to less than this share in play are told as not shown at all.
NO_COST = 0.05
# An alternative tried at least this share of the advised move's tries was searched about as
# much: an estimate ahead of the advice's is then noise the search has not yet told apart,
# not a move it tried less and trusts less. Twice the tries or more is "far more".
ABOUT_AS_MANY = 0.8
# How far the win chance must move between two advices for the companion to say so.
NOTABLE_SWING = 0.15
# The same in a game played for its score, in the score's unit: as much as an ante, in Leduc.
NOTABLE_SCORE_SWING = 1.0
# A mixed policy's move played at least this often is as good as always: told as a pure choice.
PURE = 0.995
# The swing since the last advice names the steps that came last, at most these
# many: the whole account is on the screen above, the reason line stays one line.
SWING_STEPS = 2
# The continuation in words stops after this many steps: further on it is the
# search's guess at a guess, and a line a person reads at a table should stay short.
CONTINUATION_STEPS = 6


@dataclass(frozen=True)
class Earlier:
    """The last advice given, for saying how the chances moved since."""

    win: float | None
    steps: list[str]  # the steps told since, in words
    score: float | None = None  # its expected score, the swing's measure in a game played for its score


def one_line(told: list[str]) -> str:
    """A step told in several lines (a game's narrate) as one: its parts split by "; ",
    a note in brackets (the money it moved) kept beside the part before, and the first
    of what a part ending in ':' introduces after it ("the final scoring: you: +4 VP; ...")."""
    parts = [line.strip() for line in told if line.strip()]
    joined = parts[:1]
    for before, part in zip(parts, parts[1:]):
        joined.append((" " if part.startswith("(") or before.endswith(":") else "; ") + part)
    return "".join(joined)


def by_share(result: AnalysisResult) -> list[MoveAnalysis]:
    """The moves, the search's choice first (most chosen, then most visited)."""
    return sorted(result.moves, key=lambda m: (-m.share, -m.visits))


def interval(win: float | None, se: float | None) -> str:
    """`0.37 (95%: 0.35-0.38)`: an estimate with its normal-approximation interval, kept in [0, 1]."""
    if win is None:
        return "-"
    low, high = max(0.0, win - Z95 * (se or 0)), min(1.0, win + Z95 * (se or 0))
    return f"{win:.2f} (95%: {low:.2f}-{high:.2f})"


def score_bounds(move: MoveAnalysis) -> tuple[float, float] | None:
    """The normal-approximation 95% interval of a move's expected score, the mean over its
    iterations (None where it has no spread to go by)."""
    if move.score_mean is None or move.score_sd is None or move.visits < 2:
        return None
    spread = Z95 * move.score_sd / move.visits**0.5
    return move.score_mean - spread, move.score_mean + spread


def score_interval(move: MoveAnalysis, unit: str, net: bool) -> str:
    """`+0.37 chips (95%: +0.10 to +0.64)`: a move's expected score with its interval, signed
    where the score is a net gain or loss (`net`: Leduc's chips), else as the game counts it
    (`104.0 (95%: 101.2 to 106.8)`); no interval where every iteration ended alike."""
    assert move.score_mean is not None
    said = _in(_score(move.score_mean, net), unit)
    bounds = score_bounds(move)
    if bounds is None or bounds[0] == bounds[1]:
        return said
    return f"{said} (95%: {_score(bounds[0], net)} to {_score(bounds[1], net)})"


def advice_lines(
    result: AnalysisResult,
    names: list[str],
    best_token: str,
    by_score: bool,
    unit: str,
    said: Callable[[str], str],
    continuation: list[str],
    earlier: Earlier | None = None,
    told: float | None = None,
    costs_in_play: CostsInPlay | None = None,
    net_score: bool | None = None,
) -> list[str]:
    """The advice for the move `best_token` of `result`. `by_score`: the search played
    for the expected score (in `unit`), not the win chance, and costs are counted
    in it; `net_score`: the score is a net gain or loss, told with its sign (a game played
    for its score; by default, as `by_score`); `said(token)`: a move in words; `continuation`: the likely next steps
    in words; `earlier`: the last advice, if any, for the swing since; `told`: what seats
    given the best move's win chance won in the search's self-play (the game's map);
    `costs_in_play`: what the costs the search tells came to in that self-play."""
    moves = by_share(result)
    best = next(m for m in moves if m.token == best_token)
    by_score = by_score and best.score_mean is not None
    net = by_score if net_score is None else net_score
    lines = [f"advice: {said(best.token)}  [{best.token}]"]
    chance = f"win chance {interval(best.win, best.win_se)}"
    if by_score:
        # Led by what the search chose by: a check can keep more chips than a raise that wins
        # more often, and a win chance put first would make the advice look the wrong way round.
        chance = f"expected score {score_interval(best, unit, net)}, which the search plays for; {chance}"
    elif best.score_mean is not None:
        chance += f", expected score {_in(_score(best.score_mean, False), unit)}"
    lines.append("  " + chance)
    if told is not None and best.win is not None and abs(told - best.win) >= TOLD_APART:
        lines.append(
            f"  (in the search's self-play games at this stage, seats it gave {best.win:.2f} won about {told:.2f})"
        )
    alternatives = [m for m in moves if m.token != best.token and m.visits > 0][:3]
    reason = _reason(best, alternatives, by_score, unit, said, earlier, result, net)
    if reason:
        lines.append(reason)
    lines.append(
        # Over every move the search tried: the advised move's own expected score is the line above.
        "expected scores (all moves searched): "
        + ", ".join(f"{name} {score:.1f}" for name, score in zip(names, result.expected_scores))
    )
    if alternatives:
        words = {m.token: _apart_from(said(m.token), said(best.token)) for m in alternatives}
        costs = [f"{words[m.token]} [{m.token}]: {cost(best, m, by_score, unit, result.mixed)}" for m in alternatives]
        # A move said in parts ('you offer 4 Consultant; vehicles taken: ...') would run into the
        # next: such moves are parted by ' | ', as the refusals' lists of legal moves are.
        parted = " | " if any("; " in said for said in words.values()) else "; "
        lines.append("instead: " + parted.join(costs))
        if not by_score and costs_in_play is not None and costs_in_play.at_most < 1:
            lines.append("  " + costs_in_play_line(costs_in_play))
    if continuation:
        shown = continuation[:CONTINUATION_STEPS]
        more = "; ..." if len(continuation) > CONTINUATION_STEPS else ""
        lines.append("likely next: " + "; ".join(shown) + more)
    lines.append(f"({result.iterations} iterations)")
    return lines


def _apart_from(words: str, advised: str) -> str:
    """An alternative's words without the parts it shares with the advised move's ('the round is
    over', 'every seat has withdrawn: the sales begin'): what would come of either is no part of
    the choice, and said after each alternative it buries what tells them apart."""
    shared = set(split_outside_brackets(advised, ";")[1:])
    first, *rest = split_outside_brackets(words, ";") or [words]
    return "; ".join([first, *(part for part in rest if part not in shared)])


def costs_in_play_line(costs: CostsInPlay) -> str:
    """What the win chance costs told came to in the search's self-play, where play did not
    bear them out in full (the top of the interval below 1)."""
    where = "in the search's self-play games at this stage"
    if costs.ratio < NO_COST:
        return f"({where}, costs like these did not show in play: at most {costs.at_most:.0%} of them, at 95%)"
    share = f"about {costs.ratio:.0%} of what it told, at most {costs.at_most:.0%}"
    return f"({where}, costs like these came to {share} in play)"


def cost(best: MoveAnalysis, other: MoveAnalysis, by_score: bool, unit: str, mixed: bool = False) -> str:
    """What playing `other` instead of `best` costs, in what the search played for.
    An alternative the estimates put ahead was searched less (the search keeps
    going back to what looks best), or, in a mixed policy, is one the policy plays
    less while its moves' estimates differ by noise: said so, rather than as a
    negative cost."""
    if by_score and other.score_mean is not None and best.score_mean is not None:
        loss = best.score_mean - other.score_mean
        same = abs(loss) < 0.005
        amount = _in(f"{abs(loss):.2f}", unit) if unit else f"{abs(loss):.2f} of expected score"
    elif other.win is not None and best.win is not None:
        loss = best.win - other.win
        same = abs(loss) < SAME_WIN
        amount = f"{abs(loss):.2f} win chance"
    else:
        return "not estimated"
    if same:
        return "about as good"
    if loss > 0:
        return f"costs {amount}"
    if mixed:
        return f"{amount} more by its estimate, but the mixed policy plays it only {other.share:.0%} of the time"
    tries = f"{other.visits} against {best.visits}"
    if other.visits < ABOUT_AS_MANY * best.visits:
        return f"{amount} more, but on fewer tries ({tries}): less sure"
    return f"{amount} more by its estimate, on about as many tries ({tries}): not yet told apart"


def _reason(
    best: MoveAnalysis,
    alternatives: list[MoveAnalysis],
    by_score: bool,
    unit: str,
    said: Callable[[str], str],
    earlier: Earlier | None,
    result: AnalysisResult,
    net: bool = False,
) -> str:
    """One line of why: the edge over the next best move, and the swing since the last advice
    (in expected score where the score is what the game is played for, `net`)."""
    parts = []
    if not alternatives:
        parts.append("the only legal move" if len(result.moves) == 1 else "the only move the search tried")
    elif result.mixed and best.share < PURE:
        # The others' guesses of the move are best met by mixing, as a poker player bluffs.
        runner = alternatives[0]
        kind = "a secret choice, best mixed" if result.simultaneous else "best mixed, so your moves give nothing away"
        parts.append(
            f"{kind}: choose at random as the search does, this {best.share:.0%} of the time "
            f"(the next, {said(runner.token)}: {runner.share:.0%})"
        )
    else:
        runner = alternatives[0]
        parts.append(f"against the next best ({said(runner.token)}), {_edge(best, runner, by_score, unit)}")
    swing = _swing(best, earlier, net, unit)
    if swing and earlier is not None:
        steps = "; ".join(earlier.steps[-SWING_STEPS:])
        count = len(earlier.steps)
        since = f" after {count} steps, the last {SWING_STEPS}: {steps}" if count > SWING_STEPS else f" after {steps}"
        since = since if steps else ""
        parts.append(f"{swing} since the last advice{since}")
    return "why: " + "; ".join(parts)


def _swing(best: MoveAnalysis, earlier: Earlier | None, net: bool, unit: str) -> str:
    """How the chances moved since the `earlier` advice ("your win chance went up from 0.30"),
    in what the advice leads with, or "" where they moved too little to say."""
    if earlier is None:
        return ""
    if net and earlier.score is not None and best.score_mean is not None:
        moved = best.score_mean - earlier.score
        if abs(moved) < NOTABLE_SCORE_SWING:
            return ""
        was = _in(_score(earlier.score, True), unit)
        return f"your expected score went {'up' if moved > 0 else 'down'} from {was}"
    if earlier.win is None or best.win is None or abs(best.win - earlier.win) < NOTABLE_SWING:
        return ""
    return f"your win chance went {'up' if best.win > earlier.win else 'down'} from {earlier.win:.2f}"


def _edge(best: MoveAnalysis, runner: MoveAnalysis, by_score: bool, unit: str) -> str:
    if by_score and best.score_mean is not None and runner.score_mean is not None:
        kept = _signed(best.score_mean - runner.score_mean, 2)
        if kept is None:
            return "it keeps as much expected score, and the search chose it more often"
        if kept.startswith("-"):
            return f"it looks {_in(kept[1:], unit)} lower in expected score, {_searched_more(best, runner)}"
        return f"it keeps {_in(kept, unit)} of expected score"
    if best.win is None or runner.win is None:
        return "it was chosen more often"
    gain = best.win - runner.win
    if abs(gain) < SAME_WIN:
        return "it wins as often, and the search chose it more often"
    if gain < 0:
        return f"it looks {-gain:.2f} less likely to win, {_searched_more(best, runner)}"
    edge = f"it wins {gain:.2f} more often"
    ends = (
        None
        if best.score_mean is None or runner.score_mean is None
        else _signed(best.score_mean - runner.score_mean, 1)
    )
    return f"{edge} and ends {_in(ends, unit)} on average" if ends else edge


def _searched_more(best: MoveAnalysis, runner: MoveAnalysis) -> str:
    """Why the advice stands though the next best's estimate is ahead: the search tried it
    more, and how much more; or, on about as many tries, that the two are not yet told apart."""
    tries = f"{best.visits} against {runner.visits}"
    if runner.visits >= ABOUT_AS_MANY * best.visits:
        return f"on about as many tries ({tries}): the search has not told them apart yet, more iterations would"
    return f"but was searched {'far ' if best.visits >= 2 * runner.visits else ''}more ({tries})"


def _signed(value: float, digits: int) -> str | None:
    """`value` with its sign to `digits` places ("+0.7", "-1.25"); None where it rounds to
    nothing, which a sign would only make look like a gain or a loss ("-0.0")."""
    said = f"{value:+.{digits}f}"
    return None if float(said) == 0 else said


def _in(amount: str, unit: str) -> str:
    """An amount with its unit, when the game names one."""
    return f"{amount} {unit}" if unit else amount


def _score(value: float, signed: bool) -> str:
    return f"{value:+.2f}" if signed else f"{value:.1f}"
