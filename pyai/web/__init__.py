"""`pyai serve`: the table companion (`pyai advise`) as a web page.

table.py: a companion session as the page shows it (the picture, the legal
inputs, the advice with its numbers); sessions.py: the sessions the server
holds and saves; review.py: a saved session reviewed as `pyai review` does;
standings.py: the standings of the tournaments the operator names; guard.py:
what every request must pass (host, token, body size); app.py: the JSON API
and the page; server.py: the server itself; static/index.html: the page.
Only app.py and server.py need the `web` extra (Starlette, uvicorn).
"""
