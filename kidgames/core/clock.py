"""The app's time, injected: the real clock, or a clock that tests step frame by frame.

Every guard that measures time (a double tap, a new scene's first moment, a long press) and the turn
controller, which times a computer's thinking, read the app's clock, so a test steps time with its
frames instead of sleeping; the sound mixer alone keeps to the real clock (it measures the silence
of a real device).  No pygame here: the controller in kidgames/core takes it too."""
from __future__ import annotations

import time


class RealTime:
    """Seconds on the machine's monotonic clock."""

    def now(self) -> float:
        return time.monotonic()

    def step(self, dt: float) -> None:
        """Real time passes by itself."""


class SteppedTime:
    """Time that passes only when stepped: by each frame's ``dt`` (the app steps it), or by a test."""

    def __init__(self, start: float = 1000.0) -> None:
        self.t = start

    def now(self) -> float:
        return self.t

    def step(self, dt: float) -> None:
        self.t += max(0.0, dt)
