"""Settings: language, sound, animation speed, fullscreen — remembered."""
from __future__ import annotations

import pygame

from kidgames.core.i18n import LANGUAGE_NAMES, LANGUAGES
from kidgames.core.settings import SPEEDS
from kidgames.ui.scene import Scene
from kidgames.ui.widgets import Button, INK, overlay_panel

PANEL = pygame.Rect(150, 70, 1300, 860)
SPEED_ICONS = {"slow": "snail", "normal": "turtle", "fast": "rabbit"}


class SettingsScene(Scene):
    overlay = True

    def layout(self) -> None:
        s = self.app.settings
        self.buttons = []
        x0 = PANEL.left + 330
        y = PANEL.top + 130
        w = (PANEL.right - 40 - x0 - 4 * 14) // 5
        for i, lang in enumerate(LANGUAGES):
            self.buttons.append(Button(pygame.Rect(x0 + i * (w + 14), y, w, 100),
                                       lambda l=lang: self.app.set_language(l), LANGUAGE_NAMES[lang],
                                       selected=s.lang == lang, name=f"lang:{lang}", text_size=30))
        y += 160
        self.buttons.append(Button(pygame.Rect(x0, y, 400, 110), self.toggle_sound,
                                   self.t("settings.on" if s.sound else "settings.off"),
                                   icon="speaker_on" if s.sound else "speaker_off",
                                   colour="green" if s.sound else "grey", name="sound"))
        y += 160
        w = 290
        for i, speed in enumerate(SPEEDS):
            self.buttons.append(Button(pygame.Rect(x0 + i * (w + 14), y, w, 110),
                                       lambda sp=speed: self.set_speed(sp), self.t(f"settings.speed.{speed}"),
                                       icon=SPEED_ICONS[speed], selected=s.speed == speed,
                                       name=f"speed:{speed}", text_size=30))
        y += 160
        self.buttons.append(Button(pygame.Rect(x0, y, 400, 110), self.toggle_fullscreen,
                                   self.t("settings.on" if s.fullscreen else "settings.off"),
                                   icon="fullscreen", colour="green" if s.fullscreen else "grey",
                                   name="fullscreen"))
        self.buttons.append(Button(pygame.Rect(PANEL.right - 330, PANEL.bottom - 140, 290, 110), self.app.pop,
                                   self.t("button.done"), icon="check", colour="green", name="done"))

    def toggle_sound(self) -> None:
        self.app.set_sound(not self.app.settings.sound)
        self.layout()

    def set_speed(self, speed: str) -> None:
        self.app.set_speed(speed)
        self.layout()

    def toggle_fullscreen(self) -> None:
        self.app.set_fullscreen(not self.app.settings.fullscreen)
        self.layout()

    def draw(self, surface: pygame.Surface) -> None:
        overlay_panel(surface, PANEL)
        assets = self.app.assets
        title = assets.text(self.t("settings.title"), 56, INK, title=True)
        surface.blit(title, title.get_rect(midtop=(PANEL.centerx, PANEL.top + 24)))
        rows = [("settings.language", "globe"), ("settings.sound", "speaker_on"),
                ("settings.speed", "rabbit"), ("settings.fullscreen", "fullscreen")]
        y = PANEL.top + 130
        for key, icon in rows:
            pic = assets.image(icon, 70)
            surface.blit(pic, pic.get_rect(midleft=(PANEL.left + 40, y + 52)))
            label = assets.text(self.t(key), 34, INK, width=200)
            surface.blit(label, label.get_rect(midleft=(PANEL.left + 125, y + 52)))
            y += 160
        self.draw_buttons(surface)

