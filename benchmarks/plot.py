"""docs/benchmarks.png: time against board size N and against the number of effects k.

matplotlib is an optional extra (`pip install -e '.[bench]'`); without it the benchmarks still
run and only the plot is skipped.
"""
from __future__ import annotations

from pathlib import Path


def matplotlib_available() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def draw(results: dict, path: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")   # files only, no display
    import matplotlib.pyplot as plt

    sizes = results["series"]["board_size"]
    effects = results["series"]["replacement_effects"]
    copies = results["series"]["copies"]["rows"]
    fig, (by_n, by_k) = plt.subplots(1, 2, figsize=(12, 4.8))

    ns = [r["n"] for r in sizes]
    by_n.plot(ns, [r["ground_solve_seconds"] for r in sizes], "o-", label="ground + solve")
    by_n.plot(ns, [r["worker_wall_seconds"] for r in sizes], "d-.", label="wall, worker process")
    timed = [r for r in sizes if r["cli_wall_seconds"] is not None]
    by_n.plot([r["n"] for r in timed], [r["cli_wall_seconds"] for r in timed], "s--",
              color="tab:green", label="wall, mtgasp ask process")
    cli_limit = results["meta"]["cli_limit_seconds"]
    stopped_n = [r["n"] for r in sizes if r["cli_wall_seconds"] is None]
    if stopped_n:
        by_n.plot(stopped_n, [cli_limit] * len(stopped_n), "x", color="tab:green",
                  label=f"mtgasp ask stopped (> {cli_limit:g} s)")
    if copies:
        by_n.plot([r["n"] for r in copies], [r["ground_solve_seconds"] for r in copies], "^:",
                  label=f"copies board ({copies[0]['kind']}), ground + solve")
    # A straight line through the N = 1,000 point: slope 1 on log-log axes is linear growth.
    anchor = next((r for r in sizes if r["n"] == 1000), sizes[len(sizes) // 2] if sizes else None)
    if anchor:
        per_n = anchor["ground_solve_seconds"] / anchor["n"]
        by_n.plot(ns, [per_n * n for n in ns], color="grey", linewidth=0.8, label="linear in N")
    by_n.set_xscale("log")
    by_n.set_yscale("log")
    by_n.set_xlabel("permanents on the battlefield (N)")
    by_n.set_ylabel("seconds (median)")
    by_n.set_title("Series 1: could_produce for every permanent")
    by_n.grid(True, which="both", alpha=0.3)
    by_n.legend(fontsize=8)

    ks = [r["k"] for r in effects]
    by_k.plot(ks, [r["ground_solve_seconds"] for r in effects], "o-", label="solver: ground + solve")
    limit = results["meta"]["reference_limit_seconds"]
    names = list(effects[0]["references"]) if effects else []
    for name, color in zip(names, ("tab:red", "tab:purple")):
        file = effects[0]["references"][name]["file"]
        done = [r for r in effects if r["references"][name]["finished"]]
        by_k.plot([r["k"] for r in done], [r["references"][name]["seconds"] for r in done], "s-",
                  color=color, label=file)
        stopped = [r["k"] for r in effects if not r["references"][name]["finished"]]
        if stopped:
            by_k.plot(stopped, [limit] * len(stopped), "x", color=color,
                      label=f"{file}: stopped (> {limit:g} s)")
    by_k.set_yscale("log")
    by_k.set_xlabel("replacement effects applying to one Forest (k)")
    by_k.set_ylabel("seconds (median)")
    by_k.set_title("Series 2: produce, solver against brute force")
    by_k.grid(True, which="both", alpha=0.3)
    by_k.legend(fontsize=8, loc="lower right")

    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
