"""A prompt that comes back: a five-year-old who does not know what to do just waits.

When a person must act and nothing has happened for :data:`NUDGE_AFTER` seconds, the game's prompt
is said again and a pointing hand bobs at the thing to tap; after a second wait, once more; then
it rests until something happens (a tap, a move, a new prompt).  Nothing comes back while a curtain
waits for its person, while an overlay or a dialog is open, or while the app is in the background
(its window not focused, or minimised): the wait starts afresh when the family is back.  With
voices off the words are not repeated, and the hand still shows.

Time is the app's clock (kidgames/core/clock.py): a test steps it.  The hand is drawn from this
object's state alone (where, which frame of its bob), so a redraw at any moment shows the same
pixels; only its own area is redrawn while it moves, at :data:`HAND_FPS`.
"""
from __future__ import annotations

import math

import pygame

NUDGE_AFTER = 12.0     # seconds of nothing happening before the prompt comes back
NUDGES = 2             # how often it comes back; then it rests until something happens
HAND_TIME = 2.4        # seconds the pointing hand bobs at the thing to tap
HAND_FPS = 15          # its frames per second (a child sees it move; the CPU hardly notices)
HAND_SIZE = 120        # canvas pixels
BOB = 26               # how far the hand moves towards the thing and back, canvas pixels
BOBS = 3               # taps it mimes in HAND_TIME


class PointingHand:
    """A finger that bobs at a thing to tap (canvas rect ``target``), from below or from above, for
    ``lasts`` seconds (None: until hidden); only its own area is redrawn as it moves.  ``margin``:
    room it wants below the thing, beyond its bob, to point up from there."""

    def __init__(self, app, lasts: float | None = HAND_TIME, margin: int = 0) -> None:
        self.app = app
        self.lasts = lasts
        self.margin = margin
        self.hand_from: float | None = None  # when the hand began to bob (None: no hand)
        self.target: pygame.Rect | None = None
        self.step = -1                      # the hand's frame now shown

    def point(self, target, now: float) -> None:
        """Bob at ``target`` from ``now`` on (the hand shown before goes)."""
        self.hide_hand()
        self.target, self.hand_from = pygame.Rect(target), now

    def move_hand(self, now: float) -> None:
        if self.hand_from is None:
            return
        shown = now - self.hand_from
        if self.lasts is not None and shown >= self.lasts:
            self.hide_hand()
            return
        step = int(shown * HAND_FPS)
        if step != self.step:
            before = self.hand_area()
            self.step = step
            for area in (before, self.hand_area()):
                if area is not None:
                    self.app.invalidate(area)

    def hide_hand(self) -> None:
        area = self.hand_area()
        if area is not None:
            self.app.invalidate(area)
        self.hand_from, self.target, self.step = None, None, -1

    @property
    def showing(self) -> bool:
        return self.hand_from is not None and self.step >= 0

    def offset(self) -> float:
        """How far the hand has moved towards the thing, in this frame of its bob."""
        t = self.step / (HAND_TIME * HAND_FPS)
        return BOB * abs(math.sin(t * math.pi * BOBS))

    def pointing_up(self) -> bool:
        """From below, pointing up, where the hand fits under the thing's top (it may cover the
        thing's lower part: a die at the foot of the screen); else from above, pointing down."""
        canvas = self.app.screen.get_height()
        assert self.target is not None      # asked only while the hand points at something
        return canvas - HAND_SIZE >= self.target.top + BOB + self.margin

    def reach(self) -> int:
        """How far into the thing the fingertip comes."""
        assert self.target is not None      # asked only while the hand points at something
        return min(self.target.h // 3, 40)

    def hand_rect(self) -> pygame.Rect | None:
        if not self.showing or self.target is None:
            return None
        rect = pygame.Rect(0, 0, HAND_SIZE, HAND_SIZE)
        # the fingertip (a third from the picture's left) on the thing's middle, a little inside it
        rect.left = self.target.centerx - HAND_SIZE // 3
        canvas = self.app.screen.get_height()
        if self.pointing_up():
            rest = min(self.target.bottom - self.reach() + BOB, canvas - HAND_SIZE)
            rect.top = rest - round(self.offset())
        else:
            rect.bottom = self.target.top + self.reach() - BOB + round(self.offset())
        return rect

    def hand_area(self) -> pygame.Rect | None:
        rect = self.hand_rect()
        return rect.inflate(8, 8) if rect is not None else None

    def paint(self, surface: pygame.Surface) -> None:
        rect = self.hand_rect()
        if rect is None or not surface.get_clip().colliderect(rect):
            return
        picture = self.app.assets.image("finger", HAND_SIZE)
        if not self.pointing_up():
            picture = pygame.transform.flip(picture, False, True)
        surface.blit(picture, picture.get_rect(center=rect.center))


class PromptNudge(PointingHand):
    """The prompt's coming back for one game scene (see the module's docstring)."""

    def __init__(self, scene) -> None:
        super().__init__(scene.app)
        self.scene = scene
        self.since: float | None = None     # when the present wait began (app clock)
        self.done = 0                       # how often the prompt came back in this wait
        self.hint = None                    # the prompt this wait is for
        self.comebacks: list[tuple[float, object, bool]] = []   # (when, prompt, said aloud): for tests
        self.after = NUDGE_AFTER            # seconds of waiting before it comes back (a guided game: less)

    # -- following the scene ---------------------------------------------------------------------------
    def waiting(self) -> bool:
        """A person must act on this scene now: it is on top (no curtain, overlay or dialog over
        it), nothing moves, it is nobody's computer turn, and it says what to do."""
        scene = self.scene
        return (scene.app.top is scene and scene.person_can_act()
                and scene.session.view().curtain is None and bool(scene.hint_text()))

    def restart(self) -> None:
        """Something happened (a tap): the wait starts again and the hand goes."""
        self.since = None
        self.done = 0
        self.hide_hand()

    def update(self) -> None:
        """Called every frame of the scene."""
        app = self.scene.app
        now = app.now()
        waiting = self.waiting() and not app.in_background
        hint = self.scene.hint_text() if waiting else None
        if not waiting or hint != self.hint:
            self.restart()
            self.hint = hint
            if not waiting:
                return
        if self.since is None:
            self.since = now
        if self.done < NUDGES and now - self.since >= self.after * (self.done + 1):
            self.done += 1
            self.come_back(now, hint)
        self.move_hand(now)

    def come_back(self, now: float, hint) -> None:
        voice = self.scene.app.voice
        said = bool(voice.enabled()) and voice.say(hint)
        self.comebacks.append((now, hint, said))
        target = self.scene.nudge_target()
        if target is None:
            self.hide_hand()
        else:
            self.point(target, now)

    def wake_in(self) -> float | None:
        """Seconds until the prompt comes back or the hand's next frame (None: nothing due)."""
        if self.since is None:
            return None
        now = self.scene.app.now()
        due = []
        if self.done < NUDGES:
            due.append(self.since + self.after * (self.done + 1) - now)
        if self.hand_from is not None:
            shown = now - self.hand_from
            due.append((int(shown * HAND_FPS) + 1) / HAND_FPS - shown)
        return max(0.0, min(due)) if due else None
