"""The computer player of the peek game (tests/peek_game.py): pure, it sees only its observation,
its memory and its random generator.

Its memory holds what its seat saw: its own card (from the private ``peeked`` event) and the
animals already guessed at it.  Easy forgets its card after each answer and answers at random;
normal and hard answer truthfully; hard never guesses an animal it knows is taken."""
from __future__ import annotations

import random

from kidgames.core.protocol import Action, Event


def remember(memory: dict, event: Event, seat: int, level: str, rng: random.Random) -> None:
    if event.kind == "peeked" and event.player == seat:
        memory["my_card"] = event.card
    elif event.kind == "guessed":
        memory.setdefault("guessed", []).append(event.card)
    elif event.kind == "answered" and level == "easy" and rng.random() < 0.5:
        memory.pop("my_card", None)


def choose(observation: dict, actions: list[Action], level: str, rng: random.Random, memory: dict) -> Action:
    mine = memory.get("my_card")
    if observation["guess"] is not None:
        if level == "easy" or mine is None:
            return Action("answer", yes=rng.random() < 0.5)
        return Action("answer", yes=observation["guess"] == mine)
    if mine is None:
        return Action("peek")
    guesses = [a for a in actions if a.kind == "guess" and a.card != mine]
    if level == "hard":
        guesses = [a for a in guesses if a.card not in memory.get("guessed", [])] or guesses
    return rng.choice(guesses)
