"""Helpers that drive a For Sale game to hand-made positions with tokens.

Tests describe what each seat should get; these helpers work out the deals
and moves. Every move goes through the public State.apply, so the rules
under test are the ones users get.
"""

from __future__ import annotations

import functools
import itertools

import pyai


def seat(state: pyai.State, index: int) -> dict:
    return state.to_dict()["seats"][index]


def cash(state: pyai.State) -> list[int]:
    return [s["cash"] for s in state.to_dict()["seats"]]


def play_randomly_to_the_end(state: pyai.State, rng) -> None:
    """Random legal moves and random chance (from `rng`) until the game is over."""
    while not state.is_terminal():
        if state.to_move() == "chance":
            state.apply(state.sample_chance(rng.getrandbits(64)))
        else:
            state.apply(rng.choice(state.legal_moves()))


def play(state: pyai.State, *tokens: str) -> pyai.State:
    for token in tokens:
        state.apply(token)
    return state


def hire_round_all_pass(state: pyai.State, wanted: dict[int, int]) -> None:
    """Deals the advisors in `wanted` and lets everyone pass, so that each seat
    takes its advisor. Passing starts with the round's leader, clockwise; the
    k-th passer takes the k-th lowest advisor, the last seat the highest."""
    assert state.to_move() == "chance"
    d = state.to_dict()
    n = d["players"]
    leader = d["leader"]
    order = [(leader + k) % n for k in range(n)]
    values = [wanted[s] for s in order]
    assert values == sorted(values), f"advisors {wanted} cannot all be taken by passing from seat {leader}"
    state.apply("deal:" + ",".join(str(v) for v in sorted(values)))
    for s in order[:-1]:
        assert state.to_move() == s
        state.apply("pass")


def hire_hands(state: pyai.State, hands: dict[int, list[int]]) -> None:
    """Plays the whole auction so that each seat ends with `hands[seat]`, every
    seat passing (nobody pays). Searches the rounds for one advisor per seat
    that passing in turn order hands out; the taker of the highest leads next."""
    d = state.to_dict()
    rounds = _hiring_plan(d["players"], d["leader"], tuple(tuple(sorted(hands[s])) for s in range(d["players"])))
    assert rounds is not None, f"no all-pass auction from seat {d['leader']} hands out {hands}"
    for wanted in rounds:
        hire_round_all_pass(state, wanted)


@functools.cache
def _hiring_plan(n: int, leader: int, hands: tuple[tuple[int, ...], ...]) -> list[dict[int, int]] | None:
    if not hands[0]:
        return []
    order = [(leader + k) % n for k in range(n)]
    for choice in _ascending_choices([list(hands[s]) for s in order], 0):
        rest_hands = list(hands)
        for s, card in zip(order, choice):
            rest_hands[s] = tuple(c for c in hands[s] if c != card)
        rest = _hiring_plan(n, order[-1], tuple(rest_hands))
        if rest is not None:
            return [dict(zip(order, choice)), *rest]
    return None


def _ascending_choices(options: list[list[int]], floor: int):
    # Every way to take one card per position, each higher than the one before.
    if not options:
        yield []
        return
    for card in options[0]:
        if card > floor:
            for rest in _ascending_choices(options[1:], card):
                yield [card, *rest]


def _ascending_choice(options: list[list[int]]) -> list[int] | None:
    return next(_ascending_choices(options, 0), None)


def buy_round(state: pyai.State, vehicles: list[int], plays: dict[int, str]) -> None:
    """Deals `vehicles` and plays each seat's token (e.g. "play:14+") in turn order."""
    state.apply("deal:" + ",".join(str(v) for v in vehicles))
    for _ in plays:
        mover = state.to_move()
        state.apply(plays[mover])


def sell_round(state: pyai.State, checks: list[int], sells: dict[int, str]) -> None:
    """Deals `checks` and submits each seat's sell in seat order (keeps and
    Mechanic decisions are left to the caller)."""
    state.apply("deal:" + ",".join(str(c) for c in checks))
    for s in sorted(sells):
        assert state.to_move() == s
        state.apply(sells[s])


def first_fit_hands(players: int, wanted: dict[int, list[int]], removed: set[int]) -> dict[int, list[int]]:
    """Completes partial advisor hands with the unused numbers, dealt round
    robin (so that every hand spreads over low and high numbers, which keeps
    an all-pass auction possible), to rounds-per-phase advisors each."""
    rounds = {3: 8, 4: 7, 5: 6, 6: 5}[players]
    hands = {s: list(wanted.get(s, [])) for s in range(players)}
    used = set(removed) | {a for hand in hands.values() for a in hand}
    free = sorted(set(range(1, 31)) - used)
    while any(len(hand) < rounds for hand in hands.values()):
        for s in range(players):
            if len(hands[s]) < rounds:
                hands[s].append(free.pop(0))
    return {s: sorted(hand) for s, hand in hands.items()}


def buy_hands(state: pyai.State, vehicles: dict[int, list[int]]) -> None:
    """Plays phase 2 so that each seat ends with `vehicles[seat]`: each round
    deals one wanted vehicle per seat and has the seats play advisors whose
    order matches (no Fleet Manager boosts). Searches the whole phase."""
    seats = state.to_dict()["seats"]
    n = len(seats)
    plan = _matching_plan(
        tuple(tuple(sorted(vehicles[s])) for s in range(n)),
        tuple(tuple(seats[s]["advisors_in_hand"]) for s in range(n)),
    )
    assert plan is not None, f"no buying phase gives {vehicles} from advisors {[s['advisors_in_hand'] for s in seats]}"
    for round_choice in plan:
        state.apply("deal:" + ",".join(str(v) for v, _ in sorted(round_choice.values())))
        for _ in round_choice:
            mover = state.to_move()
            state.apply(f"play:{round_choice[mover][1]}")


@functools.cache
def _matching_plan(wanted: tuple[tuple[int, ...], ...], hands: tuple[tuple[int, ...], ...]):
    """Rounds in which each seat gets one of its wanted cards (vehicles to buy,
    checks to win) by playing one card of its hand (advisors, vehicles), the
    played cards ranking in the same order as the cards won."""
    if not wanted[0]:
        return []
    seats = range(len(wanted))
    for targets in itertools.product(*(sorted(set(w)) for w in wanted)):
        by_target = sorted(zip(targets, seats))
        for played in _ascending_choices([list(hands[s]) for _, s in by_target], 0):
            choice = {s: (t, p) for (t, s), p in zip(by_target, played)}
            rest = _matching_plan(
                tuple(_without(wanted[s], choice[s][0]) for s in seats),
                tuple(_without(hands[s], choice[s][1]) for s in seats),
            )
            if rest is not None:
                return [choice, *rest]
    return None


def _without(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    index = cards.index(card)
    return cards[:index] + cards[index + 1 :]


def game_at_selling(
    players: int,
    advisors: dict[int, list[int]],
    vehicles: dict[int, list[int]],
    removed: str | None = None,
) -> pyai.State:
    """A game in phase 3, awaiting the first checks, with the given hands."""
    state = pyai.load_game(f"forsale(players={players})").new_initial_state()
    if removed:
        state.apply(removed)
    hire_hands(state, advisors)
    buy_hands(state, vehicles)
    assert state.to_dict()["phase"] == "selling"
    return state


def sell_for_checks(state: pyai.State, wanted: dict[int, list[int]]) -> None:
    """Plays phase 3 so that each seat ends with the check values `wanted[seat]`,
    selling plain vehicles whose order matches the checks and skipping every
    Mechanic."""
    seats = state.to_dict()["seats"]
    n = len(seats)
    plan = _matching_plan(
        tuple(tuple(sorted(wanted[s])) for s in range(n)),
        tuple(tuple(seats[s]["vehicles"]) for s in range(n)),
    )
    assert plan is not None, f"no selling phase gives checks {wanted}"
    for round_choice in plan:
        sells = {s: f"sell:{vehicle}" for s, (_, vehicle) in round_choice.items()}
        sell_round(state, sorted(check for check, _ in round_choice.values()), sells)
        while state.to_move() not in ("chance", "over"):
            state.apply("mech:skip")
