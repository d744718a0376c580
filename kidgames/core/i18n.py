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
LANGUAGES = ("en", "cs", "de", "ru", "ko")
LANGUAGE_NAMES = {"en": "English", "cs": "Čeština", "de": "Deutsch", "ru": "Русский", "ko": "한국어"}
DEFAULT = "en"


def load_messages(lang: str) -> dict[str, str]:
    """One language's texts, read from its file each call: a :class:`Catalog` keeps what it read."""
    path = LOCALE_DIR / f"{lang}.yaml"
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
                return text.format(**values)
            except (KeyError, IndexError, ValueError):
                return text
        return text

    def has(self, key: str) -> bool:
        return key in self._messages or key in self._fallback
