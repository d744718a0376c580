"""The Castle Builders view (rules.CastleView, ``state.view(sees)``): what the scene draws.

Castle Builders hides only the draw pile's order, and from everybody alike, so whatever the
watching model says (``sees``), the view is the public table: exactly what every seat's
``observation`` holds, and never the draw pile's cards.  Checked at every position of seeded
random games and for every choice of ``sees``; the view is frozen, shares nothing that changes
with the state, and is made without copying the state.
"""
from __future__ import annotations

import copy
import dataclasses
import itertools
import random

import pytest

from kidgames.games import GAMES
from kidgames.games.castle.rules import FAIRY, LOSE_CHOICE, CastleView

GAMES_PLAYED = 30


def every_sees(players: int):
    """Every watching model over ``players`` seats: each subset of seats that may be seen."""
    for mask in range(2 ** players):
        seen = frozenset(s for s in range(players) if mask >> s & 1)
        yield seen, seen.__contains__


def positions(seed: int):
    """Every position of a seeded random game, the first and the last included."""
    players = 2 + seed % 3
    state = GAMES["castle"].new_state(players, seed=seed)
    rng = random.Random(seed)
    yield state
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        yield state


def as_observed(view: CastleView, seat: int) -> dict:
    """The view's fields under the names of ``observation(seat)``."""
    return {"seat": seat, "num_players": len(view.colours), "draw_pile_size": view.draw_pile,
            "discard": list(view.discard), "colours": list(view.colours), "castles": [list(c) for c in view.castles],
            "castle_sizes": [len(c) for c in view.castles], "spares": [list(s) for s in view.spares],
            "diamonds": [s.count("diamond") for s in view.spares], "drawn_this_turn": view.drawn_this_turn,
            "pending": view.pending, "losses_left": view.losses_left, "turn": view.turn,
            "winners": list(view.winners), "is_over": bool(view.winners)}


def test_the_view_is_what_every_seat_may_know_whoever_watches():
    checked = 0
    for seed in range(GAMES_PLAYED):
        for state in positions(seed):
            views = {seen: state.view(sees) for seen, sees in every_sees(state.num_players)}
            first = next(iter(views.values()))
            assert all(v == first for v in views.values()), f"seed {seed}: the watching model changed the view"
            for seat in range(state.num_players):
                obs = state.observation(seat)
                obs.pop("current_player")        # whose decision it is: the session's common view
                assert as_observed(first, seat) == obs, f"seed {seed}, turn {state.turn}"
            # the draw pile is only a number: its cards, and so their order, are nowhere in the view
            assert isinstance(first.draw_pile, int) and first.draw_pile == len(state.draw_pile)
            checked += 1
    assert checked > 1000


def test_the_witch_may_take_what_the_rules_let_her_and_only_while_she_waits_for_cards():
    asked = 0
    for seed in range(GAMES_PLAYED):
        for state in positions(seed):
            view = state.view(lambda seat: True)
            if state.pending != LOSE_CHOICE:
                assert view.losable == ()
                continue
            asked += 1
            p = state.current_player
            assert FAIRY not in view.losable
            assert sorted(view.losable) == sorted(state.losable(p))
            assert sorted(set(view.losable)) == sorted(a.card for a in state.legal_actions() if a.kind == "lose")
    assert asked > 20


def test_the_view_is_frozen_plain_data_that_the_game_going_on_does_not_change():
    state = GAMES["castle"].new_state(3, seed=4)
    rng = random.Random(4)
    for _ in range(40):
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(lambda seat: False)
    kept = copy.deepcopy(view)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.pending = None       # type: ignore[misc]

    def plain(value) -> bool:
        if isinstance(value, tuple):
            return all(plain(v) for v in value)
        return value is None or isinstance(value, (bool, int, str))
    assert all(plain(getattr(view, f.name)) for f in dataclasses.fields(view))
    hash(view)      # every part immutable
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    assert view == kept, "a view changed with the state it was made from"


def test_the_view_is_cheap_no_copy_of_the_state(monkeypatch):
    state = GAMES["castle"].new_state(4, seed=9)
    rng = random.Random(9)
    for _ in range(60):
        state.apply(rng.choice(state.legal_actions()))

    def refused(*args, **kwargs):
        raise AssertionError("the view copies the state")
    monkeypatch.setattr(copy, "deepcopy", refused)
    monkeypatch.setattr(copy, "copy", refused)
    for _seen, sees in itertools.islice(every_sees(4), 4):
        state.view(sees)
    import time
    start = time.perf_counter()
    for _ in range(2000):
        state.view(lambda seat: True)
    assert (time.perf_counter() - start) / 2000 < 0.0005, "a view takes more than half a millisecond"


def test_a_finished_game_shows_its_winner_and_their_whole_castle():
    state = next(s for s in positions(2) if s.is_over)
    view = state.view(lambda seat: True)
    assert view.winners == tuple(state.winners) and len(view.winners) == 1
    assert len(view.castles[view.winners[0]]) == 6
