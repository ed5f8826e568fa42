"""The goals, and the results as markdown tables (printed, and written as docs/benchmarks.md)."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from benchmarks.measure import CLI_REPEAT_BELOW_SECONDS

# Targets from the issue that asked for these benchmarks.
GROUND_SOLVE_AT_1000 = 0.5
GROUND_SOLVE_AT_5000 = 3.0
# Twice the permanents may give at most this many times the atoms and still count as "about
# linear": a fixed part (the card library) makes an affine size grow by less than 2.
LINEAR_RATIO_LIMIT = 2.2
GROUND_SOLVE_AT_K11 = 0.5
SPEEDUP_AT_K9 = 100.0
PEAK_MB_LIMIT = 500.0


@dataclass(frozen=True)
class Goal:
    name: str
    target: str
    measured: str
    met: bool | None   # None: could not be measured in this run


def _row(rows: list[dict], key: str, value: int) -> dict | None:
    return next((r for r in rows if r[key] == value), None)


def primary_reference(row: dict) -> dict:
    """The reference the goals use: the first one run (tests/reference.py when it exists)."""
    return next(iter(row["references"].values()))


def whole_process_ratio(results: dict) -> float | None:
    """`mtgasp ask` wall time per permanent at the largest N over that at N = 1,000 (not a goal
    of the issue; reported).  The widest span, because one doubling is within the noise of a
    shared machine."""
    sizes = results["series"]["board_size"]
    small = _row(sizes, "n", 1000)
    timed = [r for r in sizes if r.get("cli_wall_seconds") and r["n"] > 1000]
    if small and small.get("cli_wall_seconds") and timed:
        large = max(timed, key=lambda r: r["n"])
        return (large["cli_wall_seconds"] / large["n"]) / (small["cli_wall_seconds"] / small["n"])
    return None


def _with_cpu(row: dict) -> str:
    return (f"{row['ground_solve_seconds']:.3f} s (CPU {row['ground_solve_cpu_seconds']:.3f} s)")


def evaluate_goals(results: dict) -> list[Goal]:
    sizes = results["series"]["board_size"]
    effects = results["series"]["replacement_effects"]
    goals: list[Goal] = []

    for n, limit in ((1000, GROUND_SOLVE_AT_1000), (5000, GROUND_SOLVE_AT_5000)):
        row = _row(sizes, "n", n)
        goals.append(Goal(f"series 1, N = {n:,}: ground + solve", f"< {limit:g} s",
                          _with_cpu(row) if row else "not run",
                          row["ground_solve_seconds"] < limit if row else None))

    small, large = _row(sizes, "n", 1000), _row(sizes, "n", 2000)
    if small and large:
        ratio = large["atoms"] / small["atoms"]
        goals.append(Goal("series 1: ground atoms, N = 2,000 against N = 1,000",
                          f"about linear (ratio <= {LINEAR_RATIO_LIMIT:g})", f"ratio {ratio:.2f}",
                          ratio <= LINEAR_RATIO_LIMIT))
    else:
        goals.append(Goal("series 1: ground atoms, N = 2,000 against N = 1,000",
                          f"ratio <= {LINEAR_RATIO_LIMIT:g}", "not run", None))

    row = _row(effects, "k", 11)
    goals.append(Goal("series 2, k = 11: ground + solve", f"< {GROUND_SOLVE_AT_K11:g} s",
                      _with_cpu(row) if row else "not run",
                      row["ground_solve_seconds"] < GROUND_SOLVE_AT_K11 if row else None))

    row = _row(effects, "k", 9)
    main = primary_reference(row) if row else None
    name = "series 2, k = 9: reference time / solver ground + solve"
    if main and main["finished"]:
        goals.append(Goal(name, f">= {SPEEDUP_AT_K9:g}x",
                          f"{main['speedup']:.0f}x ({main['seconds']:.2f} s / "
                          f"{row['ground_solve_seconds']:.3f} s; {main['file']})",
                          main["speedup"] >= SPEEDUP_AT_K9))
    else:
        goals.append(Goal(name, f">= {SPEEDUP_AT_K9:g}x",
                          "reference did not finish" if row else "not run", None))

    agreements = [ref["agree"] for r in effects for ref in r["references"].values()
                  if ref.get("agree") is not None]
    goals.append(Goal("series 2: solver and every reference agree wherever it finished",
                      "all equal", f"{sum(agreements)} of {len(agreements)} comparisons equal",
                      all(agreements) if agreements else None))

    every = sizes + effects + results["series"]["copies"]["rows"]
    peak = max((r["peak_mb"] for r in every), default=None)
    goals.append(Goal("peak memory of any run", f"< {PEAK_MB_LIMIT:g} MB",
                      f"{peak:.0f} MB" if peak is not None else "not run",
                      peak < PEAK_MB_LIMIT if peak is not None else None))
    return goals


# --- markdown ---

def _table(header: list[str], rows: list[list[Any]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(" --- " for _ in header) + "|"]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def _s(seconds: float | None) -> str:
    return "-" if seconds is None else f"{seconds:.3f}"


def _times(ratio: float) -> str:
    return f"{ratio:,.0f}x" if ratio >= 10 else f"{ratio:.2g}x"


def _met(goal: Goal) -> str:
    return {True: "met", False: "**missed**", None: "not measured"}[goal.met]


def goals_table(goals: list[Goal]) -> str:
    return _table(["goal", "target", "measured", ""],
                  [[g.name, g.target, g.measured, _met(g)] for g in goals])


def _wall(row: dict, limit: float) -> str:
    if row["cli_wall_seconds"] is None:
        return f"> {limit:g} (stopped)"
    runs = "" if row["cli_runs"] == row["runs"] else f" ({row['cli_runs']} run)"
    return _s(row["cli_wall_seconds"]) + runs


def board_size_table(rows: list[dict], cli_limit: float) -> str:
    return _table(
        ["N", "asks answered", "ground atoms", "rules", "ground s", "solve s", "ground+solve s",
         "ground+solve CPU s", "worker wall s", "`mtgasp ask` wall s", "peak MB"],
        [[f"{r['n']:,}", f"{r['answered']:,} / {r['asks']:,}", f"{r['atoms']:,}", f"{r['rules']:,}",
          _s(r["ground_seconds"]), _s(r["solve_seconds"]), _s(r["ground_solve_seconds"]),
          _s(r["ground_solve_cpu_seconds"]), _s(r["worker_wall_seconds"]), _wall(r, cli_limit),
          f"{r['peak_mb']:.0f}"] for r in rows])


def _reference_cells(ref: dict) -> list[str]:
    if not ref["finished"]:
        return [f"> {ref['note']}" if ref["note"].startswith("stopped") else ref["note"], "-", "-"]
    return [_s(ref["seconds"]), "yes" if ref["agree"] else "**NO**", _times(ref["speedup"])]


def replacement_table(rows: list[dict], reference_files: list[str]) -> str:
    header = ["k", "effect added", "distinct results", "ground atoms", "ground s", "solve s",
              "ground+solve s", "ground+solve CPU s", "`mtgasp ask` wall s", "peak MB"]
    for file in reference_files:
        header += [f"`{file}` s", "agree", "speed-up"]
    out = []
    for r in rows:
        cells = [r["k"], r["effects"][-1], r["results"], f"{r['atoms']:,}", _s(r["ground_seconds"]),
                 _s(r["solve_seconds"]), _s(r["ground_solve_seconds"]),
                 _s(r["ground_solve_cpu_seconds"]), _wall(r, 0), f"{r['peak_mb']:.0f}"]
        for ref in r["references"].values():
            cells += _reference_cells(ref)
        out.append(cells)
    return _table(header, out)


def copy_table(rows: list[dict], cli_limit: float) -> str:
    return _table(["N", "asked", "answered", "ground atoms", "rules", "ground s", "solve s",
                   "ground+solve s", "ground+solve CPU s", "worker wall s", "`mtgasp ask` wall s",
                   "peak MB"],
                  [[f"{r['n']:,}", f"{r['asks']:,} x {r['kind']}", f"{r['answered']:,}",
                    f"{r['atoms']:,}", f"{r['rules']:,}", _s(r["ground_seconds"]),
                    _s(r["solve_seconds"]), _s(r["ground_solve_seconds"]),
                    _s(r["ground_solve_cpu_seconds"]), _s(r["worker_wall_seconds"]),
                    _wall(r, cli_limit), f"{r['peak_mb']:.0f}"]
                   for r in rows])


def profile_table(profile: dict, label: str = "N") -> str:
    """Atoms per predicate and size; the last column is how each grows: the ratio N = 2,000 over
    N = 1,000 for boards, the factor per added effect for k."""
    sizes = profile["sizes"]
    header = ["predicate"] + [f"atoms, {label} = {n:,}" for n in sizes]
    if label == "N" and {1000, 2000} <= set(sizes):
        lo, hi, steps = 1000, 2000, 1
        header.append("ratio 2,000 / 1,000")
    else:
        lo, hi, steps = sizes[0], sizes[-1], max(1, sizes[-1] - sizes[0])
        header.append(f"growth per step of {label}" if label != "N" else f"ratio {hi:,} / {lo:,}")
        if label == "N":
            steps = 1
    rows = []
    for entry in profile["predicates"] + [{"predicate": "(all predicates)", **profile["totals"]}]:
        base = entry[str(lo)]
        growth = f"{(entry[str(hi)] / base) ** (1 / steps):.2f}" if base else "-"
        rows.append([f"`{entry['predicate']}`"] + [f"{entry[str(n)]:,}" for n in sizes] + [growth])
    return _table(header, rows)


def state_graph_table(rows: list[dict]) -> str:
    counted = [r for r in rows if r.get("state_graph")]
    return _table(["k", "effects with a bit", "kinds of effect", "sets of applied effects", "states",
                   "transitions", "states if effects of one kind were interchangeable"],
                  [[r["k"], g["effects"], g["kinds"], f"{g['applied_sets']:,}", f"{g['states']:,}",
                    f"{g['transitions']:,}", f"{g['states_if_kinds_shared']:,}"]
                   for r in counted for g in [r["state_graph"]]])


def markdown(results: dict, goals: list[Goal], plot_name: str | None) -> str:
    meta = results["meta"]
    series = results["series"]
    copies = series["copies"]
    parts = [
        "# Benchmarks",
        "",
        "Generated by `python -m benchmarks --publish` (`pip install -e '.[bench]'` for the plot); "
        "`python -m benchmarks` alone writes the same files to `benchmarks/out/` (git-ignored). "
        "The boards are generated by `benchmarks/boards.py`; every case is written as a scenario "
        "file and answered by fresh processes.",
        "",
        f"Run {meta['date']} on {meta['machine']}, Python {meta['python']}, clingo {meta['clingo']}. "
        f"Every time is the **median of {meta['repeats']} runs** (peak memory: the largest run), "
        "on a shared machine where other jobs used the CPU at the same time.  " + _code_line(meta),
        "",
        "- *ground s*, *solve s*, *ground atoms*, *rules*: clingo's statistics from "
        "`python -m benchmarks.worker FILE`, a fresh process that loads the scenario, grounds and "
        "solves with `pybridge.solver.solve_in_process` and reads every answer with the question "
        "kinds' own code; ground time includes loading the logic programs.",
        "- *ground+solve CPU s*: the worker's CPU time (`time.process_time`) over the same call; "
        "grounding and solving run on one thread, so this is the solver's own work, and it "
        "suffers less than wall time from the other jobs on the machine.",
        "- *worker wall s*: that whole worker process.",
        f"- *`mtgasp ask` wall s*: the whole `python -m pybridge ask FILE --json` process, as a "
        "user runs it (interpreter start, imports, card library, scenario, the forked solver, "
        "reading the answers, the JSON).  A run over "
        f"{CLI_REPEAT_BELOW_SECONDS:g} s is not repeated; one over {meta['cli_limit_seconds']:g} s is stopped.",
        "- *peak MB*: the largest `ru_maxrss` of any of the case's processes, read with `os.wait4` "
        "(it includes the CLI's forked solver).",
        "",
        "## Goals",
        "",
        goals_table(goals),
        "",
        "## Series 1: board size",
        "",
        "Lands of every basic type, nonbasic lands (duals, a triome, Command Tower with commanders, "
        "City of Brass ...), Reflecting Pools, Exotic Orchards, Fellwar Stones, Naga Vitalists, "
        "Harvester Druids and Sylvok Explorers dealt to both players; Urborg, Tomb of Yawgmoth and "
        "Prismatic Omen; Mana Reflection, Virtue of Strength, Nyxbloom Ancient and Pale Moon's "
        "effect.  One `could_produce` ask per permanent.",
        "",
        board_size_table(series["board_size"], meta["cli_limit_seconds"]),
    ]
    profile = results.get("profile")
    if profile:
        parts += ["", "Where the ground atoms go (the largest predicates, counted with "
                      "`symbolic_atoms` after grounding):", "", profile_table(profile)]
    parts += [
        "",
        "## Series 2: replacement effects on one Forest",
        "",
        "A Forest you control and the first k of: " + ", ".join(
            f"{card}" for card in series["replacement_effects"][-1]["effects"]) +
        " (Deep Water as an `[[effect]]`; all apply to the Forest, Damping Sphere once it makes "
        "two or more mana; Pale Moon's effect would not, a Forest is basic).  One `produce` ask.",
        "",
        "Two brute-force references, both written from the cards' Oracle text and sharing "
        "nothing with `asp/`, each run in its own process and stopped after "
        f"{meta['reference_limit_seconds']:g} s per k (a k after one that was stopped is not run):",
        "",
        "- `tests/reference.py` (the tests' reference; the goals use it): every permutation of "
        "the k effects (`itertools.permutations`, k! of them), and along each the first effect "
        "of the order that applies now (616.1e), re-checked after each step (616.1f), each at "
        "most once (614.5).  Called as `produce(board, \"forest\", distinct=False, could=...)`, "
        "so only the enumeration of orders is timed.",
        "- `benchmarks/reference_orders.py`: a depth-first walk of every legal sequence of "
        "choices (the player picks any applicable effect, then 616.1f again), each order a path "
        "of its own, no shared states.",
        "",
        "Reference times are the median of the runs when a run takes under a second, else one "
        "run.  *speed-up* is the reference's time over the solver's ground + solve.",
        "",
        replacement_table(series["replacement_effects"],
                          [ref["file"] for ref in series["replacement_effects"][0]["references"].values()]),
        "",
        "The state graph of `asp/rules/replacement.lp` for each k (`python -m benchmarks.worker "
        "FILE --states`): a state is a set of applied effects (a bitmask) and the mana so far.  "
        "The last column counts the states that would remain if effects doing the same thing to "
        "this event (same operation, same minimum amount) were interchangeable, i.e. if a state "
        "recorded how many effects of each kind had applied instead of which:",
        "",
        state_graph_table(series["replacement_effects"]),
        "",
    ]
    profile = results.get("profile_replacement")
    if profile:
        parts += ["Where the ground atoms go for the largest k:", "",
                  profile_table(profile, label="k"), ""]
    parts += [
        "## Series 3: copies of copies and face-down permanents",
        "",
        "Blocks of thirteen: a creature, a Clone of it, a Phantasmal Image of the Clone and a "
        "Vesuvan Doppelganger of the Image; Dryad Arbor, a Clone of it and an Image of that Clone; "
        "Fellwar Stone, a Sculpting Steel copying it and a Sculpting Steel copying that one; an "
        "Exalted Angel face down by morph and a Clone of it; a Grizzly Bears face down by Ixidron.",
        "",
        copies["note"],
        "",
        copy_table(copies["rows"], meta["cli_limit_seconds"]),
    ]
    if plot_name:
        parts += ["", "## Plot", "", f"![time against N and against k]({plot_name})"]
    notes = findings(results)
    if notes:
        parts += ["", "## Findings", ""] + notes
    return "\n".join(parts) + "\n"


def _code_line(meta: dict) -> str:
    code = meta.get("code")
    if not code:
        return ""
    where = f"commit {code['git_head']}" if code.get("git_head") else "an unknown commit"
    if code.get("uncommitted_changes"):
        where += " with uncommitted changes to `asp/` or `pybridge/`"
    return (f"Every process ran from a copy of the tree taken when the run started ({where}; "
            f"digest of `asp/` and `pybridge/`: `{code['digest']}`).")


def _linear_fit(points: list[tuple[float, float]]) -> tuple[float, float]:
    """Least squares y = a + b x."""
    n = len(points)
    mean_x = sum(x for x, _ in points) / n
    mean_y = sum(y for _, y in points) / n
    spread = sum((x - mean_x) ** 2 for x, _ in points)
    slope = sum((x - mean_x) * (y - mean_y) for x, y in points) / spread if spread else 0.0
    return mean_y - slope * mean_x, slope


# Effects that do the same thing to a basic Forest you control (series 2).
ALIKE_ON_A_FOREST = (("Nyxbloom Ancient", "Virtue of Strength", "triple the Forest's mana"),
                     ("Infernal Darkness", "Reality Twist", "Naked Singularity",
                      "make the Forest's mana that much {B}"))


def _alike(cards: list[str]) -> str:
    groups = [f"{n} {card}s" for card, n in sorted(Counter(cards).items()) if n > 1]
    for *names, what in ALIKE_ON_A_FOREST:
        present = [name for name in names if name in cards]
        if len(present) > 1:
            both = "both" if len(present) == 2 else "all"
            groups.append(f"{', '.join(present[:-1])} and {present[-1]} {both} {what}")
    return "; ".join(groups) or "none here"


def _gave_up(effects: list[dict]) -> str:
    stopped = [r for r in effects if not primary_reference(r)["finished"]]
    if not stopped:
        return ""
    return f" (`{primary_reference(stopped[0])['file']}` gives up at k = {stopped[0]['k']})"


def findings(results: dict) -> list[str]:
    """What the numbers say beyond the goals, each paragraph drawn from this run's data."""
    out: list[str] = []
    sizes = results["series"]["board_size"]
    effects = results["series"]["replacement_effects"]

    small, large = _row(sizes, "n", 1000), _row(sizes, "n", 2000)
    if len(sizes) >= 3 and small and large:
        fixed, per_n = _linear_fit([(r["n"], r["ground_solve_cpu_seconds"]) for r in sizes])
        atoms_fixed, atoms_per_n = _linear_fit([(r["n"], r["atoms"]) for r in sizes])
        listed = ", ".join(f"{r['n']:,}" for r in sizes)
        fits = (f"Least squares over N = {listed}: ground atoms = {atoms_fixed:,.0f} + "
                f"{atoms_per_n:.0f} N, and ground + solve CPU time = {fixed:.3f} s + "
                f"{per_n * 1e6:.0f} µs x N.")
        profile = results.get("profile")
        ratios = ([e["2000"] / e["1000"] for e in profile["predicates"] if e.get("1000")]
                  if profile and "1000" in profile["totals"] and "2000" in profile["totals"] else [])
        if large["atoms"] / small["atoms"] <= LINEAR_RATIO_LIMIT:
            worst = (f"  The fastest-growing of the largest predicates grows {max(ratios):.2f} times "
                     "from N = 1,000 to 2,000: reflecting abilities read per-player pools "
                     "(`reflect_pool/3`), never other permanents one by one, and the replacement "
                     "state graph depends on the few event signatures, not on N." if ratios else "")
            out.append(f"- **Series 1 grows linearly.**  {fits}{worst}  Wall times on this shared "
                       "machine vary more than CPU times; where a wall-time goal is missed and the "
                       "CPU time meets it, other jobs' load is the difference.")
        else:
            out.append(f"- **Series 1 grows faster than linearly.**  {fits}  See the profile table "
                       "for the predicates whose ratio exceeds 2.")

    ratio = whole_process_ratio(results)
    if ratio is not None:
        timed = [r for r in sizes if r.get("cli_wall_seconds")]
        span = ", ".join(f"{r['cli_wall_seconds']:.2f} s at N = {r['n']:,}" for r in timed)
        if ratio > LINEAR_RATIO_LIMIT / 2:
            out.append(f"- **The whole `mtgasp ask` process grows faster than N.**  {span}: the "
                       f"time per permanent at the largest N is {ratio:.1f} times that at "
                       "N = 1,000.  Profile the process (cProfile) to find where.")
        else:
            out.append(f"- **The whole `mtgasp ask` process grows linearly too.**  {span}.  (An "
                       "earlier version read each ask's answer by scanning every shown atom, "
                       "which made it quadratic in the number of asks: 18 s at N = 1,000; "
                       "`ModelAtoms` now indexes the atoms by predicate and ask number once.)")

    if len(effects) >= 4:
        last = effects[-1]
        before = effects[-4]
        steps = last["k"] - before["k"]
        growth = (last["atoms"] / before["atoms"]) ** (1 / steps)
        graph = last.get("state_graph") or {}
        profile = results.get("profile_replacement")
        share = ""
        if profile:
            top = {e["predicate"]: e[str(last["k"])] for e in profile["predicates"]}
            graph_atoms = top.get("transition/8", 0) + top.get("state/4", 0)
            share = (f"; `transition/8` and `state/4` are {100 * graph_atoms / profile['totals'][str(last['k'])]:.0f}% "
                     "of them")
        if growth > 1.5 and graph:
            out.append(
                f"- **Series 2 grounds a state graph that is exponential in k.**  From k = "
                f"{before['k']} to {last['k']} the ground atoms grow {growth:.1f} times per added "
                f"effect ({before['atoms']:,} to {last['atoms']:,}{share}), and ground + solve "
                f"with them ({before['ground_solve_seconds']:.3f} s to "
                f"{last['ground_solve_seconds']:.3f} s).  A state is the set of effects applied "
                "so far and the mana so far; when all k effects apply, nearly every one of the "
                f"2^k subsets is reachable ({graph['applied_sets']:,} of {2 ** last['k']:,} at "
                f"k = {last['k']}), each with several mana amounts, and every state has a "
                "transition for each effect not yet applied.  That is far below k! orders"
                f"{_gave_up(effects)}, but still exponential.  On this board several effects do "
                f"the same thing ({_alike(last['effects'])}), yet each has its own bit, so states "
                "that differ only in which of them applied are kept apart.  A state that counted the effects applied of each kind would leave "
                f"{graph['states_if_kinds_shared']:,} of the {graph['states']:,} states at k = "
                f"{last['k']} ({graph['kinds']} kinds of effect), and grows polynomially in k "
                "while the kinds stay few; the kinds are fixed per event signature, so the bound "
                "stays visible to the grounder.")

    if effects:
        first = effects[0]
        slower = [r["k"] for r in effects if primary_reference(r).get("speedup") is not None
                  and primary_reference(r)["speedup"] < 1]
        crossing = (f", so the reference is faster up to k = {max(slower)} and slower beyond"
                    if slower else "")
        out.append(
            f"- **The solver's time at small k is fixed cost.**  Ground + solve with k = "
            f"{first['k']} is {first['ground_solve_seconds']:.3f} s ({first['atoms']:,} ground "
            "atoms): loading and grounding the rules and the card library, the same for any "
            f"board.  The references start near zero and grow with k!{crossing}.")
    return out
