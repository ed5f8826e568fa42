"""`mtgasp cards`: look cards up in the pool, import a card file, report coverage.

    mtgasp cards                       every card name of the pool
    mtgasp cards NAME ...              one card (its text and what each ability compiled to), or
                                       the cards whose names contain NAME (or are closest to it)
    mtgasp cards import FILE           MTGJSON AtomicCards.json or Scryfall oracle cards
    mtgasp cards --coverage [--json] [--write]
"""
from __future__ import annotations

from functools import lru_cache

import json
import os
import sys
from pathlib import Path

from pybridge.cards.model import Card
from pybridge.cards.pool import Pool, embedded_pool_path, load_pool, user_pool_path
from pybridge.cards.store import PoolFile
from pybridge.errors import InputError

# In a checkout: the project's docs folder (the doc describes the embedded pool only).
COVERAGE_DOC = Path(__file__).resolve().parents[2] / "docs" / "coverage.md"
LISTED = 20          # matches listed before "... and N more"
UNMODELLED_SHOWN = 10


def add_arguments(parser) -> None:
    parser.add_argument("name", nargs="*", help="a card name or part of one; or: import FILE")
    parser.add_argument("--coverage", action="store_true",
                        help="how many pool cards of each group of abilities are modelled")
    parser.add_argument("--json", action="store_true", help="with --coverage: one JSON object")
    parser.add_argument("--write", action="store_true",
                        help=f"with --coverage: regenerate {COVERAGE_DOC}")


def run(args) -> int:
    """The cards command; a closed pipe (`mtgasp cards X | head -1`) ends it quietly."""
    try:
        _run(args)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader has gone: say nothing more, and keep Python's exit flush from failing.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    return 0


def _run(args) -> None:
    words = list(args.name)
    if args.coverage:
        if words:
            raise InputError("cards --coverage takes no card name")
        return _coverage(args)
    if args.json or args.write:
        raise InputError("--json and --write go with --coverage")
    if words[:1] == ["import"]:
        if len(words) != 2:
            raise InputError("usage: mtgasp cards import FILE")
        return _import(words[1])
    pool = load_pool()
    if not words:
        for name in pool.names():
            print(name)
        return
    _lookup(pool, " ".join(words))


def _import(path: str) -> None:
    from pybridge.cards.importing import import_cards
    report = import_cards(path)
    print(f"imported {report.count} card{'' if report.count == 1 else 's'} from {path} ({report.kind}) into {report.target}: "
          f"{len(report.added)} added, {len(report.replaced)} replaced")
    for label, names in (("added", report.added), ("replaced", report.replaced)):
        if names:
            shown = ", ".join(names[:LISTED]) + (f" and {len(names) - LISTED} more"
                                                 if len(names) > LISTED else "")
            print(f"  {label}: {shown}")
    if report.duplicates:
        print(f"mtgasp: {path}: {len(report.duplicates)} name(s) given more than once, the last "
              f"record kept: {', '.join(report.duplicates[:LISTED])}", file=sys.stderr)


def _lookup(pool: Pool, query: str) -> None:
    exact = pool.resolve(query)
    if exact is not None:
        show_card(pool.card(exact, rulings=True))
        others = [n for n in pool.search(query, limit=LISTED + 2) if n != exact]
        if others and query.casefold() in others[0].casefold():
            print(f"other cards whose names contain {query!r}: "
                  + ", ".join(others[:LISTED]) + (", ..." if len(others) > LISTED else ""))
        return
    hits = pool.search(query, limit=LISTED + 1)
    if not hits:
        raise InputError(f"no card name contains or is close to {query!r}")
    if len(hits) == 1:
        return show_card(pool.card(hits[0], rulings=True))
    contained = query.casefold() in hits[0].casefold()
    print(f"{'cards whose names contain' if contained else 'no card is named'} {query!r}"
          + ("" if contained else "; the closest:"))
    for name in hits[:LISTED]:
        card = pool.card(name)
        print(f"  {name}  ({' // '.join(f.type_line for f in card.faces)})")
    if len(hits) > LISTED:
        print("  ... more: give more of the name")


def _characteristics(face) -> list[str]:
    out = [f"  type: {face.type_line}", f"  mana cost: {face.mana_cost or '(none)'}"]
    if face.power is not None or face.toughness is not None:
        out.append(f"  power/toughness: {face.power}/{face.toughness}")
    if face.loyalty is not None:
        out.append(f"  loyalty: {face.loyalty}")
    if face.defense is not None:
        out.append(f"  defense: {face.defense}")
    if face.color_indicator:
        out.append(f"  colour indicator: {''.join(face.color_indicator)}")
    return out


def show_card(card: Card) -> None:
    print(card.name + (f"  ({card.layout})" if card.layout != "normal" else ""))
    for face in card.faces:
        if len(card.faces) > 1:
            print(f"-- {face.name}")
        for line in _characteristics(face):
            print(line)
        for line in (face.oracle_text or "").splitlines():
            print(f"  | {line}")
    print("abilities:")
    # (coverage, and the compiler it asks, imported here: the command line builds this
    # command's parser for every command)
    from pybridge.cards.coverage import INTRINSIC_INDEX, compiled_abilities
    results = compiled_abilities(card)
    if not results:
        print("  (none)")
    for r in results:
        where = f"{r.face} " if len(card.faces) > 1 else ""
        label = "intrinsic" if r.index == INTRINSIC_INDEX else f"{r.index}."
        print(f"  {where}{label} {r.text}")
        if r.modelled:
            print(f"     {r.status} ({r.source})")
            for fact in r.facts:
                print(f"       {fact}")
        else:
            print(f"     {r.status}: {r.why}")
        if r.trigger == "modelled":             # the trigger condition, whatever the effect is
            print("     trigger condition modelled")
            for fact in r.trigger_facts:
                print(f"       {fact}")
        elif r.trigger and r.trigger != "modelled":
            print(f"     trigger condition not modelled: {r.trigger_why}")
    if card.rulings:
        print(f"rulings ({len(card.rulings)}):")
        for ruling in card.rulings:
            print(f"  {ruling.date}: {ruling.text}")


@lru_cache(maxsize=1)
def _embedded_coverage() -> tuple:
    """The embedded pool's groups and size, computed once a process (classifying the whole pool
    takes a minute)."""
    from pybridge.cards.coverage import coverage
    pool = Pool([PoolFile(embedded_pool_path())])
    return coverage(pool.cards()), len(pool.names())


def embedded_coverage_markdown() -> str:
    """docs/coverage.md as the embedded pool makes it (a user's imports never change the doc)."""
    from pybridge.cards.coverage import coverage_markdown
    groups, size = _embedded_coverage()
    return coverage_markdown(groups, size)


def _coverage(args) -> None:
    from pybridge.cards.coverage import coverage, coverage_json, coverage_text
    if args.write:
        if not COVERAGE_DOC.parent.is_dir():
            raise InputError(f"--write regenerates {COVERAGE_DOC} in a checkout of mtgasp")
        COVERAGE_DOC.write_text(embedded_coverage_markdown(), encoding="utf-8")
        print(f"wrote {COVERAGE_DOC}")
        return
    if user_pool_path().is_file():
        groups = coverage(load_pool().cards())
    else:                           # the embedded pool alone: the doc's groups
        groups = _embedded_coverage()[0]
    if args.json:
        print(json.dumps(coverage_json(groups), ensure_ascii=False))
    else:
        print(coverage_text(groups, listed=UNMODELLED_SHOWN))
