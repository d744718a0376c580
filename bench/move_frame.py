"""How long is the frame that applies a move?  Per game, p50/p95/max, and where the time goes.

    python bench/move_frame.py                      # every game, 4 computer players, headless
    python bench/move_frame.py --games forest --moves 60
    python bench/move_frame.py --cgroup 1000/3000   # the same under a CPU quota (1 ms every 3 ms),
                                                    # a tablet-class CPU (needs a writable cgroup)

The app runs with its clock stepped by each frame (SteppedTime, 1/60 s a frame), so computers think
and animations play as they would on screen, however fast or slow the machine draws.  A "move
frame" is an ``app.frame()`` in which the turn controller applied a decision (a computer's move,
or a person's, which goes through the same ``TurnController.submit``).  Its wall time is split
into what the frame spent:

- apply: ``TurnController.submit`` without the save (the rules, the computer's memory),
- choose: ``computer_action`` (the computer player's decision),
- save: the save sink, as the frame waits for it (``Session._saved``),
- draw: drawing and presenting the frame (the first frame of the move's animation),
- other: the rest (events, animation steps queued, updates).

The frame's wall time is printed (p50/p95/max, and how many frames were over 16.7 ms), and the CPU
time of the thread that ran it (which other processes on a busy machine do not inflate).

Each run uses a fresh temporary KIDGAMES_HOME; nothing of a user's is read or written.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FRAME = 1 / 60
BUDGET_MS = 1000 / 60
SEED = 7


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


class Split:
    """Wraps methods to add up the time spent in them during one frame."""

    def __init__(self) -> None:
        self.spent: dict[str, float] = {}

    def wrap(self, owner, name: str, label: str) -> None:
        original = getattr(owner, name)
        spent = self.spent

        def timed(*a, **kw):
            t = time.perf_counter()
            try:
                return original(*a, **kw)
            finally:
                spent[label] = spent.get(label, 0.0) + time.perf_counter() - t
        setattr(owner, name, timed)

    def take(self) -> dict[str, float]:
        taken = {k: v * 1000 for k, v in self.spent.items()}
        self.spent.clear()
        return taken


def run_game(game_id: str, moves: int, max_frames: int) -> dict:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(ROOT))
    from kidgames.core.clock import SteppedTime
    from kidgames.core.seats import COMPUTER, Seat
    from kidgames.core.turns import TurnController
    from kidgames.games import GAMES
    from kidgames.ui.app import App
    from kidgames.core.session import Session
    from kidgames.ui.game import start_game_scene
    from kidgames.ui.menu import MenuScene

    split = Split()
    # Wrapped on the classes before the game opens, so every instance is timed.
    original_submit = TurnController.submit
    original_save = Session._saved

    def save_game(self, controller):
        t = time.perf_counter()
        try:
            return original_save(self, controller)
        finally:
            split.spent["save"] = split.spent.get("save", 0.0) + time.perf_counter() - t

    def submit(self, action):
        t = time.perf_counter()
        try:
            return original_submit(self, action)
        finally:
            split.spent["submit"] = split.spent.get("submit", 0.0) + time.perf_counter() - t
    Session._saved = save_game
    TurnController.submit = submit
    split.wrap(TurnController, "computer_action", "choose")

    app = App(GAMES, mute=True, speed="fast", time_source=SteppedTime())
    app.reset_to(MenuScene(app))
    app.frame(0.0)
    split.wrap(app, "draw", "draw")
    split.wrap(app, "draw_rects", "draw")
    seats = [Seat(c.capitalize(), c, COMPUTER) for c in ("red", "blue", "green", "yellow")]
    spec = GAMES[game_id]
    seats = seats[:spec.max_players]
    scene = start_game_scene(app, game_id, seats, seed=SEED)
    app.frame(FRAME)
    split.take()
    rows = []
    frames = 0
    while len(rows) < moves and frames < max_frames and not scene.view().is_over:
        before = scene.session._controller.decisions
        t, c = time.perf_counter(), time.thread_time()
        app.frame(FRAME)
        wall = (time.perf_counter() - t) * 1000
        cpu = (time.thread_time() - c) * 1000
        frames += 1
        parts = split.take()
        if scene.session._controller.decisions != before:
            save = parts.get("save", 0.0)
            row = {"wall": wall, "cpu": cpu, "choose": parts.get("choose", 0.0), "save": save,
                   "apply": parts.get("submit", 0.0) - save, "draw": parts.get("draw", 0.0)}
            row["other"] = wall - row["choose"] - row["apply"] - row["save"] - row["draw"]
            rows.append(row)
    if hasattr(app.saves, "flush"):
        app.saves.flush()
    return {"game": game_id, "rows": rows, "frames": frames}


def report(result: dict) -> str:
    rows = result["rows"]
    if not rows:
        return f"{result['game']:8} no move in {result['frames']} frames"
    walls = [r["wall"] for r in rows]
    cpus = [r["cpu"] for r in rows]
    over = sum(w > BUDGET_MS for w in walls)
    parts = "  ".join(f"{k} {statistics.median(r[k] for r in rows):5.1f}" for k in
                      ("choose", "apply", "save", "draw", "other"))
    return (f"{result['game']:8} {len(rows):3} moves  p50 {percentile(walls, 50):5.1f}  "
            f"p95 {percentile(walls, 95):5.1f}  max {max(walls):5.1f} ms  over 16.7 ms: {over:2}  "
            f"(frame thread's CPU p50 {percentile(cpus, 50):4.1f} p95 {percentile(cpus, 95):4.1f})  "
            f"median parts (ms): {parts}")


def in_cgroup(quota: str, argv: list[str]) -> int:
    """Run this script again as a child held to ``quota`` (us/us) of CPU by a cgroup (v2 cpu.max
    or v1 cpu.cfs_quota_us), the child alone in it."""
    quota_us, period_us = (int(x) for x in quota.split("/"))
    name = f"kidgames-move-frame-{os.getpid()}"
    v2 = Path("/sys/fs/cgroup") / name
    v1 = Path("/sys/fs/cgroup/cpu") / name
    if Path("/sys/fs/cgroup/cgroup.controllers").exists():
        group = v2
        group.mkdir()
        (group / "cpu.max").write_text(f"{quota_us} {period_us}")
    else:
        group = v1
        group.mkdir()
        (group / "cpu.cfs_period_us").write_text(str(period_us))
        (group / "cpu.cfs_quota_us").write_text(str(quota_us))
    try:
        child = subprocess.Popen([sys.executable, __file__, *argv])
        (group / "cgroup.procs").write_text(str(child.pid))
        return child.wait()
    finally:
        for _ in range(50):
            try:
                group.rmdir()
                break
            except OSError:
                time.sleep(0.1)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="forest,castle,knights,queens")
    parser.add_argument("--moves", type=int, default=60, help="move frames timed per game")
    parser.add_argument("--max-frames", type=int, default=20000)
    parser.add_argument("--cgroup", metavar="QUOTA/PERIOD", help="e.g. 1000/3000 (microseconds)")
    args = parser.parse_args()
    if args.cgroup:
        rest = [a for a in sys.argv[1:] if not a.startswith("--cgroup") and a != args.cgroup]
        return in_cgroup(args.cgroup, rest)
    for game_id in args.games.split(","):
        with tempfile.TemporaryDirectory() as home:
            os.environ["KIDGAMES_HOME"] = home
            print(report(run_game(game_id, args.moves, args.max_frames)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
