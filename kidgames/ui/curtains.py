"""A game scene's curtains and the secrets behind them (design.md, "Who is watching"): the
hand-over and question curtains the session asks for, the secret curtain naming a secret's person
and the secret itself (a look under a tree) shown until that person taps or its time passes, and a
secret that an overlay (a question, the rules) closed, shown again behind its curtain when the
overlay closes.  The curtain scenes themselves are kidgames/ui/curtain.py."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from kidgames.core.protocol import Event
from kidgames.ui.anim import AnimStep
from kidgames.ui.curtain import QUESTION, SECRET, CurtainScene

if TYPE_CHECKING:
    from kidgames.ui.game import GameScene


class Curtains:
    """The curtains and secrets of ``scene``'s game."""

    def __init__(self, scene: GameScene[Any]) -> None:
        self.scene = scene
        self.app = scene.app
        self._secret: tuple | None = None         # (its hold step, owner, show, hide) while a secret is open
        self._overlay_wait: AnimStep | None = None     # a hold step until the overlay over a secret closes

    def scene_for(self, curtain: Any) -> CurtainScene:
        """The curtain scene for the session's due ``curtain`` (hand-over or question); its arrow
        takes back the step before it, while one can be."""
        scene = self.scene
        seat = scene.seats[curtain.seat]
        text = scene.question_text(curtain.seat) if curtain.kind == QUESTION else None
        undo = scene.undo.take_back if scene.session.view().can_undo else None
        return CurtainScene(self.app, seat, scene.session.curtain_passed, curtain.kind, text=text,
                            pawn=scene.spec.pawn, undo=undo)

    def secret_step(self, event: Event, show: Callable[[], None], hide: Callable[[], None]) -> bool:
        """Queue the private moment of ``event`` (a look under a tree): a secret curtain naming its
        person if somebody else may be looking, then ``show`` until that person taps or the time
        set in the settings passes, then ``hide`` — and the private moment ends with it, before
        anything public is drawn.  A stray tap's skip stops at both (they are hold steps).  Returns
        False, queueing nothing, when the secret must never be drawn (a computer's): the game then
        animates only its public side."""
        owner = event.private_to
        if owner is None or not self.scene.session.is_person(owner):
            return False
        self._queue(owner, show, hide)
        return True

    def _queue(self, owner: int, show: Callable[[], None], hide: Callable[[], None], first: bool = False) -> None:
        """The secret curtain (when somebody else may be looking) and the secret itself, at the
        end of the queue or ``first`` (a secret an overlay closed, shown again)."""
        scene = self.scene
        session, anim, app = scene.session, scene.anim, self.app
        at = 0 if first else None
        if session.shared:
            def curtain() -> None:
                def opened() -> None:
                    session.secret_seen(owner)
                    anim.release()
                hint = "curtain.secret.hint.tap" if app.settings.secret_seconds is None else None
                app.push(CurtainScene(app, scene.seats[owner], opened, SECRET, pawn=scene.spec.pawn, hint=hint))
            anim.hold(None, start=curtain, at=at)
            at = None if at is None else at + 1

        def shown() -> None:
            self._secret = (step, owner, show, hide)
            show()

        def close() -> None:
            self._secret = None
            hide()
            session.secret_closed()
        step = anim.hold(app.settings.secret_seconds, start=shown, end=close, at=at)

    def overlay_opened(self) -> None:
        """Something opened over the table (see ``GameScene.pause``): inside a private moment, the
        moment ends and the private things are face down before the overlay's first frame.  An open
        secret closes and comes again behind its curtain when the overlay closes; a hand waits for
        its person's curtain (the session asks for it again)."""
        scene = self.scene
        if scene.session.view().private is None:
            return
        secret, anim = self._secret, scene.anim
        if secret is not None and anim.holding is secret[0]:
            _, owner, show, hide = secret
            anim.release()        # its end hides the secret and ends the private moment
            self._queue(owner, show, hide, first=True)
            self._overlay_wait = anim.hold(None, at=0)     # until the overlay closes
        scene.session.overlay_opened()
        scene.changed()

    def overlay_closed(self) -> None:
        """The overlay closed: a secret it closed comes again (behind its curtain)."""
        if self._overlay_wait is not None:
            self.scene.anim.drop(self._overlay_wait)
            self._overlay_wait = None
