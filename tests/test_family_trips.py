"""What a family tripped over in a real window, each held to what a player sees: dice that wait show no
number, trees and spaces never hide each other, one die or both is asked only when it matters,
buttons that cannot act look it and say why, a pair is two equal cards, a sum stays on one line,
a computer's level shows on its seat, the lit seat is the one the game waits for, and a curtain that
is due goes up at once."""
import math
import random

import pygame
import pytest

import kidgames.ui.game as game_module
from kidgames.core.protocol import Action
from kidgames.core.seats import Seat
from kidgames.games.forest.rules import MOVE, ROLL
from kidgames.games.forest.art import BLUE_R, SPACE_R, TREE_SIZE
from kidgames.ui.curtain import CurtainScene
from kidgames.ui.game import start_game_scene
from kidgames.ui.widgets import DISABLED_FILL
from test_queens_ui import position
from ui_driver import FRAME, later, make_app, run, run_until, tap
from ui_driver import controller_of, state_of

ANNA, BEN = Seat("Anna", "red"), Seat("Ben", "blue")
PIP = (40, 30, 30)


def robot(name, colour, level="normal"):
    return Seat(name, colour, "computer", level)


def pixels(app, rect, step=2):
    surface = pygame.display.get_surface()
    rect = pygame.Rect(rect).clip(surface.get_rect())
    return [surface.get_at((x, y))[:3] for x in range(rect.x, rect.right, step) for y in range(rect.y, rect.bottom, step)]


def near(colour, target, tolerance=12):
    return all(abs(a - b) <= tolerance for a, b in zip(colour, target))


# -- dice that wait show no number -------------------------------------------------------------------
def test_forest_dice_show_no_number_before_anyone_rolls_nor_the_last_players_throw(tmp_path, monkeypatch):
    monkeypatch.setattr(game_module, "COMPUTER_PAUSE", 0.1)
    app = make_app(tmp_path)
    scene = start_game_scene(app, "forest", [ANNA, robot("Robo", "green")], seed=4, options={"short": True})
    run(app, 0.3)
    assert state_of(scene).phase == ROLL and [die.value for die in scene.dice] == [None, None]
    for k in range(2):
        assert not any(near(c, PIP) for c in pixels(app, scene.dice[k].area())), "no pips on a waiting die"
    scene.submit(Action("roll"))
    assert run_until(app, lambda: not scene.anim.busy, 5)
    assert [die.value for die in scene.dice] == list(state_of(scene).dice), "the throw shows while Anna moves"
    move = next(a for a in state_of(scene).legal_actions() if a.kind == "move")
    scene.submit(move)
    assert run_until(app, lambda: state_of(scene).current_player == 1 and not scene.anim.busy
                     and state_of(scene).phase == ROLL, 10) or state_of(scene).current_player == 1
    if state_of(scene).phase == ROLL and not scene.anim.busy:
        assert [die.value for die in scene.dice] == [None, None], \
            "the computer's dice wait too: not Anna's throw in its colour"


def test_the_knights_die_shows_no_number_while_it_waits(tmp_path):
    app = make_app(tmp_path)
    scene = start_game_scene(app, "knights", [ANNA, BEN], seed=2)
    run(app, 0.3)
    assert scene.part.die.value is None
    scene.roll()
    assert run_until(app, lambda: not scene.anim.busy, 15)
    assert state_of(scene).current_player == 1 and scene.part.die.value is None, "Ben's die waits with no number"


# -- trees and spaces ----------------------------------------------------------------------------------
@pytest.mark.parametrize("short", [False, True])
def test_trees_and_spaces_never_hide_each_other(tmp_path, short):
    app = make_app(tmp_path)
    scene = start_game_scene(app, "forest", [ANNA, BEN], seed=1, options={"short": short})
    board = state_of(scene).board
    picture = app.assets.image("tree", TREE_SIZE)
    opaque = picture.get_bounding_rect()
    trees = {}
    for slot in state_of(scene).tree_at:
        x, y = scene.part.slot_xy(slot)
        drawn = picture.get_rect(midbottom=(x, y + 12))
        trees[slot] = pygame.Rect(drawn.x + opaque.x, drawn.y + opaque.y, opaque.w, opaque.h)
    for slot, rect in trees.items():
        for node in board.nodes:
            kind = board.kind(node)
            r = 40 if kind == "village" else BLUE_R if kind in ("blue", "key", "horseshoe") else SPACE_R
            cx, cy = scene.space_xy(node)
            nx, ny = min(max(cx, rect.left), rect.right), min(max(cy, rect.top), rect.bottom)
            assert math.hypot(cx - nx, cy - ny) >= r + 3, f"the tree {slot} covers the space {node}"
        for other, rect2 in trees.items():
            assert other == slot or not rect.colliderect(rect2), f"the trees {slot} and {other} overlap"


# -- one die or both --------------------------------------------------------------------------------------
def forest_at(tmp_path, where, dice, others=None):
    app = make_app(tmp_path)
    scene = start_game_scene(app, "forest", [ANNA, BEN], seed=5)
    state = state_of(scene)
    state.positions[0], state.dice = where, dice
    if others:
        state.positions[1] = others
    scene.changed()
    app.dirty = True
    run(app, 0.2)
    return app, scene


def test_one_die_or_both_is_not_asked_when_both_end_the_same(tmp_path):
    """From m5 with 2 and 4: m7 is an early stop with one die and the end of 4-then-2; with nobody
    on m7 both leave the game the same (Anna looks under its tree either way)."""
    app, scene = forest_at(tmp_path, "m5", (2, 4))
    tap(app, scene.space_xy("m7"))
    assert scene.part.choice is None and state_of(scene).positions[0] == "m7", "moved at once, no question"


def test_one_die_or_both_is_asked_when_the_full_throw_sends_someone_home(tmp_path):
    app, scene = forest_at(tmp_path, "m5", (2, 4), others="m7")
    tap(app, scene.space_xy("m7"))
    assert scene.part.choice is not None and scene.button("choice:0").visible, "Ben stands there: it matters"


# -- buttons that cannot act ---------------------------------------------------------------------------
def queens_for_anna(tmp_path, **built):
    app = make_app(tmp_path)
    scene = start_game_scene(app, "queens", [ANNA, robot("Robo", "green")], seed=1)
    position(scene, **built)
    app.dirty = True
    run(app, 0.3)
    return app, scene


def test_use_the_dragon_without_a_dragon_is_grey_and_a_tap_says_why(tmp_path):
    app, scene = queens_for_anna(tmp_path, hands=[["n1", "n2", "n3", "n4", "n5"], ["knight", "n1", "n2", "n3", "n4"]],
                                 awake=[["moon"], []], turn=1)
    controller_of(scene).submit(Action("knight", target=0, queen="moon"))
    scene.changed()
    app.dirty = True
    run(app, 0.3)
    defend = scene.button("defend")
    assert defend is not None and not defend.enabled
    inside = defend.rect.inflate(-40, -40)
    colours = pixels(app, pygame.Rect(inside.right - 40, inside.y, 30, inside.h))
    assert sum(near(c, DISABLED_FILL, 8) for c in colours) > len(colours) // 2, "drawn grey"
    tap(app, defend.rect.center)
    assert state_of(scene).pending is not None, "nothing was played"
    assert scene.hint_text() == "You have no dragon in your hand." and scene.hint_picture() == "dragon"


def test_throw_away_for_cards_that_are_not_a_pair_nor_a_sum_is_grey_and_says_why(tmp_path):
    app, scene = queens_for_anna(tmp_path, hands=[["n1", "n5", "n9", "king", "n3"], ["n1", "n2", "n3", "n4", "n6"]],
                                 turn=0)
    rects = scene.part.hand.hand_layout().card_rects()
    for i in (0, 1):
        later(app, 0.5)
        tap(app, rects[i].center)
        run(app, 0.4)
    discard = scene.button("discard")
    assert discard is not None and not discard.enabled
    tap(app, discard.rect.center)
    assert scene.hint_text() == "Not a pair and not a sum" and scene.hint_picture() == "cross"


def test_castle_stop_before_a_draw_is_grey_and_says_why(tmp_path):
    app = make_app(tmp_path)
    scene = start_game_scene(app, "castle", [ANNA, robot("Robo", "green")], seed=1)
    run(app, 0.3)
    stop = scene.button("stop")
    assert stop is not None and not stop.enabled
    tap(app, stop.rect.center)
    assert state_of(scene).drawn_this_turn == 0 and state_of(scene).current_player == 0
    assert scene.hint_text() == "Draw a card first, then you may stop." and scene.hint_picture() == "plus"


def test_a_knight_on_the_cat_queen_while_holding_the_dog_queen_says_why(tmp_path):
    app, scene = queens_for_anna(tmp_path, hands=[["knight", "n1", "n2", "n3", "n4"], ["n1", "n2", "n3", "n4", "n6"]],
                                 awake=[["dog"], ["cat", "moon"]], turn=0)
    knight = scene.part.hand.shown_hand().index("knight")
    tap(app, scene.part.hand.hand_layout().card_rects()[knight].center)
    run(app, 0.4)
    cat = scene.part.panels.queen_rects(1, 2)[0]
    later(app, 0.5)
    tap(app, (cat.x + 12, cat.centery))
    assert state_of(scene).awake[1] == ["cat", "moon"]
    assert "Dog Queen" in scene.hint_text() and scene.hint_picture() == "queen_dog"


# -- sums and pairs --------------------------------------------------------------------------------------
def test_a_pair_is_shown_as_two_equal_cards_and_a_long_sum_on_one_line(tmp_path):
    app, scene = queens_for_anna(tmp_path, hands=[["n7", "n7", "n1", "n2", "n3"], ["n1", "n2", "n3", "n4", "n6"]],
                                 turn=0)
    rects = scene.part.hand.hand_layout().card_rects()
    for i in (0, 1):
        later(app, 0.5)
        tap(app, rects[i].center)
        run(app, 0.4)
    text, ok, pair = scene.part.equation_shown()
    assert ok and pair == "n7" and "=" not in text, "two sevens: a pair, not '7 = 7'"
    line = app.assets.text("1 + 2 + 3 = 6", 54, (0, 0, 0), title=True).get_height()
    label = scene.art.equation_label("1 + 2 + 3 + 4 = 10", 54, 334, 134)
    assert label.get_height() < 1.5 * line, "a four-card sum stays on one line"
    long = scene.art.equation_label("1 + 1 + 1 + 1 + 2 + 3 + 4 = 13", 54, 200, 134)
    assert long.get_height() <= 134


# -- seats -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["queens", "castle", "forest"])
def test_a_computers_level_shows_on_its_seat(tmp_path, game):
    gold = []
    for level in ("easy", "hard"):
        app = make_app(tmp_path / level)
        scene = start_game_scene(app, game, [ANNA, robot("Robo", "green", level)], seed=1)
        run(app, 0.3)
        surface = pygame.display.get_surface()
        count = 0
        for x in range(0, surface.get_width(), 1):
            for y in range(0, surface.get_height(), 2):
                r, g, b = surface.get_at((x, y))[:3]
                count += r > 235 and 170 < g < 215 and b < 80
        gold.append(count)
    assert gold[1] > gold[0] + 20, "three golden stars for hard, one for easy"


def test_the_lit_seat_is_the_one_asked(tmp_path):
    app, scene = queens_for_anna(tmp_path, hands=[["dragon", "n1", "n2", "n3", "n4"], ["knight", "n1", "n2", "n3", "n4"]],
                                 awake=[["moon"], []], turn=1)
    controller_of(scene).submit(Action("knight", target=0, queen="moon"))
    scene.changed()
    run(app, 0.3)
    assert state_of(scene).turn_player == 1 and scene.part.lit_panel() == 0, "Anna is asked: her panel is lit"


def test_a_curtain_due_after_a_computers_move_goes_up_at_once(tmp_path, monkeypatch):
    monkeypatch.setattr(game_module, "COMPUTER_PAUSE", 0.1)
    app = make_app(tmp_path)
    scene = start_game_scene(app, "queens", [ANNA, BEN, robot("Robo", "green")], seed=1)
    position(scene, hands=[["n1", "n2", "n3", "n4", "n5"], ["n1", "n2", "n3", "n4", "n6"],
                           ["n6", "n7", "n8", "n9", "n10"]], turn=2)
    controller_of(scene)._computer = lambda obs, actions, level, rng, memory: Action("discard", cards=("n6",))
    assert run_until(app, lambda: scene.anim.busy, 5)
    assert run_until(app, lambda: not scene.anim.busy, 10)
    assert controller_of(scene).curtain() is not None
    assert scene.wake_in() == 0.0 or isinstance(app.top, CurtainScene), "the loop does not sleep before it"
    app.frame(FRAME)
    assert isinstance(app.top, CurtainScene) and app.top.seat.name == "Anna"


# -- Castle Builders: the witch in the order things happen, pieces where they stand -----------------------
def test_the_witch_waits_on_the_table_while_the_fairy_is_asked_for_and_leaves_first(tmp_path):
    from kidgames.games.castle.rules import FAIRY, WITCH
    from kidgames.games.castle.layout import REVEAL_AT
    app = make_app(tmp_path)
    scene = start_game_scene(app, "castle", [ANNA, robot("Robo", "green")], seed=3)
    state = state_of(scene)
    state.draw_pile.remove(FAIRY)
    state.spares[0].append(FAIRY)
    state.draw_pile.remove(WITCH)
    state.draw_pile.append(WITCH)
    scene.changed()
    app.dirty = True
    run(app, 0.3)
    tap(app, scene.button("draw").rect.center)
    assert run_until(app, lambda: not scene.anim.busy, 10)
    assert state.pending == "witch" and state.discard[-1] == WITCH
    assert scene.v_witch and WITCH not in scene.v_discard, "the witch lies on the table, not yet on the pile"
    witch_purple = [c for c in pixels(app, pygame.Rect(REVEAL_AT[0] - 40, REVEAL_AT[1] - 40, 80, 80))]
    assert len(set(witch_purple)) > 5, "her card is drawn where she was turned up"
    landed = []
    original = scene.v_discard

    class Watching(list):
        def append(self, card):
            landed.append(card)
            super().append(card)
    scene.v_discard = Watching(original)
    run(app, 0.5)
    later(app, 0.5)         # a new tap, not the second of the draw's double tap
    tap(app, scene.button("use_fairy").rect.center)
    assert state.pending is None
    assert run_until(app, lambda: not scene.anim.busy, 10)
    assert landed[:2] == [WITCH, FAIRY], "the witch goes first, the fairy lands on her"
    assert not scene.v_witch and scene.v_discard[-2:] == [WITCH, FAIRY]


def test_a_first_piece_that_is_not_the_base_stands_on_scaffolding(tmp_path):
    from kidgames.games.castle.art import SCAFFOLD, draw_castle
    make_app(tmp_path)
    surface = pygame.Surface((150, 210))
    surface.fill((255, 248, 230))
    draw_castle(surface, surface.get_rect(), "blue", (3,))
    below = [surface.get_at((x, y))[:3] for x in range(0, 150, 2) for y in range(150, 210, 2)]
    assert sum(near(c, SCAFFOLD, 10) for c in below) > 20, "the walls under the battlements are scaffolding"
    surface.fill((255, 248, 230))
    draw_castle(surface, surface.get_rect(), "blue", (1, 2, 3))
    below = [surface.get_at((x, y))[:3] for x in range(0, 150, 2) for y in range(150, 210, 2)]
    assert not any(near(c, SCAFFOLD, 10) for c in below), "a castle built from its base needs none"


# -- the short forest: a blue space without its tree is an ordinary space ---------------------------------
def test_in_the_short_game_a_blue_space_without_a_tree_is_drawn_and_played_as_an_ordinary_space(tmp_path):
    from kidgames.games.forest.art import SPACE_FILL
    app = make_app(tmp_path)
    full = state_of(start_game_scene(app, "forest", [ANNA, BEN], seed=5))
    full.positions[0], full.dice = "m4", (2, 3)             # m4 -> a1 -> a2 with the first die
    assert any(a.kind == "move" and a.dest == "a2" and a.dice_used == 1 for a in full.legal_actions()), \
        "in the full game a2 is a blue space: the first die may stop there"
    scene = start_game_scene(app, "forest", [ANNA, BEN], seed=5, options={"short": True})
    state = state_of(scene)
    treeless = [s.space for s in full.board.slots.values() if s.id not in full.board.short_slots]
    assert "a2" in treeless and len(treeless) == 6
    for node in treeless:
        assert state.board.kind(node) == "path" and state.board.tree_slot(node) is None
    state.positions[0], state.dice = "m4", (2, 3)
    assert not any(a.kind == "move" and a.dest == "a2" and a.dice_used == 1 for a in state.legal_actions()), \
        "no early stop promising a look where no tree stands"
    run(app, 0.3)
    for node in treeless:
        x, y = map(round, scene.space_xy(node))
        colour = pygame.display.get_surface().get_at((x + 6, y + 6))[:3]
        assert near(colour, SPACE_FILL["path"], 20) and not near(colour, SPACE_FILL["blue"], 40), node
