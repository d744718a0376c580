"""Saves a family can trust (issue 22): a save that fails is told, "saved" is said only when the last
move is on disk, one game is open in one copy of the app at a time, and the small untruths are gone
(error.log through a link, a false "put aside", HOME unset, relative XDG paths, a plural rule that
divides by zero)."""
from __future__ import annotations

import pytest

from kidgames.core import po

HEADER = 'msgid ""\nmsgstr ""\n"Language: cs\\n"\n"Plural-Forms: {rule}\\n"\n\nmsgctxt "a"\nmsgid "A"\nmsgstr "B"\n'


@pytest.mark.parametrize("rule", ["nplurals=2; plural=n/0;", "nplurals=2; plural=n%(n-n);",
                                  "nplurals=3; plural=n>500 ? 7/(n-777) : 0;"])
def test_a_plural_rule_that_divides_by_zero_is_refused_when_the_catalog_is_read(tmp_path, rule):
    path = tmp_path / "cs.po"
    path.write_text(HEADER.format(rule=rule), encoding="utf-8")
    with pytest.raises(po.CatalogError, match=r"cs\.po:1: the plural expression .* divides by zero for n=\d+"):
        po.read(path)


def test_the_languages_plural_rules_are_still_read():
    for rule in po.PLURAL_FORMS.values():
        count, form = po.parse_plural_forms(rule)
        assert all(0 <= form(n) < count for n in range(0, 1001))
