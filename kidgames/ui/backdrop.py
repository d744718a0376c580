"""The painted backgrounds of the menu scenes: sky, hills, a sun and a few clouds."""
from __future__ import annotations

import math
import random

import pygame

from kidgames.ui.context import SceneContext
from kidgames.ui.widgets import vertical_gradient


def meadow(app: SceneContext, size: tuple[int, int]) -> pygame.Surface:
    """A sunny fairy-tale landscape, made once per size and kept by the app (it takes ~30 ms)."""
    key = ("meadow", size)
    surf = app.pictures.get(key)
    if surf is None:
        surf = app.pictures[key] = paint_meadow(size, app.assets)
    return surf


def paint_meadow(size: tuple[int, int], assets) -> pygame.Surface:
    w, h = size
    surf = vertical_gradient(size, (140, 200, 250), (220, 240, 255))
    rng = random.Random(7)
    for layer, colour in enumerate(((150, 205, 120), (120, 185, 95), (95, 165, 75))):
        amp = 40 - 8 * layer
        y0 = h * (0.66 + 0.1 * layer)
        pts: list[tuple[float, float]] = [(0, h)]
        phase = rng.uniform(0, 6)
        for x in range(0, w + 20, 20):
            pts.append((x, y0 - amp * math.sin(x / (180 + 60 * layer) + phase)))
        pts.append((w, h))
        pygame.draw.polygon(surf, colour, pts)
    sun = assets.image("sun", 150)
    surf.blit(sun, (w - 230, 40))
    for x, y, s in ((160, 80, 120), (520, 50, 90), (900, 110, 110)):
        cloud = assets.image("cloud", s)
        surf.blit(cloud, (x, y))
    for i in range(14):
        name = rng.choice(("tree", "pine", "flower", "mushroom", "flower"))
        size_px = 50 if name in ("flower", "mushroom") else rng.randint(70, 110)
        x = rng.randint(0, w - size_px)
        y = rng.randint(int(h * 0.72), h - size_px)
        surf.blit(assets.image(name, size_px), (x, y))
    return in_window_format(surf)


def in_window_format(surf: pygame.Surface) -> pygame.Surface:
    """``surf`` in the window's pixel format, for fast blits: itself where it has that format
    already (a copy by convert() was ~4 ms of the menu's first frame), else converted."""
    window = pygame.display.get_surface()
    if window is None:
        return surf
    if (surf.get_bitsize() == window.get_bitsize() and surf.get_masks() == window.get_masks()
            and not surf.get_flags() & pygame.SRCALPHA):
        return surf
    return surf.convert()
