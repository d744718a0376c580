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
from ui_driver import FRAME, later, make_app, run, tap_button

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
    tap_button(menu_app, "quit")
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


def test_the_menu_button_still_asks(tmp_path):
    app = make_app(tmp_path)
    tap_button(app, "quit")
    assert len(quit_questions(app)) == 1
    tap_button(app, "no")
    assert isinstance(app.top, MenuScene) and app.running
