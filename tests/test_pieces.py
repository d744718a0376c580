"""Every kind of piece on a table (kidgames/ui/pieces.py, kidgames/ui/table.py) is on the screen
while things move, and after every frame the window equals a full redraw: the areas a table
redraws, worked out from the pieces' looks and areas, are all that changed."""
import importlib

import pytest

from kidgames.core.protocol import Action
from kidgames.core.seats import Seat
from kidgames.games import GAMES
from kidgames.ui.game import start_game_scene
from kidgames.ui.table import Piece
from test_screen_invariant import differing_area, window_bytes
from ui_driver import FRAME, make_app
from ui_driver import controller_of


def piece_types() -> set[type]:
    """Every kind of piece kidgames has (found by looking, so that a new one is covered here too);
    a kind that paints nothing itself (a base of others) is covered by its subclasses."""
    for spec in GAMES.values():       # a game's scene may bring pieces of its own
        importlib.import_module(spec.scene.partition(":")[0])
    found, todo = set(), [Piece]
    while todo:
        for sub in todo.pop().__subclasses__():
            todo.append(sub)
            if sub.__module__.startswith("kidgames.") and "paint" in vars(sub):
                found.add(sub)
    return found


def play_watching(app, scene, frames: int, seen: set[type]) -> int:
    """Run ``frames`` frames; after each, the window must equal a full redraw.  The kinds of piece
    on the screen while something moves are added to ``seen``; returns how many frames moved."""
    moving = 0
    for _ in range(frames):
        app.frame(FRAME)
        area = differing_area(app, window_bytes(app))
        assert area is None, f"the window differs from a full redraw in {area}"
        if scene.anim.busy:
            moving += 1
            seen |= {type(piece) for piece in scene.table.on_table() if piece.area() is not None}
    return moving


@pytest.mark.parametrize("window", [None, (1280, 800)], ids=["canvas", "tablet"])
def test_every_kind_of_piece_moves_on_screen_and_each_frame_equals_a_full_redraw(tmp_path, window):
    """A card table (Castle Builders: seat panels, piles, cards in flight, the witch's own pieces,
    banners) and a board table (Knights: side panel, player rows, the die, the knights hopping),
    computers playing; together they show every kind of piece there is."""
    app = make_app(tmp_path, speed="normal", window_size=window)
    seen: set[type] = set()
    robots = [Seat(n, c, "computer", "normal") for n, c in (("Robo", "red"), ("Bip", "blue"), ("Zed", "green"))]
    castle = start_game_scene(app, "castle", robots, seed=7)
    # each computer draws two cards and stops: cards fly to castles and spare piles, turn after turn
    controller_of(castle)._computer = lambda obs, actions, *rest: (
        Action("draw") if Action("draw") in actions and obs["drawn_this_turn"] < 2
        else Action("stop") if Action("stop") in actions else actions[0])
    assert play_watching(app, castle, 420, seen) > 200
    knights = start_game_scene(app, "knights", robots, seed=7)
    assert play_watching(app, knights, 420, seen) > 200
    missing = {t.__name__ for t in piece_types() - seen}
    assert not missing, f"never on the screen while things moved: {sorted(missing)}"
