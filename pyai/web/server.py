"""`pyai serve`: the app on uvicorn, at the address it prints (with the token a
server reachable from other machines needs)."""

from __future__ import annotations

import socket
import sys
from pathlib import Path

import uvicorn

from ..errors import PyaiError
from .app import create_app
from .guard import is_loopback, new_token
from .sessions import Store, default_folder
from .standings import Tournaments


def listen(host: str, port: int) -> socket.socket:
    """A socket listening at host:port; PyaiError says why not."""
    if not 0 <= port <= 65535:
        raise PyaiError(f"--port must be a whole number 0 to 65535, not {port}")
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        return socket.create_server((host, port), family=family)
    except OSError as error:
        raise PyaiError(f"cannot listen at {host}:{port}: {error.strerror or error}") from None


def serve(host: str, port: int, folder: str | None, tournaments: list[str] | None = None) -> int:
    """Serves until interrupted; prints the page's address first. `tournaments`: the results
    files whose standings the page shows."""
    loopback = is_loopback(host)
    token = None if loopback else new_token()
    where = Path(folder) if folder else default_folder()
    try:
        store = Store(where)
    except OSError as error:
        raise PyaiError(f"cannot keep the sessions in {where}: {error.strerror or error}") from None
    results = Tournaments(tournaments or [])
    app = create_app(store, token=token, loopback=loopback, tournaments=results)
    sock = listen(host, port)
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{bound}/" + (f"?token={token}" if token else "")
    print(f"pyai serve: open {url}", flush=True)
    print(f"sessions are saved in {store.folder}", flush=True)
    for path in results.paths:
        print(f"the page shows the standings of {path}", flush=True)
    if token:
        print("every API call needs the token above: share the address only with those who may use it", flush=True)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
    server.run(sockets=[sock])
    sys.stdout.flush()
    return 0
