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
    done = run_until(app, lambda: scene.state.is_over or isinstance(app.top, CurtainScene)
                     or ready(app, scene), seconds)
    app.frame(FRAME)     # the frame that shows the settled table
    return done


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


def attack_position(scene, defence: bool):
    """Anna holds a knight, Ben holds the Cat Queen (and a dragon if ``defence``)."""
    st = scene.state
    st.awake[1] = ["cat"]
    st.slots[st.slots.index("cat")] = None
    st.hands[0] = ["knight", "n1", "n2", "n3", "n4"]
    st.hands[1] = (["dragon"] if defence else ["n5"]) + ["n6", "n7", "n8", "n9"]
    pool = sorted(st.hands[0] + st.hands[1])
    rest = [c for c in __import__("kidgames.games.queens.rules", fromlist=["DECK"]).DECK]
    for c in pool + st.hands[2]:
        rest.remove(c)
    st.draw_pile, st.discard = rest, []
    scene.sync()


def start(app, seats, options=None, seed=3):
    scene = start_game_scene(app, "queens", seats, seed=seed, options=options or {})
    return scene


def test_the_defence_question_goes_to_the_victim_behind_her_curtain(tmp_path):
    """Rules, Knight: the victim may answer with a dragon; the question is on Ben's curtain."""
    app = make_app(tmp_path)
    scene = start(app, PEOPLE_AND_ROBO)
    attack_position(scene, defence=True)
    assert settle(app, scene) and isinstance(app.top, CurtainScene)
    open_curtain(app, scene, [])
    assert settle(app, scene)
    for point in hand_targets(scene, Action("knight", target=1, queen="cat")):
        scene._last_tap = None
        tap(app, point)
    assert scene.state.pending["kind"] == "knight"
    assert settle(app, scene) and isinstance(app.top, CurtainScene)
    curtain = app.top
    assert curtain.kind == "question" and curtain.seat.name == "Ben"
    assert curtain.title() == "Anna wants to steal your Cat Queen. Use a dragon?"
    open_curtain(app, scene, [])
    assert settle(app, scene)
    assert scene.hand_seat() == 1 and scene.shown_hand()[0] == "dragon"
    assert scene.button("defend").enabled
    tap(app, ACTION_A.center)
    assert settle(app, scene)
    assert scene.state.awake[1] == ["cat"] and "dragon" in scene.state.discard


@pytest.mark.parametrize("defence", [True, False], ids=["dragon", "no dragon"])
def test_auto_defend_answers_for_the_victim_without_a_question(tmp_path, defence):
    app = make_app(tmp_path)
    scene = start(app, PEOPLE_AND_ROBO, options={"auto_defend": True})
    attack_position(scene, defence=defence)
    assert settle(app, scene)
    open_curtain(app, scene, [])
    assert settle(app, scene)
    for point in hand_targets(scene, Action("knight", target=1, queen="cat")):
        scene._last_tap = None
        tap(app, point)
    seen = []
    assert run_until(app, lambda: scene.state.pending is None, 30)
    while not (app.top is scene and ready(app, scene)):
        if isinstance(app.top, CurtainScene):
            seen.append(app.top.kind)
            break
        app.frame(FRAME)
    assert "question" not in seen
    assert scene.state.awake[1 if defence else 0] == ["cat"]


def test_the_discard_preview_shows_the_sum_before_the_tap(tmp_path):
    app = make_app(tmp_path)
    scene = start(app, [Seat("Anna", "red"), Seat("Robo", "green", "computer")])
    st = scene.state
    st.hands[0] = ["n2", "n5", "n7", "n4", "king"]
    scene.sync()
    assert settle(app, scene)
    rects = scene.hand_layout().card_rects()
    for i in (0, 1):
        scene._last_tap = None
        tap(app, rects[i].center)
    assert scene.selected_cards() == ["n2", "n5"]
    assert not scene.button("discard").enabled        # 2 and 5 are no pair and no sum
    scene._last_tap = None
    tap(app, scene.hand_layout().card_rects()[2].center)
    assert scene.equation_text(scene.selected_cards()) == "2 + 5 = 7"
    assert scene.button("discard").enabled
    shot = tmp_path / "preview.png"
    pygame.image.save(pygame.display.get_surface(), str(shot))
    tap(app, ACTION_B.center)
    assert sorted(st.discard[-3:]) == ["n2", "n5", "n7"] and len(st.hands[0]) == 5


def test_a_double_tap_on_the_curtain_never_shows_the_next_hand(tmp_path):
    """Anna's double tap opens her curtain; the second tap lands on her own table, and after her
    move Ben's hand stays hidden until Ben's curtain."""
    app = make_app(tmp_path)
    scene = start(app, [Seat("Anna", "red"), Seat("Ben", "blue")])
    assert settle(app, scene) and isinstance(app.top, CurtainScene)
    ready_at = app.top.button("ready").rect.center
    tap(app, ready_at)
    tap(app, ready_at)
    assert scene.selected == [] or scene.hand_seat() == 0
    assert settle(app, scene)
    scene.selected = []
    first = scene.shown_hand()[0]
    for point in hand_targets(scene, Action("discard", cards=(first,))):
        scene._last_tap = None
        tap(app, point)
    tap(app, ready_at)
    tap(app, ready_at)
    for _ in range(120):
        app.frame(FRAME)
        assert scene.hand_seat() != 1 or scene.controller.viewer == 1
    assert isinstance(app.top, CurtainScene) and app.top.seat.name == "Ben"
