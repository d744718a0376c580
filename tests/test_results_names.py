"""The results screen names everybody at the table, in every game: each person's and computer's
name under their pawn (with their score where the game counts one) and a computer's robot with
its level, all inside the panel, clear of one another, the headline and the buttons."""

import pygame
import pytest

import kidgames.ui.results as results
from kidgames.core.seats import Seat
from kidgames.games import GAMES
from kidgames.ui.results import PANEL, ResultsScene
from ui_driver import FRAME, make_app

NAMES = ["Anna", "Ben", "Robo", "Cleo", "Maximiliane", "Dan"]
COLOURS = ["red", "blue", "green", "yellow", "purple", "orange"]


def seats_for(spec, n: int) -> list[Seat]:
    """``n`` seats, the third (hard) and the fifth (easy) computers."""
    return [Seat(NAMES[i], COLOURS[i], "computer", "easy" if i == 4 else "hard") if i in (2, 4)
            else Seat(NAMES[i], COLOURS[i]) for i in range(n)]


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("most", [False, True], ids=["fewest", "most"])
def test_the_results_show_every_name_and_a_computers_level(tmp_path, monkeypatch, game_id, most):
    spec = GAMES[game_id]
    n = max(3, spec.min_players) if not most else spec.max_players
    seats = seats_for(spec, n)
    state = spec.new_state(n, seed=1, options=spec.options_from_json({}))
    drawn_texts, robots = [], []
    app = make_app(tmp_path, window_size=(1024, 768))
    real_fit, real_robot = app.assets.fit_text, results.draw_robot

    def fit_text(text, *args, **kw):
        drawn_texts.append(text)
        return real_fit(text, *args, **kw)

    def draw_robot(surface, assets, seat, centre, size=40, levels=True):
        robots.append((seat.name, levels))
        real_robot(surface, assets, seat, centre, size, levels=levels)
    monkeypatch.setattr(app.assets, "fit_text", fit_text)
    monkeypatch.setattr(results, "draw_robot", draw_robot)
    scene = ResultsScene(app, spec, seats, [0], {}, scores=getattr(state, "scores", None))
    app.push(scene)
    for _ in range(5):
        app.frame(FRAME)
    assert {seat.name for seat in seats} <= set(drawn_texts), "every name is written"
    assert sorted(robots) == sorted((seat.name, spec.computer_levels) for seat in seats if seat.is_computer)
    areas = scene.name_areas
    assert sorted(areas) == list(range(n))
    buttons = [button.rect for button in scene.buttons]
    for i, area in areas.items():
        assert PANEL.contains(area) and 20 <= area.h <= results.NAME_H, f"{seats[i].name} on one line: {area}"
        assert not area.colliderect(scene.headline_area)
        assert area.collidelist(buttons) == -1, f"{seats[i].name}'s name lies under a button"
        assert all(not area.colliderect(other) for j, other in areas.items() if j != i)
    shot = tmp_path / f"results-{game_id}-{n}.png"
    pygame.image.save(app.window, str(shot))
