"""Damaged saves that every game refused before its reader was rewritten on SaveReader (issue:
declarative save readers), and still refuses with a sentence about what is wrong.  Each case
changes one thing in a save the engine itself wrote; each was refused, with these words, by the
readers written by hand (the suites of each game test the other refusals)."""
from __future__ import annotations

import json
from typing import Any, Callable

import pytest

from kidgames.core.protocol import StateDataError
from kidgames.games import GAMES


def save_of(game: str, players: int = 3, seed: int = 5, **options: Any) -> dict:
    state = GAMES[game].new_state(players, seed=seed, options=options or None)
    return json.loads(json.dumps(state.to_json()))


def refused(game: str, data: dict, *words: str) -> None:
    with pytest.raises(StateDataError) as caught:
        GAMES[game].state_from_json(data)
    message = str(caught.value)
    for word in words:
        assert word in message, message


def changed(game: str, change: Callable[[dict], Any], players: int = 3) -> dict:
    data = save_of(game, players)
    change(data)
    return data


# -- Sleeping Queens ----------------------------------------------------------------------------------
def _potion_on_a_sleeping_queen(d: dict) -> None:
    """A potion waiting for an answer, but the slot it names still holds a sleeping queen."""
    queen = d["slots"][5]
    d["slots"][5] = None
    d["awake"][1] = [queen]
    d["pending"] = {"kind": "potion", "attacker": 0, "target": 1, "queen": queen, "slot": 0}
    d["current_player"] = 1


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(options={"auto_defend": "yes"}), ("options",)),
    (lambda d: d.update(options=None), ("options",)),
    (lambda d: d.update(hands="x"), ("hands",)),
    (lambda d: d.update(awake=[[], []]), ("awake queens",)),
    (lambda d: d["awake"][0].append("king"), ("card names", "seat 0")),
    (lambda d: d.update(draw_pile={"king": 8}), ("draw pile", "card names")),
    (lambda d: d.update(current_player=7), ("current player",)),
    (lambda d: d.update(pending=["knight"]), ("pending",)),
    (lambda d: d.update(pending={"kind": "wake", "reason": "joker", "seat": 0}), ("pending",)),
    (lambda d: d.update(pending={"kind": "wake", "reason": "rose", "seat": 1}), ("pending",)),
    (lambda d: d.update(pending={"kind": "wake", "reason": "rose", "seat": True}, current_player=1), ("pending",)),
    (_potion_on_a_sleeping_queen, ("pending",)),
    (lambda d: d.update(winners=[5]), ("winners",)),
    (lambda d: d.update(winners="0"), ("winners",)),
    (lambda d: d.update(turn=10 ** 7), ("turn",)),
    (lambda d: d.update(turn=True), ("turn",)),
])
def test_damaged_queens_saves_are_refused(change, words):
    refused("queens", changed("queens", change), *words)


def test_a_queens_save_without_options_is_read():
    data = save_of("queens")
    del data["options"]
    assert GAMES["queens"].state_from_json(data).options == {}


# -- Castle Builders -----------------------------------------------------------------------------------
@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(losses_left=4), ("witch still takes",)),
    (lambda d: d.update(drawn_this_turn=55), ("drawn this turn",)),
    (lambda d: d.update(winners="x"), ("winners",)),
    (lambda d: d.update(spares=[[], [], []]), ("spare piles",)),
    (lambda d: d["castles"].__setitem__(0, "x"), ("castle of player 0",)),
    (lambda d: d["spares"][1].append("castle:red:9"), ("spare pile of player 1", "cannot lie there")),
    (lambda d: d.update(rng=None), ("random generator",)),
])
def test_damaged_castle_saves_are_refused(change, words):
    refused("castle", changed("castle", change, players=2), *words)


# -- Fairy-Tale Forest ---------------------------------------------------------------------------------
def _on_the_key(seat: int) -> Callable[[dict], None]:
    def change(d: dict) -> None:
        d["positions"][seat] = GAMES["forest"].state_from_json(save_of("forest")).board.key
    return change


def _stack_without_a_face_up_card(d: dict) -> None:
    d["stack"].append(d["wanted"])
    d["wanted"] = None


@pytest.mark.parametrize("change, words", [
    (lambda d: d["positions"].pop(), ("pawn", "per player")),
    (_on_the_key(1), ("key space",)),
    (_on_the_key(0), ("key space", "no throw")),
    (lambda d: d["tree_at"].pop(sorted(d["tree_at"])[0]), ("tree slots",)),
    (lambda d: d.update(wanted=5), ("wanted card",)),
    (lambda d: d.update(won=[[], []]), ("won cards",)),
    (lambda d: d.update(dice=[7, 1]), ("dice",)),
    (lambda d: d.update(dice=[True, 1]), ("dice",)),
    (_stack_without_a_face_up_card, ("none is face up",)),
    (lambda d: d.update(short="yes"), ("short",)),
])
def test_damaged_forest_saves_are_refused(change, words):
    refused("forest", changed("forest", change), *words)


def test_a_forest_save_with_an_odd_board_name_is_read_under_a_plain_name():
    data = save_of("forest")
    data["board_name"] = 5
    assert GAMES["forest"].state_from_json(data).board.name == "saved board"


# -- Knights -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(last_roll=7), ("last throw",)),
    (lambda d: d.update(last_roll=True), ("last throw",)),
    (lambda d: d.update(winners=[0, 0]), ("winners",)),
    (lambda d: d["direction"].__setitem__(0, "sideways"), ("direction",)),
])
def test_damaged_knights_saves_are_refused(change, words):
    refused("knights", changed("knights", change), *words)


# -- the shared helpers --------------------------------------------------------------------------------
def test_the_sentence_about_missing_and_extra_cards_names_them_briefly():
    from kidgames.core.kit import SaveReader
    saved = SaveReader({}, "Castle Builders")
    with pytest.raises(StateDataError) as caught:
        saved.exactly_once(["diamond"] * 5000 + ["witch"], ["witch", "fairy"], "the cards are not each there once")
    message = str(caught.value)
    assert message == ("the saved Castle Builders game is damaged: the cards are not each there once "
                       "(too many: diamond (5000 times); missing: fairy)")
    saved.exactly_once(["b", "a"], ("a", "b"), "never said")


def test_a_throw_comes_back_as_the_game_keeps_it():
    from kidgames.core.kit import SaveReader
    saved = SaveReader({"dice": [2, 6], "roll": 4, "none": None}, "Test")
    assert saved.throw("dice", 6, 2, "dice") == (2, 6)
    assert saved.throw("roll", 6, 1, "roll") == 4
    assert saved.throw("none", 6, 2, "dice") is None and saved.throw("absent", 6, 1, "roll", default=None) is None
    with pytest.raises(StateDataError, match="not 2 numbers from 1 to 6"):
        saved.throw("roll", 6, 2, "dice")
