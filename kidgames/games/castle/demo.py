"""Castle Builders' "Show me!" (issue 35; kidgames/core/demo.py): Red and Blue on a seeded pile (seed 16:
its order is the engine's, nothing is stacked) that shows drawing, a castle started and grown, the
witch chased away by the fairy, and a castle piece bought with three diamonds."""
from __future__ import annotations

from kidgames.core.demo import Demo, Move, move, step


def point(scene, thing):
    """The Draw button, the Stop button, the fairy's button, the card bought in its seller's spares;
    Red's castle (``castle``) for a step that only tells."""
    from . import layout
    if isinstance(thing, Move):
        if thing.kind == "stop":
            return tuple(layout.STOP_BUTTON)
        if thing.kind == "use_fairy":
            return tuple(layout.FAIRY_BUTTON)
        if thing.kind == "buy":
            wanted = (thing.fields["seller"], thing.fields["card"])
            for target in scene.part.panels.spare_targets():
                if target.key == wanted:
                    return tuple(target.rect)
            return None
    if thing == "castle":
        return tuple(scene.part.panels.castle_rect(0))
    return tuple(layout.DRAW_BUTTON)


DEMO = Demo(
    seed=16,
    colours=("red", "blue"),
    caption=(118, 6, 1140, 112),
    point=point,
    steps=(
        step("castle.demo.goal", "castle", point="castle"),
        step("castle.demo.draw", "castle", move("draw")),
        step("castle.demo.diamond", "diamond", move("draw")),
        step("castle.demo.stop", "check", move("stop")),
        step("castle.demo.fairy", "fairy", move("draw")),
        step("castle.demo.spare", "castle", move("draw"), move("stop")),
        step("castle.demo.more", "diamond", move("draw"), move("draw"), move("draw"), move("draw"), move("stop")),
        step("castle.demo.witch", "witch", move("draw"), move("use_fairy")),
        step("castle.demo.buy", "diamond", move("buy", seller=1, card="castle:purple:1")),
        step("castle.demo.you", "play"),
    ),
)
