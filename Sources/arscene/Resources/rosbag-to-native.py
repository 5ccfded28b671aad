#!/usr/bin/env python3
"""Reads a ROS bag into ARScene's native sequence format (or lists its topics).

    rosbag-to-native BAG --out DIR [--color T] [--depth T] [--camera-info T]
                     [--imu T] [--pose T | --tf PARENT:CHILD] [--tolerance S]
    rosbag-to-native BAG --info

BAG is a rosbag2 folder or file (SQLite3 .db3 or MCAP) or a ROS 1 .bag, read
with the `rosbags` package from PyPI. Topics are guessed when not given (the
guesses are printed by --info, as `arscene dataset info BAG` shows them):
  colour       sensor_msgs/Image (rgb8, bgr8, mono8) or CompressedImage (jpeg, png)
  depth        sensor_msgs/Image 16UC1 (millimetres) or 32FC1 (metres, kept
               to 0.2 mm)
  intrinsics   sensor_msgs/CameraInfo (plumb_bob/rational_polynomial distortion
               kept; other models refused)
  IMU          sensor_msgs/Imu, taken to be in the colour camera's optical
               frame (x right, y down, z forward); other frames are not
               turned (tf_static is not read yet)
  ground truth geometry_msgs/PoseStamped or nav_msgs/Odometry, or with --tf
               PARENT:CHILD the /tf transforms from PARENT to CHILD (one
               edge, not a chain): world_from_camera of the colour camera's
               optical frame (OpenCV axes)
Colour and depth are paired by time within --tolerance (default 0.02 s).
Writes DIR/sequence.json, rgb.txt, depth.txt, imu.txt, groundtruth.txt and
the images, in a hidden folder moved into place when complete. Bad input
(no image topic, unknown encodings, colour and depth of different sizes, a
truncated bag, timestamps going backwards) exits 1 naming the topic and the
problem.
"""
import argparse
import io
import json
import math
import os
import pathlib
import shutil
import sys

COLOR_TYPES = {"sensor_msgs/msg/Image", "sensor_msgs/msg/CompressedImage"}


def fail(message):
    print(f"rosbag-to-native: {message}", file=sys.stderr)
    sys.exit(1)


def stamp(message):
    header = getattr(message, "header", None)
    if header is None:
        return None
    return header.stamp.sec + header.stamp.nanosec * 1e-9


def open_reader(path):
    try:
        from rosbags.highlevel import AnyReader
    except ImportError:
        fail("needs the rosbags package (python3 -m pip install rosbags)")
    reader = AnyReader([pathlib.Path(path)])
    try:
        reader.open()
    except Exception as error:  # rosbags raises its own types per format
        fail(f"{path}: cannot be read as a ROS bag: {error}")
    return reader


def topics(reader):
    found = {}
    for connection in reader.connections:
        entry = found.setdefault(connection.topic, {"type": connection.msgtype, "count": 0})
        entry["count"] += connection.msgcount
    return found


def guess(found, types, words=(), avoid=()):
    candidates = [t for t, info in sorted(found.items()) if info["type"] in types
                  and not any(word in t for word in avoid)]
    preferred = [t for t in candidates if any(word in t for word in words)]
    return (preferred or candidates or [None])[0]


def guesses(found):
    depth = guess(found, {"sensor_msgs/msg/Image"}, words=("depth",))
    color = guess(found, COLOR_TYPES, words=("color", "rgb", "image"), avoid=("depth",))
    return {
        "color": color, "depth": depth if depth != color else None,
        "camera_info": guess(found, {"sensor_msgs/msg/CameraInfo"}, words=("color", "rgb"), avoid=("depth",)),
        "imu": guess(found, {"sensor_msgs/msg/Imu"}),
        "pose": guess(found, {"geometry_msgs/msg/PoseStamped", "nav_msgs/msg/Odometry"}),
    }


def decode_image(message, topic):
    """(numpy array, kind): 'color' (RGB uint8), 'gray', or 'depth_1000' /
    'depth_5000' (uint16 in units of a millimetre / 0.2 mm)."""
    import numpy as np
    if hasattr(message, "format"):  # CompressedImage
        from PIL import Image
        try:
            with Image.open(io.BytesIO(bytes(message.data))) as picture:
                return np.asarray(picture.convert("RGB")), "color"
        except Exception as error:
            fail(f"{topic}: a compressed image ({message.format}) cannot be decoded: {error}")
    encoding = message.encoding.lower()
    height, width, step = message.height, message.width, message.step
    data = bytes(message.data)
    if len(data) < height * step:
        fail(f"{topic}: an image of {width}x{height} holds {len(data)} bytes, fewer than {height * step}")
    rows = np.frombuffer(data, dtype=np.uint8)[: height * step].reshape(height, step)
    if encoding in ("rgb8", "bgr8"):
        pixels = rows[:, : width * 3].reshape(height, width, 3)
        return (pixels if encoding == "rgb8" else pixels[:, :, ::-1]), "color"
    if encoding == "mono8":
        return rows[:, :width], "gray"
    if encoding in ("16uc1", "mono16"):
        dtype = ">u2" if message.is_bigendian else "<u2"
        return rows[:, : width * 2].copy().view(dtype).reshape(height, width).astype(np.uint16), "depth_1000"
    if encoding == "32fc1":
        dtype = ">f4" if message.is_bigendian else "<f4"
        metres = rows[:, : width * 4].copy().view(dtype).reshape(height, width)
        # 0.2 mm units (TUM's 5000 per metre): finer than any depth camera,
        # up to 13 m.
        units = np.where(np.isfinite(metres) & (metres > 0), np.round(metres * 5000), 0)
        return np.clip(units, 0, 65535).astype(np.uint16), "depth_5000"
    fail(f"{topic}: image encoding {message.encoding} is not supported (rgb8, bgr8, mono8, 16UC1, 32FC1)")


def quaternion_matrix(q):
    x, y, z, w = q
    return [[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
            [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
            [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]]


def info(path):
    reader = open_reader(path)
    found = topics(reader)
    print(f"bag:      {path}")
    for topic, entry in sorted(found.items()):
        print(f"  {topic}  {entry['type']}  {entry['count']} messages")
    print("guesses (override with --color, --depth, --camera-info, --imu, --pose):")
    for role, topic in guesses(found).items():
        print(f"  {role:12} {topic or '(none)'}")
    reader.close()


def convert(args):
    import numpy as np
    from PIL import Image
    reader = open_reader(args.bag)
    found = topics(reader)
    chosen = guesses(found)
    for role in chosen:
        given = getattr(args, role)
        if given is not None:
            if given not in found:
                fail(f"{given}: no such topic in {args.bag} (see --info)")
            chosen[role] = given
    if chosen["color"] is None:
        fail(f"{args.bag}: no image topic (sensor_msgs/Image or CompressedImage)")
    if chosen["camera_info"] is None:
        fail(f"{args.bag}: no sensor_msgs/CameraInfo topic: the camera's intrinsics are unknown")

    if args.tf and "/tf" not in found:
        fail(f"{args.bag}: --tf given but the bag has no /tf topic")
    wanted = {t for t in chosen.values() if t} | ({"/tf", "/tf_static"} & set(found))
    streams = {t: [] for t in wanted}
    last_time = {}
    connections = [c for c in reader.connections if c.topic in wanted]
    try:
        for connection, timestamp, raw in reader.messages(connections=connections):
            message = reader.deserialize(raw, connection.msgtype)
            time = stamp(message)
            if time is None:
                time = timestamp * 1e-9
            if connection.topic not in ("/tf", "/tf_static"):
                previous = last_time.get(connection.topic)
                if previous is not None and time < previous:
                    fail(f"{connection.topic}: timestamps go backwards ({time:.6f} s after {previous:.6f} s)")
                last_time[connection.topic] = time
            streams[connection.topic].append((time, message))
    except SystemExit:
        raise
    except Exception as error:
        fail(f"{args.bag}: cannot be read to the end (truncated?): {error}")
    reader.close()

    info_message = streams[chosen["camera_info"]][0][1]
    # ROS 1 spells the matrices in capitals.
    k = list(getattr(info_message, "k", None) if hasattr(info_message, "k") else info_message.K)
    camera = {"width": int(info_message.width), "height": int(info_message.height),
              "fx": float(k[0]), "fy": float(k[4]), "cx": float(k[2]), "cy": float(k[5])}
    distortion = [float(d) for d in (info_message.d if hasattr(info_message, "d") else info_message.D)]
    model = info_message.distortion_model
    if any(d != 0 for d in distortion):
        if model not in ("plumb_bob", "rational_polynomial"):
            fail(f"{chosen['camera_info']}: distortion model {model} cannot be honoured (plumb_bob or rational_polynomial)")
        camera["distortion"] = distortion

    staging = pathlib.Path(args.out).parent / f".{pathlib.Path(args.out).name}.partial-{os.getpid()}"
    shutil.rmtree(staging, ignore_errors=True)
    (staging / "rgb").mkdir(parents=True)
    colors = streams[chosen["color"]]
    depths = streams.get(chosen["depth"], []) if chosen["depth"] else []
    rgb_lines, depth_lines = [], []
    depth_index = 0
    depth_scale = None
    for time, message in colors:
        pixels, kind = decode_image(message, chosen["color"])
        if kind.startswith("depth"):
            fail(f"{chosen['color']}: the colour topic holds depth")
        if pixels.shape[1] != camera["width"] or pixels.shape[0] != camera["height"]:
            fail(f"{chosen['color']}: images are {pixels.shape[1]}x{pixels.shape[0]} but CameraInfo says {camera['width']}x{camera['height']}")
        name = f"rgb/{time:.6f}.png"
        Image.fromarray(pixels).save(staging / name)
        rgb_lines.append(f"{time:.6f} {name}")
        # The depth image nearest in time, within the tolerance.
        while depth_index + 1 < len(depths) and abs(depths[depth_index + 1][0] - time) <= abs(depths[depth_index][0] - time):
            depth_index += 1
        if depths and abs(depths[depth_index][0] - time) <= args.tolerance:
            depth, kind = decode_image(depths[depth_index][1], chosen["depth"])
            if not kind.startswith("depth"):
                fail(f"{chosen['depth']}: the depth topic is not 16UC1 or 32FC1")
            scale = 1000.0 if kind == "depth_1000" else 5000.0
            if depth_scale not in (None, scale):
                fail(f"{chosen['depth']}: depth encodings change within the topic")
            depth_scale = scale
            if depth.shape[:2] != pixels.shape[:2]:
                fail(f"{chosen['depth']}: depth is {depth.shape[1]}x{depth.shape[0]} but colour is {pixels.shape[1]}x{pixels.shape[0]}")
            (staging / "depth").mkdir(exist_ok=True)
            depth_name = f"depth/{time:.6f}.png"
            Image.fromarray(depth).save(staging / depth_name)
            depth_lines.append(f"{time:.6f} {depth_name}")
    sensors = ["color"] + (["depth"] if depth_lines else [])
    (staging / "rgb.txt").write_text("# color images\n# timestamp filename\n" + "\n".join(rgb_lines) + "\n")
    if depth_lines:
        (staging / "depth.txt").write_text(f"# depth images, 16-bit PNG, {depth_scale} units per metre\n# timestamp filename\n" + "\n".join(depth_lines) + "\n")
    if chosen["imu"]:
        # ROS IMU messages in the camera's optical frame (OpenCV axes); the
        # native file is in ARKit camera axes: y and z flip.
        lines = []
        for time, message in streams[chosen["imu"]]:
            a, g = message.linear_acceleration, message.angular_velocity
            lines.append(f"{time:.6f} {a.x!r} {-a.y!r} {-a.z!r} {g.x!r} {-g.y!r} {-g.z!r}")
        (staging / "imu.txt").write_text("# inertial samples in ARKit camera axes (+X right, +Y up, +Z back): m/s^2 with gravity, rad/s\n# timestamp ax ay az gx gy gz\n" + "\n".join(lines) + "\n")
        sensors.append("imu")
    poses = []
    if args.tf:
        parent, child = args.tf
        for _, message in streams.get("/tf", []):
            for transform in message.transforms:
                if transform.header.frame_id == parent and transform.child_frame_id == child:
                    t, q = transform.transform.translation, transform.transform.rotation
                    poses.append((stamp(transform), t, q))
        if not poses:
            fail(f"/tf: no transform from {parent} to {child} (one edge is read, not a chain)")
        poses.sort(key=lambda entry: entry[0])
        chosen["pose"] = "/tf"
    elif chosen["pose"]:
        for time, message in streams[chosen["pose"]]:
            pose = message.pose.pose if hasattr(message, "child_frame_id") else message.pose
            poses.append((time, pose.position, pose.orientation))
    if poses:
        lines = []
        for time, p, q in poses:
            lines.append(f"{time:.6f} {p.x!r} {p.y!r} {p.z!r} {q.x!r} {q.y!r} {q.z!r} {q.w!r}")
        (staging / "groundtruth.txt").write_text("# ground truth: world_from_camera, OpenCV camera axes\n# timestamp tx ty tz qx qy qz qw\n" + "\n".join(lines) + "\n")
        sensors.append("groundTruth")
    frame_rate = (len(colors) - 1) / (colors[-1][0] - colors[0][0]) if len(colors) > 1 and colors[-1][0] > colors[0][0] else 30.0
    description = {
        "name": pathlib.Path(args.bag).stem, "camera": camera, "frameRate": round(frame_rate, 6),
        "sensors": sensors, "provenance": f"converted from the ROS bag {pathlib.Path(args.bag).name}",
    }
    if depth_lines:
        description["depth"] = {"scale": depth_scale}
    if chosen["pose"]:
        description["groundTruth"] = {"convention": "opencv"}
    (staging / "sequence.json").write_text(json.dumps(description, indent=2, sort_keys=True) + "\n")
    target = pathlib.Path(args.out)
    if target.exists():
        shutil.rmtree(target)
    staging.rename(target)
    print(f"rosbag-to-native: {len(rgb_lines)} frames ({len(depth_lines)} with depth) from {chosen['color']} to {target}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bag")
    parser.add_argument("--out")
    parser.add_argument("--info", action="store_true")
    parser.add_argument("--color")
    parser.add_argument("--depth")
    parser.add_argument("--camera-info", dest="camera_info")
    parser.add_argument("--imu")
    parser.add_argument("--pose")
    parser.add_argument("--tf", help="ground truth from the /tf transforms PARENT:CHILD")
    parser.add_argument("--tolerance", type=float, default=0.02)
    args = parser.parse_args()
    if not os.path.exists(args.bag):
        fail(f"{args.bag}: does not exist")
    if args.info:
        info(args.bag)
        return
    if not args.out:
        fail("give --out DIR (or --info)")
    if not (args.tolerance > 0 and math.isfinite(args.tolerance)):
        fail("--tolerance must be > 0 seconds")
    if args.tf is not None:
        frames = args.tf.split(":")
        if len(frames) != 2 or not all(frames):
            fail(f"--tf {args.tf}: expected PARENT:CHILD frame names")
        args.tf = frames
    convert(args)


if __name__ == "__main__":
    main()
