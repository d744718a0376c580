#!/usr/bin/env python3
"""Speak every prompt of the message catalogs into clips: ``voices/<lang>/<clip>.ogg``.

Which clips there are comes from ``kidgames/core/speech.py`` (each spoken message cut at its
placeholders, the values — pawn colours, queens, numbers — on their own).  Each clip is spoken by
**eSpeak NG** (Debian/Ubuntu package ``espeak-ng``) and encoded as Ogg Vorbis, mono, 16 kHz, by
``oggenc`` (package ``vorbis-tools``).  Nothing is synthesized or downloaded at run time.

Why eSpeak NG: it is the open synthesizer in the distribution's packages that speaks all five of the
app's languages (English, Czech, German, Russian, Korean).  Festival's voices in the distribution
sound smoother in English, Czech and Russian but have no German and no Korean voice, and a family
would hear two different machines between languages; neural voices (Piper) sound best but their
voice models are downloaded from a model hub, not installed from the distribution.  A family can put
their own recordings in place of any clip (``<data home>/voices/<lang>/<clip>.ogg`` or ``.wav``):
``python main.py --voice-clips en`` lists the clips with their words.

Usage (from the repository root)::

    python tools/make_voices.py              # every language: the clips whose words changed
    python tools/make_voices.py --every      # every clip of every language, spoken again
    python tools/make_voices.py cs ru        # some languages
    python tools/make_voices.py --check      # only check the clips (all there, not silent, sane length)
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import wave
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kidgames.core.i18n import LANGUAGES, Catalog  # noqa: E402
from kidgames.core.speech import all_clips  # noqa: E402

OUT = ROOT / "voices"
#: eSpeak NG voice of each language: a female variant, a little slower than its default speed, so
#: that young children follow.
VOICES = {"en": "en-gb+f3", "cs": "cs+f3", "de": "de+f3", "ru": "ru+f3", "ko": "ko+f3"}
SPEED = 150          # words a minute (eSpeak's default is 175)
PITCH = 55
RATE = 16000
WORDS = "words.txt"  # in each language's folder: what each clip says, to speak again only what changed


def speak(text: str, lang: str, out: Path, work: Path) -> None:
    wav = work / "clip.wav"
    subprocess.run(["espeak-ng", "-v", VOICES[lang], "-s", str(SPEED), "-p", str(PITCH), "-w", str(wav), text],
                   check=True, capture_output=True)
    subprocess.run(["oggenc", "-Q", "-q", "0", "--resample", str(RATE), "--downmix", "-o", str(out), str(wav)],
                   check=True, capture_output=True)


def read_words(folder: Path) -> dict[str, str]:
    """What each clip of a folder says, as it was made (``words.txt``: clip, a tab, the words)."""
    path = folder / WORDS
    if not path.exists():
        return {}
    return dict(line.split("\t", 1) for line in path.read_text(encoding="utf-8").splitlines() if "\t" in line)


def make(lang: str, every: bool = False) -> tuple[int, int]:
    """Speak the clips of ``lang`` whose words changed since they were made (all with ``every``),
    remove the clips no prompt uses; (clips, clips spoken)."""
    clips = all_clips(Catalog(lang).spoken())
    folder = OUT / lang
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.ogg"):
        if old.stem not in clips:
            old.unlink()
    made = read_words(folder)
    todo = {clip: words for clip, words in clips.items()
            if every or made.get(clip) != words or not (folder / f"{clip}.ogg").exists()}
    with tempfile.TemporaryDirectory() as tmp:
        for clip, words in sorted(todo.items()):
            speak(words, lang, folder / f"{clip}.ogg", Path(tmp))
    (folder / WORDS).write_text("".join(f"{clip}\t{words}\n" for clip, words in sorted(clips.items())),
                                encoding="utf-8")
    return len(clips), len(todo)


def check(lang: str) -> list[str]:
    """What is wrong with a language's clips (decoded with oggdec): missing, silent, too long."""
    problems = []
    clips = all_clips(Catalog(lang).spoken())
    with tempfile.TemporaryDirectory() as tmp:
        for clip in sorted(clips):
            path = OUT / lang / f"{clip}.ogg"
            if not path.exists():
                problems.append(f"{lang}/{clip}: missing")
                continue
            wav = Path(tmp) / "c.wav"
            subprocess.run(["oggdec", "-Q", "-o", str(wav), str(path)], check=True)
            with wave.open(str(wav)) as w:
                seconds = w.getnframes() / w.getframerate()
            if not 0.2 <= seconds <= 12:
                problems.append(f"{lang}/{clip}: {seconds:.1f} s long")
    return problems


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("langs", nargs="*", default=list(LANGUAGES))
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--every", action="store_true", help="speak every clip again, not only those whose words changed")
    args = parser.parse_args(argv)
    for tool in ("espeak-ng", "oggenc", "oggdec"):
        if shutil.which(tool) is None:
            print(f"{tool} is not installed (Debian/Ubuntu: apt install espeak-ng vorbis-tools)", file=sys.stderr)
            return 2
    if args.check:
        problems = [p for lang in args.langs for p in check(lang)]
        print("\n".join(problems) or "every clip is there")
        return 1 if problems else 0
    for lang in args.langs:
        total, spoken = make(lang, args.every)
        print(f"{lang}: {total} clips, {spoken} spoken now")
    size = sum(f.stat().st_size for f in OUT.rglob("*.ogg"))
    print(f"voices/: {size / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.exit(main())
