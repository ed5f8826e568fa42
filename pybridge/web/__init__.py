"""`mtgasp serve`: a local web page to build a board, ask, and see why, and its JSON API.

`create_app()` makes the Starlette application (pybridge/web/app.py); `serve()` runs it under
uvicorn with the server's limits (pybridge/web/server.py); the page itself is the static files in
pybridge/web/static/ (no build step).  Needs the `web` extra.  Both are imported when first asked
for: a solver worker unpickles the jobs of pybridge/web/question.py without importing Starlette.
"""
from __future__ import annotations

__all__ = ["create_app", "serve"]


def __getattr__(name: str):
    if name == "create_app":
        from pybridge.web.app import create_app
        return create_app
    if name == "serve":
        from pybridge.web.server import serve
        return serve
    raise AttributeError(name)
