"""Default names (a pawn colour's name) in a game's player panels: the names of one panel are drawn
at one size where they fit.  The tester's report: with --lang ru, "Зелёный" was drawn smaller than
the other names.

The cause is not the ё (the Russian rounded face has it, see test_i18n) but the width: Sleeping
Queens gives a name PANEL_NAME_W - 74 = 96 canvas pixels beside the pawn, and fit_text picks each
name's size on its own, so "Синий" fits at 30, "Зелёный" only at 20, and "Оранжевый" fits at no
size and is broken by letters ("Оранжевы / й").  Sleeping Queens now gives a name 126 pixels and
draws every name of the table at one size (QueensPanels.name_size)."""
import pytest

from kidgames.core.seats import COMPUTER, Seat
from kidgames.ui import assets as assets_module
from kidgames.ui.game import start_game_scene
from ui_driver import make_app, run


def drawn_names(tmp_path, monkeypatch, game_id, lang, colours):
    """Each default name of a game's first screen: (the font size it was drawn at, its lines)."""
    text = assets_module.Assets.text
    drawn = {}

    def recording(self, words, size, *args, **kwargs):
        surface = text(self, words, size, *args, **kwargs)
        font = self.font(size, kwargs.get("title", False) and self.title_font_covers(words))
        drawn[words] = (size, round(surface.get_height() / font.get_linesize()))   # the last call wins
        return surface

    monkeypatch.setattr(assets_module.Assets, "text", recording)
    app = make_app(tmp_path, lang=lang)
    seats = [Seat(app.t(f"colour.{c}"), c, COMPUTER, default_name=True) for c in colours]
    start_game_scene(app, game_id, seats, seed=1)
    run(app, 0.1)
    drawn.clear()
    app.draw()
    return {seat.name: drawn[seat.name] for seat in seats}


@pytest.mark.parametrize("game_id, colours", [("knights", ("red", "blue", "green", "yellow")),
                                              ("forest", ("red", "blue", "green", "yellow"))])
def test_the_default_names_of_a_panel_are_drawn_at_one_size(tmp_path, monkeypatch, game_id, colours):
    names = drawn_names(tmp_path, monkeypatch, game_id, "ru", colours)
    assert len(set(names.values())) == 1, names


def test_sleeping_queens_draws_its_default_names_at_one_size_on_one_line(tmp_path, monkeypatch):
    names = drawn_names(tmp_path, monkeypatch, "queens", "ru", ("red", "blue", "green", "orange"))
    assert len(set(names.values())) == 1 and all(lines == 1 for _, lines in names.values()), names


def test_a_seat_is_saved_with_every_field_and_read_back_the_same():
    """Seat.to_json is written out by hand (it runs in every move's frame): it must keep every
    field of the dataclass, so a seat added a field is saved with it."""
    import dataclasses
    from kidgames.core.seats import COMPUTER, Seat
    seat = Seat("Ben", "blue", COMPUTER, "hard", default_name=True)
    assert seat.to_json() == dataclasses.asdict(seat)
    assert Seat.from_json(seat.to_json()) == seat
