"""Knights saves that the rules can never reach are refused when read (a fuzzing report: a knight
standing in the castle with nobody the winner was accepted, and his next throw made him the winner).
Every state of seeded random games is still read back: only what the engine never makes is refused."""
from __future__ import annotations

import random

import pytest

from kidgames.core.protocol import StateDataError
from kidgames.games.knights.rules import load_knights_board, new_state, state_from_json


@pytest.fixture(scope="module")
def board():
    return load_knights_board()


def saved(board, **changes) -> dict:
    data = new_state(3, seed=1, options={"board": board}).to_json()
    data.update(changes)
    return data


def refused(data: dict, *words: str) -> str:
    with pytest.raises(StateDataError) as caught:
        state_from_json(data)
    message = str(caught.value)
    for word in words:
        assert word in message, message
    return message


def castle(board) -> str:
    return board.of_kind("castle")[0]


def test_a_knight_in_the_castle_while_nobody_has_won_is_refused(board):
    refused(saved(board, positions=["start", castle(board), "start"]), "seat 1", "castle", "nobody has won")


def test_winners_must_be_the_one_knight_in_the_castle(board):
    refused(saved(board, positions=["start", castle(board), "start"], winners=[0]), "winners [0]")
    refused(saved(board, positions=[castle(board), castle(board), "start"], winners=[0]), "winners [0]")
    refused(saved(board, winners=[2]), "winners [2]")
    # The end of a game, as the engine leaves it, is read back.
    over = state_from_json(saved(board, positions=["start", castle(board), "start"], winners=[1], current_player=1))
    assert over.is_over and over.winners == [1]


def test_a_knight_comes_back_only_on_the_lane_that_goes_out_and_back(board):
    two_way = next(lane for lane in board.lanes.values() if lane.two_way)
    one_way = next(lane for lane in board.lanes.values() if not lane.two_way and lane.fields)
    back_there = saved(board, positions=[two_way.fields[2], "start", "start"], direction=["back", "out", "out"])
    assert state_from_json(back_there).direction[0] == "back"
    refused(saved(board, positions=[one_way.fields[1], "start", "start"], direction=["back", "out", "out"]),
            "seat 0 is coming back", repr(one_way.fields[1]))


def test_only_a_knight_on_the_witchs_field_has_landed_on_it(board):
    witch = board.of_kind("witch")[0]
    assert state_from_json(saved(board, positions=[witch, "start", "start"], next_wide=[True, False, False]))
    refused(saved(board, positions=["m1", "start", "start"], next_wide=[True, False, False]),
            "seat 0", "witch", "'m1'")


def test_every_state_of_seeded_random_games_is_read_back(board):
    checked = 0
    for seed in range(12):
        state = new_state(2 + seed % 5, seed=seed, options={"board": board})
        rng = random.Random(seed)
        while True:
            data = state.to_json()
            assert state_from_json(data).to_json() == data
            checked += 1
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 500
