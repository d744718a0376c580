"""A player's name as the family sees it, wherever it is drawn (the setup, the name keyboard, every
game's panels and badges, the prompts, the curtains, the results): never broken inside a word
("Фиолетов / ый", "Максими / лиан"), but shrunk, or cut with an ellipsis ("Максим…"); an emoji in
it, which no font of the app can draw, is left out with the rest of the name shown (never a box),
and a name of nothing but emoji is its pawn colour's name; the name keyboard shows when a name is
full (its letter keys go grey, and a tap on one says "bonk")."""
from __future__ import annotations

import pygame
import pygame.freetype
import pytest

from kidgames.core.seats import COLOURS, Seat
from kidgames.games import GAMES
from kidgames.ui.assets import MAIN_FONT, wrap
from kidgames.ui.keyboard import MAX_NAME, NameScene
from kidgames.ui.results import ResultsScene
from kidgames.ui.setup import SetupScene
from ui_driver import make_app, run, state_of, tap_button

#: Names a Russian family types: long single words, one with an emoji after it, one of emoji alone.
LONG = ["Константинопольс", "Максимилиан", "Фиолетовый", "Александра", "Светлана🐱", "🐱🐶"]
ELLIPSIS = "\u2026"
PUNCTUATION = ",.!?:;«»\"'()"


@pytest.fixture
def rendered(monkeypatch) -> list[str]:
    """Every line of text the app renders from now on, as it is drawn on the screen."""
    lines: list[str] = []

    class Recording(pygame.font.Font):
        def render(self, text, *args, **kw):
            lines.append(text)
            return super().render(text, *args, **kw)
    monkeypatch.setattr(pygame.font, "Font", Recording)
    return lines


def shown_as(name: str) -> str:
    """What a name looks like on screen: without its emoji (these are all in the planes above the
    first, U+1F000 and up, and none of them is in the app's fonts)."""
    return " ".join("".join(ch for ch in name if ord(ch) < 0x1F000).split())


def words_of(lines: list[str]) -> list[str]:
    return [word.strip(PUNCTUATION) for line in lines for word in line.split()]


def broken_names(lines: list[str], names: list[str]) -> list[str]:
    """Pieces of a name's word drawn without the rest of it: a head not ended by an ellipsis, or
    a tail (three letters or more, so that a short word of a sentence is not taken for one)."""
    broken = []
    for drawn in words_of(lines):
        cut = drawn.endswith(ELLIPSIS)
        piece = drawn.rstrip(ELLIPSIS)
        for name in names:
            for word in name.split():
                if len(piece) >= 3 and piece != word and (
                        (word.startswith(piece) and not cut) or word.endswith(piece)):
                    broken.append(f"{drawn!r} (of {word!r})")
    return broken


def is_shown(word: str, lines: list[str]) -> bool:
    """The word is on screen whole, or its head cut with an ellipsis."""
    return any(drawn == word or (drawn.endswith(ELLIPSIS) and len(drawn) > 2 and word.startswith(drawn[:-1]))
               for drawn in words_of(lines))


def boxes(lines: list[str]) -> list[str]:
    """The characters drawn that the app's main font has no glyph for (each would be a box)."""
    pygame.freetype.init()
    face = pygame.freetype.Font(str(MAIN_FONT), 20)
    return sorted({ch for line in lines for ch in line if not ch.isspace() and face.get_metrics(ch)[0] is None})


def check_names(lines: list[str], seats: list[Seat]) -> None:
    assert not boxes(lines), f"drawn as boxes: {boxes(lines)}"
    names = [shown_as(seat.name) for seat in seats]
    assert not broken_names(lines, names), f"names broken inside a word: {broken_names(lines, names)}"
    for name in names:
        for word in name.split():
            assert is_shown(word, lines), f"{word!r} is not on the screen (drawn: {sorted(set(lines))})"


def table_seats(app, game_id: str) -> list[Seat]:
    spec = GAMES[game_id]
    names = LONG[:spec.max_players]
    # one person (no hand-over curtain in front of the table), the others computers with robots
    return app.in_language([Seat(name, colour, "person" if i == 0 else "computer", "hard")
                            for i, (name, colour) in enumerate(zip(names, COLOURS))])


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_long_names_in_every_game_s_panels_are_shrunk_or_cut_never_broken(tmp_path, rendered, game_id):
    app = make_app(tmp_path, lang="ru", window_size=(1024, 768))
    seats = table_seats(app, game_id)
    assert seats[5 if len(seats) > 5 else -1].name
    scene = app.nav.start_game(game_id, seats, seed=3)
    state = state_of(scene)
    if game_id == "knights":          # every knight held by a field: a badge beside each name
        state.positions[:] = ["dragon_1", "pool_1", "dragon_2", "dragon_3", "dragon_1", "pool_1"][:len(seats)]
        state.direction[1] = "out"
    if game_id == "forest":           # cards won beside each name
        for i in range(len(seats)):
            state.won[i] = [state.stack.pop() for _ in range(i % 3 + 1)]
    rendered.clear()
    app.dirty = True
    run(app, 1.0)
    drawn = [seat for seat in scene.seats]
    check_names(rendered, drawn)
    pygame.image.save(app.window, str(tmp_path / f"{game_id}.png"))


def test_the_setup_and_the_results_show_long_names_and_no_emoji_box(tmp_path, rendered):
    app = make_app(tmp_path, lang="ru", window_size=(1024, 768))
    app.settings.last_setup["knights"] = [Seat(name, colour).to_json() for name, colour in zip(LONG, COLOURS)]
    tap_button(app, "game:knights")
    setup = app.top
    assert isinstance(setup, SetupScene)
    assert [seat.name for seat in setup.seats][4:] == ["Светлана🐱", app.t("colour.orange")], \
        "a name of emoji alone is its colour's name"
    run(app, 0.5)
    check_names(rendered, setup.seats)
    assert "Светлана" in words_of(rendered) and app.t("colour.orange") in words_of(rendered)
    seats = setup.seats
    rendered.clear()
    app = make_app(tmp_path / "results", lang="ru", window_size=(1024, 768))
    app.push(ResultsScene(app, GAMES["knights"], seats, [0], {}))
    run(app, 0.5)
    check_names(rendered, seats)


def test_names_from_the_command_line_show_without_their_emoji(tmp_path, monkeypatch, rendered):
    from kidgames import cli
    monkeypatch.setenv("KIDGAMES_HOME", str(tmp_path))
    args = cli.build_parser(GAMES).parse_args(["knights", "--players", "🐱🐶,Аня🦄 Иванова", "--lang", "ru"])
    seats = cli.parse_players(args.players, GAMES["knights"], {c: c for c in COLOURS})
    app = cli.build_app(GAMES, args, seats, {})
    try:
        rendered.clear()
        app.dirty = True
        for _ in range(30):
            app.frame(1 / 60)
        scene = app.top
        assert [seat.name for seat in scene.seats] == [app.t("colour.red"), "Аня🦄 Иванова"]
        check_names(rendered, scene.seats)
        assert "Аня" in words_of(rendered), "the rest of the name is shown"
    finally:
        app.close()


def test_a_word_too_long_even_at_the_smallest_size_is_cut_with_an_ellipsis(tmp_path):
    app = make_app(tmp_path, lang="ru")
    font = app.assets.font(18, title=True)
    width = font.size("Фиолет")[0]
    lines = wrap(font, "Фиолетовый, нажми на кубик!", width)
    assert lines[0].endswith(ELLIPSIS) and "Фиолетовый".startswith(lines[0][:-1])
    assert all(font.size(line)[0] <= width for line in lines)
    assert not any(line.startswith(("ый", "вый", "овый")) for line in lines), lines
    surface = app.assets.fit_text("Фиолетовый", 32, (0, 0, 0), width, 60, title=True)
    assert surface.get_width() <= width and surface.get_height() < 2 * font.get_linesize(), "one line"


# -- the name keyboard ----------------------------------------------------------------------------------
def keyboard(tmp_path, lang="en") -> tuple:
    app = make_app(tmp_path, lang=lang, window_size=(1024, 768))
    tap_button(app, "game:knights")
    tap_button(app, "name:0")
    assert isinstance(app.top, NameScene)
    sounds: list[str] = []
    real = app.assets.play
    app.assets.play = lambda name: (sounds.append(name), real(name))
    return app, app.top, sounds


def letter_keys(scene) -> list:
    return [b for b in scene.buttons if b.name.startswith("key:")]


def test_a_full_name_greys_the_letter_keys_and_a_tap_on_one_says_so(tmp_path):
    app, scene, sounds = keyboard(tmp_path)
    for letter in "MAXIMILIANEX"[:MAX_NAME]:
        assert all(key.enabled for key in letter_keys(scene)), "keys are lit while there is room"
        tap_button(app, f"key:{letter}")
    assert scene.name == "Maximilianex"[:MAX_NAME]
    assert not any(key.enabled for key in letter_keys(scene)), "a full name: every letter key is grey"
    assert not scene.button("space").enabled
    sounds.clear()
    tap_button(app, "key:B")
    assert scene.name == "Maximilianex"[:MAX_NAME], "nothing is added"
    assert sounds == ["stuck"], "the tap is answered with the bonk of a blocked move, not a click"
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="z"))
    app.frame(1 / 60)
    assert scene.name == "Maximilianex"[:MAX_NAME] and sounds == ["stuck", "stuck"]
    tap_button(app, "erase")
    assert all(key.enabled for key in letter_keys(scene)) and scene.button("space").enabled
    tap_button(app, "key:S")
    assert scene.name.endswith("s") and len(scene.name) == MAX_NAME


def test_a_full_korean_name_keeps_the_jamo_that_still_join_its_last_syllable(tmp_path):
    app, scene, sounds = keyboard(tmp_path, lang="ko")
    for _ in range(len(scene.name)):
        tap_button(app, "erase")
    for _ in range(MAX_NAME):
        for jamo in "ㄱㅏ":
            tap_button(app, f"key:{jamo}")
    assert scene.name == "가" * MAX_NAME
    assert scene.button("key:ㅇ").enabled, "가 + ㅇ is 강: still twelve syllables"
    assert not scene.button("key:ㅏ").enabled, "가가…가아 would be thirteen"


def test_an_emoji_typed_on_a_hardware_keyboard_is_left_out(tmp_path):
    app, scene, _ = keyboard(tmp_path)
    for _ in range(len(scene.name)):
        tap_button(app, "erase")
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Ann🐱a👍🏽"))
    app.frame(1 / 60)
    assert scene.name == "Anna"
