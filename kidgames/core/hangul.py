"""Hangul typed on a 2-set (두벌식) keyboard: jamo keystrokes composed into syllables as they come.

    >>> compose("ㅎㅏㄴㄱㅡㄹ")
    '한글'
    >>> compose("ㅎㅏㄴㅏ")          # a final consonant moves on when a vowel follows
    '하나'

The text is always recomposed from the keystrokes, so erasing the last keystroke takes away one
jamo (한 → 하 → ㅎ), never a whole syllable. Anything that is not a jamo passes through unchanged
and ends the syllable being built.
"""
from __future__ import annotations

from typing import Iterable

#: The initial consonants in Unicode syllable order (ㄱ is 0, ㅎ is 18).
INITIALS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"
#: The vowels in Unicode syllable order.
VOWELS = "ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ"
#: The final consonants in Unicode syllable order; index 0 is "no final".
FINALS = "\0ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ"
#: Two vowels typed one after the other that make one vowel.
COMPOUND_VOWELS = {("ㅗ", "ㅏ"): "ㅘ", ("ㅗ", "ㅐ"): "ㅙ", ("ㅗ", "ㅣ"): "ㅚ", ("ㅜ", "ㅓ"): "ㅝ",
                   ("ㅜ", "ㅔ"): "ㅞ", ("ㅜ", "ㅣ"): "ㅟ", ("ㅡ", "ㅣ"): "ㅢ"}
#: Two consonants typed one after the other that make one final consonant.
COMPOUND_FINALS = {("ㄱ", "ㅅ"): "ㄳ", ("ㄴ", "ㅈ"): "ㄵ", ("ㄴ", "ㅎ"): "ㄶ", ("ㄹ", "ㄱ"): "ㄺ",
                   ("ㄹ", "ㅁ"): "ㄻ", ("ㄹ", "ㅂ"): "ㄼ", ("ㄹ", "ㅅ"): "ㄽ", ("ㄹ", "ㅌ"): "ㄾ",
                   ("ㄹ", "ㅍ"): "ㄿ", ("ㄹ", "ㅎ"): "ㅀ", ("ㅂ", "ㅅ"): "ㅄ"}
SYLLABLE_BASE = 0xAC00


def is_consonant(ch: str) -> bool:
    return len(ch) == 1 and ch in INITIALS


def is_vowel(ch: str) -> bool:
    return len(ch) == 1 and ch in VOWELS


def syllable(initial: str, vowel: str, final: str = "") -> str:
    """One precomposed syllable: ``syllable("ㅎ", "ㅏ", "ㄴ") == "한"``."""
    index = (INITIALS.index(initial) * len(VOWELS) + VOWELS.index(vowel)) * len(FINALS)
    return chr(SYLLABLE_BASE + index + (FINALS.index(final) if final else 0))


class _Syllable:
    """The syllable being built: an initial, a vowel and a final, the last two kept as the jamo
    typed (one or two each), so that a compound final can give its second half away."""

    def __init__(self) -> None:
        self.initial = ""
        self.vowel: list[str] = []
        self.final: list[str] = []

    def empty(self) -> bool:
        return not (self.initial or self.vowel)

    def text(self) -> str:
        vowel = _join(self.vowel, COMPOUND_VOWELS)
        if self.initial and vowel:
            return syllable(self.initial, vowel, _join(self.final, COMPOUND_FINALS))
        return self.initial or vowel


def _join(parts: list[str], compounds: dict[tuple[str, str], str]) -> str:
    return compounds[parts[0], parts[1]] if len(parts) == 2 else "".join(parts)


def compose(keys: Iterable[str]) -> str:
    """The text that the keystrokes ``keys`` (single characters) make on a 2-set keyboard."""
    out: list[str] = []
    current = _Syllable()

    def commit() -> _Syllable:
        if not current.empty():
            out.append(current.text())
        return _Syllable()

    for key in keys:
        if is_consonant(key):
            if current.initial and current.vowel:
                if not current.final and key in FINALS:
                    current.final = [key]
                    continue
                if len(current.final) == 1 and (current.final[0], key) in COMPOUND_FINALS:
                    current.final.append(key)
                    continue
            current = commit()
            current.initial = key
        elif is_vowel(key):
            if current.final:
                # the last final consonant starts the next syllable: 한 + ㅏ → 하나
                moving = current.final.pop()
                current = commit()
                current.initial, current.vowel = moving, [key]
            elif len(current.vowel) == 1 and (current.vowel[0], key) in COMPOUND_VOWELS:
                current.vowel.append(key)
            elif current.initial and not current.vowel:
                current.vowel = [key]
            else:
                current = commit()
                current.vowel = [key]
        else:
            current = commit()
            out.append(key)
    commit()
    return "".join(out)
