"""The computer knight.  Knights has one decision, the throw, so the computer simply throws."""
from __future__ import annotations

import random

from kidgames.core.protocol import Action, ComputerPlayer


def choose(observation: dict, actions: list[Action], level: str, rng: random.Random, memory: dict) -> Action:
    """The computer's decision: in Knights always the throw of the die (every level alike)."""
    if not actions:
        raise ValueError("the game is over: there is nothing to choose")
    return actions[0]


# What the turn controller asks of a computer player: the type checker (.ci/run) holds these to it.
_CHOOSE: ComputerPlayer = choose
