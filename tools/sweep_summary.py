"""Summarise a sweep's output: vectors, agreements, order-dependent answers, per permanent.

    python tools/sweep_summary.py OUT.jsonl [--sample N SAMPLE.jsonl.gz]

Prints one JSON object: the counts over the file (with `stands_for`, the boards of the unreduced
sweep they stand for), and per permanent asked about.  With --sample, writes every Nth vector,
every disagreement and every `produce` answer with more than one result to a gzip'd JSONL file
(what docs/sweeps/ publishes when the whole output is too big to commit).
"""
from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections import Counter


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/sweep_summary.py")
    parser.add_argument("out")
    parser.add_argument("--sample", nargs=2, metavar=("N", "FILE"))
    args = parser.parse_args(argv)
    totals: Counter = Counter()
    per_subject: dict[str, Counter] = {}
    kept = []
    every = int(args.sample[0]) if args.sample else 0
    with open(args.out, encoding="utf-8") as handle:
        for n, line in enumerate(handle):
            v = json.loads(line)
            subject = v["scenario"]["permanent"][0]["card"]
            c = per_subject.setdefault(subject, Counter())
            several = next(iter(v["ask"])) == "produce" and isinstance(v["answer"], list) \
                and len(v["answer"]) > 1
            for counter in (totals, c):
                counter["vectors"] += 1
                counter["stands_for"] += v.get("stands_for", 1)
                counter["agree" if v["agree"] is True else "disagree" if v["agree"] is False
                        else "no reference"] += 1
                counter["errors"] += "error" in v
                counter["produce with several results"] += several
            if every and (n % every == 0 or v["agree"] is False or several):
                kept.append(line)
    if args.sample:
        with gzip.open(args.sample[1], "wt", encoding="utf-8") as handle:
            handle.writelines(kept)
        totals["sampled"] = len(kept)
    print(json.dumps({"total": totals, "per_permanent": per_subject}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
