"""The app's voice: every prompt a child must act on is spoken, from clips made in advance.

Which clips speak a text comes from kidgames/core/speech.py and the words the registered games declare
(kidgames/core/protocol.Words); the clips are ``voices/<lang>/`` (made by tools/make_voices.py), or
a game's own (its ``words.voices`` folder), or a family's own recording of a clip, which is played
instead: ``<data home>/voices/<lang>/<clip>.ogg`` (or ``.wav``).  Clips are loaded when first spoken.
A family's recording is played only if it is a short prompt the mixer plays well (read from its
headers first: kidgames/core/recording.py), and only if the mixer made a sound of it: one that
decodes to nothing would end the app at ``Channel.play``.  A recording refused is not played: the
shipped clip is said instead, as for one that cannot be read.

One prompt at a time: a newer prompt cuts off one still playing; its clips play one after another
on a channel of their own (the frame loop starts each clip when the one before it has ended).  Nothing is spoken while voices are switched off (a setting, separate
from the sound effects), with ``--mute``, or without an audio device.  Every prompt asked for is
noted in :attr:`Voice.said` (what tests hold the app to).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

import pygame

from kidgames.core.i18n import Catalog, Message
from kidgames.core.paths import VOICES
from kidgames.core.protocol import Words
from kidgames.core.recording import Unplayable, examine
from kidgames.core.speech import Prompts, Speaker

VOICE_CHANNEL = 0          # the mixer channel of speech, reserved (sound effects use the others)


class Voice:
    def __init__(self, lang: str, home: Path | None, enabled: Callable[[], bool], sounds,
                 words: Iterable[Words] = ()) -> None:
        self.home = Path(home) if home is not None else None
        self.enabled = enabled          # asked at every prompt: the settings and --mute decide
        self.sounds = sounds            # the sound effects' device (opened and closed by them)
        self.said: list[tuple[str, list[str]]] = []     # (message key, clips) of every prompt asked
        self.last: list[Message] = []   # the prompt spoken last (the speaker button says it again)
        self.played: list[str] = []     # every clip started on the mixer, in order (for checks)
        self._queue: list[str] = []
        self._loaded: dict[str, pygame.mixer.Sound | None] = {}
        self.refused: dict[str, str] = {}   # clip -> why the family's recording of it is not played
        self._mixer: tuple[int, int, int] | None = None
        self._names: dict[str, str] = {}
        self._speaker: Speaker | None = None
        self.use_words(lang, words)

    def use_words(self, lang: str, words: Iterable[Words]) -> None:
        """Speak ``lang`` with the words the registered games declare (their prompts, texts, clips)."""
        self.words = tuple(words)
        self.prompts = Prompts(self.words)
        self.folders = [VOICES, *sorted({w.voices for w in self.words if w.voices is not None})]
        self.set_language(lang)

    def set_language(self, lang: str) -> None:
        self.lang = lang
        self._speaker = None            # made again from this language's texts when first needed
        self._loaded.clear()
        self.refused.clear()
        self.stop()

    @property
    def speaker(self) -> Speaker:
        """Which clips say which text, in this language: made when first needed (the first prompt,
        not the start: issue 33), with the names of who sits at the table."""
        if self._speaker is None:
            self._speaker = Speaker(Catalog(self.lang, self.words).spoken(), self._names, self.prompts)
        return self._speaker

    def set_names(self, names: dict[str, str]) -> None:
        """Who sits at the table: a person's name -> their pawn colour (spoken for their name)."""
        self._names = dict(names)
        if self._speaker is not None:
            self._speaker.names = self._names

    # -- saying --------------------------------------------------------------------------------------
    def say(self, *messages: Any) -> bool:
        """Speak these texts (a text not from the catalogs, or not a prompt, says nothing), instead
        of whatever is being said; True when something is to be said."""
        spoken = [m for m in messages if isinstance(m, Message)]
        sequences = [(m.key, self.speaker.sequence(m.spoken_key, m.values)) for m in spoken]
        clips = [clip for _, sequence in sequences for clip in sequence]
        if not clips:
            return False
        self.last = spoken
        self.said += sequences
        self.stop()
        if self.enabled():
            self._queue = clips
            self.update()
        return True

    def again(self) -> None:
        """The speaker button: the last prompt once more."""
        if self.last:
            self.say(*self.last)

    def stop(self) -> None:
        self._queue = []
        channel = self._channel(open_device=False)
        if channel is not None:
            channel.stop()

    @property
    def speaking(self) -> bool:
        channel = self._channel(open_device=False)
        return bool(self._queue) or (channel is not None and channel.get_busy())

    def update(self) -> None:
        """Start the next clip when the one before it has been handed over (called every frame)."""
        if not self._queue:
            return
        channel = self._channel(open_device=True)
        if channel is None:
            self._queue = []
            return
        # one clip after another, started here (a sound queued on the channel would play on after
        # stop(): a newer prompt must cut the older one off at once)
        while self._queue and not channel.get_busy():
            clip = self._queue.pop(0)
            sound = self.sound(clip)
            if sound is not None:
                channel.play(sound)
                self.played.append(clip)

    def wake_in(self) -> float | None:
        """While clips wait to be played the loop looks again soon (the pause between two clips)."""
        return 0.04 if self._queue else None

    # -- clips -----------------------------------------------------------------------------------------
    def paths(self, clip: str) -> Iterator[Path]:
        """The files that may say ``clip``, the first first: a family's recording of it that is a
        short prompt (kidgames/core/recording.py; one that is not is noted in :attr:`refused`), then
        the shipped one, the app's or a game's."""
        if self.home is not None:
            own = self.home / "voices" / self.lang
            for path in (own / f"{clip}.ogg", own / f"{clip}.wav"):
                if not path.is_file():
                    continue
                try:
                    examine(path)
                except Unplayable as exc:
                    self.refused[clip] = f"{path.name}: {exc}"
                    continue
                yield path
        for folder in self.folders:
            path = folder / self.lang / f"{clip}.ogg"
            if path.is_file():
                yield path

    def path(self, clip: str) -> Path | None:
        """The file that says ``clip`` (see :meth:`paths`; None: none exists)."""
        return next(self.paths(clip), None)

    def sound(self, clip: str) -> pygame.mixer.Sound | None:
        """``clip`` as the mixer plays it: the first of its files (:meth:`paths`) that the mixer reads
        into a sound of some length (a sound of 0 samples is never played: SDL_mixer's Channel.play
        of one is a segmentation fault); None when none is."""
        mixer = pygame.mixer.get_init()
        if mixer != self._mixer:          # the device was closed and opened again
            self._loaded.clear()
            self._mixer = mixer
        if clip not in self._loaded:
            self._loaded[clip] = None
            for path in self.paths(clip):
                try:
                    sound = pygame.mixer.Sound(str(path))
                except (pygame.error, OSError):
                    continue
                if sound.get_length() > 0:
                    self._loaded[clip] = sound
                    break
                self.refused[clip] = f"{path.name}: the mixer made no sound of it"
        return self._loaded[clip]

    def _channel(self, open_device: bool):
        if open_device and not self.sounds.ensure_open():
            return None
        if not pygame.mixer.get_init():
            return None
        try:
            pygame.mixer.set_reserved(VOICE_CHANNEL + 1)
            return pygame.mixer.Channel(VOICE_CHANNEL)
        except pygame.error:
            return None
