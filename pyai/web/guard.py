"""What every request must pass before the API sees it: on a loopback server, a
Host header that names the loopback (a web page elsewhere cannot reach the
server through a name of its own, DNS rebinding); on any other, the server's
token with every API call; a POST's or DELETE's Origin, when sent, the server's own; and a
request body of at most MAX_BODY bytes, JSON."""

from __future__ import annotations

import ipaddress
import json
import secrets
from typing import Any
from urllib.parse import urlsplit

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

MAX_BODY = 16 * 1024  # far more than any step, session or advice request
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")


def is_loopback(host: str) -> bool:
    """Whether binding `host` serves this machine only."""
    host = host.strip("[]")
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def new_token() -> str:
    return secrets.token_urlsafe(24)


class RequestError(Exception):
    """A request the API refuses: its HTTP status and the message."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


def error_response(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


class Guard:
    """ASGI middleware: the host, token and origin checks (above)."""

    def __init__(self, app: ASGIApp, token: str | None, loopback: bool):
        self.app = app
        self.token = token
        self.loopback = loopback

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refused = self.refusal(Request(scope))
        if refused is not None:
            await error_response(*refused)(scope, receive, send)
            return
        await self.app(scope, receive, send)

    def refusal(self, request: Request) -> tuple[int, str] | None:
        host = request.headers.get("host", "")
        if self.loopback and (urlsplit(f"//{host}").hostname or "") not in LOOPBACK_NAMES:
            return 403, f"this server answers at its loopback address only, not as {host[:100]!r}"
        if request.url.path.startswith("/api/") and self.token is not None:
            given = request.headers.get("authorization", "").removeprefix("Bearer ").strip()
            given = given or request.query_params.get("token", "")
            if not secrets.compare_digest(given.encode(), self.token.encode()):
                return 401, "a token is needed: open the address the server printed (it ends ?token=...)"
        origin = request.headers.get("origin")
        if request.method not in ("GET", "HEAD") and origin is not None and urlsplit(origin).netloc != host:
            return 403, f"a request from another site ({origin[:100]}) is refused"
        return None


async def read_json(request: Request, limit: int = MAX_BODY) -> dict[str, Any]:
    """The request's JSON object (an empty body: {}); RequestError for a body over `limit`
    bytes, of another type or not a JSON object."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > limit):
        raise RequestError(413, f"a request body holds at most {limit} bytes")
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise RequestError(415, "send JSON, with Content-Type: application/json")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise RequestError(413, f"a request body holds at most {limit} bytes")
    if not body.strip():
        return {}
    try:
        data = json.loads(body)
    except (ValueError, RecursionError) as error:
        raise RequestError(400, f"the body is no JSON: {error}") from None
    if not isinstance(data, dict):
        raise RequestError(400, f"the body must be a JSON object, not {type(data).__name__}")
    try:  # JSON escapes can spell half a UTF-16 pair, which no text (or file) can hold
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise RequestError(400, "the body holds a lone surrogate (\\ud800-\\udfff): it is no text") from None
    return data


def read_fields(data: dict[str, Any], allowed: tuple[str, ...], what: str) -> None:
    """RequestError naming the first field of `data` that `what` does not take."""
    unknown = sorted(set(data) - set(allowed))
    if unknown:
        takes = ", ".join(allowed) if allowed else "no field"
        raise RequestError(400, f"unknown field {unknown[0]!r} ({what} takes {takes})")
