#!/usr/bin/env python3
"""Peer baseline: Open3D's RGB-D odometry (hybrid photometric + geometric
term), frame to frame, as the ARScene tracker is compared against it.

    open3d_rgbd_odometry.py FRAMES.txt fx fy cx cy DEPTH_UNITS_PER_METRE OUT.txt

FRAMES.txt and OUT.txt as for opencv_rgbd_odometry.cpp. Needs `pip install
open3d`. Prints the median and p99 milliseconds of odometry per frame.
"""
import sys
import time

import numpy as np
import open3d as o3d


def main():
    if len(sys.argv) != 8:
        print(__doc__, file=sys.stderr)
        return 2
    frames_path, fx, fy, cx, cy, units, out_path = sys.argv[1:]
    fx, fy, cx, cy, units = map(float, (fx, fy, cx, cy, units))
    frames = [line.split() for line in open(frames_path) if line.strip() and not line.startswith("#")]
    if not frames:
        print(f"{frames_path}: no frames", file=sys.stderr)
        return 1
    option = o3d.pipelines.odometry.OdometryOption()
    jacobian = o3d.pipelines.odometry.RGBDOdometryJacobianFromHybridTerm()
    world_from_camera = np.identity(4)
    previous = None
    intrinsic = None
    milliseconds = []
    failures = 0
    with open(out_path, "w") as out:
        out.write("# Open3D RGB-D odometry (hybrid), frame to frame\n# timestamp tx ty tz qx qy qz qw\n")
        for timestamp, rgb_path, depth_path in frames:
            color = o3d.io.read_image(rgb_path)
            depth = o3d.io.read_image(depth_path)
            if intrinsic is None:
                height, width = np.asarray(depth).shape[:2]
                intrinsic = o3d.camera.PinholeCameraIntrinsic(width, height, fx, fy, cx, cy)
            current = o3d.geometry.RGBDImage.create_from_color_and_depth(
                color, depth, depth_scale=units, depth_trunc=6.0, convert_rgb_to_intensity=True)
            if previous is not None:
                start = time.perf_counter()
                # source = current, target = previous: the result maps current
                # camera points into the previous camera (previous_from_current).
                ok, previous_from_current, _ = o3d.pipelines.odometry.compute_rgbd_odometry(
                    current, previous, intrinsic, np.identity(4), jacobian, option)
                milliseconds.append((time.perf_counter() - start) * 1000)
                if ok:
                    world_from_camera = world_from_camera @ previous_from_current
                else:
                    failures += 1
            previous = current
            t = world_from_camera[:3, 3]
            q = rotation_to_quaternion(world_from_camera[:3, :3])
            out.write("%s %.7f %.7f %.7f %.7f %.7f %.7f %.7f\n" % ((timestamp,) + tuple(t) + tuple(q)))
    ms = sorted(milliseconds) or [0.0]
    print("frames %d failures %d median_ms %.3f p99_ms %.3f" % (
        len(frames), failures, ms[len(ms) // 2], ms[min(len(ms) - 1, int(0.99 * (len(ms) - 1)))]))
    return 0


def rotation_to_quaternion(r):
    """x, y, z, w of a rotation matrix (Shepperd's method)."""
    trace = r[0, 0] + r[1, 1] + r[2, 2]
    if trace > 0:
        s = np.sqrt(trace + 1.0) * 2
        q = ((r[2, 1] - r[1, 2]) / s, (r[0, 2] - r[2, 0]) / s, (r[1, 0] - r[0, 1]) / s, s / 4)
    elif r[0, 0] > r[1, 1] and r[0, 0] > r[2, 2]:
        s = np.sqrt(1.0 + r[0, 0] - r[1, 1] - r[2, 2]) * 2
        q = (s / 4, (r[0, 1] + r[1, 0]) / s, (r[0, 2] + r[2, 0]) / s, (r[2, 1] - r[1, 2]) / s)
    elif r[1, 1] > r[2, 2]:
        s = np.sqrt(1.0 + r[1, 1] - r[0, 0] - r[2, 2]) * 2
        q = ((r[0, 1] + r[1, 0]) / s, s / 4, (r[1, 2] + r[2, 1]) / s, (r[0, 2] - r[2, 0]) / s)
    else:
        s = np.sqrt(1.0 + r[2, 2] - r[0, 0] - r[1, 1]) * 2
        q = ((r[0, 2] + r[2, 0]) / s, (r[1, 2] + r[2, 1]) / s, s / 4, (r[1, 0] - r[0, 1]) / s)
    q = np.array(q)
    return q / np.linalg.norm(q) * (1 if q[3] >= 0 else -1)


if __name__ == "__main__":
    sys.exit(main())
