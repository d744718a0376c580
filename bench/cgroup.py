"""Run a benchmark script again as a child held to a CPU quota by a cgroup: a tablet-class CPU on
this machine (``--cgroup 1000/3000``: 1 ms of CPU every 3 ms).  Needs a writable cgroup (root)."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path


def in_cgroup(script: str, quota: str, argv: list[str]) -> int:
    """Run ``script`` with ``argv`` as a child held to ``quota`` (microseconds ``QUOTA/PERIOD``) by
    a cgroup of its own (v2 ``cpu.max`` or v1 ``cpu.cfs_quota_us``); the processes it starts are in
    the group too.  Returns the child's exit code; the group is removed afterwards."""
    quota_us, period_us = (int(x) for x in quota.split("/"))
    name = f"kidgames-{Path(script).stem}-{os.getpid()}"
    if Path("/sys/fs/cgroup/cgroup.controllers").exists():
        group = Path("/sys/fs/cgroup") / name
        group.mkdir()
        (group / "cpu.max").write_text(f"{quota_us} {period_us}")
    else:
        group = Path("/sys/fs/cgroup/cpu") / name
        group.mkdir()
        (group / "cpu.cfs_period_us").write_text(str(period_us))
        (group / "cpu.cfs_quota_us").write_text(str(quota_us))
    try:
        child = subprocess.Popen([sys.executable, script, *argv])
        (group / "cgroup.procs").write_text(str(child.pid))
        return child.wait()
    finally:
        for _ in range(50):
            try:
                group.rmdir()
                break
            except OSError:
                time.sleep(0.1)
