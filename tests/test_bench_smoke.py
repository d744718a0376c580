"""bench/app_bench.py runs end to end and every frame row has figures (not timings: the machines
are shared and noisy; speed is reported from the benchmark itself, bench/RESULTS.md).

The bench runs its frames far faster than real time; unless it steps the app's clock, a computer's
thinking pause never ends, nothing moves, no frame draws and the report has no figures to print
(it once died in frame_rows with KeyError: 'p95')."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_app_benchmark_prints_every_row_with_figures(tmp_path):
    out = tmp_path / "bench.json"
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    ran = subprocess.run([sys.executable, str(ROOT / "bench" / "app_bench.py"), "--frames", "150", "--runs", "1",
                          "--idle-seconds", "0.5", "--games", "10", "--json", str(out)],
                         capture_output=True, text=True, cwd=tmp_path, env=env, timeout=300)
    assert ran.returncode == 0, ran.stderr[-3000:]
    assert "no frame drew" not in ran.stdout
    r = json.loads(out.read_text())
    games = ("knights", "queens", "castle", "forest")
    blocks = [(f"{name} at the canvas size", r["frames"][name]) for name in ("menu", "results", *games)]
    for scaled in r["frames_scaled"]:
        blocks += [(f"{name} in {scaled['window']}", scaled[name]) for name in games]
    for label, m in blocks:
        assert m["n"] > 0 and m["p95"] > 0, label              # frames drew, and they were timed
        if "move_frames" in m:                                 # the computers moved and the game was saved
            assert m["move_frames"]["n"] > 0, label
    assert r["frames"]["knights"]["turns"] > 0
    for row in ("frame, Knights 4 computers", "frame, Fairy-Tale Forest, window 3840x2160", "idle CPU, menu",
                "max RSS", "random Knights games"):
        assert row in ran.stdout
