"""Fairy-Tale Forest: every example of shared/rules/forest.md, from positions set through the
public attributes, with forced dice."""
from __future__ import annotations

import json

import pytest

from kidgames.core.protocol import Action, IllegalActionError, StateDataError
from kidgames.games.forest.rules import MOTIFS, new_state, state_from_json


@pytest.fixture()
def game():
    state = new_state(3, seed=7)
    return state


def at(state, seat: int, node: str, dice=None):
    state.positions[seat] = node
    state.current_player = seat
    state.dice = dice
    return state


def moves(state) -> dict:
    return {(a.dest, a.dice_used): list(a.path) for a in state.legal_actions() if a.kind == "move"}


def ends(state, used: int) -> set:
    return {dest for dest, u in moves(state) if u == used}


def move_to(state, dest: str, used: int):
    return state.apply(Action("move", dest=dest, path=moves(state)[(dest, used)], dice_used=used))


def test_dice_3_and_5_from_the_village_reach_the_ends_of_8_3_then_5_and_5_then_3(game):
    at(game, 0, "V", (3, 5))
    # 8: m8 or a4 (fork at m4); 3-then-5: from m3 on to m8 or a4; 5-then-3: from m5 or a1, in any
    # direction: m8, m2, a2, a4, m2, m6.
    assert ends(game, 2) == {"m8", "a4", "m2", "a2", "m6"}
    assert ends(game, 1) == set(), "no first walk ends on a blue space or the key space"
    assert all("V" not in path for path in moves(game).values()), "no walk enters the village"


def test_a_walk_never_turns_back_on_itself(game):
    for steps in range(1, 13):
        for walk in game.walks("m6", steps):
            full = ("m6",) + walk
            assert all(full[i] != full[i + 2] for i in range(len(full) - 2)), full
    at(game, 0, "m6", (2, 2))
    assert ("m6", 2) in moves(game), "the second walk may go back the way the first one came"


def test_the_first_walk_may_stop_early_on_a_blue_space_and_the_other_die_is_lost(game):
    at(game, 0, "m5", (2, 4))
    assert ("m7", 1) in moves(game)
    game.positions[1] = "m7"
    events = move_to(game, "m7", 1)
    assert game.positions[1] == "m7", "stopping early on an occupied blue space sends nobody home"
    assert [e.kind for e in events][:3] == ["moved", "looked", "peeked"]


def test_the_first_walk_may_end_on_the_key_space_and_the_pawn_names_a_tree(game):
    at(game, 0, "HS", (3, 5))
    assert ("KEY", 1) in moves(game)
    move_to(game, "KEY", 1)
    assert {a.kind for a in game.legal_actions()} == {"guess"}
    assert {a.slot for a in game.legal_actions()} == set(game.tree_at)


def test_the_key_space_needs_an_exact_count_and_a_walk_may_pass_over_it(game):
    at(game, 0, "m24", (2, 3))
    assert "KEY" not in {dest for dest, _ in moves(game)}
    assert any("KEY" in path[:-1] for path in moves(game).values()), "a walk passes over the key space"
    at(game, 0, "m24", (2, 2))
    assert ("KEY", 2) in moves(game), "4 steps from m24 end on the key space"


def test_both_dice_used_send_the_pawns_on_the_end_space_home(game):
    at(game, 1, "m7")
    at(game, 2, "m7")
    at(game, 0, "m2", (2, 3))
    events = move_to(game, "m7", 2)
    assert game.positions == ["m7", "V", "V"]
    assert any(e.kind == "sent_home" and list(e.players) == [1, 2] for e in events)


def test_nobody_is_sent_home_from_the_village(game):
    at(game, 0, "m2", (2, 4))
    assert "V" not in {dest for dest, _ in moves(game)}
    game.positions[1] = "V"
    move_to(game, next(dest for dest, used in moves(game) if used == 2), 2)
    assert game.positions[1] == "V"


def test_a_look_is_private_and_the_public_event_names_no_motif(game):
    at(game, 0, "m5", (2, 4))
    events = move_to(game, "m7", 1)
    looked = next(e for e in events if e.kind == "looked")
    peeked = next(e for e in events if e.kind == "peeked")
    assert looked.private_to is None and "motif" not in looked.fields
    assert peeked.private_to == 0 and peeked.motif == game.tree_at["t_m7"]


def test_a_right_guess_wins_the_card_shows_the_tree_and_turns_up_the_next(game):
    at(game, 0, "KEY", (3, 5))
    slot = next(s for s, m in game.tree_at.items() if m == game.wanted)
    wanted, next_card = game.wanted, game.stack[-1]
    events = game.apply(Action("guess", slot=slot))
    assert game.won[0] == [wanted] and game.positions[0] == "HS"
    assert game.wanted == next_card and game.tree_at[slot] == wanted
    right = next(e for e in events if e.kind == "guessed_right")
    assert right.private_to is None and right.motif == wanted
    assert any(e.kind == "new_wanted" and e.motif == next_card for e in events)
    assert game.current_player == 1


def test_a_wrong_guess_is_seen_by_the_guesser_alone_and_the_pawn_goes_home(game):
    at(game, 0, "KEY", (3, 5))
    slot = next(s for s, m in game.tree_at.items() if m != game.wanted)
    trees = dict(game.tree_at)
    events = game.apply(Action("guess", slot=slot))
    wrong = next(e for e in events if e.kind == "guessed_wrong")
    assert wrong.private_to == 0 and wrong.motif == trees[slot]
    assert all("motif" not in e.fields for e in events if e.private_to is None)
    assert game.positions[0] == "V" and game.tree_at == trees and game.won[0] == []


def test_the_game_ends_with_the_last_card_and_ties_share_the_win(game):
    last = game.wanted
    others = [m for m in game.tree_at.values() if m != last]
    game.stack = []
    game.won = [others[:6], others[6:11], [others[11]]]
    at(game, 1, "KEY", (3, 5))
    slot = next(s for s, m in game.tree_at.items() if m == last)
    events = game.apply(Action("guess", slot=slot))
    assert game.is_over and game.legal_actions() == []
    assert game.winners == [0, 1], "6 cards each: the two share the win"
    assert game.scores == [6, 6, 1], "the cards each seat won, for the results screen"
    assert events[-1].kind == "game_over" and list(events[-1].winners) == [0, 1]


def test_double_one_offers_the_three_magics_and_moving_1_plus_1(game):
    at(game, 0, "m3", (1, 1))
    kinds = {a.kind for a in game.legal_actions()}
    assert kinds == {"move", "magic_swap", "magic_jump", "magic_shuffle"}
    assert ("m5", 2) in moves(game) and ("a1", 2) in moves(game)
    at(game, 0, "m3", (2, 1))
    assert {a.kind for a in game.legal_actions()} == {"move"}


def test_magic_swap_exchanges_two_trees_and_nobody_sees_under_them(game):
    at(game, 0, "m3", (1, 1))
    before = dict(game.tree_at)
    events = game.apply(Action("magic_swap", a="t_m7", b="t_b2"))
    assert game.tree_at["t_m7"] == before["t_b2"] and game.tree_at["t_b2"] == before["t_m7"]
    assert all("motif" not in e.fields for e in events) and game.positions[0] == "m3"


def test_magic_jump_goes_to_a_blue_space_and_looks_secretly(game):
    at(game, 0, "m3", (1, 1))
    game.positions[1] = "b8"
    events = game.apply(Action("magic_jump", node="b8"))
    assert game.positions[0] == "b8" and game.positions[1] == "b8", "a jump sends nobody home"
    peeked = next(e for e in events if e.kind == "peeked")
    assert peeked.private_to == 0 and peeked.motif == game.tree_at["t_b8"]


def test_magic_shuffle_turns_up_a_new_wanted_secret_from_the_stack_and_the_face_up_card(game):
    at(game, 0, "m3", (1, 1))
    cards = sorted(game.stack + [game.wanted])
    events = game.apply(Action("magic_shuffle"))
    assert sorted(game.stack + [game.wanted]) == cards
    assert any(e.kind == "new_wanted" and e.motif == game.wanted for e in events)


def test_magic_is_only_for_a_double_one(game):
    at(game, 0, "m3", (1, 2))
    before = game.to_json()
    with pytest.raises(IllegalActionError):
        game.apply(Action("magic_shuffle"))
    assert game.to_json() == before


def test_unknown_or_wrongly_typed_fields_are_illegal_and_change_nothing(game):
    at(game, 0, "V", (3, 5))
    before = game.to_json()
    legal = next(a for a in game.legal_actions())
    for bad in (Action("move", **{**legal.fields, "extra": 1}), Action("move", dest=5, path=[], dice_used=2),
                Action("move", dest=legal.dest, path=legal.path, dice_used="2"), Action("roll"),
                Action("guess", slot="t_m7"), Action("fly")):
        with pytest.raises(IllegalActionError):
            game.apply(bad)
        assert game.to_json() == before


def test_forced_dice_are_two_numbers_from_1_to_6(game):
    with pytest.raises(IllegalActionError):
        game.apply(Action("roll", dice=[0, 7]))
    events = game.apply(Action("roll", dice=[6, 2]))
    assert game.dice == (6, 2) and list(events[0].dice) == [6, 2]


def test_the_observation_shows_where_trees_stand_but_no_motif_under_them(game):
    at(game, 0, "m5", (2, 4))
    move_to(game, "m7", 1)
    seen = json.dumps(game.observation(0))
    hidden = [m for m in game.tree_at.values() if m != game.wanted]
    assert not any(f'"{m}"' in seen for m in hidden)
    assert set(game.observation(1)["trees"]) == set(game.tree_at)


def test_the_short_game_has_7_trees_and_cards_on_the_fixed_slots():
    state = new_state(2, seed=3, options={"short": True})
    assert sorted(state.tree_at) == sorted(state.board.short_slots)
    assert sorted(state.stack + [state.wanted]) == sorted(state.tree_at.values())
    assert len(set(state.tree_at.values())) == 7 and set(state.tree_at.values()) <= set(MOTIFS)


def test_a_saved_game_comes_back_exactly_and_a_damaged_one_is_refused_with_a_sentence(game):
    at(game, 0, "m5", (2, 4))
    data = json.loads(json.dumps(game.to_json()))
    assert state_from_json(data).to_json() == game.to_json()
    slots = list(data["tree_at"])
    twice = json.loads(json.dumps(data))
    twice["tree_at"][slots[0]] = twice["tree_at"][slots[1]]
    lost = json.loads(json.dumps(data))
    lost["stack"].pop()
    off = json.loads(json.dumps(data))
    off["positions"][1] = "nowhere"
    for damaged, words in ((twice, "motifs"), (lost, "cards"), (off, "not a space")):
        with pytest.raises(StateDataError, match=words):
            state_from_json(damaged)


def test_same_seed_and_same_actions_give_the_same_game():
    a, b = new_state(4, seed=11), new_state(4, seed=11)
    for _ in range(40):
        action = a.legal_actions()[-1]
        assert a.apply(action) == b.apply(action)
    assert a.to_json() == b.to_json()


# -- the fast way through apply: only the very actions just offered skip the check ----------------
def test_an_action_offered_before_the_position_changed_is_checked_again(game):
    at(game, 0, "V", (3, 5))
    offered = {(a.dest, a.dice_used): a for a in game.legal_actions()}
    at(game, 0, "m20", (3, 5))          # a test (or a careless caller) moves the pawn by hand
    before = game.to_json()
    with pytest.raises(IllegalActionError):
        game.apply(offered[("a4", 2)])
    assert game.to_json() == before


def test_an_offered_action_is_taken_once(game):
    roll = game.legal_actions()[0]
    game.apply(roll)
    before = game.to_json()
    with pytest.raises(IllegalActionError, match="rolled"):
        game.apply(roll)
    assert game.to_json() == before


def test_a_hand_made_move_is_checked_in_full_even_right_after_the_legal_actions(game):
    at(game, 0, "V", (3, 5))
    legal = {(a.dest, a.dice_used): a for a in game.legal_actions()}
    before = game.to_json()
    # Right end and dice, but a route that does not get there; then a bool for the dice used.
    for bad in (Action("move", dest="a4", path=["m1", "m2", "m3", "m4", "m5", "m6", "m7", "a4"], dice_used=2),
                Action("move", dest="a4", path=list(legal[("a4", 2)].path), dice_used=True)):
        with pytest.raises(IllegalActionError):
            game.apply(bad)
        assert game.to_json() == before
    # Any route to an end is legal, not only the one the offered action names.
    routes = game.board.turn_moves(game.positions[0], *game.dice).routes[("m2", 2)]
    assert len(routes) > 1 and routes[0] == legal[("m2", 2)].path
    events = game.apply(Action("move", dest="m2", path=list(routes[-1]), dice_used=2))
    assert events[0].path == routes[-1] and game.positions[0] == "m2"


def test_the_moves_of_a_throw_are_worked_out_once_per_board_and_in_the_order_of_the_walks():
    board = new_state(2, seed=1).board
    one, other = new_state(2, seed=2, options={"board": board}), new_state(3, seed=3, options={"board": board})
    for state in (one, other):
        at(state, 0, "m6", (2, 4))
    assert one.legal_actions() == other.legal_actions()
    assert all(a is b for a, b in zip(one.legal_actions(), other.legal_actions()))
    assert board.turn_moves("m6", 2, 4) is board.turn_moves("m6", 2, 4)
    assert new_state(2, seed=1).board.turn_moves("m6", 2, 4) is not board.turn_moves("m6", 2, 4)
    # The sum's walks come first, then the first die's, then the other's.
    ends = [(a.dest, a.dice_used) for a in one.legal_actions()]
    sums = list(dict.fromkeys((walk[-1], 2) for walk in board.walks("m6", 6)))
    assert ends[:len(sums)] == sums
