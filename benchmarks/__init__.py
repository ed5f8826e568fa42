"""Benchmarks: generated boards, timed in fresh processes, against a brute-force reference.

`python -m benchmarks` runs the three series and prints markdown tables; see docs/benchmarks.md.
The modules: `boards` builds scenarios as TOML text, `reference_orders` enumerates replacement
orders one by one, `worker` answers one scenario in its own process, `measure` times workers,
`report` writes the tables and goals, `plot` draws docs/benchmarks.png.
"""
