"""Message catalogs: complete, placeholders intact, every character drawable by the app's fonts."""
from __future__ import annotations

import string
from functools import lru_cache

import pygame
import pygame.freetype
import pytest
import yaml

from kidgames.core import i18n
from kidgames.core.i18n import LANGUAGE_NAMES, LANGUAGES, LOCALE_DIR, Catalog, system_language
from kidgames.ui.assets import MAIN_FONT, TITLE_FONT, TITLE_FONT_LANGS
from kidgames.ui.keyboard import ALPHABETS

TRANSLATIONS = [lang for lang in LANGUAGES if lang != "en"]


def read_catalog(lang: str) -> dict:
    with (LOCALE_DIR / f"{lang}.yaml").open(encoding="utf-8") as handle:
        return yaml.safe_load(handle)


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def shown_text(text: str) -> str:
    """The literal part of a message, the part the fonts must draw ({name} is filled in later)."""
    return "".join(literal for literal, _, _, _ in string.Formatter().parse(text))


@lru_cache(maxsize=None)
def font(path) -> pygame.freetype.Font:
    pygame.freetype.init()
    return pygame.freetype.Font(str(path), 24)


def missing_glyphs(path, text: str) -> list[str]:
    """The characters of ``text`` (whitespace aside) that the font at ``path`` has no glyph for."""
    chars = sorted({ch for ch in text if not ch.isspace()})
    metrics = font(path).get_metrics("".join(chars))
    return [ch for ch, metric in zip(chars, metrics) if metric is None]


def describe(chars) -> str:
    return " ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in chars)


def fonts_for(lang: str) -> list:
    return [MAIN_FONT, TITLE_FONT] if lang in TITLE_FONT_LANGS else [MAIN_FONT]


# -- catalogs ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalog_is_a_mapping_of_texts(lang):
    data = read_catalog(lang)
    assert isinstance(data, dict)
    bad = {k: v for k, v in data.items() if not isinstance(k, str) or not isinstance(v, str) or not v.strip()}
    assert not bad, f"{lang}.yaml: keys and values must be non-empty strings (quote them): {bad}"


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_catalog_has_exactly_the_english_keys(lang):
    english, other = set(read_catalog("en")), set(read_catalog(lang))
    missing, extra = sorted(english - other), sorted(other - english)
    assert not missing and not extra, f"{lang}.yaml: missing keys {missing}; extra keys {extra}"


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_translations_keep_the_placeholders(lang):
    english, other = read_catalog("en"), read_catalog(lang)
    wrong = {key: (sorted(placeholders(english[key])), sorted(placeholders(text)))
             for key, text in other.items()
             if key in english and placeholders(text) != placeholders(english[key])}
    assert not wrong, f"{lang}.yaml: placeholders differ from English (english, {lang}): {wrong}"


# -- glyphs -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_has_glyphs_in_the_fonts_of_its_language(lang):
    problems = []
    for path in fonts_for(lang):
        for key, text in read_catalog(lang).items():
            missing = missing_glyphs(path, shown_text(text))
            if missing:
                problems.append(f"{lang} {key}: {path.name} lacks {describe(missing)}")
    assert not problems, "\n".join(problems)


def test_the_glyph_check_finds_a_missing_character():
    text = "Ahoj \U0001D11E\ue000!"
    for path in (MAIN_FONT, TITLE_FONT):
        assert missing_glyphs(path, text) == ["\ue000", "\U0001D11E"]
    assert missing_glyphs(TITLE_FONT, "한국어") == ["국", "어", "한"]
    assert missing_glyphs(MAIN_FONT, "한국어 Čeština Русский") == []


def test_language_names_have_glyphs_in_the_main_font():
    problems = {lang: missing_glyphs(MAIN_FONT, name) for lang, name in LANGUAGE_NAMES.items()}
    problems = {lang: describe(chars) for lang, chars in problems.items() if chars}
    assert not problems, f"language names with missing glyphs in {MAIN_FONT.name}: {problems}"
    assert set(LANGUAGE_NAMES) == set(LANGUAGES)


@pytest.mark.parametrize("lang", sorted(ALPHABETS))
def test_keyboard_letters_have_glyphs(lang):
    letters = ALPHABETS[lang]
    letters += letters.lower()  # names are typed with a capital first letter, the rest small
    problems = []
    for path in fonts_for(lang):
        missing = missing_glyphs(path, letters)
        if missing:
            problems.append(f"{lang} keyboard: {path.name} lacks {describe(missing)}")
    assert not problems, "\n".join(problems)


# -- language choice and lookup ---------------------------------------------------------------------
@pytest.fixture
def clean_locale(monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    # the process locale is the last fallback; keep it out of the way
    monkeypatch.setattr(i18n.locale, "getlocale", lambda *args: (None, None))
    return monkeypatch


def test_system_language_from_lang(clean_locale):
    clean_locale.setenv("LANG", "cs_CZ.UTF-8")
    assert system_language() == "cs"


def test_unknown_system_language_falls_back_to_english(clean_locale):
    clean_locale.setenv("LANG", "xx_YY")
    assert system_language() == "en"


def test_language_variable_wins_over_lang(clean_locale):
    clean_locale.setenv("LANG", "de_DE.UTF-8")
    clean_locale.setenv("LANGUAGE", "ko_KR:en")
    assert system_language() == "ko"


def test_placeholders_are_filled_in():
    assert "3" in Catalog("de").t("setup.count", n=3)
    assert "Anna" in Catalog("cs").t("curtain.pass", name="Anna")


def test_missing_key_falls_back_to_english(monkeypatch):
    english = i18n.load_messages("en")
    german = {k: v for k, v in i18n.load_messages("de").items() if k != "menu.hint"}
    monkeypatch.setattr(i18n, "load_messages", lambda lang: english if lang == "en" else german)
    catalog = Catalog("de")
    assert catalog.t("menu.hint") == english["menu.hint"]
    assert catalog.t("no.such.key") == "no.such.key"


def test_unknown_language_is_refused():
    with pytest.raises(ValueError):
        Catalog("xx")
