"""A guided first game (issue 35, part 2): what a game tells a child who plays it for the first time.

A game that guides has a module ``guide`` in its own package (``kidgames/games/<id>/guide.py``) with
``GUIDE``, a :class:`Guide`: the goal said and pictured at the start of a guided game ("Wake five
queens!"), and ``praise``, which names what a person just did after a good move ("You woke the Rose
Queen!").  The words are message keys of the game's own catalog (``<game>.guide.*``, declared spoken,
each with its voice clip in every language).  No shared file names a game: :func:`guide_of` finds a
game's guide in its own package, and a game without one is played unguided.

Praise is told to everybody at the table: ``praise`` is handed only public events (``private_to`` is
None), so it can never say a secret (a card looked at under a tree, a hand).

Pure Python: no pygame here.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from kidgames.core.demo import declared, declares
from kidgames.core.protocol import Event, GameSpec

#: A guide's message keys begin with ``<game>.guide.`` (each game declares them spoken, with their pictures).
KEY_PART = "guide"

#: ``praise(events, seat)``: the public events of one decision of the person at ``seat`` (in order),
#: to the sentence that names what the child did, (message key, its fields), or None (nothing to praise:
#: a plain move, a move that cost the child).
Praise = Callable[[Sequence[Event], int], "tuple[str, Mapping[str, Any]] | None"]


class GuideError(ValueError):
    """A broken guide declaration."""


@dataclass(frozen=True)
class Guide:
    """``goal``: the message key of the game's goal, said and shown with ``goal_picture`` (a sprite
    name) when a guided game begins; ``praise``: see :data:`Praise`."""

    goal: str
    goal_picture: str
    praise: Praise = field(compare=False)


def guide_of(spec: GameSpec) -> Guide | None:
    """The guide the game declares in its own package (``<package>.guide:GUIDE``), or None."""
    return declared(spec, "guide", "GUIDE", Guide, GuideError)


def has_guide(spec: GameSpec) -> bool:
    """Whether the game declares a guide (without importing it: the setup screen asks)."""
    return declares(spec, "guide")


def praise_for(guide: Guide, events: Sequence[Event], seat: int) -> tuple[str, Mapping[str, Any]] | None:
    """What ``guide`` praises of one decision of the person at ``seat``: only its public events are
    handed on (a secret is never said aloud)."""
    public = [event for event in events if event.private_to is None]
    return guide.praise(public, seat) if public else None
