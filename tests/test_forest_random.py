"""Seeded random games of Fairy-Tale Forest all end, with the cards conserved and every pawn on a
space of the board at every step, and the most cards winning.  (bench/forest_stats.py plays
thousands.)  A random pawn finds the key space rarely, so the suite plays short games and a few
full ones, all on one board (loaded once, as a caller of many games does)."""
from __future__ import annotations

import hashlib
import json
import random

import pytest

from kidgames.games.forest.board import load_forest_board
from kidgames.games.forest.rules import new_state


@pytest.fixture(scope="module")
def board():
    return load_forest_board()


def check_table(state, motifs: list[str], slots: list[str]) -> None:
    """What holds after every action of every game."""
    board, n = state.board, state.num_players
    # Every card lies in exactly one place: the stack, face up or won.
    cards = state.stack + ([state.wanted] if state.wanted is not None else []) + [m for c in state.won for m in c]
    assert sorted(cards) == motifs
    assert sum(len(c) for c in state.won) + len(state.stack) + (state.wanted is not None) == len(motifs)
    assert state.wanted is not None or not state.stack, "cards left in the stack but none face up"
    # The trees stay on their slots, each motif under one tree (swaps only exchange them).
    assert sorted(state.tree_at) == slots and sorted(state.tree_at.values()) == motifs
    # Every pawn stands on a space; only the player to name a tree stands on the key space.
    assert len(state.positions) == n and all(pos in board.nodes for pos in state.positions)
    assert all(pos != board.key or seat == state.current_player for seat, pos in enumerate(state.positions))
    assert 0 <= state.current_player < n
    assert state.dice is None or (len(state.dice) == 2 and all(1 <= d <= 6 for d in state.dice))


def play(seed: int, short: bool, board):
    state = new_state(2 + seed % 5, seed=seed, options={"short": short, "board": board})
    rng = random.Random(seed)
    motifs, slots = sorted(state.tree_at.values()), sorted(state.tree_at)
    check_table(state, motifs, slots)
    events = []
    for _ in range(400_000):
        if state.is_over:
            break
        events = state.apply(rng.choice(state.legal_actions()))
        check_table(state, motifs, slots)
    else:
        raise AssertionError(f"seed {seed}: the game did not end")
    # The game ends with the last card won; most cards wins, equal highest counts share the win.
    assert state.legal_actions() == [] and state.wanted is None and not state.stack
    best = max(len(c) for c in state.won)
    assert state.winners == [seat for seat, cards in enumerate(state.won) if len(cards) == best]
    assert events[-1].kind == "game_over" and list(events[-1].winners) == state.winners
    assert list(events[-1].cards) == [len(c) for c in state.won]
    return state


@pytest.mark.parametrize("seed", range(20))
def test_random_short_games_end_with_every_card_won_by_the_most_cards(seed, board):
    state = play(seed, short=True, board=board)
    assert sum(len(c) for c in state.won) == 7 and state.winners


@pytest.mark.parametrize("seed", range(2))
def test_random_full_games_end_with_every_card_won_by_the_most_cards(seed, board):
    state = play(seed, short=False, board=board)
    assert sum(len(c) for c in state.won) == 13


# -- replays: a faster engine must play seeded games exactly as before ----------------------------
def fingerprint(seed: int, short: bool, limit: int) -> tuple[int, str]:
    """sha256 of every list of legal actions (their order decides a seeded choice), every event and
    the state at the end of a seeded random game, cut after ``limit`` actions."""
    state = new_state(2 + seed % 5, seed=seed, options={"short": short})
    rng = random.Random(seed)
    digest = hashlib.sha256()
    actions = 0
    while not state.is_over and actions < limit:
        legal = state.legal_actions()
        digest.update(repr(legal).encode())
        digest.update(repr(state.apply(rng.choice(legal))).encode())
        actions += 1
    digest.update(json.dumps(state.to_json(), sort_keys=True).encode())
    return actions, digest.hexdigest()


#: Recorded with the engine before it was made faster (seed -> actions, sha256).
CUT_GAMES = {
    0: "be60d9db0cdb1256d2b1df7d536834d3ce57076c410ff9249f3efa1f48e8dd86",
    1: "8790ef0abb3a4ff784a37e28162b006f7ca27b4fbb17fac55aacd604f4819e76",
    2: "4003fb0688f09a42b6525e64f044d58a65f42bb44c60aa724078faeddf9a71c7",
    3: "32624e6c0f54b3a74b8e936c1c3c85eb89d81d40bf8515e8857c8cc4f4512544",
    4: "891afc4dbf13805d5f288fda53b4fc0eed3891e8f2c2a4e62d00bfe6168bd0e3",
    5: "5485d55860d4a58eb53b2782c5b714809c22c5b933db64a2ea254467a594b51e",
    6: "cf7e826b5fda11a8d38638a5ca7f40ea387b21664e684a600caa08afd0d0348e",
    7: "2cfdad2b54d6ef0605550aa27ee8afe2010103aebb1e1f08b78fe7f6527d9bce",
    8: "9b34d04f9b4c38e5d5458c042e035324bc4d83f474fade9b774e9b6a9292d3ba",
    9: "08d5f16e1a030d213efacee0e5c80734b323f19d0d314ecb4c67d5c5bec124ea",
}
WHOLE_SHORT_GAMES = {
    16: (3715, "c160845b2479c47fab36597194c6fbc788e44337ba16addbbea5e2bfd2f4b4e2"),
    1: (6792, "7d521368f371a257e124b4550e87043b8501d0267909e2e4b574b3ee49bd6a72"),
    9: (7050, "9b681985869b2698caea2bdb2f5ed3783fe0b96f4b7e899f3f64d1ff33a2127a"),
}


@pytest.mark.parametrize("seed", sorted(CUT_GAMES))
def test_seeded_random_games_replay_as_recorded(seed):
    assert fingerprint(seed, seed % 2 == 1, 3000) == (3000, CUT_GAMES[seed])


@pytest.mark.parametrize("seed", sorted(WHOLE_SHORT_GAMES))
def test_whole_seeded_short_games_replay_as_recorded(seed):
    assert fingerprint(seed, True, 10 ** 6) == WHOLE_SHORT_GAMES[seed]
