"""The computer player of Fairy-Tale Forest: pure, it sees only its seat's observation, the legal
actions, its memory and its random generator, never the state.

Its memory (plain JSON, saved with the game) is built by :func:`remember` from the events its
seat saw: ``seen`` maps a tree slot to the motif it believes is there (its own looks, its own
wrong guesses, trees shown after a right guess), moved along when it sees two trees swapped;
``not_wanted`` lists slots a public wrong guess showed not to hide the card wanted then.  Easy
keeps a look only sometimes and forgets often, normal keeps most and forgets now and then, hard
keeps everything.  With a belief where the wanted secret is, it heads for the key space;
otherwise it walks to trees it has not looked under.
"""
from __future__ import annotations

import random

from kidgames.core.protocol import Action, Event

#: How likely a look is kept, and how likely one remembered tree is forgotten at each new turn.
KEEP = {"easy": 0.5, "normal": 0.85, "hard": 1.0}
FORGET = {"easy": 0.12, "normal": 0.02, "hard": 0.0}
#: How often a level makes a careless move instead of its best one.
CARELESS = {"easy": 0.35, "normal": 0.1, "hard": 0.0}


def remember(memory: dict, event: Event, seat: int, level: str, rng: random.Random) -> None:
    """Keep what ``seat`` saw in ``event`` (only events the seat may see reach this)."""
    seen = memory.setdefault("seen", {})
    kind = event.kind
    if kind in ("peeked", "guessed_wrong") and event.get("private_to") == seat:
        if rng.random() < KEEP.get(level, 1.0):
            seen[event.slot] = event.motif
    elif kind == "guessed_right":
        seen[event.slot] = event.motif
        memory.setdefault("won", []).append(event.motif)
    elif kind == "trees_swapped":
        a, b = event.a, event.b
        first, second = seen.pop(a, None), seen.pop(b, None)
        if rng.random() < KEEP.get(level, 1.0):
            if first is not None:
                seen[b] = first
            if second is not None:
                seen[a] = second
        excluded = memory.get("not_wanted", {})
        first, second = excluded.pop(a, None), excluded.pop(b, None)
        if first is not None:
            excluded[b] = first
        if second is not None:
            excluded[a] = second
    elif kind == "guess_missed" and event.player != seat:
        memory.setdefault("not_wanted", {}).setdefault(event.slot, [])
        wanted = memory.get("wanted")
        if wanted is not None and wanted not in memory["not_wanted"][event.slot]:
            memory["not_wanted"][event.slot].append(wanted)
    elif kind == "new_wanted":
        memory["wanted"] = event.motif
    elif kind == "turn" and seen and rng.random() < FORGET.get(level, 0.0):
        del seen[rng.choice(sorted(seen))]


def believed_slot(observation: dict, memory: dict) -> str | None:
    """Where the seat believes the wanted secret is: remembered, or the one tree left when every
    other motif is placed (a deduction only a good memory makes)."""
    wanted = observation["wanted"]
    seen = memory.get("seen", {})
    trees = observation["trees"]
    for slot in trees:
        if seen.get(slot) == wanted:
            return slot
    unknown = [slot for slot in trees if slot not in seen]
    if len(unknown) == 1 and wanted not in seen.values():
        return unknown[0]
    return None


def choose(observation: dict, actions: list[Action], level: str, rng: random.Random, memory: dict) -> Action:
    """The computer's decision for its seat."""
    if not actions:
        raise ValueError("the game is over: there is nothing to choose")
    memory["wanted"] = observation["wanted"]
    kinds = {action.kind for action in actions}
    if kinds == {"roll"}:
        return actions[0]
    if kinds == {"guess"}:
        return _guess(observation, actions, rng, memory)
    if rng.random() < CARELESS.get(level, 0.0):
        moves = [a for a in actions if a.kind == "move"] or actions
        return rng.choice(moves)
    return _best(observation, actions, level, rng, memory)


def _guess(observation: dict, actions: list[Action], rng: random.Random, memory: dict) -> Action:
    target = believed_slot(observation, memory)
    if target is not None:
        return next(a for a in actions if a.slot == target)
    seen = memory.get("seen", {})
    excluded = memory.get("not_wanted", {})
    wanted = observation["wanted"]
    hopeful = [a for a in actions if a.slot not in seen and wanted not in excluded.get(a.slot, [])]
    return rng.choice(hopeful or actions)


def _best(observation: dict, actions: list[Action], level: str, rng: random.Random, memory: dict) -> Action:
    board = observation["board"]
    seat = observation["seat"]
    here = observation["positions"][seat]
    distances = _Distances(board["neighbours"])
    key = board["key"]
    target = believed_slot(observation, memory)
    seen = memory.get("seen", {})
    unknown_spaces = {board["slots"][slot] for slot in observation["trees"] if slot not in seen}
    rivals = {pos for other, pos in enumerate(observation["positions"]) if other != seat} - {board["village"]}

    def goal_distance(node: str) -> float:
        if target is not None:
            return distances.between(node, key)
        if not unknown_spaces:
            return distances.between(node, key)
        return min(distances.between(node, space) for space in unknown_spaces)

    def score(action: Action) -> float:
        if action.kind == "move":
            dest = action.dest
            if target is not None and dest == key:
                value = 100.0
            elif dest == key:
                value = -50.0       # naming a tree without knowing where the secret is
            elif target is None and dest in unknown_spaces:
                value = 50.0
            else:
                value = -goal_distance(dest)
            if action.dice_used == 2 and dest in rivals and level != "easy":
                value += 3.0        # a rival's pawn goes home
            return value
        if action.kind == "magic_jump":
            if target is None and action.node in unknown_spaces:
                return 50.0 - distances.between(action.node, key) / 10
            if target is not None:
                return -distances.between(action.node, key) - 0.5
            return -100.0
        if action.kind == "magic_shuffle":
            # A new wanted card is worth it when many trees are known and this one is not.
            known = len([s for s in observation["trees"] if s in seen])
            if target is None and level == "hard" and known * 2 >= len(observation["trees"]):
                return 40.0
            return -100.0
        return -200.0           # swapping trees only muddles the computer's own memory

    scores = [score(action) for action in actions]
    best = max(scores)
    return rng.choice([action for action, value in zip(actions, scores) if value == best])


class _Distances:
    """Steps between spaces on the board the observation describes, worked out when asked."""

    def __init__(self, neighbours: dict) -> None:
        self.neighbours = neighbours
        self.tables: dict[str, dict[str, int]] = {}

    def between(self, a: str, b: str) -> int:
        table = self.tables.get(b)
        if table is None:
            table = {b: 0}
            frontier = [b]
            while frontier:
                nxt = []
                for node in frontier:
                    for other in self.neighbours[node]:
                        if other not in table:
                            table[other] = table[node] + 1
                            nxt.append(other)
                frontier = nxt
            self.tables[b] = table
        return table.get(a, 10 ** 6)
