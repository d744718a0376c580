"""Flows a family meets: curtains between people who see secrets, leaving and coming back,
a bug that must not throw anyone out, a modified board file."""
import yaml

import kidgames.ui.game as game_module
from kidgames.core.paths import BOARDS
from kidgames.core.protocol import Action
from kidgames.core.seats import Seat
from kidgames.games import GAMES
from kidgames.ui.curtain import CurtainScene
from kidgames.ui.dialog import MessageScene
from kidgames.ui.game import GameScene, start_game_scene
from kidgames.ui.menu import MenuScene
from peek_game import peek_spec
from ui_driver import make_app, run, run_until, tap, tap_button
from ui_driver import state_of


# -- a tiny game with a secret per turn (tests/peek_game.py), shown by a minimal scene -----------------
class PeekScene(GameScene):
    def layout(self):
        self.buttons = self.shared_buttons.top(20, 20)

    def tap(self, pos):
        self.submit(Action("peek"))

    def draw(self, surface):
        surface.fill((40, 120, 40))
        self.draw_buttons(surface)


PEEK = peek_spec(2, scene="test_ui_flows:PeekScene")


def test_a_curtain_names_each_person_before_they_see_their_secret(tmp_path):
    app = make_app(tmp_path)
    app.games = dict(GAMES, peek=PEEK)
    scene = start_game_scene(app, "peek", [Seat("Anna", "red"), Seat("Ben", "blue")])
    run(app, 0.1)
    assert isinstance(app.top, CurtainScene) and app.top.seat.name == "Anna"
    tap(app, (800, 300))
    assert isinstance(app.top, CurtainScene), "only the ready button lifts the curtain"
    tap_button(app, "ready")
    assert app.top is scene
    tap(app, (800, 500))                           # Anna peeks
    assert state_of(scene).turns == 1
    run(app, 0.1)
    assert isinstance(app.top, CurtainScene) and app.top.seat.name == "Ben"


# -- leaving and coming back -----------------------------------------------------------------------
def test_leaving_a_game_keeps_it_and_the_menu_continues_it(tmp_path, monkeypatch):
    monkeypatch.setattr(game_module, "SKIP_GUARD", 0.0)
    app = make_app(tmp_path)
    scene = start_game_scene(app, "knights", [Seat("Anna", "red"), Seat("Ben", "blue")], seed=4)
    for _ in range(4):
        tap(app, (1420, 800))
        run_until(app, scene.person_can_act, seconds=20)
    positions = list(state_of(scene).positions)
    tap_button(app, "home")
    tap_button(app, "yes")
    assert isinstance(app.top, MenuScene)
    tap_button(app, "game:knights")                # its tile asks: play on, or a new game?
    tap_button(app, "yes")
    assert state_of(app.top).positions == positions and state_of(app.top).turn == 4


# -- a bug must not end the family's evening ---------------------------------------------------------
def test_an_error_in_a_scene_goes_back_to_the_menu_with_a_kind_message(tmp_path, monkeypatch):
    monkeypatch.delenv("KIDGAMES_RAISE", raising=False)
    app = make_app(tmp_path)
    scene = start_game_scene(app, "knights", [Seat("Anna", "red"), Seat("Ben", "blue")], seed=4)

    def broken(surface):
        raise RuntimeError("a bug in drawing")

    scene.draw = broken
    app.dirty = True
    app.frame(0.016)
    assert isinstance(app.top, MessageScene)
    assert isinstance(app.stack[0], MenuScene)
    assert "a bug in drawing" in (tmp_path / "error.log").read_text()
    assert app.saves.exists("knights"), "the game is still there to continue"
    tap_button(app, "ok")
    assert "knights" in app.top.saved, "its tile offers to continue it"


# -- a modified board file ----------------------------------------------------------------------------
def test_a_modified_board_file_is_drawn_and_played_to_the_end(tmp_path, monkeypatch):
    monkeypatch.setattr(game_module, "SKIP_GUARD", 0.0)
    data = yaml.safe_load((BOARDS / "knights.yaml").read_text(encoding="utf-8"))
    data["lanes"]["main"]["fields"] = [f for f in data["lanes"]["main"]["fields"] if f["id"] not in ("m2", "m3")]
    data["size"] = [1400, 1100]
    data.pop("decorations")
    board = tmp_path / "short.yaml"
    board.write_text(yaml.safe_dump(data), encoding="utf-8")
    app = make_app(tmp_path)
    scene = start_game_scene(app, "knights", [Seat("Anna", "red"), Seat("Ben", "blue")], seed=2,
                             options={"board": str(board)})
    assert "m2" not in state_of(scene).board.nodes
    throws = 0
    while not state_of(scene).is_over and throws < 1500:
        if scene.person_can_act():
            tap(app, (1420, 800))
            throws += 1
        tap(app, (600, 500))
    assert state_of(scene).is_over
    # The board of a saved game travels with the save.
    saved = GAMES["knights"].state_from_json(state_of(scene).to_json())
    assert "m2" not in saved.board.nodes


# -- default names speak the app's language ------------------------------------------------------------
def test_a_saved_games_computer_names_follow_the_language_it_is_continued_in(tmp_path):
    """A game saved in English and continued in Czech: its computer is "Modrá", not "Blue" (in the
    question and in the game); a typed name stays as it was."""
    from kidgames.core.seats import COMPUTER
    english = make_app(tmp_path)
    start_game_scene(english, "knights", [Seat("Anna", "red"), Seat("Blue", "blue", COMPUTER, default_name=True)],
                     seed=4)
    english.saves.flush()           # the save on the disk, as the next start reads it
    czech = make_app(tmp_path, lang="cs")
    tap_button(czech, "game:knights")
    assert "Anna, Modrá" in czech.top.text
    tap_button(czech, "yes")
    assert [s.name for s in czech.top.seats] == ["Anna", "Modrá"]


def test_the_setups_default_names_are_in_the_apps_language(tmp_path):
    app = make_app(tmp_path, lang="ru")
    tap_button(app, "game:forest")
    assert [s.name for s in app.top.seats] == ["Красный", "Синий"]
    tap_button(app, "add")
    assert app.top.seats[-1].name == "Зелёный" and app.top.seats[-1].is_computer
