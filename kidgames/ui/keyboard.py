"""An on-screen keyboard for typing a player's name (a physical keyboard works too).

Each language has its whole alphabet on the keys; Korean has a 2-set (두벌식) Hangul keyboard whose
jamo are composed into syllables as they are typed, and a key that switches to Latin letters.
"""
from __future__ import annotations

from functools import partial
from typing import Callable

import pygame

from kidgames.core.hangul import compose
from kidgames.ui.scene import Scene
from kidgames.ui.widgets import Button, INK, MIN_BUTTON, overlay_panel, rounded_panel

MAX_NAME = 12
#: The letters on the keys, capitals (a name's later letters are typed small), in alphabet order.
ALPHABETS = {
    "en": "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "de": "ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜß",
    "cs": "AÁBCČDĎEÉĚFGHIÍJKLMNŇOÓPQRŘSŠTŤUÚŮVWXYÝZŽ",
    "ru": "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ",
    "ko": "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
}
#: The Korean 2-set keyboard's three rows as on a real one, and a fourth row with what its shift key
#: gives (double consonants, ㅒ ㅖ): a child sees every key at once instead of a hidden mode.
HANGUL_ROWS = ("ㅂㅈㄷㄱㅅㅛㅕㅑㅐㅔ", "ㅁㄴㅇㄹㅎㅗㅓㅏㅣ", "ㅋㅌㅊㅍㅠㅜㅡ", "ㅃㅉㄸㄲㅆㅒㅖ")
PANEL = pygame.Rect(120, 80, 1360, 840)
PER_ROW = 11
#: Keys a little taller than the smallest button (69x66 px on a 1024x768 screen): the letters are
#: what a child taps most, side by side; four rows still end above the bottom row.
KEY_W, KEY_H, KEY_GAP = 108, MIN_BUTTON + 8, 10
KEYS_TOP = PANEL.top + 224        # under the name's field (it ends at PANEL.top + 205)
BOTTOM_Y, BOTTOM_H = PANEL.bottom - 128, 100
PLACEHOLDER_INK = (175, 165, 150)     # a default name waiting to be typed over
CANCEL = pygame.Rect(PANEL.right - 118, PANEL.top + 22, 96, 96)


def key_rows(lang: str, hangul: bool) -> list[str]:
    """The rows of letter keys for ``lang`` (Korean: the Hangul rows, or Latin letters)."""
    if lang == "ko" and hangul:
        return list(HANGUL_ROWS)
    letters = ALPHABETS.get(lang, ALPHABETS["en"])
    return [letters[i:i + PER_ROW] for i in range(0, len(letters), PER_ROW)]


class NameScene(Scene):
    overlay = True

    def __init__(self, app, name: str, on_done: Callable[[str], None], default: bool = False) -> None:
        """``default``: ``name`` is the name the app gave (the pawn colour's), not one somebody
        typed: it is shown faint in the empty field, the first key replaces it, and OK with nothing
        typed keeps it (a grown-up never has to erase "Red" first)."""
        super().__init__(app)
        self.original = name
        self.placeholder = name if default else ""
        # the name as it came is kept whole; only what is typed now is keystrokes, so Hangul typed
        # now can be erased jamo by jamo while an old name is never recomposed differently
        self.prefix = "" if default else name
        self.keys: list[str] = []
        self.on_done = on_done
        self.hangul = app.settings.lang == "ko"

    @property
    def name(self) -> str:
        return self.prefix + compose(self.keys)

    def takes(self, ch: str) -> bool:
        """Whether the name has room for ``ch`` (a Hangul jamo may join the last syllable of a full
        name: 가 + ㅇ is 강, no longer)."""
        return len(self.prefix + compose(self.keys + [ch])) <= MAX_NAME

    def layout(self) -> None:
        self.buttons = []
        y = KEYS_TOP
        for row in key_rows(self.app.settings.lang, self.hangul):
            x = PANEL.centerx - (len(row) * (KEY_W + KEY_GAP) - KEY_GAP) // 2
            for ch in row:
                self.buttons.append(Button(pygame.Rect(x, y, KEY_W, KEY_H), partial(self.type, ch),
                                           ch, text_size=44, name=f"key:{ch}", cooldown=0.0, why=self.refuse))
                x += KEY_W + KEY_GAP
            y += KEY_H + KEY_GAP
        self.buttons += [
            Button(pygame.Rect(PANEL.left + 50, BOTTOM_Y, 240, BOTTOM_H), self.erase, icon="back",
                   colour="orange", name="erase", cooldown=0.0),
            Button(pygame.Rect(PANEL.left + 320, BOTTOM_Y, 420, BOTTOM_H), lambda: self.type(" "),
                   self.t("keyboard.space"), colour="paper", name="space", cooldown=0.08, why=self.refuse),
            Button(pygame.Rect(PANEL.right - 370, BOTTOM_Y, 320, BOTTOM_H), self.done, self.t("button.ok"),
                   icon="check", colour="green", name="ok"),
            Button(CANCEL.copy(), self.cancel, icon="cross", colour="red", name="cancel"),
        ]
        if self.app.settings.lang == "ko":
            self.buttons.append(Button(pygame.Rect(PANEL.left + 770, BOTTOM_Y, 200, BOTTOM_H),
                                       self.switch_letters, "ABC" if self.hangul else "한글",
                                       colour="blue", name="letters", text_size=40))
        self.show_room()

    def show_room(self) -> None:
        """A full name shows on the keys: the letters that no longer fit (and the space) go grey
        and quiet, and a tap on one says so with the "bonk" of a blocked move (:meth:`refuse`)."""
        for button in self.buttons:
            if button.name.startswith("key:"):
                button.enabled = self.takes(self.cased(button.name[4:]))
            elif button.name == "space":
                button.enabled = len(self.name) < MAX_NAME

    def refuse(self) -> None:
        """A tap on a grey key of a full name (or a letter typed on a hardware keyboard then)."""
        self.app.assets.play("stuck")

    def cased(self, ch: str) -> str:
        """The letter a key types now: a capital at the start of a word, else a small one."""
        starts_word = not self.name or self.name.endswith(" ")
        return ch if starts_word else ch.lower()

    def type(self, ch: str) -> None:
        if ch == " " and (not self.name or self.name.endswith(" ")):
            return
        ch = self.cased(ch)
        if self.takes(ch):
            self.keys = self.keys + [ch]
        else:
            self.refuse()
        self.show_room()

    def erase(self) -> None:
        if self.keys:
            self.keys.pop()
        else:
            self.prefix = self.prefix[:-1]
        self.show_room()

    def switch_letters(self) -> None:
        self.hangul = not self.hangul
        self.layout()

    def done(self) -> None:
        name = self.name.strip() or self.placeholder
        self.app.pop()
        if name:
            self.on_done(name)

    def cancel(self) -> None:
        """Leave with the name as it was (on_done is not called)."""
        self.app.pop()

    def key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_BACKSPACE:
            self.erase()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.done()
        elif event.key == pygame.K_ESCAPE:
            self.cancel()
        self.app.dirty = True

    def text_input(self, text: str) -> None:
        """Letters typed on a hardware keyboard; a character no font of the app can draw (an emoji)
        is left out, as it would be a box on every screen."""
        for ch in text:
            if not ch.isprintable() or not self.app.assets.drawable(ch):
                continue
            if self.takes(ch):
                self.keys.append(ch)
            else:
                self.refuse()
        self.show_room()
        self.app.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        overlay_panel(surface, PANEL)
        assets = self.app.assets
        title = assets.text(self.t("keyboard.title"), 44, INK, title=True)
        surface.blit(title, title.get_rect(midtop=(PANEL.centerx, PANEL.top + 30)))
        field = pygame.Rect(PANEL.centerx - 400, PANEL.top + 105, 800, 100)
        rounded_panel(surface, field, (255, 255, 255), radius=20, border=(120, 100, 80), shadow=0)
        if self.name or not self.placeholder:
            name = assets.fit_text(self.name + "|", 56, INK, field.w - 30, field.h - 10)
            surface.blit(name, name.get_rect(center=field.center))
        else:
            # the name it keeps unless a key is typed: faint, the cursor before it
            hint = assets.fit_text(self.placeholder, 56, PLACEHOLDER_INK, field.w - 60, field.h - 10)
            spot = hint.get_rect(center=field.center)
            surface.blit(hint, spot)
            cursor = assets.fit_text("|", 56, INK, 40, field.h - 10)
            surface.blit(cursor, cursor.get_rect(midright=(spot.left - 2, field.centery)))
        self.draw_buttons(surface)
