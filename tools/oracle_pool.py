"""The Oracle compiler over a whole card pool: how many mana-ability cards compile fully, per
pattern, and why the rest don't; and the seeded sample of mana-ability cards the tests use.

    python tools/oracle_pool.py POOL.json.gz                 # the report (text)
    python tools/oracle_pool.py POOL.json.gz --json          # the same as JSON
    python tools/oracle_pool.py POOL.json.gz --sample OUT.json [--size 150] [--seed 12]

POOL is a gzip JSON object name -> {"faces": {face: {"text", "type", ...}}, ...} (the 2022 pool
the project was given).  A mana-ability card is one with an ability the compiler takes for a mana
ability (pybridge.oracle.mana.is_mana_ability_text: rule 605.1a).
"""
from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pybridge.oracle.abilities import split_abilities  # noqa: E402
from pybridge.oracle.compile import MORPH_START, compile_card, is_type_change_text, normalise  # noqa: E402
from pybridge.oracle.mana import is_mana_ability_text  # noqa: E402

# The other groups the compiler reads, by what their abilities start with or say.
OTHER_GROUPS = {"face_down_keywords": lambda text: bool(MORPH_START.match(text)),
                "land_type_changes": is_type_change_text}


def load_pool(path: str) -> dict[str, list[tuple[str, str, str]]]:
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        raw = json.load(handle)
    return {name: [(face, f.get("text") or "", f.get("type") or "")
                   for face, f in card["faces"].items()] for name, card in raw.items()}


def mana_abilities(name: str, faces) -> list[tuple[str, int]]:
    return [(face, i) for face, text, _ in faces
            for i, ab in enumerate(split_abilities(text), start=1)
            if is_mana_ability_text(normalise(ab, name, face))]


def group_report(pool, wanted) -> dict:
    cards = modelled = 0
    unmodelled = []
    for name, faces in sorted(pool.items()):
        compiled = [a for a in compile_card(name, faces).abilities
                    if wanted(normalise(a.text, name, a.face))]
        if not compiled:
            continue
        cards += 1
        failed = [a for a in compiled if not a.modelled]
        modelled += not failed
        if failed:
            unmodelled.append({"card": name, "why": failed[0].why, "ability": failed[0].text})
    return {"cards": cards, "modelled": modelled, "unmodelled": unmodelled}


def report(pool) -> dict:
    cards = modelled = 0
    patterns: Counter = Counter()
    patterns_ok: Counter = Counter()
    why: Counter = Counter()
    unmodelled = []
    for name, faces in sorted(pool.items()):
        wanted = set(mana_abilities(name, faces))
        if not wanted:
            continue
        cards += 1
        compiled = [a for a in compile_card(name, faces).abilities if (a.face, a.index) in wanted]
        for a in compiled:
            patterns[a.pattern or "unparsed"] += 1
            patterns_ok[a.pattern or "unparsed"] += a.modelled
        failed = [a for a in compiled if not a.modelled]
        if failed:
            reason = failed[0].why
            why[reason.split(":")[0] if reason.startswith("mana ability of a shape") else reason] += 1
            unmodelled.append({"card": name, "why": reason, "ability": failed[0].text})
        else:
            modelled += 1
    return {"cards": cards, "modelled": modelled,
            "patterns": {p: {"abilities": n, "modelled": patterns_ok[p]}
                         for p, n in patterns.most_common()},
            "why": dict(why.most_common()), "unmodelled": unmodelled}


def sample(pool, size: int, seed: int) -> list[dict]:
    names = sorted(n for n, faces in pool.items() if mana_abilities(n, faces))
    chosen = sorted(random.Random(seed).sample(names, size))
    return [{"name": n, "faces": [{"name": f, "text": t, "type": ty} for f, t, ty in pool[n]]}
            for n in chosen]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pool")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--sample", metavar="OUT")
    parser.add_argument("--size", type=int, default=150)
    parser.add_argument("--seed", type=int, default=12)
    args = parser.parse_args(argv)
    pool = load_pool(args.pool)
    if args.sample:
        Path(args.sample).write_text(json.dumps(sample(pool, args.size, args.seed), indent=1,
                                                ensure_ascii=False) + "\n")
        print(f"wrote {args.size} cards to {args.sample}")
        return
    out = report(pool)
    out["groups"] = {g: group_report(pool, wanted) for g, wanted in OTHER_GROUPS.items()}
    if args.json:
        print(json.dumps(out, indent=1, ensure_ascii=False))
        return
    share = 100 * out["modelled"] / out["cards"]
    print(f"mana-ability cards: {out['cards']}, fully compiled: {out['modelled']} ({share:.1f}%)")
    for group, row in out["groups"].items():
        print(f"{group}: {row['cards']} cards, fully compiled: {row['modelled']}")
    print("\nabilities per pattern (compiled / parsed):")
    for pattern, row in out["patterns"].items():
        print(f"  {row['modelled']:5d} / {row['abilities']:5d}  {pattern}")
    print("\ncards not fully compiled, by reason of their first unmodelled mana ability:")
    for reason, n in out["why"].items():
        print(f"  {n:4d}  {reason}")
    print("\nthe cards:")
    for row in out["unmodelled"]:
        print(f"  {row['card']}: {row['ability']}  -- {row['why']}")


if __name__ == "__main__":
    main()
