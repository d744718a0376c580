"""A fifth game touches no shared file (issue 24, "a game owns its words"): Race to the Tree, in
tests/race_game/, is registered here at run time beside the four games and played whole through the
app by posted taps, from the menu to its results.  It lies on the board games' table of pieces, its
prompts are spoken by the voice from its own clips and pictured on the prompt button from its own
declaration, its texts come from its own catalog, and it is saved and resumed like any game."""
import re
import subprocess
from pathlib import Path

import pytest

import kidgames.ui.game as game_module
from kidgames.games import GAMES
from kidgames.ui.board_table import BoardTableScene
from kidgames.ui.game import GameScene
from kidgames.ui.menu import MenuScene
from kidgames.ui.results import ResultsScene
from kidgames.ui.setup import SetupScene
from race_game import HERE, SPEC
from race_game.scene import DIE_TARGET, RaceScene
from ui_driver import later, make_app, run, run_until, tap, tap_button

ROOT = Path(__file__).resolve().parent.parent


def open_race_from_the_menu(app):
    """Menu → the race's tile → Play (Anna, a person, against a computer) → the game."""
    tap_button(app, "game:race")
    assert isinstance(app.top, SetupScene)
    tap_button(app, "start")
    assert run_until(app, lambda: isinstance(app.top, RaceScene), 5)
    return app.top


def throw_when_asked(app, scene, throws: int) -> int:
    """Tap the die each time its person may throw, ``throws`` times or to the end; the throws made."""
    made = 0
    while made < throws and not scene.session.view().is_over:
        assert run_until(app, lambda: scene.person_can_act() or scene.session.view().is_over, 30)
        if scene.person_can_act():
            assert scene.button("say").icon == "dice", "the prompt button pictures the die to tap"
            later(app, 0.5)
            tap(app, DIE_TARGET.center)
            made += 1
    return made


def test_the_race_plays_whole_through_the_app_spoken_pictured_saved_and_resumed(tmp_path, monkeypatch):
    monkeypatch.setattr(game_module, "COMPUTER_PAUSE", 0.1)
    # the menu starts a game with no seed: this one's dice are fixed, so that it is still running
    # after the first throws (a lucky start could reach the tree of a short track)
    import random
    import race_game.rules as race_rules
    monkeypatch.setattr(race_rules, "new_rng", lambda seed=None: random.Random(24))
    app = make_app(tmp_path)
    app.games = {**GAMES, "race": SPEC}         # registered here only, at run time
    app.reset_to(MenuScene(app))
    run(app, 0.2)
    assert app.top.button("game:race") is not None, "the race's tile is on the menu"
    scene = open_race_from_the_menu(app)
    assert isinstance(scene, BoardTableScene), "the race lies on the board games' table of pieces"
    assert [s.is_computer for s in scene.seats] == [False, True]
    anna = scene.seats[0]

    # its prompt, from its own catalog, spoken by its own clips and pictured by its own declaration
    run(app, 0.3)
    hint = scene.hint_text()
    assert hint.key == "race.hint.roll" and str(hint) == f"{anna.name}, tap the die!"
    said = [clips for key, clips in app.voice.said if key == "race.hint.roll"]
    assert said and said[-1] == [f"colour.{anna.colour}", "race.hint.roll.0"], "said as 'Red, tap the die!'"
    assert app.voice.path("race.hint.roll.0") == HERE / "voices" / "en" / "race.hint.roll.0.ogg"
    assert scene.button("say").icon == "dice"

    # a few throws, the computer's prompt too, then home: the game is saved
    throw_when_asked(app, scene, 3)
    assert any(key == "race.hint.computer" and clips for key, clips in app.voice.said)
    assert run_until(app, lambda: scene.person_can_act() or scene.session.view().is_over, 30)
    assert not scene.session.view().is_over, "the race still running after three throws (track of 10)"
    where = list(scene.pawns.xy)
    app.saves.flush()
    assert app.saves.exists("race")
    tap_button(app, "home")
    tap_button(app, "yes")
    assert run_until(app, lambda: isinstance(app.top, MenuScene), 5)

    # back from the menu: the same pawns on the same spaces, and the game plays on to its results
    tap_button(app, "game:race")
    tap_button(app, "yes")                       # play on with the saved game
    assert run_until(app, lambda: isinstance(app.top, RaceScene), 5)
    resumed = app.top
    assert resumed is not scene and resumed.from_save == "race"
    run(app, 0.3)
    assert resumed.pawns.xy == where, "every pawn where it stood when the family left"
    for _ in range(100):
        if resumed.session.view().is_over:
            break
        throw_when_asked(app, resumed, 1)
    assert resumed.session.view().is_over
    assert run_until(app, lambda: isinstance(app.top, ResultsScene), 20)
    run(app, 0.5)
    winner = app.top.headline()
    assert winner.key == "results.win" and any(key == "results.win" for key, _ in app.voice.said)
    assert not app.errors


def test_the_race_speaks_and_reads_in_every_language_from_its_own_catalog(tmp_path):
    from kidgames.core.i18n import LANGUAGES, Catalog
    for lang in LANGUAGES:
        catalog = Catalog(lang, [SPEC.words])
        for key in ("game.race.title", "rules.race.goal", "race.hint.roll", "race.hint.computer"):
            assert catalog.has(key)
        assert "Anna" in catalog.t("race.hint.roll", name="Anna")
        assert (HERE / "voices" / lang / "race.hint.roll.0.ogg").is_file()
        if lang != "en":
            assert catalog.t("game.race.title") != "Race to the Tree", f"{lang}: the title is translated"
    assert not Catalog("en").has("race.hint.roll"), "the app's own catalogs know nothing of the race"


#: What names the race: its id as a value, its message keys, its package, its scene, its title.
NAMES_THE_RACE = re.compile(r"""["']race["']|\brace\.[a-z]|race_game|RaceScene|Race to the Tree""")


def test_nothing_outside_the_races_folder_names_it():
    try:
        tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    mine = {"tests/test_adding_a_game.py", "tests/test_race_game_whole.py"}
    naming = []
    for name in tracked.splitlines():
        if name.startswith(("tests/race_game/", "docs/")) or name in mine:
            continue
        path = ROOT / name
        if path.suffix not in (".py", ".yaml", ".po", ".cfg", ".toml", ".md", ".txt", "") or not path.is_file():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        naming += [f"{name}: {m.group(0)}" for m in NAMES_THE_RACE.finditer(text)]
    assert not naming, naming
