"""The JSON API under /api/ and the page at /: docs/web.md describes each call.

Every companion call runs in a worker thread (a step replays, an advice
searches), never on the event loop; a session's steps one at a time."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from ..commands.advise_help import help_topic_named
from ..commands.advise_session import COMMAND_WORDS, CompanionError, check_iterations
from ..game_api import EXAMPLE_NAMES, said_at_table
from ..games import GAMES, load_game
from .guard import MAX_BODY, Guard, RequestError, error_response, read_fields, read_json
from .review import MAX_UPLOAD, ReviewStopped, check_review_iterations, review_session, review_upload
from .sessions import Busy, Live, Store, UnknownSession
from .standings import Tournaments, UnknownTournament, Unreadable
from .table import advice_numbers, game_title, line_of_picks, line_of_reveal, table_state

PAGE = Path(__file__).with_name("static") / "index.html"
# The most iterations an advice may take here: a search holds a core for its whole run.
MAX_ITERATIONS = 1_000_000
# How often a search's request looks whether its client is still there, in seconds.
DISCONNECT_POLL = 0.2
# A line starting so is a companion command, which the API offers as calls of their own (or not at all: save).
NOT_STEPS = tuple(word for word in COMMAND_WORDS if word != "lost")

Handler = Callable[[Request], Awaitable[Response]]


def games() -> list[dict[str, Any]]:
    """Every registered game's example game strings, each with its title, seats and words help."""
    listed = []
    for name in GAMES:
        for example in load_game(f"{name}()").EXAMPLE_GAMES:
            game = load_game(example)
            listed.append(
                {
                    "game": example,
                    "title": game_title(example),
                    "name": name,
                    "players": game.players,
                    "words": said_at_table(game.WORDS_HELP, EXAMPLE_NAMES[: game.players], 0),
                }
            )
    return listed


async def until_done_or_gone(request: Request, work: Callable[[], Any], on_gone: Callable[[], Any]) -> Any:
    """`work()`'s value, run in a worker thread; `on_gone()` once if the client hangs up meanwhile
    (a search nobody waits for then stops: the server's search slots are few)."""
    task = asyncio.ensure_future(run_in_threadpool(work))
    told = False
    while not task.done():
        await asyncio.wait({task}, timeout=DISCONNECT_POLL)
        if not told and not task.done() and await request.is_disconnected():
            on_gone()
            told = True
    return task.result()


async def review_until_done_or_gone(request: Request, work: Callable[[threading.Event], Any]) -> Any:
    """`work(stop)`'s value (a review), as until_done_or_gone runs it: `stop` is set if the
    client hangs up, and the review then raises ReviewStopped between two decisions."""
    stop = threading.Event()
    return await until_done_or_gone(request, lambda: work(stop), stop.set)


def create_app(
    store: Store, token: str | None = None, loopback: bool = True, tournaments: Tournaments | None = None
) -> Starlette:
    """The app: the API over `store`; `token` (None: none) needed by every API call;
    `loopback`: the server answers at a loopback address only; `tournaments`: the results
    files whose standings the page shows (None: none)."""
    game_list = games()
    shown = tournaments if tournaments is not None else Tournaments([])

    def handled(handler: Handler) -> Handler:
        """`handler` with the API's errors as JSON: {"error": message} and its status."""

        async def run(request: Request) -> Response:
            try:
                return await handler(request)
            except RequestError as error:
                return error_response(error.status, error.message)
            except (UnknownSession, UnknownTournament) as error:
                return error_response(404, str(error))
            except Unreadable as error:
                return error_response(409, str(error))
            except CompanionError as error:
                return error_response(400, str(error))

        return run

    async def session_of(request: Request) -> Live:
        return await run_in_threadpool(store.get, request.path_params["session_id"])

    async def page(request: Request) -> Response:
        headers = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}
        return HTMLResponse(PAGE.read_text(encoding="utf-8"), headers=headers)

    async def list_games(request: Request) -> Response:
        return JSONResponse({"games": game_list})

    async def list_sessions(request: Request) -> Response:
        return JSONResponse({"sessions": await run_in_threadpool(store.listing)})

    async def create(request: Request) -> Response:
        data = await read_json(request)
        unknown = sorted(set(data) - {"game", "names", "seat", "iterations", "at"})
        if unknown:
            raise RequestError(400, f"unknown field {unknown[0]!r} (a session takes game, names, seat, iterations, at)")
        if "game" not in data:
            raise RequestError(400, 'missing field "game": a game string')
        iterations = data.get("iterations")
        if isinstance(iterations, int) and iterations > MAX_ITERATIONS:
            raise RequestError(400, f'"iterations" is at most {MAX_ITERATIONS} on this server, not {iterations}')
        session_id = await run_in_threadpool(
            store.create, data["game"], data.get("names"), data.get("seat", 0), iterations, data.get("at")
        )
        live = await run_in_threadpool(store.get, session_id)
        return JSONResponse(await run_in_threadpool(state_of, session_id, live), status_code=201)

    def state_of(session_id: str, live: Live) -> dict[str, Any]:
        return table_state(session_id, live.companion)

    async def change(
        request: Request, live: Live, act: Callable[[], tuple[bool, list[str]]], refused_status: int
    ) -> Response:
        """Applies a step or an undo under the session's lock, off the event loop: what the
        companion said and the state after it, or its refusal and the unchanged state."""

        def run() -> tuple[bool, list[str], dict[str, Any]]:
            with live.lock:
                live.check_not_deleted(request.path_params["session_id"])
                taken, told = act()
                return taken, told, state_of(request.path_params["session_id"], live)

        taken, told, now = await run_in_threadpool(run)
        if not taken:
            return JSONResponse({"error": "\n".join(told), "state": now}, status_code=refused_status)
        return JSONResponse({"told": told, "state": now})

    async def state(request: Request) -> Response:
        live = await session_of(request)
        return JSONResponse(await run_in_threadpool(state_of, request.path_params["session_id"], live))

    async def delete(request: Request) -> Response:
        try:
            await run_in_threadpool(store.delete, request.path_params["session_id"])
        except Busy as error:
            raise RequestError(409, str(error)) from None
        return JSONResponse({"deleted": request.path_params["session_id"]})

    async def step(request: Request) -> Response:
        data = await read_json(request)
        read_fields(data, ("input", "picks", "reveal"), "a step")
        said = data.get("input")
        line = said if isinstance(said, str) else ""
        ways = [way for way in ("input", "picks", "reveal") if way in data]
        tapped = ways != ["input"]
        if len(ways) != 1 or (not tapped and not line.strip()):
            raise RequestError(
                400, 'say a step: {"input": "<a move token or words>"}, {"picks": [<taps>]} or {"reveal": {...}}'
            )
        if not tapped and line.split()[0].lower() in NOT_STEPS:
            word = line.split()[0]
            raise RequestError(400, f"{word!r} is no step of the game (advice and undo have calls of their own)")
        live = await session_of(request)
        if live.searching:
            raise RequestError(409, "the advice is being searched: wait for it, then say the step")

        def act() -> tuple[bool, list[str]]:
            try:
                if "picks" in data:
                    told = line_of_picks(live.companion, data["picks"])
                elif "reveal" in data:
                    told = line_of_reveal(live.companion, data["reveal"])
                else:
                    told = line
            except CompanionError as error:  # taps that are no step: refused like a bad line
                return False, [str(error)]
            return live.companion.step(told)

        return await change(request, live, act, refused_status=400)

    async def undo(request: Request) -> Response:
        data = await read_json(request)
        live = await session_of(request)
        read_fields(data, (), "an undo")
        if live.searching:
            raise RequestError(409, "the advice is being searched: wait for it, then undo")

        return await change(request, live, lambda: live.companion.undo(), refused_status=409)

    async def advice(request: Request) -> Response:
        data = await read_json(request)
        iterations = data.get("iterations")
        live = await session_of(request)
        read_fields(data, ("iterations",), "an advice")
        if iterations is not None:
            if isinstance(iterations, int) and not isinstance(iterations, bool) and iterations > MAX_ITERATIONS:
                raise RequestError(400, f'"iterations" is at most {MAX_ITERATIONS} on this server, not {iterations}')
            check_iterations(iterations, live.companion.game, '"iterations"')
        try:
            store.search_slot(live)
        except Busy as error:
            raise RequestError(409 if live.searching else 503, str(error)) from None

        def run() -> dict[str, Any]:
            with live.lock:
                live.check_not_deleted(request.path_params["session_id"])
                companion = live.companion
                lines, result = companion.advise(iterations)
                if result is None:
                    return {"error": "\n".join(lines), "lines": lines}
                if companion.path:  # the win chance just given joins the session's chart
                    companion.session.save(companion.path)
                return {"lines": lines, "cut": companion.stopped} | advice_numbers(companion, result)

        try:
            answer = await until_done_or_gone(request, run, live.companion.stop_search)
        finally:
            store.end_search(live)
        return JSONResponse(answer, status_code=409 if "error" in answer else 200)

    async def position_at(request: Request) -> Response:
        live = await session_of(request)
        steps = path_number(request.path_params["steps"], "step")

        def run() -> dict[str, Any]:
            # No lock: a search holds it for long, and a position gone through never changes.
            told = len(live.companion.positions) - 1
            if steps > told:
                raise RequestError(404, f"the session has {told} steps, not {steps}")
            return {"steps": steps, "render": "\n".join(live.companion.show(steps))}

        return JSONResponse(await run_in_threadpool(run))

    async def help_topic(request: Request) -> Response:
        live = await session_of(request)
        topics = await run_in_threadpool(live.companion.game.words_help_topics)
        asked = request.path_params["topic"]
        named = help_topic_named(topics, asked)
        if named is None:
            more = f": its topics are {', '.join(topics)}" if topics else ": it has none beyond the words help"
            raise RequestError(404, f"no help on {asked[:40]!r} for this game{more}")
        return JSONResponse({"topic": named, "text": topics[named]})

    async def progress(request: Request) -> Response:
        live = await session_of(request)
        return JSONResponse({"thinking": live.companion.thinking()})

    async def stop(request: Request) -> Response:
        data = await read_json(request)
        live = await session_of(request)
        read_fields(data, (), "a stop")
        return JSONResponse({"stopped": live.companion.stop_search()})

    async def review(request: Request) -> Response:
        data = await read_json(request)
        unknown = sorted(set(data) - {"iterations"})
        if unknown:
            raise RequestError(400, f"unknown field {unknown[0]!r} (a review takes iterations)")
        iterations = check_review_iterations(data.get("iterations"))
        session_id = request.path_params["session_id"]
        live = await session_of(request)
        try:
            store.search_slot(live)
        except Busy as error:
            raise RequestError(409 if live.searching else 503, str(error)) from None
        try:  # the session's file, as saved after its last step (a step waits for the review)
            companion = live.companion

            def words(line: int, token: str) -> str:  # the move at the position before the line told it
                return companion.said_in_words([token], companion.positions[line - 1])[0]

            path = store.path(session_id)
            answer = await review_until_done_or_gone(
                request, lambda stop: review_session(session_id, path, iterations, 0, words, stop)
            )
        except ReviewStopped:
            return error_response(503, "the review stopped: its client hung up")
        finally:
            store.end_search(live)
        return JSONResponse(answer | {"seat": live.companion.me})

    async def review_record(request: Request) -> Response:
        data = await read_json(request, limit=MAX_UPLOAD + MAX_BODY)
        unknown = sorted(set(data) - {"record", "iterations", "game"})
        if unknown:
            raise RequestError(400, f"unknown field {unknown[0]!r} (an upload takes record, iterations, game)")
        if isinstance(data.get("record"), str) and len(data["record"].encode()) > MAX_UPLOAD:
            raise RequestError(413, f"a record holds at most {MAX_UPLOAD} bytes")
        iterations = check_review_iterations(data.get("iterations"))
        try:
            store.search_slot(None)
        except Busy as error:
            raise RequestError(503, str(error)) from None
        try:
            answer = await review_until_done_or_gone(
                request, lambda stop: review_upload(data.get("record"), iterations, data.get("game"), 0, stop)
            )
        except ReviewStopped:
            return error_response(503, "the review stopped: its client hung up")
        finally:
            store.end_search(None)
        return JSONResponse(answer)

    async def list_tournaments(request: Request) -> Response:
        return JSONResponse({"tournaments": shown.listing()})

    async def standings(request: Request) -> Response:
        number = path_number(request.path_params["number"], "tournament")
        return JSONResponse(await run_in_threadpool(shown.standings, number))

    routes = [
        Route("/", page),
        Route("/api/games", handled(list_games)),
        Route("/api/sessions", handled(list_sessions), methods=["GET"]),
        Route("/api/sessions", handled(create), methods=["POST"]),
        Route("/api/sessions/{session_id}", handled(state), methods=["GET"]),
        Route("/api/sessions/{session_id}", handled(delete), methods=["DELETE"]),
        Route("/api/sessions/{session_id}/steps", handled(step), methods=["POST"]),
        Route("/api/sessions/{session_id}/undo", handled(undo), methods=["POST"]),
        Route("/api/sessions/{session_id}/advice", handled(advice), methods=["POST"]),
        Route("/api/sessions/{session_id}/positions/{steps}", handled(position_at), methods=["GET"]),
        Route("/api/sessions/{session_id}/progress", handled(progress), methods=["GET"]),
        Route("/api/sessions/{session_id}/help/{topic}", handled(help_topic), methods=["GET"]),
        Route("/api/sessions/{session_id}/stop", handled(stop), methods=["POST"]),
        Route("/api/sessions/{session_id}/review", handled(review), methods=["POST"]),
        Route("/api/reviews", handled(review_record), methods=["POST"]),
        Route("/api/tournaments", handled(list_tournaments), methods=["GET"]),
        Route("/api/tournaments/{number}", handled(standings), methods=["GET"]),
    ]
    return Starlette(
        routes=routes,
        middleware=[Middleware(Guard, token=token, loopback=loopback)],
        exception_handlers={HTTPException: http_error},
    )


async def http_error(request: Request, error: Exception) -> Response:
    """No such route, or not with this method: answered in JSON as the API's own errors are."""
    assert isinstance(error, HTTPException)
    message = {404: f"no {request.url.path[:80]!r} here", 405: f"{request.url.path[:80]!r} takes no {request.method}"}
    return error_response(error.status_code, message.get(error.status_code, error.detail))


# A path's number: a position's steps or a tournament's, never as long as Python's int() refuses.
MAX_PATH_DIGITS = 9


def path_number(text: str, what: str) -> int:
    """The whole number a path gives; RequestError 404 (no such thing) for any other text."""
    if not text.isascii() or not text.isdigit() or len(text) > MAX_PATH_DIGITS:
        raise RequestError(404, f"no {what} {text[:20]!r}")
    return int(text)
