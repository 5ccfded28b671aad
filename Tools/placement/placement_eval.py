#!/usr/bin/env python3
"""Measures placed objects of an `arscene replay --tap ...` run against a
synthetic sequence's ground truth (annotations.json planes, groundtruth.txt).

  placement_eval.py SEQUENCE EVENTS.jsonl          per-object report
  placement_eval.py SEQUENCE --suggest T           which true plane each image
                                                   point shows at time T

The session's world is mapped onto the ground truth's with the rotation that
best agrees with the camera orientations of normally tracked frames (chordal
mean; a fit of positions alone leaves a short walk's tilt loose by ~0.5
degrees, 1 cm across a room) and the translation that then best agrees with
their positions. Reported per
object: the error on the tap's own frame (to where the tap ray meets the true
plane), when it stays within 1 cm of the true surface, and, for the frames
from 0.5 s after placement until the next drag or turn, the standard
deviation of its position and its largest tick-to-tick step (60 Hz loop) in
the session's world (what a renderer draws), plus whether it ends inside its
anchor's boundary and the true plane's polygon.
"""
import json
import sys

# --help answers before the NumPy import, so that it works without NumPy.
if __name__ == "__main__" and sys.argv[1:2] in (["-h"], ["--help"]):
    print(__doc__)
    sys.exit(0)

import numpy as np

FLIP = np.diag([1.0, -1.0, -1.0])


def quaternion_matrix(qx, qy, qz, qw):
    x, y, z, w = qx, qy, qz, qw
    return np.array([
        [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
        [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
        [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
    ])


def load_ground_truth(sequence):
    poses = []
    for line in open(f"{sequence}/groundtruth.txt"):
        if line.startswith("#") or not line.strip():
            continue
        t, tx, ty, tz, qx, qy, qz, qw = map(float, line.split())
        # OpenCV camera axes to ARKit's.
        poses.append((t, quaternion_matrix(qx, qy, qz, qw) @ FLIP, np.array([tx, ty, tz])))
    return poses


def pose_at(poses, t):
    return min(poses, key=lambda p: abs(p[0] - t))


def load_planes(sequence):
    annotations = json.load(open(f"{sequence}/annotations.json"))
    return [
        dict(name=p["name"], cls=p["classification"], centre=np.array(p["center"]),
             normal=np.array(p["normal"]), polygon=np.array(p["polygon"]))
        for p in annotations["planes"]
    ]


def inside_polygon(points2, p):
    inside = False
    n = len(points2)
    for i in range(n):
        a, b = points2[i], points2[i - 1]
        if (a[1] > p[1]) != (b[1] > p[1]) and p[0] < (b[0] - a[0]) * (p[1] - a[1]) / (b[1] - a[1]) + a[0]:
            inside = not inside
    return inside


def plane_axes(plane):
    n = plane["normal"]
    u = np.cross(n, [0, 1, 0] if abs(n[1]) < 0.9 else [1, 0, 0])
    u /= np.linalg.norm(u)
    return u, np.cross(n, u)


def on_plane_polygon(plane, point):
    return distance_outside(plane, point) == 0


def distance_outside(plane, point):
    """Metres from point (projected into the plane) to the plane's polygon,
    0 inside."""
    u, v = plane_axes(plane)
    flat = np.array([((c - plane["centre"]) @ u, (c - plane["centre"]) @ v) for c in plane["polygon"]])
    p = np.array(((point - plane["centre"]) @ u, (point - plane["centre"]) @ v))
    if inside_polygon(flat, p):
        return 0.0
    best = float("inf")
    for i in range(len(flat)):
        a, b = flat[i - 1], flat[i]
        t = np.clip((p - a) @ (b - a) / ((b - a) @ (b - a)), 0, 1)
        best = min(best, np.linalg.norm(p - (a + t * (b - a))))
    return best


def true_hit(planes, origin, direction):
    best = None
    for plane in planes:
        cosine = plane["normal"] @ direction
        if abs(cosine) < 1e-9:
            continue
        distance = plane["normal"] @ (plane["centre"] - origin) / cosine
        if distance <= 0 or (best and distance >= best[0]):
            continue
        point = origin + distance * direction
        if on_plane_polygon(plane, point):
            best = (distance, point, plane)
    return best


def screen_ray(camera, intrinsics, point):
    t, rotation, position = camera
    u = point[0] * intrinsics["width"] - 0.5
    v = point[1] * intrinsics["height"] - 0.5
    d = np.array([(u - intrinsics["cx"]) / intrinsics["fx"], -(v - intrinsics["cy"]) / intrinsics["fy"], -1.0])
    d = rotation @ d
    return position, d / np.linalg.norm(d)


def align(source_positions, target_positions, truth_from_session_rotations):
    u, _, vt = np.linalg.svd(sum(truth_from_session_rotations))
    s = np.eye(3)
    if np.linalg.det(u) * np.linalg.det(vt) < 0:
        s[2, 2] = -1
    rotation = u @ s @ vt
    return rotation, target_positions.mean(0) - rotation @ source_positions.mean(0)


def main():
    sequence = sys.argv[1]
    description = json.load(open(f"{sequence}/sequence.json"))
    camera = description["camera"]
    intrinsics = dict(width=camera["width"], height=camera["height"], fx=camera["fx"], fy=camera["fy"],
                      cx=camera["cx"], cy=camera["cy"])
    poses = load_ground_truth(sequence)
    planes = load_planes(sequence)
    origin_time = poses[0][0]
    if sys.argv[2] == "--suggest":
        t = float(sys.argv[3])
        gt = pose_at(poses, origin_time + t)
        for y in np.linspace(0.1, 0.9, 9):
            row = []
            for x in np.linspace(0.1, 0.9, 9):
                hit = true_hit(planes, *screen_ray(gt, intrinsics, (x, y)))
                row.append(f"{hit[2]['cls'][:5] if hit else '-':>6}")
            print(f"y={y:.1f} " + " ".join(row))
        return

    events = [json.loads(line) for line in open(sys.argv[2])]
    frames = {e["frame"]: e for e in events if e["type"] == "frame"}
    source, target, rotations = [], [], []
    for e in frames.values():
        if e["trackingState"] != "normal":
            continue
        m = np.array(e["worldFromCamera"]).reshape(4, 4).T
        gt = pose_at(poses, e["timestamp"])
        source.append(m[:3, 3])
        target.append(gt[2])
        rotations.append(gt[1] @ m[:3, :3].T)
    rotation, translation = align(np.array(source), np.array(target), rotations)
    residual = np.linalg.norm((np.array(source) @ rotation.T + translation) - np.array(target), axis=1)
    print(f"world alignment: {len(source)} frames, camera position residual median "
          f"{1000 * np.median(residual):.1f} mm, max {1000 * residual.max():.1f} mm")
    to_truth = lambda p: rotation @ p + translation

    anchors = {}
    last_tick = max(e.get("tick", 0) for e in events if e["type"] != "summary")
    tick_rate = 60.0
    objects = {}
    for e in events:
        if e["type"].startswith("anchor") and e["type"] != "anchorRemoved":
            anchors[e["anchor"]["id"]] = e["anchor"]
        if e["type"] in ("objectPlaced", "objectMoved"):
            o = e["object"]
            entry = objects.setdefault(o["id"], dict(name=o["name"], states=[], touches=[]))
            position = np.array(o["transform"][12:15])
            if e["type"] == "objectPlaced":
                entry.update(frame=e["frame"], tick=e["tick"], t=e["t"], screen=e["screenPoint"],
                             first=position)
            elif e.get("cause") in ("drag", "rotate"):
                entry["touches"].append(e["t"])
            entry["states"].append((e["t"], e["frame"], position, o["anchor"], e))
        if e["type"] == "placementRejected":
            print(f"rejected {e['object']['name']} at t={e['t']:.2f}: {e['reason']}")
    for id, entry in objects.items():
        gt = pose_at(poses, frames[entry["frame"]]["timestamp"])
        hit = true_hit(planes, *screen_ray(gt, intrinsics, entry["screen"]))
        name = entry["name"]
        if not hit:
            print(f"{name}: the tap ray meets no annotated plane")
            continue
        plane = hit[2]
        first_error = np.linalg.norm(to_truth(entry["first"]) - hit[1])
        # Per tick of the loop, the object's last position of that tick.
        by_tick = {}
        for t, frame, position, anchor, e in entry["states"]:
            by_tick[e["tick"]] = (t, position, anchor)
        series = []
        current = None
        for tick in range(entry["tick"], last_tick + 1):
            if tick in by_tick:
                current = by_tick[tick]
            series.append((tick / tick_rate, current[1], current[2]))
        touched = min(entry["touches"], default=float("inf"))
        untouched = [s for s in series if s[0] < touched]
        surface = [abs(plane["normal"] @ (to_truth(p) - plane["centre"])) for _, p, _ in untouched]
        outside = [i for i, d in enumerate(surface) if d > 0.01]
        settle = 0.0 if not outside else (untouched[outside[-1] + 1][0] - entry["t"] if outside[-1] + 1 < len(untouched) else float("inf"))
        window = [p for t, p, _ in untouched if t >= entry["t"] + 0.5]
        stack = np.array(window) if window else np.zeros((0, 3))
        std = np.sqrt(((stack - stack.mean(0)) ** 2).sum(1).mean()) if len(stack) else float("nan")
        steps = np.linalg.norm(np.diff(np.array([p for _, p, _ in untouched]), axis=0), axis=1)
        final_anchor = series[-1][2]
        inside_anchor = None
        if final_anchor in anchors:
            a = anchors[final_anchor]
            m = np.array(a["transform"]).reshape(4, 4).T
            local = np.linalg.inv(m) @ np.append(series[-1][1], 1)
            inside_anchor = inside_polygon(a["boundary"], (local[0], local[2]))
        outside_truth = distance_outside(plane, to_truth(series[-1][1]))
        print(f"{name} on {plane['name']} (tap t={entry['t']:.2f}, frame {entry['frame']}): "
              f"tap-frame error {1000 * first_error:.1f} mm, surface distance at tap "
              f"{1000 * surface[0]:.1f} mm, within 1 cm from +{settle:.3f} s, final "
              f"{1000 * surface[-1]:.1f} mm; from +0.5 s: std {1000 * std:.3f} mm over "
              f"{len(window)} untouched ticks; largest untouched tick-to-tick step {1000 * steps.max() if len(steps) else 0:.2f} mm; "
              f"ends inside anchor {inside_anchor}, {1000 * outside_truth:.0f} mm outside the true polygon")


if __name__ == "__main__":
    main()
