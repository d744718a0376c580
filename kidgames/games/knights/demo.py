"""Knights' "Show me!" (issue 35; kidgames/core/demo.py): two knights, Red and Blue, and forced throws
that show a throw, the magic sword, the dragon and the witch, and where the treasure waits."""
from __future__ import annotations

from kidgames.core.demo import Demo, Move, die_area, move, space_area, step


def point(scene, thing):
    """The die for a throw; a named field of the board."""
    if isinstance(thing, Move):
        return die_area(scene)
    return space_area(scene, thing, 80)


DEMO = Demo(
    seed=35,
    colours=("red", "blue"),
    caption=(60, 400, 1120, 140),
    point=point,
    steps=(
        step("knights.demo.goal", "chest", point="castle"),
        step("knights.demo.throw", "dice", move("roll", die=5)),
        step("knights.demo.sword", "sword", point="yellow"),
        step("knights.demo.blue", "dice", move("roll", die=6)),
        step("knights.demo.witch", "witch", move("roll", die=4)),
        step("knights.demo.dragon", "dragon", move("roll", die=2)),
        step("knights.demo.wide", "dice", move("roll", die=3)),
        step("knights.demo.three", "dragon", move("roll", die=3)),
        step("knights.demo.you", "play"),
    ),
)
