"""Every event the voice tells is also shown: a child who cannot read hears it, and a grown-up who
cannot hear it (voices off, a noisy room) reads it.  Through whole games of all four games, each
prompt the voice is asked to say must be on the screen about when it is said: a banner (up, not
faded), the hint, a curtain's sentences or the results' headline."""
import random

import pytest

import kidgames.ui.game as game_module
from kidgames.core.i18n import Message
from kidgames.ui.curtain import CurtainScene
from kidgames.ui.game import start_game_scene
from kidgames.ui.results import ResultsScene
from test_watching import MIXES, Table, forest_pick, queens_pick
from test_screen_invariant import differing_area, window_bytes
from ui_driver import make_app, run
from ui_driver import controller_of, state_of

SKIP_TAP = 0.04     # the chance, each frame while things move, that a child taps to skip ahead
AROUND = 45          # frames (1.5 s) after a prompt is said in which it must be on screen
SKIP_AT = [(700, 560), (420, 520), (1000, 640), (820, 300), (300, 300)]    # taps on the table
SHOWN_ALPHA = 0.5    # a banner at least half faded in reads


class Reader(Table):
    """The table of test_watching, also noting each frame what the screen shows in words, and
    what the voice is asked to say."""

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.on_screen: list[set[str]] = []       # per frame: the message keys readable
        self.said: list[tuple[int, str]] = []     # (frame, message key)
        self._heard = 0
        self._banner_checked = None
        self.banners_checked = 0
        self.skip_taps = 0
        self._tapping = False

    def frame(self):
        super().frame()
        app, top = self.app, self.app.top
        keys = set()
        if isinstance(top, CurtainScene):
            keys |= {top.title(), top.t(top.hint, name=top.seat.name)}
        elif isinstance(top, ResultsScene):
            keys.add(top.headline())
        if self.scene in app.scenes.shown() and not isinstance(top, CurtainScene):
            keys.add(self.scene.hint_text())
            banner = self.scene.banner
            if banner is not None and banner[2] >= SHOWN_ALPHA:
                keys.add(banner[0])
                if banner[2] >= 0.99 and self._banner_checked != banner[0]:
                    self._banner_checked = banner[0]
                    self.check_banner_on_window()
            elif banner is None:
                self._banner_checked = None
        self.on_screen.append({text.key for text in keys if isinstance(text, Message)})
        for key, _ in app.voice.said[self._heard:]:
            self.said.append((len(self.on_screen) - 1, key))
        self._heard = len(app.voice.said)
        scene = self.scene
        if (top is scene and len(scene.anim.steps) > 2 and scene.anim.holding is None and not self._tapping
                and self.rng.random() < SKIP_TAP):
            self._tapping = True          # a child taps the table while the pawns and cards move
            self.skip_taps += 1
            self.press(next(p for p in SKIP_AT if not any(b.rect.collidepoint(p) for b in scene.buttons)))
            self._tapping = False

    def decide(self, action) -> None:
        """A person's decision, sent as the scene sends it once the taps have chosen it (a tap to
        skip ahead may have changed what the table has picked, which this test does not follow)."""
        self.decisions.append((state_of(self.scene).current_player, self.private == state_of(self.scene).current_player))
        self.private = self.private_until = None
        before = len(controller_of(self.scene).log)
        self.scene.submit(action)
        assert len(controller_of(self.scene).log) > before, f"{action} was refused"
        self.frame()

    def check_banner_on_window(self) -> None:
        """The banner up in the scene is up in the window too: where it lies, the window shows
        what a full redraw shows (a banner set but never painted is only heard)."""
        area = differing_area(self.app, window_bytes(self.app))
        place = self.scene.banner_piece.area()
        assert area is None or place is None or not area.colliderect(place), \
            f"frame {self.frames}: the banner {self.scene.banner[0]!r} is not on the window ({area})"
        self.banners_checked += 1

    def unseen(self) -> list[tuple[int, str]]:
        """The prompts said that the screen did not show around the time they were said."""
        return [(frame, key) for frame, key in self.said
                if not any(key in keys for keys in self.on_screen[max(0, frame - 2):frame + AROUND])]


@pytest.mark.parametrize("game", ["queens", "forest", "castle", "knights"])
@pytest.mark.parametrize("mix,seed", [("2 people + a computer", 5), ("1 person + computers", 9)])
def test_every_spoken_event_is_shown_in_words_in_whole_games(tmp_path, monkeypatch, game, mix, seed):
    monkeypatch.setattr(game_module, "COMPUTER_PAUSE", 0.2)
    app = make_app(tmp_path, speed="normal")
    app.settings.secret_seconds = 3
    options = {"short": True} if game == "forest" else {}
    scene = start_game_scene(app, game, MIXES[mix], seed=seed, options=options)
    rng = random.Random(seed)
    table = Reader(app, scene, rng, secret_seconds=3)
    pick = queens_pick(rng) if game == "queens" else forest_pick(rng) if game == "forest" \
        else (lambda state: rng.choice(state.legal_actions()))
    table.play(pick, stop_after=9000)
    run(app, 1)
    table.frame()
    events = {key for _, key in table.said if not key.split(".")[1].startswith(("hint", "curtain"))}
    assert len(table.said) > 20 and events, "the game told what happened"
    assert table.banners_checked >= 2 and table.skip_taps > 10
    unseen = table.unseen()
    assert not unseen, f"said but not shown: {sorted({key for _, key in unseen})} (first at frame {unseen[0][0]})"
