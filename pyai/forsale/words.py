"""Plain words for For Sale moves, as a person at a table says them, made
into move tokens (`pyai advise`): "Anna bids 4", "I pass", "deal 3 12 19 27",
"Bob plays the Mechanic", "Carol sells 12", "Bob keeps 20", "Anna uses the
Mechanic". The seat's name comes first ("I" for the advised seat) and must be
the seat to move; a token (`bid:4`) is taken as it is.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..digits import is_whole_number
from ..errors import TokenSyntaxError
from ..game_api import NEGATIONS_UNMARKED, OWN_SEAT_WORDS, ChanceOption, ChancePicker, contracts_i, whose
from ..number_words import NUMBER_WORDS, numbers_in_words
from ..steps_not_made import check_made, says_i_would
from ..told_lines import NOTE, no_seat_first, said_by_mover
from .narration import (
    BOOST,
    DECKS,
    LAWYERS,
    MECHANICS,
    REMOVAL_SAID,
    deal_heading,
    deal_round,
    dealt_deck,
    deck_noun,
    round_words,
    unused_advisors,
)
from .themes import THEMES, Theme

_NUMBER = re.compile(r"(\d+)\+?")  # a card or an amount; a Fleet Manager played with its payment: "13+"
# Words that say a Fleet Manager's payment, in the line or an aside: "paying 3", "(boosted)", "(not paying)".
_PAYMENT_WORDS = re.compile(r"pay|paid|boost")
# A deal as it is told back: "-- phase 1, round 1 of 8: advisors 3 Sales Associate, 12 Controller, 17 ...".
_TOLD_DEAL = re.compile(
    r"--\s*phase\s+([0-9]+)\s*,\s*round\s+([0-9]+)\s+of\s+([0-9]+)\s*:(.*)", re.IGNORECASE | re.DOTALL
)
# The Fleet Manager's payment said with the play ("plays 13 paying 3"): the 3 is no advisor.
_PAYING = re.compile(r"\b(?:pay|pays|paying|paid) (?:\$?3|three)\b")
# What a Fleet Manager paid up counts as, said beside it: as told ('to count as 31'; '31-33' as
# told before), or as people say it ('to make it 31').
_COUNTS_AS = re.compile(
    r"\b(?:to |and )?(?:count(?:s|ing)?(?: as)?|mak(?:e|es|ing) it|becom(?:e|es|ing)) "
    r"(?P<value>3[1-3])(?P<range>-33)?\b"
)
# The words a play may hold beside its advisor, its ability and its payment ("plays her 13 and pays
# 3 coins", "offers the Mechanic without paying"): any other ("plays 15 and bumps it up") may say
# a payment, or its denial, that the line would be read without.
_PLAY_WORDS = frozenset(
    ("the", "my", "his", "her", "their", "its", "a", "an", "and", "advisor", "card", "coins", "coin", "cash", "$")
    + ("pay", "pays", "paying", "paid", "payment", "boost", "boosts", "boosted", "boosting", "does", "did", "is")
    + ("with",)  # "plays 14 with the boost": a number after it is refused as a second advisor
)
# Words that deny what they go with: never read as the move denied ("Anna doesn't bid").
_NEGATIONS = frozenset(
    ("not", "no", "never", "without", "unboosted", "doesn't", "don't", "didn't", "won't", "doesn\u2019t", "don\u2019t")
    + NEGATIONS_UNMARKED
)
# What denies the payment beside a play ("plays 13, paying nothing", "skips paying").
_UNPAID = _NEGATIONS | {"nothing", "none", "zero", "skip", "skips", "unpaid"}
# An auction's pass as people say it, the words after the seat's name: "I'm out", "Bob is out".
_OUT_SAID = tuple([*before, "out"] for before in ([], ["is"], ["am"], ["goes"], ["go"], ["going"], ["bows"], ["bow"]))
# A bid as people say it at a table ("Bob goes 5", "I'll go 6"): in the auction only.
_GO_VERBS = frozenset(("go", "goes", "going", "went"))
# The words a bid may hold beside its total ("raises to 8", "bids $4", "goes up to 6 coins"): any
# other ("bids 3 and passes", "bids 3 and wins") is a second step or an outcome the bid is not.
_BID_WORDS = frozenset(("to", "up", "$", "a", "total", "of", "coins", "coin", "cash", "thousand", "now", "it"))
# A pass said to cost nothing ("passes without paying", "... for free"): true only where it does.
_NO_PAYMENT = re.compile(
    r"\b(?:without paying|not paying|paying nothing|pays? nothing|for free|free|no payment|"
    r"(?:doesn't|does not|don't|do not) pay)\b"
)
# A bid said as a raise over the last one ("bids 5 more"): a bid is its total.
_RELATIVE = frozenset(("more", "top", "by", "extra"))
# A bid said with what it is for ("bids on the 19"): its number would be read as the amount.
_BID_TARGETS = frozenset(("on", "for"))
# How the verbs of a pass start: an auction's "fold" is a pass, as in poker ("Dee folds").
_PASS_VERBS = ("pass", "drop", "fold")
# How the verbs of a sell and of a Lawyer's keep start ("sells", "sold"; "keeps", "takes 12 back").
_SELL_VERBS = ("sell", "sold")
_KEEP_VERBS = ("keep", "kept", "take", "took")
# How the verbs of the Mechanic's swap start ("uses", "using", "swaps").
_USE_VERBS = ("use", "using", "swap")
# The words a Lawyer's take-back said as the rulings say it ("returns 20 to her hand") may hold.
_RETURN_WORDS = frozenset(("to", "into", "hand", "the", "my", "his", "her", "their", "back"))
# Money written out in dollars ("$4,000", "4000"): the table counts it in thousands, as the game does.
_DOLLARS = re.compile(r"\d(?:,| )?000\b")
# What the companion tells after one's own secret sell ("you sell 2 and 3 with the 20 Lawyer:
# kept secret until the sells are revealed"): what came of the sell, which the companion checks.
_KEPT_SECRET = re.compile(r":\s*kept secret\b.*$", re.IGNORECASE | re.DOTALL)
# The words a sell of two vehicles may hold beside its numbers and the Lawyer ("both 2 and 6",
# "2 & 6 using my Lawyer"): any other ("I sell 26 to get the 9") may make a number no vehicle.
_TWO_SOLD_WORDS = frozenset(
    ("and", "&", "+", "with", "the", "my", "his", "her", "their", "its", "both", "plus", "using", "a")
)
# What joins the cards of a deal line ("deal 3, 12, 19 and 27"): read past.
_DEAL_FILLER = frozenset(("and", "&"))


# A deal as an example says it: one card a seat, in order ("deal 3 12 19" at three seats).
_DEAL_EXAMPLE = (3, 12, 19, 27, 28, 30)


def words_help(theme: Theme, players: int) -> str:
    """Examples of the words words_to_token reads, in the theme's names, {0} and {1} the other
    seats (game_api.said_at_table); the classic game has no advisors, so no advisor is played,
    kept or used."""
    advisors = bool(theme.abilities)
    deal = " ".join(map(str, _DEAL_EXAMPLE[:players]))
    said = ["'{0} bids 4'", "'I pass'", f"'deal {deal}' (or the deal's line as it is told back)"]
    if advisors:
        said.append(f"'{{1}} plays 13' or '{{1}} plays the {theme.mechanic}'")
    said += ["'I sell 12' (your sealed sell, when you choose it)"]
    said += ["then 'sells revealed: {0} 12, {1} 30' (every other seat's, once revealed)"]
    if advisors:
        said += ["'{1} keeps 20'", f"'{{0}} uses the {theme.mechanic}'"]
    return ", ".join(said)


# The words that open a deal said at the table ('deal 3 12 19', 'checks 0 5 9').
TABLE_WORDS = ("deal", "checks", "cards")


def words_to_token(text: str, data: dict[str, Any], names: list[str], me: int, theme: Theme) -> str:
    """The token `text` says, in the position `data` (a view's to_dict); the
    names are the seats' (lower case compared). TokenSyntaxError names what
    could not be read; legality is left to the rules."""
    alone = text.split()
    if len(alone) == 1 and (":" in alone[0] or alone[0].lower() == "pass"):
        return alone[0]  # a move token (`deal:3,12,19,27`, `bid:4`, `pass`), taken as it is
    _check_no_other_themes_names(text, data, names, me, theme)
    if text.strip().startswith("--"):  # a deal copied as it was told back
        return _told_deal(text.strip(), data, names, theme)
    if " ".join(text.lower().split()).rstrip(".") == REMOVAL_SAID:
        raise TokenSyntaxError(_removal_unnamed(data, theme))
    if text.split(";")[0].strip().endswith("?"):  # "I pass?": a question, no move made
        raise TokenSyntaxError(
            f"{text.strip()!r} asks: say a move as it is made ('I pass'), or 'advice' for what to play"
        )
    # As a step is told back, what follows "; " is what came of it ("you pass; you take 12 ...").
    asides = _Asides()
    line = _table_verbs(_asides_read(text.split(";")[0], theme, asides), data, names, me, theme)
    words = line.replace(",", " ").split()
    if not words:
        raise TokenSyntaxError("say a move, e.g. 'Anna bids 4', 'I pass' or 'deal 3 12 19 27'")
    head = words[0].lower().rstrip(":")  # "deal: 3, 12, 19, 27", "Anna: bids 4"
    dealt = _deal_said(head, words[1:], data, theme)
    if dealt is not None:
        return "deal:" + ",".join(map(str, _cards_dealt(" ".join(dealt), data, theme)))
    seat = me if says_i_would(head) else _seat(head, names, me)
    if seat is None:
        raise no_seat_first(
            words[0],
            line,
            names,
            me,
            "a move token or 'deal ...'",
            said_by_mover(
                line,
                data["to_move"],
                names,
                lambda said: _seat(said.split()[0].lower(), names, me),
                lambda said: words_to_token(said, data, names, me, theme),
                me,
            ),
        )
    check_made(words[0], words[1:], seat == me)  # "I will pass", "Bob might bid 5"
    said_as_me = head in OWN_SEAT_WORDS or contracts_i(head)  # "I sell 12": an example says "I sell" too
    mover = data["to_move"]
    verb = words[1].lower() if len(words) > 1 else ""
    # A sealed sell is the seat's own secret: any seat still to choose may say it (the
    # rules take the sells in seat order, once revealed; the caller keeps it till then).
    sealed = data.get("sell_step") == "choose" and data["phase"] == "selling" and data["seats"][seat]["sell"] is None
    if sealed and not verb.startswith(_SELL_VERBS):  # "I pass", "I bid 12": no move of the sells'
        if mover == "chance":  # the checks come first (a sell said then, the rules refuse saying so)
            raise TokenSyntaxError(
                f"it is nobody's turn, not {whose(seat, names, me)}: first {next_chance_words(data, theme)}"
            )
        raise TokenSyntaxError(_sell_is_chosen_now(text, data, seat, names, me, theme))
    chosen = data["phase"] == "selling" and data.get("sell_step") == "choose" and data["seats"][seat]["sell"]
    if mover != seat and not sealed:
        if chosen and mover != "chance":  # "it is Bob's turn" would hide why: the sell is told
            undo = ": 'undo' takes it back" if seat == me else ""
            raise TokenSyntaxError(
                f"{whose(seat, names, me, noun=True)} sell is chosen already{undo}; the others' come in one line "
                f"once revealed, 'sells revealed: ...' (not {text!r})"
            )
        if mover == "over":
            raise TokenSyntaxError("the game is over")
        if mover == "chance":
            raise TokenSyntaxError(
                f"it is nobody's turn, not {whose(seat, names, me)}: first {next_chance_words(data, theme)}"
            )
        raise TokenSyntaxError(f"it is {whose(mover, names, me, noun=True)} turn, not {whose(seat, names, me)}")
    other = _another_seat_named(text.split(";")[0], seat, names, me, theme)
    if other is not None:  # "Anna bids 4 and Bob passes": read as one move, the other would be dropped
        said_of = ["you" if s == me else names[s] for s in (other, seat)]
        raise TokenSyntaxError(
            f"{text!r} names {said_of[0]} as well as {said_of[1]}: say one step a line, {whose(seat, names, me)} alone"
        )
    rest = " ".join(words[1:]).lower()
    said = set(rest.split())
    denied = bool(said & _NEGATIONS)
    # An aside is read with the move that says it: elsewhere its number would be read as a card or an amount.
    if asides.payments and not verb.startswith(("play", "offer")):
        raise TokenSyntaxError(
            f"the aside {asides.payments[0]!r} says a payment, which goes only with an advisor played "
            f"('{names[seat]} plays 13 (paying 3)'): say {names[seat]}'s move without it"
        )
    if asides.lawyers and not verb.startswith(_SELL_VERBS + _KEEP_VERBS):
        raise TokenSyntaxError(
            f"the aside {asides.lawyers[0]!r} names the {theme.lawyer}'s number, which only a sell or a keep says "
            f"('{names[seat]} sells 12 20 ({theme.lawyer} 19)'): say {names[seat]}'s move without it"
        )
    mechanic_step = data.get("sell_step") == "mechanic" and data["phase"] == "selling"
    if mechanic_step and any(c.isdigit() for c in rest) and (verb.startswith(_USE_VERBS) or denied):
        return _mechanic_numbered(rest, denied, data["seats"][seat], names[seat], theme, text)
    # The Mechanic's step: its own words, with no number (a number names another move, which
    # the rules then refuse: "Bob keeps 20" is no decline of the swap).
    if mechanic_step and not any(c.isdigit() for c in rest):
        _check_only_the_mechanic_named(rest, theme, names[seat])
        if denied or verb.startswith(("keep", "pass", "skip", "decline")):
            return "mech:skip"  # "Bob doesn't use the Mechanic", "Bob keeps his check"
        named = bool(theme.mechanic) and theme.mechanic.lower() in rest
        if verb.startswith(_USE_VERBS) or (verb.startswith("play") and named):
            return "mech:use"
        # No other move is the step's: "takes the second lowest check" read as a keep would ask for a vehicle.
        raise TokenSyntaxError(
            f"cannot read {text!r}: say who and what, e.g. {_step_examples(data, seat, names[seat], theme)}"
        )
    if verb.startswith(("play", "offer")):  # a denial there is of the payment: "plays 13 without paying"
        return _play(rest, data["seats"][seat], theme)
    numbers = _numbers(rest)  # a payment's words are a play's only: with a pass, its 3 is a number said
    if data["phase"] == "auction" and [word.strip(".!") for word in rest.split()] in _OUT_SAID:
        return "pass"  # "I'm out", "Bob is out": out of the round's bidding
    if data["phase"] == "auction" and verb in _GO_VERBS:  # "Bob goes 5": a bid at the table
        verb = "bid"
    if data["phase"] == "auction" and verb.startswith(("take", "took")) and (numbers or _abilities_named(rest, theme)):
        passes = "I pass" if said_as_me else f"{names[seat]} passes"
        return _taken_in_the_auction(rest, numbers, data, passes, theme, text)
    if verb.startswith(_PASS_VERBS + ("use", "skip")) and numbers:  # what they take follows from the table
        raise TokenSyntaxError(f"'{words[0]} {verb}' takes no number: say it without one (not {text!r})")
    if verb.startswith(_PASS_VERBS):  # "Bob drops out", "Carol passes without bidding", "Dee folds"
        if data["phase"] == "auction" and _NO_PAYMENT.search(rest):
            _check_pass_pays_nothing(data, seat, names[seat], theme, text)
        return "pass"
    if denied:
        raise TokenSyntaxError(f"say what {names[seat]} does, not what is not done (not {text!r})")
    if verb.startswith(("bid", "raise") + _SELL_VERBS + _KEEP_VERBS) and _PAYMENT_WORDS.search(rest):
        move = "bid" if verb.startswith(("bid", "raise")) else "sell" if verb.startswith(_SELL_VERBS) else "keep"
        raise TokenSyntaxError(  # its 3 would be read as an amount or a card
            f"a payment goes only with an advisor played ('{names[seat]} plays 13 paying 3'), not with a {move}: "
            f"say the {move} without it (not {text!r})"
        )
    if verb.startswith(("bid", "raise")):
        # Examples with the amount said, so that the line meant is offered, not some other bid.
        bids = "I bid" if said_as_me else f"{names[seat]} bids"
        high = data.get("high_bid", 0)
        if _abilities_named(rest, theme) or said & _BID_TARGETS:  # "bids on the 19 Lawyer": 19 is no amount
            amount = numbers[0] if numbers else high + 1
            raise TokenSyntaxError(
                f"a bid says its total alone, not the card it is for (the cards go by the bids): "
                f"say e.g. '{bids} {amount}' (not {text!r})"
            )
        # "raises 2" and "goes up 2" are by, or to?
        if said & _RELATIVE or (verb.startswith("raise") or "up" in said) and "to" not in said:
            raise TokenSyntaxError(f"say the bid's total, {_total_examples(bids, numbers, high, said)} (not {text!r})")
        if _DOLLARS.search(line) or any(number >= 1000 for number in numbers):  # "$4,000": 4 and 0 are no bid
            thousands = next((number // 1000 for number in numbers if number >= 1000), numbers[0] if numbers else 4)
            raise TokenSyntaxError(
                f"money is counted in thousands, as the game counts it: say '{bids} {thousands}' for "
                f"${thousands},000 (not {text!r})"
            )
        numbers = numbers or numbers_in_words(rest)  # "Anna bids four"
        if not numbers:
            raise TokenSyntaxError(f"say the bid's total, e.g. '{names[seat]} bids 4' (not {text!r})")
        said_too = f": {' and '.join(map(str, numbers))} are said" if len(numbers) > 1 else ""
        total = _one(numbers, f"a bid needs its total, said alone{said_too}")
        known = _BID_WORDS | {theme.cash} | set(NUMBER_WORDS)
        unread = _unread(rest.split()[1:], known)
        if unread:  # "bids 3 and passes": a second step
            raise TokenSyntaxError(
                f"cannot read {' '.join(unread)!r} beside the bid: say the bid alone, '{names[seat]} bids {total}' "
                "(one step a line)"
            )
        return f"bid:{total}"
    if verb.startswith(_SELL_VERBS):
        seller = "I sell" if said_as_me else f"{names[seat]} sells"
        return _sell(_after_verb(_KEPT_SECRET.sub("", line)), _sell_examples(data, seat, seller, theme), theme, text)
    if verb.startswith(_KEEP_VERBS):
        if data.get("sell_step") != "keep" and not numbers:  # "I'll take it" in the auction: no take-back
            raise TokenSyntaxError(
                f"cannot read {text!r}: say who and what, e.g. {_step_examples(data, seat, names[seat], theme)}"
            )
        return _keep(_after_verb(line), data["seats"][seat], names[seat], theme, text)
    if verb.startswith("return") and data.get("sell_step") == "keep":
        # The rulings' words for the Lawyer's take-back: "returns 20 to hand". Any other word may
        # say where else it goes ("returns 20 to the table" is a sell).
        if _unread(rest.split()[1:], _RETURN_WORDS | {theme.vehicle}) or not numbers:
            raise TokenSyntaxError(
                f"say the {theme.vehicle} taken back into hand: '{names[seat]} keeps 20' or '{names[seat]} returns "
                f"20 to hand' (not {text!r})"
            )
        return _keep(_after_verb(line), data["seats"][seat], names[seat], theme, text)
    if verb.startswith(_USE_VERBS[:2]):  # the Mechanic out of its step: the rules say why not now
        _check_only_the_mechanic_named(rest, theme, names[seat])
        return "mech:use"
    if verb.startswith("skip"):
        return "mech:skip"
    raise TokenSyntaxError(
        f"cannot read {text!r}: say who and what, e.g. {_step_examples(data, seat, names[seat], theme)}"
    )


def _total_examples(bids: str, numbers: list[int], high: int, said: set[str]) -> str:
    """How to say a bid given as a raise ('raises 2', 'goes up by 2') as its total: by the
    amount said, on top of the high bid, and where the words may mean the total itself
    ('raises 7' over a high bid of 2), that too."""
    if not numbers:
        return f"e.g. '{bids} {high + 1}'"
    amount = numbers[0]
    on_top = f"'{bids} {high + amount}' for {amount} more than the high bid of {high}"
    if said & _RELATIVE or amount <= high:
        return on_top
    return f"'{bids} {amount}' for a bid of {amount}, or {on_top}"


# A number said after a verb, in digits or words ("says 5", "makes it five"): read by the move.
_NUMBER_AHEAD = r"(?=\$?\d|(?:" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r")\b)"
# Words between the seat's name and its verb that the verb reads as well without: "I am selling 5",
# "Bob is passing" (never before "out", "not": "Bob is out", "Bob is not using it"). "Bob will bid 5"
# stays unread: a step to come, as in every game's words.
_AUXILIARY = re.compile(r"^(\S+) (?:am|is|are) (?!(?:out|not|no|never)\b)(?=[a-z])", re.IGNORECASE)
# A seat's name with "is" contracted ("Cy's out", "Bob's passing"): read as the name and "is".
_NAME_IS = re.compile(r"^(\S+?)['\u2019]s ", re.IGNORECASE)


def _table_verbs(line: str, data: dict[str, Any], names: list[str], me: int, theme: Theme) -> str:
    """`line` with the verbs people use at a table for a step said as the step's own verb, in
    the phase that has that step alone (a line whose first word is no seat is left as it is):
    "Cy's out" (Cy is out), "I am selling 5" (I sell 5); in the auction "Bob says 5", "Bob
    makes it 5", "Bob opens at 5", "Bob ups it to 5" and "Bob: 5" (bids 5), "Bob gives up"
    (passes), "Bob takes the lowest" and "Bob passes and takes the 3" (a pass, the card
    checked to be the lowest); in phase 2 "Bob puts down 13", "Bob lays 13" (plays 13); at the
    secret sells "I play 12", "I put up 12" (sell 12), "I use the Lawyer to sell 3 and 9"; at
    the Mechanic's step "Bob takes the second lowest" (uses the Mechanic) and "Bob takes the
    lowest" (does not)."""
    line = " ".join(line.split())
    named = _NAME_IS.match(line)
    if named and _seat(named.group(1).lower(), names, me) is not None:
        line = f"{named.group(1)} is {line[named.end() :]}"
    head = line.split(" ", 1)[0]
    if _seat(head.lower().rstrip(":"), names, me) is None:
        return line
    line = _AUXILIARY.sub(r"\1 ", line)
    phase, step = data["phase"], data.get("sell_step")

    def said(pattern: str, verb: str, text: str) -> str:
        return re.sub(rf"^(\S+?):? {pattern}", rf"\1 {verb}", text, flags=re.IGNORECASE)

    if phase == "auction":
        line = re.sub(rf"^(\S+?): {_NUMBER_AHEAD}", r"\1 bids ", line, flags=re.IGNORECASE)
        raised = r"(?:says?|said|makes? it|made it|opens?(?: at| with)?|opened(?: at| with)?|ups? it to|upped it to)"
        line = said(rf"{raised} {_NUMBER_AHEAD}", "bids ", line)
        line = said(r"(?:gives? up|gave up|says? pass|said pass)[.!]?$", "passes", line)
        line = said(r"(?:pass|passes|passed|drops? out|dropped out|folds?|folded) and (?:takes?|took) ", "takes ", line)
        lowest = rf"(?:one|card|advisor|{re.escape(theme.vehicle)})"
        line = said(rf"(?:takes?|took) the lowest(?: {lowest})?[.!]?$", "passes", line)
    elif phase == "buying":
        line = said(r"(?:puts?|lays?|laid)(?: (?:down|out))? ", "plays ", line)
    elif phase == "selling" and step == "choose":
        line = said(r"(?:plays?|played|puts?|lays?|laid)(?: (?:up|down|out|in))? ", "sells ", line)
        if theme.lawyer:  # "I use the Lawyer to sell 15 and 28", "Bob uses his 20 Lawyer to sell 3 and 9"
            lawyer = re.escape(theme.lawyer)
            used = rf"^(\S+) (?:uses?|used|using) (?:the |my |his |her |their |a )?(?:(\d+) )?{lawyer} to sell (.+)$"
            line = re.sub(used, rf"\1 sells \3 with the \2 {theme.lawyer}", line, flags=re.IGNORECASE)
            line = line.replace(f"with the  {theme.lawyer}", f"with the {theme.lawyer}")
    elif phase == "selling" and step == "mechanic":
        check = rf"(?: {re.escape(theme.check)}| one)?[.!]?$"
        line = said(rf"(?:takes?|took) the (?:second|2nd)[- ]lowest{check}", f"uses the {theme.mechanic}", line)
        line = said(rf"(?:takes?|took|keeps?|kept) the lowest{check}", f"does not use the {theme.mechanic}", line)
    return line


def _step_examples(data: dict[str, Any], seat: int, name: str, theme: Theme) -> str:
    """How the seat `name` (seat `seat`, to move in `data`) says the moves of its step: "'Anna
    bids 5' or 'Anna passes'" (the phase's moves only: another phase's would be refused next),
    each naming a card the seat holds where the table knows its cards."""
    if data["phase"] == "auction":
        return f"'{name} bids {data['high_bid'] + 1}' or '{name} passes'"
    if data["phase"] == "buying":
        advisor, ability = _advisors_to_name(data["seats"][seat], theme)
        return f"'{name} plays {advisor}' or '{name} plays the {ability}' (an advisor by its number or its ability)"
    if data.get("sell_step") == "keep":
        sold = (data["seats"][seat].get("sell") or {}).get("vehicles") or [20]
        return f"'{name} keeps {max(sold)}' (the {theme.vehicle} taken back)"
    if data.get("sell_step") == "mechanic":
        return f"'{name} uses the {theme.mechanic}' or '{name} does not use it'"
    return _sell_example(data, seat, f"{name} sells", theme)


def _advisors_to_name(seat: dict[str, Any], theme: Theme) -> tuple[int, str]:
    """An advisor the seat holds, by its number, and an ability of another one it holds (the
    same one's when it holds one kind only): what an example of its play names. 13 and the
    Mechanic where no advisor in its hand is known."""
    held = sorted(seat["advisors_in_hand"])
    if not held:
        return 13, theme.mechanic
    abilities = [theme.ability(number) for number in held]
    other = next((ability for ability in abilities if ability != abilities[0]), abilities[0])
    return held[0], str(other)


def _sell_examples(data: dict[str, Any], seat: int, said: str, theme: Theme) -> tuple[str, str | None]:
    """How seat `seat` says a sell of its own cards, `said` its words before them ("I sell",
    "Bob sells"): of one vehicle ("'Bob sells 4'"), and of two with its lowest unused Lawyer
    ("'Bob sells 4 9 with 19'"), None where it holds no unused Lawyer or fewer than two."""
    held = data["seats"][seat]
    vehicles = sorted(held["vehicles"]) or [12, 20]
    lawyers = unused_advisors(held, LAWYERS)
    two = f"'{said} {vehicles[0]} {vehicles[1]} with {lawyers[0]}'" if lawyers and len(vehicles) > 1 else None
    return f"'{said} {vehicles[0]}'", two if theme.lawyer else None


def _sell_example(data: dict[str, Any], seat: int, said: str, theme: Theme) -> str:
    """_sell_examples in a line: "'Bob sells 4', or two and the Lawyer: 'Bob sells 4 9 with 19'"."""
    return _either_sell(_sell_examples(data, seat, said, theme), theme)


def _either_sell(examples: tuple[str, str | None], theme: Theme) -> str:
    """A sell of one vehicle said, and of two with the Lawyer where the seat can make one."""
    one, two = examples
    return f"{one}, or two and the {theme.lawyer}: {two}" if two else one


def _sell_is_chosen_now(text: str, data: dict[str, Any], seat: int, names: list[str], me: int, theme: Theme) -> str:
    """Why a line of a seat still to choose its sell, which says no sell, is refused: every
    seat now chooses one in secret, and how the seat says its own."""
    one, two = _sell_examples(data, seat, "I sell" if seat == me else f"{names[seat]} sells", theme)
    example = f"{one} (or two and the {theme.lawyer}: {two})" if two else one
    return (
        f"every seat now chooses a {theme.vehicle} to sell, in secret: say {whose(seat, names, me)} as "
        f"{example} (not {text!r})"
    )


def _another_seat_named(move: str, seat: int, names: list[str], me: int, theme: Theme) -> int | None:
    """The first seat but `seat` that `move` (a line up to its first ';', its seat's name first)
    names after its first word, in an aside too ("Anna bids 4 and Bob passes", "Anna bids 4
    (Bob passed)"): a line is one seat's step, and another's would be dropped unread. The
    cash a step moved, as a step is told back ("(cash: you 28 -> 24, Bob 28 -> 26)"), names
    seats that are no step of the line's."""
    for said in _cash_told(theme).sub(" ", move).lower().split()[1:]:
        word = re.sub(r"['\u2019]s$", "", said.strip(".,;:!?()[]{}\"'\u2019"))  # "Bob's", "(Bob"
        named = _seat(word, names, me)
        if named is not None and named != seat:
            return named
    return None


def _cash_told(theme: Theme) -> re.Pattern[str]:
    """The cash a step moved, in brackets, as the companion tells it after the step: "(cash:
    you 28 -> 24, Bob 28 -> 26)"."""
    moved = r"[^\s,()]+ \d+ -> \d+"
    return re.compile(rf"\(\s*{re.escape(theme.cash)}: {moved}(?:, {moved})*\s*\)", re.IGNORECASE)


def reason_in_words(reason: str, theme: Theme) -> str:
    """The rules' reason for refusing a step, for a person who said it in words: the moves the
    step takes said as moves, not tokens ("the auction takes bid:N or pass"), and the cards,
    the money and the advisors by the theme's names (the rules name Autorama's)."""
    for token_form, said in _reasons_said(theme):
        reason = reason.replace(token_form, said)
    reason = _TOO_LONG_A_NUMBER.sub(r"\1 is no card or amount of the game", reason)
    for autorama, own in (("vehicle", theme.vehicle), ("vehicles", theme.vehicles), ("check", theme.check)):
        reason = re.sub(rf"\b{autorama}\b", own, reason)
    return re.sub(r"\bchecks\b", theme.checks, re.sub(r"\bcash\b", theme.cash, reason))


# A number the rules' tokens cannot hold ("'4000' in 'play:4000' is not a plain number ..."):
# in words it is one too large to be any card or amount.
_TOO_LONG_A_NUMBER = re.compile(r"'(\d+)' in '[^']*' is not a plain number \([^()]*\)")


def _reasons_said(theme: Theme) -> tuple[tuple[str, str], ...]:
    """Each token form the rules' reasons hold, and how a person says it, in `theme`'s names."""
    two = ", or two with a Lawyer" if theme.lawyer else ""
    return (
        ("the auction takes bid:N or pass", "the auction takes a bid or a pass"),
        ("buying takes play:N or play:N+", "every seat plays an advisor in phase 2, none passes"),
        ("selling takes sell:N, sell:N,M or sell:N,M@L", f"every seat sells a vehicle now{two}"),
        ("a Lawyer user now takes keep:N", "each Lawyer's user now takes back one of the two vehicles sold with it"),
        (
            "the lowest seller now takes mech:use or mech:skip",
            f"the lowest seller now uses the {theme.mechanic} or not",
        ),
        (" (deal:... or removed:A/V/C)", ""),
        (" (deal:...)", ""),
        ("only a Fleet Manager (13-15) can be boosted with +", f"only a {theme.fleet_manager} (13-15) can be paid up"),
        ("boosting costs", f"paying up the {theme.fleet_manager} costs"),
        ("keep must name one of", "the vehicle taken back is one of"),
    )


def decision_words(data: dict[str, Any], theme: Theme) -> str:
    """What the seat to move in `data` (a view's to_dict()) is to do: "bid more than 4 or pass"."""
    if data["phase"] == "auction":
        return f"bid more than {data['high_bid']} or pass" if data["high_bid"] else "bid or pass"
    if data["phase"] == "buying":
        return "offer an advisor"
    if data["sell_step"] == "keep":  # the Lawyer's take-back: one of the two vehicles the seat sold
        sold = data["seats"][data["to_move"]]["sell"] or {}
        example = f": say which, e.g. 'keeps {sold['vehicles'][0]}'" if sold.get("vehicles") else ""
        return f"take a {theme.vehicle} back (Lawyer){example}"
    if data["sell_step"] == "mechanic":
        return f"use the {theme.mechanic} or not: 'uses the {theme.mechanic}' or 'does not use it'"
    return f"choose a {theme.vehicle} to sell"


def next_chance_words(data: dict[str, Any], theme: Theme) -> str:
    """The cards turned up next and how to say them: "the 4 advisors turned up: say 'deal 3 12 19 27'"."""
    # At the setup the unseen removal goes by itself: the first cards told are the first auction's.
    deck = dealt_deck(data)
    if deck is None:
        return ""
    # Checks run 0-15 (no 1): an example of advisors' or vehicles' numbers would be refused for them.
    examples = (0, 5, 9, 14, 3, 11) if deck == "checks" else (3, 12, 19, 27, 8, 22)
    example = " ".join(str(n) for n in _unseen_example(examples[: data["players"]], data["unseen"][DECKS.index(deck)]))
    return f"the {data['players']} {deck_noun(theme, deck)} turned up: say 'deal {example}' (their numbers)"


def _unseen_example(examples: tuple[int, ...], unseen: list[int]) -> list[int]:
    """The cards a deal's example names: `examples` where the seat has seen none of them (so
    the same line each game), else cards it has not seen, in order, as many, spread over them:
    a card dealt already cannot be turned up again, and an example naming it would be refused."""
    left = Counter(unseen)
    if not Counter(examples) - left or len(unseen) < len(examples):
        return list(examples)
    kept = [card for card in sorted(left.elements())]
    step = len(kept) / len(examples)
    return [kept[int(index * step + step / 2)] for index in range(len(examples))]


def next_chance_picker(data: dict[str, Any], theme: Theme) -> ChancePicker | None:
    """The cards turned up next as taps: as many as there are players, from the cards of
    the deck they come from that the seat has not seen (the view's `unseen`: every card
    turned up, bought or kept is public). Checks repeat their values, so a value is one
    option with as many copies as are unseen. At the setup the unseen removal goes by
    itself (no one sees it): the cards told are the first auction's, as in words."""
    if data["to_move"] != "chance":
        return None
    deck = dealt_deck(data)
    if deck is None:
        return None
    unseen = Counter(data["unseen"][DECKS.index(deck)])

    def label(number: int) -> str:
        if deck == "advisors":
            return theme.advisor(number)  # its number and ability, as the table is told
        return f"{theme.vehicle if deck == 'vehicles' else theme.check} {number}"

    options = tuple(ChanceOption(str(n), label(n), copies) for n, copies in sorted(unseen.items()))
    players = data["players"]
    return ChancePicker(f"the {players} {deck_noun(theme, deck)} turned up", "deal", players, options)


@dataclass
class _Asides:
    """The asides a line's reading unwrapped that say what only some moves say, each as it
    was written: a payment, an advisor played's ("(paying 3)"), or a number marked as the
    Lawyer's, a sell's or a keep's ("(Lawyer 21)")."""

    payments: list[str] = field(default_factory=list)
    lawyers: list[str] = field(default_factory=list)


def _asides_read(text: str, theme: Theme, asides: _Asides) -> str:
    """`text` without the notes a step told back carries, and without the brackets of the
    asides it reads, whose words are read with the rest, parted from it by commas (a number
    beside an aside is never bound to a word in it: in "6 (Lawyer 21)" the 6 is no Lawyer).
    A note names no number, payment or advisor ("(kept secret)", "(Lawyer)" is read), or is
    the cash a step moved as it is told ("(cash: you 28 -> 24, Bob 28 -> 26)"). An aside
    with a number is read when it says what that number is, the Lawyer's ("(Lawyer 21)",
    "(Lawyer: 21)") or a payment ("(paying 3)"), noted in `asides` for the move to accept
    or refuse; any other is refused: its number would be read as a card of the move. So are
    brackets that do not pair up, and square or curly ones ("[bid:4]", as the advice shows a
    move's token): neither read nor dropped."""
    square = re.search(r"[\[\]{}]", text)
    if square:
        raise TokenSyntaxError(
            f"{square.group(0)!r} is not read: say the move in words without it, or its token alone; "
            "an aside goes in round brackets, e.g. '(Lawyer 21)'"
        )

    def aside(match: re.Match[str]) -> str:
        inside = match.group(1)
        numbered = any(c.isdigit() for c in inside)
        paid = _PAYMENT_WORDS.search(inside.lower()) is not None
        if _cash_told(theme).fullmatch(match.group(0)) or not (numbered or paid or _abilities_named(inside, theme)):
            return " "
        lawyers, unmarked = _lawyer_said(_parted(inside), theme)
        if numbered and not paid and any(c.isdigit() for c in unmarked):
            read = (
                f"a number in brackets is read only as the {theme.lawyer}'s ('({theme.lawyer} 21)') or a payment "
                "('(paying 3)'): "
                if theme.lawyer
                else ""
            )
            raise TokenSyntaxError(
                f"the aside {match.group(0)!r} is not read: {read}say its number in the line itself, or leave it out"
            )
        if paid:
            asides.payments.append(match.group(0))
        if lawyers:
            asides.lawyers.append(match.group(0))
        return f" , {inside} , "

    read, unread = text, ""
    while read != unread:  # the innermost aside first: "((Lawyer 21))"
        unread, read = read, NOTE.sub(aside, read)
    if "(" in read or ")" in read:  # an aside left open would be read with the move, unchecked
        raise TokenSyntaxError(f"the brackets in {text.strip()!r} do not pair up: close each aside, e.g. '(Lawyer 21)'")
    return read


def _parted(text: str) -> str:
    """`text` lower case and single spaced, each comma a word of its own: what parts the
    words the Lawyer's number binds to."""
    return " ".join(text.lower().replace(",", " , ").split())


def _lawyer_said(parted: str, theme: Theme, sell: bool = False) -> tuple[list[int], str]:
    """The numbers `parted` (as _parted gives it) marks as the Lawyer's, and `parted`
    without them or its commas. A number is the Lawyer's said after the word ("lawyer 21",
    "lawyer: 21"), or before it after "the" or "with", as the companion tells a sell ("with
    the 19 lawyer"); when it opens a sell (`sell`), right before it too ("sells 19 lawyer: 6
    and 7", as the companion names the advisor: "19 Lawyer"). Any other number before the
    word is a vehicle: in "12 and 20 lawyer 21" and "12 and 20 lawyer" the 20. With a
    number on each side, the one before is the Lawyer's after "with" or opening a sell, and
    the one after it a vehicle ("with the 19 lawyer 6 and 7"); after "the" alone either may
    be, so the line is refused ("the 7 lawyer 21")."""
    if not theme.lawyer:
        return [], parted.replace(",", " ")
    lawyers: list[int] = []
    cuts: list[tuple[int, int]] = []  # the spans read as a Lawyer's: a number and its word
    for word in re.finditer(rf"\b{re.escape(theme.lawyer.lower())}\b", parted):
        ahead = parted[: word.start()]
        before = re.search(r"(?:^|(\S+) )\$?(\d+) $", ahead)
        after = re.match(r":? ?\$?(\d+)\b", parted[word.end() :])
        if before is not None:
            lead, preceding = before.group(1), ahead[: before.start()].split()  # the words before the lead
            told = lead == "with" or (lead == "the" and preceding[-1:] == ["with"])
            opens_sell = sell and (lead is None or (lead == "the" and not preceding))
            if after is not None and lead == "the" and not (told or opens_sell):
                raise TokenSyntaxError(
                    f"which is the {theme.lawyer}'s, {before.group(2)} or {after.group(1)}? say it after 'with', "
                    f"e.g. 'with the {after.group(1)} {theme.lawyer}'"
                )
            if told or opens_sell or lead == "the":
                lawyers.append(int(before.group(2)))
                cuts.append((before.start(2), word.end()))
                continue
        if after is not None:
            lawyers.append(int(after.group(1)))
            cuts.append((word.start(), word.end() + after.end()))
    unmarked = parted
    for start, end in sorted(cuts, reverse=True):
        unmarked = unmarked[:start] + " " + unmarked[end:]
    return lawyers, " ".join(unmarked.replace(",", " ").split())


def _check_no_other_themes_names(text: str, data: dict[str, Any], names: list[str], me: int, theme: Theme) -> None:
    """TokenSyntaxError when `text` names an advisor by another theme's name ("the Fleet
    Manager" in For Sale: Advisors, whose 13-15 are Realtors; any advisor in the classic
    game, which has none): read as this theme's, the line would be read in names the table
    does not use, and elsewhere its words would be refused as unread. The line in the
    theme's own names is offered where it is read now. The seats' names are no advisor's."""
    seats = {name.lower() for name in names}
    said = " ".join(
        word for word in text.lower().split() if re.sub(r"['\u2019]s$", "", word.strip(".,;:!?()")) not in seats
    )
    for other in THEMES.values():
        for index, ability in enumerate(other.abilities):
            if ability in theme.abilities or not re.search(rf"\b{re.escape(ability.lower())}s?\b", said):
                continue
            numbers = f"{3 * index + 1}-{3 * index + 3}"
            if not theme.abilities:
                raise TokenSyntaxError(
                    f"this game has no advisors to play or name (the {ability} is one, {numbers}): say the step "
                    f"without it (not {text.strip()!r})"
                )
            own = theme.abilities[index]
            in_own_names = re.sub(rf"\b{re.escape(ability)}(s?)\b", rf"{own}\1", text.strip(), flags=re.IGNORECASE)
            say = ""  # named across a seat's name ('Financial Cid Advisor'): no line to offer
            try:
                if in_own_names != text.strip():
                    words_to_token(in_own_names, data, names, me, theme)
                    say = f": say {in_own_names!r}"
            except TokenSyntaxError as refused:  # refused for more than the name: say what else is wrong
                say = f"; so named, the line is refused too: {refused}"
            raise TokenSyntaxError(
                f"this game, {theme.title}, calls advisors {numbers} the {own} ({ability} is their name in "
                f"{other.title}){say}"
            )


def _taken_in_the_auction(
    rest: str, numbers: list[int], data: dict[str, Any], passes: str, theme: Theme, text: str
) -> str:
    """'Bob takes 3' in the auction: a seat takes a card there only by passing, and then the lowest
    on the table, which may be named by its number or its ability ('takes the Sales Associate')."""
    lowest = min(data["table"])
    card = theme.advisor(lowest) if theme.abilities else f"{theme.vehicle} {lowest}"
    ability = theme.ability(lowest) if theme.abilities else None
    if numbers == [lowest] and _abilities_named(rest, theme) <= {ability}:
        return "pass"
    if not numbers and _abilities_named(rest, theme) == {ability}:
        return "pass"
    raise TokenSyntaxError(
        f"in the auction a card is taken only by passing, and it is the lowest on the table, {card}: "
        f"say '{passes}' (not {text!r})"
    )


def _abilities_named(text: str, theme: Theme) -> set[str]:
    """The advisors' abilities `text` names, each whole ("the Fleet Manager")."""
    lowered = " ".join(text.lower().split())
    return {ability for ability in theme.abilities if re.search(rf"\b{re.escape(ability.lower())}\b", lowered)}


def _check_pass_pays_nothing(data: dict[str, Any], seat: int, name: str, theme: Theme, text: str) -> None:
    """TokenSyntaxError for a pass said to cost nothing where the rules take part of the bid: a
    seat that passes takes back half its bid (rounded down), all of it with the Sales Associate
    (advisors 1-3) it then takes, the lowest on the table. Read as a pass, the line would say one
    payment and make another."""
    bid = data["seats"][seat]["bid"]
    sales_associate = bool(theme.abilities) and min(data["table"]) <= 3
    if bid and not sales_associate:
        raise TokenSyntaxError(
            f"a pass takes back half the bid, rounded down, and pays the rest: {name}'s bid of {bid} costs "
            f"{bid - bid // 2}; say '{name} passes' (not {text!r})"
        )


def _play(rest: str, seat: dict[str, Any], theme: Theme) -> str:
    """The advisor a seat plays, by its number or its ability, with its payment when that is
    said and not denied ("plays 13 paying 3", "plays 13 (boosted)", "... without paying");
    an ability said beside the number must be that advisor's ("plays 13, the Mechanic" is refused)."""
    if not theme.abilities:
        raise TokenSyntaxError("this game has no advisors to play")
    if _DOLLARS.search(rest):  # "paying $3,000": 3 and 0 are no advisor
        raise TokenSyntaxError(
            f"money is counted in thousands, as the game counts it: a {theme.fleet_manager} paid up is "
            "'plays 13 paying 3'"
        )
    # What it counts as paid up ('paying 3 to count as 31', '... to make it 31') is no advisor played.
    counted = _COUNTS_AS.search(rest)
    boosted = counted is not None or _PAYING.search(rest) is not None  # the payment's numbers are no card
    rest = _PAYING.sub(" ", _COUNTS_AS.sub(" ", rest))
    numbers = _numbers(rest) or numbers_in_words(rest)  # "plays fifteen"
    if counted and not counted["range"] and len(numbers) == 1 and int(counted["value"]) != numbers[0] + BOOST:
        raise TokenSyntaxError(
            f"advisor {numbers[0]} paid up counts as {numbers[0] + BOOST}, not {counted['value']}: say "
            f"'plays {numbers[0]} paying 3'"
        )
    said = set(rest.split())
    paid_up = f" (a {theme.fleet_manager} paid up is 'plays 13 paying 3')" if theme.fleet_manager else ""
    said_too = f": {' and '.join(map(str, numbers))} are said{paid_up}" if len(numbers) > 1 else ""
    advisor = (
        _one(numbers, f"say the one advisor played{said_too}") if numbers else _advisor_by_ability(rest, seat, theme)
    )
    known = _PLAY_WORDS | _UNPAID | {word for ability in theme.abilities for word in ability.lower().split()}
    unread = _unread(rest.split()[1:], known | set(NUMBER_WORDS))  # the verb said first
    if unread:
        fleet = f" or '... paying 3' (a {theme.fleet_manager} paid up)" if theme.fleet_manager else ""
        raise TokenSyntaxError(
            f"cannot read {' '.join(unread)!r} beside the advisor played: say its number or ability alone{fleet}"
        )
    own = theme.ability(advisor)
    if own is not None:  # another number is no advisor: the rules say so
        others = sorted(_abilities_named(rest, theme) - {own})
        if others:
            raise TokenSyntaxError(f"advisor {advisor} is a {own}, not a {others[0]}: say the one played")
    paid = boosted or "+" in rest or any(word.startswith(("pay", "paid", "boost")) for word in said)
    return f"play:{advisor}{'+' if paid and not said & _UNPAID else ''}"


def _keep(parted: str, seat: dict[str, Any], name: str, theme: Theme, text: str) -> str:
    """The vehicle a seat takes back with its Lawyer ("keeps 13", "keeps 13 (Lawyer 20)",
    "keeps thirteen"), from the words after the verb (as _parted gives them): a Lawyer said
    with its number must be the one the seat sold with."""
    sold = (seat.get("sell") or {}).get("vehicles") or [20]
    _check_only_advisor_named(parted, theme, theme.lawyer, "a keep", f"{name} keeps {max(sold)}")
    lawyers, kept = _lawyer_said(parted, theme)
    sold_with = (seat.get("sell") or {}).get("lawyer")
    for lawyer in lawyers:
        if sold_with is not None and lawyer != sold_with:
            raise TokenSyntaxError(f"{name}'s {theme.lawyer} is {sold_with}, not {lawyer}")
    numbers = _numbers(kept) or _card_in_words(kept, f"{name} keeps {max(sold)}", text)
    said_too = f", alone: {' and '.join(map(str, numbers))} are said (one step a line)" if len(numbers) > 1 else ""
    return f"keep:{_one(numbers, f'say which {theme.vehicle} is kept{said_too}')}"


def _card_in_words(said: str, example: str, text: str) -> list[int]:
    """The card a sell or a keep names in words ("sells thirteen", "keeps twenty two"): one
    number, never "one" (that may be a card's count, "sells one": say it as 1); [] for none."""
    numbers = numbers_in_words(said)
    if len(numbers) > 1 or "one" in said.replace(",", " ").split():
        raise TokenSyntaxError(f"say the card as digits, e.g. {example!r} (not {text!r})")
    return numbers


def _sell(parted: str, examples: tuple[str, str | None], theme: Theme, text: str) -> str:
    """A seat's sell, from the words after the verb (as _parted gives them): one vehicle, or
    two and the Lawyer, "sells 12 20 with 19" (the lowest unused Lawyer when none is said).
    A number marked as the Lawyer's ("(Lawyer 19)", "with the 19 Lawyer", "19 Lawyer: 12 and
    20") comes with two vehicles, never read as one. Beside two vehicles no word is read past
    that a sell of two has no place for. One vehicle may be said in words ("sells thirteen").
    `examples` say a sell of the seat's own cards (_sell_examples)."""
    one, two = examples
    example = _either_sell(examples, theme)
    _check_only_advisor_named(parted, theme, theme.lawyer, "a sell", (two or one).strip("'"))
    lawyers, vehicles_said = _lawyer_said(parted, theme, sell=True)
    vehicles = _numbers(vehicles_said)
    if not vehicles and not lawyers:
        vehicles = _card_in_words(vehicles_said, one.strip("'"), text)
    if not theme.lawyer and len(vehicles) != 1:  # no Lawyer in the game: two would be read as a Lawyer's sell
        raise TokenSyntaxError(f"a sell is one {theme.vehicle}: {example} (not {text!r})")
    said = set(parted.split())
    if (len(vehicles) > 1 or lawyers) and said & {"instead", "keep", "keeps", "keeping", "kept", "for", "or", "but"}:
        raise TokenSyntaxError(f"say the sell: {example} (not {text!r})")
    unread = _unread_beside_two(vehicles_said, theme) if len(vehicles) > 1 else []
    if unread:
        raise TokenSyntaxError(f"cannot read {' '.join(unread)!r} beside two {theme.vehicles}: say the sell: {example}")
    if lawyers:
        if len(lawyers) != 1 or len(vehicles) != 2:
            raise TokenSyntaxError(
                f"a sell with the {theme.lawyer} names two {theme.vehicles} and one {theme.lawyer}"
                f"{': ' + two if two else ''} (not {text!r})"
            )
        return f"sell:{vehicles[0]},{vehicles[1]}@{lawyers[0]}"
    if len(vehicles) == 1:
        return f"sell:{vehicles[0]}"
    if len(vehicles) == 3:
        return f"sell:{vehicles[0]},{vehicles[1]}@{vehicles[2]}"
    if len(vehicles) == 2:
        return f"sell:{vehicles[0]},{vehicles[1]}"
    raise TokenSyntaxError(f"say the {theme.vehicle} sold: {example} (not {text!r})")


def _unread_beside_two(vehicles_said: str, theme: Theme) -> list[str]:
    """The words of a sell of two vehicles (`vehicles_said`, the Lawyer's number cut out) that
    such a sell has no place for ("to get" in "26 to get the 9"): its numbers, the Lawyer and
    the words that join them are read."""
    return _unread(vehicles_said.split(), _TWO_SOLD_WORDS | {theme.vehicle, theme.vehicles, theme.lawyer.lower()})


def _unread(words: list[str], known: set[str] | frozenset[str]) -> list[str]:
    """The words of a step's line that it has no place for: neither `known` nor numbers (the
    step reads its numbers itself), their punctuation aside."""
    bare = (word.strip(".!?:;") for word in words)
    return [word for word in bare if word and not any(c.isdigit() for c in word) and word not in known]


def _mechanic_numbered(rest: str, denied: bool, seat: dict[str, Any], name: str, theme: Theme, text: str) -> str:
    """The Mechanic's step said with a number (`rest`, the words after the seat's name): read
    where the number is bound to the Mechanic's name ("uses Contractor 8", "uses the 8
    Contractor") and names the Mechanic the rules spend, the seat's lowest unused one; a decline
    ("doesn't use Mechanic 8"), where it names the seat's only one. Any other number could be
    the check the swap takes ("uses it for the 9") or a Mechanic the rules would not spend."""
    mechanic = re.escape(theme.mechanic.lower())
    unused = unused_advisors(seat, MECHANICS)
    said = f"'{name} does not use the {theme.mechanic}'" if denied else f"'{name} uses the {theme.mechanic}'"
    parted = " ".join(rest.replace(",", " ").split())
    bound = re.fullmatch(
        rf"(?:{_MECHANIC_LEAD}) (?:(?:the|my|his|her|their|a) )?(?:(\d+) {mechanic}|{mechanic}:? (\d+))[.!]?", parted
    )
    if bound is None or len(_numbers(parted)) != 1:
        raise TokenSyntaxError(
            f"a number at the {theme.mechanic}'s step is read only as the {theme.mechanic}'s own, after its name "
            f"('{name} uses {theme.mechanic} {unused[0] if unused else 7}'): say {said} (not {text!r})"
        )
    number = int(bound.group(1) or bound.group(2))
    if theme.ability(number) != theme.mechanic:
        raise TokenSyntaxError(f"advisor {number} is no {theme.mechanic} (7-9): say {said} (not {text!r})")
    if number not in unused:
        held = f"{name}'s unused {theme.mechanic}: {', '.join(map(str, unused))}" if unused else "none unused"
        raise TokenSyntaxError(f"{name} has no unused {theme.mechanic} {number} ({held}): say {said}")
    if denied:
        if len(unused) > 1:  # declining one of two may mean playing the other
            held = ", ".join(map(str, unused[:-1])) + f" and {unused[-1]}"
            raise TokenSyntaxError(f"{name} holds unused {theme.mechanic}s {held}: say {said}")
        return "mech:skip"
    if number != unused[0]:  # the rules spend the lowest: the record would tell another card spent
        raise TokenSyntaxError(
            f"the rules spend {name}'s lowest unused {theme.mechanic}, {unused[0]}, not {number} (the two do the "
            f"same): say {said} or '{name} uses {theme.mechanic} {unused[0]}'"
        )
    return "mech:use"


# The verbs a Mechanic's number may follow: "uses", "swaps with", "does not use".
_MECHANIC_LEAD = (
    r"(?:(?:does|did|will|doesn't|didn't|won't|don't|doesn\u2019t|don\u2019t|didn\u2019t) )?(?:not |never )?"
    r"(?:uses|use|used|using|swaps|swap|swapped)(?: with)?"
)


def _check_only_the_mechanic_named(rest: str, theme: Theme, name: str) -> None:
    """TokenSyntaxError when the words of a seat's swap step (`rest`, after the verb) name an
    advisor other than the Mechanic: "Carol uses the Lawyer" is never the Mechanic used."""
    _check_only_advisor_named(
        rest, theme, theme.mechanic, f"the {theme.mechanic}'s swap", f"{name} uses the {theme.mechanic}"
    )


def _check_only_advisor_named(rest: str, theme: Theme, advisor: str, move: str, example: str) -> None:
    """TokenSyntaxError when `rest` names an advisor other than `advisor`, the only one that
    takes part in `move` (the Lawyer in a sell or a keep, the Mechanic in its swap): what it
    says would be dropped unread, or read as that advisor."""
    others = sorted(_abilities_named(rest, theme) - {advisor})
    if others:
        raise TokenSyntaxError(f"the {others[0]} has no part in {move}: say, e.g., {example!r}")


def _told_deal(text: str, data: dict[str, Any], names: list[str], theme: Theme) -> str:
    """The deal a line copied from its telling says ("-- phase 1, round 1 of 8: advisors 3
    Sales Associate, 12 Controller, 17 Sales Director", or the numbers alone), checked against
    the position: it heads the round dealt now, names the deck dealt now, and each advisor's
    ability is its number's."""
    mover = data["to_move"]
    if mover != "chance":
        raise TokenSyntaxError(
            "the game is over" if mover == "over" else f"no cards are turned up now: it is {names[mover]}'s turn"
        )
    heading, how = deal_heading(data), next_chance_words(data, theme)
    told = _TOLD_DEAL.fullmatch(text)
    if told is None:
        raise TokenSyntaxError(f"cannot read {text!r} as a deal told back ('{heading}: ...'); {how}")
    said = tuple(int(number) for number in told.group(1, 2, 3))  # by their numbers: "phase 01" is phase 1
    if said != deal_round(data):
        raise TokenSyntaxError(
            f"the cards turned up now are {heading.removeprefix('-- ')}'s, not {round_words(*said)}'s; {how}"
        )
    deck = dealt_deck(data)
    assert deck is not None  # cards are turned up only while the game goes on
    noun = deck_noun(theme, deck)
    cards = " ".join(told.group(4).split()).rstrip(".")  # the line may end as a sentence does
    if cards.lower() != noun and not cards.lower().startswith(f"{noun} "):
        raise TokenSyntaxError(f"the cards turned up now are {noun}, told as '{heading}: {noun} ...'; {how}")
    listed = cards[len(noun) :]
    numbers = _advisors_told(listed, theme) if deck == "advisors" else _numbers_told(listed, noun)
    return "deal:" + ",".join(map(str, numbers))


def _deal_said(head: str, rest: list[str], data: dict[str, Any], theme: Theme) -> list[str] | None:
    """The words naming the cards of a deal a line opens with `head` ('deal 3 12', 'checks 0 5'),
    or with the name of the deck dealt in the theme's words, as its cards say it ('currency cards
    0 7 9', 'currency 0 7 9'); None for a line that is no deal."""
    if head in TABLE_WORDS:
        return rest
    deck = dealt_deck(data)
    noun = deck_noun(theme, deck).split() if deck else []
    if not noun or head != noun[0]:
        return None
    rest_of_noun = len(noun) - 1
    said_whole = [word.lower().rstrip(":") for word in rest[:rest_of_noun]] == noun[1:]
    return rest[rest_of_noun:] if said_whole else rest


def _cards_dealt(listed: str, data: dict[str, Any], theme: Theme) -> list[int]:
    """The cards a deal line names after its first word ("deal 3 12 19 27", "deal: 3,
    12, 19 and 27", "checks $0 $5 $9 $14"), read as a deal told back is: each card by its
    number, an advisor's ability said after its number that number's ("deal 3 Sales
    Associate, 12 Controller"), the deck's name before them allowed ("deal advisors 3 12 19
    27"). Any other word is refused, never dropped: a card said as a word ("twelve") or an
    ability of another number would leave another deal."""
    deck = dealt_deck(data)
    # "$" is read past as it is in a bid: a check is said as money ("checks $0 $5").
    cards = " ".join(word.lstrip("$") for word in listed.split() if word.lower() not in _DEAL_FILLER).rstrip(".")
    if deck is None:  # the game is over: the rules say so
        return _numbers(cards)
    noun = deck_noun(theme, deck)
    if cards.lower().startswith(f"{noun} "):
        cards = cards[len(noun) :]
    if deck == "advisors":
        return _advisors_told(cards, theme)
    return _numbers_told(cards, noun)


def _advisors_told(listed: str, theme: Theme) -> list[int]:
    """Advisors as a deal tells them, "3 Sales Associate, 12 Controller", or by their numbers
    alone, "3 12 19 27", commas or not: each a number, the words after it (when said) that
    number's ability."""
    numbers: list[int] = []
    abilities: list[list[str]] = []  # the words said after each number
    for word in listed.replace(",", " ").split():
        if re.fullmatch(r"[0-9]+", word):
            numbers.append(int(word))
            abilities.append([])
        elif any(c.isdigit() for c in word):  # never the words of an ability: "5.5", "-8", "12k"
            raise TokenSyntaxError(f"{word!r} is no whole number: a deal tells each advisor by its number, e.g. '3'")
        elif not numbers:
            raise TokenSyntaxError(f"{word!r} is no advisor: a deal tells each by its number, e.g. '3 Sales Associate'")
        else:
            abilities[-1].append(word)
    for number, words in zip(numbers, abilities):
        ability, own = " ".join(words), theme.ability(number)
        if ability and own is not None:  # another number: the rules refuse the deal
            if ability.lower() not in (known.lower() for known in theme.abilities):  # "3 twelve"
                raise TokenSyntaxError(
                    f"{ability!r} is not read: a deal tells each advisor by its number, its ability after it "
                    f"if you like ('{number} {own}')"
                )
            if ability.lower() != own.lower():
                raise TokenSyntaxError(f"advisor {number} is a {own}, not a {ability}")
    return numbers


def _numbers_told(listed: str, noun: str) -> list[int]:
    """Vehicles or checks as a deal tells them, "1 5 9": whole numbers only."""
    words = listed.replace(",", " ").split()
    for word in words:
        if re.fullmatch(r"[0-9]+", word) is None:
            raise TokenSyntaxError(f"{word!r} is no number of the {noun}: a deal tells them as numbers, e.g. '1 5 9'")
    return [int(word) for word in words]


def _after_verb(line: str) -> str:
    """What `line` says after its first two words, the seat's name and the verb, as _parted
    gives it: commas kept, as they part what the Lawyer's number binds to. A verb said as a
    token's is followed by its cards ("I sell:21")."""
    pieces = _parted(line).split()
    spoken = [index for index, piece in enumerate(pieces) if piece != ","]
    if len(spoken) < 2:
        return ""
    cards = pieces[spoken[1]].partition(":")[2]
    return " ".join([cards, *pieces[spoken[1] + 1 :]]).strip()


def _removal_unnamed(data: dict[str, Any], theme: Theme) -> str:
    """Why the removal told back is read as no step, and what to say instead: the line names
    none of the cards set aside, and a seat at the table never sees them."""
    if data["phase"] != "setup":
        return "no cards are set aside now (only before the first deal, at 3 or 4 players)"
    return (
        "that line names none of the cards set aside: unseen at the table, they go by themselves, so say the "
        f"first cards turned up ({next_chance_words(data, theme)}); a record that names them says "
        f"'removed:A/V/C' (advisors/{theme.vehicles}/{theme.checks})"
    )


def _seat(word: str, names: list[str], me: int) -> int | None:
    if word in OWN_SEAT_WORDS or contracts_i(word):  # "I'll pass"
        return me
    lowered = [name.lower() for name in names]
    if word in lowered:
        return lowered.index(word)
    if word.startswith("seat") and is_whole_number(word[4:]):
        seat = int(word[4:])
        return seat if seat < len(names) else None
    return None


def _one(numbers: list[int], what: str) -> int:
    if len(numbers) != 1:
        raise TokenSyntaxError(what)
    return numbers[0]


def _numbers(rest: str) -> list[int]:
    """The whole numbers said, in order; TokenSyntaxError for a word that holds digits but is
    no whole number ("-5", "12k", "25.0"): a sign or a unit dropped would make another move."""
    numbers = []
    for word in rest.split():
        for part in re.split(r"[:@]", word.rstrip(".").lstrip("$")):  # "I sell:10" (a token said), "bids $4."
            if any(c.isdigit() for c in part):
                number = _NUMBER.fullmatch(part)
                if number is None or not number.group(1).isascii():
                    raise TokenSyntaxError(f"{word!r} is no whole number: say a card or an amount as digits, e.g. 12")
                numbers.append(int(number.group(1)))
    return numbers


def _advisor_by_ability(rest: str, seat: dict[str, Any], theme: Theme) -> int:
    """The advisor a seat plays, named by its ability: the only one it holds."""
    if not theme.abilities:
        raise TokenSyntaxError("this game has no advisors to play")
    for index, ability in enumerate(theme.abilities):
        if ability.lower() in rest:
            numbers = [3 * index + 1, 3 * index + 2, 3 * index + 3]
            held = [n for n in numbers if n in seat["advisors_in_hand"]]
            if len(held) == 1:
                return held[0]
            if not held and not seat["unknown_advisors"]:  # every advisor in hand is known: none is one
                in_hand = ", ".join(theme.advisor(n) for n in seat["advisors_in_hand"]) or "none"
                raise TokenSyntaxError(f"no {ability} is in hand (advisors in hand: {in_hand}): say the one played")
            choices = held or numbers
            raise TokenSyntaxError(f"which {ability}: {', '.join(map(str, choices))}? say its number")
    raise TokenSyntaxError(f"say which advisor is played: its number or its ability ('plays the {theme.mechanic}')")
