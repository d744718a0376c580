"""An on-screen keyboard for typing a player's name (a physical keyboard works too)."""
from __future__ import annotations

from typing import Callable

import pygame

from kidgames.ui.scene import Scene
from kidgames.ui.widgets import Button, INK, overlay_panel, rounded_panel

MAX_NAME = 12
ALPHABETS = {
    "en": "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "de": "ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ",
    "cs": "AÁBCČDĎEÉĚFGHIÍJKLMNŇOÓPQRŘSŠTŤUÚŮVWXYÝZŽ",
    "ru": "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ",
    "ko": "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
}
PANEL = pygame.Rect(120, 80, 1360, 840)


class NameScene(Scene):
    overlay = True

    def __init__(self, app, name: str, on_done: Callable[[str], None]) -> None:
        super().__init__(app)
        self.name = name
        self.on_done = on_done

    def layout(self) -> None:
        letters = ALPHABETS.get(self.app.settings.lang, ALPHABETS["en"])
        per_row = 11
        key_w, key_h, gap = 108, 92, 10
        rows = [letters[i:i + per_row] for i in range(0, len(letters), per_row)]
        self.buttons = []
        y = PANEL.top + 250
        for row in rows:
            x = PANEL.centerx - (len(row) * (key_w + gap) - gap) // 2
            for ch in row:
                self.buttons.append(Button(pygame.Rect(x, y, key_w, key_h), lambda c=ch: self.type(c),
                                           ch, text_size=44, name=f"key:{ch}", cooldown=0.0))
                x += key_w + gap
            y += key_h + gap
        y = PANEL.bottom - 130
        self.buttons += [
            Button(pygame.Rect(PANEL.left + 60, y, 260, 100), self.erase, icon="back", colour="orange",
                   name="erase", cooldown=0.0),
            Button(pygame.Rect(PANEL.left + 350, y, 420, 100), lambda: self.type(" "),
                   self.t("keyboard.space"), colour="paper", name="space", cooldown=0.08),
            Button(pygame.Rect(PANEL.right - 380, y, 320, 100), self.done, self.t("button.ok"),
                   icon="check", colour="green", name="ok"),
        ]

    def type(self, ch: str) -> None:
        if len(self.name) >= MAX_NAME:
            return
        if ch == " " and (not self.name or self.name.endswith(" ")):
            return
        starts_word = not self.name or self.name.endswith(" ")
        self.name += ch if starts_word else ch.lower()

    def erase(self) -> None:
        self.name = self.name[:-1]

    def done(self) -> None:
        name = self.name.strip()
        self.app.pop()
        if name:
            self.on_done(name)

    def key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_BACKSPACE:
            self.erase()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.done()
        elif event.key == pygame.K_ESCAPE:
            self.app.pop()
        self.app.dirty = True

    def text_input(self, text: str) -> None:
        for ch in text:
            if ch.isprintable() and len(self.name) < MAX_NAME:
                self.name += ch
        self.app.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        overlay_panel(surface, PANEL)
        assets = self.app.assets
        title = assets.text(self.t("keyboard.title"), 44, INK, title=True)
        surface.blit(title, title.get_rect(midtop=(PANEL.centerx, PANEL.top + 30)))
        field = pygame.Rect(PANEL.centerx - 400, PANEL.top + 110, 800, 100)
        rounded_panel(surface, field, (255, 255, 255), radius=20, border=(120, 100, 80), shadow=0)
        name = assets.text(self.name + "|", 56, INK)
        surface.blit(name, name.get_rect(center=field.center))
        self.draw_buttons(surface)
