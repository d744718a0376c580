"""Knights and the Golden Treasure: one test per rule of shared/rules/knights.md, with forced throws.

Positions are built by setting the public attributes of the engine contract (``positions``,
``direction``, ``next_wide``, ``current_player``).  The field names are those of
boards/knights.yaml; ``test_the_board_has_the_lanes_these_tests_count_on`` pins the order of the
fields, so a redrawn board points here first instead of failing somewhere in the middle.
"""
from __future__ import annotations

import json
import random

import pytest

from kidgames.core.protocol import Action, IllegalActionError, StateDataError
from kidgames.games import GAMES
from kidgames.games.knights.rules import load_knights_board

KNIGHTS = GAMES["knights"]
BOARD = load_knights_board()     # read once: a game on a given Board needs no file


# -- helpers ------------------------------------------------------------------------------------

def new_game(players: int = 2, seed: int = 1):
    return KNIGHTS.new_state(players, seed=seed, options={"board": BOARD})


def knight_on(field: str, direction: str = "out", next_wide: bool = False, players: int = 2):
    """A game in which knight 0 stands on ``field`` and it is his turn."""
    state = new_game(players)
    state.positions[0] = field
    state.direction[0] = direction
    state.next_wide[0] = next_wide
    state.current_player = 0
    return state


def throw(state, die: int):
    return state.apply(Action("roll", die=die))


def events_of(events, kind: str):
    return [e for e in events if e.kind == kind]


def only(events, kind: str):
    found = events_of(events, kind)
    assert len(found) == 1, f"expected one {kind!r} event, got {events!r}"
    return found[0]


def moved_path(events) -> list[str]:
    return list(only(events, "moved").path)


def assert_no_effect(events):
    assert events_of(events, "effect") == [], events


def assert_sent(events, field_kind: str, to: str | None):
    effect = only(events, "effect")
    assert (effect.field, effect.to) == (field_kind, to)


def assert_stuck(state, events, field: str, reason: str, need):
    stuck = only(events, "stuck")
    assert (stuck.reason, stuck.need, stuck.node) == (reason, need, field)
    assert events_of(events, "moved") == []
    assert state.positions[0] == field


# -- the board these tests count on ----------------------------------------------------------------

LANES = {
    "main": ["start", "m1", "m2", "m3", "m4", "sword", "m6", "m7", "dragon_1", "dragon_2", "dragon_3",
             "yellow", "m12", "m13", "m14", "witch"],
    "wide": ["w1", "w2", "w3", "w4", "w5", "w6", "w7", "w8"],
    "green": ["g1", "g2", "black_horse", "g4", "g5", "white_horse", "g7", "g8", "brown_horse",
              "g10", "g11", "g12"],
    "blue": ["b1", "princess", "bank", "pool_1", "pool_2", "pool_3", "fish", "b8", "apple_1", "b10",
             "b11", "apple_2", "firebird", "b14", "frog_king", "b16", "b17", "well"],
    "hell": ["hell", "p1", "devil_1", "p3", "raven", "p5", "sorcerer_1", "devil_2", "p8", "dove",
             "p10", "sorcerer_2", "devil_3", "p13", "p14"],
    "orange": ["o1", "o2", "black_piglet", "o4", "o5", "pink_piglet", "o7", "o8"],
    "hill": ["golden_hill", "u1", "giant_1", "u3", "club", "u5", "giant_2", "u7", "golden_gate"],
    "short": ["crown", "s2", "snake_1", "s4", "snake_2", "s6", "red_1"],
    "long": ["star", "l2", "l3", "breath", "l5", "l6", "claws", "l8", "l9", "red_2"],
    "castle": ["castle"],
}


def test_the_board_has_the_lanes_these_tests_count_on():
    board = new_game().board
    assert {name: list(lane.fields) for name, lane in board.lanes.items()} == LANES
    assert (board.lanes["wide"].from_, board.lanes["wide"].to, board.lanes["wide"].enter) == (
        "witch", "golden_hill", "exact")
    assert (board.lanes["green"].from_, board.lanes["green"].enter) == ("witch", "odd")
    assert (board.lanes["blue"].from_, board.lanes["blue"].enter) == ("witch", "even")
    assert board.lanes["blue"].two_way and board.lanes["blue"].return_to == "wide"
    assert (board.lanes["short"].from_, board.lanes["short"].to, board.lanes["short"].enter) == (
        "golden_gate", "castle", "odd")
    assert (board.lanes["long"].from_, board.lanes["long"].to, board.lanes["long"].enter) == (
        "golden_gate", "castle", "even")


# -- start and ordinary fields -------------------------------------------------------------------

def test_every_knight_starts_on_the_arrow_field_going_out():
    state = new_game(players=4)
    assert state.positions == ["start"] * 4
    assert state.board.nodes["start"].kind == "start"
    assert state.direction == ["out"] * 4
    assert state.next_wide == [False] * 4
    assert state.current_player == 0
    assert not state.is_over and state.winners == []


def test_a_knight_moves_from_the_start_by_the_number_thrown():
    state = new_game()
    events = throw(state, 4)
    assert state.positions[0] == "m4"
    assert moved_path(events) == ["m1", "m2", "m3", "m4"]
    assert only(events, "moved").get("from") == "start"
    assert_no_effect(events)


def test_an_ordinary_path_field_does_nothing():
    state = knight_on("m1")
    events = throw(state, 2)
    assert state.positions[0] == "m3"
    assert_no_effect(events)


def test_knights_may_share_a_field_and_nobody_is_knocked_out():
    state = knight_on("m1")
    state.positions[1] = "m3"
    throw(state, 2)
    assert state.positions == ["m3", "m3"]


# -- magic sword and dragon ----------------------------------------------------------------------

def test_the_magic_sword_moves_the_knight_to_the_yellow_field_beyond_the_dragon():
    state = knight_on("m4")
    events = throw(state, 1)
    assert moved_path(events) == ["sword"]
    assert_sent(events, "sword", "yellow")
    assert state.positions[0] == "yellow"


def test_the_sword_only_works_when_the_move_ends_on_it():
    state = knight_on("m4")
    events = throw(state, 3)
    assert moved_path(events) == ["sword", "m6", "m7"]
    assert_no_effect(events)
    assert state.positions[0] == "m7"


def test_a_knight_stops_on_the_dragon_field_where_his_count_ends():
    state = knight_on("m7")
    events = throw(state, 2)
    assert moved_path(events) == ["dragon_1", "dragon_2"]
    assert state.positions[0] == "dragon_2"


def test_the_last_dragon_field_stops_a_knight_with_throws_left():
    state = knight_on("m6")
    events = throw(state, 6)
    assert moved_path(events) == ["m7", "dragon_1", "dragon_2", "dragon_3"]
    assert state.positions[0] == "dragon_3"


@pytest.mark.parametrize("die", [1, 2, 4, 5, 6])
def test_the_dragon_holds_a_knight_who_does_not_throw_a_three(die):
    state = knight_on("dragon_2")
    events = throw(state, die)
    assert_stuck(state, events, "dragon_2", "dragon", 3)
    assert state.current_player == 1


def test_a_three_frees_the_knight_from_the_dragon_and_takes_him_three_fields_on():
    state = knight_on("dragon_1")
    events = throw(state, 3)
    assert moved_path(events) == ["dragon_2", "dragon_3", "yellow"]
    assert state.positions[0] == "yellow"

    state = knight_on("dragon_3")
    throw(state, 3)
    assert state.positions[0] == "m13"


def test_the_yellow_field_is_ordinary():
    state = knight_on("yellow")
    events = throw(state, 2)
    assert state.positions[0] == "m13"
    assert_no_effect(events)


# -- the witch ------------------------------------------------------------------------------------

def test_landing_exactly_on_the_witch_sends_the_next_throw_along_the_wide_road():
    state = knight_on("m12")
    events = throw(state, 3)
    assert moved_path(events) == ["m13", "m14", "witch"]
    assert_sent(events, "witch", None)
    assert state.positions[0] == "witch"
    assert state.next_wide[0] is True


@pytest.mark.parametrize("die", [1, 2, 3, 4, 5, 6])
def test_the_wide_road_is_taken_on_any_throw_after_an_exact_landing(die):
    state = knight_on("witch", next_wide=True)
    events = throw(state, die)
    assert moved_path(events) == LANES["wide"][:die]
    assert state.next_wide[0] is False


def test_the_wide_road_leads_to_the_golden_hill():
    state = knight_on("w7")
    throw(state, 2)
    assert state.positions[0] == "golden_hill"


@pytest.mark.parametrize("die", [3, 5])
def test_passing_the_witch_on_an_odd_throw_goes_onto_the_green_path(die):
    state = knight_on("m14")
    events = throw(state, die)
    assert moved_path(events) == ["witch"] + LANES["green"][:die - 1]
    assert state.next_wide[0] is False


@pytest.mark.parametrize("die, end", [(2, "b1"), (4, "bank")])
def test_passing_the_witch_on_an_even_throw_goes_onto_the_blue_path(die, end):
    state = knight_on("m14")
    events = throw(state, die)
    assert moved_path(events) == ["witch"] + LANES["blue"][:die - 1]
    assert state.positions[0] == end
    assert state.direction[0] == "out"
    assert_no_effect(events)  # passing the princess does nothing


@pytest.mark.parametrize("sender, before, die, end", [
    ("brown_horse", "g8", 1, "g1"),
    ("brown_horse", "g8", 2, "fish"),
    ("raven", "p3", 5, "g5"),
    ("raven", "p3", 4, "pool_1"),
    ("golden_gate", "u7", 3, "hell"),
    ("golden_gate", "u7", 6, "pool_1"),
])
def test_a_knight_sent_to_the_witch_picks_his_path_by_the_parity_of_his_next_throw(sender, before, die, end):
    state = knight_on(before)
    events = throw(state, 1)
    assert_sent(events, sender, "witch")
    assert state.positions[0] == "witch"
    assert state.next_wide[0] is False, "a knight sent to the witch did not land there by a throw"
    state.current_player = 0
    events = throw(state, die)
    assert moved_path(events)[0] == ("g1" if die % 2 else "b1")
    assert state.positions[0] == end


# -- the green path --------------------------------------------------------------------------------

def test_the_black_horse_sends_the_knight_to_hell():
    state = knight_on("g2")
    events = throw(state, 1)
    assert_sent(events, "black_horse", "hell")
    assert state.positions[0] == "hell"


def test_the_white_horse_sends_the_knight_to_the_golden_hill():
    state = knight_on("g4")
    events = throw(state, 2)
    assert_sent(events, "white_horse", "golden_hill")
    assert state.positions[0] == "golden_hill"


def test_the_brown_horse_sends_the_knight_back_to_the_witch():
    state = knight_on("g7")
    events = throw(state, 2)
    assert_sent(events, "brown_horse", "witch")
    assert state.positions[0] == "witch"
    assert state.next_wide[0] is False


def test_the_green_path_leads_to_the_golden_hill():
    state = knight_on("g11")
    events = throw(state, 2)
    assert moved_path(events) == ["g12", "golden_hill"]


# -- the blue path going out -------------------------------------------------------------------------

def test_the_princess_moves_the_knight_beyond_the_pool_onto_the_fish_field():
    state = knight_on("b1")
    events = throw(state, 1)
    assert_sent(events, "princess", "fish")
    assert state.positions[0] == "fish"
    assert state.direction[0] == "out"


def test_the_princess_does_nothing_for_a_knight_coming_back():
    state = knight_on("bank", direction="back")
    events = throw(state, 1)
    assert moved_path(events) == ["princess"]
    assert_no_effect(events)
    assert (state.positions[0], state.direction[0]) == ("princess", "back")


def test_a_six_on_the_bank_jumps_the_pool_onto_the_fish_field():
    state = knight_on("bank")
    events = throw(state, 6)
    assert_sent(events, "bank", "fish")
    assert state.positions[0] == "fish"
    assert state.direction[0] == "out"


@pytest.mark.parametrize("die", [1, 2, 3, 4, 5])
def test_any_other_throw_from_the_bank_walks_into_the_pool_and_stops_there(die):
    state = knight_on("bank")
    events = throw(state, die)
    assert moved_path(events) == ["pool_1"]
    assert state.positions[0] == "pool_1"


def test_a_move_from_further_back_also_stops_on_the_first_pool_field():
    state = knight_on("b1")
    events = throw(state, 5)
    assert moved_path(events) == ["princess", "bank", "pool_1"]


@pytest.mark.parametrize("die", [1, 2, 3, 4, 5])
def test_a_knight_in_the_pool_waits_for_a_six(die):
    state = knight_on("pool_2")
    events = throw(state, die)
    assert_stuck(state, events, "pool_2", "pool", 6)


def test_a_six_takes_the_knight_out_of_the_pool_onto_the_fish_field():
    state = knight_on("pool_1")
    events = throw(state, 6)
    assert moved_path(events) == ["pool_2", "pool_3", "fish"]
    assert state.positions[0] == "fish"
    assert_no_effect(events)  # the fish does nothing going out


def test_the_fish_is_an_ordinary_field_going_out():
    state = knight_on("fish")
    events = throw(state, 1)
    assert state.positions[0] == "b8"
    assert_no_effect(events)


def test_an_apple_moves_the_knight_on_to_the_next_apple_going_out():
    state = knight_on("b8")
    events = throw(state, 1)
    assert moved_path(events) == ["apple_1"]
    assert_sent(events, "apple", "apple_2")
    assert state.positions[0] == "apple_2"


def test_the_last_apple_in_the_knights_direction_has_no_next_apple_and_keeps_him():
    state = knight_on("b11")
    events = throw(state, 1)
    assert_no_effect(events)
    assert state.positions[0] == "apple_2"

    state = knight_on("b10", direction="back")
    events = throw(state, 1)
    assert_no_effect(events)
    assert state.positions[0] == "apple_1"


def test_the_firebird_sends_a_knight_going_out_back_into_the_pool_where_he_waits():
    state = knight_on("b11")
    events = throw(state, 2)
    assert moved_path(events) == ["apple_2", "firebird"]
    assert_sent(events, "firebird", "pool_3")
    assert (state.positions[0], state.direction[0]) == ("pool_3", "out")
    state.current_player = 0
    events = throw(state, 3)
    assert_stuck(state, events, "pool_3", "pool", 6)
    state.current_player = 0
    events = throw(state, 6)
    assert moved_path(events) == ["fish"]


def test_a_one_on_the_frog_king_going_out_takes_the_knight_to_the_well():
    state = knight_on("frog_king")
    events = throw(state, 1)
    assert_sent(events, "frog_king", "well")
    assert (state.positions[0], state.direction[0]) == ("well", "back")


@pytest.mark.parametrize("die, end", [(2, "b17"), (3, "well")])
def test_other_throws_on_the_frog_king_going_out_move_the_knight_normally(die, end):
    state = knight_on("frog_king")
    events = throw(state, die)
    assert moved_path(events) == LANES["blue"][15:15 + die]
    assert state.positions[0] == end


def test_landing_on_the_frog_king_does_nothing():
    state = knight_on("b14")
    events = throw(state, 1)
    assert_no_effect(events)
    assert state.positions[0] == "frog_king"


def test_the_well_is_a_forced_stop_and_turns_the_knight_back():
    state = knight_on("b16")
    events = throw(state, 5)
    assert moved_path(events) == ["b17", "well"]
    assert_sent(events, "well", None)
    assert (state.positions[0], state.direction[0]) == ("well", "back")


# -- the blue path coming back ------------------------------------------------------------------------

def test_from_the_well_the_knight_walks_back_towards_the_witch():
    state = knight_on("well", direction="back")
    events = throw(state, 2)
    assert moved_path(events) == ["b17", "b16"]
    assert (state.positions[0], state.direction[0]) == ("b16", "back")


def test_a_one_on_the_frog_king_coming_back_takes_the_knight_to_the_crown():
    state = knight_on("frog_king", direction="back")
    events = throw(state, 1)
    assert_sent(events, "frog_king", "crown")
    assert (state.positions[0], state.direction[0]) == ("crown", "out")


def test_other_throws_on_the_frog_king_coming_back_move_the_knight_towards_the_witch():
    state = knight_on("frog_king", direction="back")
    events = throw(state, 4)
    assert moved_path(events) == ["b14", "firebird", "apple_2", "b11"]
    assert (state.positions[0], state.direction[0]) == ("b11", "back")


def test_the_firebird_carries_a_knight_coming_back_to_the_golden_hill():
    state = knight_on("b14", direction="back")
    events = throw(state, 1)
    assert_sent(events, "firebird", "golden_hill")
    assert (state.positions[0], state.direction[0]) == ("golden_hill", "out")


def test_an_apple_moves_a_knight_coming_back_to_the_other_apple():
    state = knight_on("b14", direction="back")
    events = throw(state, 2)
    assert moved_path(events) == ["firebird", "apple_2"]  # passing the firebird does nothing
    assert_sent(events, "apple", "apple_1")
    assert (state.positions[0], state.direction[0]) == ("apple_1", "back")


def test_the_golden_fish_moves_a_knight_coming_back_to_the_other_bank():
    state = knight_on("apple_1", direction="back")
    events = throw(state, 2)
    assert moved_path(events) == ["b8", "fish"]
    assert_sent(events, "fish", "bank")
    assert (state.positions[0], state.direction[0]) == ("bank", "back")


def test_coming_back_the_pool_is_crossed_without_trouble():
    state = knight_on("fish", direction="back")
    events = throw(state, 4)
    assert moved_path(events) == ["pool_3", "pool_2", "pool_1", "bank"]
    assert state.positions[0] == "bank"


def test_coming_back_a_knight_in_the_pool_does_not_wait_for_a_six():
    state = knight_on("pool_2", direction="back")
    events = throw(state, 1)
    assert events_of(events, "stuck") == []
    assert (state.positions[0], state.direction[0]) == ("pool_1", "back")


def test_coming_back_the_bank_is_ordinary_even_on_a_six():
    state = knight_on("bank", direction="back")
    events = throw(state, 6)
    assert moved_path(events) == ["princess", "b1", "witch", "w1", "w2", "w3"]


def test_coming_back_the_knight_passes_the_witch_onto_the_wide_road():
    state = knight_on("b1", direction="back")
    events = throw(state, 3)
    assert moved_path(events) == ["witch", "w1", "w2"]
    assert (state.positions[0], state.direction[0]) == ("w2", "out")
    assert_no_effect(events)


def test_coming_back_and_landing_exactly_on_the_witch_the_next_throw_takes_the_wide_road():
    state = knight_on("princess", direction="back")
    events = throw(state, 2)
    assert moved_path(events) == ["b1", "witch"]
    assert (state.positions[0], state.direction[0], state.next_wide[0]) == ("witch", "out", True)
    state.current_player = 0
    events = throw(state, 2)  # even, yet not onto the blue path again
    assert moved_path(events) == ["w1", "w2"]


def test_a_whole_trip_along_the_blue_path_out_to_the_well_and_back_to_the_wide_road():
    state = knight_on("m14")
    trip = [(4, "bank", "out"), (6, "fish", "out"), (3, "b10", "out"), (4, "b14", "out"),
            (1, "frog_king", "out"), (1, "well", "back"), (6, "apple_1", "back"), (2, "bank", "back"),
            (4, "w1", "out")]
    for die, end, direction in trip:
        state.current_player = 0
        throw(state, die)
        assert (state.positions[0], state.direction[0]) == (end, direction), die


# -- hell and the path out of it -------------------------------------------------------------------

def test_hell_is_an_ordinary_field():
    state = knight_on("hell")
    events = throw(state, 1)
    assert_no_effect(events)
    assert state.positions[0] == "p1"


def test_a_devil_sends_the_knight_five_fields_back_towards_hell():
    state = knight_on("p10")
    events = throw(state, 2)
    assert moved_path(events) == ["sorcerer_2", "devil_3"]
    assert_sent(events, "devil", "devil_2")
    assert state.positions[0] == "devil_2"  # five back, and the devil there does not act again


def test_a_devil_with_fewer_than_five_fields_behind_sends_the_knight_to_hell():
    state = knight_on("p1")
    events = throw(state, 1)
    assert_sent(events, "devil", "hell")
    assert state.positions[0] == "hell"


def test_the_raven_sends_the_knight_back_to_the_witch():
    state = knight_on("p3")
    events = throw(state, 1)
    assert_sent(events, "raven", "witch")
    assert (state.positions[0], state.next_wide[0]) == ("witch", False)


def test_the_dove_carries_the_knight_to_the_golden_hill():
    state = knight_on("p8")
    events = throw(state, 1)
    assert_sent(events, "dove", "golden_hill")
    assert state.positions[0] == "golden_hill"


@pytest.mark.parametrize("before, sorcerer", [("p5", "sorcerer_1"), ("p10", "sorcerer_2")])
def test_the_sorcerer_fields_send_the_knight_to_the_orange_path(before, sorcerer):
    state = knight_on(before)
    events = throw(state, 1)
    assert moved_path(events) == [sorcerer]
    assert_sent(events, "sorcerer", "o1")
    assert state.positions[0] == "o1"


def test_the_path_out_of_hell_leads_to_the_golden_hill():
    state = knight_on("p13")
    throw(state, 1)
    assert state.positions[0] == "p14"
    state.current_player = 0
    throw(state, 1)
    assert state.positions[0] == "golden_hill"


# -- the orange path -------------------------------------------------------------------------------

def test_the_black_piglet_sends_the_knight_to_hell():
    state = knight_on("o1")
    events = throw(state, 2)
    assert_sent(events, "black_piglet", "hell")
    assert state.positions[0] == "hell"


def test_the_pink_piglet_sends_the_knight_to_the_golden_hill():
    state = knight_on("o4")
    events = throw(state, 2)
    assert_sent(events, "pink_piglet", "golden_hill")
    assert state.positions[0] == "golden_hill"


def test_the_orange_path_leads_to_the_golden_hill():
    state = knight_on("o8")
    throw(state, 1)
    assert state.positions[0] == "golden_hill"


# -- the golden hill, the giants and the golden gate -------------------------------------------------

def test_the_golden_hill_is_an_ordinary_field():
    state = knight_on("w8")
    events = throw(state, 1)
    assert_no_effect(events)
    assert state.positions[0] == "golden_hill"
    state.current_player = 0
    events = throw(state, 1)
    assert_no_effect(events)
    assert state.positions[0] == "u1"


@pytest.mark.parametrize("before, die, giant", [("u1", 1, "giant_1"), ("u3", 3, "giant_2")])
def test_a_giant_knocks_the_knight_back_to_the_golden_hill(before, die, giant):
    state = knight_on(before)
    events = throw(state, die)
    assert moved_path(events)[-1] == giant
    assert_sent(events, "giant", "golden_hill")
    assert state.positions[0] == "golden_hill"


def test_the_club_knocks_the_knight_back_to_the_golden_hill():
    state = knight_on("u1")
    events = throw(state, 3)
    assert moved_path(events) == ["giant_1", "u3", "club"]
    assert_sent(events, "club", "golden_hill")
    assert state.positions[0] == "golden_hill"


def test_landing_exactly_on_the_golden_gate_sends_the_knight_back_to_the_witch():
    state = knight_on("u5")
    events = throw(state, 3)
    assert moved_path(events) == ["giant_2", "u7", "golden_gate"]
    assert_sent(events, "golden_gate", "witch")
    assert (state.positions[0], state.next_wide[0]) == ("witch", False)


@pytest.mark.parametrize("die", [3, 5])
def test_passing_the_golden_gate_on_an_odd_throw_takes_the_shorter_path(die):
    state = knight_on("u7")
    events = throw(state, die)
    assert moved_path(events) == ["golden_gate"] + LANES["short"][:die - 1]


@pytest.mark.parametrize("die", [2, 4, 6])
def test_passing_the_golden_gate_on_an_even_throw_takes_the_longer_path(die):
    state = knight_on("u7")
    events = throw(state, die)
    assert moved_path(events) == ["golden_gate"] + LANES["long"][:die - 1]


def test_the_star_is_an_ordinary_field():
    state = knight_on("u7")
    events = throw(state, 2)
    assert_no_effect(events)
    assert state.positions[0] == "star"


def test_the_crown_is_an_ordinary_field():
    state = knight_on("giant_2")  # not a field a knight stays on; it is just two before the gate
    events = throw(state, 3)
    assert moved_path(events) == ["u7", "golden_gate", "crown"]
    assert_no_effect(events)
    assert state.positions[0] == "crown"


# -- the short and the long path ---------------------------------------------------------------------

@pytest.mark.parametrize("before, die, snake", [("s2", 1, "snake_1"), ("crown", 4, "snake_2")])
def test_a_snake_sends_the_knight_back_to_the_crown(before, die, snake):
    state = knight_on(before)
    events = throw(state, die)
    assert moved_path(events)[-1] == snake
    assert_sent(events, "snake", "crown")
    assert state.positions[0] == "crown"


def test_the_dragons_breath_sends_the_knight_back_to_the_star():
    state = knight_on("star")
    events = throw(state, 3)
    assert moved_path(events) == ["l2", "l3", "breath"]
    assert_sent(events, "dragon_breath", "star")
    assert state.positions[0] == "star"


def test_a_knight_may_walk_past_the_claws():
    state = knight_on("l5")
    events = throw(state, 3)
    assert moved_path(events) == ["l6", "claws", "l8"]


@pytest.mark.parametrize("die", [2, 3, 4, 5, 6])
def test_the_dragons_claws_hold_a_knight_who_does_not_throw_a_one(die):
    state = knight_on("claws")
    events = throw(state, die)
    assert_stuck(state, events, "claws", "claws", 1)


def test_a_one_frees_the_knight_from_the_claws_by_one_field():
    state = knight_on("l6")
    throw(state, 1)
    assert state.positions[0] == "claws"
    state.current_player = 0
    events = throw(state, 1)
    assert moved_path(events) == ["l8"]


@pytest.mark.parametrize("before, gate, sorcerer", [("s6", "red_1", "sorcerer_1"), ("l9", "red_2", "sorcerer_2")])
def test_the_red_gate_fields_send_the_knight_back_to_the_sorcerer_of_the_same_number(before, gate, sorcerer):
    state = knight_on(before)
    events = throw(state, 1)
    assert moved_path(events) == [gate]
    assert_sent(events, "gate_red", sorcerer)
    assert state.positions[0] == sorcerer  # the sorcerer he is sent to does not act again
    board = state.board
    assert board.nodes[gate].label == board.nodes[sorcerer].label


# -- the castle ------------------------------------------------------------------------------------

@pytest.mark.parametrize("before, die", [("red_1", 1), ("s6", 2), ("l9", 2), ("red_2", 1)])
def test_the_knight_who_enters_the_castle_with_an_exact_throw_wins(before, die):
    state = knight_on(before, players=3)
    events = throw(state, die)
    assert moved_path(events)[-1] == "castle"
    assert only(events, "game_over").winners == (0,)
    assert events[-1].kind == "game_over"
    assert state.positions[0] == "castle"
    assert state.is_over and state.winners == [0]
    assert state.legal_actions() == []


def test_after_the_treasure_is_found_no_more_throws_are_allowed():
    state = knight_on("red_1")
    throw(state, 1)
    saved = state.to_json()
    with pytest.raises(IllegalActionError, match="over"):
        throw(state, 3)
    with pytest.raises(IllegalActionError):
        state.apply(Action("roll"))
    assert state.to_json() == saved


@pytest.mark.parametrize("before, die", [("s6", 3), ("red_1", 2), ("l9", 6), ("red_2", 2)])
def test_a_throw_that_would_pass_the_castle_leaves_the_knight_where_he_is(before, die):
    state = knight_on(before)
    events = throw(state, die)
    assert_stuck(state, events, before, "overshoot", None)
    assert not state.is_over
    assert state.current_player == 1


def test_the_second_seat_can_win_too():
    state = new_game(players=3)
    state.positions[1] = "red_2"
    state.current_player = 1
    events = throw(state, 1)
    assert only(events, "game_over").winners == (1,)
    assert state.winners == [1]


# -- turns and events -----------------------------------------------------------------------------------

def test_turns_pass_clockwise_from_seat_zero():
    state = new_game(players=4)
    seats = []
    for _ in range(9):
        seats.append(state.current_player)
        events = throw(state, 1)
        assert only(events, "rolled").player == seats[-1]
    assert seats == [0, 1, 2, 3, 0, 1, 2, 3, 0]


def test_a_stuck_knight_still_loses_his_turn_to_the_next_seat():
    state = knight_on("dragon_1", players=3)
    throw(state, 5)
    assert state.current_player == 1


def test_the_events_of_a_throw_come_in_order_and_carry_what_the_screen_needs():
    state = knight_on("m14")
    events = throw(state, 3)
    assert [e.kind for e in events[:2]] == ["rolled", "moved"]
    rolled, moved = events[0], events[1]
    assert (rolled.player, rolled.value) == (0, 3)
    assert (moved.player, moved.get("from"), moved.path) == (0, "m14", ("witch", "g1", "g2"))

    state = knight_on("g2")
    events = throw(state, 1)
    assert [e.kind for e in events[:3]] == ["rolled", "moved", "effect"]
    effect = events[2]
    assert (effect.player, effect.node, effect.field, effect.to) == (0, "black_horse", "black_horse", "hell")

    state = knight_on("claws")
    events = throw(state, 4)
    assert [e.kind for e in events[:2]] == ["rolled", "stuck"]
    assert (events[1].player, events[1].reason) == (0, "claws")


def test_every_event_is_plain_json():
    state = knight_on("u7")
    events = throw(state, 1)
    assert json.loads(json.dumps([e.to_json() for e in events])) == [e.to_json() for e in events]


# -- illegal actions ------------------------------------------------------------------------------------

@pytest.mark.parametrize("action", [
    Action("move", die=3),
    Action("pass"),
    Action("roll", die=0),
    Action("roll", die=7),
    Action("roll", die=-1),
    Action("roll", die=True),
    Action("roll", die="3"),
    Action("roll", die=2.0),
    {"kind": "roll", "die": 3},
    "roll",
])
def test_an_illegal_action_is_refused_and_changes_nothing(action):
    state = new_game()
    throw(state, 2)
    before = state.to_json()
    with pytest.raises(ValueError) as caught:
        state.apply(action)
    assert isinstance(caught.value, IllegalActionError)
    assert str(caught.value)
    assert state.to_json() == before


def test_the_only_legal_action_is_the_throw():
    assert new_game().legal_actions() == [Action("roll")]


@pytest.mark.parametrize("action", [
    Action("roll", player=1),
    Action("roll", die=3, player=0),
    Action("roll", die=3, no_such_field=1),
    Action("roll", dice=3),
])
def test_a_throw_with_a_field_the_game_does_not_know_is_refused_and_changes_nothing(action):
    state = new_game()
    throw(state, 2)
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="only 'die'"):
        state.apply(action)
    assert state.to_json() == before


def test_every_seat_sees_the_whole_table_in_knights():
    state = new_game(players=3)
    throw(state, 4)
    for seat in range(3):
        seen = state.observation(seat)
        assert json.loads(json.dumps(seen)) == seen
        assert seen["positions"] == state.positions and seen["current_player"] == 1
        assert seen["seat"] == seat
    with pytest.raises(ValueError):
        state.observation(3)


# -- determinism and saving -----------------------------------------------------------------------------

def play(state, throws: int) -> list:
    log = []
    for _ in range(throws):
        if state.is_over:
            break
        log.append([e.to_json() for e in state.apply(Action("roll"))])
    return log


def test_the_same_seed_and_the_same_actions_give_the_same_game():
    a, b = new_game(players=3, seed=42), new_game(players=3, seed=42)
    assert play(a, 200) == play(b, 200)
    assert a.to_json() == b.to_json()


def test_different_seeds_give_different_games():
    assert play(new_game(seed=1), 30) != play(new_game(seed=2), 30)


def test_a_saved_game_continues_exactly_as_the_original_including_its_dice():
    state = new_game(players=4, seed=7)
    play(state, 37)
    assert not state.is_over
    copy = KNIGHTS.state_from_json(json.loads(json.dumps(state.to_json())))
    assert copy.to_json() == state.to_json()
    assert (copy.positions, copy.direction, copy.next_wide, copy.current_player) == (
        state.positions, state.direction, state.next_wide, state.current_player)
    assert play(copy, 50) == play(state, 50)
    assert copy.to_json() == state.to_json()


def test_a_saved_knight_keeps_his_witch_and_blue_path_state():
    state = knight_on("b10", direction="back")
    state.positions[1] = "witch"
    state.next_wide[1] = True
    copy = KNIGHTS.state_from_json(json.loads(json.dumps(state.to_json())))
    assert copy.direction == ["back", "out"] and copy.next_wide == [False, True]


def test_a_finished_game_is_saved_as_finished():
    state = knight_on("red_1")
    throw(state, 1)
    copy = KNIGHTS.state_from_json(state.to_json())
    assert copy.is_over and copy.winners == [0] and copy.legal_actions() == []


def _damaged(change):
    state = new_game()
    play(state, 5)
    data = json.loads(json.dumps(state.to_json()))
    change(data)
    return data


@pytest.mark.parametrize("what, change, words", [
    ("another game", lambda d: d.update(game="queens"), "not a saved game of knights"),
    ("a newer version", lambda d: d.update(version=99), "version"),
    ("a missing key", lambda d: d.pop("positions"), "'positions' is missing"),
    ("a knight who is not a field name", lambda d: d["positions"].__setitem__(0, ["m1"]), "damaged"),
    ("a witch flag that is not true or false", lambda d: d.update(next_wide=["yes", False]), "next_wide"),
    ("a knight off the board", lambda d: d["positions"].__setitem__(0, "moon"), "moon"),
    ("too few knights", lambda d: d.update(positions=["start"]), "number of players"),
    ("a bad direction", lambda d: d["direction"].__setitem__(1, "sideways"), "direction"),
    ("a bad current seat", lambda d: d.update(current_player=5), "current player"),
    ("a bad winner", lambda d: d.update(winners=[9]), "winners"),
    ("too many players", lambda d: d.update(num_players=9), "players"),
    ("a damaged die", lambda d: d.update(rng=[3, [1, 2, 3], None]), "random generator"),
    ("a damaged board", lambda d: d["board"].update(start="moon"), "start"),
])
def test_damaged_save_data_is_refused_with_a_clear_message(what, change, words):
    with pytest.raises(StateDataError) as caught:
        KNIGHTS.state_from_json(_damaged(change))
    assert isinstance(caught.value, ValueError)
    assert words.lower() in str(caught.value).lower(), (what, str(caught.value))


@pytest.mark.parametrize("data", [None, [], "knights", 3])
def test_save_data_that_is_not_a_mapping_is_refused(data):
    with pytest.raises(StateDataError, match="not a saved game"):
        KNIGHTS.state_from_json(data)


def test_a_random_seeded_walk_never_leaves_the_board():
    rng = random.Random(5)
    state = new_game(players=3, seed=5)
    while not state.is_over:
        state.apply(Action("roll", die=rng.randint(1, 6)))
        assert all(p in state.board.nodes for p in state.positions)


# -- junctions are reported in the move, so the screen can say which way a knight went ---------------
def test_the_move_reports_the_path_chosen_at_the_witch_by_parity():
    state = GAMES["knights"].new_state(2, seed=1)
    state.positions[0] = "m14"
    events = state.apply(Action("roll", die=2))
    moved = only(events, "moved")
    assert [list(b) for b in moved.branches] == [["witch", "blue", "even"]]
    state.positions[1] = "m14"
    events = state.apply(Action("roll", die=3))
    assert [list(b) for b in only(events, "moved").branches] == [["witch", "green", "odd"]]


def test_the_move_reports_the_wide_road_after_an_exact_landing_and_coming_back():
    state = GAMES["knights"].new_state(2, seed=1)
    state.positions[0] = "witch"
    state.next_wide[0] = True
    events = state.apply(Action("roll", die=3))
    assert [list(b) for b in only(events, "moved").branches] == [["witch", "wide", "exact"]]
    state.positions[1] = "b1"
    state.direction[1] = "back"
    events = state.apply(Action("roll", die=2))
    assert [list(b) for b in only(events, "moved").branches] == [["witch", "wide", "return"]]


def test_the_move_reports_the_short_or_long_path_at_the_golden_gate():
    state = GAMES["knights"].new_state(2, seed=1)
    state.positions[0] = "u7"
    events = state.apply(Action("roll", die=3))
    assert [list(b) for b in only(events, "moved").branches] == [["golden_gate", "short", "odd"]]
    state.positions[1] = "u7"
    events = state.apply(Action("roll", die=2))
    assert [list(b) for b in only(events, "moved").branches] == [["golden_gate", "long", "even"]]
    assert state.positions[1] == "star"


# -- a knight who ends on a waiting field is told the throw he needs -------------------------------
@pytest.mark.parametrize("start,die,field,need", [
    ("m7", 1, "dragon", 3), ("bank", 2, "pool", 6), ("l5", 2, "claws", 1), ("b14", 1, "frog_king", 1),
])
def test_a_knight_ending_on_a_waiting_field_hears_the_throw_he_needs(start, die, field, need):
    state = GAMES["knights"].new_state(2, seed=1)
    state.positions[0] = start
    events = state.apply(Action("roll", die=die))
    waiting = only(events, "waiting")
    assert (waiting.player, waiting.field, waiting.need) == (0, field, need)
    assert state.board.nodes[state.positions[0]].kind == field


def test_the_firebird_going_out_leaves_the_knight_waiting_in_the_pool():
    state = GAMES["knights"].new_state(2, seed=1)
    state.positions[0] = "b11"
    events = state.apply(Action("roll", die=2))
    assert [e.kind for e in events[:4]] == ["rolled", "moved", "effect", "waiting"]
    assert only(events, "waiting").field == "pool"


def test_no_waiting_news_coming_back_through_the_pool_or_when_stuck():
    state = GAMES["knights"].new_state(2, seed=1)
    state.positions[0] = "b8"
    state.direction[0] = "back"
    events = state.apply(Action("roll", die=2))
    assert state.positions[0] == "pool_3" and events_of(events, "waiting") == []
    state.positions[1] = "dragon_1"
    events = state.apply(Action("roll", die=5))
    assert only(events, "stuck").reason == "dragon" and events_of(events, "waiting") == []
