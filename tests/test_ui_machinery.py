"""The shared UI machinery on its own: the animation queue, pointer input, buttons, text fitting."""
import pygame
import pytest

from kidgames.ui.anim import AnimQueue, ease_in_out, ease_out_back
from kidgames.ui.input import LONG_PRESS, PointerInput


def test_steps_play_one_after_another_at_the_speed_setting():
    seen = []
    queue = AnimQueue(speed=2.0)
    queue.add(1.0, lambda t: seen.append(("a", round(t, 2))), end=lambda: seen.append("a done"))
    queue.add(1.0, lambda t: seen.append(("b", round(t, 2))))
    queue.update(0.25)                 # half of step a at double speed
    assert seen == [("a", 0.5)]
    queue.update(0.25)
    assert "a done" in seen and queue.busy
    queue.update(0.6)
    assert not queue.busy and seen[-1] == ("b", 1.0)


def test_skip_jumps_every_step_to_its_end_quietly():
    ends, sounds = [], []
    queue = AnimQueue()
    queue.add(5.0, lambda t: ends.append(t), start=lambda: sounds.append(queue.skipping))
    queue.add(5.0, lambda t: ends.append(t))
    queue.skip()
    assert not queue.busy and ends[-2:] == [1.0, 1.0]
    assert sounds == [True], "steps started by a skip know it (and stay silent)"


@pytest.mark.parametrize("easing", [ease_in_out, ease_out_back])
def test_easings_start_at_0_and_end_at_1(easing):
    assert easing(0.0) == pytest.approx(0.0, abs=1e-9) and easing(1.0) == pytest.approx(1.0)


def ev(kind, pos, touch=False):
    return pygame.event.Event(kind, pos=pos, button=1, touch=touch)


def test_a_press_and_release_in_place_is_a_tap_and_a_wander_is_a_drag():
    inp = PointerInput()
    inp.feed(ev(pygame.MOUSEBUTTONDOWN, (100, 100)), 0.0)
    kinds = [p.kind for p in inp.feed(ev(pygame.MOUSEBUTTONUP, (110, 105)), 0.1)]
    assert kinds == ["up", "tap"]
    inp.feed(ev(pygame.MOUSEBUTTONDOWN, (100, 100)), 1.0)
    drag = inp.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 100), rel=(200, 0), buttons=(1, 0, 0)), 1.1)
    assert drag[0].kind == "drag" and drag[0].start == (100, 100)
    assert [p.kind for p in inp.feed(ev(pygame.MOUSEBUTTONUP, (300, 100)), 1.2)] == ["up"]


def test_the_end_of_a_press_that_began_before_a_scene_change_is_ignored():
    inp = PointerInput()
    inp.feed(ev(pygame.MOUSEBUTTONDOWN, (100, 100)), 0.0)
    inp.reset()                                    # the scene changed under the finger
    assert inp.feed(ev(pygame.MOUSEBUTTONUP, (100, 100)), 0.1) == []


def test_a_long_press_is_reported_once():
    inp = PointerInput()
    inp.feed(ev(pygame.MOUSEBUTTONDOWN, (5, 5)), 0.0)
    assert inp.poll_long_press(LONG_PRESS / 2) == []
    assert [p.kind for p in inp.poll_long_press(LONG_PRESS + 0.01)] == ["long"]
    assert inp.poll_long_press(LONG_PRESS + 0.5) == []


def test_finger_events_are_left_to_their_mouse_twins():
    inp = PointerInput()
    finger = pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.5, dx=0, dy=0, finger_id=0, touch_id=0, pressure=1)
    assert inp.feed(finger, 0.0) == []
    assert inp.feed(ev(pygame.MOUSEBUTTONDOWN, (10, 10), touch=True), 0.0)[0].touch is True


def test_positions_are_mapped_into_the_canvas():
    inp = PointerInput(lambda pos: (pos[0] * 2, pos[1] * 2))
    assert inp.feed(ev(pygame.MOUSEBUTTONDOWN, (10, 20)), 0.0)[0].pos == (20, 40)


def test_a_button_ignores_the_second_tap_of_a_double_tap(tmp_path):
    from kidgames.ui.input import Pointer
    from kidgames.ui.widgets import Button
    from kidgames.ui.input import PointerInput
    taps = []
    button = Button(pygame.Rect(0, 0, 100, 100), lambda: taps.append(1))
    finger = PointerInput()
    for at in (10.0, 10.2, 11.0):         # a double tap, then a tap of its own
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            for pointer in finger.feed(pygame.event.Event(kind, pos=(50, 50), button=1), at):
                button.handle(pointer)
    assert taps == [1, 1], "the second tap of the double tap (0.2 s, same place) is swallowed"
    button.handle(Pointer("tap", (150, 50), (50, 50)))
    assert taps == [1, 1], "a tap that ends outside the button is no tap on it"
    quick = Button(pygame.Rect(0, 0, 100, 100), lambda: taps.append(2), cooldown=0.0)    # a keyboard's key
    for at in (20.0, 20.1):
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            for pointer in finger.feed(pygame.event.Event(kind, pos=(50, 50), button=1), at):
                quick.handle(pointer)
    assert taps[-2:] == [2, 2], "a key takes every tap"


def test_long_words_shrink_to_fit_instead_of_breaking(tmp_path):
    from ui_driver import make_app
    app = make_app(tmp_path, lang="de")
    surf = app.assets.fit_text("Schließen", 40, (0, 0, 0), 150, 80, title=True)
    assert surf.get_width() <= 150 and surf.get_height() < 60, "one line, smaller letters"


def test_without_an_audio_device_the_game_runs_silent(monkeypatch):
    from kidgames.ui.assets import Sounds

    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sounds = Sounds()
    assert not sounds.available
    sounds.play("dice")            # nothing happens, nothing breaks


def test_sounds_load_when_a_device_is_there():
    from kidgames.ui.assets import Sounds
    sounds = Sounds()
    assert sounds.available
    assert {"dice", "step", "whoosh", "magic", "splash", "fall", "stuck", "fanfare", "turn"} <= set(sounds._sounds)


@pytest.mark.parametrize("lang", ["en", "de", "cs", "ru", "ko"])
def test_a_fitted_text_is_the_largest_size_whose_picture_fits(tmp_path, lang):
    """fit_text passes over sizes whose lines cannot fit without rendering them (a move's banner
    on a tablet): the size it picks is still the one rendering each size and measuring the
    picture picks (the model here), for the catalog's sentences of every language, with an
    outline (a taller picture) and without, in boxes from a card's corner to a banner."""
    import random
    from kidgames.core.i18n import load_catalog
    from ui_driver import make_app
    app = make_app(tmp_path, lang=lang)
    assets = app.assets
    texts = sorted({t for entry in load_catalog(lang).entries.values() for t in entry.translation
                    if t.strip() and "{" not in t})
    rng = random.Random(lang)
    for text in rng.sample(texts, 40):
        size, width, height = rng.choice([32, 40, 56]), rng.choice([150, 300, 590]), rng.choice([40, 90, 146])
        outline = rng.choice([None, (255, 255, 255)])
        fitted = assets.fit_text(text, size, (0, 0, 0), width, height, title=True, outline=outline)
        expected = next((s for s in range(size, 17, -2)
                         if max(assets.font(s, assets.title_font_covers(text)).size(w)[0] for w in text.split()) <= width
                         and assets.text(text, s, (0, 0, 0), title=True, outline=outline, width=width).get_height()
                         <= height), 18)
        assert fitted is assets.text(text, expected, (0, 0, 0), title=True, outline=outline, width=width), text
