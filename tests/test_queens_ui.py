"""Sleeping Queens on screen, played by posted taps as a family would: the table, the hand of the
person whose decision it is (after their curtain), never a computer's hand, the defence question
to the victim, auto-defend, the discard preview, and whole games to the end."""
import time

import pygame
import pytest

import kidgames.ui.game as game_module
from kidgames.core.protocol import Action
from kidgames.core.seats import Seat
from kidgames.games.queens.scene import ACTION_A, ACTION_B, QueensScene, slot_rect
from kidgames.ui.curtain import CurtainScene
from kidgames.ui.game import start_game_scene
from kidgames.ui.results import ResultsScene
from ui_driver import FRAME, make_app, run_until, tap

PEOPLE_AND_ROBO = [Seat("Anna", "red"), Seat("Ben", "blue"), Seat("Robo", "green", "computer", "easy")]


def settle(app, scene, seconds=60.0) -> bool:
    """Frames until a person may act on the table (or a curtain waits, or the game is over)."""
    return run_until(app, lambda: scene.state.is_over or isinstance(app.top, CurtainScene)
                     or ready(app, scene), seconds)


def ready(app, scene) -> bool:
    """A person may tap the table now: no animation, no curtain due, no auto-answer due."""
    pending = scene.state.pending
    auto = scene.options.get("auto_defend") and pending is not None and pending["kind"] != "wake"
    return (app.top is scene and scene.person_can_act() and scene.controller.curtain() is None
            and not auto)


def open_curtain(app, scene, seen: list) -> None:
    curtain = app.top
    seen.append((curtain.kind, curtain.seat.name, curtain.title()))
    time.sleep(0.01)
    tap(app, curtain.button("ready").rect.center)
    app.guard_until = 0.0


def hand_targets(scene, action: Action) -> list:
    """The taps a person makes for ``action``: the cards in the hand, then the table."""
    hand = scene.shown_hand()
    rects = scene.hand_layout().card_rects()
    taps = []
    if action.kind == "discard":
        used = []
        for card in action.cards:
            i = next(k for k, c in enumerate(hand) if c == card and k not in used)
            used.append(i)
            taps.append(rects[i].center)
        return taps + [ACTION_B.center]
    if action.kind in ("defend",):
        return [ACTION_A.center]
    if action.kind == "allow":
        return [ACTION_B.center]
    if action.kind == "wake":
        return [slot_rect(action.slot).center]
    card = action.kind
    taps.append(rects[hand.index(card)].center)
    if card == "jester":
        return taps + [ACTION_A.center]
    if card == "king":
        return taps + [slot_rect(action.slot).center]
    rect = scene.queen_rects(action.target, len(scene.v_awake[action.target]))[
        scene.v_awake[action.target].index(action.queen)]
    # a tap on the queen's visible strip (her right neighbour overlaps the rest)
    point = (rect.x + 12, rect.centery)
    taps.append(point)
    if card == "potion":
        taps.append(slot_rect(action.slot).center)
    return taps


def play_whole_game(app, scene, pick, watcher=None, limit=600):
    """Play by taps until the game ends: ``pick(actions)`` chooses each person's action."""
    curtains = []
    actions = 0
    frame = watcher.frame if watcher else (lambda: app.frame(FRAME))
    while not scene.state.is_over and actions < limit:
        for _ in range(int(90 / FRAME)):
            if scene.state.is_over or isinstance(app.top, CurtainScene) or ready(app, scene):
                break
            frame()
        if scene.state.is_over:
            break
        if isinstance(app.top, CurtainScene):
            open_curtain(app, scene, curtains)
            continue
        state = scene.state
        decider = state.current_player
        assert not scene.seats[decider].is_computer
        # the hand on screen is the decider's own, never anybody else's
        assert scene.hand_seat() == decider
        legal = state.legal_actions()
        action = pick(legal)
        before = len(scene.controller.log)
        for point in hand_targets(scene, action):
            time.sleep(0.001)
            scene._last_tap = None
            tap(app, point)
        assert len(scene.controller.log) > before, f"the taps for {action} did nothing"
        actions += 1
    return curtains, actions


def test_a_whole_game_by_taps_with_two_people_and_a_computer(tmp_path, monkeypatch):
    monkeypatch.setattr(game_module, "COMPUTER_PAUSE", 0.05)
    app = make_app(tmp_path, speed="fast")
    scene = start_game_scene(app, "queens", PEOPLE_AND_ROBO, seed=11)
    assert isinstance(scene, QueensScene)
    computer_hands_drawn = []
    original = scene.draw_hand

    def watch_hand(surface):
        seat = scene.hand_seat()
        if seat is not None and scene.seats[seat].is_computer:
            computer_hands_drawn.append(seat)
        original(surface)
    scene.draw_hand = watch_hand

    def pick(legal):
        # prefer the moves that change the table, so the game comes to its end
        for kind in ("king", "wake", "knight", "potion", "jester", "allow", "defend"):
            options = [a for a in legal if a.kind == kind]
            if options:
                return options[0]
        return max((a for a in legal if a.kind == "discard"), key=lambda a: len(a.cards))
    curtains, actions = play_whole_game(app, scene, pick)
    assert scene.state.is_over, "the game did not end"
    assert run_until(app, lambda: isinstance(app.top, ResultsScene), 60)
    assert not app.errors
    assert not computer_hands_drawn
    # the hand-over curtain names the next person
    handovers = [c for c in curtains if c[0] == "handover"]
    assert {name for _, name, _ in handovers} == {"Anna", "Ben"}
    assert actions > 5
