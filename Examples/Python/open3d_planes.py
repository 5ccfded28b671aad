"""Shows the plane anchors over the point cloud of one frame with Open3D:
replays a native sequence up to a frame, lifts that frame's depth into the
world with the session's pose, and draws the planes' boundaries on it.

    python3 Examples/Python/open3d_planes.py Datasets/generated/room-walk --frame 89
    python3 Examples/Python/open3d_planes.py SEQUENCE --frame 89 --out planes.ply  # no window
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, Dict, List

import numpy as np
import numpy.typing as npt
import open3d as o3d  # type: ignore[import-not-found, import-untyped, unused-ignore]

import arscene


def world_points(frame: Dict[str, Any], pose: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """The frame's depth as N x 3 world points (pose: OpenCV camera axes)."""
    depth = frame["depth"].astype(np.float64) / frame["depth_scale"]
    k = frame["intrinsics"]
    v, u = np.nonzero(depth)
    z = depth[v, u]
    camera = np.stack([(u - k[0, 2]) * z / k[0, 0], (v - k[1, 2]) * z / k[1, 1], z], axis=1)
    return camera @ pose[:3, :3].T + pose[:3, 3]


def plane_lines(planes: List[arscene.PlaneAnchor]) -> o3d.geometry.LineSet:
    """Every plane's boundary polygon in world coordinates, one colour each."""
    points: List[npt.NDArray[np.float64]] = []
    lines: List[List[int]] = []
    colors: List[List[float]] = []
    for plane in planes:
        local = np.hstack([plane.boundary, np.ones((len(plane.boundary), 1))])
        world = (plane.transform @ local.T).T[:, :3]
        first = len(points)
        points.extend(world)
        count = len(world)
        lines.extend([first + i, first + (i + 1) % count] for i in range(count))
        colour = [1.0, 0.3, 0.0] if plane.alignment == "horizontal" else [0.0, 0.5, 1.0]
        colors.extend([colour] * count)
    line_set = o3d.geometry.LineSet()
    line_set.points = o3d.utility.Vector3dVector(np.array(points).reshape(-1, 3))
    line_set.lines = o3d.utility.Vector2iVector(np.array(lines, dtype=np.int32).reshape(-1, 2))
    line_set.colors = o3d.utility.Vector3dVector(np.array(colors).reshape(-1, 3))
    return line_set


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sequence", help="a native sequence folder with depth")
    parser.add_argument("--frame", type=int, default=-1, help="the frame to show (default: last)")
    parser.add_argument("--out", help="write the points and plane outlines to this .ply instead")
    arguments = parser.parse_args()

    sequence = arscene.open_sequence(arguments.sequence)
    last = arguments.frame % len(sequence)
    with arscene.Session({**sequence.config, "planes.detection": 3}) as session:
        for index in range(last + 1):
            frame = sequence.frame(index)
            result = session.process(**frame)
    if result.pose is None or frame["depth"] is None:
        print(f"open3d_planes: frame {last} has no measured pose or no depth", file=sys.stderr)
        return 1
    cloud = o3d.geometry.PointCloud(o3d.utility.Vector3dVector(world_points(frame, result.pose)))
    outlines = plane_lines(result.plane_anchors)
    print(f"open3d_planes: frame {last}: {len(cloud.points)} points,"
          f" {len(result.plane_anchors)} planes")
    if arguments.out:
        # The outlines' corners join the cloud, coloured, so one file shows both.
        cloud.paint_uniform_color([0.6, 0.6, 0.6])
        cloud.points.extend(outlines.points)
        cloud.colors.extend(outlines.colors)
        o3d.io.write_point_cloud(arguments.out, cloud)
    else:
        o3d.visualization.draw_geometries([cloud, outlines])
    return 0


if __name__ == "__main__":
    sys.exit(main())
