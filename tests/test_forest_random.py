"""Seeded random games of Fairy-Tale Forest all end, with the cards conserved and every pawn on a
space of the board at every step, and the most cards winning.  (bench/forest_stats.py plays
thousands.)  A random pawn finds the key space rarely, so the suite plays short games and a few
full ones, all on one board (loaded once, as a caller of many games does)."""
from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

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
    data = state.to_json()
    # the board file is named by its path: the same game wherever the project lies
    data["board_name"] = Path(data["board_name"]).name if data.get("board_name") else data.get("board_name")
    data["board"] = board_graph(data["board"])
    digest.update(json.dumps(data, sort_keys=True).encode())
    return actions, digest.hexdigest()


def board_graph(source) -> object:
    """A board as the rules see it: where things are drawn (positions, the size, decorations,
    the title) left out, so that redrawing the forest does not change a replay."""
    if not isinstance(source, dict):
        return source
    drawn = {"size", "decorations", "title"}
    graph = {k: v for k, v in source.items() if k not in drawn}
    for key in ("spaces", "trees"):
        if isinstance(graph.get(key), list):
            graph[key] = [{k: v for k, v in item.items() if k != "at"} if isinstance(item, dict) else item
                          for item in graph[key]]
    return graph


#: Recorded with the engine before it was made faster (seed -> actions, sha256); recorded again with the
#: board file's name in place of its path, by the faster engine that matched the first record; and again
#: with the board's drawing left out (board_graph), by the engine and board that matched the second
#: record, so that moving where a tree is drawn changes no replay (the same action counts as before).
CUT_GAMES = {
    0: "43da2f3d96f857f303a1cd07f77a3a42c0503a920ea0658997801e6b16079b9d",
    1: "6b769dcf0302339d2f32f1bd3a35616f042c9adc7260fe215484834bd8f2b981",
    2: "7012643a1dfe140d18c2dace15ada0f3876059cf1aebf1de89092048d249de02",
    3: "f4fc9bce86d449be2b25c1fe9a9fd6b103286e15a5cea5f705b5a66bd9a03602",
    4: "e3d403c8156f4818064123024ff98d98629c89791a6e18f855bfd39fb3c6354b",
    5: "b419a1f9a11b01c0ec9b9873ffb2de681c7e2ee321ae108b181e03d18b278236",
    6: "cdfceef92a487192445a5be7c211820803d13eb80de89995406aa5ed3bdd23be",
    7: "14102bcf5b29ab565f1582b2b63ecfabb4a036f531ee772897c20699ce1543df",
    8: "35c06fc5843878b778017a62fa11e8590b9f60ffeeb558d002fa85e5877c1d28",
    9: "17f80e3608030a7cfc5f3ae855c748c587e66b6471b9c3de779f5245e8c7c973",
}
WHOLE_SHORT_GAMES = {
    1: (6792, "e97bf8eb83ee81dbc540da57fc0f3400f71fb5f0f8962339534f9f42c1fd6539"),
    9: (7050, "71d9b2b5a0307ea66efe96d70d53040c5caa1fa381495c9b141a8b2c9a3d53ac"),
    16: (3715, "f03c497aeba82ab807a77f2486a1e3782db905c38d013ec911be15f27b162f13"),
}


@pytest.mark.parametrize("seed", sorted(CUT_GAMES))
def test_seeded_random_games_replay_as_recorded(seed):
    assert fingerprint(seed, seed % 2 == 1, 3000) == (3000, CUT_GAMES[seed])


@pytest.mark.parametrize("seed", sorted(WHOLE_SHORT_GAMES))
def test_whole_seeded_short_games_replay_as_recorded(seed):
    assert fingerprint(seed, True, 10 ** 6) == WHOLE_SHORT_GAMES[seed]
