"""Sleeping until something happens: the app waits for an event (or its next timer) instead of
waking 30 times a second to look.

pygame-ce's ``event.wait(timeout)`` polls every millisecond internally (about 2 % of a core while
idle), so where SDL can block on the window system itself (X11, Wayland, Windows, macOS) the app
calls SDL's own ``SDL_WaitEventTimeout`` through ctypes on the SDL library pygame already loaded.
Where that library cannot be found, or with the dummy and offscreen drivers (tests), the wait
sleeps in short slices and looks for events between them.
"""
from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path

import pygame

POLL_SLICE = 1 / 30     # seconds between looks when SDL cannot block for us
NO_BLOCKING_DRIVERS = ("dummy", "offscreen", "")


def _loaded_sdl_path() -> str | None:
    """The SDL 2 library this process has loaded (pygame's own copy, not some other one)."""
    if sys.platform.startswith("linux"):
        try:
            with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
                for line in maps:
                    path = line.rstrip("\n").split(" ")[-1]
                    # libSDL2-2.0.so.0, or a wheel's renamed copy libSDL2-2-<hash>.0.so.0.3200.10
                    if re.match(r"libSDL2-2[.-]", Path(path).name):
                        return path
        except OSError:
            return None
        return None
    base = Path(pygame.__file__).resolve().parent
    candidates = [base / "SDL2.dll"] if os.name == "nt" else sorted(base.glob(".dylibs/libSDL2*.dylib"))
    for candidate in candidates:
        if candidate.exists():
            return str(candidate)
    return None


def _sdl_wait():
    path = _loaded_sdl_path()
    if path is None:
        return None
    import ctypes
    try:
        library = ctypes.CDLL(path)
        wait = library.SDL_WaitEventTimeout
    except (OSError, AttributeError):
        return None
    wait.argtypes = (ctypes.c_void_p, ctypes.c_int)
    wait.restype = ctypes.c_int
    return wait


class EventWaiter:
    """``wait(seconds)`` returns when an event is queued or the time is up (events stay queued)."""

    def __init__(self) -> None:
        driver = (pygame.display.get_driver() if pygame.display.get_init() else "") or ""
        self._blocks = driver not in NO_BLOCKING_DRIVERS
        self._found = False

    @property
    def _sdl_wait(self):
        """SDL's ``SDL_WaitEventTimeout`` (None: the wait sleeps in slices), looked for at the first
        wait rather than at start (the process's library map read and the library loaded through
        ctypes, before the first frame had been shown)."""
        if not self._found:
            self._wait = _sdl_wait() if self._blocks else None
            self._found = True
        return self._wait

    def wait(self, seconds: float) -> None:
        if seconds <= 0:
            return
        if self._sdl_wait is not None:
            self._sdl_wait(None, max(1, int(seconds * 1000)))
            return
        end = time.monotonic() + seconds
        while not pygame.event.peek():
            left = end - time.monotonic()
            if left <= 0:
                return
            time.sleep(min(left, POLL_SLICE))
