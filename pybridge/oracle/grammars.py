"""The Oracle grammars' Earley parsers, each built from its `.lark` file of this package (a
build costs more than answering a small scenario, so each is built once per process, and once
in the fork server's preload for every worker)."""
from __future__ import annotations

from importlib import resources

from lark import Lark


def earley(file: str, start: str | list[str], **options) -> Lark:
    grammar = (resources.files("pybridge.oracle") / file).read_text()
    return Lark(grammar, parser="earley", lexer="dynamic", start=start, **options)
