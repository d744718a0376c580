"""The grown-up lock (kidgames/ui/grownup.py): closing the app and opening the settings need a 2 s
hold with exactly one finger (or the mouse), then a sum tapped right.  A tap, a 1 s hold, two
fingers, a sweep and a wrong answer never open it; the lock is a setting behind the lock; a kiosk
has no close button, ignores Escape and the window's close, and Shift+Ctrl+Escape asks the lock."""
import json
import random

import pygame
import pytest

from kidgames.core.settings import Settings, SettingsStore
from kidgames.ui.dialog import QuitQuestion
from kidgames.ui.grownup import HOLD_SECONDS, GrownupTask, HoldButton, new_task, pairs_making
from kidgames.ui.menu import MenuScene
from kidgames.ui.settings_scene import SettingsScene
from ui_driver import (FRAME, finger, hold, hold_button, later, lock_answer, make_app, run, tap, tap_button,
                       through_lock)


def opened(app) -> bool:
    """Whether anything the lock guards is open: its task, the settings or the question to close."""
    return any(isinstance(s, (GrownupTask, SettingsScene, QuitQuestion)) for s in app.stack)


@pytest.fixture
def app(tmp_path):
    return make_app(tmp_path)


# -- the lock is on by default, on both corner buttons ------------------------------------------------
def test_the_lock_is_on_by_default_and_both_corner_buttons_are_lock_buttons(app):
    assert Settings().grownup_lock and not Settings().kiosk
    assert isinstance(app.top.button("quit"), HoldButton)
    assert isinstance(app.top.button("settings"), HoldButton)


@pytest.mark.parametrize("name", ["quit", "settings"])
@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "touch"])
def test_a_tap_opens_nothing_and_says_a_grown_up_holds_it(app, name, touch):
    tap_button(app, name, touch=touch)
    run(app, 0.5)
    assert not opened(app) and app.running
    assert isinstance(app.top, MenuScene) and app.top.lock_hint is not None   # the words shown under it
    assert "lock.hold" in [key for key, _ in app.voice.said]                  # and said


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "touch"])
def test_a_one_second_hold_opens_nothing(app, touch):
    hold_button(app, "settings", seconds=1.0, touch=touch)
    hold_button(app, "quit", seconds=HOLD_SECONDS - 0.2, touch=touch)
    run(app, 3.0)
    assert not opened(app)


def test_the_ring_fills_while_held_on_the_apps_clock(app):
    button = app.top.button("settings")
    x, y = app.to_window(button.rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    app.frame(FRAME)
    run(app, 1.0)
    assert button.holding and 0.4 < button.progress < 0.6
    run(app, 0.6)
    assert 0.7 < button.progress < 0.9 and not opened(app)
    run(app, 0.5)
    assert isinstance(app.top, GrownupTask)          # full at 2 s: the task opens while still held
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1))
    run(app, 0.2)
    assert isinstance(app.top, GrownupTask)


def test_two_fingers_held_two_seconds_open_nothing(app):
    """A touchscreen's mouse events follow the first finger only: the second is seen as a finger."""
    button = app.top.button("quit")
    x, y = app.to_window(button.rect.center)
    finger(app, pygame.FINGERDOWN, button.rect.center, 0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=True))
    app.frame(FRAME)
    run(app, 0.3)
    finger(app, pygame.FINGERDOWN, (800, 600), 1)       # the other hand, anywhere
    run(app, 3.0)
    assert not opened(app)
    finger(app, pygame.FINGERUP, (800, 600), 1)          # the second hand lifts, the first stays
    run(app, 3.0)
    assert not opened(app)
    finger(app, pygame.FINGERUP, button.rect.center, 0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1, touch=True))
    run(app, 0.5)
    assert not opened(app)


def test_two_fingers_down_together_open_nothing(app):
    button = app.top.button("settings")
    x, y = app.to_window(button.rect.center)
    finger(app, pygame.FINGERDOWN, (900, 500), 1)
    finger(app, pygame.FINGERDOWN, button.rect.center, 0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=True))
    run(app, 3.0)
    assert not opened(app)


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "touch"])
def test_a_sweep_of_hands_opens_nothing(app, touch):
    """A hand pressing on the button and sliding off, or sliding over it from elsewhere."""
    button = app.top.button("quit")
    start = button.rect.center
    x, y = app.to_window(start)
    if touch:
        finger(app, pygame.FINGERDOWN, start)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=touch))
    app.frame(FRAME)
    for step in range(1, 40):                             # the hand sweeps on across the screen
        pos = app.to_window((start[0] + step * 30, start[1] + step * 10))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(30, 10), buttons=(1, 0, 0),
                                             touch=touch))
        app.frame(0.1)
    run(app, 1.0)
    assert not opened(app)
    # from the far side of the screen over the settings button, staying on it
    other = app.top.button("settings").rect.center
    x, y = app.to_window((other[0] - 400, other[1] + 300))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=touch))
    for step in range(1, 11):
        pos = app.to_window((other[0] - 400 + step * 40, other[1] + 300 - step * 30))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(40, -30), buttons=(1, 0, 0),
                                             touch=touch))
        app.frame(FRAME)
    run(app, 3.0)
    assert not opened(app)


@pytest.mark.parametrize("name", ["quit", "settings"])
def test_a_wrong_answer_opens_nothing_and_closes_the_task(app, name):
    hold_button(app, name)
    task = app.top
    assert isinstance(task, GrownupTask)
    for number in lock_answer(task, right=False):
        later(app, 0.6)
        tap_button(app, number)
    run(app, 0.5)
    assert not opened(app) and isinstance(app.top, MenuScene) and app.running


def test_the_task_closes_with_its_cross_and_with_escape(app):
    hold_button(app, "settings")
    tap_button(app, "close")
    assert not opened(app)
    hold_button(app, "settings")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    run(app, 0.2)
    assert not opened(app)


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "touch"])
def test_a_two_second_hold_and_the_right_sum_open_the_settings(app, touch):
    through_lock(app, "settings", touch=touch)
    assert isinstance(app.top, SettingsScene)


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "touch"])
def test_a_two_second_hold_and_the_right_sum_ask_to_close_and_close(app, touch):
    through_lock(app, "quit", touch=touch)
    assert isinstance(app.top, QuitQuestion)
    tap_button(app, "yes", touch=touch)
    assert not app.running


def test_the_task_is_new_each_time_and_shown_as_a_sum_of_two_of_six_numbers(app):
    seen = set()
    for _ in range(6):
        hold_button(app, "settings")
        task = app.top
        assert len(task.numbers) == 6 and len(set(task.numbers)) == 6
        assert len(pairs_making(task.target, task.numbers)) == 1       # exactly one right pair
        assert task.target >= 22                                        # no sum of a child's fingers
        seen.add((task.target, tuple(task.numbers)))
        tap_button(app, "close")
    assert len(seen) == 6
    rng = random.Random(5)
    for _ in range(300):
        target, numbers = new_task(rng)
        assert len(pairs_making(target, numbers)) == 1


def test_a_tapped_number_is_taken_back_by_a_second_tap(app):
    hold_button(app, "settings")
    first, second = lock_answer(app.top)
    wrong = next(b.name for b in app.top.buttons if b.name.startswith("number:") and b.name not in (first, second))
    tap_button(app, wrong)
    assert app.top.button(wrong).selected
    later(app, 0.6)
    tap_button(app, wrong)
    assert not app.top.button(wrong).selected
    for name in (first, second):
        later(app, 0.6)
        tap_button(app, name)
    assert isinstance(app.top, SettingsScene)


def test_the_task_is_spoken(app):
    hold_button(app, "settings")
    assert "lock.task" in [key for key, _ in app.voice.said]


# -- the lock is a setting behind the lock --------------------------------------------------------------
def test_the_lock_turned_off_in_the_settings_lets_the_buttons_tap_as_before(tmp_path):
    app = make_app(tmp_path)
    through_lock(app, "settings")
    tap_button(app, "lock")
    tap_button(app, "done")
    assert json.loads((tmp_path / "settings.json").read_text())["grownup_lock"] is False
    tap_button(app, "settings")
    assert isinstance(app.top, SettingsScene)
    tap_button(app, "done")
    tap_button(app, "quit")
    assert isinstance(app.top, QuitQuestion)
    tap_button(app, "no")
    # a new run remembers it
    app2 = make_app(tmp_path)
    tap_button(app2, "settings")
    assert isinstance(app2.top, SettingsScene)
    tap_button(app2, "lock")          # and on again
    tap_button(app2, "done")
    tap_button(app2, "settings")
    assert not opened(app2)


@pytest.mark.parametrize("value", ["no", 0, 1, None, [], {"x": 1}, "true"])
def test_a_damaged_lock_or_kiosk_setting_is_ignored(tmp_path, value):
    (tmp_path / "settings.json").write_text(json.dumps({"lang": "de", "grownup_lock": value, "kiosk": value}))
    settings = SettingsStore(tmp_path).load()
    assert settings.grownup_lock is True and settings.kiosk is False and settings.lang == "de"


# -- the kiosk ----------------------------------------------------------------------------------------------
def kiosk_app(tmp_path):
    return make_app(tmp_path, kiosk=True)


def test_a_kiosk_has_no_close_button_and_ignores_escape_and_the_windows_close(tmp_path):
    app = kiosk_app(tmp_path)
    assert app.top.button("quit") is None and app.top.button("settings") is not None
    for event in (pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""),
                  pygame.event.Event(pygame.WINDOWCLOSE), pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE,
                                                                             mod=pygame.KMOD_CTRL, unicode="")):
        pygame.event.post(event)
        run(app, 0.3)
        assert app.running and not opened(app) and isinstance(app.top, MenuScene)
    # in a game too: its own "Back to the menu?" stays open to children, nothing closes the app
    tap_button(app, "game:knights")
    tap_button(app, "kind:1")
    tap_button(app, "start")
    run(app, 1.0)
    pygame.event.post(pygame.event.Event(pygame.WINDOWCLOSE))
    run(app, 0.3)
    assert app.running and not opened(app)


def test_in_a_kiosk_shift_ctrl_escape_asks_the_lock_and_then_closes(tmp_path):
    app = kiosk_app(tmp_path)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE,
                                         mod=pygame.KMOD_LSHIFT | pygame.KMOD_LCTRL, unicode=""))
    run(app, 0.3)
    task = app.top
    assert isinstance(task, GrownupTask) and app.running
    for number in lock_answer(task):
        later(app, 0.6)
        tap_button(app, number)
    assert isinstance(app.top, QuitQuestion)
    tap_button(app, "yes")
    assert not app.running


def test_the_kiosk_is_a_setting_too_and_the_command_line_kiosk_is_for_this_run(tmp_path):
    app = kiosk_app(tmp_path)
    through_lock(app, "settings")
    assert app.top.button("kiosk").text.endswith(app.t("settings.on"))
    tap_button(app, "done")
    assert SettingsStore(tmp_path).load().kiosk is False       # --kiosk was for this run only
    app2 = make_app(tmp_path)
    assert app2.top.button("quit") is not None
    through_lock(app2, "settings")
    tap_button(app2, "kiosk")
    tap_button(app2, "done")
    assert app2.top.button("quit") is None
    assert json.loads((tmp_path / "settings.json").read_text())["kiosk"] is True
    app3 = make_app(tmp_path)
    pygame.event.post(pygame.event.Event(pygame.WINDOWCLOSE))
    run(app3, 0.3)
    assert app3.running and app3.top.button("quit") is None


def test_the_command_line_has_kiosk(tmp_path, monkeypatch):
    from kidgames.cli import build_parser
    from kidgames.games import GAMES
    assert build_parser(GAMES).parse_args(["--kiosk"]).kiosk is True
    assert build_parser(GAMES).parse_args([]).kiosk is False


def test_every_close_through_the_lock_saves_first(tmp_path):
    """A game in progress, the chord, the sum, yes: the loop ends and the app's close writes the save."""
    app = make_app(tmp_path)
    tap_button(app, "game:knights")
    tap_button(app, "kind:1")
    tap_button(app, "start")
    run(app, 1.0)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE,
                                         mod=pygame.KMOD_SHIFT | pygame.KMOD_CTRL, unicode=""))
    run(app, 0.3)
    for number in lock_answer(app.top):
        later(app, 0.6)
        tap_button(app, number)
    tap_button(app, "yes")
    assert not app.running
    app.close()
    assert app.saves.exists("knights")


def test_a_finger_whose_lift_was_lost_with_the_focus_does_not_keep_the_lock_shut(app):
    finger(app, pygame.FINGERDOWN, (800, 600), 3)       # its FINGERUP went to another window
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    run(app, 0.2)
    through_lock(app, "settings", touch=True)
    assert isinstance(app.top, SettingsScene)


def test_a_kiosk_with_the_lock_off_asks_to_close_at_shift_ctrl_escape(tmp_path):
    app = kiosk_app(tmp_path)
    app.settings.grownup_lock = False
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE,
                                         mod=pygame.KMOD_RSHIFT | pygame.KMOD_RCTRL, unicode=""))
    run(app, 0.3)
    assert isinstance(app.top, QuitQuestion) and app.running
    tap_button(app, "yes")
    assert not app.running
