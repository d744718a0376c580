"""How quick and how light is the app?  Start-up, frame times, idle CPU, memory, rules speed.

    python bench/app_bench.py                    # SDL dummy video and audio drivers (headless)
    python bench/app_bench.py --x11              # the real X server in $DISPLAY (e.g. Xvfb :99)
    python bench/app_bench.py --json out.json    # also write every figure as JSON
    python bench/app_bench.py --cgroup 1000/3000 # held to a tablet's third of a core (a cgroup quota)
    python bench/app_bench.py --startup-only     # only the start-up against a bare window (and the calibration)

The header prints a fixed pure-Python calibration workload (:func:`calibration_workload`): its time
at full speed, and with ``--cgroup`` also under the quota, so that a run on a real tablet can be
set beside these figures (the same workload, the same Python).

What is measured (each figure is printed with its target beside it):

1. Start-up: the wall time from launching a fresh ``python`` until the menu has drawn its first
   frame, built the same way ``kidgames/cli.py`` ``run_app`` builds it (median of ``--runs``), in
   turn with a bare pygame-ce window of the canvas's size (import pygame, open it, fill, flip) and
   compared as a ratio.  Both run with their bytecode compiled once before (as an installed app
   has it: a cache folder of the bench's own, whatever PYTHONDONTWRITEBYTECODE says).
2. Frame time in a window of the canvas's full size (1600x1000): every ``app.frame()`` call that
   drew, in the menu (forced redraws), in a Knights game of 4 computer players (their turns
   animating), in the results scene (confetti) and in a Sleeping Queens game of 4 computer players
   (cards flying); then Knights and Queens again in scaled windows: a 1280x800
   tablet, the 1521x950 window the app opens on a 1920x1080 desktop, and a 3840x2160 screen.  Each frame is split into the
   scenes' drawing and ``app.loop.present()`` (scaling, blit, and ``pygame.display.flip()`` in brackets).
3. CPU while idle: the real loop ``app.run()`` for ``--idle-seconds`` on the menu and in a Knights
   game waiting for a person's roll, in the window the app chooses itself; process CPU time / wall
   time, in % of one core.  A what-if row repeats the Knights case with the scene's idle motion
   (``scene.idle.idle_animation()``) answering True, to show what redrawing at 60 fps while idle would cost.
4. Memory: the max RSS of a process that opened the menu and played ~10 s of Knights animation.
5. Random Knights games per second through the public protocol (``kidgames.games.GAMES``).

Every measurement of the app runs in a child process of its own (``--child MODE``), with
``KIDGAMES_HOME`` set to a fresh temporary folder, so no user's settings or saved game are used
or touched.  The app's code is driven from outside; nothing in it is changed.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FRAME = 1 / 60           # the time step of one animation frame (ANIM_FPS)
KNIGHTS_SEED = 7
CANVAS = (1600, 1000)            # kidgames.ui.app.CANVAS; frame times are taken in a window this size
#: Scaled windows: a 1280x800 tablet, the window the app opens on a 1920x1080 desktop (it keeps a
#: margin) and a 4K screen.
SCALED_WINDOWS = ((1280, 800), (1521, 950), (3840, 2160))
TAG = "BENCH "           # a child's result line: TAG + JSON

TARGETS = {
    "startup_s": 1.0,        # start-up to the first menu frame, seconds (0.5 under the tablet's quota)
    "startup_ratio": 2.0,    # start-up against a bare pygame-ce window, at full speed
    "frame_p95_ms": 5.0,     # 95th percentile of the frame time while animating
    "idle_cpu_pct": 0.3,     # % of one core while nothing moves
    "max_rss_mb": 200.0,     # peak resident memory
}

# The start-up driver: what ``python main.py`` does up to the first frame of the menu
# (main.py -> kidgames/cli.py main -> run_app), with time marks.  It runs with the repository as its
# working folder, as ``python main.py`` does.
STARTUP_DRIVER = r"""
import time
T0 = time.perf_counter()
import gc
gc.disable()            # as main.py: no collections until the first frame is shown
import json, sys
from kidgames.cli import build_parser
from kidgames.games import GAMES
args = build_parser(GAMES).parse_args([])
T1 = time.perf_counter()
from kidgames.ui.app import App
from kidgames.ui.menu import MenuScene, offer_saved_game
T2 = time.perf_counter()
app = App(GAMES, mute=args.mute, fullscreen=args.fullscreen, speed=args.speed)
T3 = time.perf_counter()
app.reset_to(MenuScene(app))
offer_saved_game(app)
app.frame()
T4 = time.perf_counter()
assert app.frames_drawn == 1, app.frames_drawn
import pygame
print("READY " + json.dumps({"imports_cli": T1 - T0, "imports_ui": T2 - T1, "app": T3 - T2,
                             "first_frame": T4 - T3, "inside": T4 - T0,
                             "driver": pygame.display.get_driver()}), flush=True)
pygame.quit()
"""


# A bare pygame-ce window of the canvas's size: the least any pygame app pays to show a frame.
BARE_DRIVER = r"""
import time
T0 = time.perf_counter()
import json
import pygame
pygame.init()
screen = pygame.display.set_mode((1600, 1000))
screen.fill((140, 200, 250))
pygame.display.flip()
T1 = time.perf_counter()
print("READY " + json.dumps({"inside": T1 - T0, "driver": pygame.display.get_driver()}), flush=True)
pygame.quit()
"""


def calibration_workload() -> int:
    """A fixed pure-Python workload (integer arithmetic, a dict, strings, calls, a sort), the same
    on every machine: its time says how fast this Python runs here (about 0.1 s on the development
    machine at full speed).  Returns a checksum, so that nothing of it can be skipped."""
    table: dict[int, int] = {}
    total = 0
    for i in range(360_000):
        key = (i * 7919) % 1009
        table[key] = table.get(key, 0) + (i ^ key) % 13
        total += len(str(i))
    words = sorted(str((i * 104_729) % 100_003) for i in range(90_000))

    def step(a: int, b: int) -> int:
        return (a * 31 + b) % 1_000_003
    for word in words:
        total = step(total, len(word))
    return total + sum(table.values())


def measure_calibration(runs: int = 5) -> dict:
    """The calibration workload's time here, the median of ``runs`` (process CPU and wall)."""
    walls, cpus, checksum = [], [], 0
    for _ in range(runs):
        wall0, cpu0 = time.perf_counter(), time.process_time()
        checksum = calibration_workload()
        cpus.append(time.process_time() - cpu0)
        walls.append(time.perf_counter() - wall0)
    return {"wall_ms": 1000 * statistics.median(walls), "cpu_ms": 1000 * statistics.median(cpus),
            "checksum": checksum, "runs": runs}


def calibration_line(env: dict) -> str:
    full = env.get("calibration_full") or env["calibration"]
    text = (f"calibration workload (bench/app_bench.py calibration_workload, checksum {full['checksum']}): "
            f"{full['wall_ms']:.0f} ms at full speed")
    if env.get("calibration_full"):
        text += f", {env['calibration']['wall_ms']:.0f} ms under the quota {env['quota']}"
    return text


# -- small helpers ------------------------------------------------------------------------------------
def percentile(values: list[float], p: float) -> float:
    """The nearest-rank percentile (a value that occurred)."""
    v = sorted(values)
    return v[max(1, math.ceil(p / 100 * len(v))) - 1]


def frame_summary(times_ms: list[float]) -> dict:
    if not times_ms:
        return {"n": 0}
    return {"n": len(times_ms), "mean": statistics.fmean(times_ms), "median": statistics.median(times_ms),
            "p95": percentile(times_ms, 95), "max": max(times_ms)}


def cpu_seconds() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def max_rss_mb() -> float:
    # ru_maxrss is in kilobytes on Linux (bytes on macOS)
    kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return kb / (1024 * 1024) if sys.platform == "darwin" else kb / 1024


def child_env(x11: bool, home: str) -> dict:
    env = dict(os.environ)
    env["KIDGAMES_HOME"] = home
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    env["SDL_AUDIODRIVER"] = "dummy"          # no sound card is assumed in either mode
    if x11:
        env["SDL_VIDEODRIVER"] = "x11"
    else:
        env["SDL_VIDEODRIVER"] = "dummy"
    env.pop("KIDGAMES_RAISE", None)
    return env


def run_child(mode: str, args, extra: list[str] | None = None, timeout: float = 120) -> dict:
    with tempfile.TemporaryDirectory(prefix="kidgames-bench-") as home:
        cmd = [sys.executable, str(Path(__file__).resolve()), "--child", mode,
               "--frames", str(args.frames), "--idle-seconds", str(args.idle_seconds)] + (extra or [])
        proc = subprocess.run(cmd, cwd=ROOT, env=child_env(args.x11, home), capture_output=True,
                              text=True, timeout=timeout)
    for line in proc.stdout.splitlines():
        if line.startswith(TAG):
            return json.loads(line[len(TAG):])
    raise RuntimeError(f"child {mode!r} failed (exit {proc.returncode}):\n{proc.stdout[-2000:]}\n"
                       f"{proc.stderr[-3000:]}")


# -- 1. start-up ---------------------------------------------------------------------------------------
def measure_startup(args) -> dict:
    """The app's start to its first menu frame, in turn with a bare window (see the module's
    docstring), with the bytecode compiled by a first run of each that is not counted."""
    runs, bare = [], []
    with tempfile.TemporaryDirectory(prefix="kidgames-bench-pyc-") as pycache:
        for i in range(args.runs + 1):
            marks = start_once(args, STARTUP_DRIVER, pycache)
            plain = start_once(args, BARE_DRIVER, pycache)
            if i:                   # the first of each compiled the bytecode
                runs.append(marks)
                bare.append(plain)
    keys = ("wall", "python", "imports_cli", "imports_ui", "app", "first_frame")
    ratios = [app["wall"] / plain["wall"] for app, plain in zip(runs, bare)]
    return {"runs": [r["wall"] for r in runs], "driver": runs[0]["driver"],
            **{k: statistics.median(r[k] for r in runs) for k in keys},
            "bare_runs": [r["wall"] for r in bare], "bare": statistics.median(r["wall"] for r in bare),
            "ratios": ratios, "ratio": statistics.median(ratios)}


def start_once(args, driver: str, pycache: str) -> dict:
    """One fresh ``python -c driver`` until it prints READY: its time marks and the wall time."""
    with tempfile.TemporaryDirectory(prefix="kidgames-bench-") as home:
        env = child_env(args.x11, home)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = pycache
        started = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-c", driver], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        marks = None
        for line in proc.stdout:
            if line.startswith("READY "):
                wall = time.perf_counter() - started
                marks = json.loads(line[6:])
                break
        rest, err = proc.communicate(timeout=60)
        if marks is None:
            raise RuntimeError(f"the start-up driver did not reach its first frame (exit {proc.returncode}):\n{err}")
    marks["wall"] = wall
    marks["python"] = wall - marks["inside"]   # interpreter start and pipe, before the first line
    return marks


def startup_rows(s: dict) -> list[tuple[str, str, str, str]]:
    return [
        (f"start-up to first menu frame (median of {len(s['runs'])})", f"{s['wall']:.3f} s",
         f"< {TARGETS['startup_s']:.1f} s", ok(s["wall"], TARGETS["startup_s"])),
        ("  python / imports / App() / first frame",
         f"{s['python']:.3f}/{s['imports_cli'] + s['imports_ui']:.3f}/{s['app']:.3f}/{s['first_frame']:.3f} s", "", ""),
        ("  runs", " ".join(f"{w:.3f}" for w in s["runs"]), "", ""),
        (f"bare pygame-ce window {CANVAS[0]}x{CANVAS[1]}, in turn (median)", f"{s['bare']:.3f} s", "", ""),
        ("start-up / bare window (median of the pairs)", f"{s['ratio']:.2f}x",
         f"<= {TARGETS['startup_ratio']:.0f}x", "yes" if s["ratio"] <= TARGETS["startup_ratio"] else "NO"),
    ]


def table(head: str, rows) -> str:
    """``head``, then the rows (measure, figure, target, met) in aligned columns."""
    w = [max(len(x[i]) for x in rows) for i in range(3)]
    lines = [head, f"{'measure':<{w[0]}}  {'figure':<{w[1]}}  {'target':<{w[2]}}  met"]
    lines += [f"{a:<{w[0]}}  {b:<{w[1]}}  {c:<{w[2]}}  {d}".rstrip() for a, b, c, d in rows]
    return "\n".join(lines)


def startup_report(r: dict) -> str:
    rows = startup_rows(r["startup"])
    env = r["environment"]
    head = (f"kidgames start-up benchmark: video driver {r['startup']['driver']}, Python {env['python']}, "
            f"pygame-ce {env['pygame']} (SDL {env['sdl']}), {env['cpus']} CPUs, load {env['load_before']:.2f} -> "
            f"{env['load_after']:.2f}, {r['seconds']:.0f} s in all\n{calibration_line(env)}")
    return table(head, rows)


# -- child: 2. frame times (and the memory high-water mark along the way) -------------------------------
def build_app(window_size=None, mute: bool = False, stepped: bool = True):
    """The app as ``run_app`` builds it (settings from the fresh KIDGAMES_HOME, sound as set);
    ``window_size`` asks for a window of that size instead of the app's own choice.

    ``stepped``: the app's clock passes only by the frames' 1/60 s (kidgames/core/clock.py), as in
    the tests.  The frame rows run frames far faster than real time; on the real clock a computer's
    thinking pause (timed by the app's clock) would never end within them and nothing would move.
    The idle rows run the real loop, on the real clock."""
    import pygame  # noqa: F401  (SDL drivers come from the environment)
    from kidgames.core.clock import RealTime, SteppedTime
    from kidgames.games import GAMES
    from kidgames.ui.app import App
    from kidgames.ui.menu import MenuScene
    kw = {}
    if window_size is not None:
        kw["window_size"] = tuple(window_size)
    app = App(GAMES, mute=mute, time_source=SteppedTime() if stepped else RealTime(), **kw)
    from kidgames.ui.guide import unguided
    unguided(app)      # played as before: no guided first game (kidgames/ui/guide.py)
    app.reset_to(MenuScene(app))
    app.guard_until = 0.0
    app.frame(0.0)
    return app


class PresentTimer:
    """Times, from outside the app, the part of a frame that puts the canvas on the screen:
    ``app.loop.present()`` (scaling into the window, blit, flip) when the app has it, and within it
    ``pygame.display.flip()``.  The rest of a frame is the scenes' drawing (and update)."""

    def __init__(self, app) -> None:
        import pygame
        self.present = 0.0
        self.flip = 0.0
        original_flip = pygame.display.flip

        def timed_flip(*a, **kw):
            t = time.perf_counter()
            try:
                return original_flip(*a, **kw)
            finally:
                self.flip = time.perf_counter() - t

        pygame.display.flip = timed_flip
        loop = getattr(app, "loop", app)     # the frame loop shows the canvas (kidgames/ui/loop.py)
        self.has_present = callable(getattr(loop, "present", None))
        if self.has_present:
            original_present = loop.present

            def timed_present(*a, **kw):
                t = time.perf_counter()
                try:
                    return original_present(*a, **kw)
                finally:
                    self.present = time.perf_counter() - t

            loop.present = timed_present   # on the instance: the app's class is not changed

    def reset(self) -> None:
        self.present = self.flip = 0.0

    def shown(self) -> float:
        return self.present if self.has_present else self.flip


class AreaTimer:
    """Notes, from outside the app, whether a frame redrew everything (``app.loop.draw``) or only some
    areas (``app.loop.draw_rects``), and how much of the canvas those areas cover."""

    def __init__(self, app) -> None:
        self.full = False
        self.area = 0
        loop = getattr(app, "loop", app)     # the frame loop draws (kidgames/ui/loop.py)
        draw, draw_rects = loop.draw, loop.draw_rects

        def noted_draw(*a, **kw):
            self.full = True
            return draw(*a, **kw)

        def noted_rects(rects, *a, **kw):
            self.area += sum(abs(r[2] * r[3]) for r in rects)
            return draw_rects(rects, *a, **kw)

        loop.draw, loop.draw_rects = noted_draw, noted_rects   # on the instance: the class is unchanged

    def reset(self) -> None:
        self.full, self.area = False, 0


def timed_frames(app, n: int, timer: PresentTimer, before=None, on_frame=None, scene=None) -> dict:
    """Run ``n`` frames of 1/60 s; time those that drew, and tell whole redraws from partial ones.
    With a game ``scene``, the frames that applied an action (a computer's move, saved at once) are
    also timed, whether they drew or not."""
    drew, present_ms, flip_ms, skipped = [], [], [], 0
    partial_ms, full_ms, areas, action_ms, action_drawn = [], [], [], [], 0
    areas_timer = AreaTimer(app)
    for _ in range(n):
        if before:
            before()
        count = app.frames_drawn
        applied = len(scene.session._controller.log) if scene is not None else 0
        timer.reset()
        areas_timer.reset()
        t = time.perf_counter()
        app.frame(FRAME)
        elapsed = (time.perf_counter() - t) * 1000
        if scene is not None and len(scene.session._controller.log) != applied:
            action_ms.append(elapsed)
            action_drawn += app.frames_drawn > count
        if app.frames_drawn > count:
            drew.append(elapsed)
            present_ms.append(timer.shown() * 1000)
            flip_ms.append(timer.flip * 1000)
            if areas_timer.full:
                full_ms.append(elapsed)
            else:
                partial_ms.append(elapsed)
                areas.append(areas_timer.area)
            if on_frame:
                on_frame(elapsed)
        else:
            skipped += 1
    out = frame_summary(drew)
    out["not_drawn"] = skipped
    out["full"] = len(full_ms)
    out["full_median"] = statistics.median(full_ms) if full_ms else 0.0
    out["partial_p95"] = percentile(partial_ms, 95) if partial_ms else 0.0
    canvas = app.screen.get_width() * app.screen.get_height()
    out["partial_area_p95_pct"] = 100 * percentile(areas, 95) / canvas if areas else 0.0
    if scene is not None:
        out["move_frames"] = {"n": len(action_ms), "drawn": action_drawn,
                                "median": statistics.median(action_ms) if action_ms else 0.0,
                                "max": max(action_ms, default=0.0)}
    out["present_median"] = statistics.median(present_ms) if drew else 0.0
    out["flip_median"] = statistics.median(flip_ms) if drew else 0.0
    out["draw_median"] = statistics.median(d - p for d, p in zip(drew, present_ms)) if drew else 0.0
    return out


def four_computers():
    from kidgames.core.seats import COMPUTER, Seat
    return [Seat(c.capitalize(), c, COMPUTER) for c in ("red", "blue", "green", "yellow")]


def knights_frames(app, timer: PresentTimer, frames: int) -> tuple[dict, object]:
    """A Knights game of 4 computer players; their turns animate (pause, roll, hops, banners)."""
    from kidgames.ui.game import start_game_scene
    t = time.perf_counter()
    scene = start_game_scene(app, "knights", four_computers(), seed=KNIGHTS_SEED)
    app.frame(FRAME)              # the first frame paints the board once
    open_ms = (time.perf_counter() - t) * 1000
    action_frames: list[float] = []
    turn = [scene.table_view().turn]

    def note_action(elapsed: float) -> None:
        if scene.table_view().turn != turn[0]:      # a computer threw in this frame (and the game was saved)
            turn[0] = scene.table_view().turn
            action_frames.append(elapsed)

    out = timed_frames(app, frames, timer, on_frame=note_action)
    out.update(action_frames=action_frames, turns=scene.table_view().turn, open_ms=open_ms)
    return out, scene


def queens_frames(app, timer: PresentTimer, frames: int) -> dict:
    """A Sleeping Queens game of 4 computer players: cards fly, flip and count round the table."""
    from kidgames.ui.game import start_game_scene
    scene = start_game_scene(app, "queens", four_computers(), seed=KNIGHTS_SEED)
    app.frame(FRAME)
    return timed_frames(app, frames, timer, scene=scene)


def castle_frames(app, timer: PresentTimer, frames: int) -> dict:
    """A Castle Builders game of 4 computer players: cards flip, fly to castles and spare piles,
    the witch sweeps in."""
    from kidgames.ui.game import start_game_scene
    scene = start_game_scene(app, "castle", four_computers(), seed=KNIGHTS_SEED)
    app.frame(FRAME)
    return timed_frames(app, frames, timer, scene=scene)


def forest_frames(app, timer: PresentTimer, frames: int) -> dict:
    """A Fairy-Tale Forest game of 4 computer players: dice tumble, pawns hop, trees lift."""
    from kidgames.ui.game import start_game_scene
    scene = start_game_scene(app, "forest", four_computers(), seed=KNIGHTS_SEED)
    app.frame(FRAME)
    return timed_frames(app, frames, timer, scene=scene)


#: The game cases of the frame rows, by name (``--only`` picks some).
GAME_CASES = {"queens": queens_frames, "castle": castle_frames, "forest": forest_frames}


def child_frames_only(opts) -> dict:
    """Only the cases named in ``--only`` (knights and the game cases), in a window of ``--window``."""
    import pygame
    size = tuple(int(v) for v in opts.window.split("x"))
    app = build_app(window_size=size)
    timer = PresentTimer(app)
    result = {"driver": pygame.display.get_driver(), "canvas": list(app.screen.get_size()),
              "window": list(pygame.display.get_surface().get_size())}
    for name in opts.only.split(","):
        if name == "knights":
            result["knights"], _ = knights_frames(app, timer, opts.frames)
        else:
            result[name] = GAME_CASES[name](app, timer, opts.frames)
    pygame.quit()
    return result


def child_frames(opts) -> dict:
    import pygame
    from kidgames.ui.results import ResultsScene
    app = build_app(window_size=CANVAS)
    timer = PresentTimer(app)
    result = {"driver": pygame.display.get_driver(), "canvas": list(app.screen.get_size()),
              "window": list(pygame.display.get_surface().get_size()), "sound": app.assets.sounds.available}

    # the menu: it does not animate, so every frame is made to redraw (as after a press)
    result["menu"] = timed_frames(app, opts.frames, timer, before=lambda: setattr(app, "dirty", True))

    result["knights"], scene = knights_frames(app, timer, opts.frames)
    result["max_rss_mb_after_knights"] = max_rss_mb()

    # what one save costs: the session's save runs inside the frame in which a throw is
    # applied and hands the save to the app's background writer; the write itself (json, fsync,
    # rename) happens off the frame
    saves, written = [], []
    for _ in range(20):
        t = time.perf_counter()
        scene.session.save()
        saves.append((time.perf_counter() - t) * 1000)
        app.saves.flush()
        written.append((time.perf_counter() - t) * 1000)
    result["autosave_ms"] = {"median": statistics.median(saves), "max": max(saves),
                             "written_median": statistics.median(written),
                             "bytes": app.saves.file_for("knights").stat().st_size}

    # the results scene: play the game out without animation, then let the results come up
    while not scene.view().is_over:
        outcome = scene.session.step(0.0)
        if outcome is not None:
            scene.applied(outcome)
        scene.anim.skip()
    for _ in range(600):
        app.frame(FRAME)
        if isinstance(app.top, ResultsScene):
            break
    if not isinstance(app.top, ResultsScene):
        raise RuntimeError("the results scene did not come up")
    result["results"] = timed_frames(app, opts.frames, timer)
    for name, case in GAME_CASES.items():
        result[name] = case(app, timer, opts.frames)
    result["max_rss_mb_end"] = max_rss_mb()
    pygame.quit()
    return result


def child_frames_scaled(opts) -> dict:
    """Knights again in a window of ``--window`` WxH (the canvas is scaled)."""
    import pygame
    app = build_app(window_size=tuple(int(v) for v in opts.window.split("x")))
    timer = PresentTimer(app)
    knights, _ = knights_frames(app, timer, opts.frames)
    result = {"driver": pygame.display.get_driver(), "window": list(pygame.display.get_surface().get_size()),
              "knights": knights}
    for name, case in GAME_CASES.items():
        result[name] = case(app, timer, opts.frames)
    pygame.quit()
    return result


# -- child: 3. CPU while idle ---------------------------------------------------------------------------
def child_idle(opts, where: str) -> dict:
    import pygame
    from kidgames.core.seats import COMPUTER, PERSON, Seat
    from kidgames.ui.game import start_game_scene
    app = build_app(stepped=False)
    scene = None
    if where in ("knights", "pulse"):
        seats = [Seat("Anna", "red", PERSON), Seat("Blue", "blue", COMPUTER)]
        scene = start_game_scene(app, "knights", seats, seed=KNIGHTS_SEED)
    if where == "pulse":
        # What if the scene redrew every frame while a person may roll (a die that pulses all the
        # time instead of hopping now and then)?  Set on the instance: the app is not changed.
        scene.idle.idle_animation = lambda: setattr(app, "dirty", True) or True

    loops = [0]
    loop = getattr(app, "loop", app)     # the frame loop's turns (kidgames/ui/loop.py)
    frame = loop.frame

    def counted_frame(dt=None):   # counts loop turns; set on the instance, the app is not changed
        loops[0] += 1
        return frame(dt)

    loop.frame = counted_frame
    warmup = 1.0
    marks: dict = {}

    def mark(name: str) -> None:
        marks[name] = (time.perf_counter(), cpu_seconds(), app.frames_drawn, loops[0],
                       scene.person_can_act() if scene else None)

    def stop() -> None:
        mark("end")
        app.running = False

    threading.Timer(warmup, mark, args=("start",)).start()
    threading.Timer(warmup + opts.idle_seconds, stop).start()
    app.run()
    (w0, c0, f0, l0, act0), (w1, c1, f1, l1, act1) = marks["start"], marks["end"]
    wall = w1 - w0
    result = {"driver": pygame.display.get_driver(), "window": list(pygame.display.get_surface().get_size()),
              "wall_s": wall, "cpu_s": c1 - c0,
              "cpu_pct": 100 * (c1 - c0) / wall, "redraws_per_s": (f1 - f0) / wall,
              "loops_per_s": (l1 - l0) / wall, "person_waiting": [act0, act1],
              "sound": app.assets.sounds.available}
    pygame.quit()
    return result


# -- child: 4. memory -----------------------------------------------------------------------------------
def child_memory(opts) -> dict:
    base = max_rss_mb()
    import pygame
    from kidgames.games import GAMES  # noqa: F401
    from kidgames.ui.app import App  # noqa: F401
    imports = max_rss_mb()
    app = build_app()
    menu = max_rss_mb()
    from kidgames.ui.game import start_game_scene
    scene = start_game_scene(app, "knights", four_computers(), seed=KNIGHTS_SEED)
    animated = 0.0
    for _ in range(int(10 / FRAME)):    # ~10 s of animation at 60 frames a second
        app.frame(FRAME)
        animated += FRAME
    result = {"driver": pygame.display.get_driver(), "python_mb": base, "imports_mb": imports,
              "menu_mb": menu, "max_rss_mb": max_rss_mb(), "animated_s": animated,
              "turns": scene.table_view().turn}
    pygame.quit()
    return result


# -- 5. random games through the public protocol ----------------------------------------------------------
def measure_random_games(n: int) -> dict:
    sys.path.insert(0, str(ROOT))
    from kidgames.games import GAMES
    from kidgames.games.knights.rules import load_knights_board
    spec = GAMES["knights"]
    board = load_knights_board()      # read once, as a caller starting many games does
    throws = 0
    started = time.perf_counter()
    for seed in range(n):
        state = spec.new_state(2 + seed % 5, seed=seed, options={"board": board})
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            throws += 1
    elapsed = time.perf_counter() - started
    return {"games": n, "seconds": elapsed, "games_per_s": n / elapsed, "throws_per_s": throws / elapsed}


# -- the report -------------------------------------------------------------------------------------------
def ok(value: float, target: float) -> str:
    return "yes" if value < target else "NO"


GAME_TITLES = {"queens": "Sleeping Queens", "castle": "Castle Builders", "forest": "Fairy-Tale Forest"}


def frame_rows(blocks) -> list[tuple[str, str, str, str]]:
    rows = []
    for block, key, label in blocks:
        m = block[key]
        if not m["n"]:              # nothing moved, so no frame drew: say so rather than fail
            rows.append((f"{label}, 0 drawn", "no frame drew", f"p95 < {TARGETS['frame_p95_ms']:.0f} ms", "NO"))
            continue
        rows.append((f"{label}, {m['n']} drawn",
                     f"p95 {m['p95']:5.1f} ms", f"p95 < {TARGETS['frame_p95_ms']:.0f} ms",
                     ok(m["p95"], TARGETS["frame_p95_ms"])))
        rows.append(("  mean / median / max; median draw + present (flip)",
                     f"{m['mean']:.1f} / {m['median']:.1f} / {m['max']:.1f} ms; "
                     f"{m['draw_median']:.1f} + {m['present_median']:.1f} ({m['flip_median']:.1f})", "", ""))
        if "full" in m:
            rows.append(("  whole redraws (median); partial p95, their area p95",
                         f"{m['full']} ({m['full_median']:.1f} ms); {m['partial_p95']:.1f} ms, "
                         f"{m['partial_area_p95_pct']:.0f} % of the canvas", "", ""))
        if m.get("move_frames", {}).get("n"):
            a = m["move_frames"]
            rows.append(("  frames applying a move + autosave (drawn): median / max",
                         f"{a['n']} ({a['drawn']}): {a['median']:.1f} / {a['max']:.1f} ms", "", ""))
    return rows


def frames_only_report(r: dict) -> str:
    blocks = []
    for sc in r["frames_only"]:
        for name, title in (("knights", "Knights"), *GAME_TITLES.items()):
            if name in sc:
                blocks.append((sc, name, f"frame, {title}, window {sc['window'][0]}x{sc['window'][1]}"))
    rows = frame_rows(blocks)
    env = r["environment"]
    head = (f"kidgames frame benchmark ({r['mode']}), only {r['only']}: Python {env['python']}, pygame-ce "
            f"{env['pygame']} (SDL {env['sdl']}), {env['cpus']} CPUs, load {env['load_before']:.2f} -> "
            f"{env['load_after']:.2f}, {r['seconds']:.0f} s in all")
    return table(head, rows)


def report(r: dict) -> str:
    rows: list[tuple[str, str, str, str]] = []
    s = r["startup"]
    rows += startup_rows(s)
    f = r["frames"]
    blocks = [(f, "menu", "frame, menu (forced redraws)"), (f, "knights", "frame, Knights 4 computers"),
              (f, "results", "frame, results (confetti)")]
    for name, title in GAME_TITLES.items():
        if name in f:
            blocks.append((f, name, f"frame, {title} 4 computers"))
    for sc in r["frames_scaled"]:
        for name, title in (("knights", "Knights"), *GAME_TITLES.items()):
            if name in sc:
                blocks.append((sc, name, f"frame, {title}, window {sc['window'][0]}x{sc['window'][1]} (scaled)"))
    rows += frame_rows(blocks)
    k = f["knights"]
    if k["action_frames"]:
        rows.append((f"  Knights frames with a throw + autosave ({len(k['action_frames'])})",
                     f"max {max(k['action_frames']):.1f} ms", "", ""))
    rows.append(("  one autosave: in the frame / until written off it (json + fsync + rename)",
                 f"{f['autosave_ms']['median']:.1f} / {f['autosave_ms']['written_median']:.1f} ms "
                 f"({f['autosave_ms']['bytes'] / 1024:.0f} KB)", "", ""))
    rows.append(("  Knights scene open + first frame (board painted)", f"{k['open_ms']:.0f} ms", "", ""))
    for key, label in (("idle_menu", "idle CPU, menu"), ("idle_knights", "idle CPU, Knights, person to roll"),
                       ("idle_pulse", "  what-if: redraw every frame while waiting")):
        i = r[key]
        what_if = key == "idle_pulse"
        rows.append((f"{label} ({i['wall_s']:.0f} s, window {i['window'][0]}x{i['window'][1]})",
                     f"{i['cpu_pct']:.1f} %", "(info)" if what_if else f"< {TARGETS['idle_cpu_pct']:.1f} %",
                     "" if what_if else ok(i["cpu_pct"], TARGETS["idle_cpu_pct"])))
        rows.append(("  redraws / loop turns per second",
                     f"{i['redraws_per_s']:.1f} / {i['loops_per_s']:.1f}", "", ""))
    m = r["memory"]
    rows.append((f"max RSS, menu + {m['animated_s']:.0f} s of Knights", f"{m['max_rss_mb']:.0f} MB",
                 f"< {TARGETS['max_rss_mb']:.0f} MB", ok(m["max_rss_mb"], TARGETS["max_rss_mb"])))
    rows.append(("  python / after imports / after menu",
                 f"{m['python_mb']:.0f} / {m['imports_mb']:.0f} / {m['menu_mb']:.0f} MB", "", ""))
    g = r["random_games"]
    rows.append((f"random Knights games ({g['games']} seeded)", f"{g['games_per_s']:.0f} games/s",
                 "(none)", ""))
    rows.append(("  throws per second", f"{g['throws_per_s']:.0f}", "", ""))

    env = r["environment"]
    head = (f"kidgames app benchmark: video driver {s['driver']}, audio dummy, canvas "
            f"{f['canvas'][0]}x{f['canvas'][1]} (window {f['window'][0]}x{f['window'][1]} unless said), "
            f"Python {env['python']}, pygame-ce {env['pygame']} (SDL {env['sdl']}), {env['cpus']} CPUs, "
            f"load {env['load_before']:.2f} -> {env['load_after']:.2f}, {r['seconds']:.0f} s in all\n"
            f"{calibration_line(env)}")
    return table(head, rows)


def environment() -> dict:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    return {"python": platform.python_version(), "pygame": pygame.version.ver,
            "sdl": ".".join(map(str, pygame.get_sdl_version())), "cpus": os.cpu_count(),
            "machine": platform.machine(), "load_before": os.getloadavg()[0],
            "calibration": measure_calibration(),
            # measured by the parent at full speed before it held this run to a quota (--cgroup)
            "calibration_full": json.loads(os.environ.get("KIDGAMES_BENCH_CALIBRATION", "null")),
            "quota": os.environ.get("KIDGAMES_BENCH_QUOTA")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", metavar="FILE", help="also write the figures to FILE as JSON")
    parser.add_argument("--x11", action="store_true", help="use the X server in $DISPLAY (e.g. Xvfb)")
    parser.add_argument("--runs", type=int, default=5, help="start-up runs (median; default 5)")
    parser.add_argument("--frames", type=int, default=600, help="frames per scene (default 600)")
    parser.add_argument("--idle-seconds", type=float, default=12.0,
                        help="seconds of idle loop (default 12: two hops of the waiting die)")
    parser.add_argument("--games", type=int, default=500, help="random Knights games (default 500)")
    parser.add_argument("--only", metavar="CASES",
                        help="only the frame rows of these cases (comma-separated: knights, "
                             f"{', '.join(GAME_CASES)}), at 1600x1000 and in every scaled window")
    parser.add_argument("--windows", metavar="WxH,...",
                        help="with --only: these window sizes (default 1600x1000 and every scaled window)")
    parser.add_argument("--cgroup", metavar="QUOTA/PERIOD",
                        help="run held to a CPU quota, e.g. 1000/3000 (a tablet's third of a core; needs a writable cgroup)")
    parser.add_argument("--startup-only", action="store_true",
                        help="only the start-up against a bare window, and the calibration workload")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--window", default="1521x950", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.cgroup:
        given = sys.argv[1:] if argv is None else argv
        rest = [a for a in given if not a.startswith("--cgroup") and a != args.cgroup]
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from cgroup import in_cgroup      # bench/cgroup.py, beside this script
        os.environ["KIDGAMES_BENCH_CALIBRATION"] = json.dumps(measure_calibration())   # full speed, here
        os.environ["KIDGAMES_BENCH_QUOTA"] = args.cgroup
        return in_cgroup(__file__, args.cgroup, rest)

    if args.child:
        sys.path.insert(0, str(ROOT))
        mode = args.child
        if mode == "frames":
            out = child_frames(args)
        elif mode == "frames-scaled":
            out = child_frames_scaled(args)
        elif mode == "frames-only":
            out = child_frames_only(args)
        elif mode in ("idle-menu", "idle-knights", "idle-pulse"):
            out = child_idle(args, mode.split("-")[1])
        elif mode == "memory":
            out = child_memory(args)
        else:
            parser.error(f"unknown child mode {mode!r}")
        print(TAG + json.dumps(out), flush=True)
        return 0

    if args.x11 and not os.environ.get("DISPLAY"):
        parser.error("--x11 needs DISPLAY (start e.g. `Xvfb :99 -screen 0 1920x1080x24 -nolisten tcp &` "
                     "and set DISPLAY=:99)")
    started = time.perf_counter()
    r: dict = {"mode": "x11" if args.x11 else "dummy", "environment": environment(), "targets": TARGETS}
    if args.startup_only:
        r["startup"] = measure_startup(args)
        r["environment"]["load_after"] = os.getloadavg()[0]
        r["seconds"] = time.perf_counter() - started
        print(startup_report(r))
        if args.json:
            Path(args.json).write_text(json.dumps(r, indent=2) + "\n", encoding="utf-8")
        return 0
    if args.only:
        unknown = set(args.only.split(",")) - {"knights", *GAME_CASES}
        if unknown:
            parser.error(f"unknown cases {', '.join(sorted(unknown))}")
        r["only"] = args.only
        windows = args.windows.split(",") if args.windows else [f"{w}x{h}" for w, h in (CANVAS, *SCALED_WINDOWS)]
        r["frames_only"] = [run_child("frames-only", args, ["--window", size, "--only", args.only])
                            for size in windows]
        r["environment"]["load_after"] = os.getloadavg()[0]
        r["seconds"] = time.perf_counter() - started
        print(frames_only_report(r))
        if args.json:
            Path(args.json).write_text(json.dumps(r, indent=2) + "\n", encoding="utf-8")
        return 0
    steps = (("startup", lambda: measure_startup(args)),
             ("frames", lambda: run_child("frames", args)),
             ("frames_scaled", lambda: [run_child("frames-scaled", args, ["--window", f"{w}x{h}"])
                                        for w, h in SCALED_WINDOWS]),
             ("idle_menu", lambda: run_child("idle-menu", args)),
             ("idle_knights", lambda: run_child("idle-knights", args)),
             ("idle_pulse", lambda: run_child("idle-pulse", args)),
             ("memory", lambda: run_child("memory", args)),
             ("random_games", lambda: measure_random_games(args.games)))
    for name, step in steps:
        print(f"... {name}", file=sys.stderr, flush=True)
        r[name] = step()
    r["environment"]["load_after"] = os.getloadavg()[0]
    r["seconds"] = time.perf_counter() - started
    print(report(r))
    if args.json:
        Path(args.json).write_text(json.dumps(r, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
