"""The app's window on the screen: how big it opens (a window that fits the desktop, or the whole
screen on a small one), where it stands, and the presenter that shows the logical canvas in it,
letterboxed (kidgames/ui/present.py).  The app's scenes, frame loop and settings are in
kidgames/ui/app.py; this module knows nothing of them."""
from __future__ import annotations

import os
import warnings

import pygame

from kidgames.ui.present import Presenter

CANVAS = (1600, 1000)
#: The smallest screen played on, full screen: every control is drawn at least 60 px there.
SMALL_SCREEN = (1024, 768)
#: The driver SDL falls back to by itself when it finds no screen (no X server, no Wayland).
OFFSCREEN = "offscreen"


def windowed_size(desk: tuple[int, int]) -> tuple[int, int]:
    """The window that fits a screen of ``desk`` with room for its frame and the task bar."""
    desk_w, desk_h = desk
    if desk_w >= CANVAS[0] + 40 and desk_h >= CANVAS[1] + 80:
        return CANVAS   # room for the canvas as it is: no scaling on every frame
    scale = min(1.0, desk_w * 0.94 / CANVAS[0], desk_h * 0.88 / CANVAS[1])
    return max(320, round(CANVAS[0] * scale)), max(200, round(CANVAS[1] * scale))


def opens_full_screen(desk: tuple[int, int] | None) -> bool:
    """Whether the app fills a screen of ``desk`` unless the family chose otherwise: where a window
    would show the canvas smaller than the whole of a 1024x768 screen does (on 1024x768 itself a
    window is 963x602), so that no control shrinks below its size there."""
    if desk is None:
        return False
    def scale(size) -> float:
        return min(size[0] / CANVAS[0], size[1] / CANVAS[1])
    return scale(windowed_size(desk)) < scale(SMALL_SCREEN)


class NoScreen(Exception):
    """There is no screen to open the app's window on (started over SSH, or with no X server)."""


def check_screen() -> None:
    """Raise :class:`NoScreen` when SDL found no screen: its display did not start, or it chose
    its offscreen driver by itself (a window nobody can see, the app running on for ever).  A
    driver somebody chose (the tests' dummy one, or offscreen on purpose) is theirs to use."""
    if os.environ.get("SDL_VIDEODRIVER"):
        return
    try:
        driver = pygame.display.get_driver() if pygame.display.get_init() else None
    except pygame.error:
        driver = None
    if driver is None or driver == OFFSCREEN:
        raise NoScreen("no screen was found to open the window on (is this a session over SSH, "
                       "or without a desktop?); start kidgames on the computer's own screen, "
                       "or set DISPLAY to one")


def desktop_size(asked: tuple[int, int] | None = None) -> tuple[int, int] | None:
    """The screen's size (None: a window size was ``asked`` for, or no real screen, as under the
    tests' dummy driver)."""
    if asked or os.environ.get("SDL_VIDEODRIVER") in ("dummy", OFFSCREEN):
        return None
    try:
        width, height = pygame.display.get_desktop_sizes()[0]
        return width, height
    except (pygame.error, IndexError):
        return None


class Window:
    """The window and the canvas in it: :meth:`open` it, :meth:`present` the canvas (or some areas
    of it); its ``presenter`` knows where the canvas shows (window positions to canvas points)."""

    def __init__(self, canvas_size: tuple[int, int] = CANVAS) -> None:
        self.presenter = Presenter(canvas_size)
        self.surface: pygame.Surface | None = None

    def open(self, fullscreen: bool, size: tuple[int, int]) -> None:
        """A resizable window of ``size``, or the whole screen.  The scaling is our own (not
        ``pygame.SCALED``), so it works the same with or without a graphics accelerator."""
        self.surface = self._opened(fullscreen, size)
        self.presenter.fit(self.surface.get_size())

    def _opened(self, fullscreen: bool, size: tuple[int, int]) -> pygame.Surface:
        try:
            if fullscreen:
                # Without a window manager nobody moves a window that was placed for windowed
                # play: the whole screen would start at its old corner and be cut off.
                self._place((0, 0))
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)   # "forcibly resized": mended below
                surface = pygame.display.set_mode(size, pygame.RESIZABLE)
            if surface.get_size() != size:
                # Leaving full screen without a window manager keeps the screen's size: ask again.
                self._place(None, size)
                surface = pygame.display.get_surface() or surface
            return surface
        except pygame.error:
            return pygame.display.set_mode(self.presenter.canvas_size)

    @staticmethod
    def _place(position: tuple[int, int] | None, size: tuple[int, int] | None = None) -> None:
        """Move (None: centre) and resize the open window, where the platform lets us."""
        try:
            with warnings.catch_warnings():
                # pygame-ce 2.5 deprecates this bridge to the display module's window, and has no
                # other way to move it.
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
            if size is not None:
                window.size = size
            if position is None:
                desk = pygame.display.get_desktop_sizes()[0]
                position = (max(0, (desk[0] - window.size[0]) // 2), max(0, (desk[1] - window.size[1]) // 2))
            window.position = position
        except (AttributeError, IndexError, pygame.error):
            pass

    def resized(self) -> None:
        """The window changed size or was shown again: the next present fits the canvas anew."""
        self.surface = pygame.display.get_surface() or self.surface
        self.presenter.window_size = None

    def present(self, canvas: pygame.Surface, areas: list[pygame.Rect] | None = None) -> bool:
        """Show ``canvas`` (or only ``areas`` of it) in the window; whether it was shown whole."""
        window = pygame.display.get_surface() or self.surface
        assert window is not None, "the window is opened before anything is shown"
        self.surface = window
        if window.get_size() != self.presenter.window_size:
            self.presenter.fit(window.get_size())
            areas = None
        touched = self.presenter.present(canvas, window, areas)
        if areas is None:
            pygame.display.flip()
        else:
            pygame.display.update(touched)
        return areas is None
