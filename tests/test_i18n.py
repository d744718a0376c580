"""Message catalogs (gettext .po): complete, placeholders intact, plural forms right, every
character drawable by the app's fonts."""
from __future__ import annotations

import shutil
import string
import subprocess
from functools import lru_cache

import polib
import pygame
import pygame.freetype
import pytest

from kidgames.core import i18n, po
from kidgames.core.i18n import LANGUAGE_NAMES, LANGUAGES, LOCALE_DIR, VOICE_DIR, Catalog, system_language
from kidgames.ui.assets import COMFORTAA, MAIN_FONT, NANUM_ROUND, TITLE_FONTS, draws_all
from kidgames.ui.keyboard import ALPHABETS, key_rows

TRANSLATIONS = [lang for lang in LANGUAGES if lang != "en"]


def read_catalog(lang: str) -> dict[str, str]:
    """Every text of a language's .po file by key; a plural form i > 0 under ``<key>.f<i>``."""
    entries = po.read(LOCALE_DIR / f"{lang}.po").entries
    return {i18n.plural_key(key, i): text for key, e in entries.items() for i, text in enumerate(e.translation)}


def entries(lang: str) -> dict[str, po.Entry]:
    return po.read(LOCALE_DIR / f"{lang}.po").entries


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
def test_catalog_is_a_gettext_file_of_translated_texts(lang):
    catalog = po.read(LOCALE_DIR / f"{lang}.po")
    assert catalog.header["Language"] == lang and "charset=UTF-8" in catalog.header["Content-Type"]
    assert catalog.header["Plural-Forms"] == po.PLURAL_FORMS[lang]
    bad = {k: e.translation for k, e in catalog.entries.items() if e.fuzzy or not all(t.strip() for t in e.translation)}
    assert not bad, f"{lang}.po: untranslated or fuzzy messages: {bad}"


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_catalog_has_exactly_the_english_keys_and_english_msgids(lang):
    english, other = entries("en"), entries(lang)
    missing, extra = sorted(set(english) - set(other)), sorted(set(other) - set(english))
    assert not missing and not extra, f"{lang}.po: missing keys {missing}; extra keys {extra}"
    stale = [k for k, e in other.items() if (e.source, e.source_plural) != (english[k].source, english[k].source_plural)]
    assert not stale, f"{lang}.po: msgid differs from the English text (update it with msgmerge): {stale}"


def test_english_msgids_are_the_english_texts():
    wrong = {k: e for k, e in entries("en").items()
             if e.translation != ([e.source, e.source_plural] if e.source_plural is not None else [e.source])}
    assert not wrong, f"en.po: msgstr must repeat msgid: {sorted(wrong)}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_messages_have_the_languages_number_of_forms(lang):
    count = po.parse_plural_forms(po.PLURAL_FORMS[lang])[0]
    wrong = {k: len(e.translation) for k, e in entries(lang).items() if e.source_plural is not None and len(e.translation) != count}
    assert not wrong, f"{lang}.po: plural messages need {count} forms: {wrong}"


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_translations_keep_the_placeholders(lang):
    english, other = entries("en"), entries(lang)
    wrong = {}
    for key, entry in other.items():
        want = placeholders(english[key].source)
        for text in entry.translation:
            if key in english and placeholders(text) != want:
                wrong[key] = (sorted(want), sorted(placeholders(text)))
    assert not wrong, f"{lang}.po: placeholders differ from English (english, {lang}): {wrong}"


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not installed")
@pytest.mark.parametrize("path", sorted(LOCALE_DIR.glob("*.po")) + sorted(VOICE_DIR.glob("*.po")), ids=lambda p: p.name)
def test_gettexts_own_checker_accepts_the_catalogs(path, tmp_path):
    """What a translator's tools check (msgfmt --check: header, plural forms, format strings)."""
    done = subprocess.run(["msgfmt", "--check", "-o", str(tmp_path / "out.mo"), str(path)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


CARDS = {  # castle.hint.lose: "give the witch {n} more cards", as a Czech and a Russian child says it
    "cs": {1: "1 kartu", 2: "2 karty", 5: "5 karet", 21: "21 karet", 22: "22 karet", 25: "25 karet"},
    "ru": {1: "1 карту", 2: "2 карты", 5: "5 карт", 21: "21 карту", 22: "22 карты", 25: "25 карт"},
}
DIAMONDS = {
    "cs": {1: "1 diamant", 2: "2 diamanty", 5: "5 diamantů", 21: "21 diamantů", 22: "22 diamantů", 25: "25 diamantů"},
    "ru": {1: "1 алмаз", 2: "2 алмаза", 5: "5 алмазов", 21: "21 алмаз", 22: "22 алмаза", 25: "25 алмазов"},
}


@pytest.mark.parametrize("lang", ["cs", "ru"])
def test_czech_and_russian_plurals_for_1_2_5_21_22_25(lang):
    """Czech: 1 karta, 2-4 karty, 5 and more karet (21 too: Czech counts 21 as 'twenty-one of' them);
    Russian: 1 and 21 карта, 2-4 and 22 карты, 5-20 and 25 карт."""
    catalog = Catalog(lang)
    for n, words in CARDS[lang].items():
        text = catalog.t("castle.hint.lose", name="Anna", n=n)
        assert words in text, (n, text)
    for n, words in DIAMONDS[lang].items():
        assert catalog.t("castle.buy", n=n).endswith(words), (n, catalog.t("castle.buy", n=n))
    rule = po.parse_plural_forms(po.PLURAL_FORMS[lang])[1]
    assert [rule(n) for n in (1, 2, 5, 21, 22, 25)] == ([0, 1, 2, 2, 2, 2] if lang == "cs" else [0, 1, 2, 0, 1, 2])


def test_english_german_and_korean_plurals():
    assert [Catalog("en").t("setup.count", n=n) for n in (1, 2)] == ["1 player", "2 players"]
    assert Catalog("de").t("castle.hint.lose", name="Ben", n=1).endswith("noch 1 Karte.")
    assert Catalog("de").t("castle.hint.lose", name="Ben", n=3).endswith("noch 3 Karten.")
    assert Catalog("ko").t("castle.hint.lose", name="Ben", n=3) == "Ben, 마녀에게 카드를 3장 더 줘요."


def test_a_plural_text_remembers_its_form_for_the_voice():
    message = Catalog("cs").t("castle.hint.buy", n=3)
    assert (message.key, message.form, message.spoken_key) == ("castle.hint.buy", 1, "castle.hint.buy.f1")
    assert Catalog("cs").t("castle.hint.buy", n=1).spoken_key == "castle.hint.buy"
    assert Catalog("cs").messages()["castle.hint.buy.f2"] == "Ťukni na zářící kartu: stojí {n} diamantů."


DAMAGED = [  # (what a translator's slip looks like, the line named, the words of the sentence)
    ('msgctxt "a"\nmsgid "A"\nmsgstr "B"\n\nmsgctxt "b"\nmsgid "x\n', 6, "double quotes"),
    ('msgctxt "a"\nmsgid "A"\nmsgstr "B \\q"\n', 3, "escapes"),
    ('msgctxt "a"\nmsgid "A"\nmsgstr "say "hi""\n', 3, "double quotes"),
    ('msgctxt "a"\nmsgid "A"\nmsgstr "B"\n\nmsgtsr "C"\n', 5, "expected msgctxt, msgid"),
    ('msgctxt "a"\nmsgid "A"\nmsgstr "B"\nmsgstr "C"\n', 4, "cannot come here"),
    ('msgctxt "a"\nmsgid "A"\n\nmsgctxt "b"\nmsgid "B"\nmsgstr "C"\n', 4, "cannot come here"),
    ('msgctxt "a"\nmsgid "A"\nmsgstr "B"\n\n#. again\nmsgctxt "a"\nmsgid "A"\nmsgstr "C"\n', 5, "given twice"),
    ('msgctxt "a"\nmsgid "A"\nmsgstr "B"\n\nmsgid "C"\nmsgstr "D"\n', 5, "key as msgctxt"),
    ('# a comment\nmsgctxt "a"\nmsgid "A"\nmsgid_plural "As"\nmsgstr "B"\n', 2, "msgstr\\[0\\]"),
    ('msgctxt "a"\nmsgid "A"\nmsgstr "B"\n\nmsgctxt "b"\nmsgid "A"\nmsgid_plural "As"\nmsgstr[0] "B"\nmsgstr[2] "C"\n',
     5, "msgstr\\[0\\], msgstr\\[1\\]"),
]


@pytest.mark.parametrize("text, line, words", DAMAGED)
def test_a_damaged_catalog_is_a_sentence_with_file_and_line(tmp_path, text, line, words):
    (tmp_path / "cs.po").write_text(text, encoding="utf-8")
    with pytest.raises(po.CatalogError, match=f"^cs\\.po:{line}: .*{words}"):
        i18n.load_catalog("cs", tmp_path)


def test_a_catalog_that_is_not_utf8_or_has_a_bad_plural_line_is_a_sentence(tmp_path):
    (tmp_path / "cs.po").write_bytes('msgctxt "a"\nmsgid "A"\nmsgstr "Čeština"\n'.encode("cp1250"))
    with pytest.raises(po.CatalogError, match="cs.po: not UTF-8"):
        i18n.load_catalog("cs", tmp_path)
    (tmp_path / "de.po").write_text('# German\nmsgid ""\nmsgstr ""\n"Plural-Forms: plural=n>1\\n"\n', encoding="utf-8")
    with pytest.raises(po.CatalogError, match="de.po:2: the Plural-Forms line"):
        i18n.load_catalog("de", tmp_path)
    with pytest.raises(po.CatalogError):
        po.parse_plural_forms("nplurals=2; plural=__import__('os').system('true');")


def test_a_catalog_keeps_what_a_translator_wrote():
    """Continued lines, escapes, a fuzzy mark and an obsolete entry, as Poedit and msgmerge write them."""
    catalog = po.parse('\ufeff# Czech\nmsgid ""\nmsgstr ""\n"Language: cs\\n"\n"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : '
                       '(n>=2 && n<=4) ? 1 : 2;\\n"\n\n#, fuzzy\nmsgctxt "a"\nmsgid ""\n"Say \\"hi\\"\\n"\nmsgstr "Řekni '
                       '\\"ahoj\\"\\n"\n\n#~ msgctxt "old"\n#~ msgid "O"\n#~ msgstr "P"\n', "cs.po")
    assert catalog.header["Language"] == "cs" and catalog.plural_rule()[1](3) == 1
    assert catalog.entries == {"a": po.Entry("a", 'Say "hi"\n', ['Řekni "ahoj"\n'], None, fuzzy=True)}


def polib_catalog(text: str, name: str) -> po.PoFile:
    """The catalog as polib reads it (parse's way for what is not written plainly)."""
    text = text.removeprefix("\ufeff")
    lines = text.splitlines()
    header_line, first_line = po._check_lines(lines, name)
    return po._catalog(*po._read_polib(text, lines, name), name, header_line, first_line)


def every_catalog() -> list:
    folders = [LOCALE_DIR, VOICE_DIR, *sorted(LOCALE_DIR.parent.glob("games/*/locale"))]
    return [path for folder in folders for path in sorted(folder.glob("*.po"))]


@pytest.mark.parametrize("path", every_catalog(), ids=lambda p: f"{p.parent.parent.name}/{p.parent.name}/{p.name}")
def test_the_plain_reader_reads_every_catalog_of_the_app_as_polib_does(path):
    text = path.read_text(encoding="utf-8")
    assert po._read_plain(text.removeprefix("\ufeff").splitlines()) is not None, \
        "the app's catalogs are written plainly"
    assert po.parse(text, path.name) == polib_catalog(text, path.name)


ODD = [   # what Poedit, msgmerge or a hand may write: read the same, or refused with the same words
    'msgid ""\nmsgstr ""\n"Language: cs\\n"\n"X-Note: one\\n"\n"two\\n"\n\nmsgctxt "a"\nmsgid "A"\nmsgstr "B"\n',
    '# c\n#. x\n#: f.py:1\n#, fuzzy, python-format\nmsgctxt "a"\nmsgid "A"\nmsgstr "B"\n# trailing\n',
    'msgctxt "a"\nmsgid "A"\n# inside\nmsgstr "B"\n',
    'msgctxt "a"\nmsgid "A"\nmsgstr "B"\n#.\n"C"\n',
    'msgctxt "a"\nmsgid "A"\nmsgstr "B"\n#, fuzzy\n',
    '#| msgid "Old"\nmsgctxt "a"\nmsgid "A"\nmsgstr "B"\n',
    'msgctxt "a"\nmsgid "A"\nmsgstr "B"\n\n#~ msgctxt "o"\n#~ msgid "O"\n#~ msgstr "P"\n',
    'msgctxt "a"\nmsgid "A"\nmsgid_plural "As"\nmsgstr[1] "x"\nmsgstr[0] "y"\n"z"\n',
    'msgctxt "a"\nmsgid "A"\nmsgid_plural "As"\nmsgstr[0] "y"\nmsgstr[0] "w"\n',
    'msgctxt "a"\nmsgid "A"\nmsgstr[0] "B"\n',
    'msgctxt "h"\nmsgid ""\nmsgstr "Language: en\\n"\n\nmsgctxt "a"\nmsgid "A"\nmsgstr "B"\n',
    'msgctxt "a"\nmsgid "A"\nmsgstr "B"\n\nmsgctxt "b"\nmsgid ""\nmsgstr "C"\n',
    'msgctxt "a\\tb"\n"c"\nmsgid "A\\\\n\\"q\\""\nmsgstr "\\r\\v\\b\\f"\n',
    '#,fuzzy\nmsgctxt "a"\nmsgid "A"\nmsgstr "B"\n',
    '#~\nmsgctxt "a"\nmsgid "A"\nmsgstr "B"\n',
    'msgctxt "a"\nmsgid "A"\nmsgstr "B"\n\n\n#: x\nmsgid "C"\nmsgstr "D"\n',
    '',
    '# only a comment\n',
    *(text for text, _, _ in DAMAGED),
]


@pytest.mark.parametrize("text", ODD)
def test_an_odd_catalog_is_read_or_refused_as_polib_reads_it(text):
    try:
        expected: object = polib_catalog(text, "cs.po")
    except po.CatalogError as exc:
        expected = str(exc)
    try:
        got: object = po.parse(text, "cs.po")
    except po.CatalogError as exc:
        got = str(exc)
    assert got == expected


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


def test_missing_key_falls_back_to_english(tmp_path, monkeypatch):
    german = polib.pofile(str(LOCALE_DIR / "de.po"), encoding="utf-8")   # as a translator's tool edits it
    german.remove(next(e for e in german if e.msgctxt == "menu.hint"))
    next(e for e in german if e.msgctxt == "menu.continue").flags.append("fuzzy")   # "not sure yet": English shows
    german.save(str(tmp_path / "de.po"))
    (tmp_path / "en.po").write_text((LOCALE_DIR / "en.po").read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    english = i18n.load_messages("en")
    catalog = Catalog("de")
    assert catalog.t("menu.hint") == english["menu.hint"]
    assert catalog.t("menu.continue") == english["menu.continue"]
    assert catalog.t("no.such.key") == "no.such.key"
    assert catalog.t("castle.hint.lose", name="Ben", n=2).endswith("noch 2 Karten.")


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
            app.nav.start_game(game_id, seats, seed=1)
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
