"""The app played as a person would: taps only (mouse and touch), headless."""
import json

import pytest

import kidgames.ui.game as game_module
from kidgames.games import GAMES
from kidgames.games.knights.scene import KnightsScene
from kidgames.ui.curtain import CurtainScene
from kidgames.ui.dialog import ConfirmScene, MessageScene
from kidgames.ui.menu import MenuScene
from kidgames.ui.results import ResultsScene
from kidgames.ui.setup import SetupScene
from ui_driver import make_app, run, run_until, screenshot, start_knights_for_two_people, tap, tap_button
from ui_driver import controller_of, state_of, through_lock, without_lock

DIE = (1420, 800)


@pytest.fixture
def quick_skip(monkeypatch):
    """Let a second tap skip the animation at once (the guard is in real seconds, tests run faster)."""
    monkeypatch.setattr(game_module, "SKIP_GUARD", 0.0)


def play_to_the_end(app, touch=False, max_throws=2000):
    scene = app.top
    assert isinstance(scene, KnightsScene)
    throws = 0
    while not isinstance(app.top, ResultsScene):
        assert throws < max_throws, "the game did not end"
        if isinstance(app.top, KnightsScene) and app.top.person_can_act():
            tap(app, DIE, touch=touch)
            throws += 1
        tap(app, (600, 500), touch=touch)    # a tap on the board skips the animation
        run(app, 0.05)
    return scene, throws


def test_menu_to_setup_to_a_whole_game_to_the_winner_by_taps(tmp_path, quick_skip):
    app = make_app(tmp_path)
    assert isinstance(app.top, MenuScene)
    tap_button(app, "game:knights")
    assert isinstance(app.top, SetupScene)
    tap_button(app, "kind:1")               # the second seat becomes a person too
    assert [s.kind for s in app.top.seats] == ["person", "person"]
    tap_button(app, "start")
    assert isinstance(app.top, KnightsScene)
    scene, throws = play_to_the_end(app)
    assert state_of(scene).is_over
    winner = state_of(scene).winners[0]
    assert state_of(scene).board.nodes[state_of(scene).positions[winner]].kind == "castle"
    results = app.top
    assert results.winners == [winner]
    screenshot(app, tmp_path / "results.png")
    # The save is gone once the game is over: nothing to continue.
    assert not app.saves.exists("knights")
    tap_button(app, "again")
    assert isinstance(app.top, KnightsScene) and state_of(app.top).turn == 0
    tap_button(app, "home")
    assert isinstance(app.top, ConfirmScene)
    tap_button(app, "yes")
    assert isinstance(app.top, MenuScene)


def test_a_whole_game_by_finger_taps(tmp_path, quick_skip):
    app = make_app(tmp_path)
    start_knights_for_two_people(app, touch=True)
    scene, throws = play_to_the_end(app, touch=True)
    assert throws == sum(1 for e in controller_of(scene).log if e.kind == "rolled")


def test_a_double_tap_on_the_die_throws_once(tmp_path):
    app = make_app(tmp_path)
    scene = start_knights_for_two_people(app)
    tap(app, DIE)
    tap(app, DIE)
    assert state_of(scene).turn == 1
    assert scene.anim.busy, "the second tap of a double tap must not skip the tumbling die"


def test_a_computer_knight_throws_by_itself_at_a_pace_a_child_can_follow(tmp_path):
    app = make_app(tmp_path, speed="normal")
    tap_button(app, "game:knights")
    setup = app.top
    if not setup.seats[0].is_computer:
        tap_button(app, "kind:0")
    if not setup.seats[1].is_computer:
        tap_button(app, "kind:1")
    tap_button(app, "start")
    scene = app.top
    run(app, 0.5)
    assert state_of(scene).turn == 0, "a computer waits a moment before it throws"
    assert run_until(app, lambda: state_of(scene).turn >= 1, seconds=3)
    assert scene.anim.busy, "its throw is animated"


def test_the_game_is_saved_after_every_throw_and_offered_again(tmp_path, quick_skip):
    app = make_app(tmp_path)
    scene = start_knights_for_two_people(app)
    for _ in range(3):
        tap(app, DIE)
        run_until(app, lambda: scene.person_can_act(), seconds=20)
    app.saves.flush()       # the app saves in the background: the test reads the disk after it
    saved = json.loads((tmp_path / "saves" / "knights.json").read_text())
    assert saved["state"]["turn"] == 3
    assert saved["state"]["positions"] == state_of(scene).positions
    # Start the app again: it offers to continue the same game.
    from kidgames.ui.menu import offer_saved_game
    app2 = make_app(tmp_path)
    offer_saved_game(app2)
    assert isinstance(app2.top, ConfirmScene)
    tap_button(app2, "yes")
    assert isinstance(app2.top, KnightsScene)
    assert state_of(app2.top).positions == state_of(scene).positions
    assert state_of(app2.top).turn == 3


def test_a_damaged_save_is_set_aside_with_a_message(tmp_path):
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "knights.json").write_text("{ this is not json", encoding="utf-8")
    from kidgames.ui.menu import offer_saved_game
    app = make_app(tmp_path)
    offer_saved_game(app)
    assert isinstance(app.top, MessageScene)
    assert "damaged" in app.top.text or "put aside" in app.top.text
    assert not (tmp_path / "saves" / "knights.json").exists()
    assert list(tmp_path.glob("saves/knights.damaged-*.json")), "the damaged file is kept, not deleted"
    tap_button(app, "ok")
    assert isinstance(app.top, MenuScene)


def test_settings_are_remembered(tmp_path):
    app = make_app(tmp_path)
    through_lock(app, "settings", touch=True)
    tap_button(app, "speed:slow")
    tap_button(app, "sound")
    tap_button(app, "done")
    app2 = make_app(tmp_path)
    stored = app2.settings_store.load()
    assert stored.speed == "slow" and stored.sound is False


def test_the_last_setup_is_remembered(tmp_path, quick_skip):
    app = make_app(tmp_path)
    tap_button(app, "game:knights")
    tap_button(app, "add")
    tap_button(app, "start")
    app.saves.flush()       # the app saves in the background: the next start reads the disk after it
    app2 = make_app(tmp_path)
    tap_button(app2, "game:knights")
    tap_button(app2, "no")                  # not the saved game: a new one
    assert len(app2.top.seats) == 3


def test_names_are_typed_on_the_screen_keyboard(tmp_path):
    app = make_app(tmp_path)
    tap_button(app, "game:knights")
    tap_button(app, "name:0")
    for _ in range(10):
        tap_button(app, "erase")
    for letter in "ANNA":
        tap_button(app, f"key:{letter}")
    tap_button(app, "ok")
    assert isinstance(app.top, SetupScene)
    assert app.top.seats[0].name == "Anna"


def test_every_button_is_big_enough_for_a_finger(tmp_path):
    from kidgames.ui.widgets import MIN_TARGET
    app = make_app(tmp_path)
    seen = []

    def check():
        for b in app.top.buttons:
            assert b.rect.w >= MIN_TARGET and b.rect.h >= MIN_TARGET, (type(app.top).__name__, b.name, b.rect)
        seen.append(type(app.top).__name__)

    check()
    without_lock(app)
    tap_button(app, "settings"); check(); tap_button(app, "done")
    tap_button(app, "game:knights"); check()
    tap_button(app, "name:0"); check(); tap_button(app, "ok")
    tap_button(app, "rules"); check(); tap_button(app, "close")
    tap_button(app, "start"); check()
    assert len(set(seen)) == 6


def test_the_rules_page_has_a_picture_and_a_sentence_for_every_special_field(tmp_path):
    from kidgames.games.knights.rules import SCHEMA
    app = make_app(tmp_path)
    pictures = {name for picture, _ in GAMES["knights"].rules for name in picture.split("+")}
    plain = {"start", "path", "yellow", "bank", "castle", "well", "crown", "star", "golden_hill", "pool"}
    for kind in SCHEMA.kinds:
        if kind in plain:
            continue
        assert kind in pictures or f"{kind}_1" in pictures, kind
    for _, key in GAMES["knights"].rules:
        assert app.catalog.has(key), key


def test_every_special_field_has_its_own_picture_on_the_board(tmp_path):
    from kidgames.core.paths import SPRITES
    from kidgames.games import GAMES
    app = make_app(tmp_path)
    from kidgames.core.seats import Seat
    from kidgames.core.session import Session
    scene = KnightsScene(app, Session.new(GAMES["knights"], [Seat("A", "red"), Seat("B", "blue")], seed=1))
    for node_id, node in state_of(scene).board.nodes.items():
        sprite = scene.field_sprite(node_id)
        if node.kind in ("path", "yellow", "bank"):
            continue
        assert (SPRITES / f"{sprite}.png").exists(), (node_id, sprite)


def test_a_curtain_hides_the_screen_until_the_named_player_taps(tmp_path):
    from kidgames.core.seats import Seat
    app = make_app(tmp_path)
    opened = []
    app.push(CurtainScene(app, Seat("Anna", "green"), lambda: opened.append(True)))
    screenshot(app, tmp_path / "curtain.png")
    tap(app, (100, 100))
    assert isinstance(app.top, CurtainScene) and not opened
    tap_button(app, "ready")
    assert opened == [True]


def test_the_canvas_scales_to_a_tablet_window_and_taps_land_where_they_are_seen(tmp_path):
    import pygame
    app = make_app(tmp_path, window_size=(1280, 800))
    scene = start_knights_for_two_people(app)      # (canvas coordinates, as a scene sees them)
    assert app.window.get_size() == (1280, 800)
    assert app.to_canvas((DIE[0] * 0.8, DIE[1] * 0.8)) == DIE
    window_die = (round(DIE[0] * 0.8), round(DIE[1] * 0.8))
    app.guard_until = 0.0
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=window_die, button=1, touch=True))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=window_die, button=1, touch=True))
    app.frame(1 / 60)
    assert state_of(scene).turn == 1
    # What the window shows is the canvas, scaled: the die's white face is where the finger was.
    app.draw()
    assert app.window.get_at(window_die)[:3] != (24, 20, 30)


def test_a_wide_window_is_letterboxed_and_taps_on_the_bars_do_nothing(tmp_path):
    app = make_app(tmp_path, window_size=(1920, 1000))
    app.frame(0.0)
    app.draw()
    assert app.window.get_at((5, 500))[:3] == (24, 20, 30), "a bar beside the canvas"
    x0 = (1920 - 1600) // 2
    assert app.to_canvas((x0 + 100, 100)) == (100, 100)
    assert app.to_canvas((5, 500))[0] < 0


def test_a_touch_that_sends_finger_and_mouse_events_counts_once(tmp_path):
    import pygame
    app = make_app(tmp_path)
    scene = start_knights_for_two_people(app)
    fx, fy = DIE[0] / 1600, DIE[1] / 1000
    app.guard_until = 0.0
    for kind, finger in ((pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN), (pygame.MOUSEBUTTONUP, pygame.FINGERUP)):
        pygame.event.post(pygame.event.Event(finger, x=fx, y=fy, dx=0, dy=0, finger_id=1, touch_id=1,
                                             pressure=1.0))
        pygame.event.post(pygame.event.Event(kind, pos=DIE, button=1, touch=True))
    app.frame(1 / 60)
    run(app, 3)
    assert state_of(scene).turn == 1


@pytest.mark.parametrize("window", [None, (1280, 800)])
def test_the_waiting_die_hops_by_redrawing_its_corner_only_and_leaves_a_clean_picture(tmp_path, window):
    import pygame
    from kidgames.games.knights.table import NUDGE_AREA, NUDGE_EVERY
    app = make_app(tmp_path, window_size=window)
    scene = start_knights_for_two_people(app)
    run(app, 0.3)
    drawn = app.frames_drawn
    partial_areas = []
    original = app.loop.present

    def spy(areas=None):
        partial_areas.append(areas)
        original(areas)

    app.loop.present = spy     # the frame loop shows the canvas (kidgames/ui/loop.py)
    run(app, NUDGE_EVERY + 0.2)
    assert partial_areas and all(areas is not None and all(NUDGE_AREA.contains(a) for a in areas)
                                 for areas in partial_areas), "waiting for a tap redraws only the die's corner"
    assert state_of(scene).turn == 0
    after_partial = app.window.copy()
    app.loop.present = original
    app.draw()
    # Scaled or not, the window shows exactly what a full redraw shows.
    assert pygame.image.tobytes(after_partial, "RGB") == pygame.image.tobytes(app.window, "RGB")
    assert app.frames_drawn > drawn


def test_a_double_tap_on_a_rebuilt_button_counts_once(tmp_path):
    app = make_app(tmp_path)
    tap_button(app, "game:knights")
    setup = app.top
    add = setup.button("add").rect.center
    tap(app, add)
    tap(app, add)                    # lands on the new player's row that took the button's place
    assert len(setup.seats) == 3 and isinstance(app.top, SetupScene), \
        "the second tap of a double tap is not a tap on the new row"
    run(app, 0.5)
    tap_button(app, "add")
    assert len(setup.seats) == 4, "a later tap adds again"
    remove = setup.button("remove:1").rect.center
    tap(app, remove)
    tap(app, remove)                 # lands on the rebuilt minus of the next player
    assert len(setup.seats) == 3
    kind_before = setup.seats[0].kind
    tap_button(app, "kind:0")
    tap_button(app, "kind:0")
    assert setup.seats[0].kind != kind_before, "a double tap on person/computer does not undo itself"
