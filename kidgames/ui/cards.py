"""The card kit of the card games: faces and backs, cards that fly and flip, a fanned hand whose
selected cards lift, piles with their count, and where each seat sits at a table of 2–5.

Game-neutral: a game says what a face shows with a :class:`CardLook` (a picture, a big number, a
corner value, a colour); nothing here knows a rule.

Faces are laid out at run time from the game's pictures (the Queens' own, in
``kidgames/games/queens/sprites/``, made by ``tools/make_cards.py``) and the app's fonts, rather
than stored as finished card images: a table needs the same card at several sizes (a hand card a
finger picks, a small card in a player's row), and a face drawn at its size is sharp at each. They
are drawn once per look and size and kept by the :class:`CardArt` of the scene that uses them.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import AbstractSet, Callable

import pygame

from kidgames.ui.anim import ease_in_out, lerp
from kidgames.ui.widgets import INK, MIN_TARGET, PAPER, rounded_panel, shade

CARD_RATIO = 1.4            # height / width of every card
SELECT_LIFT = 0.22          # a selected hand card rises by this share of its height
BACK_COLOUR = (70, 96, 170)


@dataclass(frozen=True)
class CardLook:
    """What a card's face shows: ``picture`` (a sprite name), ``number`` (a big number or
    sign, drawn over the lower half), ``corner`` (a small value in the top corner, e.g. points;
    in the top left corner with ``corner_left``, the part of a card that stays in view in a row of
    overlapping cards), ``colour`` (the frame).  ``face_down`` draws the back in ``colour`` instead."""

    picture: str | None = None
    number: str | None = None
    corner: str | None = None
    colour: tuple[int, int, int] = (250, 200, 80)
    face_down: bool = False
    corner_left: bool = False


BACK = CardLook(face_down=True, colour=BACK_COLOUR)


def card_size(width: int) -> tuple[int, int]:
    return width, round(width * CARD_RATIO)


def width_to_fit(height: float, widest: int) -> int:
    """The width of the widest card (up to ``widest``) no higher than ``height``."""
    return min(widest, int(height / CARD_RATIO))


class CardArt:
    """Card faces and backs by look and size, drawn once (one per scene: it holds surfaces)."""

    def __init__(self, assets) -> None:
        self.assets = assets
        self._cache: dict[tuple, pygame.Surface] = {}

    @staticmethod
    def card_look(card: str) -> CardLook:
        """What a card of the game shows (each game's card kit says)."""
        raise NotImplementedError

    def kept(self, key: tuple, draw: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The surface ``draw`` makes, drawn once per ``key`` and kept."""
        surf = self._cache.get(key)
        if surf is None:
            surf = self._cache[key] = draw()
        return surf

    def surface(self, look: CardLook, width: int) -> pygame.Surface:
        return self.kept((look, width), lambda: self._back(look.colour, width) if look.face_down else
                         self._face(look, width))

    def turned(self, look: CardLook, width: int, angle: float) -> pygame.Surface:
        """The card turned by ``angle`` degrees (a fanned hand card), drawn once per angle."""
        angle = round(angle, 2)
        if not angle:
            return self.surface(look, width)
        return self.kept(("turned", look, width, angle),
                         lambda: pygame.transform.rotozoom(self.surface(look, width), angle, 1.0))

    def ring(self, width: int, angle: float, colour, margin: int = 7) -> pygame.Surface:
        """The glow behind a selected card of ``width``, turned with it by ``angle`` degrees."""
        angle = round(angle, 2)
        key = ("ring", width, angle, tuple(colour), margin)
        surf = self._cache.get(key)
        if surf is None:
            w, h = card_size(width)
            surf = pygame.Surface((w + 2 * margin, h + 2 * margin), pygame.SRCALPHA)
            pygame.draw.rect(surf, colour, surf.get_rect(), border_radius=width // 6)
            if angle:
                surf = pygame.transform.rotozoom(surf, angle, 1.0)
            self._cache[key] = surf
        return surf

    def panel(self, surface: pygame.Surface, rect: pygame.Rect, colour, radius: int = 22, border=None,
              border_width: int = 4, shadow: int = 6) -> None:
        """``widgets.rounded_panel`` (a player's panel, a banner), painted once per size and look
        with its shadow and kept (:meth:`plate`): a redraw only blits it."""
        surface.blit(self.plate(rect.size, colour, radius, border, border_width, shadow), rect.topleft)

    def plate(self, size: tuple[int, int], colour, radius: int = 22, border=None, border_width: int = 4,
              shadow: int = 6) -> pygame.Surface:
        """The picture :meth:`panel` blits for a panel of ``size``, painted at its first use and kept
        (made ahead, it costs that frame nothing: a seat panel's lit look, see SeatPanel.ahead)."""
        key = ("panel", tuple(size), tuple(colour), radius, tuple(border) if border else None, border_width, shadow)
        plate = self._cache.get(key)
        if plate is None:
            w, h = size
            plate = pygame.Surface((w, h + shadow), pygame.SRCALPHA)
            rounded_panel(plate, pygame.Rect(0, 0, w, h), colour, radius, border, border_width, shadow)
            self._cache[key] = plate
        return plate

    def _blank(self, width: int, fill, border) -> pygame.Surface:
        w, h = card_size(width)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(6, w // 9)
        pygame.draw.rect(surf, (0, 0, 0, 70), pygame.Rect(2, 4, w - 2, h - 4), border_radius=radius)
        pygame.draw.rect(surf, fill, pygame.Rect(0, 0, w - 2, h - 4), border_radius=radius)
        pygame.draw.rect(surf, border, pygame.Rect(0, 0, w - 2, h - 4), max(2, w // 30), border_radius=radius)
        return surf

    def _face(self, look: CardLook, width: int) -> pygame.Surface:
        surf = self._blank(width, PAPER, shade(look.colour, 0.7))
        w, h = surf.get_width() - 2, surf.get_height() - 4
        inner = pygame.Rect(0, 0, w, h).inflate(-max(6, w // 9), -max(6, w // 9))
        pygame.draw.rect(surf, look.colour, inner, border_radius=max(4, w // 12))
        pygame.draw.rect(surf, shade(look.colour, 1.25), inner.inflate(-w // 10, -w // 10),
                         border_radius=max(4, w // 14))
        has_number = look.number is not None
        if look.picture:
            size = int(w * (0.62 if has_number else 0.8))
            pic = self.assets.image(look.picture, size)
            centre_y = inner.top + inner.h * (0.36 if has_number else 0.52)
            surf.blit(pic, pic.get_rect(center=(w // 2, round(centre_y))))
        if has_number:
            size = int(w * (0.62 if look.picture else 0.85))
            num = self.assets.text(look.number, size, (255, 255, 255), title=True, outline=INK)
            y = inner.top + inner.h * (0.78 if look.picture else 0.5)
            surf.blit(num, num.get_rect(center=(w // 2, round(y))))
        if look.corner is not None:
            r = max(12, w // 6)
            centre = (inner.left + r - 2 if look.corner_left else inner.right - r + 2, inner.top + r - 2)
            pygame.draw.circle(surf, (255, 255, 255), centre, r)
            pygame.draw.circle(surf, shade(look.colour, 0.6), centre, r, max(2, w // 40))
            value = self.assets.fit_text(look.corner, int(r * 1.3), INK, int(r * 1.8), int(r * 1.8), title=True,
                                         min_size=10)
            surf.blit(value, value.get_rect(center=centre))
        return surf

    def _back(self, colour, width: int) -> pygame.Surface:
        surf = self._blank(width, colour, shade(colour, 0.55))
        w, h = surf.get_width() - 2, surf.get_height() - 4
        inner = pygame.Rect(0, 0, w, h).inflate(-max(8, w // 7), -max(8, w // 7))
        pygame.draw.rect(surf, shade(colour, 1.3), inner, max(2, w // 40), border_radius=max(4, w // 12))
        step = max(8, w // 6)
        light = shade(colour, 1.18)
        for i in range(-inner.h, inner.w, step):         # a diagonal lattice inside the frame
            pygame.draw.line(surf, light, (inner.x + i, inner.y), (inner.x + i + inner.h, inner.bottom), 2)
            pygame.draw.line(surf, light, (inner.x + i + inner.h, inner.y), (inner.x + i, inner.bottom), 2)
        pygame.draw.rect(surf, colour, inner.inflate(-w // 2.2, -w // 2.2), border_radius=w // 8)
        star = self.assets.image("sparkles", w // 3)
        surf.blit(star, star.get_rect(center=inner.center))
        return surf


@dataclass
class CardSprite:
    """A card moving over the table: it flies between two points (its centre) and may flip.

    ``flip`` runs 0..1 over the flight: the card narrows to an edge showing ``look_from`` and
    widens again showing ``look``.  ``progress`` is set by the scene's animation steps."""

    look: CardLook
    start: tuple[float, float]
    end: tuple[float, float]
    width: int
    end_width: int | None = None
    look_from: CardLook | None = None       # the side shown before the flip (None: no flip)
    arc: float = 60.0                       # how high the flight rises
    progress: float = 0.0
    secret_of: int | None = None            # the seat whose private card's face this is, if any

    @property
    def centre(self) -> tuple[float, float]:
        t = self.progress
        x, y = lerp(self.start[0], self.end[0], t), lerp(self.start[1], self.end[1], t)
        return x, y - math.sin(math.pi * t) * self.arc

    @property
    def current_width(self) -> int:
        return round(lerp(self.width, self.end_width or self.width, self.progress))

    def showing(self) -> tuple[CardLook, float]:
        """The side shown now and the horizontal squeeze (1 = full width)."""
        if self.look_from is None:
            return self.look, 1.0
        t = self.progress
        squeeze = abs(math.cos(math.pi * t))
        return (self.look_from if t < 0.5 else self.look), max(0.04, squeeze)

    def rect(self) -> pygame.Rect:
        w, h = card_size(self.current_width)
        return pygame.Rect(0, 0, w + 4, h + 4).move_to(center=(round(self.centre[0]), round(self.centre[1])))

    def draw(self, surface: pygame.Surface, art: CardArt) -> None:
        look, squeeze = self.showing()
        face = art.surface(look, self.current_width)
        if squeeze < 0.999:
            face = pygame.transform.smoothscale(face, (max(1, round(face.get_width() * squeeze)), face.get_height()))
        surface.blit(face, face.get_rect(center=(round(self.centre[0]), round(self.centre[1]))))


def fly(anim, sprite: CardSprite, sprites: list, duration: float, *, start=None, end=None) -> None:
    """Queue ``sprite``'s flight on ``anim``: it joins ``sprites`` (what the scene draws on top)
    when the step begins and leaves it when the step ends."""
    def begin() -> None:
        sprite.progress = 0.0
        sprites.append(sprite)
        if start:
            start()

    def finish() -> None:
        if sprite in sprites:
            sprites.remove(sprite)
        if end:
            end()

    def update(t: float) -> None:
        sprite.progress = t

    anim.add(duration, update, start=begin, end=finish, easing=ease_in_out)


def reshuffle(anim, sprites: list, count: int, discard_at, draw_at, width: int, set_piles, *,
              sound=None, shown: int = 5, duration: float = 0.16) -> None:
    """Queue a reshuffle on ``anim``: the discard pile is gathered (``set_piles(0, [])`` empties
    both piles of the scene's view), a few backs fly from the discard pile at ``discard_at`` to the
    draw pile at ``draw_at`` (``shown`` at most, each ``duration`` seconds), then the draw pile holds
    ``count`` cards (``set_piles(count, [])``) and ``sound`` plays (an animation step's sound)."""
    anim.call(lambda: set_piles(0, []))
    for _ in range(min(shown, count)):
        fly(anim, CardSprite(BACK, discard_at, draw_at, width, arc=40), sprites, duration)
    anim.call(lambda: set_piles(count, []))
    if sound is not None:
        anim.call(sound)


@dataclass
class HandLayout:
    """A hand fanned along the bottom of ``area``: where each of ``count`` cards lies, and which
    card a tap hits (the one drawn on top)."""

    area: pygame.Rect
    count: int
    width: int = 150
    max_angle: float = 14.0
    selected: set = field(default_factory=set)

    def card_rects(self) -> list[pygame.Rect]:
        w, h = card_size(self.width)
        if self.count == 0:
            return []
        step = min(w + 14, (self.area.w - w) / max(1, self.count - 1)) if self.count > 1 else 0
        total = w + step * (self.count - 1)
        left = self.area.centerx - total / 2
        lowest = ((self.count - 1) / 2) ** 2 * 6
        rects = []
        for i in range(self.count):
            rect = pygame.Rect(0, 0, w, h)
            bow = abs(i - (self.count - 1) / 2) ** 2 * 6      # the fan's outer cards sit lower
            rect.topleft = (round(left + i * step), round(self.area.bottom - h - lowest + bow))
            if i in self.selected:
                rect.y -= round(h * SELECT_LIFT)
            rects.append(rect)
        return rects

    def angle(self, i: int) -> float:
        if self.count < 2:
            return 0.0
        return -self.max_angle * (i - (self.count - 1) / 2) / ((self.count - 1) / 2)

    def hit(self, pos) -> int | None:
        for i, rect in reversed(list(enumerate(self.card_rects()))):
            # the tappable part of a card under its right neighbour is still at least MIN_TARGET wide
            if rect.collidepoint(pos):
                return i
        return None

    def draw(self, surface: pygame.Surface, art: CardArt, looks: list[CardLook], skip: AbstractSet[int] = frozenset(),
             ring=(255, 215, 40)) -> None:
        clip = surface.get_clip()
        for i, (rect, look) in enumerate(zip(self.card_rects(), looks)):
            if i in skip or not clip.colliderect(self.drawn_rect(i, rect)):
                continue
            angle = self.angle(i)
            if i in self.selected:     # the glow leans with its card
                glow = art.ring(self.width, angle, ring)
                surface.blit(glow, glow.get_rect(center=rect.center))
            face = art.turned(look, self.width, angle)
            surface.blit(face, face.get_rect(center=rect.center))

    def drawn_rect(self, i: int, rect: pygame.Rect | None = None) -> pygame.Rect:
        """The area card ``i`` covers on screen, turned and with its glow (for partial redraws)."""
        rect = rect if rect is not None else self.card_rects()[i]
        a = math.radians(self.angle(i))
        w, h = rect.w + 16, rect.h + 16
        cos, sin = abs(math.cos(a)), abs(math.sin(a))
        out = pygame.Rect(0, 0, math.ceil(w * cos + h * sin) + 2, math.ceil(w * sin + h * cos) + 2)
        return out.move_to(center=rect.center)

    def bounds(self) -> pygame.Rect | None:
        """The area the whole hand covers on screen (None for an empty hand)."""
        rects = [self.drawn_rect(i, r) for i, r in enumerate(self.card_rects())]
        return rects[0].unionall(rects[1:]) if rects else None


def draw_pile(surface: pygame.Surface, art: CardArt, centre, width: int, count: int, top: CardLook | None,
              label_colour=INK, assets=None) -> pygame.Rect:
    """A pile of ``count`` cards (a few edges show its thickness), ``top`` face up or the back,
    and its count in a badge under it.  Returns the pile's area."""
    w, h = card_size(width)
    rect = pygame.Rect(0, 0, w, h).move_to(center=centre)
    if count == 0:
        pygame.draw.rect(surface, shade(label_colour, 2.5), rect, 4, border_radius=w // 9)
    else:
        edges = min(6, (count + 7) // 8)
        face = art.surface(top or BACK, width)
        for k in range(edges, 0, -1):
            surface.blit(face, rect.move(k * 2, k * 2))
        surface.blit(face, rect)
    if assets is not None:
        badge = _badge(rect)
        pygame.draw.rect(surface, PAPER, badge, border_radius=22)
        pygame.draw.rect(surface, shade(label_colour, 1.0), badge, 3, border_radius=22)
        num = assets.text(str(count), 38, label_colour, title=True)
        surface.blit(num, num.get_rect(center=badge.center))
    return rect


def _badge(pile: pygame.Rect) -> pygame.Rect:
    """Where a pile's count lies: under it."""
    return pygame.Rect(0, 0, max(MIN_TARGET, 80), 54).move_to(midtop=(pile.centerx, pile.bottom + 12))


def pile_bounds(centre, width: int, badge: bool = True) -> pygame.Rect:
    """The area :func:`draw_pile` may paint for a pile at ``centre`` (its edges and its badge)."""
    rect = pygame.Rect((0, 0), card_size(width)).move_to(center=centre)
    area = rect.union(rect.move(12, 12))
    return (area.union(_badge(rect)) if badge else area).inflate(6, 6)


def card_rows(area: pygame.Rect, count: int, max_width: int, target: int = MIN_TARGET,
              gap: int = 12) -> list[pygame.Rect]:
    """Where ``count`` cards lie in ``area``: one row from the left, overlapping when they must,
    or, when one row would leave less than ``target`` of a card in view, overlapping rows (each row
    lies over the one before it, lower down).  Every card keeps a part in view at least ``target``
    × ``target`` (its left strip; in a row behind, the top of that strip), so a finger can tap it;
    the cards are as wide as that allows, up to ``max_width``.  Later cards lie on top.  Only when
    even ``target``-wide cards cannot keep that much in view do they overlap more."""
    if count <= 0:
        return []
    rows = 1
    while True:
        per_row = -(-count // rows)
        tallest = area.h - (rows - 1) * target            # the front row whole, the others' tops
        width = min(width_to_fit(tallest, max_width), area.w - target * (per_row - 1))
        fits = width >= target
        deeper = area.h - rows * target >= round(target * CARD_RATIO)    # room for one more row?
        if fits or not deeper:
            break
        rows += 1
    if not fits:
        width = max(1, min(width_to_fit(tallest, max_width), target))
    w, h = card_size(width)
    step_x = min(w + gap, (area.w - w) / (per_row - 1)) if per_row > 1 else 0
    step_y = min(h + gap, (area.h - h) / (rows - 1)) if rows > 1 else 0
    top = area.centery - (h + step_y * (rows - 1)) / 2
    return [pygame.Rect(round(area.x + (i % per_row) * step_x), round(top + (i // per_row) * step_y), w, h)
            for i in range(count)]


def seat_rects(count: int, area: pygame.Rect, gap: int = 10, tallest: int = 240) -> list[pygame.Rect]:
    """The panels of ``count`` seats (2–5) stacked in ``area``, each as tall as fits (``tallest`` at most)."""
    h = min(tallest, (area.h - gap * (count - 1)) // count)
    return [pygame.Rect(area.x, area.y + i * (h + gap), area.w, h) for i in range(count)]
