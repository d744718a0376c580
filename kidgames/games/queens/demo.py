"""Sleeping Queens' "Show me!" (issue 35; kidgames/core/demo.py): Red and Blue on a seeded deal (seed 520:
the engine's own shuffle, nothing stacked) that shows a pair thrown away, a king waking a queen, a
knight stopped by a dragon, the jester, a potion stopped by a wand and a sum thrown away.  Both seats
are computers: their hands stay face down; a card shows when it is played."""
from __future__ import annotations

from kidgames.core.demo import Demo, Move, move, step


def point(scene, thing):
    """The slot a king or a count wakes, the queen a knight or a potion is played on, the hand (its
    backs in its player's panel) that plays any other card or answers; the sleeping queens for a
    step that only tells."""
    from .layout import PANEL_SIDE_W, slot_rect
    if isinstance(thing, Move):
        fields = thing.fields
        if thing.kind in ("king", "wake"):
            return tuple(slot_rect(fields["slot"]))
        if thing.kind in ("knight", "potion"):
            for target in scene.part.panels.queen_targets():
                if target.key == (fields["target"], fields["queen"]):
                    return tuple(target.rect)
        seat = scene.session.view().decider
        panel = scene.part.panels.seat_rects()[seat]
        return (panel.right - PANEL_SIDE_W, panel.y, PANEL_SIDE_W, panel.h)
    return tuple(slot_rect(5))


DEMO = Demo(
    seed=520,
    colours=("red", "blue"),
    caption=(186, 700, 990, 150),
    point=point,
    steps=(
        step("queens.demo.goal", "sleeping", point="slots"),
        step("queens.demo.pair", "sparkles", move("discard", cards=("n7", "n7"))),
        step("queens.demo.king", "card_king", move("king", slot=0)),
        step("queens.demo.knight", "knight", move("knight", target=1, queen="sunflower")),
        step("queens.demo.dragon", "dragon", move("defend")),
        step("queens.demo.jester", "card_jester", move("jester"), move("wake", slot=1)),
        step("queens.demo.potion", "card_potion", move("potion", target=1, queen="sunflower", slot=0)),
        step("queens.demo.wand", "card_wand", move("defend")),
        step("queens.demo.sum", "sparkles", move("discard", cards=("n2", "n2", "n4"))),
        step("queens.demo.you", "play"),
    ),
)
