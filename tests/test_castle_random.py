"""Seeded random games of Castle Builders through the public protocol.

Game ``i`` is played by ``2 + i % 3`` players with seed ``i``; each action is drawn from the legal
actions by ``random.Random(i)``.  After every action the 54 cards are all there, once each, and at
the end the winner's castle holds the six pieces of their colour.  The test plays the first 800
of these games (about 20 s); bench/castle_stats.py plays 5,000 with the same checks.

What makes a game end: nothing guarantees it within a bound (a witch can undo any progress), but
every turn has a fair chance of progress, so a game ends with probability 1.  Random play is the
slow case (it stops and loses cards at random); over the first 5,000 seeds the longest game took
687 turns.  The bound below is far above that and only catches an engine that loops.
"""
from __future__ import annotations

import json
import random
from collections import Counter

from kidgames.core.protocol import Action
from kidgames.games import GAMES
from kidgames.games.castle.rules import DECK, PIECES, castle_card

GAMES_PLAYED = 800
MAX_TURNS = 5000
FULL_DECK = Counter(DECK)


def cards_on_the_table(state) -> Counter:
    held = Counter(state.draw_pile) + Counter(state.discard)
    for seat in range(state.num_players):
        held.update(state.castles[seat])
        held.update(state.spares[seat])
    return held


def play(seed: int):
    """A random game to its end; the cards are counted after every action."""
    players = 2 + seed % 3
    state = GAMES["castle"].new_state(players, seed=seed)
    rng = random.Random(seed)
    events = []
    while not state.is_over:
        assert state.turn <= MAX_TURNS, f"seed {seed}: no castle finished after {MAX_TURNS} turns"
        actions = state.legal_actions()
        assert actions, f"seed {seed}: a running game offers no action"
        events = state.apply(rng.choice(actions))
        assert cards_on_the_table(state) == FULL_DECK, f"seed {seed}: a card appeared or vanished"
    return state, events


def test_random_games_keep_the_54_cards_and_end_with_a_finished_castle():
    longest = 0
    winners = Counter()
    for seed in range(GAMES_PLAYED):
        state, last = play(seed)
        longest = max(longest, state.turn)
        assert len(state.winners) == 1, seed
        winner = state.winners[0]
        winners[winner] += 1
        colour = state.colours[winner]
        assert state.castles[winner] == [castle_card(colour, p) for p in range(1, PIECES + 1)], seed
        assert [len(c) for c in state.castles].count(PIECES) == 1, seed
        assert last[-1].kind == "game_over" and last[-1].winners == (winner,)
        assert state.legal_actions() == []
    assert set(winners) == {0, 1, 2, 3}, "every seat can win"
    print(f"\n{GAMES_PLAYED} random games, the longest {longest} turns")


def test_a_random_game_saved_and_read_back_at_any_moment_goes_on_exactly_the_same():
    spec = GAMES["castle"]
    for seed in range(20):
        state = spec.new_state(2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            action = rng.choice(state.legal_actions())
            copy = spec.state_from_json(json.loads(json.dumps(state.to_json())))
            assert copy.apply(action) == state.apply(action)
            assert copy.to_json() == state.to_json()


def test_every_legal_action_of_random_games_is_accepted_and_nothing_else_of_its_kind():
    """legal_actions and apply agree: a listed action applies, a buy or loss not listed is refused."""
    spec = GAMES["castle"]
    for seed in range(8):
        state = spec.new_state(2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            actions = state.legal_actions()
            for action in actions:
                probe = spec.state_from_json(state.to_json())
                probe.apply(action)
            listed = set(actions)
            for card in set(DECK):
                for other in (Action("lose", card=card), *(Action("buy", seller=s, card=card)
                                                        for s in range(state.num_players))):
                    if other not in listed:
                        before = state.to_json()
                        try:
                            state.apply(other)
                        except ValueError:
                            assert state.to_json() == before
                        else:
                            raise AssertionError(f"seed {seed}: {other} was accepted but not listed")
            state.apply(rng.choice(actions))
