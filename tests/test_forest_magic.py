"""Fairy-Tale Forest, the magic of a double one (issue 32): its three choices (swap two trees, jump
to a tree, shuffle the cards) stand where they cover nothing the child must see — no space a walk
of 1+1 or a jump may end on, no tree, no pawn — on both boards and on the smallest screen; each
tells what it does in a picture story that plays and then rests; each says its sentence when
tapped; and the hand of a prompt that comes back points at one that can still be left."""
from __future__ import annotations

import pygame
import pytest

from kidgames.core.seats import Seat
from kidgames.games.forest.rules import MOVE
from kidgames.ui.board_table import BOARD_RECT
from kidgames.ui.curtain import CurtainScene
from kidgames.ui.game import start_game_scene
from kidgames.ui.nudge import NUDGE_AFTER
from test_forest_ui import EveryFrame
from ui_driver import FRAME, make_app, run, tap, tap_button, state_of

SEATS = [Seat(n, c) for n, c in zip(("Anna", "Ben", "Cleo", "Dan", "Eva", "Finn"),
                                    ("red", "blue", "green", "yellow", "purple", "orange"))]
MAGICS = ("magic:swap", "magic:jump", "magic:shuffle")
#: Where the pawns stand at a double one of the first of them: at the start, next to the choices'
#: corner of the board, crowding around it (four pawns on one space stand in two rows), at the
#: castle, far away.
POSITIONS = {
    "all in the village": ["V", "V"],
    "beside the corner": ["m16", "m17"],
    "on the loop below": ["a7", "a6", "a6", "a6"],
    "a crowd beside the corner": ["m14", "m17", "m17", "m17", "m17", "m18"],
    "at the castle": ["HS", "k4", "m24"],
    "spread out": ["b13", "m19", "a8", "a5", "m15"],
}
SHADOW = 6      # a button's shadow, below it (kidgames/ui/widgets.Button.draw)


def double_one(app, positions, short: bool):
    """A new game of as many people as ``positions``, each pawn placed there, and the first one's
    double one thrown; returns the scene once the magic choices show."""
    scene = start_game_scene(app, "forest", SEATS[:len(positions)], seed=5, options={"short": short})
    run(app, 0.3)
    state = state_of(scene)
    state.positions[:] = positions
    state.dice = (1, 1)
    state_of(scene)
    scene.changed()
    app.dirty = True
    run(app, 0.3)
    if isinstance(app.top, CurtainScene):
        tap_button(app, "ready")
    assert app.top is scene and state.phase == MOVE and state.current_player == 0
    return scene


def must_see(scene) -> dict[str, pygame.Rect]:
    """What the child must see now, as painted: the shining spaces a walk of 1+1 reaches, the blue
    spaces a jump reaches, the trees and the pawns."""
    view = scene.table_view()
    seen = {f"shining space {piece.key[1]}": piece.area() for piece in scene.part.drawing.reach_rings()}
    seen.update({f"blue space {node}": scene.part.drawing.reach_rect(node) for node in view.jumps})
    seen.update({f"tree {piece.key[1]}": piece.area() for piece in scene.part.drawing.trees()})
    seen.update({f"pawn of {scene.seats[piece.seat].name}": piece.area() for piece in scene.pawns.pieces()})
    return seen


@pytest.mark.parametrize("window", [(1280, 800), (1024, 768)], ids=["1280x800", "1024x768"])
@pytest.mark.parametrize("short", [False, True], ids=["full", "short"])
def test_the_magic_choices_cover_no_space_a_move_may_reach_no_tree_and_no_pawn(tmp_path, short, window):
    for case, positions in POSITIONS.items():
        app = make_app(tmp_path / case.replace(" ", "_"), window_size=window)
        scene = double_one(app, positions, short)
        view = scene.table_view()
        assert view.ways and view.jumps, "a walk of 1+1 and a jump are offered"
        buttons = [scene.button(name) for name in MAGICS]
        assert all(b.visible for b in buttons), case
        seen = must_see(scene)
        for button in buttons:
            covers = button.rect.union(button.rect.move(0, SHADOW))
            hidden = [what for what, area in seen.items() if covers.colliderect(area)]
            assert not hidden, f"{case}: {button.name} covers {hidden}"
            assert BOARD_RECT.contains(covers), f"{case}: {button.name} stands on the board"
            left, top = app.to_window(button.rect.topleft)
            right, bottom = app.to_window(button.rect.bottomright)
            assert min(right - left, bottom - top) >= 60, f"{case}: {button.name} is {right - left} px wide"
        for i, a in enumerate(buttons):
            for b in buttons[i + 1:]:
                assert not a.rect.inflate(8, 8).colliderect(b.rect), f"{case}: {a.name} and {b.name} touch"


def test_a_double_tap_on_a_choice_chooses_it_and_nothing_under_it(tmp_path):
    """Children tap twice, fast: the second tap lands where the choice was, on the board."""
    for name in ("magic:swap", "magic:jump"):
        for case, positions in POSITIONS.items():
            app = make_app(tmp_path / name.replace(":", "_") / case.replace(" ", "_"))
            scene = double_one(app, positions, short=False)
            state = state_of(scene)
            trees = dict(state.tree_at)
            centre = scene.button(name).rect.center
            tap(app, centre)
            tap(app, centre)
            assert scene.part.magic_mode == name.split(":")[1] and scene.part.swap_first is None, case
            assert state.positions == positions and state.tree_at == trees and state.dice == (1, 1), case


def test_each_choice_says_its_sentence_when_tapped(tmp_path):
    said = {"magic:swap": "forest.hint.swap", "magic:jump": "forest.hint.jump", "magic:shuffle": "forest.shuffled"}
    for name, key in said.items():
        app = make_app(tmp_path / name.replace(":", "_"))
        scene = double_one(app, ["m5", "V"], short=False)
        before = len(app.voice.said)
        tap_button(app, name)
        run(app, 0.1)
        spoken = app.voice.said[before:]
        assert spoken and spoken[0][0] == key, (name, spoken)
        clips = spoken[0][1]
        assert "colour.red" in clips, "Anna's name is said as her pawn's colour"
        assert all(app.voice.path(clip) is not None for clip in clips), clips
        if name != "magic:shuffle":     # the prompt stays, and its picture says it again
            assert scene.hint_text().key == key


def button_pixels(app, button) -> bytes:
    """What the window shows of a button now."""
    left, top = app.to_window(button.rect.topleft)
    right, bottom = app.to_window(button.rect.bottomright)
    window = pygame.display.get_surface()
    return pygame.image.tobytes(window.subsurface(pygame.Rect(left, top, right - left, bottom - top)), "RGB")


def test_each_choice_tells_its_story_in_pictures_then_rests(tmp_path):
    """The stories play one after another when the choices appear (each button showing many
    pictures, only the playing one's area redrawn), then rest on their still pictures with the
    loop asleep until the prompt comes back, when they play again.  Every frame shows what a full
    redraw shows."""
    app = make_app(tmp_path, window_size=(1024, 768))
    scene = double_one(app, ["m5", "V"], short=False)
    buttons = [scene.button(name) for name in MAGICS]
    frames = EveryFrame(app)
    invalid: list[pygame.Rect] = []
    invalidate = app.invalidate
    app.invalidate = lambda rect: (invalid.append(pygame.Rect(rect)), invalidate(rect))
    pictures: list[set[bytes]] = [set() for _ in buttons]
    for _ in range(int(7 / FRAME)):
        app.frame(FRAME)
        for k, button in enumerate(buttons):
            pictures[k].add(button_pixels(app, button))
    for button, seen in zip(buttons, pictures):
        assert len(seen) >= 10, f"{button.name}: its story showed {len(seen)} pictures"
    assert frames.partial >= 60 and frames.whole == 0
    assert invalid and all(any(b.rect.inflate(8, 8).contains(r) for b in buttons) for r in invalid)
    still = [button_pixels(app, b) for b in buttons]
    assert len(set(still)) == 3, "three different still pictures"
    assert scene.wake_in() >= 4.0, "resting: the scene wakes the loop only for the prompt coming back"
    invalid.clear()
    run(app, 1.0)
    assert not invalid and [button_pixels(app, b) for b in buttons] == still
    swap_seen = set()
    for _ in range(int((NUDGE_AFTER - 8 + 1.5) / FRAME)):
        app.frame(FRAME)
        swap_seen.add(button_pixels(app, buttons[0]))
    assert scene.nudge.comebacks, "the prompt came back"
    assert len(swap_seen) >= 10, "and the stories played again"


def test_the_hand_that_comes_back_points_at_the_jump_and_then_at_a_blue_space(tmp_path):
    """A walk of 1+1 gives the magic up; a jump chosen can be left again (the back arrow) and
    brings a look under a tree.  So the hand points at the jump, then at a space to jump to."""
    app = make_app(tmp_path)
    scene = double_one(app, ["m5", "V"], short=False)
    run(app, NUDGE_AFTER + 0.5)
    assert scene.nudge.showing and scene.nudge.target == scene.button("magic:jump").rect
    tap_button(app, "magic:jump")
    target = scene.nudge_target()
    view = scene.table_view()
    assert any(target.collidepoint(scene.space_xy(node)) for node in view.jumps)
    tap_button(app, "cancel")
    assert scene.button("magic:jump").visible and scene.nudge_target() == scene.button("magic:jump").rect
