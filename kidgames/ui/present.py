"""Showing the logical canvas in a window of any size: as it is, or scaled and letterboxed.

Only what changed is presented.  A scaled window is built from fixed tiles of the canvas, each
scaled with a few pixels of its neighbours (so no seams show), and a full present is simply every
tile: the window after presenting a few changed areas is, pixel for pixel, what a full present
would show (one smoothscale of a changed area alone would differ: its sampling depends on the
area's size).  The scale is the largest fraction with a small denominator (at most 40) that fits the
window, so every tile covers whole window pixels and the canvas fills the window's width or height
(a 1024x768 screen shows it at 16/25 = 0.64, filling the width, rather than 0.625 in 1/40ths).  On a large screen a whole multiple (2x) is used instead where it
loses little: each canvas pixel becomes a square, any area scales exactly on its own, no tiles.
Some fractions need no tiles either: smoothscale's box filter at 4/5 (a 1280x800 tablet) or 16/25
(1024x768) repeats exactly every ``den`` canvas pixels, so an area on that grid scales alone just as
it does inside the whole canvas.  Whether the fraction in use does is tried once per window size
(:func:`scales_on_its_grid`, with the smoothscale backend that runs), never assumed.
"""
from __future__ import annotations

import math
import random

import pygame

SCALE_STEPS = 40        # the largest denominator of the scale (the letterbox grows by < 2.5 %)
TILE = 120              # canvas pixels a side (rounded to the scale's grid)
MARGIN = 3              # canvas pixels of its neighbours each tile is scaled with (no seams)
#: On large screens a whole multiple (2x, 3x) is used when it shows at least this share of the exact
#: size: every canvas pixel becomes a square of window pixels, sharp, and several times cheaper than
#: smooth scaling (3840x2160: 2x shows 3200x2000 instead of 3440x2150).
WHOLE_MULTIPLE = 0.85
LETTERBOX = (24, 20, 30)


def largest_fraction(exact: float, steps: int = SCALE_STEPS) -> tuple[int, int]:
    """The largest fraction num/den no larger than ``exact`` whose denominator is at most ``steps``
    (in lowest terms; at least 1/steps)."""
    best = (1, steps)
    for den in range(1, steps + 1):
        num = math.floor(exact * den + 1e-9)
        if num * best[1] > best[0] * den:
            best = (num, den)
    g = math.gcd(*best)
    return best[0] // g, best[1] // g


class Presenter:
    def __init__(self, canvas_size: tuple[int, int]) -> None:
        self.canvas_size = canvas_size
        self.window_size: tuple[int, int] | None = None
        self.view = pygame.Rect((0, 0), canvas_size)
        self.num = self.den = 1           # window pixels : canvas pixels
        self.tile = TILE
        self.margin = 0
        self.on_grid = False              # areas on the scale's grid scale alone (see scales_on_its_grid)
        self._buffers: dict[tuple[int, int], pygame.Surface] = {}
        self._geometries: dict[tuple[int, int, int, int], tuple] = {}    # see _geometry

    # -- geometry ---------------------------------------------------------------------------------
    def fit(self, window_size: tuple[int, int]) -> None:
        """Choose the view (where the canvas shows in the window) for a window of this size."""
        cw, ch = self.canvas_size
        ww, wh = max(1, window_size[0]), max(1, window_size[1])
        self.window_size = (ww, wh)
        exact = min(ww / cw, wh / ch)
        self.num, self.den = largest_fraction(exact)
        if exact >= 2 and math.floor(exact) / exact >= WHOLE_MULTIPLE:
            self.num, self.den = math.floor(exact), 1
        w, h = cw * self.num // self.den, ch * self.num // self.den
        self.view = pygame.Rect((ww - w) // 2, (wh - h) // 2, w, h)
        self.tile = max(1, round(TILE / self.den)) * self.den
        self.margin = MARGIN
        self._buffers.clear()
        self._geometries.clear()
        self.on_grid = (self.scaled and not self.multiple and cw % self.den == 0 and ch % self.den == 0
                        and scales_on_its_grid(self.num, self.den, self.canvas_size))

    @property
    def scaled(self) -> bool:
        return self.num != self.den

    @property
    def multiple(self) -> int:
        """The whole factor of a view that repeats each canvas pixel, or 0."""
        return self.num if self.den == 1 and self.num > 1 else 0

    def to_canvas(self, pos) -> tuple[int, int]:
        view = self.view
        if not self.scaled:
            return int(pos[0]) - view.x, int(pos[1]) - view.y
        return (math.floor((pos[0] - view.x) * self.den / self.num),
                math.floor((pos[1] - view.y) * self.den / self.num))

    def to_window(self, pos) -> tuple[int, int]:
        view = self.view
        return (round(view.x + pos[0] * self.num / self.den), round(view.y + pos[1] * self.num / self.den))

    def _win(self, rect: pygame.Rect) -> pygame.Rect:
        """A canvas rect on the scale's grid, in window pixels."""
        n, d = self.num, self.den
        return pygame.Rect(self.view.x + rect.x * n // d, self.view.y + rect.y * n // d,
                           rect.w * n // d, rect.h * n // d)

    # -- presenting -------------------------------------------------------------------------------
    def present(self, canvas: pygame.Surface, window: pygame.Surface,
                areas: list[pygame.Rect] | None = None) -> list[pygame.Rect]:
        """Copy the canvas (or only ``areas`` of it) into the window; returns the window rects
        touched (for ``pygame.display.update``).  A full present also paints the letterbox."""
        bounds = canvas.get_rect()
        full = areas is None
        if areas is None:
            window.fill(LETTERBOX)
            areas = [bounds]
        areas = [a.clip(bounds) for a in areas]
        areas = [a for a in areas if a.w > 0 and a.h > 0]
        touched = []
        if not self.scaled:
            for area in areas:
                window.blit(canvas, area.move(self.view.topleft), area)
                touched.append(area.move(self.view.topleft))
            return [window.get_rect()] if full else touched
        if self.multiple:
            # Each canvas pixel becomes a k x k square: an area alone scales exactly as it does in a
            # full present, no tiles needed.
            for area in areas:
                target = self._win(area)
                window.blit(pygame.transform.scale(canvas.subsurface(area), target.size), target)
                touched.append(target)
            return [window.get_rect()] if full else touched
        smoothscale, blit, buffers = pygame.transform.smoothscale, window.blit, self._buffers
        if self.on_grid:
            same_pixels = (window.get_bitsize() == canvas.get_bitsize() and window.get_masks() == canvas.get_masks())
            # Each area, widened to the scale's grid, scaled on its own: what the whole canvas
            # scaled would show there, in one call instead of a tile at a time.
            for area in areas:
                cell = self.den
                left, top = area.x // cell * cell, area.y // cell * cell
                snapped = pygame.Rect(left, top, -(-area.right // cell) * cell - left,
                                      -(-area.bottom // cell) * cell - top)
                target = self._win(snapped)
                if same_pixels:      # straight into the window (smoothscale checks no format)
                    smoothscale(canvas.subsurface(snapped), target.size, window.subsurface(target))
                else:
                    blit(smoothscale(canvas.subsurface(snapped), target.size), target)
                touched.append(target)
            return [window.get_rect()] if full else touched
        for tile in self._tiles_for(areas, bounds):
            outer, size, target, inside = self._geometry(tile, bounds)
            buffer = buffers.get(size)
            if buffer is None:
                buffer = buffers[size] = pygame.Surface(size, 0, canvas)
            smoothscale(canvas.subsurface(outer), size, buffer)
            blit(buffer, target, inside)
            touched.append(target)
        return [window.get_rect()] if full else touched

    def _geometry(self, tile: pygame.Rect, bounds: pygame.Rect) -> tuple:
        """Where a tile is scaled from (with its margin), to which size, and which part of that
        lands where in the window: worked out once per window size (a frame after a move presents
        fifty tiles)."""
        key = (tile.x, tile.y, bounds.w, bounds.h)
        found = self._geometries.get(key)
        if found is None:
            scale = self.num / self.den
            outer = tile.inflate(2 * self.margin, 2 * self.margin).clip(bounds)
            size = (round(outer.w * scale), round(outer.h * scale))
            target = self._win(tile)
            inside = pygame.Rect(round((tile.x - outer.x) * scale), round((tile.y - outer.y) * scale),
                                 target.w, target.h).clip(pygame.Rect((0, 0), size))
            found = self._geometries[key] = (outer, size, target, inside)
        return (*found[:2], pygame.Rect(found[2]), found[3])

    def _tiles_for(self, areas: list[pygame.Rect], bounds: pygame.Rect) -> list[pygame.Rect]:
        """Every tile whose scaled picture reads a changed pixel (its margin included)."""
        t, m = self.tile, self.margin
        found: dict[tuple[int, int], pygame.Rect] = {}
        for area in areas:
            x0, y0 = max(0, (area.left - m) // t), max(0, (area.top - m) // t)
            x1, y1 = (area.right - 1 + m) // t, (area.bottom - 1 + m) // t
            for ty in range(y0, y1 + 1):
                for tx in range(x0, x1 + 1):
                    if (tx, ty) not in found:
                        tile = pygame.Rect(tx * t, ty * t, t, t).clip(bounds)
                        if tile.w > 0 and tile.h > 0:
                            found[(tx, ty)] = tile
        return list(found.values())


def scales_on_its_grid(num: int, den: int, canvas_size: tuple[int, int]) -> bool:
    """Whether smoothscale (its backend that runs here) at ``num/den`` gives every area whose edges
    lie on multiples of ``den`` exactly as the whole canvas scaled gives it there.  Tried on two
    bands of noise as long as the canvas is wide and tall (the filter works a row and a column at a
    time): each scaled whole, then pieces of it at several places and lengths, every piece must
    equal its part of the whole.  A fraction whose filter drifts (2/3, 6/5) fails at once."""
    cw, ch = canvas_size
    rng = random.Random(num * 1000 + den)
    for size in ((cw, den), (den, ch)):
        band = pygame.image.frombytes(rng.randbytes(size[0] * size[1] * 3), size, "RGB")
        whole = pygame.transform.smoothscale(band, (size[0] * num // den, size[1] * num // den))
        long = max(size) // den        # grid cells along the band
        for start, cells in ((1, 1), (3, long // 2), (long // 3, long - long // 3 - 1)):
            if start < 0 or cells < 1 or start + cells > long:
                continue
            if size[0] > size[1]:
                piece = pygame.Rect(start * den, 0, cells * den, size[1])
            else:
                piece = pygame.Rect(0, start * den, size[0], cells * den)
            scaled = pygame.transform.smoothscale(band.subsurface(piece), (piece.w * num // den, piece.h * num // den))
            part = whole.subsurface(pygame.Rect(piece.x * num // den, piece.y * num // den, *scaled.get_size()))
            if pygame.image.tobytes(scaled, "RGB") != pygame.image.tobytes(part, "RGB"):
                return False
    return True
