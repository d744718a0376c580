"""Animation: easing functions and a queue that plays steps one after another.

The rules state is final at once; animation only catches up.  A step is a duration and a function
of eased progress 0..1; ``skip()`` jumps the queued steps to their end (tap to skip ahead), but never
past a *hold* step: a secret shown to one person, or a curtain waiting for that person's tap.  A stray
tap must not open and hide a secret at once (design.md, "Hot-seat and hidden information").
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable


def linear(t: float) -> float:
    return t


def ease_in_out(t: float) -> float:
    return 0.5 - 0.5 * math.cos(math.pi * t)


def ease_out_back(t: float) -> float:
    c = 1.70158
    return 1 + (c + 1) * (t - 1) ** 3 + c * (t - 1) ** 2


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def arc(a, b, t: float, height: float) -> tuple[float, float]:
    """The point ``t`` (0..1) of the way from point ``a`` to point ``b`` along an arc ``height`` high."""
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t - math.sin(math.pi * t) * height


@dataclass
class AnimStep:
    duration: float | None
    update: Callable[[float], None] = lambda t: None
    start: Callable[[], None] | None = None
    end: Callable[[], None] | None = None
    easing: Callable[[float], float] = linear
    elapsed: float = 0.0
    started: bool = False
    # A hold step stops skip(), ends only by release() or its time, and counts real seconds (a
    # secret stays as long on screen at every animation speed); None: until released.
    hold: bool = False
    shown: float = 0.0      # real seconds since a hold step began

    @property
    def timed_out(self) -> bool:
        return self.hold and self.duration is not None and self.shown >= self.duration

    def begin(self) -> None:
        if not self.started:
            self.started = True
            if self.start:
                self.start()

    def finish(self) -> None:
        self.begin()
        if not self.hold:
            self.update(self.easing(1.0))
        if self.end:
            self.end()


@dataclass
class AnimQueue:
    """Steps played in order at ``speed`` (the animation-speed setting)."""

    speed: float = 1.0
    steps: list[AnimStep] = field(default_factory=list)
    skipping: bool = False   # true while skip() runs: sounds stay quiet then

    @property
    def busy(self) -> bool:
        return bool(self.steps)

    def add(self, duration: float, update: Callable[[float], None] = lambda t: None, *,
            start: Callable[[], None] | None = None, end: Callable[[], None] | None = None,
            easing: Callable[[float], float] = linear, at: int | None = None) -> None:
        """A step at the end of the queue, or at place ``at`` (0: next)."""
        step = AnimStep(max(0.0, duration), update, start, end, easing)
        self.steps.insert(len(self.steps) if at is None else at, step)

    def call(self, fn: Callable[[], None]) -> None:
        """An instant step (a sound, a state change of the picture)."""
        self.add(0.0, start=fn)

    def wait(self, duration: float) -> None:
        self.add(duration)

    def hold(self, duration: float | None, *, start: Callable[[], None] | None = None,
             end: Callable[[], None] | None = None, at: int | None = None) -> AnimStep:
        """A step that skip() does not pass: it lasts until :meth:`release` or ``duration`` real
        seconds (None: until released).  It goes at the end of the queue, or at place ``at``."""
        step = AnimStep(duration, start=start, end=end, hold=True)
        self.steps.insert(len(self.steps) if at is None else at, step)
        return step

    def drop(self, step: AnimStep) -> None:
        """Take ``step`` out of the queue, begun or not, without its end (a wait nobody needs now)."""
        if step in self.steps:
            self.steps.remove(step)

    @property
    def holding(self) -> AnimStep | None:
        """The hold step on screen now (it has begun and waits), if any."""
        if self.steps and self.steps[0].hold and self.steps[0].started:
            return self.steps[0]
        return None

    def release(self, min_shown: float = 0.0) -> bool:
        """End the hold step on screen if it has been there ``min_shown`` real seconds (the second
        tap of the double tap that opened it does not end it); True if it ended."""
        step = self.holding
        if step is None or step.shown < min_shown:
            return False
        self.steps.pop(0)
        step.finish()
        return True

    def wake_in(self) -> float | None:
        """Real seconds until the queue has something to show by itself (None: it waits for a tap)."""
        if not self.steps:
            return None
        step = self.steps[0]
        if not step.hold or not step.started:
            return 0.0
        if step.duration is None:
            return None
        return max(0.0, step.duration - step.shown)

    def update(self, dt: float) -> bool:
        """Advance by ``dt`` seconds; True when the picture changed (a step moved, began or ended).
        A hold step that only waits changes nothing: False."""
        real = dt
        dt *= self.speed
        changed = False
        while self.steps:
            step = self.steps[0]
            if step.hold:
                if not step.started:
                    step.begin()
                    return True
                step.shown += real
                real = 0.0
                if not step.timed_out:
                    return changed
                self.steps.pop(0)
                step.finish()
                changed = True
                dt = 0.0
                continue
            changed = True
            step.begin()
            step.elapsed += dt
            duration = step.duration
            assert duration is not None     # only a hold may last until it is released
            if step.elapsed < duration:
                step.update(step.easing(step.elapsed / duration))
                return True
            dt = step.elapsed - duration
            self.steps.pop(0)
            step.finish()
            if dt <= 0:
                return True
        return changed

    def skip(self, begin_hold: bool = True) -> None:
        """Finish every step up to the first hold step, which begins and stays (or, without
        ``begin_hold``, begins when its turn comes: a step put first after the skip goes before it)."""
        self.skipping = True
        try:
            while self.steps and not self.steps[0].hold:
                self.steps.pop(0).finish()
        finally:
            self.skipping = False
        if self.steps and begin_hold:
            self.steps[0].begin()
