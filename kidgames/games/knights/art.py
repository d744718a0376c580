"""Knights and the Golden Treasure's painted map: a meadow with its lakes, the road to hell and the
golden hill, the board file's decorations and scattered trees, the lanes' roads in their colours
and the fields showing what they do.  Painted once (see :meth:`KnightsScene.render_board`)."""
from __future__ import annotations

import pygame

from kidgames.ui.board_pieces import paint_decorations, paint_discs, paint_meadow, paint_road, scatter_scenery
from kidgames.ui.widgets import shade

FIELD_R = 27
LANE_COLOURS = {
    "road": (226, 198, 146), "green": (176, 222, 120), "blue": (130, 185, 245),
    "hell": (150, 62, 48), "orange": (250, 172, 82), "gold": (250, 214, 90),
}
GOOD = {"sword", "white_horse", "princess", "fish", "apple", "dove", "pink_piglet", "frog_king", "bank"}
BAD = {"black_horse", "brown_horse", "devil", "raven", "black_piglet", "giant", "club", "golden_gate",
       "snake", "dragon_breath", "gate_red", "firebird", "sorcerer", "hell"}
WAIT = {"dragon", "pool", "claws", "well", "witch"}
FIELD_FILL = {"good": (205, 245, 185), "bad": (250, 190, 180), "wait": (255, 236, 150),
              "yellow": (255, 222, 60), "golden_hill": (255, 205, 60), "plain": (255, 250, 235),
              "crown": (255, 240, 190), "star": (255, 240, 190)}
#: Field kinds drawn without a picture (every other kind shows the sprite of its own name).
PLAIN_KINDS = ("path", "yellow", "bank")


def field_sprite(node) -> str:
    """The picture on a field (none on a plain one)."""
    if node.kind in ("sorcerer", "gate_red") and node.label in ("I", "II"):
        return f"{node.kind}_{1 if node.label == 'I' else 2}"
    return "" if node.kind in PLAIN_KINDS else node.kind


def paint_board(board, size, area: pygame.Rect, to_canvas, assets, start_label: str) -> pygame.Surface:
    """The map on a canvas of ``size``, the board file fitted into ``area`` (``to_canvas``)."""
    surf, rng = paint_meadow(size, area, (124, 186, 92), ((134, 196, 100), (116, 178, 86), (140, 200, 106)), 260, 11,
                             size_first=True)
    xy = {nid: to_canvas(node.at) for nid, node in board.nodes.items()}
    roads = [(lane, _lane_points(lane, xy)) for lane in board.lanes.values()]
    roads = [(lane, pts) for lane, pts in roads if len(pts) >= 2]
    segments = [seg for _, pts in roads for seg in zip(pts, pts[1:])]
    _paint_regions(surf, board, xy)
    placed = paint_decorations(surf, assets, board.decorations, to_canvas, 90)
    scatter_scenery(surf, assets, rng, area, ("tree", "pine", "pine", "tree", "flower", "mushroom", "flower"),
                    points=list(xy.values()), segments=segments, placed=placed, limit=70, small=(34, 46),
                    big=(58, 84), point_gap=(FIELD_R + 10, 0.55), road_gap=(FIELD_R, 0.5))
    for lane, pts in roads:
        colour = LANE_COLOURS.get(lane.colour or "road", LANE_COLOURS["road"])
        paint_road(surf, [pts], shade(colour, 0.55), 30, 15)
        paint_road(surf, [pts], colour, 22, 11)
    # The castle first: the fields in front of its gates stay visible on top of it.
    for nid, node in sorted(board.nodes.items(), key=lambda item: item[1].kind != "castle"):
        _paint_field(surf, node, xy[nid], assets, start_label)
    return surf.convert()


def _paint_regions(surf, board, xy) -> None:
    """The pool's lake under its fields, the road to hell's scorched ground, the golden hill."""
    paint_discs(surf, [xy[n] for n in board.of_kind("pool")], ((62, (70, 140, 210)), (50, (100, 170, 235))))
    if board.of_kind("hell"):
        hell = board.lanes[board.nodes[board.of_kind("hell")[0]].lane]
        paint_discs(surf, [xy[f] for f in hell.fields], ((58, (96, 84, 70)), (44, (112, 98, 80))))
    paint_discs(surf, [xy[n] for n in board.of_kind("golden_hill")],
                ((110, (205, 190, 90)), (80, (230, 205, 90)), (55, (250, 225, 110))))


def _paint_field(surf, node, centre, assets, start_label: str) -> None:
    kind = node.kind
    x, y = centre
    if kind == "castle":
        pic = assets.image("castle", 150)
        surf.blit(pic, pic.get_rect(center=(x, y - 22)))
        chest = assets.image("chest", 60)
        surf.blit(chest, chest.get_rect(center=(x + 62, y + 40)))
        return
    category = ("good" if kind in GOOD else "bad" if kind in BAD else "wait" if kind in WAIT
                else kind if kind in FIELD_FILL else "plain")
    r = FIELD_R if kind in PLAIN_KINDS else FIELD_R + 4
    pygame.draw.circle(surf, (70, 50, 35), (x + 2, y + 4), r + 2)
    pygame.draw.circle(surf, FIELD_FILL[category], (x, y), r)
    pygame.draw.circle(surf, (90, 64, 40), (x, y), r, 3)
    sprite = field_sprite(node)
    if sprite:
        pic = assets.image(sprite, int(r * 1.7))
        surf.blit(pic, pic.get_rect(center=(x, y)))
    if kind == "bank":
        pygame.draw.circle(surf, (110, 170, 90), (x, y), r - 8)
    if kind == "start":
        label = assets.text(start_label, 22, (255, 255, 255), title=True, outline=(60, 40, 20))
        surf.blit(label, label.get_rect(midtop=(x, y + r - 2)))


def _lane_points(lane, xy) -> list:
    """A lane's road on the canvas: from its junction, through its fields, to the field after it."""
    return ([xy[lane.from_]] if lane.from_ else []) + [xy[f] for f in lane.fields] + \
        ([xy[lane.to]] if lane.to else [])
