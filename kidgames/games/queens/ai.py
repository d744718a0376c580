"""Computer players of Sleeping Queens.  Pure: they see only their seat's observation, the legal
actions and a memory built from the events their seat was shown (design.md, Computer players).

* easy: picks a kind of move at random, then one of its actions (a legal card, little thought);
* normal: wins when a knight can, wakes and steals the best queens, puts the leader's best queen
  to sleep, always defends, cycles its hand with the longest equation, keeps its useful cards;
* hard: as normal, and remembers from the public events which queen went to sleep in which slot
  (a potion or a Cat/Dog return shows her), so its kings and picks go for the queens it knows.
"""
from __future__ import annotations

import random

from kidgames.core.protocol import Action, Event

from .rules import NUMBER_VALUE, QUEEN_POINTS, RIVAL

EASY, NORMAL, HARD = "easy", "normal", "hard"
#: What one sleeping queen is worth on average (125 points over 12 queens), for an unknown slot.
UNKNOWN_QUEEN = 125 / 12
#: How dear a card is to keep: the first single discards are the cheapest ones.
KEEP_VALUE = {"king": 30, "knight": 25, "potion": 15, "dragon": 12, "wand": 10, "jester": 8}


def choose(observation: dict, actions: list[Action], level: str, rng: random.Random, memory: dict) -> Action:
    """The computer's decision among ``actions`` (the legal ones) for its seat."""
    if not actions:
        raise ValueError("the game is over: there is nothing to choose")
    if len(actions) == 1:
        return actions[0]
    if level == EASY:
        kinds = sorted({a.kind for a in actions})
        kind = rng.choice(kinds)
        return rng.choice([a for a in actions if a.kind == kind])
    hard = level == HARD
    known = memory.get("asleep", {}) if hard else {}
    best, best_value = actions[0], None
    for action in actions:
        # A little noise breaks ties differently from game to game.
        value = _value(action, observation, known, hard) + rng.random() * 0.01
        if best_value is None or value > best_value:
            best, best_value = action, value
    return best


def remember(memory: dict, event: Event, seat: int, level: str, rng: random.Random) -> None:
    """Hard players note which queen lies asleep in which slot, as the public events show it
    (a potion or a Cat/Dog return names her); easy and normal players forget."""
    if level != HARD:
        return
    asleep = memory.setdefault("asleep", {})
    kind = event.kind
    if kind in ("queen_slept", "queen_returned"):
        asleep[str(event.slot)] = event.queen
    elif kind == "queen_woken":
        asleep.pop(str(event.slot), None)


def _value(action: Action, obs: dict, known: dict, hard: bool) -> float:
    me = obs["seat"]
    mine = obs["awake"][me]
    kind = action.kind
    if kind == "defend":
        return 100.0
    if kind == "allow":
        return 0.0
    if kind in ("king", "wake"):
        return (30.0 if kind == "king" else 0.0) + _slot_value(action.slot, obs, mine, known)
    if kind == "knight":
        points = QUEEN_POINTS[action.queen]
        value = 40.0 + 2 * points + (1000.0 if _would_win(obs, me, action.queen) else 0.0)
        if hard:
            # Taking from the player nearest to winning slows the one who matters.
            value += 20.0 * _closeness(obs, action.target)
        return value
    if kind == "potion":
        target = action.target
        points = QUEEN_POINTS[action.queen]
        threat = _closeness(obs, target)
        # The slot does not matter to the potion player; prefer low numbers for a steady choice.
        return 20.0 + points + 30.0 * threat - action.slot * 0.001
    if kind == "jester":
        return 18.0
    cards = action.cards
    if len(cards) >= 2:
        return 10.0 + 4 * len(cards)
    card = cards[0]
    if card in NUMBER_VALUE:
        # High numbers are the hardest to fit into an equation: let them go first.
        return 5.0 + NUMBER_VALUE[card] / 10
    if hard and card in ("dragon", "wand") and not mine:
        # Nothing to guard yet: a defence card is worth less than a fresh draw.
        return 6.5
    return 5.0 - KEEP_VALUE[card]


def _slot_value(slot: int, obs: dict, mine: list[str], known: dict) -> float:
    queen = known.get(str(slot))
    if queen is None:
        return UNKNOWN_QUEEN
    if RIVAL.get(queen) in mine:
        return -40.0     # she would only go back to sleep
    value = float(QUEEN_POINTS[queen])
    if _would_win(obs, obs["seat"], queen):
        value += 1000.0
    return value


def _would_win(obs: dict, seat: int, queen: str) -> bool:
    queens = obs["awake"][seat]
    need = obs["threshold"]
    return (len(queens) + 1 >= need["queens"]
            or obs["scores"][seat] + QUEEN_POINTS[queen] >= need["points"])


def _closeness(obs: dict, seat: int) -> float:
    """How near ``seat`` is to winning, 0 to 1 (the larger of its queen and point shares)."""
    need = obs["threshold"]
    return max(len(obs["awake"][seat]) / need["queens"], obs["scores"][seat] / need["points"])
