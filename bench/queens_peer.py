"""Sleeping Queens: kidgames' rules engine against a peer engine, in a paired run (issue 33).

    python bench/queens_peer.py                      # 3,000 games each, 3 pairs
    python bench/queens_peer.py --pairs 5 --games 3000
    python bench/queens_peer.py --peer /path/to/genetic-sleeping-queens

The peer is vprelovac/genetic-sleeping-queens (MIT), kept outside the project (never imported by it,
never copied into it): its own ``main.py -p1 "Easy AI" -p2 "Easy AI" -num N`` plays N two-player
games of its random "Easy AI".  Against it, N seeded random two-player games through
``kidgames.games.GAMES["queens"]`` and the public protocol only: ``legal_actions``, a seeded random
choice, ``apply`` (the legal actions are enumerated every step, as a player needs them).

Each side runs as a fresh process of the same Python, in turn (ours, the peer's, ours, …), with its
bytecode compiled by a first short run of each (not counted), and each is timed as a whole (CPU
time of the process, start-up and imports included) and, for ours, also its games alone.  The ratio of each pair is printed and the median of the ratios; the machine's
load beside it (the machine is shared: compare within one run).
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PEER = Path(os.environ.get("KIDGAMES_PEERS", "/work/shared/peers")) / "genetic-sleeping-queens"
TAG = "QUEENS "

# Our side: what a tool using the engine alone does (a fresh process, the registry, N games).
OURS = r"""
import json, random, sys, time
t0 = time.process_time()
from kidgames.games import GAMES
spec = GAMES["queens"]
t1 = time.process_time()
actions = 0
for seed in range(int(sys.argv[1])):
    state = spec.new_state(2, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        actions += 1
t2 = time.process_time()
print("QUEENS " + json.dumps({"import_s": t1 - t0, "games_s": t2 - t1, "actions": actions}), flush=True)
"""


def children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def timed(cmd: list[str], cwd: Path, pycache: str) -> tuple[float, float, str]:
    """(CPU seconds, wall seconds, stdout) of one child process run to its end, with its bytecode
    compiled (in the bench's own cache folder, whatever PYTHONDONTWRITEBYTECODE says)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = pycache
    cpu0, wall0 = children_cpu(), time.perf_counter()
    ran = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=600, env=env)
    wall, cpu = time.perf_counter() - wall0, children_cpu() - cpu0
    if ran.returncode != 0:
        raise RuntimeError(f"{cmd[:3]} failed (exit {ran.returncode}):\n{ran.stderr[-2000:]}")
    return cpu, wall, ran.stdout


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000, help="games on each side (default 3000)")
    parser.add_argument("--pairs", type=int, default=3, help="paired runs (default 3)")
    parser.add_argument("--peer", type=Path, default=PEER, help="the peer's folder (its main.py)")
    args = parser.parse_args(argv)
    if not (args.peer / "main.py").is_file():
        parser.error(f"no peer engine at {args.peer} (see its README: /work/shared/peers)")
    print(f"Sleeping Queens engine against the peer, {args.games} random two-player games a side, "
          f"Python {sys.version.split()[0]}, load {os.getloadavg()[0]:.2f}")
    print("pair  ours process CPU (games alone)  peer process CPU  ratio (games alone)  load")
    ratios, alone = [], []
    pycache = tempfile.mkdtemp(prefix="kidgames-bench-pyc-")
    ours_cmd = [sys.executable, "-c", OURS, str(args.games)]
    peer_cmd = [sys.executable, "main.py", "-p1", "Easy AI", "-p2", "Easy AI", "-num", str(args.games)]
    timed(ours_cmd[:-1] + ["10"], ROOT, pycache)        # each compiles its bytecode once, not counted
    timed(peer_cmd[:-1] + ["10"], args.peer, pycache)
    for pair in range(1, args.pairs + 1):
        cpu, _, out = timed(ours_cmd, ROOT, pycache)
        ours = json.loads(next(line for line in out.splitlines() if line.startswith(TAG))[len(TAG):])
        peer_cpu, _, peer_out = timed(peer_cmd, args.peer, pycache)
        if f"after {args.games} games" not in peer_out:
            raise RuntimeError(f"the peer did not finish its games:\n{peer_out[-500:]}")
        ratios.append(peer_cpu / cpu)
        alone.append(peer_cpu / ours["games_s"])
        print(f"{pair:>4}  {cpu:6.3f} s ({ours['games_s']:.3f} s, {ours['actions']} actions)  "
              f"{peer_cpu:6.3f} s  {ratios[-1]:5.2f}x ({alone[-1]:.2f}x)  {os.getloadavg()[0]:.2f}")
    shutil.rmtree(pycache, ignore_errors=True)
    print(f"median ratio {statistics.median(ratios):.2f}x, process against process "
          f"(our games alone {statistics.median(alone):.2f}x); load {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
