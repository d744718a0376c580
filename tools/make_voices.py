#!/usr/bin/env python3
"""Speak every prompt of the message catalogs into clips: ``voices/<lang>/<clip>.ogg``.

Which clips there are comes from ``kidgames/core/speech.py`` (each spoken message cut at its
placeholders, the values — pawn colours, queens, numbers — on their own).  Each language is spoken by
the clearest open voice found in the distribution's packages (measured: ``bench/voice_intelligibility.py``
and ``voices/CREDITS.md``, which says why each voice was chosen):

* English: **Festival** with the HTS voice ``cmu_us_slt_arctic_hts`` (package ``festvox-us-slt-hts``);
* Czech: **Festival** with ``czech_dita`` (``festival-czech``, ``festvox-czech-dita``);
* Russian: **Festival** with ``msu_ru_nsh_clunits`` (``festvox-ru``);
* German, Korean: **eSpeak NG** (``espeak-ng``), its settings heard best, see ``VOICES``.

Every clip is made for young children: spoken at about 125 words a minute with the pauses of its
sentences, its silence at both ends trimmed to one short margin, brought to one loudness (``TARGET_DB``,
a gated RMS: see :func:`loudness`) without a clipped sample, and encoded as Ogg Vorbis, mono, 16 kHz, by
``oggenc`` (package ``vorbis-tools``; ``sox`` resamples and trims).  Beside each clip's words,
``words.txt`` records the engine and voice that spoke it.  Nothing is synthesized or downloaded at run
time.  A family can put their own recordings in place of any clip (``<data home>/voices/<lang>/<clip>.ogg``
or ``.wav``): ``python main.py --voice-clips en`` lists the clips with their words.

Usage (from the repository root)::

    python tools/make_voices.py              # every language: the clips whose words or voice changed
    python tools/make_voices.py --every      # every clip of every language, spoken again
    python tools/make_voices.py cs ru        # some languages
    python tools/make_voices.py --check      # only check the clips (all there, loudness, clipping, pace)
"""
from __future__ import annotations

import argparse
import array
import math
import operator
import re
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import wave
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kidgames.core.i18n import LANGUAGES, Catalog  # noqa: E402
from kidgames.core.speech import Prompts, all_clips  # noqa: E402
from kidgames.games import GAMES  # noqa: E402

#: Where the clips are written (one folder per language).
OUT = ROOT / "voices"
#: The words whose clips are made here: the app's own and those of every game that brings no clips
#: of its own (kidgames/core/protocol.Words).
SHIPPED = tuple(spec.words for spec in GAMES.values() if spec.words.voices is None)


def shipped_clips(lang: str) -> dict[str, str]:
    """Every clip of ``lang`` in voices/: name -> the words it says."""
    return all_clips(Catalog(lang, SHIPPED).spoken(), Prompts(SHIPPED))


@dataclass(frozen=True)
class Voice:
    """How one language is spoken.  ``pace``: Festival HTS, the engine's speed rate (below 1 is
    slower); Festival diphones, their Duration_Stretch (above 1 is slower); eSpeak NG, its words a
    minute.  ``tempo``: a time stretch after synthesis (sox ``tempo``, pitch kept; 1 is none) for a
    voice whose own pace cannot be set."""

    engine: str                 # "festival" or "espeak-ng"
    name: str                   # Festival's voice (voice_<name>) or eSpeak NG's -v
    pace: float = 1.0
    pitch: int = 50             # eSpeak NG only
    gap: int = 0                # eSpeak NG only: pause between words, in 10 ms
    tempo: float = 1.0
    encoding: str = "utf-8"     # the text as Festival's voice reads it

    def recipe(self) -> str:
        """The engine and voice as written beside each clip's words."""
        if self.engine == "espeak-ng":
            how = f"{self.name} {self.pace:g} wpm, pitch {self.pitch}, word gap {self.gap * 10} ms"
        elif self.name.endswith("_hts"):
            how = f"{self.name}, speed rate {self.pace:g}"
        elif self.pace == 1:
            how = f"{self.name}, its own pace"
        else:
            how = f"{self.name}, duration stretch {self.pace:g}"
        if self.tempo != 1:
            how += f", tempo {self.tempo:g}"
        return f"{self.engine} {how}"


#: The voice of each language (why each: voices/CREDITS.md).
VOICES = {
    "en": Voice("festival", "cmu_us_slt_arctic_hts", pace=0.62),
    "cs": Voice("festival", "czech_dita", pace=1.18, encoding="iso-8859-2"),
    "ru": Voice("festival", "msu_ru_nsh_clunits"),
    "de": Voice("espeak-ng", "de+f3", pace=113, pitch=55),
    "ko": Voice("espeak-ng", "ko+f3", pace=110, pitch=55),
}
RATE = 16000
QUALITY = "4"        # oggenc's quality: 4 (about 48 kbit/s at 16 kHz mono) is heard better than 0 (measured)
TARGET_DB = -20.0    # the loudness of every clip, dB below full scale (gated RMS)
TOLERANCE_DB = 1.5   # every clip within this of TARGET_DB
PEAK_DB = -1.0       # no sample louder than this (so none clips, even after encoding)
MARGIN = (0.06, 0.1)  # seconds of silence kept before and after the words
WORDS = "words.txt"  # in each language's folder: clip, its words, the engine and voice that spoke it

#: Festival reads some signs aloud or stumbles on them: what it is given instead.
_FESTIVAL_SIGNS = {"…": "...", "’": "'", "“": '"', "”": '"', "„": '"', "–": ",", "—": ",", "(": " ", ")": " "}


# -- measuring a clip ---------------------------------------------------------------------------------
def read_wav(path: Path) -> tuple[array.array, int]:
    """The 16-bit mono samples of a wave file and its rate."""
    with wave.open(str(path)) as w:
        if w.getsampwidth() != 2 or w.getnchannels() != 1:
            raise ValueError(f"{path}: not 16-bit mono")
        return array.array("h", w.readframes(w.getnframes())), w.getframerate()


def write_wav(path: Path, samples: array.array, rate: int) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(samples.tobytes())


def loudness(samples, rate: int) -> float:
    """A clip's loudness in dB below full scale: the RMS of its 400-ms blocks (75 % overlap) that are
    louder than -70 dB and than 10 dB below the mean of those — the two gates of EBU R128, without its
    K filter (speech of one voice, so the filter would shift every clip alike).  A clip shorter than
    one block is measured whole."""
    hop = max(1, int(rate * 0.1))
    sums = [sum(map(operator.mul, c, c)) for c in (samples[k:k + hop] for k in range(0, len(samples), hop))]
    if not sums:
        return -120.0
    full = 32768.0 ** 2
    if len(sums) < 4:
        powers = [sum(sums) / (len(samples) * full)]
    else:
        powers = [sum(sums[k:k + 4]) / (4 * hop * full) for k in range(len(sums) - 3)]
    loud = [p for p in powers if p > 10 ** (-70 / 10)]
    if not loud:
        return -120.0
    relative = statistics.fmean(loud) / 10
    gated = [p for p in loud if p > relative] or loud
    return 10 * math.log10(statistics.fmean(gated))


def peak_db(samples) -> float:
    top = max(max(samples, default=0), -min(samples, default=0))
    return 20 * math.log10(top / 32768.0) if top else -120.0


def words_in(text: str, lang: str) -> float:
    """How many words a clip's text says, for its pace: words between spaces (a number is one); in
    Korean, whose words (eojeol) are long, its syllables over 1.5, an English word's syllables."""
    if lang == "ko":
        syllables = sum(1 for c in text if "\uac00" <= c <= "\ud7a3")
        return syllables / 1.5 + sum(1 for w in text.split() if w.isdigit())
    return sum(1 for w in text.split() if any(c.isalnum() for c in w))


def pace(rows: list[tuple[float, float]]) -> float:
    """Words a minute over clips of four words or more: (words, seconds of speech) each."""
    long = [(w, s) for w, s in rows if w >= 4]
    return 60 * sum(w for w, _ in long) / sum(s for _, s in long) if long else 0.0


# -- making a clip ------------------------------------------------------------------------------------
def synthesize(text: str, voice: Voice, wav: Path, work: Path) -> None:
    """The engine's own output for ``text`` in ``wav`` (any rate)."""
    if voice.engine == "espeak-ng":
        subprocess.run(["espeak-ng", "-v", voice.name, "-s", f"{voice.pace:g}", "-p", str(voice.pitch),
                        "-g", str(voice.gap), "-w", str(wav), text], check=True, capture_output=True)
        return
    for sign, instead in _FESTIVAL_SIGNS.items():
        text = text.replace(sign, instead)
    # a sign alone between spaces is a word to Festival's Russian voice, which then fails
    text = re.sub(r"\s+([,.!?;:])", r"\1", " ".join(text.split())).lstrip(" ,;:.!?").rstrip(" ,;:")
    source = work / "text.txt"
    source.write_bytes(text.encode(voice.encoding, errors="replace"))
    if voice.name.endswith("_hts"):
        speed = f"(set! hts_engine_params (append hts_engine_params '((\"-r\" {voice.pace:g}))))"
    else:
        speed = f"(Parameter.set 'Duration_Stretch {voice.pace:g})"
    done = subprocess.run(["text2wave", "-eval", f"(voice_{voice.name})", "-eval", speed, str(source), "-o", str(wav)],
                          check=True, capture_output=True)
    if not wav.exists() or wav.read_bytes()[:4] != b"RIFF":     # Festival says so on stderr, and exits 0
        raise RuntimeError(f"Festival ({voice.name}) could not speak {text!r}: "
                           f"{done.stderr.decode(errors='replace').strip()[-300:]}")


def speak(text: str, lang: str, out: Path, work: Path, voice: Voice | None = None) -> dict:
    """One clip: synthesized, resampled, trimmed, brought to TARGET_DB and encoded to ``out``; its
    figures (seconds, loudness, peak) as decoded from the Ogg file."""
    voice = voice or VOICES[lang]
    raw, mid = work / "raw.wav", work / "mid.wav"
    synthesize(text, voice, raw, work)
    # trimmed at both ends, with a short fade there: a voice that stops abruptly (festvox-ru does) does
    # not click (12 ms at the end, 3 ms at the start, where a "p" or "t" must keep its burst)
    effects = ["remix", "-", "rate", "-v", str(RATE), "norm", "-6",
               "silence", "1", "0.01", "-50d", "reverse", "silence", "1", "0.01", "-50d", "fade", "q", "0.012",
               "reverse", "fade", "q", "0.003"]
    if voice.tempo != 1:
        effects += ["tempo", "-s", f"{voice.tempo:g}"]
    effects += ["pad", str(MARGIN[0]), str(MARGIN[1])]
    subprocess.run(["sox", str(raw), "-b", "16", "-c", "1", str(mid)] + effects, check=True, capture_output=True)
    samples, rate = read_wav(mid)
    gain = TARGET_DB - loudness(samples, rate)
    for _ in range(3):      # encoding shifts the level a little: measure the decoded clip, correct once or twice
        factor = 10 ** (gain / 20)
        scaled = array.array("h", (max(-32767, min(32767, round(x * factor))) for x in samples))
        limit = 32768 * 10 ** ((PEAK_DB - 0.5) / 20)
        top = max((abs(x) for x in scaled), default=0)
        if top > limit:     # a loud syllable: soften only the peaks (a short limiter), not the clip
            scaled = limited(scaled, limit)
        write_wav(mid, scaled, rate)
        encode(mid, out)
        figures = measure(out, work)
        off = TARGET_DB - figures["loudness"]
        if abs(off) < 0.3 and figures["peak"] <= PEAK_DB:
            break
        gain += off         # the limiter holds the peaks whatever the gain
    return figures


def limited(samples: array.array, limit: float) -> array.array:
    """The samples with every stretch above ``limit`` brought down smoothly (gain follows the
    envelope: 2 ms attack, 50 ms release), so that nothing clips and nothing clicks."""
    rate = RATE
    attack, release = 1 - math.exp(-1 / (0.002 * rate)), 1 - math.exp(-1 / (0.05 * rate))
    look = int(0.002 * rate)
    need = [min(1.0, limit / abs(x)) if x else 1.0 for x in samples]
    # the gain each sample needs, looked at a little ahead so that the attack starts before the peak
    ahead = [min(need[i:i + look + 1]) for i in range(len(need))]
    out, g = array.array("h"), 1.0
    for x, want in zip(samples, ahead):
        g += (want - g) * (attack if want < g else release)
        g = min(g, want) if abs(x) * g > limit else g
        out.append(max(-32767, min(32767, round(x * g))))
    return out


def encode(wav: Path, out: Path) -> None:
    subprocess.run(["oggenc", "-Q", "-q", QUALITY, "-o", str(out), str(wav)], check=True, capture_output=True)


def measure(path: Path, work: Path) -> dict:
    """A clip's seconds, loudness and peak (dB), and its clipped samples, as decoded."""
    wav = work / "check.wav"
    subprocess.run(["oggdec", "-Q", "-o", str(wav), str(path)], check=True, capture_output=True)
    samples, rate = read_wav(wav)
    return {"seconds": len(samples) / rate, "loudness": loudness(samples, rate), "peak": peak_db(samples),
            "clipped": sum(1 for x in samples if abs(x) >= 32767),
            "speech": max(0.0, len(samples) / rate - sum(MARGIN))}


# -- a language's folder -------------------------------------------------------------------------------
def read_words(folder: Path) -> dict[str, tuple[str, str]]:
    """What each clip of a folder says and the voice that spoke it, as made (``words.txt``: clip, a
    tab, the words, a tab, the engine and voice)."""
    path = folder / WORDS
    if not path.exists():
        return {}
    made = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        fields = line.split("\t")
        if len(fields) >= 2:
            made[fields[0]] = (fields[1], fields[2] if len(fields) > 2 else "")
    return made


def make(lang: str, every: bool = False) -> tuple[int, int]:
    """Speak the clips of ``lang`` whose words or voice changed since they were made (all with
    ``every``), remove the clips no prompt uses; (clips, clips spoken)."""
    clips = shipped_clips(lang)
    voice = VOICES[lang]
    folder = OUT / lang
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.ogg"):
        if old.stem not in clips:
            old.unlink()
    made = read_words(folder)
    todo = {clip: words for clip, words in clips.items()
            if every or made.get(clip) != (words, voice.recipe()) or not (folder / f"{clip}.ogg").exists()}
    with tempfile.TemporaryDirectory() as tmp:
        for k, (clip, words) in enumerate(sorted(todo.items())):
            speak(words, lang, folder / f"{clip}.ogg", Path(tmp))
            made[clip] = (words, voice.recipe())
            if k % 50 == 49:
                print(f"  {lang}: {k + 1} of {len(todo)}", flush=True)
                write_words(folder, clips, made)
    write_words(folder, clips, made)
    return len(clips), len(todo)


def write_words(folder: Path, clips: dict[str, str], made: dict[str, tuple[str, str]]) -> None:
    lines = [f"{clip}\t{words}\t{made[clip][1] if made.get(clip, ('', ''))[0] == words else ''}\n"
             for clip, words in sorted(clips.items())]
    (folder / WORDS).write_text("".join(lines), encoding="utf-8")


def check(lang: str) -> tuple[list[str], dict]:
    """What is wrong with a language's clips (decoded with oggdec): missing, too short or long, off
    the loudness, clipped; and the language's figures (loudness range, peak, pace)."""
    problems = []
    clips = shipped_clips(lang)
    rows, levels, peaks = [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        for clip, words in sorted(clips.items()):
            path = OUT / lang / f"{clip}.ogg"
            if not path.exists():
                problems.append(f"{lang}/{clip}: missing")
                continue
            f = measure(path, Path(tmp))
            levels.append(f["loudness"])
            peaks.append(f["peak"])
            rows.append((words_in(words, lang), f["speech"]))
            if not 0.2 <= f["seconds"] <= 12:
                problems.append(f"{lang}/{clip}: {f['seconds']:.1f} s long")
            if abs(f["loudness"] - TARGET_DB) > TOLERANCE_DB:
                problems.append(f"{lang}/{clip}: loudness {f['loudness']:.1f} dB (target {TARGET_DB:g})")
            if f["clipped"] or f["peak"] > PEAK_DB:
                problems.append(f"{lang}/{clip}: peak {f['peak']:.1f} dB, {f['clipped']} samples clipped")
    figures = {"clips": len(levels), "loudness": (min(levels, default=0), max(levels, default=0)),
               "peak": max(peaks, default=-120), "pace": pace(rows)}
    return problems, figures


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("langs", nargs="*", default=list(LANGUAGES))
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--every", action="store_true", help="speak every clip again, not only those whose words changed")
    args = parser.parse_args(argv)
    engines = {VOICES[lang].engine for lang in args.langs}
    for tool in sorted(engines | {"sox", "oggenc", "oggdec"}) + (["text2wave"] if "festival" in engines else []):
        if shutil.which(tool) is None:
            print(f"{tool} is not installed (Debian/Ubuntu: apt install espeak-ng festival festvox-us-slt-hts "
                  "festvox-czech-dita sox vorbis-tools)", file=sys.stderr)
            return 2
    if args.check:
        problems = []
        for lang in args.langs:
            found, f = check(lang)
            problems += found
            print(f"{lang}: {f['clips']} clips ({VOICES[lang].recipe()}), loudness {f['loudness'][0]:.1f} to "
                  f"{f['loudness'][1]:.1f} dB, loudest sample {f['peak']:.1f} dB, {f['pace']:.0f} words a minute")
        print("\n".join(problems) or "every clip is there, of one loudness, none clipped")
        return 1 if problems else 0
    for lang in args.langs:
        total, spoken = make(lang, args.every)
        print(f"{lang}: {total} clips, {spoken} spoken now ({VOICES[lang].recipe()})", flush=True)
    size = sum(f.stat().st_size for f in OUT.rglob("*.ogg"))
    print(f"voices/: {size / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.exit(main())
