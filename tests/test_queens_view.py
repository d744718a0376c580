"""Sleeping Queens' view of the table (``QueensState.view(sees)``, issue 24): what the scene may draw.

Over seeded random games, at every position and for every choice of who may be seen, the view
holds what each seat's ``observation`` says everybody knows and a hand only where ``sees`` allows
it; it is the same view whatever lies hidden from the seats not seen; and it is plain immutable
data, made without copying the state.  The session's view beside it holds the decider's legal
actions only where they tell nothing of a hand not seen.
"""
from __future__ import annotations

import copy
import dataclasses
import random
import time

import pytest

from kidgames.core.protocol import Action
from kidgames.core.seats import Seat
from kidgames.core.session import Session
from kidgames.games import GAMES
from kidgames.games.queens.rules import QueensPending, QueensView

SPEC = GAMES["queens"]


def seen_sets(n: int) -> list[frozenset[int]]:
    """Nobody, each seat alone (a private moment, or the only person) and, beyond the model, everybody."""
    return [frozenset(), *(frozenset({s}) for s in range(n)), frozenset(range(n))]


def hidden_swapped(state, seen: frozenset[int], rng: random.Random):
    """The same game as the seats ``seen`` know it, with everything hidden from them shuffled: the
    other hands and the draw pile dealt anew (same sizes), the sleeping queens moved between their slots."""
    other = SPEC.state_from_json(state.to_json())
    secret = [c for s, h in enumerate(other.hands) if s not in seen for c in h] + other.draw_pile
    rng.shuffle(secret)
    for s, hand in enumerate(other.hands):
        if s not in seen:
            other.hands[s] = [secret.pop() for _ in hand]
    other.draw_pile = secret
    sleeping = [i for i, q in enumerate(other.slots) if q is not None]
    queens = [other.slots[i] for i in sleeping]
    rng.shuffle(queens)
    for i, q in zip(sleeping, queens):
        other.slots[i] = q
    return other


def immutable(value) -> bool:
    """Plain data all the way down: numbers, strings, None, tuples, records and frozen dataclasses."""
    if value is None or isinstance(value, (bool, int, str)):
        return True
    if isinstance(value, tuple):
        return all(immutable(v) for v in value)
    if isinstance(value, Action):
        return all(immutable(v) for _, v in value.fields.items())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return type(value).__dataclass_params__.frozen and all(
            immutable(getattr(value, f.name)) for f in dataclasses.fields(value))
    return False


def check_view(state, seen: frozenset[int], rng: random.Random) -> None:
    view = state.view(seen.__contains__)
    n = state.num_players
    public = state.observation(0)
    assert view.num_players == n
    assert list(view.asleep) == public["sleeping"]
    assert [list(a) for a in view.awake] == public["awake"]
    assert list(view.hand_sizes) == public["hand_sizes"]
    assert view.draw_size == public["draw_size"] and list(view.discard) == public["discard"]
    assert (view.turn_player, view.current_player) == (public["turn_player"], public["current_player"])
    pending = public["pending"]
    assert view.pending == (None if pending is None else QueensPending(**pending))
    for seat in range(n):
        hand = view.hands[seat]
        assert hand == (tuple(state.observation(seat)["hand"]) if seat in seen else None)
    assert view.seen == (min(seen) if seen else None)
    # Nothing hidden from the seats not seen is in the view: with it dealt anew, the view is the same.
    assert hidden_swapped(state, seen, rng).view(seen.__contains__) == view
    assert immutable(view)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_view_holds_only_what_the_seats_seen_may_know(players):
    rng = random.Random(players)
    positions = 0
    for seed in range(6):
        state = SPEC.new_state(players, seed=100 * players + seed)
        while True:
            for seen in seen_sets(players):
                check_view(state, seen, rng)
            positions += 1
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
    assert positions > 100


def probes(state, rng: random.Random) -> list[Action]:
    """The legal actions and some refused ones: a king, knight or potion on every place or queen,
    answers and picks out of turn, discards of the hand's cards two or three at a time."""
    hand = state.hands[state.current_player]
    actions = list(state.legal_actions()) + [Action("defend"), Action("allow"), Action("jester")]
    actions += [Action(kind, slot=s) for kind in ("king", "wake") for s in range(12)]
    for target, queens in enumerate(state.awake):
        for queen in queens:
            actions += [Action("knight", target=target, queen=queen),
                        Action("potion", target=target, queen=queen, slot=rng.randrange(12))]
    for size in (2, 3):
        if len(hand) >= size:
            actions += [Action("discard", cards=tuple(rng.sample(hand, size))) for _ in range(4)]
    return actions


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_view_refuses_what_the_rules_refuse_where_it_holds_the_deciders_hand(players):
    """The scene asks the view why a tap does nothing: the rules' own answer, from what the view
    holds (the decider's hand, the table), for the legal actions and the refused ones alike."""
    rng = random.Random(players)
    asked = 0
    for seed in range(4):
        state = SPEC.new_state(players, seed=seed)
        while not state.is_over:
            view = state.view(lambda seat: seat == state.current_player)
            for action in probes(state, rng):
                assert view.refusal(action) == state.refusal(action), action
                asked += 1
            for card in ("king", "knight", "potion"):
                assert view.play_refusal(card) == state.play_refusal(card), card
            state.apply(rng.choice(state.legal_actions()))
    assert asked > 1000


def test_a_defence_offered_or_not_is_in_the_view_only_in_the_victims_private_moment():
    """The victim's answers tell whether they hold the dragon: the session's view holds no legal
    actions (and no hand) until the victim's curtain is passed; a queen to pick (a jester's count)
    is public: its actions are there for everybody."""
    session = Session.new(SPEC, [Seat("Anna", "red"), Seat("Ben", "blue")], seed=7)
    state = session._controller.state          # the test builds the position behind the session
    state.hands[0] = ["knight", "n1", "n2", "n3", "n4"]
    state.hands[1] = ["n5", "n6", "n7", "n8", "dragon"]
    state.awake[1] = ["cat"]
    state.slots[state.slots.index("cat")] = None
    session.curtain_passed()
    session.submit(Action("knight", target=1, queen="cat"))
    view = session.view()
    assert view.curtain is not None and view.legal is None
    assert view.table.hands == (None, None) and view.table.pending == QueensPending("knight", 0, 1, "cat")
    session.curtain_passed()
    view = session.view()
    assert view.legal == (Action("defend"), Action("allow")) and view.table.hands[1] == tuple(state.hands[1])
    session.submit(Action("allow"))
    state.pending = {"kind": "wake", "reason": "jester", "seat": 0}
    state.current_player = 0
    session._view = None                       # the position was built behind the session's back
    view = session.view()
    assert view.private is None and view.table.hands == (None, None)
    assert view.legal == tuple(state.legal_actions()) and len(view.legal) == sum(view.table.asleep)


def test_a_view_is_frozen_and_made_without_copying_the_state(monkeypatch):
    state = SPEC.new_state(4, seed=3)
    view = state.view(lambda seat: seat == 0)
    assert isinstance(view, QueensView)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.draw_size = 0          # type: ignore[misc]
    before = state.view(lambda seat: seat == 0)
    state.apply(state.legal_actions()[0])
    assert view == before, "a view shares nothing that changes with the state"

    def no_copy(*args, **kwargs):
        raise AssertionError("a view copies the state")
    monkeypatch.setattr(copy, "deepcopy", no_copy)
    monkeypatch.setattr(copy, "copy", no_copy)
    start = time.perf_counter()
    for _ in range(1000):
        state.view(lambda seat: seat == 0)
    assert (time.perf_counter() - start) / 1000 < 0.001, "a view takes under a millisecond"
