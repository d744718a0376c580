"""Fairy-Tale Forest's guided first game (issue 35; kidgames/core/guide.py): the goal, and praise that
names what the child did: the treasure found at the castle (each by its name), the castle reached, a
tree reached to look under, magic done.  Only public events are praised: what a look showed is never
said (kidgames.core.guide.praise_for hands on no private event)."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from kidgames.core.guide import Guide
from kidgames.core.protocol import Event

from .rules import MOTIFS

#: Magic on a double one (the jump is praised by the look it brings).
_MAGIC = frozenset({"trees_swapped", "stack_shuffled"})


def praise(events: Sequence[Event], seat: int) -> tuple[str, Mapping[str, Any]] | None:
    """What the person at ``seat`` did that helps them, what matters most first: the wanted treasure
    named right at the castle, the castle's key space reached, a tree reached (its look follows),
    magic.  None for anything else (a walk, a wrong guess, a throw)."""
    mine = [event for event in events if event.get("player") == seat]
    for event in mine:
        if event.kind == "guessed_right" and event.motif in MOTIFS:
            return f"forest.guide.found.{event.motif}", {}
    kinds = {event.kind for event in mine}
    if "at_key" in kinds:
        return "forest.guide.key", {}
    if "looked" in kinds:
        return "forest.guide.looked", {}
    if kinds & _MAGIC:
        return "forest.guide.magic", {}
    return None


GUIDE = Guide(goal="forest.guide.goal", goal_picture="tree", praise=praise)
