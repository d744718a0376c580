"""A monkey: thousands of random taps and drags on every scene, never an exception."""
import os
import random

import pygame
import pytest

import kidgames.ui.game as game_module
from ui_driver import FRAME, make_app


@pytest.mark.parametrize("seed,touch", [(1, False), (2, True)])
def test_random_taps_and_drags_never_break_the_app(tmp_path, monkeypatch, seed, touch):
    monkeypatch.setenv("KIDGAMES_RAISE", "1")       # an error must fail the test, not be tidied away
    monkeypatch.setattr(game_module, "COMPUTER_PAUSE", 0.2)
    app = make_app(tmp_path, speed="fast")
    rng = random.Random(seed)
    visited = set()
    w, h = app.screen.get_size()
    for i in range(1500):
        visited.add(type(app.top).__name__)
        app.guard_until = 0.0
        buttons = [b for b in app.top.buttons if b.visible and b.enabled]
        if buttons and rng.random() < 0.5:
            x, y = rng.choice(buttons).rect.center     # aim at something half the time
        else:
            x, y = rng.randrange(-20, w + 20), rng.randrange(-20, h + 20)
        gesture = rng.random()
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=touch))
        if gesture < 0.15:   # a drag
            for _ in range(3):
                x += rng.randint(-120, 120)
                y += rng.randint(-120, 120)
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0),
                                                     buttons=(1, 0, 0), touch=touch))
                app.frame(FRAME)
        elif gesture < 0.2:  # a long press
            for _ in range(8):
                app.frame(0.1)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1, touch=touch))
        if rng.random() < 0.03:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=rng.choice(
                [pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_BACKSPACE, pygame.K_RETURN, pygame.K_a]), mod=0,
                unicode="a"))
        for _ in range(rng.choice((1, 1, 2, 6))):
            app.frame(FRAME)
        assert app.running or type(app.top).__name__
    assert not app.errors
    assert {"MenuScene", "SetupScene", "KnightsScene"} <= visited, visited
    assert len(visited) >= 6, visited
