"""Sleeping Queens' seat panels with many awake queens, at 1024×768: every queen's points, the
backs of the hand (how many cards it holds) and a computer's robot and level stay in view, for
2 to 5 seats.  Checked by what is drawn: the pixels of each queen's points badge on the canvas
are the badge's own, and nothing lies over the robot or the backs."""

import pygame
import pytest

from kidgames.core.seats import Seat
from kidgames.games.queens.art import panel_look
from kidgames.games.queens.rules import QUEEN_POINTS
from kidgames.ui.game import start_game_scene
from ui_driver import FRAME, make_app
from ui_driver import state_of

NAMES = ["Anna", "Ben", "Cleo", "Dan", "Eva"]
COLOURS = ["red", "blue", "green", "yellow", "purple"]
LEVELS = ["easy", "normal", "hard", "fair"]


def table_with_five_queens_each(tmp_path, n: int):
    """A table of ``n`` seats (one person, the rest computers of every level), each seat holding
    five awake queens (the most a seat holds before winning; queens repeat between seats here,
    which the rules never allow, because only the drawing is looked at)."""
    app = make_app(tmp_path, window_size=(1024, 768))
    seats = [Seat(NAMES[i], COLOURS[i]) if i == 0 else Seat(NAMES[i], COLOURS[i], "computer", LEVELS[i % 4])
             for i in range(n)]
    scene = start_game_scene(app, "queens", seats, seed=5)
    queens = list(QUEEN_POINTS)
    for i in range(n):
        state_of(scene).awake[i] = queens[(5 * i) % 12:][:5] if (5 * i) % 12 + 5 <= 12 else queens[:5]
    scene.changed()
    for _ in range(20):
        app.frame(FRAME)
    return app, scene


def badge_circle(rect: pygame.Rect, look) -> tuple[tuple[int, int], int]:
    """Where a panel queen's points lie on her card (as kidgames/ui/cards.py draws a corner)."""
    w = rect.w - 2
    inset = max(6, w // 9) // 2
    r = max(12, w // 6)
    x = rect.x + inset + r - 2 if look.corner_left else rect.x + w - inset - r + 2
    return (x, rect.y + inset + r - 2), r


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_every_awake_queens_points_show_in_a_full_panel(tmp_path, n):
    app, scene = table_with_five_queens_each(tmp_path, n)
    canvas = app.screen
    for seat in range(n):
        awake = scene.v_awake[seat]
        rects = scene.part.panels.queen_rects(seat, len(awake))
        assert len(rects) == 5
        for queen, rect in zip(awake, rects):
            look = panel_look(queen)
            card = scene.art.surface(look, rect.w)
            (cx, cy), r = badge_circle(rect, look)
            inner = r - 3
            covered = [(x, y) for x in range(cx - inner, cx + inner + 1) for y in range(cy - inner, cy + inner + 1)
                       if (x - cx) ** 2 + (y - cy) ** 2 <= inner * inner
                       and canvas.get_at((x, y))[:3] != card.get_at((x - rect.x, y - rect.y))[:3]]
            assert not covered, f"seat {seat}: the points of the {queen} queen are covered at {covered[:3]}"


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_the_hands_backs_and_a_computers_level_are_never_under_a_queen(tmp_path, n):
    app, scene = table_with_five_queens_each(tmp_path, n)
    for seat in range(n):
        rects = scene.part.panels.queen_rects(seat, 5)
        queens = rects[0].unionall(rects[1:])
        backs = scene.part.panels.backs_area(seat, scene.v_hand_counts[seat])
        assert backs is not None and not backs.colliderect(queens), f"seat {seat}: the backs lie under a queen"
        assert not scene.part.panels.score_area(seat).colliderect(queens), f"seat {seat}: the score lies under a queen"
        robot = scene.part.panels.robot_area(seat)
        if seat == 0:
            assert robot is None
            continue
        assert not robot.colliderect(queens), f"seat {seat}: a queen lies over the robot and its level"
        assert not robot.colliderect(backs)
        assert scene.part.panels.seat_rects()[seat].contains(robot)


def name_ink_height(tmp_path, names: list[str], seat: int) -> int:
    """The height in canvas pixels of the ink of seat ``seat``'s name in its panel (an unlit panel:
    the name's letters against the panel's plain paper), as the canvas shows it."""
    app = make_app(tmp_path, window_size=(1024, 768))
    seats = [Seat(name, COLOURS[i], "computer", "normal") for i, name in enumerate(names)]
    scene = start_game_scene(app, "queens", seats, seed=5)
    for _ in range(20):
        app.frame(FRAME)
    panel = scene.part.panels.seat_rects()[seat]
    area = pygame.Rect(panel.x + 66, panel.y + 8, 126, 44)     # beside the pawn, above the scores
    paper = app.screen.get_at((area.right - 2, area.bottom - 2))
    rows = [y for y in range(area.top, area.bottom)
            if any(sum(abs(a - b) for a, b in zip(app.screen.get_at((x, y))[:3], paper[:3])) > 120
                   for x in range(area.left, area.right))]
    assert rows, f"no name drawn for seat {seat}"
    return rows[-1] - rows[0] + 1


def test_a_long_name_does_not_make_the_other_names_small(tmp_path):
    """A family's long name is shrunk or cut alone: Anna's name in the panel below is as tall beside
    "Maximilian Alexander" as beside "Ben" (it was drawn at the smallest size for everybody)."""
    beside_short = name_ink_height(tmp_path / "short", ["Ben", "Anna"], seat=1)
    beside_long = name_ink_height(tmp_path / "long", ["Maximilian Alexander", "Anna"], seat=1)
    assert beside_long == beside_short
    assert name_ink_height(tmp_path / "long2", ["Maximilian Alexander", "Anna"], seat=0) > 0
