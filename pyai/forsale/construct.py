"""Building a whole game record that reaches a described position.

The core has no "set up an arbitrary position" call: a state only comes from
the initial state and tokens. A partial-knowledge description (setup.py)
gives the public facts at the start of a round; this module finds deals and
moves from the start of the game that reach exactly those facts, so that the
position is an ordinary State from whose view the description's `?` parts
are then forgotten. Every token goes through State.apply and the reached
state is checked against the description, so the rules stay the core's: the
planning below only guides the choice, the way a player who knows the rules
would (its auction model is checked against the core round by round).

The search is randomised (seeded, so one description always gives the same
record) and bounded by a fixed amount of work, counted in steps of its
searches rather than in seconds, so that a description gives the same record
(or the same failure) on every machine however fast or busy. It plans the
phases backwards:
- selling rounds (Autorama phase 3, classic phase 2): which vehicle each seat
  sold in each round for which of its checks, with the Mechanics and Lawyers
  used;
- buying rounds (Autorama phase 2): which advisor each seat played (a Fleet
  Manager perhaps boosted) for which vehicle, the ranks agreeing, the
  described seat leading; the cash they bring (Sales Directors, General
  Managers) or cost (boosts);
- auction rounds (phase 1): which card each seat took in each round (local
  search for rounds that need no forced bids, with each seat that owes money
  bidding somewhere), then what each seat pays when: bids and passes found by
  a small depth-first search in a planning model of one round, with
  backtracking over rounds, for cash that ends where the description says.
The buying and selling rounds are found together by simulated annealing over
who played, bought and sold what, the vehicles the description leaves open
being numbers to choose (see _VehicleSearch).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from ..errors import PyaiError
from .game import ForSaleGame, State

UNBOUNDED = 10_000  # an upper cash bound that is no bound
# Work units a record may take: one is about a step of the buying-round search or a
# node of the bid search (a few tens of microseconds each in CPython), so this is a
# few seconds on an ordinary machine; the count, not the clock, decides.
WORK_LIMIT = 120_000

SALES_ASSOCIATES = (1, 2, 3)
CONSULTANTS = (4, 5, 6)
MECHANICS = (7, 8, 9)
FLEET_MANAGERS = (13, 14, 15)
SALES_DIRECTORS = (16, 17, 18)
LAWYERS = (19, 20, 21)
GENERAL_MANAGERS = (28, 29, 30)
ROUNDS_PER_PHASE = {3: 8, 4: 7, 5: 6, 6: 5}


@dataclass
class SeatFacts:
    """What the description says of one seat at the start of the round.

    `hand`: advisors in hand (Autorama); `vehicles`: vehicles in hand (the
    classic game's properties, also during its auction); None means unknown,
    with `*_must` cards known to be in it (learnt from later moves).
    Cash: cash_lo == cash_hi when known.
    """

    cash_lo: int = 0
    cash_hi: int = UNBOUNDED
    hand: frozenset[int] | None = frozenset()
    hand_must: frozenset[int] = frozenset()
    played: frozenset[int] = frozenset()
    used: frozenset[int] = frozenset()
    vehicles: frozenset[int] | None = frozenset()
    vehicles_must: frozenset[int] = frozenset()
    checks: tuple[int, ...] = ()


@dataclass
class Facts:
    """A described position at the start of a round (before its cards are turned up)."""

    game: ForSaleGame
    phase: str  # "auction", "buying" or "selling" (the State's phase names)
    round: int  # rounds of this phase already played
    leader: int | None  # the round's first player (auction and buying rounds)
    seats: list[SeatFacts]
    sold: frozenset[int] | None = None  # vehicles sold in earlier selling rounds, if stated
    table: frozenset[int] = frozenset()  # this round's cards: dealt after the record, so kept out of it
    dealt_later: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())  # advisors, vehicles: no hand

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def rounds_per_phase(self) -> int:
        return ROUNDS_PER_PHASE[self.players]


class ConstructionError(Exception):
    """No record was found for the description (the message says what could not be met)."""


class _Retry(Exception):
    pass


class _OutOfWork(_Retry):
    pass


class _Budget:
    """The work left to the whole construction (see WORK_LIMIT)."""

    def __init__(self, units: int):
        self.left = units

    def spend(self, units: int = 1) -> None:
        self.left -= units
        if self.left < 0:
            raise _OutOfWork("out of work")


def build_record(facts: Facts, seed: int = 0, work: int = WORK_LIMIT) -> list[str]:
    """Tokens from the initial state to the described position; ConstructionError if none
    was found within `work` units (deterministic: the same facts, seed and work always
    give the same answer)."""
    rng = random.Random(seed)
    budget = _Budget(work)
    reasons: dict[str, int] = {}
    attempts = 0
    while True:
        attempts += 1
        try:
            return _attempt(facts, rng, budget)
        except _OutOfWork:
            pass
        except _Retry as retry:
            reasons[str(retry)] = reasons.get(str(retry), 0) + 1
        budget.left -= 10  # an attempt costs something even when it fails at once
        if budget.left <= 0:
            common = f" (mostly: {max(reasons, key=reasons.get)})" if reasons else ""
            plural = "attempt" if attempts == 1 else "attempts"
            raise ConstructionError(f"no game history found that reaches it in {attempts} {plural}{common}")


# --- one attempt --------------------------------------------------------------------------------


def _attempt(facts: Facts, rng: random.Random, budget: _Budget) -> list[str]:
    n = facts.players
    classic = facts.game.classic
    selling: list[dict] = []
    buying: list[dict[int, tuple[int, int, bool]]] = []
    income = [0] * n
    if classic:
        # The classic auction hands out properties: those held now and those sold.
        sold_by_seat: list[list[int]] = [[] for _ in range(n)]
        if facts.phase == "selling" and facts.round > 0:
            selling, sold_by_seat = _plan_selling(facts, rng)
        auction_pool = _vehicle_pool(facts, sold_by_seat)
        auction_known, auction_draws = [], []
        for s, seat in enumerate(facts.seats):
            have = set(seat.vehicles if seat.vehicles is not None else seat.vehicles_must) | set(sold_by_seat[s])
            auction_known.append(sorted(have))
            count = _vehicles_in_hand(facts) + len(sold_by_seat[s])
            auction_draws.append(count - len(have) if seat.vehicles is None else 0)
    else:
        if facts.phase in ("buying", "selling"):
            buying, selling = _plan_vehicles(facts, rng, budget)
            income = _buying_income(buying, n)
        auction_known, auction_draws = [], []
        for seat in facts.seats:
            known = set(seat.played) | set(seat.hand if seat.hand is not None else seat.hand_must)
            auction_known.append(sorted(known))
            count = facts.round if facts.phase == "auction" else facts.rounds_per_phase
            auction_draws.append(count - len(known) if seat.hand is None else 0)
        auction_pool = _advisor_pool(facts)
    if any(d < 0 for d in auction_draws):
        raise _Retry("a seat holds more cards than the rounds played give")
    # The auction's last winner leads the next auction round, or the first buying round.
    last_winner = facts.leader if facts.phase == "auction" or (facts.phase == "buying" and not buying) else None

    auction_rounds = facts.round if facts.phase == "auction" else facts.rounds_per_phase
    # Cash wanted at the end of the auction: the described cash less the buying income.
    targets = []
    for s, seat in enumerate(facts.seats):
        lo = seat.cash_lo - income[s]
        hi = seat.cash_hi - income[s] if seat.cash_hi < UNBOUNDED else UNBOUNDED
        if hi < 0:
            raise _Retry("the buying income exceeds the described cash")
        targets.append((max(0, lo), hi))
    auction = _plan_auction(
        facts, auction_known, auction_draws, auction_pool, auction_rounds, targets, last_winner, rng, budget
    )

    state = facts.game.new_initial_state()
    tokens: list[str] = []
    for cards, actions, expected_cash in auction:
        tokens.append(_apply(state, "deal:" + ",".join(str(c) for c in sorted(cards.values()))))
        for action in actions:
            tokens.append(_apply(state, action))
        if _cash(state) != expected_cash:
            raise _Retry(f"the auction model disagrees with the core: {expected_cash} != {_cash(state)}")
    for round_plan in buying:
        tokens.append(_apply(state, "deal:" + ",".join(str(v) for _, v, _ in round_plan.values())))
        for _ in range(n):
            advisor, _, boosted = round_plan[state.to_move()]
            tokens.append(_apply(state, f"play:{advisor}{'+' if boosted else ''}"))
    for round_plan in selling:
        tokens.extend(_sell_round(state, round_plan))
    _check(facts, state)
    return tokens


def _vehicles_in_hand(facts: Facts) -> int:
    if facts.phase == "auction":
        return facts.round if facts.game.classic else 0
    if facts.phase == "buying":
        return facts.round
    return facts.rounds_per_phase - facts.round


def _vehicle_pool(facts: Facts, sold_by_seat: list[list[int]]) -> set[int]:
    """Vehicles free to give to seats whose vehicles are unknown."""
    pool = set(range(1, 31))
    for seat in facts.seats:
        pool -= set(seat.vehicles) if seat.vehicles is not None else set(seat.vehicles_must)
    for sold in sold_by_seat:
        pool -= set(sold)
    if facts.sold is not None:
        pool -= set(facts.sold)
    if facts.phase == "buying" or (facts.game.classic and facts.phase == "auction"):
        pool -= set(facts.table)
    return pool - facts.dealt_later[1]


def _advisor_pool(facts: Facts) -> set[int]:
    pool = set(range(1, 31))
    for seat in facts.seats:
        pool -= set(seat.played)
        pool -= set(seat.hand) if seat.hand is not None else set(seat.hand_must)
    if facts.phase == "auction":
        pool -= set(facts.table)
    return pool - facts.dealt_later[0]


def _cash(state: State) -> list[int]:
    return [seat["cash"] for seat in state.to_dict()["seats"]]


def _apply(state: State, token: str) -> str:
    try:
        return state.apply(token)
    except PyaiError as error:
        raise _Retry(f"{token}: {error}") from None


# --- selling rounds -----------------------------------------------------------------------------


def _selling_structure(facts: Facts, rng: random.Random):
    """For the selling rounds played: the check each seat won in each round, the
    seats from the highest vehicle sold to the lowest, the round each used
    Mechanic and Lawyer was used in."""
    n = facts.players
    r = facts.round
    seats = facts.seats
    mechanics = [sorted(u for u in seat.used if u in MECHANICS) for seat in seats]
    lawyers = [sorted(u for u in seat.used if u in LAWYERS) for seat in seats]
    if any(len(m) > r or len(la) > r for m, la in zip(mechanics, lawyers)):
        raise _Retry("more Mechanics or Lawyers used than rounds played")
    for _ in range(200):
        checks = [rng.sample(list(seat.checks), len(seat.checks)) for seat in seats]
        mech_round: dict[int, int] = {}
        for s in range(n):
            for k in rng.sample(range(r), len(mechanics[s])):
                mech_round[k] = s if k not in mech_round else -1
        rankings = [_sell_ranking(n, {s: checks[s][k] for s in range(n)}, mech_round.get(k), rng) for k in range(r)]
        if all(ranking is not None for ranking in rankings):
            break
    else:
        raise _Retry("no order of the checks lets the Mechanics be used")
    lawyer_round: dict[int, dict[int, int]] = {}
    for s in range(n):
        for k, lawyer in zip(rng.sample(range(r), len(lawyers[s])), lawyers[s]):
            lawyer_round.setdefault(k, {})[s] = lawyer
    return checks, rankings, mech_round, lawyer_round


def _plan_selling(facts: Facts, rng: random.Random) -> tuple[list[dict], list[list[int]]]:
    """Classic selling rounds, any vehicles (properties) sold: per round
    {"sells": seat -> [vehicle sold, check won, 0, 0], "mech": None}, and the
    vehicles each seat sold."""
    n = facts.players
    checks, rankings, _, _ = _selling_structure(facts, rng)
    pool = set(facts.sold) if facts.sold is not None else _vehicle_pool(facts, [[] for _ in range(n)])
    rounds: list[dict] = []
    sold_by_seat: list[list[int]] = [[] for _ in range(n)]
    for k, ranking in enumerate(rankings):
        if len(pool) < n:
            raise _Retry("not enough vehicles to sell")
        picks = sorted(rng.sample(sorted(pool), n), reverse=True)
        pool -= set(picks)
        sells = {s: [vehicle, checks[s][k], 0, 0] for s, vehicle in zip(ranking, picks)}
        rounds.append({"sells": sells, "mech": None})
        for s in range(n):
            sold_by_seat[s].append(sells[s][0])
    return rounds, sold_by_seat


def _sell_ranking(n: int, won: dict[int, int], mech_seat: int | None, rng: random.Random) -> list[int] | None:
    """Seats from the highest vehicle sold to the lowest, for these checks won
    (equal checks in random order); None if the Mechanic cannot have been used."""
    if mech_seat == -1:
        return None
    ranking = sorted(range(n), key=lambda s: (won[s], rng.random()), reverse=True)
    if mech_seat is None:
        return ranking
    # The Mechanic user sold the lowest vehicle and took the second-lowest check;
    # the seat that sold the second-lowest vehicle took the lowest check.
    if ranking[-2] != mech_seat:
        if won[mech_seat] != won[ranking[-2]]:
            return None
        i = ranking.index(mech_seat)
        ranking[i], ranking[-2] = ranking[-2], ranking[i]
    ranking[-1], ranking[-2] = ranking[-2], ranking[-1]
    return ranking


def _sell_round(state: State, plan: dict) -> list[str]:
    sells = plan["sells"]
    tokens = [_apply(state, "deal:" + ",".join(str(sell[1]) for sell in sells.values()))]
    for s in sorted(sells):
        vehicle, _, lawyer, kept = sells[s]
        token = f"sell:{vehicle}" if not lawyer else f"sell:{min(vehicle, kept)},{max(vehicle, kept)}@{lawyer}"
        tokens.append(_apply(state, token))
    while True:
        d = state.to_dict()
        if d["phase"] != "selling" or d["to_move"] in ("chance", "over"):
            return tokens
        mover = d["to_move"]
        if d["sell_step"] == "keep":
            tokens.append(_apply(state, f"keep:{sells[mover][3]}"))
        elif d["sell_step"] == "mechanic":
            tokens.append(_apply(state, "mech:use" if plan["mech"] == mover else "mech:skip"))
        else:
            raise _Retry(f"unexpected selling step {d['sell_step']}")


# --- buying rounds ------------------------------------------------------------------------------


def _plan_vehicles(facts: Facts, rng: random.Random, budget: _Budget) -> tuple[list[dict], list[dict]]:
    """Autorama buying rounds (and selling rounds, in a selling-phase description).

    Vehicles whose numbers the description leaves open (those sold earlier, and
    the hands of seats whose vehicles are unknown) are variables: the rounds
    are planned first (who plays which advisor, who sells in which order), each
    round ordering its vehicles, and numbers are then found that fit every order."""
    n = facts.players
    selling_rounds = facts.round if facts.phase == "selling" else 0
    buying_rounds = facts.round if facts.phase == "buying" else facts.rounds_per_phase
    checks, rankings, mech_round, lawyer_round = _selling_structure(facts, rng) if selling_rounds else ([], [], {}, {})
    # Items per seat: known numbers (int) or variables (str).
    domain: dict[str, str] = {}
    items: list[list[int | str]] = []
    for s, seat in enumerate(facts.seats):
        mine: list[int | str] = sorted(seat.vehicles if seat.vehicles is not None else seat.vehicles_must)
        for k in range(selling_rounds):
            domain[f"sold{s}.{k}"] = "sold"
            mine.append(f"sold{s}.{k}")
        if seat.vehicles is None:
            for i in range(_vehicles_in_hand(facts) - len(seat.vehicles_must)):
                domain[f"hand{s}.{i}"] = "free"
                mine.append(f"hand{s}.{i}")
        if len(mine) != buying_rounds:
            raise _Retry(f"seat {s} must have bought one vehicle a round")
        items.append(mine)
    known = set().union(*(set(i for i in mine if isinstance(i, int)) for mine in items))
    table = set(facts.table) if facts.phase == "buying" else set()
    free_pool = set(range(1, 31)) - known - table - (set(facts.sold) if facts.sold is not None else set())
    free_pool -= facts.dealt_later[1]
    sold_pool = set(facts.sold) if facts.sold is not None else free_pool
    pools = {"sold": sold_pool, "free": free_pool}
    need_leader = facts.leader if facts.phase == "buying" else None
    for _ in range(4):
        search = _VehicleSearch(facts, items, domain, pools, checks, mech_round, buying_rounds, need_leader, rng)
        found = search.run(budget)
        if found is None:
            continue
        buy_plan, values, checks, mech_round, _ = found
        sell_plan = []
        for k in range(selling_rounds):
            sells = {s: [values[f"sold{s}.{k}"], checks[s][k], 0, 0] for s in range(n)}
            for s, lawyer in lawyer_round.get(k, {}).items():
                later = [values[f"sold{s}.{j}"] for j in range(k + 1, selling_rounds)]
                in_hand = [i for i in items[s] if not (isinstance(i, str) and i.startswith("sold"))]
                hand = [i if isinstance(i, int) else values[i] for i in in_hand]
                sells[s][2] = lawyer
                sells[s][3] = rng.choice(later + hand)
            sell_plan.append({"sells": sells, "mech": mech_round.get(k)})
        return buy_plan, sell_plan
    raise _Retry("no buying rounds give the described advisors and vehicles")


class _VehicleSearch:
    """Buying rounds, selling rounds and numbers for the variable vehicles, by
    min-conflicts local search.

    State: for each seat and buying round, the advisor it played (a Fleet
    Manager perhaps boosted) and the vehicle item it got; for each seat and
    selling round, the check it won; the round each used Mechanic was used in;
    a number for each variable (from its pool, all different). Conflicts: two
    seats of a buying round whose advisors and vehicles rank differently; two
    seats of a selling round whose sold vehicles rank unlike their checks (with
    the Mechanic's swap); a Mechanic user not winning the second-lowest check;
    the described leader not getting the last buying round's highest vehicle;
    buying income the described cash cannot allow. Moves swap two rounds'
    advisors, items or checks of one seat, boost or not, move a Mechanic use,
    renumber or swap variables; a move is kept unless it adds conflicts."""

    def __init__(self, facts, items, domain, pools, checks, mech_round, rounds, need_leader, rng):
        self.n = n = facts.players
        self.rng = rng
        self.rounds = rounds
        self.selling = len(checks[0]) if checks else 0
        self.domain = domain
        self.pools = pools
        self.need_leader = need_leader
        played = [sorted(seat.played) for seat in facts.seats]
        if any(len(a) != rounds for a in played) or any(len(i) != rounds for i in items):
            raise _Retry("advisors played and vehicles bought must match the buying rounds played")
        # Income each seat's described cash allows: what it has now, less what the
        # auction could have left it (its starting cash and Consultant collections).
        start_cash = facts.game.starting_cash
        self.income_range = []
        for seat in facts.seats:
            consultants = sum(1 for a in set(seat.played) | set(seat.hand or ()) if a in CONSULTANTS)
            if seat.cash_hi >= UNBOUNDED:
                self.income_range.append((-UNBOUNDED, UNBOUNDED))
            else:
                self.income_range.append((seat.cash_lo - start_cash - consultants, seat.cash_hi))
        self.adv = [rng.sample(a, rounds) for a in played]
        self.got = [rng.sample(list(i), rounds) for i in items]
        self.boost = [[False] * rounds for _ in range(n)]
        self.checks = [list(c) for c in checks]
        self.mech = dict(mech_round)
        self.numbers: dict[str, int] = {}
        for name in rng.sample(sorted(domain), len(domain)):
            choices = sorted(pools[domain[name]] - set(self.numbers.values()))
            if not choices:
                raise _Retry("not enough vehicles for the unknown ones")
            self.numbers[name] = rng.choice(choices)
        self.where = {item: (s, k) for s in range(n) for k, item in enumerate(self.got[s]) if isinstance(item, str)}

    def num(self, item) -> int:
        return item if isinstance(item, int) else self.numbers[item]

    def value(self, s: int, k: int) -> int:
        return self.adv[s][k] + 18 if self.boost[s][k] else self.adv[s][k]  # a boosted 13 counts 31

    def buy_conflicts(self, k: int) -> int:
        n = self.n
        bad = 0
        for s in range(n):
            for t in range(s + 1, n):
                if (self.value(s, k) < self.value(t, k)) != (self.num(self.got[s][k]) < self.num(self.got[t][k])):
                    bad += 1
        if k == self.rounds - 1 and self.need_leader is not None:
            if max(range(n), key=lambda t: self.value(t, k)) != self.need_leader:
                bad += 2
        return bad

    def sell_order(self, j: int) -> tuple[list[int], int]:
        """Seats from the highest vehicle sold in selling round j to the lowest as
        the checks demand (equal checks: as the vehicles are), and a penalty if
        the round's Mechanic user did not win the second-lowest check."""
        n = self.n
        sold = {s: self.numbers[f"sold{s}.{j}"] for s in range(n)}
        order = sorted(range(n), key=lambda s: (self.checks[s][j], sold[s]), reverse=True)
        m = self.mech.get(j)
        penalty = 0
        if m is not None:
            if order[-2] != m:
                if self.checks[m][j] == self.checks[order[-2]][j]:
                    i = order.index(m)
                    order[i], order[-2] = order[-2], order[i]
                else:
                    penalty = 3
            order[-1], order[-2] = order[-2], order[-1]
        return order, penalty

    def sell_conflicts(self, j: int) -> int:
        order, penalty = self.sell_order(j)
        sold = [self.numbers[f"sold{s}.{j}"] for s in order]
        return penalty + sum(1 for i in range(self.n) for m in range(i + 1, self.n) if sold[i] < sold[m])

    def round_income(self, k: int) -> list[int]:
        """Cash each seat gets (Sales Director, General Manager) or pays (boost) in round k."""
        top = max(self.num(self.got[t][k]) for t in range(self.n))
        out = [0] * self.n
        for t in range(self.n):
            a, vehicle = self.adv[t][k], self.num(self.got[t][k])
            out[t] = (
                (-3 if self.boost[t][k] else 0)
                + (3 if a in SALES_DIRECTORS and vehicle >= a else 0)
                + (4 if a in GENERAL_MANAGERS and vehicle != top else 0)
            )
        return out

    def income_conflicts(self, incomes: list[list[int]]) -> int:
        bad = 0
        for t in range(self.n):
            total = sum(r[t] for r in incomes)
            low, high = self.income_range[t]
            bad += max(0, low - total) + max(0, total - high)
        return bad

    def run(self, budget: _Budget, moves: int = 15000):
        rng, rounds = self.rng, self.rounds
        buy_bad = [self.buy_conflicts(k) for k in range(rounds)]
        sell_bad = [self.sell_conflicts(j) for j in range(self.selling)]
        incomes = [self.round_income(k) for k in range(rounds)]
        money_bad = self.income_conflicts(incomes)
        variables = sorted(self.domain)
        for step in range(moves):
            if not any(buy_bad) and not any(sell_bad) and not money_bad:
                return self.result()
            if step % 64 == 0:
                budget.spend(64)
            # Simulated annealing: a worse state is sometimes kept, less and less often.
            temperature = 1.5 * (1 - step / moves) + 0.05
            undo, touched_buy, touched_sell = self.move(variables, buy_bad, sell_bad)
            if undo is None:
                continue
            before = sum(buy_bad[k] for k in touched_buy) + sum(sell_bad[j] for j in touched_sell) + money_bad
            new_buy = {k: self.buy_conflicts(k) for k in touched_buy}
            new_sell = {j: self.sell_conflicts(j) for j in touched_sell}
            new_incomes = [self.round_income(k) if k in touched_buy else incomes[k] for k in range(rounds)]
            new_money = self.income_conflicts(new_incomes)
            worse = sum(new_buy.values()) + sum(new_sell.values()) + new_money - before
            if worse <= 0 or rng.random() < math.exp(-worse / temperature):
                for k, bad in new_buy.items():
                    buy_bad[k] = bad
                for j, bad in new_sell.items():
                    sell_bad[j] = bad
                incomes, money_bad = new_incomes, new_money
            else:
                undo()
        return None

    def move(self, variables, buy_bad, sell_bad):
        """One random change: (undo, buying rounds touched, selling rounds touched)."""
        rng, n, rounds = self.rng, self.n, self.rounds
        roll = rng.random()
        if self.selling and roll < 0.3:
            j1 = rng.choice([j for j in range(self.selling) if sell_bad[j]] or list(range(self.selling)))
            j2 = rng.randrange(self.selling)
            s = rng.randrange(n)
            if rng.random() < 0.15 and self.mech.get(j1) is not None and j2 not in self.mech:
                self.mech[j2] = self.mech.pop(j1)  # the Mechanic used in another round

                def undo():
                    self.mech[j1] = self.mech.pop(j2)

                return undo, set(), {j1, j2}
            if j1 == j2:
                return None, set(), set()
            if rng.random() < 0.5:  # another check for these two rounds
                self.checks[s][j1], self.checks[s][j2] = self.checks[s][j2], self.checks[s][j1]

                def undo():
                    self.checks[s][j1], self.checks[s][j2] = self.checks[s][j2], self.checks[s][j1]

                return undo, set(), {j1, j2}
            # Each of two vehicles of this seat sold in the other's round (bought as before).
            a, b = f"sold{s}.{j1}", f"sold{s}.{j2}"

            def relabel():
                (sa, ka), (sb, kb) = self.where[a], self.where[b]
                self.got[sa][ka], self.got[sb][kb] = b, a
                self.where[a], self.where[b] = (sb, kb), (sa, ka)
                self.numbers[a], self.numbers[b] = self.numbers[b], self.numbers[a]

            relabel()
            return relabel, set(), {j1, j2}
        if variables and (roll < 0.55 or not any(buy_bad)):
            name = rng.choice(variables)
            if rng.random() < 0.5:
                other = rng.choice(variables)
                if self.domain[other] != self.domain[name] or other == name:
                    return None, set(), set()
                old = (self.numbers[name], self.numbers[other])
                self.numbers[name], self.numbers[other] = old[1], old[0]
                names = (name, other)

                def undo():
                    self.numbers[name], self.numbers[other] = old
            else:
                choices = sorted(self.pools[self.domain[name]] - set(self.numbers.values()))
                if not choices:
                    return None, set(), set()
                old_number = self.numbers[name]
                self.numbers[name] = rng.choice(choices)
                names = (name,)

                def undo():
                    self.numbers[name] = old_number

            touched_sell = {int(v.split(".")[1]) for v in names if v.startswith("sold")}
            return undo, {self.where[v][1] for v in names}, touched_sell
        k1 = rng.choice([k for k in range(rounds) if buy_bad[k]] or list(range(rounds)))
        k2 = rng.randrange(rounds)
        s = rng.randrange(n)
        kind = rng.random()
        adv, got, boost = self.adv, self.got, self.boost
        if kind < 0.1 and adv[s][k1] in FLEET_MANAGERS:
            boost[s][k1] = not boost[s][k1]

            def undo():
                boost[s][k1] = not boost[s][k1]

            return undo, {k1}, set()
        if k1 == k2:
            return None, set(), set()
        if kind < 0.55:
            adv[s][k1], adv[s][k2] = adv[s][k2], adv[s][k1]
            boost[s][k1], boost[s][k2] = boost[s][k2], boost[s][k1]

            def undo():
                adv[s][k1], adv[s][k2] = adv[s][k2], adv[s][k1]
                boost[s][k1], boost[s][k2] = boost[s][k2], boost[s][k1]

            return undo, {k1, k2}, set()

        def swap():
            got[s][k1], got[s][k2] = got[s][k2], got[s][k1]
            for k in (k1, k2):
                if isinstance(got[s][k], str):
                    self.where[got[s][k]] = (s, k)

        swap()
        return swap, {k1, k2}, set()

    def result(self):
        n = self.n
        buying = [
            {s: (self.adv[s][k], self.num(self.got[s][k]), self.boost[s][k]) for s in range(n)}
            for k in range(self.rounds)
        ]
        rankings = [self.sell_order(j)[0] for j in range(self.selling)]
        return buying, dict(self.numbers), self.checks, self.mech, rankings


def _buying_income(buying: list[dict[int, tuple[int, int, bool]]], n: int) -> list[int]:
    """Cash each seat gained in these buying rounds (Sales Director, General Manager,
    less 3 for each Fleet Manager boost)."""
    income = [0] * n
    for plan in buying:
        top = max(vehicle for _, vehicle, _ in plan.values())
        for s, (advisor, vehicle, boosted) in plan.items():
            if boosted:
                income[s] -= 3
            if advisor in SALES_DIRECTORS and vehicle >= advisor:
                income[s] += 3
            if advisor in GENERAL_MANAGERS and vehicle != top:
                income[s] += 4
    return income


# --- auction rounds -----------------------------------------------------------------------------


@dataclass
class _Table:
    """The planning model of one auction round (checked against the core afterwards)."""

    cash: list[int]
    bid: list[int]
    passed: list[bool]
    high: int
    turn: int
    table: list[int]  # cards left, ascending

    def copy(self) -> _Table:
        return _Table(list(self.cash), list(self.bid), list(self.passed), self.high, self.turn, list(self.table))


def _plan_auction(
    facts: Facts,
    known: list[list[int]],
    draws: list[int],
    pool: set[int],
    rounds: int,
    targets: list[tuple[int, int]],
    last_winner: int | None,
    rng: random.Random,
    budget: _Budget,
) -> list[tuple[dict[int, int], list[str], list[int]]]:
    """Per auction round: the card each seat takes, the bids and passes, and the
    cash after it; ends with each seat's cash in its target range and the last
    round won by `last_winner` (if given).

    First the cards: which card each seat takes in which round, chosen (by
    local search) so that every round can be played without seats being forced
    to bid (see _order_cost); then the payments, round by round, with
    backtracking."""
    n = facts.players
    classic = facts.game.classic
    start_cash = facts.game.starting_cash
    for _ in range(6):
        owes = [start_cash - lo if hi < UNBOUNDED else None for lo, hi in targets]
        assignment = _auction_cards(facts, known, draws, pool, rounds, last_winner, owes, rng, budget)
        if assignment is None:
            continue
        plan = _pay_as_winners(n, facts.game.first, start_cash, assignment, targets, classic, budget)
        if plan is None:
            plan = _auction_payments(n, facts.game.first, start_cash, assignment, targets, classic, rng, budget)
        if plan is not None:
            return plan
    raise _Retry("no auction reaches the described cash and cards")


def _auction_cards(
    facts, known, draws, pool, rounds, last_winner, owes, rng, budget, moves=4000
) -> list[dict[int, int]] | None:
    """Cards per auction round (seat -> card): each seat's known cards once, and its
    draws from `pool` (all different), such that every round's order can be
    played cheaply from its leader (the previous round's winner), a seat that
    must pay wins a round in which it bids (or bids in one), and a seat that
    must pay nothing never has to bid."""
    n = facts.players
    if rounds == 0:
        return []
    free = sorted(pool)
    if sum(draws) > len(free):
        raise _Retry("not enough unseen cards for the unknown hands")
    drawn = rng.sample(free, sum(draws))
    cards: list[list[int]] = []
    for s in range(n):
        mine = list(known[s]) + [drawn.pop() for _ in range(draws[s])]
        if len(mine) != rounds:
            raise _Retry(f"seat {s} must take one card each auction round")
        cards.append(rng.sample(mine, rounds))
    is_draw = [[c not in known[s] for c in cards[s]] for s in range(n)]
    unused = sorted(set(free) - {c for s in range(n) for c, d in zip(cards[s], is_draw[s]) if d})

    free_cards = _free_cards(facts.game.classic)

    def cost() -> int:
        """A wrong last winner counts 1000 (it must not be), a forced bid 10, a seat
        that owes money but never bids, or owes none but must bid, 1."""
        leader = facts.game.first
        total = 0
        pays = [False] * n  # bids somewhere
        for k in range(rounds):
            round_cards = {s: cards[s][k] for s in range(n)}
            winner = max(round_cards, key=round_cards.get)
            bad, must, may = _round_shape(n, leader, round_cards)
            total += 10 * bad
            for t in must:
                if owes[t] == 0 and round_cards[t] not in free_cards:
                    total += 1
            for t in may:
                pays[t] = True
            leader = winner
        if last_winner is not None and leader != last_winner:
            total += 1000
        total += sum(1 for t in range(n) if owes[t] is not None and owes[t] > 0 and not pays[t])
        return total

    def snapshot() -> list[dict[int, int]]:
        return [{s: cards[s][k] for s in range(n)} for k in range(rounds)]

    current = cost()
    best = snapshot() if current < 1000 else None
    best_cost = current
    for move in range(moves):
        if move % 16 == 0:
            budget.spend(16 * rounds // 2)
        if current < best_cost:
            best, best_cost = snapshot(), current
        if current == 0:
            return snapshot()
        s = rng.randrange(n)
        k1, k2 = rng.randrange(rounds), rng.randrange(rounds)
        if is_draw[s][k1] and unused and rng.random() < 0.3:
            i = rng.randrange(len(unused))
            cards[s][k1], unused[i] = unused[i], cards[s][k1]
            after = cost()
            if after <= current or rng.random() < 0.02:
                current = after
            else:
                cards[s][k1], unused[i] = unused[i], cards[s][k1]
            continue
        if k1 == k2:
            continue
        cards[s][k1], cards[s][k2] = cards[s][k2], cards[s][k1]
        is_draw[s][k1], is_draw[s][k2] = is_draw[s][k2], is_draw[s][k1]
        after = cost()
        if after <= current or rng.random() < 0.02:
            current = after
        else:
            cards[s][k1], cards[s][k2] = cards[s][k2], cards[s][k1]
            is_draw[s][k1], is_draw[s][k2] = is_draw[s][k2], is_draw[s][k1]
    return best if best_cost < 1000 else None


def _round_shape(n: int, leader: int, cards: dict[int, int]) -> tuple[int, set[int], set[int]]:
    """How far the round is from one without forced bids (0: none), the seats that
    must bid in it and those that may.

    Without forced bids, the cards lowest first are: some seats in clockwise
    order from the leader (they pass at their first turn, paying nothing), then
    the others in clockwise order (they bid, rising round the table, and pass on
    the next lap, each paying half its bid), then the winner, who bids if anyone
    did or if it is not the last to act."""
    ranking = sorted(cards, key=cards.get)
    winner = ranking.pop()
    position = [(s - leader) % n for s in ranking]
    winner_last = (winner - leader) % n == n - 1
    best = n
    must: set[int] | None = None
    may: set[int] = set()
    for split in range(len(position), -1, -1):  # as few bidders as possible first
        first, second = position[:split], position[split:]
        bad = sum(1 for a, b in zip(first, first[1:]) if a > b) + sum(1 for a, b in zip(second, second[1:]) if a > b)
        best = min(best, bad)
        if bad == 0:
            bidders = set(ranking[split:])
            if bidders or not winner_last:
                bidders.add(winner)
            if must is None:
                must = bidders
            may |= bidders
    return best, must or set(), may


def _pay_as_winners(n, first, start_cash, assignment, targets, classic, budget) -> list | None:
    """Bids and passes in which the seats bid only what they must, except that a
    winner adds what its seat still owes: play the rounds once with least bids,
    see what each seat still owes at the end, add it to its last winning bid
    (earlier ones if its cash is short then), and play again, a few times
    (a Consultant collects only from a seat with cash to spare)."""
    extra = [[0] * n for _ in assignment]
    for _ in range(6):
        plan = []
        cash = [start_cash] * n
        leader = first
        leaders = []
        for k, cards in enumerate(assignment):
            leaders.append(leader)
            winner = max(cards, key=cards.get)
            least = _schedule(n, leader, cards, list(cash), [None] * n, classic, budget)
            if least is None:
                return None
            if extra[k][winner]:
                want: list[int | None] = [None] * n
                want[winner] = _winner_paid(least[0]) + extra[k][winner]
                scheduled = _schedule(n, leader, cards, list(cash), want, classic, budget)
                if scheduled is None:
                    return None
            else:
                scheduled = least
            actions, after = scheduled
            plan.append((cards, actions, after))
            cash = after
            leader = winner
        off = [c - lo if hi < UNBOUNDED else (c - lo if c < lo else 0) for c, (lo, hi) in zip(cash, targets)]
        if all(lo <= c <= hi for c, (lo, hi) in zip(cash, targets)):
            return plan
        if any(o < 0 for o in off):
            return None
        # Add what each seat still owes to its winning bids, the last first.
        for s in range(n):
            owed = off[s]
            for k in reversed(range(len(assignment))):
                if owed <= 0:
                    break
                cards = assignment[k]
                if max(cards, key=cards.get) != s or s not in _round_shape(n, leaders[k], cards)[1]:
                    continue  # not a round this seat wins with a bid
                room = plan[k - 1][2][s] if k else start_cash  # its cash when the round starts
                room -= _winner_paid(plan[k][1])
                add = min(owed, max(0, room))
                extra[k][s] += add
                owed -= add
            if owed > 0:
                return None
    return None


def _winner_paid(actions: list[str]) -> int:
    """The last bid of a round's actions (what its winner pays), 0 without bids."""
    bids = [int(a.split(":")[1]) for a in actions if a.startswith("bid:")]
    return max(bids) if bids else 0


def _auction_payments(n, first, start_cash, assignment, targets, classic, rng, budget) -> list | None:
    """Bids and passes for each round of `assignment` so that each seat ends in its
    target cash range: a depth-first search over what each seat pays when."""
    rounds = len(assignment)
    leaders = [first]
    for cards in assignment:
        leaders.append(max(cards, key=cards.get))
    may_bid = [_round_shape(n, leaders[k], assignment[k])[2] for k in range(rounds)]
    failed: set = set()
    nodes = [0]

    def search(k: int, cash: tuple[int, ...]) -> list | None:
        budget.spend()
        if k == rounds:
            return [] if all(lo <= c <= hi for c, (lo, hi) in zip(cash, targets)) else None
        if (k, cash) in failed or nodes[0] > 3000:
            return None
        nodes[0] += 1
        cards = assignment[k]
        rest_cards = [[assignment[j][s] for j in range(k + 1, rounds)] for s in range(n)]
        # Rounds left in which a seat may pay without forcing anyone (a seat can
        # always pay by bidding, at the cost of forcing the later seats to bid).
        chances = [max(1, sum(1 for j in range(k + 1, rounds) if s in may_bid[j])) for s in range(n)]
        chances = chances if k + 1 < rounds else [0] * n
        later = [c > 0 for c in chances]
        tried = 0
        for actions, after in _round_payments(
            n, leaders[k], cards, cash, targets, later, chances, may_bid[k], classic, rng, budget
        ):
            if not _cash_feasible(after, targets, rounds - k - 1, rest_cards, classic):
                continue
            tried += 1
            rest = search(k + 1, tuple(after))
            if rest is not None:
                return [(cards, actions, after), *rest]
            if tried >= 6:
                break
        failed.add((k, cash))
        return None

    return search(0, tuple([start_cash] * n))


def _cash_feasible(cash, targets, rounds_left, rest_cards, classic) -> bool:
    """Whether each seat can still end in its target range (Consultants may bring 1 each)."""
    for s, (c, (lo, hi)) in enumerate(zip(cash, targets)):
        gains = 0 if classic else sum(1 for card in rest_cards[s] if card in CONSULTANTS)
        if c + gains < lo:
            return False
        if rounds_left == 0 and c > hi:
            return False
    return True


def _round_payments(n, leader, cards, cash, targets, later, chances, may_bid, classic, rng, budget):
    """Ways to play one auction round with these cards: (actions, cash after).

    Each seat that owes money (cash above its target) pays some of it if it may
    bid here: all of it if it cannot bid later, else all, some or only what it
    is forced to. A seat that owes and may bid only if another seat bids gets a
    helper: a seat that may pay 1 bids."""
    owed = [c - lo if hi < UNBOUNDED else None for c, (lo, hi) in zip(cash, targets)]
    winner = max(cards, key=cards.get)
    free_cards = _free_cards(classic)
    # A Consultant brings its taker 1 from the seat to its right (if it can pay).
    transfer = [0] * n
    if not classic:
        for s, card in cards.items():
            if card in CONSULTANTS:
                transfer[s] += 1
                transfer[(s - 1) % n] -= 1
    owes = [None if o is None else max(0, o + t) for o, t in zip(owed, transfer)]
    seen = set()

    def attempts(want: list[int | None]):
        """Schedules for `want`, corrected where a Consultant did not collect as assumed."""
        for _ in range(3):
            key = tuple(want)
            if key in seen:
                return
            seen.add(key)
            scheduled = _schedule(n, leader, cards, list(cash), want, classic, budget)
            if scheduled is None:
                return
            yield scheduled
            after = scheduled[1]
            off = [
                after[s] - targets[s][0] if owes[s] is not None and want[s] is not None and not later[s] else 0
                for s in range(n)
            ]
            if not any(off):
                return
            want = [max(0, w + o) if w is not None and not later[s] else w for s, (w, o) in enumerate(zip(want, off))]

    # A Consultant collects only from a seat with cash to spare: try without those transfers too.
    raw = [None if o is None else max(0, o) for o in owed]
    for assumed in (owes, raw) if raw != owes else (owes,):
        for want in _structured_wants(n, leader, cards, assumed, chances, free_cards, rng):
            yield from attempts(want)
    for variant in range(10):
        want: list[int | None] = [None] * n
        for s in range(n):
            if owes[s] is None:
                continue
            if not later[s]:
                want[s] = owes[s]  # its last chance (the search may find bids the shape did not foresee)
                continue
            if cards[s] in free_cards and s != winner:
                continue  # a Sales Associate taken by passing costs nothing
            rounds_left = chances[s] + 1
            if variant % 3 == 0:  # the winner pays what it owes
                want[s] = owes[s] if s == winner else None
            elif variant % 3 == 1:  # everyone pays its share of what it owes
                want[s] = -(-owes[s] // rounds_left) if owes[s] else None
            elif owes[s] and rng.random() < 0.5:
                want[s] = rng.randint(1, owes[s])
        if want[winner] and not any(w for s, w in enumerate(want) if s != winner and w):
            # The winner pays only if it gets a turn: let a seat that may bid pay 1.
            helpers = [
                s for s in may_bid if s != winner and cards[s] not in free_cards and (owes[s] is None or owes[s] >= 1)
            ]
            if helpers and (winner - leader) % n == n - 1:
                want[rng.choice(helpers)] = 1
        yield from attempts(want)


def _structured_wants(n, leader, cards, owes, chances, free_cards, rng):
    """What each seat pays in this round, for each way to play it without forced
    bids (see _round_shape): the bidders, in clockwise order, pay non-decreasing
    amounts (half their rising bids), the winner more than twice the last. Each
    seat pays all it owes if this is its last chance, else all or its share."""
    ranking = sorted(cards, key=cards.get)
    winner = ranking.pop()
    position = [(s - leader) % n for s in ranking]
    for split in range(len(position) + 1):
        first, second = position[:split], position[split:]
        if any(a > b for a, b in zip(first, first[1:])) or any(a > b for a, b in zip(second, second[1:])):
            continue
        bidders = ranking[split:]  # rising cards = clockwise order
        for mode in ("all", "share"):
            want: list[int | None] = [None] * n
            ok = True
            for s in ranking[:split]:  # they pass at once, paying nothing
                if owes[s] and not chances[s]:
                    ok = False
            pays: list[int | None] = []
            for s in bidders:
                if cards[s] in free_cards:
                    pays.append(0)
                elif owes[s] is None:
                    pays.append(None)
                elif not chances[s] or mode == "all":
                    pays.append(owes[s])
                else:
                    pays.append(-(-owes[s] // (chances[s] + 1)))
            # Non-decreasing round the table: an earlier bidder pays no more than a later one.
            ceiling = None
            for i in reversed(range(len(bidders))):
                s = bidders[i]
                if pays[i] is None or cards[s] in free_cards:
                    continue
                if ceiling is not None and pays[i] > ceiling:
                    if not chances[s]:
                        ok = False
                    pays[i] = ceiling
                pays[i] = max(1, pays[i]) if owes[s] else pays[i]
                ceiling = pays[i]
            if not ok:
                continue
            floor = 0
            for i, s in enumerate(bidders):
                if pays[i] is None:  # a seat whose cash is free pays what keeps the order
                    want[s] = max(1, floor)
                elif cards[s] not in free_cards:
                    want[s] = pays[i]
                    floor = max(floor, pays[i])
            needed = 2 * floor + 1 if bidders else (1 if (winner - leader) % n != n - 1 else 0)
            if owes[winner] is None:
                want[winner] = None
            else:
                wanted = (
                    owes[winner] if mode == "all" or not chances[winner] else -(-owes[winner] // (chances[winner] + 1))
                )
                if wanted < needed:
                    if not chances[winner] or owes[winner] < needed:
                        continue
                    wanted = needed
                want[winner] = wanted
            yield want


def _schedule(n, leader, cards, cash, want, classic, budget, nodes=400) -> tuple[list[str], list[int]] | None:
    """Bids and passes for a round in which each seat takes cards[seat] (the lowest
    card's holder passes first, the highest card's holder wins) and each seat s
    pays want[s] (None: whatever it is forced to). A seat that may not pass yet
    must raise: the least raise, or at once the bid whose half it wants to pay;
    the winner pays its last bid. A small depth-first search over those choices."""
    winner = max(cards, key=cards.get)
    free_cards = _free_cards(classic)
    budget_left = [nodes]

    def finals(s: int, t: _Table) -> list[int]:
        """The bids above the table's high bid that make seat s pay want[s]."""
        x = want[s]
        if x is None or cards[s] in free_cards:
            return []
        wanted = [x] if s == winner else [2 * x - 1, 2 * x]
        return [b for b in wanted if t.high < b <= t.cash[s] and b > 0]

    def run(t: _Table, path: list[str]) -> tuple[list[str], list[int]] | None:
        budget_left[0] -= 1
        if budget_left[0] < 0:
            return None
        s = t.turn
        x = want[s]
        options: list[str] = []
        if s != winner and cards[s] == t.table[0]:
            paid = 0 if cards[s] in free_cards else t.bid[s] - t.bid[s] // 2
            if x is None or cards[s] in free_cards or paid == x:
                options.append("pass")
            else:
                options += [f"bid:{b}" for b in finals(s, t) if b > t.bid[s]]
        else:
            options += [f"bid:{b}" for b in finals(s, t)]
            least = t.high + 1
            limit = t.cash[s]
            if x is not None and cards[s] not in free_cards:
                limit = min(limit, x - 1 if s == winner else 2 * x)
            if least <= limit and f"bid:{least}" not in options:
                options.append(f"bid:{least}")
        for action in options:
            nxt = _step(t, action, classic)
            if nxt is None:
                end, paid_by_winner = _finish(t, classic)
                if want[winner] is None or paid_by_winner == want[winner]:
                    return [*path, action], end
                continue
            found = run(nxt, [*path, action])
            if found is not None:
                return found
        return None

    start = _Table(list(cash), [0] * n, [False] * n, 0, leader, sorted(cards.values()))
    found = run(start, [])
    budget.spend(nodes - max(0, budget_left[0]))
    return found


def _free_cards(classic: bool) -> tuple[int, ...]:
    return () if classic else SALES_ASSOCIATES


def _take(t: _Table, s: int, card: int, classic: bool) -> None:
    """Seat s takes `card`: a Consultant collects 1 from the seat to its right if
    that seat has cash not standing in a bid."""
    t.table.remove(card)
    if not classic and card in CONSULTANTS:
        right = (s - 1) % len(t.cash)
        standing = 0 if t.passed[right] else t.bid[right]
        if t.cash[right] - standing >= 1:
            t.cash[right] -= 1
            t.cash[s] += 1


def _step(t: _Table, action: str, classic: bool) -> _Table | None:
    """The table after `action` by the seat to move, or None when it ends the round."""
    n = len(t.cash)
    nxt = t.copy()
    s = t.turn
    if action == "pass":
        card = nxt.table[0]
        if card not in _free_cards(classic):
            nxt.cash[s] -= nxt.bid[s] - nxt.bid[s] // 2
        nxt.bid[s] = 0
        nxt.passed[s] = True
        _take(nxt, s, card, classic)
        if nxt.passed.count(False) == 1:
            return None
    else:
        nxt.bid[s] = nxt.high = int(action.split(":")[1])
    nxt.turn = next((s + i) % n for i in range(1, n + 1) if not nxt.passed[(s + i) % n])
    return nxt


def _finish(t: _Table, classic: bool) -> tuple[list[int], int]:
    """Cash after the round that the pass of the seat to move ends, and what the winner paid."""
    end = t.copy()
    s = t.turn
    card = end.table[0]
    if card not in _free_cards(classic):
        end.cash[s] -= end.bid[s] - end.bid[s] // 2
    end.bid[s] = 0
    end.passed[s] = True
    _take(end, s, card, classic)
    last = end.passed.index(False)
    paid = end.bid[last]
    end.cash[last] -= paid
    end.bid[last] = 0
    end.passed[last] = True
    _take(end, last, end.table[-1], classic)
    return end.cash, paid


# --- the final check ------------------------------------------------------------------------------


def _check(facts: Facts, state: State) -> None:
    """The reached state agrees with every described fact (else _Retry)."""
    d = state.to_dict()
    phase = "auction" if d["phase"] == "setup" else d["phase"]
    if phase != facts.phase or d["round"] != facts.round or d["to_move"] != "chance":
        raise _Retry(f"reached {d['phase']} round {d['round']}")
    if facts.leader is not None and facts.phase != "selling" and d["leader"] != facts.leader:
        raise _Retry("the leader differs")
    for s, (seat, got) in enumerate(zip(facts.seats, d["seats"])):
        if not seat.cash_lo <= got["cash"] <= seat.cash_hi:
            raise _Retry(f"seat {s} has cash {got['cash']}")
        if seat.hand is not None and set(got["advisors_in_hand"]) != set(seat.hand):
            raise _Retry(f"seat {s}'s advisors differ")
        if not seat.hand_must <= set(got["advisors_in_hand"]):
            raise _Retry(f"seat {s}'s advisors differ")
        if set(got["advisors_played"]) != set(seat.played) or set(got["advisors_spent"]) != set(seat.used):
            raise _Retry(f"seat {s}'s played advisors differ")
        if seat.vehicles is not None and set(got["vehicles"]) != set(seat.vehicles):
            raise _Retry(f"seat {s}'s vehicles differ")
        if not seat.vehicles_must <= set(got["vehicles"]):
            raise _Retry(f"seat {s}'s vehicles differ")
        if sorted(got["checks"]) != sorted(seat.checks):
            raise _Retry(f"seat {s}'s checks differ")
