"""Knights' guided first game (issue 35; kidgames/core/guide.py): the goal, and praise that names what
the child's throw did for their knight: the treasure found, a field that carried them on (the sword,
the white horse, the dove, the pink piglet, the princess, the golden fish, an apple, the Firebird
coming back, the Frog King), a jump over the pool, an exact landing on the witch, a throw that freed
them from the dragon, its claws or the pool.  A field that sends a knight back is never praised.

Which field a knight left, and where the Firebird sent him, is read from the game's own board
(boards/knights.yaml); on a modified board with other field ids only the fields' effects are praised."""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping, Sequence

from kidgames.core.guide import Guide
from kidgames.core.protocol import Event

#: Fields whose effect always helps (rules: the sword, the horses, the birds, the piglets, the blue
#: path), by their kind: the sentence of each is ``knights.guide.<kind>``.
HELPING = frozenset({"sword", "white_horse", "dove", "pink_piglet", "princess", "bank", "fish", "apple",
                     "frog_king", "witch"})
#: Fields that hold a knight until a throw frees him (the pool only on the way out).
HOLDING = frozenset({"dragon", "claws", "pool"})


@lru_cache(maxsize=1)
def _kinds() -> Mapping[str, str]:
    """Each field of the board by its id, to its kind (which field a knight left or was sent to)."""
    from .rules import load_knights_board
    board = load_knights_board()
    return {node_id: node.kind for node_id, node in board.nodes.items()}


def praise(events: Sequence[Event], seat: int) -> tuple[str, Mapping[str, Any]] | None:
    """What the throw of the person at ``seat`` did for their knight, what matters most first: the
    castle reached, a field that carried him on, a waiting field left.  None for a plain walk, a throw
    that did not move him, or a field that sends him back."""
    mine = [event for event in events if event.get("player") == seat or event.kind == "game_over"]
    kinds = _kinds()
    for event in mine:
        if event.kind == "game_over" and seat in event.winners:
            return "knights.guide.treasure", {}
    for event in mine:
        if event.kind != "effect":
            continue
        if event.field in HELPING:
            return f"knights.guide.{event.field}", {}
        if event.field == "firebird" and kinds.get(event.to) == "golden_hill":   # coming back
            return "knights.guide.firebird", {}
    for event in mine:
        if event.kind == "moved":
            left = kinds.get(event.get("from"))
            if left in ("dragon", "claws") or (left == "pool" and kinds.get(event.path[-1]) == "fish"):
                return f"knights.guide.free.{left}", {}
    return None


GUIDE = Guide(goal="knights.guide.goal", goal_picture="castle", praise=praise)
