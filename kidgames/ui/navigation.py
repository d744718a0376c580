"""The ways between scenes: the menu, a game's setup, a game, its results, the rules, the settings,
the questions asked above whatever is on screen (close the games? a grown-up's sum first), what the
family is told about saving, and the way back to the menu after a bug.

Scenes reach one another only through these (as ``app.nav.show_menu()`` and so on, kidgames/ui/context.py),
so no scene module imports another: each is imported here, when it is first needed."""
from __future__ import annotations

import random
from typing import Any, Callable

from kidgames.core.saving import FAILED, LOST, UNGUARDED, WORKS
from kidgames.ui.context import SceneContext
from kidgames.ui.scene import Scene


class Navigation:
    """The ways between ``app``'s scenes; ``lock_rng`` draws the grown-up lock's sums (the app's
    own random numbers, never a game's seeded ones)."""

    def __init__(self, app: SceneContext, lock_rng: random.Random) -> None:
        self.app = app
        self.lock_rng = lock_rng

    # -- scenes --------------------------------------------------------------------------------------
    def menu_scene(self) -> Scene:
        from kidgames.ui.menu import MenuScene
        return MenuScene(self.app)

    def show_menu(self) -> None:
        """Back to the menu, everything above it closed."""
        self.app.reset_to(self.menu_scene())

    def show_setup(self, spec) -> None:
        from kidgames.ui.setup import SetupScene
        self.app.push(SetupScene(self.app, spec))

    def start_game(self, game_id: str, seats, **kwargs) -> Any:
        """A new game (or a saved ``state=``) above the menu; see ``start_game_scene``."""
        from kidgames.ui.game import start_game_scene
        return start_game_scene(self.app, game_id, seats, **kwargs)

    def continue_game(self, game_id: str) -> None:
        from kidgames.ui.menu import continue_game
        continue_game(self.app, game_id)

    def ask_before_replacing(self, game_id: str, start_new) -> None:
        """Start a new game at once, or first ask whether to replace that game's save."""
        from kidgames.ui.menu import ask_before_replacing
        ask_before_replacing(self.app, game_id, start_new)

    def show_results(self, spec, seats, winners, scores, options) -> None:
        """The results of a finished game: its ``winners`` and ``scores`` (None: the game counts nothing)."""
        from kidgames.ui.results import ResultsScene
        self.app.push(ResultsScene(self.app, spec, seats, list(winners), options,
                                   scores=None if scores is None else list(scores)))

    def show_rules(self, game_id: str) -> None:
        from kidgames.ui.rules_scene import RulesScene
        self.app.push(RulesScene(self.app, game_id))

    def show_settings(self) -> None:
        from kidgames.ui.settings_scene import SettingsScene
        self.app.push(SettingsScene(self.app))

    # -- questions above whatever is on screen -------------------------------------------------------
    def with_grownup(self, action: Callable[[], None]) -> None:
        """Do ``action`` (close the app, open the settings) once a grown-up has done the lock's sum
        (kidgames/ui/grownup.py), or at once with the lock turned off in the settings."""
        from kidgames.ui.grownup import GrownupTask
        if not self.app.settings.grownup_lock:
            action()
            return
        if any(isinstance(scene, GrownupTask) for scene in self.app.stack):
            return
        self.app.push(GrownupTask(self.app, action, self.lock_rng))

    def ask_quit(self) -> None:
        """"Close the games?": the menu's ✕ and the window's own ✕ ask alike, above whatever is on
        screen (a game behind it is paused, its secrets face down: a question is public).  The
        question is asked once: a second close while it is open adds nothing."""
        from kidgames.ui.dialog import QuitQuestion
        app = self.app
        if any(isinstance(scene, QuitQuestion) for scene in app.stack):
            return
        saves = app.saves
        text = app.t("menu.quit.text") if saves.all_saved() and saves.trouble is None else \
            app.t("menu.quit.unsaved", reason=app.saving_reason())
        app.push(QuitQuestion(app, app.t("menu.quit.title"), text, app.t("menu.quit.yes"),
                              app.t("menu.quit.no"), on_yes=app.quit, icon="cross", yes_icon="cross",
                              no_icon="play", go_on="no"))

    # -- saving --------------------------------------------------------------------------------------
    def open_elsewhere(self, game_id: str) -> bool:
        """Whether another copy of the app has ``game_id`` open, said at once if so: before any
        question about its save ("Play on?", "Start a new game?"), which that copy is playing."""
        if not self.app.saves.held_elsewhere(game_id):
            return False
        self.tell_open_elsewhere(game_id)
        return True

    def tell_open_elsewhere(self, game_id: str) -> None:
        """Say that ``game_id`` is open in another window (another copy of the app holds it)."""
        from kidgames.ui.dialog import MessageScene
        from kidgames.ui.menu import game_title
        app = self.app
        spec = app.games[game_id]
        app.push(MessageScene(app, app.t("save.elsewhere.title"),
                              app.t("save.elsewhere.text", game=game_title(app, spec)),
                              icon=spec.tile[0] if spec.tile else "play"))

    def tell_saving(self) -> None:
        """Tell the family at once when saving stops working (the game goes on below the message,
        which a tap closes), and when it works again; when a game open here was opened in another
        copy as well (it goes on there: back to the menu, saying so); and when a game open here
        cannot be locked against another copy."""
        app = self.app
        news = app.saves.take_news()
        if not news:
            return
        from kidgames.ui.dialog import MessageScene, SavingMessage
        from kidgames.ui.menu import game_title
        for lost in (n for n in news if n.kind == LOST):
            if any(scene.claims == lost.game_id for scene in app.stack):
                spec = app.games[lost.game_id]
                self.show_menu()
                app.push(MessageScene(app, app.t("save.elsewhere.title"),
                                      app.t("save.lost.text", game=game_title(app, spec)), icon="cross"))
        saving = [n for n in news if n.kind in (FAILED, WORKS)]
        if saving:
            last = saving[-1]
            if isinstance(app.top, SavingMessage):
                app.pop()            # the earlier message is out of date
            if last.kind == FAILED:
                app.push(SavingMessage(app, app.t("save.failed.title"),
                                       app.t("save.failed.text", reason=app.saving_reason(last.why, last.reason)),
                                       icon="cross"))
            else:
                app.push(SavingMessage(app, app.t("save.works.title"), app.t("save.works.text"), icon="check"))
        for unguarded in (n for n in news if n.kind == UNGUARDED):
            if any(scene.claims == unguarded.game_id for scene in app.stack):
                spec = app.games[unguarded.game_id]
                reason = app.saving_reason(unguarded.why, unguarded.reason, unguarded.where)
                app.push(MessageScene(app, app.t("save.unguarded.title"),
                                      app.t("save.unguarded.text", game=game_title(app, spec), reason=reason),
                                      icon="cross"))

    # -- after a bug ---------------------------------------------------------------------------------
    def error_text(self) -> str:
        """The error screen's sentence, chosen by what is true: a game in progress whose last move
        is on the disk (Continue on the menu plays on), a game in progress whose last moves are
        not, or no game in progress (the menu, a setup, a finished game's results)."""
        app = self.app
        playing: list[Any] = []
        for scene in app.stack:
            try:
                if scene.claims and scene.in_progress():
                    playing.append(scene.claims)
            except Exception:        # noqa: BLE001 - the broken game itself: still in progress
                playing.append(scene.claims)
        if not playing:
            return app.t("error.text.nogame")
        kept = all(app.saves.is_saved(game_id) and app.saves.exists(game_id) for game_id in playing)
        return app.t("error.text" if kept else "error.text.unsaved")

    def back_to_menu_after(self, exc: BaseException) -> None:
        """Back to the menu with a kind message after ``exc``; the app closes if even that fails."""
        from kidgames.ui.dialog import MessageScene
        from kidgames.ui.game import broken_save
        from kidgames.ui.menu import MenuScene, damaged_saves_message
        app = self.app
        try:
            # A saved game that breaks its scene before anyone moved would break it on every
            # Continue: it is set aside (kept, renamed) and the family is told so.
            game_id = broken_save(app, exc)
            if game_id is not None:
                message = damaged_saves_message(app, [app.saves.set_aside(game_id, str(exc))])
            else:
                message = MessageScene(app, app.t("error.title"), self.error_text())
            app.reset_to(MenuScene(app), message)
        except Exception:
            app.quit()
