"""The computer players of Fairy-Tale Forest: legal from observation and memory alone, memory as
JSON fed only the events their seat may see, and hard beats easy clearly."""
from __future__ import annotations

import json
import random

from kidgames.games.forest import SPEC as FOREST
from kidgames.games.forest.ai import choose, remember
from kidgames.games.forest.rules import new_state


def play(levels, seed, short=False):
    state = new_state(len(levels), seed=seed, options={"short": short})
    rng = random.Random(seed)
    memories = [{} for _ in levels]
    while not state.is_over:
        seat = state.current_player
        observation = json.loads(json.dumps(state.observation(seat)))
        legal = state.legal_actions()
        action = choose(observation, legal, levels[seat], rng, memories[seat])
        assert action in legal
        for event in state.apply(action):
            for other, memory in enumerate(memories):
                if event.private_to is None or event.private_to == other:
                    remember(memory, event, other, levels[other], rng)
        assert state.turn < 5000
    return state, memories


def test_the_spec_names_this_computer_player():
    assert FOREST.load_ai() is choose and FOREST.computer_levels


def test_computer_games_end_and_memories_are_plain_json():
    state, memories = play(["easy", "normal", "hard"], seed=5)
    assert state.is_over
    assert json.loads(json.dumps(memories)) == memories


def test_a_computer_remembers_only_its_own_looks():
    state, memories = play(["hard", "hard"], seed=3, short=True)
    for seat, memory in enumerate(memories):
        # Every motif it remembers is one it saw: its own look, its own wrong guess or a shown tree.
        assert set(memory.get("seen", {}).values()) <= set(state.tree_at.values())


def test_a_computer_who_knows_the_secret_names_it_at_the_castle():
    state = new_state(2, seed=9)
    slot = next(s for s, m in state.tree_at.items() if m == state.wanted)
    state.positions[0], state.dice = "KEY", (3, 5)
    memory = {"seen": {slot: state.wanted}}
    action = choose(state.observation(0), state.legal_actions(), "easy", random.Random(1), memory)
    assert action.slot == slot


def test_hard_beats_easy_clearly():
    wins = 0.0
    games = 24
    for seed in range(games):
        levels = ["hard", "easy"] if seed % 2 == 0 else ["easy", "hard"]
        state, _ = play(levels, seed)
        wins += sum(1 / len(state.winners) for w in state.winners if levels[w] == "hard")
    assert wins / games >= 0.75, f"hard won {wins / games:.0%} against easy"
