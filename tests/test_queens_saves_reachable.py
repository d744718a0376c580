"""Sleeping Queens saves that the rules can never reach are refused when read (a fuzzing report: a
seat holding no card, all 67 cards still there, was accepted, and on that seat's turn there was no
legal action and the computer player raised).  Every state of seeded random games is still read
back: only what the engine never makes is refused."""
from __future__ import annotations

import random

import pytest

from kidgames.core.protocol import Action, StateDataError
from kidgames.games.queens.rules import HAND_SIZE, new_state, state_from_json


def saved(num_players: int = 3, seed: int = 3) -> dict:
    return new_state(num_players, seed=seed).to_json()


def refused(data: dict, *words: str) -> str:
    with pytest.raises(StateDataError) as caught:
        state_from_json(data)
    message = str(caught.value)
    for word in words:
        assert word in message, message
    return message


def test_a_seat_without_cards_is_refused_though_every_card_is_there():
    data = saved()
    data["draw_pile"] += data["hands"][1]
    data["hands"][1] = []
    refused(data, "seat 1 holds 0 cards", "5")


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_hand_of_four_between_turns_is_refused(seat):
    data = saved()
    data["draw_pile"].append(data["hands"][seat].pop())
    refused(data, f"seat {seat} holds 4 cards")


def give(state, seat: int, card: str) -> None:
    """Put ``card`` into ``seat``'s hand from the draw pile; the card it replaces goes on top of
    the draw pile, so the 67 cards stay exactly once each."""
    if card not in state.hands[seat]:
        state.draw_pile.remove(card)
        state.draw_pile.append(state.hands[seat][0])
        state.hands[seat][0] = card


def played(state, action: Action) -> dict:
    state.apply(action)
    return state.to_json()


def a_pending_attack(kind: str) -> dict:
    """Seat 0 plays a knight or a potion on seat 1's Moon Queen: the answer is pending."""
    state = new_state(3, seed=3)
    give(state, 0, kind)
    slot = state.slots.index("moon")
    state.slots[slot] = None
    state.awake[1] = ["moon"]
    action = Action("knight", target=1, queen="moon") if kind == "knight" else \
        Action("potion", target=1, queen="moon", slot=slot)
    return played(state, action)


@pytest.mark.parametrize("kind", ["knight", "potion"])
def test_while_an_attack_waits_for_its_answer_the_attackers_hand_holds_four_and_is_read_back(kind):
    data = a_pending_attack(kind)
    assert data["pending"]["kind"] == kind and len(data["hands"][0]) == HAND_SIZE - 1
    state = state_from_json(data)
    assert state.pending == data["pending"] and state.legal_actions()
    # A refilled attacker's hand is one the rules never leave while the answer waits.
    data["hands"][0].append(data["draw_pile"].pop())
    refused(data, "seat 0 holds 5 cards", "4")


@pytest.mark.parametrize("kind", ["knight", "potion"])
def test_the_card_of_a_pending_attack_lies_on_top_of_the_discard_pile(kind):
    data = a_pending_attack(kind)
    assert data["discard"] == [kind]
    data["draw_pile"].remove("n3")
    data["draw_pile"].append(data["discard"].pop())
    data["discard"].append("n3")
    refused(data, f"the {kind} of the attack", "not on top of the discard pile")


def test_a_pending_knight_may_not_take_the_cat_to_the_holder_of_the_dog():
    data = a_pending_attack("knight")
    slots = data["slots"]
    slots[slots.index(None)] = "moon"
    slots[slots.index("cat")] = slots[slots.index("dog")] = None
    data["awake"] = [["dog"], ["cat"], []]
    data["pending"]["queen"] = "cat"
    refused(data, "cat queen", "dog queen", "forbid")


def a_jester_count(number: int) -> dict:
    """Seat 0 plays a jester and turns up the number card ``number``: the counted seat picks."""
    state = new_state(3, seed=3)
    give(state, 0, "jester")
    card = f"n{number}"
    state.draw_pile.remove(card)
    state.draw_pile.append(card)
    return played(state, Action("jester"))


def test_a_jester_count_is_read_back_and_the_picking_seat_must_be_the_one_counted():
    data = a_jester_count(2)
    assert data["pending"] == {"kind": "wake", "reason": "jester", "seat": 1} and data["current_player"] == 1
    assert state_from_json(data).legal_actions()
    data["pending"]["seat"] = data["current_player"] = 2
    refused(data, "seat 2 is to pick a sleeping queen")


def test_a_rose_bonus_after_a_king_is_read_back_and_needs_the_king_on_top():
    state = new_state(3, seed=3)
    give(state, 0, "king")
    data = played(state, Action("king", slot=state.slots.index("rose")))
    assert data["pending"] == {"kind": "wake", "reason": "rose", "seat": 0} and data["discard"] == ["king"]
    assert state_from_json(data).legal_actions()
    data["draw_pile"].remove("jester")
    data["draw_pile"].append(data["discard"].pop())
    data["discard"].append("jester")
    refused(data, "seat 0 is to pick a sleeping queen")


def test_every_state_of_seeded_random_games_is_read_back():
    """Only what the rules never reach is refused: every position of random games comes back."""
    checked = 0
    for seed in range(60):
        state = new_state(2 + seed % 4, seed=seed)
        rng = random.Random(seed)
        while True:
            back = state_from_json(state.to_json())
            assert back.to_json() == state.to_json()
            checked += 1
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 2000
