"""A hidden hook for tests of a whole program (the built app, the launchers' command), real and small.

``KIDGAMES_QUIT_AFTER_FRAMES=N`` makes the app run exactly ``N`` frames of stepped time
(:class:`~kidgames.core.clock.SteppedTime`, the clock the UI tests use), each frame ``1/60`` s, and
then close as its window's close would: the last move's save reaches the disk (``App.close``).  With
computer players on every seat and ``--seed``, a game started from the command line plays the same
moves every time, at the speed the processor allows (no frame waits for the real clock).
``KIDGAMES_SCREENSHOT=FILE.png`` saves the canvas the last frame drew, so a person can look at what
the program showed.  Without ``KIDGAMES_QUIT_AFTER_FRAMES`` nothing here is used: the app runs on the
real clock until it is closed.  Not a player's option (``--help`` does not list it)."""
from __future__ import annotations

import os

from kidgames.core.clock import SteppedTime

FRAMES = "KIDGAMES_QUIT_AFTER_FRAMES"
SCREENSHOT = "KIDGAMES_SCREENSHOT"
FRAME_DT = 1 / 60


def frame_limit() -> int | None:
    """The number of frames asked for, or None (the app runs as usual)."""
    text = os.environ.get(FRAMES, "").strip()
    if not text:
        return None
    try:
        frames = int(text)
    except ValueError:
        raise SystemExit(f"kidgames: error: {FRAMES}={text!r} is not a number of frames") from None
    return max(0, frames)


def time_source() -> SteppedTime | None:
    """The app's clock for this run: stepped time under a frame limit, else None (the real clock)."""
    return SteppedTime() if frame_limit() is not None else None


def run_frames(app, frames: int) -> int:
    """Run ``frames`` frames of ``app`` on its stepped clock (fewer if the app is closed), save the
    canvas where :data:`SCREENSHOT` says, and return the number of frames run."""
    import pygame
    done = 0
    while done < frames and app.running:
        app.frame(FRAME_DT)
        done += 1
    shot = os.environ.get(SCREENSHOT)
    if shot:
        app.draw()        # the whole canvas, as a full redraw shows it
        pygame.image.save(app.screen, shot)
    return done
