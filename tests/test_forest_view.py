"""The Forest table's view (ForestState.view): what the scene draws, plain and immutable, with no
secret in it — over seeded random games, at every position and for every choice of who may be
seen.  The secrets of the forest are the motifs under the trees and the order of the stack: no view
names them (a look is its event's), whoever is watching."""
from __future__ import annotations

import copy
import dataclasses
import random
import time

import pytest

from kidgames.core.protocol import Action, Record
from kidgames.games.forest.board import ForestBoard, load_forest_board
from kidgames.games.forest.rules import GUESS, MAGIC, MOTIFS, MOVE, ForestView, new_state


@pytest.fixture(scope="module")
def board():
    return load_forest_board()


def choices_of_sees(n: int):
    """Nobody seen, everybody, and each seat alone (as a private moment sees it)."""
    yield "nobody", lambda seat: False
    yield "everybody", lambda seat: True
    for only in range(n):
        yield f"seat {only}", lambda seat, only=only: seat == only


def plain_values(value):
    """Every value inside a view (the board aside), down to the strings and numbers."""
    if isinstance(value, ForestBoard):
        return
    if dataclasses.is_dataclass(value):
        for field in dataclasses.fields(value):
            yield from plain_values(getattr(value, field.name))
    elif isinstance(value, Record):
        yield value.kind
        for item in value.fields.values():
            yield from plain_values(item)
    elif isinstance(value, tuple):
        for item in value:
            yield from plain_values(item)
    else:
        yield value


def known_to(observation) -> set:
    """Every value a seat's observation (what the seat may know) holds."""
    found = set()
    stack = [observation]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            stack += list(value.keys()) + list(value.values())
        elif isinstance(value, (list, tuple)):
            stack += list(value)
        else:
            found.add(value)
    return found


def hidden_reshuffled(state, rng):
    """The same table with other secrets: the motifs under the trees and the stack in another order."""
    other = copy.deepcopy(state, {id(state.board): state.board})
    motifs = list(other.tree_at.values())
    rng.shuffle(motifs)
    other.tree_at = dict(zip(other.tree_at, motifs))
    rng.shuffle(other.stack)
    return other


def positions(seed: int, board, steps: int = 500):
    """The positions of a seeded random game (a pawn that may walk onto the key space mostly does,
    so the guesses come up), each before its action is played."""
    state = new_state(2 + seed % 4, seed=seed, options={"short": seed % 2 == 0, "board": board})
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        yield state
        legal = state.legal_actions()
        to_key = [a for a in legal if a.kind == "move" and a.dest == board.key]
        state.apply(to_key[0] if to_key and rng.random() < 0.8 else rng.choice(legal))
    yield state


def outcome(state, action):
    """What a move does, played on a copy (the test's own oracle, as the scene once did)."""
    trial = copy.deepcopy(state, {id(state.board): state.board})
    events = trial.apply(action)
    return trial.to_json(), sorted(e.kind for e in events if e.kind != "moved")


@pytest.mark.parametrize("seed", range(6))
def test_no_view_holds_a_secret_whoever_may_be_seen(seed, board):
    rng = random.Random(100 + seed)
    phases = set()
    for state in positions(seed, board):
        phases.add(state.phase)
        views = {name: state.view(sees) for name, sees in choices_of_sees(state.num_players)}
        other = hidden_reshuffled(state, rng)
        for name, sees in choices_of_sees(state.num_players):
            view = views[name]
            # the same table with other motifs under the trees and another stack: the same view
            assert other.view(sees) == view, f"seed {seed}, {name}: the view tells the hidden motifs apart"
            values = set(plain_values(view))
            for seat in range(state.num_players):
                if not sees(seat):
                    motifs = {v for v in values if v in MOTIFS}
                    assert motifs <= known_to(state.observation(seat)), \
                        f"seed {seed}, {name}: the view names a motif seat {seat} may not know"
        assert len(set(views.values())) == 1, "nothing in the forest's table depends on who is watching"
    assert {MOVE, GUESS} <= phases


@pytest.mark.parametrize("seed", range(4))
def test_the_view_shows_the_table_and_what_a_tap_may_do(seed, board):
    for state in positions(seed, board, steps=400):
        view = state.view(lambda seat: False)
        assert view.board is state.board
        assert view.positions == tuple(state.positions) and view.current_player == state.current_player
        assert view.dice == (tuple(state.dice) if state.dice else None) and view.turn == state.turn
        assert view.wanted == state.wanted and view.won == tuple(tuple(c) for c in state.won)
        assert view.stack_size == len(state.stack) and view.phase == state.phase
        assert view.trees == tuple(state.tree_at)
        legal = state.legal_actions()
        moves = [a for a in legal if a.kind == "move"]
        # each space the throw reaches, in the order of the legal moves
        assert [dest for dest, _ in view.ways] == list(dict.fromkeys(a.dest for a in moves))
        for dest, offered in view.ways:
            to_dest = sorted((a for a in moves if a.dest == dest), key=lambda a: a.dice_used)
            outcomes = [outcome(state, a) for a in to_dest]
            if all(o == outcomes[0] for o in outcomes[1:]):
                assert offered == (to_dest[0],), "moves that end the same: a tap plays the first"
            else:
                assert offered == tuple(to_dest), "moves that end differently: a person chooses"
            assert view.way(dest) == offered
        assert view.way("nowhere") == ()
        assert view.magic == tuple(dict.fromkeys(a.kind for a in legal if a.kind in MAGIC))
        assert view.jumps == tuple(a.node for a in legal if a.kind == "magic_jump")


def test_a_double_one_offers_its_magic_in_the_view(board):
    state = new_state(3, seed=5, options={"board": board})
    state.dice = (1, 1)
    view = state.view(lambda seat: True)
    assert view.phase == MOVE and view.magic == ("magic_swap", "magic_jump", "magic_shuffle")
    assert sorted(view.jumps) == sorted(board.slots[slot].space for slot in state.tree_at)
    state.stack = []
    assert state.view(lambda seat: True).magic == ("magic_swap", "magic_jump")


def test_two_moves_to_one_space_are_both_offered_only_when_one_sends_a_pawn_home(board):
    state = new_state(2, seed=1, options={"board": board})
    state.positions[0], state.positions[1], state.dice = "m5", "m7", (2, 4)
    both = state.view(lambda seat: True).way("m7")
    assert [a.dice_used for a in both] == [1, 2], "the full throw sends Ben home: the choice is asked"
    state.positions[1] = board.village
    one = state.view(lambda seat: True).way("m7")
    assert [a.dice_used for a in one] == [1], "nobody to send home: one die, no question"


def test_the_view_is_immutable_plain_data_and_cheap(board, monkeypatch):
    state = new_state(4, seed=3, options={"board": board})
    state.apply(Action("roll", dice=(2, 3)))
    view = state.view(lambda seat: True)
    assert isinstance(view, ForestView)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.positions = ()                                      # type: ignore[misc]
    hash(view)          # every field is a tuple of plain values (or the shared board): nothing mutable
    assert all(isinstance(v, (str, int, type(None))) for v in plain_values(view))
    before = state.to_json()
    state.positions[0] = board.key                              # the state moves on; the view does not
    assert view.positions[0] != board.key
    state.positions[0] = before["positions"][0]

    def no_copies(*args, **kwargs):
        raise AssertionError("the view copies the state")
    monkeypatch.setattr(copy, "deepcopy", no_copies)
    monkeypatch.setattr(copy, "copy", no_copies)
    start = time.perf_counter()
    for _ in range(200):
        state.view(lambda seat: True)
    per_view = (time.perf_counter() - start) / 200
    assert per_view < 0.0005, f"a view takes {per_view * 1e6:.0f} µs"
    assert state.to_json() == before, "making a view changes nothing"
