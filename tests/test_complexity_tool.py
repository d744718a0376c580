"""tools/complexity.py counts McCabe's complexity as the issues quote it, and no save reader of the
games is above 15 (issue: declarative save readers)."""
from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("complexity_tool", ROOT / "tools" / "complexity.py")
assert _spec is not None and _spec.loader is not None
tool = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tool)

SOURCE = '''
def plain(x):
    return x

def branches(items, flag):
    for item in items:                      # 1
        if item and flag or not item:       # 1 + 2 (and, or)
            continue
        elif item > 3:                      # 1
            pass
    try:
        value = [i for i in items if i]     # 2 (for, if)
    except ValueError:                      # 1
        value = 1 if flag else 2            # 1
    while flag:                             # 1
        flag = False
    def inner(y):                           # counted on its own
        return y if y else 0
    return value
'''


def test_each_decision_counts_once_and_a_nested_function_on_its_own():
    found = {name: tool.complexity(node) for name, node in tool.functions(ast.parse(SOURCE))}
    assert found == {"plain": 1, "branches": 11, "branches.inner": 2}


def test_no_save_reader_of_a_game_is_above_15():
    readers = ("_restore", "_read", "_check", "_fits", "_pending", "_position")
    rows = tool.measure([ROOT / "kidgames" / "games"])
    over = [row for row in rows if row[0] > 15 and row[1].endswith("rules.py")
            and row[3].split(".")[-1].startswith(readers)]
    assert not over, over
