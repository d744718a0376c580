"""One path for mouse and touch: pygame events become pointer gestures in canvas coordinates.

A real touchscreen sends FINGER events *and* mouse events (``touch=True``) for the same touch; only
the mouse events are used, so every touch counts once.  Under ``pygame.SCALED`` their positions are
already in the logical canvas.

Windows may send one touch twice more: SDL's mouse events with ``touch=True`` and, as the finger
lifts, the system's own emulated mouse click with ``touch`` False (pygame-ce issue 1514).  While a
finger is on the screen and for :data:`TOUCH_ECHO` seconds after it lifted, the mouse events of the
other kind than the first one that pressed are that echo, and are dropped: each touch is one tap.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

TAP_SLOP = 24          # canvas pixels a finger may wander and still tap
LONG_PRESS = 0.7       # seconds


#: A tap this soon after another at about the same place is the second tap of a double tap.
DOUBLE_TAP = 0.45      # seconds
DOUBLE_TAP_SLOP = 40   # canvas pixels
#: Seconds after a finger lifted in which a mouse press of the other kind is the same touch's echo.
TOUCH_ECHO = 0.5
FINGER_EVENTS = (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION)


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
        self._fingers: set = set()          # the fingers on the screen now
        self._finger_seen: float | None = None     # when a finger was last on the screen (app clock)
        self._touch_by: bool | None = None  # the kind (touch flag) of the mouse events taken for it

    def reset(self) -> None:
        """Forget a press in progress (a new scene must not receive the end of an old tap)."""
        self._down_at = None
        self._dragging = False
        self._long_sent = False

    def feed(self, event: pygame.event.Event, now: float) -> list[Pointer]:
        touch = bool(getattr(event, "touch", False))
        if event.type in FINGER_EVENTS:
            self._follow_finger(event, now)
            return []   # their touch also arrives as mouse events, used once
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            return []
        if self._echo(event, touch, now):
            return []
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

    def _follow_finger(self, event: pygame.event.Event, now: float) -> None:
        finger = (getattr(event, "touch_id", 0), getattr(event, "finger_id", 0))
        if event.type == pygame.FINGERDOWN:
            if not self._fingers:
                self._touch_by = None          # a new touch: its mouse events are still to come
            self._fingers.add(finger)
        elif event.type == pygame.FINGERUP:
            self._fingers.discard(finger)
        self._finger_seen = now

    def _echo(self, event: pygame.event.Event, touch: bool, now: float) -> bool:
        """Whether this mouse event repeats a touch already taken through the other kind."""
        if not self._fingers and (self._finger_seen is None or now - self._finger_seen > TOUCH_ECHO):
            return False                        # no finger near: a mouse, or a touch told once
        if self._touch_by is None:
            if event.type != pygame.MOUSEBUTTONDOWN:
                return False
            self._touch_by = touch              # the first press of this touch: its kind is taken
        return touch != self._touch_by

    @property
    def fingers(self) -> int:
        """How many fingers are on the screen now (a mouse is none): a touchscreen's mouse events
        follow one finger only, so this alone tells that a second hand came down."""
        return len(self._fingers)

    def forget_fingers(self) -> None:
        """The window lost the focus: fingers lifted meanwhile are not told to it, so none is
        counted on the screen any longer (a finger counted for ever would keep the grown-up lock,
        which wants exactly one, shut)."""
        self._fingers.clear()

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
