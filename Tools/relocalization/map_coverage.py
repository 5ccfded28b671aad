#!/usr/bin/env python3
"""How much of what each query frame sees a map's frames saw: the ceiling on
relocalization in a map built from part of a recording.

    map_coverage.py SEVEN_SCENES_FOLDER [--map-frames A-B] [--query-frames C-D]
                    [--step N] [--report RELOCALIZE.json] [--json OUT]

For a 7-Scenes folder (frame-NNNNNN.depth.png in millimetres, 65535 none,
frame-NNNNNN.pose.txt camera-to-world; depth intrinsics 585 px, centre
320x240): every --step-th query frame's depth readings (every 8th pixel,
0.1-4 m), placed in the world at the dataset's pose, are projected into
every 3rd map frame; a reading counts as seen there when that frame's depth
agrees within 5 cm. A query frame's coverage is the largest fraction any
one map frame saw. With --report (arscene relocalize --json), prints the
fraction of query frames relocalization answered at each coverage.

The 7-Scenes benchmarks map a scene from its training sequences, which cover
it; a map of frames 0-299 of one sequence does not cover what frames
300-599 turn to, so no relocalizer answers those from the map's content.
Needs numpy and pillow.
"""
import argparse
import json
import sys

if __name__ == "__main__" and sys.argv[1:2] in (["-h"], ["--help"]):
    print(__doc__)
    sys.exit(0)

import numpy as np
from PIL import Image

FOCAL, CX, CY = 585.0, 320.0, 240.0
AGREEMENT = 0.05  # metres
MAP_STEP = 3


def frame_range(text):
    first, last = (int(part) for part in text.split("-"))
    if first < 0 or last < first:
        raise argparse.ArgumentTypeError(f"{text} is not a range A-B with 0 <= A <= B")
    return range(first, last + 1)


def load_depth(folder, index):
    depth = np.array(Image.open(f"{folder}/frame-{index:06d}.depth.png")).astype(np.float64)
    depth[depth == 65535] = 0
    return depth / 1000


def load_pose(folder, index):
    pose = np.loadtxt(f"{folder}/frame-{index:06d}.pose.txt")
    if pose.shape != (4, 4) or not np.isfinite(pose).all():
        raise ValueError(f"frame-{index:06d}.pose.txt is not a finite 4x4 matrix")
    return pose


def world_points(depth, pose):
    """Every 8th pixel's reading between 0.1 and 4 m, in the world."""
    sampled = depth[::8, ::8]
    rows, columns = np.mgrid[0:depth.shape[0]:8, 0:depth.shape[1]:8]
    usable = (sampled > 0.1) & (sampled < 4)
    z = sampled[usable]
    camera = np.stack([(columns[usable] - CX) * z / FOCAL, (rows[usable] - CY) * z / FOCAL, z,
                       np.ones_like(z)])
    return (pose @ camera)[:3]


def seen_fraction(points, camera_from_world, depth):
    """The fraction of world points the camera sees where its depth is."""
    if points.shape[1] == 0:
        return 0.0
    camera = camera_from_world[:3, :3] @ points + camera_from_world[:3, 3:4]
    z = camera[2]
    ahead = z > 0.1
    u = np.round(FOCAL * camera[0][ahead] / z[ahead] + CX).astype(int)
    v = np.round(FOCAL * camera[1][ahead] / z[ahead] + CY).astype(int)
    inside = (u >= 0) & (u < depth.shape[1]) & (v >= 0) & (v < depth.shape[0])
    readings = depth[v[inside], u[inside]]
    agree = (readings > 0) & (np.abs(readings - z[ahead][inside]) < AGREEMENT)
    return float(agree.sum()) / points.shape[1]


def read_report(path):
    """Frame number -> entry of an `arscene relocalize --json` report."""
    try:
        with open(path) as handle:
            return {entry["frame"]: entry for entry in json.load(handle)["per_frame"]}
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise ValueError(f"{path} is not an `arscene relocalize --json` report"
                         f" (per_frame entries with frame and found): {error!r}")


def main():
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("folder")
    parser.add_argument("--map-frames", type=frame_range, default=frame_range("0-299"))
    parser.add_argument("--query-frames", type=frame_range, default=frame_range("300-599"))
    parser.add_argument("--step", type=int, default=2)
    parser.add_argument("--report")
    parser.add_argument("--json")
    args = parser.parse_args()
    if args.step < 1:
        parser.error(f"--step must be at least 1, got {args.step}")
    try:
        # Read first: a wrong report is refused before the minutes of work.
        frames = read_report(args.report) if args.report else {}
        views = [(np.linalg.inv(load_pose(args.folder, i)), load_depth(args.folder, i))
                 for i in args.map_frames[::MAP_STEP]]
        coverage = {}
        for query in args.query_frames[::args.step]:
            points = world_points(load_depth(args.folder, query), load_pose(args.folder, query))
            coverage[query] = max(seen_fraction(points, pose, depth) for pose, depth in views)
    except (OSError, ValueError) as error:
        print(f"map_coverage.py: {error}", file=sys.stderr)
        return 1
    values = np.array(list(coverage.values()))
    print(f"{len(coverage)} query frames; coverage by the map's frames: median {np.median(values):.0%};"
          f" {np.mean(values >= 0.5):.0%} of the frames at 50% or more, {np.mean(values >= 0.4):.0%}"
          f" at 40% or more")
    result = {"coverage": {str(k): round(v, 4) for k, v in coverage.items()}}
    if args.report:
        missing = [query for query in coverage if query not in frames]
        if missing:
            print(f"map_coverage.py: {args.report} has no frame {missing[0]}", file=sys.stderr)
            return 1
        result["answered_by_coverage"] = {}
        for low, high in [(0, 0.3), (0.3, 0.4), (0.4, 0.5), (0.5, 1.01)]:
            chosen = [q for q, v in coverage.items() if low <= v < high]
            answered = sum(frames[q]["found"] for q in chosen) / max(len(chosen), 1)
            result["answered_by_coverage"][f"{low:.1f}-{min(high, 1):.1f}"] = {
                "frames": len(chosen), "answered": round(answered, 4)}
            print(f"  coverage {low:.0%}-{min(high, 1):.0%}: {len(chosen)} frames, {answered:.1%} answered")
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(result, handle, indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
