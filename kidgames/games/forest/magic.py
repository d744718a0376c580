"""The magic of a double one on screen: where its three choices stand, and the picture story each
tells of what it does.

**Where.**  The choices (swap two trees, jump to a tree, shuffle the cards) are picture buttons
on the board.  They stand where they cover nothing the child must see: no space (a walk of 1+1
and a jump end on spaces), no tree, no pawn.  :func:`place` finds that spot in the board's own
geometry, so a modified board file gets one too: the biggest buttons that fit, as near as they
can be to the prompt (the words and the picture of "walk or choose a magic"), in a row, a
triangle or a column.

**What each does**, told in a small picture story drawn here (no words: most players cannot
read): two trees crossing places, a pawn flying to a tree that lifts for a look, the wanted card
going back into the stack and a new one coming up.  Each story has a still picture that tells it
with arrows, and a short run (:data:`STORY_TIME` seconds, :data:`STORY_FPS` pictures a second)
that the scene plays when the choice appears and when the prompt comes back; only the playing
story's button is redrawn for it.  A story's picture is a function of its ``t`` alone (None: the
still picture), so a redraw at any moment shows the same pixels.
"""
from __future__ import annotations

import math
from typing import Iterable, Sequence

import pygame

from kidgames.ui.anim import arc, ease_in_out
from kidgames.ui.widgets import draw_pawn

from .art import draw_card

MAGICS = ("swap", "jump", "shuffle")     # the order of the buttons (a row: left to right)

# -- where the choices stand --------------------------------------------------------------------------
#: Button sizes tried, in canvas pixels, the biggest first (96: 60 pixels on a 1024x768 screen).
SIZES = (152, 144, 136, 128, 120, 112, 104, 96)
GRID = 8            # positions are tried this many canvas pixels apart
MIN_GAP = 14        # at least this much between two buttons
SHADOW = 8          # a button's shadow (and its pressed offset) reaches this far below it
#: One pixel more of button size is worth this many pixels nearer the prompt.
SIZE_WEIGHT = 20
#: The arrangements of three buttons, in ``pitch`` units (a button's size and the gap after it).
LAYOUTS: dict[str, tuple[tuple[float, float], ...]] = {
    "row": ((0, 0), (1, 0), (2, 0)),
    "triangle": ((0, 0), (1, 0), (0.5, 1)),
    "column": ((0, 0), (0, 1), (0, 2)),
}


def gap_for(size: int) -> int:
    """The gap between buttons of ``size``: at least :data:`MIN_GAP`, and such that half a pitch
    falls on the grid (a triangle's lower button stands half a pitch in)."""
    pitch = size + MIN_GAP
    return -(-pitch // (2 * GRID)) * 2 * GRID - size


def place(bounds: pygame.Rect, obstacles: Sequence[pygame.Rect], anchor: tuple[float, float],
          count: int = 3) -> list[pygame.Rect] | None:
    """``count`` square buttons inside ``bounds``, each with its shadow clear of every one of
    ``obstacles``: the biggest that fit, nearest to ``anchor`` (see :data:`SIZE_WEIGHT`), or None
    when none of :data:`SIZES` fits anywhere."""
    best: tuple[float, list[pygame.Rect]] | None = None
    for size in SIZES:
        if best is not None and SIZE_WEIGHT * size <= best[0]:
            break                   # a smaller button cannot win, however near
        gap = gap_for(size)
        pitch = size + gap
        free = _free_spots(bounds, obstacles, size)
        if not free:
            continue
        for cells in LAYOUTS.values():
            cells = cells[:count]
            offsets = [(round(cx * pitch), round(cy * pitch)) for cx, cy in cells]
            width = max(dx for dx, _ in offsets) + size
            height = max(dy for _, dy in offsets) + size
            for x, y in free:
                if all((x + dx, y + dy) in free for dx, dy in offsets):
                    score = SIZE_WEIGHT * size - math.dist((x + width / 2, y + height / 2), anchor)
                    if best is None or score > best[0]:
                        best = (score, [pygame.Rect(x + dx, y + dy, size, size) for dx, dy in offsets])
    return best[1] if best else None


def _free_spots(bounds: pygame.Rect, obstacles: Sequence[pygame.Rect], size: int) -> set[tuple[int, int]]:
    """The grid points where a button of ``size`` (and its shadow) stands inside ``bounds``
    touching none of ``obstacles``."""
    near = [r for r in obstacles if r.colliderect(bounds)]
    spots = set()
    probe = pygame.Rect(0, 0, size, size + SHADOW)
    for y in range(bounds.top, bounds.bottom - size - SHADOW + 1, GRID):
        for x in range(bounds.left, bounds.right - size + 1, GRID):
            probe.topleft = (x, y)
            if probe.collidelist(near) < 0:
                spots.add((x, y))
    return spots


def painted(button: pygame.Rect) -> pygame.Rect:
    """What a choice's button paints: itself and its shadow below it."""
    return button.union(button.move(0, SHADOW))


def clear_of(rects: Iterable[pygame.Rect], obstacles: Sequence[pygame.Rect]) -> bool:
    return all(painted(r).collidelist(list(obstacles)) < 0 for r in rects)


# -- the picture stories -------------------------------------------------------------------------------
STORY_TIME = 2.0     # seconds one story runs
STORY_FPS = 12       # its pictures a second (a child sees it move; the CPU hardly notices)
STORY_FRAMES = round(STORY_TIME * STORY_FPS)
MAGIC_INK = (120, 60, 170)          # the arrows of a story
SPARKLE = (255, 214, 70)


def story_t(step: int, index: int) -> float | None:
    """Where story ``index`` is (0..1) at ``step`` of the three stories played one after another
    (step -1: resting), or None when it shows its still picture."""
    if step < 0 or step // STORY_FRAMES != index:
        return None
    return (step % STORY_FRAMES) / (STORY_FRAMES - 1)


def draw_story(surface: pygame.Surface, assets, name: str, rect: pygame.Rect, t: float | None,
               colour: str, shape: str, wanted: str | None) -> None:
    """The picture story of magic ``name`` inside a button at ``rect``, at ``t`` (None: still):
    nothing of it is drawn beyond the button's border."""
    clip = surface.get_clip()
    surface.set_clip(clip.clip(rect.inflate(-6, -6)))
    try:
        {"swap": _swap, "jump": _jump, "shuffle": _shuffle}[name](surface, assets, rect, t, colour, shape, wanted)
    finally:
        surface.set_clip(clip)


def _unit(rect: pygame.Rect) -> float:
    return rect.w / 144


def _arrow(surface: pygame.Surface, a, b, height: float, width: int, colour=MAGIC_INK, dashed: bool = False,
           head: float = 14) -> None:
    """A curved arrow from ``a`` to ``b`` along an arc ``height`` high (negative: below)."""
    points = [arc(a, b, k / 16, height) for k in range(17)]
    end = points[-1]
    before = points[-3]
    body = points[:-1]
    if dashed:
        for k in range(0, len(body) - 1, 2):
            pygame.draw.line(surface, colour, body[k], body[k + 1], width)
    else:
        pygame.draw.lines(surface, colour, False, body, width)
    angle = math.atan2(end[1] - before[1], end[0] - before[0])
    tip = (end[0] + math.cos(angle) * head * 0.3, end[1] + math.sin(angle) * head * 0.3)
    left = (tip[0] - head * math.cos(angle - 0.55), tip[1] - head * math.sin(angle - 0.55))
    right = (tip[0] - head * math.cos(angle + 0.55), tip[1] - head * math.sin(angle + 0.55))
    pygame.draw.polygon(surface, colour, [tip, left, right])


def _sparkle(surface: pygame.Surface, centre, r: float, colour=SPARKLE) -> None:
    """A four-pointed star."""
    x, y = centre
    thin = r * 0.28
    pygame.draw.polygon(surface, colour, [(x, y - r), (x + thin, y - thin), (x + r, y), (x + thin, y + thin),
                                          (x, y + r), (x - thin, y + thin), (x - r, y), (x - thin, y - thin)])


def _hole(surface: pygame.Surface, centre, u: float) -> None:
    """The patch of earth a tree stands on (as on the board)."""
    x, y = centre
    pygame.draw.ellipse(surface, (120, 96, 60), pygame.Rect(0, 0, 44 * u, 16 * u).move_to(center=(x, y)))
    pygame.draw.ellipse(surface, (140, 112, 70), pygame.Rect(0, 0, 34 * u, 11 * u).move_to(center=(x, y - 1)))


def _tree(surface: pygame.Surface, assets, foot, u: float, size: float = 54, tilt: float = 0.0,
          ring=None) -> None:
    """A small tree standing at ``foot``, tilted ``tilt`` degrees, in a ``ring`` of that colour."""
    px = max(8, round(size * u))
    pic = assets.image("tree", px)
    if ring is not None:
        pygame.draw.circle(surface, ring, (foot[0], foot[1] - px * 0.55), px * 0.56, max(2, round(4 * u)))
    if tilt:
        pic = pygame.transform.rotate(pic, tilt)
    surface.blit(pic, pic.get_rect(midbottom=(foot[0], foot[1] + 3 * u)))


def _swap(surface, assets, rect: pygame.Rect, t: float | None, colour, shape, wanted) -> None:
    """Two trees cross places: the left one (ringed red, as the first tree tapped in a swap) over
    the top to the right, the right one below to the left."""
    u = _unit(rect)
    cx, cy = rect.centerx, rect.centery
    left, right = (cx - 34 * u, cy + 26 * u), (cx + 34 * u, cy + 26 * u)
    for foot in (left, right):
        _hole(surface, foot, u)
    move = 0.0 if t is None else ease_in_out(min(1.0, t / 0.6))
    if t is None or move == 0.0:
        _arrow(surface, (cx - 26 * u, cy - 44 * u), (cx + 26 * u, cy - 44 * u), 14 * u, max(2, round(4 * u)),
               head=13 * u)
        _arrow(surface, (cx + 22 * u, cy + 46 * u), (cx - 22 * u, cy + 46 * u), -8 * u, max(2, round(4 * u)),
               head=13 * u)
    first = arc(left, right, move, 30 * u)       # over the top
    second = arc(right, left, move, -22 * u)     # below
    _tree(surface, assets, second, u, size=60)
    _tree(surface, assets, first, u, size=60, ring=(255, 80, 60))
    if t is not None and 0.0 < move < 1.0:
        _sparkle(surface, (cx, cy - 6 * u), 9 * u * math.sin(math.pi * move))


def _jump(surface, assets, rect: pygame.Rect, t: float | None, colour, shape, wanted) -> None:
    """A pawn flies from its space to the blue space of a tree, and the tree lifts for a look."""
    u = _unit(rect)
    cx, cy = rect.centerx, rect.centery
    start, blue = (cx - 42 * u, cy + 42 * u), (cx + 8 * u, cy + 44 * u)
    tree_foot = (cx + 40 * u, cy + 24 * u)
    for centre, fill, r in ((start, (250, 214, 120), 13 * u), (blue, (80, 150, 235), 14 * u)):
        pygame.draw.circle(surface, (60, 44, 30), (centre[0] + 1, centre[1] + 2), r + 1)   # spaces as on the board
        pygame.draw.circle(surface, fill, centre, r)
        pygame.draw.circle(surface, (80, 58, 36), centre, r, max(1, round(2 * u)))
    pygame.draw.line(surface, (222, 196, 140), (blue[0] + 12 * u, blue[1] - 4 * u), (tree_foot[0], tree_foot[1]),
                     max(2, round(5 * u)))
    _hole(surface, tree_foot, u)
    fly = 0.0 if t is None else ease_in_out(min(1.0, t / 0.5))
    lift = 0.0 if t is None or t < 0.55 else math.sin(math.pi * min(1.0, (t - 0.55) / 0.4))
    if lift > 0:        # under the lifted tree: something shines (what, only the jumper sees)
        pygame.draw.ellipse(surface, (70, 48, 30), pygame.Rect(0, 0, 36 * u, 14 * u).move_to(center=tree_foot))
        _sparkle(surface, (tree_foot[0], tree_foot[1] - 12 * u), 12 * u * lift)
    foot = (tree_foot[0], tree_foot[1] - lift * 24 * u)
    _tree(surface, assets, foot, u, size=62, tilt=lift * 14)
    if t is None or fly == 0.0:
        _arrow(surface, (start[0] + 6 * u, start[1] - 34 * u), (blue[0] - 2 * u, blue[1] - 30 * u), 44 * u,
               max(2, round(4 * u)), dashed=True, head=13 * u)
    at = arc(start, blue, fly, 56 * u)
    if t is not None and 0.0 < fly < 1.0:
        for k in (1, 2, 3):         # sparkles trailing behind the flight
            back = max(0.0, fly - 0.09 * k)
            _sparkle(surface, arc(start, blue, back, 56 * u), (8 - 2 * k) * u)
    size = max(10, round(36 * u))
    draw_pawn(surface, colour, shape, (at[0], at[1] - 14 * u), size, lift=0.0)


def _shuffle(surface, assets, rect: pygame.Rect, t: float | None, colour, shape, wanted) -> None:
    """The wanted card turns face down, goes back among the stack's cards, they change places, and
    a new wanted card comes up (which one, nobody knows yet: a question mark)."""
    u = _unit(rect)
    cx, cy = rect.centerx, rect.centery
    scale = 0.42 * u
    width = max(2, round(4 * u))
    spots = [(cx - 38 * u, cy + 6 * u), (cx, cy + 6 * u), (cx + 38 * u, cy + 6 * u)]
    if t is None:
        # still: two of the stack's cards, the wanted card beside them, arrows round them all
        draw_card(surface, assets, (spots[0][0] + 4 * u, spots[0][1] + 3 * u), None, scale)
        draw_card(surface, assets, spots[1], None, scale)
        draw_card(surface, assets, spots[2], wanted, scale, glow=True)
        _arrow(surface, (cx + 34 * u, cy - 34 * u), (cx - 34 * u, cy - 34 * u), 14 * u, width, head=13 * u)
        _arrow(surface, (cx - 34 * u, cy + 46 * u), (cx + 34 * u, cy + 46 * u), -8 * u, width, head=13 * u)
        return
    # Cards 0 and 1 are the stack's, card 2 the wanted one.  0 .. 0.2: card 2 turns face down;
    # 0.2 .. 0.45: cards 0 and 2 change places; 0.45 .. 0.7: the cards in the middle and on the
    # right change places; 0.75 .. 0.95: the card on the right (card 1) turns up, a new wanted card.
    first = ease_in_out(max(0.0, min(1.0, (t - 0.2) / 0.25)))
    second = ease_in_out(max(0.0, min(1.0, (t - 0.45) / 0.25)))
    where = {0: arc(spots[0], spots[2], first, 24 * u), 1: spots[1], 2: arc(spots[2], spots[0], first, -16 * u)}
    if second > 0:
        where[1] = arc(spots[1], spots[2], second, 24 * u)
        where[0] = arc(spots[2], spots[1], second, -16 * u)
    moving = {0, 2} if 0 < first < 1 else {0, 1} if 0 < second < 1 else set()
    turn_down = min(1.0, t / 0.2)
    turn_up = max(0.0, min(1.0, (t - 0.75) / 0.2))
    for card in sorted(where, key=lambda c: (c in moving, where[c][1])):
        x, y = where[card]
        if card == 2 and turn_down < 1.0:           # the wanted card, turning face down
            draw_card(surface, assets, (x, y), wanted if turn_down < 0.5 else None, scale,
                      flip=abs(1 - 2 * turn_down), glow=turn_down < 0.5)
        elif card == 1 and turn_up > 0.5:           # the new wanted card, turned up
            draw_card(surface, assets, (x, y), "question", scale, flip=abs(1 - 2 * turn_up), glow=True)
        else:
            draw_card(surface, assets, (x, y), None, scale, flip=abs(1 - 2 * turn_up) if card == 1 and turn_up else 1.0)
    if moving:
        mix = first if 0 < first < 1 else second
        _sparkle(surface, (cx, cy - 36 * u), 8 * u * math.sin(math.pi * mix))
