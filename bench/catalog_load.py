"""How long does reading the message catalogs take at start-up?  Median of 20 runs.

    python bench/catalog_load.py                    # full speed
    python bench/catalog_load.py --cgroup 1000/3000 # under a CPU quota (1 ms every 3 ms), a
                                                    # tablet-class CPU (needs a writable cgroup)

Two figures, each as wall time and the process's CPU time (which other processes on a busy machine
do not inflate):

- warm: reading every catalog of ``kidgames/locale/*.po`` (all five languages) in a process that
  has already imported the reader, 20 times, the median;
- cold: a fresh Python process, from before ``import kidgames.core.po`` (the reader and what it
  imports) to every catalog read, 20 processes, the median: what a start of the app pays.

The app itself reads two catalogs at start (its language and English, kidgames/core/i18n.py); all
five are read here so that the figure does not depend on the language chosen.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = 20

CHILD = """
import time, sys
from pathlib import Path
wall, cpu = time.perf_counter(), time.process_time()
from kidgames.core import po
for path in sorted(Path(sys.argv[1]).glob("*.po")):
    po.read(path)
print(1000 * (time.perf_counter() - wall), 1000 * (time.process_time() - cpu))
"""


def locale_dir() -> Path:
    return ROOT / "kidgames" / "locale"


def warm() -> tuple[float, float]:
    sys.path.insert(0, str(ROOT))
    from kidgames.core import po
    paths = sorted(locale_dir().glob("*.po"))
    walls, cpus = [], []
    for _ in range(RUNS):
        wall, cpu = time.perf_counter(), time.process_time()
        for path in paths:
            po.read(path)
        walls.append(1000 * (time.perf_counter() - wall))
        cpus.append(1000 * (time.process_time() - cpu))
    return statistics.median(walls), statistics.median(cpus)


def cold() -> tuple[float, float]:
    walls, cpus = [], []
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for _ in range(RUNS):
        out = subprocess.run([sys.executable, "-c", CHILD, str(locale_dir())], env=env,
                             capture_output=True, text=True, check=True).stdout.split()
        walls.append(float(out[0]))
        cpus.append(float(out[1]))
    return statistics.median(walls), statistics.median(cpus)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cgroup", metavar="QUOTA/PERIOD", help="e.g. 1000/3000 (microseconds)")
    args = parser.parse_args()
    if args.cgroup:
        from cgroup import in_cgroup      # bench/cgroup.py, beside this script
        return in_cgroup(__file__, args.cgroup, [])
    lines = sum(len(p.read_text(encoding="utf-8").splitlines()) for p in locale_dir().glob("*.po"))
    print(f"{len(list(locale_dir().glob('*.po')))} catalogs, {lines} lines; median of {RUNS} runs")
    print("warm (read all, reader imported): wall %6.1f ms  cpu %6.1f ms" % warm())
    print("cold (fresh process, import + read all): wall %6.1f ms  cpu %6.1f ms" % cold())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
