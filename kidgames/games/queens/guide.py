"""Sleeping Queens' guided first game (issue 35; kidgames/core/guide.py): the goal, and praise that names
what the child did: the queen woken (each by her name; the Rose Queen asks for one more), the queen a
knight brought, a queen put back to sleep, a dragon or a wand that stopped an attack, a picture card
that gives another turn, a pair or a sum thrown away.  Every sentence is whole (a key of its own, no
fields): a queen's name is said inside it, in the form each language needs.

A queen a knight takes moves when the victim answers: that decision's events name her, and praise
gives ``took.<queen>`` to the thief's seat whoever decided."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from kidgames.core.guide import Guide
from kidgames.core.protocol import Event


def praise(events: Sequence[Event], seat: int) -> tuple[str, Mapping[str, Any]] | None:
    """What the person at ``seat`` did that helps them, first what matters most: a queen woken for
    them (not one that went straight back to sleep beside her rival), a queen their knight brought, a
    queen of another put to sleep, an attack they stopped, a picture card the jester turned up for
    them, a pair or a sum thrown away.  None for anything else."""
    returned = {(e.player, e.queen) for e in events if e.kind == "queen_returned"}
    for event in events:
        if event.kind == "queen_woken" and event.player == seat and (seat, event.queen) not in returned:
            if event.queen == "rose" and any(e.kind == "game_over" for e in events):
                return "queens.guide.woke.rose.last", {}     # no queen left to wake, or the game is won
            return f"queens.guide.woke.{event.queen}", {}
    for event in events:
        if event.kind == "queen_stolen" and event.player == seat:
            return f"queens.guide.took.{event.queen}", {}
    for event in events:
        if event.kind == "queen_slept" and event.player == seat:
            return "queens.guide.slept", {}
        if event.kind == "defended" and event.player == seat:
            return f"queens.guide.{event.card}", {}        # dragon or wand
        if event.kind == "extra_turn" and event.player == seat:
            return "queens.guide.again", {}
        if event.kind == "discarded" and event.player == seat and len(event.cards) >= 2:
            return "queens.guide.pair" if len(event.cards) == 2 else "queens.guide.sum", {}
    return None


GUIDE = Guide(goal="queens.guide.goal", goal_picture="sleeping", praise=praise)
