"""Message catalogs: every visible string comes from ``kidgames/locale/<lang>.yaml``.

``Catalog("cs").t("menu.play")`` gives the Czech text; a key missing in a language falls back
to English, and a key missing everywhere shows the key itself (a visible bug, never a crash).
"""
from __future__ import annotations

import locale
import os
from pathlib import Path
from typing import Any

import yaml

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
VOICE_DIR = LOCALE_DIR / "voice"     # how some prompts are said, where it differs from the text
LANGUAGES = ("en", "cs", "de", "ru", "ko")
LANGUAGE_NAMES = {"en": "English", "cs": "Čeština", "de": "Deutsch", "ru": "Русский", "ko": "한국어"}
DEFAULT = "en"


def load_messages(lang: str, folder: Path | None = None) -> dict[str, str]:
    """One language's texts, read from its file each call: a :class:`Catalog` keeps what it read."""
    path = (folder or LOCALE_DIR) / f"{lang}.yaml"
    try:
        with path.open(encoding="utf-8") as handle:
            data = yaml.safe_load(handle) or {}
    except OSError:
        return {}   # a missing catalog shows English (tests check every catalog is complete)
    if not isinstance(data, dict):
        raise ValueError(f"{path}: a message catalog must be a mapping of keys to texts")
    return {str(k): str(v) for k, v in data.items()}


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
    """A text of a catalog that remembers its key and the values it was written with, so that what
    the screen shows can also be spoken (kidgames/core/speech.py).  It is the text in every other
    way; a text made from it (joined, cut) is a plain text again."""

    key: str
    values: dict

    def __new__(cls, text: str, key: str, values: dict | None = None) -> "Message":
        message = super().__new__(cls, text)
        message.key = key
        message.values = dict(values or {})
        return message

    def __reduce__(self):
        return Message, (str(self), self.key, self.values)

    def __copy__(self) -> "Message":
        return self

    def __deepcopy__(self, memo) -> "Message":
        return self


class Catalog:
    """The texts of one language."""

    def __init__(self, lang: str = DEFAULT) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
        self.lang = lang
        self._messages = load_messages(lang)
        self._fallback = load_messages(DEFAULT)

    def t(self, key: str, **values: Any) -> str:
        text = self._messages.get(key) or self._fallback.get(key) or key
        if values:
            try:
                text = text.format(**values)
            except (KeyError, IndexError, ValueError):
                pass
        return Message(text, key, values)

    def messages(self) -> dict[str, str]:
        """Every text of this language (English where it has none)."""
        return {**self._fallback, **self._messages}

    def spoken(self) -> dict[str, str]:
        """Every text as it is said: where ``locale/voice/<lang>.yaml`` words a prompt otherwise for
        speaking (a name cut out of "{name}'s knight"), that wording."""
        return {**self.messages(), **load_messages(self.lang, VOICE_DIR)}

    def has(self, key: str) -> bool:
        return key in self._messages or key in self._fallback
