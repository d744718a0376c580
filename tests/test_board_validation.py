"""Broken board files get a BoardError that names the file, the field and the problem.

Each test writes a modified copy of the shipped boards/knights.yaml, so every other part of the
board stays valid and the error is the one the test is about.  The corpus in broken_boards/ is
tiny_board.yaml with one thing broken per file; huge files are made by the tests themselves.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from kidgames.core.board import BoardError
from kidgames.games.knights.board import load_board
from kidgames.core.paths import BOARDS
from kidgames.core.protocol import Action, StateDataError
from kidgames.games import GAMES
from kidgames.games.knights.rules import SCHEMA, playability_problem

KNIGHTS = GAMES["knights"]

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


# -- the corpus of broken boards: nothing a file holds may crash, hang or trap a knight ---------------

TINY = Path(__file__).parent / "tiny_board.yaml"
CORPUS = sorted((Path(__file__).parent / "broken_boards").glob("*.yaml"))
REPO = Path(__file__).resolve().parent.parent


def expected_words(path: Path) -> list[str]:
    """The words a corpus file's refusal must contain, from its ``# expect: a | b`` line."""
    for line in path.read_bytes().decode("utf-8", "replace").splitlines():
        if line.startswith("# expect:"):
            return [word.strip() for word in line[len("# expect:"):].split(" | ")]
    raise AssertionError(f"{path.name} has no '# expect:' line")


def test_the_tiny_board_the_corpus_is_made_from_loads_and_is_played_to_the_end():
    board = load_board(TINY, SCHEMA)
    state = KNIGHTS.new_state(2, seed=3, options={"board": board})
    for _ in range(2000):
        if state.is_over:
            break
        state.apply(Action("roll"))
    assert state.is_over and board.nodes[state.positions[state.winners[0]]].kind == "castle"


def test_the_corpus_holds_a_broken_board_for_every_kind_of_damage():
    names = {path.stem for path in CORPUS}
    assert len(CORPUS) >= 40
    for kind in ("alias_bomb", "tag_set", "tag_timestamp", "deep_nesting", "duplicate_key", "lane_to_list",
                 "size_half", "release_13", "release_billion", "two_way_text", "at_nan", "dead_end",
                 "cycle", "claws_never_left", "not_utf8"):
        assert kind in names


@pytest.mark.parametrize("path", CORPUS, ids=lambda path: path.stem)
def test_every_broken_board_in_the_corpus_is_refused_with_a_sentence(path):
    message = refused(path, *expected_words(path))
    assert "\n" not in message and message.endswith("."), message


def test_a_value_that_looks_like_a_date_stays_text(tmp_path):
    path = tmp_path / "dated.yaml"
    path.write_text(TINY.read_text(encoding="utf-8").replace("{id: m2,", "{id: 2001-12-14,"), encoding="utf-8")
    board = load_board(path, SCHEMA)
    assert "2001-12-14" in board.nodes and board.lanes["main"].fields[2] == "2001-12-14"


def test_a_file_over_the_size_limit_is_refused_before_it_is_parsed(tmp_path):
    path = tmp_path / "huge.yaml"
    path.write_text(TINY.read_text(encoding="utf-8") + "# padding\n" * 30000, encoding="utf-8")
    refused(path, "the board file is 29", "at most 256 KB")


@pytest.mark.parametrize("text", ["at: " + "[" * 50000 + "]" * 50000, "at:\n" + "- " * 50000 + "x\n",
                                  "at: " + "{a: " * 5000 + "1" + "}" * 5000],
                         ids=["flow lists", "block lists", "mappings"])
def test_nesting_fifty_thousand_deep_is_refused_with_a_sentence(tmp_path, text):
    path = tmp_path / "deep.yaml"
    path.write_text(text, encoding="utf-8")
    refused(path, "line ", "nested more than 20 deep")


def test_a_folder_is_not_a_board_file(tmp_path):
    refused(tmp_path, "a folder, not a board file")


# -- a board stored in a save gets the same checks ---------------------------------------------------

def saved_with(change) -> dict:
    state = KNIGHTS.new_state(2, seed=1)
    state.apply(Action("roll", die=2))
    data = json.loads(json.dumps(state.to_json()))
    change(data["board"])
    return data


@pytest.mark.parametrize("change, words", [
    (lambda b: b.__setitem__("size", [float("inf"), 1000]), ["'size'", "inf"]),
    (lambda b: b.__setitem__("size", [0.5, 0.5]), ["'size'", "0.5"]),
    (lambda b: b["decorations"][0].__setitem__("size", 1e9), ["decoration number 1", "'size'"]),
    (lambda b: b["lanes"]["main"]["fields"][1].__setitem__("at", [float("nan"), 5]), ["field 'm1'", "'at'"]),
    (lambda b: b["lanes"]["main"].__setitem__("to", ["witch"]), ["lane 'main'", "'to' must name a field"]),
    (lambda b: b["lanes"]["long"]["fields"][6].__setitem__("release", 6), ["field 'claws'", "never move on"]),
], ids=["size 1e400", "size half a unit", "decoration size 1e9", "position NaN", "to a list",
        "claws let go only past the castle"])
def test_a_save_whose_board_is_damaged_is_refused_with_a_sentence(change, words):
    with pytest.raises(StateDataError) as caught:
        KNIGHTS.state_from_json(saved_with(change))
    for word in words:
        assert word in str(caught.value), str(caught.value)


def test_an_undamaged_save_keeps_its_board():
    restored = KNIGHTS.state_from_json(saved_with(lambda board: None))
    assert set(restored.board.nodes) == set(load_board(SHIPPED, SCHEMA).nodes)


# -- playable: the shipped board and the lane colours ------------------------------------------------

def test_from_every_field_a_knight_reaches_on_the_shipped_board_the_castle_can_be_reached():
    assert playability_problem(load_board(SHIPPED, SCHEMA)) is None


def test_a_devil_may_count_past_the_start_of_its_lane_as_rule_7_says(tmp_path, board_data):
    assert field(board_data, "devil_1")["back"] == 5  # two fields before it: 'to Hell if fewer remain'
    field(board_data, "devil_3")["back"] = 12
    board = load_board(write(tmp_path, board_data), SCHEMA)
    assert board.nodes["devil_3"].get("back") == 12


def test_the_lane_colours_a_board_may_name_are_the_ones_the_scene_paints():
    from kidgames.games.knights.art import LANE_COLOURS as PAINTED
    assert SCHEMA.lane_colours == set(PAINTED)


# -- the command line --------------------------------------------------------------------------------

def run_main(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, "main.py", "knights", *args], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("name", ["alias_bomb", "cycle", "size_half", "deep_nesting"])
def test_the_command_line_refuses_a_broken_board_with_its_sentence_and_exit_code_2(name):
    path = Path(__file__).parent / "broken_boards" / f"{name}.yaml"
    result = run_main("--board", str(path))
    assert result.returncode == 2
    assert str(path) in result.stderr and expected_words(path)[0] in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_the_command_line_refuses_a_device_at_once():
    started = time.monotonic()
    result = run_main("--board", "/dev/zero")
    assert result.returncode == 2 and "not an ordinary file" in result.stderr
    assert time.monotonic() - started < 30


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_the_command_line_refuses_a_pipe_without_waiting_for_it(tmp_path):
    pipe = tmp_path / "board.yaml"
    os.mkfifo(pipe)
    started = time.monotonic()
    result = run_main("--board", str(pipe))
    assert result.returncode == 2 and "not an ordinary file" in result.stderr and str(pipe) in result.stderr
    assert time.monotonic() - started < 30


def test_the_command_line_refuses_a_billion_laughs_at_full_size(tmp_path):
    lines = ["lanes:", "  a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    lines += [f"  {chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 10)}]" for i in range(20)]
    path = tmp_path / "laughs.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run_main("--board", str(path))
    assert result.returncode == 2 and "anchor (&a)" in result.stderr


def test_a_board_path_no_file_can_have_is_refused_with_a_sentence():
    from kidgames.games.knights.rules import load_knights_board
    with pytest.raises(BoardError, match="cannot be read"):
        load_knights_board("board\0.yaml")
