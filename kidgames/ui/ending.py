"""The signals that end the app end its loop, not the process at once: the terminal it was started
from closed or an SSH session dropped (SIGHUP), the system or a grown-up asked it to stop (SIGTERM),
Ctrl+C (SIGINT), Ctrl+Break on Windows (SIGBREAK).  The loop's end then does what closing the
window does (App.close): the last move's save, written in the background, reaches the disk and
every game is let go.

Python runs a signal's handler only between two steps of Python code, and the app may be asleep in
SDL's own wait for the next event (kidgames/ui/waiting.py) for seconds; so the handler is helped
by a thread that wakes at once, through the wake-up descriptor Python writes into when a signal
arrives, and posts a QUIT event, which ends SDL's wait.
"""
from __future__ import annotations

import signal
import socket
import threading
from typing import Any

import pygame

#: The signals that end the app, where the system has them.
ENDING_SIGNALS = ("SIGHUP", "SIGTERM", "SIGINT", "SIGBREAK")


class EndOnSignals:
    """While installed, an ending signal asks the app to quit (:meth:`App.quit`) instead of ending
    the process; one that arrives before the app is made ends it as soon as it is (:meth:`attach`)."""

    def __init__(self) -> None:
        self.received: int | None = None
        self._app: Any = None
        self._previous: dict[int, Any] = {}
        self._sockets: tuple[socket.socket, socket.socket] | None = None
        self._old_wakeup: int | None = None

    def install(self) -> bool:
        """Take over the ending signals (from the main thread only, as Python allows); True if done."""
        if threading.current_thread() is not threading.main_thread():
            return False
        for name in ENDING_SIGNALS:
            number = getattr(signal, name, None)
            if number is None:
                continue
            try:
                self._previous[number] = signal.signal(number, self._ending)
            except (OSError, ValueError, RuntimeError):
                pass
        try:
            reader, writer = socket.socketpair()
            writer.setblocking(False)
            self._old_wakeup = signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
        except (OSError, ValueError, AttributeError):
            return bool(self._previous)
        self._sockets = (reader, writer)
        threading.Thread(target=self._wake, args=(reader,), name="kidgames-signals", daemon=True).start()
        return bool(self._previous)

    def attach(self, app: Any) -> None:
        """The app that a signal ends from now on (at once, if one came while it was being made)."""
        self._app = app
        if self.received is not None:
            app.quit()

    def uninstall(self) -> None:
        """Give the signals back to what handled them before."""
        if threading.current_thread() is not threading.main_thread():
            return
        for number, previous in self._previous.items():
            try:
                signal.signal(number, previous if previous is not None else signal.SIG_DFL)
            except (OSError, ValueError, TypeError):
                pass
        self._previous.clear()
        if self._sockets is not None:
            try:
                signal.set_wakeup_fd(self._old_wakeup if self._old_wakeup is not None else -1)
            except (OSError, ValueError):
                pass
            self._sockets[1].close()     # the waking thread reads the end of it, and closes its side
            self._sockets = None
        self._app = None

    def _ending(self, number: int, frame: Any) -> None:
        self.received = number
        if self._app is not None:
            self._app.quit()

    def _wake(self, reader: socket.socket) -> None:
        """Post a QUIT event as soon as an ending signal arrives (each arriving signal's number is
        written into the wake-up descriptor): SDL's wait for events ends at once."""
        with reader:
            while True:
                try:
                    data = reader.recv(64)
                except OSError:
                    return
                if not data:
                    return          # uninstalled: the other end is closed
                if not any(number in self._previous for number in data):
                    continue
                try:
                    if pygame.display.get_init():
                        pygame.event.post(pygame.event.Event(pygame.QUIT))
                except pygame.error:
                    pass
