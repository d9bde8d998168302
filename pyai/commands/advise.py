"""`pyai advise`: a companion for a person at a real table.

The person says what happens as the game goes (For Sale and Leduc in plain
words: "Anna bids 4", "I pass", "deal 3 12 19 27", "Bob raises"; any game by
its move tokens),
and on their turn, or when asked, gets advice: the suggested move, its win
chance with an interval, each seat's expected score, the best alternatives
with what each costs, and the likely continuation. The position is the
engine's (protocol/position.py): the advised seat's view, so the advice
uses only what that seat knows; a player whose cash the person lost track
of is forgotten with `lost Anna cash [LO..HI]`. A session saves every line
it accepted to a file and resumes from it.
"""

from __future__ import annotations

import difflib
import logging
import re
import shlex
from collections.abc import Callable
from typing import Any, NamedTuple

from ..analysis import MARGIN_WEIGHT, AnalysisResult, Search, cannot_win, played_for_score, sure_win
from ..errors import PyaiError, TokenSyntaxError, shown_value
from ..game_api import OWN_SEAT_WORDS, ChancePicker, contracts_i, seats_told, title
from ..games import load_game
from ..protocol.errors import ILLEGAL_MOVE, ProtocolError
from ..protocol.position import Position
from ..told_lines import NOTE, move_and_outcomes, move_end, split_outside_brackets, without_s_ending
from ..win_chance_map import CostsInPlay, told_chance, told_costs
from .advice_text import Earlier, advice_lines, by_share, one_line
from .advise_help import commands_help, first_help, help_text, money_said
from .advise_session import MAX_LINE, CompanionError, Session, check_iterations, iterations_range

log = logging.getLogger(__name__)


# Words that head a reveal line as people say it ("everyone reveals: ...", "cards flipped: ...").
_REVEAL_WORDS = frozenset("reveal reveals revealed revealing flip flips flipped show shows shown".split())
# A seat's number in a game's picture or summary ("seat 2", "seat 2 (Dee)"), said by its name instead.
SEAT_IN_TEXT = re.compile(r"\bseat (\d+)(?: \(([^()]*)\))?")
# A seat as the owner of something in the rules' reasons ("it is seat 0's turn", "level 3
# holds seat 0's car"): the one form in which they name a seat that the advised seat's "you"
# fits without another verb ("your turn"). The rules never make the mover the subject of a verb.
SEAT_AS_OWNER = re.compile(r"\bseat (\d+)'s\b")
# What follows an owner that owns a thing ("seat 0's car", "seat 0's own"), not one that stands
# alone ("is seat 0's", "seat 0's and ...").
OWNED_THING = re.compile(r" (?!(?:and|or|but|nor)\b)[a-z]")
# An aside the companion adds to a told step, what it moved ('(cash: Bob 28 -> 25)'): a note
# with a field, a colon and an amount, never one a game's words read ('(paying 3)', '(Lawyer 21)').
TOLD_ASIDE = re.compile(r"\([a-z ]+: [^()]*\d[^()]*\)")
# How a refusal names the token it refused, before its reason ("bid:99 at token 0: ...").
REFUSED_TOKEN = re.compile(r"^\S+ at token \d+: ")
# The legal moves a refusal lists as tokens, at the end of its reason ("... (legal: bid:3 pass)").
LEGAL_TOKENS = re.compile(r" \(legal: [^()]*\)$")
# A refused step in words names at most this many of the moves that are legal instead, each with
# what it costs or brings where that is said in at most LISTED_DETAIL characters.
LEGAL_SAID = 8
LISTED_DETAIL = 24
# A line the words cannot read is held against at most this many legal steps, and offered one
# that differs from it only by slips of the letters: words spelt at least this close (difflib's
# ratio: 'pas' against 'pass' is 0.86, 'chekcs' against 'checks' 0.83; 'family' against 'city' 0.4).
CLOSE_LINES_TRIED = 60
CLOSE_WORD = 0.65
# The label of an advice line copied whole ("advice: you bid 1  [bid:1]"): no part of the move.
ADVICE_LABEL = re.compile(r"^\s*(?:advice|instead):\s*", re.IGNORECASE)
# A move copied from the advice: its words, its token in square brackets and what the
# instead: line adds after it ("you pass; you take 3 Sales Associate [pass]: costs 0.10 win chance").
COPIED_ADVICE = re.compile(r"^(?P<words>[^\[\]]*?)\s*\[(?P<token>[^\[\]\s]+)\](?::[^\[\]]*)?$")


class _Advised(NamedTuple):
    """The last advice, for the next to say how the chances moved since: its best move's win
    chance and expected score, and how many positions the companion held when it was given."""

    win: float | None
    score: float | None
    positions: int


class _ReadButIllegal(TokenSyntaxError):
    """A line read as a step that the rules refuse: its words were read, so no slip of their
    letters is looked for."""


def _as_compared(part: str, own_name: str, notes: bool = False) -> tuple[str, ...]:
    """A part of a told step as two sayings of it are compared: its words in lower case, a
    closing full stop and any note in brackets left out (where `notes`, a note that gives an
    amount is kept without its brackets: '(cash: Bob 28 -> 25)' says what the step did, '(x)'
    nothing), the advised seat's words (its name, 'I', 'me', 'my') as the companion tells them
    ('you', 'your'), and a verb's ending left out, so that 'Dee takes' and 'you take' compare equal."""

    def note(match: re.Match) -> str:
        return f" {match.group(1)} " if notes and re.search(r"\d", match.group(1)) else " "

    words = NOTE.sub(note, part).lower().rstrip(". ").split()
    own = {own_name.lower(): "you", "i": "you", "me": "you", "my": "your"}
    return tuple(without_s_ending(own.get(word, word)) for word in words)


def _slip(typed: str, line: str) -> float:
    """How close `typed` is to `line` as a slip of the letters: the least ratio of their words
    that differ, word by word (0 where a word differs in more than its letters: a short word, a
    number, another word altogether, or another count of words)."""
    pairs = [(said, meant) for said, meant in zip(typed.split(), line.split()) if said != meant]
    if len(typed.split()) != len(line.split()) or not pairs:
        return 0.0
    if any(min(len(said), len(meant)) < 3 or said.isdigit() or meant.isdigit() for said, meant in pairs):
        return 0.0
    return min(difflib.SequenceMatcher(None, said, meant).ratio() for said, meant in pairs)


def _listed(told: str) -> tuple[str, str]:
    """A move as a refusal lists it: as it is said, and what it costs or brings when the words
    give that at once after a colon and briefly ('places a worker on row 1: a city car for $1',
    'sells the city car on sales space 2: +$2 (sales)', 'bets 2: the pot is 4'), but without what
    would come of it after a semicolon (For Sale's offer names every vehicle each seat would take):
    the list says what may be done, one short part a move. (move, detail), the detail "" for none."""
    move, outcomes = move_and_outcomes(told)
    end = move_end(told)
    if outcomes and told[end : end + 1] == ":" and len(outcomes[0]) <= LISTED_DETAIL:
        return move, outcomes[0]
    return move, ""


def _kinds_first(moves: list[str]) -> list[str]:
    """`moves` with the first of each kind (a token's part before ':') ahead of the rest, so that a
    short list of what is legal shows every kind of move, not six amounts of the first kind."""
    first_of_kind: dict[str, str] = {}
    for move in moves:
        first_of_kind.setdefault(move.partition(":")[0], move)
    first = list(first_of_kind.values())
    return first + [move for move in moves if move not in first]


def _said_as_a_token(text: str, token: str) -> bool:
    """Whether a line is its move's token typed as such ('bid:3', 'deal:ks'), and so is told
    as a token when refused. A token that is also a word ('fold', 'pass') was said as a word."""
    said = text.strip().lower()
    return said == token.lower() and not said.isalpha()


class SealedChoice(Position):
    """A position in which the advised seat has told its own secret choice (the game's
    SECRET_CHOICE: For Sale's sell) before the seats ahead of it in seat order: the rules
    take secret choices in seat order, when they are revealed, so the choice waits here
    for the reveal line."""

    def __init__(self, position: Position, token: str):
        super().__init__(position.game, position.pov, position.state, position.moves, position.setup, position.start)
        self.my_choice = token


class Companion:
    """One person's session: `handle(line)` returns what to print."""

    def __init__(
        self,
        session: Session,
        path: str | None = None,
        progress: Callable[[int], None] | None = None,
        spelled: Callable[[str], str] = str,
    ):
        """Checks the session (fields named as `spelled` writes them) and replays its lines."""
        self.game = session.check(spelled)
        self.session = session
        self.path = path
        self.progress = progress
        self.me = session.seat
        self.names = session.names
        self.notes: list[str] = []  # said once, with the greeting (a failed save when resuming)
        # The last advice: the next says how the chances moved since, and after which steps.
        self.last_advice: _Advised | None = None
        # What seats given the last advice's win chance won in self-play (the game's map), and
        # what its costs came to there, or None.
        self.last_self_play_win: float | None = None
        self.last_costs_in_play: CostsInPlay | None = None
        # Whether the last advice found the game decided, and so searched for the margin.
        self.last_decided = False
        at = session.at.split() if session.at else None
        try:
            self.positions = [Position.build(session.game, session.seat, None, [], at)]
        except (ProtocolError, PyaiError) as error:
            raise CompanionError(f"{spelled('at')}: {error}") from None
        replay, recorded = session.lines, session.tokens or [None] * len(session.lines)
        session.lines, session.tokens = [], []
        for number, (line, tokens) in enumerate(zip(replay, recorded), 1):  # a resumed session, without advice
            try:
                answer = self._change(line, tokens)
            except Exception as error:  # a bug: still one message naming the line, not a traceback
                log.exception("internal error replaying %r", line[:200])
                answer = [f"internal error: {type(error).__name__}: {error}"]
            if answer:
                why = answer[0].removeprefix("not taken: ")
                if tokens:
                    said = f"{spelled('tokens')}: line {number}'s {' '.join(tokens)} (said {shown_value(line)})"
                else:
                    said = f"{spelled('lines')}: line {number} {shown_value(line)}"
                raise CompanionError(f"{said} is refused now: {why}")

    @property
    def position(self) -> Position:
        return self.positions[-1]

    def greeting(self) -> list[str]:
        """The opening lines; the advice too when the position (a resumed session, a
        position given with --at) is a decision of the advised seat."""
        others = ", ".join(f"{name} (seat {s})" for s, name in enumerate(self.names) if s != self.me)
        lines = [f"{title(self.game)}: you are {self.names[self.me]}, seat {self.me}; with {others}"]
        lines += [first_help(self.game, self.names, self.me), commands_help(self.game)]
        return lines + self.notes + self.next_lines()

    def handle(self, line: str) -> list[str]:
        """What to print for one line. A line refused changes nothing: neither the
        position nor the session file."""
        kept = (
            list(self.positions),
            list(self.session.lines),
            list(self.session.tokens),
            self.path,
            list(self.session.advised),  # an advice past the lines put back would leave the file unreadable
        )
        try:
            return self._handle(line)
        except Exception as error:  # a bug: say so and put everything back; the game at the table goes on
            log.exception("internal error on %r", line[:200])
            changed = (self.session.lines, self.session.tokens, self.path, self.session.advised) != kept[1:]
            self.positions, self.session.lines, self.session.tokens, self.path, self.session.advised = kept
            told = [f"not taken: internal error ({type(error).__name__}: {error}); nothing changed"]
            return told + (self._save() if changed else [])

    def _handle(self, line: str) -> list[str]:
        text = line.strip()
        words = text.split()
        word = words[0].lower() if words else ""
        if word in ("", "help", "?"):
            return [help_text(self.game, self.names, self.me, " ".join(words[1:]))]
        if word in ("advice", "advise", "hint"):
            low, high = iterations_range(self.game)
            if len(words) > 2 or (len(words) == 2 and not _in_range(words[1], low, high)):
                return [
                    f"not taken: {word} N: N is the iterations for this advice, a whole number {low} to {high} "
                    f"(not {shown_value(' '.join(words[1:]))})"
                ]
            return self.advice(int(words[1]) if len(words) == 2 else None)
        if word in ("show", "undo", "quit", "exit") and len(words) > 1:
            return [f"not taken: {word} takes nothing after it (not {shown_value(' '.join(words[1:]))})"]
        if word == "show":
            return self.show()
        if word == "undo":
            if len(self.positions) == 1:
                return ["nothing to undo"]
            # Named, so that an undo meant for a line just refused (which changed nothing) shows
            # the step it took back instead.
            taken_back = one_line(self._told_between(self.positions[-2], self.positions[-1]))
            self.positions.pop()
            self.session.lines.pop()
            self.session.tokens.pop()
            steps = len(self.session.lines)
            self.session.advised = [entry for entry in self.session.advised if entry[0] <= steps]
            if self.last_advice is not None and self.last_advice.positions > len(self.positions):
                self.last_advice = None  # given in a position now taken back
            return [f"undone: {taken_back}" if taken_back else "undone"] + self._save() + self.next_lines()
        if word == "save":
            path = text[len(words[0]) :].strip() or self.path  # the rest of the line: a path may hold spaces
            if not path:
                return ["save FILE: where to keep the session (or start with --session FILE)"]
            failed = self._save(path)
            if failed:
                return failed
            self.path = path
            return [f"saved to {path}"]
        had_decision = self.is_my_decision()
        before = self.position
        answer = self._change(text)
        if answer:
            return answer
        if isinstance(self.position, SealedChoice) and not isinstance(before, SealedChoice):
            told = ["  " + line for line in self._told_between(before, self.position)]
        elif word == "lost":
            told = self._told_lost(text)
        elif len(self.position.moves) == len(before.moves):  # a hidden card shown: no step, the record named
            told = self._told_shown(before)
        else:
            told = self._told(before)
        told += self._save()
        # Advice comes at each decision of the seat's: one a step of another seat's (or chance)
        # gave it, and the next of its own chained turn (Automania's tile, placement, market...).
        moved = len(self.position.moves) > len(before.moves)
        if self.is_my_decision() and (not had_decision or moved):
            return told + self.advice()
        return told + self._turn_lines()

    # ------------------------------------------------------------- changes

    def _change(self, text: str, tokens: list[str] | None = None) -> list[str]:
        """Applies a move or `lost ...` (the line `text`, or the move `tokens` it was taken as,
        when a resume knows them); an error line, or [] when accepted."""
        if len(text) > MAX_LINE:
            return [f"not taken: a line of {len(text)} characters is no step of a game (at most {MAX_LINE})"]
        try:
            if tokens:
                position = self.position.play(tokens)
            elif text.split()[:1] and text.split()[0].lower() == "lost":
                position = self._lost(text)
                if isinstance(self.position, SealedChoice):  # forgetting a cash keeps the choice told
                    position = SealedChoice(position, self.position.my_choice)
            else:
                position = self._move(text)
        except (ProtocolError, PyaiError) as error:
            over = f"; {self.new_game_words()}" if self._result_told() else ""
            unread = isinstance(error, TokenSyntaxError) and not isinstance(error, _ReadButIllegal)
            close = self._line_close_to(text) if unread else None
            meant = f"; did you mean '{close}'?" if close else ""
            return [f"not taken: {self._named(str(error), told_to_me=True)}{over}{meant}"]
        self.session.tokens.append(self._tokens_played(self.position, position))
        self.positions.append(position)
        self.session.lines.append(text)
        return []

    @staticmethod
    def _tokens_played(before: Position, after: Position) -> list[str] | None:
        """The move tokens a line added to the record, or None: a line that played none (a
        secret choice kept, a money forgotten) or rewrote the record (a hidden card shown)."""
        played = len(after.moves) - len(before.moves)
        if isinstance(after, SealedChoice) or played <= 0 or after.moves[: len(before.moves)] != before.moves:
            return None
        return list(after.moves[len(before.moves) :])

    def _move(self, text: str) -> Position:
        text = ADVICE_LABEL.sub("", text)
        if self.position.state.is_terminal():  # "Anna shows kh": a hidden card shown once the game is over
            shown = self.game.shown_card(text, list(self.position.moves), self.names, self.me)
            if shown is not None:
                return self._card_shown(*shown)
        head, colon, rest = text.partition(":")
        if colon and head.lower().split()[:1] == [self.game.SECRET_CHOICE.plural]:  # "sells revealed: Anna 12, ..."
            return self._reveal(rest)
        if self.at_sealed_step():
            if colon and self._says_a_reveal(head):  # "everyone reveals: Anna 12, Bob 20"
                return self._reveal(rest)
            first = self._seat_named(text.split()[0]) if text.split() else None
            if first not in (None, self.me) and len(self._reveal_parts(text)) > 1:
                return self._reveal(text)  # "Anna 12, Bob 20": the reveal without its heading
            return self._sealed_choice(text)
        token = self._token(text, self.position)
        try:
            played = self.position.play([token])
        except ProtocolError as error:
            if error.code != ILLEGAL_MOVE or _said_as_a_token(text, token):
                raise
            raise _ReadButIllegal(self._refused_in_words(error.message)) from None
        if len(played.moves) <= len(self.position.moves):  # a line must be a step: never one that changes nothing
            raise TokenSyntaxError(f"{shown_value(text)} says no step of the game")
        self._check_what_came_of_it(text, token, played)
        return played

    def _check_what_came_of_it(self, text: str, token: str, played: Position) -> None:
        """A step typed with what came of it ('you pass; you take 12 Controller', 'Bob calls:
        the pot is 6'): where the move before the first '; ' or ': ' is, alone, the step the
        whole line was read as (`token`), the rest changed nothing of it, so each part must be
        a part of the step as it is told, or the line would say one thing and do another. Where
        the move alone is no step or another one, the rest was read as the move's own (a deal
        told in several lines, 'Anna bids: 3')."""
        copied = COPIED_ADVICE.match(text.strip())
        move, outcomes = move_and_outcomes(copied["words"] if copied else text)
        # beside the move, an aside as the companion adds it ('Dee passes (cash: Bob 28 -> 25)')
        asides = TOLD_ASIDE.findall(move)
        if not outcomes and not asides:
            return
        try:
            alone = self._words_token(move, self.position)
        except (ProtocolError, PyaiError):
            return
        if not self._same_move(alone, token, self.position):
            return
        alone = shown_value(" ".join(TOLD_ASIDE.sub(" ", move).split()))
        self._check_told_parts([*asides, *outcomes], played, alone, f"the move alone ({alone})")

    def _check_told_parts(self, parts: list[str], played: Position, step: str, alone: str) -> None:
        """TokenSyntaxError for a part of a line (what came of its step, an aside) that is no part
        of the step from here to `played` as the companion tells it: `step` names the step, `alone`
        what to say instead."""
        if not parts:
            return
        told = one_line(self._told_between(self.position, played))
        told_move, told_outcomes = move_and_outcomes(told)
        came = {  # each part of the told step, each of its pieces between commas ('..., +$3') or
            # after a colon (a card's reward, '...: 5 VP, 1 silver medal'), with its notes in brackets
            # or without them (a note may be left out, not changed), and each note alone, as its own
            # printed line reads ('(cash: Bob 28 -> 25)')
            _as_compared(piece, self.names[self.me], notes)
            for part in [told_move, *told_outcomes]
            for piece in [
                part,
                *split_outside_brackets(part, ","),
                *split_outside_brackets(part, ":"),
                *(note[0] for note in NOTE.finditer(part)),
            ]
            for notes in (False, True)
        }
        for part in parts:
            if _as_compared(part, self.names[self.me], notes=True) not in came:
                raise TokenSyntaxError(
                    f"{shown_value(part)} is not what came of {step}, which is told {shown_value(told, 200)}: "
                    f"say one step a line, {alone} or as it is told"
                )

    def _reason_said(self, message: str) -> str:
        """The rules' reason in `message` for a person who speaks in words: without the token
        it was read as, the legal tokens it lists, or the game's other token forms."""
        return self.game.reason_in_words(LEGAL_TOKENS.sub("", REFUSED_TOKEN.sub("", message, count=1)))

    def _refused_in_words(self, message: str) -> str:
        """Why a step said in words is not legal, in words: the rules' reason without the token
        it was read as, and what may be said instead (the next chance step, or the mover's moves)."""
        reason = self._reason_said(message)
        state = self.position.state
        mover = state.to_move()
        if self.at_sealed_step() and self.me in self.seats_to_reveal():  # your secret choice: what you may choose
            mover, legal = self.me, state.legal_moves_for(self.me)
        elif not isinstance(mover, int) or self.at_sealed_step():  # chance, the reveal: what the next: line says
            return f"{reason}; {self._turn_lines()[0].removeprefix('next: ')}"
        else:
            view = self.position.view()
            try:  # another seat's choice may hang on cards the advised seat never saw: then no list
                if view is not None:
                    self.game.check_known_mover(view, mover)
                legal = state.legal_moves()
            except PyaiError:
                picker = self.game.hidden_move_picker(view.to_dict(), self.names, self.me) if view is not None else None
                return f"{reason}; {picker.what}: say what the table sees, '{picker.start} ...'" if picker else reason
        name = "you" if mover == self.me else self.names[mover]
        listed = [_listed(self.said_in_words([move])[0]) for move in _kinds_first(legal)]
        if len({detail for _, detail in listed}) == 1:  # the same for every move: no part of the choice
            listed = [(move, "") for move, _ in listed]
        said = list(dict.fromkeys(f"{move}: {detail}" if detail else move for move, detail in listed))
        said = [move.removeprefix(f"{name} ") for move in said]
        more = f" | and {len(said) - LEGAL_SAID} more" if len(said) > LEGAL_SAID else ""
        return f"{reason}; legal now, {name}: " + " | ".join(said[:LEGAL_SAID]) + more

    def _card_shown(self, index: int, token: str) -> Position:
        """The game again with the deal at `index` of the record named `token`: what the seat
        never saw, shown at the end (the result it decides can then be told)."""
        moves = list(self.position.moves)
        moves[index] = token
        at = self.session.at.split() if self.session.at else None
        return Position.build(self.session.game, self.me, None, moves, at)

    def at_sealed_step(self, position: Position | None = None) -> bool:
        """Whether seats choose secretly now, or at `position` (the game's SECRET_CHOICE): more
        than one seat may act, or the advised seat has told its choice and the others' are still to come."""
        position = position or self.position
        state = position.state
        if state.is_terminal() or state.to_move() == "chance":
            return False
        if isinstance(position, SealedChoice):
            return True
        return sum(state.may_act(seat) for seat in range(self.game.players)) > 1

    def seats_to_reveal(self) -> list[int]:
        """The seats whose sealed choice the reveal line must give, in seat order."""
        state, told = self.position.state, isinstance(self.position, SealedChoice)
        return [s for s in range(self.game.players) if state.may_act(s) and not (s == self.me and told)]

    def _says_a_reveal(self, head: str) -> bool:
        """Whether the words before a line's colon head a reveal as people say it ('everyone
        reveals', 'revealed', 'cards flipped'): a word of showing, and no seat's name (one
        seat's 'Anna reveals: 12' is that seat's step)."""
        words = [word.lower() for word in head.split()]
        return any(word in _REVEAL_WORDS for word in words) and not any(
            self._seat_named(word) is not None for word in words
        )

    def _reveal_example(self, said: dict[int, str] | None = None) -> str:
        """The reveal line with a choice for each seat to reveal: `said`'s where the line just
        refused said one (so the example is the line meant), else one the seat could make."""
        seats = self.seats_to_reveal()
        chosen = {seat: self._secret_example(seat) for seat in seats} | (said or {})
        listed = ", ".join(f"{'I' if s == self.me else self.names[s]} {chosen[s]}" for s in seats)
        return f"'{self.game.SECRET_CHOICE.plural} revealed: {listed}'"

    def _secret_example(self, seat: int) -> str:
        """A secret choice `seat` could make now, as the reveal line says it: its first legal one
        (For Sale: its lowest vehicle), so an example names what that seat holds; the game's stock
        example where the rules list it none now."""
        try:
            moves = self.position.state.legal_moves_for(seat)
        except PyaiError:
            moves = []
        examples = self.game.SECRET_CHOICE.examples
        return self.game.secret_choice_words(moves[0]) if moves else examples[seat % len(examples)]

    def _seat_named(self, word: str) -> int | None:
        lowered = word.lower()
        if lowered in OWN_SEAT_WORDS or contracts_i(lowered):  # "I'll sell 12"
            return self.me
        names = [n.lower() for n in self.names]
        return names.index(lowered) if lowered in names else None

    def _sealed_choice(self, text: str) -> Position:
        """A line while seats choose secretly: only the advised seat's own choice. Taken as
        a move when the rules take it now (its turn in seat order), else kept for the reveal."""
        words = text.split()
        # A move token alone is the advised seat's: the others' choices come in the reveal line.
        bare = len(words) == 1
        mover = self.position.state.to_move()
        seat = self.me if bare else self._seat_named(words[0]) if words else None
        secret = self.game.SECRET_CHOICE
        numbers = re.findall(r"\d+", " ".join(words[1:]))
        said = {seat: " ".join(numbers)} if isinstance(seat, int) and seat != self.me and numbers else None
        reveal = f"the others' in one line once revealed: {self._reveal_example(said)}"
        if self.me in self.seats_to_reveal():  # yours still to tell: it comes first
            reveal = f"say yours when you choose it ('{secret.mine} {self._secret_example(self.me)}'), then {reveal}"
        else:
            reveal = f"yours is told; say {reveal}"
        if seat != self.me:
            who = f"{self.names[seat]}'s" if isinstance(seat, int) else "another seat's"
            raise TokenSyntaxError(
                f"{who} {secret.noun} comes with the others', as the {secret.plural} are turned up together: {reveal}"
            )
        if isinstance(self.position, SealedChoice) or not self.position.state.may_act(self.me):
            # Kept for the reveal, or taken by the rules already (yours came first in seat order).
            told = f" ({self.position.my_choice})" if isinstance(self.position, SealedChoice) else ""
            raise TokenSyntaxError(
                f"your {secret.noun} is told already{told}: 'undo' takes it back; "
                f"the others' come in one line: {self._reveal_example()}"
            )
        token = self._token(text, self.position)
        try:
            if mover == self.me:
                result = self.position.play([token])
            else:
                result = SealedChoice(self.position, self._own_choice(token, self.position))
        except (ProtocolError, PyaiError) as error:
            if isinstance(error, ProtocolError) and error.code != ILLEGAL_MOVE:
                raise
            reason = str(error).removeprefix(f"{token}: ")
            if not _said_as_a_token(text, token):  # said in words: refused in words
                raise _ReadButIllegal(self._refused_in_words(reason)) from None
            others = f"; the others' come in one line: {self._reveal_example()}" if bare else ""
            raise TokenSyntaxError(f"{token} is not yours to choose: {reason}{others}") from None
        self._check_what_came_of_it(text, token, result)  # 'I sell 5; ...' as it is told
        return result

    def _own_choice(self, token: str, position: Position) -> str:
        """The advised seat's secret choice `token` at `position` as the rules write it, told
        before its turn in seat order comes. The rules take the seats ahead first: any choice
        of theirs shows whether this one is legal. PyaiError when it is not."""
        ahead = position.state.clone()
        while ahead.to_move() != self.me:
            ahead.apply(ahead.legal_moves()[0])
        return ahead.apply(token)

    def _reveal_parts(self, rest: str) -> list[list[str]]:
        """The reveal line's seats, each with its words: parted by commas or semicolons, and by an
        'and' (or '&') before a seat's name, as a list is said ('Anna 12, Bob 20 and I 5'); an 'and'
        before anything else is the choice's own ('Anna 12 and 20 with 19')."""
        parts: list[list[str]] = []
        for piece in re.split(r"[,;]", rest):
            words = piece.split()
            if parts and words[:1] and words[0].lower() in ("and", "&"):  # ', and Carol 5'
                words = words[1:]
            part: list[str] = []
            for index, word in enumerate(words):
                before_a_seat = index + 1 < len(words) and self._seat_named(words[index + 1]) is not None
                if part and word.lower() in ("and", "&") and before_a_seat:
                    parts.append(part)
                    part = []
                else:
                    part.append(word)
            parts += [part] if part else []
        return parts

    def _reveal(self, rest: str) -> Position:
        """`sells revealed: Anna 12, Bob 20, I 5`: every secret choice still to come, each
        seat once, in any order; taken in seat order, all or nothing."""
        secret = self.game.SECRET_CHOICE
        noun, plural = secret.noun, secret.plural
        if not self.at_sealed_step():
            raise TokenSyntaxError(f"no secret {plural} to reveal now: say the step as it comes")
        rest, came = self._reveal_and_what_came(rest)
        parts = self._reveal_parts(rest)
        if not parts:
            raise TokenSyntaxError(f"say each seat's {noun} after '{plural} revealed:': {self._reveal_example()}")
        position = self.position
        mine = position.my_choice if isinstance(position, SealedChoice) else None
        needed = self.seats_to_reveal()
        # Yours as told: kept for the reveal, or taken by the rules at once (you came first in seat
        # order, and the seats after you are all still to reveal: it is the last move).
        told_mine = mine or (position.moves[-1] if self.me not in needed and position.moves else None)
        listed = ", ".join(self.names[s] for s in needed)
        said: dict[int, str] = {}
        for words in parts:
            seat = self._seat_named(words[0])
            if seat is None:
                raise TokenSyntaxError(
                    f"{shown_value(words[0])} is no seat's name ({', '.join(self.names)}; 'I' for yours)"
                )
            if seat == self.me and told_mine:
                yours = self.game.secret_choice_words(told_mine)
                if sorted(re.findall(r"\d+", " ".join(words[1:]))) == sorted(re.findall(r"\d+", yours)):
                    continue  # yours again, as told: the line lists every seat, as the cards flip
                raise TokenSyntaxError(
                    f"your {noun} is told already ({yours}): the line names the others ({listed}), and yours only "
                    "as told; 'undo' takes yours back"
                )
            if seat not in needed:
                raise TokenSyntaxError(
                    f"{self.names[seat]} has no {noun} to reveal now (the {plural} to reveal: {listed})"
                )
            if seat in said:
                raise TokenSyntaxError(f"{self.names[seat]} is named twice (each seat once: {listed})")
            if len(words) < 2:
                raise TokenSyntaxError(
                    f"{self.names[seat]}'s {noun} is missing: say it, e.g. {words[0]} {self._secret_example(seat)}"
                )
            named = [word for word in words[1:] if word.lower() in {"i", *(n.lower() for n in self.names)}]
            if named:  # "Anna 8 Carol 1": the seats run together
                raise TokenSyntaxError(
                    f"{shown_value(' '.join(words))} names {', '.join(named)} after {words[0]}: "
                    f"separate the seats with commas, e.g. {self._reveal_example()}"
                )
            said[seat] = " ".join(words[1:])
        missing = [self.names[s] + " (you)" * (s == self.me) for s in needed if s not in said]
        if missing:
            raise TokenSyntaxError(
                f"the line leaves out {', '.join(missing)}: it names every seat whose {noun} is still to be revealed "
                f"({listed}), e.g. {self._reveal_example()}"
            )
        for seat in sorted([*needed, *([self.me] if mine else [])]):  # the rules take them in seat order
            try:
                token = (
                    mine
                    if seat == self.me and mine
                    else self._token(f"{self.names[seat]} {secret.verb} {said[seat]}", position)
                )
                position = position.play([token])
            except (ProtocolError, PyaiError) as error:
                reason = self._named(self._reason_said(str(error)), told_to_me=True)
                whose = "your" if seat == self.me else f"{self.names[seat]}'s"
                raise TokenSyntaxError(f"{whose} {noun}: {reason}") from None
        self._check_told_parts(
            came, position, f"the {plural} revealed", f"the {plural} alone ('{plural} revealed: ...')"
        )
        return position

    def _reveal_and_what_came(self, rest: str) -> tuple[str, list[str]]:
        """The reveal line's seats and, as a told reveal is typed back, what came of it after a
        '; ' that opens with no seat's name ('...; sold: Anna 12 -> check 9'): a '; ' before a
        seat's name parts the seats, as a comma does."""
        pieces = split_outside_brackets(rest, ";")
        opens = [piece.split()[0] if piece.split() else "" for piece in pieces]
        seats = next((i for i in range(1, len(pieces)) if self._seat_named(opens[i]) is None), len(pieces))
        return ";".join(pieces[:seats]), pieces[seats:]

    def _token(self, text: str, position: Position) -> str:
        """The move a line says at `position`: in words, as a token, or copied from the advice
        with its token, when the words and the token agree."""
        copied = COPIED_ADVICE.match(text.strip())
        if copied is None:
            return self._words_token(text, position)
        words, token = copied["words"], copied["token"]
        if not words:
            return token
        read = self._words_token(words, position)
        if not self._same_move(read, token, position):
            raise TokenSyntaxError(
                f"the words say {read} but the token in brackets is {token}: say the move once, in words or as a token"
            )
        return read

    def _words_token(self, text: str, position: Position) -> str:
        view = position.view()
        data = view.to_dict() if view is not None else position.state.to_dict()
        return self.game.words_to_token(text, data, self.names, self.me)

    def _same_move(self, first: str, second: str, position: Position) -> bool:
        """Whether two tokens are one move at `position` (a token may be written more ways than
        one: 'sell:7,6@21' is 'sell:6,7@21'), the advised seat's secret choice told early too."""
        if first.lower() == second.lower():
            return True
        try:
            if self.at_sealed_step(position) and position.state.to_move() != self.me:
                return self._own_choice(first, position) == self._own_choice(second, position)
            return position.play([first]).moves == position.play([second]).moves
        except (ProtocolError, PyaiError):
            return False

    def _lost(self, text: str) -> Position:
        """`lost <name> cash [LO..HI]`: the position again, that seat's money unknown (or a
        range): the game's view forgets it (View.forget_money) and writes the position."""
        words = text.split()
        seat = self._lost_seat(text)
        view = self.position.view()
        field = self.game.MONEY_FIELD
        if not field or view is None:
            raise TokenSyntaxError(f"{self.game.name} has no money a player can lose track of")
        if not any(word.startswith(f"{field}:") for word in view.position().split()):
            raise TokenSyntaxError(f"the position has no {field} now to forget")  # before the first deal, or over
        known = _amount(words[3], money_said(self.game)) if len(words) == 4 else "?"
        was = view.to_dict()["seats"][seat].get(f"{field}_range")
        view.forget_money(seat, *(() if known == "?" else known))
        now = view.to_dict()["seats"][seat].get(f"{field}_range")
        if was is not None and was == now:  # a line is a change: one that changes nothing would pile up
            low, high = now
            amount = f"{low}" if low == high else f"anything from {low} to {high}"
            said = money_said(self.game)
            changed = "the line changes nothing"
            raise TokenSyntaxError(f"{self.names[seat]}'s {said} {_is(said)} {amount} already: {changed}")
        return Position.build(str(self.game), self.me, None, [], view.position().split())

    def _told(self, before: Position) -> list[str]:
        """The step just taken, in the game's words, as the advised seat saw it."""
        return ["  " + line for line in self._told_between(before, self.position)]

    def _told_shown(self, before: Position) -> list[str]:
        """A hidden card shown at the end, told as the deal it names ('shown at the end: Bob is
        dealt the king of hearts'): the card read, not the words typed for it."""
        index = next(i for i, (was, now) in enumerate(zip(before.moves, self.position.moves)) if was != now)
        at = self.session.at.split() if self.session.at else None
        dealing = Position.build(self.session.game, self.me, None, list(self.position.moves[:index]), at)
        token = self.position.moves[index]
        dealt = dealing.play([token])
        # Told from the whole state: the seat's own view of the deal keeps the card it never saw hidden.
        told = seats_told(self.names, self.me)
        said = one_line(self.game.narrate(dealing.state.to_dict(), token, dealt.state.to_dict(), told)) or token
        return [f"  shown at the end: {said}"]

    def _said_choice(self, position: Position, token: str) -> str:
        """The advised seat's own secret choice `token` in `position`, in the game's words
        (narrate's form for it: the same view before and after, the seat to move its own)."""
        seen = position.view()
        if seen is None:
            return token
        data = seen.to_dict() | {"to_move": self.me}
        told = seats_told(self.names, self.me)
        return one_line(self.game.narrate(data, token, data, told)) or token

    def _told_between(self, before: Position, after: Position) -> list[str]:
        """The step from `before` to `after` (one line apart), in the game's words, as the advised seat saw it."""
        revealed = f"until the {self.game.SECRET_CHOICE.plural} are revealed"
        if isinstance(after, SealedChoice) and not isinstance(before, SealedChoice):  # a choice told, kept
            return [f"{self._said_choice(before, after.my_choice)}: kept secret {revealed}"]
        # A choice of yours the rules took at once (yours came first in seat order): as secret
        # at the table as one kept, and told so alike.
        yours_first = before.state.to_move() == self.me and len(after.moves) == len(before.moves) + 1
        if yours_first and self.at_sealed_step(before) and self.at_sealed_step(after):
            return [f"{self._said_choice(before, after.moves[-1])}: kept secret {revealed}"]
        seen_before, seen_after = before.view(), after.view()
        if len(after.moves) <= len(before.moves):  # no move: a line that changed what the seat knows
            return self._told_forgotten(seen_before, seen_after)
        token = after.moves[-1]
        if seen_before is None or seen_after is None:
            return [token]
        told = seats_told(self.names, self.me)
        return self.game.narrate(seen_before.to_dict(), token, seen_after.to_dict(), told)

    def _told_forgotten(self, before: Any, after: Any) -> list[str]:
        """The seats whose money the advised seat lost track of between two of its views."""
        field = self.game.MONEY_FIELD
        if not field or before is None or after is None:
            return []
        told = []
        for seat, (was, now) in enumerate(zip(before.to_dict()["seats"], after.to_dict()["seats"])):
            low, high = now.get(f"{field}_range", (None, None))
            if low is not None and was.get(f"{field}_range") != now.get(f"{field}_range"):
                told.append(f"you lost track of {self.names[seat]}'s {money_said(self.game)} ({low}..{high})")
        return told

    def said_in_words(self, tokens: list[str], position: Position | None = None) -> list[str]:
        """`tokens` played in turn from the position (now, or `position`: one the session went
        through), each step in the game's words as the advised seat would see it. Where a step
        cannot be played from what the seat knows (another seat's secret, a choice told before
        its turn), the rest is given as tokens."""
        position, said = position or self.position, list[str]()
        if tokens and self.at_sealed_step(position):  # one's own secret choice: unseen by the table till the reveal
            return [self._said_choice(position, tokens[0]), *tokens[1:]]
        for index, token in enumerate(tokens):
            try:
                after = position.play([token])
            except (ProtocolError, PyaiError):
                return said + [" ".join(tokens[index:])]
            said.append(one_line(self._told_between(position, after)) or token)
            position = after
        return said

    def _told_lost(self, text: str) -> list[str]:
        """What a `lost <name> cash [LO..HI]` line changed. With no range, the range the
        rules leave, and a question: the search imagines any amount in it alike, so a
        wide one moves the advice, and the person usually knows better."""
        words = text.split()
        seat, field, said = self._lost_seat(text), self.game.MONEY_FIELD, money_said(self.game)
        name = self.names[seat]
        if len(words) == 4 and words[3] != "?":
            known = words[3].replace("..", " and ")
            return [f"  {name}'s {said} {_is(said)} {'between ' * (' and ' in known)}{known} now"]
        view = self.position.view()
        low, high = view.to_dict()["seats"][seat].get(f"{field}_range", (None, None)) if view else (None, None)
        if low is None:
            return [f"  {name}'s {said} {_is(said)} unknown now"]
        return [
            f"  {name}'s {said} {_is(said)} unknown now: anything from {low} to {high} as far as the rules tell",
            f"  the search takes every amount in it as equally likely, which moves its advice: if you have "
            f"an idea of {name}'s {said}, say it as a range, e.g. 'lost {name} {said} 10..20'",
        ]

    def _lost_seat(self, text: str) -> int:
        """The seat a `lost <name> cash [LO..HI]` line names."""
        words = text.split()
        said = money_said(self.game) or "cash"
        if len(words) not in (3, 4) or words[2].lower() not in ("cash", "money", said):
            raise TokenSyntaxError(f"say: lost <name> {said} [LO..HI]")
        seat = self._seat_named(words[1])  # "I" for the advised seat, as in every other line
        if seat is None:
            raise TokenSyntaxError(f"{words[1]!r} is no seat's name ({', '.join(self.names)})")
        return seat

    def _save(self, path: str | None = None) -> list[str]:
        """Saves the session to `path` (default: its file, if any); a failure is a message, and
        the session goes on in memory: the file keeps what it last held whole."""
        path = path or self.path
        if not path:
            return []
        try:
            self.session.save(path)
        except OSError as error:
            reason = error.strerror or str(error) or type(error).__name__
            elsewhere = f"; later lines are saved to {self.path!r} as before" if self.path and path != self.path else ""
            return [
                f"not saved to {path!r} ({reason}): the file keeps what it held; the session goes on in memory "
                f"('save' or 'save FILE' tries again){elsewhere}"
            ]
        return []

    # ------------------------------------------------------------- advice

    def my_move_between(self, before: Position, after: Position) -> str | None:
        """The advised seat's own move from one of the session's positions to the next
        (`pyai review` reads a session so), or None when the step was not its decision.
        A sealed choice counts where it was told, not where the reveal played it."""
        if isinstance(before, SealedChoice):
            return None  # the reveal: the choice was told a line before
        if isinstance(after, SealedChoice):
            return after.my_choice
        state, new = before.state, after.moves[len(before.moves) :]
        if state.is_terminal() or state.to_move() == "chance" or not new or not state.may_act(self.me):
            return None
        # Several seats choosing at once are played in seat order (the reveal line).
        acting = [seat for seat in range(self.game.players) if state.may_act(seat)]
        return new[acting.index(self.me)] if len(new) == len(acting) else new[0] if state.to_move() == self.me else None

    def is_my_decision(self) -> bool:
        """Whether the advised seat has a decision now (not one it has already told)."""
        state = self.position.state
        chosen = isinstance(self.position, SealedChoice)
        return not state.is_terminal() and state.to_move() != "chance" and state.may_act(self.me) and not chosen

    def next_lines(self) -> list[str]:
        """What comes next: the advice when it is the advised seat's decision, else whose step."""
        return self.advice() if self.is_my_decision() else self._turn_lines()

    def _turn_lines(self) -> list[str]:
        state = self.position.state
        if state.is_terminal():
            return self._final_lines()
        mover = state.to_move()
        if mover == "chance":
            view = self.position.view()
            said = self.game.chance_words(view.to_dict(), self.names, self.me) if view is not None else ""
            return [f"next: {said}" if said else f"next: cards are turned up ({state.legal_summary()})"]
        if self.at_sealed_step():
            plural = self.game.SECRET_CHOICE.plural
            return [f"next: the {plural}, secret until revealed; then in one line: {self._reveal_example()}"]
        assert isinstance(mover, int)  # neither chance nor over
        view = self.position.view()
        doing = self.game.decision_words(view.to_dict()) if view is not None else ""
        name = "you" if mover == self.me else self.names[mover]  # your own turn, after a line that gave no advice
        return [f"next: {name}" + (f", to {doing}" if doing else "")]

    def _final_lines(self) -> list[str]:
        """The end of the game as `pyai play` closes it (the game's summary: each seat's
        score with its parts, the winners), each seat by its name."""
        try:
            self.position.result()  # a score the advised seat's record does not decide is refused
        except ProtocolError as error:
            view = self.position.view()
            shown = self.game.hidden_move_picker(view.to_dict(), self.names, self.me) if view is not None else None
            how = self._how_to_show(shown) if shown is not None else ""
            return [f"the game is over: {self._named(self._reason_said(error.message), told_to_me=True)}{how}"]
        return ["the game is over:"] + [
            self._named(line, marked=True) for line in self.game.final_summary(self.position.state, self.names)
        ]

    def _line_close_to(self, text: str) -> str | None:
        """A legal step of the seat to move said as the companion would read it, spelt close to
        the unreadable line `text` ('I pas': 'I pass'; 'Bbo folds': 'Bob folds'), or None. Only
        a slip of the letters: the same count of words and the same numbers, so that a line
        saying something else ('bids 5 more') is never offered as another bid."""
        state = self.position.state
        mover = state.to_move()
        if not isinstance(mover, int) or self.at_sealed_step():
            return None
        try:
            legal = self.position.legal()
        except (ProtocolError, PyaiError):  # another seat's moves hang on what you never saw
            return None
        typed = " ".join(text.lower().split())
        count = len(typed.split())
        candidates: dict[str, tuple[str, str]] = {}  # each line's lower case: the line, its move
        for move in legal[:CLOSE_LINES_TRIED]:
            said = move_and_outcomes(self.said_in_words([move])[0])[0]
            line = f"I {said.removeprefix('you ')}" if mover == self.me else said
            # the line as told, or its first words where they say the move alone ('Bob raises')
            short = " ".join(line.split()[:count])
            if re.findall(r"\d+", short) == re.findall(r"\d+", typed):
                candidates.setdefault(short.lower(), (short, move))
        slips = sorted((_slip(typed, found), found) for found in candidates)
        for closeness, found in reversed(slips[-3:]):
            if closeness < CLOSE_WORD:
                break
            line, move = candidates[found]
            try:
                if found != typed and self._same_move(self._words_token(line, self.position), move, self.position):
                    return line
            except (ProtocolError, PyaiError):  # the first words alone say no move: not offered
                continue
        return None

    def _result_told(self) -> bool:
        """Whether the game is over with its result decided, nothing left to tell of it (a card
        still to show at a showdown decides it): only the next game may come."""
        if not self.position.state.is_terminal():
            return False
        try:
            self.position.result()
        except ProtocolError:
            return False
        return True

    def new_game_words(self) -> str:
        """How to start the next game with the same seats, names and search, once this one is over."""
        command = [
            "pyai advise",
            f"--game {shlex.quote(self.session.game)}",
            f"--names {shlex.quote(','.join(self.session.names))}",
            f"--seat {self.session.seat}",
            f"--iterations {self.session.iterations}",
        ]
        return f"a new game, with these seats: {' '.join(command)}"

    def _how_to_show(self, shown: ChancePicker) -> str:
        """How to tell the hidden card that decides the result, or why it cannot be told here (a
        card dealt before the record, in a position given with --at, is not the record's to name)."""
        example = f"{shown.start} {shown.options[0].word}" if shown.options else shown.start
        try:
            self.game.shown_card(example, list(self.position.moves), self.names, self.me)
        except PyaiError as refused:  # no card can be told: the result waits on what stays unnamed
            return f"; {refused}: the result stays untold here"
        return f"; say it shown: '{shown.start} <card>'"

    def _named(self, text: str, told_to_me: bool = False, marked: bool = False) -> str:
        """`text` with each seat's number ("seat 2", "seat 2 (Dee)") said by its name. A text
        `told_to_me` (a refusal's reason) speaks to the person: the advised seat as an owner is
        "your" ("it is your turn") or "yours"; a name elsewhere, which keeps each verb right.
        In a picture (`marked`) the advised seat is "Ann (you)", found at a glance among the seats."""

        def owner(match: re.Match) -> str:
            if int(match.group(1)) != self.me:
                return match.group(0)
            return "your" if OWNED_THING.match(text, match.end()) else "yours"

        def name(match: re.Match) -> str:
            seat = int(match.group(1))
            if seat >= len(self.names) or match.group(2) not in (None, self.names[seat]):
                return match.group(0)
            return f"{self.names[seat]} (you)" if marked and seat == self.me else self.names[seat]

        return SEAT_IN_TEXT.sub(name, SEAT_AS_OWNER.sub(owner, text) if told_to_me else text)

    def show(self, steps: int | None = None) -> list[str]:
        """The table as the advised seat sees it, each seat by its name: now, or after the
        session's first `steps` lines (a position the session went through)."""
        position = self.position if steps is None else self.positions[steps]
        # whose view it is says itself: "as seen by Ann"
        lines = [
            self._named(line, marked=not line.startswith("as seen by")) for line in position.picture().splitlines()
        ]
        if steps is not None:
            return lines
        if isinstance(self.position, SealedChoice):
            told = self._said_choice(self.position, self.position.my_choice)
            secret = self.game.SECRET_CHOICE
            kept = f"(kept until the {secret.plural} are revealed)"
            lines.append(f"your {secret.noun}, told: {told} [{self.position.my_choice}] {kept}")
        return lines

    def advice(self, iterations: int | None = None) -> list[str]:
        """The suggested move for the advised seat now, with its chances; searched with
        `iterations` (default: the session's)."""
        self.last_self_play_win = self.last_costs_in_play = None
        self.last_decided = False
        if isinstance(self.position, SealedChoice):
            noun = self.game.SECRET_CHOICE.noun
            return [f"no advice now: your {noun} is told ({self.position.my_choice}); 'undo' takes it back"]
        state = self.position.state
        mover = state.to_move()
        if state.is_terminal():
            return ["no advice now: the game is over"]
        if mover == "chance":  # what is turned up next, in the words the next: line asks for
            return [f"no advice now: first {self._turn_lines()[0].removeprefix('next: ')}"]
        if isinstance(mover, int) and not state.may_act(self.me):
            return [f"no advice now: it is {self.names[mover]}'s turn, not yours"]
        try:
            view = self.position.search_view()
        except ProtocolError as error:
            return [f"no advice now: {self._named(str(error), told_to_me=True)}"]
        if view.seat != self.me:
            return [f"no advice now: it is {self.names[view.seat]}'s decision, not yours"]
        iterations = iterations or self.session.iterations
        result, cut = self.think(view, iterations)
        lines = []
        best = by_share(result)[0]
        decided = "lost" if cannot_win(result, self.game, {}) else "won" if sure_win(result, self.game, {}) else ""
        self.last_decided = bool(decided) and not cut
        if decided and not cut:
            result, cut = self.think(view, iterations, margin_weight=MARGIN_WEIGHT)
            best = by_share(result)[0]
            # the margin search's, as the line under the advice gives it
            win = "win chance " + ("not estimated" if best.win is None else f"{best.win:.2f}")
            lines.append(
                f"you cannot win any more ({win}): advice for the best finishing margin"
                if decided == "lost"
                else f"you win whatever you do ({win}): advice for the widest margin"
            )
        # What seats given such a chance won in self-play: for an estimate, not a settled outcome.
        searched = result.iterations  # fewer than asked when Ctrl-C cut the search short
        seen = view.to_dict()
        told = None if decided or best.win is None else told_chance(self.game, seen, searched, best.win)
        self.last_self_play_win = told
        costs_in_play = None if decided else told_costs(self.game, seen, searched)
        self.last_costs_in_play = costs_in_play
        # Once the game is decided the search plays for the margin: the moves are told apart by score.
        net_score = played_for_score(self.game)
        by_score = net_score or bool(decided)
        lines += advice_lines(
            result,
            self.names,
            best.token,
            by_score,
            self.game.SCORE_UNIT,
            said=self._move_words(),
            continuation=self.said_in_words([best.token, *best.continuation])[1:],
            earlier=self._earlier(),
            told=told,
            costs_in_play=costs_in_play,
            net_score=net_score,
        )
        if cut:
            lines.append("(interrupted: what the search had found so far)")
        self.last_advice = _Advised(best.win, best.score_mean, len(self.positions))
        if best.win is not None:
            steps = len(self.session.lines)
            self.session.advised = [entry for entry in self.session.advised if entry[0] != steps]
            self.session.advised.append([steps, round(best.win, 4)])
        return lines

    def _move_words(self) -> Callable[[str], str]:
        """A move of the advised seat in words, each said once however often the advice names
        it (the move line, the reason, the alternatives): saying one replays the record."""
        said: dict[str, str] = {}

        def words(token: str) -> str:
            if token not in said:
                said[token] = self.said_in_words([token])[0]
            return said[token]

        return words

    def _earlier(self) -> Earlier | None:
        """The last advice, while the companion still holds the positions it was given in (not
        undone), and some step came since: advice asked again in the same position differs only
        by the search's noise or budget, which is no swing of the game."""
        if self.last_advice is None or self.last_advice.positions >= len(self.positions):
            return None
        win, score, count = self.last_advice
        steps = [  # a deal without the heading mark it opens with when told ("-- phase 1, round 2 ...")
            one_line(self._told_between(before, after)).removeprefix("-- ")
            for before, after in zip(self.positions[count - 1 : -1], self.positions[count:])
        ]
        return Earlier(win, [step for step in steps if step], score)

    def new_search(self, view: Any, iterations: int, **settings: Any) -> Search:
        """The search of the advised seat's view, seeded by the position so that advice repeats."""
        return Search(view, iterations=iterations, seed=len(self.position.moves), **settings)

    def think(self, view: Any, iterations: int, **settings: Any) -> tuple[AnalysisResult, bool]:
        """The search's result, and whether Ctrl-C cut it short (a front-end that keeps the
        numbers, as the web page does, overrides this)."""
        search = self.new_search(view, iterations, **settings)
        search.start()
        cut = False
        try:
            while not search.wait(0.25):
                if self.progress:
                    self.progress(search.progress())
        except KeyboardInterrupt:  # Ctrl-C: answer with what was found so far
            cut = True
            search.stop()
            search.wait()
        if self.progress:
            self.progress(-1)
        return search.result, cut


def _amount(text: str, money: str) -> tuple[int, int] | str:
    """The amount of a `lost <name> cash AMOUNT` line (`money` the game's word for cash):
    (low, high) from N or LO..HI (LO-HI as people write a range too), or "?"."""
    said = re.fullmatch(r"\?|([0-9]{1,9})(?:(?:\.\.|-|\u2013)([0-9]{1,9}))?", text)
    if not said:
        raise TokenSyntaxError(f"say: lost <name> {money} [LO..HI], e.g. 10..20 or 14, not {shown_value(text)}")
    if text == "?":
        return text
    low, high = said.groups()
    return int(low), int(high or low)


def _is(noun: str) -> str:
    """The verb for a game's word for money: "cash is", "coins are"."""
    return "are" if noun.endswith("s") else "is"


def _in_range(text: str, low: int, high: int) -> bool:
    return re.fullmatch(r"[0-9]{1,19}", text) is not None and low <= int(text) <= high


def resume(
    path: str,
    save_to: str | None = None,
    progress: Callable[[int], None] | None = None,
    iterations: int | None = None,
) -> Companion:
    """The session saved in `path`, checked and replayed, going on saving to `save_to`
    (default: `path`), with `iterations` per advice when given (saved at once);
    CompanionError names the file and its first bad field or line, or `--iterations`."""
    session = Session.load(path)
    if iterations is not None:  # checked before anything changes: a bad value leaves the file as it is
        check_iterations(iterations, load_game(session.game), "--iterations")
    changed = iterations is not None and iterations != session.iterations
    if iterations is not None and changed:
        session.iterations = iterations
    try:
        companion = Companion(session, save_to or path, progress, spelled=lambda name: f'"{name}"')
    except CompanionError as error:
        raise CompanionError(f"cannot resume from {path!r}: {error}") from None
    if changed:  # the session goes on with them: so does its file
        companion.notes += [f"{iterations} iterations per advice from now on"] + companion._save()
    return companion


def run(companion: Companion, read: Callable[[str], str] = input, write: Callable[[str], None] = print) -> int:
    """The interactive loop: prompt, answer, until quit or end of input."""
    for line in companion.greeting():
        write(line)
    while True:
        try:
            line = read("> ")
        except EOFError:
            return 0
        if line.strip().lower() in ("quit", "exit"):
            return 0
        for answer in companion.handle(line):
            write(answer)


def thinking_ticker(stream: Any) -> Callable[[int], None]:
    """A progress display while the search thinks: iterations so far, on one line."""

    def show(iterations: int) -> None:
        if iterations < 0:  # done: clear the line
            stream.write("\r" + " " * 60 + "\r")
            stream.flush()
            return
        stream.write(f"\rthinking... {iterations} iterations (Ctrl-C: answer now)")
        stream.flush()

    return show
