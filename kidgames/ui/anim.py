"""Animation: easing functions and a queue that plays steps one after another.

The rules state is final at once; animation only catches up.  A step is a duration and a function
of eased progress 0..1; ``skip()`` jumps every queued step to its end (tap to skip ahead).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable


def linear(t: float) -> float:
    return t


def ease_out_quad(t: float) -> float:
    return 1 - (1 - t) * (1 - t)


def ease_in_out(t: float) -> float:
    return 0.5 - 0.5 * math.cos(math.pi * t)


def ease_out_back(t: float) -> float:
    c = 1.70158
    return 1 + (c + 1) * (t - 1) ** 3 + c * (t - 1) ** 2


def ease_out_bounce(t: float) -> float:
    n, d = 7.5625, 2.75
    if t < 1 / d:
        return n * t * t
    if t < 2 / d:
        t -= 1.5 / d
        return n * t * t + 0.75
    if t < 2.5 / d:
        t -= 2.25 / d
        return n * t * t + 0.9375
    t -= 2.625 / d
    return n * t * t + 0.984375


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp_point(a, b, t: float) -> tuple[float, float]:
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


@dataclass
class Step:
    duration: float
    update: Callable[[float], None] = lambda t: None
    start: Callable[[], None] | None = None
    end: Callable[[], None] | None = None
    easing: Callable[[float], float] = linear
    elapsed: float = 0.0
    started: bool = False

    def begin(self) -> None:
        if not self.started:
            self.started = True
            if self.start:
                self.start()

    def finish(self) -> None:
        self.begin()
        self.update(self.easing(1.0))
        if self.end:
            self.end()


@dataclass
class AnimQueue:
    """Steps played in order at ``speed`` (the animation-speed setting)."""

    speed: float = 1.0
    steps: list[Step] = field(default_factory=list)
    skipping: bool = False   # true while skip() runs: sounds stay quiet then

    @property
    def busy(self) -> bool:
        return bool(self.steps)

    def add(self, duration: float, update: Callable[[float], None] = lambda t: None, *,
            start: Callable[[], None] | None = None, end: Callable[[], None] | None = None,
            easing: Callable[[float], float] = linear) -> None:
        self.steps.append(Step(max(0.0, duration), update, start, end, easing))

    def call(self, fn: Callable[[], None]) -> None:
        """An instant step (a sound, a state change of the picture)."""
        self.add(0.0, start=fn)

    def wait(self, duration: float) -> None:
        self.add(duration)

    def update(self, dt: float) -> bool:
        """Advance by ``dt`` seconds; returns True while something is playing."""
        dt *= self.speed
        while self.steps:
            step = self.steps[0]
            step.begin()
            step.elapsed += dt
            if step.elapsed < step.duration:
                step.update(step.easing(step.elapsed / step.duration))
                return True
            dt = step.elapsed - step.duration
            self.steps.pop(0)
            step.finish()
            if dt <= 0:
                return True
        return False

    def skip(self) -> None:
        self.skipping = True
        try:
            while self.steps:
                self.steps.pop(0).finish()
        finally:
            self.skipping = False
