#!/usr/bin/env python3
"""Peer baseline for plane detection: Open3D's detect_planar_patches on a point
cloud made from each depth frame, timed and scored like
opencv_rgbd_planes.cpp (same match rule, same output line).

    open3d_planes.py FRAMES.txt fx fy cx cy DEPTH_UNITS_PER_METRE [TRUTH.txt] [--stride N]

The timed part is what a user of Open3D runs per frame: the point cloud from
the depth image (every Nth pixel in x and y, default 1; depth to 6 m), its
normals (hybrid KD-tree search: at most 30 neighbours within 10 cm) and
detect_planar_patches with its defaults. Needs `pip install open3d`. Prints

    method Open3D_detect_planar_patches frames N median_ms M normals_median_ms M planes_median P
      [visible V found F recall R normal_median_deg D offset_median_m O]
"""
import sys
import time

import numpy as np
import open3d as o3d


def read_truth(path):
    truth = {}
    for line in open(path):
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        numbers = list(map(float, words[-9:]))
        truth.setdefault(int(words[0]), []).append({
            "name": " ".join(words[1:-9]), "normal": np.array(numbers[0:3]), "offset": numbers[3],
            "centroid": np.array(numbers[4:7]), "radius": numbers[7]})
    return truth


def score_frame(detected, truth, score):
    """The rule of opencv_rgbd_planes.cpp's ScoreFrame."""
    score["counts"].append(len(detected))
    for plane in truth:
        score["visible"] += 1
        best = None
        for normal, offset, centroid, points in detected:
            cosine = float(normal @ plane["normal"])
            if cosine <= 0:
                continue
            angle = np.degrees(np.arccos(min(1.0, cosine)))
            distance = abs(float(normal @ plane["centroid"]) + offset) / cosine
            if angle > 10 or distance > 0.10:
                continue
            if np.linalg.norm(centroid - plane["centroid"]) > plane["radius"] + 0.25:
                continue
            if best is None or points > best[2]:
                best = (angle, distance, points)
        if best is not None:
            score["found"] += 1
            score["normal"].append(best[0])
            score["offset"].append(best[1])


def oriented(normal, offset, centroid, points):
    length = np.linalg.norm(normal)
    normal, offset = normal / length, offset / length
    if offset < 0:
        normal, offset = -normal, -offset
    return normal, offset, centroid, points


def median(values):
    return float(np.median(values)) if len(values) else float("nan")


def main():
    args = sys.argv[1:]
    stride = 1
    if "--stride" in args:
        i = args.index("--stride")
        stride = int(args[i + 1])
        del args[i:i + 2]
    if len(args) not in (6, 7):
        print(__doc__, file=sys.stderr)
        return 2
    frames_path, fx, fy, cx, cy, units = args[:6]
    fx, fy, cx, cy, units = map(float, (fx, fy, cx, cy, units))
    truth = read_truth(args[6]) if len(args) == 7 else None
    frames = [line.split() for line in open(frames_path) if line.strip() and not line.startswith("#")]
    if not frames:
        print(f"{frames_path}: no frames", file=sys.stderr)
        return 1
    intrinsic = None
    score = {"ms": [], "normals_ms": [], "counts": [], "visible": 0, "found": 0, "normal": [], "offset": []}
    for index, (_, _, depth_path) in enumerate(frames):
        depth = o3d.io.read_image(depth_path)
        if intrinsic is None:
            height, width = np.asarray(depth).shape[:2]
            intrinsic = o3d.camera.PinholeCameraIntrinsic(width, height, fx, fy, cx, cy)
        start = time.perf_counter()
        cloud = o3d.geometry.PointCloud.create_from_depth_image(
            depth, intrinsic, depth_scale=units, depth_trunc=6.0, stride=stride)
        cloud.estimate_normals(o3d.geometry.KDTreeSearchParamHybrid(radius=0.1, max_nn=30))
        normals_ms = (time.perf_counter() - start) * 1000
        patches = cloud.detect_planar_patches()
        score["ms"].append((time.perf_counter() - start) * 1000)
        score["normals_ms"].append(normals_ms)
        detected = []
        for patch in patches:
            # The patch's plane: its box's third axis through its centre
            # (Open3D's camera axes are OpenCV's).
            normal = np.asarray(patch.R)[:, 2]
            centre = np.asarray(patch.center)
            area = patch.extent[0] * patch.extent[1]
            detected.append(oriented(normal, -float(normal @ centre), centre, area))
        if truth is not None:
            score_frame(detected, truth.get(index, []), score)
        else:
            score["counts"].append(len(detected))
    line = "method Open3D_detect_planar_patches frames %d median_ms %.3f normals_median_ms %.3f planes_median %.1f" % (
        len(frames), median(score["ms"]), median(score["normals_ms"]), median(score["counts"]))
    if truth is not None:
        line += " visible %d found %d recall %.4f normal_median_deg %.4f offset_median_m %.5f" % (
            score["visible"], score["found"], score["found"] / score["visible"] if score["visible"] else 0.0,
            median(score["normal"]), median(score["offset"]))
    print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
