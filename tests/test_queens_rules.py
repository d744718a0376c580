"""Sleeping Queens: the examples of shared/rules/queens.md and a test for each rule.

Positions are built by setting the public attributes of the engine contract (``hands``,
``awake``, ``slots``, ``draw_pile``, ``discard``, ``turn_player``, ``current_player``); the
helper :func:`table` keeps every card and queen exactly once, so conservation holds in every test.
"""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from kidgames.core.protocol import Action, IllegalActionError, StateDataError
from kidgames.games import GAMES
from kidgames.games.queens.rules import (DECK, QUEENS, is_valid_discard, jester_count,
                                         shuffle, thresholds)

QUEENS_SPEC = GAMES["queens"]
FILLER = [f"n{v}" for v in range(10, 0, -1) for _ in range(4)]


# -- helpers ------------------------------------------------------------------------------------

def table(players=2, hands=None, awake=None, asleep=None, draw=None, turn=0):
    """A position: ``hands`` and ``awake`` by seat (others get high number cards / no queens),
    ``asleep`` as ``{slot: queen}`` (default: the other queens in slots 0, 1, …), ``draw`` the
    draw pile bottom to top (default: every other card; when given, the rest is discarded)."""
    state = QUEENS_SPEC.new_state(players, seed=1)
    hands, awake = dict(hands or {}), dict(awake or {})
    pool = Counter(DECK)
    for hand in hands.values():
        pool.subtract(hand)
    for card in draw or ():
        pool.subtract([card])
    assert all(v >= 0 for v in pool.values()), "the position uses a card more often than the game has it"
    for seat in range(players):
        if seat not in hands:
            hand = []
            for card in FILLER:
                if len(hand) < 5 and pool[card] > 0:
                    pool[card] -= 1
                    hand.append(card)
            hands[seat] = hand
    state.hands = [list(hands[s]) for s in range(players)]
    state.awake = [list(awake.get(s, [])) for s in range(players)]
    taken = {q for a in state.awake for q in a}
    if asleep is None:
        rest = [q for q in QUEENS if q not in taken]
        asleep = dict(enumerate(rest))
    state.slots = [asleep.get(s) for s in range(12)]
    assert sorted([q for q in state.slots if q] + sorted(taken)) == sorted(QUEENS)
    rest = [card for card, n in sorted(pool.items()) for _ in range(n)]
    if draw is None:
        state.draw_pile, state.discard = rest, []
    else:
        state.draw_pile, state.discard = list(draw), rest
    state.turn_player = state.current_player = turn
    state.pending = None
    return state


def kinds(events):
    return [e.kind for e in events]


def only(events, kind):
    found = [e for e in events if e.kind == kind]
    assert len(found) == 1, f"expected one {kind!r} event, got {events!r}"
    return found[0]


def assert_conserved(state):
    assert sorted([c for h in state.hands for c in h] + state.draw_pile + state.discard) == sorted(DECK)
    assert sorted([q for q in state.slots if q] + [q for a in state.awake for q in a]) == sorted(QUEENS)


def slot_of(state, queen):
    return state.slots.index(queen)


def king(state, queen):
    return state.apply(Action("king", slot=slot_of(state, queen)))


# -- setup --------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_deals_five_cards_each_and_puts_twelve_queens_to_sleep(players):
    state = QUEENS_SPEC.new_state(players, seed=3)
    assert all(len(h) == 5 for h in state.hands)
    assert len(state.draw_pile) == 67 - 5 * players and state.discard == []
    assert sorted(state.slots) == sorted(QUEENS) and state.awake == [[]] * players
    assert state.turn_player == state.current_player == 0
    assert_conserved(state)


def test_the_game_is_for_two_to_five_players():
    for players in (1, 6):
        with pytest.raises(ValueError):
            QUEENS_SPEC.new_state(players, seed=1)


# -- king ---------------------------------------------------------------------------------------

def test_king_wakes_the_queen_of_the_chosen_slot_and_the_turn_passes_with_the_hand_refilled():
    state = table(hands={0: ["king", "n1", "n2", "n3", "n9"]})
    events = king(state, "moon")
    woken = only(events, "queen_woken")
    assert (woken.player, woken.queen, woken.by) == (0, "moon", "king")
    assert state.awake[0] == ["moon"] and "moon" not in state.slots
    assert len(state.hands[0]) == 5 and state.turn_player == state.current_player == 1
    assert "king" in state.discard
    assert_conserved(state)


def test_a_king_cannot_wake_an_empty_slot():
    state = table(hands={0: ["king", "n1", "n2", "n3", "n9"]}, awake={1: ["moon"]})
    empty = state.slots.index(None)
    assert Action("king", slot=empty) not in state.legal_actions()
    with pytest.raises(IllegalActionError):
        state.apply(Action("king", slot=empty))


# -- jester -------------------------------------------------------------------------------------

@pytest.mark.parametrize("players, jester_player, number, counted", [
    (5, 1, 7, 2), (3, 2, 2, 0), (2, 0, 10, 1), (4, 3, 1, 3), (2, 1, 1, 1)])
def test_jester_number_counts_the_player_himself_as_one(players, jester_player, number, counted):
    assert jester_count(jester_player, number, players) == counted
    state = table(players, hands={jester_player: ["jester", "n1", "n2", "n4", "n8"]},
                  draw=[f"n{number}"], turn=jester_player)
    events = state.apply(Action("jester"))
    revealed = only(events, "jester_revealed")
    assert (revealed.card, revealed.seat) == (f"n{number}", counted)
    assert state.current_player == counted and state.turn_player == jester_player
    assert state.discard[-1] == f"n{number}"
    assert {a.kind for a in state.legal_actions()} == {"wake"}
    state.apply(Action("wake", slot=slot_of(state, "heart")))
    assert state.awake[counted] == ["heart"]
    assert state.turn_player == (jester_player + 1) % players and len(state.hands[jester_player]) == 5
    assert_conserved(state)


@pytest.mark.parametrize("card", ["king", "knight", "dragon", "potion", "wand", "jester"])
def test_jester_turning_up_a_character_card_gives_it_to_the_player_for_another_turn(card):
    state = table(3, hands={0: ["jester", "n1", "n2", "n4", "n8"]}, draw=["n5", card])
    events = state.apply(Action("jester"))
    assert only(events, "jester_revealed").card == card
    assert "extra_turn" in kinds(events)
    assert state.turn_player == state.current_player == 0
    assert sorted(state.hands[0]) == sorted(["n1", "n2", "n4", "n8", card])
    assert state.draw_pile == ["n5"]
    assert_conserved(state)


def test_jester_number_can_make_another_player_win():
    state = table(2, hands={0: ["jester", "n1", "n2", "n4", "n8"]},
                  awake={1: ["heart", "cat", "rainbow"]}, draw=["n2"])
    state.apply(Action("jester"))
    assert state.current_player == 1
    events = state.apply(Action("wake", slot=slot_of(state, "pancake")))   # 20 + 15 + 5 + 15 = 55
    assert state.winners == [1] and only(events, "game_over").winners == (1,)
    assert state.legal_actions() == []


# -- knight, potion, defence ----------------------------------------------------------------------

def test_knight_steals_after_the_victim_allows():
    state = table(hands={0: ["knight", "n1", "n2", "n4", "n8"]}, awake={1: ["moon", "cake"]})
    events = state.apply(Action("knight", target=1, queen="moon"))
    assert state.current_player == 1 and state.pending["kind"] == "knight"
    assert only(events, "played").queen == "moon"
    events = state.apply(Action("allow"))
    stolen = only(events, "queen_stolen")
    assert (stolen.player, stolen.target, stolen.queen) == (0, 1, "moon")
    assert state.awake == [["moon"], ["cake"]]
    assert state.turn_player == state.current_player == 1 and len(state.hands[0]) == 5
    assert_conserved(state)


def test_a_knight_only_targets_an_opponent():
    state = table(hands={0: ["knight", "n1", "n2", "n4", "n8"]}, awake={0: ["moon"], 1: ["cake"]})
    with pytest.raises(IllegalActionError):
        state.apply(Action("knight", target=0, queen="moon"))
    assert [a for a in state.legal_actions() if a.kind == "knight"] == [Action("knight", target=1, queen="cake")]


def test_dragon_stops_the_knight_and_after_the_defence_both_hands_are_back_at_five():
    state = table(hands={0: ["knight", "n1", "n2", "n4", "n8"], 1: ["dragon", "n3", "n5", "n6", "n7"]},
                  awake={1: ["heart"]})
    state.apply(Action("knight", target=1, queen="heart"))
    assert set(state.legal_actions()) == {Action("defend"), Action("allow")}
    events = state.apply(Action("defend"))
    assert only(events, "defended").card == "dragon"
    assert state.awake[1] == ["heart"] and state.awake[0] == []
    assert len(state.hands[0]) == 5 and len(state.hands[1]) == 5
    assert "dragon" not in state.hands[1] and {"knight", "dragon"} <= set(state.discard)
    assert state.turn_player == state.current_player == 1
    assert_conserved(state)


def test_potion_puts_the_queen_to_sleep_in_the_slot_the_potion_player_chose():
    state = table(hands={0: ["potion", "n1", "n2", "n4", "n8"]}, awake={1: ["heart"]})
    slot = state.slots.index(None)
    state.apply(Action("potion", target=1, queen="heart", slot=slot))
    events = state.apply(Action("allow"))
    slept = only(events, "queen_slept")
    assert (slept.queen, slept.slot, slept.target) == ("heart", slot, 1)
    assert state.slots[slot] == "heart" and state.awake[1] == []
    assert_conserved(state)


def test_a_potion_needs_an_empty_slot():
    state = table(hands={0: ["potion", "n1", "n2", "n4", "n8"]}, awake={1: ["heart"]})
    with pytest.raises(IllegalActionError):
        state.apply(Action("potion", target=1, queen="heart", slot=slot_of(state, "moon")))


def test_wand_stops_the_potion_and_the_victim_draws_one():
    state = table(hands={0: ["potion", "n1", "n2", "n4", "n8"], 1: ["wand", "n3", "n5", "n6", "n7"]},
                  awake={1: ["heart"]})
    state.apply(Action("potion", target=1, queen="heart", slot=state.slots.index(None)))
    events = state.apply(Action("defend"))
    assert only(events, "defended").card == "wand"
    assert only([e for e in events if e.private_to == 1], "drew").player == 1
    assert state.awake[1] == ["heart"] and len(state.hands[1]) == 5 and len(state.hands[0]) == 5
    assert_conserved(state)


def test_a_dragon_does_not_stop_a_potion():
    state = table(hands={0: ["potion", "n1", "n2", "n4", "n8"], 1: ["dragon", "n3", "n5", "n6", "n7"]},
                  awake={1: ["heart"]})
    state.apply(Action("potion", target=1, queen="heart", slot=state.slots.index(None)))
    assert state.legal_actions() == [Action("allow")]
    with pytest.raises(IllegalActionError):
        state.apply(Action("defend"))


def test_a_wand_does_not_stop_a_knight():
    state = table(hands={0: ["knight", "n1", "n2", "n4", "n8"], 1: ["wand", "n3", "n5", "n6", "n7"]},
                  awake={1: ["heart"]})
    state.apply(Action("knight", target=1, queen="heart"))
    assert state.legal_actions() == [Action("allow")]
    with pytest.raises(IllegalActionError):
        state.apply(Action("defend"))


def test_the_answer_window_is_only_for_the_victim_right_after_the_attack():
    state = table(3, hands={0: ["knight", "n1", "n2", "n4", "n8"], 1: ["dragon", "n3", "n5", "n6", "n7"],
                            2: ["dragon", "n3", "n5", "n6", "n7"]}, awake={1: ["heart"]})
    state.apply(Action("knight", target=1, queen="heart"))
    assert state.current_player == 1          # not seat 2, though it holds a dragon too
    state.apply(Action("allow"))
    assert state.pending is None and state.turn_player == state.current_player == 1
    assert Action("defend") not in state.legal_actions()
    with pytest.raises(IllegalActionError):
        state.apply(Action("defend"))


def test_dragons_and_wands_on_your_own_turn_are_only_discards():
    state = table(hands={0: ["dragon", "wand", "n2", "n4", "n8"]}, awake={1: ["heart"]})
    assert {a.kind for a in state.legal_actions()} == {"discard"}
    for card in ("dragon", "wand"):
        with pytest.raises(IllegalActionError):
            state.apply(Action(card))


# -- discarding -----------------------------------------------------------------------------------

@pytest.mark.parametrize("numbers, valid", [
    ((1, 1, 2), True), ((1, 1, 1, 3), True), ((1, 1, 1, 1, 4), True), ((1, 2, 3, 6), True),
    ((2, 2), True), ((1, 1, 10), False), ((2, 4, 7), False), ((6, 9), False)])
def test_equations_use_addition_and_every_card(numbers, valid):
    cards = tuple(f"n{v}" for v in numbers)
    assert is_valid_discard(cards) is valid
    hand = list(cards) + [c for c in ("n7", "n8", "n9", "n10", "n5") if c not in cards][:5 - len(cards)]
    state = table(hands={0: hand})
    action = Action("discard", cards=cards)
    assert (action in state.legal_actions()) is valid
    if valid:
        events = state.apply(action)
        assert only(events, "discarded").cards == tuple(sorted(cards, key=lambda c: int(c[1:])))
        assert only(events, "cards_drawn").count == len(cards)
        assert len(state.hands[0]) == 5
        assert_conserved(state)
    else:
        before = state.to_json()
        with pytest.raises(IllegalActionError):
            state.apply(action)
        assert state.to_json() == before


def test_a_number_card_mixed_with_a_character_card_is_no_discard():
    state = table(hands={0: ["king", "n1", "n1", "n2", "n9"]})
    assert not is_valid_discard(("king", "n1"))
    with pytest.raises(IllegalActionError):
        state.apply(Action("discard", cards=("n1", "n1", "king")))
    with pytest.raises(IllegalActionError):
        state.apply(Action("discard", cards=("king", "king")))


def test_any_one_card_a_king_too_may_be_discarded_to_draw_one():
    state = table(hands={0: ["king", "n1", "n3", "n5", "n9"]})
    events = state.apply(Action("discard", cards=("king",)))
    assert only(events, "cards_drawn").count == 1 and "king" in state.discard


def test_discard_choices_are_distinct_multisets_not_permutations():
    state = table(hands={0: ["n1", "n1", "n2", "n3", "n4"]})
    options = [a.cards for a in state.legal_actions() if a.kind == "discard"]
    assert sorted(options) == sorted([
        ("n1",), ("n2",), ("n3",), ("n4",), ("n1", "n1"),
        ("n1", "n1", "n2"), ("n1", "n2", "n3"), ("n1", "n3", "n4"), ("n1", "n1", "n2", "n4"),
    ])
    assert len(options) == len(set(options))


def test_a_discard_may_list_its_cards_in_any_order_and_two_copies_as_two_ids():
    state = table(hands={0: ["n3", "n3", "n6", "n9", "n10"]})
    events = state.apply(Action("discard", cards=("n6", "n3", "n3")))
    assert only(events, "discarded").cards == ("n3", "n3", "n6")
    state = table(hands={0: ["n3", "n4", "n7", "n9", "n10"]})
    with pytest.raises(IllegalActionError, match="does not hold 2"):
        state.apply(Action("discard", cards=("n3", "n3")))


# -- special queens -----------------------------------------------------------------------------

def test_rose_woken_by_a_king_wakes_one_more():
    state = table(hands={0: ["king", "n1", "n3", "n5", "n9"]})
    king(state, "rose")
    assert state.current_player == 0 and state.pending == {"kind": "wake", "reason": "rose", "seat": 0}
    assert state.turn_player == 0
    events = state.apply(Action("wake", slot=slot_of(state, "moon")))
    assert only(events, "queen_woken").by == "rose"
    assert state.awake[0] == ["rose", "moon"] and state.turn_player == 1
    assert_conserved(state)


def test_rose_woken_by_a_jester_count_gives_the_counted_seat_one_more():
    state = table(3, hands={0: ["jester", "n1", "n3", "n5", "n9"]}, draw=["n2"])
    state.apply(Action("jester"))
    assert state.current_player == 1
    state.apply(Action("wake", slot=slot_of(state, "rose")))
    assert state.current_player == 1 and state.pending["reason"] == "rose"
    state.apply(Action("wake", slot=slot_of(state, "cake")))
    assert state.awake[1] == ["rose", "cake"] and state.turn_player == state.current_player == 1
    assert len(state.hands[0]) == 5


def test_stealing_the_rose_gives_no_bonus():
    state = table(hands={0: ["knight", "n1", "n3", "n5", "n9"]}, awake={1: ["rose"]})
    state.apply(Action("knight", target=1, queen="rose"))
    state.apply(Action("allow"))
    assert state.awake[0] == ["rose"] and state.pending is None and state.turn_player == 1


def test_rose_put_to_sleep_and_woken_again_gives_the_bonus_again():
    state = table(hands={0: ["potion", "n1", "n3", "n5", "n9"], 1: ["king", "n2", "n4", "n6", "n8"]},
                  awake={1: ["rose"]})
    slot = state.slots.index(None)
    state.apply(Action("potion", target=1, queen="rose", slot=slot))
    state.apply(Action("allow"))
    state.apply(Action("king", slot=slot))
    assert state.pending == {"kind": "wake", "reason": "rose", "seat": 1}


def test_rose_as_the_last_sleeping_queen_gives_no_bonus_and_ends_the_game():
    state = table(5, hands={0: ["king", "n1", "n3", "n5", "n9"]},
                  awake={0: ["cake", "rainbow"], 1: ["heart", "starfish", "moon"],
                         2: ["cat", "ladybug", "peacock"], 3: ["pancake", "sunflower"], 4: ["dog"]},
                  asleep={4: "rose"})
    events = state.apply(Action("king", slot=4))
    assert state.pending is None and "game_over" in kinds(events)
    assert state.scores == [15, 35, 35, 25, 15] and state.winners == [1, 2]


def test_cat_woken_by_the_holder_of_the_dog_goes_back_to_her_slot():
    state = table(hands={0: ["king", "n1", "n3", "n5", "n9"]}, awake={0: ["dog"]})
    slot = slot_of(state, "cat")
    events = state.apply(Action("king", slot=slot))
    assert kinds(events)[:3] == ["played", "queen_woken", "queen_returned"]
    assert only(events, "queen_returned").slot == slot
    assert state.slots[slot] == "cat" and state.awake[0] == ["dog"] and state.turn_player == 1
    assert_conserved(state)


def test_dog_woken_by_a_rose_pick_of_the_cats_holder_goes_back_and_the_waking_ends():
    state = table(hands={0: ["king", "n1", "n3", "n5", "n9"]}, awake={0: ["cat"]})
    king(state, "rose")
    dog_slot = slot_of(state, "dog")
    events = state.apply(Action("wake", slot=dog_slot))
    assert "queen_returned" in kinds(events)
    assert state.slots[dog_slot] == "dog" and state.awake[0] == ["cat", "rose"]
    assert state.pending is None and state.turn_player == 1


def test_a_knight_may_not_steal_the_cat_for_the_holder_of_the_dog():
    state = table(hands={0: ["knight", "n1", "n3", "n5", "n9"]}, awake={0: ["dog"], 1: ["cat", "moon"]})
    assert [a for a in state.legal_actions() if a.kind == "knight"] == [Action("knight", target=1, queen="moon")]
    before = state.to_json()
    with pytest.raises(IllegalActionError):
        state.apply(Action("knight", target=1, queen="cat"))
    assert state.to_json() == before


# -- the end --------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_enough_queens_win_at_once(players):
    need, _ = thresholds(players)
    assert need == (5 if players <= 3 else 4)
    small = ["cake", "rainbow", "starfish", "rose"][:need - 1]          # 5 points each
    state = table(players, hands={0: ["king", "n1", "n3", "n5", "n9"]}, awake={0: small})
    events = king(state, "moon")
    assert state.winners == [0] and only(events, "game_over").winners == (0,)
    assert state.legal_actions() == []


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_enough_points_win_at_once(players):
    _, points = thresholds(players)
    assert points == (50 if players <= 3 else 40)
    held = ["heart", "cat"] if players <= 3 else ["heart"]                   # 35 or 20 points
    state = table(players, hands={0: ["king", "n1", "n3", "n5", "n9"]}, awake={0: held})
    king(state, "pancake" if players <= 3 else "moon")                     # 50 or 30: not enough below
    if players <= 3:
        assert state.winners == [0]
    else:
        assert state.winners == [] and state.scores[0] == 30
        state = table(players, hands={0: ["king", "n1", "n3", "n5", "n9"]}, awake={0: ["heart", "ladybug"]})
        king(state, "sunflower")                                           # 40 points with 3 queens
        assert state.winners == [0]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_one_short_of_both_thresholds_does_not_win(players):
    need, points = thresholds(players)
    small = ["cake", "rainbow", "starfish"][:need - 2]
    state = table(players, hands={0: ["king", "n1", "n3", "n5", "n9"]}, awake={0: small})
    king(state, "moon")
    assert state.winners == [] and len(state.awake[0]) == need - 1 and state.scores[0] < points


def test_a_steal_makes_the_thief_win_in_the_middle_of_the_turn():
    state = table(hands={0: ["knight", "n1", "n3", "n5", "n9"]},
                  awake={0: ["heart", "cat"], 1: ["pancake"]})
    state.apply(Action("knight", target=1, queen="pancake"))
    events = state.apply(Action("allow"))
    assert state.winners == [0] and kinds(events)[-1] == "game_over"
    assert len(state.hands[0]) == 4      # the game ended before the refill


def test_all_queens_awake_without_a_threshold_the_highest_score_wins():
    state = table(4, hands={0: ["king", "n1", "n3", "n5", "n9"]},
                  awake={0: ["heart", "cake"], 1: ["cat", "rainbow", "moon"], 2: ["dog", "starfish", "ladybug"],
                         3: ["pancake", "rose", "sunflower"]},
                  asleep={7: "peacock"})
    events = state.apply(Action("king", slot=7))
    assert state.scores == [35, 30, 30, 30]          # nobody has 4 queens or 40 points
    assert state.winners == [0] and only(events, "game_over").winners == (0,)


def test_equal_highest_scores_share_the_win():
    state = table(5, hands={1: ["king", "n1", "n3", "n5", "n9"]},
                  awake={0: ["heart", "cake", "rainbow"], 1: ["cat", "starfish"], 2: ["dog", "moon"],
                         3: ["pancake", "ladybug"], 4: ["sunflower", "rose"]},
                  asleep={2: "peacock"}, turn=1)
    events = state.apply(Action("king", slot=2))
    assert state.scores == [30, 30, 25, 25, 15]
    assert state.winners == [0, 1] and only(events, "game_over").winners == (0, 1)


# -- drawing and reshuffling ----------------------------------------------------------------------

def test_a_draw_pile_running_out_during_the_refill_takes_the_shuffled_discard_pile():
    state = table(hands={0: ["n2", "n2", "n3", "n5", "n9"]}, draw=["n7"])
    discard_before = len(state.discard)
    events = state.apply(Action("discard", cards=("n2", "n2")))
    assert kinds(events)[:6] == ["discarded", "drew", "cards_drawn", "reshuffled", "drew", "cards_drawn"]
    assert only(events, "reshuffled").count == discard_before + 2
    assert len(state.hands[0]) == 5 and "n7" in state.hands[0]
    assert state.discard == []
    assert_conserved(state)


def test_a_jester_with_an_empty_draw_pile_reveals_from_the_reshuffled_discard_pile():
    state = table(hands={0: ["jester", "n1", "n3", "n5", "n9"]}, draw=[])
    events = state.apply(Action("jester"))
    assert kinds(events)[:3] == ["played", "reshuffled", "jester_revealed"]
    assert_conserved(state)


def test_drawn_cards_are_named_only_to_the_drawing_seat():
    state = table(hands={0: ["n2", "n2", "n3", "n5", "n9"]}, draw=["n1", "n7", "n8"])
    events = state.apply(Action("discard", cards=("n2", "n2")))
    drew = only(events, "drew")
    assert drew.private_to == 0 and drew.cards == ("n8", "n7")
    public = only(events, "cards_drawn")
    assert public.private_to is None and public.count == 2 and "cards" not in public.fields


# -- hidden information -------------------------------------------------------------------------

def test_observation_shows_the_own_hand_and_the_table_never_other_hands_or_sleeping_queens():
    state = table(3, hands={0: ["king", "n1", "n3", "n5", "n9"]}, awake={1: ["moon"]})
    obs = state.observation(0)
    assert obs["hand"] == ["king", "n1", "n3", "n5", "n9"] and obs["hand_sizes"] == [5, 5, 5]
    assert obs["awake"] == [[], ["moon"], []]
    assert obs["sleeping"] == [q is not None for q in state.slots]
    assert obs["draw_size"] == len(state.draw_pile) and obs["discard"] == state.discard
    text = json.dumps(obs)
    for queen in (q for q in state.slots if q):
        assert f'"{queen}"' not in text
    other = state.observation(1)
    assert other["hand"] == state.hands[1] and "king" not in json.dumps(other["hand"])


def test_the_victim_sees_the_pending_attack():
    state = table(hands={0: ["knight", "n1", "n3", "n5", "n9"]}, awake={1: ["moon"]})
    state.apply(Action("knight", target=1, queen="moon"))
    obs = state.observation(1)
    assert obs["current_player"] == 1 and obs["turn_player"] == 0
    assert obs["pending"] == {"kind": "knight", "attacker": 0, "target": 1, "queen": "moon"}


def test_scores_are_the_points_of_the_awake_queens():
    state = table(3, awake={0: ["heart", "rose"], 2: ["cat", "moon", "cake"]})
    assert state.scores == [25, 0, 30]


# -- illegal actions, saving, determinism ---------------------------------------------------------

@pytest.mark.parametrize("action", [
    Action("king", slot=0, extra=1), Action("king"), Action("king", slot="0"), Action("king", slot=True),
    Action("king", slot=12), Action("knight", target=1, queen="moon"), Action("jester"),
    Action("discard", cards=()), Action("discard", cards=("n4",)), Action("discard", cards=(3,)),
    Action("discard", cards="n1"), Action("wake", slot=0), Action("defend"), Action("allow"),
    Action("fly"), Action("potion", target=1, queen="moon", slot=0)])
def test_illegal_actions_change_nothing(action):
    state = table(hands={0: ["king", "n1", "n3", "n5", "n9"]}, awake={1: ["moon"]})
    before = state.to_json()
    with pytest.raises(IllegalActionError):
        state.apply(action)
    assert state.to_json() == before


def test_actions_the_engine_handed_out_are_checked_again_in_another_position():
    state = table(hands={0: ["king", "knight", "n1", "n1", "n2"]}, awake={1: ["moon"]})
    handed_out = state.legal_actions()
    assert {a.kind for a in handed_out} == {"king", "knight", "discard"}
    elsewhere = table(hands={0: ["potion", "n3", "n5", "n9", "n10"]}, awake={1: ["cake"]})
    before = elsewhere.to_json()
    for action in handed_out:
        with pytest.raises(IllegalActionError):
            elsewhere.apply(action)
        assert elsewhere.to_json() == before
    # The same position after its own move: the list of the last decision is stale.
    state.apply(next(a for a in handed_out if a.kind == "knight"))
    for action in handed_out:
        with pytest.raises(IllegalActionError, match="must first answer the knight"):
            state.apply(action)


def test_an_illegal_action_is_a_value_error_with_a_sentence():
    state = table(hands={0: ["king", "n1", "n3", "n5", "n9"]})
    with pytest.raises(ValueError, match="holds no knight"):
        state.apply(Action("knight", target=1, queen="moon"))


def test_to_json_round_trip_mid_attack_and_mid_pick():
    state = table(hands={0: ["knight", "n1", "n3", "n5", "n9"]}, awake={1: ["moon"]})
    state.apply(Action("knight", target=1, queen="moon"))
    data = json.loads(json.dumps(state.to_json()))
    again = QUEENS_SPEC.state_from_json(data)
    assert again.to_json() == state.to_json() and again.legal_actions() == state.legal_actions()
    state = table(hands={0: ["king", "n1", "n3", "n5", "n9"]})
    king(state, "rose")
    again = QUEENS_SPEC.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again.pending == state.pending and again.current_player == 0


def test_same_seed_and_same_actions_give_the_same_game():
    def play(seed):
        state = QUEENS_SPEC.new_state(3, seed=seed)
        log = []
        while not state.is_over:
            action = state.legal_actions()[len(log) % len(state.legal_actions())]
            log += [e.to_json() for e in state.apply(action)]
        return log, state.to_json()
    assert play(11) == play(11)
    assert play(11) != play(12)


def test_the_engine_shuffles_exactly_as_the_random_generator_would():
    # The deal and every reshuffle use rules.shuffle, a cheaper copy of Random.shuffle: the same
    # draws in the same order, so a seed deals what it always dealt.
    for seed in range(200):
        for size in (0, 1, 2, 12, 66, 67, 68, 130):     # 68 and more: steps made on the spot
            mine, theirs = random.Random(seed), random.Random(seed)
            cards = [f"c{i}" for i in range(size)]
            expected = list(cards)
            shuffle(mine, cards)
            theirs.shuffle(expected)
            assert cards == expected and mine.getstate() == theirs.getstate()


def test_a_generator_with_its_own_random_keeps_its_own_shuffle():
    class Thrown(random.Random):
        def random(self):
            return 0.5
    cards, expected = list(range(10)), list(range(10))
    shuffle(Thrown(1), cards)
    Thrown(1).shuffle(expected)
    assert cards == expected


def _damaged(mutate):
    state = QUEENS_SPEC.new_state(3, seed=5)
    data = json.loads(json.dumps(state.to_json()))
    mutate(data)
    return data


@pytest.mark.parametrize("mutate, words", [
    (lambda d: d.update(game="knights"), "not a saved game"),
    (lambda d: d.update(version=9), "version"),
    (lambda d: d.update(num_players=6), "number of players"),
    (lambda d: d.update(num_players=True), "number of players"),
    (lambda d: d["hands"][0].pop(), "67 cards"),
    (lambda d: d["hands"][0].append("king"), "more than 5"),
    (lambda d: d["hands"][0].__setitem__(0, "n11"), "card names"),
    (lambda d: d["draw_pile"].append(d["draw_pile"][0]), "67 cards"),
    (lambda d: d["slots"].__setitem__(0, d["slots"][1]), "12 queens"),
    (lambda d: d["slots"].pop(), "slots"),
    (lambda d: d.update(awake=[["cat", "dog"], [], []],
                        slots=[q if q not in ("cat", "dog") else None for q in d["slots"]]), "Cat and the Dog"),
    (lambda d: d.update(turn_player=3), "turn player"),
    (lambda d: d.update(current_player=1), "nothing is pending"),
    (lambda d: d.update(pending={"kind": "knight", "attacker": 0, "target": 1, "queen": "moon"},
                        current_player=1), "pending"),
    (lambda d: d.update(pending={"kind": "fly"}), "pending"),
    (lambda d: d.update(winners=[0, 0]), "winners"),
    (lambda d: d.update(turn=-1), "turn"),
    (lambda d: d["rng"][1].__setitem__(0, -5), "random generator"),
    (lambda d: d.pop("discard"), "missing"),
    (lambda d: d.update(options={"colour": 1}), "options"),
])
def test_damaged_saves_are_refused_with_a_sentence(mutate, words):
    with pytest.raises(StateDataError, match=words):
        QUEENS_SPEC.state_from_json(_damaged(mutate))


def test_randomly_damaged_saves_are_refused_with_a_sentence_or_read_as_a_valid_game():
    """A save changed in one place (seeded) either still describes a valid game or is refused
    with StateDataError; never another exception."""
    rng = random.Random(2024)
    junk = [None, True, -1, 0, 3, 99, 2.5, "", "king", "heart", "n11", [], ["n1"], {}, {"kind": "wake"}]
    state = QUEENS_SPEC.new_state(4, seed=9)
    for _ in range(12):
        state.apply(state.legal_actions()[0])
    original = json.loads(json.dumps(state.to_json()))
    refused = 0
    for _ in range(600):
        data = json.loads(json.dumps(original))
        path, node = [], data
        while isinstance(node, (dict, list)) and node and rng.random() < 0.7:
            key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
            path.append(key)
            parent, node = node, node[key]
        if not path:
            continue
        parent[path[-1]] = rng.choice(junk)
        try:
            again = QUEENS_SPEC.state_from_json(data)
        except StateDataError as exc:
            refused += 1
            assert str(exc).strip()
            continue
        assert again.to_json() == data
        for action in again.legal_actions()[:3]:
            QUEENS_SPEC.state_from_json(again.to_json()).apply(action)
    assert refused > 300
