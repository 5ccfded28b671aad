#!/usr/bin/env python3
"""How well a reconstructed mesh agrees with a sequence's own depth: the
mesh rendered from the camera of every N-th frame (the replay's poses, the
mesh's world) against the frame's registered depth.

  depth_agreement.py SEQUENCE MESH.ply TRAJECTORY.txt [--frame-step N]
                     [--max-depth M] [--json OUT]

SEQUENCE is a native sequence (arscene dataset convert writes one, depth
registered to colour); MESH is arscene mesh's PLY (or the Open3D peer's);
TRAJECTORY is the same replay's (replay --trajectory). Reported: over the
pixels with a depth reading nearer than --max-depth (the fusion's limit)
where the mesh is hit, the median and 90th percentile of |mesh - depth|;
the fraction of those pixels the mesh covers; and of the pixels without a
reading, the fraction the mesh fills (what a rendered scene depth adds).
Renders with Open3D's RaycastingScene (pip install open3d).
"""
import json
import sys

if __name__ == "__main__" and sys.argv[1:2] in (["-h"], ["--help"]):
    print(__doc__)
    sys.exit(0)

import numpy as np

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from mesh_eval import read_native, read_ply, read_tum  # noqa: E402


def main(arguments):
    import argparse

    import open3d as o3d
    from PIL import Image

    parser = argparse.ArgumentParser()
    parser.add_argument("sequence")
    parser.add_argument("mesh")
    parser.add_argument("trajectory")
    parser.add_argument("--frame-step", type=int, default=10)
    parser.add_argument("--max-depth", type=float, default=4.0)
    parser.add_argument("--json")
    options = parser.parse_args(arguments)
    camera, scale, depths = read_native(options.sequence)
    vertices, faces, _ = read_ply(options.mesh)
    scene = o3d.t.geometry.RaycastingScene()
    scene.add_triangles(vertices.astype(np.float32), faces.astype(np.uint32))
    intrinsic = np.array([[camera["fx"], 0, camera["cx"]], [0, camera["fy"], camera["cy"]], [0, 0, 1]])
    poses = read_tum(options.trajectory)
    differences, covered, measured, filled, missing = [], 0, 0, 0, 0
    for t, name in depths[::options.frame_step]:
        key = round(t, 6)
        if key not in poses:
            continue
        rotation, position = poses[key]
        extrinsic = np.identity(4)
        extrinsic[:3, :3] = rotation.T
        extrinsic[:3, 3] = -rotation.T @ position
        rays = scene.create_rays_pinhole(intrinsic, extrinsic, camera["width"], camera["height"])
        hit = scene.cast_rays(rays)["t_hit"].numpy()
        # t along a ray of unit length in the image plane's z: depth is t
        # times the ray direction's z in the camera.
        directions = rays.numpy()[..., 3:]
        z = hit * (directions @ rotation[:, 2])
        depth = np.asarray(Image.open(f"{options.sequence}/{name}"), dtype=np.float64) / scale
        reading = (depth > 0) & (depth < options.max_depth)
        mesh_seen = np.isfinite(z)
        both = reading & mesh_seen
        differences.append(np.abs(z[both] - depth[both]))
        covered += both.sum()
        measured += reading.sum()
        filled += (~(depth > 0) & mesh_seen).sum()
        missing += (~(depth > 0)).sum()
    all_differences = np.concatenate(differences)
    result = {
        "frames": len(differences),
        "medianAbsoluteDifferenceCm": float(np.median(all_differences) * 100),
        "p90AbsoluteDifferenceCm": float(np.percentile(all_differences, 90) * 100),
        "readingsCovered": float(covered / max(measured, 1)),
        "missingFilled": float(filled / max(missing, 1)),
    }
    if options.json:
        json.dump(result, open(options.json, "w"), indent=2, sort_keys=True)
    print(f"{result['frames']} frames: |mesh - depth| median {result['medianAbsoluteDifferenceCm']:.2f} cm,"
          f" 90th percentile {result['p90AbsoluteDifferenceCm']:.2f} cm over the"
          f" {100 * result['readingsCovered']:.1f}% of readings (< {options.max_depth:g} m) the mesh covers;"
          f" the mesh fills {100 * result['missingFilled']:.1f}% of the pixels without a reading")


if __name__ == "__main__":
    main(sys.argv[1:])
