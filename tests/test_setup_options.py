"""The setup screen's options and computer levels (design.md, "Game options"): a toggle per on/off
option, a cycling button per choice, a 1-2-3 star level (or a heart for fair) per computer seat,
each chosen by taps,
passed to the game, kept in its save and remembered for the next setup."""
import dataclasses

import pygame
import pytest

from kidgames.core.protocol import BOARD, CHOICE, FLAG, Option
from kidgames.core.seats import COMPUTER, Seat
from kidgames.ui.board_pieces import draw_robot
from kidgames.ui.menu import MenuScene
from kidgames.ui.setup import SetupScene
from kidgames.ui.widgets import MIN_TARGET
from peek_game import peek_spec
from ui_driver import later, make_app, run, tap_button

OPTIONS = (Option("short", FLAG, False, text="option.short"),
           Option("auto_defend", FLAG, True, text="option.auto_defend"),
           Option("fairy", CHOICE, "often", text="option.auto_fairy", choices=("never", "often", "always")),
           Option("board", BOARD, None, text="option.board"))


def options_spec(players=2, levels=True):
    return dataclasses.replace(peek_spec(players, scene="test_ui_flows:PeekScene"), id="opts", title="Options",
                               min_players=2, max_players=6, options=OPTIONS, computer_levels=levels)


def setup_for(tmp_path, spec=None, lang="en"):
    app = make_app(tmp_path, lang=lang)
    app.games = {"opts": spec or options_spec()}
    app.reset_to(MenuScene(app))
    app.guard_until = 0.0
    tap_button(app, "game:opts")
    assert isinstance(app.top, SetupScene)
    return app


def tap_slowly(app, name):
    """A tap on a button a moment after the last (two quick taps on one place are a double tap)."""
    later(app, 0.5)
    tap_button(app, name)


def test_the_options_chosen_by_taps_are_the_games_its_saves_and_the_next_setups(tmp_path):
    app = setup_for(tmp_path)
    setup = app.top
    assert setup.button("option:board") is None, "a board file is for the command line only"
    assert setup.button("option:short").text == "Short game" and not setup.button("option:short").selected
    tap_button(app, "option:short")                 # off -> on
    tap_slowly(app, "option:auto_defend")           # on -> off
    tap_slowly(app, "option:fairy")                 # often -> always
    assert app.top.button("option:short").selected and not app.top.button("option:auto_defend").selected
    assert app.top.button("option:fairy").text == "Use the fairy for me: always"
    tap_slowly(app, "start")
    chosen = {"short": True, "auto_defend": False, "fairy": "always", "board": None}
    assert app.top.options == chosen
    saved = app.saves.load("opts", app.games).saved
    assert saved.options == chosen and type(saved.options["short"]) is bool
    app.nav.show_menu()
    run(app, 0.3)
    tap_button(app, "game:opts")
    tap_slowly(app, "no")                           # a new game, not the saved one
    again = app.top
    assert isinstance(again, SetupScene) and again.options == chosen
    assert again.button("option:short").selected


def level_colours(app, i):
    """How many pixels of seat ``i``'s level button are a star's gold and a heart's red."""
    surface = pygame.Surface(app.screen.get_size())
    app.top.draw(surface)
    rect = app.top.button(f"level:{i}").rect
    gold = red = 0
    for x in range(rect.left, rect.right, 2):
        for y in range(rect.top, rect.bottom, 2):
            r, g, b, _ = surface.get_at((x, y))
            gold += r > 200 and 150 < g < 230 and b < 90
            red += r > 190 and g < 90 and b < 90
    return gold, red


def test_a_computer_seat_has_a_level_of_one_two_or_three_stars_or_a_heart_kept_with_the_seat(tmp_path):
    app = setup_for(tmp_path)
    assert app.top.seats[1].kind == COMPUTER and app.top.seats[1].level == "normal"
    assert app.top.button("level:0") is None, "a person has no level"
    gold, red = level_colours(app, 1)
    assert gold > 20 and red == 0, "normal: two golden stars"
    tap_button(app, "level:1")
    assert app.top.seats[1].level == "hard"
    hard_gold, _ = level_colours(app, 1)
    assert hard_gold > gold, "hard: three golden stars, more gold than two"
    tap_slowly(app, "level:1")
    assert app.top.seats[1].level == "fair"
    gold, red = level_colours(app, 1)
    assert red > 20 and gold < red, "fair: a red heart, no star"
    tap_slowly(app, "level:1")
    assert app.top.seats[1].level == "easy"
    tap_slowly(app, "start")
    assert app.top.seats[1].level == "easy"
    assert app.saves.load("opts", app.games).saved.seats[1].level == "easy"
    assert app.settings.last_setup["opts"][1]["level"] == "easy"


def test_a_game_whose_computer_has_no_choices_shows_no_stars(tmp_path):
    app = setup_for(tmp_path, options_spec(levels=False))
    assert not [b for b in app.top.buttons if b.name.startswith("level:")]


@pytest.mark.parametrize("lang", ["en", "de", "ru"])
def test_six_seats_and_the_options_fit_the_canvas_with_finger_sized_buttons(tmp_path, lang):
    app = setup_for(tmp_path, lang=lang)
    for _ in range(4):
        tap_slowly(app, "add")
    setup = app.top
    assert len(setup.seats) == 6 and all(s.is_computer for s in setup.seats[1:])
    canvas = app.screen.get_rect()
    shown = [b for b in setup.buttons if b.visible]
    for i, button in enumerate(shown):
        assert canvas.contains(button.rect), button.name
        assert min(button.rect.size) >= MIN_TARGET, button.name
        others = [b.rect for b in shown[i + 1:]]
        assert button.rect.collidelist(others) == -1, f"{button.name} overlaps another button"


def test_remembered_options_of_the_wrong_type_fall_back_to_their_defaults(tmp_path):
    app = make_app(tmp_path)
    app.settings.last_options["opts"] = {"short": "yes", "fairy": "sometimes", "auto_defend": False}
    app.games = {"opts": options_spec()}
    setup = SetupScene(app, app.games["opts"])
    assert setup.options == {"short": False, "auto_defend": False, "fairy": "often", "board": None}


def test_a_computer_seat_at_the_table_shows_its_stars_or_its_heart_under_the_robot(tmp_path):
    app = make_app(tmp_path)

    def colours(level):
        surface = pygame.Surface((80, 80))
        draw_robot(surface, app.assets, Seat("Robo", "blue", COMPUTER, level), (40, 40), 40)
        pixels = [surface.get_at((x, y)) for x in range(80) for y in range(50, 80)]  # under the robot
        return (sum(r > 200 and 150 < g < 230 and b < 90 for r, g, b, _ in pixels),
                sum(r > 190 and g < 90 and b < 90 for r, g, b, _ in pixels))

    easy, hard, fair = colours("easy"), colours("hard"), colours("fair")
    assert 0 < easy[0] < hard[0] and easy[1] == hard[1] == 0, "one golden star, then three"
    assert fair[1] > 10 and fair[0] < fair[1], "fair: a red heart"


@pytest.mark.parametrize("game", ["knights", "forest"])
def test_a_remembered_board_file_that_is_gone_is_dropped_with_a_sentence_and_play_starts_the_own_board(tmp_path, game):
    """settings.json remembers a board file (from an earlier version, or written by hand) that was
    moved or deleted since: the setup says so once, forgets it, and Play starts the game on its own
    board (before, Play raised at every tap)."""
    import json
    from kidgames.ui.dialog import MessageScene
    from kidgames.ui.game import GameScene
    gone = tmp_path / "my-board.yaml"
    (tmp_path / "settings.json").write_text(json.dumps({"last_options": {game: {"board": str(gone)}}}))
    app = make_app(tmp_path)
    tap_button(app, f"game:{game}")
    told = app.top
    assert isinstance(told, MessageScene), "the family is told before they choose"
    assert "my-board.yaml" in told.text and "own board" in told.text
    assert isinstance(app.stack[-2], SetupScene)
    later(app, 0.5)
    tap_button(app, "ok")
    assert isinstance(app.top, SetupScene) and app.top.options["board"] is None
    assert "board" not in json.loads((tmp_path / "settings.json").read_text())["last_options"].get(game, {}), \
        "forgotten: not said again at the next setup"
    tap_slowly(app, "start")
    run(app, 0.5)
    assert isinstance(app.top, GameScene) and not app.errors
    assert not (tmp_path / "error.log").exists()
    assert app.saves.load(game, app.games).saved.options["board"] is None
    app.nav.show_setup(app.games[game])
    assert isinstance(app.top, SetupScene), "the next setup of that game says nothing more"


def test_a_remembered_board_that_goes_while_the_setup_is_open_is_dropped_at_play(tmp_path):
    import json
    import shutil
    from kidgames.core.paths import BOARDS
    from kidgames.ui.dialog import MessageScene
    from kidgames.ui.game import GameScene
    board = tmp_path / "copy.yaml"
    shutil.copy(BOARDS / "knights.yaml", board)
    (tmp_path / "settings.json").write_text(json.dumps({"last_options": {"knights": {"board": str(board)}}}))
    app = make_app(tmp_path)
    tap_button(app, "game:knights")
    assert isinstance(app.top, SetupScene) and app.top.options["board"] == str(board), "a board that is there is kept"
    board.unlink()
    tap_slowly(app, "start")
    assert isinstance(app.top, MessageScene) and "copy.yaml" in app.top.text
    later(app, 0.5)
    tap_button(app, "ok")
    run(app, 0.5)
    assert isinstance(app.top, GameScene) and not app.errors, "OK: the game starts on its own board"
    assert app.saves.load("knights", app.games).saved.options["board"] is None
