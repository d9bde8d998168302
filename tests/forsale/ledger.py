"""An independent money ledger for For Sale, replayed from a game's tokens.

A second, deliberately simple reading of the money rules (auction payments,
Sales Associate refunds, Consultant fees, Fleet Manager boosts, Sales
Director and General Manager bonuses), so random games can be checked
against something other than the engine itself.
"""

from __future__ import annotations


def _ability(advisor: int) -> int:
    return (advisor - 1) // 3  # 0 Sales Associate, 1 Consultant, 4 Fleet Manager, 5 Sales Director, 9 GM


def _consultant(cash: list[int], bids: list[int], in_round: list[int], taker: int, advisor: int) -> None:
    # A Consultant takes 1 from the seat to the right, from cash outside a standing bid.
    if _ability(advisor) == 1:
        right = (taker - 1) % len(cash)
        standing = bids[right] if right in in_round else 0
        if cash[right] - standing >= 1:
            cash[right] -= 1
            cash[taker] += 1


def final_cash(players: int, first: int, history: list[str]) -> list[int]:
    cash = [28 if players <= 4 else 20] * players
    phase = "auction"
    leader = first
    tokens = [t for t in history if not t.startswith("removed:")]
    i = 0
    deals = 0
    rounds = {3: 8, 4: 7, 5: 6, 6: 5}[players]
    while i < len(tokens):
        token = tokens[i]
        assert token.startswith("deal:"), token
        table = sorted(int(x) for x in token[5:].split(","))
        deals += 1
        i += 1
        if phase == "auction":
            bids = [0] * players
            high = 0
            in_round = list(range(players))
            turn = leader

            while len(in_round) > 1:
                move = tokens[i]
                i += 1
                if move.startswith("bid:"):
                    bids[turn] = int(move[4:])
                    assert bids[turn] > high
                    high = bids[turn]
                else:
                    advisor = table.pop(0)
                    if _ability(advisor) != 0:
                        cash[turn] -= bids[turn] - bids[turn] // 2
                    bids[turn] = 0
                    in_round.remove(turn)
                    _consultant(cash, bids, in_round, turn, advisor)
                nxt = (turn + 1) % players
                while nxt not in in_round:
                    nxt = (nxt + 1) % players
                turn = nxt
            winner = in_round[0]
            cash[winner] -= bids[winner]
            bids[winner] = 0
            in_round = []
            _consultant(cash, bids, in_round, winner, table.pop())
            leader = winner
            if deals == rounds:
                phase = "buying"
        elif phase == "buying":
            offers = {}
            for k in range(players):
                seat = (leader + k) % players
                move = tokens[i]
                i += 1
                advisor = int(move[5:].rstrip("+"))
                boosted = move.endswith("+")
                if boosted:
                    cash[seat] -= 3
                offers[seat] = (advisor + (18 if boosted else 0), advisor)
            ranked = sorted(offers, key=lambda s: offers[s][0], reverse=True)
            for seat, vehicle in zip(ranked, sorted(table, reverse=True)):
                advisor = offers[seat][1]
                if _ability(advisor) == 5 and vehicle >= advisor:
                    cash[seat] += 3
                if _ability(advisor) == 9 and vehicle != max(table):
                    cash[seat] += 4
            leader = ranked[0]
            if deals == 2 * rounds:
                phase = "selling"
        else:  # selling moves change no cash
            while i < len(tokens) and not tokens[i].startswith("deal:"):
                i += 1
    return cash
