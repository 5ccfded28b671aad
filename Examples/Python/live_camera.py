"""Tracks a camera (or a video file) with OpenCV's VideoCapture: the
live-camera pattern. Frames come in BGR, as OpenCV gives them, with no depth
and no IMU, so the session tracks one camera alone (positions in a unit of
its own until it has depth or an IMU).

    python3 Examples/Python/live_camera.py 0                    # the first camera
    python3 Examples/Python/live_camera.py walk.avi --fov 60    # a video file
"""

from __future__ import annotations

import argparse
import math
import sys
import time

import cv2
import numpy as np
import numpy.typing as npt

import arscene


def camera_matrix(width: int, height: int, fov_degrees: float) -> npt.NDArray[np.float64]:
    """A pinhole camera of the given horizontal field of view, centred."""
    f = width / 2 / math.tan(math.radians(fov_degrees) / 2)
    return np.array([[f, 0.0, (width - 1) / 2], [0.0, f, (height - 1) / 2], [0.0, 0.0, 1.0]])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source", help="a camera index (0, 1, ...) or a video file")
    parser.add_argument("--fov", type=float, default=60.0,
                        help="horizontal field of view in degrees (default 60)")
    parser.add_argument("--frames", type=int, default=0, help="stop after this many (0: never)")
    arguments = parser.parse_args()

    source = int(arguments.source) if arguments.source.isdigit() else arguments.source
    capture = cv2.VideoCapture(source)
    if not capture.isOpened():
        print(f"live_camera: cannot open {arguments.source}", file=sys.stderr)
        return 1
    fps = capture.get(cv2.CAP_PROP_FPS) or 30.0
    started = time.monotonic()
    count = 0
    with arscene.Session() as session:
        while arguments.frames == 0 or count < arguments.frames:
            ok, image = capture.read()
            if not ok:
                break
            height, width = image.shape[:2]
            # A file's frames are timed by its rate; a camera's by the clock.
            timestamp = count / fps if isinstance(source, str) else time.monotonic() - started
            frame = session.process(image, intrinsics=camera_matrix(width, height, arguments.fov),
                                    timestamp=timestamp, color_format="bgr")
            reason = f" ({frame.tracking_state_reason})" if frame.tracking_state_reason else ""
            where = "" if frame.pose is None else " at " + " ".join(
                f"{v:+.3f}" for v in frame.pose[:3, 3])
            print(f"{frame.timestamp:7.3f} s  {frame.tracking_state}{reason}{where}")
            count += 1
    capture.release()
    print(f"live_camera: {count} frames")
    return 0


if __name__ == "__main__":
    sys.exit(main())
