"""The grown-up lock: closing the app and opening the settings ask a grown-up first.

Two steps, each beyond a young child and open to a parent who does not read the app's language:

* a lock button held still for :data:`HOLD_SECONDS` by exactly one finger (or the mouse), a ring
  filling around it meanwhile: a second finger, a finger sliding off or lifted early cancels it,
  so a sweep of both hands never opens it (a real two-key gate was opened by a 16-month-old about
  once a minute that way);
* then a small sum, new each time (from the app's own unseeded random numbers, never a game's
  seeded ones): ``▢ + ▢ = 37`` in digits, and six numbers of which exactly two make it.  A wrong
  pair closes the task with a soft sound; the lock must be held again.

A short tap on a lock button says (and shows) what to do: "For grown-ups: hold the button for two
seconds."  The time of the hold is the app's clock (kidgames/core/clock.py), so a test steps it.
The lock is on by default; the settings, behind it, turn it off (Settings.grownup_lock).
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from functools import partial
from typing import Callable

import pygame

from kidgames.ui.scene import Scene
from kidgames.ui.widgets import INK, PAPER, Button, overlay_panel, rounded_panel

HOLD_SECONDS = 2.0          # a lock button is held this long (the app's clock)
HINT_SECONDS = 5.0          # the words under a lock button tapped short stay this long
RING_GAP, RING_WIDTH = 8, 14
RING_TRACK, RING_FILL, RING_EDGE = (255, 255, 255), (245, 180, 30), (150, 100, 20)
PADLOCK_BODY, PADLOCK_EDGE, PADLOCK_SHACKLE = (245, 196, 60), (150, 100, 20), (120, 124, 134)

TASK_PANEL = pygame.Rect(230, 120, 1140, 760)
NUMBERS = 6                 # the numbers offered; exactly one pair of them makes the sum
NUMBER_W, NUMBER_H, NUMBER_GAP = 150, 130, 26
ADDEND_LOW, ADDEND_HIGH = 11, 39     # each of the two numbers: a sum of two such is no child's sum
OTHER_LOW, OTHER_HIGH = 4, 49


def draw_padlock(surface: pygame.Surface, centre, size: int) -> None:
    """A padlock: a grey shackle over a golden body with a keyhole, ``size`` pixels high."""
    x, y = centre
    body = pygame.Rect(0, 0, round(size * 0.8), round(size * 0.56))
    body.midbottom = (x, y + size // 2)
    shackle = pygame.Rect(0, 0, round(size * 0.54), round(size * 0.76))
    shackle.midtop = (x, y - size // 2)
    width = max(3, size // 9)
    pygame.draw.rect(surface, PADLOCK_SHACKLE, shackle, width, border_radius=shackle.w // 2)
    pygame.draw.rect(surface, PADLOCK_EDGE, body.inflate(4, 4), border_radius=max(3, size // 9))
    pygame.draw.rect(surface, PADLOCK_BODY, body, border_radius=max(2, size // 10))
    hole = max(2, size // 12)
    pygame.draw.circle(surface, PADLOCK_EDGE, (x, body.centery - hole // 2), hole)
    pygame.draw.rect(surface, PADLOCK_EDGE, (x - hole // 2, body.centery - hole // 2, hole, hole * 2 + 1))


@dataclass
class HoldButton(Button):
    """A lock button: it acts (``on_tap``) only when held :data:`HOLD_SECONDS` by one finger or
    the mouse, still and on the button; a tap or a shorter press calls ``on_short`` (which says
    what to do).  ``fingers`` tells how many fingers are on the screen (PointerInput.fingers): a
    touchscreen's mouse events follow one finger only, so a second hand is seen there alone."""

    fingers: Callable[[], int] = field(default=lambda: 0, repr=False)
    on_short: Callable[[], None] | None = field(default=None, repr=False)
    held_since: float | None = field(default=None, repr=False)
    progress: float = field(default=0.0, repr=False)      # 0..1: how much of the ring is filled

    def cancel(self) -> None:
        self.held_since = None
        self.progress = 0.0
        self.pressed = False

    @property
    def holding(self) -> bool:
        return self.held_since is not None

    def handle(self, pointer) -> bool:
        if not (self.visible and self.enabled):
            return False
        inside = self.rect.collidepoint(pointer.pos)
        if pointer.kind == "down":
            self.cancel()
            if inside and self.fingers() <= 1:
                self.held_since = pointer.at
                self.pressed = True
            return inside
        if pointer.kind in ("drag", "move"):
            if self.holding and (pointer.kind == "drag" or not inside):
                self.cancel()            # slid away: a sweep, not a hold
            return False
        if pointer.kind == "up":
            self.cancel()                # lifted before the ring was full
            return False
        if pointer.kind == "tap" and inside and self.rect.collidepoint(pointer.start or pointer.pos):
            if self.on_short is not None:
                self.on_short()
            return True
        return False

    def update(self, now: float) -> bool:
        """Follow a hold on the app's clock: True while it goes on (the ring fills).  A second
        finger cancels it; a full ring acts."""
        if self.held_since is None:
            return False
        if self.fingers() > 1:
            self.cancel()
            return False
        self.progress = min(1.0, (now - self.held_since) / HOLD_SECONDS)
        if self.progress >= 1.0:
            self.cancel()
            self.on_tap()
            return False
        return True

    def ring_rect(self) -> pygame.Rect:
        r = self.ring_radius()
        return pygame.Rect(self.rect.centerx - r, self.rect.centery - r, 2 * r, 2 * r).inflate(8, 8)

    def ring_radius(self) -> int:
        return max(self.rect.w, self.rect.h) // 2 + RING_GAP + RING_WIDTH

    def draw(self, surface: pygame.Surface, assets) -> None:
        if not self.visible:
            return
        if self.holding:
            r = self.ring_radius()
            centre = self.rect.center
            pygame.draw.circle(surface, RING_EDGE, centre, r + 2, RING_WIDTH + 4)
            pygame.draw.circle(surface, RING_TRACK, centre, r, RING_WIDTH)
            if self.progress > 0:
                box = pygame.Rect(centre[0] - r, centre[1] - r, 2 * r, 2 * r)
                start = math.pi / 2 - 2 * math.pi * self.progress
                for k in range(3):      # draw.arc leaves pin holes in a thick arc: fill them
                    pygame.draw.arc(surface, RING_FILL, box.inflate(-k * 2, -k * 2), start, math.pi / 2,
                                    RING_WIDTH - k)
        super().draw(surface, assets)
        rect = self.rect.move(0, 3 if self.pressed else 0)
        size = max(24, rect.h * 2 // 5)
        draw_padlock(surface, (rect.right - size // 2 + 4, rect.bottom - size // 2 + 4), size)


def hint_bubble(scene, button: HoldButton, text: str) -> tuple[pygame.Surface, pygame.Rect]:
    """The words under a lock button tapped short, and the bubble they stand in (on the canvas)."""
    assets = scene.app.assets
    label = assets.text(text, 30, INK, width=420)
    bubble = label.get_rect().inflate(40, 28)
    bubble.midtop = (button.rect.centerx, button.ring_rect().bottom + 4)
    bubble.clamp_ip(scene.app.screen.get_rect().inflate(-20, -20))
    return label, bubble


def new_task(rng: random.Random) -> tuple[int, list[int]]:
    """A sum and six different numbers, exactly two of which make it (in a shuffled order)."""
    while True:
        a, b = rng.randint(ADDEND_LOW, ADDEND_HIGH), rng.randint(ADDEND_LOW, ADDEND_HIGH)
        target = a + b
        if a == b:
            continue
        numbers = {a, b}
        tries = 0
        while len(numbers) < NUMBERS and tries < 200:
            tries += 1
            n = rng.randint(OTHER_LOW, OTHER_HIGH)
            if n in numbers or n == target or target - n in numbers or 2 * n == target:
                continue
            numbers.add(n)
        if len(numbers) < NUMBERS:
            continue
        shown = sorted(numbers)
        rng.shuffle(shown)
        return target, shown


def pairs_making(target: int, numbers: list[int]) -> list[tuple[int, int]]:
    return [(x, y) for i, x in enumerate(numbers) for y in numbers[i + 1:] if x + y == target]


class GrownupTask(Scene):
    """The second step of the lock: tap the two numbers that make the sum shown.  The right pair
    closes the task and does what the lock guards (``action``); a wrong pair closes it with a soft
    sound; the ✕ and Escape close it."""

    overlay = True

    def __init__(self, app, action: Callable[[], None], rng: random.Random) -> None:
        super().__init__(app)
        self.action = action
        self.target, self.numbers = new_task(rng)
        self.chosen: list[int] = []          # indexes into self.numbers, in the order tapped

    def layout(self) -> None:
        self.buttons = []
        total = NUMBERS * NUMBER_W + (NUMBERS - 1) * NUMBER_GAP
        x = TASK_PANEL.centerx - total // 2
        y = TASK_PANEL.bottom - NUMBER_H - 60
        for i, n in enumerate(self.numbers):
            self.buttons.append(Button(pygame.Rect(x + i * (NUMBER_W + NUMBER_GAP), y, NUMBER_W, NUMBER_H),
                                       partial(self.choose, i), str(n), colour="paper", text_size=72,
                                       selected=i in self.chosen, name=f"number:{i}"))
        self.buttons.append(Button(pygame.Rect(TASK_PANEL.right - 130, TASK_PANEL.top + 24, 106, 106),
                                   self.close, icon="cross", colour="orange", name="close"))

    def choose(self, index: int) -> None:
        if index in self.chosen:
            self.chosen.remove(index)       # tapped again: taken back
            self.layout()
            return
        self.chosen.append(index)
        if len(self.chosen) < 2:
            self.layout()
            return
        first, second = (self.numbers[i] for i in self.chosen)
        self.app.pop()
        if first + second == self.target:
            self.action()
        else:
            self.app.assets.play("stuck")

    def close(self) -> None:
        self.app.pop()

    def back(self) -> None:
        self.close()

    def spoken_prompts(self) -> dict:
        return {"task": self.t("lock.task")}

    def draw(self, surface: pygame.Surface) -> None:
        overlay_panel(surface, TASK_PANEL, shadow=10)
        assets = self.app.assets
        draw_padlock(surface, (TASK_PANEL.left + 90, TASK_PANEL.top + 86), 96)
        title = assets.fit_text(self.t("lock.title"), 52, INK, TASK_PANEL.w - 400, 90, title=True)
        surface.blit(title, title.get_rect(center=(TASK_PANEL.centerx, TASK_PANEL.top + 80)))
        # ▢ + ▢ = 37, in digits and signs any parent reads
        sign = 96
        slots = [self.numbers[i] for i in self.chosen] + [None] * (2 - len(self.chosen))
        parts: list[tuple[str, object]] = [("slot", slots[0]), ("sign", "+"), ("slot", slots[1]), ("sign", "="),
                                           ("sign", str(self.target))]
        pictures: list[tuple[str, object, pygame.Rect | pygame.Surface]] = []   # a slot's box, a sign's text
        for kind, value in parts:
            if kind == "slot":
                pictures.append(("slot", value, pygame.Rect(0, 0, NUMBER_W, NUMBER_H)))
            else:
                pictures.append(("sign", value, assets.text(str(value), sign, INK, title=True)))
        widths = [p[2].w if isinstance(p[2], pygame.Rect) else p[2].get_width() for p in pictures]
        gap = 30
        x = TASK_PANEL.centerx - (sum(widths) + gap * (len(widths) - 1)) // 2
        cy = TASK_PANEL.top + 300
        for (kind, value, picture), w in zip(pictures, widths):
            if isinstance(picture, pygame.Rect):      # a slot
                box = picture.move(x, cy - NUMBER_H // 2)
                rounded_panel(surface, box, (236, 244, 252) if value is None else PAPER, radius=24,
                              border=(120, 150, 190), border_width=6, shadow=0)
                if value is not None:
                    digits = assets.text(str(value), 72, INK, title=True)
                    surface.blit(digits, digits.get_rect(center=box.center))
            else:
                surface.blit(picture, picture.get_rect(midleft=(x, cy)))
            x += w + gap
        self.draw_buttons(surface)
