"""Buttons and drawing helpers: big, friendly, finger-sized, no hover needed."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

from kidgames.ui.input import DOUBLE_TAP

INK = (52, 38, 28)
PAPER = (255, 248, 230)
SHADOW = (0, 0, 0, 70)
PAWN_RGB = {
    "red": (222, 52, 52), "blue": (45, 110, 230), "green": (40, 160, 70),
    "yellow": (245, 200, 30), "purple": (150, 70, 200), "orange": (245, 130, 30),
}
BUTTON_COLOURS = {
    "green": (88, 182, 86), "blue": (76, 140, 230), "orange": (245, 160, 60),
    "red": (226, 88, 80), "grey": (190, 184, 170), "gold": (245, 200, 70), "paper": PAPER,
}
MIN_TARGET = 72   # the smallest thing on a table a child's finger should have to hit, in canvas pixels
#: The smallest button, in canvas pixels: 60 window pixels on the smallest screen played on
#: (1024x768, full screen: the canvas at 0.64; a window on a larger screen shows it larger, see
#: ui/app.opens_full_screen), rounded up.
MIN_BUTTON = 96


def shade(colour, factor: float):
    return tuple(max(0, min(255, int(c * factor))) for c in colour[:3])


def rounded_panel(surface: pygame.Surface, rect: pygame.Rect, colour, radius: int = 22,
                  border=None, border_width: int = 4, shadow: int = 6) -> None:
    if shadow:
        surface.blit(_shadow(rect.w, rect.h, radius), (rect.x, rect.y + shadow))
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    if border is not None:
        pygame.draw.rect(surface, border, rect, border_width, border_radius=radius)


def _shadow(w: int, h: int, radius: int) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, SHADOW, surf.get_rect(), border_radius=radius)
    return surf


def dim(surface: pygame.Surface, colour=(20, 20, 40, 150)) -> None:
    """Dim the whole surface towards ``colour`` by its alpha: the same as blitting a translucent
    sheet, done with two blending fills (no sheet to make or keep)."""
    r, g, b, a = colour
    keep = 255 - a
    surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)
    surface.fill((r * a // 255, g * a // 255, b * a // 255), special_flags=pygame.BLEND_RGB_ADD)


def overlay_panel(surface: pygame.Surface, rect: pygame.Rect | None, veil=(20, 20, 40, 150),
                  border=(200, 160, 80), border_width: int = 6, shadow: int = 8) -> None:
    """Dim what lies below an overlay, then draw the overlay's paper panel (if ``rect``)."""
    dim(surface, tuple(veil))
    if rect is not None:
        rounded_panel(surface, rect, PAPER, radius=36, border=border, border_width=border_width, shadow=shadow)


def draw_pawn(surface: pygame.Surface, colour: str, shape: str, centre, size: int,
              lift: float = 0.0, highlight: bool = False, helmet: bool = False) -> None:
    """A pawn: a coloured body with a white emblem of its shape, standing on a soft shadow;
    ``helmet`` makes it a knight (a silver helmet with a plume in the pawn's colour)."""
    x, y = centre
    rgb = PAWN_RGB.get(colour, (128, 128, 128))
    shadow = pygame.Surface((size, size // 3), pygame.SRCALPHA)
    alpha = max(30, 90 - int(lift))
    pygame.draw.ellipse(shadow, (0, 0, 0, alpha), shadow.get_rect())
    surface.blit(shadow, (x - size // 2, y + size * 0.32 - size // 6))
    y -= lift
    if highlight:
        pygame.draw.circle(surface, (255, 255, 255), (x, y - size * 0.1), size * 0.62)
    body = pygame.Rect(0, 0, size * 0.8, size * 0.62)
    body.midbottom = (x, y + size * 0.38)
    head_r = size * 0.22
    head = (x, body.top - head_r * 0.6)
    dark = shade(rgb, 0.55)
    pygame.draw.ellipse(surface, dark, body.inflate(6, 6))
    pygame.draw.circle(surface, dark, head, head_r + 3)
    pygame.draw.ellipse(surface, rgb, body)
    if helmet:
        _knight_helmet(surface, head, head_r, rgb, dark)
    else:
        pygame.draw.circle(surface, rgb, head, head_r)
        pygame.draw.circle(surface, shade(rgb, 1.35), (head[0] - head_r * 0.35, head[1] - head_r * 0.35),
                           head_r * 0.3)
    draw_shape(surface, shape, (x, body.centery + 2), size * 0.2, (255, 255, 255))


def _knight_helmet(surface: pygame.Surface, head, r: float, rgb, dark) -> None:
    hx, hy = head
    plume = [(hx - r * 0.2, hy - r * 0.8), (hx + r * 0.1, hy - r * 1.9), (hx + r * 1.1, hy - r * 1.6),
             (hx + r * 0.5, hy - r * 0.7)]
    pygame.draw.polygon(surface, dark, plume)
    pygame.draw.polygon(surface, shade(rgb, 1.2), [(px - 1, py + 1) for px, py in plume[:3]] + [plume[3]])
    pygame.draw.circle(surface, (70, 74, 84), head, r + 1)
    pygame.draw.circle(surface, (200, 206, 216), head, r - 1)
    pygame.draw.circle(surface, (238, 242, 248), (hx - r * 0.35, hy - r * 0.4), r * 0.3)
    visor = pygame.Rect(0, 0, r * 1.5, max(2, r * 0.28))
    visor.center = (hx, hy + r * 0.1)
    pygame.draw.rect(surface, (50, 52, 60), visor, border_radius=2)


def draw_shape(surface: pygame.Surface, shape: str, centre, r: float, colour) -> None:
    import math
    x, y = centre
    if shape == "circle":
        pygame.draw.circle(surface, colour, (x, y), r)
        return
    if shape == "square":
        pygame.draw.rect(surface, colour, pygame.Rect(x - r * 0.85, y - r * 0.85, r * 1.7, r * 1.7))
        return
    if shape == "triangle":
        pts = [(x, y - r), (x + r * 0.95, y + r * 0.75), (x - r * 0.95, y + r * 0.75)]
    elif shape == "diamond":
        pts = [(x, y - r * 1.1), (x + r * 0.8, y), (x, y + r * 1.1), (x - r * 0.8, y)]
    elif shape == "star":
        pts = []
        for i in range(10):
            rr = r * 1.1 if i % 2 == 0 else r * 0.45
            a = -math.pi / 2 + i * math.pi / 5
            pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
    else:  # hexagon
        pts = [(x + r * math.cos(math.pi / 3 * i), y + r * math.sin(math.pi / 3 * i)) for i in range(6)]
    pygame.draw.polygon(surface, colour, pts)


@dataclass
class Button:
    """A tappable button with a text and/or a picture.  The second tap of a double tap within
    ``cooldown`` seconds is ignored (0: every tap counts, as on a keyboard's key)."""

    rect: pygame.Rect
    on_tap: Callable[[], None]
    text: str = ""
    icon: str | None = None
    colour: str = "paper"
    text_size: int = 34
    enabled: bool = True
    visible: bool = True
    selected: bool = False
    cooldown: float = DOUBLE_TAP
    name: str = ""
    # A button that cannot act (``enabled`` False) is drawn grey with no shine; a tap on it calls
    # ``why`` (which says why, in words and a picture) when it is given.
    why: Callable[[], None] | None = field(default=None, repr=False)
    badge: str | None = None        # a small picture in the lower right corner (the prompt's speaker)
    # A choice that loses something (the witch takes cards, a queen is given up): the hand of a
    # prompt that comes back never points at it while a choice that loses nothing is offered.
    costs: bool = False
    pressed: bool = field(default=False, repr=False)

    def handle(self, pointer) -> bool:
        """Returns True when the pointer event was for this button."""
        if not self.visible:
            return False
        if not self.enabled:
            inside = self.rect.collidepoint(pointer.pos)
            if inside and pointer.kind == "tap" and self.why is not None:
                self.why()
                return True
            return inside and self.why is not None and pointer.kind == "down"
        inside = self.rect.collidepoint(pointer.pos)
        if pointer.kind == "down":
            self.pressed = inside
            return inside
        if pointer.kind in ("up", "drag"):
            if pointer.kind == "up":
                self.pressed = False
            return False
        if pointer.kind == "tap" and inside and self.rect.collidepoint(pointer.start or pointer.pos):
            if self.cooldown and pointer.repeats(self.cooldown):
                return True     # the second tap of a double tap
            self.pressed = False
            self.on_tap()
            return True
        return False

    def draw(self, surface: pygame.Surface, assets) -> None:
        if not self.visible:
            return
        base = BUTTON_COLOURS.get(self.colour, PAPER)
        rect = self.rect.move(0, 3 if self.pressed else 0)
        if not self.enabled:
            # grey, flat, its picture grey and faint: it cannot act now
            base = DISABLED_FILL
            rounded_panel(surface, rect, base, radius=min(26, rect.h // 3), border=DISABLED_EDGE,
                          border_width=4, shadow=0)
            ink, outline = DISABLED_INK, None
        else:
            border = (255, 215, 60) if self.selected else shade(base, 0.6)
            rounded_panel(surface, rect, base, radius=min(26, rect.h // 3), border=border,
                          border_width=7 if self.selected else 4, shadow=0 if self.pressed else 6)
            ink = INK if sum(base) > 450 else (255, 255, 255)
            outline = None if sum(base) > 450 else shade(base, 0.5)
        icon_size = min(rect.h - 18, 96)
        if self.icon and self.text:
            pic = self.picture(assets, icon_size)
            label = assets.fit_text(self.text, self.text_size, ink, rect.w - icon_size - 44, rect.h - 12,
                                    title=True, outline=outline)
            total = pic.get_width() + 14 + label.get_width()
            x = rect.centerx - total // 2
            surface.blit(pic, pic.get_rect(midleft=(x, rect.centery)))
            surface.blit(label, label.get_rect(midleft=(x + pic.get_width() + 14, rect.centery)))
        elif self.icon:
            pic = self.picture(assets, icon_size)
            surface.blit(pic, pic.get_rect(center=rect.center))
        else:
            label = assets.fit_text(self.text, self.text_size, ink, rect.w - 24, rect.h - 10, title=True,
                                    outline=outline)
            surface.blit(label, label.get_rect(center=rect.center))
        if self.badge:
            mark = assets.image(self.badge, max(20, rect.h // 3))
            surface.blit(mark, mark.get_rect(bottomright=(rect.right - 4, rect.bottom - 4)))

    def picture(self, assets, size: int) -> pygame.Surface:
        pic = assets.image(self.icon, size)
        if self.enabled:
            return pic
        key = (self.icon, size)
        grey = _GREY_PICTURES.get(key)
        if grey is None:
            grey = pygame.transform.grayscale(pic)
            grey.set_alpha(110)
            grey = _GREY_PICTURES[key] = grey
        return grey


DISABLED_FILL, DISABLED_EDGE, DISABLED_INK = (206, 204, 200), (160, 157, 152), (128, 124, 120)
_GREY_PICTURES: dict[tuple, pygame.Surface] = {}


def vertical_gradient(size, top, bottom) -> pygame.Surface:
    """A surface going from ``top`` to ``bottom`` colour, row by row: one column of its rows'
    colours, stretched sideways (the very pixels of a line per row, at a sixth of the cost: the
    menu's meadow is painted before its first frame)."""
    w, h = size
    span = max(1, h - 1)
    rows = bytes([int(top[i] + (bottom[i] - top[i]) * (y / span)) for y in range(h) for i in range(3)])
    column = pygame.Surface((1, h))
    column.blit(pygame.image.frombuffer(rows, (1, h), "RGB"), (0, 0))
    return pygame.transform.scale(column, (w, h))
