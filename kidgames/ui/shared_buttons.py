"""The buttons every game scene has (:data:`SHARED_BUTTONS`): home (back to the menu, asked first),
the rules, the sound, and the prompt's picture with a speaking head (a tap says the prompt again).
They are never the thing a prompt asks for: the hand of a prompt that comes back never points at
them (kidgames/ui/game.py ``nudge_target``)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from kidgames.ui.dialog import ConfirmScene
from kidgames.ui.widgets import Button

if TYPE_CHECKING:
    from kidgames.ui.game import GameScene

#: The buttons every game scene has (:meth:`SharedButtons.top`, :meth:`SharedButtons.prompt`).
SHARED_BUTTONS = ("home", "rules", "sound", "say")


class SharedButtons:
    """The shared buttons of ``scene``, and what a tap on each does."""

    def __init__(self, scene: GameScene[Any]) -> None:
        self.scene = scene
        self.app = scene.app

    def top(self, x: int, y: int, size: int = 100, gap: int = 10) -> list[Button]:
        """Home, rules and sound in a row from (``x``, ``y``), ``size`` square and ``gap`` apart."""
        sound_on = self.app.settings.sound
        return [
            Button(pygame.Rect(x, y, size, size), self.ask_leave, icon="home", name="home"),
            Button(pygame.Rect(x + size + gap, y, size, size), self.show_rules, icon="question", name="rules"),
            Button(pygame.Rect(x + 2 * (size + gap), y, size, size), self.toggle_sound,
                   icon="speaker_on" if sound_on else "speaker_off", name="sound"),
        ]

    def prompt(self, rect: pygame.Rect) -> Button:
        """The prompt's picture, with a speaking head: a tap says the prompt again (the scene's
        ``say_again``)."""
        scene = self.scene
        return Button(rect, scene.say_again, icon=scene.prompt_picture(scene.hint_text()), badge="speaking",
                      name="say", colour="paper", cooldown=0.0)

    def ask_leave(self) -> None:
        """"Back to the menu?": "saved" only when the last move is on the disk (the background write
        waited for)."""
        app, scene = self.app, self.scene
        game_id = scene.spec.id
        text = scene.t("game.leave.text") if app.saves.is_saved(game_id) else \
            scene.t("game.leave.unsaved", reason=app.saving_reason())
        app.push(ConfirmScene(app, scene.t("game.leave.title"), text,
                              scene.t("game.leave.yes"), scene.t("game.leave.no"),
                              on_yes=app.nav.show_menu,
                              icon="home", yes_icon="home", no_icon="play"))

    def show_rules(self) -> None:
        self.app.nav.show_rules(self.scene.spec.id)

    def toggle_sound(self) -> None:
        self.app.set_sound(not self.app.settings.sound)
        self.scene.changed()
