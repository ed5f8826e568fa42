"""The memory workers may use: a budget of the machine's memory or of its cgroup's limit (v1 or
v2), and the cap a worker sets on its own address space."""
from __future__ import annotations

import os
import resource

# cgroup v1's "no limit" is the largest multiple of the page size a 64-bit counter holds.
CGROUP_V1_UNLIMITED = 2 ** 62


def cgroup_limit(proc: str = "/proc/self/cgroup", root: str = "/sys/fs/cgroup") -> int | None:
    """The memory limit of this process's cgroup, if it sets one: v2's memory.max, or v1's
    memory.limit_in_bytes of the memory controller's hierarchy (proc, root: where the kernel
    shows them)."""
    try:
        lines = open(proc, encoding="ascii").read().splitlines()
    except OSError:
        return None
    for line in lines:
        parts = line.strip().split(":", 2)
        if len(parts) != 3:
            continue
        hierarchy, controllers, path = parts
        if hierarchy == "0" and controllers == "":
            where = [root + path.rstrip("/") + "/memory.max"]
        elif "memory" in controllers.split(","):
            where = [root + "/memory" + path.rstrip("/") + "/memory.limit_in_bytes",
                     root + "/memory/memory.limit_in_bytes"]   # a container sees its own as root
        else:
            continue
        for file in where:
            try:
                text = open(file, encoding="ascii").read().strip()
            except OSError:
                continue
            if text == "max":
                return None
            try:
                value = int(text)
            except ValueError:
                return None
            return None if value >= CGROUP_V1_UNLIMITED else value
    return None


def memory_budget() -> int | None:
    """Bytes of memory every worker together may use: three quarters of the machine's memory
    (or of this cgroup's limit, when lower), so that a board too big to ground fails cleanly in
    the worker instead of swapping the machine."""
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        total = 0
    group = cgroup_limit()
    if group and (total <= 0 or group < total):
        total = group
    return total * 3 // 4 if total > 0 else None


def limit_memory(limit: int | None) -> int | None:
    """Cap this process's address space at limit bytes (never raising a lower limit already in
    force); the limit now in force, None if there is none."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if limit is not None:
        for bound in (soft, hard):
            if bound != resource.RLIM_INFINITY:
                limit = min(limit, bound)
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    return None if soft == resource.RLIM_INFINITY else soft
