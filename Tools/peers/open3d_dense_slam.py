#!/usr/bin/env python3
"""Peer baseline: Open3D's dense RGB-D SLAM (open3d.t.pipelines.slam), frame
to model as in KinectFusion: each depth image is aligned by point-to-plane
ICP to a view raycast from a TSDF volume of everything integrated so far,
then integrated into it. 7-Scenes' ground truth was made this way
(KinectFusion), so on 7-Scenes this peer is the closest independent
re-run of the reference's own method.

    open3d_dense_slam.py FRAMES.txt fx fy cx cy DEPTH_UNITS_PER_METRE OUT.txt [VOXEL_M]

FRAMES.txt and OUT.txt as for opencv_rgbd_odometry.cpp; VOXEL_M is the TSDF
voxel size (default 0.01 m). Needs `pip install open3d`. Runs on the CPU:
about 0.25 s a frame at 640x480 on this project's 2-core machine. Prints the
median and p99 milliseconds per frame (tracking, integration and raycast).
"""
import sys
import time

import numpy as np
import open3d as o3d
import open3d.core as o3c

from open3d_rgbd_odometry import rotation_to_quaternion

DEPTH_MAX_M = 4.0
# ICP pairs further apart than this are not the same surface (metres).
DEPTH_DIFF_M = 0.07
TRUNCATION_VOXELS = 8.0
BLOCK_RESOLUTION = 16
BLOCK_COUNT = 40000


def main():
    if len(sys.argv) not in (8, 9):
        print(__doc__, file=sys.stderr)
        return 2
    frames_path, fx, fy, cx, cy, units, out_path = sys.argv[1:8]
    fx, fy, cx, cy, units = map(float, (fx, fy, cx, cy, units))
    voxel = float(sys.argv[8]) if len(sys.argv) == 9 else 0.01
    try:
        frames = [line.split() for line in open(frames_path) if line.strip() and not line.startswith("#")]
    except OSError as error:
        print(f"{frames_path}: cannot be read ({error.strerror})", file=sys.stderr)
        return 1
    if not frames:
        print(f"{frames_path}: no frames", file=sys.stderr)
        return 1
    for number, fields in enumerate(frames, 1):
        if len(fields) != 3:
            print(f"{frames_path}: frame {number} is not 'timestamp rgb depth'", file=sys.stderr)
            return 1
    device = o3c.Device("CPU:0")
    intrinsic = o3c.Tensor(np.array([[fx, 0, cx], [0, fy, cy], [0, 0, 1]]))
    model = o3d.t.pipelines.slam.Model(voxel, BLOCK_RESOLUTION, BLOCK_COUNT, o3c.Tensor(np.identity(4)), device)
    world_from_camera = np.identity(4)
    current = raycast = None
    milliseconds = []
    with open(out_path, "w") as out:
        out.write("# Open3D dense SLAM (TSDF, frame to model)\n# timestamp tx ty tz qx qy qz qw\n")
        for index, (timestamp, rgb_path, depth_path) in enumerate(frames):
            depth = o3d.t.io.read_image(depth_path)
            color = o3d.t.io.read_image(rgb_path)
            for path, image in ((depth_path, depth), (rgb_path, color)):
                if image.is_empty():
                    print(f"{path}: cannot be read as an image (frame {index + 1} of {frames_path})",
                          file=sys.stderr)
                    return 1
            if current is None:
                current = o3d.t.pipelines.slam.Frame(depth.rows, depth.columns, intrinsic, device)
                raycast = o3d.t.pipelines.slam.Frame(depth.rows, depth.columns, intrinsic, device)
            current.set_data_from_image("depth", depth)
            current.set_data_from_image("color", color)
            start = time.perf_counter()
            if index > 0:
                result = model.track_frame_to_model(current, raycast, units, DEPTH_MAX_M, DEPTH_DIFF_M)
                world_from_camera = world_from_camera @ result.transformation.cpu().numpy()
            model.update_frame_pose(index, o3c.Tensor(world_from_camera))
            model.integrate(current, units, DEPTH_MAX_M, TRUNCATION_VOXELS)
            model.synthesize_model_frame(raycast, units, 0.1, DEPTH_MAX_M, TRUNCATION_VOXELS)
            milliseconds.append((time.perf_counter() - start) * 1000)
            t = world_from_camera[:3, 3]
            q = rotation_to_quaternion(world_from_camera[:3, :3])
            out.write("%s %.7f %.7f %.7f %.7f %.7f %.7f %.7f\n" % ((timestamp,) + tuple(t) + tuple(q)))
    ms = sorted(milliseconds[1:]) or [0.0]
    print("frames %d failures 0 median_ms %.3f p99_ms %.3f" % (
        len(frames), ms[len(ms) // 2], ms[min(len(ms) - 1, int(0.99 * (len(ms) - 1)))]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
