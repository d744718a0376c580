"""The settings screen in every language on the 1600×1000 canvas: each row's label keeps clear of
the row's buttons (the tester's report: the Czech "Tajný pohled" touched the "3 s" button)."""
import pytest

from kidgames.core.i18n import LANGUAGES
from kidgames.ui.app import CANVAS
from kidgames.ui.settings_scene import PANEL, ROW_H, ROW_STEP, ROW_TOP, ROWS, SettingsScene
from kidgames.ui.widgets import PAPER
from ui_driver import make_app

MIN_GAP = 16          # canvas pixels between a label's last inked pixel and the row's first button


def inked(colour) -> bool:
    """A pixel of text on the paper panel (anti-aliased edges included)."""
    r, g, b = colour[:3]
    return (r, g, b) != PAPER and r + g + b < 600


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_label_keeps_clear_of_its_rows_buttons(tmp_path, lang):
    app = make_app(tmp_path, lang=lang)
    assert app.screen.get_size() == CANVAS
    app.push(SettingsScene(app))
    app.draw()
    screen = app.screen
    y = PANEL.top + ROW_TOP
    for key, _ in ROWS:
        row = [b.rect for b in app.top.buttons if b.rect.top < y + ROW_H and b.rect.bottom > y]
        first = min(r.left for r in row)
        # the label's column: from past the row's picture to the first button, measured in pixels
        columns = [x for x in range(PANEL.left + 115, first)
                   if any(inked(screen.get_at((x, yy))) for yy in range(y - 10, y + ROW_H + 10))]
        assert columns, f"{lang} {key}: the label is drawn"
        gap = first - 1 - max(columns)
        assert gap >= MIN_GAP, f"{lang} {key} ({app.t(key)!r}): {gap} px from its buttons"
        y += ROW_STEP


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_label_stays_in_its_column_and_row(tmp_path, lang):
    app = make_app(tmp_path, lang=lang)
    scene = SettingsScene(app)
    app.push(scene)
    buttons = [b.rect for b in scene.buttons]
    for (key, _), (label, rect), k in zip(ROWS, scene.labels(), range(len(ROWS))):
        ink = label.get_bounding_rect().move(rect.topleft)
        row = rect.copy()
        row.y, row.h = PANEL.top + ROW_TOP + k * ROW_STEP, ROW_H
        assert row.top - 14 <= ink.top and ink.bottom <= row.bottom + 14, f"{lang} {key}: within its row"
        assert not any(ink.inflate(2 * MIN_GAP, 0).colliderect(b) for b in buttons), f"{lang} {key}"
