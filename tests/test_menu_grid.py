"""The menu fits four games, and up to eight, on a 1280×800 tablet and on a wide screen: every tile
fully on the canvas, its title inside it in every language, and a tap on a tile opens that game."""
import dataclasses
import os

import pygame
import pytest

from kidgames.core.i18n import LANGUAGES
from kidgames.ui.menu import MenuScene
from kidgames.ui.setup import SetupScene
from kidgames.ui.widgets import MIN_TARGET
from peek_game import peek_spec
from ui_driver import make_app, run, tap_button

TILES = [("castle", "knight", "dragon"), ("tree", "fairy", "mushroom"), ("queen", "crown", "sleeping"),
         ("house", "mountain", "pine"), ("dice", "star", "sun"), ("chest", "apple", "fish"),
         ("witch", "sorcerer", "raven"), ("firebird", "dove", "frog_king")]
REAL_TITLES = ("knights", "forest", "castle", "queens")      # ids with titles in the catalogs


def specs(count: int) -> dict:
    """``count`` test games: the first four under the real games' ids (their titles come from the
    catalogs), the others with their own title on the spec (no catalog key: the spec's is shown)."""
    games = {}
    for k in range(count):
        game_id = REAL_TITLES[k] if k < len(REAL_TITLES) else f"test{k}"
        games[game_id] = dataclasses.replace(peek_spec(2, scene="test_ui_flows:PeekScene"), id=game_id,
                                             title=f"Test game number {k}", tile=TILES[k])
    return games


def menu_with(tmp_path, count, window, lang="en"):
    app = make_app(tmp_path, lang=lang, window_size=window)
    app.games = specs(count)
    app.reset_to(MenuScene(app))
    app.guard_until = 0.0
    app.frame(0.0)
    return app


@pytest.mark.parametrize("window", [(1280, 800), (1600, 1000)], ids=["tablet", "wide"])
@pytest.mark.parametrize("count", [4, 8])
def test_every_tile_is_on_screen_and_opens_its_own_game(tmp_path, count, window):
    app = menu_with(tmp_path, count, window)
    canvas = app.screen.get_rect()
    menu = app.top
    assert [spec.id for _, spec in menu.tiles] == list(app.games)
    rects = [rect for rect, _ in menu.tiles]
    for i, rect in enumerate(rects):
        assert canvas.contains(rect), f"tile {i} {rect} is cut off"
        assert rect.w >= 3 * MIN_TARGET and rect.h >= 3 * MIN_TARGET
        assert rect.collidelist(rects[:i] + rects[i + 1:]) == -1, f"tile {i} overlaps another"
        for corner in (menu.button("quit").rect, menu.button("settings").rect):
            assert not rect.colliderect(corner)
    shots = os.environ.get("KIDGAMES_SHOTS")
    if shots:
        pygame.image.save(pygame.display.get_surface(), os.path.join(shots, f"menu_{count}_{window[0]}.png"))
    for game_id in list(app.games):
        tap_button(app, f"game:{game_id}")
        assert isinstance(app.top, SetupScene) and app.top.spec.id == game_id
        app.pop()
        run(app, 0.3)
        assert isinstance(app.top, MenuScene)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("count", [1, 4, 8])
def test_every_title_fits_inside_its_tile_in_every_language(tmp_path, count, lang):
    app = menu_with(tmp_path, count, None, lang=lang)
    menu = app.top
    for rect, spec in menu.tiles:
        title, box = menu.tile_title(rect, spec)
        assert rect.contains(box)
        assert title.get_width() <= box.w and title.get_height() <= box.h, \
            f"{spec.id} in {lang}: {title.get_size()} does not fit {box.size}"


def test_a_game_without_a_catalog_title_shows_the_title_of_its_spec(tmp_path):
    app = menu_with(tmp_path, 5, None)
    from kidgames.ui.menu import game_title
    assert game_title(app, app.games["test4"]) == "Test game number 4"
    assert game_title(app, app.games["queens"]) == "Sleeping Queens"


@pytest.mark.parametrize("count", range(1, 9))
def test_one_to_eight_tiles_stand_in_at_most_two_centred_rows(count):
    from kidgames.ui.menu import tile_grid
    rects = tile_grid(count)
    rows = sorted({r.y for r in rects})
    assert len(rects) == count and len(rows) == (1 if count <= 4 else 2)
    for y in rows:
        row = [r for r in rects if r.y == y]
        assert abs((row[0].left + row[-1].right) / 2 - 800) <= 1, "each row is centred"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_titles_are_broken_between_words_never_inside_one_that_fits(tmp_path, lang):
    from kidgames.ui.assets import wrap
    from kidgames.ui.menu import TITLE_SIZE
    app = menu_with(tmp_path, 4, None, lang=lang)
    menu = app.top
    for rect, spec in menu.tiles:
        _, box = menu.tile_title(rect, spec)
        title = app.t(f"game.{spec.id}.title")
        font = app.assets.font(TITLE_SIZE, title=True)
        if lang != "ko" and all(font.size(word)[0] <= box.w for word in title.split()):
            assert " ".join(wrap(font, title, box.w)) == title, f"{title!r} is broken inside a word"
