"""Message catalogs: every visible string comes from ``kidgames/locale/<lang>.po``.

The catalogs are standard gettext files (read with polib, kidgames/core/po.py): ``msgctxt`` is the
key the code asks for, ``msgid`` the English text, ``msgstr`` the language's.
``Catalog("cs").t("menu.play")`` gives the Czech text; a text that depends on a count
(``castle.buy``, "Koupit za {n} diamanty") has one form per plural form of the language and ``t``
picks the form for its ``n``.  A key missing in a
language (or left untranslated) falls back to English, and a key missing everywhere shows the key
itself (a visible bug, never a crash).
"""
from __future__ import annotations

import locale
import os
from pathlib import Path
from typing import Any, Iterable

from kidgames.core import po
from kidgames.core.paths import package_folder
from kidgames.core.protocol import Words

LOCALE_DIR = package_folder("locale")     # found through importlib.resources, as the content is
VOICE_DIR = LOCALE_DIR / "voice"     # how some prompts are said, where it differs from the text
LANGUAGES = ("en", "cs", "de", "ru", "ko")
LANGUAGE_NAMES = {"en": "English", "cs": "Čeština", "de": "Deutsch", "ru": "Русский", "ko": "한국어"}
DEFAULT = "en"


def load_catalog(lang: str, folder: Path | None = None) -> po.PoFile | None:
    """One language's catalog, read from its file (None if there is no such file): a
    :class:`Catalog` keeps what it read.  A damaged file raises :class:`po.CatalogError`.  The app's
    own catalogs (``locale/`` and ``locale/voice/``) are read once while their file is unchanged:
    the start reads English for the screen and again for the voice (issue 33); nothing changes a
    catalog once read."""
    path = (folder or LOCALE_DIR) / f"{lang}.po"
    try:
        found = path.stat()
    except OSError:
        return None   # a missing catalog shows English (tests check every catalog is complete)
    if not path.is_file():
        return None
    if folder not in (None, LOCALE_DIR, VOICE_DIR):
        return po.read(path)
    stamp = (str(path), found.st_mtime_ns, found.st_size, found.st_ino)
    catalog = _READ.get(stamp)
    if catalog is None:
        catalog = _READ[stamp] = po.read(path)
    return catalog


#: The app's own catalogs as read, by file and version (see :func:`load_catalog`).
_READ: dict[tuple, po.PoFile] = {}


def _forms(catalog: po.PoFile | None) -> dict[str, list[str]]:
    """Each translated key's texts (one, or one per plural form); untranslated and fuzzy entries
    are left out, so English shows instead."""
    if catalog is None:
        return {}
    return {key: entry.translation for key, entry in catalog.entries.items()
            if not entry.fuzzy and entry.translation and all(entry.translation)}


def load_messages(lang: str, folder: Path | None = None) -> dict[str, str]:
    """One language's texts by key (a text with plural forms: its first form)."""
    return {key: forms[0] for key, forms in _forms(load_catalog(lang, folder)).items()}


def system_language() -> str:
    """The user's language from the environment (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else English."""
    candidates = [os.environ.get(k, "") for k in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    try:
        candidates.append(locale.getlocale()[0] or "")
    except ValueError:
        pass
    for value in candidates:
        for part in value.split(":"):
            code = part.split("_")[0].split(".")[0].lower()
            if code in LANGUAGES:
                return code
    return DEFAULT


class Message(str):
    """A text of a catalog that remembers its key, the values it was written with and its plural
    form, so that what the screen shows can also be spoken (kidgames/core/speech.py).  It is the
    text in every other way; a text made from it (joined, cut) is a plain text again."""

    key: str
    values: dict
    form: int

    def __new__(cls, text: str, key: str, values: dict | None = None, form: int = 0) -> "Message":
        message = super().__new__(cls, text)
        message.key = key
        message.values = dict(values or {})
        message.form = form
        return message

    @property
    def spoken_key(self) -> str:
        """The key its clips are named by: the key, and for plural form i > 0 ``<key>.f<i>``."""
        return plural_key(self.key, self.form)

    def __reduce__(self):
        return Message, (str(self), self.key, self.values, self.form)

    def __copy__(self) -> "Message":
        return self

    def __deepcopy__(self, memo) -> "Message":
        return self


def plural_key(key: str, form: int) -> str:
    return f"{key}.f{form}" if form else key


class Catalog:
    """The texts of one language: the app's own, and those of every game that brings its own
    catalog (``words``: the games' declarations, kidgames/core/protocol.Words; a game's folder holds
    ``<lang>.po`` files like the app's, with keys of its own only)."""

    def __init__(self, lang: str = DEFAULT, words: Iterable[Words] = ()) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
        self.lang = lang
        own = load_catalog(lang)
        english = own if lang == DEFAULT else load_catalog(DEFAULT)
        self._forms = _forms(own)
        self._fallback = _forms(english)
        for folder in sorted({w.catalog for w in words if w.catalog is not None}):
            self._merge(folder)
        self._rule = (own or english or po.PoFile({}, {})).plural_rule()[1]
        self._english_rule = (english or po.PoFile({}, {})).plural_rule()[1]

    def _merge(self, folder: Path) -> None:
        """A game's own catalog in ``folder``: its texts in this language, English where it has none.
        A key the app (or another game) already has is refused: a game names only its own words."""
        own = _forms(load_catalog(self.lang, folder))
        english = own if self.lang == DEFAULT else _forms(load_catalog(DEFAULT, folder))
        taken = sorted((own.keys() | english.keys()) & (self._forms.keys() | self._fallback.keys()))
        if taken:
            raise po.CatalogError(f"{folder}: the keys {', '.join(taken[:5])} are not this game's own "
                                  f"(the app or another game has them)")
        self._forms.update(own)
        self._fallback.update(english)

    def form(self, count: Any, english: bool = False) -> int:
        """The plural form for ``count`` in this language (English's with ``english``)."""
        if isinstance(count, bool) or not isinstance(count, int):
            return 0
        return (self._english_rule if english else self._rule)(abs(count))

    def t(self, key: str, **values: Any) -> str:
        forms, english = self._forms.get(key), False
        if not forms:
            forms, english = self._fallback.get(key), True
        if not forms:
            return Message(key, key, values)
        form = min(self.form(values.get("n"), english), len(forms) - 1) if len(forms) > 1 else 0
        text = forms[form]
        if values:
            try:
                text = text.format(**values)
            except (KeyError, IndexError, ValueError):
                pass
        return Message(text, key, values, form)

    def messages(self) -> dict[str, str]:
        """Every text of this language (English where it has none); a text with plural forms is
        given by its first form under its key and each other form under ``<key>.f<i>``."""
        merged = {**self._fallback, **self._forms}
        return {plural_key(key, i): text for key, forms in merged.items() for i, text in enumerate(forms)}

    def spoken(self) -> dict[str, str]:
        """Every text as it is said: where ``locale/voice/<lang>.po`` words a prompt otherwise for
        speaking (a name cut out of "{name}'s knight"), that wording."""
        return {**self.messages(), **load_messages(self.lang, VOICE_DIR)}

    def has(self, key: str) -> bool:
        return key in self._forms or key in self._fallback
