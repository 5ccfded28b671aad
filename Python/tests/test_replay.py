"""A Python loop over a sequence gives what `arscene replay` gives."""

from __future__ import annotations

import math
import subprocess
from pathlib import Path
from typing import List, Tuple

import numpy as np

import arscene


def read_tum(path: Path) -> List[Tuple[float, np.ndarray]]:
    poses = []
    for line in path.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        t, x, y, z, qx, qy, qz, qw = (float(v) for v in line.split())
        pose = np.eye(4)
        pose[:3, 3] = (x, y, z)
        pose[:3, :3] = quaternion_matrix(qx, qy, qz, qw)
        poses.append((t, pose))
    return poses


def quaternion_matrix(x: float, y: float, z: float, w: float) -> np.ndarray:
    n = math.sqrt(x * x + y * y + z * z + w * w)
    x, y, z, w = x / n, y / n, z / n, w / n
    return np.array([
        [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
        [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
        [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
    ])


def python_trajectory(folder: Path) -> List[Tuple[float, np.ndarray]]:
    """The poses `--trajectory` keeps: measured ones, from the first frame
    tracked normally on."""
    sequence = arscene.open_sequence(folder)
    poses = []
    normal = False
    with arscene.Session(sequence.config) as session:
        for frame in sequence:
            result = session.process(**frame)
            normal = normal or result.tracking_state == "normal"
            if normal and result.pose is not None:
                poses.append((result.timestamp, result.pose))
    return poses


def test_a_python_loop_gives_the_clis_trajectory(cli: Path, room: Path, tmp_path: Path) -> None:
    trajectory = tmp_path / "cli.txt"
    subprocess.run([str(cli), "replay", str(room), "--plane-detection", "none", "--trajectory",
                    str(trajectory), "--no-timings", "--quiet"], check=True,
                   stdout=subprocess.DEVNULL)
    expected = read_tum(trajectory)
    got = python_trajectory(room)
    assert len(expected) >= 40
    assert [round(t, 6) for t, _ in got] == [t for t, _ in expected]
    for (_, pose), (_, reference) in zip(got, expected):
        # The file holds 7 decimals: positions agree to its rounding, and
        # rotations to what a 7-decimal quaternion can say.
        assert np.abs(pose[:3, 3] - reference[:3, 3]).max() <= 5.01e-8
        assert np.abs(pose[:3, :3] - reference[:3, :3]).max() <= 4e-7
        assert pose[3].tolist() == [0.0, 0.0, 0.0, 1.0]


def test_the_same_frames_give_the_same_poses_bit_for_bit(room: Path) -> None:
    first = python_trajectory(room)
    second = python_trajectory(room)
    assert len(first) == len(second)
    for (t1, a), (t2, b) in zip(first, second):
        assert t1 == t2 and np.array_equal(a, b)
