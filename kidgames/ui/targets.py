"""Where a finger's tap lands: the things a scene offers to tap, each answering a tap within a
finger's reach of its centre.

A child's finger lands up to 30 window pixels off what it aims at.  The smallest supported window
(1024×768) shows the 1600×1000 canvas at 0.64 (a window on it, 0.6, is not opened: see
ui/window.opens_full_screen); the reach is reckoned at 0.625, a little more than that, so in canvas
pixels it is :data:`REACH`.
A tap inside a target's visible part always hits it (the one drawn on top); a tap beside every
target hits the one whose centre is nearest, when that centre lies within reach — so where two
offered targets are closer together than that, the nearer one wins.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Iterable

import pygame

#: A finger's reach from a target's centre, in canvas pixels: 30 window pixels at 0.625 (46.9 at the
#: smallest screen's 0.64), and two
#: more for the rounding of a window pixel to the canvas and back.
SMALLEST_SCALE = 0.625
REACH = math.ceil(30 / SMALLEST_SCALE) + 2


@dataclass(frozen=True)
class Target:
    """Something to tap: ``key`` names it for the scene, ``centre`` is where a finger aims (the
    middle of its visible part), ``rect`` the visible part that a tap anywhere inside hits (None:
    a round thing answering by distance alone, such as a space on a board)."""

    key: Any
    centre: tuple[float, float]
    rect: pygame.Rect | None = None


def pick(pos, targets: Iterable[Target], reach: float = REACH) -> Any:
    """The key of the target a tap at ``pos`` hits, or None.  ``targets`` are listed in drawing
    order (a later one lies on top)."""
    listed = list(targets)
    for target in reversed(listed):
        if target.rect is not None and target.rect.collidepoint(pos):
            return target.key
    best, best_d = None, reach
    for target in listed:
        d = math.dist(pos, target.centre)
        if d <= best_d:
            best, best_d = target.key, d
    return best


def visible_parts(rects: list[pygame.Rect], step: int = 4) -> list[pygame.Rect]:
    """For cards lying over one another (a later one on top), the bounding box of the part of each
    that shows.  Measured on a grid of ``step`` pixels; a card hidden whole gets an empty rect."""
    parts = []
    for i, rect in enumerate(rects):
        above = [r for r in rects[i + 1:] if r.colliderect(rect)]
        if not above:
            parts.append(pygame.Rect(rect))
            continue
        xs, ys = [], []
        for x in range(rect.x, rect.right, step):
            for y in range(rect.y, rect.bottom, step):
                if not any(r.collidepoint(x, y) for r in above):
                    xs.append(x)
                    ys.append(y)
        if not xs:
            parts.append(pygame.Rect(rect.center, (0, 0)))
            continue
        parts.append(pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + step, max(ys) - min(ys) + step).clip(rect))
    return parts
