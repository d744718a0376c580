"""Broken board files get a BoardError that names the file, the field and the problem.

Each test writes a modified copy of the shipped boards/knights.yaml, so every other part of the
board stays valid and the error is the one the test is about.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from kidgames.core.board import BoardError, load_board
from kidgames.core.paths import BOARDS
from kidgames.games.knights.rules import SCHEMA

SHIPPED = BOARDS / "knights.yaml"

#: The field kinds listed in shared/rules/knights.md, "The board".
RULE_KINDS = (
    "start path sword dragon yellow witch black_horse white_horse brown_horse princess bank pool fish "
    "apple firebird frog_king well hell devil raven dove sorcerer black_piglet pink_piglet golden_hill "
    "giant club golden_gate crown snake star dragon_breath claws gate_red castle"
).split()


@pytest.fixture()
def board_data() -> dict:
    return yaml.safe_load(SHIPPED.read_text(encoding="utf-8"))


def field(data: dict, field_id: str) -> dict:
    for lane in data["lanes"].values():
        for entry in lane["fields"]:
            if entry["id"] == field_id:
                return entry
    raise KeyError(field_id)


def write(tmp_path: Path, data, name: str = "broken.yaml") -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def refused(path: Path, *words: str) -> str:
    """Load ``path``, expect a BoardError naming the file and every one of ``words``."""
    with pytest.raises(BoardError) as caught:
        load_board(path, SCHEMA)
    message = str(caught.value)
    assert str(path) in message, message
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"
    assert "Traceback" not in message
    return message


# -- the shipped board --------------------------------------------------------------------------------

def test_the_shipped_board_loads():
    board = load_board(SHIPPED, SCHEMA)
    assert board.title == "Knights and the Golden Treasure"
    assert board.start == "start"
    assert board.nodes[board.start].kind == "start"


def test_the_shipped_board_has_every_field_kind_the_rules_list():
    board = load_board(SHIPPED, SCHEMA)
    kinds_on_board = {node.kind for node in board.nodes.values()}
    assert set(RULE_KINDS) <= kinds_on_board
    assert set(SCHEMA.kinds) == set(RULE_KINDS), "the engine knows exactly the kinds the rules list"


def test_the_shipped_board_has_the_fields_the_rules_count():
    board = load_board(SHIPPED, SCHEMA)
    count = {kind: len(board.of_kind(kind)) for kind in RULE_KINDS}
    assert count["dragon"] == 3
    assert count["devil"] == 3
    assert count["apple"] == 2
    assert count["giant"] == 2
    assert count["snake"] == 2
    assert count["pool"] == 3
    assert sorted(board.nodes[s].label for s in board.of_kind("sorcerer")) == ["I", "II"]
    assert sorted(board.nodes[g].label for g in board.of_kind("gate_red")) == ["I", "II"]
    for name in ("start", "witch", "golden_hill", "golden_gate", "castle", "well", "hell", "crown", "star"):
        assert count[name] == 1, name


def test_every_special_field_of_the_shipped_board_sends_the_knight_where_the_rules_say():
    board = load_board(SHIPPED, SCHEMA)
    kind_of = lambda node_id: board.nodes[node_id].kind  # noqa: E731
    expected = {
        "sword": "yellow", "black_horse": "hell", "white_horse": "golden_hill", "brown_horse": "witch",
        "princess": "fish", "bank": "fish", "fish": "bank", "raven": "witch", "dove": "golden_hill",
        "black_piglet": "hell", "pink_piglet": "golden_hill", "giant": "golden_hill",
        "club": "golden_hill", "golden_gate": "witch", "snake": "crown", "dragon_breath": "star",
    }
    for kind, target_kind in expected.items():
        for node_id in board.of_kind(kind):
            assert kind_of(board.nodes[node_id].get("to")) == target_kind, node_id
    firebird = board.nodes[board.of_kind("firebird")[0]]
    assert kind_of(firebird.get("to")) == "pool" and kind_of(firebird.get("back_to")) == "golden_hill"
    frog = board.nodes[board.of_kind("frog_king")[0]]
    assert (kind_of(frog.get("to")), kind_of(frog.get("back_to")), frog.get("roll")) == ("well", "crown", 1)
    for sorcerer in board.of_kind("sorcerer"):
        assert board.nodes[sorcerer].get("to") == board.lanes["orange"].fields[0]
    for gate in board.of_kind("gate_red"):
        target = board.nodes[board.nodes[gate].get("to")]
        assert target.kind == "sorcerer" and target.label == board.nodes[gate].label
    assert {board.nodes[d].get("release") for d in board.of_kind("dragon")} == {3}
    assert {board.nodes[p].get("release") for p in board.of_kind("pool")} == {6}
    assert {board.nodes[c].get("release") for c in board.of_kind("claws")} == {1}
    assert {board.nodes[d].get("back") for d in board.of_kind("devil")} == {5}


def test_an_unchanged_copy_loads(tmp_path, board_data):
    board = load_board(write(tmp_path, board_data), SCHEMA)
    assert set(board.nodes) == set(load_board(SHIPPED, SCHEMA).nodes)


# -- broken files -----------------------------------------------------------------------------------

def test_a_missing_board_file_is_named(tmp_path):
    refused(tmp_path / "nowhere.yaml", "no such board file")


def test_invalid_yaml_is_reported_with_its_line(tmp_path):
    lines = SHIPPED.read_text(encoding="utf-8").splitlines()
    broken_line = next(i for i, line in enumerate(lines) if "id: m6" in line)
    lines[broken_line] = lines[broken_line].replace("}", "")  # an unclosed flow mapping
    path = tmp_path / "broken.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    message = refused(path, "not valid YAML", "line ")
    reported = int(message.split("line ")[1].split(",")[0])
    assert broken_line + 1 <= reported <= broken_line + 2, message


def test_a_board_that_is_not_a_mapping_is_refused(tmp_path, board_data):
    refused(write(tmp_path, list(board_data["lanes"])), "must be a mapping")


def test_an_empty_board_file_is_refused(tmp_path):
    path = tmp_path / "empty.yaml"
    path.write_text("", encoding="utf-8")
    refused(path, "must be a mapping")


def test_an_unknown_top_level_key_is_named(tmp_path, board_data):
    board_data["treasure"] = "gold"
    refused(write(tmp_path, board_data), "unknown top-level key", "'treasure'")


def test_an_unknown_field_kind_is_named_with_its_field(tmp_path, board_data):
    field(board_data, "m6")["kind"] = "unicorn"
    refused(write(tmp_path, board_data), "field 'm6'", "unknown kind 'unicorn'")


def test_an_unknown_key_on_a_field_is_named(tmp_path, board_data):
    field(board_data, "sword")["colour"] = "red"
    refused(write(tmp_path, board_data), "field 'sword'", "unknown key 'colour'")


def test_an_unknown_key_on_a_lane_is_named(tmp_path, board_data):
    board_data["lanes"]["green"]["length"] = 12
    refused(write(tmp_path, board_data), "lane 'green'", "unknown key 'length'")


@pytest.mark.parametrize("key", ["from", "to"])
def test_a_lane_leading_from_or_to_a_missing_field_is_a_dangling_edge(tmp_path, board_data, key):
    board_data["lanes"]["wide"][key] = "wich"
    refused(write(tmp_path, board_data), "lane 'wide'", f"'{key}' names 'wich'", "not a field on this board")


def test_a_special_field_without_its_target_is_refused(tmp_path, board_data):
    del field(board_data, "sword")["to"]
    refused(write(tmp_path, board_data), "field 'sword'", "needs 'to'", "missing")


def test_a_special_field_sending_to_a_missing_field_is_refused(tmp_path, board_data):
    field(board_data, "sword")["to"] = "yelow"
    refused(write(tmp_path, board_data), "field 'sword'", "'to' names 'yelow'", "not a field on this board")


def test_a_second_target_sending_to_a_missing_field_is_refused(tmp_path, board_data):
    field(board_data, "firebird")["back_to"] = "golden_mountain"
    refused(write(tmp_path, board_data), "field 'firebird'", "'back_to' names 'golden_mountain'")


def test_a_field_nothing_leads_to_is_unreachable(tmp_path, board_data):
    board_data["lanes"]["island"] = {"fields": [{"id": "lonely", "at": [10, 10]}], "to": "castle"}
    refused(write(tmp_path, board_data), "field 'lonely'", "cannot be reached from the start")


def test_a_lane_only_a_removed_field_sent_knights_to_becomes_unreachable(tmp_path, board_data):
    # Hell has no lane leading in: only the black horse and the black piglet send knights there.
    field(board_data, "black_horse")["to"] = "golden_hill"
    field(board_data, "black_piglet")["to"] = "golden_hill"
    refused(write(tmp_path, board_data), "field 'hell'", "cannot be reached")


def test_a_board_without_a_castle_is_refused(tmp_path, board_data):
    field(board_data, "castle")["kind"] = "path"
    refused(write(tmp_path, board_data), "'castle'", "the board has 0")


@pytest.mark.parametrize("kind", ["start", "witch", "golden_hill"])
def test_a_board_without_a_required_field_kind_is_refused(tmp_path, board_data, kind):
    field(board_data, kind)["kind"] = "path"
    refused(write(tmp_path, board_data), f"kind {kind!r}")


def test_a_second_castle_is_refused(tmp_path, board_data):
    field(board_data, "m12")["kind"] = "castle"
    refused(write(tmp_path, board_data), "exactly 1", "'castle'", "the board has 2")


def test_a_field_id_used_twice_is_refused(tmp_path, board_data):
    field(board_data, "g4")["id"] = "g2"
    refused(write(tmp_path, board_data), "field 'g2'", "defined twice", "lane 'green'")


def test_a_field_without_an_id_is_refused(tmp_path, board_data):
    del field(board_data, "m6")["id"]
    refused(write(tmp_path, board_data), "lane 'main', field number 7", "no 'id'")


@pytest.mark.parametrize("at", [[1], [1, 2, 3], "here", ["x", 5], None, [True, 5]])
def test_a_field_with_a_bad_position_is_refused(tmp_path, board_data, at):
    entry = field(board_data, "m6")
    if at is None:
        del entry["at"]
    else:
        entry["at"] = at
    refused(write(tmp_path, board_data), "field 'm6'", "'at' must be the field's position")


@pytest.mark.parametrize("release", [0, -3, "three", 2.5, True, 7, 13, 10**9])
def test_a_dragon_released_by_a_number_no_die_shows_is_refused(tmp_path, board_data, release):
    field(board_data, "dragon_2")["release"] = release
    refused(write(tmp_path, board_data), "field 'dragon_2'", "'release' must be a whole number from 1 to 6",
            repr(release))


def test_a_devil_without_its_count_is_refused(tmp_path, board_data):
    del field(board_data, "devil_2")["back"]
    refused(write(tmp_path, board_data), "field 'devil_2'", "needs 'back'", "a number")


def test_a_junction_lane_without_enter_is_refused(tmp_path, board_data):
    del board_data["lanes"]["green"]["enter"]
    refused(write(tmp_path, board_data), "field 'witch' is a junction", "lane 'green' needs 'enter'")


def test_a_lane_with_an_unknown_enter_is_refused(tmp_path, board_data):
    board_data["lanes"]["long"]["enter"] = "six"
    refused(write(tmp_path, board_data), "lane 'long'", "'enter' must be one of exact, odd, even", "'six'")


def test_a_start_that_is_not_on_the_board_is_refused(tmp_path, board_data):
    board_data["start"] = "arrow"
    refused(write(tmp_path, board_data), "'start' names 'arrow'")


def test_a_board_without_lanes_is_refused(tmp_path, board_data):
    del board_data["lanes"]
    refused(write(tmp_path, board_data), "'lanes' is missing")


def test_an_empty_lane_is_refused(tmp_path, board_data):
    board_data["lanes"]["castle"]["fields"] = []
    refused(write(tmp_path, board_data), "lane 'castle'", "non-empty list")



def test_a_decoration_must_name_a_picture_that_exists(tmp_path):
    data = yaml.safe_load((BOARDS / "knights.yaml").read_text(encoding="utf-8"))
    data["decorations"] = [{"sprite": "unicorn_rainbow", "at": [10, 10], "size": 50}]
    path = tmp_path / "deco.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(BoardError) as caught:
        load_board(path, SCHEMA)
    assert "deco.yaml" in str(caught.value) and "unicorn_rainbow" in str(caught.value)
