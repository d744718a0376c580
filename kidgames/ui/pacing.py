"""What a game scene's game does by itself, and when (kidgames/ui/game.py): once nothing moves on
the table, the results when the game is over, the next curtain the session asks for, a computer's
move after its thinking pause (the scene's ``computer_pause``) or, while a person thinks, the
scene's small idle motion (:class:`IdleMotion`); and a tap while things move, which skips ahead."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from kidgames.ui.game import GameScene

# Seconds a banner up at a tap that skips ahead stays in view (at normal speed): the voice is saying it.
BANNER_AFTER_SKIP = 1.2


class IdleMotion(Protocol):
    """A small motion while a person thinks (Knights' die hopping, Forest's magic choices): keep
    it cheap."""

    def idle_animation(self) -> bool:
        """Move a little: invalidate only its area and return False, or return True to redraw the
        scene's dirty rects."""
        ...

    def idle_wake_in(self) -> float | None:
        """Seconds until :meth:`idle_animation` has its next picture to show."""
        ...


class Pacing:
    """The pace of ``scene``'s game between the taps."""

    def __init__(self, scene: GameScene[Any]) -> None:
        self.scene = scene
        self.results_shown = False

    def update(self, dt: float) -> bool:
        """This frame's own step of the game (``dt`` seconds long), once nothing moves: True while
        the picture changes by itself."""
        scene = self.scene
        if scene.anim.busy:
            return False     # a secret or its curtain waits for its person's tap (or its time)
        view = scene.session.view()
        if view.is_over:
            if not self.results_shown:
                self.results_shown = True
                scene.show_results()
            return False
        if scene.app.top is not scene:
            return False
        if view.curtain is not None:
            scene.app.push(scene.curtains.scene_for(view.curtain))
            return False
        if view.computer_turn:
            return self._computer_moves(dt)
        return scene.idle.idle_animation() if scene.idle is not None else False

    def _computer_moves(self, dt: float) -> bool:
        """The computer "thinks" on a still picture, timed by the session from the start of the
        frame in which the table became still: nothing is redrawn until it acts, and then it
        decides and applies in core (the scene only animates what it did)."""
        scene = self.scene
        pause = scene.computer_pause()
        if not scene.session.due(pause, still_since=scene.app.now() - dt):
            return False
        before = scene.before_decision()
        outcome = scene.session.step(pause)
        if outcome is not None:
            scene.applied(outcome, before)
        return scene.anim.busy

    def wake_in(self) -> float | None:
        """Seconds until the game has something to do by itself (a move, a curtain, an idle hop)."""
        scene = self.scene
        if scene.anim.busy:
            return scene.anim.wake_in()
        view = scene.session.view()
        if view.is_over or scene.app.top is not scene:
            return None
        if view.curtain is not None:
            return 0.0       # the curtain goes up at once (the table waited FOLLOW_PAUSE already)
        if view.computer_turn:
            return scene.session.wait_left(scene.computer_pause())
        return scene.idle.idle_wake_in() if scene.idle is not None else None

    def skip_ahead(self) -> None:
        """A tap while things move: the animation jumps ahead (to the next secret or curtain).  A
        banner up at the tap has been spoken (the voice says it as it appears): it stays up a
        moment longer instead of vanishing with the steps skipped, so what is heard is read."""
        anim, banner = self.scene.anim, self.scene.banner_piece
        said = banner.shown if banner is not None else None
        if banner is None or said is None:
            anim.skip()
            return
        anim.skip(begin_hold=False)      # a curtain or a secret next comes after the banner
        banner.set(*said[:2], 1.0)
        banner.keep(anim, BANNER_AFTER_SKIP)
