"""Every button is at least 60 window pixels in both directions at 1024x768 (platform guidelines
ask 7-10 mm; children miss more than adults): on the menu, the setup, the settings, the keyboard in
every language, the rules, the dialogs, the curtains, the four games in the situations a seeded
game brings and the results.  The window is 1024x768 (4:3), so the canvas shows as on a 1024x768
screen, where the app opens full screen; the setup, the keyboard and the games are measured at
1366x912 (3:2) too.  Sizes are screen pixels: the button's rectangle as the window shows it, and for
the keyboard's keys and the setup's rows the outline painted in the window's picture."""
from __future__ import annotations

import random

import pygame
import pytest

from kidgames.core.i18n import LANGUAGES
from kidgames.ui.curtain import CurtainScene
from kidgames.ui.game import GameScene
from kidgames.ui.results import ResultsScene
from tests.ui_driver import FRAME, hold_button, make_app, run, tap, tap_button, through_lock

MIN_PX = 60
SCREEN = (1024, 768)
SCREENS = [(1024, 768), (1366, 912)]
SIDE_BUTTONS = {"home", "rules", "sound", "say"}


def small_app(tmp_path, lang="en", screen=SCREEN):
    app = make_app(tmp_path, lang=lang, window_size=screen)
    assert app.window.get_size() == screen
    return app


def too_small(app, seen: set | None = None) -> list[str]:
    """The buttons of the scene on top smaller than MIN_PX window pixels, as 'Scene/button w x h'."""
    bad = []
    scene = app.top
    for button in scene.buttons:
        if not button.visible:
            continue
        left, top = app.to_window(button.rect.topleft)
        right, bottom = app.to_window(button.rect.bottomright)
        if seen is not None:
            seen.add((type(scene).__name__, button.name.split(":")[0]))
        if min(right - left, bottom - top) < MIN_PX:
            bad.append(f"{type(scene).__name__}/{button.name} {right - left}x{bottom - top}")
    return bad


def painted_size(app, rect: pygame.Rect) -> tuple[int, int]:
    """The outline of a button at canvas ``rect`` as the window's picture shows it, in screen pixels:
    across its middle, from the first pixel of its edge to the last (a pixel counts when it is at least
    half as far from the colour beside the button as the edge's strongest pixel); its shadow, below
    the rectangle, is not counted."""
    window = pygame.display.get_surface()
    left, top = app.to_window(rect.topleft)
    right, bottom = app.to_window(rect.bottomright)
    cx, cy = (left + right) // 2, (top + bottom) // 2
    beside = window.get_at((left - 3, cy))[:3]

    def extent(points) -> int:
        far = [sum(abs(a - b) for a, b in zip(window.get_at(p)[:3], beside)) for p in points]
        band = 9
        head, tail = far[:band], far[-band:]
        first = next(i for i, v in enumerate(head) if v and v >= max(head) / 2)
        last = len(far) - band + max(i for i, v in enumerate(tail) if v and v >= max(tail) / 2)
        return last - first + 1
    return extent([(x, cy) for x in range(left - 2, right + 2)]), extent([(cx, y) for y in range(top - 2, bottom)])


@pytest.mark.parametrize("screen,view", [((1024, 768), (0, 64, 1024, 640)), ((1366, 912), (1, 30, 1364, 852))])
def test_the_canvas_fills_the_width_of_a_4_3_and_a_3_2_screen(tmp_path, screen, view):
    """The canvas is scaled by the largest simple fraction that fits (16/25 at 1024x768, 29/34 at
    1366x912), not rounded down to 1/40ths (0.625, 0.85): no bars at the sides, and every control as
    large as the screen allows."""
    app = small_app(tmp_path, screen=screen)
    assert tuple(app.view) == view


def test_the_menu_settings_and_dialogs_have_finger_sized_buttons(tmp_path):
    app = small_app(tmp_path)
    bad = too_small(app)
    hold_button(app, "settings")            # the grown-up lock's sum
    bad += too_small(app)
    app.pop()
    run(app, 0.3)
    through_lock(app, "settings")
    bad += too_small(app)
    app.pop()
    run(app, 0.3)
    through_lock(app, "quit")
    bad += too_small(app)
    assert not bad, bad


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("game_id", ["forest", "castle", "knights", "queens"])
def test_the_setup_with_every_seat_its_rules_and_its_results_have_finger_sized_buttons(tmp_path, game_id, screen):
    app = small_app(tmp_path, screen=screen)
    tap_button(app, f"game:{game_id}")
    setup = app.top
    bad = too_small(app)
    while setup.button("add") is not None:
        tap_button(app, "add")
        run(app, 0.5)
        bad += too_small(app)
    canvas = app.screen.get_rect()
    shown = [b for b in setup.buttons if b.visible]
    for i, button in enumerate(shown):      # and all of them on the canvas, none over another
        assert canvas.contains(button.rect), button.name
        assert button.rect.collidelist([b.rect for b in shown[i + 1:]]) == -1, f"{button.name} overlaps"
    tap_button(app, "rules")
    bad += too_small(app)
    while app.top.button("next") is not None and app.top.button("next").visible:
        tap_button(app, "next")
        run(app, 0.5)
        bad += too_small(app)
    spec = app.games[game_id]
    app.push(ResultsScene(app, spec, setup.seats, [0], {}))
    run(app, 0.5)
    bad += too_small(app)
    assert not bad, bad


def keys_painted_too_small(app) -> list[str]:
    run(app, 0.3)
    return [f"{b.name} {painted_size(app, b.rect)}" for b in app.top.buttons
            if b.name.startswith("key:") and min(painted_size(app, b.rect)) < MIN_PX]


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_keyboard_has_finger_sized_keys_in_every_language(tmp_path, lang, screen):
    app = small_app(tmp_path, lang=lang, screen=screen)
    tap_button(app, "game:forest")
    tap_button(app, "name:0")
    bad = too_small(app) + keys_painted_too_small(app)
    if app.top.button("letters") is not None:       # Korean: the Latin letters too
        tap_button(app, "letters")
        bad += too_small(app) + keys_painted_too_small(app)
    assert not bad, bad


@pytest.mark.parametrize("screen", SCREENS)
def test_the_setup_rows_are_painted_finger_sized(tmp_path, screen):
    """Six seats' rows (colour, name, person or computer, stars, remove) as the window shows them."""
    app = small_app(tmp_path, screen=screen)
    tap_button(app, "game:castle")
    tap_button(app, "kind:1")
    while app.top.button("add") is not None:
        tap_button(app, "add")
    run(app, 0.5)
    rows = [b for b in app.top.buttons if b.name.split(":")[0] in ("colour", "name", "kind", "level", "remove")]
    assert len(rows) >= 4 * 4
    bad = [f"{b.name} {painted_size(app, b.rect)}" for b in rows if min(painted_size(app, b.rect)) < MIN_PX]
    assert not bad, bad


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("game_id", ["forest", "castle", "knights", "queens"])
def test_every_button_of_a_seeded_game_is_finger_sized(tmp_path, game_id, screen):
    """Two people and a computer play by random taps (seeded) on what each moment offers; every
    button of every scene on top is measured: the game's, its curtains', its results'."""
    app = small_app(tmp_path, screen=screen)
    start = app.nav.start_game                  # the setup starts an unseeded game: seed it, so that each
    app.nav.start_game = lambda *a, **kw: start(*a, **dict(kw, seed=11))   # run plays the same game
    tap_button(app, f"game:{game_id}")
    tap_button(app, "kind:1")
    tap_button(app, "add")
    tap_button(app, "start")
    rng = random.Random(7)
    seen: set = set()
    bad: list[str] = []
    for _ in range(1500):                   # until the results (a Knights game takes the longest)
        run(app, 0.4)
        top = app.top
        bad += too_small(app, seen)
        if isinstance(top, ResultsScene):
            break
        if isinstance(top, CurtainScene):
            tap(app, top.buttons[0].rect.center)
            continue
        if not isinstance(top, GameScene):
            app.pop()
            continue
        choices = [b.rect.center for b in top.buttons if b.visible and b.enabled and b.name not in SIDE_BUTTONS]
        choices += [t.centre for t in top.tap_targets()]
        if choices:
            tap(app, rng.choice(choices))
    assert not bad, sorted(set(bad))
    assert len(seen) > 4, seen
