"""The examples in Examples/Python run, and type-check strictly against the
package's stubs."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

import arscene

EXAMPLES = Path(__file__).resolve().parents[2] / "Examples" / "Python"


def need(module: str, why: str) -> None:
    """Skips without the module, saying so; in CI the test tools must be there."""
    if importlib.util.find_spec(module) is None:
        message = f"{module} is not installed ({why})"
        if os.environ.get("ARSCENE_PYTHON_TESTS_NEED_CLI") and module != "open3d":
            pytest.fail(message)
        pytest.skip(message)


def run(script: str, *arguments: str) -> str:
    done = subprocess.run([sys.executable, str(EXAMPLES / script), *arguments],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_live_camera_loop_tracks_a_video_file(room: Path, tmp_path: Path) -> None:
    need("cv2", "pip install opencv-python-headless")
    import cv2

    video = tmp_path / "room.avi"
    sequence = arscene.open_sequence(room)
    writer = cv2.VideoWriter(str(video), cv2.VideoWriter_fourcc(*"MJPG"), 30.0,
                             (sequence.width, sequence.height))
    for frame in sequence:
        writer.write(cv2.cvtColor(frame["color"], cv2.COLOR_RGB2BGR))
    writer.release()
    printed = run("live_camera.py", str(video), "--fov", "60")
    lines = printed.splitlines()
    assert lines[-1] == f"live_camera: {len(sequence)} frames"
    assert any(" at " in line for line in lines), "no frame had a measured pose"


def test_the_rerun_example_writes_a_recording(room: Path, tmp_path: Path) -> None:
    need("rerun", "pip install rerun-sdk")
    out = tmp_path / "room.rrd"
    printed = run("replay_to_rerun.py", str(room), str(out))
    assert "60 frames" in printed
    assert out.stat().st_size > 10_000


def test_the_open3d_example_shows_planes_over_a_frame(room: Path, tmp_path: Path) -> None:
    need("open3d", "pip install open3d: 400 MB, so CI leaves it out")
    out = tmp_path / "planes.ply"
    printed = run("open3d_planes.py", str(room), "--frame", "59", "--out", str(out))
    assert "planes" in printed and out.stat().st_size > 0


def test_the_examples_type_check_strictly() -> None:
    need("mypy", "pip install mypy")
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental",
                           *(str(p) for p in sorted(EXAMPLES.glob("*.py")))],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
