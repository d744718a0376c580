"""A game owns its words (issue 24): which of its messages are spoken, which are values spoken inside
them and the picture of each prompt are declared on its spec (kidgames/core/protocol.Words); the shared
speech and picture code lists no game's words, so a new game is spoken and pictured without a change
there."""
import ast
import re
from pathlib import Path

from kidgames.core.i18n import LANGUAGES, Catalog
from kidgames.core.speech import Prompts
from kidgames.games import GAMES
from kidgames.ui.prompts import DEFAULT, prompt_picture

import kidgames.core.speech as speech_module
import kidgames.ui.prompts as prompts_module

SHARED = [Path(speech_module.__file__), Path(prompts_module.__file__)]


def test_the_shared_speech_and_pictures_name_no_game_no_key_of_a_game_and_no_picture_of_a_game():
    for path in SHARED:
        source = path.read_text(encoding="utf-8")
        strings = {node.value for node in ast.walk(ast.parse(source))
                   if isinstance(node, ast.Constant) and isinstance(node.value, str)}
        for game_id, spec in GAMES.items():
            assert not re.search(rf"\b{game_id}\b", source), f"{path.name} names the game {game_id!r}"
            words = spec.words
            for entry in (*words.spoken, *words.values, *words.pictures):
                assert entry not in source, f"{path.name} names {entry!r}, a key {game_id} declares"
            pictures = set(words.pictures.values())
            assert not strings & pictures, f"{path.name} names {sorted(strings & pictures)}, pictures of {game_id}"


def test_every_key_a_game_declares_is_a_message_of_its_and_every_picture_a_sprite():
    from kidgames.core.paths import SPRITES
    shared = {p.stem for p in SPRITES.iterdir()}
    # the app's messages and those a game brings in its own catalog (Words.catalog)
    keys = set(Catalog("en", [spec.words for spec in GAMES.values()]).messages())
    for game_id, spec in GAMES.items():
        own = spec.own("sprites")
        sprites = shared | ({p.stem for p in own.iterdir()} if own is not None else set())
        words = spec.words
        for entry in (*words.spoken, *words.values, *words.pictures):
            assert any(k == entry or k.startswith(entry + ".") for k in keys), f"{game_id}: {entry!r} is no message"
        assert set(words.pictures.values()) <= sprites, game_id
        assert words.spoken, f"{game_id} declares its prompts"


def test_what_is_spoken_follows_the_games_declarations():
    messages = Catalog("en").messages()
    alone = Prompts()
    every = Prompts(spec.words for spec in GAMES.values())
    assert alone.is_spoken("curtain.pass") and every.is_spoken("curtain.pass"), "the app's own prompts"
    for game_id, spec in GAMES.items():
        own = Prompts([spec.words])
        hints = [k for k in messages if k.startswith(f"{game_id}.hint.")]
        assert hints and all(own.is_spoken(k) and every.is_spoken(k) and not alone.is_spoken(k) for k in hints)
        others = [k for k in messages if k.startswith(tuple(f"{g}.hint." for g in GAMES if g != game_id))]
        assert others and not any(own.is_spoken(k) for k in others), "a game speaks only what it declares"
    assert every.is_value("queens.queen.cat") and not Prompts([GAMES["forest"].words]).is_value("queens.queen.cat")
    assert not every.is_spoken("menu.play") and not every.is_spoken("curtain.ready")


def test_a_prompts_picture_comes_from_its_games_declaration():
    t = Catalog("en").t
    roll = t("knights.hint.roll", name="Anna")
    assert prompt_picture(roll, GAMES["knights"].words.pictures) == "dice"
    assert prompt_picture(roll, GAMES["queens"].words.pictures) == DEFAULT, "another game's pictures say nothing"
    assert prompt_picture(t("queens.refuse.no_target"), GAMES["queens"].words.pictures) == "finger"
    assert prompt_picture("Anna, tap the die!", GAMES["knights"].words.pictures) == DEFAULT, "a text not from the catalogs"
    for lang in LANGUAGES:
        assert prompt_picture(Catalog(lang).t("forest.hint.swap", name="Ben"), GAMES["forest"].words.pictures) == "swap"
