#!/usr/bin/env python3
"""Coverage-guided fuzzing of the ROS bag converter (rosbag-to-native.py,
what `arscene dataset convert BAG` runs) with atheris, libFuzzer for Python.

    fuzz_rosbag_converter.py [libFuzzer flags...] [CORPUS_DIR...]

Each input is written as a ROS 1 bag and converted; the seeds are small
valid bags this script writes itself (colour, depth, CameraInfo, IMU and
pose topics). A finding is: a Python exception that escapes the converter
(anything but its own one-line exit), a conversion that exits 0 without a
whole sequence (sequence.json, rgb.txt), or anything left beside --out.
Tools/fuzz runs it as the harness `rosbag` (--smoke in CI).
"""
import contextlib
import importlib.util
import inspect
import io
import pathlib
import shutil
import sys
import tempfile

import atheris

ROOT = pathlib.Path(__file__).resolve().parents[3]
CONVERTER = ROOT / "Sources/arscene/Resources/rosbag-to-native.py"

with atheris.instrument_imports():
    import numpy  # noqa: F401  (imported here so the converter's import is cheap)
    from rosbags.rosbag1 import Writer
    from rosbags.typesys import Stores, get_typestore

spec = importlib.util.spec_from_file_location("rosbag_to_native", CONVERTER)
converter = importlib.util.module_from_spec(spec)
spec.loader.exec_module(converter)
# Coverage of the converter's own code (rosbags' is instrumented on import).
for _name, _value in list(vars(converter).items()):
    if inspect.isfunction(_value):
        atheris.instrument_func(_value)
    elif inspect.isclass(_value):
        for _method in vars(_value).values():
            if inspect.isfunction(_method):
                atheris.instrument_func(_method)

WORK = pathlib.Path(tempfile.mkdtemp(prefix="arscene-fuzz-rosbag-"))


def seed_bags(folder):
    """A few small, valid ROS 1 bags: the shapes real recordings have."""
    store = get_typestore(Stores.ROS1_NOETIC)
    T = store.types

    def header(t):
        return T["std_msgs/msg/Header"](seq=0, stamp=T["builtin_interfaces/msg/Time"](
            sec=int(t), nanosec=int((t % 1) * 1e9)), frame_id="camera")

    def image(t, w, h, encoding, size):
        return T["sensor_msgs/msg/Image"](header=header(t), height=h, width=w, encoding=encoding, is_bigendian=0,
                                          step=w * size, data=numpy.arange(w * h * size, dtype=numpy.uint8))

    def info(t, w, h):
        k = numpy.array([100.0, 0, w / 2, 0, 100.0, h / 2, 0, 0, 1])
        return T["sensor_msgs/msg/CameraInfo"](
            header=header(t), height=h, width=w, distortion_model="plumb_bob", D=numpy.zeros(5), K=k,
            R=numpy.eye(3).flatten(), P=numpy.zeros(12), binning_x=0, binning_y=0,
            roi=T["sensor_msgs/msg/RegionOfInterest"](x_offset=0, y_offset=0, height=0, width=0, do_rectify=False))

    def imu(t):
        vector = T["geometry_msgs/msg/Vector3"]
        return T["sensor_msgs/msg/Imu"](
            header=header(t), orientation=T["geometry_msgs/msg/Quaternion"](x=0.0, y=0.0, z=0.0, w=1.0),
            orientation_covariance=numpy.zeros(9), angular_velocity=vector(x=0.0, y=0.1, z=0.0),
            angular_velocity_covariance=numpy.zeros(9), linear_acceleration=vector(x=0.0, y=-9.8, z=0.0),
            linear_acceleration_covariance=numpy.zeros(9))

    def pose(t):
        return T["geometry_msgs/msg/PoseStamped"](header=header(t), pose=T["geometry_msgs/msg/Pose"](
            position=T["geometry_msgs/msg/Point"](x=t, y=0.0, z=0.0),
            orientation=T["geometry_msgs/msg/Quaternion"](x=0.0, y=0.0, z=0.0, w=1.0)))

    kinds = {"rgb": ("rgb8", 3), "depth": ("16UC1", 2)}
    for name, with_depth, with_imu in (("colour", False, False), ("rgbd", True, False), ("all", True, True)):
        path = folder / f"{name}.bag"
        with Writer(path) as writer:
            image_t, info_t = "sensor_msgs/msg/Image", "sensor_msgs/msg/CameraInfo"
            color = writer.add_connection("/camera/color/image_raw", image_t, typestore=store)
            camera = writer.add_connection("/camera/color/camera_info", info_t, typestore=store)
            depth = writer.add_connection("/camera/depth/image_raw", image_t, typestore=store) if with_depth else None
            inertial = writer.add_connection("/imu", "sensor_msgs/msg/Imu", typestore=store) if with_imu else None
            truth = writer.add_connection("/ground_truth/pose", "geometry_msgs/msg/PoseStamped", typestore=store)
            for k in range(2):
                t = 1.0 + k / 30
                writer.write(color, int(t * 1e9), store.serialize_ros1(image(t, 4, 3, *kinds["rgb"]), image_t))
                if depth is not None:
                    writer.write(depth, int(t * 1e9), store.serialize_ros1(image(t, 4, 3, *kinds["depth"]), image_t))
                if inertial is not None:
                    writer.write(inertial, int(t * 1e9), store.serialize_ros1(imu(t), "sensor_msgs/msg/Imu"))
                writer.write(truth, int(t * 1e9), store.serialize_ros1(pose(t), "geometry_msgs/msg/PoseStamped"))
            writer.write(camera, int(1e9), store.serialize_ros1(info(1.0, 4, 3), info_t))
    return sorted(folder.glob("*.bag"))


def one_input(data):
    bag = WORK / "input.bag"
    out = WORK / "out"
    bag.write_bytes(data)
    shutil.rmtree(out, ignore_errors=True)
    sys.argv = ["rosbag-to-native", str(bag), "--out", str(out)]
    status = 0
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        try:
            converter.main()
        except SystemExit as stop:
            status = stop.code if isinstance(stop.code, int) else 1
    if status == 0 and not ((out / "sequence.json").exists() and (out / "rgb.txt").exists()):
        raise RuntimeError("the conversion exited 0 without a whole sequence")
    left = sorted(p.name for p in WORK.iterdir() if p.name not in ("input.bag", "out", "seeds"))
    if left:
        raise RuntimeError(f"the conversion left {left} beside --out")


def main():
    seeds = WORK / "seeds"
    seeds.mkdir()
    seed_bags(seeds)
    arguments = sys.argv + [str(seeds)]
    try:
        atheris.Setup(arguments, one_input)
        atheris.Fuzz()
    finally:
        shutil.rmtree(WORK, ignore_errors=True)


if __name__ == "__main__":
    main()
