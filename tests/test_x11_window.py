"""A real window on a real X server without a window manager (Xvfb): full screen fills the screen
from its corner and comes back to a window, and the idle loop sleeps in SDL's own event wait.

Skipped where Xvfb or xwininfo is not installed (`apt-get install xvfb x11-utils`)."""
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCREEN = (1280, 800)

PROBE = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
import warnings
warnings.simplefilter("ignore")
import pygame
from kidgames.games import GAMES
from kidgames.ui.app import App

import subprocess, time

def where(app):
    # Where the X server really has the window (SDL's own idea of it is not enough: without a
    # window manager it may believe the window moved when it did not).
    for _ in range(5):
        app.frame(0.0)
        time.sleep(0.1)
    wid = pygame.display.get_wm_info()["window"]
    info = subprocess.run(["xwininfo", "-id", str(wid)], capture_output=True, text=True).stdout
    field = lambda name: int(next(l for l in info.splitlines() if name in l).split(":")[1])
    return {"size": [field("Width"), field("Height")],
            "position": [field("Absolute upper-left X"), field("Absolute upper-left Y")],
            "view": list(app.view)}

app = App(GAMES, mute=True, fullscreen=False)
seen = {"window": where(app), "blocking": app.loop.waiter._sdl_wait is not None}   # SDL_WaitEventTimeout was found
app.set_fullscreen(True)
seen["fullscreen"] = where(app)
app.set_fullscreen(False)
seen["back"] = where(app)
print("PROBE " + json.dumps(seen), flush=True)
"""


@pytest.fixture
def xvfb():
    if shutil.which("Xvfb") is None or shutil.which("xwininfo") is None:
        pytest.skip("Xvfb and xwininfo (x11-utils) are not installed")
    display = f":{70 + os.getpid() % 20}"
    server = subprocess.Popen(["Xvfb", display, "-screen", "0", f"{SCREEN[0]}x{SCREEN[1]}x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    lock = Path(f"/tmp/.X11-unix/X{display[1:]}")
    for _ in range(50):
        if lock.exists():
            break
        time.sleep(0.1)
    try:
        yield display
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_full_screen_without_a_window_manager_fills_the_screen_and_comes_back(xvfb, tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
    env.update(DISPLAY=xvfb, SDL_AUDIODRIVER="dummy", KIDGAMES_HOME=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", PROBE, str(ROOT)], env=env, capture_output=True, text=True,
                         timeout=60)
    line = next((l for l in out.stdout.splitlines() if l.startswith("PROBE ")), None)
    assert line, out.stderr[-2000:]
    seen = json.loads(line[6:])
    window, full, back = seen["window"], seen["fullscreen"], seen["back"]
    w, h = window["size"]
    assert w <= SCREEN[0] and h <= SCREEN[1], "the window fits the screen"
    assert full["size"] == list(SCREEN) and full["position"] == [0, 0], \
        "full screen starts at the screen's corner (it kept the window's place and was cut off)"
    assert full["view"][2:] == [1280, 800], "the whole picture shows, scaled to the screen"
    assert back["size"] == window["size"], "back to the window it was"
    assert seen["blocking"], "the idle loop sleeps in SDL's event wait (the SDL library was found)"
