"""A companion session as the web page shows it: the table as the player's seat
sees it, the inputs legal now (each a button: a token, its words and the line
that says it), and the advice with its numbers. Every step goes through
`Companion.handle`, as in `pyai advise`; the search runs only when asked."""

from __future__ import annotations

import functools
import re
import threading
from typing import Any

from ..analysis import AnalysisResult, Search, played_for_score
from ..commands.advice_text import CONTINUATION_STEPS, Z95, by_share, score_bounds
from ..commands.advise import Companion, SealedChoice
from ..commands.advise_help import steps_help
from ..commands.advise_session import CompanionError
from ..errors import PyaiError
from ..game_api import OWN_SEAT_WORDS, ChancePicker, title
from ..game_files import NO_FILES
from ..games import load_game
from ..protocol.errors import ProtocolError

# More legal inputs than this (a chance step's deals, say) are said in words, not offered as buttons.
MAX_INPUTS = 64
# How a game's text picture names it first: "For Sale: Autorama, 4 players: setup ...".


# Where a refusal says how to type the step due: "say 'order ...'", "say what it shows, e.g. ...".
_HOW_TO_SAY = re.compile(r" say (?='|what (?:it|each card) shows)")


class TableCompanion(Companion):
    """A companion that searches only when asked (`advise`), keeping the search's numbers;
    another thread may read the running search's progress and stop it (`stop_search`)."""

    searching = False
    last_result: AnalysisResult | None = None
    stopped = False  # a stop was asked during this advice: what was found so far is the answer
    running: Search | None = None
    running_of = 0  # the running search's iteration budget

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self._watch = threading.Lock()  # `running` between the searching thread and the others

    def advice(self, iterations: int | None = None) -> list[str]:
        """Only says it is the player's decision: a step, or a state asked while another
        request's advice runs, must answer at once (`advise` is what searches)."""
        return [f"next: you ({self.names[self.me]}): your decision ('advise' asks the search)"]

    def _turn_lines(self) -> list[str]:
        """What comes next, as the companion says it after a step and when asked; where the page
        offers the step as taps, it says so before the words that would type it ("the display:
        tap it below, or say ...")."""
        lines = super()._turn_lines()
        if not lines:
            return lines
        if game_picker(self) is not None:
            # a chance step's "say ...", and at a showdown the hidden card's "say it shown: ..."
            for said in (": say ", "; say it shown: "):
                if said in lines[0]:
                    lines[0] = lines[0].replace(said, said.replace("say", "tap it below, or say", 1), 1)
                    break
        elif "; then in one line: " in lines[0] and reveal_inputs(self) is not None:
            lines[0] = lines[0].replace("; then in one line: ", "; tap them below, or say them in one line: ", 1)
        return lines

    def _change(self, text: str, tokens: list[str] | None = None) -> list[str]:
        """A step refused where the page offers the step due as taps says so where its words
        say how to type it ("it is nobody's turn: first the display: tap it below, or say ...")."""
        answer = super()._change(text, tokens)
        # A refusal that quotes what comes next (_turn_lines) says it already: said twice, it would
        # read "tap it below, or tap it below, or say ...".
        said_already = answer and "tap it below, or say " in answer[0]
        if answer and not said_already and game_picker(self) is not None:
            answer[0] = _HOW_TO_SAY.sub(" tap it below, or say ", answer[0], count=1)
        return answer

    def think(self, view: Any, iterations: int, **settings: Any) -> tuple[AnalysisResult, bool]:
        search = self.new_search(view, iterations, **settings)
        with self._watch:
            self.running, self.running_of = search, iterations
        try:
            search.start()
            if self.stopped:  # asked before this search was started: stop() would have missed it
                search.stop()
            search.wait()
        finally:
            with self._watch:
                self.running = None
        self.last_result = search.result
        return search.result, self.stopped

    def advise(self, iterations: int | None = None) -> tuple[list[str], AnalysisResult | None]:
        """The advice in words, and the search's result (None: no advice now, the words say why)."""
        self.stopped, self.last_result = False, None
        self.searching = True  # after `stopped` is cleared: a stop from now on counts
        try:
            lines = super().advice(iterations)
        finally:
            self.searching = False
        return lines, self.last_result

    def stop_search(self) -> bool:
        """Ends the running advice's search soon, its answer what it found so far; False when none runs."""
        if not self.searching:
            return False
        self.stopped = True
        with self._watch:
            running = self.running
        if running is not None:
            running.stop()
        return True

    def thinking(self) -> dict[str, int] | None:
        """The running search's iterations so far and its budget; None when no advice is being searched."""
        with self._watch:
            running, budget = self.running, self.running_of
        if not self.searching:
            return None
        return {"iterations": running.progress() if running is not None else 0, "of": budget}

    def step(self, line: str) -> tuple[bool, list[str]]:
        """Whether `line` was taken as a step, and what the companion says to it."""
        before = len(self.session.lines)
        answer = self.handle(line)
        return len(self.session.lines) > before, answer

    def new_game_words(self) -> str:
        """The page starts the next game from its New game box, whose fields keep the last values."""
        return "a new game: 'start' under New game, at the top of the page"

    def undo(self) -> tuple[bool, list[str]]:
        """Whether a step was taken back, and what the companion says."""
        before = len(self.session.lines)
        answer = self.handle("undo")
        return len(self.session.lines) < before, answer


@functools.lru_cache(maxsize=256)
def game_title(game: str) -> str:
    """The game as people name it (game_api.title); the game string when it cannot be loaded
    here (a game that names a file among them: the server reads no file a session names)."""
    try:
        return title(load_game(game, NO_FILES))
    except (PyaiError, ValueError, OSError):
        return game


def legal_inputs(companion: TableCompanion) -> list[dict[str, str]]:
    """The inputs legal now that the player's seat can know, each with its words and the
    line the companion takes for it: the seat to move's moves, or the player's own
    secret choice. Empty at a chance step, a reveal of others' secret choices, a step
    whose moves the seat cannot know, or one with more than MAX_INPUTS moves: those
    are said in words."""
    position = companion.position
    state = position.state
    if state.is_terminal() or state.to_move() == "chance" or isinstance(position, SealedChoice):
        return []
    try:
        if companion.at_sealed_step():  # the player's own secret choice, told by the seat's name
            if not state.may_act(companion.me):
                return []
            tokens = state.legal_moves_for(companion.me)
            prefix = f"{OWN_SEAT_WORDS[0].upper()} "
        else:
            tokens = position.legal()
            prefix = ""
    except (ProtocolError, PyaiError):
        return []
    if len(tokens) > MAX_INPUTS:
        return []
    return [{"token": token, "words": companion.said_in_words([token])[0], "line": prefix + token} for token in tokens]


def game_picker(companion: TableCompanion) -> ChancePicker | None:
    """The step next as the game offers it in taps when it has no move buttons: what chance
    deals, another seat's move that hangs on what it hides, or at the end a hidden card shown
    (Leduc's showdown); None: said in words."""
    state = companion.position.state
    if isinstance(companion.position, SealedChoice) or companion.at_sealed_step():
        return None
    view = companion.position.view()
    if view is None:
        return None
    data, names = view.to_dict(), list(companion.names)
    if not state.is_terminal() and state.to_move() == "chance":
        return companion.game.chance_picker(data, names, companion.me)
    if not state.is_terminal() and legal_inputs(companion):
        return None
    # another seat's move on what it hides, or once the game is over a hidden card shown
    return companion.game.hidden_move_picker(data, names, companion.me)


def step_picker(companion: TableCompanion) -> dict[str, Any] | None:
    """The step next as taps (JSON-safe), or None: it has move buttons, or is said in words."""
    picker = game_picker(companion)
    return picker.to_dict() if picker is not None else None


def line_of_picks(companion: TableCompanion, picks: Any) -> str:
    """The line the step's picks say (the companion then checks it as if typed);
    CompanionError when no step offers taps now or the picks are not its options."""
    picker = game_picker(companion)
    if picker is None:
        raise CompanionError("not taken: no step to tap now (use its buttons, or say it in words)")
    if not isinstance(picks, list) or not all(isinstance(pick, str) for pick in picks):
        raise CompanionError('not taken: "picks" must be a list of the chance step\'s options (their words)')
    if len(picks) != picker.count:
        raise CompanionError(f"not taken: {picker.what} takes {picker.count} taps, not {len(picks)}")
    copies = {option.word: option.copies for option in picker.options}
    for pick in picks:
        if pick not in copies:
            raise CompanionError(f"not taken: {pick[:40]!r} is not one of {picker.what}")
        if picks.count(pick) > copies[pick]:
            raise CompanionError(f"not taken: {pick!r} is there {copies[pick]} times, not {picks.count(pick)}")
    return picker.line(picks)


def reveal_inputs(companion: TableCompanion) -> dict[str, Any] | None:
    """The other seats' secret choices still to reveal, as taps: each seat's possible choices
    in the words the reveal line says (`Game.secret_choice_words`). None when no reveal is
    next, or when a seat's choices are more than MAX_INPUTS or unknown to the player's seat."""
    position = companion.position
    if not companion.at_sealed_step():
        return None
    seats = companion.seats_to_reveal()
    if companion.me in seats:
        return None  # the player's own choice first: its buttons are the inputs
    game, state = companion.game, position.state
    listed = []
    for seat in seats:
        try:
            tokens = state.legal_moves_for(seat)
        except (ProtocolError, PyaiError):
            return None
        if not tokens or len(tokens) > MAX_INPUTS:
            return None
        options = [{"word": game.secret_choice_words(token), "token": token} for token in tokens]
        listed.append({"seat": seat, "name": companion.names[seat], "options": options})
    return {"what": f"the {game.SECRET_CHOICE.plural} revealed", "seats": listed}


def line_of_reveal(companion: TableCompanion, reveal: Any) -> str:
    """The reveal line that `reveal` ({seat: words of its choice}, seats as text) says; CompanionError
    when no reveal is next or a seat is missing, extra or given a choice not among its taps."""
    offered = reveal_inputs(companion)
    if offered is None:
        raise CompanionError("not taken: no secret choices to tap now (say the step in words)")
    if not isinstance(reveal, dict) or not all(isinstance(words, str) for words in reveal.values()):
        raise CompanionError('not taken: "reveal" must map each seat (its number) to its choice\'s words')
    wanted = {str(entry["seat"]): entry for entry in offered["seats"]}
    if set(reveal) != set(wanted):
        names = ", ".join(entry["name"] for entry in offered["seats"])
        raise CompanionError(f"not taken: {offered['what']} are {names}'s, each once (not seats {sorted(reveal)})")
    said = []
    for seat, entry in wanted.items():
        if reveal[seat] not in [option["word"] for option in entry["options"]]:
            raise CompanionError(f"not taken: {reveal[seat][:40]!r} is none of {entry['name']}'s choices")
        said.append(f"{entry['name']} {reveal[seat]}")
    return f"{companion.game.SECRET_CHOICE.plural} revealed: " + ", ".join(said)


def drawing(companion: TableCompanion) -> list[dict[str, Any]]:
    """The table as the game draws it for the player's seat (JSON-safe); [] when it draws none."""
    view = companion.position.view()
    if view is None:
        return []
    zones = [zone.to_dict() for zone in companion.game.drawing(view.to_dict(), list(companion.names), companion.me)]
    for zone in zones:  # your own area found at a glance, as the text picture marks it: "Ann (you)"
        if zone["seat"] == companion.me and zone["title"] == companion.names[companion.me]:
            zone["title"] += " (you)"
    return with_own_secret_choice(companion, zones)


def with_own_secret_choice(companion: TableCompanion, zones: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """`zones` with the player's own secret choice, told but not revealed yet, among the facts
    of its area: the choice waits for the reveal line outside the game's view, which draws none,
    and a person who chose face down must still see what they chose."""
    position = companion.position
    if not isinstance(position, SealedChoice):
        return zones
    said = companion.said_in_words([position.my_choice])[0]
    for zone in zones:
        if zone["seat"] == companion.me:
            zone["facts"].append(f"{said} (secret until revealed)")
    return zones


def table_state(session_id: str, companion: TableCompanion) -> dict[str, Any]:
    """The session as the page shows it (JSON-safe)."""
    view = companion.position.view()
    return {
        "id": session_id,
        "game": str(companion.game),
        "title": game_title(companion.session.game),
        "seat": companion.me,
        "names": list(companion.names),
        "iterations": companion.session.iterations,
        "lines": list(companion.session.lines),
        "view": view.to_dict() if view is not None else None,
        "render": "\n".join(companion.show()),
        "drawing": drawing(companion),
        "next": companion.next_lines(),
        "your_decision": companion.is_my_decision(),
        "over": companion.position.state.is_terminal(),
        "inputs": legal_inputs(companion),
        "picker": step_picker(companion),
        "reveal": reveal_inputs(companion),
        "advised": [list(entry) for entry in companion.session.advised],  # [step, win chance]: the chart
        # how to say a step; the page has buttons for the commands, and shows no tokens
        "help": steps_help(companion.game, companion.names, companion.me, tokens=False),
        "help_topics": list(companion.game.words_help_topics()),  # each asked for by /help/<topic>
    }


def advice_numbers(companion: TableCompanion, result: AnalysisResult) -> dict[str, Any]:
    """Each move the search looked at, its choice first: its words, win chance and expected
    score, each with its 95% interval."""
    moves: list[dict[str, Any]] = []
    for move in by_share(result):
        low = high = None
        if move.win is not None:
            spread = Z95 * (move.win_se or 0.0)
            low, high = max(0.0, move.win - spread), min(1.0, move.win + spread)
        score_low, score_high = score_bounds(move) or (None, None)
        moves.append(
            {
                "token": move.token,
                "words": companion.said_in_words([move.token])[0],
                "visits": move.visits,
                "share": move.share,
                "win": move.win,
                "win_low": low,
                "win_high": high,
                "score": move.score_mean,
                "score_low": score_low,
                "score_high": score_high,
            }
        )
    best = by_share(result)[0] if moves else None
    # the likely next steps after the best move, every seat's, in words (the tree's most visited line)
    likely = companion.said_in_words([best.token, *best.continuation])[1 : CONTINUATION_STEPS + 1] if best else []
    # What choosing it instead costs, in what the search played for, as the advice's words count it:
    # the win chance, or the expected score in the game's unit (Leduc's chips; a decided game's
    # margin, where every win chance is alike).
    net = played_for_score(companion.game)
    by_score = (net or companion.last_decided) and bool(moves) and moves[0]["score"] is not None
    measure, unit = ("score", companion.game.SCORE_UNIT or "score") if by_score else ("win", "win chance")
    if moves and moves[0][measure] is not None:
        for row in moves:
            row["costs"] = None if row[measure] is None else max(0.0, moves[0][measure] - row[measure])
    costs = companion.last_costs_in_play
    return {
        "best": moves[0]["token"] if moves else None,
        "continuation": likely,
        "moves": moves,
        "expected_scores": list(result.expected_scores),
        "costs_unit": unit if moves else None,  # what each move's "costs" counts: "win chance", or the score's unit
        "score_net": net,  # the score is a net gain or loss, told with its sign (Leduc's chips)
        # what seats given the best move's win chance won in the search's self-play (the game's map), or None
        "self_play_win": companion.last_self_play_win,
        # what such costs came to in that self-play, per cost told (the map's check of them), or None
        "costs_in_play": None if costs is None else {"ratio": costs.ratio, "at_most": costs.at_most},
        "iterations": result.iterations,
    }
