"""Drive the real app headless with posted mouse events, as a person would tap."""
from __future__ import annotations

import os
import weakref
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from kidgames.games import GAMES  # noqa: E402
from kidgames.ui.app import App  # noqa: E402
from kidgames.ui.guide import unguided  # noqa: E402
from kidgames.ui.menu import MenuScene  # noqa: E402

FRAME = 1 / 60

#: The apps this driver made, by home: a later start in the same home waits for their pending saves,
#: as a family's next start comes after the last run's save is on disk (the app saves in the background).
_APPS: "weakref.WeakValueDictionary[int, App]" = weakref.WeakValueDictionary()


def make_app(home, lang="en", speed="fast", guided: bool = False, **kw) -> App:
    """The app as a test drives it: its clock steps with the frames (``app.frame(dt)``), so a test
    passes time by running frames, never by sleeping.  No game is guided (a first game on a fresh
    home would be: kidgames/ui/guide.py) unless ``guided``: the saved settings then say."""
    from kidgames.core.settings import SettingsStore
    from kidgames.core.clock import SteppedTime
    for earlier in list(_APPS.values()):
        if earlier.home is not None and home is not None and Path(earlier.home) == Path(home):
            earlier.saves.flush()
    settings = SettingsStore(home).load()
    settings.lang, settings.speed = lang, speed
    kw.setdefault("time_source", SteppedTime())
    app = App(GAMES, settings=settings, home=home, mute=True, **kw)
    if not guided:
        unguided(app)
    app.reset_to(MenuScene(app))
    app.guard_until = 0.0
    app.frame(0.0)
    _APPS[id(app)] = app
    return app


def tap(app: App, pos, touch: bool = False, frames: int = 1) -> None:
    """A press and release at ``pos`` (canvas coordinates, turned into the window's), then a few frames."""
    x, y = app.to_window(pos)
    app.guard_until = 0.0
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=touch))
    app.frame(FRAME)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1, touch=touch))
    for _ in range(frames):
        app.frame(FRAME)


def tap_button(app: App, name: str, touch: bool = False) -> None:
    button = app.top.button(name)
    assert button is not None, f"no button {name!r} on {type(app.top).__name__}: " \
                               f"{[b.name for b in app.top.buttons]}"
    tap(app, button.rect.center, touch=touch)


def start_knights_for_two_people(app: App, touch: bool = False):
    """Menu → the Knights tile → the second seat made a person → Play; returns the game scene."""
    tap_button(app, "game:knights", touch=touch)
    tap_button(app, "kind:1", touch=touch)
    tap_button(app, "start", touch=touch)
    return app.top


def later(app: App, seconds: float) -> None:
    """Let ``seconds`` pass on the app's clock without a frame (a person pausing before the next
    tap: a second tap at the same place this much later is no double tap)."""
    app.time.step(seconds)


def run(app: App, seconds: float) -> None:
    for _ in range(int(seconds / FRAME)):
        app.frame(FRAME)


def run_until(app: App, condition, seconds: float = 30.0) -> bool:
    for _ in range(int(seconds / FRAME)):
        if condition():
            return True
        app.frame(FRAME)
    return condition()


def screenshot(app: App, path) -> None:
    """Save what the window shows now, as a person would see it (never redrawn first: a redraw
    would hide a stale picture)."""
    pygame.image.save(pygame.display.get_surface(), str(path))


def state_of(scene):
    """The state behind a game scene's session, for a test that checks or builds a position (the
    scene itself never gets it: it draws views).  The session's view is made afresh after, so a
    position a test builds shows in the next view."""
    session = scene.session
    session._view = None
    return session._controller.state


def controller_of(scene):
    """The turn controller behind a game scene's session (its log, its computer), for tests."""
    scene.session._view = None
    return scene.session._controller


# -- the grown-up lock (kidgames/ui/grownup.py) --------------------------------------------------------
def finger(app: App, kind, pos, finger_id: int = 0) -> None:
    """Post a finger event at canvas ``pos`` (what a touchscreen sends beside its mouse events)."""
    x, y = app.to_window(pos)
    w, h = app.window.get_size()
    pygame.event.post(pygame.event.Event(kind, touch_id=1, finger_id=finger_id, x=x / w, y=y / h,
                                         dx=0.0, dy=0.0, pressure=1.0))


def hold(app: App, pos, seconds: float, touch: bool = False) -> None:
    """Press at canvas ``pos``, keep still for ``seconds`` on the app's clock (frames running), and
    lift; one finger (``touch``) or the mouse."""
    x, y = app.to_window(pos)
    app.guard_until = 0.0
    if touch:
        finger(app, pygame.FINGERDOWN, pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=touch))
    app.frame(FRAME)
    run(app, seconds)
    if touch:
        finger(app, pygame.FINGERUP, pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1, touch=touch))
    app.frame(FRAME)
    app.frame(FRAME)


def hold_button(app: App, name: str, seconds: float = 2.2, touch: bool = False) -> None:
    button = app.top.button(name)
    assert button is not None, f"no button {name!r} on {type(app.top).__name__}"
    hold(app, button.rect.center, seconds, touch=touch)


def lock_answer(scene, right: bool = True) -> tuple[str, str]:
    """The names of two of the task's number buttons: a pair whose numbers, as shown, make the sum
    shown (``right``), or a pair that does not."""
    numbers = [(b.name, int(b.text)) for b in scene.buttons if b.name.startswith("number:")]
    for i, (a, x) in enumerate(numbers):
        for b, y in numbers[i + 1:]:
            if (x + y == scene.target) == right:
                return a, b
    raise AssertionError("no such pair")


def through_lock(app: App, name: str, touch: bool = False) -> None:
    """A grown-up opens the menu's ``name`` (quit, settings): a 2 s hold, then the right sum."""
    from kidgames.ui.grownup import GrownupTask
    hold_button(app, name, touch=touch)
    assert isinstance(app.top, GrownupTask), type(app.top).__name__
    for number in lock_answer(app.top):
        later(app, 0.6)
        tap_button(app, number, touch=touch)


def without_lock(app: App) -> None:
    """The grown-up lock turned off (its setting), the menu laid out again: ✕ and ⚙ tap as before."""
    app.settings.grownup_lock = False
    for scene in app.stack:
        scene.layout()
