"""The app on the platforms families use: a Windows tablet (its scaling, its doubled touch), a
machine without a screen, a small screen."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from tests.ui_driver import FRAME, make_app, tap_button

ROOT = Path(__file__).resolve().parent.parent


# -- one finger tap on Windows is one tap ------------------------------------------------------------
def finger(kind, app, pos, finger_id=0):
    """A finger event as SDL sends it: x, y are fractions of the window."""
    w, h = app.window.get_size()
    x, y = app.to_window(pos)
    return pygame.event.Event(kind, touch_id=1, finger_id=finger_id, x=x / w, y=y / h, dx=0.0, dy=0.0,
                              pressure=1.0)


def mouse(kind, app, pos, touch):
    return pygame.event.Event(kind, pos=app.to_window(pos), button=1, touch=touch)


def windows_touch(app, pos, echo_first=False) -> list:
    """One finger tap as Windows may send it: the finger, SDL's mouse events for it (touch True)
    and, as the finger lifts, the system's emulated click (touch False), or that click first."""
    sdl = [mouse(pygame.MOUSEBUTTONDOWN, app, pos, True), mouse(pygame.MOUSEBUTTONUP, app, pos, True)]
    system = [mouse(pygame.MOUSEBUTTONDOWN, app, pos, False), mouse(pygame.MOUSEBUTTONUP, app, pos, False)]
    first, second = (system, sdl) if echo_first else (sdl, system)
    return [finger(pygame.FINGERDOWN, app, pos), first[0], finger(pygame.FINGERUP, app, pos), first[1],
            *second]


def keyboard_app(tmp_path):
    app = make_app(tmp_path, lang="en")
    tap_button(app, "game:knights")
    tap_button(app, "name:0")
    app.guard_until = 0.0
    return app


def post_frames(app, events, frames: int = 3) -> None:
    for event in events:
        pygame.event.post(event)
    for _ in range(frames):
        app.frame(FRAME)


@pytest.mark.parametrize("echo_first", [False, True], ids=["echo after", "echo before"])
def test_one_finger_tap_on_windows_types_one_letter(tmp_path, echo_first):
    app = keyboard_app(tmp_path)
    key = app.top.button("key:A").rect.center     # a key takes every tap: no double-tap guard
    post_frames(app, windows_touch(app, key, echo_first))
    assert app.top.name == "A"


def test_the_systems_click_coming_a_little_after_the_finger_lifted_is_the_same_tap(tmp_path):
    app = keyboard_app(tmp_path)
    key = app.top.button("key:A").rect.center
    events = windows_touch(app, key)
    post_frames(app, events[:4], frames=1)
    app.frame(0.3)                                  # Windows sends its click as the finger lifts
    post_frames(app, events[4:])
    assert app.top.name == "A"


def test_two_taps_of_a_finger_type_two_letters_and_a_mouse_click_after_a_touch_counts(tmp_path):
    app = keyboard_app(tmp_path)
    key = app.top.button("key:A").rect.center
    post_frames(app, windows_touch(app, key))
    app.frame(0.2)
    post_frames(app, windows_touch(app, key))
    assert app.top.name == "Aa"
    app.frame(1.0)                                  # the finger is long gone: this is the mouse
    post_frames(app, [mouse(pygame.MOUSEBUTTONDOWN, app, key, False), mouse(pygame.MOUSEBUTTONUP, app, key, False)])
    assert app.top.name == "Aaa"


def test_a_touch_that_sends_only_the_systems_click_is_taken(tmp_path):
    app = keyboard_app(tmp_path)
    key = app.top.button("key:B").rect.center
    post_frames(app, [finger(pygame.FINGERDOWN, app, key), finger(pygame.FINGERUP, app, key),
                      mouse(pygame.MOUSEBUTTONDOWN, app, key, False), mouse(pygame.MOUSEBUTTONUP, app, key, False)])
    assert app.top.name == "B"


# -- Windows' display scaling -------------------------------------------------------------------------
def run_python(code: str, env: dict, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=timeout)


def clean_env(tmp_path, **extra) -> dict:
    env = {k: v for k, v in os.environ.items()
           if k not in ("SDL_WINDOWS_DPI_AWARENESS", "SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY")}
    env.update(KIDGAMES_HOME=str(tmp_path), SDL_AUDIODRIVER="dummy", **extra)
    return env


DPI_AT_INIT = """
import os, pygame
seen = []
real_init = pygame.display.init
def init():
    seen.append(os.environ.get("SDL_WINDOWS_DPI_AWARENESS"))
    return real_init()
pygame.display.init = init
from kidgames.games import GAMES
from kidgames.ui.app import App
App(GAMES, mute=True)
print(seen[0])
"""


def test_the_app_declares_itself_dpi_aware_before_the_display_opens(tmp_path):
    done = run_python(DPI_AT_INIT, clean_env(tmp_path, SDL_VIDEODRIVER="dummy"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[-1] == "permonitorv2"


def test_a_dpi_awareness_the_user_set_is_kept(tmp_path):
    done = run_python(DPI_AT_INIT, clean_env(tmp_path, SDL_VIDEODRIVER="dummy", SDL_WINDOWS_DPI_AWARENESS="system"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[-1] == "system"


# -- no screen ------------------------------------------------------------------------------------------
def test_without_a_screen_the_app_says_so_and_exits_2(tmp_path):
    """No X server and no driver chosen: SDL would pick its offscreen driver by itself and the app
    would run on for ever with no window."""
    try:
        done = subprocess.run([sys.executable, "-m", "kidgames", "--mute"], cwd=ROOT, env=clean_env(tmp_path),
                              capture_output=True, text=True, timeout=30)
    except subprocess.TimeoutExpired:
        pytest.fail("without a screen the app ran on with no window")
    assert done.returncode == 2
    assert "no screen was found" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_driver_chosen_on_purpose_is_used(tmp_path):
    code = ("from kidgames.games import GAMES\nfrom kidgames.ui.app import App\nimport pygame\n"
            "App(GAMES, mute=True)\nprint(pygame.display.get_driver())")
    for driver in ("offscreen", "dummy"):
        done = run_python(code, clean_env(tmp_path, SDL_VIDEODRIVER=driver))
        assert done.returncode == 0, done.stderr
        assert done.stdout.split()[-1] == driver


# -- a small screen is filled -------------------------------------------------------------------------
@pytest.mark.parametrize("desk, full", [((1024, 768), True), ((800, 600), True), ((1280, 720), True),
                                        ((1280, 800), False), ((1366, 768), False), ((1920, 1080), False)])
def test_a_screen_of_1024x768_or_smaller_is_filled_and_a_larger_one_gets_a_window(desk, full):
    from kidgames.ui.window import CANVAS, opens_full_screen, windowed_size
    assert opens_full_screen(desk) is full
    if not full:       # the window there shows the canvas at least as large as a full 1024x768 screen
        w, h = windowed_size(desk)
        assert min(w / CANVAS[0], h / CANVAS[1]) >= min(1024 / CANVAS[0], 768 / CANVAS[1])


def test_a_small_screen_opens_full_screen_until_the_family_chooses_a_window(tmp_path, monkeypatch):
    from kidgames.ui.app import App
    monkeypatch.setattr(App, "desktop_size", lambda self: (1024, 768))
    app = make_app(tmp_path)
    assert app.settings.fullscreen is True
    assert app.window.get_flags() & pygame.FULLSCREEN
    app.save_settings()
    from kidgames.core.settings import SettingsStore
    assert SettingsStore(tmp_path).load().fullscreen is None      # not chosen: not saved as chosen
    app.set_fullscreen(False)                                     # the settings screen, or F11
    assert SettingsStore(tmp_path).load().fullscreen is False
    again = make_app(tmp_path)
    assert again.settings.fullscreen is False


def test_a_large_screen_opens_a_window(tmp_path, monkeypatch):
    from kidgames.ui.app import App
    monkeypatch.setattr(App, "desktop_size", lambda self: (1920, 1080))
    app = make_app(tmp_path)
    assert app.settings.fullscreen is False
    assert not app.window.get_flags() & pygame.FULLSCREEN
