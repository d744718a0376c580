"""The window's own close button (its ✕, Alt+F4) asks "Close the games?" exactly as the app's own ✕
on the menu does, on the menu and in a game, and closes nothing until a grown-up answers; the
system ending the app (a QUIT alone: logging out, SIGTERM) still closes it at once."""
from __future__ import annotations

import os
import subprocess
import sys

import pygame
import pytest

from kidgames.core.seats import Seat
from kidgames.ui.dialog import ConfirmScene
from kidgames.ui.game import GameScene, start_game_scene
from kidgames.ui.menu import MenuScene
from ui_driver import FRAME, later, make_app, run, tap_button, through_lock, without_lock

ANNA_BEN = [Seat("Anna", "red"), Seat("Ben", "blue")]


def close_window(app, sdl_quits_too: bool) -> None:
    """What SDL sends when the window's ✕ is clicked: WINDOWCLOSE, and a QUIT at once after it
    unless it was asked not to (SDL_QUIT_ON_LAST_WINDOW_CLOSE)."""
    pygame.event.post(pygame.event.Event(pygame.WINDOWCLOSE))
    if sdl_quits_too:
        pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.frame(FRAME)


def quit_questions(app) -> list:
    return [s for s in app.stack if isinstance(s, ConfirmScene) and s.title == app.t("menu.quit.title")]


@pytest.mark.parametrize("sdl_quits_too", [False, True], ids=["close", "close-and-quit"])
@pytest.mark.parametrize("where", ["menu", "game"])
def test_the_window_close_asks_as_the_app_button_does(tmp_path, where, sdl_quits_too):
    app = make_app(tmp_path)
    if where == "game":
        start_game_scene(app, "knights", ANNA_BEN, seed=3)
        run(app, 0.5)
    shown = app.top
    close_window(app, sdl_quits_too)
    assert app.running, "nothing closes before the question is answered"
    assert quit_questions(app) and app.top is quit_questions(app)[0]
    asked = app.top
    # the same question, the same words and answers as the menu's own ✕
    menu_app = make_app(tmp_path / "menu")
    through_lock(menu_app, "quit")
    assert (asked.title, asked.text, asked.yes_text, asked.no_text, asked.go_on) == \
        (menu_app.top.title, menu_app.top.text, menu_app.top.yes_text, menu_app.top.no_text, menu_app.top.go_on)
    close_window(app, sdl_quits_too)           # a second click on the ✕: the question is there already
    assert len(quit_questions(app)) == 1 and app.running
    tap_button(app, "no")
    assert app.top is shown and app.running, "no: back where the family was"
    if where == "game":
        assert isinstance(app.top, GameScene)
    later(app, 1.0)
    close_window(app, sdl_quits_too)
    tap_button(app, "yes")
    assert not app.running, "yes: the app closes"


def test_the_system_ending_the_app_still_closes_it_at_once(tmp_path):
    app = make_app(tmp_path)
    start_game_scene(app, "knights", ANNA_BEN, seed=3)
    run(app, 0.3)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.frame(FRAME)
    assert not app.running and not quit_questions(app)


def test_the_app_asks_sdl_to_send_no_quit_when_its_window_closes():
    """Where the window closes, SDL sends WINDOWCLOSE and, unless told not to, a QUIT after it:
    the app (in a fresh process, as it starts) tells it not to, so the QUIT of a logout stays
    told apart from the window's ✕ (measured under Xvfb: WindowClose + Quit by default, WindowClose
    alone with the hint)."""
    env = {k: v for k, v in os.environ.items() if k != "SDL_QUIT_ON_LAST_WINDOW_CLOSE"}
    code = "import os, kidgames.ui.app; print(os.environ.get('SDL_QUIT_ON_LAST_WINDOW_CLOSE'))"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert out.stdout.strip().splitlines()[-1] == "0", out.stderr


@pytest.mark.parametrize("lock", [True, False], ids=["through-the-lock", "lock-off"])
def test_the_menu_button_still_asks(tmp_path, lock):
    app = make_app(tmp_path)
    if lock:
        through_lock(app, "quit")
    else:
        without_lock(app)
        tap_button(app, "quit")
    assert len(quit_questions(app)) == 1
    tap_button(app, "no")
    assert isinstance(app.top, MenuScene) and app.running


# -- in a real window ----------------------------------------------------------------------------------
CLOSE_PROBE = r"""
import ctypes, ctypes.util, json, sys, time
sys.path.insert(0, sys.argv[1])
import warnings
warnings.simplefilter("ignore")
import pygame
from kidgames.core.seats import Seat
from kidgames.games import GAMES
from kidgames.ui.app import App
from kidgames.ui.game import start_game_scene

def press_the_windows_close(window):
    # What a window manager does when its close button is clicked: WM_PROTOCOLS / WM_DELETE_WINDOW.
    x = ctypes.CDLL(ctypes.util.find_library("X11"))
    x.XOpenDisplay.restype = ctypes.c_void_p
    x.XInternAtom.restype = ctypes.c_ulong
    x.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    x.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long, ctypes.c_void_p]
    x.XFlush.argtypes = [ctypes.c_void_p]
    class ClientMessage(ctypes.Structure):
        _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                    ("display", ctypes.c_void_p), ("window", ctypes.c_ulong), ("message_type", ctypes.c_ulong),
                    ("format", ctypes.c_int), ("data", ctypes.c_long * 5), ("pad", ctypes.c_long * 12)]
    d = x.XOpenDisplay(None)
    ev = ClientMessage(type=33, window=window, message_type=x.XInternAtom(d, b"WM_PROTOCOLS", 0), format=32)
    ev.data[0] = x.XInternAtom(d, b"WM_DELETE_WINDOW", 0)
    x.XSendEvent(d, window, 0, 0, ctypes.byref(ev))
    x.XFlush(d)

app = App(GAMES, mute=True, fullscreen=False)
start_game_scene(app, "knights", [Seat("Anna", "red"), Seat("Ben", "blue")], seed=3)
for _ in range(10):
    app.frame(0.05); time.sleep(0.05)
press_the_windows_close(pygame.display.get_wm_info()["window"])
for _ in range(20):
    app.frame(0.05); time.sleep(0.05)
print("PROBE " + json.dumps({"running": app.running, "top": type(app.top).__name__,
                             "title": getattr(app.top, "title", None), "asked": app.t("menu.quit.title")}), flush=True)
"""


def test_a_real_windows_close_button_asks_and_closes_nothing(tmp_path):
    """Under Xvfb (skipped where it is not installed): the window manager's close message reaches
    the app as SDL sends it, and the game stays open under the question."""
    import shutil
    import time
    from pathlib import Path
    if shutil.which("Xvfb") is None:
        pytest.skip("Xvfb is not installed")
    display = f":{40 + os.getpid() % 20}"
    server = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(50):
            if Path(f"/tmp/.X11-unix/X{display[1:]}").exists():
                break
            time.sleep(0.1)
        env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
        env.update(DISPLAY=display, SDL_AUDIODRIVER="dummy", KIDGAMES_HOME=str(tmp_path))
        root = str(Path(__file__).resolve().parent.parent)
        out = subprocess.run([sys.executable, "-c", CLOSE_PROBE, root], env=env, capture_output=True, text=True,
                             timeout=90)
        line = next((l for l in out.stdout.splitlines() if l.startswith("PROBE ")), None)
        assert line, out.stderr[-2000:]
        import json
        seen = json.loads(line[6:])
        assert seen["running"] and seen["top"] == "QuitQuestion" and seen["title"] == seen["asked"], seen
    finally:
        server.terminate()
        server.wait(timeout=10)
