"""One path for mouse and touch: pygame events become pointer gestures in canvas coordinates.

A real touchscreen sends FINGER events *and* mouse events (``touch=True``) for the same touch; only
the mouse events are used, so every touch counts once.  Under ``pygame.SCALED`` their positions are
already in the logical canvas.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

TAP_SLOP = 24          # canvas pixels a finger may wander and still tap
LONG_PRESS = 0.7       # seconds


#: A tap this soon after another at about the same place is the second tap of a double tap.
DOUBLE_TAP = 0.45      # seconds
DOUBLE_TAP_SLOP = 40   # canvas pixels


@dataclass(frozen=True)
class Pointer:
    """``kind`` is down, up, tap, long, drag or move; ``start`` is where the press began; ``at``
    when it happened (the app's clock); for a tap, ``since`` is the seconds since the tap before it
    when that one was at about the same place (None: none was)."""

    kind: str
    pos: tuple[int, int]
    start: tuple[int, int] | None = None
    touch: bool = False
    at: float = 0.0
    since: float | None = None

    def repeats(self, within: float = DOUBLE_TAP) -> bool:
        """Whether this tap is the second of a double tap: the same place, within ``within`` s.
        This is the one guard against a child's double tap: buttons, the table's taps and a tap
        that would skip an animation all ask it."""
        return self.kind == "tap" and self.since is not None and self.since < within


class PointerInput:
    def __init__(self, to_canvas=lambda pos: pos) -> None:
        self.to_canvas = to_canvas
        self._down_at: tuple[int, int] | None = None
        self._down_time = 0.0
        self._last_tap: tuple[float, tuple[int, int]] | None = None
        self._dragging = False
        self._long_sent = False

    def reset(self) -> None:
        """Forget a press in progress (a new scene must not receive the end of an old tap)."""
        self._down_at = None
        self._dragging = False
        self._long_sent = False

    def feed(self, event: pygame.event.Event, now: float) -> list[Pointer]:
        touch = bool(getattr(event, "touch", False))
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            return []   # finger events too: their touch also arrives as mouse events, used once
        pos = self.to_canvas(_pos(event))
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            self._down_at, self._down_time = pos, now
            self._dragging = self._long_sent = False
            return [Pointer("down", pos, pos, touch, now)]
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            start = self._down_at
            self.reset()
            if start is None:
                return []   # the press began before this scene: ignore its end
            out = [Pointer("up", pos, start, touch, now)]
            if _near(pos, start):
                last = self._last_tap
                since = None
                if last is not None and abs(pos[0] - last[1][0]) <= DOUBLE_TAP_SLOP \
                        and abs(pos[1] - last[1][1]) <= DOUBLE_TAP_SLOP:
                    since = now - last[0]
                self._last_tap = (now, pos)
                out.append(Pointer("tap", pos, start, touch, now, since))
            return out
        if event.type == pygame.MOUSEMOTION:
            if self._down_at is not None and (self._dragging or not _near(pos, self._down_at)):
                self._dragging = True
                return [Pointer("drag", pos, self._down_at, touch, now)]
            return [Pointer("move", pos, None, touch, now)]
        return []

    def held_for(self, now: float) -> float | None:
        """Seconds the pointer has been held still, while a long press may still come."""
        if self._down_at is None or self._dragging or self._long_sent:
            return None
        return now - self._down_time

    def poll_long_press(self, now: float) -> list[Pointer]:
        if self._down_at is not None and not self._dragging and not self._long_sent \
                and now - self._down_time >= LONG_PRESS:
            self._long_sent = True
            return [Pointer("long", self._down_at, self._down_at, at=now)]
        return []


def _pos(event: pygame.event.Event) -> tuple[int, int]:
    pos = getattr(event, "pos", (0, 0))
    try:
        return int(pos[0]), int(pos[1])
    except (TypeError, ValueError, IndexError):
        return 0, 0


def _near(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return abs(a[0] - b[0]) <= TAP_SLOP and abs(a[1] - b[1]) <= TAP_SLOP
