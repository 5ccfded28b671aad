#!/usr/bin/env python3
"""Writes a replay's events as an MCAP file for Foxglove, RViz and ROS 2 tools.

    events-to-mcap EVENTS.jsonl --out FILE.mcap

Topics (ROS 2 messages, CDR, written with the `rosbags` package's rosbag2
MCAP storage, so any MCAP reader opens the file):
  /arscene/camera_pose  geometry_msgs/PoseStamped, one per frame: world_from_camera
                        (world "arscene_world", +Y up; camera axes as ARKit's)
  /arscene/planes       visualization_msgs/MarkerArray after each frame that changed
                        an anchor: one closed LINE_STRIP per plane anchor (DELETE for
                        a removed one), coloured by class
  /arscene/coaching     std_msgs/String, each message shown ("" when cleared)
Exit 1 naming the file and line on bad input.
"""
import argparse
import importlib.util
import json
import math
import os
import pathlib
import shutil
import sys
import tempfile

COLORS = {"floor": (0.30, 0.47, 0.66), "wall": (0.61, 0.46, 0.37), "ceiling": (0.70, 0.47, 0.64),
          "table": (0.96, 0.52, 0.09), "seat": (0.33, 0.64, 0.29)}


def fail(message):
    print(f"events-to-mcap: {message}", file=sys.stderr)
    sys.exit(1)


def quaternion(m):
    """(x, y, z, w) of the rotation in a column-major 4x4."""
    r = [[m[0], m[4], m[8]], [m[1], m[5], m[9]], [m[2], m[6], m[10]]]
    trace = r[0][0] + r[1][1] + r[2][2]
    if trace > 0:
        s = math.sqrt(trace + 1.0) * 2
        return ((r[2][1] - r[1][2]) / s, (r[0][2] - r[2][0]) / s, (r[1][0] - r[0][1]) / s, 0.25 * s)
    i = max(range(3), key=lambda k: r[k][k])
    j, k = (i + 1) % 3, (i + 2) % 3
    s = math.sqrt(1.0 + r[i][i] - r[j][j] - r[k][k]) * 2
    q = [0.0, 0.0, 0.0, 0.0]
    q[i] = 0.25 * s
    q[j] = (r[j][i] + r[i][j]) / s
    q[k] = (r[k][i] + r[i][k]) / s
    q[3] = (r[k][j] - r[j][k]) / s
    return tuple(q)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("events")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    if importlib.util.find_spec("rosbags") is None:
        fail("needs the rosbags package (python3 -m pip install rosbags)")
    events = []
    try:
        with open(args.events, encoding="utf-8") as file:
            for number, line in enumerate(file, 1):
                if line.strip():
                    try:
                        events.append((number, json.loads(line)))
                    except json.JSONDecodeError as error:
                        fail(f"{args.events}:{number}: not JSON ({error.msg})")
    except OSError as error:
        fail(f"{args.events}: cannot be read ({error.strerror})")
    if not events or events[0][1].get("type") != "session":
        fail(f"{args.events}: the events do not start with a session event (write them with arscene replay --events)")

    out = pathlib.Path(args.out)
    # A folder of our own, made new (never one that is there already), for
    # the writer's rosbag2 folder; only it is removed afterwards.
    own = pathlib.Path(tempfile.mkdtemp(prefix=f".{out.name}.partial-{os.getpid()}-", dir=out.parent))
    try:
        write_mcap(args, events, own / "bag", out)
    finally:
        shutil.rmtree(own, ignore_errors=True)


def write_mcap(args, events, staging, out):
    from rosbags.rosbag2 import StoragePlugin, Writer
    from rosbags.typesys import Stores, get_typestore
    store = get_typestore(Stores.ROS2_HUMBLE)
    T = store.types
    writer = Writer(staging, version=9, storage_plugin=StoragePlugin.MCAP)
    writer.open()
    pose_t, markers_t, string_t = "geometry_msgs/msg/PoseStamped", "visualization_msgs/msg/MarkerArray", "std_msgs/msg/String"
    pose_c = writer.add_connection("/arscene/camera_pose", pose_t, typestore=store)
    planes_c = writer.add_connection("/arscene/planes", markers_t, typestore=store)
    coaching_c = writer.add_connection("/arscene/coaching", string_t, typestore=store)
    counts = {"/arscene/camera_pose": 0, "/arscene/planes": 0, "/arscene/coaching": 0}

    def header(t):
        sec = int(t)
        return T["std_msgs/msg/Header"](
            stamp=T["builtin_interfaces/msg/Time"](sec=sec, nanosec=int(round((t - sec) * 1e9)) % 1_000_000_000),
            frame_id="arscene_world")

    def write(connection, topic, t, message, msgtype):
        writer.write(connection, int(round(t * 1e9)), store.serialize_cdr(message, msgtype))
        counts[topic] += 1

    def point(x, y, z):
        return T["geometry_msgs/msg/Point"](x=float(x), y=float(y), z=float(z))

    import numpy as np
    changed = []
    for number, event in events:
        kind = event.get("type")
        t = float(event.get("t", 0))
        if kind in ("anchorAdded", "anchorUpdated", "anchorRemoved"):
            anchor = event.get("anchor") or {}
            if anchor.get("kind", "plane") == "plane":
                changed.append((kind, anchor, number))
        elif kind == "frame":
            m = event.get("worldFromCamera")
            if not isinstance(m, list) or len(m) != 16:
                fail(f"{args.events}:{number}: a frame without worldFromCamera")
            x, y, z, w = quaternion(m)
            pose = T["geometry_msgs/msg/Pose"](position=point(m[12], m[13], m[14]),
                                               orientation=T["geometry_msgs/msg/Quaternion"](x=x, y=y, z=z, w=w))
            write(pose_c, "/arscene/camera_pose", t, T[pose_t](header=header(t), pose=pose), pose_t)
            if changed:
                markers = []
                for change, anchor, line in changed:
                    marker_id = int(str(anchor.get("id", "0"))[-8:], 16) if anchor.get("id") else 0
                    m = anchor.get("transform") or []
                    if len(m) != 16:
                        fail(f"{args.events}:{line}: an anchor without a transform")
                    corners = [(m[0] * bx + m[8] * bz + m[12], m[1] * bx + m[9] * bz + m[13], m[2] * bx + m[10] * bz + m[14])
                               for bx, bz in anchor.get("boundary", [])]
                    red, green, blue = COLORS.get(anchor.get("classification"), (0.5, 0.5, 0.5))
                    markers.append(T["visualization_msgs/msg/Marker"](
                        header=header(t), ns="planes", id=marker_id, type=4,  # LINE_STRIP
                        action=2 if change == "anchorRemoved" else 0,
                        pose=T["geometry_msgs/msg/Pose"](position=point(0, 0, 0),
                                                         orientation=T["geometry_msgs/msg/Quaternion"](x=0.0, y=0.0, z=0.0, w=1.0)),
                        scale=T["geometry_msgs/msg/Vector3"](x=0.02, y=0.0, z=0.0),
                        color=T["std_msgs/msg/ColorRGBA"](r=red, g=green, b=blue, a=1.0),
                        lifetime=T["builtin_interfaces/msg/Duration"](sec=0, nanosec=0), frame_locked=False,
                        points=[point(*c) for c in corners + corners[:1]], colors=[],
                        texture_resource="", texture=T["sensor_msgs/msg/CompressedImage"](header=header(t), format="", data=np.zeros(0, dtype=np.uint8)),
                        uv_coordinates=[], text=anchor.get("classification", ""),
                        mesh_resource="", mesh_file=T["visualization_msgs/msg/MeshFile"](filename="", data=np.zeros(0, dtype=np.uint8)),
                        mesh_use_embedded_materials=False))
                write(planes_c, "/arscene/planes", t, T[markers_t](markers=markers), markers_t)
                changed = []
        elif kind == "coaching":
            message = event.get("message") or {}
            write(coaching_c, "/arscene/coaching", t, T[string_t](data=message.get("text", "")), string_t)
    writer.close()
    written = sorted(staging.glob("*.mcap"))
    if len(written) != 1:
        fail(f"{staging}: expected one .mcap file, found {len(written)}")
    written[0].replace(out)
    print(f"events-to-mcap: wrote {out}: " + ", ".join(f"{topic} {count}" for topic, count in counts.items()))


if __name__ == "__main__":
    main()
