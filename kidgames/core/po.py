"""Reading and writing gettext ``.po`` catalogs (pure Python, no pygame).

The message catalogs are standard gettext files, so translators use their usual tools (Poedit,
Weblate, Lokalize, ``msgfmt --check``).  Each message is an entry whose ``msgctxt`` is the key the
code asks for (``menu.play``), ``msgid`` the English text and ``msgstr`` the translation; a text that
depends on a count has ``msgid_plural`` and one ``msgstr[i]`` per plural form of the language, whose
rule is the ``Plural-Forms`` line of the catalog's header (``nplurals=3; plural=(n==1) ? 0 : …``).

They are read directly at start-up (no compiled ``.mo`` files to keep in step); a damaged catalog is
a :class:`CatalogError` naming the file and line.
"""
from __future__ import annotations

import gettext
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

#: A plural rule is tried for every count from 0 to this when its catalog is read.
PLURAL_CHECKED = 1000
#: The plural rules of the app's languages (from the GNU gettext manual's table of forms).
PLURAL_FORMS = {
    "en": "nplurals=2; plural=(n != 1);",
    "de": "nplurals=2; plural=(n != 1);",
    "cs": "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;",
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    "ko": "nplurals=1; plural=0;",
}


class CatalogError(ValueError):
    """A catalog file that cannot be read as gettext: the message names the file and line."""


@dataclass
class Entry:
    """One message: its key (``msgctxt``), the English text (and plural), the translation (one
    text, or one per plural form), its comments, and whether a translator marked it fuzzy."""

    key: str
    source: str
    translation: list[str] = field(default_factory=list)
    source_plural: str | None = None
    comments: list[str] = field(default_factory=list)
    fuzzy: bool = False

    @property
    def is_plural(self) -> bool:
        return self.source_plural is not None


@dataclass
class Catalog:
    """A parsed ``.po`` file: its header fields and entries by key."""

    header: dict[str, str]
    entries: dict[str, Entry]

    def plural_rule(self) -> tuple[int, Callable[[int], int]]:
        """The number of plural forms and the function from a count to its form."""
        return parse_plural_forms(self.header.get("Plural-Forms", PLURAL_FORMS["en"]))


def parse_plural_forms(line: str) -> tuple[int, Callable[[int], int]]:
    """``"nplurals=3; plural=…;"`` -> (3, function).  The expression is C; gettext's own compiler
    turns it into Python after checking that it holds only numbers, ``n`` and C operators."""
    found = re.fullmatch(r"\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?);?\s*", line)
    if not found:
        raise CatalogError(f"the Plural-Forms line {line!r} is not 'nplurals=N; plural=EXPRESSION;'")
    count = int(found.group(1))
    try:
        rule = gettext.c2py(found.group(2))
    except (ValueError, RecursionError) as exc:
        raise CatalogError(f"the plural expression {found.group(2)!r} cannot be read: {exc}") from None
    if not 1 <= count <= 6:
        raise CatalogError(f"nplurals={count}: a language has 1 to 6 plural forms")
    # A rule is C arithmetic on n: one that divides by zero (n/0, n%(n-n)) would fail only when a
    # count happens to meet it, in front of the family.  Every count the app shows is tried now.
    for n in range(PLURAL_CHECKED + 1):
        try:
            rule(n)
        except ZeroDivisionError:
            raise CatalogError(f"the plural expression {found.group(2)!r} divides by zero for n={n}") from None
        except (ArithmeticError, ValueError, TypeError, RecursionError) as exc:
            raise CatalogError(f"the plural expression {found.group(2)!r} fails for n={n}: {exc}") from None

    def form(n: int) -> int:
        index = int(rule(n))
        return index if 0 <= index < count else count - 1
    return count, form


_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}
_KEYWORD = re.compile(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d)\])?)\s+(".*")\s*$')


def _unquote(text: str, where: str) -> str:
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise CatalogError(f"{where}: a text must be in double quotes")
    out, body, i = [], text[1:-1], 0
    while i < len(body):
        c = body[i]
        if c == "\\":
            if i + 1 == len(body) or body[i + 1] not in _ESCAPES:
                raise CatalogError(f"{where}: unknown escape in {text}")
            out.append(_ESCAPES[body[i + 1]])
            i += 2
        elif c == '"':
            raise CatalogError(f"{where}: a double quote inside a text must be written \\\"")
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'


def parse(text: str, name: str = "catalog") -> Catalog:
    """Parse the text of a ``.po`` file; every entry must have a ``msgctxt`` (its key) except the
    header (the entry whose ``msgid`` is empty)."""
    entries: dict[str, Entry] = {}
    header: dict[str, str] = {}
    fields: dict[str, str] = {}
    comments: list[str] = []
    fuzzy = False
    last: str | None = None
    start = 0

    def finish() -> None:
        nonlocal fields, comments, fuzzy, last
        if fields:
            _entry(fields, comments, fuzzy, f"{name}:{start}", entries, header)
        fields, comments, fuzzy, last = {}, [], False, None

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        where = f"{name}:{number}"
        if not line:
            finish()
            continue
        if line.startswith("#"):
            if fields:
                finish()
            if line.startswith("#,"):
                fuzzy = fuzzy or "fuzzy" in (f.strip() for f in line[2:].split(","))
            elif line.startswith("#~"):
                continue                     # an obsolete entry: kept for translators, not read
            elif line.startswith("#.") or line.startswith("# "):
                comments.append(line[2:].strip())
            continue
        if line.startswith('"'):
            if last is None:
                raise CatalogError(f"{where}: a continued text with nothing to continue")
            fields[last] += _unquote(line, where)
            continue
        found = _KEYWORD.match(line)
        if not found:
            raise CatalogError(f"{where}: expected msgctxt, msgid, msgid_plural or msgstr, found {line[:40]!r}")
        keyword = found.group(1)
        if keyword == "msgctxt" or (keyword == "msgid" and "msgid" in fields):
            if "msgid" in fields:
                finish()
        if keyword in fields:
            raise CatalogError(f"{where}: {keyword} given twice in one entry")
        if not fields:
            start = number
        fields[keyword] = _unquote(found.group(3), where)
        last = keyword
    finish()
    return Catalog(header, entries)


def _entry(fields: dict[str, str], comments: list[str], fuzzy: bool, where: str,
           entries: dict[str, Entry], header: dict[str, str]) -> None:
    if "msgid" not in fields:
        raise CatalogError(f"{where}: an entry without msgid")
    if fields["msgid"] == "" and "msgctxt" not in fields:
        for line in fields.get("msgstr", "").splitlines():
            if ":" in line:
                name, value = line.split(":", 1)
                header[name.strip()] = value.strip()
        if "Plural-Forms" in header:
            try:
                parse_plural_forms(header["Plural-Forms"])     # refused now, not when a count meets it
            except CatalogError as exc:
                raise CatalogError(f"{where}: {exc}") from None
        return
    key = fields.get("msgctxt")
    if not key:
        raise CatalogError(f"{where}: every message needs its key as msgctxt")
    if key in entries:
        raise CatalogError(f"{where}: the key {key!r} is given twice")
    if "msgid_plural" in fields:
        forms = sorted(int(k[7:-1]) for k in fields if k.startswith("msgstr["))
        if "msgstr" in fields or forms != list(range(len(forms))) or not forms:
            raise CatalogError(f"{where}: a plural message needs msgstr[0], msgstr[1], … and no plain msgstr")
        translation = [fields[f"msgstr[{i}]"] for i in forms]
    else:
        if "msgstr" not in fields or any(k.startswith("msgstr[") for k in fields):
            raise CatalogError(f"{where}: a message needs one msgstr (msgstr[i] only with msgid_plural)")
        translation = [fields["msgstr"]]
    entries[key] = Entry(key, fields["msgid"], translation, fields.get("msgid_plural"), list(comments), fuzzy)


def read(path: Path) -> Catalog:
    """Read one ``.po`` file (UTF-8)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise CatalogError(f"{path}: not UTF-8 text") from None
    return parse(text, Path(path).name)


def write(catalog: Catalog, entries: Iterable[Entry] | None = None) -> str:
    """The text of a ``.po`` file: the header, then each entry (in the order given)."""
    lines = ['msgid ""', 'msgstr ""']
    lines += [_quote(f"{name}: {value}\n") for name, value in catalog.header.items()]
    for entry in (entries if entries is not None else catalog.entries.values()):
        lines.append("")
        lines += [f"#. {c}" for c in entry.comments]
        if entry.fuzzy:
            lines.append("#, fuzzy")
        lines.append(f"msgctxt {_quote(entry.key)}")
        lines.append(f"msgid {_quote(entry.source)}")
        if entry.source_plural is not None:     # entry.is_plural
            lines.append(f"msgid_plural {_quote(entry.source_plural)}")
            lines += [f"msgstr[{i}] {_quote(t)}" for i, t in enumerate(entry.translation)]
        else:
            lines.append(f"msgstr {_quote(entry.translation[0] if entry.translation else '')}")
    return "\n".join(lines) + "\n"
