"""How long is the frame that applies a move?  Per game, p50/p95/max, and where the time goes.

    python bench/move_frame.py                      # every game, 4 computer players, headless
    python bench/move_frame.py --games forest --moves 60
    python bench/move_frame.py --cgroup 1000/3000   # the same under a CPU quota (1 ms every 3 ms),
                                                    # a tablet-class CPU (needs a writable cgroup)
    python bench/move_frame.py --window 1280x800    # in a tablet's window (the canvas scaled)

The app runs with its clock stepped by each frame (SteppedTime, 1/60 s a frame), so computers think
and animations play as they would on screen, however fast or slow the machine draws.  A "move
frame" is an ``app.frame()`` in which the turn controller applied a decision (a computer's move,
or a person's, which goes through the same ``TurnController.submit``); the frame after it, where
the move's animation begins (a card table renders the move's banner there), is reported beside it.
A move frame's wall time is split into what the frame spent:

- apply: ``TurnController.submit`` without the save (the rules, the computer's memory),
- choose: ``computer_action`` (the computer player's decision),
- save: the save sink, as the frame waits for it (``Session._saved``),
- draw: drawing and presenting the frame,
- other: the rest (events, animation steps queued, updates).

Frames run back to back (the worst case: the save writer and the garbage collector can only
run inside frames), or with ``--paced`` as the app's loop runs them, each given its 1/60 s.

The frame's wall time is printed (p50/p95/max, and how many frames were over 16.7 ms), and the CPU
time of the thread that ran it (which other processes on a busy machine do not inflate).  For the
frames over 16.7 ms, or over a third of it in the process's CPU (over 16.7 ms under the tablet's
quota; ``--slow`` prints each) and in the summary, what else took the process's time
in the frame's window: the process's CPU (every thread), the save writer's jobs that ran in the
window (their wall and CPU time), the garbage collector's passes (time, generation), and under a
cgroup the time the quota held the process back (``cpu.stat`` throttled_time).

Each run uses a fresh temporary KIDGAMES_HOME; nothing of a user's is read or written.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FRAME = 1 / 60
BUDGET_MS = 1000 / 60
QUOTA_SHARE = 3      # the tablet's quota (1 ms every 3 ms): a frame's wall time is about 3x its CPU
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
        self.inside: set[str] = set()

    def wrap(self, owner, name: str, label: str) -> None:
        original = getattr(owner, name)
        split = self

        def timed(*a, **kw):
            if label in split.inside:     # called within another timed call of its label: counted once
                return original(*a, **kw)
            split.inside.add(label)
            t, c = time.perf_counter(), time.thread_time()
            try:
                return original(*a, **kw)
            finally:
                split.inside.discard(label)
                split.add(label, t, c)
        setattr(owner, name, timed)

    def add(self, label: str, t: float, c: float) -> None:
        """Add the wall time since ``t`` and the thread's CPU time since ``c`` to ``label``."""
        self.spent[label] = self.spent.get(label, 0.0) + time.perf_counter() - t
        self.spent["cpu " + label] = self.spent.get("cpu " + label, 0.0) + time.thread_time() - c

    def take(self) -> dict[str, float]:
        taken = {k: v * 1000 for k, v in self.spent.items()}
        self.spent.clear()
        return taken


class Watch:
    """What ran beside the frame thread: the save writer's jobs and the garbage collector's passes,
    as (start, end, cpu) intervals on perf_counter, and the cgroup's throttled time."""

    def __init__(self) -> None:
        import gc
        self.jobs: list[tuple[float, float, float]] = []
        self.gcs: list[tuple[float, float, int]] = []
        self._gc_at = 0.0
        gc.callbacks.append(self._gc)
        self.stat = own_cpu_stat()

    def _gc(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._gc_at = time.perf_counter()
        else:
            self.gcs.append((self._gc_at, time.perf_counter(), info.get("generation", -1)))

    def wrap_writer(self, writer_cls) -> None:
        original = writer_cls.put
        jobs = self.jobs

        def put(writer, key, job):
            def timed():
                t, c = time.perf_counter(), time.thread_time()
                index = len(jobs)
                jobs.append((t, float("inf"), 0.0))        # still running (a frame may end first)
                try:
                    job()
                finally:
                    jobs[index] = (t, time.perf_counter(), time.thread_time() - c)
            return original(writer, key, timed)
        writer_cls.put = put

    def throttled(self) -> float:
        """Seconds the cgroup's quota has held the process back so far (0 outside a cgroup)."""
        if self.stat is None:
            return 0.0
        for line in self.stat.read_text().splitlines():
            if line.startswith("throttled_time"):
                return int(line.split()[1]) / 1e9
            if line.startswith("throttled_usec"):
                return int(line.split()[1]) / 1e6
        return 0.0

    def within(self, start: float, end: float) -> dict:
        def overlap(a: float, b: float) -> float:
            return max(0.0, min(b, end) - max(a, start))
        jobs = [(a, b, c) for a, b, c in self.jobs if overlap(a, b) > 0]
        gcs = [(a, b, g) for a, b, g in self.gcs if overlap(a, b) > 0]
        return {"writer_wall": sum(overlap(a, b) for a, b, _ in jobs) * 1000,
                "writer_cpu": sum(c for _, _, c in jobs) * 1000, "writes": len(jobs),
                "gc": sum(overlap(a, b) for a, b, _ in gcs) * 1000,
                "gc_gens": [g for _, _, g in gcs]}


def own_cpu_stat() -> Path | None:
    """The cpu.stat of the cgroup this process is in, when it is not the root group."""
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        _, controllers, group = line.split(":", 2)
        if group in ("", "/"):
            continue
        if "cpu" in controllers.split(","):
            stat = Path("/sys/fs/cgroup/cpu") / group.lstrip("/") / "cpu.stat"
        elif controllers == "":
            stat = Path("/sys/fs/cgroup") / group.lstrip("/") / "cpu.stat"
        else:
            continue
        if stat.exists():
            return stat
    return None


def run_game(game_id: str, moves: int, max_frames: int, paced: bool = False,
             window: tuple[int, int] | None = None) -> dict:
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
    from kidgames.core.saving import SaveWriter

    split = Split()
    watch = Watch()
    watch.wrap_writer(SaveWriter)
    # Wrapped on the classes before the game opens, so every instance is timed.
    original_submit = TurnController.submit
    original_save = Session._saved

    def save_game(self, controller):
        t, c = time.perf_counter(), time.thread_time()
        try:
            return original_save(self, controller)
        finally:
            split.add("save", t, c)

    def submit(self, action):
        t, c = time.perf_counter(), time.thread_time()
        try:
            return original_submit(self, action)
        finally:
            split.add("submit", t, c)
    Session._saved = save_game
    TurnController.submit = submit
    split.wrap(TurnController, "computer_action", "choose")

    app = App(GAMES, mute=True, speed="fast", time_source=SteppedTime(), window_size=window)
    from kidgames.ui.guide import unguided
    unguided(app)      # played as before: no guided first game (kidgames/ui/guide.py)
    app.reset_to(MenuScene(app))
    app.frame(0.0)
    split.wrap(app.loop, "draw", "draw")          # the frame loop draws (kidgames/ui/loop.py)
    split.wrap(app.loop, "draw_rects", "draw")
    seats = [Seat(c.capitalize(), c, COMPUTER) for c in ("red", "blue", "green", "yellow")]
    spec = GAMES[game_id]
    seats = seats[:spec.max_players]
    scene = start_game_scene(app, game_id, seats, seed=SEED)
    app.frame(FRAME)
    split.take()
    rows = []
    after = []          # the frame after each move frame: (wall, thread CPU) ms
    frames = 0
    while len(rows) < moves and frames < max_frames and not scene.view().is_over:
        before = scene.session._controller.decisions
        throttled = watch.throttled()
        t, c, p = time.perf_counter(), time.thread_time(), time.process_time()
        app.frame(FRAME)
        end = time.perf_counter()
        wall = (end - t) * 1000
        cpu = (time.thread_time() - c) * 1000
        process = (time.process_time() - p) * 1000
        throttled = (watch.throttled() - throttled) * 1000
        if paced:          # as the app's loop (clock.tick): the next frame 1/60 s after this one began
            time.sleep(max(0.0, t + FRAME - time.perf_counter()))
        frames += 1
        parts = split.take()
        if len(after) < len(rows):
            after.append((wall, cpu))
        if scene.session._controller.decisions != before:
            save = parts.get("save", 0.0)
            row = {"wall": wall, "cpu": cpu, "choose": parts.get("choose", 0.0), "save": save,
                   "apply": parts.get("submit", 0.0) - save, "draw": parts.get("draw", 0.0),
                   "process": process, "throttled": throttled, "window": (t, end)}
            row["other"] = wall - row["choose"] - row["apply"] - row["save"] - row["draw"]
            for part in ("choose", "save", "draw"):
                row["cpu " + part] = parts.get("cpu " + part, 0.0)
            row["cpu apply"] = parts.get("cpu submit", 0.0) - row["cpu save"]
            row["cpu other"] = cpu - sum(row["cpu " + k] for k in ("choose", "apply", "save", "draw"))
            rows.append(row)
    if hasattr(app.saves, "flush"):
        app.saves.flush()
    for row in rows:          # after the writes ended, so a write still running at a frame's end counts
        row.update(watch.within(*row.pop("window")))
    return {"game": game_id, "rows": rows, "after": after, "frames": frames}


def slow_rows(result: dict) -> str:
    lines = []
    for r in result["rows"]:
        if r["wall"] > BUDGET_MS or r["process"] > BUDGET_MS / QUOTA_SHARE:
            lines.append(f"  slow {result['game']}: wall {r['wall']:5.1f}  thread cpu {r['cpu']:4.1f}  "
                         f"process cpu {r['process']:4.1f}  throttled {r['throttled']:5.1f}  "
                         f"writer {r['writes']} job(s) {r['writer_wall']:4.1f} ms wall {r['writer_cpu']:4.1f} cpu  "
                         f"gc {r['gc']:4.1f} ms {r['gc_gens']}  "
                         + "  ".join(f"{k} {r[k]:4.1f}/{r['cpu ' + k]:3.1f}"
                                     for k in ("choose", "apply", "save", "draw", "other")))
    return "\n".join(lines)


def report(result: dict) -> str:
    rows = result["rows"]
    if not rows:
        return f"{result['game']:8} no move in {result['frames']} frames"
    walls = [r["wall"] for r in rows]
    cpus = [r["cpu"] for r in rows]
    over = sum(w > BUDGET_MS for w in walls)
    heavy = sum(r["process"] > BUDGET_MS / QUOTA_SHARE for r in rows)
    parts = "  ".join(f"{k} {statistics.median(r[k] for r in rows):4.1f}/"
                      f"{percentile([r['cpu ' + k] for r in rows], 95):3.1f}"
                      for k in ("choose", "apply", "save", "draw", "other"))
    return (f"{result['game']:8} {len(rows):3} moves  p50 {percentile(walls, 50):5.1f}  "
            f"p95 {percentile(walls, 95):5.1f}  max {max(walls):5.1f} ms  over 16.7 ms: {over:2}  "
            f"(frame thread's CPU p50 {percentile(cpus, 50):4.1f} p95 {percentile(cpus, 95):4.1f}; "
            f"process p95 {percentile([r['process'] for r in rows], 95):4.1f} "
            f"max {max(r['process'] for r in rows):4.1f}, over 5.6 ms: {heavy})  "
            f"frames with a write {sum(r['writes'] > 0 for r in rows):2}, with a gc "
            f"{sum(bool(r['gc_gens']) for r in rows):2} (gen 2: {sum(2 in r['gc_gens'] for r in rows)})  "
            f"parts (wall median / thread CPU p95, ms): {parts}"
            + after_report(result.get("after", [])))


def after_report(after: list[tuple[float, float]]) -> str:
    """The frame after a move: the move's animation begins there (its banner's words rendered)."""
    if not after:
        return ""
    walls, cpus = [w for w, _ in after], [c for _, c in after]
    return (f"\n{'':8} the frame after: p50 {percentile(walls, 50):5.1f}  p95 {percentile(walls, 95):5.1f}  "
            f"max {max(walls):5.1f} ms  over 16.7 ms: {sum(w > BUDGET_MS for w in walls):2}  "
            f"(thread CPU p50 {percentile(cpus, 50):4.1f} p95 {percentile(cpus, 95):4.1f} max {max(cpus):4.1f})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="forest,castle,knights,queens")
    parser.add_argument("--moves", type=int, default=60, help="move frames timed per game")
    parser.add_argument("--max-frames", type=int, default=20000)
    parser.add_argument("--cgroup", metavar="QUOTA/PERIOD", help="e.g. 1000/3000 (microseconds)")
    parser.add_argument("--paced", action="store_true",
                        help="sleep out each frame's 1/60 s as the app's loop does (default: frames back to back)")
    parser.add_argument("--slow", action="store_true", help="print each frame over 16.7 ms, with what ran in it")
    parser.add_argument("--window", metavar="WxH", help="a window of this size, the canvas scaled into it "
                                                      "(e.g. 1280x800, a tablet; default the canvas's 1600x1000)")
    args = parser.parse_args()
    if args.cgroup:
        rest = [a for a in sys.argv[1:] if not a.startswith("--cgroup") and a != args.cgroup]
        from cgroup import in_cgroup      # bench/cgroup.py, beside this script
        return in_cgroup(__file__, args.cgroup, rest)
    for game_id in args.games.split(","):
        with tempfile.TemporaryDirectory() as home:
            os.environ["KIDGAMES_HOME"] = home
            window = tuple(int(v) for v in args.window.split("x")) if args.window else None
            result = run_game(game_id, args.moves, args.max_frames, args.paced, window)
            print(report(result), flush=True)
            if args.slow and slow_rows(result):
                print(slow_rows(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
