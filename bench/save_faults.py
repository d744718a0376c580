"""The fault campaign of issue 22, rerun: can a family trust what the app says about its saves?

    sudo python bench/save_faults.py            # every case (mounts small tmpfs: needs root)
    python bench/save_faults.py --cases home-file,dev-null,fifo,long-path,two-copies,kill

Each case runs the real app (headless, its clock stepped by the frames) in child processes of its
own, on a fresh home, and plays a Knights game of two people by their moves:

- read-only: the home's disk turns read-only after the first move (a tmpfs remounted ro);
- full-disk: the home's small tmpfs is filled after the first move;
- folder-removed: the home is removed after the first move;
- home-file, dev-null, fifo, long-path: KIDGAMES_HOME is a file, /dev/null, a FIFO, a name too long;
- two-copies: a second app opens the game a first one has open;
- kill: an app of four computer players is killed with SIGKILL at a random moment, N times; each
  next start must find a sound save equal to a state the killed app had reached, and must not be
  kept out of the game by the killed app's lock.

For each it prints what the family was told (the dialogs' titles), what "Back to the menu?" said,
and what the next start found on the disk.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MOVES = 8


# -- the children -------------------------------------------------------------------------------------
def child_play(home: str, fault: str, mount: str) -> None:
    """Play MOVES moves of a two-person Knights game, with ``fault`` after the first; print JSON."""
    os.environ["SDL_VIDEODRIVER"] = os.environ["SDL_AUDIODRIVER"] = "dummy"
    sys.path.insert(0, str(ROOT))
    from kidgames.core.clock import SteppedTime
    from kidgames.core.seats import Seat
    from kidgames.games import GAMES
    from kidgames.ui.app import App
    from kidgames.ui.dialog import MessageScene
    from kidgames.ui.game import start_game_scene
    from kidgames.ui.menu import MenuScene, report_problems
    app = App(GAMES, home=Path(home) if home else None, mute=True, time_source=SteppedTime())
    from kidgames.ui.guide import unguided
    unguided(app)      # played as before: no guided first game (kidgames/ui/guide.py)
    app.reset_to(MenuScene(app))
    report_problems(app)
    told = []

    def look() -> None:
        for scene in app.stack:
            if isinstance(scene, MessageScene) and (scene.title, scene.text) not in told:
                told.append((scene.title, scene.text))
        while isinstance(app.top, MessageScene):
            app.pop()                       # tapped away: the game goes on

    def frames(n: int) -> None:
        for _ in range(n):
            app.frame(1 / 60)
            time.sleep(0.004)
            look()
    frames(3)
    scene = start_game_scene(app, "knights", [Seat("Anna", "red"), Seat("Ben", "blue")], seed=3)
    made = 0
    for move in range(MOVES):
        for _ in range(3000):
            if app.top is scene and scene.person_can_act():
                break
            frames(1)
        scene.submit(scene.session._controller.state.legal_actions()[0])
        made += 1
        frames(20)
        if move == 0:
            app.saves.flush()
            if fault == "read-only":
                # saves/ turns read-only under the app (a bind mount of itself, remounted ro: a
                # whole-disk remount is refused while the app holds its lock file open)
                saves = str(Path(home) / "saves")
                subprocess.run(["mount", "--bind", saves, saves], check=True)
                subprocess.run(["mount", "-o", "remount,bind,ro", saves], check=True)
            elif fault == "full-disk":
                filler = os.open(Path(mount) / "filler", os.O_WRONLY | os.O_CREAT)
                try:
                    while os.write(filler, b"\0" * 4096):
                        pass
                except OSError:
                    pass
                os.close(filler)
            elif fault == "folder-removed":
                subprocess.run(["rm", "-rf", home], check=True)
    app.saves.flush()
    frames(20)
    scene.shared_buttons.ask_leave()
    leave = app.top.text
    app.close()
    print("RESULT " + json.dumps({"made": made, "told": [t for t, _ in told], "texts": [x for _, x in told],
                                  "leave": leave, "state": scene.session._controller.state.to_json(), "home": str(app.home)}))


def child_look(home: str) -> None:
    """The next start: what does the save hold, and can the game be opened?"""
    os.environ["SDL_VIDEODRIVER"] = os.environ["SDL_AUDIODRIVER"] = "dummy"
    sys.path.insert(0, str(ROOT))
    from kidgames.core.saving import SaveStore
    from kidgames.games import GAMES
    store = SaveStore(Path(home))
    ids = sys.argv[4].split(",") if len(sys.argv) > 4 else ["knights"]
    out = {}
    for game_id in ids:
        result = store.load(game_id, GAMES)
        out[game_id] = {"state": result.saved.state.to_json() if result.saved else None,
                        "problem": result.problem, "claim": store.claim(game_id)}
    print("RESULT " + json.dumps(out))


HOLD = """
import os, sys, json
os.environ["SDL_VIDEODRIVER"] = os.environ["SDL_AUDIODRIVER"] = "dummy"
sys.path.insert(0, sys.argv[2])
from kidgames.core.clock import SteppedTime
from kidgames.games import GAMES
from kidgames.ui.app import App
from kidgames.ui.dialog import MessageScene
from kidgames.ui.game import GameScene, start_game_scene
from kidgames.ui.menu import MenuScene, continue_game
from kidgames.core.seats import Seat
app = App(GAMES, home=sys.argv[1], mute=True, time_source=SteppedTime())
from kidgames.ui.guide import unguided
unguided(app)      # played as before: no guided first game (kidgames/ui/guide.py)
app.reset_to(MenuScene(app))
before = (app.saves.folder / "knights.json").read_bytes()
continue_game(app, "knights")
top = app.top
out = {"top": type(top).__name__, "title": getattr(top, "title", None), "text": getattr(top, "text", None)}
if isinstance(top, GameScene):
    for _ in range(5):
        while not top.person_can_act():
            app.frame(1 / 60)
        top.submit(top.session._controller.state.legal_actions()[0])
        app.frame(1 / 60)
    app.saves.flush()
else:
    while isinstance(app.top, MessageScene):
        app.pop()
    forest = start_game_scene(app, "forest", [Seat("Cleo", "red"), Seat("Dan", "blue")], seed=2, options={"short": True})
    out["other_game"] = type(forest).__name__ if forest else None
    app.saves.flush()
    out["save_untouched"] = (app.saves.folder / "knights.json").read_bytes() == before
print("RESULT " + json.dumps(out), flush=True)
sys.stdin.readline()
app.close()
"""

KILLED = """
import os, sys, json, hashlib
os.environ["SDL_VIDEODRIVER"] = os.environ["SDL_AUDIODRIVER"] = "dummy"
sys.path.insert(0, sys.argv[2])
from kidgames.core.clock import SteppedTime
from kidgames.core.seats import COMPUTER, Seat
from kidgames.games import GAMES
from kidgames.ui.app import App
from kidgames.ui.game import start_game_scene
from kidgames.ui.menu import MenuScene, continue_game
import time
app = App(GAMES, home=sys.argv[1], mute=True, speed="fast", time_source=SteppedTime())
from kidgames.ui.guide import unguided
unguided(app)      # played as before: no guided first game (kidgames/ui/guide.py)
app.reset_to(MenuScene(app))
if app.saves.exists("knights"):
    continue_game(app, "knights")
    scene = app.top
else:
    scene = start_game_scene(app, "knights", [Seat(c, c, COMPUTER) for c in ("red", "blue", "green", "yellow")], seed=11)
print("OPEN " + type(scene).__name__, flush=True)
decisions = None
while True:
    app.frame(1 / 60)            # at the screen's pace: computers move every ~0.6 s, as they do on screen
    time.sleep(1 / 60)
    if scene.session._controller.log and scene.session._controller.log[-1] is not decisions:
        decisions = scene.session._controller.log[-1]
        print("STATE " + hashlib.md5(json.dumps(scene.session._controller.state.to_json(), sort_keys=True).encode()).hexdigest(), flush=True)
    if scene.session._controller.is_over:
        break
"""


# -- the cases ---------------------------------------------------------------------------------------------
def run_child(args: list[str], env=None, timeout=300) -> dict:
    done = subprocess.run([sys.executable, __file__, *args], capture_output=True, text=True, timeout=timeout,
                          env=env)
    if "RESULT " not in done.stdout:
        return {"error": done.stderr[-2000:] or done.stdout[-2000:], "rc": done.returncode}
    return json.loads(done.stdout.split("RESULT ", 1)[1].splitlines()[0])


def mounted(size: str):
    point = Path(tempfile.mkdtemp(prefix="kg-faults-"))
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(point)], check=True)
    return point


def unmount(point: Path) -> None:
    subprocess.run(["umount", "-l", str(point)], check=False)
    try:
        point.rmdir()
    except OSError:
        pass


def play_case(name: str) -> str:
    mount = None
    env = dict(os.environ)
    try:
        if name in ("read-only", "full-disk", "folder-removed"):
            mount = mounted("512k")
            home = mount / "home"
            home.mkdir()
        else:
            base = Path(tempfile.mkdtemp(prefix="kg-faults-"))
            home = {"home-file": base / "file", "dev-null": Path("/dev/null"), "fifo": base / "pipe",
                    "long-path": base / ("x" * 300)}[name]
            if name == "home-file":
                home.write_text("a file")
            elif name == "fifo":
                os.mkfifo(home)
        played = run_child(["--child-play", str(home), name, str(mount or "")], env=env)
        if "error" in played:
            return f"{name:15} ERROR {played['error'][-400:]}"
        if mount is not None and name != "folder-removed":
            if name == "read-only":
                subprocess.run(["umount", str(home / "saves")], check=False)
            try:
                (mount / "filler").unlink()
            except FileNotFoundError:
                pass
        found = run_child(["--child-look", str(home)], env=env) if os.path.isdir(home) else {"knights": {"state": None}}
        state = found.get("knights", {}).get("state")
        on_disk = "the last move" if state == played["state"] else \
            ("nothing" if state is None else f"turn {state.get('turn')} (the game reached turn {played['state'].get('turn')})")
        saved_claim = "saved. You can play on" in played["leave"]
        untrue = saved_claim and state != played["state"]
        return (f"{name:15} moves {played['made']}  told: {played['told'] or 'nothing'}  "
                f"leave says: {'saved' if saved_claim else 'NOT saved'}  next start finds: {on_disk}  "
                f"untrue claim: {'YES' if untrue else 'no'}")
    finally:
        if mount is not None:
            unmount(mount)


def two_copies_case() -> str:
    home = Path(tempfile.mkdtemp(prefix="kg-faults-"))
    env = dict(os.environ)
    first = run_child(["--child-play", str(home), "none", ""], env=env)    # a saved game to continue
    if "error" in first:
        return f"two-copies      ERROR {first['error'][-400:]}"
    one = subprocess.Popen([sys.executable, "-c", HOLD, str(home), str(ROOT)], stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, text=True, env=env)
    a = json.loads(one.stdout.readline().split("RESULT ", 1)[1])
    two = subprocess.Popen([sys.executable, "-c", HOLD, str(home), str(ROOT)], stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, text=True, env=env)
    b = json.loads(two.stdout.readline().split("RESULT ", 1)[1])
    for proc in (one, two):
        proc.stdin.write("\n")
        proc.stdin.flush()
        proc.wait(60)
    return (f"two-copies      first copy: {a['top']}; second copy: {b['top']} {b['title']!r}: {b['text']!r}; "
            f"its save untouched: {b.get('save_untouched')}; another game in it: {b.get('other_game')}")


def kill_case(times: int, seed: int = 1) -> str:
    rng = random.Random(seed)
    home = Path(tempfile.mkdtemp(prefix="kg-faults-"))
    env = dict(os.environ)
    sound = equal_last = equal_earlier = blocked = damaged = missing = before_first = 0
    import hashlib
    for _ in range(times):
        proc = subprocess.Popen([sys.executable, "-c", KILLED, str(home), str(ROOT)], stdout=subprocess.PIPE,
                                text=True, env=env)
        first = proc.stdout.readline()
        if not first.startswith("OPEN"):
            blocked += 1
            proc.kill()
            proc.wait()
            continue
        os.set_blocking(proc.stdout.fileno(), False)
        time.sleep(rng.uniform(0.3, 4.0))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        rest = proc.stdout.read() or ""
        states = [line.split()[1] for line in rest.splitlines() if line.startswith("STATE ")]
        found = run_child(["--child-look", str(home)], env=env)["knights"]
        if found["state"] is None:
            if found["problem"]:
                damaged += 1
            elif states:
                missing += 1
            else:
                before_first += 1
                sound += 1
            continue
        sound += 1
        if not states:
            before_first += 1
        blocked += 0 if found["claim"] else 1
        digest = hashlib.md5(json.dumps(found["state"], sort_keys=True).encode()).hexdigest()
        if states and digest == states[-1]:
            equal_last += 1
        elif digest in states:
            equal_earlier += 1
    return (f"kill -9 x{times}   sound saves at the next start: {sound}/{times}; equal to the last state the "
            f"killed app printed: {equal_last}, to an earlier one (its write still on the way): {equal_earlier}; "
            f"killed before a move of its own: {before_first}; damaged: {damaged}; no save though moves were made: "
            f"{missing}; kept out by a dead copy's lock: {blocked}")


CASES = ("read-only", "full-disk", "folder-removed", "home-file", "dev-null", "fifo", "long-path")


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--child-play":
        child_play(sys.argv[2], sys.argv[3], sys.argv[4])
        return 0
    if len(sys.argv) > 1 and sys.argv[1] == "--child-look":
        child_look(sys.argv[2])
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", default=",".join(CASES + ("two-copies", "kill")))
    parser.add_argument("--kills", type=int, default=20)
    args = parser.parse_args()
    for name in args.cases.split(","):
        if name == "two-copies":
            print(two_copies_case(), flush=True)
        elif name == "kill":
            print(kill_case(args.kills), flush=True)
        else:
            print(play_case(name), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
