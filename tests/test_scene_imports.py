"""Scenes reach one another through the app: importing one scene module imports no other."""
import subprocess
import sys

import pytest

SCENES = ("game", "menu", "setup", "results", "rules_scene")


@pytest.mark.parametrize("name", SCENES)
def test_a_scene_module_alone_imports_no_other_scene(name):
    code = (f"import sys, kidgames.ui.{name}; "
            f"print(' '.join(m for m in {SCENES!r} if m != {name!r} and 'kidgames.ui.' + m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                            env={"SDL_VIDEODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"})
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "", f"kidgames.ui.{name} imports {result.stdout.strip()}"
