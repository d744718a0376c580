"""The computer players of Fairy-Tale Forest: legal from observation and memory alone, memory as
JSON fed only the events their seat may see, and hard beats easy clearly."""
from __future__ import annotations

import json
import random

from kidgames.core.seats import COMPUTER, Seat
from kidgames.core.turns import TurnController
from kidgames.games.forest import SPEC as FOREST
from kidgames.games.forest.ai import choose, remember
from kidgames.games.forest.rules import MOTIFS, new_state


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


def test_a_computer_player_that_tries_to_read_the_hidden_trees_cannot():
    """Through the turn controller, as in the app: each computer gets its seat's observation (plain
    data), copies of the legal actions and its memory; no motif reaches it that its seat was not
    shown (its own looks and wrong guesses) or that is not public (cards won, the wanted card)."""
    state = new_state(3, seed=4, options={"short": True})
    seats = [Seat("Robo", "red", COMPUTER, level="hard"), Seat("Iris", "blue", COMPUTER, level="normal"),
             Seat("Kit", "green", COMPUTER, level="easy")]
    shown = {seat: set() for seat in range(3)}      # motifs an event showed to this seat alone
    public: set[str] = set()                        # motifs an event showed to everyone
    leaks, tries, looked = [], [], 0

    def motifs_in(event):
        return {v for v in event.fields.values() if isinstance(v, str) and v in MOTIFS}

    def spying_player(observation, actions, level, rng, memory):
        seat = state.current_player                 # the test knows whose turn it is; the player does not
        for arg in (observation, actions, memory):
            tries.extend(getattr(arg, name, None) for name in ("tree_at", "stack", "state", "__self__"))
        text = json.dumps([observation, memory])
        known = shown[seat] | public | {state.wanted} | {m for cards in state.won for m in cards}
        leaks.extend((seat, m) for m in MOTIFS if f'"{m}"' in text and m not in known)
        return choose(observation, actions, level, rng, memory)

    ctrl = TurnController(FOREST, state, seats, computer=spying_player, remember=remember, seed=2)
    while not ctrl.is_over and state.turn < 3000:
        for event in ctrl.submit(ctrl.computer_action()):
            if event.private_to is None:
                public |= motifs_in(event)
            else:
                shown[event.private_to] |= motifs_in(event)
                looked += event.kind == "peeked"
    assert ctrl.is_over and looked > 5, "the computers looked under trees and finished the game"
    assert all(item is None for item in tries), "nothing but plain data reaches a computer player"
    assert not leaks, f"a computer player learned a motif its seat was never shown: {leaks[:5]}"
    assert any(shown.values()), "secrets were shown, each to its own seat"


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
