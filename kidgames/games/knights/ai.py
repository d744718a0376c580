"""The computer knight.  Knights has one decision, the throw, so the computer simply throws."""
from __future__ import annotations

import random

from kidgames.core.protocol import Action


def choose(state, seat: int, rng: random.Random, level: int = 1) -> Action:
    """Pick the action for ``seat``: in Knights always the throw of the die."""
    actions = state.legal_actions()
    if not actions:
        raise ValueError("the game is over: there is nothing to choose")
    return actions[0]
