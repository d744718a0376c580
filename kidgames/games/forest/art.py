"""Fairy-Tale Forest's pictures: the forest painted from the board file (the meadow, the castle in
its ring of spaces, the scattered pines, the paths and the spaces), the game's trees that hide the
secrets, and its cards (a motif, or the purple back)."""
from __future__ import annotations

import math

import pygame

from kidgames.core.board import reachable
from kidgames.ui.board_pieces import paint_decorations, paint_discs, paint_meadow, paint_road, scatter_scenery

from .board import ForestBoard

SPACE_R, BLUE_R, HIT_R = 20, 27, 40            # HIT_R: the ring around a tree that may be tapped
TREE_SIZE = 86
CARD_SIZE = (96, 124)
ROAD, ROAD_EDGE = (222, 196, 140), (150, 118, 70)
SPACE_FILL = {"path": (255, 248, 228), "blue": (80, 150, 235), "village": (250, 214, 120),
              "horseshoe": (205, 205, 215), "key": (255, 206, 40)}


# -- the painted forest (made once) ------------------------------------------------------------------
def paint_board(board: ForestBoard, tree_slots, size, area: pygame.Rect, to_canvas, assets) -> pygame.Surface:
    """The forest on a canvas of ``size``, the board file fitted into ``area`` (``to_canvas``), with
    a little path from each of the ``tree_slots``' spaces to its tree."""
    surf, rng = paint_meadow(size, area, (96, 160, 80), ((104, 170, 86), (88, 150, 74), (112, 176, 92)), 240, 7)
    xy = {nid: to_canvas(board.nodes[nid].at) for nid in board.nodes}
    # the castle behind its ring of spaces: those on a loop through the key space
    on_ring = reachable(board.key, lambda n: [m for m in board.neighbours(n) if m != board.horseshoe])
    ring = [xy[n] for n in board.nodes if n in on_ring | {board.horseshoe}]
    cx, cy = (sum(c) / len(ring) for c in zip(*ring))
    castle = assets.image("castle", 120)
    surf.blit(castle, castle.get_rect(center=(cx, cy)))
    paint_decorations(surf, assets, board.decorations, to_canvas, 80)
    points = list(xy.values()) + [to_canvas(s.at) for s in board.slots.values()]
    segments = [(xy[a], xy[b]) for a, b in board.edges]
    # no broad-leaved trees: those are the game's trees, which hide the secrets
    scatter_scenery(surf, assets, rng, area, ("pine", "pine", "mushroom", "flower", "pine"),
                    points=points, segments=segments, placed=[], limit=60, small=(30, 42), big=(54, 80),
                    point_gap=(40, 0.5), road_gap=(18, 0.5))
    paint_road(surf, segments, ROAD_EDGE, 26, 13)
    paint_road(surf, segments, ROAD, 18, 9)
    slots = [board.slots[s] for s in tree_slots]
    paint_road(surf, [(xy[slot.space], to_canvas(slot.at)) for slot in slots], ROAD, 8)   # a blue space to its tree
    paint_discs(surf, [to_canvas(slot.at) for slot in slots], ((30, (120, 96, 60)), (24, (140, 112, 70))))
    for nid in board.nodes:
        _paint_space(surf, assets, board.kind(nid), xy[nid])
    return surf.convert()


def _paint_space(surf, assets, kind: str, centre) -> None:
    x, y = centre
    r = {"village": 40, "blue": BLUE_R, "key": BLUE_R, "horseshoe": BLUE_R}.get(kind, SPACE_R)
    pygame.draw.circle(surf, (60, 44, 30), (x + 2, y + 4), r + 2)
    pygame.draw.circle(surf, SPACE_FILL.get(kind, SPACE_FILL["path"]), (x, y), r)
    pygame.draw.circle(surf, (80, 58, 36), (x, y), r, 3)
    if kind == "village":
        house = assets.image("house", 62)
        surf.blit(house, house.get_rect(center=(x, y - 4)))
    elif kind == "key":
        _draw_key(surf, (x, y), r)
    elif kind == "horseshoe":
        _draw_horseshoe(surf, (x, y), r)
    elif kind == "blue":
        pygame.draw.circle(surf, (170, 210, 255), (x - r * 0.3, y - r * 0.3), r * 0.28)


def _draw_key(surf, centre, r: float) -> None:
    x, y = centre
    dark = (120, 80, 0)
    pygame.draw.circle(surf, dark, (x - r * 0.35, y), r * 0.38, 5)
    pygame.draw.line(surf, dark, (x - r * 0.05, y), (x + r * 0.7, y), 6)
    pygame.draw.line(surf, dark, (x + r * 0.45, y), (x + r * 0.45, y + r * 0.35), 5)
    pygame.draw.line(surf, dark, (x + r * 0.68, y), (x + r * 0.68, y + r * 0.35), 5)


def _draw_horseshoe(surf, centre, r: float) -> None:
    x, y = centre
    rect = pygame.Rect(0, 0, r * 1.3, r * 1.3).move_to(center=(x, y + r * 0.1))
    pygame.draw.arc(surf, (90, 90, 100), rect, -0.3, math.pi + 0.3, 8)
    for side in (-1, 1):
        pygame.draw.circle(surf, (255, 255, 255), (x + side * r * 0.42, y - r * 0.1), 2)


# -- the trees and the cards -------------------------------------------------------------------------
def draw_tree(surface, assets, x: float, y: float, height: float, ring=None) -> None:
    """A tree standing at (x, y) or lifted ``height`` (0..1, tilting as it rises from its hole),
    in a ``ring`` of that colour when a tap may pick it."""
    if ring is not None:
        pygame.draw.circle(surface, ring, (x, y - TREE_SIZE * 0.3), HIT_R + 4, 6)
    if height > 0:
        pygame.draw.ellipse(surface, (70, 48, 30), pygame.Rect(0, 0, 70, 34).move_to(center=(x, y + 6)))
    pic = assets.image("tree", TREE_SIZE)
    lift = height * (TREE_SIZE + 40)
    if height > 0:
        pic = pygame.transform.rotate(pic, height * 14)
    shadow = pygame.Surface((60, 18), pygame.SRCALPHA)
    pygame.draw.ellipse(shadow, (0, 0, 0, 70), shadow.get_rect())
    surface.blit(shadow, shadow.get_rect(center=(x, y + 8)))
    surface.blit(pic, pic.get_rect(midbottom=(x, y + 12 - lift)))


def draw_card(surface, assets, centre, motif: str | None, scale: float, flip: float = 1.0, glow: bool = False) -> None:
    """A card at ``scale``: its motif, or its back (``motif`` None), narrowed to ``flip`` of its
    width as it turns, on a golden glow when ``glow``."""
    w, h = int(CARD_SIZE[0] * scale * max(0.05, flip)), int(CARD_SIZE[1] * scale)
    rect = pygame.Rect(0, 0, w, h).move_to(center=(round(centre[0]), round(centre[1])))
    if glow:
        pygame.draw.rect(surface, (255, 230, 90), rect.inflate(16, 16), border_radius=18)
    if motif is None:
        pygame.draw.rect(surface, (70, 40, 110), rect, border_radius=max(4, int(12 * scale)))
        pygame.draw.rect(surface, (150, 110, 200), rect.inflate(-int(14 * scale), -int(14 * scale)),
                         max(1, int(4 * scale)), border_radius=max(4, int(10 * scale)))
        return
    pygame.draw.rect(surface, (255, 252, 240), rect, border_radius=max(4, int(12 * scale)))
    pygame.draw.rect(surface, (200, 150, 60), rect, max(1, int(4 * scale)), border_radius=max(4, int(12 * scale)))
    if flip > 0.3:
        pic = assets.image(motif, max(8, int(86 * scale)))
        if flip < 1:
            pic = pygame.transform.smoothscale(pic, (max(1, int(pic.get_width() * flip)), pic.get_height()))
        surface.blit(pic, pic.get_rect(center=rect.center))
