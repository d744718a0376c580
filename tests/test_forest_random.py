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
    digest.update(json.dumps(data, sort_keys=True).encode())
    return actions, digest.hexdigest()


#: Recorded with the engine before it was made faster (seed -> actions, sha256); recorded again with the
#: board file's name in place of its path, by the faster engine that matched the first record.
CUT_GAMES = {
    0: "c586251b219892c0b46acc86a885406c0abd7a592f47e4f411db81c3a817b88c",
    1: "21ed387cbb47e241e4ea31a7ac225cb0e65346403eb4c3aecfc79ad9fd1f83eb",
    2: "c0ee9b004cfbd2c6ebd6ff463536f9c41a8cbef5afba6eafb4627c2118ab39db",
    3: "9cc1f087b9d0dfea64a543c7f6b864a01dd991dd780873cf1875f390ad9e781f",
    4: "4a79106123e70b0d672a17c668692171786cafad9a24680ece1d558d6d931a2f",
    5: "114b065f648adb094512116cdb7c2ef0b6cc32cf899cc7977ceb8473ea66d709",
    6: "f81a8a011b5b14c4eadf9152362b16905dba3cfa533891cb1508900362f0e71e",
    7: "5eecb72cb747f3193480b5d7aa671317d97f8bb43dad77570e41e606355b81f1",
    8: "db6505dfe9dcf96e172c4543807cee8cc81ce36f3417d217ad8aa025b9b5b50d",
    9: "ee598a037409240b8079e7947a2ea375b4f6fdb7c7092dbf81fc9d49ce493182",
}
WHOLE_SHORT_GAMES = {
    16: (3715, "28fddc2628bd5e717935f946031379ad552ed04af25bec512573b68beff84117"),
    1: (6792, "9433a9bda91589c7c1c4c80042393c3afb9a1c735a17bab128e0f6d99164946c"),
    9: (7050, "26ae49e0c2a2757b2580bc903e4657338d0433b6d99c6543b4c4596ab8e894f0"),
}


@pytest.mark.parametrize("seed", sorted(CUT_GAMES))
def test_seeded_random_games_replay_as_recorded(seed):
    assert fingerprint(seed, seed % 2 == 1, 3000) == (3000, CUT_GAMES[seed])


@pytest.mark.parametrize("seed", sorted(WHOLE_SHORT_GAMES))
def test_whole_seeded_short_games_replay_as_recorded(seed):
    assert fingerprint(seed, True, 10 ** 6) == WHOLE_SHORT_GAMES[seed]
