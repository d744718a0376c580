"""The "back" arrow on screen (issue 23), driven by posted taps: it shows only while a person's step
can be taken back (checked by what is drawn), a tap on it puts the table back as it was before the
step, the voice says so, and a hand comes back only behind its person's curtain."""
import json

import pygame

from kidgames.core.protocol import Action
from kidgames.core.seats import Seat
from kidgames.ui.curtain import CurtainScene
from kidgames.ui.game import start_game_scene
from test_queens_ui import PEOPLE_AND_ROBO, attack_position, hand_targets, open_curtain, settle
from ui_driver import FRAME, later, make_app, run, run_until, tap
from ui_driver import controller_of, state_of

ANNA_AND_ROBO = [Seat("Anna", "red"), Seat("Robo", "green", "computer")]


def js(data) -> str:
    return json.dumps(data, sort_keys=True)


def still(app, scene, seconds=10.0) -> None:
    run_until(app, lambda: not scene.anim.busy, seconds)
    app.frame(FRAME)


def drawn(app, rect: pygame.Rect) -> pygame.Surface:
    """What the screen shows in ``rect`` of the canvas, as a person sees it (the window's pixels)."""
    window = pygame.display.get_surface()
    (x0, y0), (x1, y1) = app.to_window(rect.topleft), app.to_window(rect.bottomright)
    return window.subsurface(pygame.Rect(x0, y0, x1 - x0, y1 - y0)).copy()


def arrow_drawn(app, button) -> bool:
    """The arrow's gold is on screen where its button lies (the board or felt is no such gold)."""
    area = drawn(app, button.rect.inflate(-20, -20))
    gold = pygame.Color(245, 200, 70)
    hits = 0
    for x in range(0, area.get_width(), 4):
        for y in range(0, area.get_height(), 4):
            c = area.get_at((x, y))
            hits += abs(c.r - gold.r) + abs(c.g - gold.g) + abs(c.b - gold.b) < 40
    return hits > 20


def the_save(home, app) -> tuple:
    """The saved game and its controller (the computers' memories, the log), as the file holds them
    (once the app's background writer has written what it was given)."""
    assert app.saves.flush()
    data = json.loads((home / "saves" / "forest.json").read_text())
    return js(data["state"]), js(data["controller"]), js(data["seats"])


def forest_quiet_move(scene):
    st = state_of(scene)
    return next(a for a in st.legal_actions()
                if a.kind == "move" and st.board.tree_slot(a.dest) is None and a.dest != st.board.key)


def test_forest_a_move_is_taken_back_by_the_arrow_and_only_then_is_the_arrow_drawn(tmp_path):
    app = make_app(tmp_path)
    scene = start_game_scene(app, "forest", ANNA_AND_ROBO, seed=3)
    run(app, 0.5)
    arrow = scene.button("undo")
    assert arrow is not None and not arrow.visible and not arrow_drawn(app, arrow), "nothing to take back yet"
    scene.roll()
    still(app, scene)
    assert not scene.button("undo").visible, "a throw is never taken back"
    before = js(state_of(scene).to_json())
    save_before = the_save(tmp_path, app)
    move = forest_quiet_move(scene)
    tap(app, scene.space_xy(move.dest))
    if scene.part.choice:
        later(app, 0.5)
        tap(app, scene.button("choice:0").rect.center)
    still(app, scene)
    assert state_of(scene).positions[0] == move.dest and state_of(scene).current_player == 1
    arrow = scene.button("undo")
    assert arrow.visible and arrow_drawn(app, arrow), "the arrow shows while the move can be taken back"
    assert min(app.to_window(arrow.rect.bottomright)[i] - app.to_window(arrow.rect.topleft)[i] for i in (0, 1)) >= 60
    later(app, 0.5)
    tap(app, arrow.rect.center)
    run(app, 0.3)
    assert js(state_of(scene).to_json()) == before and state_of(scene).current_player == 0 and state_of(scene).dice
    assert the_save(tmp_path, app) == save_before, "the save is as before the move (but for its time)"
    assert not scene.button("undo").visible and not arrow_drawn(app, scene.button("undo"))
    assert [k for k, _ in app.voice.said[-2:]] == ["undo.done", "forest.hint.move"], "said, then what to do"
    # the computer never moved meanwhile, and once it moves nothing can be taken back
    tap(app, scene.space_xy(move.dest))
    if scene.part.choice:
        later(app, 0.5)
        tap(app, scene.button("choice:0").rect.center)
    run_until(app, lambda: state_of(scene).current_player == 0 and state_of(scene).dice is None, 20)
    still(app, scene)
    assert not scene.button("undo").visible, "the computer's throw: nothing to take back"


def test_a_computer_waits_longer_while_a_person_may_still_take_back(tmp_path):
    app = make_app(tmp_path)
    scene = start_game_scene(app, "forest", ANNA_AND_ROBO, seed=3)
    run(app, 0.5)
    plain = scene.computer_pause()
    scene.roll()
    still(app, scene)
    scene.submit(forest_quiet_move(scene))
    assert controller_of(scene).can_undo() and scene.computer_pause() > plain


def test_castle_a_stop_is_taken_back_and_the_same_player_draws_again(tmp_path):
    app = make_app(tmp_path)
    scene = start_game_scene(app, "castle", [Seat("Anna", "red"), Seat("Ben", "blue")], seed=1)
    run(app, 0.5)
    tap(app, scene.button("draw").rect.center)
    still(app, scene)
    if state_of(scene).current_player != 0:      # the first card was the witch: not this test's game
        return
    assert not scene.button("undo").visible, "a drawn card is never taken back"
    before = js(state_of(scene).to_json())
    later(app, 0.5)
    tap(app, scene.button("stop").rect.center)
    still(app, scene)
    assert state_of(scene).current_player == 1 and scene.button("undo").visible
    assert arrow_drawn(app, scene.button("undo"))
    later(app, 0.5)
    tap(app, scene.button("undo").rect.center)
    still(app, scene)
    assert js(state_of(scene).to_json()) == before
    assert scene.button("draw").enabled and scene.button("stop").enabled, "Anna's turn again, a card drawn"
    assert not scene.button("undo").visible


def test_queens_a_knights_target_is_taken_back_from_the_victims_curtain_and_the_hand_needs_its_curtain(tmp_path):
    app = make_app(tmp_path)
    scene = start_game_scene(app, "queens", PEOPLE_AND_ROBO, seed=3)
    attack_position(scene, defence=True)
    assert settle(app, scene) and isinstance(app.top, CurtainScene)
    assert app.top.button("undo") is None, "nothing to take back before the first move"
    open_curtain(app, scene, [])
    assert settle(app, scene)
    before = js(state_of(scene).to_json())
    for point in hand_targets(scene, Action("knight", target=1, queen="cat")):
        later(app, 0.5)
        tap(app, point)
    assert state_of(scene).pending["kind"] == "knight"
    assert settle(app, scene) and isinstance(app.top, CurtainScene)
    curtain = app.top
    assert curtain.kind == "question" and curtain.seat.name == "Ben"
    assert curtain.button("undo") is not None and scene.visible_secrets() == set()
    later(app, 0.5)
    tap(app, curtain.button("undo").rect.center)
    app.frame(FRAME)
    assert js(state_of(scene).to_json()) == before and "knight" in state_of(scene).hands[0]
    # the very next picture is Anna's curtain: her hand is not shown to whoever tapped the arrow
    assert isinstance(app.top, CurtainScene) and app.top.seat.name == "Anna" and app.top.kind == "handover"
    assert scene.visible_secrets() == set()
    open_curtain(app, scene, [])
    assert settle(app, scene)
    assert scene.visible_secrets() == {0} and "knight" in scene.part.hand.shown_hand()
    assert "undo.done" not in [k for k, _ in app.voice.said], "her curtain says whose turn it is, nothing stale after it"


def knight_at_bens_queen(tmp_path):
    """Anna's knight played at Ben's cat queen by taps, up to Ben's question curtain: (app, scene)."""
    app = make_app(tmp_path)
    scene = start_game_scene(app, "queens", PEOPLE_AND_ROBO, seed=3)
    attack_position(scene, defence=True)
    settle(app, scene)
    open_curtain(app, scene, [])
    settle(app, scene)
    for point in hand_targets(scene, Action("knight", target=1, queen="cat")):
        later(app, 0.5)
        tap(app, point)
    settle(app, scene)
    return app, scene


def test_queens_no_arrow_while_the_victim_looks_at_her_hand(tmp_path):
    app, scene = knight_at_bens_queen(tmp_path)
    open_curtain(app, scene, [])          # Ben's question: his hand shows
    assert settle(app, scene)
    assert scene.visible_secrets() == {1}
    assert not scene.button("undo").visible and not controller_of(scene).can_undo()


def test_queens_the_first_picture_after_the_victims_curtain_already_has_no_arrow(tmp_path):
    """The frame of Ben's tap on his question curtain is the picture of his moment: no arrow for a
    frame (a tap on it would take back the knight he is answering), the same picture as once all is
    still — not the table laid out for everybody before his private moment began."""
    app, scene = knight_at_bens_queen(tmp_path)
    assert isinstance(app.top, CurtainScene) and app.top.button("undo") is not None
    open_curtain(app, scene, [])       # the curtain lifts in the tap's last frame; what it ends with is shown
    assert app.top is scene
    first = pygame.display.get_surface().copy()
    assert not arrow_drawn(app, scene.button("undo"))
    still(app, scene)
    run(app, 1.0)
    assert pygame.image.tobytes(first, "RGB") == pygame.image.tobytes(pygame.display.get_surface(), "RGB"), \
        "the first picture of Ben's moment is what it shows when all is still"


def test_castle_the_arrow_shows_after_a_persons_ninth_and_tenth_steps_in_a_row(tmp_path):
    """Ten steps in a row that reveal nothing (the witch's answer and her three cards, then buying
    back and forth): after each, the person who made it sees the arrow, the ninth and tenth too."""
    from test_undo import castle_back_and_forth, castle_steps
    app = make_app(tmp_path)
    scene = start_game_scene(app, "castle", [Seat("Anna", "red"), Seat("Ben", "blue")],
                             state=castle_back_and_forth(), seed=1)
    run(app, 0.5)
    scene.submit(Action("draw"))
    still(app, scene)
    assert not scene.button("undo").visible, "the witch was drawn: never taken back"
    for n, action in enumerate(castle_steps(state_of(scene)), start=1):
        scene.submit(action)
        still(app, scene)
        arrow = scene.button("undo")
        assert arrow.visible and arrow_drawn(app, arrow), f"the arrow after step {n} in a row"
    before = js(state_of(scene).castles)
    later(app, 0.5)
    tap(app, scene.button("undo").rect.center)
    still(app, scene)
    assert js(state_of(scene).castles) != before and len(state_of(scene).castles[0]) == 3, \
        "the tenth step, Anna's third purchase, is taken back"
    assert scene.button("undo").visible, "and Ben's ninth may be taken back in turn"
