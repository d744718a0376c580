"""Seeded random games of Knights: every game ends with one knight in the castle.

Game ``i`` is played by ``2 + i % 5`` knights with seed ``i`` (the same games as
bench/knights_stats.py, which reports how long they take).  Over 20,000 such games the longest
took 168 rounds, so the bound below is generous and only catches an engine that loops.
"""
from __future__ import annotations

import pytest

from kidgames.core.protocol import Action
from kidgames.games import GAMES
from kidgames.games.knights.rules import load_knights_board

BOARD = load_knights_board()     # read once: every game below is played on it

GAMES_PLAYED = 2000
EVENT_CHECKED_GAMES = 300  # every event of every throw is checked: slower, so fewer games
MAX_ROUNDS = 400
EVENT_KINDS = {"rolled", "moved", "effect", "waiting", "stuck", "game_over", "turn"}
STUCK_REASONS = {"dragon", "pool", "claws", "overshoot"}


def is_step(board, a: str, b: str) -> bool:
    """One field along the board, forwards or (on the way back) backwards."""
    return b in board.forward(a) or a in board.forward(b)


def check_throw(state, seat: int, before: list[str], events) -> None:
    """What every throw must look like, whatever the dice."""
    board = state.board
    assert {e.kind for e in events} <= EVENT_KINDS, events
    assert events[0].kind == "rolled" and events[0].player == seat and 1 <= events[0].value <= 6
    for pos, way, wide in zip(state.positions, state.direction, state.next_wide):
        assert pos in board.nodes
        assert way in ("out", "back")
        assert way == "out" or board.lane_of(pos).two_way, "only the blue path is travelled back"
        assert not wide or board.nodes[pos].kind == "witch"
    others = [p for i, p in enumerate(state.positions) if i != seat]
    assert others == [p for i, p in enumerate(before) if i != seat], "a throw moves only its own knight"

    moved = [e for e in events if e.kind == "moved"]
    stuck = [e for e in events if e.kind == "stuck"]
    effects = [e for e in events if e.kind == "effect"]
    assert len(moved) + len(stuck) == 1 or (not moved and not stuck and len(effects) == 1)
    if stuck:
        assert stuck[0].reason in STUCK_REASONS
        assert state.positions[seat] == before[seat]
    if moved:
        path = [before[seat], *moved[0].path]
        assert all(is_step(board, a, b) for a, b in zip(path, path[1:])), path
        assert 1 <= len(moved[0].path) <= events[0].value
    sent = [e.to for e in effects if e.to is not None]
    if sent:
        assert state.positions[seat] == sent[-1]
    elif moved:
        assert state.positions[seat] == moved[0].path[-1]


def play(num_players: int, seed: int, check_events: bool) -> tuple:
    """Play a seeded random game to its end; every throw keeps the knights on the board."""
    state = GAMES["knights"].new_state(num_players, seed=seed, options={"board": BOARD})
    nodes = state.board.nodes
    throws, events = 0, []
    while not state.is_over:
        assert throws < MAX_ROUNDS * num_players, f"seed {seed}: no winner after {MAX_ROUNDS} rounds"
        seat, before = state.current_player, list(state.positions)
        events = state.apply(Action("roll"))
        throws += 1
        assert all(p in nodes for p in state.positions), (seed, state.positions)
        if check_events:
            check_throw(state, seat, before, events)
        if not state.is_over:
            assert state.current_player == (seat + 1) % num_players
    return state, events


def assert_one_winner_in_the_castle(state, last_events, seed: int) -> None:
    assert len(state.winners) == 1, seed
    winner = state.winners[0]
    assert state.board.nodes[state.positions[winner]].kind == "castle", seed
    assert [p for p in state.positions if state.board.nodes[p].kind == "castle"] == ["castle"], seed
    assert last_events[-1].kind == "game_over" and last_events[-1].winners == (winner,)
    assert state.legal_actions() == []


def test_two_thousand_random_games_each_end_with_one_knight_in_the_castle():
    for seed in range(GAMES_PLAYED):
        state, last_events = play(2 + seed % 5, seed, check_events=False)
        assert_one_winner_in_the_castle(state, last_events, seed)


def test_every_throw_of_random_games_moves_along_the_board_and_tells_what_happened():
    for seed in range(EVENT_CHECKED_GAMES):
        state, last_events = play(2 + seed % 5, seed, check_events=True)
        assert_one_winner_in_the_castle(state, last_events, seed)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_seat_can_win(players):
    winners = set()
    for seed in range(60):
        state = GAMES["knights"].new_state(players, seed=seed, options={"board": BOARD})
        while not state.is_over:
            state.apply(Action("roll"))
        winners.add(state.winners[0])
    assert winners == set(range(players))
