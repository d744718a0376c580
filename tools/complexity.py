"""The most complex functions of the package, by McCabe's cyclomatic complexity, read from the
source with :mod:`ast` (no third-party tool needed).

    python tools/complexity.py            # the ten most complex functions of kidgames/
    python tools/complexity.py -n 25 kidgames/games/queens
    python tools/complexity.py --over 15  # every function above 15 (exit status 1 if any)

A function's complexity is 1, plus one for each decision it takes: ``if``/``elif``, a conditional
expression, a loop (``for``, ``while``, and each ``for`` or ``if`` of a comprehension), an
``except`` clause, a ``case`` of a ``match``, an ``assert``, and each extra operand of ``and`` and
``or`` (``a and b and c`` decides twice) — the counting of radon and of the complexity the issues
quote.  A function defined inside another one (a closure, a lambda) is counted on its own, not in
the function around it.
"""
from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parent.parent
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def complexity(function: ast.AST) -> int:
    """McCabe's number of ``function``: 1 + its decisions, not counting those of nested functions."""
    count = 1
    stack = list(ast.iter_child_nodes(function))
    while stack:
        node = stack.pop()
        if isinstance(node, _SCOPES):
            continue
        count += _decisions(node)
        stack.extend(ast.iter_child_nodes(node))
    return count


def _decisions(node: ast.AST) -> int:
    if isinstance(node, (ast.If, ast.IfExp, ast.For, ast.AsyncFor, ast.While, ast.ExceptHandler, ast.Assert)):
        return 1
    if isinstance(node, ast.comprehension):
        return 1 + len(node.ifs)
    if isinstance(node, ast.BoolOp):
        return len(node.values) - 1
    if isinstance(node, ast.match_case):
        return 1
    return 0


def functions(tree: ast.AST, prefix: str = "") -> Iterator[tuple[str, ast.AST]]:
    """Every function and method in ``tree`` with its dotted name (``Class.method``, ``f.<inner>``)."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            name = prefix + node.name
            yield name, node
            yield from functions(node, name + ".")
        elif isinstance(node, ast.ClassDef):
            yield from functions(node, prefix + node.name + ".")
        else:
            yield from functions(node, prefix)


def measure(paths: list[Path]) -> list[tuple[int, str, int, str]]:
    """(complexity, file, line, name) of every function under ``paths``, the most complex first."""
    found = []
    for top in paths:
        files = sorted(top.rglob("*.py")) if top.is_dir() else [top]
        for file in files:
            tree = ast.parse(file.read_text(encoding="utf-8"), filename=str(file))
            shown = file.resolve().relative_to(ROOT) if file.resolve().is_relative_to(ROOT) else file
            for name, node in functions(tree):
                found.append((complexity(node), str(shown), node.lineno, name))  # type: ignore[attr-defined]
    found.sort(key=lambda row: (-row[0], row[1], row[2]))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path, help="files or folders (default: kidgames/)")
    parser.add_argument("-n", "--top", type=int, default=10, help="how many functions to list (default 10)")
    parser.add_argument("--over", type=int, default=None,
                        help="list every function above this complexity instead, and fail if there is one")
    args = parser.parse_args(argv)
    rows = measure(args.paths or [ROOT / "kidgames"])
    if args.over is not None:
        rows = [row for row in rows if row[0] > args.over]
    else:
        rows = rows[:args.top]
    for score, file, line, name in rows:
        print(f"{score:4d}  {file}:{line}  {name}")
    return 1 if args.over is not None and rows else 0


if __name__ == "__main__":
    sys.exit(main())
