"""One save per game, the menu that offers each, asking before a saved game is replaced, options
that come back with their types, and a way to close the app by touch."""
from __future__ import annotations

import json
from dataclasses import replace

import pygame
import pytest

from kidgames.core.i18n import LANGUAGES
from kidgames.core.protocol import BOARD, CHOICE, FLAG, Action, Option
from kidgames.core.saving import SaveStore
from kidgames.core.seats import Seat
from kidgames.games import GAMES
from kidgames.games.knights.scene import KnightsScene
from kidgames.ui.dialog import ConfirmScene
from kidgames.ui.game import start_game_scene
from kidgames.ui.menu import SAVED_BORDER, TITLE_MARGIN, MenuScene, offer_saved_game
from kidgames.ui.setup import SetupScene
from kidgames.ui.widgets import MIN_TARGET, PAPER
from test_ui_flows import PEEK
from ui_driver import later, make_app, tap_button
from ui_driver import controller_of, state_of, without_lock

ANNA_BEN = [Seat("Anna", "red"), Seat("Ben", "blue")]


def app_with_two_games(home, **kw):
    app = make_app(home, **kw)
    app.games = dict(GAMES, peek=PEEK)
    app.reset_to(MenuScene(app))
    return app


def a_moment_later(app):
    later(app, 0.5)    # a second tap on the same button this soon would be a double tap, swallowed


def leave_to_menu(app):
    app.reset_to(MenuScene(app))      # what the home button's "Menu" answer does
    app.frame(1 / 60)


def test_a_new_knights_game_does_not_destroy_an_unfinished_game_of_another_game(tmp_path):
    app = app_with_two_games(tmp_path)
    peek = start_game_scene(app, "peek", [Seat("Cleo", "green"), Seat("Dan", "yellow")])
    controller_of(peek).submit(Action("peek"))
    leave_to_menu(app)
    tap_button(app, "game:knights")
    assert isinstance(app.top, SetupScene), "Knights has no save: straight to the players"
    tap_button(app, "start")
    assert isinstance(app.top, KnightsScene)
    assert app.saves.flush()      # the app saves in the background: read the disk after it
    peek_save = json.loads((tmp_path / "saves" / "peek.json").read_text())
    assert [s["name"] for s in peek_save["seats"]] == ["Cleo", "Dan"]
    leave_to_menu(app)
    assert set(app.top.saved) == {"knights", "peek"}


def test_each_tile_shows_whether_its_game_can_be_continued(tmp_path):
    app = app_with_two_games(tmp_path)
    start_game_scene(app, "knights", ANNA_BEN, seed=3)
    leave_to_menu(app)
    menu = app.top
    assert set(menu.saved) == {"knights"}
    app.draw()
    tiles = {spec.id: rect for rect, spec in menu.tiles}
    knights_rect, peek_rect = tiles["knights"], tiles["peek"]
    edge = (knights_rect.centerx, knights_rect.top + 3)
    assert app.screen.get_at(edge)[:3] == SAVED_BORDER, "a saved game's tile has a green frame"
    assert app.screen.get_at((peek_rect.centerx, peek_rect.top + 3))[:3] != SAVED_BORDER
    # The saved game's pawns stand on its tile: a red and a blue one (looked for over the whole
    # tile, wherever the grid of four games and the test game puts it; the other tile has none).
    def colours(rect):
        tile = app.screen.subsurface(rect)
        return {tile.get_at((x, y))[:3] for x in range(0, tile.get_width(), 2) for y in range(0, tile.get_height(), 2)}
    assert (222, 52, 52) in colours(knights_rect) and (45, 110, 230) in colours(knights_rect)
    assert not {(222, 52, 52), (45, 110, 230)} & colours(peek_rect)


def test_a_tile_with_a_save_asks_play_on_or_a_new_game(tmp_path):
    app = app_with_two_games(tmp_path)
    controller_of(start_game_scene(app, "knights", ANNA_BEN, seed=3)).submit(Action("roll"))
    leave_to_menu(app)
    tap_button(app, "game:knights")
    assert isinstance(app.top, ConfirmScene) and "Anna, Ben" in app.top.text
    tap_button(app, "no")
    assert isinstance(app.top, SetupScene), "a new game goes to the players"
    app.pop()
    tap_button(app, "game:knights")
    app.top.key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    assert isinstance(app.top, MenuScene), "Escape only closes the question"
    a_moment_later(app)
    tap_button(app, "game:knights")
    tap_button(app, "yes")
    assert isinstance(app.top, KnightsScene) and state_of(app.top).turn == 1


def test_play_in_the_setup_asks_before_replacing_a_saved_game(tmp_path):
    app = make_app(tmp_path)
    controller_of(start_game_scene(app, "knights", ANNA_BEN, seed=3)).submit(Action("roll"))
    leave_to_menu(app)
    tap_button(app, "game:knights")
    tap_button(app, "no")                   # a new game, please
    tap_button(app, "start")
    assert isinstance(app.top, ConfirmScene)
    assert app.top.title == app.t("save.replace.title") and "Anna, Ben" in app.top.text
    tap_button(app, "no")
    assert isinstance(app.top, SetupScene)
    assert app.saves.flush()      # the app saves in the background: read the disk after it
    assert json.loads((tmp_path / "saves" / "knights.json").read_text())["state"]["turn"] == 1, "kept"
    a_moment_later(app)
    tap_button(app, "start")
    tap_button(app, "yes")
    assert isinstance(app.top, KnightsScene) and state_of(app.top).turn == 0
    assert app.saves.flush()      # the app saves in the background: read the disk after it
    assert json.loads((tmp_path / "saves" / "knights.json").read_text())["state"]["turn"] == 0


def test_a_finished_game_forgets_only_its_own_save(tmp_path):
    app = app_with_two_games(tmp_path)
    start_game_scene(app, "knights", ANNA_BEN, seed=3)
    peek = start_game_scene(app, "peek", [Seat("Cleo", "green"), Seat("Dan", "yellow")])
    while not state_of(peek).is_over:
        controller_of(peek).submit(Action("peek"))
    assert app.saves.flush()      # the app saves (and forgets) in the background: read the disk after it
    assert not (tmp_path / "saves" / "peek.json").exists()
    assert (tmp_path / "saves" / "knights.json").exists()


def test_at_start_the_game_saved_last_is_offered(tmp_path):
    app = app_with_two_games(tmp_path)
    start_game_scene(app, "peek", [Seat("Cleo", "green"), Seat("Dan", "yellow")])
    start_game_scene(app, "knights", ANNA_BEN, seed=3)
    assert app.saves.flush()      # the app saves in the background: read the disk after it
    data = json.loads((tmp_path / "saves" / "peek.json").read_text())
    data["saved_at"] += 1000                                        # peek was played last
    (tmp_path / "saves" / "peek.json").write_text(json.dumps(data))
    again = app_with_two_games(tmp_path)
    offer_saved_game(again)
    assert isinstance(again.top, ConfirmScene) and "Cleo, Dan" in again.top.text
    tap_button(again, "yes")
    assert again.top.spec.id == "peek"


def test_an_old_single_save_moves_to_its_game_once(tmp_path):
    app = make_app(tmp_path)
    controller_of(start_game_scene(app, "knights", ANNA_BEN, seed=3)).submit(Action("roll"))
    app.saves.flush()       # the app saves in the background: the test reads the disk after it
    (tmp_path / "saves" / "knights.json").rename(tmp_path / "save.json")
    again = make_app(tmp_path)
    assert isinstance(again.top, MenuScene) and "knights" in again.top.saved
    assert not (tmp_path / "save.json").exists()
    assert json.loads((tmp_path / "saves" / "knights.json").read_text())["state"]["turn"] == 1


# -- options -----------------------------------------------------------------------------------------
OPTIONS_GAME = replace(PEEK, options=(Option("short", FLAG, False), Option("auto_defend", FLAG, True),
                                      Option("board", BOARD, None),
                                      Option("rounds", CHOICE, "3", choices=("3", "5"))))


def test_options_come_back_from_a_save_with_their_types(tmp_path):
    app = make_app(tmp_path)
    app.games = dict(GAMES, peek=OPTIONS_GAME)
    chosen = {"short": False, "auto_defend": True, "board": str(tmp_path / "my board.yaml"), "rounds": "5"}
    start_game_scene(app, "peek", ANNA_BEN, options=chosen)
    app.saves.flush()       # the app saves in the background: the test reads the disk after it
    raw = json.loads((tmp_path / "saves" / "peek.json").read_text())
    assert raw["options"] == chosen, "saved as JSON values, not as text"
    loaded = SaveStore(tmp_path).load("peek", app.games).saved.options
    assert loaded == chosen and loaded["short"] is False and loaded["auto_defend"] is True


def test_a_usual_board_option_stays_null_and_old_text_options_read_by_their_type(tmp_path):
    app = make_app(tmp_path)
    app.games = dict(GAMES, peek=OPTIONS_GAME)
    start_game_scene(app, "peek", ANNA_BEN, options={"board": None, "short": True})
    app.saves.flush()       # the app saves in the background: the test reads the disk after it
    path = tmp_path / "saves" / "peek.json"
    data = json.loads(path.read_text())
    assert data["options"] == {"board": None, "short": True, "auto_defend": True, "rounds": "3"}
    data["options"] = {"short": "False", "auto_defend": "True", "board": None, "unknown": 1, "rounds": "x"}
    path.write_text(json.dumps(data))
    loaded = SaveStore(tmp_path).load("peek", app.games).saved.options
    assert loaded == {"short": False, "auto_defend": True, "board": None, "rounds": "3"}, \
        "damaged values fall back to their defaults, unknown names are dropped"


# -- the menu itself ---------------------------------------------------------------------------------
def test_the_quit_button_asks_and_then_closes_the_app(tmp_path):
    app = make_app(tmp_path)
    quit_button = app.top.button("quit")
    assert min(quit_button.rect.size) >= MIN_TARGET and quit_button.rect.top < 100
    without_lock(app)                     # the lock before it: tests/test_grownup_lock.py
    tap_button(app, "quit")
    assert isinstance(app.top, ConfirmScene) and app.top.title == app.t("menu.quit.title")
    tap_button(app, "no")
    assert isinstance(app.top, MenuScene) and app.running
    a_moment_later(app)
    tap_button(app, "quit")
    tap_button(app, "yes")
    assert not app.running


def assert_title_inside_its_tile(app, label: str) -> None:
    app.draw()
    rect, _ = app.top.tiles[0]
    band = range(rect.top + 385, rect.bottom - 45)          # the title's rows, clear of the corners
    inked = 0
    for y in band:
        for x in list(range(rect.left + 10, rect.left + TITLE_MARGIN - 2)) + \
                list(range(rect.right - TITLE_MARGIN + 2, rect.right - 10)):
            assert app.screen.get_at((x, y))[:3] == PAPER, f"{label}: the title reaches the tile's edge at {x, y}"
        inked += sum(1 for x in range(rect.left + TITLE_MARGIN, rect.right - TITLE_MARGIN, 3)
                     if app.screen.get_at((x, y))[:3] != PAPER)
    assert inked > 100, "the title is there"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_tile_title_stays_inside_the_tile_with_a_margin(tmp_path, lang):
    assert_title_inside_its_tile(make_app(tmp_path, lang=lang), lang)


def test_a_title_with_a_very_long_word_is_made_smaller_to_stay_inside(tmp_path):
    app = make_app(tmp_path, lang="de")
    usual = app.t
    app.t = lambda key, **values: ("Goldschatzritterabenteuergeschichtens" if key == "game.knights.title"
                                   else usual(key, **values))
    assert_title_inside_its_tile(app, "a long word")


def test_the_menu_shows_a_save_as_it_is_now_after_it_changed(tmp_path):
    store = SaveStore(tmp_path)
    knights = GAMES["knights"]
    store.save("knights", ANNA_BEN, knights.new_state(2, seed=1))
    assert [s.name for s in store.saved_games(GAMES)["knights"].seats] == ["Anna", "Ben"]
    store.save("knights", [Seat("Cleo", "green"), Seat("Dan", "yellow"), Seat("Eva", "red")],
               knights.new_state(3, seed=1))
    assert [s.name for s in store.saved_games(GAMES)["knights"].seats] == ["Cleo", "Dan", "Eva"]
    (tmp_path / "saves" / "knights.json").write_text("{ damaged")
    assert store.saved_games(GAMES) == {} and store.take_unreported()
