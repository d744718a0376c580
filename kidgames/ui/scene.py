"""Scenes and their life cycle (enter, pause, resume, leave), in a stack owned by the app.

An overlay scene (a dialog, the rules, a curtain) draws over the scenes below it and takes the
input; ``draw()`` never changes game state.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from kidgames.ui.widgets import Button

if TYPE_CHECKING:
    from kidgames.ui.context import SceneContext



class Scene:
    overlay = False

    @property
    def claims(self) -> str | None:
        """The game this scene holds against other copies of the app (a game scene), or None."""
        return None

    def in_progress(self) -> bool:
        """Whether the game this scene claims is still being played (see GameScene)."""
        return False

    def __init__(self, app: SceneContext) -> None:
        self.app: SceneContext = app     # what a scene may use of the app (kidgames/ui/context.py)
        self.buttons: list[Button] = []

    # life cycle
    def enter(self) -> None:
        self.layout()

    def leave(self) -> None:
        pass

    def pause(self) -> None:
        pass

    def resume(self) -> None:
        self.layout()

    def layout(self) -> None:
        """(Re)build buttons and texts: on entering and after the language changes."""

    # input
    def handle(self, pointer) -> None:
        self.handle_buttons(pointer)

    def handle_buttons(self, pointer) -> bool:
        """Give the pointer to the buttons; True if one took it.  The second tap of a double tap is
        swallowed (Pointer.repeats, the one double-tap guard), even when the first tap rebuilt the
        buttons: a new button under the same finger must not remove a second player or undo the
        first tap.  A button with no cooldown (a keyboard's key) takes every tap."""
        for button in list(self.buttons):
            if pointer.kind == "tap" and button.visible and button.cooldown \
                    and button.rect.collidepoint(pointer.pos) and pointer.repeats(button.cooldown):
                return True
            if button.handle(pointer):
                if pointer.kind == "tap" and button.enabled:     # a grey button's ``why`` has its own sound
                    self.app.assets.play("click")
                return True
        return False

    def key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.back()

    def text_input(self, text: str) -> None:
        pass

    def back(self) -> None:
        self.app.pop()

    # time and drawing
    def update(self, dt: float) -> bool:
        """Advance animations; True while the picture changes by itself.  The frame after the
        last True redraws everything, so a final change made here is always shown."""
        return False

    def after_input(self) -> None:
        """The window's input of this frame was handled (a tap may have changed what this scene
        shows without telling it: a curtain lifted over it began a private moment): what it draws
        in this same frame must already agree.  Nothing by default."""

    def wake_in(self) -> float | None:
        """Seconds until :meth:`update` has something to do without any input (a timer), or None."""
        return None

    def dirty_rects(self) -> list[pygame.Rect] | None:
        """While moving: the canvas areas that changed since the last draw (None: everything)."""
        return None

    def draw_areas(self, surface: pygame.Surface, areas: list[pygame.Rect]) -> bool:
        """Redraw many small ``areas`` at once (confetti); False: the app draws them one by one.
        Whatever this paints must lie inside ``areas`` and equal what draw() paints there."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene as it is now; the canvas may be clipped to a changed area.  The picture
        must depend on the scene's state only (not on the clock), so a redraw at any later moment
        shows the same pixels."""

    def spoken_prompts(self) -> dict:
        """What this scene asks of the family now, to be spoken when it changes (slot -> text or
        texts; see kidgames/ui/voice.py).  The app asks the scene on top after every frame."""
        return {}

    def covers_below(self) -> bool:
        """True when this overlay paints the whole canvas itself (the scenes below need no redraw)."""
        return False

    def draw_buttons(self, surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        for button in self.buttons:
            if clip.colliderect(button.rect.inflate(24, 24)):    # a partial redraw skips the rest
                button.draw(surface, self.app.assets)

    def t(self, key: str, **values) -> str:
        return self.app.t(key, **values)

    def button(self, name: str) -> Button | None:
        """A button by name (tests and the monkey use it to find targets)."""
        return next((b for b in self.buttons if b.name == name), None)

    def laid_button(self, name: str) -> Button:
        """A button by name that this scene always lays out (LookupError if it is not there)."""
        button = self.button(name)
        if button is None:
            raise LookupError(f"{type(self).__name__} has no button {name!r}")
        return button
