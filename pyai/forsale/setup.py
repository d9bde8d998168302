"""Partial-knowledge positions: `position <game> pov <seat> setup <facts> [moves ...]`.

A person at a real table who did not follow the earlier history describes the
start of the current round as they know it: phase and round, who leads, their
own cash and cards, and for each opponent what they know or `?`:

    setup phase 1 round 3 leader 2
          seat 0 cash 21 advisors 3,17
          seat 1 cash ? advisors ?
          seat 2 cash 15..22 advisors 8,30
          seat 3 cash 26
          table 5,12,22,27

(one line in the protocol). The moves of the current round follow as usual
tokens after `moves`. Keywords (see help setup):

- `phase 1|2|3` (classic: 1 auction, 2 selling) and `round N` (1-based; the
  round whose cards are turned up next, or are `table`).
- `leader S`: the seat that starts the round (auction and buying rounds;
  default in the first round: the game's first player).
- `table C`: the cards of this round (turned up after the described start).
- `sold C`: selling phase only: the vehicles sold in earlier rounds (needed when
  an opponent's vehicles are unknown, so the engine knows which are gone).
- `seat S` then that seat's facts: `cash N`, `cash ?`, `cash LO..HI`;
  `advisors C|?` (in hand); `played C` (advisors played in phase 2, public);
  `used C` (Mechanics and Lawyers spent); `vehicles C|?` (in hand; also
  `properties`); `checks C` (check values won). `C` is a comma list or `-`.
  An opponent's omitted cash or hand is `?`; the pov seat must give its own.

This is For Sale's hook for the protocol (ForSaleGame.parse_setup): the
answers it raises are protocol errors. The core has no call to set up such a
position, so the engine builds a whole
game record that reaches exactly the described facts (construct.py), then
forgets the `?` parts from the pov seat's view (View.forget_cash / _advisors /
_vehicles): the search only ever sees that view. If no record reaching the
opponents' known cash is found within half the work bound, the record reaches the rest and that
cash is set on the view exactly (forget_cash(seat, n, n)); a later move that
cash does not allow then makes the view impossible, which the core reports.
Moves after the setup that an opponent with an unknown hand or cash makes
(`play:12`, `sell:7`, `bid:9`), and deals of cards the record had put in an
unknown hand, are facts the record must agree with; if it does not, it is
built again with them.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..errors import IllegalMoveError, PyaiError
from ..protocol.errors import BAD_VALUE, ILLEGAL_MOVE, INCONSISTENT, SYNTAX, ProtocolError, quoted
from .construct import UNBOUNDED, WORK_LIMIT, ConstructionError, Facts, SeatFacts, build_record
from .game import ForSaleGame, State, View

ROUNDS = {3: 8, 4: 7, 5: 6, 6: 5}
# The most work a setup may take to build (construct.WORK_LIMIT: counted, not timed,
# so a description is accepted or refused alike on every machine), and the share of
# it for a record that also reaches the opponents' known cash.
WORK_ALL = WORK_LIMIT
WORK_EXACT = WORK_LIMIT // 2
MAX_REBUILDS = 60
CHECK_VALUES = (0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
MECHANICS = (7, 8, 9)
LAWYERS = (19, 20, 21)
MAX_CASH = 60

_GLOBAL = {"phase", "round", "leader", "table", "sold", "seat"}
_SEAT = {"cash", "coins", "advisors", "played", "used", "vehicles", "properties", "checks"}


@dataclass
class SeatDescription:
    cash: tuple[int, int] | None = None  # (lo, hi); None: unknown
    cash_given: bool = False
    advisors: frozenset[int] | None = None
    advisors_given: bool = False
    played: frozenset[int] = frozenset()
    used: frozenset[int] = frozenset()
    vehicles: frozenset[int] | None = None
    vehicles_given: bool = False
    checks: tuple[int, ...] = ()


@dataclass
class Requirements:
    """What later moves showed about an opponent's unknowns: cards in its hand,
    the least cash it had (per seat), and cards dealt later, so in no hand."""

    advisors: dict[int, frozenset[int]] = field(default_factory=dict)
    vehicles: dict[int, frozenset[int]] = field(default_factory=dict)
    min_cash: dict[int, int] = field(default_factory=dict)
    gone_advisors: frozenset[int] = frozenset()
    gone_vehicles: frozenset[int] = frozenset()


class Setup:
    """A parsed description, the state built for it and how the pov seat sees it."""

    def __init__(
        self,
        game: ForSaleGame,
        pov: int,
        words: tuple[str, ...],
        phase: str,
        round_index: int,
        leader: int | None,
        table: tuple[int, ...],
        sold: frozenset[int] | None,
        seats: list[SeatDescription],
        requirements: Requirements,
        try_exact: bool = True,
    ):
        self.game = game
        self.pov = pov
        self.words = words
        self.phase = phase
        self.round = round_index
        self.leader = leader
        self.table = table
        self.sold = sold
        self.seats = seats
        self.requirements = requirements
        self.overridden: frozenset[int] = frozenset()  # seats whose known cash is set on the view
        self._try_exact = try_exact
        self._base = self._build()

    # --- parsing
    @classmethod
    def parse(cls, game: ForSaleGame, pov: int, words: Sequence[str]) -> Setup:
        words = tuple(words)
        n = game.players
        values: dict[str, str] = {}
        seats = [SeatDescription() for _ in range(n)]
        current: int | None = None
        i = 0
        while i < len(words):
            key = words[i].lower()
            if i + 1 >= len(words):
                raise ProtocolError(SYNTAX, f"setup: {quoted(words[i])} needs a value")
            value = words[i + 1]
            i += 2
            if key == "seat":
                current = _number(value, "seat")
                if not 0 <= current < n:
                    raise ProtocolError(BAD_VALUE, f"setup: seat must be 0..{n - 1}, not {current}")
                continue
            if key in _SEAT:
                if current is None:
                    raise ProtocolError(SYNTAX, f"setup: {key} must follow seat <n>")
                _seat_fact(seats[current], key, value, current)
                continue
            if key not in _GLOBAL:
                raise ProtocolError(
                    SYNTAX,
                    f"setup: unknown word {quoted(words[i - 2])} (phase, round, leader, table, sold, seat; "
                    f"per seat: cash, advisors, played, used, vehicles, checks)",
                )
            if key in values:
                raise ProtocolError(SYNTAX, f"setup: {key} given twice")
            values[key] = value
        for key in ("phase", "round"):
            if key not in values:
                raise ProtocolError(SYNTAX, f"setup needs {key} <n> (see help setup)")
        phases = ("auction", "selling") if game.classic else ("auction", "buying", "selling")
        phase_number = _number(values["phase"], "phase")
        if not 1 <= phase_number <= len(phases):
            raise ProtocolError(BAD_VALUE, f"setup: phase must be 1..{len(phases)} in this game, not {phase_number}")
        phase = phases[phase_number - 1]
        rounds = ROUNDS[n]
        round_number = _number(values["round"], "round")
        if not 1 <= round_number <= rounds:
            raise ProtocolError(BAD_VALUE, f"setup: round must be 1..{rounds} with {n} players, not {round_number}")
        leader = None
        if "leader" in values:
            leader = _number(values["leader"], "leader")
            if not 0 <= leader < n:
                raise ProtocolError(BAD_VALUE, f"setup: leader must be a seat 0..{n - 1}, not {leader}")
        table = tuple(_cards(values["table"], "table", checks=phase == "selling")) if "table" in values else ()
        sold = frozenset(_cards(values["sold"], "sold")) if "sold" in values else None
        setup_args = (game, pov, words, phase, round_number - 1, leader, table, sold, seats)
        _validate(*setup_args)
        return cls(*setup_args, Requirements())

    # --- the built state
    def _facts(self, relaxed: frozenset[int] = frozenset()) -> Facts:
        """The facts the record must reach; the cash of seats in `relaxed` is free
        (it is then set on the view directly)."""
        n = self.game.players
        req = self.requirements
        seats = []
        for s, d in enumerate(self.seats):
            lo, hi = d.cash if d.cash is not None else (0, UNBOUNDED)
            if s in relaxed:
                lo, hi = 0, UNBOUNDED  # its cash is set on the view; later bids are learnt
            if d.cash is None or lo != hi:
                lo = max(lo, req.min_cash.get(s, 0))
                if d.cash is None:
                    hi = UNBOUNDED
            seats.append(
                SeatFacts(
                    cash_lo=lo,
                    cash_hi=hi,
                    hand=d.advisors if not self.game.classic else frozenset(),
                    hand_must=req.advisors.get(s, frozenset()),
                    played=d.played,
                    used=d.used,
                    vehicles=d.vehicles,
                    vehicles_must=req.vehicles.get(s, frozenset()),
                    checks=d.checks,
                )
            )
        leader = self.leader
        if self.phase == "auction" and self.round == 0:
            leader = self.game.first
        if self.phase == "selling":
            leader = None
        return Facts(
            game=self.game,
            phase=self.phase,
            round=self.round,
            leader=leader,
            seats=seats[:n],
            sold=self.sold,
            table=frozenset(self.table),
            dealt_later=(req.gone_advisors, req.gone_vehicles),
        )

    def _build(self) -> State:
        """The state at the described start: a record reaching every fact exactly;
        failing that (the search is bounded), one reaching every fact but the
        opponents' known cash, which is then set on the pov seat's view."""
        seed = zlib.crc32(" ".join(self.words).encode())
        known_cash = frozenset(
            s for s, d in enumerate(self.seats) if s != self.pov and d.cash is not None and d.cash[0] == d.cash[1]
        )
        try:
            if not self._try_exact and known_cash:
                raise ConstructionError("an exact record was not found before")
            tokens = build_record(self._facts(), seed=seed, work=WORK_EXACT if known_cash else WORK_ALL)
        except ConstructionError as error:
            if not known_cash:
                raise ProtocolError(INCONSISTENT, f"setup: {error}") from None
            try:
                tokens = build_record(self._facts(relaxed=known_cash), seed=seed, work=WORK_ALL - WORK_EXACT)
            except ConstructionError as relaxed:
                # The relaxed search is the one that decides: name its failure, not
                # only the exact one's (which may just say it was skipped).
                seats = ", ".join(map(str, sorted(known_cash)))
                raise ProtocolError(
                    INCONSISTENT, f"setup: {relaxed}, even leaving the cash of seat {seats} free"
                ) from None
            self.overridden = known_cash
        state = self.game.new_initial_state()
        for token in tokens:
            state.apply(token)
        if self.table:
            try:
                state.apply("deal:" + ",".join(str(c) for c in self.table))
            except IllegalMoveError as error:
                raise ProtocolError(INCONSISTENT, f"setup: table: {error.reason}") from None
        self._base_cash = [seat["cash"] for seat in state.to_dict()["seats"]]
        return state

    def base_state(self) -> State:
        return self._base.clone()

    # --- moves after the setup
    def replay(self, moves: Sequence[str], tokens: Sequence[str]) -> tuple[Setup, State, list[str]]:
        """The state after `moves` (already accepted) and `tokens`, with the setup
        (rebuilt while a token shows an opponent's unknown card or cash, or deals a
        card the record had put in an unknown hand); the error names the first bad
        token and its index in `tokens`."""
        setup = self
        everything = list(moves) + list(tokens)
        for _ in range(MAX_REBUILDS):
            state = setup.base_state()
            canonical: list[str] = []
            for index, token in enumerate(everything):
                where = f"{token} at token {index - len(moves)}"
                try:
                    canonical.append(state.apply(token))
                    if setup.overridden:
                        setup._check_overridden(state, where)
                except IllegalMoveError as error:
                    try:
                        learnt = setup._learn(state, token, everything[index + 1 :])
                    except ProtocolError as failure:
                        raise ProtocolError(ILLEGAL_MOVE, f"{where}: {failure.message}") from None
                    if learnt is None:
                        reason = setup._reason(state, token, error.reason)
                        if index < len(moves):
                            raise ProtocolError(INCONSISTENT, f"setup: {token} no longer fits: {reason}") from None
                        raise ProtocolError(ILLEGAL_MOVE, f"{where}: {reason}") from None
                    setup = learnt
                    break
            else:
                return setup, state, canonical[len(moves) :]
        raise ProtocolError(INCONSISTENT, "setup: the moves keep contradicting the description")

    def _learn(self, state: State, token: str, following: Sequence[str] = ()) -> Setup | None:
        """A setup whose record agrees with `token`, a move by an opponent whose card
        or cash the description left unknown or a deal of a card the record had put
        in an unknown hand (None if the token says nothing of that)."""
        req = self.requirements
        new = Requirements(
            dict(req.advisors), dict(req.vehicles), dict(req.min_cash), req.gone_advisors, req.gone_vehicles
        )
        text = token.strip().lower()
        d_state = state.to_dict()
        changed = False
        mover = state.to_move()
        if m := re.fullmatch(r"deal:([\d,]{1,60})", text):
            cards = {int(c) for c in m.group(1).split(",") if c.isdigit()}
            vehicles = self.game.classic or d_state["phase"] == "buying"
            advisors = not self.game.classic and d_state["phase"] in ("setup", "auction")
            for s, seat in enumerate(d_state["seats"]):
                if advisors and self.seats[s].advisors is None:
                    held = cards & set(seat["advisors_in_hand"])
                    if held - new.gone_advisors:
                        new.gone_advisors |= held
                        changed = True
                if vehicles and self.seats[s].vehicles is None:
                    held = cards & set(seat["vehicles"])
                    if held - new.gone_vehicles:
                        new.gone_vehicles |= held
                        changed = True
        elif isinstance(mover, int) and mover != self.pov:
            d = self.seats[mover]
            spent = self._base_cash[mover] - d_state["seats"][mover]["cash"]
            if m := re.fullmatch(r"bid:(\d{1,3})", text):
                if d.cash is None or d.cash[0] != d.cash[1] or mover in self.overridden:
                    need = int(m.group(1)) + spent
                    if need > new.min_cash.get(mover, 0) and (d.cash is None or need <= d.cash[1]):
                        new.min_cash[mover] = need
                        changed = True
            elif re.fullmatch(r"(play|sell):.*", text):
                # The rest of this round's plays (clockwise) or sells (in seat order)
                # come from the following seats: learn them all at once.
                n = self.game.players
                step = 1
                for later in [text, *(t.strip().lower() for t in following)]:
                    if not later.startswith(text[:5]):
                        break
                    seat = (mover + step - 1) % n if text.startswith("play") else mover + step - 1
                    if seat >= n or (text.startswith("play") and step > n):
                        break
                    step += 1
                    changed |= self._learn_card(new, d_state, seat, later)
        if not changed:
            return None
        try:
            return Setup(
                self.game,
                self.pov,
                self.words,
                self.phase,
                self.round,
                self.leader,
                self.table,
                self.sold,
                self.seats,
                new,
                try_exact=not self.overridden,
            )
        except ProtocolError as error:
            raise ProtocolError(
                INCONSISTENT,
                f"no game agrees with the setup and this move ({error.message.removeprefix('setup: ')})",
            ) from None

    def _reason(self, state: State, token: str, reason: str) -> str:
        """The core's reason a token is illegal, without what the record invented:
        for a seat whose cash or hand is unknown, neither the legal moves of the
        invented hand nor the invented cash."""
        mover = state.to_move()
        if not isinstance(mover, int) or mover == self.pov:
            return reason
        d = self.seats[mover]
        cash_known = d.cash is not None and d.cash[0] == d.cash[1] and mover not in self.overridden
        if cash_known and d.advisors is not None and d.vehicles is not None:
            return reason
        if re.fullmatch(r"bid:\d+", token.strip().lower()) and not cash_known:
            if d.cash is None:
                return f"more than seat {mover} can have"
            high = d.cash[1] + state.to_dict()["seats"][mover]["cash"] - self._base_cash[mover]
            return f"more than seat {mover}'s cash can be (at most {high})"
        return re.sub(r"\s*\(legal: .*\)$", "", reason) + f" (seat {mover}'s cash or hand is partly unknown)"

    def _learn_card(self, new: Requirements, d_state: dict, seat: int, token: str) -> bool:
        """Adds what `token` (a play or sell by `seat`) shows of an unknown hand or cash."""
        if seat == self.pov:
            return False
        d = self.seats[seat]
        held = d_state["seats"][seat]
        spent = self._base_cash[seat] - held["cash"]
        changed = False
        if m := re.fullmatch(r"play:(\d{1,2})(\+?)", token):
            card = int(m.group(1))
            if d.advisors is None and not self.game.classic and card not in held["advisors_in_hand"]:
                if card not in new.advisors.get(seat, frozenset()):
                    new.advisors[seat] = new.advisors.get(seat, frozenset()) | {card}
                    changed = True
            unknown_cash = d.cash is None or d.cash[0] != d.cash[1] or seat in self.overridden
            if m.group(2) and unknown_cash and new.min_cash.get(seat, 0) < 3 + spent:
                new.min_cash[seat] = 3 + spent
                changed = True
        elif m := re.fullmatch(r"sell:(\d{1,2})(?:,(\d{1,2}))?(?:@\d{1,2})?", token):
            if d.vehicles is None:
                # Only the vehicles it does not hold here (one bought after the setup it holds).
                cards = {int(g) for g in m.groups() if g} - set(held["vehicles"])
                if not cards <= new.vehicles.get(seat, frozenset()):
                    new.vehicles[seat] = new.vehicles.get(seat, frozenset()) | cards
                    changed = True
        return changed

    def _check_overridden(self, state: State, where: str) -> None:
        """A move that the described cash of a seat whose cash is set on the view
        does not allow (a bid above it, a boost without 3) makes that view
        impossible: the core says so, and the move is refused."""
        try:
            self.view(state)
        except (PyaiError, ValueError) as error:
            if re.match(r"(bid:|play:\d+\+)", where):
                raise ProtocolError(ILLEGAL_MOVE, f"{where}: not with the described cash ({error})") from None
            # A Consultant collected 1 in the record from a seat that, with its
            # described cash, had none to spare: the record cannot follow that.
            raise ProtocolError(
                INCONSISTENT,
                f"{where}: the record built for this setup cannot follow it ({error}); describe the position anew",
            ) from None

    # --- what the pov seat sees
    def view(self, state: State) -> View:
        view = state.view(self.pov)
        seats_now = state.to_dict()["seats"]
        top = self.game.most_cash
        for s, d in enumerate(self.seats):
            if s == self.pov:
                continue
            if s in self.overridden:
                cash = d.cash[0] + seats_now[s]["cash"] - self._base_cash[s]
                view.forget_cash(s, cash, cash)  # known: set exactly (the record only reached at least it)
            elif d.cash is None:
                view.forget_cash(s, seats_now[s]["bid"], max(top, seats_now[s]["bid"]))
            elif d.cash[0] != d.cash[1]:
                shift = seats_now[s]["cash"] - self._base_cash[s]
                low = max(0, d.cash[0] + shift)
                high = max(low, d.cash[1] + shift, seats_now[s]["bid"])
                view.forget_cash(s, low, high)
            if d.advisors is None and not self.game.classic:
                view.forget_advisors(s)
            if d.vehicles is None:
                view.forget_vehicles(s)
        return view

    def check_known_mover(self, state: State, mover: int) -> None:
        """PhaseError-like refusal when the seat to move's legal moves depend on
        what this description leaves unknown."""
        d = self.seats[mover]
        phase = state.to_dict()["phase"]
        cash_unknown = d.cash is None or d.cash[0] != d.cash[1] or mover in self.overridden
        unknown = (
            (phase in ("auction", "setup") and cash_unknown)
            or (phase == "buying" and (d.advisors is None or cash_unknown))
            or (phase == "selling" and state.to_dict()["sell_step"] == "choose" and d.vehicles is None)
        )
        if unknown:
            raise ProtocolError(
                INCONSISTENT, f"seat {mover}'s legal moves depend on what the setup leaves unknown (its cash or hand)"
            )

    def check_known_scores(self, state: State) -> None:
        for s, d in enumerate(self.seats):
            if s in self.overridden:
                raise ProtocolError(
                    INCONSISTENT, f"seat {s}'s cash is set on the view only in this setup: its score is not computed"
                )
            if s != self.pov and (d.cash is None or d.cash[0] != d.cash[1]):
                raise ProtocolError(INCONSISTENT, f"seat {s}'s cash is unknown in this setup, so its score is too")


# --- parsing helpers ---------------------------------------------------------------------------


def _number(text: str, what: str) -> int:
    if not text.isascii() or not text.isdigit() or len(text) > 6:
        raise ProtocolError(SYNTAX, f"setup: {what} must be a whole number, not {quoted(text)}")
    return int(text)


def _cards(text: str, what: str, checks: bool = False) -> list[int]:
    if text == "-":
        return []
    out = []
    for part in text.split(","):
        number = _number(part, what)
        if checks:
            if number not in CHECK_VALUES:
                raise ProtocolError(BAD_VALUE, f"setup: {what}: {number} is not a check value (0, 2..15)")
        elif not 1 <= number <= 30:
            raise ProtocolError(BAD_VALUE, f"setup: {what}: cards are 1..30, not {number}")
        out.append(number)
    if not checks and len(set(out)) != len(out):
        raise ProtocolError(INCONSISTENT, f"setup: {what} names a card twice")
    return out


def _seat_fact(seat: SeatDescription, key: str, value: str, index: int) -> None:
    where = f"seat {index} {key}"
    if key in ("cash", "coins"):
        if seat.cash_given:
            raise ProtocolError(SYNTAX, f"setup: {where} given twice")
        seat.cash_given = True
        if value == "?":
            seat.cash = None
        elif ".." in value:
            lo_text, _, hi_text = value.partition("..")
            lo, hi = _number(lo_text, where), _number(hi_text, where)
            if lo > hi or hi > MAX_CASH:
                raise ProtocolError(BAD_VALUE, f"setup: {where}: a range is LO..HI with LO <= HI <= {MAX_CASH}")
            seat.cash = (lo, hi)
        else:
            cash = _number(value, where)
            if cash > MAX_CASH:
                raise ProtocolError(BAD_VALUE, f"setup: {where}: at most {MAX_CASH}")
            seat.cash = (cash, cash)
    elif key == "advisors":
        if seat.advisors_given:
            raise ProtocolError(SYNTAX, f"setup: {where} given twice")
        seat.advisors_given = True
        seat.advisors = None if value == "?" else frozenset(_cards(value, where))
    elif key in ("vehicles", "properties"):
        if seat.vehicles_given:
            raise ProtocolError(SYNTAX, f"setup: {where} given twice")
        seat.vehicles_given = True
        seat.vehicles = None if value == "?" else frozenset(_cards(value, where))
    elif key == "played":
        seat.played = frozenset(_cards(value, where))
    elif key == "used":
        seat.used = frozenset(_cards(value, where))
    elif key == "checks":
        seat.checks = tuple(sorted(_cards(value, where, checks=True)))


def _validate(game, pov, words, phase, round_index, leader, table, sold, seats) -> None:
    """Counts and consistency that need no history (ProtocolError inconsistent)."""
    n = game.players
    rounds = ROUNDS[n]
    classic = game.classic
    r = round_index
    me = seats[pov]

    def bad(message: str) -> ProtocolError:
        return ProtocolError(INCONSISTENT, f"setup: {message}")

    if not me.cash_given or me.cash is None or me.cash[0] != me.cash[1]:
        raise bad(f"seat {pov} (pov) must give its own cash exactly")
    expected_advisors = 0 if classic else {"auction": r, "buying": rounds - r, "selling": 0}[phase]
    expected_played = 0 if classic else {"auction": 0, "buying": r, "selling": rounds}[phase]
    expected_vehicles = (
        {"auction": r, "selling": rounds - r}[phase]
        if classic
        else {"auction": 0, "buying": r, "selling": rounds - r}[phase]
    )
    expected_checks = r if phase == "selling" else 0
    for s, d in enumerate(seats):
        who = f"seat {s}" + (" (pov)" if s == pov else "")
        if not d.advisors_given and not classic:
            d.advisors = None if s != pov and expected_advisors else frozenset()
            if s == pov and expected_advisors:
                raise bad(f"{who} must give its advisors in hand")
        if classic:
            if d.advisors_given:
                raise bad("the classic game has no advisors")
            d.advisors = frozenset()
        if not d.vehicles_given:
            d.vehicles = None if s != pov and expected_vehicles else frozenset()
            if s == pov and expected_vehicles:
                raise bad(f"{who} must give its {'properties' if classic else 'vehicles'} in hand")
        if s == pov and (d.advisors is None or d.vehicles is None):
            raise bad(f"{who} always knows its own hand")
        if not d.cash_given and s != pov:
            d.cash = None
        if d.advisors is not None and len(d.advisors) != expected_advisors:
            raise bad(f"{who} holds {expected_advisors} advisors in phase {phase} round {r + 1}, not {len(d.advisors)}")
        if len(d.played) != expected_played:
            raise bad(f"{who} has played {expected_played} advisors by then (played ...), not {len(d.played)}")
        if d.vehicles is not None and len(d.vehicles) != expected_vehicles:
            raise bad(f"{who} holds {expected_vehicles} vehicles then, not {len(d.vehicles)}")
        if len(d.checks) != expected_checks:
            raise bad(f"{who} has won {expected_checks} checks by then, not {len(d.checks)}")
        if not d.used <= d.played:
            raise bad(f"{who}: used advisors must be among those played")
        if any(u not in MECHANICS + LAWYERS for u in d.used):
            raise bad(f"{who}: only Mechanics (7-9) and Lawyers (19-21) are used up")
        if d.used and phase != "selling":
            raise bad(f"{who}: Mechanics and Lawyers are used in the selling phase only")
        mechanics = sorted(a for a in d.played if a in MECHANICS)
        used_mechanics = sorted(a for a in d.used if a in MECHANICS)
        if used_mechanics != mechanics[: len(used_mechanics)]:
            raise bad(f"{who}: a Mechanic used is always the lowest one left")
    # Cards are in one place only.
    advisors = [a for d in seats for a in (d.advisors or ())] + [a for d in seats for a in d.played]
    if phase == "auction" and not classic:
        advisors += list(table)
    if len(set(advisors)) != len(advisors):
        raise bad("an advisor is in two places")
    vehicles = [v for d in seats for v in (d.vehicles or ())] + list(sold or ())
    if phase == "buying" or (classic and phase == "auction"):
        vehicles += list(table)
    if len(set(vehicles)) != len(vehicles):
        raise bad("a vehicle is in two places")
    checks = [c for d in seats for c in d.checks] + (list(table) if phase == "selling" else [])
    for value in set(checks):
        if checks.count(value) > 2:
            raise bad(f"there are only two checks of {value}")
    if table and len(table) != n:
        raise bad(f"the table holds one card per player ({n}), not {len(table)}")
    if sold is not None:
        if phase != "selling":
            raise bad("sold is for the selling phase")
        if len(sold) != n * r:
            raise bad(f"{n * r} vehicles have been sold by then, not {len(sold)}")
    elif phase == "selling" and r > 0 and any(d.vehicles is None for d in seats):
        raise bad(
            "an opponent's vehicles are unknown: list the vehicles sold so far (sold ...), so that the engine "
            "knows which vehicles may be in that hand"
        )
    needs_leader = phase == "buying" or (phase == "auction" and r > 0)
    if needs_leader and leader is None:
        raise bad("give leader <seat>: the seat that starts this round")
    if phase == "auction" and r == 0 and leader not in (None, game.first):
        raise bad(f"the first round is led by the first player, seat {game.first}")
    if phase == "auction" and r == 0:
        start = game.starting_cash
        for s, d in enumerate(seats):
            if d.cash is not None and not d.cash[0] <= start <= d.cash[1]:
                raise bad(f"seat {s} has its starting cash {start} before anything happened")
