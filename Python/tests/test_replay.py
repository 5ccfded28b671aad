"""A Python loop over a sequence gives what `arscene replay` gives."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import List, Tuple

import numpy as np
import pytest

import arscene
from arscene._sequence import _quaternion_matrix
from conftest import REPOSITORY, render


def read_tum(path: Path) -> List[Tuple[float, np.ndarray]]:
    poses = []
    for line in path.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        t, x, y, z, qx, qy, qz, qw = (float(v) for v in line.split())
        pose = np.eye(4)
        pose[:3, 3] = (x, y, z)
        pose[:3, :3] = _quaternion_matrix(qx, qy, qz, qw)
        poses.append((t, pose))
    return poses


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


def assert_python_gives_the_clis_trajectory(cli: Path, folder: Path, scratch: Path,
                                            least: int) -> None:
    trajectory = scratch / "cli.txt"
    subprocess.run([str(cli), "replay", str(folder), "--plane-detection", "none", "--trajectory",
                    str(trajectory), "--no-timings", "--quiet"], check=True,
                   stdout=subprocess.DEVNULL)
    expected = read_tum(trajectory)
    got = python_trajectory(folder)
    assert len(expected) >= least
    assert [round(t, 6) for t, _ in got] == [t for t, _ in expected]
    for (_, pose), (_, reference) in zip(got, expected):
        # The file holds 7 decimals: positions agree to its rounding, and
        # rotations to what a 7-decimal quaternion can say.
        assert np.abs(pose[:3, 3] - reference[:3, 3]).max() <= 5.01e-8
        assert np.abs(pose[:3, :3] - reference[:3, :3]).max() <= 4e-7
        assert pose[3].tolist() == [0.0, 0.0, 0.0, 1.0]


def test_a_python_loop_gives_the_clis_trajectory(cli: Path, room: Path, tmp_path: Path) -> None:
    assert_python_gives_the_clis_trajectory(cli, room, tmp_path, 40)


def test_stated_gravity_and_depth_noise_are_adopted_as_replay_adopts_them(
        cli: Path, tmp_path: Path) -> None:
    folder = render(cli, tmp_path / "room", "--scene", "room", "--frames", "40", "--seed", "2",
                    "--width", "320", "--height", "240", "--no-imu")
    description = json.loads((folder / "sequence.json").read_text())
    description["groundTruth"]["gravity"] = [0.0, 1.0, 0.0]  # OpenCV world: +Y is down
    description["depth"]["noise"] = 0.003
    (folder / "sequence.json").write_text(json.dumps(description))
    config = arscene.open_sequence(folder).config
    assert config["tracking.depth_noise"] == 0.003
    assert len(config["tracking.first_camera_up"]) == 3
    assert_python_gives_the_clis_trajectory(cli, folder, tmp_path, 20)


def test_the_ipad_lidar_recording_gives_the_clis_trajectory(cli: Path, tmp_path: Path) -> None:
    """Real data: ARKitScenes' iPad (256x192 colour, LiDAR depth with its
    stated noise), converted to the native format by the CLI."""
    source = REPOSITORY.parent / "shared" / "datasets" / "arkitscenes-40777060-part1"
    if not source.is_dir():
        pytest.skip(f"{source} is absent (the shared datasets sit beside the repository)")
    folder = tmp_path / "ipad"
    subprocess.run([str(cli), "dataset", "convert", str(source), "--out", str(folder), "--quiet"],
                   check=True)
    assert arscene.open_sequence(folder).config == {"tracking.depth_noise": 0.0075}
    assert_python_gives_the_clis_trajectory(cli, folder, tmp_path, 300)


def test_the_same_frames_give_the_same_poses_bit_for_bit(room: Path) -> None:
    first = python_trajectory(room)
    second = python_trajectory(room)
    assert len(first) == len(second)
    for (t1, a), (t2, b) in zip(first, second):
        assert t1 == t2 and np.array_equal(a, b)
