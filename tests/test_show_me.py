""""Show me!" (issue 35): each game's demo plays on its real table, through the real rules engine,
every step spoken from its clip and shown in its caption, in every language; a tap ends it; it ends
back on the setup screen; ``python main.py GAME --show-me`` starts it."""
from __future__ import annotations

import pytest

from kidgames.core.demo import Demo, DemoError, demo_of, move, replay, step
from kidgames.core.i18n import LANGUAGES, Catalog
from kidgames.games import GAMES
from ui_driver import make_app, tap, tap_button

WITH_DEMO = [game for game, spec in GAMES.items() if demo_of(spec) is not None]
FRAME = 1 / 20          # the demos' waits are seconds long: a coarse frame is enough
LONGEST = 90.0          # seconds a demo may last at normal speed


def test_every_game_shows_itself():
    assert WITH_DEMO == list(GAMES)


def open_demo(tmp_path, game: str, lang: str = "en", speed: str = "fast"):
    app = make_app(tmp_path, lang=lang, speed=speed)
    tap_button(app, f"game:{game}")
    setup = app.top
    tap_button(app, "show_me")
    scene = app.top
    assert scene is not setup and scene.demo is demo_of(GAMES[game])
    return app, setup, scene


def play_out(app, scene, limit: float = 400.0) -> float:
    """Frames until the demo has ended; the seconds it took on the app's clock.  No frame shows a
    secret: a demo is watched by everybody, and all its seats are computers."""
    start = app.now()
    assert not any(seat.kind == "person" for seat in scene.seats)
    while scene in app.stack:
        app.frame(FRAME)
        assert scene not in app.stack or scene.visible_secrets() == set()
        assert app.now() - start < limit, f"the demo still runs at step {scene.index} ({scene.phase})"
    return app.now() - start


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", WITH_DEMO)
def test_the_demo_plays_to_its_end_with_every_step_said_and_shown(tmp_path, game, lang):
    app, setup, scene = open_demo(tmp_path, game, lang)
    demo = scene.demo
    play_out(app, scene)
    assert app.top is setup                               # back on the setup screen
    assert scene.script.finished                          # every move of the script was made, by the rules
    keys = demo.keys()
    assert scene.shown == list(range(len(keys)))          # every step's caption was on screen, in order
    said = [key for key, _ in app.voice.said]
    assert said == keys                                   # every step said, nothing else, in order
    own = Catalog(lang, [spec.words for spec in GAMES.values()])
    for key, clips in app.voice.said:
        assert clips, f"{key} is not spoken in {lang}"
        for clip in clips:
            assert app.voice.path(clip) is not None, f"no clip {clip} in {lang}"
        assert own.t(key) != key, f"{key} has no text in {lang}"
    english = Catalog("en", [spec.words for spec in GAMES.values()])
    if lang != "en":
        assert any(own.t(key) != english.t(key) for key in keys), f"the {game} demo is not in {lang}"


def ogg_seconds(path) -> float:
    """How long an Ogg Vorbis clip plays: its last page's granule position over its sample rate."""
    data = path.read_bytes()
    header = data.index(b"\x01vorbis")
    rate = int.from_bytes(data[header + 12:header + 16], "little")
    last = data.rindex(b"OggS")
    return int.from_bytes(data[last + 6:last + 14], "little") / rate


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", WITH_DEMO)
def test_the_demo_lasts_at_most_a_minute_and_a_half_at_normal_speed_with_its_sentences_said(tmp_path, monkeypatch,
                                                                                              game, lang):
    """The voice speaks as long as its clips last (on the app's clock): the demo waits for each sentence."""
    from kidgames.ui.voice import Voice
    until = {}
    say = Voice.say

    def speak(self, *messages):
        said = len(self.said)
        done = say(self, *messages)
        clips = [clip for _, sequence in self.said[said:] for clip in sequence]
        until[id(self)] = self_app[0].now() + sum(ogg_seconds(self.path(clip)) for clip in clips)
        return done

    self_app = []
    monkeypatch.setattr(Voice, "say", speak)
    monkeypatch.setattr(Voice, "speaking", property(lambda self: self_app[0].now() < until.get(id(self), 0.0)))
    app = make_app(tmp_path, lang=lang, speed="normal")
    self_app.append(app)
    tap_button(app, f"game:{game}")
    setup = app.top
    tap_button(app, "show_me")
    seconds = play_out(app, app.top)
    assert app.top is setup and seconds <= LONGEST, seconds


@pytest.mark.parametrize("game", WITH_DEMO)
def test_the_demo_is_replayed_by_the_rules_engine_and_each_step_that_moves_does_something(game):
    demo = demo_of(GAMES[game])
    events = replay(GAMES[game], demo)
    for one, happened in zip(demo.steps, events):
        assert bool(one.moves) == bool(happened), one.say
    assert all(key.startswith(f"{game}.demo.") for key in demo.keys())


def test_a_move_the_rules_do_not_offer_stops_the_demo():
    spec = GAMES[WITH_DEMO[0]]
    broken = Demo(seed=1, colours=("red", "blue"), steps=(step("x.demo.a", "dice", move("no_such_move")),))
    with pytest.raises(DemoError):
        replay(spec, broken)


@pytest.mark.parametrize("game", WITH_DEMO)
def test_the_hand_points_at_every_move_and_at_what_a_telling_step_names(tmp_path, game):
    app, setup, scene = open_demo(tmp_path, game)
    canvas = app.screen.get_rect()
    play_out(app, scene)
    demo = scene.demo
    pointed = {}
    for index, rect in scene.pointed:
        assert canvas.contains(rect) and rect.w > 0 and rect.h > 0, (demo.steps[index].say, rect)
        pointed[index] = pointed.get(index, 0) + 1
    for index, one in enumerate(demo.steps):
        wanted = len(one.moves) if one.moves else (1 if one.point is not None else 0)
        assert pointed.get(index, 0) == wanted, one.say


def test_the_demo_from_the_rules_inside_a_game_leaves_that_game_as_it_was(tmp_path):
    game = WITH_DEMO[0]
    app = make_app(tmp_path)
    tap_button(app, f"game:{game}")
    tap_button(app, "start")
    playing = app.top
    view = playing.session.view()
    tap_button(app, "rules")
    rules = app.top
    tap_button(app, "show_me")
    demo = app.top
    play_out(app, demo)
    assert app.top is rules
    tap_button(app, "close")
    assert app.top is playing and playing.session.view() == view


@pytest.mark.parametrize("game", WITH_DEMO)
def test_one_tap_ends_the_demo_on_the_setup_screen(tmp_path, game):
    app, setup, scene = open_demo(tmp_path, game)
    while scene.index < 1 or scene.phase != "tell":      # into its second step
        app.frame(FRAME)
    made = scene.script.next
    tap(app, (800, 500))
    assert app.top is setup and scene not in app.stack
    for _ in range(100):                                   # nothing more happens
        app.frame(FRAME)
    assert scene.script.next == made and scene.shown[-1] == 1
    assert [key for key, _ in app.voice.said][-1] == scene.demo.steps[1].say


def test_the_rules_help_shows_the_demo_and_is_back_after_it(tmp_path):
    from kidgames.ui.rules_scene import RulesScene
    game = WITH_DEMO[-1]
    app = make_app(tmp_path)
    tap_button(app, f"game:{game}")
    tap_button(app, "rules")
    rules = app.top
    assert isinstance(rules, RulesScene)
    tap_button(app, "show_me")
    scene = app.top
    assert scene.demo is demo_of(GAMES[game])
    play_out(app, scene)
    assert app.top is rules


def test_show_me_on_the_command_line_starts_the_demo_over_its_setup(tmp_path, monkeypatch):
    import kidgames.cli as cli
    from kidgames.ui.app import App
    from kidgames.ui.setup import SetupScene
    monkeypatch.setenv("KIDGAMES_HOME", str(tmp_path))
    monkeypatch.setattr(cli, "keep_out_of_full_collections", lambda: None)
    seen = []

    def run(app):
        app.guard_until = 0.0
        app.frame(0.0)
        seen.append((list(app.stack), app.top))
        app.top.finish()
        seen.append(app.top)

    monkeypatch.setattr(App, "run", run)
    game = WITH_DEMO[-1]
    assert cli.main([game, "--show-me", "--mute"], GAMES) == 0
    (stack, top), after = seen
    assert top.demo is demo_of(GAMES[game])
    assert isinstance(stack[-2], SetupScene) and stack[-2].spec is GAMES[game]
    assert after is stack[-2]


def test_show_me_needs_a_game_and_takes_no_players(capsys):
    import kidgames.cli as cli
    for argv in (["--show-me"], [WITH_DEMO[0], "--show-me", "--players", "Anna,cpu"]):
        with pytest.raises(SystemExit) as stop:
            cli.main(argv, GAMES)
        assert stop.value.code == 2
    assert "--show-me" in capsys.readouterr().err
