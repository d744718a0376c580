"""Who is watching (design.md, "Who is watching"; rules/queens.md and rules/forest.md, "Hidden
information on one screen"), held to a model of this test's own, through whole games.

The test plays every person at the table through the scenes' own submit path and opens every curtain
the app shows.  It keeps its own account of who may be looking: everybody, except while a person is
in a private moment, which begins when the test taps a curtain naming that person and ends when the
test submits that person's decision, taps their secret closed, or the secret's set time has passed.
After every frame, the private things a scene draws (``visible_secrets()``) must belong to the
person in their private moment — or to the only person at the table, when there is one.  The test
never asks the app who is watching.  The canvas itself is held to the model too, from the paints
that reach it rather than the scene's account (:class:`SecretPaints`): a hand's faces in Sleeping
Queens and a look's motif in the forest are painted only for the person who may look, and never
stay on the canvas after their moment.

It also holds the curtains to the rules: in Sleeping Queens a person's turn and a person's answer to
an attack are decided with their hand in view, so on a shared screen each comes right after a curtain
naming that person, while picking a queen (the Rose bonus, a jester's count) needs none; the forest's
turns are public, so its only curtains are secret ones; with one person there is no curtain at all."""
import random
from collections import Counter

import pygame
import pytest

import kidgames.ui.game as game_module
from kidgames.core.protocol import Action
from kidgames.core.seats import Seat
from kidgames.core.turns import Watching
from kidgames.games.forest.rules import GUESS, MOVE, ROLL
from kidgames.games.queens.art import card_look as queens_face
from kidgames.games.queens.hand import QueensHand
from kidgames.ui.cards import BACK, HandLayout
from kidgames.ui.curtain import HANDOVER, QUESTION, SECRET, CurtainScene
from kidgames.ui.curtains import Curtains
from kidgames.ui.game import start_game_scene
from kidgames.ui.table import Table as PieceTable
from state_guard import guard_game
from ui_driver import make_app
from ui_driver import controller_of, state_of

FRAME = 1 / 30
ANNA, BEN, CLEO = Seat("Anna", "red"), Seat("Ben", "blue"), Seat("Cleo", "yellow")


def cpu(name, colour, level="hard"):
    return Seat(name, colour, "computer", level)


MIXES = {
    "2 people + a computer": [ANNA, BEN, cpu("Robo", "green")],
    "3 people": [ANNA, BEN, CLEO],
    "2 people + 2 computers": [ANNA, cpu("Robo", "green"), BEN, cpu("Dot", "purple", "normal")],
    "1 person + computers": [cpu("Robo", "green"), ANNA, cpu("Dot", "purple", "easy")],
}


def queens_needs_hand(state) -> bool:
    """rules/queens.md: a turn and an answer to an attack are decided with the hand in view; a
    queen picked after a Rose or a jester's count is not."""
    return state.pending is None or state.pending["kind"] in ("knight", "potion")


class SecretPaints:
    """What the canvas shows of the secrets, found from the paints themselves (not from the
    scene's account of what it draws): every paint of a table of pieces (``Table.paint``, clipped
    to the area it redraws) and, inside it, the secret faces a game's painter put on the canvas
    (see :meth:`Table.watch_paints`), each with the area it covers."""

    def __init__(self, monkeypatch, app):
        self.paints: list[tuple[pygame.Rect, list]] = []       # since the last frame's check
        self.seen = 0                                          # secret faces painted, in all
        self._faces: list | None = None
        paint_table = PieceTable.paint

        def paint(table, surface):
            outer, self._faces = self._faces, []
            try:
                paint_table(table, surface)
                if surface is app.screen:
                    self.paints.append((surface.get_clip(), self._faces))
            finally:
                self._faces = outer
        monkeypatch.setattr(PieceTable, "paint", paint)

    def note(self, surface, faces) -> None:
        """Faces a painter put on ``surface`` inside its clip: (what, the area it covers)."""
        if self._faces is None:
            return
        clip, canvas = surface.get_clip(), surface.get_rect()
        painted = [(face, rect.clip(canvas)) for face, rect in faces      # (a fan's outer cards reach below it)
                   if clip.colliderect(rect)]
        self._faces += painted
        self.seen += len(painted)

    def take(self) -> list[tuple[pygame.Rect, list]]:
        paints, self.paints = self.paints, []
        return paints


class Table:
    """The people at the table, as this test plays them, and who may be looking by its account."""

    def __init__(self, app, scene, rng, secret_seconds):
        self.app, self.scene, self.rng = app, scene, rng
        self.secret_seconds = secret_seconds
        self.persons = [i for i, s in enumerate(scene.seats) if not s.is_computer]
        self.private: int | None = None
        self.private_until: float | None = None
        self.clock = 0.0
        self.frames = 0
        self.curtains: list[tuple[str, int]] = []
        self.decisions: list[tuple[int, bool]] = []        # (person, in their private moment)
        self.secrets_seen: list[int] = []
        self.opened_at: float | None = None
        # overlays opened inside private moments: the ways to open them, how often, and what came
        self.overlay_ways: tuple[str, ...] = ()
        self.overlay_chance = 0.0
        self.overlays: list[tuple[str, int]] = []          # (how, the person whose moment it ended)
        self.curtain_after_overlay: list[tuple[int, int]] = []     # (that person, the next curtain's)
        self._after_overlay: int | None = None
        self.overlay_budget = 12
        self.private_moments = 0
        self._overlay_moment = -1
        # the secret faces on the canvas, as the paints put them there (see watch_paints): (whose
        # secret, the area a face covers), and since which frame each seat may not look
        self.secret_paints: SecretPaints | None = None
        self.faces_on_canvas: list[tuple[int, pygame.Rect]] = []
        self.hidden_since: dict[int, int] = {}

    def watch_paints(self, monkeypatch) -> None:
        """Hold the canvas itself to the model: a secret's face is painted only for the person who
        may look, and none stays on the canvas under an overlay or after the moment ends (the
        frame that sends a decision keeps the table as it was: the next one must hide them).  The
        secret faces are a hand's in Sleeping Queens (``HandLayout.draw``, the one painter of a
        hand; its owner: an allowed person whose hand, in the state this test keeps, holds them)
        and the motif of a look under a tree in the forest (``draw_open_card``; public when the
        motif is a card won, as after a right guess)."""
        paints = self.secret_paints = SecretPaints(monkeypatch, self.app)
        if self.scene.spec.id == "queens":
            draw_hand = HandLayout.draw

            def draw(layout, surface, art, looks, skip=frozenset(), **more):
                draw_hand(layout, surface, art, looks, skip, **more)
                paints.note(surface, [(look, layout.drawn_rect(i, rect))
                                      for i, (rect, look) in enumerate(zip(layout.card_rects(), looks))
                                      if i not in skip and not look.face_down])
            monkeypatch.setattr(HandLayout, "draw", draw)
        else:
            # the piece that paints an open look holds the scene's painter as it was made
            open_look, = [piece for piece in self.scene.table.on_table() if getattr(piece, "_paint", None)
                          == self.scene.part.drawing.draw_open_card]
            scene = self.scene

            def draw(surface):
                scene.part.drawing.draw_open_card(surface)
                paints.note(surface, [(scene.lifted[2], scene.part.drawing.open_look_rect())])
            monkeypatch.setattr(open_look, "_paint", draw)

    def owners(self, painted: Counter, allowed: set[int]) -> list[int | None]:
        """Whose secret the faces ``painted`` may be (None: nobody's, they are public)."""
        state = state_of(self.scene)
        if self.scene.spec.id == "queens":
            return [seat for seat in allowed
                    if len(self.persons) == 1 or painted <= Counter(map(queens_face, state.hands[seat]))]
        won = {card for cards in state.won for card in cards}
        return [None] if set(painted) <= won else list(allowed)

    # -- the model --------------------------------------------------------------------------------
    def allowed(self) -> set[int]:
        if len(self.persons) == 1:
            return set(self.persons)
        return set() if self.private is None else {self.private}

    def who_looks(self) -> str:
        allowed = self.allowed()
        return "everybody watches" if not allowed else f"only seat {min(allowed)} looks"

    def frame(self) -> None:
        self.app.frame(FRAME)
        self.clock += FRAME
        self.frames += 1
        if self.private_until is not None and self.clock >= self.private_until:
            self.private = self.private_until = None        # the secret's time has passed
        shown = self.scene.visible_secrets() if self.scene in self.app.scenes.shown() else set()
        assert shown <= self.allowed(), (
            f"frame {self.frames}: private things of seat(s) {sorted(shown)} on screen while "
            f"{self.who_looks()}")
        if shown:
            self.secrets_seen.append(next(iter(shown)))
        assert not self.app.errors, self.app.errors
        if self.secret_paints is not None:
            self.check_paints()

    def check_paints(self) -> None:
        allowed = self.allowed()
        for clip, faces in self.secret_paints.take():
            # what a paint covers shows what it painted now, nothing that lay there before
            self.faces_on_canvas = [(seat, rect) for seat, rect in self.faces_on_canvas if not clip.contains(rect)]
            if not faces:
                continue
            owners = self.owners(Counter(face for face, _ in faces), allowed)
            assert owners, f"frame {self.frames}: a secret's faces painted while {self.who_looks()}"
            if owners[0] is not None:
                self.faces_on_canvas += [(owners[0], rect) for _, rect in faces]
        if isinstance(self.app.top, CurtainScene):
            self.faces_on_canvas = []             # a curtain covers the whole canvas
        left = {seat for seat, _ in self.faces_on_canvas if seat not in allowed}
        self.hidden_since = {seat: self.hidden_since.get(seat, self.frames) for seat in left}
        late = [seat for seat, since in self.hidden_since.items() if self.frames - since >= 1]
        assert not late, (f"frame {self.frames}: seat {late[0]}'s secret still on the canvas "
                          f"{self.frames - self.hidden_since[late[0]]} frame(s) after their moment ended")

    def press(self, pos) -> None:
        """A finger's quick tap: press and release within one frame."""
        x, y = self.app.to_window(pos)
        self.app.guard_until = 0.0
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=True))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1, touch=True))
        self.frame()

    def open_curtain(self) -> None:
        curtain = self.app.top
        seat = self.scene.seats.index(curtain.seat)
        self.curtains.append((curtain.kind, seat))
        if self._after_overlay is not None:
            self.curtain_after_overlay.append((self._after_overlay, seat))
            self._after_overlay = None
        for _ in range(self.rng.randrange(3, 12)):          # the family hands over the screen
            self.frame()
        self.private, self.private_until = seat, None        # the named person alone looks now
        self.private_moments += 1
        if curtain.kind == SECRET:
            self.opened_at = self.clock
            if self.secret_seconds is not None:
                self.private_until = self.clock + self.secret_seconds + 3 * FRAME
        self.press(curtain.button("ready").rect.center)
        assert self.app.top is not curtain, "the curtain's button lifts it"

    def key(self, key: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        self.frame()

    def maybe_overlay(self) -> bool:
        """Now and then, inside a private moment, somebody opens a question, the rules or the
        settings over the table; by this test's account everybody may look at the screen from the
        first frame of the overlay, and again only the person behind a new curtain naming them."""
        if self.private is None or not self.overlay_ways or self.overlay_budget <= 0 \
                or self._overlay_moment == self.private_moments or self.rng.random() >= self.overlay_chance:
            return False
        self.overlay_budget -= 1
        self._overlay_moment = self.private_moments       # one overlay per private moment at most
        how = self.rng.choice(self.overlay_ways)
        self.overlays.append((how, self.private))
        self._after_overlay = self.private
        self.private = self.private_until = self.opened_at = None        # an overlay is public
        below = self.app.top
        if how == "escape":
            self.key(pygame.K_ESCAPE)
        elif how in ("home", "rules"):
            self.press(self.scene.button(how).rect.center)
        else:
            self.app.nav.show_settings()
            self.frame()
        overlay = self.app.top
        assert overlay is not below and not isinstance(overlay, CurtainScene), f"{how} opened nothing"
        for _ in range(self.rng.randrange(15, 40)):      # a grown-up walks over and reads it
            self.frame()
        self.key(pygame.K_ESCAPE)                        # "no", back to the game
        assert self.app.top is not overlay, f"{how}: Escape closes {type(overlay).__name__}"
        return True

    def decide(self, action: Action) -> None:
        """A person's decision, sent through the scene (a decision ends the private moment)."""
        decider = state_of(self.scene).current_player
        self.decisions.append((decider, self.private == decider))
        self.private = self.private_until = None
        # (an accepted decision may bring no event: Castle's accept_witch only asks for the cards)
        before = len(controller_of(self.scene).log), state_of(self.scene).to_json()
        submit = getattr(self.scene, "try_submit", None) or self.scene.submit
        submit(action)
        assert (len(controller_of(self.scene).log), state_of(self.scene).to_json()) != before, f"{action} was refused"
        self.frame()

    # -- playing ------------------------------------------------------------------------------------
    def play(self, pick, max_frames=200_000, stop_after=None) -> None:
        steady = 0
        while not controller_of(self.scene).is_over or self.scene.anim.busy:
            if stop_after is not None and self.frames >= stop_after:
                return
            assert self.frames < max_frames, "the game did not end"
            self.frame()
            app, scene = self.app, self.scene
            if isinstance(app.top, CurtainScene):
                steady = 0
                self.open_curtain()
                continue
            if app.top is not scene:
                continue
            if scene.anim.holding is not None:
                # a secret open for its person: a tap closes it once seen, or the time set passes
                if self.opened_at is None:
                    self.opened_at = self.clock         # (no curtain: the only person at the table)
                if self.maybe_overlay():
                    continue
                if self.secret_seconds is None or self.rng.random() < 0.02:
                    if self.clock - self.opened_at > 1.0:
                        self.private = self.private_until = self.opened_at = None
                        self.press((600, 500))
                continue
            self.opened_at = None
            if scene.person_can_act():
                steady += 1
                if steady >= 3:          # a curtain due comes within a frame or two
                    steady = 0
                    if self.maybe_overlay():
                        continue
                    self.decide(pick(state_of(scene)))
            else:
                steady = 0


# -- what the people choose --------------------------------------------------------------------------
def queens_pick(rng):
    def pick(state):
        legal = state.legal_actions()
        strong = [a for a in legal if a.kind in ("king", "knight", "wake", "defend")]
        return rng.choice(strong) if strong and rng.random() < 0.8 else rng.choice(legal)
    return pick


def forest_pick(rng):
    def pick(state):
        legal = state.legal_actions()
        board = state.board
        if state.phase == GUESS:
            wanted = [a for a in legal if state.tree_at[a.slot] == state.wanted]
            return wanted[0] if wanted and rng.random() < 0.7 else rng.choice(legal)
        if state.phase == MOVE:
            moves = [a for a in legal if a.kind == "move"]
            magic = [a for a in legal if a.kind.startswith("magic_")]
            if magic and rng.random() < 0.5:
                return rng.choice(magic)
            if moves:
                key = [a for a in moves if a.dest == board.key]
                if key and rng.random() < 0.8:
                    return key[0]
                blue = [a for a in moves if board.tree_slot(a.dest) in state.tree_at]
                if blue and rng.random() < 0.4:
                    return rng.choice(blue)
                dist = board.distances_from(board.key)
                return min(moves, key=lambda a: (dist[a.dest], a.dice_used))
        return rng.choice(legal)
    return pick


def start(tmp_path, game, seats, seed, secret_seconds=5, options=None):
    app = make_app(tmp_path, speed="fast")
    app.settings.secret_seconds = secret_seconds
    scene = start_game_scene(app, game, seats, seed=seed, options=options or {})
    return app, scene


def start_guarded(tmp_path, game, seats, seed, secret_seconds=5):
    """:func:`start` on states that raise when the UI reads them (tests/state_guard.py): the
    scene, its overlays and the shared UI are given views only.  Returns the app, the scene and
    the list of the UI's reads of the state (empty while there are none)."""
    app = make_app(tmp_path, speed="fast")
    app.settings.secret_seconds = secret_seconds
    breaches = guard_game(app, game)
    return app, start_game_scene(app, game, seats, seed=seed), breaches


# -- whole games ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("mix", list(MIXES))
@pytest.mark.parametrize("seed", [3, 8])
def test_sleeping_queens_shows_a_hand_only_in_its_persons_private_moment(tmp_path, monkeypatch, mix, seed):
    monkeypatch.setattr(game_module, "COMPUTER_PAUSE", 0.2)
    seats = MIXES[mix]
    app, scene, breaches = start_guarded(tmp_path, "queens", seats, seed)
    rng = random.Random(seed)
    table = Table(app, scene, rng, secret_seconds=5)
    table.watch_paints(monkeypatch)
    shared = len(table.persons) >= 2
    needs = []

    original = table.decide

    def decide(action):
        needs.append(queens_needs_hand(state_of(scene)))
        original(action)
    table.decide = decide
    table.play(queens_pick(rng))
    assert state_of(scene).is_over
    assert breaches == [], "the UI read the state"
    if not shared:
        assert table.curtains == [], "one person with computers: no curtain at all"
        assert table.secrets_seen, "the only person saw their own hand"
        return
    assert {kind for kind, _ in table.curtains} <= {HANDOVER, QUESTION}
    for (person, in_moment), need in zip(table.decisions, needs):
        assert in_moment == need, (
            f"seat {person} decided {'without' if need else 'after'} a curtain naming them, "
            f"though the decision {'needs' if need else 'does not need'} their hand")
    assert any(not need for need in needs) or len(needs) < 40, "a queen was picked without a curtain"
    assert table.secrets_seen, "people saw their own hands"
    assert table.secret_paints.seen, "the hands' faces were painted (the watcher of the paints saw them)"


@pytest.mark.parametrize("mix", list(MIXES))
@pytest.mark.parametrize("secret_seconds", [None, 3])
def test_fairy_tale_forest_shows_a_look_only_to_its_person(tmp_path, monkeypatch, mix, secret_seconds):
    monkeypatch.setattr(game_module, "COMPUTER_PAUSE", 0.2)
    seats = MIXES[mix]
    seed = 4 if secret_seconds is None else 9
    app, scene = start(tmp_path, "forest", seats, seed, secret_seconds=secret_seconds, options={"short": True})
    rng = random.Random(seed)
    table = Table(app, scene, rng, secret_seconds=secret_seconds)
    table.watch_paints(monkeypatch)
    table.play(forest_pick(rng))
    assert state_of(scene).is_over
    looks = [e for e in controller_of(scene).log if e.kind in ("peeked", "guessed_wrong")
             and e.private_to in table.persons]
    assert looks, "people looked under trees"
    if len(table.persons) == 1:
        assert table.curtains == [], "one person with computers: no curtain at all"
    else:
        assert table.curtains, "secret curtains came"
        assert {kind for kind, _ in table.curtains} == {SECRET}, "a forest turn is public: no hand-over curtain"
        assert len(table.curtains) == len(looks), "one secret curtain before every look of a person"
        assert all(in_moment is False for _, in_moment in table.decisions), "every decision is public"
    assert table.secrets_seen, "people saw what was under their trees"
    assert table.secret_paints.seen, "the looks' motifs were painted (the watcher of the paints saw them)"


@pytest.mark.parametrize("game", ["castle", "knights"])
def test_games_without_secrets_never_show_a_curtain(tmp_path, monkeypatch, game):
    monkeypatch.setattr(game_module, "COMPUTER_PAUSE", 0.2)
    app, scene = start(tmp_path, game, [ANNA, BEN, cpu("Robo", "green")], seed=5)
    rng = random.Random(5)
    table = Table(app, scene, rng, secret_seconds=5)
    table.play(lambda state: rng.choice(state.legal_actions()), stop_after=4000)
    assert table.curtains == [] and not any(isinstance(s, CurtainScene) for s in app.stack)
    assert len(controller_of(scene).log) > 30


# -- the check itself can fail -------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["queens", "forest"])
def test_a_planted_leak_is_caught(tmp_path, monkeypatch, game):
    """The old bug, planted: the app takes the screen to be one person's all along (no curtains,
    every secret shown at once).  The test's own model of who is watching catches it."""
    monkeypatch.setattr(game_module, "COMPUTER_PAUSE", 0.2)
    monkeypatch.setattr(Watching, "shared", property(lambda self: False))
    options = {"short": True} if game == "forest" else {}
    app, scene = start(tmp_path, game, MIXES["2 people + a computer"], 3, options=options)
    rng = random.Random(3)
    table = Table(app, scene, rng, secret_seconds=5)
    pick = queens_pick(rng) if game == "queens" else forest_pick(rng)
    with pytest.raises(AssertionError, match="private things of seat"):
        table.play(pick)


def look_shown_to_the_room(curtains, event, show, hide) -> bool:
    """A look under a tree opened at once for everybody (no curtain), the scene forgetting whose it is."""
    scene = curtains.scene

    def shown() -> None:
        show()
        scene.look_owner = None
    scene.anim.call(shown)
    scene.anim.wait(1.0)
    scene.anim.call(hide)
    return True


PLANTED_PAINTS = {
    # the hand's cards drawn by their faces while they fly, though the moment is over
    "faces while cards fly": ("queens", QueensHand, "hand_looks",
                              lambda hand: [queens_face(c) if c is not None else BACK for c in hand.bottom()[1]]),
    # the hand's piece keeps its look when the hand turns down: the table never repaints it
    "a look that never turns": ("queens", QueensHand, "hand_look", lambda hand: (hand.bottom()[0],)),
    "a look under a tree for the room": ("forest", Curtains, "secret_step", look_shown_to_the_room),
}


@pytest.mark.parametrize("plant", list(PLANTED_PAINTS))
def test_a_secret_painted_against_the_model_is_caught_at_the_paint(tmp_path, monkeypatch, plant):
    """Drawing bugs the scene's own account (``visible_secrets``) does not see — each plays its
    game to the end unseen without the watcher of the paints — caught from what reaches the canvas."""
    monkeypatch.setattr(game_module, "COMPUTER_PAUSE", 0.2)
    game, cls, name, planted = PLANTED_PAINTS[plant]
    monkeypatch.setattr(cls, name, planted)
    options = {"short": True} if game == "forest" else {}
    app, scene = start(tmp_path, game, MIXES["2 people + a computer"], 3, options=options)
    rng = random.Random(3)
    table = Table(app, scene, rng, secret_seconds=5)
    table.watch_paints(monkeypatch)
    with pytest.raises(AssertionError, match="a secret's faces painted while everybody|still on the canvas"):
        table.play(queens_pick(rng) if game == "queens" else forest_pick(rng))


# -- overlays are public -----------------------------------------------------------------------------------
OVERLAYS = ("escape", "home", "rules", "settings")


def assert_overlays_ended_moments(table) -> None:
    assert {how for how, _ in table.overlays} == set(OVERLAYS), table.overlays
    assert table.curtain_after_overlay, "a curtain came after each overlay"
    for person, named in table.curtain_after_overlay:
        assert person == named, f"after an overlay over seat {person}'s moment, the curtain named seat {named}"


@pytest.mark.parametrize("mix", ["2 people + a computer", "3 people"])
def test_an_overlay_inside_a_queens_private_moment_turns_the_hand_down_until_its_curtain(tmp_path, monkeypatch, mix):
    """design.md, "Who is watching", 5: Escape, the house button, the rules or the settings
    opened while a person's hand is up end the moment: no frame of the overlay shows the hand
    (not even dimmed), and after it only that person's curtain brings the hand back."""
    monkeypatch.setattr(game_module, "COMPUTER_PAUSE", 0.2)
    app, scene, breaches = start_guarded(tmp_path, "queens", MIXES[mix], 5)
    rng = random.Random(5)
    table = Table(app, scene, rng, secret_seconds=5)
    table.watch_paints(monkeypatch)
    table.overlay_ways, table.overlay_chance = OVERLAYS, 0.3
    table.play(queens_pick(rng))
    assert state_of(scene).is_over
    assert breaches == [], "the UI read the state"
    assert len(table.overlays) >= 8
    assert_overlays_ended_moments(table)


@pytest.mark.parametrize("mix", ["2 people + a computer", "3 people"])
@pytest.mark.parametrize("secret_seconds", [None, 3])
def test_an_overlay_over_a_look_under_a_tree_closes_it_until_its_curtain(tmp_path, monkeypatch, mix, secret_seconds):
    """A look under a tree open when Escape, the house button, the rules or the settings come:
    the tree is down before the overlay's first frame; when it closes, the person's secret
    curtain comes again and then their look."""
    monkeypatch.setattr(game_module, "COMPUTER_PAUSE", 0.2)
    app, scene = start(tmp_path, "forest", MIXES[mix], 6, secret_seconds=secret_seconds, options={"short": True})
    rng = random.Random(6)
    table = Table(app, scene, rng, secret_seconds=secret_seconds)
    table.watch_paints(monkeypatch)
    table.overlay_ways, table.overlay_chance = OVERLAYS, 0.25
    table.play(forest_pick(rng))
    assert state_of(scene).is_over
    assert len(table.overlays) >= 4
    assert_overlays_ended_moments(table)
    assert {kind for kind, _ in table.curtains} == {SECRET}
