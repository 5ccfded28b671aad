#!/usr/bin/env python3
"""Reads a ROS bag into ARScene's native sequence format (or lists its topics).

    rosbag-to-native BAG --out DIR [--color T] [--depth T] [--camera-info T]
                     [--depth-camera-info T] [--imu T]
                     [--pose T | --tf PARENT:CHILD] [--tolerance S]
    rosbag-to-native BAG --info

BAG is a rosbag2 folder or file (SQLite3 .db3 or MCAP) or a ROS 1 .bag, read
with the `rosbags` package from PyPI. Topics are guessed when not given (the
guesses are printed by --info, as `arscene dataset info BAG` shows them):
  colour       sensor_msgs/Image (rgb8, bgr8, mono8) or CompressedImage (jpeg, png)
  depth        sensor_msgs/Image 16UC1 (millimetres) or 32FC1 (metres, kept
               to 0.2 mm)
  intrinsics   sensor_msgs/CameraInfo (plumb_bob/rational_polynomial distortion
               kept; other models refused)
  IMU          sensor_msgs/Imu, turned into the colour camera's optical frame
               (x right, y down, z forward) by /tf_static when its frame_id
               is another frame; taken to be in it when /tf_static does not
               connect the two (a note says so)
  ground truth geometry_msgs/PoseStamped or nav_msgs/Odometry, or with --tf
               PARENT:CHILD the transform from PARENT to CHILD through the
               /tf and /tf_static tree (a chain of frames; moving edges
               interpolated at the times of the most frequent one):
               world_from_camera of the colour camera's optical frame
               (OpenCV axes)
Depth whose frame_id is not the colour image's, with /tf_static connecting
the two and a CameraInfo for the depth camera (guessed, or
--depth-camera-info), is written unregistered with depth.intrinsics and
depth.colorFromDepth, and registered to colour when the sequence is read.
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
import tempfile

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
    camera_info = guess(found, {"sensor_msgs/msg/CameraInfo"}, words=("color", "rgb"), avoid=("depth",))
    depth_info = guess(found, {"sensor_msgs/msg/CameraInfo"}, words=("depth",))
    return {
        "color": color, "depth": depth if depth != color else None,
        "camera_info": camera_info,
        "depth_camera_info": depth_info if depth_info != camera_info else None,
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


def rigid(translation, rotation):
    """The 4x4 matrix of a geometry_msgs translation and unit quaternion."""
    import numpy as np
    x, y, z, w = rotation
    norm = math.sqrt(x * x + y * y + z * z + w * w)
    if not (norm > 0) or not all(math.isfinite(v) for v in (*translation, x, y, z, w)):
        return None
    x, y, z, w = x / norm, y / norm, z / norm, w / norm
    m = np.eye(4)
    m[:3, :3] = [[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
                 [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
                 [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]]
    m[:3, 3] = translation
    return m


def matrix_quaternion(m):
    """(x, y, z, w) of a rotation matrix, w >= 0."""
    trace = m[0][0] + m[1][1] + m[2][2]
    if trace > 0:
        s = 2 * math.sqrt(trace + 1)
        q = ((m[2][1] - m[1][2]) / s, (m[0][2] - m[2][0]) / s, (m[1][0] - m[0][1]) / s, s / 4)
    elif m[0][0] > m[1][1] and m[0][0] > m[2][2]:
        s = 2 * math.sqrt(1 + m[0][0] - m[1][1] - m[2][2])
        q = (s / 4, (m[0][1] + m[1][0]) / s, (m[0][2] + m[2][0]) / s, (m[2][1] - m[1][2]) / s)
    elif m[1][1] > m[2][2]:
        s = 2 * math.sqrt(1 + m[1][1] - m[0][0] - m[2][2])
        q = ((m[0][1] + m[1][0]) / s, s / 4, (m[1][2] + m[2][1]) / s, (m[0][2] - m[2][0]) / s)
    else:
        s = 2 * math.sqrt(1 + m[2][2] - m[0][0] - m[1][1])
        q = ((m[0][2] + m[2][0]) / s, (m[1][2] + m[2][1]) / s, s / 4, (m[1][0] - m[0][1]) / s)
    return tuple(float(-v if q[3] < 0 else v) for v in q)


def frame_name(frame):
    # ROS 1 tf frames may carry a leading slash; tf2 drops it.
    return frame.lstrip("/")


class TransformTree:
    """/tf and /tf_static as tf2 keeps them: each child frame has one parent;
    static edges hold at all times, moving ones are interpolated (translation
    linearly, rotation by slerp) between their samples and held for up to
    the tolerance beyond the first and last."""

    def __init__(self, tolerance):
        self.tolerance = tolerance
        self.parents = {}  # child -> parent
        self.static = {}  # child -> 4x4 parent_from_child
        self.moving = {}  # child -> sorted [(time, translation, quaternion)]

    def add(self, transform, static, topic):
        parent, child = frame_name(transform.header.frame_id), frame_name(transform.child_frame_id)
        if not parent or not child or parent == child:
            fail(f"{topic}: a transform from '{parent}' to '{child}' names no two frames")
        known = self.parents.setdefault(child, parent)
        if known != parent:
            fail(f"{topic}: frame {child} has two parents, {known} and {parent}")
        t, q = transform.transform.translation, transform.transform.rotation
        translation, rotation = (t.x, t.y, t.z), (q.x, q.y, q.z, q.w)
        if rigid(translation, rotation) is None:
            fail(f"{topic}: the transform from {parent} to {child} is not finite or has a zero quaternion")
        if static:
            self.static[child] = rigid(translation, rotation)
        else:
            self.moving.setdefault(child, []).append((stamp(transform), translation, rotation))

    def finish(self):
        for samples in self.moving.values():
            samples.sort(key=lambda sample: sample[0])

    def ancestors(self, frame):
        chain = [frame]
        while chain[-1] in self.parents:
            chain.append(self.parents[chain[-1]])
            if len(chain) > 1000:
                fail(f"/tf: the frames above {frame} form a cycle")
        return chain

    def path(self, target, source):
        """The edges from source up to the common frame and from target up to
        it, or None when the two are not connected."""
        up_source, up_target = self.ancestors(source), self.ancestors(target)
        common = next((frame for frame in up_source if frame in up_target), None)
        if common is None:
            return None
        return up_source[: up_source.index(common)], up_target[: up_target.index(common)]

    def edge(self, child, time):
        import numpy as np
        if child in self.static:
            return self.static[child]
        samples = self.moving[child]
        times = [sample[0] for sample in samples]
        import bisect
        index = bisect.bisect_left(times, time)
        if index == 0 or index == len(samples):
            nearest = samples[0] if index == 0 else samples[-1]
            return rigid(nearest[1], nearest[2]) if abs(nearest[0] - time) <= self.tolerance else None
        (t0, p0, q0), (t1, p1, q1) = samples[index - 1], samples[index]
        a = (time - t0) / (t1 - t0) if t1 > t0 else 0.0
        translation = [p0[k] + a * (p1[k] - p0[k]) for k in range(3)]
        q0, q1 = np.array(q0) / np.linalg.norm(q0), np.array(q1) / np.linalg.norm(q1)
        dot = float(np.dot(q0, q1))
        if dot < 0:
            q1, dot = -q1, -dot
        if dot > 0.9995:
            q = q0 + a * (q1 - q0)
        else:
            angle = math.acos(min(1.0, dot))
            q = (math.sin((1 - a) * angle) * q0 + math.sin(a * angle) * q1) / math.sin(angle)
        return rigid(translation, tuple(q))

    def lookup(self, target, source, time, path=None):
        """target_from_source at time, or None where a moving edge has no
        sample near enough."""
        import numpy as np
        path = path or self.path(target, source)
        if path is None:
            return None
        up_source, up_target = path
        common_from_source, common_from_target = np.eye(4), np.eye(4)
        for child in up_source:
            m = self.edge(child, time)
            if m is None:
                return None
            common_from_source = m @ common_from_source
        for child in up_target:
            m = self.edge(child, time)
            if m is None:
                return None
            common_from_target = m @ common_from_target
        return np.linalg.inv(common_from_target) @ common_from_source

    def is_static(self, path):
        return all(child in self.static for child in path[0] + path[1])

    def clock(self, path):
        """The sample times of the path's most frequent moving edge."""
        moving = [child for child in path[0] + path[1] if child not in self.static]
        if not moving:
            return []
        busiest = max(moving, key=lambda child: len(self.moving[child]))
        return [sample[0] for sample in self.moving[busiest]]


def info(path):
    reader = open_reader(path)
    found = topics(reader)
    print(f"bag:      {path}")
    for topic, entry in sorted(found.items()):
        print(f"  {topic}  {entry['type']}  {entry['count']} messages")
    # In arscene's words: `dataset convert BAG --topic ROLE=TOPIC` (this
    # script's own --color etc. are not options of arscene).
    print("guesses (override one with: arscene dataset convert BAG --topic ROLE=TOPIC):")
    for role, topic in guesses(found).items():
        print(f"  {role.replace('_', '-'):17} {topic or '(none)'}")
    reader.close()


# Coefficients each distortion model takes: plumb_bob k1 k2 p1 p2 [k3]
# (drivers write 4 or 5), rational_polynomial k1 k2 p1 p2 k3 k4 k5 k6.
DISTORTION_COEFFICIENTS = {"plumb_bob": (4, 5), "rational_polynomial": (8,)}


def camera_from_info(message, topic):
    """The colour camera of a sensor_msgs/CameraInfo, checked: finite
    positive focal lengths and size, a centre inside the image, and finite
    distortion coefficients of the count its model takes. The first message
    (index 0) is the one read."""
    where = f"{topic} message 0"
    # ROS 1 spells the matrices in capitals.
    k = [float(v) for v in (message.k if hasattr(message, "k") else message.K)]
    if len(k) != 9:
        fail(f"{where}: K has {len(k)} values, not 9")
    width, height = int(message.width), int(message.height)
    if width <= 0 or height <= 0:
        fail(f"{where}: width x height is {width}x{height}")
    for name, value in (("K[0] (fx)", k[0]), ("K[4] (fy)", k[4]), ("K[2] (cx)", k[2]), ("K[5] (cy)", k[5])):
        if not math.isfinite(value):
            fail(f"{where}: {name} is {value}, not a finite number")
    if k[0] <= 0 or k[4] <= 0:
        fail(f"{where}: K's focal lengths are {k[0]} and {k[4]}; they must be positive (an all-zero K is an uncalibrated camera)")
    camera = {"width": width, "height": height, "fx": k[0], "fy": k[4], "cx": k[2], "cy": k[5]}
    distortion = [float(d) for d in (message.d if hasattr(message, "d") else message.D)]
    if not all(math.isfinite(d) for d in distortion):
        fail(f"{where}: D (distortion) holds a value that is not finite: {distortion}")
    model = message.distortion_model
    if any(d != 0 for d in distortion):
        if model not in DISTORTION_COEFFICIENTS:
            fail(f"{where}: distortion model {model} cannot be honoured (plumb_bob or rational_polynomial)")
        if len(distortion) not in DISTORTION_COEFFICIENTS[model]:
            takes = " or ".join(str(count) for count in DISTORTION_COEFFICIENTS[model])
            fail(f"{where}: D has {len(distortion)} coefficients; {model} takes {takes}")
        camera["distortion"] = distortion
    return camera


def convert(args):
    import numpy as np
    require_empty_or_absent(pathlib.Path(args.out))
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
    tree = TransformTree(args.tolerance)
    for topic in ("/tf_static", "/tf"):
        for _, message in streams.get(topic, []):
            for transform in message.transforms:
                tree.add(transform, topic == "/tf_static", topic)
    tree.finish()
    color_frame = frame_name(streams[chosen["color"]][0][1].header.frame_id) if streams[chosen["color"]] else ""

    if not streams[chosen["color"]]:
        fail(f"{chosen['color']}: the colour topic has no messages")
    if not streams[chosen["camera_info"]]:
        fail(f"{chosen['camera_info']}: the CameraInfo topic has no messages")
    camera = camera_from_info(streams[chosen["camera_info"]][0][1], chosen["camera_info"])

    # Depth from another camera: registered when read, given its intrinsics
    # and its pose in the colour camera's frame from /tf_static.
    depth_camera = None
    color_from_depth = None
    if chosen["depth"] and streams[chosen["depth"]]:
        depth_frame = frame_name(streams[chosen["depth"]][0][1].header.frame_id)
        path = tree.path(color_frame, depth_frame) if depth_frame and color_frame and depth_frame != color_frame else None
        if path is not None:
            if not tree.is_static(path):
                fail(f"{chosen['depth']}: the depth camera ({depth_frame}) moves against the colour camera ({color_frame}) in /tf")
            color_from_depth = tree.lookup(color_frame, depth_frame, 0.0, path)
            depth_infos = streams.get(chosen["depth_camera_info"]) if chosen["depth_camera_info"] else None
            depth_info = depth_infos[0][1] if depth_infos else None
            if depth_info is None:
                fail(f"{chosen['depth']}: depth is in frame {depth_frame}, colour in {color_frame}: registering it needs "
                     f"the depth camera's sensor_msgs/CameraInfo (--depth-camera-info TOPIC)")
            dk = list(depth_info.k if hasattr(depth_info, "k") else depth_info.K)
            depth_camera = {"width": int(depth_info.width), "height": int(depth_info.height),
                            "fx": float(dk[0]), "fy": float(dk[4]), "cx": float(dk[2]), "cy": float(dk[5])}
            same_camera = all(abs(depth_camera[key] - camera[key]) < 1e-9 for key in camera if key != "distortion")
            if same_camera and np.allclose(color_from_depth, np.eye(4), atol=1e-9):
                depth_camera, color_from_depth = None, None  # already registered
            else:
                print(f"note: depth ({depth_frame}) is registered to colour ({color_frame}) by /tf_static when read")
        elif depth_frame and color_frame and depth_frame != color_frame:
            print(f"note: /tf_static does not connect depth ({depth_frame}) and colour ({color_frame}): "
                  "depth is taken as registered to colour")

    staging = make_staging(pathlib.Path(args.out))
    try:
        write_sequence(args, staging, chosen, streams, camera, depth_camera, color_from_depth, tree, color_frame)
    finally:
        # Ours alone (made new by make_staging): gone after a failure, and
        # renamed into place after a success.
        shutil.rmtree(staging, ignore_errors=True)


def make_staging(target):
    """A new hidden folder beside target, .NAME.partial-PID-RANDOM, made with
    mkdir so that no folder already there is ever taken over (or removed)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    return pathlib.Path(tempfile.mkdtemp(prefix=f".{target.name}.partial-{os.getpid()}-", dir=target.parent))


def require_empty_or_absent(target):
    """The one rule for an output folder: it must not exist or be empty."""
    if target.is_symlink() or (target.exists() and not target.is_dir()):
        fail(f"{target}: exists and is not a folder")
    if target.exists() and any(target.iterdir()):
        fail(f"{target}: exists and is not empty; a sequence needs a folder of its own")


def write_sequence(args, staging, chosen, streams, camera, depth_camera, color_from_depth, tree, color_frame):
    from PIL import Image
    (staging / "rgb").mkdir()
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
        if (staging / name).exists():
            fail(f"{chosen['color']}: two images have the stamp {time:.6f} s (each frame needs a time of its own)")
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
            if depth_camera is not None:
                if (depth.shape[1], depth.shape[0]) != (depth_camera["width"], depth_camera["height"]):
                    fail(f"{chosen['depth']}: depth is {depth.shape[1]}x{depth.shape[0]} but its CameraInfo says {depth_camera['width']}x{depth_camera['height']}")
            elif depth.shape[:2] != pixels.shape[:2]:
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
        # Turned into the colour camera's optical frame (OpenCV axes) when
        # /tf_static says how the IMU sits (the lever arm does not matter to
        # rates, and little to accelerations at hand-held speeds); the native
        # file is in ARKit camera axes: y and z flip.
        samples = streams[chosen["imu"]]
        imu_frame = frame_name(samples[0][1].header.frame_id) if samples else ""
        color_from_imu = None
        if imu_frame and color_frame and imu_frame != color_frame:
            path = tree.path(color_frame, imu_frame)
            if path is None:
                print(f"note: /tf_static does not connect the IMU ({imu_frame}) and colour ({color_frame}): "
                      "its samples are taken to be in the colour camera's optical frame")
            elif not tree.is_static(path):
                fail(f"{chosen['imu']}: the IMU ({imu_frame}) moves against the colour camera ({color_frame}) in /tf")
            else:
                color_from_imu = tree.lookup(color_frame, imu_frame, 0.0, path)[:3, :3]
        lines = []
        for time, message in samples:
            a, g = message.linear_acceleration, message.angular_velocity
            a, g = (a.x, a.y, a.z), (g.x, g.y, g.z)
            if color_from_imu is not None:
                a = tuple(float(v) for v in color_from_imu @ a)
                g = tuple(float(v) for v in color_from_imu @ g)
            lines.append(f"{time:.6f} {a[0]!r} {-a[1]!r} {-a[2]!r} {g[0]!r} {-g[1]!r} {-g[2]!r}")
        (staging / "imu.txt").write_text("# inertial samples in ARKit camera axes (+X right, +Y up, +Z back): m/s^2 with gravity, rad/s\n# timestamp ax ay az gx gy gz\n" + "\n".join(lines) + "\n")
        sensors.append("imu")
    poses = []
    if args.tf:
        parent, child = (frame_name(frame) for frame in args.tf)
        path = tree.path(parent, child)
        if path is None:
            fail(f"/tf: no transform from {parent} to {child} (no chain of /tf and /tf_static frames joins them)")
        clock = tree.clock(path)
        if not clock:
            fail(f"/tf: the transform from {parent} to {child} is static: it is no trajectory")
        for time in clock:
            m = tree.lookup(parent, child, time, path)
            if m is not None:
                poses.append((time, tuple(float(v) for v in m[:3, 3]), matrix_quaternion(m)))
        chosen["pose"] = "/tf"
    elif chosen["pose"]:
        for time, message in streams[chosen["pose"]]:
            pose = message.pose.pose if hasattr(message, "child_frame_id") else message.pose
            p, q = pose.position, pose.orientation
            poses.append((time, (p.x, p.y, p.z), (q.x, q.y, q.z, q.w)))
    if poses:
        lines = []
        for time, p, q in poses:
            lines.append(f"{time:.6f} {p[0]!r} {p[1]!r} {p[2]!r} {q[0]!r} {q[1]!r} {q[2]!r} {q[3]!r}")
        (staging / "groundtruth.txt").write_text("# ground truth: world_from_camera, OpenCV camera axes\n# timestamp tx ty tz qx qy qz qw\n" + "\n".join(lines) + "\n")
        sensors.append("groundTruth")
    frame_rate = (len(colors) - 1) / (colors[-1][0] - colors[0][0]) if len(colors) > 1 and colors[-1][0] > colors[0][0] else 30.0
    description = {
        "name": pathlib.Path(args.bag).stem, "camera": camera, "frameRate": round(frame_rate, 6),
        "sensors": sensors, "provenance": f"converted from the ROS bag {pathlib.Path(args.bag).name}",
    }
    if depth_lines:
        description["depth"] = {"scale": depth_scale}
        if depth_camera is not None:
            description["depth"]["intrinsics"] = depth_camera
            description["depth"]["colorFromDepth"] = [float(v) for v in color_from_depth.reshape(-1)]
    if chosen["pose"]:
        description["groundTruth"] = {"convention": "opencv"}
    (staging / "sequence.json").write_text(json.dumps(description, indent=2, sort_keys=True) + "\n")
    target = pathlib.Path(args.out)
    require_empty_or_absent(target)
    if target.exists():
        target.rmdir()
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
    parser.add_argument("--depth-camera-info", dest="depth_camera_info")
    parser.add_argument("--imu")
    parser.add_argument("--pose")
    parser.add_argument("--tf", help="ground truth from the /tf tree's transform PARENT:CHILD")
    parser.add_argument("--tolerance", type=float, default=0.02)
    args = parser.parse_args()
    if not os.path.exists(args.bag):
        fail(f"{args.bag}: does not exist")
    if args.info:
        try:
            info(args.bag)
        except SystemExit:
            raise
        except Exception as error:  # noqa: BLE001 - one line, never a traceback
            fail(f"{args.bag}: cannot be read: {type(error).__name__}: {error}")
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
    try:
        convert(args)
    except SystemExit:
        raise
    except Exception as error:  # noqa: BLE001 - one line, never a traceback
        # A message no check above foresaw (a malformed message field, say):
        # still one line naming the bag and the problem.
        fail(f"{args.bag}: cannot be converted: {type(error).__name__}: {error}")


if __name__ == "__main__":
    main()
