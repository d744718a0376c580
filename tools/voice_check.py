"""Compare what a real-window run showed with what it said (issue: every prompt spoken).

``tools/window_play.py GAME --sound --shots DIR`` writes ``DIR/shots.txt`` (each quiet screen with the
message key of the hint it showed) and ``DIR/voice.txt`` (each prompt asked of the voice, with its
clips, and each clip that played).  With ``SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE=DIR/audio.raw`` the
mixer's output is recorded too (the device is closed after a quiet while and reopened, which starts
the file again, so it holds the last stretch of the game).

    python tools/voice_check.py DIR

prints how many different hints the screen showed, whether each was asked of the voice in the order
shown, how many clips played, and how many 50-ms stretches of the recording are loud; it exits 1 if
a hint the screen showed was never asked.
"""
from __future__ import annotations

import array
import re
import sys
from pathlib import Path


def hints_shown(shots: str) -> list[str]:
    """The message keys of the hints on the quiet screens, a repeated one once."""
    keys: list[str] = []
    for line in shots.splitlines():
        found = re.search(r"\[([a-z_.0-9]+)\]$", line)
        if found and (not keys or keys[-1] != found.group(1)):
            keys.append(found.group(1))
    return keys


def never_asked(shown: list[str], asked: list[str]) -> list[str]:
    """The shown keys not asked of the voice at or after the point the previous one was."""
    missing, i = [], 0
    for key in shown:
        j = next((k for k in range(i, len(asked)) if asked[k] == key), None)
        if j is None:
            missing.append(key)
        else:
            i = j + 1
    return missing


def loud_windows(raw: bytes, rate: int = 22050, channels: int = 1, level: int = 1500) -> int:
    """How many 50-ms stretches of 16-bit audio reach ``level``."""
    samples = array.array("h", raw[: len(raw) - len(raw) % (2 * channels)])[0::channels]
    win = rate // 20
    return sum(1 for k in range(0, len(samples) - win, win) if max(map(abs, samples[k:k + win])) > level)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__.strip().splitlines()[0] + "\nusage: python tools/voice_check.py DIR")
        return 2
    folder = Path(argv[0])
    voice = (folder / "voice.txt").read_text().splitlines()
    asked = [line[6:].split(":")[0] for line in voice if line.startswith("asked ")]
    played = [line[7:] for line in voice if line.startswith("played ")]
    shown = hints_shown((folder / "shots.txt").read_text())
    missing = never_asked(shown, asked)
    audio = folder / "audio.raw"
    loud = loud_windows(audio.read_bytes()) if audio.exists() else 0
    print(f"{folder.name}: {len(shown)} hints shown, {len(asked)} prompts asked, {len(played)} clips played, "
          f"{loud} loud 50-ms stretches recorded; shown but never asked: {missing or 'none'}")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
