"""`mtgasp serve`: a local web page to build a board, ask, and see why, and its JSON API.

`create_app()` makes the Starlette application (pybridge/web/app.py); the page itself is the
static files in pybridge/web/static/ (no build step).  Needs the `web` extra.
"""
from pybridge.web.app import create_app, serve

__all__ = ["create_app", "serve"]
