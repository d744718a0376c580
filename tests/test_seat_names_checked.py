"""Players' names read back from a save or from the remembered setup are checked (a fuzzing report:
a null character in a name stopped every start with "A null character was found in the text", and
the save was not set aside).  A name is text of 1 to 24 characters after stripping the spaces at its
ends, each one printable; a bad one sets its save aside with a sentence, and drops its game's
remembered setup.  And a save file that says only ``null`` is set aside like any damaged save."""
from __future__ import annotations

import json

import pytest

from kidgames.core.saving import SaveStore
from kidgames.core.seats import MAX_NAME_LENGTH, Seat
from kidgames.core.settings import last_setup_from_json
from kidgames.games import GAMES


@pytest.mark.parametrize("name, kept", [
    ("Anna", "Anna"), ("  Ben ", "Ben"), ("Zelёный", "Zelёный"), ("민수", "민수"), ("😀", "😀"),
    ("Ann-Kathrin O'Neil", "Ann-Kathrin O'Ne"),        # up to 24 read, cut as the app writes them
])
def test_a_good_name_is_read_back(name, kept):
    assert Seat.from_json({"name": name, "colour": "red"}).name == kept


@pytest.mark.parametrize("name, words", [
    ("An\x00na", "U+0000"), ("Anna\n", None), ("A\tB", "U+0009"), ("\x1b[31mRed", "U+001B"),
    ("Anna\u200b", "U+200B"), ("", "1 to 24"), ("   ", "1 to 24"), ("x" * (MAX_NAME_LENGTH + 1), "1 to 24"),
    (None, "must be text"), (7, "must be text"), (["Anna"], "must be text"),
])
def test_a_bad_name_is_refused_with_a_sentence(name, words):
    if name == "Anna\n":          # a line break at the end is stripped like a space: the name is fine
        assert Seat.from_json({"name": name, "colour": "red"}).name == "Anna"
        return
    with pytest.raises(ValueError) as caught:
        Seat.from_json({"name": name, "colour": "red"})
    assert words in str(caught.value) and "player's name" in str(caught.value)


def test_a_missing_name_is_refused():
    with pytest.raises(ValueError, match="must be text"):
        Seat.from_json({"colour": "red"})


def a_save(tmp_path, seats) -> bytes:
    store = SaveStore(tmp_path)
    store.save("knights", [Seat("Anna", "red"), Seat("Ben", "blue")], GAMES["knights"].new_state(2, seed=1))
    path = store.file_for("knights")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["seats"] = seats
    raw = json.dumps(data).encode()
    path.write_bytes(raw)
    return raw


@pytest.mark.parametrize("name", ["An\x00na", "\x07", "Be\u2028n"])
def test_a_save_with_a_bad_name_is_set_aside_byte_for_byte_with_a_sentence(tmp_path, name):
    raw = a_save(tmp_path, [{"name": name, "colour": "red"}, {"name": "Ben", "colour": "blue"}])
    result = SaveStore(tmp_path).load("knights", GAMES)
    assert result.saved is None and "player's name" in result.problem and "printable" in result.problem
    assert result.set_aside_as.read_bytes() == raw


def test_the_saved_games_of_the_menu_set_a_bad_name_aside_and_report_it_once(tmp_path):
    a_save(tmp_path, [{"name": "An\x00na", "colour": "red"}, {"name": "Ben", "colour": "blue"}])
    store = SaveStore(tmp_path)
    assert store.saved_games(GAMES) == {}
    [reported] = store.take_unreported()
    assert reported.game_id == "knights" and "U+0000" in reported.problem
    assert store.saved_games(GAMES) == {} and store.take_unreported() == []


def test_a_remembered_setup_with_a_bad_name_is_dropped_and_the_others_kept():
    good = [{"name": "Anna", "colour": "red"}, {"name": "Ben", "colour": "blue"}]
    setups = last_setup_from_json({"knights": [{"name": "A\x00", "colour": "red"}, good[1]], "queens": good,
                                   "forest": [{"name": "", "colour": "red"}, good[1]]})
    assert list(setups) == ["queens"] and [s["name"] for s in setups["queens"]] == ["Anna", "Ben"]


@pytest.mark.parametrize("text", ["null", " null\n", "\ufeffnull"])
def test_a_save_that_says_only_null_is_set_aside_with_a_message(tmp_path, text):
    path = tmp_path / "saves" / "queens.json"
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    raw = path.read_bytes()
    store = SaveStore(tmp_path)
    assert store.exists("queens")
    result = store.load("queens", GAMES)
    assert result.saved is None and "not a kidgames save" in result.problem
    assert result.set_aside_as.read_bytes() == raw and not path.exists()
    assert store.load("queens", GAMES).problem is None, "no file now: nothing to set aside"
