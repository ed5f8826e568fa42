"""Benchmarks: generated boards, timed in fresh processes, against a brute-force reference.

`python -m benchmarks` runs the three series and prints markdown tables; see docs/benchmarks.md.
`python -m benchmarks NAME ARGS` runs one of the other benchmarks (check_speed, forty_lands,
replacement_scaling, rule_profile, scaling, soak, sweep_speed).
The modules: `boards` builds scenarios as TOML text, `worker` answers one scenario in its own
process with pybridge's loader and solver, `reference_worker` runs pybridge.reference (the tests'
brute-force reference), `measure` times them, `report` writes the tables and goals, `plot` draws
docs/benchmarks.png.
"""
