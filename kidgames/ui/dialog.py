"""Small overlay dialogs: a message with an OK button, and a question with two answers."""
from __future__ import annotations

from typing import Callable

import pygame

from kidgames.ui.scene import Scene
from kidgames.ui.widgets import Button, INK, overlay_panel

DIALOG = pygame.Rect(300, 230, 1000, 540)


class DialogScene(Scene):
    overlay = True
    icon: str | None = None

    def __init__(self, app, title: str, text: str, icon: str | None = None) -> None:
        super().__init__(app)
        self.title = title
        self.text = text
        self.icon = icon

    def draw(self, surface: pygame.Surface) -> None:
        overlay_panel(surface, DIALOG, shadow=10)
        assets = self.app.assets
        y = DIALOG.top + 36
        if self.icon:
            pic = assets.image(self.icon, 110)
            surface.blit(pic, pic.get_rect(midtop=(DIALOG.centerx, y)))
            y += 120
        title = assets.text(self.title, 52, INK, title=True, width=DIALOG.w - 80)
        surface.blit(title, title.get_rect(midtop=(DIALOG.centerx, y)))
        y += title.get_height() + 16
        body = assets.text(self.text, 32, INK, width=DIALOG.w - 120)
        surface.blit(body, body.get_rect(midtop=(DIALOG.centerx, y)))
        self.draw_buttons(surface)


class MessageScene(DialogScene):
    def __init__(self, app, title: str, text: str, icon: str | None = None,
                 on_close: Callable[[], None] | None = None) -> None:
        super().__init__(app, title, text, icon)
        self.on_close = on_close

    def layout(self) -> None:
        self.buttons = [Button(pygame.Rect(DIALOG.centerx - 150, DIALOG.bottom - 130, 300, 100),
                               self.close, self.t("button.ok"), icon="check", colour="green", name="ok")]

    def close(self) -> None:
        self.app.pop()
        if self.on_close:
            self.on_close()


class ConfirmScene(DialogScene):
    """A question with a yes and a no; each answer closes the dialog first."""

    def __init__(self, app, title: str, text: str, yes_text: str, no_text: str,
                 on_yes: Callable[[], None], on_no: Callable[[], None] | None = None,
                 icon: str | None = None, yes_icon: str = "check", no_icon: str = "cross",
                 on_back: Callable[[], None] | None = None) -> None:
        super().__init__(app, title, text, icon)
        self.yes_text, self.no_text = yes_text, no_text
        self.on_yes, self.on_no = on_yes, on_no
        # Escape means "no" unless the question has two real choices (continue or a new game):
        # then it only closes the dialog.
        self.on_back = on_back
        self.yes_icon, self.no_icon = yes_icon, no_icon

    def layout(self) -> None:
        w = 400
        self.buttons = [
            Button(pygame.Rect(DIALOG.centerx - w - 30, DIALOG.bottom - 135, w, 105), self.no,
                   self.no_text, icon=self.no_icon, colour="orange", name="no", text_size=30),
            Button(pygame.Rect(DIALOG.centerx + 30, DIALOG.bottom - 135, w, 105), self.yes,
                   self.yes_text, icon=self.yes_icon, colour="green", name="yes", text_size=30),
        ]

    def yes(self) -> None:
        self.app.pop()
        self.on_yes()

    def no(self) -> None:
        self.app.pop()
        if self.on_no:
            self.on_no()

    def back(self) -> None:
        if self.on_back is None:
            self.no()
            return
        self.app.pop()
        self.on_back()
