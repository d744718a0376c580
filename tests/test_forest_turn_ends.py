"""Fairy-Tale Forest: the ends of a throw are worked out without listing the walks (a fuzzer's board
with 60 extra paths had 59 million walks for one 6+6 throw, and listing them ran the app out of
memory), and a board the game cannot serve is refused with a sentence.

On the shipped board the new way gives exactly what listing every walk gave: the same ends in the
same order with the same route for each, for every space and all 36 throws (so seeded games stay
the same, see test_forest_random.py); a move made by hand is accepted exactly when its route is one
of the listed ones."""
from __future__ import annotations

import itertools
import json
import time
from pathlib import Path

import pytest

import kidgames.games.forest.board as forest_board
from kidgames.core.board import BoardError
from kidgames.core.paths import BOARDS
from kidgames.core.protocol import Action, IllegalActionError
from kidgames.games.forest.board import MAX_SPACES, MAX_WAYS, ForestBoard, load_forest_board
from kidgames.games.forest.rules import new_state

HERE = Path(__file__).parent
CORPUS = HERE / "broken_forest_boards"
THROWS = [(a, b) for a in range(1, 7) for b in range(1, 7)]


# -- the engine before: every walk listed (kept here only, as the reference) -----------------------
def listed_walks(board, memo: dict, start: str, steps: int) -> tuple:
    """Every walk of ``steps`` from ``start``, in the order the engine listed them."""
    known = memo.get((start, steps))
    if known is not None:
        return known
    if steps <= 0:
        found = [()] if steps == 0 else []
    else:
        found = []
        for walk in listed_walks(board, memo, start, steps - 1):
            if walk:
                here, back = walk[-1], (walk[-2] if len(walk) > 1 else start)
            else:
                here, back = start, None
            for nxt in board.neighbours(here):
                if nxt != back and nxt != board.village:
                    found.append(walk + (nxt,))
    memo[(start, steps)] = tuple(found)
    return memo[(start, steps)]


def listed_routes(board, memo: dict, start: str, a: int, b: int):
    """Every route of the turn as ``(end, dice used, route)``, in the order the engine listed them."""
    for route in listed_walks(board, memo, start, a + b):
        yield route[-1], 2, route
    for first, second in ((a, b), (b, a)) if a != b else ((a, b),):
        first_walks = listed_walks(board, memo, start, first)
        if not first_walks:
            for route in listed_walks(board, memo, start, second):
                yield route[-1], 1, route
            continue
        for route in first_walks:
            middle = route[-1]
            if board.kind(middle) in ("blue", "key"):
                yield middle, 1, route
            second_walks = listed_walks(board, memo, middle, second)
            if not second_walks:
                yield middle, 1, route
            for more in second_walks:
                yield more[-1], 2, route + more


def listed_ends(board, memo: dict, start: str, a: int, b: int) -> dict:
    """The ends and their first routes, as the engine's legal actions were made from the list."""
    first: dict = {}
    for dest, used, route in listed_routes(board, memo, start, a, b):
        first.setdefault((dest, used), route)
    return first or {(start, 0): ()}


@pytest.fixture(scope="module")
def board():
    return load_forest_board(BOARDS / "forest.yaml")


def test_every_space_and_every_throw_of_the_shipped_board_gives_the_ends_and_routes_of_the_list(board):
    memo: dict = {}
    state = new_state(2, seed=1, options={"board": board})
    compared = 0
    for start in board.nodes:
        for a, b in THROWS:
            expected = listed_ends(board, memo, start, a, b)
            assert list(board.turn_ends(start, a, b).items()) == list(expected.items()), (start, a, b)
            state.positions[0], state.current_player, state.dice = start, 0, (a, b)
            if start == board.key:
                continue      # a pawn on the key space names a tree first
            moves = [(m.dest, m.dice_used, m.path) for m in state.legal_actions() if m.kind == "move"]
            assert moves == [(dest, used, path) for (dest, used), path in expected.items()]
            compared += 1
    assert compared == (len(board.nodes) - 1) * 36


def test_a_route_made_by_hand_is_accepted_exactly_when_the_list_holds_it(board):
    """Every listed route is accepted; and for the shorter throws every sequence of neighbouring
    spaces (turning back and entering the village included) is accepted exactly when listed."""
    memo: dict = {}
    for start in board.nodes:
        for a, b in THROWS:
            routes: dict = {}
            for dest, used, route in listed_routes(board, memo, start, a, b):
                routes.setdefault((dest, used), set()).add(route)
            for (dest, used), listed in routes.items():
                assert all(board.is_route(start, a, b, dest, used, route) for route in listed)
            if a + b > 6:
                continue
            for length in {a, b, a + b}:
                for route in sequences(board, start, length):
                    for used in (1, 2):
                        expected = route in routes.get((route[-1], used), ())
                        assert board.is_route(start, a, b, route[-1], used, route) == expected, \
                            (start, a, b, used, route)


def sequences(board, start: str, length: int):
    """Every sequence of ``length`` steps between neighbouring spaces from ``start``."""
    found = [()]
    for _ in range(length):
        found = [seq + (nxt,) for seq in found for nxt in board.neighbours(seq[-1] if seq else start)]
    return found


def test_a_wrong_route_to_a_right_end_is_refused_and_a_right_one_accepted(board):
    state = new_state(2, seed=1, options={"board": board})
    state.positions[0], state.dice = "V", (3, 5)
    before = state.to_json()
    for path in (("m1", "m2", "m3", "m4", "m5", "m6", "m7", "a4"),      # a4 is no neighbour of m7
                 ("m1", "m2", "m1", "m2", "m3", "m4", "a1", "a2")):     # turns back in the first walk
        with pytest.raises(IllegalActionError, match="not a walk"):
            state.apply(Action("move", dest=path[-1], path=path, dice_used=2))
        assert state.to_json() == before
    # Another route to an offered end than the one the offered action names.
    offered = {(m.dest, m.dice_used): m.path for m in state.legal_actions()}
    dest, used, path = next((dest, used, route) for dest, used, route in listed_routes(board, {}, "V", 3, 5)
                            if route != offered[(dest, used)])
    events = state.apply(Action("move", dest=dest, path=path, dice_used=used))
    assert events[0].kind == "moved" and events[0].path == path and state.positions[0] == dest


# -- boards the game cannot serve, and boards at its limits ---------------------------------------
def expected_words(path: Path) -> list[str]:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# expect:"):
            return [word.strip() for word in line[len("# expect:"):].split(" | ")]
    return []


@pytest.mark.parametrize("name", ["extra_paths_60", "extra_paths_400", "too_many_spaces", "too_many_links"])
def test_a_board_the_game_cannot_serve_is_refused_with_a_sentence_naming_the_file(name):
    path = CORPUS / f"{name}.yaml"
    started = time.perf_counter()
    with pytest.raises(BoardError) as caught:
        load_forest_board(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: ") and "Traceback" not in message
    assert expected_words(path), f"{path.name} says which words its refusal must contain"
    for word in expected_words(path):
        assert word in message, message
    assert time.perf_counter() - started < 5


def test_the_limits_leave_room_for_far_bigger_boards_than_the_shipped_one(board):
    assert len(board.nodes) * 4 < MAX_SPACES
    assert max(len(board.neighbours(node)) for node in board.nodes) * 2 <= MAX_WAYS


def crowded_board(board_data: dict, ways: int) -> dict:
    """The shipped board with extra paths between ordinary spaces until many have ``ways`` paths
    (outside the castle ring and the village, so that the board stays valid)."""
    data = json.loads(json.dumps(board_data))
    ring = {space for chain in data["paths"].values() if "KEY" in chain for space in chain}
    ordinary = [s["id"] for s in data["spaces"] if s.get("kind", "path") == "path" and s["id"] not in ring]
    count = {space: 0 for space in ordinary}
    joined = set()
    for chain in data["paths"].values():
        for a, b in zip(chain, chain[1:]):
            joined.add(frozenset((a, b)))
            for end in (a, b):
                if end in count:
                    count[end] += 1
    number = 0
    for a, b in itertools.combinations(ordinary, 2):
        if count[a] < ways and count[b] < ways and frozenset((a, b)) not in joined:
            number += 1
            data["paths"][f"x{number}"] = [a, b]
            joined.add(frozenset((a, b)))
            count[a] += 1
            count[b] += 1
    return data


@pytest.fixture()
def no_walks_listed(monkeypatch):
    def refuse(*args):
        raise AssertionError("the engine listed the walks of a throw")

    monkeypatch.setattr(ForestBoard, "walks", refuse)


def test_a_board_at_the_limits_is_played_without_listing_walks(board, no_walks_listed):
    """Every ordinary space with the most paths a board may have: from m9 a 6+6 throw has 143
    million walks; the legal actions of every throw from every space still take a moment, and a
    game is played on it."""
    data = crowded_board(board.source, MAX_WAYS)
    crowded = forest_board.forest_board_from_data(data, "crowded.yaml")
    assert max(len(crowded.neighbours(node)) for node in crowded.nodes) == MAX_WAYS
    state = new_state(3, seed=2, options={"board": crowded})
    started = time.perf_counter()
    for start in crowded.nodes:
        if start == crowded.key:
            continue
        for dice in THROWS:
            state.positions[0], state.current_player, state.dice = start, 0, dice
            assert state.legal_actions()
    assert time.perf_counter() - started < 30, "2,000 throws, each a few milliseconds"
    for _ in range(300):
        if state.is_over:
            break
        actions = state.legal_actions()
        state.apply(actions[len(actions) // 2])


def test_the_fuzzers_board_with_400_extra_paths_is_played_quickly_once_its_limits_are_lifted(
        monkeypatch, no_walks_listed):
    """With the branching limit lifted, the 400-path board is served too: a 6+6 throw from the
    space where it has 1.1e16 walks gives its legal actions in well under a second."""
    monkeypatch.setattr(forest_board, "MAX_WAYS", 10 ** 6)
    hostile = load_forest_board(CORPUS / "extra_paths_400.yaml")
    state = new_state(2, seed=1, options={"board": hostile})
    state.positions[0], state.dice = "b4", (6, 6)
    started = time.perf_counter()
    moves = state.legal_actions()
    assert time.perf_counter() - started < 5
    assert len({(m.dest, m.dice_used) for m in moves}) == len(moves) > 20
    for move in moves:
        assert hostile.is_route("b4", 6, 6, move.dest, move.dice_used, move.path)
    state.apply(moves[-1])
    assert state.positions[0] == moves[-1].dest


def test_a_board_keeps_a_bounded_number_of_worked_out_throws(board, monkeypatch):
    monkeypatch.setattr(forest_board, "TURNS_KEPT", 10)
    fresh = forest_board.forest_board_from_data(board.source, "forest.yaml")
    for a, b in THROWS:
        fresh.turn_moves("m6", a, b)
    assert len(fresh._turns) == 10
    again = fresh.turn_moves("m6", 6, 6)
    assert again is fresh.turn_moves("m6", 6, 6), "the newest are kept"
