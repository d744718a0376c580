"""The hand-over curtain: on a shared screen, hides everything until the named player taps."""
from __future__ import annotations

from typing import Callable

import pygame

from kidgames.ui.scene import Scene
from kidgames.ui.widgets import PAWN_RGB, Button, draw_pawn, shade, vertical_gradient


class CurtainScene(Scene):
    """Opaque (not an overlay): nothing of the game below shows through."""

    overlay = False

    def __init__(self, app, seat, on_open: Callable[[], None]) -> None:
        super().__init__(app)
        self.seat = seat
        self.on_open = on_open

    def layout(self) -> None:
        w, h = self.app.screen.get_size()
        self.buttons = [Button(pygame.Rect(w // 2 - 260, h - 260, 520, 140), self.open,
                               self.t("curtain.ready"), icon="check", colour="green", name="ready",
                               text_size=44)]

    def open(self) -> None:
        self.app.pop()
        self.on_open()

    def back(self) -> None:
        pass   # only the named player's tap lifts the curtain

    def draw(self, surface: pygame.Surface) -> None:
        rgb = PAWN_RGB.get(self.seat.colour, (120, 120, 120))
        surface.blit(vertical_gradient(surface.get_size(), shade(rgb, 0.55), shade(rgb, 0.25)), (0, 0))
        w, h = surface.get_size()
        for x in range(0, w, 80):
            pygame.draw.line(surface, shade(rgb, 0.45), (x, 0), (x, h), 6)
        assets = self.app.assets
        draw_pawn(surface, self.seat.colour, self.seat.shape, (w // 2, 300), 180)
        text = assets.text(self.t("curtain.pass", name=self.seat.name), 64, (255, 255, 255), title=True,
                           outline=(40, 30, 30), width=w - 200)
        surface.blit(text, text.get_rect(center=(w // 2, 520)))
        hint = assets.text(self.t("curtain.hint"), 34, (255, 255, 255), outline=(40, 30, 30), width=w - 300)
        surface.blit(hint, hint.get_rect(center=(w // 2, 640)))
        self.draw_buttons(surface)
