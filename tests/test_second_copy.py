"""A second copy of the app (a double-tapped launcher) says first that a game is open in another
window: no "Play on?" and no "Start a new game?" about a game another copy is playing, whichever
way the family reaches it (its tile, the offer at start, the command line, the setup's Play)."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from kidgames.core.seats import Seat
from kidgames.games import GAMES
from kidgames.ui.dialog import ConfirmScene, MessageScene
from kidgames.ui.game import GameScene, start_game_scene
from kidgames.ui.menu import offer_saved_game
from ui_driver import make_app, run, state_of, tap_button

ROOT = Path(__file__).resolve().parent.parent
ANNA_BEN = [Seat("Anna", "red"), Seat("Ben", "blue")]
#: Another copy of the app, in its own process, with the saved Knights game open.
HOLDER = textwrap.dedent("""
    import os, sys
    os.environ["SDL_VIDEODRIVER"] = os.environ["SDL_AUDIODRIVER"] = "dummy"
    from kidgames.core.clock import SteppedTime
    from kidgames.games import GAMES
    from kidgames.ui.app import App
    from kidgames.ui.menu import MenuScene, continue_game
    app = App(GAMES, home=sys.argv[1], mute=True, time_source=SteppedTime())
    app.reset_to(MenuScene(app))
    continue_game(app, "knights")
    app.saves.flush()
    print("OPEN", type(app.top).__name__, flush=True)
    sys.stdin.readline()
""")


@pytest.fixture
def held(tmp_path):
    """A home whose saved Knights game another copy of the app has open."""
    maker = make_app(tmp_path)
    scene = start_game_scene(maker, "knights", ANNA_BEN, seed=3)
    state_of(scene)
    scene.submit(state_of(scene).legal_actions()[0])
    run(maker, 0.5)
    maker.nav.show_menu()
    maker.saves.close()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    other = subprocess.Popen([sys.executable, "-c", HOLDER, str(tmp_path)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert other.stdout.readline().split() == ["OPEN", "KnightsScene"]
        yield tmp_path
    finally:
        other.kill()
        other.wait(10)


def told_only_that_it_is_open_elsewhere(app) -> None:
    assert isinstance(app.top, MessageScene) and app.top.title == app.t("save.elsewhere.title"), \
        f"on top: {type(app.top).__name__} {getattr(app.top, 'title', '')!r}"
    assert app.t("game.knights.title") in app.top.text
    assert not any(isinstance(s, ConfirmScene) for s in app.stack), "no question about a game another copy holds"
    assert not any(isinstance(s, GameScene) for s in app.stack)


def test_the_tile_of_a_game_open_elsewhere_says_so_at_once(held):
    app = make_app(held)
    tap_button(app, "game:knights")
    told_only_that_it_is_open_elsewhere(app)
    tap_button(app, "ok")
    tap_button(app, "game:forest")            # the other games are played here as usual
    assert not isinstance(app.top, MessageScene)


def test_the_offer_at_start_says_the_game_is_open_elsewhere_instead_of_play_on(held):
    app = make_app(held)
    offer_saved_game(app)
    told_only_that_it_is_open_elsewhere(app)


def test_the_command_line_says_so_before_play_on(held, monkeypatch):
    from kidgames import cli
    monkeypatch.setenv("KIDGAMES_HOME", str(held))
    args = cli.build_parser(GAMES).parse_args(["knights", "--players", "Anna,Ben", "--lang", "en"])
    seats = cli.parse_players(args.players, GAMES["knights"], {})
    app = cli.build_app(GAMES, args, seats, {})
    try:
        told_only_that_it_is_open_elsewhere(app)
    finally:
        app.close()


def test_the_setup_s_play_says_so_before_start_a_new_game(held):
    app = make_app(held)
    app.nav.show_setup(GAMES["knights"])
    tap_button(app, "start")
    told_only_that_it_is_open_elsewhere(app)
