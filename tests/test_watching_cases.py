"""The scenes reported from a real window with two people and a computer (Sleeping Queens and
Fairy-Tale Forest showed secrets to the wrong person), replayed from built positions.  Every frame
is held to the test's own model of who is watching (tests/test_watching.py, ``Table``)."""
import random

import pytest

import kidgames.ui.game as game_module
from kidgames.core.protocol import Action
from kidgames.core.seats import Seat
from kidgames.games.forest.rules import MOVE
from kidgames.ui.cards import BACK
from kidgames.ui.curtain import HANDOVER, QUESTION, SECRET, CurtainScene
from test_queens_ui import position
from test_watching import ANNA, BEN, CLEO, FRAME, Table, cpu, start
from ui_driver import controller_of, state_of


@pytest.fixture(autouse=True)
def quick_computers(monkeypatch):
    monkeypatch.setattr(game_module, "COMPUTER_PAUSE", 0.2)


def until(table, condition, seconds=20.0) -> bool:
    for _ in range(int(seconds / FRAME)):
        if condition():
            return True
        table.frame()
    return condition()


def curtain_of(app):
    top = app.top
    return (top.kind, top.seat.name) if isinstance(top, CurtainScene) else None


def scripted(choose_from):
    """A computer player that plays what the test wants (it still gets only its observation)."""
    def choose(observation, actions, level, rng, memory):
        return choose_from(actions)
    return choose


# -- Sleeping Queens -----------------------------------------------------------------------------------
def queens_table(tmp_path, seats, **built):
    app, scene = start(tmp_path, "queens", seats, seed=1)
    position(scene, **built)
    return app, scene, Table(app, scene, random.Random(1), secret_seconds=5)


def test_a_queen_picked_after_a_jester_needs_no_curtain_and_the_computers_potion_asks_behind_one(tmp_path):
    """Ben plays a jester, the count stops at Anna, she picks a queen (her hand face down, no
    curtain); the computer puts her Cat Queen to sleep: her hand and the wand question come only
    behind her question curtain, go face down the instant she answers, and her own turn after the
    computer's starts behind a hand-over curtain."""
    app, scene, table = queens_table(
        tmp_path, [ANNA, BEN, cpu("Robo", "green")],
        hands=[["wand", "n1", "n2", "n4", "n5"], ["jester", "n6", "n7", "n8", "n9"],
               ["potion", "n1", "n2", "n4", "n5"]],
        awake=[["cat"], [], []], asleep={0: "heart", 1: "moon"}, draw_top=["n3"], turn=1)
    controller_of(scene)._computer = scripted(
        lambda actions: next(a for a in actions if a.kind == "potion" and a.queen == "cat"))
    assert until(table, lambda: isinstance(app.top, CurtainScene))
    assert curtain_of(app) == (HANDOVER, "Ben")
    table.open_curtain()
    table.decide(Action("jester"))
    assert until(table, lambda: scene.person_can_act())
    state = state_of(scene)
    assert state.current_player == 0 and state.pending["kind"] == "wake"
    for _ in range(15):
        table.frame()
        assert app.top is scene, "picking a queen shows nothing private: no curtain"
    assert scene.part.hand.hand_seat() == 0 and not scene.part.hand.hand_face_up() and 0 in scene.part.highlighted_slots()
    assert set(scene.part.hand.hand_looks()) == {BACK}
    table.decide(Action("wake", slot=0))                    # the Heart Queen
    assert until(table, lambda: isinstance(app.top, CurtainScene), 30)
    assert curtain_of(app) == (QUESTION, "Anna") and "Robo" in app.top.title()
    table.open_curtain()
    table.frame()
    assert scene.part.hand.hand_face_up() and scene.button("defend").enabled and scene.button("allow").visible
    table.decide(Action("allow"))
    assert not scene.part.hand.hand_face_up() and scene.visible_secrets() == set()
    assert until(table, lambda: isinstance(app.top, CurtainScene), 30)
    assert curtain_of(app) == (HANDOVER, "Anna"), "her own turn after the computer's starts behind a curtain"


def test_the_attackers_hand_is_face_down_under_the_knights_banner_and_the_victims_after_her_answer(tmp_path):
    app, scene, table = queens_table(
        tmp_path, [ANNA, BEN, cpu("Robo", "green")],
        hands=[["dragon", "n1", "n2", "n4", "n5"], ["knight", "n6", "n7", "n8", "n9"],
               ["n1", "n2", "n4", "n5", "n6"]],
        awake=[["moon"], [], []], turn=1)
    assert until(table, lambda: isinstance(app.top, CurtainScene))
    table.open_curtain()
    assert scene.part.hand.hand_face_up() and scene.visible_secrets() == {1}
    table.decide(Action("knight", target=0, queen="moon"))
    banner_frames = 0
    while not isinstance(app.top, CurtainScene):
        table.frame()
        assert table.frames < 2000
        if scene.banner and "Moon" in scene.banner[0]:
            banner_frames += 1
            assert scene.part.hand.hand_seat() == 1 and set(scene.part.hand.hand_looks()) == {BACK}, \
                "Ben's hand lies face down while everybody reads the banner"
    assert banner_frames > 3
    assert curtain_of(app) == (QUESTION, "Anna")
    table.open_curtain()
    table.frame()
    assert scene.visible_secrets() == {0}
    table.decide(Action("defend"))
    dragon_frames = 0
    for _ in range(int(4 / FRAME)):
        table.frame()
        if any(s.look.picture == "dragon" for s in scene.flying):
            dragon_frames += 1
            assert set(scene.part.hand.hand_looks()) == {BACK}, "the dragon flies from a face-down hand"
    assert dragon_frames > 3
    assert state_of(scene).awake[0] == ["moon"]


def test_a_hand_with_its_new_card_is_face_down_when_the_next_computer_plays(tmp_path):
    seats = [ANNA, BEN, CLEO, cpu("Robo", "green"), cpu("Dot", "purple")]
    app, scene, table = queens_table(
        tmp_path, seats,
        hands=[["n1", "n2", "n3", "n4", "n5"], ["n1", "n2", "n3", "n4", "n5"], ["n6", "n7", "n8", "n9", "n10"],
               ["n1", "n2", "n3", "n4", "n5"], ["n6", "n7", "n8", "n9", "n10"]],
        draw_top=["king"], turn=2)
    assert until(table, lambda: isinstance(app.top, CurtainScene))
    assert curtain_of(app) == (HANDOVER, "Cleo")
    table.open_curtain()
    table.decide(Action("discard", cards=("n6",)))
    robo_thinking = 0
    for _ in range(int(6 / FRAME)):
        table.frame()
        if state_of(scene).current_player == 3 and not scene.anim.busy:
            robo_thinking += 1
            assert scene.visible_secrets() == set()
            assert scene.part.hand.hand_seat() is None, "nobody's hand at the bottom while a computer plays"
    assert robo_thinking > 0 and "king" in state_of(scene).hands[2]


def test_auto_defend_answers_in_the_controller_with_no_question_and_no_hand(tmp_path):
    app, scene = start(tmp_path, "queens", [ANNA, BEN, cpu("Robo", "green")], seed=1,
                       options={"auto_defend": True})
    position(scene, hands=[["dragon", "n1", "n2", "n4", "n5"], ["knight", "n6", "n7", "n8", "n9"],
                           ["n1", "n2", "n4", "n5", "n6"]], awake=[["moon"], [], []], turn=1)
    ctrl = controller_of(scene)
    events = ctrl.submit(Action("knight", target=0, queen="moon"))
    kinds = [e.kind for e in events]
    assert "defended" in kinds and "queen_stolen" not in kinds
    assert ctrl.curtain() is None or ctrl.curtain().kind == HANDOVER, "no question was left to ask"
    assert ctrl.state.pending is None and ctrl.state.awake[0] == ["moon"], "the dragon answered by itself"


# -- Fairy-Tale Forest ---------------------------------------------------------------------------------
def forest_table(tmp_path, seats=(ANNA, BEN, cpu("Robo", "green")), secret_seconds=5, short=False):
    app, scene = start(tmp_path, "forest", list(seats), seed=5, secret_seconds=secret_seconds,
                       options={"short": short})
    return app, scene, Table(app, scene, random.Random(5), secret_seconds=secret_seconds)


def test_a_forest_turn_starts_without_a_curtain_and_a_computers_move_stays_in_view(tmp_path):
    app, scene, table = forest_table(tmp_path, seats=(cpu("Robo", "green"), ANNA, BEN))
    seen_top = set()
    assert until(table, lambda: state_of(scene).current_player == 1 and scene.person_can_act(), 30)
    for _ in range(int(2 / FRAME)):
        table.frame()
        seen_top.add(type(app.top).__name__)
    assert seen_top == {"ForestScene"}, "the computer's move and Anna's turn: nothing covers the board"
    assert scene.hint_text() == "Anna, tap the dice!"
    assert all(kind != HANDOVER for kind, _ in table.curtains)


@pytest.mark.parametrize("how", ["walk", "one die", "jump"])
def test_a_look_in_the_forest_comes_behind_its_own_curtain(tmp_path, how):
    app, scene, table = forest_table(tmp_path)
    state = state_of(scene)
    table.frame()
    if how == "walk":
        state.positions[0], state.dice = "m3", (2, 2)          # 2 + 2 from m3 ends on the blue m7
        action = next(a for a in state.legal_actions() if a.kind == "move" and a.dest == "m7")
    elif how == "one die":
        state.positions[0], state.dice = "m5", (2, 4)          # the first die stops early on m7
        action = next(a for a in state.legal_actions() if a.kind == "move" and a.dest == "m7" and a.dice_used == 1)
    else:
        state.dice = (1, 1)
        action = next(a for a in state.legal_actions() if a.kind == "magic_jump" and a.node == "a8")
    assert state.phase == MOVE
    scene.changed()
    table.frame()
    table.decide(action)
    motif_frames_before_curtain = 0
    while not isinstance(app.top, CurtainScene):
        table.frame()
        assert table.frames < 600, "no secret curtain came"
        if scene.lifted and scene.lifted[2]:
            motif_frames_before_curtain += 1
    assert motif_frames_before_curtain == 0
    assert curtain_of(app) == (SECRET, "Anna") and app.top.title() == "Only Anna looks now"
    table.open_curtain()
    table.frame()
    assert scene.visible_secrets() == {0} and scene.part.drawing.close_hint_rect() is not None


def test_a_wrong_guess_banner_is_public_and_the_missed_motif_comes_behind_a_curtain(tmp_path):
    app, scene, table = forest_table(tmp_path)
    state = state_of(scene)
    state.positions[0] = state.board.key
    scene.changed()
    table.frame()
    wrong = next(s for s, m in state.tree_at.items() if m != state.wanted)
    table.decide(Action("guess", slot=wrong))
    banner_before_curtain = False
    while not isinstance(app.top, CurtainScene):
        table.frame()
        assert table.frames < 600, "no secret curtain came"
        assert not (scene.lifted and scene.lifted[2]), "the missed motif never shows openly"
        banner_before_curtain |= bool(scene.banner and "Not this tree" in scene.banner[0])
    assert banner_before_curtain, "everybody reads that the guess was wrong"
    assert curtain_of(app) == (SECRET, "Anna")
    table.open_curtain()
    table.frame()
    assert scene.lifted == (wrong, 1.0, state.tree_at[wrong]) and scene.visible_secrets() == {0}


def test_until_tapped_an_open_look_says_tap_to_close_with_a_finger(tmp_path):
    app, scene, table = forest_table(tmp_path, secret_seconds=None)
    state = state_of(scene)
    state.positions[0], state.dice = "m3", (2, 2)
    scene.changed()
    table.frame()
    table.decide(next(a for a in state.legal_actions() if a.kind == "move" and a.dest == "m7"))
    assert until(table, lambda: isinstance(app.top, CurtainScene), 10)
    assert "tap" in app.top.t(app.top.hint).lower(), "the curtain says the secret hides with a tap"
    table.open_curtain()
    for _ in range(int(20 / FRAME)):
        table.frame()
    close = scene.part.drawing.close_hint_rect()
    assert close is not None and scene.visible_secrets() == {0}, "still open after 20 s: until tapped"
    assert scene.close_hint in scene.table.pieces and scene.close_hint.area() is not None
    window = app.screen.subsurface(close)
    yellow = sum(1 for x in range(0, close.w, 3) for y in range(0, close.h, 3)
                 if (lambda c: c.r > 220 and c.g > 170 and c.b < 90)(window.get_at((x, y))))
    assert yellow > 20, "the finger is drawn"
    table.private = None
    table.press((600, 500))
    assert scene.part.drawing.close_hint_rect() is None and scene.visible_secrets() == set()
