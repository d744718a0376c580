"""Curtains: on a shared screen, everything is hidden until the one named person taps.

Three kinds (design.md, "Hot-seat and hidden information"), each naming the person in big letters
with their pawn:

* ``handover`` — the next decision is this person's, and somebody else may have seen private things;
* ``secret`` — a secret is shown next to this person only ("Only Anna looks now — tap to look");
* ``question`` — this person, who is not the one playing the turn, must answer a question (a
  defence); the question is on the curtain, its answer buttons come behind it.
"""
from __future__ import annotations

from typing import Callable

import pygame

from kidgames.ui.scene import Scene
from kidgames.ui.widgets import PAWN_RGB, Button, draw_pawn, shade, vertical_gradient

HANDOVER, SECRET, QUESTION = "handover", "secret", "question"
KINDS = (HANDOVER, SECRET, QUESTION)
PAWN_AT, PAWN_SIZE = 290, 180
TEXT_AT, TEXT_SIZE, HINT_SIZE = 520, 64, 34
BUTTON = pygame.Rect(0, 0, 560, 140)
BUTTON_BOTTOM = 120         # the button's distance from the canvas's bottom edge
STRIPE_STEP = 80
UNDO_SIZE, UNDO_BOTTOM = 130, 40       # the "back" arrow in the lower left corner
BUTTON_ICON = {HANDOVER: "check", SECRET: "sparkles", QUESTION: "question"}
#: Each kind's message keys: its big line (a question brings its own), its hint, its button.
TEXTS = {HANDOVER: ("curtain.pass", "curtain.hint", "curtain.ready"),
         SECRET: ("curtain.secret", "curtain.secret.hint", "curtain.secret.button"),
         QUESTION: ("curtain.question", "curtain.question.hint", "curtain.question.button")}


class CurtainScene(Scene):
    """Opaque (not an overlay): nothing of the game below shows through.  ``text`` is the big line
    (a question's curtain carries the question); each kind has its own when none is given."""

    overlay = False
    hand = None     # a guided game's hand at the button (kidgames/ui/guide.py), painted over everything

    def __init__(self, app, seat, on_open: Callable[[], None], kind: str = HANDOVER,
                 text: str | None = None, pawn: str = "pawn", hint: str | None = None,
                 undo: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        if kind not in KINDS:
            raise ValueError(f"a curtain is one of {', '.join(KINDS)}, not {kind!r}")
        self.seat = seat
        self.on_open = on_open
        self.kind = kind
        self.text = text
        self.pawn = pawn
        self.hint = hint or TEXTS[kind][1]       # the message key of the line under the big one
        self._backdrop: pygame.Surface | None = None
        # The "back" arrow, while the step that brought this curtain can be taken back (a knight's
        # target before its victim answers): public, it shows nothing of anybody's hand.
        self.undo = undo

    def layout(self) -> None:
        w, h = self.app.screen.get_size()
        rect = BUTTON.copy()
        rect.midbottom = (w // 2, h - BUTTON_BOTTOM)
        self.buttons = [Button(rect, self.open, self.t(TEXTS[self.kind][2], name=self.seat.name),
                               icon=BUTTON_ICON[self.kind], colour="green", name="ready", text_size=44)]
        if self.undo is not None:
            self.buttons.append(Button(pygame.Rect(40, h - UNDO_BOTTOM - UNDO_SIZE, UNDO_SIZE, UNDO_SIZE),
                                       self.take_back, icon="undo", colour="gold", name="undo"))

    def take_back(self) -> None:
        """The arrow: the curtain goes, and the step before it is taken back."""
        undo, self.undo = self.undo, None
        self.app.pop()
        if undo is not None:        # the arrow is there only with a step to take back
            undo()

    def open(self) -> None:
        self.app.pop()
        self.on_open()

    def back(self) -> None:
        pass   # only the named person's tap lifts the curtain

    def spoken_prompts(self) -> dict:
        return {"curtain": (self.title(), self.t(self.hint, name=self.seat.name))}

    def title(self) -> str:
        if self.text:
            return self.text
        return self.t(TEXTS[self.kind][0], name=self.seat.name)

    def draw(self, surface: pygame.Surface) -> None:
        if self._backdrop is None or self._backdrop.get_size() != surface.get_size():
            self._backdrop = self.backdrop(surface.get_size())
        surface.blit(self._backdrop, (0, 0))
        w, h = surface.get_size()
        assets = self.app.assets
        draw_pawn(surface, self.seat.colour, self.seat.shape, (w // 2, PAWN_AT), PAWN_SIZE,
                  helmet=self.pawn == "knight")
        text = assets.fit_text(self.title(), TEXT_SIZE, (255, 255, 255), w - 200, 220, title=True,
                               outline=(40, 30, 30))
        surface.blit(text, text.get_rect(center=(w // 2, TEXT_AT)))
        hint = assets.fit_text(self.t(self.hint, name=self.seat.name), HINT_SIZE,
                               (255, 255, 255), w - 300, 110, outline=(40, 30, 30))
        surface.blit(hint, hint.get_rect(midtop=(w // 2, TEXT_AT + 130)))
        self.draw_buttons(surface)
        if self.hand is not None:
            self.hand.paint(surface)

    def backdrop(self, size) -> pygame.Surface:
        """The curtain cloth in the person's colour (made once per curtain: a gradient is slow)."""
        rgb = PAWN_RGB.get(self.seat.colour, (120, 120, 120))
        cloth = vertical_gradient(size, shade(rgb, 0.55), shade(rgb, 0.25))
        for x in range(0, size[0], STRIPE_STEP):
            pygame.draw.line(cloth, shade(rgb, 0.45), (x, 0), (x, size[1]), 6)
        return cloth
