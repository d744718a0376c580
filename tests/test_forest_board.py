"""The Fairy-Tale Forest board (shared/rules/forest.md, "The board") and the neutral board graph's
sentences.  The corpus in broken_forest_boards/ is the shipped board with one thing broken per file."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from kidgames.core.board import BoardError
from kidgames.core.paths import BOARDS
from kidgames.games.forest.board import forest_board_from_data, load_forest_board
from kidgames.games.forest.rules import new_state

SHIPPED = BOARDS / "forest.yaml"
CORPUS = Path(__file__).parent / "broken_forest_boards"
BLUE = "m7 m15 m22 a2 a5 a8 a11 a13 b2 b5 b8 b11 b13".split()


@pytest.fixture()
def board():
    return load_forest_board(SHIPPED)


@pytest.fixture()
def data() -> dict:
    return yaml.safe_load(SHIPPED.read_text(encoding="utf-8"))


def refused(data: dict, *words: str) -> str:
    with pytest.raises(BoardError) as caught:
        forest_board_from_data(data, name="my-forest.yaml")
    message = str(caught.value)
    assert message.startswith("my-forest.yaml: ")
    for word in words:
        assert word in message, message
    assert "knight" not in message, "forest and neutral messages speak of spaces"
    return message


def test_the_board_has_13_blue_spaces_each_with_its_own_tree_slot(board):
    blue = sorted(n for n in board.nodes if board.kind(n) == "blue")
    assert blue == sorted(BLUE)
    slots = [board.tree_slot(n) for n in blue]
    assert None not in slots and len(set(slots)) == 13
    assert all(board.slots[board.tree_slot(n)].space == n for n in blue)
    assert board.tree_slot("m8") is None


def test_the_short_game_uses_7_of_the_slots_spread_over_main_path_and_both_loops(board):
    spaces = [board.slots[slot].space for slot in board.short_slots]
    assert len(set(board.short_slots)) == 7 and set(board.short_slots) <= set(board.slots)
    assert {s[0] for s in spaces} == {"m", "a", "b"}


def test_every_space_can_be_reached_from_the_village(board):
    seen, todo = {board.village}, [board.village]
    while todo:
        for nxt in board.neighbours(todo.pop()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    assert seen == set(board.nodes)


def test_the_layout_of_the_rules(board):
    assert (board.village, board.horseshoe, board.key) == ("V", "HS", "KEY")
    assert board.neighbours("V") == ["m1"], "the village square is a dead end"
    assert all(len(board.neighbours(n)) >= 2 for n in board.nodes if n != "V"), "no other dead end"
    assert sorted(board.neighbours("m4")) == ["a1", "m3", "m5"] and "a14" in board.neighbours("m12")
    assert sorted(board.neighbours("m10")) == ["b1", "m11", "m9"] and "b14" in board.neighbours("m20")
    assert {board.kind(n) for n in board.nodes} == {"village", "path", "blue", "horseshoe", "key"}


def test_the_castle_is_a_ring_so_a_pawn_can_walk_past_the_key_space(board):
    assert sorted(board.neighbours("KEY")) == ["k2", "k3"]
    ring = ["HS", "k1", "k2", "KEY", "k3", "k4", "HS"]
    assert all(b in board.neighbours(a) for a, b in zip(ring, ring[1:]))
    assert board.distances_from("V")["KEY"] == 28, "about four turns with two dice"


def test_positions_spread_over_the_board_area_not_a_grid(board):
    xs = {node.at[0] for node in board.nodes.values()}
    ys = {node.at[1] for node in board.nodes.values()}
    assert board.size == (1240, 1000)
    assert len(xs) > 40 and len(ys) > 40
    assert all(0 <= x <= 1240 and 0 <= y <= 1000 for x, y in (n.at for n in board.nodes.values()))


def test_a_blue_space_without_its_tree_slot_is_refused(data):
    data["trees"] = [t for t in data["trees"] if t["space"] != "b13"]
    refused(data, "'b13'", "no tree slot")


def test_a_tree_beside_a_path_space_is_refused(data):
    data["trees"][0]["space"] = "m8"
    refused(data, "'m8'", "only beside a blue space")


def test_an_unknown_kind_is_refused(data):
    data["spaces"][3]["kind"] = "swamp"
    refused(data, "'m3'", "unknown kind 'swamp'", "Known kinds")


def test_a_path_naming_no_space_is_refused(data):
    data["paths"]["loop_a"][3] = "a99"
    refused(data, "path 'loop_a'", "'a99'", "not a space")


def test_an_unreachable_space_is_refused(data):
    data["spaces"].append({"id": "lost", "at": [600, 600]})
    data["paths"]["lost"] = ["lost", "lost2"]
    data["spaces"].append({"id": "lost2", "at": [620, 600]})
    refused(data, "'lost", "cannot be reached from the start 'V'")


def test_a_dead_end_is_refused(data):
    data["spaces"].append({"id": "cul", "at": [600, 600]})
    data["paths"]["side"] = ["m15", "cul"]
    refused(data, "'cul'", "dead end")


def test_the_village_must_be_a_dead_end(data):
    data["paths"]["shortcut"] = ["V", "m3"]
    refused(data, "village square 'V'", "dead end", "2 paths")


def test_the_key_space_must_lie_on_the_castle_ring(data):
    # The ring behind the key space does not come back to the horseshoe space.
    data["spaces"].append({"id": "k5", "at": [1180, 60]})
    data["paths"]["castle"] = ["HS", "k1", "k2", "KEY", "k3", "k4", "k5", "k3"]
    refused(data, "key space 'KEY'", "castle ring")


def test_the_short_game_needs_7_existing_slots(data):
    data["short"] = data["short"][:6]
    refused(data, "'short'", "7 tree slots")
    data["short"] = data["short"] + ["t_nowhere"]
    refused(data, "'t_nowhere'", "not a tree slot")


def test_the_game_needs_13_blue_spaces(data):
    data["spaces"] = [s if s["id"] != "b13" else {"id": "b13", "at": s["at"]} for s in data["spaces"]]
    data["trees"] = [t for t in data["trees"] if t["space"] != "b13"]
    refused(data, "exactly 13", "'blue'", "has 12")


@pytest.mark.parametrize("path", sorted(CORPUS.glob("*.yaml")), ids=lambda p: p.stem)
def test_each_broken_file_of_the_corpus_is_refused_with_a_sentence_naming_it(path):
    with pytest.raises(BoardError) as caught:
        load_forest_board(path)
    assert str(caught.value).startswith(str(path)) and "Traceback" not in str(caught.value)


def test_the_board_option_plays_a_modified_board_file(tmp_path, data):
    data["title"] = "My forest"
    mine = tmp_path / "my-forest.yaml"
    mine.write_text(yaml.safe_dump(data), encoding="utf-8")
    assert new_state(2, seed=1, options={"board": str(mine)}).board.title == "My forest"
    with pytest.raises(BoardError, match="no such board file"):
        new_state(2, seed=1, options={"board": str(tmp_path / "missing.yaml")})


def test_a_forest_board_in_a_knights_game_is_refused_with_a_sentence():
    from kidgames.games.knights.rules import load_knights_board
    with pytest.raises(BoardError, match="unknown top-level key"):
        load_knights_board(SHIPPED)
