#!/usr/bin/env python3
"""Render the game's picture sprites from the Noto Color Emoji font.

Every sprite is written to ``sprites/<name>.png`` as a 128x128 RGBA PNG: the
emoji glyph is trimmed of its empty border, scaled to fit and centred with a
small transparent margin.  Some sprites are recoloured (e.g. the black horse)
or composed from two or more emoji (e.g. the frog king) with plain pygame
surface operations, so the whole set is reproducible from the font alone.
Nothing is downloaded.

Usage (from the repository root)::

    python tools/make_sprites.py                 # (re)write sprites/*.png, CREDITS.md, LICENSE-OFL.txt
    python tools/make_sprites.py --sheet out.png # also write a labelled contact sheet
    python tools/make_sprites.py --check         # only verify the existing sprites

Needs pygame-ce and the Noto Color Emoji font (Debian/Ubuntu package
``fonts-noto-color-emoji``).  Another copy of the font can be given with
``--font FILE`` or the environment variable ``KIDGAMES_EMOJI_FONT``.
"""

from __future__ import annotations

import argparse
import math
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT_DIR = os.path.join(ROOT, "sprites")
DEFAULT_FONT = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"  # Debian package path
FONT_PX = 109  # Noto Color Emoji has one bitmap strike (109 ppem -> 136x128 bitmaps)
SIZE = 128  # output sprite size
MARGIN = 5  # transparent margin around the trimmed glyph


# --------------------------------------------------------------------------
# Emoji rendering
# --------------------------------------------------------------------------


class MissingGlyph(Exception):
    """The font has no (single) glyph for the requested emoji."""


class Emoji:
    def __init__(self, font_path: str):
        self.font = pygame.font.Font(font_path, FONT_PX)
        self._cache: dict[str, pygame.Surface] = {}
        # Width of one glyph cell, and the picture of a code point that is
        # certainly not in the font (unassigned U+0378).  A missing glyph
        # renders as this empty .notdef box.
        self.cell_w = self.font.size("\U0001F600")[0]
        self.notdef = self._raw("\u0378")

    def _raw(self, text: str) -> pygame.Surface | None:
        try:
            return self.font.render(text, True, (0, 0, 0))
        except pygame.error:  # "Text has zero width"
            return None

    def has(self, text: str) -> bool:
        try:
            self.get(text)
            return True
        except MissingGlyph:
            return False

    def get(self, text: str) -> pygame.Surface:
        """Return the trimmed colour glyph of ``text`` (one emoji, possibly a ZWJ sequence)."""
        if text in self._cache:
            return self._cache[text].copy()
        surf = self._raw(text)
        if surf is None:
            raise MissingGlyph(text)
        # A ZWJ sequence the font does not know is drawn as its parts side by side.
        if surf.get_width() > self.cell_w * 1.3:
            raise MissingGlyph(text)
        rect = surf.get_bounding_rect(min_alpha=8)
        if rect.w < 4 or rect.h < 4:
            raise MissingGlyph(text)
        if self.notdef is not None and same_pixels(surf, self.notdef):
            raise MissingGlyph(text)
        glyph = surf.subsurface(rect).copy()
        self._cache[text] = glyph
        return glyph.copy()

    def first(self, *candidates: str) -> tuple[str, pygame.Surface]:
        for c in candidates:
            try:
                return c, self.get(c)
            except MissingGlyph:
                continue
        raise MissingGlyph(" / ".join(candidates))


def same_pixels(a: pygame.Surface, b: pygame.Surface) -> bool:
    if a.get_size() != b.get_size():
        return False
    return pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


# --------------------------------------------------------------------------
# Surface helpers (pure pygame, no numpy needed)
# --------------------------------------------------------------------------


def new_canvas(w: int, h: int) -> pygame.Surface:
    return pygame.Surface((w, h), pygame.SRCALPHA, 32)


def trim(surf: pygame.Surface) -> pygame.Surface:
    rect = surf.get_bounding_rect(min_alpha=8)
    return surf.subsurface(rect).copy()


def scale_to(surf: pygame.Surface, height: float) -> pygame.Surface:
    f = height / surf.get_height()
    w = max(1, round(surf.get_width() * f))
    return pygame.transform.smoothscale(surf, (w, max(1, round(height))))


def scale_by(surf: pygame.Surface, factor: float) -> pygame.Surface:
    w = max(1, round(surf.get_width() * factor))
    h = max(1, round(surf.get_height() * factor))
    return pygame.transform.smoothscale(surf, (w, h))


def blit_center(dst: pygame.Surface, src: pygame.Surface, center: tuple[float, float]) -> None:
    dst.blit(src, src.get_rect(center=(round(center[0]), round(center[1]))))


def fit(surf: pygame.Surface, size: int = SIZE, margin: int = MARGIN) -> pygame.Surface:
    """Trim ``surf`` and centre it on a ``size`` square with ``margin`` on every side."""
    surf = trim(surf)
    box = size - 2 * margin
    f = min(box / surf.get_width(), box / surf.get_height())
    w = max(1, round(surf.get_width() * f))
    h = max(1, round(surf.get_height() * f))
    scaled = pygame.transform.smoothscale(surf, (w, h))
    out = new_canvas(size, size)
    out.blit(scaled, ((size - w) // 2, (size - h) // 2))
    return out


def _lum(r: int, g: int, b: int) -> float:
    return 0.299 * r + 0.587 * g + 0.114 * b


def map_pixels(surf: pygame.Surface, func) -> pygame.Surface:
    """Apply ``func(r, g, b) -> (r, g, b)`` to every visible pixel (alpha kept)."""
    w, h = surf.get_size()
    data = bytearray(pygame.image.tobytes(surf, "RGBA"))
    cache: dict[tuple[int, int, int], tuple[int, int, int]] = {}
    for i in range(0, len(data), 4):
        if data[i + 3] == 0:
            continue
        key = (data[i], data[i + 1], data[i + 2])
        res = cache.get(key)
        if res is None:
            r, g, b = func(*key)
            res = (clamp(r), clamp(g), clamp(b))
            cache[key] = res
        data[i], data[i + 1], data[i + 2] = res
    return pygame.image.frombytes(bytes(data), (w, h), "RGBA")


def clamp(v: float) -> int:
    return 0 if v < 0 else 255 if v > 255 else int(round(v))


def lum_range(surf: pygame.Surface, lo_q: float = 0.02, hi_q: float = 0.98) -> tuple[float, float]:
    data = pygame.image.tobytes(surf, "RGBA")
    lums = sorted(
        _lum(data[i], data[i + 1], data[i + 2]) for i in range(0, len(data), 4) if data[i + 3] > 200
    )
    if not lums:
        return 0.0, 255.0
    lo = lums[int(lo_q * (len(lums) - 1))]
    hi = lums[int(hi_q * (len(lums) - 1))]
    return lo, max(hi, lo + 1)


def gradient(stops):
    """Piecewise linear colour ramp; ``stops`` is a list of (t, (r, g, b)), t in 0..1."""

    def at(t: float) -> tuple[float, float, float]:
        t = 0.0 if t < 0 else 1.0 if t > 1 else t
        for (t0, c0), (t1, c1) in zip(stops, stops[1:]):
            if t <= t1:
                k = 0.0 if t1 == t0 else (t - t0) / (t1 - t0)
                return tuple(a + (b - a) * k for a, b in zip(c0, c1))
        return stops[-1][1]

    return at


def gradient_map(surf: pygame.Surface, stops, normalise: bool = True) -> pygame.Surface:
    """Recolour by brightness: shape and shading are kept, the hue is replaced."""
    ramp = gradient(stops)
    lo, hi = lum_range(surf) if normalise else (0.0, 255.0)
    return map_pixels(surf, lambda r, g, b: ramp((_lum(r, g, b) - lo) / (hi - lo)))


GOLD = [(0.0, (92, 52, 0)), (0.45, (205, 140, 18)), (0.75, (246, 200, 52)), (1.0, (255, 246, 190))]
RED = [(0.0, (70, 0, 6)), (0.45, (185, 22, 28)), (0.8, (232, 64, 56)), (1.0, (255, 186, 176))]
FIERY = [(0.0, (110, 10, 0)), (0.5, (232, 70, 10)), (0.8, (255, 150, 20)), (1.0, (255, 236, 120))]
GOLDFISH = [(0.0, (120, 40, 0)), (0.4, (236, 110, 10)), (0.75, (255, 176, 30)), (1.0, (255, 238, 160))]


def rgb_to_hsv(r, g, b):
    import colorsys

    return colorsys.rgb_to_hsv(r / 255, g / 255, b / 255)


def hsv_to_rgb(h, s, v):
    import colorsys

    r, g, b = colorsys.hsv_to_rgb(h % 1.0, s, v)
    return r * 255, g * 255, b * 255


def recolour_hue(surf, hue_lo, hue_hi, new_hue, sat_mul=1.0, val_mul=1.0, min_sat=0.25):
    """Move the pixels whose hue (in degrees) lies in [hue_lo, hue_hi] to ``new_hue``."""

    def f(r, g, b):
        h, s, v = rgb_to_hsv(r, g, b)
        deg = h * 360
        inside = hue_lo <= deg <= hue_hi if hue_lo <= hue_hi else (deg >= hue_lo or deg <= hue_hi)
        if s < min_sat or not inside:
            return r, g, b
        return hsv_to_rgb(new_hue / 360, min(1.0, s * sat_mul), min(1.0, v * val_mul))

    return map_pixels(surf, f)


def outline(surf: pygame.Surface, colour, width: int = 2) -> pygame.Surface:
    """Put a soft outline of ``colour`` behind the picture (for very light sprites)."""
    pad = width + 1
    w, h = surf.get_size()
    out = new_canvas(w + 2 * pad, h + 2 * pad)
    mask = pygame.mask.from_surface(surf, 60)
    sil = mask.to_surface(setcolor=(*colour, 255), unsetcolor=(0, 0, 0, 0))
    for dx in range(-width, width + 1):
        for dy in range(-width, width + 1):
            if dx * dx + dy * dy <= width * width + 1:
                out.blit(sil, (pad + dx, pad + dy))
    out.blit(surf, (pad, pad))
    return out


# --------------------------------------------------------------------------
# Hand-drawn extras (Roman numerals, badges, the club, the well, ...)
# --------------------------------------------------------------------------


def draw_numeral(dst, n: int, center, height: float, fill=(255, 246, 190), edge=(60, 30, 0)):
    """Draw a bold Roman numeral I / II / III made of serif bars."""
    cx, cy = center
    bar_w = height * 0.24
    serif_w = height * 0.56
    serif_h = height * 0.15
    gap = height * 0.10
    total = n * serif_w + (n - 1) * gap
    x0 = cx - total / 2
    ow = max(2, round(height * 0.07))
    for pass_no in (0, 1):
        colour = edge if pass_no == 0 else fill
        grow = ow if pass_no == 0 else 0
        for i in range(n):
            sx = x0 + i * (serif_w + gap)
            mid = sx + serif_w / 2
            rects = [
                pygame.Rect(round(mid - bar_w / 2 - grow), round(cy - height / 2 - grow),
                            round(bar_w + 2 * grow), round(height + 2 * grow)),
                pygame.Rect(round(sx - grow), round(cy - height / 2 - grow),
                            round(serif_w + 2 * grow), round(serif_h + 2 * grow)),
                pygame.Rect(round(sx - grow), round(cy + height / 2 - serif_h - grow),
                            round(serif_w + 2 * grow), round(serif_h + 2 * grow)),
            ]
            for r in rects:
                pygame.draw.rect(dst, colour, r, border_radius=max(1, round(height * 0.04)))


def numeral_badge(dst, n: int, center, radius: float):
    """A round gold badge with a dark Roman numeral on it."""
    cx, cy = center
    pygame.draw.circle(dst, (120, 70, 0), (round(cx), round(cy)), round(radius))
    pygame.draw.circle(dst, (250, 196, 40), (round(cx), round(cy)), round(radius * 0.88))
    pygame.draw.circle(dst, (255, 226, 110), (round(cx - radius * 0.1), round(cy - radius * 0.12)),
                       round(radius * 0.66))
    draw_numeral(dst, n, (cx, cy), radius * 1.05, fill=(120, 20, 20), edge=(255, 246, 200))


def draw_club() -> pygame.Surface:
    """A chunky wooden club: thin wrapped handle, thick knobbly head."""
    w, h = 260, 120
    s = new_canvas(w, h)
    dark, mid, light = (96, 52, 20), (160, 96, 44), (206, 146, 82)
    cy = h / 2
    # body: tapered polygon from handle (left) to head (right)
    top, bot = [], []
    for i in range(41):
        t = i / 40
        x = 18 + t * 190
        r = 11 + 30 * t ** 1.6
        top.append((x, cy - r))
        bot.append((x, cy + r))
    body = top + bot[::-1]
    pygame.draw.polygon(s, dark, [(x, y) for x, y in body])
    pygame.draw.circle(s, dark, (208, round(cy)), 41)
    pygame.draw.circle(s, dark, (18, round(cy)), 11)
    inner = [(x, cy - (cy - y) * 0.82) for x, y in top] + [(x, cy + (y - cy) * 0.82) for x, y in bot[::-1]]
    pygame.draw.polygon(s, mid, inner)
    pygame.draw.circle(s, mid, (208, round(cy)), 35)
    # light stripe along the top
    hl = [(x, cy - (cy - y) * 0.55) for x, y in top[6:]] + [(x, cy - (cy - y) * 0.25) for x, y in top[6:][::-1]]
    pygame.draw.polygon(s, light, hl)
    pygame.draw.circle(s, light, (214, round(cy - 14)), 14)
    # knots
    for kx, ky, kr in ((150, cy + 14, 6), (196, cy + 18, 7), (228, cy - 4, 6), (118, cy - 8, 4)):
        pygame.draw.circle(s, dark, (round(kx), round(ky)), kr)
        pygame.draw.circle(s, mid, (round(kx - 1), round(ky - 1)), max(1, kr - 3))
    # leather wrap on the handle
    for x in range(14, 66, 9):
        pygame.draw.line(s, (70, 40, 16), (x, cy - 13), (x + 7, cy + 13), 4)
    return pygame.transform.rotate(s, 40)


def draw_well(emoji: Emoji) -> pygame.Surface:
    """A storybook well: stone ring, wooden roof and a bucket on a rope."""
    s = new_canvas(240, 260)
    wood_d, wood_m, wood_l = (92, 52, 22), (150, 92, 44), (196, 136, 74)
    stone_d, stone_m, stone_l = (96, 100, 112), (150, 156, 168), (196, 202, 212)
    # posts
    for x in (52, 176):
        pygame.draw.rect(s, wood_d, (x, 60, 14, 130))
        pygame.draw.rect(s, wood_m, (x + 3, 60, 8, 130))
    # roof
    pygame.draw.polygon(s, (140, 30, 30), [(20, 78), (120, 12), (220, 78)])
    pygame.draw.polygon(s, (205, 58, 48), [(34, 72), (120, 20), (206, 72)])
    pygame.draw.polygon(s, (232, 100, 84), [(60, 62), (120, 26), (134, 34), (86, 62)])
    # roller and rope
    pygame.draw.rect(s, wood_d, (56, 92, 128, 12), border_radius=5)
    pygame.draw.rect(s, wood_l, (58, 94, 124, 4), border_radius=2)
    pygame.draw.line(s, (120, 90, 50), (120, 104), (120, 132), 3)
    # stone ring (front wall) with water opening on top
    pygame.draw.ellipse(s, stone_d, (22, 150, 196, 50))
    pygame.draw.rect(s, stone_d, (22, 175, 196, 60))
    pygame.draw.ellipse(s, stone_d, (22, 210, 196, 50))
    pygame.draw.ellipse(s, stone_m, (28, 214, 184, 40))
    pygame.draw.rect(s, stone_m, (28, 178, 184, 56))
    for row, y in enumerate(range(184, 236, 17)):
        off = 0 if row % 2 == 0 else 23
        for x in range(28 - off, 212, 46):
            r = pygame.Rect(x + 2, y + 2, 42, 13).clip(pygame.Rect(28, 178, 184, 70))
            if r.w > 6:
                pygame.draw.rect(s, stone_l, r, border_radius=4)
    pygame.draw.ellipse(s, stone_l, (22, 150, 196, 50))
    pygame.draw.ellipse(s, (40, 90, 170), (36, 158, 168, 34))
    pygame.draw.ellipse(s, (90, 170, 235), (60, 164, 100, 18))
    # bucket hanging from the rope (wooden look)
    _, bucket = emoji.first("\U0001FAA3")  # bucket
    bucket = gradient_map(bucket, [(0.0, (70, 36, 12)), (0.5, (150, 90, 40)), (0.85, (205, 150, 86)), (1.0, (240, 210, 160))])
    bucket = scale_to(bucket, 46)
    blit_center(s, bucket, (120, 150))
    return s


def draw_chest() -> pygame.Surface:
    """A wooden treasure chest with a rounded lid, gold bands and a lock."""
    w, h = 240, 200
    s = new_canvas(w, h)
    wood_d, wood_m, wood_l = (92, 48, 20), (150, 86, 38), (188, 120, 60)
    gold_d, gold_m, gold_l = (150, 96, 0), (236, 176, 30), (255, 226, 120)
    x0, x1 = 14, w - 14
    lid_top, lid_bot, body_bot = 20, 86, 186
    # lid: half-rounded box
    pygame.draw.rect(s, wood_d, (x0, lid_top, x1 - x0, lid_bot - lid_top + 8), border_top_left_radius=60,
                     border_top_right_radius=60)
    pygame.draw.rect(s, wood_m, (x0 + 6, lid_top + 6, x1 - x0 - 12, lid_bot - lid_top - 2), border_top_left_radius=54,
                     border_top_right_radius=54)
    pygame.draw.rect(s, wood_l, (x0 + 40, lid_top + 12, x1 - x0 - 80, 10), border_radius=5)
    # body
    pygame.draw.rect(s, wood_d, (x0, lid_bot, x1 - x0, body_bot - lid_bot), border_bottom_left_radius=10,
                     border_bottom_right_radius=10)
    pygame.draw.rect(s, wood_m, (x0 + 6, lid_bot + 8, x1 - x0 - 12, body_bot - lid_bot - 14), border_radius=6)
    for y in (lid_bot + 38, lid_bot + 68):  # planks
        pygame.draw.line(s, wood_d, (x0 + 6, y), (x1 - 6, y), 3)
    # gold rim between lid and body
    pygame.draw.rect(s, gold_d, (x0 - 4, lid_bot - 4, x1 - x0 + 8, 16), border_radius=6)
    pygame.draw.rect(s, gold_m, (x0 - 2, lid_bot - 2, x1 - x0 + 4, 10), border_radius=5)
    # vertical gold bands
    for bx in (x0 + 30, x1 - 52):
        pygame.draw.rect(s, gold_d, (bx, lid_top + 6, 22, body_bot - lid_top - 6), border_radius=5)
        pygame.draw.rect(s, gold_m, (bx + 3, lid_top + 8, 14, body_bot - lid_top - 12), border_radius=4)
        pygame.draw.rect(s, gold_l, (bx + 5, lid_top + 12, 4, body_bot - lid_top - 22), border_radius=2)
    # lock plate with keyhole
    cx = w // 2
    pygame.draw.rect(s, gold_d, (cx - 22, lid_bot - 14, 44, 50), border_radius=10)
    pygame.draw.rect(s, gold_m, (cx - 18, lid_bot - 10, 36, 42), border_radius=8)
    pygame.draw.circle(s, (60, 36, 10), (cx, lid_bot + 6), 6)
    pygame.draw.polygon(s, (60, 36, 10), [(cx - 4, lid_bot + 8), (cx + 4, lid_bot + 8), (cx + 6, lid_bot + 24), (cx - 6, lid_bot + 24)])
    return s


def draw_fullscreen() -> pygame.Surface:
    """A button in the colours of the arrow emoji with four white 'expand' corners."""
    size = 120
    s = new_canvas(size, size + 4)
    pygame.draw.rect(s, (66, 118, 135), (0, 4, size, size), border_radius=16)
    pygame.draw.rect(s, (140, 175, 191), (0, 0, size, size), border_radius=16)
    pygame.draw.rect(s, (160, 200, 214), (8, 6, size - 16, 16), border_radius=8)
    white, L, T, m = (250, 250, 250), 36, 13, 22
    for x, y, dx, dy in ((m, m, 1, 1), (size - m, m, -1, 1), (m, size - m, 1, -1), (size - m, size - m, -1, -1)):
        horiz = pygame.Rect(0, 0, L, T)
        vert = pygame.Rect(0, 0, T, L)
        if dx > 0:
            horiz.left = vert.left = x
        else:
            horiz.right = vert.right = x
        if dy > 0:
            horiz.top = vert.top = y
        else:
            horiz.bottom = vert.bottom = y
        pygame.draw.rect(s, white, horiz, border_radius=5)
        pygame.draw.rect(s, white, vert, border_radius=5)
    return s


# Outlined shapes for the drawn pictures: each part is filled, gets its shading
# clipped to its own shape and a dark outline (a dilation of its silhouette).


def bezier(p0, p1, p2, n: int = 24) -> list[tuple[float, float]]:
    """Points of the quadratic Bezier curve p0 -> p2 pulled towards p1."""
    pts = []
    for i in range(n + 1):
        t = i / n
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        pts.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return pts


def tapered(centre, w0: float, w1: float, power: float = 1.0) -> list[tuple[float, float]]:
    """Polygon around a centre line whose width goes from ``w0`` to ``w1`` (0 gives a point)."""
    left, right = [], []
    n = len(centre)
    for i, (x, y) in enumerate(centre):
        j0, j1 = max(0, i - 1), min(n - 1, i + 1)
        dx, dy = centre[j1][0] - centre[j0][0], centre[j1][1] - centre[j0][1]
        length = (dx * dx + dy * dy) ** 0.5 or 1.0
        nx, ny = -dy / length, dx / length
        w = (w0 + (w1 - w0) * (i / (n - 1)) ** power) / 2
        left.append((x + nx * w, y + ny * w))
        right.append((x - nx * w, y - ny * w))
    return left + right[::-1]


def _disk_mask(r: int) -> pygame.mask.Mask:
    m = pygame.mask.Mask((2 * r + 1, 2 * r + 1))
    for x in range(2 * r + 1):
        for y in range(2 * r + 1):
            if (x - r) ** 2 + (y - r) ** 2 <= r * r:
                m.set_at((x, y))
    return m


def outlined_part(dst, shape, fill, details=None, edge=(18, 58, 30), width: int = 12) -> None:
    """Draw ``shape(surface, colour)`` on ``dst`` in ``fill`` with ``details(surface)`` clipped to
    the shape and an outline of ``edge`` ``width`` pixels wide around it."""
    size = dst.get_size()
    layer = new_canvas(*size)
    shape(layer, fill)
    if details is not None:
        deco = new_canvas(*size)
        details(deco)
        clip = new_canvas(*size)
        shape(clip, (255, 255, 255))
        deco.blit(clip, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        layer.blit(deco, (0, 0))
    grown = pygame.mask.from_surface(layer, 40).convolve(_disk_mask(width))
    dst.blit(grown.to_surface(setcolor=(*edge, 255), unsetcolor=(0, 0, 0, 0)), (-width, -width))
    dst.blit(layer, (0, 0))


def draw_claws() -> pygame.Surface:
    """A dragon's foot seen from the front: green scaly leg with gold spines, three fat toes and
    three big curved ivory talons.  Bold shapes so that it still reads at 50 px."""
    w, h = 540, 500
    s = new_canvas(w, h)
    green, light, dark = (20, 168, 70), (120, 212, 130), (10, 118, 52)  # the dragon emoji's greens
    ivory, ivory_d = (252, 246, 222), (206, 190, 146)
    gold, gold_d = (250, 188, 20), (214, 132, 0)
    ow = 18
    cx = w / 2
    # gold spines sticking out behind the leg
    for side in (-1, 1):
        for y0 in (20, 100):
            x0 = cx + side * (92 + y0 * 0.12)
            tri = [(x0 - side * 24, y0 - 16), (x0 + side * 100, y0 - 34), (x0 - side * 12, y0 + 76)]

            def spike(c, col, tri=tri):
                pygame.draw.polygon(c, col, tri)

            def spike_deco(c, tri=tri):
                a, b, d = tri
                pygame.draw.polygon(c, gold_d, [b, d, ((a[0] + d[0]) / 2, (a[1] + d[1]) / 2)])

            outlined_part(s, spike, gold, spike_deco, width=ow)
    toes = [((cx - 100, 180), (cx - 150, 240), (cx - 190, 290)),
            ((cx, 200), (cx, 260), (cx, 315)),
            ((cx + 100, 180), (cx + 150, 240), (cx + 190, 290))]
    talons = [((cx - 188, 285), (cx - 262, 360), (cx - 196, 470)),
              ((cx, 305), (cx - 12, 410), (cx + 30, 492)),
              ((cx + 188, 285), (cx + 262, 360), (cx + 196, 470))]
    # talons first: their roots hide under the toes
    for p0, p1, p2 in talons:
        pts = bezier(p0, p1, p2, 32)

        def talon(c, col, pts=pts):
            pygame.draw.polygon(c, col, tapered(pts, 100, 0, 0.8))

        def talon_deco(c, pts=pts):
            inward = 1 if pts[-1][0] > pts[0][0] else -1
            pygame.draw.polygon(c, ivory_d, tapered([(x - inward * 30, y) for x, y in pts], 48, 0, 0.8))

        outlined_part(s, talon, ivory, talon_deco, width=ow)

    # leg (cut off at the top), broad pad and three toes: one outlined shape
    def foot(c, col):
        pygame.draw.polygon(c, col, [(cx - 100, -60), (cx + 100, -60), (cx + 135, 150), (cx - 135, 150)])
        pygame.draw.ellipse(c, col, (cx - 170, 90, 340, 150))
        for p0, p1, p2 in toes:
            pts = bezier(p0, p1, p2)
            pygame.draw.polygon(c, col, tapered(pts, 112, 90))
            pygame.draw.circle(c, col, pts[-1], 45)

    def foot_deco(c):
        pygame.draw.polygon(c, light, [(cx - 100, -60), (cx - 56, -60), (cx - 88, 176), (cx - 140, 150)])
        pygame.draw.polygon(c, dark, [(cx + 60, -60), (cx + 100, -60), (cx + 140, 150), (cx + 94, 176)])
        for row, y in enumerate((0, 50, 100)):  # scales
            n = 3 if row % 2 == 0 else 2
            for k in range(n):
                x = cx + (k - (n - 1) / 2) * 58
                pygame.draw.arc(c, dark, (x - 27, y - 24, 54, 46), math.pi * 1.08, math.pi * 1.92, 9)
        for p0, p1, p2 in toes:  # a knuckle line across each toe
            pts = bezier(p0, p1, p2)
            i = len(pts) // 2
            (x0, y0), (x1, y1) = pts[i - 1], pts[i + 1]
            length = math.hypot(x1 - x0, y1 - y0)
            nx, ny = -(y1 - y0) / length * 60, (x1 - x0) / length * 60
            x, y = pts[i]
            pygame.draw.line(c, dark, (x - nx, y - ny), (x + nx, y + ny), 10)

    outlined_part(s, foot, green, foot_deco, width=ow)
    return s


def _arch_band(cx, base_y, r_out, r_in, rise_out, rise_in, n: int = 48):
    """Polygon of a half-elliptic band (an arch) standing on ``base_y``."""
    outer = [(cx - r_out * math.cos(math.pi * i / n), base_y - rise_out * math.sin(math.pi * i / n))
             for i in range(n + 1)]
    inner = [(cx - r_in * math.cos(math.pi * i / n), base_y - rise_in * math.sin(math.pi * i / n))
             for i in range(n + 1)]
    return outer + inner[::-1]


def draw_sparkle(dst, centre, r: float, colour=(255, 255, 240), edge=(150, 96, 0)) -> None:
    """A four-pointed white glint with a thin gold-brown outline."""
    x, y = centre
    pts = []
    for i in range(8):
        a = math.pi / 4 * i - math.pi / 2
        rr = r if i % 2 == 0 else r * 0.28
        pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
    outlined_part(dst, lambda c, col: pygame.draw.polygon(c, col, pts), colour, edge=edge, width=8)


def draw_golden_gate() -> pygame.Surface:
    """A fairy-tale golden gate: two posts with ball tops, an arch, spear-topped bars, two rails
    and a sparkle, all gold with a dark gold outline."""
    w, h = 500, 500
    s = new_canvas(w, h)
    gold, gold_l, gold_d, edge = (242, 182, 28), (255, 230, 120), (204, 134, 8), (120, 66, 0)
    ow = 14
    cx = w / 2
    post_w, post_top, bottom = 78, 150, 490
    lx, rx = 40, w - 40 - post_w  # left edges of the two posts
    inner_l, inner_r = lx + post_w, rx  # the opening between them
    spring = post_top + 20  # where the arch stands on the posts
    # three bars with spear tips, a darker gold so that the frame stands out
    for i in range(3):
        x = inner_l + (inner_r - inner_l) * (i + 1) / 4
        dx = abs(x - cx) / ((inner_r - inner_l) / 2)
        top = spring - (spring - 100) * math.sqrt(max(0.0, 1 - dx * dx)) + 56

        def bar(c, col, x=x, top=top):
            pygame.draw.rect(c, col, (x - 11, top, 22, bottom - 10 - top))
            pygame.draw.polygon(c, col, [(x - 24, top + 10), (x, top - 34), (x + 24, top + 10)])

        def bar_deco(c, x=x):
            pygame.draw.rect(c, gold, (x - 7, 0, 7, h))

        outlined_part(s, bar, gold_d, bar_deco, edge=edge, width=8)
    # two cross rails
    for y, rh in ((300, 30), (bottom - 24, 36)):
        def rail(c, col, y=y, rh=rh):
            pygame.draw.rect(c, col, (inner_l - 10, y - rh / 2, inner_r - inner_l + 20, rh))

        def rail_deco(c, y=y):
            pygame.draw.rect(c, gold_l, (0, y - 10, w, 7))

        outlined_part(s, rail, gold, rail_deco, edge=edge, width=10)

    # the arch
    def arch(c, col):
        pygame.draw.polygon(c, col, _arch_band(cx, spring, (rx + post_w - lx) / 2 - 6, (inner_r - inner_l) / 2,
                                               spring - 40, spring - 100))

    def arch_deco(c):
        pygame.draw.polygon(c, gold_l, _arch_band(cx, spring, (rx + post_w - lx) / 2 - 18,
                                                  (inner_r - inner_l) / 2 + 30, spring - 52, spring - 76))

    outlined_part(s, arch, gold, arch_deco, edge=edge, width=ow)
    # the posts, each with a cap and a ball on top
    for x in (lx, rx):
        def post(c, col, x=x):
            pygame.draw.rect(c, col, (x, post_top, post_w, bottom - post_top))
            pygame.draw.rect(c, col, (x - 12, post_top - 22, post_w + 24, 34), border_radius=6)
            pygame.draw.circle(c, col, (x + post_w / 2, post_top - 48), 30)

        def post_deco(c, x=x):
            pygame.draw.rect(c, gold_l, (x + 10, post_top + 14, 16, bottom - post_top - 30), border_radius=6)
            pygame.draw.rect(c, gold_d, (x + post_w - 22, post_top + 12, 22, bottom - post_top))
            pygame.draw.circle(c, gold_l, (x + post_w / 2 - 10, post_top - 58), 10)

        outlined_part(s, post, gold, post_deco, edge=edge, width=ow)
    draw_sparkle(s, (cx + 118, 66), 48)
    draw_sparkle(s, (lx + 24, 250), 26)
    return s


# --------------------------------------------------------------------------
# Sprite recipes
# --------------------------------------------------------------------------

# Each recipe returns (surface, source description).  Plain sprites are just a
# list of emoji candidates: the first one the font has is used.

PLAIN: dict[str, tuple[str, ...]] = {
    "start": ("\u27A1\uFE0F", "\u25B6\uFE0F"),          # right arrow
    "sword": ("\U0001F5E1\uFE0F", "\u2694\uFE0F"),      # dagger
    "dragon": ("\U0001F409", "\U0001F432"),             # dragon
    "princess": ("\U0001F478",),                        # princess
    "pool": ("\U0001F30A", "\U0001F4A7"),               # water wave
    "apple": ("\U0001F34E",),                           # red apple
    "devil": ("\U0001F608", "\U0001F47F"),              # smiling face with horns
    "dove": ("\U0001F54A\uFE0F", "\U0001F426"),         # dove
    "pink_piglet": ("\U0001F437", "\U0001F416"),        # pig face
    "giant": ("\U0001F9CC", "\U0001F479"),              # troll (else ogre)
    "crown": ("\U0001F451",),                           # crown
    "snake": ("\U0001F40D",),                           # snake
    "star": ("\u2B50", "\U0001F31F"),                   # star
    "heart": ("\u2764\uFE0F", "\U0001F496"),            # red heart (the fair level)
    "castle": ("\U0001F3F0",),                          # castle
    "treasure": ("\U0001F4B0",),                        # money bag
    "tree": ("\U0001F333",),                            # deciduous tree
    "tree_deciduous": ("\U0001F333",),                  # deciduous tree
    "pine": ("\U0001F332",),                            # evergreen tree
    "flower": ("\U0001F33C", "\U0001F338"),             # blossom
    "mushroom": ("\U0001F344",),                        # mushroom
    "cloud": ("\u2601\uFE0F",),                         # cloud
    "sun": ("\U0001F31E", "\u2600\uFE0F"),              # sun with face
    "mountain": ("\u26F0\uFE0F", "\U0001F3D4\uFE0F"),  # mountain
    "house": ("\U0001F3E1", "\U0001F3E0"),              # house with garden
    "home": ("\U0001F3E0",),                            # house
    "settings": ("\u2699\uFE0F",),                      # gear
    "question": ("\u2753", "\u2754"),                   # red question mark
    "play": ("\u25B6\uFE0F",),                          # play button
    "back": ("\u2B05\uFE0F",),                          # left arrow
    "undo": ("\u21A9\uFE0F", "\U0001F519"),             # right arrow curving left (take a step back)
    "robot": ("\U0001F916",),                           # robot
    "person": ("\U0001F9D2",),                          # child
    "trophy": ("\U0001F3C6",),                          # trophy
    "party": ("\U0001F389",),                           # party popper
    "sparkles": ("\u2728",),                            # sparkles
    "speaker_on": ("\U0001F50A",),                      # speaker high volume
    "speaker_off": ("\U0001F507",),                     # muted speaker
    "check": ("\u2705", "\u2714\uFE0F"),                # check mark button
    "cross": ("\u274C",),                               # cross mark
    "plus": ("\u2795",),                                # plus
    "minus": ("\u2796",),                               # minus
    "turtle": ("\U0001F422",),                          # turtle
    "rabbit": ("\U0001F407", "\U0001F430"),             # rabbit
    "snail": ("\U0001F40C",),                           # snail
    "globe": ("\U0001F310", "\U0001F30D"),              # globe with meridians
    "fairy": ("\U0001F9DA",),                           # fairy
    "diamond": ("\U0001F48E",),                         # gem stone
    "sleeping": ("\U0001F634",),                        # sleeping face
    "dice": ("\U0001F3B2",),                            # game die
    "finger": ("\U0001F446",),                          # backhand index pointing up (a tap)
    "speaking": ("\U0001F5E3\uFE0F", "\U0001F5E3"),       # speaking head (say the prompt again)
}

NAMES_OF = {
    "\u27A1\uFE0F": "right arrow", "\u25B6\uFE0F": "play button", "\U0001F5E1\uFE0F": "dagger",
    "\u2694\uFE0F": "crossed swords", "\U0001F409": "dragon", "\U0001F432": "dragon face",
    "\U0001F478": "princess", "\U0001F30A": "water wave", "\U0001F4A7": "droplet",
    "\U0001F34E": "red apple", "\U0001F608": "smiling face with horns", "\U0001F47F": "angry face with horns",
    "\U0001F54A\uFE0F": "dove", "\U0001F426": "bird", "\U0001F437": "pig face", "\U0001F416": "pig",
    "\U0001F9CC": "troll", "\U0001F479": "ogre", "\U0001F451": "crown", "\U0001F40D": "snake",
    "\u2B50": "star", "\U0001F31F": "glowing star", "\u2764\uFE0F": "red heart", "\U0001F496": "sparkling heart",
    "\U0001F980": "crab", "\U0001F99E": "lobster",
    "\U0001F43E": "paw prints", "\U0001F3F0": "castle", "\U0001F4B0": "money bag",
    "\U0001F333": "deciduous tree", "\U0001F332": "evergreen tree", "\U0001F33C": "blossom",
    "\U0001F338": "cherry blossom", "\U0001F344": "mushroom", "\u2601\uFE0F": "cloud",
    "\U0001F31E": "sun with face", "\u2600\uFE0F": "sun", "\u26F0\uFE0F": "mountain",
    "\U0001F3D4\uFE0F": "snow-capped mountain", "\U0001F3E1": "house with garden", "\U0001F3E0": "house",
    "\u2699\uFE0F": "gear", "\u2753": "red question mark", "\u2754": "white question mark",
    "\u2B05\uFE0F": "left arrow", "\u21A9\uFE0F": "right arrow curving left", "\U0001F519": "BACK arrow", "\U0001F916": "robot", "\U0001F9D2": "child", "\U0001F3C6": "trophy",
    "\U0001F389": "party popper", "\u2728": "sparkles", "\U0001F50A": "speaker high volume",
    "\U0001F507": "muted speaker", "\u2705": "check mark button", "\u2714\uFE0F": "check mark",
    "\u274C": "cross mark", "\u2795": "plus", "\u2796": "minus", "\U0001F422": "turtle",
    "\U0001F407": "rabbit", "\U0001F430": "rabbit face", "\U0001F40C": "snail",
    "\U0001F310": "globe with meridians", "\U0001F30D": "globe Europe-Africa", "\U0001F9DA": "fairy",
    "\U0001F48E": "gem stone", "\U0001F634": "sleeping face", "\U0001F3B2": "game die",
    "\U0001F446": "backhand index pointing up", "\U0001F5E3\uFE0F": "speaking head", "\U0001F5E3": "speaking head",
    "\U0001F434": "horse face", "\U0001F40E": "horse", "\U0001F6AA": "door",
    "\U0001F9D9\u200D\u2642\uFE0F": "man mage", "\U0001F9D9\u200D\u2640\uFE0F": "woman mage",
    "\U0001F9D9": "mage", "\U0001F438": "frog", "\U0001F525": "fire",
    "\U0001F426\u200D\U0001F525": "phoenix", "\U0001F426\u200D\u2B1B": "black bird",
    "\U0001F41F": "fish", "\U0001F420": "tropical fish", "\U0001FAA3": "bucket",
    "\U0001F6E1\uFE0F": "shield", "\U0001F9F0": "toolbox", "\U0001FA99": "coin",
    "\U0001F469": "woman", "\u23F9\uFE0F": "stop button", "\u2B1C": "white large square",
}


def codepoints(text: str) -> str:
    return " ".join(f"U+{ord(ch):04X}" for ch in text if ord(ch) != 0xFE0F)


def describe(*emoji: str) -> str:
    return " + ".join(f"{e} {NAMES_OF.get(e, '')} ({codepoints(e)})" for e in emoji)


def r_plain(E: Emoji, name: str):
    used, glyph = E.first(*PLAIN[name])
    return glyph, describe(used)


def r_black_horse(E):
    used, g = E.first("\U0001F434", "\U0001F40E")
    g = gradient_map(g, [(0.0, (8, 8, 12)), (0.25, (26, 26, 32)), (0.75, (58, 56, 66)), (0.92, (96, 94, 106)), (1.0, (190, 190, 200))])
    return g, describe(used) + ", darkened to near-black"


def r_white_horse(E):
    used, g = E.first("\U0001F434", "\U0001F40E")
    g = gradient_map(g, [(0.0, (30, 30, 40)), (0.12, (70, 70, 84)), (0.30, (178, 182, 196)), (0.75, (238, 238, 242)), (1.0, (255, 255, 255))])
    g = outline(g, (150, 156, 172), 2)
    return g, describe(used) + ", lightened to white (grey outline)"


def r_brown_horse(E):
    used, g = E.first("\U0001F434", "\U0001F40E")
    g = gradient_map(g, [(0.0, (24, 12, 6)), (0.3, (76, 38, 16)), (0.75, (150, 84, 38)), (0.92, (196, 136, 84)), (1.0, (246, 226, 200))])
    return g, describe(used) + ", tinted chestnut brown"


def r_black_piglet(E):
    used, g = E.first("\U0001F437", "\U0001F416")
    g = gradient_map(g, [(0.0, (2, 2, 4)), (0.5, (14, 12, 16)), (0.9, (34, 31, 38)), (1.0, (58, 54, 62))])
    return g, describe(used) + ", darkened to near-black"


def _door(E, stops):
    used, g = E.first("\U0001F6AA")
    return used, gradient_map(g, stops)


def r_golden_gate(E):
    return draw_golden_gate(), ("drawn by the script (golden arched gate: two posts with ball tops, "
                                "spear-topped bars, sparkles)")


def r_claws(E):
    return draw_claws(), ("drawn by the script (dragon's foot: green scaly leg with gold spines, "
                          "three big curved ivory talons)")


def _gate_red(E, n: int):
    used, g = _door(E, RED)
    if n:
        c = new_canvas(g.get_width() + 60, g.get_height())
        c.blit(g, (30, 0))
        draw_numeral(c, n, (c.get_width() / 2, g.get_height() * 0.45), g.get_height() * 0.42)
        g = c
    return g, describe(used) + ", tinted red" + (f", Roman numeral {'I' * n} drawn on it" if n else "")


def r_gate_red(E):
    return _gate_red(E, 0)


def r_gate_red_1(E):
    return _gate_red(E, 1)


def r_gate_red_2(E):
    return _gate_red(E, 2)


def _sorcerer(E, n: int):
    used, g = E.first("\U0001F9D9\u200D\u2642\uFE0F", "\U0001F9D9")
    if n:
        c = new_canvas(g.get_width() + 10, g.get_height() + 10)
        c.blit(g, (10, 0))
        numeral_badge(c, n, (30, c.get_height() - 30), 29)
        g = c
    return g, describe(used) + (f" with a gold badge showing Roman numeral {'I' * n}" if n else "")


def r_sorcerer(E):
    return _sorcerer(E, 0)


def r_sorcerer_1(E):
    return _sorcerer(E, 1)


def r_sorcerer_2(E):
    return _sorcerer(E, 2)


def r_witch(E):
    used, g = E.first("\U0001F9D9\u200D\u2640\uFE0F", "\U0001F9D9")
    # Noto draws the mage in a blue hat and robe; a witch wears dark purple.
    g = recolour_hue(g, 190, 265, 285, sat_mul=0.9, val_mul=0.62)
    return g, describe(used) + ", blue hat and robe recoloured dark purple"


def r_frog_king(E):
    _, frog = E.first("\U0001F438")
    _, crown = E.first("\U0001F451")
    crown = scale_by(crown, 0.55)
    c = new_canvas(frog.get_width(), frog.get_height() + crown.get_height() - 18)
    c.blit(frog, (0, c.get_height() - frog.get_height()))
    blit_center(c, crown, (c.get_width() / 2, crown.get_height() / 2))
    return c, describe("\U0001F438", "\U0001F451") + " (small crown on top)"


def r_golden_hill(E):
    used, m = E.first("\u26F0\uFE0F", "\U0001F3D4\uFE0F")
    m = gradient_map(m, GOLD)
    _, sp = E.first("\u2728")
    c = new_canvas(m.get_width() + 20, m.get_height() + 24)
    c.blit(m, (0, 24))
    blit_center(c, scale_by(sp, 0.5), (c.get_width() - 32, 32))
    return c, describe(used, "\u2728") + " (mountain gilded, sparkles added)"


def r_dragon_breath(E):
    _, face = E.first("\U0001F432", "\U0001F409")
    _, fire = E.first("\U0001F525")
    # Noto's dragon face looks to the left with its mouth low on the left side:
    # a flame turned to point down-left comes out of the mouth.
    fire = trim(pygame.transform.rotozoom(fire, 125, 0.85))
    fw, fh = face.get_size()
    c = new_canvas(fw + fire.get_width() - 44, fh + fire.get_height() - 60)
    fx = c.get_width() - fw
    blit_center(c, fire, (fire.get_width() / 2, c.get_height() - fire.get_height() / 2))
    c.blit(face, (fx, 0))
    return c, describe("\U0001F432", "\U0001F525") + " (flame turned to come out of the mouth)"


def r_hell(E):
    _, fire = E.first("\U0001F525")
    small = scale_by(fire, 0.62)
    c = new_canvas(fire.get_width() + small.get_width(), fire.get_height())
    h = c.get_height()
    c.blit(small, (0, h - small.get_height()))
    c.blit(small, (c.get_width() - small.get_width(), h - small.get_height()))
    blit_center(c, fire, (c.get_width() / 2, h / 2))
    return c, describe("\U0001F525") + " x3 (a big fire)"


def r_firebird(E):
    try:
        return E.get("\U0001F426\u200D\U0001F525"), describe("\U0001F426\u200D\U0001F525")
    except MissingGlyph:
        used, g = E.first("\U0001F426", "\U0001F54A\uFE0F")
        return gradient_map(g, FIERY), describe(used) + ", tinted fiery orange-red"


def r_raven(E):
    try:
        return E.get("\U0001F426\u200D\u2B1B"), describe("\U0001F426\u200D\u2B1B")
    except MissingGlyph:
        used, g = E.first("\U0001F426")
        g = gradient_map(g, [(0.0, (6, 6, 10)), (0.8, (48, 48, 60)), (1.0, (120, 120, 140))])
        return g, describe(used) + ", darkened to black"


def r_fish(E):
    used, g = E.first("\U0001F41F", "\U0001F420")
    if used == "\U0001F41F":
        g = gradient_map(g, GOLDFISH)
        return g, describe(used) + ", tinted gold (goldfish)"
    return g, describe(used)


def r_well(E):
    return draw_well(E), "drawn by the script (stone well, roof) + \U0001FAA3 bucket tinted wood-brown"


def r_club(E):
    return draw_club(), "drawn by the script (wooden club)"


def r_knight(E):
    _, shield = E.first("\U0001F6E1\uFE0F")
    _, swords = E.first("\u2694\uFE0F")
    c = new_canvas(swords.get_width() + 10, swords.get_height() + 10)
    blit_center(c, swords, (c.get_width() / 2, c.get_height() / 2 - 4))
    blit_center(c, scale_by(shield, 0.78), (c.get_width() / 2, c.get_height() / 2 + 8))
    return c, describe("\U0001F6E1\uFE0F", "\u2694\uFE0F") + " (shield in front of crossed swords)"


def r_chest(E):
    # Unicode has no treasure-chest emoji: draw one and put a coin and a gem in front.
    _, coin = E.first("\U0001FA99")
    _, gem = E.first("\U0001F48E")
    c = draw_chest()
    blit_center(c, scale_by(coin, 0.52), (46, c.get_height() - 32))
    blit_center(c, scale_by(gem, 0.5), (c.get_width() - 46, c.get_height() - 28))
    return c, "drawn by the script (wooden chest) + " + describe("\U0001FA99", "\U0001F48E") + " in front"


def r_queen(E):
    _, woman = E.first("\U0001F469")
    _, crown = E.first("\U0001F451")
    crown = scale_by(crown, 0.62)
    c = new_canvas(woman.get_width(), woman.get_height() + crown.get_height() - 26)
    c.blit(woman, (0, c.get_height() - woman.get_height()))
    blit_center(c, crown, (c.get_width() / 2, crown.get_height() / 2))
    return c, describe("\U0001F469", "\U0001F451") + " (crown on her head)"


def r_fullscreen(E):
    return draw_fullscreen(), "drawn by the script (button in the arrow emoji colours with four expand corners)"


def r_castle_tiny(E):
    used, g = E.first("\U0001F3F0")
    return g, describe(used) + " (same picture as castle)"



# --------------------------------------------------------------------------
# Fairy-Tale Forest: the motifs under the trees (the crown is the Knights one)
# --------------------------------------------------------------------------

PLAIN.update({
    "spindle": ("\U0001F9F5", "\U0001FAA1"),           # spool of thread (else sewing needle)
    "boots": ("\U0001F462", "\U0001F97E"),             # woman's boot (else hiking boot)
    "beans": ("\U0001FAD8", "\U0001F331"),             # beans (else seedling)
    "lollipop": ("\U0001F36D",),                        # lollipop
    "mirror": ("\U0001FA9E", "\U0001F52E"),            # mirror (else crystal ball)
    "rapunzel_hair": ("\U0001F471\u200D\u2640\uFE0F", "\U0001F471"),   # woman: blond hair
    "swap": ("\U0001F504",),                            # anticlockwise arrows
    "shuffle": ("\U0001F500",),                         # shuffle tracks
})
NAMES_OF.update({
    "\U0001F9F5": "thread", "\U0001FAA1": "sewing needle", "\U0001F462": "woman's boot",
    "\U0001F97E": "hiking boot", "\U0001FAD8": "beans", "\U0001F331": "seedling", "\U0001F36D": "lollipop",
    "\U0001FA9E": "mirror", "\U0001F52E": "crystal ball", "\U0001F471\u200D\u2640\uFE0F": "woman: blond hair",
    "\U0001F471": "person: blond hair", "\U0001F504": "anticlockwise arrows", "\U0001F500": "shuffle tracks",
    "\U0001F3E0": "house", "\U0001F9F1": "brick", "\U0001F460": "high-heeled shoe", "\U0001F467": "girl",
})


def r_brick_house(E):
    used_house, house = E.first("\U0001F3E0")
    used_brick, brick = E.first("\U0001F9F1")
    brick = scale_by(brick, 0.5)
    c = new_canvas(house.get_width() + 20, house.get_height() + 10)
    c.blit(house, (0, 0))
    c.blit(brick, (c.get_width() - brick.get_width(), c.get_height() - brick.get_height()))
    return c, describe(used_house, used_brick) + " (a brick before the house)"


def r_glass_slipper(E):
    used, g = E.first("\U0001F460")
    g = recolour_hue(g, 300, 40, 195, sat_mul=0.45, val_mul=1.25, min_sat=0.2)
    g = outline(g, (90, 140, 190), 2)
    return g, describe(used) + ", red recoloured to pale glass blue (blue outline)"


def r_red_hood(E):
    used, girl = E.first("\U0001F467")
    girl = scale_by(girl, 0.72)
    gw, gh = girl.get_size()
    c = new_canvas(int(gw * 1.5), int(gh * 1.55))
    cx = c.get_width() / 2
    red, dark = (206, 28, 36), (120, 10, 18)
    cloak = [(cx, gh * 0.55), (cx + gw * 0.72, c.get_height() - 4), (cx - gw * 0.72, c.get_height() - 4)]
    pygame.draw.polygon(c, dark, cloak)
    pygame.draw.polygon(c, red, [(x * 0.96 + cx * 0.04, y) for x, y in cloak[1:]] + [(cx, gh * 0.62)])
    pygame.draw.circle(c, dark, (cx, gh * 0.58), gw * 0.66)
    pygame.draw.circle(c, red, (cx, gh * 0.58), gw * 0.61)
    blit_center(c, girl, (cx, gh * 0.66))
    return c, describe(used) + " in a red hood and cloak drawn by the script"


def r_belt(E):
    s = new_canvas(SIZE * 2, SIZE * 2)
    leather, dark, gold, gold_d = (150, 86, 40), (80, 42, 16), (250, 204, 60), (150, 100, 10)
    band = pygame.Rect(14, 70, 228, 116)
    pygame.draw.ellipse(s, dark, band)
    pygame.draw.ellipse(s, leather, band.inflate(-10, -10))
    pygame.draw.ellipse(s, (0, 0, 0, 0), band.inflate(-70, -66))
    pygame.draw.ellipse(s, dark, band.inflate(-70, -66), 6)
    for x in range(60, 200, 34):
        pygame.draw.circle(s, dark, (x, 174), 5)
    buckle = pygame.Rect(0, 0, 82, 96)
    buckle.center = (128, 128)
    pygame.draw.rect(s, gold_d, buckle, border_radius=14)
    pygame.draw.rect(s, gold, buckle.inflate(-8, -8), border_radius=12)
    pygame.draw.rect(s, leather, buckle.inflate(-36, -40), border_radius=6)
    pygame.draw.rect(s, gold_d, (buckle.centerx - 4, buckle.y + 14, 8, buckle.h - 28), border_radius=3)
    return s, "drawn by the script (a leather belt with a golden buckle)"


def r_spinning_wheel(E):
    s = new_canvas(SIZE * 2, SIZE * 2)
    wood, dark = (190, 126, 60), (96, 56, 20)
    centre, r = (118, 104), 78
    pygame.draw.line(s, dark, (60, 236), (118, 104), 16)
    pygame.draw.line(s, dark, (176, 236), (118, 104), 16)
    pygame.draw.line(s, dark, (40, 238), (220, 238), 16)
    pygame.draw.line(s, wood, (60, 236), (118, 104), 8)
    pygame.draw.line(s, wood, (176, 236), (118, 104), 8)
    for k in range(8):
        a = k * math.pi / 4
        pygame.draw.line(s, dark, centre, (centre[0] + r * math.cos(a), centre[1] + r * math.sin(a)), 8)
    pygame.draw.circle(s, dark, centre, r + 8, 16)
    pygame.draw.circle(s, wood, centre, r + 8, 8)
    pygame.draw.circle(s, dark, centre, 16)
    pygame.draw.circle(s, wood, centre, 10)
    pygame.draw.line(s, dark, (206, 160), (236, 60), 12)
    pygame.draw.ellipse(s, (250, 240, 220), (218, 40, 34, 60))
    pygame.draw.ellipse(s, dark, (218, 40, 34, 60), 4)
    return s, "drawn by the script (a wooden spinning wheel with its distaff of wool)"


def r_golden_ball(E):
    s = new_canvas(SIZE * 2, SIZE * 2)
    centre = (128, 128)
    steps = 40
    for k in range(steps):
        t = k / (steps - 1)
        colour = gradient(GOLD)(0.15 + 0.85 * t)
        r = 112 * (1 - t) + 10
        pygame.draw.circle(s, tuple(int(v) for v in colour), (centre[0] - 36 * t, centre[1] - 36 * t), r)
    pygame.draw.circle(s, (120, 70, 0), centre, 114, 5)
    pygame.draw.ellipse(s, (255, 252, 230), (70, 58, 44, 26))
    return s, "drawn by the script (a shining golden ball)"


FOREST = ("spindle brick_house boots belt beans lollipop spinning_wheel mirror red_hood golden_ball "
          "rapunzel_hair glass_slipper swap shuffle").split()

REQUIRED = (
    "start sword dragon witch black_horse white_horse brown_horse princess pool fish apple "
    "firebird frog_king well hell devil raven dove sorcerer sorcerer_1 sorcerer_2 black_piglet "
    "pink_piglet golden_hill giant club golden_gate crown snake star dragon_breath claws gate_red "
    "gate_red_1 gate_red_2 castle"
).split()

UI = (
    "knight treasure chest tree pine flower mushroom cloud sun mountain house settings home question "
    "play back undo robot person trophy party sparkles speaker_on speaker_off check cross plus minus turtle "
    "rabbit snail globe fullscreen fairy diamond sleeping queen tree_deciduous castle_tiny dice finger speaking heart"
).split()

ALL = REQUIRED + UI + FOREST


def recipe(name: str):
    fn = globals().get("r_" + name)
    if fn is not None:
        return fn
    if name in PLAIN:
        return lambda E: r_plain(E, name)
    raise KeyError(name)


# --------------------------------------------------------------------------
# Checks, contact sheet, credits
# --------------------------------------------------------------------------


def check_sprite(path: str) -> str | None:
    """Return an error message, or None when the PNG looks fine."""
    if not os.path.exists(path):
        return "missing"
    surf = pygame.image.load(path)
    if surf.get_size() != (SIZE, SIZE):
        return f"size {surf.get_size()}"
    if surf.get_bitsize() != 32 or not (surf.get_flags() & pygame.SRCALPHA):
        return "no alpha channel"
    data = pygame.image.tobytes(surf, "RGBA")
    visible = sum(1 for i in range(3, len(data), 4) if data[i] > 32)
    colours = len({data[i:i + 3] for i in range(0, len(data), 4 * 7) if data[i + 3] > 200})
    if visible < SIZE * SIZE * 0.08:
        return f"almost empty ({visible} visible pixels)"
    if colours < 3:
        return "flat (looks like an empty box)"
    return None


def contact_sheet(paths: list[tuple[str, str]], out: str, cols: int = 8) -> None:
    cell_w, cell_h = SIZE + 16, SIZE + 30
    rows = (len(paths) + cols - 1) // cols
    sheet = pygame.Surface((cols * cell_w, rows * cell_h))
    sheet.fill((250, 244, 224))
    label = pygame.font.Font(None, 20)
    for i, (name, path) in enumerate(paths):
        x, y = (i % cols) * cell_w, (i // cols) * cell_h
        # checkerboard behind the sprite makes transparency visible
        for cx in range(0, SIZE, 16):
            for cy in range(0, SIZE, 16):
                shade = (232, 226, 206) if (cx + cy) // 16 % 2 else (250, 244, 224)
                sheet.fill(shade, (x + 8 + cx, y + 4 + cy, 16, 16))
        sheet.blit(pygame.image.load(path), (x + 8, y + 4))
        text = label.render(name, True, (40, 30, 20))
        sheet.blit(text, (x + (cell_w - text.get_width()) // 2, y + SIZE + 8))
    pygame.image.save(sheet, out)


CREDITS_HEAD = """\
# Sprite credits

All pictures in this folder are rendered from the **Noto Color Emoji** font
(emoji artwork by Google, part of the Noto fonts project), which is licensed
under the **SIL Open Font License, Version 1.1** — see `LICENSE-OFL.txt` in
this folder.  They are made by `tools/make_sprites.py`; nothing is downloaded.

Every sprite is a 128×128 RGBA PNG: the glyph trimmed of its empty border,
scaled to fit and centred with a {margin}-pixel transparent margin.  Some
sprites are recoloured, composed from several emoji, or have simple shapes
(Roman numerals, badges) drawn on them with pygame; a few are drawn entirely
by the script (marked below).  The recolouring, composition and drawing are
part of this project and may be used under the same licence as the pictures.

## Regenerating

```sh
python tools/make_sprites.py                  # writes sprites/*.png, this file and LICENSE-OFL.txt
python tools/make_sprites.py --sheet sheet.png  # plus a labelled contact sheet
python tools/make_sprites.py --check          # only verify the PNGs
```

Needs Python 3 with pygame-ce and the Noto Color Emoji font
(Debian/Ubuntu package `fonts-noto-color-emoji`; another copy of
`NotoColorEmoji.ttf` can be passed with `--font FILE` or the environment
variable `KIDGAMES_EMOJI_FONT`).  If an emoji is missing from the installed
font version the script falls back to another emoji (or a tinted one) and
notes it in the table below.

## Where each picture comes from

| sprite | made from |
| --- | --- |
"""


def write_credits(rows: list[tuple[str, str]], font_version: str) -> None:
    text = CREDITS_HEAD.format(margin=MARGIN)
    for name, src in rows:
        text += f"| `{name}.png` | {src} |\n"
    text += f"\nRendered with the font version: {font_version}.\n"
    with open(os.path.join(OUT_DIR, "CREDITS.md"), "w", encoding="utf-8") as fh:
        fh.write(text)


NOTO_COPYRIGHT = "/usr/share/doc/fonts-noto-color-emoji/copyright"  # Debian package path


def write_ofl() -> None:
    """Write LICENSE-OFL.txt from the OFL text in the Debian package's copyright file."""
    if not os.path.exists(NOTO_COPYRIGHT):
        print(f"note: {NOTO_COPYRIGHT} not found, LICENSE-OFL.txt left as it is")
        return
    lines = open(NOTO_COPYRIGHT, encoding="utf-8").read().splitlines()
    start = max(i for i, l in enumerate(lines) if l.startswith("License:") and "SIL-1.1" in l)
    body = []
    for line in lines[start + 1:]:
        if line and not line.startswith(" "):
            break
        text = line[1:] if line.startswith(" ") else line
        body.append("" if text.strip() == "." else text.rstrip())
    first = next(i for i, l in enumerate(body) if l.startswith("-----"))
    head = [
        "Noto Color Emoji font: Copyright 2013-2017 Google Inc. and the Noto Emoji contributors.",
        "",
        "The pictures in this folder are rendered from, and so are derived from, that font.",
        "",
    ]
    with open(os.path.join(OUT_DIR, "LICENSE-OFL.txt"), "w", encoding="utf-8") as fh:
        fh.write("\n".join(head + body[first:]).rstrip() + "\n")


def font_version(path: str) -> str:
    """Full name and version string from the font's 'name' table."""
    import struct

    try:
        with open(path, "rb") as fh:
            data = fh.read()
        num_tables = struct.unpack(">H", data[4:6])[0]
        for i in range(num_tables):
            tag, _, offset, _ = struct.unpack(">4sIII", data[12 + 16 * i: 28 + 16 * i])
            if tag != b"name":
                continue
            _, count, str_off = struct.unpack(">HHH", data[offset: offset + 6])
            found = {}
            for j in range(count):
                pid, eid, lid, nid, length, off = struct.unpack(">6H", data[offset + 6 + 12 * j: offset + 18 + 12 * j])
                if nid in (4, 5) and pid == 3 and eid == 1:
                    raw = data[offset + str_off + off: offset + str_off + off + length]
                    found.setdefault(nid, raw.decode("utf-16-be"))
            return ", ".join(found[k] for k in (4, 5) if k in found)
    except (OSError, struct.error, UnicodeDecodeError):
        pass
    return os.path.basename(path)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--font", default=os.environ.get("KIDGAMES_EMOJI_FONT", DEFAULT_FONT),
                    help="path of NotoColorEmoji.ttf (default: the Debian package's copy)")
    ap.add_argument("--sheet", metavar="PNG", help="also write a labelled contact sheet of all sprites")
    ap.add_argument("--check", action="store_true", help="only check the existing sprites")
    ap.add_argument("--only", nargs="*", help="only (re)make these sprites")
    args = ap.parse_args(argv)

    pygame.font.init()
    names = args.only or ALL
    problems = []
    if not args.check:
        if not os.path.exists(args.font):
            print(f"emoji font not found: {args.font}\n"
                  "install the Debian package fonts-noto-color-emoji or pass --font FILE", file=sys.stderr)
            return 2
        E = Emoji(args.font)
        os.makedirs(OUT_DIR, exist_ok=True)
        rows = []
        for name in names:
            surf, src = recipe(name)(E)
            pygame.image.save(fit(surf), os.path.join(OUT_DIR, name + ".png"))
            rows.append((name, src))
            print(f"{name:16s} {src}")
        if not args.only:
            write_credits(rows, font_version(args.font))
            write_ofl()
    for name in names:
        err = check_sprite(os.path.join(OUT_DIR, name + ".png"))
        if err:
            problems.append(f"{name}: {err}")
    if args.sheet:
        contact_sheet([(n, os.path.join(OUT_DIR, n + ".png")) for n in names], args.sheet)
        print("contact sheet:", args.sheet)
    if problems:
        print("PROBLEMS:\n  " + "\n  ".join(problems), file=sys.stderr)
        return 1
    print(f"{len(names)} sprites OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
