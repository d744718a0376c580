"""Fairy-Tale Forest on screen, played as a family plays it: posted taps only, people and a
computer, curtains before secrets, looks that only their person sees (shared/rules/forest.md,
"Hidden information on one screen")."""
import random

import pygame
import pytest

import kidgames.ui.game as game_module
from kidgames.core.seats import Seat
from kidgames.games.forest.rules import GUESS, MOVE, ROLL
from kidgames.games.forest.art import HIT_R
from kidgames.games.forest.layout import DICE_TARGET, PANEL_BUTTON
from kidgames.games.forest.scene import ForestScene
from kidgames.ui.curtain import CurtainScene
from kidgames.ui.game import start_game_scene
from kidgames.ui.results import ResultsScene
from kidgames.ui.widgets import MIN_TARGET
from ui_driver import FRAME, make_app, run_until, tap, tap_button
from state_guard import GuardedState, guard_game
from ui_driver import controller_of, state_of

FAMILY = [Seat("Anna", "red"), Seat("Ben", "blue"), Seat("Robo", "green", "computer", level="hard")]


def forest_app(tmp_path, lang="en", **kw):
    app = make_app(tmp_path, lang=lang, **kw)
    assert "forest" in app.games, "the menu offers Fairy-Tale Forest (kidgames.games registers it)"
    return app


def start(app, seats=FAMILY, seed=5, short=True):
    return start_game_scene(app, "forest", seats, seed=seed, options={"short": short})


class Family:
    """Taps the screen as the people at the table would: the ready button of a curtain, the dice,
    a shining space (heading for the castle once they know the wanted tree, which this driver
    reads from the state as a person would remember it), the tree at the castle."""

    def __init__(self, app, scene, rng, frame=None):
        self.app, self.scene, self.rng = app, scene, rng
        self.frame = frame or (lambda: app.frame(FRAME))
        self.looks_seen: list[tuple[int, str]] = []   # (seat, motif) shown open on screen
        self.computer_looks = 0
        self.curtains = 0
        self.taps = 0

    def watch(self) -> None:
        scene = self.scene
        if scene.lifted and scene.lifted[2] is not None:
            owner = state_of(scene).current_player if not scene.anim.busy else scene.shown_current
            self.looks_seen.append((owner, scene.lifted[2]))
        elif scene.lifted and scene.seats[scene.shown_current].is_computer:
            self.computer_looks += 1

    def step(self) -> None:
        app, scene = self.app, self.scene
        self.frame()
        self.watch()
        if isinstance(app.top, CurtainScene):
            self.curtains += 1
            tap_button(app, "ready")
            return
        if app.top is not scene:
            return
        if scene.anim.holding is not None:           # a look open on screen: its person taps
            for _ in range(int(1.0 / FRAME)):         # once they have seen it
                self.frame()
                self.watch()
            tap(app, (600, 500))
            return
        if not scene.person_can_act():
            return
        self.taps += 1
        state = state_of(scene)
        if state.phase == ROLL:
            tap(app, DICE_TARGET.center)
        elif state.phase == GUESS:
            wanted = next(s for s, m in state.tree_at.items() if m == state.wanted)
            slot = wanted if self.rng.random() < 0.8 else self.rng.choice(list(state.tree_at))
            tap(app, scene.part.tree_centre(slot))
        elif state.phase == MOVE:
            if scene.part.choice:
                tap_button(app, f"choice:{self.rng.randrange(2)}")
                return
            reach = dict(scene.table_view().ways)
            target = state.board.key if state.board.key in reach else None
            if target is None:
                blue = [d for d in reach if state.board.tree_slot(d) in state.tree_at]
                dist = state.board.distances_from(state.board.key)
                target = min(reach, key=lambda d: dist[d]) if self.rng.random() < 0.6 or not blue \
                    else self.rng.choice(blue)
            tap(app, scene.space_xy(target))

    def play(self, max_steps=60000) -> None:
        for _ in range(max_steps):
            if controller_of(self.scene).is_over and not self.scene.anim.busy:
                break
            self.step()


def settle(app, seconds=0.5):
    for _ in range(int(seconds / FRAME)):
        app.frame(FRAME)


def shown_again(app, scene):
    """After a test built a position by hand: the scene as the state says, and shown (nothing
    in the app knows that the state changed under it: the session's view is made afresh)."""
    state_of(scene)
    scene.changed()
    app.dirty = True


class EveryFrame:
    """From now on, every frame of ``app`` (the taps' frames too) is followed by a look at the
    window: it must equal a full redraw.  Counts the frames that redrew only some areas."""

    def __init__(self, app) -> None:
        from test_screen_invariant import differing_area, window_bytes
        self.app = app
        self.partial = self.whole = 0
        frame, draw, draw_rects = app.frame, app.loop.draw, app.loop.draw_rects
        drawn = []

        def noted_draw():
            drawn.append("whole")
            draw()

        def noted_rects(rects):
            drawn.append("partial")
            draw_rects(rects)

        def checked_frame(dt=None):
            drawn.clear()
            moving = frame(dt)
            if "whole" in drawn:
                self.whole += 1
            elif drawn:
                self.partial += 1
            area = differing_area(app, window_bytes(app))
            log = getattr(getattr(app.top, "controller", None), "log", [])
            assert area is None, f"the window differs from a full redraw in {area} on " \
                                 f"{type(app.top).__name__}, after {[e.kind for e in log[-3:]]}"
            return moving

        app.loop.draw, app.loop.draw_rects, app.frame = noted_draw, noted_rects, checked_frame


def test_a_whole_short_game_is_played_by_taps_with_two_people_and_a_computer(tmp_path, monkeypatch):
    """... with a state that the UI cannot read (tests/state_guard.py): the scene draws views only."""
    monkeypatch.setattr(game_module, "COMPUTER_PAUSE", 0.3)
    app = forest_app(tmp_path)
    breaches = guard_game(app, "forest")
    scene = start(app)
    assert isinstance(state_of(scene), GuardedState)
    family = Family(app, scene, random.Random(1))
    shown_to_computer = []
    watch = family.watch

    def watch_secrets():
        watch()
        lifted = scene.lifted
        if lifted and lifted[2] and scene.seats[scene.shown_current].is_computer \
                and lifted[2] not in state_of(scene).won[scene.shown_current]:
            shown_to_computer.append(lifted)
    family.watch = watch_secrets
    family.play()
    assert state_of(scene).is_over, "the game ended through taps alone"
    assert family.curtains > 0, "a curtain named a person before their secret"
    assert family.looks_seen, "a person looked under a tree and saw its picture"
    assert family.computer_looks > 0, "the computer looked too, and the tree lifted for it"
    assert not shown_to_computer, "a computer's look never shows its picture"
    settle(app, 3)
    assert isinstance(app.top, ResultsScene)
    assert app.top.scores == [len(cards) for cards in state_of(scene).won], "the results show the cards won"
    app.saves.flush()
    assert breaches == [], "no UI module, the Forest scene and art included, read the state"


class Weak(Family):
    """Two young children who find nothing: they throw, tap any shining space and, at the castle,
    any tree."""

    def step(self) -> None:
        scene = self.scene
        if self.app.top is scene and scene.anim.holding is None and scene.person_can_act():
            state = state_of(scene)
            if state.phase == MOVE and not scene.part.choice:
                self.taps += 1
                tap(self.app, scene.space_xy(self.rng.choice([dest for dest, _ in scene.table_view().ways])))
                self.frame()
                return
            if state.phase == GUESS:
                self.taps += 1
                tap(self.app, scene.part.tree_centre(self.rng.choice(list(state.tree_at))))
                self.frame()
                return
        super().step()


def test_a_fair_computer_ends_the_game_of_two_children_who_find_nothing(tmp_path, monkeypatch):
    """Issue 32: with cpu:fair and two people who find little, a real Forest game ran 48 minutes with
    1 of 7 cards won.  Two people who tap any shining space and any tree, and a fair computer: the
    short game ends at the results, the computer having won the cards it had to."""
    monkeypatch.setattr(game_module, "COMPUTER_PAUSE", 0.05)
    app = forest_app(tmp_path)
    seats = [Seat("Anna", "red"), Seat("Ben", "blue"), Seat("Robo", "green", "computer", level="fair")]
    scene = start(app, seats, seed=11)
    weak = Weak(app, scene, random.Random(4))
    weak.play(max_steps=40000)
    state = state_of(scene)
    assert state.is_over, f"after {state.turn} turns {[len(w) for w in state.won]} cards were won"
    settle(app, 3)
    assert isinstance(app.top, ResultsScene)
    assert state.turn < 200, f"the game took {state.turn} turns"


def test_two_ways_to_one_space_are_asked_in_pictures(tmp_path):
    """Rule 4: from m5 with 2 and 4, m7 is an early stop (one die) and also the end of 4-then-2;
    Ben stands on m7, so the answer matters (rule 5: only the full throw sends him home)."""
    app = forest_app(tmp_path)
    scene = start(app, FAMILY[:2])
    settle(app, 0.3)
    assert app.top is scene, "no curtain: a turn in the forest is public"
    state = state_of(scene)
    state.positions[0], state.positions[1], state.dice = "m5", "m7", (2, 4)
    scene.changed()
    settle(app, 0.2)
    tap(app, scene.space_xy("m7"))
    assert scene.button("choice:0").visible and scene.button("choice:1").visible
    assert state.positions[0] == "m5", "nothing moves before the choice"
    tap_button(app, "choice:0")
    assert state.positions[0] == "m7"
    assert controller_of(scene).log[-1].kind == "turn"
    moved = [e for e in controller_of(scene).log if e.kind == "moved"][-1]
    assert moved.dice_used == 1


def test_the_hand_that_comes_back_points_at_a_look_never_at_the_key_space(tmp_path):
    """Issue 32: a waiting child taps what the hand points at.  From the horseshoe with 1 and 4 the
    throw reaches the key space (a guess: a wrong one walks home) and m22, a blue space with a tree
    (a look): the hand points at the look, and the key space comes last."""
    app = forest_app(tmp_path)
    scene = start(app, FAMILY[:2])
    settle(app, 0.3)
    state = state_of(scene)
    state.positions[0], state.dice = state.board.horseshoe, (1, 4)
    assert state.board.tree_slot("m22") in state.tree_at
    scene.changed()
    settle(app, 0.2)
    spaces = [target.key[1] for target in scene.tap_targets()]
    assert sorted(spaces) == sorted(dest for dest, _ in state.view(None).ways)
    assert spaces[0] == "m22" and spaces[-1] == state.board.key, spaces
    assert scene.nudge_target().collidepoint(scene.space_xy("m22"))


def test_a_look_stays_open_through_a_double_tap_until_its_person_taps(tmp_path):
    app = forest_app(tmp_path, speed="normal")
    scene = start(app, FAMILY[:2], short=False)
    settle(app, 0.3)
    assert app.top is scene, "no curtain: a turn in the forest is public"
    state = state_of(scene)
    state.positions[0], state.dice = "m3", (2, 2)   # 2+2 from m3 ends on the blue m7
    scene.changed()
    settle(app, 0.2)
    frames = EveryFrame(app)    # the hop, the curtain, the open look and its closing: each frame true
    tap(app, scene.space_xy("m7"))
    tap(app, scene.space_xy("m7"))                 # a double tap
    settle(app, 3)
    assert isinstance(app.top, CurtainScene) and app.top.kind == "secret" and app.top.seat.name == "Anna", \
        "everybody watched the walk: a secret curtain names Anna before her look"
    assert scene.lifted is None or scene.lifted[2] is None, "nothing shows behind the curtain"
    ready = app.top.button("ready").rect.center
    tap(app, ready)
    tap(app, ready)                                # a double tap on the curtain
    settle(app, 0.5)
    motif = state.tree_at[state.board.tree_slot("m7")]
    assert scene.lifted == ("t_m7", 1.0, motif), "the look is open for its person"
    assert scene.anim.holding is not None and scene.visible_secrets() == {0}
    settle(app, 0.5)
    tap(app, (600, 500))
    settle(app, 0.3)
    assert scene.lifted is None, "her tap closes it"
    assert scene.visible_secrets() == set() and controller_of(scene).private is None
    assert frames.partial > 10


def test_a_computer_look_lifts_the_tree_with_its_back_to_the_room(tmp_path, monkeypatch):
    monkeypatch.setattr(game_module, "COMPUTER_PAUSE", 0.1)
    app = forest_app(tmp_path, speed="normal")
    seats = [Seat("Robo", "green", "computer", level="hard"), Seat("Anna", "red")]
    scene = start(app, seats, short=False)
    state = state_of(scene)
    state.positions[0], state.dice = "m3", (2, 2)
    state.tree_at = dict(state.tree_at)
    scene.changed()
    frames = EveryFrame(app)     # the hops and the lifting tree redraw only their areas, truly
    seen = []
    for _ in range(int(6 / FRAME)):
        app.frame(FRAME)
        if scene.lifted:
            seen.append(scene.lifted)
        if isinstance(app.top, CurtainScene):
            break
    looked = [e for e in controller_of(scene).log if e.kind == "looked"]
    assert looked, "the computer looked under a tree"
    assert seen and max(h for _, h, _ in seen) > 0.5, "the tree lifted"
    assert all(motif is None for _, _, motif in seen), "its picture never showed"
    assert frames.partial > 30


def test_a_double_one_offers_three_magics_and_each_works(tmp_path):
    app = forest_app(tmp_path)
    scene = start(app, FAMILY[:2], short=False)
    settle(app, 0.3)
    assert app.top is scene, "no curtain: a turn in the forest is public"
    state = state_of(scene)
    frames = EveryFrame(app)    # gliding trees, a jump, the wiggling stack, banners: each frame true

    def double_one(seat):
        state.dice = (1, 1)
        shown_again(app, scene)
        settle(app, 0.3)
        if isinstance(app.top, CurtainScene):
            tap_button(app, "ready")
        assert state.current_player == seat
        for name in ("magic:swap", "magic:jump", "magic:shuffle"):
            assert scene.button(name).visible

    double_one(0)
    before = dict(state.tree_at)
    tap_button(app, "magic:swap")
    tap(app, scene.part.tree_centre("t_m7"))
    tap(app, scene.part.tree_centre("t_b5"))
    assert state.tree_at["t_m7"] == before["t_b5"] and state.tree_at["t_b5"] == before["t_m7"]
    settle(app, 3)
    double_one(1)
    tap_button(app, "magic:jump")
    tap(app, scene.part.tree_centre("t_a8"))
    assert state.positions[1] == "a8"
    settle(app, 1.5)
    assert isinstance(app.top, CurtainScene) and app.top.seat.name == "Ben", "his look after the jump is secret"
    tap_button(app, "ready")
    settle(app, 1)
    assert scene.visible_secrets() == {1}
    tap(app, (600, 500))
    settle(app, 2)
    double_one(0)
    cards = sorted(state.stack + [state.wanted])
    tap_button(app, "magic:shuffle")
    assert sorted(state.stack + [state.wanted]) == cards
    assert [e.kind for e in controller_of(scene).log[-3:]] == ["stack_shuffled", "new_wanted", "turn"]
    settle(app, 2.5)
    assert frames.partial > 50


def test_a_right_guess_wins_the_card_and_a_wrong_one_walks_home_each_frame_true(tmp_path):
    """At the castle: a wrong guess shows its person the motif (behind her curtain) and walks her
    home; a right one lifts the tree, flies the card to the winner's row and turns up the next
    wanted card.  Every frame of it redraws only what changed, and truly."""
    app = forest_app(tmp_path, speed="normal")
    scene = start(app, FAMILY[:2], short=False)
    settle(app, 0.3)
    assert app.top is scene, "no curtain: a turn in the forest is public"
    state = state_of(scene)
    frames = EveryFrame(app)
    state.positions[0] = state.board.key
    shown_again(app, scene)
    settle(app, 0.2)
    assert state.phase == GUESS
    wrong = next(s for s, m in state.tree_at.items() if m != state.wanted)
    tap(app, scene.part.tree_centre(wrong))
    assert state.positions[0] == state.board.village
    assert run_until(app, lambda: scene.anim.holding is not None or isinstance(app.top, CurtainScene), 4)
    if isinstance(app.top, CurtainScene):
        tap_button(app, "ready")
    settle(app, 1.0)
    assert scene.lifted == (wrong, 1.0, state.tree_at[wrong]), "the guesser sees what stood there"
    tap(app, (600, 500))
    settle(app, 4)
    if isinstance(app.top, CurtainScene):
        tap_button(app, "ready")
    # Ben's turn: he stands at the castle too
    assert state.current_player == 1
    state.positions[1] = state.board.key
    shown_again(app, scene)
    settle(app, 0.3)
    wanted = state.wanted
    right = next(s for s, m in state.tree_at.items() if m == wanted)
    tap(app, scene.part.tree_centre(right))
    assert state.won[1] == [wanted]
    flown = []
    for _ in range(int(4 / FRAME)):
        app.frame(FRAME)
        flown.append(scene.flying_card is not None)
    assert any(flown), "the card flew to Ben's row"
    assert scene.shown_wanted == state.wanted and scene.flip == 1.0
    assert frames.partial > 100 and frames.whole < frames.partial / 4


@pytest.mark.parametrize("window", [None, (1280, 800)], ids=["canvas", "tablet"])
def test_while_four_computers_play_every_frame_shows_what_a_full_redraw_shows(tmp_path, window):
    """Partial redraws while four computers play (dice tumbling, pawns hopping and walking home,
    trees lifting, banners): after each frame the window equals a full redraw, in a window of the
    canvas's size and in a scaled one, and most drawn frames redraw only some areas."""
    app = make_app(tmp_path, speed="normal", window_size=window)
    seats = [Seat(n, c, "computer", "normal") for n, c in
             zip(("Robo", "Bolt", "Chip", "Dot"), ("red", "blue", "green", "yellow"))]
    scene = start(app, seats, seed=7)
    frames = EveryFrame(app)
    for _ in range(900):
        app.frame(FRAME)
    assert len(controller_of(scene).log) >= 10
    assert frames.partial > 300 and frames.whole < frames.partial / 10


def test_everything_to_tap_is_big_enough_for_a_finger(tmp_path):
    app = forest_app(tmp_path)
    scene = start(app, FAMILY[:2])
    assert 2 * HIT_R >= MIN_TARGET and PANEL_BUTTON >= MIN_TARGET
    assert DICE_TARGET.w >= MIN_TARGET and DICE_TARGET.h >= MIN_TARGET
    for button in scene.buttons:
        assert min(button.rect.size) >= MIN_TARGET, button.name


@pytest.mark.parametrize("lang", ["cs", "ko"])
def test_the_forest_speaks_every_language(tmp_path, lang):
    app = forest_app(tmp_path, lang=lang)
    scene = start(app, FAMILY[:2])
    settle(app, 0.3)
    assert app.top is scene, "no curtain: a turn in the forest is public"
    settle(app, 0.2)
    english = "Anna, tap the dice!"
    assert "Anna" in scene.hint_text() and scene.hint_text() != english
