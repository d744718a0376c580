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
from kidgames.ui.assets import COMFORTAA, MAIN_FONT, NANUM_ROUND, TITLE_FONTS, draws_all
from kidgames.ui.keyboard import ALPHABETS, key_rows

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
    """The characters of ``text`` (whitespace aside) that the font at ``path`` draws nothing for:
    no glyph, or an empty one."""
    chars = sorted({ch for ch in text if not ch.isspace()})
    return [ch for ch in chars if not draws_all(font(path), ch)]


def describe(chars) -> str:
    return " ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in chars)


def fonts_for(lang: str) -> list:
    return [MAIN_FONT, TITLE_FONTS[lang]]


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
    for path in (MAIN_FONT, COMFORTAA, NANUM_ROUND):
        assert missing_glyphs(path, text) == ["\ue000", "\U0001D11E"]
    assert missing_glyphs(COMFORTAA, "한국어") == ["국", "어", "한"]
    assert missing_glyphs(NANUM_ROUND, "Čeština") == ["Č", "š"]
    assert missing_glyphs(MAIN_FONT, "한국어 Čeština Русский") == []


def test_an_empty_glyph_counts_as_missing():
    class Face:  # a Korean face that maps Cyrillic to empty outlines, as some do
        def get_metrics(self, text):
            return [(0, 0, 0, 0, 16.0, 0.0) if "а" <= ch <= "я" else (1, 12, 0, 14, 13.0, 0.0) for ch in text]
    assert not draws_all(Face(), "Кто играет")
    assert draws_all(Face(), "КТО ИГРАЕТ")


def test_every_language_has_a_title_face_and_russian_is_not_drawn_with_comfortaa():
    assert set(TITLE_FONTS) == set(LANGUAGES)
    assert all(path.exists() for path in TITLE_FONTS.values())
    # Comfortaa's т and д look like m and g to a young reader
    assert TITLE_FONTS["ru"] != COMFORTAA
    assert missing_glyphs(TITLE_FONTS["ru"], "абвгдеёжзийклмнопрстуфхцчшщъыьэюя".upper() + "тд«»") == []
    assert missing_glyphs(TITLE_FONTS["ko"], "기사와 황금 보물 ㅃㅉㄸㄲㅆㅒㅖ") == []


def test_language_names_have_glyphs_in_the_main_font():
    problems = {lang: missing_glyphs(MAIN_FONT, name) for lang, name in LANGUAGE_NAMES.items()}
    problems = {lang: describe(chars) for lang, chars in problems.items() if chars}
    assert not problems, f"language names with missing glyphs in {MAIN_FONT.name}: {problems}"
    assert set(LANGUAGE_NAMES) == set(LANGUAGES)


@pytest.mark.parametrize("lang", sorted(ALPHABETS))
def test_keyboard_letters_have_glyphs(lang):
    letters = "".join(key_rows(lang, hangul=False) + key_rows(lang, hangul=True))
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


# -- no text drawn half in another face -------------------------------------------------------------
def test_each_language_name_is_drawn_in_its_own_languages_face():
    """The settings screen's language buttons: "Čeština" drawn in a Russian or Korean app fell back
    to the main font (NanumSquareRound has no Č or š), "한국어" in an English, Czech or German one
    (Comfortaa has no Hangul).  Each name is drawn in its own language's rounded face now."""
    from kidgames.ui.settings_scene import language_face
    for lang, name in LANGUAGE_NAMES.items():
        assert language_face(lang) == TITLE_FONTS[lang]
        missing = missing_glyphs(language_face(lang), name)
        assert not missing, f"{name}: {language_face(lang).name} lacks {describe(missing)}"


def scenes_to_look_at(app):
    """The menu, the settings, every game's setup, the questions, every game's first screen."""
    from kidgames.core.seats import COLOURS, COMPUTER, Seat
    from kidgames.games import GAMES
    from kidgames.ui.menu import MenuScene
    from kidgames.ui.settings_scene import SettingsScene
    from kidgames.ui.setup import SetupScene
    yield MenuScene(app)
    yield SettingsScene(app)
    for spec in GAMES.values():
        if spec.scene:
            yield SetupScene(app, spec)
    menu = MenuScene(app)
    app.reset_to(menu)
    menu.ask_quit()
    yield None
    for game_id, spec in GAMES.items():
        if spec.scene:
            seats = [Seat(app.t(f"colour.{c}"), c, COMPUTER, default_name=True) for c in COLOURS[:spec.max_players]]
            app.start_game(game_id, seats, seed=1)
            yield None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_text_meant_for_the_rounded_face_falls_back_to_another_face(tmp_path, monkeypatch, lang):
    """Every text asked for in the language's rounded face (buttons, titles, names) is drawn in it
    whole: the face has every letter, so nothing on a screen falls back to the main font."""
    from kidgames.ui.assets import Assets
    from ui_driver import make_app
    fell_back = set()
    covers = Assets.title_font_covers

    def recording(self, text):
        drawn = covers(self, text)
        if not drawn:
            fell_back.add(text)
        return drawn

    monkeypatch.setattr(Assets, "title_font_covers", recording)
    app = make_app(tmp_path, lang=lang)
    for scene in scenes_to_look_at(app):
        if scene is not None:
            app.push(scene)
        app.frame(1 / 60)
        app.draw()
    assert not fell_back, f"{lang}: drawn in another face than the rest: {sorted(fell_back)}"
