"""The colours of a question's answers mean one thing in every question: green goes on playing
(play on, stay, keep the saved game), orange leaves, quits or starts a new game; green on the right.
The tester's report: in "Back to the menu?" green was Menu, in "Play on?" green was Play on."""
import pytest

from kidgames.core.protocol import Action
from kidgames.core.seats import Seat
from kidgames.ui.dialog import ConfirmScene
from kidgames.ui.game import start_game_scene
from kidgames.ui.menu import offer_saved_game
from kidgames.ui.widgets import BUTTON_COLOURS
from ui_driver import make_app, tap_button
from ui_driver import controller_of, without_lock

ANNA_BEN = [Seat("Anna", "red"), Seat("Ben", "blue")]


def with_a_saved_game(tmp_path):
    app = make_app(tmp_path)
    controller_of(start_game_scene(app, "knights", ANNA_BEN, seed=3)).submit(Action("roll"))
    app.nav.show_menu()
    app.frame(0.0)
    return app


def leave_question(tmp_path):
    app = make_app(tmp_path)
    start_game_scene(app, "knights", ANNA_BEN, seed=3)
    tap_button(app, "home")
    return app, "game.leave.no"


def quit_question(tmp_path):
    app = make_app(tmp_path)
    without_lock(app)
    tap_button(app, "quit")
    return app, "menu.quit.no"


def tile_question(tmp_path):
    app = with_a_saved_game(tmp_path)
    tap_button(app, "game:knights")
    return app, "save.continue.yes"


def offer_at_start(tmp_path):
    app = with_a_saved_game(tmp_path)
    offer_saved_game(app)
    return app, "save.continue.yes"


def replace_question(tmp_path):
    app = with_a_saved_game(tmp_path)
    tap_button(app, "game:knights")
    tap_button(app, "no")                 # a new game: to the setup
    app.guard_until = 0.0
    tap_button(app, "start")
    return app, "save.replace.no"        # back to the setup keeps the saved game


def command_line_question(tmp_path):
    from kidgames.ui.menu import play_on_or_new     # the question the command line asks (kidgames.cli)
    app = with_a_saved_game(tmp_path)
    play_on_or_new(app, "knights", lambda: None)
    return app, "save.continue.yes"


QUESTIONS = [leave_question, quit_question, tile_question, offer_at_start, replace_question,
             command_line_question]


@pytest.mark.parametrize("ask", QUESTIONS, ids=[q.__name__ for q in QUESTIONS])
def test_green_goes_on_playing_and_orange_leaves_in_every_question(tmp_path, ask):
    app, go_on_key = ask(tmp_path)
    question = app.top
    assert isinstance(question, ConfirmScene)
    go_on = next(b for b in question.buttons if b.text == app.t(go_on_key))
    other = next(b for b in question.buttons if b is not go_on)
    assert (go_on.colour, other.colour) == ("green", "orange"), \
        f"{question.title!r}: {go_on.text!r} is {go_on.colour}, {other.text!r} is {other.colour}"
    assert go_on.rect.left > other.rect.right, "the answer that goes on stands on the right, every time"
    app.draw()
    for button, colour in ((go_on, "green"), (other, "orange")):
        x, y = button.rect.x + 12, button.rect.centery          # inside the border, beside the label
        assert app.screen.get_at((x, y))[:3] == BUTTON_COLOURS[colour], f"{button.text!r} is drawn {colour}"


def test_a_question_names_which_answer_goes_on_playing(tmp_path):
    app = make_app(tmp_path)
    asked = ConfirmScene(app, "?", "?", "Play on", "New game", on_yes=lambda: None, go_on="yes")
    app.push(asked)
    assert asked.button("yes").colour == "green" and asked.button("no").colour == "orange"
    with pytest.raises(ValueError):
        ConfirmScene(app, "?", "?", "a", "b", on_yes=lambda: None, go_on="maybe")


def test_play_on_in_the_leave_question_stays_in_the_game(tmp_path):
    app, _ = leave_question(tmp_path)
    game = app.stack[-2]
    tap_button(app, "no")
    assert app.top is game
