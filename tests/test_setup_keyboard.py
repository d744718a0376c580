"""The player setup and the name keyboard, as a person sees them: default names in the language on
screen, a cancel that keeps the name, a Hangul keyboard, every alphabet whole and every key on the panel."""
from __future__ import annotations

import pygame
import pytest

from kidgames.core.i18n import LANGUAGES, Catalog
from kidgames.core.seats import Seat, colour_names
from kidgames.core.settings import SettingsStore
from kidgames.ui.keyboard import HANGUL_ROWS, PANEL, NameScene, key_rows
from kidgames.ui.setup import SetupScene
from kidgames.ui.widgets import MIN_TARGET
from tests.ui_driver import make_app, tap_button

#: Each language's whole alphabet, small letters (the keys show capitals).
FULL_ALPHABETS = {
    "en": "abcdefghijklmnopqrstuvwxyz",
    "cs": "aábcčdďeéěfghiíjklmnňoópqrřsštťuúůvwxyýzž",
    "de": "abcdefghijklmnopqrstuvwxyzäöüß",
    "ru": "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
}
HANGUL_JAMO = "ㅂㅈㄷㄱㅅㅛㅕㅑㅐㅔㅁㄴㅇㄹㅎㅗㅓㅏㅣㅋㅌㅊㅍㅠㅜㅡㅃㅉㄸㄲㅆㅒㅖ"


def colour(lang: str, name: str) -> str:
    return Catalog(lang).t(f"colour.{name}")


def shown_names(app) -> list[str]:
    """The names on the setup screen's name buttons, top to bottom."""
    setup = app.top
    assert isinstance(setup, SetupScene), type(setup).__name__
    return [setup.button(f"name:{i}").text for i in range(len(setup.seats))]


def open_keyboard(app, seat: int = 0) -> NameScene:
    tap_button(app, f"name:{seat}")
    assert isinstance(app.top, NameScene)
    return app.top


def erase_all(app) -> None:
    for _ in range(len(app.top.name)):
        tap_button(app, "erase")
    assert app.top.name == ""


# -- default names follow the language ----------------------------------------------------------------
@pytest.mark.parametrize("flag", ["saved by this version", "saved before the flag"])
def test_the_remembered_setup_shows_the_colour_names_in_the_language_now_on_screen(tmp_path, flag):
    english = [Seat("Red", "red", default_name=True), Seat("Anna", "blue"),
               Seat("Green", "green", "computer", default_name=True)]
    remembered = [seat.to_json() for seat in english]
    if flag == "saved before the flag":
        remembered = [{k: v for k, v in seat.items() if k != "default_name"} for seat in remembered]
    store = SettingsStore(tmp_path)
    settings = store.load()
    settings.last_setup["knights"] = remembered
    store.save(settings)
    app = make_app(tmp_path, lang="cs")
    tap_button(app, "game:knights")
    assert shown_names(app) == [colour("cs", "red"), "Anna", colour("cs", "green")]   # Červená, Zelená


def test_default_names_change_with_the_language_and_a_typed_name_does_not(tmp_path):
    app = make_app(tmp_path, lang="en")
    tap_button(app, "game:knights")
    open_keyboard(app, 0)
    erase_all(app)
    for letter in "BLUE":       # a child may well be called what a colour is called
        tap_button(app, f"key:{letter}")
    tap_button(app, "ok")
    assert shown_names(app) == ["Blue", "Blue"]
    app.set_language("de")
    app.frame(1 / 60)
    assert shown_names(app) == ["Blue", "Blau"]
    app.set_language("ko")
    assert shown_names(app) == ["Blue", "파랑"]


def test_a_new_colour_brings_its_name_in_the_language_on_screen(tmp_path):
    app = make_app(tmp_path, lang="ru")
    tap_button(app, "game:knights")
    tap_button(app, "colour:1")            # blue is taken by nobody else: the next free one is green
    assert app.top.seats[1].colour == "green"
    assert shown_names(app)[1] == colour("ru", "green")
    open_keyboard(app, 1)
    tap_button(app, "ok")                  # OK on the untouched name keeps it a default one
    tap_button(app, "colour:1")
    assert shown_names(app)[1] == colour("ru", "yellow")


def test_a_typed_name_stays_when_the_colour_changes(tmp_path):
    app = make_app(tmp_path, lang="cs")
    tap_button(app, "game:knights")
    open_keyboard(app, 0)
    erase_all(app)
    for letter in "ELIŠKA":
        tap_button(app, f"key:{letter}")
    tap_button(app, "ok")
    tap_button(app, "colour:0")
    assert shown_names(app)[0] == "Eliška"


def test_seats_in_old_saves_without_the_flag_recognise_colour_names_of_every_language():
    assert colour_names() >= {"Blue", "Modrá", "Blau", "Синий", "파랑"}
    assert Seat.from_json({"name": "Modrá", "colour": "blue"}).default_name
    assert Seat.from_json({"name": "Rot", "colour": "green"}).default_name
    assert not Seat.from_json({"name": "Anna", "colour": "blue"}).default_name
    typed_blue = Seat("Blue", "blue", default_name=False)
    assert Seat.from_json(typed_blue.to_json()) == typed_blue      # the flag, once saved, wins
    assert Seat.from_json({"name": "Blue", "colour": "blue", "default_name": "yes"}).default_name


def test_a_default_name_in_another_language_is_shown_in_this_one():
    names = {"blue": "Modrá", "red": "Červená"}
    assert Seat("Blue", "blue", default_name=True).in_language(names).name == "Modrá"
    assert Seat("Blue", "blue").in_language(names).name == "Blue"


# -- the name keyboard ---------------------------------------------------------------------------------
@pytest.mark.parametrize("leave", ["tap", "escape"])
def test_cancel_leaves_the_name_as_it_was(tmp_path, leave):
    app = make_app(tmp_path, lang="en")
    tap_button(app, "game:knights")
    keyboard = open_keyboard(app, 0)
    cancel = keyboard.button("cancel")
    assert cancel.icon == "cross" and min(cancel.rect.size) >= MIN_TARGET
    erase_all(app)
    for letter in "TOM":
        tap_button(app, f"key:{letter}")
    if leave == "tap":
        tap_button(app, "cancel", touch=True)
    else:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b"))
        app.frame(1 / 60)
    assert isinstance(app.top, SetupScene)
    assert shown_names(app) == ["Red", "Blue"]


def test_hangeul_typed_on_the_korean_keyboard_becomes_the_name(tmp_path):
    app = make_app(tmp_path, lang="ko")
    tap_button(app, "game:knights")
    keyboard = open_keyboard(app, 0)
    erase_all(app)
    for jamo in "ㅎㅏㄴㄱㅡㄹ":
        tap_button(app, f"key:{jamo}")
    assert keyboard.name == "한글"
    tap_button(app, "erase")                    # one jamo goes, not the syllable
    assert keyboard.name == "한그"
    tap_button(app, "key:ㄹ")
    tap_button(app, "ok")
    assert shown_names(app)[0] == "한글"


def test_the_korean_keyboard_switches_to_latin_letters_and_back(tmp_path):
    app = make_app(tmp_path, lang="ko")
    tap_button(app, "game:knights")
    keyboard = open_keyboard(app, 0)
    erase_all(app)
    assert keyboard.button("key:A") is None
    tap_button(app, "letters")
    for letter in "MINA":
        tap_button(app, f"key:{letter}")
    tap_button(app, "letters")
    tap_button(app, "space")
    for jamo in "ㅁㅣㄴㅏ":
        tap_button(app, f"key:{jamo}")
    assert keyboard.name == "Mina 미나"


def test_a_physical_keyboard_still_types(tmp_path):
    app = make_app(tmp_path, lang="de")
    tap_button(app, "game:knights")
    keyboard = open_keyboard(app, 0)
    erase_all(app)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Jörg"))
    app.frame(1 / 60)
    assert keyboard.name == "Jörg"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    app.frame(1 / 60)
    assert shown_names(app)[0] == "Jörg"


def test_a_name_is_at_most_twelve_letters_and_hangul_counts_syllables(tmp_path):
    app = make_app(tmp_path, lang="ko")
    tap_button(app, "game:knights")
    keyboard = open_keyboard(app, 0)
    erase_all(app)
    for _ in range(12):
        for jamo in "ㄱㅏ":
            tap_button(app, f"key:{jamo}")
    assert keyboard.name == "가" * 12
    tap_button(app, "key:ㅇ")                   # 강 would still be twelve syllables
    assert keyboard.name == "가" * 11 + "강"
    tap_button(app, "key:ㅏ")                   # 가…가아 would be thirteen
    assert keyboard.name == "가" * 11 + "강"


@pytest.mark.parametrize("lang", sorted(FULL_ALPHABETS))
def test_each_keyboard_has_its_language_s_whole_alphabet(lang):
    keys = {ch.lower() for row in key_rows(lang, hangul=False) for ch in row}
    assert set(FULL_ALPHABETS[lang]) <= keys, sorted(set(FULL_ALPHABETS[lang]) - keys)


def test_the_korean_keyboard_has_every_jamo_of_the_two_set_layout():
    keys = "".join(key_rows("ko", hangul=True))
    assert sorted(keys) == sorted(HANGUL_JAMO) and keys == "".join(HANGUL_ROWS)
    assert set("abcdefghijklmnopqrstuvwxyz") <= {ch.lower() for ch in "".join(key_rows("ko", hangul=False))}


KEYBOARDS = [(lang, False) for lang in LANGUAGES] + [("ko", True)]


@pytest.mark.parametrize("lang, hangul", KEYBOARDS)
def test_every_key_lies_on_the_panel_finger_sized_and_apart(tmp_path, lang, hangul):
    app = make_app(tmp_path, lang=lang)
    tap_button(app, "game:knights")
    keyboard = open_keyboard(app, 0)
    if keyboard.hangul != hangul:
        tap_button(app, "letters")
    canvas = app.screen.get_rect()
    assert canvas.size == (1600, 1000)
    buttons = keyboard.buttons
    assert len([b for b in buttons if b.name.startswith("key:")]) == len("".join(key_rows(lang, hangul)))
    for b in buttons:
        assert PANEL.contains(b.rect) and canvas.contains(b.rect), (b.name, b.rect)
        assert min(b.rect.size) >= MIN_TARGET, (b.name, b.rect)
    for i, a in enumerate(buttons):
        for b in buttons[i + 1:]:
            assert not a.rect.colliderect(b.rect), (a.name, b.name)


# -- titles ------------------------------------------------------------------------------------------
QUOTES = [("„", "“"), ("“", "”"), ("«", "»"), ("‚", "‘")]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_setup_title_quotes_the_game_s_title_inside_a_sentence(lang):
    """A title keeps its own capital ("Die Ritter"), so inside a sentence it stands in quotes."""
    catalog = Catalog(lang)
    for game in ("knights", "forest", "castle", "queens"):
        title = catalog.t(f"game.{game}.title")
        sentence = catalog.t("setup.title", game=title)
        quoted = any(f"{left}{title}{right}" in sentence for left, right in QUOTES)
        assert sentence.startswith(title) or quoted, sentence


@pytest.mark.parametrize("lang", LANGUAGES)
def test_titles_are_drawn_in_the_rounded_face_in_every_language(tmp_path, lang):
    app = make_app(tmp_path, lang=lang)
    title = app.t("setup.title", game=app.t("game.knights.title"))
    rounded = app.assets.text(title, 56, (0, 0, 0), title=True)
    plain = app.assets.text(title, 56, (0, 0, 0), title=False)
    assert rounded.get_size() != plain.get_size() or \
        pygame.image.tobytes(rounded, "RGBA") != pygame.image.tobytes(plain, "RGBA")


def test_a_title_with_letters_the_rounded_face_lacks_is_drawn_whole_in_the_main_font(tmp_path):
    app = make_app(tmp_path, lang="ru")
    title = app.t("setup.title", game="Čeština")        # NanumSquareRound has no Č
    assert not app.assets.title_font_covers(title)
    rounded = app.assets.text(title, 56, (0, 0, 0), title=True)
    plain = app.assets.text(title, 56, (0, 0, 0), title=False)
    assert pygame.image.tobytes(rounded, "RGBA") == pygame.image.tobytes(plain, "RGBA")


# -- a default name is a hint, not typed text ---------------------------------------------------------
def test_the_keyboard_shows_a_default_name_as_a_hint_that_the_first_key_replaces(tmp_path):
    app = make_app(tmp_path, lang="en")
    tap_button(app, "game:knights")
    keyboard = open_keyboard(app, 0)
    assert keyboard.name == ""                  # nothing to erase first
    for letter in "ANNA":
        tap_button(app, f"key:{letter}")
    assert keyboard.name == "Anna"              # not "RedAnna"
    tap_button(app, "ok")
    assert shown_names(app)[0] == "Anna"
    assert not app.top.seats[0].default_name


def test_ok_on_an_untouched_default_name_keeps_it_a_default_name(tmp_path):
    app = make_app(tmp_path, lang="en")
    tap_button(app, "game:knights")
    open_keyboard(app, 0)
    tap_button(app, "ok")
    assert shown_names(app)[0] == "Red"
    assert app.top.seats[0].default_name        # still follows the language
    open_keyboard(app, 0)
    tap_button(app, "key:B")
    tap_button(app, "erase")                    # typed and erased again: the hint is back
    tap_button(app, "ok")
    assert shown_names(app)[0] == "Red" and app.top.seats[0].default_name


def test_a_typed_name_opens_typed_to_be_changed(tmp_path):
    app = make_app(tmp_path, lang="en")
    tap_button(app, "game:knights")
    open_keyboard(app, 0)
    for letter in "BEN":
        tap_button(app, f"key:{letter}")
    tap_button(app, "ok")
    keyboard = open_keyboard(app, 0)
    assert keyboard.name == "Ben"
    tap_button(app, "erase")
    assert keyboard.name == "Be"


def test_the_hint_is_drawn_faint_and_a_typed_letter_in_ink(tmp_path):
    app = make_app(tmp_path, lang="en")
    tap_button(app, "game:knights")
    open_keyboard(app, 0)
    app.draw()
    # the field right of its middle: "Red" lies there, and its cursor before it, left of it
    field = pygame.Rect(PANEL.centerx - 25, PANEL.top + 115, 400, 80)

    def darkest() -> int:
        shot = app.screen.subsurface(field)
        return min(sum(shot.get_at((x, y))[:3]) for x in range(field.w) for y in range(field.h))
    assert darkest() > 350                     # "Red" in a faint grey
    tap_button(app, "key:A")
    app.draw()
    assert darkest() < 250                     # "A" in ink
