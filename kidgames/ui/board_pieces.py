"""Drawing every board game on this screen shares: pawns that hop along a path and stand side by
side on a shared space, dice and the player panel.  Each game keeps its own look (a Knights
helmet, a Forest card fan) and calls these for the rest; the pieces on a game's table that use
them (a die, the pawns, the banner) are in kidgames/ui/pieces.py."""
from __future__ import annotations

import math
import random

import pygame

from kidgames.ui.widgets import INK, PAPER, PAWN_RGB, draw_pawn, rounded_panel, shade

PAWN_SPACING = 0.8     # pawns sharing a space stand side by side, this many pawn sizes apart
PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


# -- pawns ---------------------------------------------------------------------------------------
def fit_board(size, area: pygame.Rect, margin: int) -> tuple[float, tuple[float, float]]:
    """The scale and the top-left offset that fit a board of ``size`` (its own units) into ``area``
    less ``margin`` all round, centred and keeping its shape."""
    bw, bh = size
    inner = area.inflate(-2 * margin, -2 * margin)
    scale = min(inner.w / bw, inner.h / bh)
    return scale, (inner.x + (inner.w - bw * scale) / 2, inner.y + (inner.h - bh * scale) / 2)


def side_by_side(pawn_xy, moving: int | None, size: float,
                 spacing: float = PAWN_SPACING) -> list[tuple[int, float, float]]:
    """Where each pawn stands, in drawing order: pawns sharing a space stand side by side (two
    rows from four on), the ``moving`` one on top of everything."""
    groups: dict[tuple[int, int], list[int]] = {}
    for p, xy in enumerate(pawn_xy):
        if p != moving:
            groups.setdefault((round(xy[0]), round(xy[1])), []).append(p)
    places = []
    step = size * spacing
    for (x, y), members in groups.items():
        rows = [members] if len(members) <= 3 else [members[:len(members) // 2], members[len(members) // 2:]]
        for r, row in enumerate(rows):
            dy = 0 if len(rows) == 1 else (-0.28 if r == 0 else 0.28) * size
            for k, p in enumerate(row):
                places.append((p, x + (k - (len(row) - 1) / 2) * step, y + dy))
    if moving is not None:
        mx, my = pawn_xy[moving]
        places.append((moving, mx, my))
    places.sort(key=lambda item: (item[0] == moving, item[2]))
    return places


def pawn_rect(x: float, y: float, lift: float, size: float) -> pygame.Rect:
    """Everything a pawn standing (or hopping ``lift`` high) at x, y paints: a plume, shaking,
    its shadow on the ground and the ring of the current player."""
    top = y - 14 - max(0.0, lift) - size * 1.1
    bottom = y + 44 + max(0.0, -lift)
    half = size * 0.75 + 10
    return pygame.Rect(math.floor(x - half), math.floor(top), math.ceil(2 * half) + 1, math.ceil(bottom - top) + 1)


def draw_pawn_at(surface: pygame.Surface, seat, x: float, y: float, size: int, lift: float = 0.0,
                 ring: bool = False, shake: float = 0.0, helmet: bool = False) -> None:
    """One pawn standing at x, y (its feet), in the white ring of the current player if ``ring``."""
    if ring:
        pygame.draw.circle(surface, (255, 255, 255), (x, y + 4), 34, 5)
    draw_pawn(surface, seat.colour, seat.shape, (x + shake, y - 14), size, lift=lift, helmet=helmet)


# -- dice ----------------------------------------------------------------------------------------
def draw_die(surface: pygame.Surface, centre, size: int, value: int | None, rim, angle: float = 0.0,
             jump: float = 0.0, pulse: float = 1.0) -> None:
    """A big die showing ``value``, rimmed in the thrower's colour, tumbling by ``angle`` and
    ``jump``; ``pulse`` swells it a little (an invitation to tap) over a shadow that stays.  A die
    waiting to be thrown (``value`` None) shows no number: a grey question mark."""
    scaled = int(size * pulse)
    die = pygame.Surface((scaled, scaled), pygame.SRCALPHA)
    pygame.draw.rect(die, shade(rim, 0.6), die.get_rect(), border_radius=scaled // 5)
    pygame.draw.rect(die, (255, 255, 252), die.get_rect().inflate(-12, -12), border_radius=scaled // 5)
    pip_r = scaled // 12
    c, q = scaled / 2, scaled / 4.2
    if value is None:
        _question_mark(die, c, scaled)
    else:
        for sx, sy in PIPS[value]:
            pygame.draw.circle(die, (40, 30, 30) if value != 1 else (210, 40, 40), (c + sx * q, c + sy * q), pip_r)
    if angle:
        die = pygame.transform.rotate(die, angle)
    shadow = pygame.Surface((size, 30), pygame.SRCALPHA)
    pygame.draw.ellipse(shadow, (0, 0, 0, 60), shadow.get_rect())
    surface.blit(shadow, shadow.get_rect(center=(centre[0], centre[1] + size // 2 + 10)))
    surface.blit(die, die.get_rect(center=(centre[0], centre[1] - jump)))


def _question_mark(die: pygame.Surface, c: float, size: int) -> None:
    """A grey "?" drawn with lines (a die face has no font): a hook, a stem and a dot."""
    grey = (165, 160, 170)
    width = max(3, size // 12)
    r = size * 0.17
    hook = pygame.Rect(0, 0, 2 * r, 2 * r)
    hook.center = (round(c), round(c - size * 0.14))
    pygame.draw.arc(die, grey, hook, -math.pi / 2.2, math.pi, width)
    top = (c, c - size * 0.14 + r * 0.95)
    pygame.draw.line(die, grey, (c + r * 0.35, c - size * 0.14 + r * 0.78), top, width)
    pygame.draw.line(die, grey, top, (c, c + size * 0.12), width)
    pygame.draw.circle(die, grey, (round(c), round(c + size * 0.27)), max(2, round(width * 0.8)))


def tumble_faces(seed: int, count: int = 12) -> list[int]:
    """The faces a tumbling die shows before it settles (the same on every redraw of a turn)."""
    rng = random.Random(seed)
    return [rng.randint(1, 6) for _ in range(count)]


#: Canvas pixels kept between a name and the badge beside it (a card won, a waiting field's throw).
NAME_GAP = 8


# -- the player panel ----------------------------------------------------------------------------
def draw_player_panel(surface: pygame.Surface, assets, rect: pygame.Rect, seat, current: bool,
                      helmet: bool = False, reserve: int = 0, levels: bool = False) -> int:
    """One player's row in the side panel: their pawn, name and (for a computer) a robot, with
    its level where the game has levels; the current player's row in their colour.  ``reserve`` keeps that much room on the right for the
    game's own badges; returns the x where they end (draw them leftwards from there)."""
    fill = shade(PAWN_RGB[seat.colour], 1.0) if current else PAPER
    rounded_panel(surface, rect, fill, radius=20, border=(255, 210, 40) if current else (200, 180, 140),
                  border_width=7 if current else 3, shadow=4)
    draw_pawn(surface, seat.colour, seat.shape, (rect.x + 44, rect.centery + 8), 54, helmet=helmet)
    ink = (255, 255, 255) if current else INK
    # a name shrinks, or is cut with an ellipsis, in its room: a little gap before the game's badge
    room = rect.w - 98 - (48 if seat.is_computer else 0) - (reserve + NAME_GAP if reserve else 0)
    name = assets.fit_text(seat.name, 32, ink, room, rect.h - 8, title=True,
                           outline=shade(PAWN_RGB[seat.colour], 0.5) if current else None)
    surface.blit(name, name.get_rect(midleft=(rect.x + 86, rect.centery)))
    right = rect.right - 12
    if seat.is_computer:
        draw_robot(surface, assets, seat, (right - 20, rect.centery), 34 if levels else 40, levels=levels)
        right -= 48
    return right


def draw_robot(surface: pygame.Surface, assets, seat, centre, size: int = 40, levels: bool = True) -> None:
    """A computer's seat: a robot and, where the game's computers have levels, its level under it
    as 1, 2 or 3 golden stars of three, or a heart for fair (as the setup screen shows it)."""
    from kidgames.core.seats import FAIR, LEVELS, STARRED
    robot = assets.image("robot", size)
    if not levels or seat.level not in LEVELS:
        surface.blit(robot, robot.get_rect(center=centre))
        return
    star_size = max(10, round(size * 0.42))
    top = centre[1] - (size + star_size) // 2 + 2
    surface.blit(robot, robot.get_rect(midtop=(centre[0], top)))
    y = top + size + star_size // 2 - 2
    if seat.level == FAIR:
        heart = assets.image("heart", star_size)
        surface.blit(heart, heart.get_rect(center=(centre[0], y)))
        return
    star = assets.image("star", star_size)
    pale = _pale(star)
    lit = STARRED.index(seat.level) + 1
    for k in range(len(STARRED)):
        picture = star if k < lit else pale
        surface.blit(picture, picture.get_rect(center=(centre[0] + (k - 1) * (star_size - 1), y)))


_PALE: dict[int, pygame.Surface] = {}


def _pale(star: pygame.Surface) -> pygame.Surface:
    pale = _PALE.get(id(star))
    if pale is None:
        pale = _PALE[id(star)] = star.copy()
        pale.set_alpha(70)
    return pale


def draw_badge(surface: pygame.Surface, assets, midright, sprite: str, number: int) -> pygame.Rect:
    """A white badge with a picture and a number (the throw that frees a knight, cards won)."""
    badge = pygame.Rect(0, 0, 86, 56)
    badge.midright = midright
    pygame.draw.rect(surface, (255, 255, 255), badge, border_radius=16)
    pygame.draw.rect(surface, (200, 150, 60), badge, 3, border_radius=16)
    pic = assets.image(sprite, 44)
    surface.blit(pic, pic.get_rect(midleft=(badge.x + 4, badge.centery)))
    num = assets.text(str(number), 34, (200, 40, 40), title=True)
    surface.blit(num, num.get_rect(midright=(badge.right - 8, badge.centery)))
    return badge


# -- the painted board ---------------------------------------------------------------------------
def paint_meadow(size, area: pygame.Rect, fill, patches, count: int, seed: int,
                 size_first: bool = False) -> tuple[pygame.Surface, random.Random]:
    """A board's ground, the whole canvas ``size`` in ``fill`` with ``count`` soft patches of the
    ``patches`` colours over ``area``, and the generator that scattered them (seeded with ``seed``;
    the board's scenery goes on drawing from it, so a board is painted the same every time).
    ``size_first``: each patch's size is drawn before its place (the Knights' meadow)."""
    surf = pygame.Surface(size)
    surf.fill(fill)
    rng = random.Random(seed)
    w, h = area.size
    for _ in range(count):
        colour = rng.choice(patches)
        if size_first:
            r = rng.randint(20, 70)
            x, y = rng.randint(0, w), rng.randint(0, h)
        else:
            x, y, r = rng.randint(0, w), rng.randint(0, h), rng.randint(20, 70)
        pygame.draw.circle(surf, colour, (x, y), r)
    return surf, rng


def paint_road(surf: pygame.Surface, lines, colour, width: int, radius: int = 0) -> None:
    """Roads ``width`` wide in ``colour`` along each of ``lines`` (lists of points), rounded by a
    disc of ``radius`` on each point (an edge under a narrower road, or the road itself)."""
    for line in lines:
        pygame.draw.lines(surf, colour, False, line, width)
    if radius:
        for point in [point for line in lines for point in line]:
            pygame.draw.circle(surf, colour, point, radius)


def paint_discs(surf: pygame.Surface, points, rings) -> None:
    """Discs of each of ``rings`` ((radius, colour), the widest first) on all the ``points``: a
    lake, a hill, the ground around a tree."""
    for radius, colour in rings:
        for point in points:
            pygame.draw.circle(surf, colour, point, radius)


def paint_decorations(surf: pygame.Surface, assets, decorations: list[dict], to_canvas,
                      size: int) -> list[tuple[float, float, int]]:
    """The board file's decorations (a sprite at a point, ``size`` unless it says), and where they
    lie ((x, y, size), for :func:`scatter_scenery` to keep clear of)."""
    placed = []
    for deco in decorations:
        deco_size = int(deco.get("size", size))
        x, y = to_canvas(deco["at"])
        pic = assets.image(deco["sprite"], deco_size)
        surf.blit(pic, pic.get_rect(center=(x, y)))
        placed.append((x, y, deco_size))
    return placed


def scatter_scenery(surf: pygame.Surface, assets, rng: random.Random, area: pygame.Rect, names, *,
                    points, segments, placed: list, limit: int, small: tuple[int, int],
                    big: tuple[int, int], point_gap: tuple[float, float],
                    road_gap: tuple[float, float]) -> None:
    """Trees, flowers and mushrooms (sprite ``names``) scattered over a painted board, the same
    every time for the same ``rng`` seed.  A picture of size s keeps ``base + factor * s`` (the
    ``point_gap`` and ``road_gap`` pairs) away from every space in ``points`` and every road in
    ``segments``, and clear of the pictures already ``placed`` ((x, y, size), extended here)."""
    for _ in range(900):
        if len(placed) > limit:
            break
        name = rng.choice(names)
        size = rng.randint(*small) if name in ("flower", "mushroom") else rng.randint(*big)
        x, y = rng.uniform(area.left + 30, area.right - 30), rng.uniform(area.top + 30, area.bottom - 30)
        if any(math.dist((x, y), p) < point_gap[0] + size * point_gap[1] for p in points):
            continue
        if any(math.dist((x, y), (px, py)) < (size + ps) * 0.45 for px, py, ps in placed):
            continue
        if any(near_segment((x, y), a, b, road_gap[0] + size * road_gap[1]) for a, b in segments):
            continue
        pic = assets.image(name, size)
        surf.blit(pic, pic.get_rect(center=(x, y)))
        placed.append((x, y, size))


def near_segment(p, a, b, dist: float) -> bool:
    """Whether point ``p`` lies within ``dist`` of the segment from ``a`` to ``b``."""
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return math.dist(p, a) < dist
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.dist(p, (ax + t * dx, ay + t * dy)) < dist
