"""The `mtgasp sweep SPEC.toml --out FILE.jsonl [-j N] [--scheduler ADDRESS]` subcommand."""
from __future__ import annotations

import argparse
from pathlib import Path

from pybridge.errors import InputError

EXIT_OK, EXIT_DISAGREE = 0, 1


def add_parser(sub) -> None:
    sweep = sub.add_parser("sweep", help="answer every board of a sweep spec, against the reference")
    sweep.add_argument("spec")
    sweep.add_argument("--out", required=True, help="the JSONL file of vectors (a rerun resumes it)")
    sweep.add_argument("-j", "--jobs", type=int, default=1, help="local worker processes")
    sweep.add_argument("--timeout", type=float, default=None,
                       help="seconds for each board on local workers (default 120); a board "
                            "that takes longer is written with an error")
    sweep.add_argument("--scheduler", metavar="ADDRESS",
                       help="a Dask distributed scheduler (tcp://HOST:PORT) instead of local workers")
    sweep.add_argument("--verify", type=int, default=0, metavar="N",
                       help="answer again a seeded sample of N kept vectors and report any that differ")
    sweep.add_argument("--seed", type=int, default=0, help="the seed of --verify's sample")


def cmd_sweep(args: argparse.Namespace) -> int:
    if args.jobs < 1:
        raise InputError("-j takes a number of jobs, 1 or more")
    if args.verify < 0:
        raise InputError("--verify takes a number of vectors, 0 or more")
    # Imported here: the command line builds this parser for every command, and only a sweep
    # needs the sweep's machinery (the reference, tqdm).
    from pybridge.sweep.run import run_sweep
    from pybridge.sweep.spec import load_spec
    spec = load_spec(args.spec)
    if args.timeout is not None:
        from pybridge.run.worker import check_timeout
        check_timeout(args.timeout)
    summary = run_sweep(spec, Path(args.out), jobs=args.jobs, scheduler=args.scheduler,
                        timeout=args.timeout, verify=args.verify, seed=args.seed)
    print(summary.text())
    failed = summary.disagree or summary.errors or summary.verify_failed
    return EXIT_DISAGREE if failed else EXIT_OK
