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


class SavingMessage(MessageScene):
    """That saving stopped working, or works again (Navigation.tell_saving): one at a time, the newest
    replacing an older one still open."""


#: The colours of a question's two answers, the same meaning in every question: green goes on
#: (plays on, stays, keeps what is there), orange leaves, quits or starts a new game over a saved one.
GO_ON_COLOUR, LEAVE_COLOUR = "green", "orange"
YES, NO = "yes", "no"


class ConfirmScene(DialogScene):
    """A question with a yes and a no; each answer closes the dialog first.

    ``go_on`` names the answer that goes on playing (``"yes"`` or ``"no"``): it is green and stands
    on the right; the other answer (back to the menu, a new game, close the app) is orange on the
    left, in every question.  Most questions ask whether to leave something ("Back to the menu?",
    "Close the games?", "Start a new game?"), where "no" goes on: that is the default; a question
    whose "yes" goes on ("Play on?") says ``go_on="yes"``."""

    def __init__(self, app, title: str, text: str, yes_text: str, no_text: str,
                 on_yes: Callable[[], None], on_no: Callable[[], None] | None = None,
                 icon: str | None = None, yes_icon: str = "check", no_icon: str = "cross",
                 on_back: Callable[[], None] | None = None, go_on: str = NO) -> None:
        super().__init__(app, title, text, icon)
        if go_on not in (YES, NO):
            raise ValueError(f"go_on names the answer that goes on playing: {YES!r} or {NO!r}, not {go_on!r}")
        self.yes_text, self.no_text = yes_text, no_text
        self.on_yes, self.on_no = on_yes, on_no
        # Escape means "no" unless the question has two real choices (continue or a new game):
        # then it only closes the dialog.
        self.on_back = on_back
        self.yes_icon, self.no_icon = yes_icon, no_icon
        self.go_on = go_on

    def colour_of(self, answer: str) -> str:
        return GO_ON_COLOUR if answer == self.go_on else LEAVE_COLOUR

    def layout(self) -> None:
        w = 400
        left = pygame.Rect(DIALOG.centerx - w - 30, DIALOG.bottom - 135, w, 105)
        right = pygame.Rect(DIALOG.centerx + 30, DIALOG.bottom - 135, w, 105)
        answers = {YES: (self.yes, self.yes_text, self.yes_icon), NO: (self.no, self.no_text, self.no_icon)}
        leave = NO if self.go_on == YES else YES
        self.buttons = [
            Button(rect, answers[answer][0], answers[answer][1], icon=answers[answer][2],
                   colour=self.colour_of(answer), name=answer, text_size=30)
            for rect, answer in ((left, leave), (right, self.go_on))
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


class QuitQuestion(ConfirmScene):
    """"Close the games?" (Navigation.ask_quit), asked by the menu's ✕ and by the window's own."""
