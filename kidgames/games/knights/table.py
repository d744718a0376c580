"""Knights' part of the shared board table (kidgames/ui/board_table.py, :class:`BoardTablePart`):
the painted map and the big die.  The throw is the game's only decision: a tap on the die or the
space around it throws, a tap anywhere else makes the die hop at once to show where to tap, and
while a person thinks the die hops every few seconds (the scene's idle motion, kidgames/ui/pacing.py).
It reads the session's views through its scene and never the state; the scene animates the events."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from kidgames.ui.board_table import BOARD_RECT, SIDEBAR, BoardPart
from kidgames.ui.pieces import OVER_BUTTONS, Die

from .art import paint_board

if TYPE_CHECKING:
    from .scene import KnightsScene

DIE_CENTRE, DIE_SIZE = (1420, 800), 170
NUDGE_EVERY, NUDGE_TIME = 8.0, 0.6     # the waiting die hops for NUDGE_TIME every NUDGE_EVERY seconds,
NUDGE_FPS = 15                         # drawn at this rate (a child sees a hop; the CPU hardly notices)
NUDGE_AREA = pygame.Rect(DIE_CENTRE[0] - 128, DIE_CENTRE[1] - 188, 256, 300)   # the die, tumbling too
DIE_TARGET = pygame.Rect(SIDEBAR.x + 10, DIE_CENTRE[1] - 150, SIDEBAR.w - 20, 330)   # where a tap throws


class KnightsTable(BoardPart):
    """Knights' part of its board table: the map, and the die (``die``) with its hop."""

    def __init__(self, scene: KnightsScene) -> None:
        super().__init__(scene)
        view = scene.session.view()
        # the die and the knights lie over the side panel's edge
        self.die = Die(DIE_CENTRE, DIE_SIZE, scene.thrower_rim, area=NUDGE_AREA)
        self.die.layer = OVER_BUTTONS
        # a die waiting to be thrown shows no number (None); the last throw only when it is over
        self.die.value = view.table.last_roll if view.is_over else None
        self._idle_since: float | None = None      # scene time when a person began to think
        self._nudge_step = -1

    def render_board(self) -> pygame.Surface:
        scene = self.scene
        return paint_board(scene.board, scene.app.screen.get_size(), BOARD_RECT, scene.to_canvas, scene.app.assets,
                           scene.t("knights.start"))

    def tap(self, pos) -> None:
        """The die and the space around it throw (a big target); a tap anywhere else only makes
        the die hop at once, to show where to tap."""
        if DIE_TARGET.collidepoint(pos):
            self.scene.roll()
        elif self._idle_since is not None:
            self._idle_since = self.scene.time - (NUDGE_EVERY - NUDGE_TIME)
            self._nudge_step = -2

    def idle_animation(self) -> bool:
        """Every few seconds the die hops a little to invite a tap.  Only the die's corner of the
        canvas is redrawn for it, so a game waiting for a child costs almost nothing."""
        scene = self.scene
        if not scene.person_can_act():
            self._idle_since = None
            return False
        if self._idle_since is None:
            self._idle_since = scene.time
        phase = (scene.time - self._idle_since) % NUDGE_EVERY - (NUDGE_EVERY - NUDGE_TIME)
        step = int(phase * NUDGE_FPS) if phase >= 0 else -1
        if step != self._nudge_step:
            self._nudge_step = step
            t = max(0.0, min(1.0, step / (NUDGE_TIME * NUDGE_FPS)))
            self.die.jump = abs(math.sin(t * math.pi * 2)) * 16
            self.die.pulse = 1 + 0.06 * math.sin(t * math.pi * 2)
            scene.app.invalidate(NUDGE_AREA)
        return False

    def idle_wake_in(self) -> float | None:
        """Seconds until the die's next hop, or its hop's next picture."""
        if self._idle_since is None:
            return None
        phase = (self.scene.time - self._idle_since) % NUDGE_EVERY - (NUDGE_EVERY - NUDGE_TIME)
        if phase < 0:
            return -phase
        return max(0.0, (int(phase * NUDGE_FPS) + 1) / NUDGE_FPS - phase)
