"""Taking back a wrong tap (issue 23), as a game scene shows it: the big "back" arrow, shown only
while a person's last step can be taken back and nothing moves on the table; the words the voice
says when a step was taken back; and the longer thought of a computer whose move would make taking
back impossible (:data:`UNDO_GRACE`)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from kidgames.ui.widgets import Button

if TYPE_CHECKING:
    from kidgames.ui.game import GameScene

# While a person's last step can be taken back, a computer thinks this much longer (at normal speed)
# before its move makes that impossible: time for a child to see the arrow and tap it.
UNDO_GRACE = 1.5
UNDO_SIZE = 110          # the "back" arrow's button, in canvas pixels


class TakingBack:
    """Taking back a step in ``scene``'s game (its session's ``undo``)."""

    def __init__(self, scene: GameScene[Any]) -> None:
        self.scene = scene
        self.words: str | None = None        # what the voice says when a step was taken back

    def button(self, rect: pygame.Rect) -> Button:
        """The big "back" arrow: shown only while a person's last step can be taken back."""
        button = Button(rect, self.take_back, icon="undo", colour="gold", name="undo")
        button.visible = self.shown()
        return button

    def shown(self) -> bool:
        """Whether the arrow shows: a step can be taken back and nothing moves on the table."""
        scene = self.scene
        return not scene.anim.busy and scene.session.view().can_undo

    def grace(self) -> float:
        """Seconds (at normal speed) a computer thinks longer while a step can be taken back."""
        return UNDO_GRACE if self.scene.session.view().can_undo else 0.0

    def take_back(self) -> None:
        """The arrow was tapped: the person's last step is taken back, the table shows the state
        as it was before it, and the voice says so.  Everybody watches then: a hand shows again
        only behind its person's curtain."""
        scene = self.scene
        session = scene.session
        view = session.view()
        if scene.anim.busy or not view.can_undo or view.undo_actor is None:
            return
        actor = view.undo_actor
        if session.undo().refusal is not None:
            return
        scene.before_decision()      # taking back is a decision too: what a person was choosing is over
        # said at once; where a curtain comes first (a hand to show again) its own words say whose
        # turn it is, and a sentence said after it would be about the past
        self.words = (scene.t("undo.done", name=scene.seats[actor].name) if session.view().curtain is None
                      else None)
        scene.app.forget_spoken(scene, "undo")
        scene.changed()
        scene.app.dirty = True
