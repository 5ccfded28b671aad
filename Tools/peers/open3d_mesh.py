#!/usr/bin/env python3
"""Peer for scene reconstruction: Open3D's ScalableTSDFVolume integrating the
frames ARScene fused, at ARScene's poses and voxel size, timed and measured,
and written as the same PLY layout arscene mesh writes (every face's class
none), so that Tools/mesh/mesh_eval.py and depth_agreement.py score both
alike.

    open3d_mesh.py SEQUENCE TRAJECTORY OUT.ply [--voxel-size M] [--max-depth M]
                   [--fusion-interval N] [--json FILE]

SEQUENCE is a native sequence (arscene dataset convert writes one, depth
registered to colour); TRAJECTORY is the replay's (replay --trajectory,
world_from_camera in OpenCV camera axes): its frames are the ones with a
measured pose, of which ARScene fuses every --fusion-interval-th (default 2,
its default) with depth. Truncation is 4 voxels, as ARScene's. Prints the
milliseconds per integrated frame (median, p99), the mesh extraction's and
the memory the volume took (resident set growth). Needs `pip install open3d`.
"""
import json
import resource
import sys
import time

if __name__ == "__main__" and sys.argv[1:2] in (["-h"], ["--help"]):
    print(__doc__)
    sys.exit(0)

import numpy as np

sys.path.insert(0, __file__.rsplit("/", 2)[0] + "/mesh")
from mesh_eval import read_native, read_tum  # noqa: E402


def read_poses(path):
    """The trajectory's poses as 4x4 world_from_camera matrices, by time."""
    poses = {}
    for t, (rotation, position) in read_tum(path).items():
        pose = np.identity(4)
        pose[:3, :3] = rotation
        pose[:3, 3] = position
        poses[t] = pose
    return poses


def resident_megabytes():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def write_ply(path, vertices, normals, faces):
    vertex = np.zeros(len(vertices), dtype=[("p", "<f4", 3), ("n", "<f4", 3), ("c", "u1", 3)])
    vertex["p"] = vertices
    vertex["n"] = normals
    vertex["c"] = 160
    face = np.zeros(len(faces), dtype=[("k", "u1"), ("i", "<u4", 3), ("class", "u1")])
    face["k"] = 3
    face["i"] = faces
    header = (
        "ply\nformat binary_little_endian 1.0\ncomment Open3D ScalableTSDFVolume (peer)\n"
        f"element vertex {len(vertices)}\nproperty float x\nproperty float y\nproperty float z\n"
        "property float nx\nproperty float ny\nproperty float nz\n"
        "property uchar red\nproperty uchar green\nproperty uchar blue\n"
        f"element face {len(faces)}\nproperty list uchar uint vertex_indices\nproperty uchar classification\n"
        "end_header\n")
    with open(path, "wb") as out:
        out.write(header.encode("ascii") + vertex.tobytes() + face.tobytes())


def main(arguments):
    import argparse

    import open3d as o3d

    parser = argparse.ArgumentParser()
    parser.add_argument("sequence")
    parser.add_argument("trajectory")
    parser.add_argument("out")
    parser.add_argument("--voxel-size", type=float, default=0.02)
    parser.add_argument("--max-depth", type=float, default=4.0)
    parser.add_argument("--fusion-interval", type=int, default=2)
    parser.add_argument("--json")
    options = parser.parse_args(arguments)
    camera, scale, depths = read_native(options.sequence)
    intrinsic = o3d.camera.PinholeCameraIntrinsic(
        camera["width"], camera["height"], camera["fx"], camera["fy"], camera["cx"], camera["cy"])
    poses = read_poses(options.trajectory)
    depth_list = {round(t, 6): name for t, name in depths}
    rgb_list = {round(float(t), 6): name for t, name in
                (line.split() for line in open(f"{options.sequence}/rgb.txt") if not line.startswith("#"))}
    # ARScene counts the frames with depth and a measured pose and fuses
    # every fusion-interval-th of them, from the first.
    fused = [t for t in sorted(poses) if t in depth_list and t in rgb_list][::options.fusion_interval]
    volume = o3d.pipelines.integration.ScalableTSDFVolume(
        voxel_length=options.voxel_size, sdf_trunc=4 * options.voxel_size,
        color_type=o3d.pipelines.integration.TSDFVolumeColorType.RGB8)
    before = resident_megabytes()
    milliseconds = []
    for t in fused:
        color = o3d.io.read_image(f"{options.sequence}/{rgb_list[t]}")
        depth = o3d.io.read_image(f"{options.sequence}/{depth_list[t]}")
        rgbd = o3d.geometry.RGBDImage.create_from_color_and_depth(
            color, depth, depth_scale=scale, depth_trunc=options.max_depth, convert_rgb_to_intensity=False)
        start = time.perf_counter()
        volume.integrate(rgbd, intrinsic, np.linalg.inv(poses[t]))
        milliseconds.append((time.perf_counter() - start) * 1000)
    start = time.perf_counter()
    mesh = volume.extract_triangle_mesh()
    extraction = (time.perf_counter() - start) * 1000
    memory = resident_megabytes() - before
    mesh.compute_vertex_normals()
    vertices = np.asarray(mesh.vertices)
    # Open3D's world is the trajectory's: OpenCV world axes as the poses
    # give them, which for a replay trajectory is ARScene's world.
    write_ply(options.out, vertices, np.asarray(mesh.vertex_normals), np.asarray(mesh.triangles))
    result = {
        "framesIntegrated": len(fused),
        "integrateMedianMs": float(np.median(milliseconds)),
        "integrateP99Ms": float(np.percentile(milliseconds, 99)),
        "extractionMs": extraction,
        "memoryMB": memory,
        "vertices": int(len(vertices)),
        "faces": int(len(mesh.triangles)),
    }
    if options.json:
        json.dump(result, open(options.json, "w"), indent=2, sort_keys=True)
    print(f"Open3D ScalableTSDFVolume at {options.voxel_size * 100:g} cm: {len(fused)} frames integrated,"
          f" {result['integrateMedianMs']:.2f} ms median, {result['integrateP99Ms']:.2f} ms p99 per frame;"
          f" mesh extraction {extraction:.0f} ms; volume and mesh {memory:.0f} MB;"
          f" {result['vertices']} vertices, {result['faces']} faces")


if __name__ == "__main__":
    main(sys.argv[1:])
