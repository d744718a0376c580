"""The Fairy-Tale Forest's "Show me!" (issue 35; kidgames/core/demo.py): Red and Blue, forced dice that
show a throw and a walk, a look under a tree (secret: the demo's seats are computers, so only that a
tree was looked under is shown), magic on a double one, and a right guess at the castle."""
from __future__ import annotations

from kidgames.core.demo import Demo, Move, die_area, move, space_area, step


def point(scene, thing):
    """The dice for a throw, the space a walk or a jump ends on, the tree a guess names; a tree
    (``tree:<slot>``) or the wanted card (``wanted``) for a step that only tells."""
    if isinstance(thing, Move):
        if thing.kind == "roll":
            return die_area(scene)
        if thing.kind == "guess":
            thing = f"tree:{thing.fields['slot']}"
        else:
            return space_area(scene, thing.fields.get("dest") or thing.fields["node"], 70)
    if thing == "wanted":
        from .layout import WANTED_AREA
        return tuple(WANTED_AREA)
    x, y = scene.part.tree_centre(thing.split(":", 1)[1])
    return (round(x) - 45, round(y) - 45, 90, 90)


DEMO = Demo(
    seed=35,
    colours=("red", "blue"),
    caption=(40, 14, 960, 150),
    point=point,
    steps=(
        step("forest.demo.goal", "spinning_wheel", point="wanted"),
        step("forest.demo.throw", "dice", move("roll", dice=(3, 4))),
        step("forest.demo.walk", "tree", move("move", dest="m7")),
        step("forest.demo.look", "tree", point="tree:t_m7"),
        step("forest.demo.double", "sparkles", move("roll", dice=(1, 1))),
        step("forest.demo.jump", "sparkles", move("magic_jump", node="b13")),
        step("forest.demo.red", "dice", move("roll", dice=(2, 3)), move("move", dest="m12")),
        step("forest.demo.castle", "castle", move("roll", dice=(4, 6)), move("move", dest="KEY")),
        step("forest.demo.guess", "spinning_wheel", move("guess", slot="t_b13")),
        step("forest.demo.you", "play"),
    ),
)
