#!/usr/bin/env python3
"""How much of the English clips an open speech recogniser hears (issue 25: voices a child understands).

The recogniser is PocketSphinx with the US-English model its package ships (``pip install pocketsphinx``
into the developer's environment; it is no dependency of the app or of its tests).  A recogniser is a
proxy for a child's ear, not a child, but it tells a clear voice from a muddy one on the same texts.

For each clip, its words (``words.txt``) and what the recogniser heard are made comparable — lower
case, no signs, numbers as words ("5" -> "five"), British spellings as the recogniser's dictionary
writes them ("colour" -> "color") — and the clip scores the share of its words that were heard (each
word as often as it is said, order aside).  The figure for a set of clips is the words heard over the
words said, all clips together.

    python bench/voice_intelligibility.py             # every shipped English clip: share heard, worst ten
    python bench/voice_intelligibility.py --write     # the same, written into bench/RESULTS.md
    python bench/voice_intelligibility.py --compare   # candidate voices on a sample of 30 clip texts
    python bench/voice_intelligibility.py --compare cs   # the same for Czech, Russian, German or Korean

There is no open recogniser of Czech, Russian, German or Korean among the packages that need no
download, so ``--compare LANG`` measures those candidates with a narrower proxy: the same recogniser's
acoustic model, given a dictionary of the sample's own words, each spelled in its phones by the
language's letter-to-sound rules (``PHONES``: these four spellings are close to their sounds) and a
language model of those words alone, picks the words it hears.  It cannot tell a natural voice's
charm, only how closely each voice's sounds match the sounds its words should have; every candidate is
measured on the same texts, with the same dictionary.
"""
from __future__ import annotations

import argparse
import math
import os
import random
import re
import subprocess
import sys
import tempfile
import time
import wave
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT))

import make_voices  # noqa: E402
from make_voices import Voice  # noqa: E402

#: Candidates of the other languages, measured by --compare LANG with the phone-dictionary proxy.
OTHER_CANDIDATES = {
    "cs": {
        "Festival czech_dita (adult woman)": Voice("festival", "czech_dita", 1.3, encoding="iso-8859-2"),
        "Festival czech_krb (a boy)": Voice("festival", "czech_krb", 1.3, encoding="iso-8859-2"),
        "Festival czech_machac (adult man)": Voice("festival", "czech_machac", 1.3, encoding="iso-8859-2"),
        "Festival czech_ph (adult man)": Voice("festival", "czech_ph", 1.3, encoding="iso-8859-2"),
        "eSpeak NG cs, 125 wpm": Voice("espeak-ng", "cs", 125, 50, gap=2),
        "eSpeak NG cs+f3, 125 wpm": Voice("espeak-ng", "cs+f3", 125, 50, gap=2),
    },
    "ru": {
        "Festival msu_ru_nsh_clunits (festvox-ru), tempo 0.85": Voice("festival", "msu_ru_nsh_clunits", 1.0,
                                                                      tempo=0.85),
        "Festival msu_ru_nsh_clunits (festvox-ru), own pace": Voice("festival", "msu_ru_nsh_clunits", 1.0),
        "eSpeak NG ru, 125 wpm": Voice("espeak-ng", "ru", 125, 50, gap=2),
        "eSpeak NG ru+f3, 125 wpm": Voice("espeak-ng", "ru+f3", 125, 50, gap=2),
    },
    "de": {
        "eSpeak NG de, 125 wpm": Voice("espeak-ng", "de", 125, 50, gap=2),
        "eSpeak NG de+f3, 125 wpm": Voice("espeak-ng", "de+f3", 125, 50, gap=2),
        "eSpeak NG de+f3, 125 wpm, pitch 55, no gap": Voice("espeak-ng", "de+f3", 125, 55),
        "eSpeak NG de+m3, 125 wpm": Voice("espeak-ng", "de+m3", 125, 50, gap=2),
        "eSpeak NG de+f3, 113 wpm, pitch 55, no gap (shipped)": Voice("espeak-ng", "de+f3", 113, 55),
    },
    "ko": {
        "eSpeak NG ko, 125 wpm": Voice("espeak-ng", "ko", 125, 50, gap=2),
        "eSpeak NG ko+f3, 125 wpm": Voice("espeak-ng", "ko+f3", 125, 50, gap=2),
        "eSpeak NG ko+f3, 125 wpm, pitch 55, no gap": Voice("espeak-ng", "ko+f3", 125, 55),
        "eSpeak NG ko+m3, 125 wpm": Voice("espeak-ng", "ko+m3", 125, 50, gap=2),
        "eSpeak NG ko+f3, 110 wpm, pitch 55, no gap (shipped)": Voice("espeak-ng", "ko+f3", 110, 55),
    },
}

#: Letter-to-sound rules for the proxy: (letters, the recogniser's phones), longest letters first.
PHONES = {
    "cs": [("ch", "HH"), ("ou", "OW"), ("au", "AW"), ("dě", "D Y EH"), ("tě", "T Y EH"), ("ně", "N Y EH"),
           ("mě", "M N Y EH"), ("a", "AA"), ("á", "AA"), ("b", "B"), ("c", "T S"), ("č", "CH"), ("d", "D"),
           ("ď", "D Y"), ("e", "EH"), ("é", "EH"), ("ě", "Y EH"), ("f", "F"), ("g", "G"), ("h", "HH"),
           ("i", "IH"), ("í", "IY"), ("j", "Y"), ("k", "K"), ("l", "L"), ("m", "M"), ("n", "N"), ("ň", "N Y"),
           ("o", "AO"), ("ó", "AO"), ("p", "P"), ("q", "K V"), ("r", "R"), ("ř", "ZH"), ("s", "S"), ("š", "SH"),
           ("t", "T"), ("ť", "T Y"), ("u", "UH"), ("ú", "UW"), ("ů", "UW"), ("v", "V"), ("w", "V"),
           ("x", "K S"), ("y", "IH"), ("ý", "IY"), ("z", "Z"), ("ž", "ZH")],
    "ru": [("а", "AA"), ("б", "B"), ("в", "V"), ("г", "G"), ("д", "D"), ("е", "Y EH"), ("ё", "Y AO"),
           ("ж", "ZH"), ("з", "Z"), ("и", "IY"), ("й", "Y"), ("к", "K"), ("л", "L"), ("м", "M"), ("н", "N"),
           ("о", "AO"), ("п", "P"), ("р", "R"), ("с", "S"), ("т", "T"), ("у", "UW"), ("ф", "F"), ("х", "HH"),
           ("ц", "T S"), ("ч", "CH"), ("ш", "SH"), ("щ", "SH"), ("ъ", ""), ("ы", "IH"), ("ь", ""), ("э", "EH"),
           ("ю", "Y UW"), ("я", "Y AA")],
    "de": [("tsch", "CH"), ("sch", "SH"), ("chs", "K S"), ("ch", "HH"), ("ck", "K"), ("ie", "IY"),
           ("ei", "AY"), ("ai", "AY"), ("eu", "OY"), ("äu", "OY"), ("au", "AW"), ("ng", "NG"), ("qu", "K V"),
           ("ph", "F"), ("th", "T"), ("tz", "T S"), ("ss", "S"), ("ß", "S"), ("er", "ER"), ("a", "AA"),
           ("ä", "EH"), ("b", "B"), ("c", "K"), ("d", "D"), ("e", "EH"), ("f", "F"), ("g", "G"), ("h", "HH"),
           ("i", "IH"), ("j", "Y"), ("k", "K"), ("l", "L"), ("m", "M"), ("n", "N"), ("o", "OW"), ("ö", "ER"),
           ("p", "P"), ("r", "R"), ("s", "Z"), ("t", "T"), ("u", "UW"), ("ü", "UW"), ("v", "F"), ("w", "V"),
           ("x", "K S"), ("y", "IY"), ("z", "T S")],
}
_KO_FIRST = ["G", "K", "N", "D", "T", "L", "M", "B", "P", "S", "S", "", "JH", "CH", "CH", "K", "T", "P", "HH"]
_KO_VOWEL = ["AA", "EH", "Y AA", "Y EH", "AH", "EH", "Y AH", "Y EH", "OW", "W AA", "W EH", "W EH", "Y OW", "UW",
             "W AH", "W EH", "W IY", "Y UW", "UH", "UH IY", "IY"]
_KO_LAST = ["", "K", "K", "K", "N", "N", "N", "T", "L", "K", "M", "L", "L", "L", "P", "L", "M", "P", "P", "T",
            "T", "NG", "T", "T", "K", "T", "P", ""]


def spelled(word: str, lang: str) -> str:
    """A word's phones by the letter-to-sound rules of ``lang`` (for the proxy's dictionary)."""
    if lang == "ko":
        out = []
        for c in word:
            if "\uac00" <= c <= "\ud7a3":
                n = ord(c) - 0xAC00
                out += [_KO_FIRST[n // 588], _KO_VOWEL[n % 588 // 28], _KO_LAST[n % 28]]
        return " ".join(p for p in out if p)
    out, i, rules = [], 0, PHONES[lang]
    while i < len(word):
        for letters, phones in rules:
            if word.startswith(letters, i):
                out.append(phones)
                i += len(letters)
                break
        else:
            i += 1
    return " ".join(p for p in out if p)


def words_of(text: str) -> list[str]:
    return re.findall(r"[^\W\d_]+", text.lower())


RESULTS = ROOT / "bench" / "RESULTS.md"
SECTION = "## Voice intelligibility (issue 25)"

#: Candidates for the English voice, measured on the same sample by --compare.
CANDIDATES = {
    "eSpeak NG en-gb+f3, 150 wpm, pitch 55 (the clips before issue 25)": Voice("espeak-ng", "en-gb+f3", 150, 55),
    "eSpeak NG en-us, 125 wpm": Voice("espeak-ng", "en-us", 125, 50, gap=2),
    "eSpeak NG en-us+f3, 125 wpm": Voice("espeak-ng", "en-us+f3", 125, 50, gap=2),
    "Festival cmu_us_slt_arctic_hts, own speed": Voice("festival", "cmu_us_slt_arctic_hts", 1.0),
    "Festival cmu_us_slt_arctic_hts, speed rate 0.8": Voice("festival", "cmu_us_slt_arctic_hts", 0.8),
    "Festival cmu_us_slt_arctic_hts, speed rate 0.7": Voice("festival", "cmu_us_slt_arctic_hts", 0.7),
    "Festival cmu_us_slt_arctic_hts, speed rate 0.65": Voice("festival", "cmu_us_slt_arctic_hts", 0.65),
    "Festival cmu_us_slt_arctic_hts, speed rate 0.6": Voice("festival", "cmu_us_slt_arctic_hts", 0.6),
}

_ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
         "sixteen seventeen eighteen nineteen").split()
_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()
_SPELLING = {"colour": "color", "colours": "colors", "favourite": "favorite", "grey": "gray"}


def number_words(n: int) -> str:
    if n < 20:
        return _ONES[n]
    tens, ones = divmod(n, 10)
    return _TENS[tens] + ("" if not ones else " " + _ONES[ones])


def normal(text: str) -> list[str]:
    """The words of a text as the recogniser would write them."""
    text = re.sub(r"\d+", lambda m: f" {number_words(int(m.group()))} " if int(m.group()) < 100 else m.group(),
                  text.lower().replace("’", "'"))
    words = re.findall(r"[a-z]+(?:'[a-z]+)?", text)
    return [_SPELLING.get(w, w) for w in words]


def heard(said: str, hypothesis: str, lang: str = "en") -> tuple[int, int]:
    """(words of ``said`` that the hypothesis holds, each as often as said; words said)."""
    words = normal if lang == "en" else words_of
    want, got = Counter(words(said)), Counter(words(hypothesis))
    return sum(min(n, got[w]) for w, n in want.items()), sum(want.values())


class Recogniser:
    """PocketSphinx with its US-English model, or (``lexicon``: word -> phones) with a dictionary and
    a language model of those words alone."""

    silence = 0.3   # seconds of quiet the recogniser hears before and after each clip

    def __init__(self, lexicon: dict[str, str] | None = None, work: Path | None = None) -> None:
        try:
            from pocketsphinx import Decoder
        except ImportError:
            sys.exit("PocketSphinx is not installed here: pip install pocketsphinx (into your own environment)")
        if lexicon is None:
            self.decoder = Decoder(samprate=make_voices.RATE, loglevel="FATAL")
            return
        # words are given to the decoder as w0, w1, ... (its dictionary wants plain names)
        self.names = {f"w{k}": word for k, word in enumerate(sorted(lexicon))}
        ids = {word: name for name, word in self.names.items()}
        (work / "words.dict").write_text("".join(f"{ids[w]} {p}\n" for w, p in sorted(lexicon.items())))
        p = -math.log10(len(lexicon) + 1)
        unigrams = [f"{p:.4f} <s> 0", f"{p:.4f} </s> 0"] + [f"{p:.4f} {ids[w]} 0" for w in sorted(lexicon)]
        (work / "words.lm").write_text(f"\\data\\\nngram 1={len(unigrams)}\n\n\\1-grams:\n"
                                       + "\n".join(unigrams) + "\n\n\\end\\\n")
        self.decoder = Decoder(samprate=make_voices.RATE, loglevel="FATAL", lm=str(work / "words.lm"),
                               dict=str(work / "words.dict"))

    def hear(self, ogg: Path, work: Path) -> str:
        wav = work / "heard.wav"
        subprocess.run(["oggdec", "-Q", "-o", str(wav), str(ogg)], check=True, capture_output=True)
        with wave.open(str(wav)) as w:
            if w.getframerate() != make_voices.RATE:
                raise ValueError(f"{ogg}: {w.getframerate()} Hz, the recogniser wants {make_voices.RATE}")
            data = w.readframes(w.getnframes())
        quiet = bytes(2 * int(make_voices.RATE * self.silence))
        data = quiet + data + quiet     # as a child hears a clip: after a quiet moment
        d = self.decoder
        d.start_utt()
        d.process_raw(data, full_utt=True)
        d.end_utt()
        hyp = d.hyp()
        said = hyp.hypstr if hyp else ""
        if hasattr(self, "names"):
            said = " ".join(self.names.get(w, w) for w in said.split())
        return said


def score(clips: dict[str, str], folder: Path, recogniser: Recogniser,
          lang: str = "en") -> list[tuple[str, str, str, int, int]]:
    """(clip, words, heard, words heard, words said) for every clip of ``folder``."""
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for clip, words in sorted(clips.items()):
            said = recogniser.hear(folder / f"{clip}.ogg", Path(tmp))
            rows.append((clip, words, said, *heard(words, said, lang)))
    return rows


def share(rows) -> float:
    return 100 * sum(r[3] for r in rows) / max(1, sum(r[4] for r in rows))


def shipped(write: bool) -> int:
    from kidgames.core.i18n import Catalog
    from kidgames.core.speech import all_clips
    start = time.monotonic()
    clips = all_clips(Catalog("en").spoken())
    folder = make_voices.OUT / "en"
    recipes = {recipe for _, recipe in make_voices.read_words(folder).values()}
    rows = score(clips, folder, Recogniser())
    worst = sorted(rows, key=lambda r: (r[3] / r[4] if r[4] else 1, -r[4], r[0]))[:10]
    numbers = [r for r in rows if r[0].startswith("number.")]
    lines = [f"English clips: {len(rows)} ({', '.join(sorted(recipes))}), {sum(r[4] for r in rows)} words said",
             f"words heard: {share(rows):.1f} %  (prompts {share([r for r in rows if r not in numbers]):.1f} %, "
             f"numbers 0-60 {share(numbers):.1f} %)",
             f"clips heard whole: {sum(1 for r in rows if r[3] == r[4])} of {len(rows)}",
             "worst ten (clip: heard of said | its words | what the recogniser heard):"]
    lines += [f"  {clip}: {h} of {n} | {words} | {said or '(nothing)'}" for clip, words, said, h, n in worst]
    lines.append(f"({time.monotonic() - start:.0f} s, PocketSphinx {_version()} with its en-us model)")
    print("\n".join(lines))
    if write:
        write_section(lines)
    return 0


def _version() -> str:
    try:
        from importlib.metadata import version
        return version("pocketsphinx")
    except Exception:       # noqa: BLE001 - a version is only reported
        return "?"


def compare(size: int, seed: int, lang: str = "en", only: str = "") -> int:
    """Candidate voices on one sample of clip texts (two words or more), each clip made exactly as
    tools/make_voices.py makes it (pace, trim, loudness, encoding)."""
    from kidgames.core.i18n import Catalog
    from kidgames.core.speech import all_clips
    texts = {c: w for c, w in all_clips(Catalog(lang).spoken()).items()
             if len(w.split()) >= 2 and not c.startswith("number.")}
    sample = dict(sorted(random.Random(seed).sample(sorted(texts.items()), size)))
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        if lang == "en":
            recogniser, candidates = Recogniser(), CANDIDATES
            count = sum(len(normal(w)) for w in sample.values())
        else:
            lexicon = {w: spelled(w, lang) for text in sample.values() for w in words_of(text)}
            lexicon = {w: p for w, p in lexicon.items() if p}
            recogniser, candidates = Recogniser(lexicon, work), OTHER_CANDIDATES[lang]
            count = sum(len(words_of(w)) for w in sample.values())
        print(f"{size} {lang} clip texts (seed {seed}), {count} words" +
              ("" if lang == "en" else f", a dictionary of their {len(lexicon)} words"))
        print(f"{'voice':<70} {'heard':>6} {'wpm':>5}")
        for name, voice in candidates.items():
            if only not in name:
                continue
            folder = work / "clips"
            folder.mkdir(exist_ok=True)
            paces = []
            for clip, words in sample.items():
                f = make_voices.speak(words, lang, folder / f"{clip}.ogg", work, voice)
                paces.append((make_voices.words_in(words, lang), f["speech"]))
            rows = score(sample, folder, recogniser, lang)
            print(f"{name:<70} {share(rows):5.1f}% {make_voices.pace(paces):5.0f}", flush=True)
    return 0


def write_section(lines: list[str]) -> None:
    """Put the figures into bench/RESULTS.md, in a section of their own (replaced when run again)."""
    text = RESULTS.read_text(encoding="utf-8")
    body = (f"{SECTION}\n"
            f"`python bench/voice_intelligibility.py --write` ({time.strftime('%Y-%m-%d')}): PocketSphinx, "
            "the share of each English clip's words it heard (numbers as words, order aside).\n"
            "```\n" + "\n".join(lines) + "\n```\n")
    start = text.find(SECTION)
    if start < 0:
        text = text.rstrip("\n") + "\n\n" + body
    else:
        end = text.find("\n## ", start + len(SECTION))
        text = text[:start] + body + (text[end + 1:] if end >= 0 else "")
    RESULTS.write_text(text, encoding="utf-8")
    print(f"written into {RESULTS.relative_to(ROOT)}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="write the figures into bench/RESULTS.md")
    parser.add_argument("--compare", nargs="?", const="en", choices=["en", *OTHER_CANDIDATES], metavar="LANG",
                        help="candidate voices of a language (English unless said) on a sample of clip texts")
    parser.add_argument("--only", default="", help="with --compare: only the candidates whose name holds this")
    parser.add_argument("--sample", type=int, default=30)
    parser.add_argument("--seed", type=int, default=25)
    args = parser.parse_args(argv)
    return compare(args.sample, args.seed, args.compare, args.only) if args.compare else shipped(args.write)


if __name__ == "__main__":
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.exit(main())
