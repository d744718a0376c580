"""What a family sees on the Knights board: where a tap acts, knights that never hide each other,
a map that fits beside the side panel, banners that read well."""
import math

import pygame
import pytest

from kidgames.core.seats import COLOURS, Seat
from kidgames.games.knights.scene import BOARD_RECT, PAWN_SIZE
from kidgames.games.knights.table import DIE_CENTRE, NUDGE_AREA, NUDGE_EVERY
from kidgames.ui.board_table import SIDEBAR
from kidgames.ui.game import start_game_scene
from ui_driver import make_app, run, run_until, tap
from ui_driver import state_of


def knights(app, n=2, seed=1):
    seats = [Seat(f"P{i}", COLOURS[i]) for i in range(n)]
    scene = start_game_scene(app, "knights", seats, seed=seed)
    run(app, 0.4)
    return scene


@pytest.mark.parametrize("where", ["board", "player list", "letterbox"])
def test_only_the_die_throws_a_stray_tap_makes_it_hop(tmp_path, where):
    app = make_app(tmp_path, window_size=(2200, 1000))     # bars left and right of the picture
    scene = knights(app)
    if where == "letterbox":
        x, y = app.view.right + 100, 800                     # beside the die, on the bar
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1))
        assert app.to_canvas((x, y))[0] > 1600
        run(app, 0.1)
    else:
        jump_before = scene.part.die.jump
        tap(app, (600, 500) if where == "board" else (SIDEBAR.centerx, 200))
        run(app, 0.15)
        assert scene.part.die.jump != jump_before, "the die hops to show where to tap"
    assert state_of(scene).turn == 0, "nothing was thrown"
    tap(app, DIE_CENTRE)
    assert state_of(scene).turn == 1


def test_knights_on_one_field_stand_side_by_side(tmp_path):
    app = make_app(tmp_path)
    scene = knights(app, n=6)
    places = scene.pawns.places()
    assert len(places) == 6
    for i, (p, x, y) in enumerate(places):
        for q, x2, y2 in places[i + 1:]:
            # Each knight's body shows: neighbours are at least half a knight apart.
            assert math.dist((x, y), (x2, y2)) >= PAWN_SIZE * 0.5, (p, q)
    two = knights(make_app(tmp_path / "two"), n=2)
    (_, xa, ya), (_, xb, yb) = two.pawns.places()
    assert abs(xa - xb) >= PAWN_SIZE * 0.55 and ya == yb, "two knights stand next to each other"


def test_the_map_with_its_lakes_fits_beside_the_side_panel(tmp_path):
    app = make_app(tmp_path)
    scene = knights(app)
    board = state_of(scene).board
    for node_id in board.nodes:
        x, y = scene.space_xy(node_id)
        reach = 62 if board.nodes[node_id].kind == "pool" else 31     # the lake around a pool field
        assert BOARD_RECT.left <= x - reach and x + reach <= BOARD_RECT.right, node_id
        assert BOARD_RECT.top <= y - reach and y + reach <= BOARD_RECT.bottom, node_id


def test_the_waiting_die_hops_every_few_seconds_and_rests_between(tmp_path):
    app = make_app(tmp_path)
    scene = knights(app)
    heights = []
    for _ in range(int((NUDGE_EVERY + 0.5) * 60)):
        app.frame(1 / 60)
        heights.append(scene.part.die.jump)
    assert max(heights) > 5, "it hops"
    assert heights[-1] == 0 and heights[60] == 0, "and rests otherwise"
    assert scene.idle.idle_wake_in() is not None and scene.idle.idle_wake_in() <= NUDGE_EVERY


def test_a_computer_thinks_on_a_still_picture(tmp_path):
    app = make_app(tmp_path)
    seats = [Seat("Robo", "red", "computer"), Seat("Ben", "blue")]
    scene = start_game_scene(app, "knights", seats, seed=2)
    run(app, 0.1)
    drawn = app.frames_drawn
    assert app.frame(1 / 60) is False, "waiting for the computer is not an animation"
    assert app.frames_drawn == drawn
    assert 0 < app.next_wake() <= 1.1
    assert run_until(app, lambda: state_of(scene).turn == 1, seconds=3)


def test_a_banner_text_wraps_into_balanced_lines(tmp_path):
    app = make_app(tmp_path)
    from kidgames.ui.assets import wrap
    font = app.assets.font(36, title=True)
    lines = wrap(font, "Back to the star.", font.size("Back to the sta")[0])
    assert len(lines) == 2 and min(len(line) for line in lines) >= 6, lines


def test_nothing_is_redrawn_while_a_person_thinks_except_the_die(tmp_path):
    app = make_app(tmp_path)
    knights(app)
    areas = []
    original = app.loop.present
    app.loop.present = lambda a=None: (areas.append(a), original(a))
    run(app, NUDGE_EVERY + 0.5)
    assert areas and all(a is not None and all(NUDGE_AREA.contains(r) for r in a) for a in areas)
