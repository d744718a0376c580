"""A quick start (issue 33): the menu's first frame needs the games' names, pictures and options,
not their rules, boards or screens; those are imported when a game of them is first used, and
the game then opens and plays as before."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from kidgames.games import GAMES

ROOT = Path(__file__).resolve().parent.parent

FIRST_MENU_FRAME = r"""
import json, sys
from kidgames.cli import build_parser
from kidgames.games import GAMES
args = build_parser(GAMES).parse_args([])
from kidgames.ui.app import App
from kidgames.ui.menu import MenuScene, offer_saved_game
app = App(GAMES, mute=True)
app.reset_to(MenuScene(app))
offer_saved_game(app)
app.frame()
assert app.frames_drawn == 1
print("MODULES " + json.dumps(sorted(sys.modules)))
"""


def test_the_menus_first_frame_imports_no_games_rules_board_or_scene(tmp_path):
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1",
           "KIDGAMES_HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
    ran = subprocess.run([sys.executable, "-c", FIRST_MENU_FRAME], capture_output=True, text=True, timeout=120,
                         cwd=ROOT, env=env)
    assert ran.returncode == 0, ran.stderr[-3000:]
    modules = json.loads(next(line for line in ran.stdout.splitlines() if line.startswith("MODULES "))[8:])
    games = [m for m in modules if m.startswith("kidgames.games.") and m.count(".") > 2]
    assert games == [], f"the first menu frame imported {games}"
    assert "kidgames.ui.game" not in modules and "yaml" not in modules


def test_a_game_whose_rules_wait_still_opens_and_plays_when_first_used(tmp_path):
    code = ("import random, sys\n"
            "from kidgames.games import GAMES\n"
            "assert 'kidgames.games.castle.rules' not in sys.modules\n"
            "spec = GAMES['castle']\n"
            "state = spec.new_state(2, seed=3)\n"
            "rng = random.Random(3)\n"
            "while not state.is_over:\n"
            "    state.apply(rng.choice(state.legal_actions()))\n"
            "again = spec.state_from_json(state.to_json())\n"
            "print(type(state).__module__, again.winners == state.winners, spec.auto_answer(state, {}))\n")
    ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT,
                         env={"PYTHONPATH": str(ROOT), "KIDGAMES_HOME": str(tmp_path)})
    assert ran.returncode == 0, ran.stderr[-3000:]
    assert ran.stdout.split() == ["kidgames.games.castle.rules", "True", "None"]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_facts_the_menu_knows_before_the_rules_are_the_rules_own(game):
    spec = GAMES[game]
    rules = __import__(f"kidgames.games.{game}.rules", fromlist=["GAME_ID"])
    assert (spec.id, spec.title, spec.min_players, spec.max_players, spec.options) == (
        rules.GAME_ID, rules.TITLE, rules.MIN_PLAYERS, rules.MAX_PLAYERS, tuple(rules.OPTIONS))
    state = spec.new_state(spec.min_players, seed=1)
    assert type(state).__module__ == rules.__name__
    assert spec.state_from_json(state.to_json()).to_json() == state.to_json()


def test_a_game_opened_after_the_start_keeps_its_tables_out_of_full_collections(tmp_path):
    """The app freezes what it made before its loop (a full collection walking Sleeping Queens'
    tables stalled a frame); the tables now made when the game first opens are frozen too."""
    code = ("import gc, sys\n"
            "from kidgames.cli import keep_out_of_full_collections\n"
            "from kidgames.core.seats import COMPUTER, Seat\n"
            "from kidgames.games import GAMES\n"
            "from kidgames.ui.app import App\n"
            "from kidgames.ui.game import start_game_scene\n"
            "from kidgames.ui.menu import MenuScene\n"
            "app = App(GAMES, mute=True)\n"
            "app.reset_to(MenuScene(app))\n"
            "app.frame()\n"
            "keep_out_of_full_collections()\n"
            "assert 'kidgames.games.queens.rules' not in sys.modules\n"
            "start_game_scene(app, 'queens', [Seat('A', 'red', COMPUTER), Seat('B', 'blue', COMPUTER)], seed=1)\n"
            "plans = sys.modules['kidgames.games.queens.rules']._HAND_PLANS\n"
            "print(gc.is_tracked(plans), any(o is plans for o in gc.get_objects()))\n")
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1",
           "KIDGAMES_HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
    ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT, env=env)
    assert ran.returncode == 0, ran.stderr[-3000:]
    assert ran.stdout.split() == ["True", "False"], "tracked by the collector, but frozen: no full collection walks it"
