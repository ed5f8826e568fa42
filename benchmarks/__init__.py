"""Benchmarks: generated boards, timed in fresh processes, against a brute-force reference.

`python -m benchmarks` runs the three series and prints markdown tables; see docs/benchmarks.md.
The modules: `boards` builds scenarios as TOML text, `worker` answers one scenario in its own
process with pybridge's loader and solver, `reference_worker` runs pybridge.reference (the tests'
brute-force reference), `measure` times them, `report` writes the tables and goals, `plot` draws
docs/benchmarks.png.
"""
