"""A monkey: thousands of random taps, double taps, long presses and drags on every scene, with
mouse and with touch; never an exception, and the app is still there afterwards."""
import random

import pygame
import pytest

import kidgames.ui.game as game_module
from kidgames.core.seats import Seat
from kidgames.games import GAMES
from kidgames.ui.curtain import CurtainScene
from kidgames.ui.dialog import ConfirmScene, MessageScene
from kidgames.ui.game import start_game_scene
from kidgames.ui.keyboard import NameScene
from kidgames.ui.menu import MenuScene
from kidgames.ui.results import ResultsScene
from kidgames.ui.rules_scene import RulesScene
from kidgames.ui.settings_scene import SettingsScene
from kidgames.ui.setup import SetupScene
from ui_driver import FRAME, make_app

KNIGHTS = GAMES["knights"]
SEATS = [Seat("Anna", "red"), Seat("Ben", "blue"), Seat("Robo", "green", "computer")]


def open_menu(app):
    app.reset_to(MenuScene(app))


def open_setup(app):
    app.reset_to(MenuScene(app), SetupScene(app, KNIGHTS))


def open_name(app):
    open_setup(app)
    app.push(NameScene(app, "Anna", lambda name: None))


def open_settings(app):
    open_menu(app)
    app.push(SettingsScene(app))


def open_grownup_task(app):
    """The grown-up lock's sum, as a held corner button opens it: random taps close it (a wrong
    pair, its ✕) or, by luck, open the settings; the monkey is never kept behind it."""
    open_menu(app)
    app.nav.with_grownup(app.nav.show_settings)


def open_rules(app):
    open_menu(app)
    app.push(RulesScene(app, "knights"))


def open_game(app):
    start_game_scene(app, "knights", SEATS, seed=app.monkey_rng.randrange(1000))


def open_queens(app):
    start_game_scene(app, "queens", SEATS, seed=app.monkey_rng.randrange(1000))


def open_castle(app):
    start_game_scene(app, "castle", SEATS, seed=app.monkey_rng.randrange(1000),
                     options={"auto_fairy": app.monkey_rng.random() < 0.5})


def open_forest(app):
    start_game_scene(app, "forest", SEATS, seed=app.monkey_rng.randrange(1000),
                     options={"short": app.monkey_rng.random() < 0.5})
    app.frame(FRAME)
    if isinstance(app.top, CurtainScene):    # the first person's curtain: the monkey plays the game
        app.top.open()


def open_results(app):
    start_game_scene(app, "knights", SEATS, seed=1)
    app.push(ResultsScene(app, KNIGHTS, SEATS, [1], {}))


def open_curtain(app):
    open_menu(app)
    app.push(CurtainScene(app, SEATS[1], lambda: None))


def open_dialogs(app):
    open_menu(app)
    app.push(ConfirmScene(app, "?", "?", "yes", "no", on_yes=lambda: None))
    app.push(MessageScene(app, "!", "!"))


SCENES = [open_menu, open_setup, open_name, open_settings, open_grownup_task, open_rules, open_game, open_queens, open_castle, open_forest, open_results,
          open_curtain, open_dialogs]


def gesture(app, rng, touch):
    w, h = app.screen.get_size()
    buttons = [b for b in app.top.buttons if b.visible and b.enabled]
    if buttons and rng.random() < 0.5:
        x, y = rng.choice(buttons).rect.center          # aim at something half the time
    else:
        x, y = rng.randrange(-20, w + 20), rng.randrange(-20, h + 20)
    x, y = app.to_window((x, y))
    kind = rng.random()
    repeats = 2 if kind > 0.85 else 1                     # a double tap
    for _ in range(repeats):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=touch))
        if kind < 0.15:                                   # a drag
            for _ in range(3):
                x += rng.randint(-150, 150)
                y += rng.randint(-150, 150)
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0),
                                                     buttons=(1, 0, 0), touch=touch))
                app.frame(FRAME)
        elif kind < 0.2:                                  # a long press
            for _ in range(8):
                app.frame(0.1)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1, touch=touch))
    if rng.random() < 0.03:
        key = rng.choice([pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_BACKSPACE, pygame.K_RETURN, pygame.K_a])
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="a"))
    for _ in range(rng.choice((1, 1, 2, 6))):
        app.frame(FRAME)


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "touch"])
def test_random_gestures_on_every_scene_never_break_the_app(tmp_path, monkeypatch, touch):
    monkeypatch.setenv("KIDGAMES_RAISE", "1")       # an error must fail the test, not be tidied away
    monkeypatch.setattr(game_module, "COMPUTER_PAUSE", 0.2)
    app = make_app(tmp_path, speed="fast", window_size=(1280, 800) if touch else None)
    rng = random.Random(7 if touch else 3)
    app.monkey_rng = rng
    visited = set()
    gestures = 0
    for open_scene in SCENES:
        for round_ in range(6):
            open_scene(app)
            app.guard_until = 0.0
            for _ in range(28):
                visited.add(type(app.top).__name__)
                gesture(app, rng, touch)
                gestures += 1
                app.running = True      # the menu's quit button, answered yes, is a fair outcome too
    assert gestures >= 1500
    assert not app.errors
    assert app.top is not None
    expected = {"MenuScene", "SetupScene", "NameScene", "SettingsScene", "RulesScene", "KnightsScene", "ForestScene", "QueensScene", "CastleScene",
                "ResultsScene", "CurtainScene", "ConfirmScene", "MessageScene", "GrownupTask"}
    assert expected <= visited, expected - visited
