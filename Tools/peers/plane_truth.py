#!/usr/bin/env python3
"""Ground truth for the plane peers: for every frame of FRAMES.txt, the planes
of the synthetic sequence's annotations.json that enough of the depth image
lies on, in that frame's OpenCV camera axes (+X right, +Y down, +Z forward).

    plane_truth.py SEQUENCE FRAMES.txt OUT.txt [--min-share 0.03]

A plane counts on a frame when at least min-share of the image's pixels have
a depth whose 3D point lies within 2 cm + 0.5 cm/m^2 * z^2 of the plane and
inside its polygon: occlusion is decided by the depth itself, so the floor
under the table does not count. Poses come from groundtruth.txt
(world_from_camera, OpenCV camera axes, annotations' world; nearest pose
within 10 ms). OUT.txt lines:

    frame name nx ny nz d cx cy cz radius share

with n . x + d = 0 (n towards the camera, d > 0), c the mean of the plane's
pixels projected onto it, radius the 95th percentile of their distance from
c, share of the image's pixels. opencv_rgbd_planes.cpp and open3d_planes.py
read it.
"""
import json
import os
import sys

import numpy as np

DEPTH_IMAGE_READER = None


def read_depth(path):
    global DEPTH_IMAGE_READER
    if DEPTH_IMAGE_READER is None:
        try:
            import cv2
            DEPTH_IMAGE_READER = lambda p: cv2.imread(p, cv2.IMREAD_UNCHANGED)
        except ImportError:
            import open3d as o3d
            DEPTH_IMAGE_READER = lambda p: np.asarray(o3d.io.read_image(p))
    return DEPTH_IMAGE_READER(path)


def read_frames(path):
    return [line.split() for line in open(path) if line.strip() and not line.startswith("#")]


def read_poses(path):
    poses = []
    for line in open(path):
        fields = line.split()
        if not fields or fields[0].startswith("#"):
            continue
        t, tx, ty, tz, qx, qy, qz, qw = map(float, fields[:8])
        poses.append((t, quaternion_to_matrix(qx, qy, qz, qw), np.array([tx, ty, tz])))
    return poses


def quaternion_to_matrix(x, y, z, w):
    n = np.sqrt(x * x + y * y + z * z + w * w)
    x, y, z, w = x / n, y / n, z / n, w / n
    return np.array([
        [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
        [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
        [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
    ])


def plane_axes(plane):
    """In-plane unit axes (u along the polygon's first edge, v = n x u)."""
    n = np.array(plane["normal"], dtype=float)
    polygon = np.array(plane["polygon"], dtype=float)
    edge = polygon[1] - polygon[0]
    u = edge - edge.dot(n) * n
    u /= np.linalg.norm(u)
    return n, u, np.cross(n, u), polygon


def inside(points2d, polygon2d):
    """Even-odd test of many points against one polygon."""
    result = np.zeros(len(points2d), dtype=bool)
    x, y = points2d[:, 0], points2d[:, 1]
    j = len(polygon2d) - 1
    for i in range(len(polygon2d)):
        (xi, yi), (xj, yj) = polygon2d[i], polygon2d[j]
        crosses = (yi > y) != (yj > y)
        with np.errstate(divide="ignore", invalid="ignore"):
            at = xi + (y - yi) / (yj - yi) * (xj - xi)
        result ^= crosses & (x < at)
        j = i
    return result


def main():
    args = sys.argv[1:]
    min_share = 0.03
    if "--min-share" in args:
        i = args.index("--min-share")
        min_share = float(args[i + 1])
        del args[i:i + 2]
    if len(args) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    sequence, frames_path, out_path = args
    description = json.load(open(os.path.join(sequence, "sequence.json")))
    camera = description["camera"]
    units = description["depth"]["scale"]
    planes = json.load(open(os.path.join(sequence, "annotations.json")))["planes"]
    poses = read_poses(os.path.join(sequence, "groundtruth.txt"))
    pose_times = np.array([p[0] for p in poses])
    fx, fy, cx, cy = (camera[k] for k in ("fx", "fy", "cx", "cy"))
    geometry = [plane_axes(p) for p in planes]

    lines = ["# frame name nx ny nz d cx cy cz radius share (OpenCV camera axes, metres)"]
    for index, (timestamp, _, depth_path) in enumerate(read_frames(frames_path)):
        nearest = int(np.argmin(np.abs(pose_times - float(timestamp))))
        if abs(pose_times[nearest] - float(timestamp)) > 0.01:
            continue
        _, rotation, translation = poses[nearest]
        raw = read_depth(depth_path)
        rows, cols = raw.shape
        z = raw.astype(np.float64) / units
        v, u = np.nonzero(z > 0)
        zs = z[v, u]
        camera_points = np.stack([(u - cx) * zs / fx, (v - cy) * zs / fy, zs], axis=1)
        world_points = camera_points @ rotation.T + translation
        tolerance = 0.02 + 0.005 * zs * zs
        for plane, (n, axis_u, axis_v, polygon) in zip(planes, geometry):
            centre = np.array(plane["center"], dtype=float)
            # n . (t - centre) > 0: the camera is on the side the plane faces.
            if n.dot(translation - centre) <= 0:
                continue
            distance = (world_points - centre) @ n
            near = np.abs(distance) <= tolerance
            if near.sum() < min_share * rows * cols:
                continue
            relative = world_points[near] - centre
            flat = np.stack([relative @ axis_u, relative @ axis_v], axis=1)
            corners = np.stack([(polygon - centre) @ axis_u, (polygon - centre) @ axis_v], axis=1)
            on = inside(flat, corners)
            if on.sum() < min_share * rows * cols:
                continue
            on_plane = world_points[near][on] - np.outer(distance[near][on], n)
            centroid_world = on_plane.mean(axis=0)
            radius = np.percentile(np.linalg.norm(on_plane - centroid_world, axis=1), 95)
            normal_camera = rotation.T @ n
            offset = n.dot(translation - centre)
            centroid_camera = rotation.T @ (centroid_world - translation)
            lines.append("%d %s %.6f %.6f %.6f %.6f %.6f %.6f %.6f %.4f %.4f" % (
                (index, plane["name"]) + tuple(normal_camera) + (offset,) + tuple(centroid_camera)
                + (radius, on.sum() / (rows * cols))))
    open(out_path, "w").write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
