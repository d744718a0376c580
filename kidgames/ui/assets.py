"""Pictures, fonts and sounds, loaded once and converted for fast blitting.

Sound falls back to silence when the machine has no audio device; a missing picture is drawn as
a friendly placeholder rather than stopping the game.
"""
from __future__ import annotations

import time
from collections import OrderedDict
from pathlib import Path
from typing import TYPE_CHECKING, Collection, Sequence

import pygame

from kidgames.core.paths import COLLECTION_ICON, FONTS, SOUNDS, SPRITES, package_folder

if TYPE_CHECKING:
    from kidgames.core.protocol import GameSpec

#: The font that covers every language the app speaks (Latin with Czech and German letters,
#: Cyrillic, Hangul) in one file.
MAIN_FONT = FONTS / "wqy-microhei.ttc"
#: Rounded faces for titles and buttons, one per language. Comfortaa draws Latin with Czech and
#: German letters; its Cyrillic т and д look like m and g to a young reader and it has no Hangul,
#: so Russian and Korean have NanumSquareRound, whose Cyrillic keeps the printed forms.
COMFORTAA = FONTS / "Comfortaa-Bold.ttf"
NANUM_ROUND = FONTS / "NanumSquareRoundEB.ttf"
TITLE_FONTS = {"en": COMFORTAA, "cs": COMFORTAA, "de": COMFORTAA, "ru": NANUM_ROUND, "ko": NANUM_ROUND}
#: What stands for the end of a word too long for its place, cut (a text is never broken inside a word).
ELLIPSIS = "\u2026"


class Sounds:
    """The sound effects.  The audio device is opened when a sound plays and closed again after
    ``QUIET`` seconds without one: an open device keeps a thread mixing silence (about 0.4 % of a
    core), which a game waiting for a child does not need.  It is opened, and the effects are
    read, when the first one plays, not at start (the menu's first frame plays none: reading them
    was ~9 ms of the start, three times that on a tablet).  Without an audio device the game runs silent, and
    opening is not tried again.  The games' own ``sounds/`` folders (``own``) come
    before the shared one: a sound of a name found there is the game's."""

    QUIET = 3.0

    def __init__(self, folder: Path = SOUNDS, enabled: bool = True, own: Sequence[Path] = ()) -> None:
        self.enabled = enabled
        self.folder = Path(folder)
        self.folders = [*map(Path, own), self.folder]
        self._available: bool | None = None     # None: the device was not asked yet
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._last_play = time.monotonic()

    @property
    def available(self) -> bool:
        """Whether there is an audio device (asked the first time: that opens it)."""
        if self._available is None:
            self._open()
        return bool(self._available)

    @property
    def is_open(self) -> bool:
        """Whether the audio device is open (the first sound opens it; :meth:`rest` closes it)."""
        return bool(pygame.mixer.get_init())

    @property
    def ready(self) -> bool:
        """Whether the device is open and the effects are read for it."""
        return bool(self._sounds) and self.is_open

    def _open(self) -> bool:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
            self._available = True
        except pygame.error:
            self._available = False   # no audio device: the game runs silent
            return False
        self._sounds = {}
        for folder in self.folders:
            for path in sorted(folder.glob("*.wav")):
                if path.stem in self._sounds:
                    continue
                try:
                    self._sounds[path.stem] = pygame.mixer.Sound(str(path))
                except pygame.error:
                    continue
        for name, sound in self._sounds.items():
            sound.set_volume(0.35 if name == "step" else 0.7)
        return True

    def play(self, name: str) -> None:
        if not (self.enabled and self.available):
            return
        self._last_play = time.monotonic()
        if not self.ready and not self._open():
            return
        sound = self._sounds.get(name)
        if sound is not None:
            try:
                sound.play()
            except pygame.error:
                pass

    def ensure_open(self) -> bool:
        """Open the device for a voice (speech has its own setting: it plays with the effects off)."""
        if not self.available:
            return False
        self._last_play = time.monotonic()
        return self.is_open or self._open()

    def rest_in(self, now: float) -> float | None:
        """Seconds until the device may be closed (None: it is closed already)."""
        if not self.is_open:
            return None
        return max(0.0, self._last_play + self.QUIET - now)

    def rest(self, now: float) -> None:
        """Close the device once nothing has played for a while (it reopens on the next sound)."""
        if self.is_open and now - self._last_play >= self.QUIET and not pygame.mixer.get_busy():
            self._sounds = {}
            pygame.mixer.quit()


class Assets:
    """Fonts by size, sprites by name and size, rendered texts, all cached.  A picture or a sound
    is looked for in the games' own folders first (``games``: each game's ``sprites/`` and
    ``sounds/``, see :meth:`GameSpec.own`), then in the shared ``sprites/`` and ``sounds/``."""

    def __init__(self, lang: str = "en", sound: bool = True, games: Collection[GameSpec] = ()) -> None:
        self.lang = lang
        self.sounds = Sounds(enabled=sound, own=[f for spec in games if (f := spec.own("sounds")) is not None])
        #: Where pictures are looked for, in order: the games' own folders, then the shared one.
        self.picture_folders = picture_folders(games)
        self._fonts: dict[tuple[int, Path], pygame.font.Font] = {}
        self._images: dict[tuple[str, int], pygame.Surface] = {}
        self._originals: dict[str, pygame.Surface | None] = {}
        self._texts: OrderedDict = OrderedDict()
        self._fitted: dict[tuple, tuple[int, str]] = {}     # fit_text's chosen sizes (and drawable texts)
        self._checkers: dict[Path, object] = {}
        self._drawable: dict[str, bool] = {}    # a character -> whether the main font has it
        self._title_faces: dict[str, Path | None] = {}     # a language -> its title face, if there


    # -- fonts and text ---------------------------------------------------------------------------
    @property
    def title_face(self) -> Path | None:
        """The rounded title face of the current language, if it is there (looked for once per
        language: every title and banner asks, a frame after a move several times)."""
        lang = self.lang
        if lang not in self._title_faces:
            path = TITLE_FONTS.get(lang)
            self._title_faces[lang] = path if path is not None and path.exists() else None
        return self._title_faces[lang]

    def font(self, size: int, title: bool = False) -> pygame.font.Font:
        path = (title and self.title_face) or MAIN_FONT
        key = (size, path)
        font = self._fonts.get(key)
        if font is None:
            try:
                font = pygame.font.Font(str(path), size)
            except (OSError, FileNotFoundError, pygame.error):
                font = pygame.font.Font(None, size)
            self._fonts[key] = font
        return font

    def text(self, text: str, size: int, colour=(40, 30, 20), title: bool = False,
             outline: tuple[int, int, int] | None = None, width: int | None = None) -> pygame.Surface:
        """A rendered text (cached); ``outline`` draws a 2-px halo, ``width`` wraps lines."""
        key = (text, size, tuple(colour), title, outline, width)
        surf = self._texts.get(key)
        if surf is not None:
            self._texts.move_to_end(key)
            return surf
        text = self.drawable(text)
        font = self.font(size, title and self.title_font_covers(text))
        lines = wrap(font, text, width) if width else text.split("\n")
        rendered = [font.render(line, True, colour) for line in lines]
        pad = 2 if outline else 0
        w = max((r.get_width() for r in rendered), default=1) + 2 * pad
        h = sum(r.get_height() for r in rendered) + 2 * pad
        surf = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
        y = pad
        for line, r in zip(lines, rendered):
            x = pad + (w - 2 * pad - r.get_width()) // 2
            if outline:
                halo = font.render(line, True, outline)
                for dx in (-2, 0, 2):
                    for dy in (-2, 0, 2):
                        if dx or dy:
                            surf.blit(halo, (x + dx, y + dy))
            surf.blit(r, (x, y))
            y += r.get_height()
        self._texts[key] = surf
        if len(self._texts) > 600:
            self._texts.popitem(last=False)
        return surf

    def fit_text(self, text: str, size: int, colour, width: int, height: int, title: bool = False,
                 outline=None, min_size: int = 18) -> pygame.Surface:
        """The text at the largest size up to ``size`` whose words each fit ``width`` and whose
        wrapped lines fit ``height`` (long words in German, long sentences on small cards).  The
        size chosen is remembered: a banner painted in every frame of its fade measures its words
        once, not in every frame (on a tablet that measuring was a move frame's largest part)."""
        key = (text, size, width, height, title, outline, min_size)
        fitted = self._fitted.get(key)
        if fitted is None:
            drawn = self.drawable(text)
            fitted = self._fitted[key] = (self._fit_size(drawn, size, colour, width, height, title, outline,
                                                         min_size), drawn)
            if len(self._fitted) > 600:
                self._fitted.pop(next(iter(self._fitted)))
        chosen, drawn = fitted
        return self.text(drawn, chosen, colour, title=title, outline=outline, width=width)

    def _fit_size(self, text: str, size: int, colour, width: int, height: int, title: bool, outline,
                  min_size: int) -> int:
        """The size :meth:`fit_text` draws ``text`` at (the text tried last stays in the text cache).

        A size whose lines cannot fit is passed over unrendered: a rendered line is never lower than
        the font's line size, and the wrap has as many lines as the greedy one (which makes the
        fewest), so more lines than fit at that height rule the size out; a size that may fit is
        rendered, as :meth:`text` draws it, and measured (a letter with a mark above or below may
        make its line higher)."""
        words = text.split()
        face = title and self.title_font_covers(text)
        pad = 4 if outline else 0
        for s in range(size, min_size - 1, -2):
            font = self.font(s, face)
            measure = Widths(font)
            if words and max(map(measure, words)) > width:
                continue
            if len(_wrap_greedy(measure, text, width)) * font.get_linesize() + pad > height:
                continue
            if self.text(text, s, colour, title=title, outline=outline, width=width).get_height() <= height:
                return s
        return min_size

    def drawable(self, text: str) -> str:
        """``text`` without the characters no font of the app can draw (an emoji in a name typed on
        a hardware keyboard or given on the command line): the rest is shown, never a box.  Every
        text is drawn in the main font when the title face lacks a letter of it, so what the main
        font has is what can be drawn."""
        if text.isascii():
            return text
        known = self._drawable
        if all(known.get(ch, False) for ch in text):
            return text
        checker = self._checker(MAIN_FONT)
        if checker is False:
            return text                  # no font file to ask: draw as before
        for ch in text:
            if ch not in known:
                known[ch] = ch.isspace() or checker.get_metrics(ch)[0] is not None
        kept = "".join(ch for ch in text if known[ch])
        if kept == text:
            return text
        # an emoji between two words leaves one space, not two; none at the ends
        return "\n".join(" ".join(line.split()) for line in kept.split("\n"))

    def _checker(self, path: Path):
        """A freetype face of ``path`` that says which glyphs it has (False: it cannot be read)."""
        checker = self._checkers.get(path)
        if checker is None:
            try:
                import pygame.freetype
                pygame.freetype.init()
                checker = pygame.freetype.Font(str(path), 20)
            except (OSError, pygame.error, ImportError):
                checker = False
            self._checkers[path] = checker
        return checker

    def title_font_covers(self, text: str) -> bool:
        """Whether the language's rounded title face draws every letter of ``text`` (a Korean name
        typed in an English game is not): otherwise the main font draws it, never boxes."""
        path = self.title_face
        if path is None:
            return False
        checker = self._checker(path)
        return checker is not False and draws_all(checker, text)

    def set_language(self, lang: str) -> None:
        self.lang = lang
        self._fonts.clear()
        self._texts.clear()
        self._fitted.clear()

    # -- pictures ---------------------------------------------------------------------------------
    def image(self, name: str, size: int) -> pygame.Surface:
        """Sprite ``name`` scaled to fit a ``size``×``size`` square."""
        key = (name, size)
        surf = self._images.get(key)
        if surf is None:
            original = self._original(name)
            surf = _placeholder(size) if original is None else _fitted(original, size)
            self._images[key] = surf
        return surf


    def _original(self, name: str) -> pygame.Surface | None:
        if name not in self._originals:
            path = self.picture_path(name)
            try:
                image = pygame.image.load(str(path))
                self._originals[name] = image.convert_alpha() if pygame.display.get_surface() else image
            except (pygame.error, FileNotFoundError, OSError):
                self._originals[name] = None
        return self._originals[name]

    def picture_path(self, name: str) -> Path:
        """The file of picture ``name``: in a game's own folder, else in the shared one."""
        return picture_path(self.picture_folders, name)

    def play(self, name: str) -> None:
        self.sounds.play(name)


def picture_folders(games: Collection[GameSpec]) -> list[Path]:
    """Where pictures are looked for, in order: the games' own folders, then the shared one."""
    return [*(f for spec in games if (f := spec.own("sprites")) is not None), SPRITES]


def picture_path(folders: Sequence[Path], name: str) -> Path:
    """The file of picture ``name``: in the first of ``folders`` that has it, else in the shared one."""
    return next((path for folder in folders if (path := folder / f"{name}.png").is_file()), SPRITES / f"{name}.png")


def window_icon(games: Collection[GameSpec], name: str, size: int) -> pygame.Surface:
    """The window's icon: the collection's own icon of ``size`` where there is one, as its
    launchers show it (kidgames/icons/<size>/, core.paths.COLLECTION_ICON, made by tools/make_icons.py from picture
    ``name`` and the games' pictures), else picture ``name`` at ``size`` (as :meth:`Assets.image`
    scales it).  Read for it alone: the icon is set before the window opens (else pygame reads and
    sets an icon of its own first, 5-15 ms of the start), when a picture cannot yet be converted to
    the window's format as the pictures :class:`Assets` keeps are."""
    try:
        return pygame.image.load(str(package_folder("icons") / str(size) / f"{COLLECTION_ICON}.png"))
    except (pygame.error, FileNotFoundError, OSError):
        pass
    try:
        original = pygame.image.load(str(picture_path(picture_folders(games), name)))
    except (pygame.error, FileNotFoundError, OSError):
        return _placeholder(size)
    return _fitted(original, size)


def draws_all(face, text: str) -> bool:
    """Whether the freetype ``face`` has a visible glyph for every non-space letter of ``text``:
    some faces map letters to empty outlines (a Korean face's Cyrillic), as bad as a missing one."""
    letters = "".join(ch for ch in text if not ch.isspace())
    return all(m is not None and (m[0] != m[1] or m[2] != m[3]) for m in face.get_metrics(letters))


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """Break text into lines that fit ``width`` between words, never inside one (a word wider than
    ``width`` is cut with an ellipsis, see :func:`cut`), balanced: as many lines as needed, each about as long as the others ("Back to the / star."
    becomes "Back to / the star.")."""
    measure = Widths(font)
    lines = _wrap_greedy(measure, text, width)
    if len(lines) < 2:
        return lines
    # never narrower than the widest word: balancing must not break a word that fits ("Fairy-Tal / e")
    lo, hi = min(width, max(measure(word) for word in text.split())), width
    while lo < hi:                      # the narrowest width that needs no more lines
        mid = (lo + hi) // 2
        if len(_wrap_greedy(measure, text, mid)) <= len(lines):
            hi = mid
        else:
            lo = mid + 1
    return _wrap_greedy(measure, text, lo)


class Widths:
    """A font's widths of texts, each measured once: the balanced wrap tries a text's lines at
    about ten widths, and ``font.size`` (a layout of the whole string, some 20-60 µs) was most of
    the time of a banner's first frame (195 calls for a two-line sentence)."""

    def __init__(self, font: pygame.font.Font) -> None:
        self.font = font
        self.known: dict[str, int] = {}

    def __call__(self, text: str) -> int:
        width = self.known.get(text)
        if width is None:
            width = self.known[text] = self.font.size(text)[0]
        return width


def _wrap_greedy(measure: Widths, text: str, width: int) -> list[str]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split(" ")
        line = ""
        for word in words:
            candidate = f"{line} {word}" if line else word
            if measure(candidate) <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            line = word if measure(word) <= width else cut(measure, word, width)
        lines.append(line)
    return lines


def cut(measure: Widths, word: str, width: int) -> str:
    """``word`` cut short with an ellipsis so that it fits ``width`` (its first letter and the
    ellipsis at least): a word too long for its place even at the smallest size is never broken
    onto two lines ("Фиолетов / ый", "Maximi / liane"), it is cut ("Фиолето…")."""
    keep = len(word) - 1
    while keep > 1 and measure(word[:keep] + ELLIPSIS) > width:
        keep -= 1
    return word[:max(1, keep)] + ELLIPSIS


def _fitted(original: pygame.Surface, size: int) -> pygame.Surface:
    """``original`` scaled to fit a ``size``×``size`` square."""
    w, h = original.get_size()
    scale = size / max(w, h)
    return pygame.transform.smoothscale(original, (max(1, round(w * scale)), max(1, round(h * scale))))


def _placeholder(size: int) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(surf, (255, 255, 255, 200), (size // 2, size // 2), size // 2 - 2)
    pygame.draw.circle(surf, (120, 120, 120), (size // 2, size // 2), size // 2 - 2, 3)
    return surf
