"""Drive the real app headless with posted mouse events, as a person would tap."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from kidgames.games import GAMES  # noqa: E402
from kidgames.ui.app import App  # noqa: E402
from kidgames.ui.menu import MenuScene  # noqa: E402

FRAME = 1 / 60


def make_app(home, lang="en", speed="fast", **kw) -> App:
    """The app as a test drives it: its clock steps with the frames (``app.frame(dt)``), so a test
    passes time by running frames, never by sleeping."""
    from kidgames.core.settings import SettingsStore
    from kidgames.core.clock import SteppedTime
    settings = SettingsStore(home).load()
    settings.lang, settings.speed = lang, speed
    kw.setdefault("time_source", SteppedTime())
    app = App(GAMES, settings=settings, home=home, mute=True, **kw)
    app.reset_to(MenuScene(app))
    app.guard_until = 0.0
    app.frame(0.0)
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
