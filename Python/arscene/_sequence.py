"""A reader of the native sequence format (Datasets/README.md): the folder
`arscene dataset convert` writes from every other format.

It yields, for each frame, the keyword arguments of Session.process, so that
``session.process(**frame)`` is the whole loop, and reads the frames exactly
as `arscene replay` does: the same pixels (decoded by the engine), the same
depth association and the same IMU samples, so that a Python replay gives the
CLI's poses.
"""

from __future__ import annotations

import bisect
import json
import math
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Tuple, Union

import numpy as np
import numpy.typing as npt

from ._core import decode_image

#: Depth is the depth.txt entry nearest a frame's time within this many
#: seconds (TUM's associate.py default), as the engine's readers pair them.
DEPTH_TOLERANCE = 0.02
#: Ground truth is interpolated across gaps of at most this many seconds.
GROUND_TRUTH_GAP = 0.1


class SequenceError(ValueError):
    """A sequence folder that cannot be read; the message names the file
    (and line) and the problem."""


class _TextList:
    """One of the format's text lists: `timestamp field...` lines, comments
    and blank lines skipped, timestamps strictly increasing (a repeated one
    is dropped and reported, a smaller one is an error)."""

    def __init__(self, path: Path, fields: int, problems: List[str]) -> None:
        self.times: List[float] = []
        self.rows: List[List[str]] = []
        #: The file's line number of each kept entry, for messages.
        self.lines: List[int] = []
        text = path.read_text(encoding="utf-8")
        for number, line in enumerate(text.splitlines(), start=1):
            words = line.split()
            if not words or words[0].startswith("#"):
                continue
            where = f"{path.name}:{number}"
            if len(words) < fields:
                raise SequenceError(f"{path}:{number}: expected {fields} fields, got {len(words)}")
            time = _number(words[0], where, "timestamp")
            if self.times and time == self.times[-1]:
                problems.append(f"{where}: duplicate timestamp {words[0]} dropped")
                continue
            if self.times and time < self.times[-1]:
                raise SequenceError(
                    f"{path}:{number}: timestamp {words[0]} goes back in time"
                    f" (the line before has {self.times[-1]:.6f})")
            self.times.append(time)
            self.rows.append(words[1:fields])
            self.lines.append(number)


def _number(word: str, where: str, name: str) -> float:
    try:
        value = float(word)
    except ValueError:
        raise SequenceError(f"{where}: {name} {word!r} is not a number") from None
    if not math.isfinite(value):
        raise SequenceError(f"{where}: {name} {word!r} is not finite")
    return value


def _inside(folder: Path, name: str, where: str) -> Path:
    path = (folder / name).resolve()
    if folder.resolve() not in path.parents:
        raise SequenceError(f"{where}: {name} lies outside the sequence folder")
    if not path.is_file():
        raise SequenceError(f"{where}: {name} does not exist")
    return path


def _quaternion_matrix(x: float, y: float, z: float, w: float) -> npt.NDArray[np.float64]:
    n = math.sqrt(x * x + y * y + z * z + w * w)
    x, y, z, w = x / n, y / n, z / n, w / n
    return np.array([
        [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
        [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
        [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
    ])


class Sequence:
    """A native sequence folder, opened and checked: iterate it for the
    frames (dicts of Session.process's keyword arguments)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        #: Findings that do not stop a replay (dropped duplicate timestamps,
        #: frames without depth).
        self.problems: List[str] = []
        description = self._description()
        camera = description["camera"]
        self.width = int(camera["width"])
        self.height = int(camera["height"])
        #: The camera matrix of every frame (3x3 float64).
        self.intrinsics = np.array([[float(camera["fx"]), 0.0, float(camera["cx"])],
                                    [0.0, float(camera["fy"]), float(camera["cy"])],
                                    [0.0, 0.0, 1.0]])
        self.name: str = str(description.get("name", folder.name))
        depth = description.get("depth")
        self.depth_scale: Optional[float] = float(depth["scale"]) if depth else None
        self._colors = self._images("rgb.txt", required=True)
        self._depths = self._images("depth.txt", required=False) if depth else None
        self.ground_truth = self._ground_truth()
        self._imu = self._read_imu()
        #: What `arscene replay` adopts from the sequence: the sensor's depth
        #: noise and, without an IMU, world up from the stated gravity.
        self.config: Dict[str, Any] = self._adopted_config(description)

    def __len__(self) -> int:
        return len(self._colors[0])

    def __iter__(self) -> Iterator[Dict[str, Any]]:
        for index in range(len(self)):
            yield self.frame(index)

    @property
    def timestamps(self) -> List[float]:
        """Every frame's time, seconds."""
        return list(self._colors[0])

    def frame(self, index: int) -> Dict[str, Any]:
        """The index-th frame as Session.process's keyword arguments: color
        (RGB uint8), depth (uint16 or None) with depth_scale, intrinsics,
        timestamp and imu (N x 7 or None)."""
        times, paths = self._colors
        time = times[index]
        color = decode_image(paths[index].read_bytes(), str(paths[index]))
        if color.shape[:2] != (self.height, self.width):
            raise SequenceError(
                f"{paths[index]}: is {color.shape[1]}x{color.shape[0]} but the camera is"
                f" {self.width}x{self.height}")
        frame: Dict[str, Any] = {
            "color": color,
            "depth": self._depth_near(time),
            "intrinsics": self.intrinsics,
            "timestamp": time,
            "imu": self._imu_until(index),
        }
        if self.depth_scale is not None:
            frame["depth_scale"] = self.depth_scale
        return frame

    def ground_truth_pose(self, time: float) -> Optional[npt.NDArray[np.float64]]:
        """The ground truth's world_from_camera (OpenCV camera axes) at time,
        interpolated across gaps of at most 0.1 s; None without one."""
        times = [t for t, _ in self.ground_truth]
        i = bisect.bisect_left(times, time)
        if i < len(times) and times[i] == time:
            return self.ground_truth[i][1]
        if i == 0 or i == len(times) or times[i] - times[i - 1] > GROUND_TRUTH_GAP:
            return None
        (t0, a), (t1, b) = self.ground_truth[i - 1], self.ground_truth[i]
        s = (time - t0) / (t1 - t0)
        pose = np.eye(4)
        pose[:3, 3] = (1 - s) * a[:3, 3] + s * b[:3, 3]
        pose[:3, :3] = _slerp(a[:3, :3], b[:3, :3], s)
        return pose

    # ---- reading

    def _description(self) -> Dict[str, Any]:
        path = self.folder / "sequence.json"
        if not path.is_file():
            raise SequenceError(
                f"{self.folder}: no sequence.json; this reader takes the native format."
                " Write one with `arscene dataset convert SOURCE --out FOLDER`")
        try:
            description = json.loads(path.read_text(encoding="utf-8"))
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            raise SequenceError(f"{path}: is not JSON: {error}") from None
        camera = description.get("camera") if isinstance(description, dict) else None
        if not isinstance(camera, dict):
            raise SequenceError(f'{path}: "camera" is missing')
        for key in ("width", "height", "fx", "fy", "cx", "cy"):
            if not isinstance(camera.get(key), (int, float)):
                raise SequenceError(f'{path}: "camera.{key}" must be a number')
        if any(float(k) != 0 for k in camera.get("distortion", [])):
            raise SequenceError(
                f'{path}: "camera.distortion" is stated; this reader takes undistorted'
                " frames. `arscene dataset convert` writes them")
        depth = description.get("depth")
        if depth is not None and ("intrinsics" in depth or "colorFromDepth" in depth):
            raise SequenceError(
                f'{path}: "depth.intrinsics" is stated; this reader takes depth registered'
                " to colour. `arscene dataset convert` writes it")
        if depth is not None and not (isinstance(depth.get("scale"), (int, float))
                                      and depth["scale"] > 0):
            raise SequenceError(f'{path}: "depth.scale" must be a number > 0')
        return dict(description)

    def _images(self, name: str, required: bool) -> Tuple[List[float], List[Path]]:
        path = self.folder / name
        if not path.is_file():
            if required:
                raise SequenceError(f"{self.folder}: {name} does not exist")
            return [], []
        entries = _TextList(path, 2, self.problems)
        paths = [_inside(self.folder, row[0], f"{path}:{line}")
                 for line, row in zip(entries.lines, entries.rows)]
        return entries.times, paths

    def _ground_truth(self) -> List[Tuple[float, npt.NDArray[np.float64]]]:
        path = self.folder / "groundtruth.txt"
        if not path.is_file():
            return []
        entries = _TextList(path, 8, self.problems)
        poses = []
        for time, row in zip(entries.times, entries.rows):
            values = [_number(word, path.name, "pose") for word in row]
            pose = np.eye(4)
            pose[:3, 3] = values[:3]
            pose[:3, :3] = _quaternion_matrix(*values[3:7])
            poses.append((time, pose))
        return poses

    def _read_imu(self) -> npt.NDArray[np.float64]:
        path = self.folder / "imu.txt"
        if path.is_file():
            entries = _TextList(path, 7, self.problems)
            values = np.array([[_number(w, path.name, "IMU value") for w in row]
                               for row in entries.rows]).reshape(-1, 6)
            accelerometer, gyroscope = values[:, :3], values[:, 3:]
        else:
            path = self.folder / "accelerometer.txt"
            if not path.is_file():
                return np.zeros((0, 7))
            entries = _TextList(path, 4, self.problems)
            accelerometer = np.array([[_number(w, path.name, "IMU value") for w in row]
                                      for row in entries.rows]).reshape(-1, 3)
            gyroscope = np.zeros_like(accelerometer)
        times = np.array(entries.times).reshape(-1, 1)
        return np.hstack([times, gyroscope, accelerometer])

    def _depth_near(self, time: float) -> Optional[npt.NDArray[np.uint16]]:
        if self._depths is None or not self._depths[0]:
            return None
        times, paths = self._depths
        after = bisect.bisect_left(times, time)
        around = [i for i in (after - 1, after) if 0 <= i < len(times)]
        best = min(around, key=lambda i: abs(times[i] - time))
        if abs(times[best] - time) > DEPTH_TOLERANCE:
            return None
        depth = decode_image(paths[best].read_bytes(), str(paths[best]))
        if depth.dtype != np.uint16 or depth.shape != (self.height, self.width):
            raise SequenceError(
                f"{paths[best]}: depth must be a {self.width}x{self.height} 16-bit"
                f" single-channel PNG, got {depth.shape} {depth.dtype}")
        return depth  # type: ignore[no-any-return]

    def _imu_until(self, index: int) -> Optional[npt.NDArray[np.float64]]:
        """The samples after the previous frame up to and including this
        one (the first frame gets every sample up to it)."""
        if len(self._imu) == 0:
            return None
        times = self._imu[:, 0]
        frame_times = self._colors[0]
        start = 0 if index == 0 else bisect.bisect_right(times, frame_times[index - 1])
        end = bisect.bisect_right(times, frame_times[index])
        return self._imu[start:end] if start < end else None

    def _adopted_config(self, description: Dict[str, Any]) -> Dict[str, Any]:
        config: Dict[str, Any] = {}
        noise = (description.get("depth") or {}).get("noise")
        if noise is not None:
            config["tracking.depth_noise"] = float(noise)
        gravity = (description.get("groundTruth") or {}).get("gravity")
        if gravity is not None and len(self._imu) == 0 and len(self):
            pose = self.ground_truth_pose(self._colors[0][0])
            if pose is not None:
                # World up in the first camera's ARKit axes, as if the
                # accelerometer had been read once at the first frame.
                world_from_camera = pose[:3, :3] @ np.diag([1.0, -1.0, -1.0])
                up = world_from_camera.T @ -np.asarray(gravity, dtype=float)
                config["tracking.first_camera_up"] = tuple(float(v) for v in up)
        return config


def _slerp(a: npt.NDArray[np.float64], b: npt.NDArray[np.float64],
           s: float) -> npt.NDArray[np.float64]:
    """The rotation s of the way from a to b, about their relative axis."""
    relative = a.T @ b
    angle = math.acos(max(-1.0, min(1.0, (np.trace(relative) - 1) / 2)))
    if angle < 1e-12:
        return a
    axis = np.array([relative[2, 1] - relative[1, 2], relative[0, 2] - relative[2, 0],
                     relative[1, 0] - relative[0, 1]]) / (2 * math.sin(angle))
    k = np.array([[0, -axis[2], axis[1]], [axis[2], 0, -axis[0]], [-axis[1], axis[0], 0]])
    turn = np.eye(3) + math.sin(s * angle) * k + (1 - math.cos(s * angle)) * (k @ k)
    return a @ turn


def open_sequence(path: Union[str, Path]) -> Sequence:
    """Opens a native sequence folder (sequence.json, rgb.txt, depth.txt,
    groundtruth.txt, imu.txt) and checks every list and listed image, so that
    a broken sequence fails now, naming the file and line
    (SequenceError)."""
    folder = Path(path)
    if not folder.is_dir():
        raise SequenceError(f"{folder}: is not a folder")
    return Sequence(folder)
