"""Settings: language, sound, animation speed, fullscreen, how long a secret stays open, and for
grown-ups the lock and the kiosk — remembered."""
from __future__ import annotations

from functools import partial

import pygame

from kidgames.core.i18n import LANGUAGE_NAMES, LANGUAGES
from kidgames.core.settings import SECRET_TIMES, SPEEDS
from kidgames.ui.assets import MAIN_FONT, TITLE_FONTS
from kidgames.ui.context import SceneContext
from kidgames.ui.grownup import draw_padlock
from kidgames.ui.scene import Scene
from kidgames.ui.widgets import Button, INK, overlay_panel

PANEL = pygame.Rect(150, 70, 1300, 860)
SPEED_ICONS = {"slow": "snail", "normal": "turtle", "fast": "rabbit"}
ROW_TOP, ROW_STEP, ROW_H = 115, 120, 100     # six rows, the last beside the Done button
#: Each row's label and picture (None: the grown-ups' padlock, drawn: kidgames/ui/grownup.py).
ROWS = [("settings.language", "globe"), ("settings.sound", "speaker_on"), ("settings.speed", "rabbit"),
        ("settings.fullscreen", "fullscreen"), ("settings.secret", "sparkles"), ("settings.grownups", None)]
GROWNUP_W = 300         # the lock's and the kiosk's buttons, left of Done
# Each row: its picture, its label, its buttons.  A label keeps LABEL_GAP clear of the buttons in
# every language: a long one ("Tajný pohled", "Celá obrazovka") wraps or shrinks within its column.
LABEL_X, BUTTONS_X, LABEL_GAP = 125, 330, 28          # from the panel's left edge
LABEL_W = BUTTONS_X - LABEL_X - LABEL_GAP
LABEL_SIZE, LANGUAGE_SIZE = 34, 30


def language_face(lang: str):
    """The face a language's name is drawn in on its button: the rounded face of that language
    itself ("Čeština" in Comfortaa, "Русский" and "한국어" in NanumSquareRound), the same whatever
    language the app speaks, so no name is ever drawn in a fallback face beside the others."""
    path = TITLE_FONTS.get(lang)
    return path if path is not None and path.exists() else MAIN_FONT


def language_label(app: SceneContext, lang: str, width: int, size: int = LANGUAGE_SIZE) -> pygame.Surface:
    """The name of ``lang`` in its own face, at the largest size up to ``size`` that fits ``width``
    (painted once while the app runs)."""
    key = ("language name", lang, width, size)
    label = app.pictures.get(key)
    if label is None:
        name = LANGUAGE_NAMES[lang]
        for s in range(size, 15, -2):
            try:
                font = pygame.font.Font(str(language_face(lang)), s)
            except (OSError, pygame.error):
                font = app.assets.font(s)
            if font.size(name)[0] <= width:
                break
        label = app.pictures[key] = font.render(name, True, INK)
    return label


class SettingsScene(Scene):
    overlay = True

    def layout(self) -> None:
        s = self.app.settings
        self.buttons = []
        x0 = PANEL.left + BUTTONS_X
        y = PANEL.top + ROW_TOP
        w = (PANEL.right - 40 - x0 - 4 * 14) // 5
        for i, lang in enumerate(LANGUAGES):
            # no text of the button's own: its language's name is drawn in that language's face
            self.buttons.append(Button(pygame.Rect(x0 + i * (w + 14), y, w, ROW_H),
                                       partial(self.app.set_language, lang),
                                       selected=s.lang == lang, name=f"lang:{lang}"))
        y += ROW_STEP
        self.buttons.append(Button(pygame.Rect(x0, y, 400, ROW_H), self.toggle_sound,
                                   self.t("settings.on" if s.sound else "settings.off"),
                                   icon="speaker_on" if s.sound else "speaker_off",
                                   colour="green" if s.sound else "grey", name="sound"))
        # the spoken prompts, on or off apart from the sound effects
        self.buttons.append(Button(pygame.Rect(x0 + 414, y, 400, ROW_H), self.toggle_voices,
                                   f"{self.t('settings.voice')}: {self.t('settings.on' if s.voices else 'settings.off')}",
                                   icon="speaking", colour="green" if s.voices else "grey", name="voices",
                                   text_size=30))
        y += ROW_STEP
        w = 290
        for i, speed in enumerate(SPEEDS):
            self.buttons.append(Button(pygame.Rect(x0 + i * (w + 14), y, w, ROW_H),
                                       partial(self.set_speed, speed), self.t(f"settings.speed.{speed}"),
                                       icon=SPEED_ICONS[speed], selected=s.speed == speed,
                                       name=f"speed:{speed}", text_size=30))
        y += ROW_STEP
        self.buttons.append(Button(pygame.Rect(x0, y, 400, ROW_H), self.toggle_fullscreen,
                                   self.t("settings.on" if s.fullscreen else "settings.off"),
                                   icon="fullscreen", colour="green" if s.fullscreen else "grey",
                                   name="fullscreen"))
        y += ROW_STEP
        w = (PANEL.right - 40 - x0 - 3 * 14) // 4
        for i, seconds in enumerate(SECRET_TIMES):
            text = self.t("settings.secret.tap") if seconds is None else \
                self.t("settings.secret.seconds", n=seconds)
            self.buttons.append(Button(pygame.Rect(x0 + i * (w + 14), y, w, ROW_H),
                                       partial(self.set_secret_seconds, seconds), text,
                                       selected=s.secret_seconds == seconds, name=f"secret:{seconds}",
                                       text_size=30))
        y += ROW_STEP
        # For grown-ups: the lock before closing the app and the settings (kidgames/ui/grownup.py),
        # and the kiosk (no way out but the grown-up's Shift+Ctrl+Escape).
        for i, (name, on, toggle) in enumerate((("lock", s.grownup_lock, self.toggle_lock),
                                                ("kiosk", s.kiosk, self.toggle_kiosk))):
            self.buttons.append(Button(pygame.Rect(x0 + i * (GROWNUP_W + 14), y, GROWNUP_W, ROW_H), toggle,
                                       f"{self.t('settings.' + name)}: {self.t('settings.on' if on else 'settings.off')}",
                                       colour="green" if on else "grey", name=name, text_size=30))
        self.buttons.append(Button(pygame.Rect(PANEL.right - 330, PANEL.bottom - 118, 290, 100), self.app.pop,
                                   self.t("button.done"), icon="check", colour="green", name="done"))

    def toggle_sound(self) -> None:
        self.app.set_sound(not self.app.settings.sound)
        self.layout()

    def toggle_voices(self) -> None:
        self.app.set_voices(not self.app.settings.voices)
        self.layout()

    def set_speed(self, speed: str) -> None:
        self.app.set_speed(speed)
        self.layout()

    def set_secret_seconds(self, seconds: int | None) -> None:
        self.app.settings.secret_seconds = seconds
        self.app.save_settings()
        self.layout()

    def toggle_lock(self) -> None:
        self.app.settings.grownup_lock = not self.app.settings.grownup_lock
        self.app.save_settings()
        self.layout()

    def toggle_kiosk(self) -> None:
        self.app.run_only.pop("kiosk", None)     # chosen now: saved, whatever the command line said
        self.app.settings.kiosk = not self.app.settings.kiosk
        self.app.save_settings()
        self.layout()

    def toggle_fullscreen(self) -> None:
        self.app.set_fullscreen(not self.app.settings.fullscreen)
        self.layout()

    def labels(self) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """Each row's label and where it is drawn: within its column, clear of the row's buttons."""
        placed = []
        y = PANEL.top + ROW_TOP
        for key, _ in ROWS:
            label = self.app.assets.fit_text(self.t(key), LABEL_SIZE, INK, LABEL_W, ROW_H)
            placed.append((label, label.get_rect(midleft=(PANEL.left + LABEL_X, y + ROW_H // 2))))
            y += ROW_STEP
        return placed

    def draw(self, surface: pygame.Surface) -> None:
        overlay_panel(surface, PANEL)
        assets = self.app.assets
        title = assets.text(self.t("settings.title"), 56, INK, title=True)
        surface.blit(title, title.get_rect(midtop=(PANEL.centerx, PANEL.top + 24)))
        y = PANEL.top + ROW_TOP
        for key, icon in ROWS:
            if icon is None:
                draw_padlock(surface, (PANEL.left + 75, y + ROW_H // 2), 62)
            else:
                pic = assets.image(icon, 70)
                surface.blit(pic, pic.get_rect(midleft=(PANEL.left + 40, y + ROW_H // 2)))
            y += ROW_STEP
        for label, rect in self.labels():
            surface.blit(label, rect)
        self.draw_buttons(surface)
        for lang in LANGUAGES:
            button = self.laid_button(f"lang:{lang}")
            rect = button.rect.move(0, 3 if button.pressed else 0)
            name = language_label(self.app, lang, rect.w - 24)
            surface.blit(name, name.get_rect(center=rect.center))

