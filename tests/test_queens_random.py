"""Sleeping Queens: properties that hold in every seeded random game (2–5 players).

The suite plays GAMES seeded games with a check after every action; ``bench/queens_stats.py
--check`` plays 5,000 with the same checks (too slow for the suite on the 2-core machine).
"""
from __future__ import annotations

import hashlib
import json
import random
from collections import Counter

import pytest

from kidgames.core.protocol import Action, Event
from kidgames.games import GAMES
from kidgames.games.queens.rules import DECK, QUEENS, thresholds

QUEENS_SPEC = GAMES["queens"]
GAMES_PLAYED = 1000
DECK_COUNT = Counter(DECK)
OBSERVATION_KEYS = {"seat", "num_players", "hand", "hand_sizes", "awake", "sleeping", "draw_size",
                    "discard", "turn_player", "current_player", "pending", "scores", "winners", "turn",
                    "threshold"}


def leaves(data):
    if isinstance(data, dict):
        for key, value in data.items():
            yield key
            yield from leaves(value)
    elif isinstance(data, (list, tuple)):
        for value in data:
            yield from leaves(value)
    else:
        yield data


def hidden_swapped(state, seat, rng):
    """The same game as ``seat`` sees it, with everything hidden from it shuffled: the other
    hands and the draw pile dealt anew (same sizes), the sleeping queens moved between their slots."""
    other = QUEENS_SPEC.state_from_json(state.to_json())
    secret = [c for s, h in enumerate(other.hands) if s != seat for c in h] + other.draw_pile
    rng.shuffle(secret)
    for s, hand in enumerate(other.hands):
        if s != seat:
            other.hands[s] = [secret.pop() for _ in hand]
    other.draw_pile = secret
    sleeping = [i for i, q in enumerate(other.slots) if q is not None]
    queens = [other.slots[i] for i in sleeping]
    rng.shuffle(queens)
    for i, q in zip(sleeping, queens):
        other.slots[i] = q
    return other


def check_after_action(state, events):
    # Card conservation: the 67 cards over hands, draw and discard; the 12 queens over slots and awake.
    cards = Counter(state.draw_pile) + Counter(state.discard)
    for hand in state.hands:
        cards.update(hand)
    assert cards == DECK_COUNT
    assert sorted([q for q in state.slots if q] + [q for a in state.awake for q in a]) == sorted(QUEENS)
    assert not any("cat" in a and "dog" in a for a in state.awake)
    # Back to an ordinary turn, every hand holds five cards again.
    if state.pending is None and not state.is_over:
        assert [len(h) for h in state.hands] == [5] * state.num_players
    for event in events:
        # The engine makes some events from prepared fields: each must equal the same event made anew.
        assert Event(event.kind, **event.fields) == event
        if event.kind == "drew":
            assert event.private_to == event.player
            continue
        assert event.private_to is None
        named = [event.get("card")] + list(event.get("cards") or ())
        for card in filter(None, named):
            if card in QUEENS:
                continue
            # A public event names only cards that everyone saw face up: played, discarded or
            # turned up by a jester -- never one that went from the draw pile into a hand unseen.
            shown = event.kind in ("played", "discarded", "defended", "jester_revealed")
            assert shown, f"public event {event!r} names the card {card!r}"


def check_winners(state):
    queens, points = thresholds(state.num_players)
    reached = [s for s in range(state.num_players)
               if len(state.awake[s]) >= queens or state.scores[s] >= points]
    if reached:
        assert state.winners == reached and len(reached) == 1
    else:
        assert all(q is None for q in state.slots)
        best = max(state.scores)
        assert state.winners == [s for s, v in enumerate(state.scores) if v == best]


def play_checked(seed: int) -> int:
    players = 2 + seed % 4
    state = QUEENS_SPEC.new_state(players, seed=seed)
    rng = random.Random(seed)
    actions = 0
    while not state.is_over:
        legal = state.legal_actions()
        assert legal, f"seed {seed}: no legal action in a running game"
        assert len(set(legal)) == len(legal)
        action = rng.choice(legal)
        events = state.apply(action)
        actions += 1
        assert actions < 5000, f"seed {seed}: the game does not end"
        check_after_action(state, events)
        if actions % 5 == 0:
            seat = rng.randrange(players)
            observation = state.observation(seat)
            assert set(observation) == OBSERVATION_KEYS
            assert observation["hand"] == state.hands[seat]
            sleeping = {q for q in state.slots if q}
            assert sleeping.isdisjoint(set(leaves(observation)))
            assert hidden_swapped(state, seat, rng).observation(seat) == observation
    check_winners(state)
    assert state.legal_actions() == []
    return actions


@pytest.mark.parametrize("block", range(4))
def test_random_games_keep_every_rule(block):
    for seed in range(block, GAMES_PLAYED, 4):
        play_checked(seed)


def test_an_action_outside_the_legal_list_is_refused_in_random_positions():
    for seed in range(40):
        state = QUEENS_SPEC.new_state(2 + seed % 4, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(1, 30)):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        if state.is_over:
            continue
        legal = set(state.legal_actions())
        before = state.to_json()
        for probe in (Action("king", slot=rng.randrange(12)), Action("wake", slot=rng.randrange(12)),
                      Action("defend"), Action("allow"), Action("jester"),
                      Action("knight", target=rng.randrange(state.num_players), queen=rng.choice(QUEENS))):
            if probe in legal:
                continue
            with pytest.raises(ValueError):
                state.apply(probe)
            assert state.to_json() == before


#: A digest of 20 seeded random games of 2-5 players (every legal-action list in its order, every
#: event with its fields and ``private_to``, the final state), recorded before the engine was made
#: faster: the same seed must keep replaying the same game.
REPLAY_DIGEST = "53e8ff6adf87b10042fbb1a42a9acbbaf5468cbea33e9f054b36ff3e95c1ea7a"


def replay_digest(seeds, rebuilt: bool = False) -> str:
    """``rebuilt``: apply a copy of each chosen action built from its JSON, as a save or a network
    peer would (a record the engine did not hand out itself)."""
    digest = hashlib.sha256()
    for seed in seeds:
        state = QUEENS_SPEC.new_state(2 + seed % 4, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            digest.update(json.dumps([a.to_json() for a in legal], sort_keys=True).encode())
            action = rng.choice(legal)
            events = state.apply(Action.from_json(action.to_json()) if rebuilt else action)
            digest.update(json.dumps([e.to_json() for e in events], sort_keys=True).encode())
        digest.update(json.dumps(state.to_json(), sort_keys=True).encode())
    return digest.hexdigest()


def test_seeded_random_games_replay_exactly_as_recorded():
    assert replay_digest(range(20)) == REPLAY_DIGEST


def test_actions_built_anew_replay_the_same_games():
    assert replay_digest(range(20), rebuilt=True) == REPLAY_DIGEST
