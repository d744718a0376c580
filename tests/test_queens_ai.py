"""Sleeping Queens computer players: they see only their seat's observation and memory, play
legal actions, and hard clearly beats easy (design.md, Computer players)."""
from __future__ import annotations

import json
import random

import pytest

from kidgames.core.protocol import Action, Event
from kidgames.core.turns import load_computer
from kidgames.games import GAMES
from kidgames.games.queens import ai
from kidgames.games.queens.rules import QUEENS

QUEENS_SPEC = GAMES["queens"]


def plain(data):
    return json.loads(json.dumps(data))


def play(levels, seed):
    """One game between computer players, fed exactly as the turn controller feeds them: a JSON
    copy of their seat's observation, the legal actions, and the events their seat may see."""
    state = QUEENS_SPEC.new_state(len(levels), seed=seed)
    rng = random.Random(seed)
    memories = [{} for _ in levels]
    while not state.is_over:
        seat = state.current_player
        legal = state.legal_actions()
        action = ai.choose(plain(state.observation(seat)), list(legal), levels[seat], rng, memories[seat])
        assert action in legal, f"{levels[seat]} chose {action!r}, which is not legal"
        for event in state.apply(action):
            for other, level in enumerate(levels):
                if event.private_to is None or event.private_to == other:
                    ai.remember(memories[other], event, other, level, rng)
                    memories[other] = plain(memories[other])
    return state


def test_the_spec_names_choose_and_remember():
    choose, remember = load_computer(QUEENS_SPEC)
    assert choose is ai.choose and remember is ai.remember


@pytest.mark.parametrize("levels", [("easy", "normal"), ("hard", "easy", "normal"),
                                    ("normal", "hard", "hard", "easy"), ("hard",) * 5])
def test_computer_players_of_every_level_play_whole_games_with_legal_actions(levels):
    for seed in range(6):
        state = play(levels, seed)
        assert state.winners


def test_hard_remembers_which_queen_went_to_sleep_where_from_public_events():
    memory: dict = {}
    rng = random.Random(1)
    ai.remember(memory, Event("queen_slept", player=0, target=1, queen="heart", slot=4), 1, "hard", rng)
    ai.remember(memory, Event("queen_returned", player=0, queen="cat", slot=9), 1, "hard", rng)
    assert memory == {"asleep": {"4": "heart", "9": "cat"}}
    ai.remember(memory, Event("queen_woken", player=1, queen="heart", slot=4, by="king"), 1, "hard", rng)
    assert memory == {"asleep": {"9": "cat"}}
    forgetful: dict = {}
    ai.remember(forgetful, Event("queen_slept", player=0, target=1, queen="heart", slot=4), 1, "easy", rng)
    assert forgetful == {}


def test_hard_wakes_the_queen_it_saw_go_to_sleep():
    state = QUEENS_SPEC.new_state(2, seed=3)
    state.hands[0] = ["king", "n1", "n3", "n5", "n9"]
    heart_slot = state.slots.index("heart")
    memory = {"asleep": {str(heart_slot): "heart"}}
    action = ai.choose(plain(state.observation(0)), state.legal_actions(), "hard", random.Random(0), memory)
    assert action == Action("king", slot=heart_slot)


def test_hard_does_not_wake_the_cat_it_knows_while_holding_the_dog():
    state = QUEENS_SPEC.new_state(2, seed=3)
    state.hands[0] = ["king", "n1", "n3", "n5", "n9"]
    state.slots[state.slots.index("dog")] = None
    state.awake[0] = ["dog"]
    cat_slot = state.slots.index("cat")
    memory = {"asleep": {str(cat_slot): "cat"}}
    for seed in range(20):
        action = ai.choose(plain(state.observation(0)), state.legal_actions(), "hard", random.Random(seed), memory)
        assert action.kind == "king" and action.slot != cat_slot


def test_normal_and_hard_always_defend():
    state = QUEENS_SPEC.new_state(2, seed=4)
    state.hands[0], state.hands[1] = ["knight"] + state.hands[0][1:], ["dragon"] + state.hands[1][1:]
    moon = state.slots.index("moon")
    state.slots[moon] = None
    state.awake[1] = ["moon"]
    state.apply(Action("knight", target=1, queen="moon"))
    for level in ("normal", "hard"):
        action = ai.choose(plain(state.observation(1)), state.legal_actions(), level, random.Random(0), {})
        assert action == Action("defend")


def test_a_knight_that_wins_is_taken():
    state = QUEENS_SPEC.new_state(2, seed=6)
    state.hands[0] = ["knight", "king", "n1", "n3", "n5"]
    for seat, queens in ((0, ["heart", "cat"]), (1, ["pancake", "cake"])):
        for queen in queens:
            state.slots[state.slots.index(queen)] = None
        state.awake[seat] = queens
    action = ai.choose(plain(state.observation(0)), state.legal_actions(), "normal", random.Random(0), {})
    assert action == Action("knight", target=1, queen="pancake")


def test_the_observation_a_computer_gets_names_no_sleeping_queen_and_no_other_hand():
    state = QUEENS_SPEC.new_state(3, seed=8)
    observation = state.observation(2)
    text = json.dumps(observation)
    assert all(f'"{q}"' not in text for q in QUEENS)
    assert observation["hand"] == state.hands[2] and "hands" not in observation


def test_hard_beats_easy_in_at_least_seventy_percent_of_two_player_games():
    """200 seeded games, seats swapped every game; the benchmark plays 500 (bench/RESULTS.md)."""
    wins = 0.0
    for seed in range(200):
        levels = ("hard", "easy") if seed % 2 == 0 else ("easy", "hard")
        state = play(levels, 10_000 + seed)
        wins += sum(levels[w] == "hard" for w in state.winners) / len(state.winners)
    assert wins / 200 >= 0.70


def test_every_game_whose_computer_remembers_declares_its_memory():
    """The spec says where the computers' memory is: a remember function beside a game's choose
    that its spec does not name would never be fed an event (nothing looks for it)."""
    import importlib
    from kidgames.games import GAMES
    for spec in GAMES.values():
        module = importlib.import_module(spec.ai.partition(":")[0])
        beside = getattr(module, "remember", None)
        assert load_computer(spec)[1] is beside, spec.id
