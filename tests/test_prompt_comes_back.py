"""A prompt that comes back: a person who waits about 12 s hears the prompt again and sees a hand
pointing at the thing to tap; once more after a second wait; then it rests.  Not while a curtain
waits, not in the background, and with voices off the hand alone."""
from __future__ import annotations

import pygame
import pytest

from kidgames.core.clock import SteppedTime
from kidgames.core.settings import SettingsStore
from kidgames.games import GAMES
from kidgames.ui.app import App
from kidgames.ui.guide import unguided
from kidgames.ui.menu import MenuScene
from kidgames.ui.nudge import HAND_TIME, NUDGE_AFTER
from tests.ui_driver import FRAME, run_until, tap, tap_button

GAME_IDS = ["forest", "castle", "knights", "queens"]


def voiced_app(home, voices: bool = True) -> App:
    """The app with its voice on (the other UI tests mute it), on a stepped clock."""
    settings = SettingsStore(home).load()
    settings.lang, settings.speed, settings.voices = "en", "fast", voices
    app = App(GAMES, settings=settings, home=home, mute=False, time_source=SteppedTime())
    unguided(app)       # the prompt of a game that is not guided (a guided one comes back sooner)
    app.reset_to(MenuScene(app))
    app.guard_until = 0.0
    app.frame(0.0)
    return app


def start(app: App, game_id: str, second_person: bool = False):
    """A person (and a computer, or a second person) at ``game_id``, until the person must act."""
    tap_button(app, f"game:{game_id}")
    if second_person:
        tap_button(app, "kind:1")
    tap_button(app, "start")
    scene = next(s for s in app.stack if hasattr(s, "nudge"))
    if not second_person:
        assert run_until(app, scene.nudge.waiting, 20), f"{game_id}: the person never came to act"
    return scene


def wait(app: App, seconds: float) -> None:
    """``seconds`` on the app's clock, in frames as the real loop runs them (it sleeps until the
    next thing due: a frame of the hand, the prompt's coming back)."""
    end = app.now() + seconds
    while app.now() < end - 1e-9:
        app.frame(min(max(app.next_wake(), FRAME), end - app.now()))


def hint_said(app: App, scene) -> int:
    key = scene.hint_text().key
    return sum(1 for said, _ in app.voice.said if said == key)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_prompt_comes_back_twice_with_a_hand_at_the_thing_to_tap_then_rests(tmp_path, game_id):
    app = voiced_app(tmp_path)
    scene = start(app, game_id)
    said = hint_said(app, scene)
    wait(app, NUDGE_AFTER - 1)
    assert hint_said(app, scene) == said and not scene.nudge.showing      # not too soon
    wait(app, 1.5)
    assert hint_said(app, scene) == said + 1, "the prompt was not said again after 12 s"
    hand = scene.nudge.hand_rect()
    assert hand is not None and hand.colliderect(scene.nudge_target().inflate(2, 2)), \
        "no hand at the thing to tap"
    assert app.voice.played, "nothing was played on the voice channel"
    wait(app, HAND_TIME)
    assert not scene.nudge.showing                                      # the hand rests again
    wait(app, NUDGE_AFTER - HAND_TIME)          # 12 s after it came back
    assert hint_said(app, scene) == said + 2 and scene.nudge.showing     # once more
    wait(app, 60)
    assert hint_said(app, scene) == said + 2 and not scene.nudge.showing  # then it rests


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_hand_is_drawn_where_it_points_and_gone_after(tmp_path, game_id):
    app = voiced_app(tmp_path)
    scene = start(app, game_id)
    app.draw()
    before = app.screen.copy()
    wait(app, NUDGE_AFTER + 0.5)
    hand = scene.nudge.hand_rect()
    shown = app.screen.copy()               # as the partial redraws of the frames left it
    changed = sum(1 for x in range(hand.left, hand.right, 4) for y in range(hand.top, hand.bottom, 4)
                  if shown.get_at((x, y)) != before.get_at((x, y)))
    assert changed > 40, f"{game_id}: the hand is not on the screen"
    app.draw()                              # a full redraw shows the very same picture
    assert pygame.image.tobytes(app.screen, "RGB") == pygame.image.tobytes(shown, "RGB")
    wait(app, HAND_TIME)
    assert pygame.image.tobytes(app.screen, "RGB") == pygame.image.tobytes(before, "RGB"), \
        f"{game_id}: the hand left a mark"


def test_a_tap_makes_the_prompt_wait_again(tmp_path):
    app = voiced_app(tmp_path)
    scene = start(app, "knights")
    said = hint_said(app, scene)
    wait(app, NUDGE_AFTER - 2)
    tap(app, (400, 40))                      # on the board, beside everything: nothing happens
    wait(app, 4)
    assert hint_said(app, scene) == said
    wait(app, NUDGE_AFTER - 3)
    assert hint_said(app, scene) == said + 1


def test_with_voices_off_the_hand_shows_and_nothing_is_said(tmp_path):
    app = voiced_app(tmp_path, voices=False)
    scene = start(app, "castle")
    said = len(app.voice.said)
    wait(app, NUDGE_AFTER + 0.5)
    assert scene.nudge.showing
    assert len(app.voice.said) == said and not app.voice.played


def test_nothing_comes_back_while_the_app_is_in_the_background(tmp_path):
    app = voiced_app(tmp_path)
    scene = start(app, "forest")
    said = hint_said(app, scene)
    for lost, back in ((pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED),
                       (pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED)):
        pygame.event.post(pygame.event.Event(lost))
        wait(app, 3 * NUDGE_AFTER)
        assert hint_said(app, scene) == said and not scene.nudge.showing
        pygame.event.post(pygame.event.Event(back))
        wait(app, NUDGE_AFTER + 0.5)            # the family is back: a fresh wait, then the prompt
        said += 1
        assert hint_said(app, scene) == said and scene.nudge.showing
        wait(app, HAND_TIME)


def test_nothing_comes_back_while_a_curtain_waits_for_its_person(tmp_path):
    app = voiced_app(tmp_path)
    scene = start(app, "queens", second_person=True)
    from kidgames.ui.curtain import CurtainScene
    assert run_until(app, lambda: isinstance(app.top, CurtainScene), 20)
    said = len(app.voice.said)
    wait(app, 3 * NUDGE_AFTER)
    assert isinstance(app.top, CurtainScene)
    assert len(app.voice.said) == said and not scene.nudge.comebacks


def test_nothing_comes_back_over_a_dialog(tmp_path):
    app = voiced_app(tmp_path)
    scene = start(app, "queens")
    tap_button(app, "home")                     # "Back to the menu?"
    said = len(app.voice.said)
    wait(app, 3 * NUDGE_AFTER)
    assert len(app.voice.said) == said and not scene.nudge.comebacks


def test_the_hand_points_at_the_prompts_picture_else_a_tap_target_else_a_button_of_the_moment(tmp_path, monkeypatch):
    app = voiced_app(tmp_path)
    scene = start(app, "castle")
    assert scene.nudge_target() == scene.button("draw").rect          # "draw a card": the plus
    monkeypatch.setattr(scene, "prompt_picture", lambda hint: "dragon")  # a prompt no button shows
    assert scene.nudge_target() == scene.button("draw").rect          # the first button offered now
    monkeypatch.setattr(scene, "buttons", [b for b in scene.buttons if b.name in ("home", "rules", "say")])
    assert scene.nudge_target() == scene.button("say").rect           # nothing else: the prompt itself
    queens = start(voiced_app(tmp_path / "q"), "queens")
    first_card = queens.tap_targets()[0].rect
    assert queens.nudge_target() == first_card                        # "tap a card": the hand's first
