import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))


import pytest  # noqa: E402

#: Test modules that draw nothing and still take long (whole seeded games by the thousand, every
#: state of many games read back) or need a real screen (an X server): not in the fast tier.
SLOW_WITHOUT_PYGAME = {"test_castle_random", "test_queens_random", "test_forest_random", "test_knights_random",
                       "test_forest_turn_ends", "test_levels", "test_protocol_all_games", "test_cli",
                       "test_knights_saves_reachable", "test_x11_window",
                       "test_built_app"}


def pytest_configure(config):
    config.addinivalue_line("markers", "fast: a quick test that needs no screen (python -m pytest -m fast)")


def pytest_collection_modifyitems(config, items):
    """Mark the fast tier: every test of a module that draws nothing (it never imports pygame or
    the UI) and is not one of the slow ones above."""
    for item in items:
        module = getattr(item, "module", None)
        if module is None:
            continue
        name = module.__name__.rpartition(".")[2]
        draws = "pygame" in vars(module) or "ui_driver" in vars(module) or any(
            value.__module__.startswith(("kidgames.ui", "ui_driver")) for value in vars(module).values()
            if callable(value) and getattr(value, "__module__", None))
        if not draws and name not in SLOW_WITHOUT_PYGAME:
            item.add_marker(pytest.mark.fast)
