"""Castle Builders' guided first game (issue 35; kidgames/core/guide.py): the goal, and praise that
names what the child did: a castle started, grown or finished, a piece bought, a fairy that chased the
witch away, a diamond or a fairy drawn."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from kidgames.core.guide import Guide
from kidgames.core.protocol import Event

from .rules import DIAMOND, FAIRY

#: The events of a person's own decision worth praise, what matters most first, and their sentences.
_PRAISED = (("bought", "bought"), ("castle_started", "started"), ("castle_grew", "grew"), ("fairy_saved", "saved"))


def praise(events: Sequence[Event], seat: int) -> tuple[str, Mapping[str, Any]] | None:
    """What the person at ``seat`` did that helps them, what matters most first: a castle finished,
    a piece bought, a castle started, a castle grown, a fairy used against the witch, a diamond or a
    fairy drawn.  None for anything else (a card of another colour, a witch, stopping)."""
    mine = [event for event in events if event.get("player") == seat or event.kind == "game_over"]
    kinds = {event.kind: event for event in mine}
    if "game_over" in kinds and seat in kinds["game_over"].winners:
        return "castle.guide.finished", {}
    for kind, said in _PRAISED:
        if kind in kinds:
            return f"castle.guide.{said}", {}
    for event in mine:
        if event.kind == "to_spares" and event.card in (DIAMOND, FAIRY):
            return f"castle.guide.{event.card}", {}
    return None


GUIDE = Guide(goal="castle.guide.goal", goal_picture="castle", praise=praise)
