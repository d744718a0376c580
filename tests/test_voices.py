"""Spoken prompts (README, "Voices"): every prompt of every game has a clip in every language, each
clip is sound of a sane length, all of one loudness and none clipped, spoken at a pace young children
follow by the voice its words.txt names, the right clips are asked for when the screen asks something in
whole games, a family's recording is played instead of the shipped clip, the prompt's picture shows
the thing to tap and says the prompt again, and voices follow their setting and --mute."""
import array
import importlib.util
import random
import sys
from pathlib import Path

import pygame
import pytest

import kidgames.ui.game as game_module
from kidgames.core.i18n import LANGUAGES, Catalog, Message
from kidgames.core.paths import VOICES
from kidgames.core.seats import Seat
from kidgames.core.speech import Prompts, Speaker
from kidgames.games import GAMES
from kidgames.ui.curtain import CurtainScene
from kidgames.ui.game import start_game_scene
from kidgames.ui.results import ResultsScene
from test_watching import MIXES, Table, forest_pick, queens_pick
from ui_driver import FRAME, make_app, run, tap_button


_spec = importlib.util.spec_from_file_location("make_voices", Path(__file__).parent.parent / "tools" / "make_voices.py")
make_voices = sys.modules.setdefault("make_voices", importlib.util.module_from_spec(_spec))
_spec.loader.exec_module(make_voices)
#: Which messages the four games and the app speak (each game declares its own on its spec).
PROMPTS = Prompts(spec.words for spec in GAMES.values())


def decoded(path: Path) -> tuple[float, int, float]:
    """A clip's length in seconds, its loudest sample and its loudness (dB), as the mixer plays it."""
    sound = pygame.mixer.Sound(str(path))
    samples = array.array("h", sound.get_raw())
    loudest = max(max(samples, default=0), -min(samples, default=0))
    return sound.get_length(), loudest, make_voices.loudness(samples, pygame.mixer.get_init()[0])


@pytest.fixture(scope="module")
def mixer():
    pygame.mixer.quit()      # an app of an earlier test may have opened it at another rate or channels
    pygame.mixer.init(22050, -16, 1)
    yield
    pygame.mixer.quit()


# -- the clips ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_prompt_has_its_clips_in_every_language_each_sound_of_a_sane_length(lang, mixer):
    messages = Catalog(lang).spoken()
    clips = make_voices.shipped_clips(lang)
    spoken = [key for key in messages if PROMPTS.is_spoken(key)]
    assert len(spoken) > 140, "the prompts of the four games, the curtains and the results"
    for key in spoken:      # each prompt, said with values, asks only for clips that exist
        values = {name: "Red" for name in ("name", "attacker", "victim", "seller")}
        values.update(queen=messages["queens.queen.cat"], rival=messages["queens.queen.dog"], n=3, need=6,
                      points=15, names=messages["colour.red"] + messages["results.and"] + messages["colour.blue"])
        sequence = Speaker(messages, {"Red": "red"}, PROMPTS).sequence(key, values)
        assert sequence and set(sequence) <= set(clips), (key, set(sequence) - set(clips))
    levels = {}
    for clip in clips:
        path = VOICES / lang / f"{clip}.ogg"
        assert path.is_file(), f"{lang}: the clip {clip} is missing"
        seconds, loudest, levels[clip] = decoded(path)
        assert 0.2 <= seconds <= 12, f"{lang}/{clip}: {seconds:.2f} s"
        assert loudest > 2000, f"{lang}/{clip} is silent"
        assert loudest < 32767, f"{lang}/{clip} is clipped"
    off = {clip: round(db - make_voices.TARGET_DB, 1) for clip, db in levels.items() if abs(db - make_voices.TARGET_DB) > 1.5}
    assert not off, f"{lang}: clips louder or softer than the others by more than 1.5 dB: {sorted(off.items())[:5]}"
    extra = {p.stem for p in (VOICES / lang).glob("*.ogg")} - set(clips)
    assert not extra, f"{lang}: clips no prompt uses: {sorted(extra)[:5]}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_clip_is_spoken_by_its_languages_voice_at_a_pace_young_children_follow(lang, mixer):
    clips = make_voices.shipped_clips(lang)
    made = make_voices.read_words(VOICES / lang)
    voice = make_voices.VOICES[lang].recipe()
    assert {clip: made.get(clip, ("", ""))[0] for clip in clips} == clips, "words.txt says what each clip says"
    wrong = sorted(clip for clip in clips if made[clip][1] != voice)
    assert not wrong, f"{lang}: clips not spoken by {voice!r} (words.txt): {wrong[:5]}"
    assert voice.split()[0] in ("festival", "espeak-ng")
    rows = []
    for clip, words in clips.items():
        seconds = pygame.mixer.Sound(str(VOICES / lang / f"{clip}.ogg")).get_length() - sum(make_voices.MARGIN)
        rows.append((make_voices.words_in(words, lang), seconds))
    pace = make_voices.pace(rows)
    assert 115 <= pace <= 135, f"{lang}: {pace:.0f} words a minute (children of 3-7 follow about 120-130)"
    numbers = [seconds for clip, seconds in zip(clips, (r[1] for r in rows)) if clip.startswith("number.")]
    assert min(numbers) >= 0.15, "every number is said (the shortest, such as \"tři\" or \"три\", take 0.2 s)"


def test_all_voices_together_stay_small():
    """About 2,000 clips of five languages (33 MB with the guided first game's 365, issue 35): a few
    percent of the built app (test_built_app.py: under 150 MB)."""
    size = sum(p.stat().st_size for p in VOICES.rglob("*.ogg"))
    assert size < 40e6, f"{size / 1e6:.1f} MB"


def test_a_name_is_spoken_by_its_pawns_colour_and_the_values_by_their_own_clips():
    messages = Catalog("en").spoken()
    speaker = Speaker(messages, {"Anna": "red", "Ben": "blue"}, PROMPTS)
    knight = Catalog("en").t("queens.say.knight", name="Anna", queen="Cat Queen", victim="Ben")
    assert speaker.sequence(knight.key, knight.values) == [
        "queens.say.knight.0", "colour.red", "queens.say.knight.1", "queens.queen.cat", "queens.say.knight.2",
        "colour.blue"], "said as 'The knight of Red wants the Cat Queen of Blue' (the '!' says nothing)"
    assert messages["queens.say.knight"].startswith("The knight of")
    assert speaker.sequence("results.together", {"names": "Anna and Ben"}) == [
        "colour.red", "results.and", "colour.blue", "results.together.0"]
    assert speaker.sequence("menu.play", {}) == [], "a button's label is no prompt"


# -- what is said in whole games -------------------------------------------------------------------------
class Listener(Table):
    """The table of test_watching, also noting what the screen asks and what the voice says."""

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.asked = []        # (frame, key) of each prompt the screen showed when it appeared
        self._shown = {}

    def frame(self):
        super().frame()
        app, top = self.app, self.app.top
        shown = {}
        if isinstance(top, CurtainScene):
            shown["curtain"] = top.title()
        elif top is self.scene:
            shown["hint"] = self.scene.hint_text()
        elif isinstance(top, ResultsScene):
            shown["headline"] = top.headline()
        for slot, text in shown.items():
            if text and text != self._shown.get(slot):
                self._shown[slot] = text
                assert isinstance(text, Message), f"the prompt {text!r} is not from the catalogs"
                said_keys = [key for key, _ in app.voice.said[-3:]]
                assert text.key in said_keys, f"frame {self.frames}: the screen asks {text.key!r}, the voice said {said_keys}"
                clips = app.voice.speaker.sequence(text.key, text.values)
                assert clips and all(app.voice.path(c) is not None for c in clips)
                person = [s for s in self.scene.seats if not s.is_computer and s.name in str(text)]
                for seat in person:
                    assert f"colour.{seat.colour}" in clips, "a person's name is said as their colour"
                self.asked.append((self.frames, text.key))


@pytest.mark.parametrize("game", ["queens", "forest", "castle", "knights"])
@pytest.mark.parametrize("lang", ["en", "cs", "ko"])
def test_the_voice_says_what_the_screen_asks_in_whole_games(tmp_path, monkeypatch, game, lang):
    monkeypatch.setattr(game_module, "COMPUTER_PAUSE", 0.2)
    app = make_app(tmp_path, lang=lang, speed="fast")
    app.settings.secret_seconds = 5
    options = {"short": True} if game == "forest" else {}
    scene = start_game_scene(app, game, MIXES["2 people + a computer"], seed=5, options=options)
    rng = random.Random(5)
    table = Listener(app, scene, rng, secret_seconds=5)
    pick = queens_pick(rng) if game == "queens" else forest_pick(rng) if game == "forest" \
        else (lambda state: rng.choice(state.legal_actions()))
    table.play(pick, stop_after=6000)
    run(app, 2)
    table.frame()
    kinds = {key.split(".")[0] for _, key in table.asked}
    assert len(table.asked) > 10 and kinds >= ({game} if game != "queens" or lang else set())
    assert any(key.startswith("curtain.") for _, key in table.asked) or game in ("castle", "knights")


# -- the prompt's picture, the speaker, a family's voice --------------------------------------------------
def test_the_prompt_button_shows_the_thing_to_tap_and_says_the_prompt_again(tmp_path):
    app = make_app(tmp_path)
    scene = start_game_scene(app, "forest", [Seat("Anna", "red"), Seat("Robo", "green", "computer")], seed=2)
    run(app, 0.3)
    button = scene.button("say")
    assert button is not None and button.icon == "dice" and button.badge == "speaking"
    said = len(app.voice.said)
    tap_button(app, "say")
    assert len(app.voice.said) == said + 1 and app.voice.said[-1][0] == "forest.hint.roll"
    assert min(button.rect.size) >= 100


def test_a_familys_recording_is_played_instead_of_the_shipped_clip(tmp_path, mixer):
    import wave
    folder = tmp_path / "voices" / "en"
    folder.mkdir(parents=True)
    with wave.open(str(folder / "forest.hint.roll.0.wav"), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(22050)
        w.writeframes(array.array("h", [8000, -8000] * 11025).tobytes())
    app = make_app(tmp_path)
    assert app.voice.path("forest.hint.roll.0") == folder / "forest.hint.roll.0.wav"
    assert app.voice.path("forest.hint.move.0") == VOICES / "en" / "forest.hint.move.0.ogg"
    sound = app.voice.sound("forest.hint.roll.0")
    assert sound is not None and abs(sound.get_length() - 1.0) < 0.05, "the family's one-second clip"


def test_voices_play_on_the_real_mixer_one_prompt_at_a_time_and_follow_their_setting(tmp_path):
    from kidgames.core.settings import SettingsStore
    from kidgames.games import GAMES
    from kidgames.ui.app import App
    from kidgames.core.clock import SteppedTime
    from kidgames.ui.menu import MenuScene
    settings = SettingsStore(tmp_path).load()
    app = App(GAMES, settings=settings, home=tmp_path, mute=False, time_source=SteppedTime())
    app.reset_to(MenuScene(app))
    if not app.assets.sounds.available:
        pytest.skip("no audio device, not even the dummy one")
    t = Catalog("en")
    app.voice.set_names({"Anna": "red"})
    assert app.voice.say(t.t("forest.hint.roll", name="Anna"))
    channel = pygame.mixer.Channel(0)
    assert channel.get_busy(), "the first clip plays on the voice's channel"
    app.voice.say(t.t("forest.end"))
    assert app.voice._queue == [] and channel.get_busy(), "the newer prompt replaced the older one"
    app.set_voices(False)
    assert not app.voice.speaking
    app.voice.say(t.t("forest.end"))
    assert not app.voice.speaking and app.voice.said[-1][0] == "forest.end", "off: noted, not spoken"
    muted = App(GAMES, settings=SettingsStore(tmp_path).load(), home=tmp_path, mute=True, time_source=SteppedTime())
    muted.settings.voices = True
    muted.voice.say(t.t("forest.end"))
    assert not muted.voice.speaking, "--mute silences the voice too"
