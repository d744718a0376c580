"""A child's finger lands up to 30 window pixels off what it aims at.  In the smallest supported
window (1024x768) every tap target of every game answers a tap 30 window pixels from its centre, in
every direction; where two offered targets lie closer together than that, the nearer one wins, and
a tap never lands on nothing.  Measured by taps at that distance, turned from window pixels into the
canvas as the app turns a real tap."""
import math

import pygame
import pytest

from kidgames.core.protocol import Action
from kidgames.core.seats import Seat
from kidgames.ui.curtain import CurtainScene
from kidgames.ui.game import start_game_scene
from kidgames.ui.targets import REACH, pick
from test_queens_ui import position
from ui_driver import later, make_app, run, tap
from ui_driver import state_of

SMALLEST = (1024, 768)
SCREENS = [SMALLEST, (1366, 912)]      # 4:3 and 3:2
ANNA = Seat("Anna", "red")


def robots(n):
    names = ("Robo", "Dot", "Max", "Zed")
    colours = ("green", "blue", "yellow", "purple")
    return [Seat(names[i], colours[i], "computer", "normal") for i in range(n)]


def app_at_smallest(tmp_path, screen=SMALLEST):
    app = make_app(tmp_path, window_size=screen)
    # the test's own measure of the window's picture: 30 window pixels in canvas pixels
    a, b = app.to_canvas((500, 400)), app.to_canvas((530, 400))
    assert b[0] - a[0] <= REACH + 1, "30 window pixels are at most REACH canvas pixels here"
    return app


def off_centre(app, centre, angle):
    """The canvas point a tap 30 window pixels from ``centre`` lands on."""
    x, y = app.to_window((round(centre[0]), round(centre[1])))
    return app.to_canvas((round(x + 30 * math.cos(angle)), round(y + 30 * math.sin(angle))))


def check_reach(app, targets, hit, what):
    """Every target answers taps 30 window pixels off its centre in 8 directions, unless another
    offered target is nearer there or shows under the finger (then that one answers)."""
    assert targets, f"{what}: nothing offered to tap"
    checked = 0
    for target in targets:
        for k in range(8):
            point = off_centre(app, target.centre, k * math.pi / 4)
            got = hit(point)
            others = [t for t in targets if t is not target]
            nearer = {t.key for t in others if math.dist(point, t.centre) < math.dist(point, target.centre)}
            under = {t.key for t in others if t.rect is not None and t.rect.collidepoint(point)}
            if got == target.key:
                checked += 1
                continue
            assert got in nearer | under, (f"{what}: a tap 30 window px from {target.key} at {point} "
                                           f"answered {got!r}")
    assert checked >= 4 * len(targets), f"{what}: most taps around each target hit it"


def on_screen(app, rect):
    """A canvas rect's size in screen pixels, as the window shows it."""
    left, top = app.to_window(rect.topleft)
    right, bottom = app.to_window(rect.bottomright)
    return right - left, bottom - top


def buttons_are_finger_sized(scene, what):
    for button in scene.buttons:
        if button.visible:
            assert min(button.rect.size) >= 2 * REACH, f"{what}: button {button.name} {button.rect.size}"
            assert min(on_screen(scene.app, button.rect)) >= 60, f"{what}: {button.name} on screen"


def cards_are_finger_tall(app, targets, what):
    """Every card to tap is at least 90 screen pixels tall."""
    for target in targets:
        assert on_screen(app, target.rect)[1] >= 90, f"{what}: {target.key} {on_screen(app, target.rect)}"


# -- Fairy-Tale Forest ------------------------------------------------------------------------------------
def forest(tmp_path, where, dice):
    app = app_at_smallest(tmp_path)
    scene = start_game_scene(app, "forest", [ANNA] + robots(1), seed=5)
    state = state_of(scene)
    state.positions[0], state.dice = where, dice
    scene.changed()
    app.dirty = True
    run(app, 0.3)
    return app, scene


@pytest.mark.parametrize("where,dice", [("m4", (3, 4)), ("m10", (2, 5)), ("a13", (6, 6)), ("m20", (4, 1))])
def test_forest_spaces_answer_a_finger_beside_them(tmp_path, where, dice):
    app, scene = forest(tmp_path, where, dice)
    targets = scene.tap_targets()
    check_reach(app, targets, lambda p: pick(p, targets), f"spaces from {where} with {dice}")
    buttons_are_finger_sized(scene, "forest")


def test_forest_trees_answer_a_finger_beside_them(tmp_path):
    app, scene = forest(tmp_path, "KEY", None)
    assert state_of(scene).phase == "guess"
    targets = scene.tap_targets()
    check_reach(app, targets, lambda p: pick(p, targets), "the trees at the castle")


def test_a_real_tap_30_window_pixels_beside_a_space_moves_there(tmp_path):
    app, scene = forest(tmp_path, "m4", (3, 4))
    target = next(t for t in scene.tap_targets() if t.key == ("space", "m11"))
    point = off_centre(app, target.centre, math.pi * 0.75)
    x, y = app.to_window(point)
    app.guard_until = 0.0
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=(x, y), button=1, touch=True))
        app.frame(1 / 60)
    assert state_of(scene).positions[0] == "m11"


# -- Sleeping Queens --------------------------------------------------------------------------------------
def queens(tmp_path, players, **built):
    app = app_at_smallest(tmp_path)
    scene = start_game_scene(app, "queens", [ANNA] + robots(players - 1), seed=1)
    position(scene, **built)
    app.dirty = True
    run(app, 0.3)
    return app, scene


def select(app, scene, card):
    index = scene.part.hand.shown_hand().index(card)
    later(app, 0.5)
    tap(app, scene.part.hand.hand_layout().card_rects()[index].center)
    run(app, 0.2)


def queens_hit(scene):
    def hit(point):
        index = scene.part.hand.hand_layout().hit(point)
        if index is not None:
            return "card", index
        queen = scene.part.queen_at(point)
        if queen is not None:
            return queen
        slot = scene.part.slot_at(point)
        return ("slot", slot) if slot is not None else None
    return hit


def test_queens_hand_cards_and_sleeping_queens_answer_a_finger_beside_them(tmp_path):
    app, scene = queens(tmp_path, 2, hands=[["king", "n1", "n2", "n3", "n4"], ["n1", "n2", "n3", "n4", "n5"]], turn=0)
    cards = scene.tap_targets()
    check_reach(app, cards, queens_hit(scene), "the hand")
    select(app, scene, "king")
    slots = [t for t in scene.tap_targets() if t.key[0] == "slot"]
    check_reach(app, slots, queens_hit(scene), "the sleeping queens for a king")
    buttons_are_finger_sized(scene, "queens")


def test_queens_awake_queens_in_five_crowded_panels_answer_a_finger_beside_them(tmp_path):
    awake = [["rose"], ["cat", "moon", "cake"], ["heart", "peacock", "rainbow"], ["pancake", "sunflower"],
             ["ladybug", "starfish"]]
    hands = [["knight", "n1", "n2", "n3", "n4"], ["n1", "n2", "n3", "n4", "n5"], ["n6", "n7", "n8", "n9", "n10"],
             ["n1", "n2", "n3", "n4", "n5"], ["n6", "n7", "n8", "n9", "n10"]]
    app, scene = queens(tmp_path, 5, hands=hands, awake=awake, turn=0)
    select(app, scene, "knight")
    lit = [t for t in scene.tap_targets() if t.key[0] != "card" and t.key[0] != "slot"]
    assert len(lit) == 10
    check_reach(app, lit, scene.part.queen_at, "queens a knight may steal")


def test_queens_overlapping_in_a_panel_answer_a_finger_beside_them(tmp_path):
    app, scene = queens(tmp_path, 2, hands=[["knight", "n1", "n2", "n3", "n4"], ["n1", "n2", "n3", "n4", "n5"]],
                        awake=[[], ["cat", "moon", "cake", "rose"]], turn=0)
    select(app, scene, "knight")
    lit = [t for t in scene.tap_targets() if t.key[0] != "card" and t.key[0] != "slot"]
    rects = scene.part.panels.queen_rects(1, 4)
    assert rects[0].colliderect(rects[1]), "the four queens overlap"
    check_reach(app, lit, scene.part.queen_at, "overlapping queens a knight may steal")


# -- Castle Builders --------------------------------------------------------------------------------------
@pytest.mark.parametrize("screen", SCREENS)
def test_castle_cards_to_buy_and_to_give_the_witch_answer_a_finger_beside_them(tmp_path, screen):
    from kidgames.games.castle.rules import DIAMOND
    app = app_at_smallest(tmp_path, screen)
    scene = start_game_scene(app, "castle", [ANNA] + robots(3), seed=1)
    st = state_of(scene)

    def move(card, to):
        st.draw_pile.remove(card)
        to.append(card)
    st.colours[0] = "red"
    move("castle:red:1", st.castles[0])
    for _ in range(3):
        move(DIAMOND, st.spares[0])
    for piece in (2, 3, 4, 5):
        move(f"castle:red:{piece}", st.spares[1 + piece % 3])
    for seat in (1, 2, 3):
        for piece in (1, 2, 3):
            move(f"castle:{('blue', 'yellow', 'purple')[seat - 1]}:{piece}", st.spares[seat])
        for _ in range(2):
            move(DIAMOND, st.spares[seat])
    scene.changed()
    app.dirty = True
    run(app, 0.3)
    scene.part.buying = True
    scene.layout()
    run(app, 0.2)
    targets = scene.tap_targets()
    assert len(targets) == 4
    check_reach(app, targets, lambda p: ("buy",) + scene.part.spare_at(p) if scene.part.spare_at(p) else None,
                "red pieces to buy")
    cards_are_finger_tall(app, targets, "red pieces to buy")
    buttons_are_finger_sized(scene, "castle")
    st = state_of(scene)        # the position built below shows in the session's next view
    st.pending, st.losses_left = "lose", 3
    for piece in (2, 3):
        move(f"castle:red:{piece + 4}" if piece + 4 <= 6 else DIAMOND, st.spares[0])
    scene.part.buying = False
    scene.changed()
    app.dirty = True
    run(app, 0.3)
    targets = scene.tap_targets()
    assert len(targets) >= 3
    check_reach(app, targets, lambda p: ("lose", scene.part.witch.lose_card_at(p)) if scene.part.witch.lose_card_at(p) else None,
                "cards to give the witch")
    cards_are_finger_tall(app, targets, "cards to give the witch")


# -- every game's buttons and curtains ---------------------------------------------------------------------
@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("game", ["knights", "queens", "castle", "forest"])
def test_every_button_of_a_game_and_its_curtains_is_finger_sized(tmp_path, game, screen):
    app = app_at_smallest(tmp_path, screen)
    scene = start_game_scene(app, game, [ANNA, Seat("Ben", "blue")], seed=1)
    run(app, 0.5)
    if isinstance(app.top, CurtainScene):
        buttons_are_finger_sized(app.top, f"{game}'s curtain")
        tap(app, app.top.button("ready").rect.center)
        run(app, 0.3)
    buttons_are_finger_sized(scene, game)
    tap(app, scene.button("home").rect.center)
    run(app, 0.3)
    buttons_are_finger_sized(app.top, f"{game}'s leave question")
