"""Hangul composition on the 2-set keyboard: jamo typed one by one make syllables as they come."""
from __future__ import annotations

import pytest

from kidgames.core.hangul import (COMPOUND_FINALS, COMPOUND_VOWELS, FINALS, INITIALS, VOWELS, compose,
                                  syllable)


def typed(keys: str) -> list[str]:
    """What the screen shows after each keystroke."""
    return [compose(keys[:n]) for n in range(1, len(keys) + 1)]


def test_hangeul_is_composed_syllable_by_syllable_as_it_is_typed():
    assert typed("ㅎㅏㄴㄱㅡㄹ") == ["ㅎ", "하", "한", "한ㄱ", "한그", "한글"]


def test_a_final_consonant_moves_to_the_next_syllable_when_a_vowel_follows():
    assert typed("ㅎㅏㄴㅏ") == ["ㅎ", "하", "한", "하나"]
    assert compose("ㅅㅏㄹㅏㅇ") == "사랑"


def test_erasing_the_last_keystroke_takes_away_one_jamo_not_the_syllable():
    keys = list("ㅎㅏㄴㄱㅡㄹ")
    shown = []
    while keys:
        keys.pop()
        shown.append(compose(keys))
    assert shown == ["한그", "한ㄱ", "한", "하", "ㅎ", ""]


@pytest.mark.parametrize("first, second", sorted(COMPOUND_VOWELS))
def test_compound_vowels_from_two_keystrokes(first, second):
    vowel = COMPOUND_VOWELS[(first, second)]
    assert compose(["ㅇ", first, second]) == syllable("ㅇ", vowel)
    assert compose([first, second]) == vowel      # a vowel alone still combines


def test_the_seven_compound_vowels():
    assert "".join(compose(["ㅇ", a, b]) for a, b in COMPOUND_VOWELS) == "와왜외워웨위의"


@pytest.mark.parametrize("first, second", sorted(COMPOUND_FINALS))
def test_compound_finals_from_two_keystrokes(first, second):
    final = COMPOUND_FINALS[(first, second)]
    assert compose(["ㄱ", "ㅏ", first, second]) == syllable("ㄱ", "ㅏ", final)


def test_the_eleven_compound_finals():
    words = ["ㄴㅓㄱㅅ", "ㅇㅏㄴㅈ", "ㅁㅏㄴㅎ", "ㄷㅏㄹㄱ", "ㅅㅏㄹㅁ", "ㅇㅕㄹㅂ", "ㄱㅗㄹㅅ", "ㅎㅏㄹㅌ",
             "ㅇㅡㄹㅍ", "ㅇㅏㄹㅎ", "ㄱㅏㅂㅅ"]
    assert [compose(w) for w in words] == ["넋", "앉", "많", "닭", "삶", "엷", "곬", "핥", "읊", "앓", "값"]


def test_a_compound_final_gives_its_second_consonant_to_the_next_syllable():
    assert compose("ㄷㅏㄹㄱㅇㅣ") == "닭이"      # ㄱ stays: the vowel takes the ㅇ typed after
    assert compose("ㄷㅏㄹㄱㅣ") == "달기"        # ㄺ + ㅣ: ㄹ stays, ㄱ moves on
    assert compose("ㄱㅏㅂㅅㅣ") == "갑시"


def test_double_consonants_start_a_syllable_but_some_cannot_end_one():
    assert compose("ㄲㅗㅊ") == "꽃"
    assert compose("ㅇㅏㄸㅏ") == "아따"          # ㄸ is never a final: it starts the next syllable
    assert compose("ㅇㅣㅆ") == "있"               # ㅆ is
    assert compose("ㅃㅏㅉㅏ") == "빠짜"


def test_consonants_that_make_no_compound_stay_apart():
    assert compose("ㄱㄱ") == "ㄱㄱ"
    assert compose("ㄱㅏㄱㄱ") == "각ㄱ"
    assert compose("ㄱㅏㄴㄱㅏ") == "간가"


def test_two_vowels_that_make_no_compound_stay_apart():
    assert compose("ㄱㅏㅏ") == "가ㅏ"
    assert compose("ㅏㅓ") == "ㅏㅓ"


def test_other_characters_pass_through_and_end_the_syllable():
    assert compose("ㅎㅏㄴ ㄱㅡㄹ") == "한 글"
    assert compose("Anna") == "Anna"
    assert compose("ㅁㅣ2") == "미2"
    assert compose("한") == "한"                  # a syllable from a physical keyboard's IME


def test_every_syllable_can_be_typed():
    vowel_keys = {v: [v] for v in VOWELS} | {v: list(pair) for pair, v in COMPOUND_VOWELS.items()}
    final_keys = {f: [f] for f in FINALS[1:]} | {f: list(pair) for pair, f in COMPOUND_FINALS.items()}
    final_keys[""] = []
    wrong = []
    for initial in INITIALS:
        for vowel in VOWELS:
            for final in final_keys:
                keys = [initial, *vowel_keys[vowel], *final_keys[final]]
                if compose(keys) != syllable(initial, vowel, final):
                    wrong.append("".join(keys))
    assert not wrong
    assert len(INITIALS) * len(VOWELS) * len(FINALS) == 11172
