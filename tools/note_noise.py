"""How many answers over queries/ carry an `unmodelled` note that the declared relevance rule
(pybridge/contract/kinds.py `bears`, pybridge/contract/kinds.py) calls irrelevant: the
noise that teaches users to ignore the note (issue 30 asks at most 2%).

    python tools/note_noise.py [PATHS ...]            # answer them now and count
    python tools/note_noise.py --dump OUT.json        # ... and keep each answer's notes
    python tools/note_noise.py --notes DUMP.json      # count the notes of an earlier dump

A dump is a JSON list of {"file", "kind", "target", "ok", "notes"}, so notes made by another
version of the code can be judged by this one's rule.  It prints the counts, the notes the rule
calls irrelevant, and the top reasons of the rest (the `ok?` answers' texts).
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pybridge.answer.answering import answer_files  # noqa: E402
from pybridge.answer.unmodelled import bears_on, text_classes  # noqa: E402
from pybridge.contract.kinds import KIND_BY_NAME  # noqa: E402
from pybridge.read.scenario import load_scenario  # noqa: E402


def dump(paths: list[str], results: list | None = None) -> list[dict]:
    """Each answer's notes; results: the files' results if answered already (answer_files)."""
    out = []
    for path, result in zip(paths, answer_files(paths) if results is None else results):
        if isinstance(result, Exception):
            continue
        for r in result.results:
            out.append({"file": path, "kind": r.ask.kind, "target": r.ask.target, "ok": r.ok,
                        "notes": (r.details or {}).get("unmodelled", [])})
    return out


def _cards(path: str) -> dict[str, str]:
    """id -> card name of the file's permanents and cards (a new object ID_N: ID's card)."""
    scenario = load_scenario(path)
    cards = {p.id: p.card for p in scenario.permanents}
    cards.update({c.id: c.card for c in scenario.cards})
    return cards


def card_of(cards: dict[str, str], ident: str) -> str | None:
    while ident not in cards and "_" in ident:
        ident = ident.rsplit("_", 1)[0]
    return cards.get(ident)


def judge(rows: list[dict]) -> tuple[list[dict], Counter, int]:
    """The notes the rule calls irrelevant, a count of the relevant ones by text, and how many
    answers carry at least one irrelevant note."""
    irrelevant, kept, noisy = [], Counter(), 0
    by_file: dict[str, dict[str, str]] = {}
    for row in rows:
        if row["file"] not in by_file:
            by_file[row["file"]] = _cards(row["file"])
        before = len(irrelevant)
        for note in row["notes"]:
            card = card_of(by_file[row["file"]], note["permanent"])
            asked = note["permanent"] == row["target"]
            hidden = KIND_BY_NAME[row["kind"]].bears.hidden     # a face-down asked one's card
            if bears_on(row["kind"], note["ability"], asked, card) or (
                    asked and text_classes(card, note["ability"]).intersection(hidden)):
                kept[(row["kind"], note["ability"])] += 1
            else:
                irrelevant.append({**note, "kind": row["kind"], "file": row["file"],
                                   "classes": sorted(text_classes(card, note["ability"]))})
        noisy += len(irrelevant) > before
    return irrelevant, kept, noisy


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", default=["queries"])
    parser.add_argument("--notes", help="judge the notes of this dump instead of answering")
    parser.add_argument("--dump", help="write the answers' notes here")
    parser.add_argument("--top", type=int, default=20)
    args = parser.parse_args(argv)
    if args.notes:
        rows = json.loads(Path(args.notes).read_text(encoding="utf-8"))
    else:
        files = sorted(str(f) for p in args.paths
                       for f in (Path(p).rglob("*.toml") if Path(p).is_dir() else [Path(p)]))
        rows = dump(files)
    if args.dump:
        Path(args.dump).write_text(json.dumps(rows, indent=0), encoding="utf-8")
    irrelevant, kept, noisy_answers = judge(rows)
    noted = sum(1 for row in rows if row["notes"])
    print(f"{len(rows)} answers, {noted} with a note, {noisy_answers} with a note the rule calls "
          f"irrelevant ({100 * noisy_answers / max(len(rows), 1):.1f}%)")
    for text, count in Counter((n["kind"], n["ability"][:80], ",".join(n["classes"]))
                               for n in irrelevant).most_common(args.top):
        print(f"  irrelevant {count:4} {text}")
    for (kind, text), count in kept.most_common(args.top):
        print(f"  bears      {count:4} {kind}: {text[:100]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
