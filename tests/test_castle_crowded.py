"""Castle Builders' crowded table on the smallest screen (1024x768, the canvas at 0.64): the spare
piles lie side by side, no stack of diamonds or fairies over a castle card or another stack (each
with its count), and every card a child taps — a castle card to buy, a card to give the witch — is
at least 90 screen pixels tall, however many cards the witch may take; the hand that comes back
after a pause points at one of them."""
import pygame
import pytest

from kidgames.core.seats import Seat
from kidgames.games.castle.layout import stack_area
from kidgames.games.castle.rules import DIAMOND, FAIRY
from kidgames.games.castle.layout import spare_items
from kidgames.ui.game import start_game_scene
from ui_driver import make_app, run, state_of

SMALLEST = (1024, 768)
TALL_PX = 90
ANNA = Seat("Anna", "red")
ROBOTS = [Seat(n, c, "computer", "normal") for n, c in (("Robo", "green"), ("Dot", "blue"), ("Max", "yellow"))]
OTHERS = ("blue", "yellow", "purple")


def crowded(tmp_path, more=lambda st: None):
    """Four seats: Anna (red, one piece built) with three diamonds and a fairy, each computer with
    castle cards of its own colour and of red, and two diamonds; then ``more(state)`` (the session
    shows the position built before its first view)."""
    app = make_app(tmp_path, window_size=SMALLEST)
    assert app.view.size == (1024, 640)
    scene = start_game_scene(app, "castle", [ANNA] + ROBOTS, seed=1)
    st = state_of(scene)

    def move(card, to):
        st.draw_pile.remove(card)
        to.append(card)
    st.colours[0] = "red"
    move("castle:red:1", st.castles[0])
    for _ in range(3):
        move(DIAMOND, st.spares[0])
    move(FAIRY, st.spares[0])
    for piece in (2, 3, 4, 5):
        move(f"castle:red:{piece}", st.spares[1 + piece % 3])
    for seat in (1, 2, 3):
        for piece in (1, 2, 3, 4):
            move(f"castle:{OTHERS[seat - 1]}:{piece}", st.spares[seat])
        for _ in range(2):
            move(DIAMOND, st.spares[seat])
    more(st)
    scene.changed()
    app.dirty = True
    run(app, 0.5)
    return app, scene, st


def screen_height(app, rect: pygame.Rect) -> int:
    return app.to_window(rect.bottomleft)[1] - app.to_window(rect.topleft)[1]


def check_piles(app, scene):
    for seat in range(len(scene.seats)):
        items = spare_items(scene.v_spares[seat])
        rects = [scene.part.panels.spare_item_rect(seat, card) for card, _ in items]
        assert len(rects) == len(items)
        # a stack paints its cards beneath it up and to the right: all of that is its place
        places = [stack_area(r).inflate(-16, -16) if card in (DIAMOND, FAIRY) else r for (card, _), r in zip(items, rects)]
        for i, (card, _) in enumerate(items):
            for j in range(len(items)):
                if j != i and (card in (DIAMOND, FAIRY) or items[j][0] in (DIAMOND, FAIRY)):
                    assert not places[i].colliderect(places[j]), f"seat {seat}: {card} and {items[j][0]} overlap"
            assert scene.part.panels.seat_rects()[seat].contains(places[i]), f"seat {seat}: {card} leaves its panel"
            if card not in (DIAMOND, FAIRY):    # a castle card may be bought: a finger taps it
                assert screen_height(app, rects[i]) >= TALL_PX, f"seat {seat}: {card} {screen_height(app, rects[i])} px"


def test_spare_piles_lie_side_by_side_every_card_to_buy_finger_tall(tmp_path):
    app, scene, st = crowded(tmp_path)
    for seat in (1, 2):     # five castle cards and the diamonds: nothing overlaps at all
        rects = [scene.part.panels.spare_item_rect(seat, card) for card, _ in spare_items(scene.v_spares[seat])]
        assert all(not a.colliderect(b) for k, a in enumerate(rects) for b in rects[k + 1:]), seat
    check_piles(app, scene)
    scene.part.buying = True
    scene.layout()
    run(app, 0.3)
    targets = scene.tap_targets()
    assert {t.key for t in targets} == {("buy", 1 + p % 3, f"castle:red:{p}") for p in (2, 3, 4, 5)}
    for target in targets:
        assert screen_height(app, target.rect) >= TALL_PX, target
        assert scene.part.spare_at(target.centre) == target.key[1:]
    # "tap a shining card": the waiting hand points at a card to buy (not the Buy button's diamond)
    assert scene.nudge_target() in [t.rect for t in targets]


@pytest.mark.parametrize("more,fairy", [(0, True), (1, False)])
def test_a_long_spare_pile_keeps_its_stacks_clear_of_its_castle_cards(tmp_path, more, fairy):
    """The last seat's pile: six castle cards and ``more``, the diamonds and perhaps a fairy (six
    castle cards and two stacks, or seven and one, are the most a panel of four seats lays in one
    row of finger-tall cards; a longer pile lies in rows of smaller ones, see test_castle_ui)."""
    def longer(st):
        for card in ["castle:purple:5", "castle:purple:6", "castle:blue:5", "castle:blue:6", "castle:yellow:5"][:more]:
            st.draw_pile.remove(card)
            st.spares[3].append(card)
        if fairy:
            st.draw_pile.remove(FAIRY)
            st.spares[3].append(FAIRY)
    app, scene, st = crowded(tmp_path, longer)
    assert len(spare_items(scene.v_spares[3])) == 7 + more + fairy     # castle cards, diamonds, a fairy
    check_piles(app, scene)


@pytest.mark.parametrize("cards", [3, 9, 16])
def test_every_card_to_give_the_witch_is_finger_tall(tmp_path, cards):
    """Anna's castle and spare pile hold ``cards`` cards the witch may take: her panel shows them
    all, none over another, each at least 90 screen pixels tall."""
    def witch(st):
        pool = ["castle:red:6"] + [f"castle:{c}:{p}" for c in ("purple", "blue", "yellow") for p in range(6, 0, -1)]
        for card in pool:
            if len(st.spares[0]) - 1 + len(st.castles[0]) >= cards + 2:   # (the fairy is not taken; the
                break                                                      # three diamonds are one stack)
            holder = next(pile for pile in [st.draw_pile] + st.spares[1:] if card in pile)
            holder.remove(card)
            st.spares[0].append(card)
        st.pending, st.losses_left = "lose", 3
    app, scene, st = crowded(tmp_path, witch)
    places = scene.part.witch.lose_places()
    assert len(places) == cards
    rects = [rect for _, n, rect in places if n]
    for k, rect in enumerate(rects):
        assert screen_height(app, rect) >= TALL_PX, (len(rects), rect)
        assert app.screen.get_rect().contains(rect)
        assert not any(rect.colliderect(other) for other in rects[k + 1:])
    targets = scene.tap_targets()
    assert len(targets) == len(rects)
    assert scene.nudge_target() in [t.rect for t in targets], "the waiting hand points at a card to give"
