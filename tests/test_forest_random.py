"""Seeded random games of Fairy-Tale Forest all end, with the cards conserved at every step.
(bench/forest_stats.py plays many more.)  A random pawn finds the key space rarely, so the suite
plays short games and a few full ones."""
from __future__ import annotations

import random

import pytest

from kidgames.games.forest.rules import new_state


def play(seed: int, short: bool):
    state = new_state(2 + seed % 5, seed=seed, options={"short": short})
    rng = random.Random(seed)
    motifs = sorted(state.tree_at.values())
    for _ in range(400_000):
        if state.is_over:
            return state
        state.apply(rng.choice(state.legal_actions()))
        cards = state.stack + ([state.wanted] if state.wanted else []) + [m for c in state.won for m in c]
        assert sorted(cards) == motifs and sorted(state.tree_at.values()) == motifs
    raise AssertionError(f"seed {seed}: the game did not end")


@pytest.mark.parametrize("seed", range(12))
def test_random_short_games_end_with_every_card_won(seed):
    state = play(seed, short=True)
    assert sum(len(c) for c in state.won) == 7 and state.winners
    best = max(len(c) for c in state.won)
    assert all(len(state.won[w]) == best for w in state.winners)


@pytest.mark.parametrize("seed", range(2))
def test_random_full_games_end_with_every_card_won(seed):
    state = play(seed, short=False)
    assert sum(len(c) for c in state.won) == 13
