"""Bad input raises a Python exception naming the argument and the problem;
nothing crashes the interpreter."""

from __future__ import annotations

import threading

import numpy as np
import pytest

import arscene

K = np.array([[200.0, 0.0, 80.0], [0.0, 200.0, 60.0], [0.0, 0.0, 1.0]])


def grey(seed: int = 0, height: int = 120, width: int = 160) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, 255, (height, width), dtype=np.uint8)


def colour(seed: int = 0) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, 255, (120, 160, 3), dtype=np.uint8)


@pytest.fixture
def session() -> arscene.Session:
    return arscene.Session()


def test_wrong_dtype_and_channels_name_the_argument_dtype_and_shape(session: arscene.Session) -> None:
    with pytest.raises(TypeError, match=r"color .*got \(120, 160, 3\) float32"):
        session.process(colour().astype(np.float32), intrinsics=K, timestamp=0.0)
    with pytest.raises(TypeError, match=r"color .*got \(120, 160, 4\) uint8"):
        session.process(np.zeros((120, 160, 4), np.uint8), intrinsics=K, timestamp=0.0)
    with pytest.raises(TypeError, match="color must be a NumPy array.*str"):
        session.process("frame.png", intrinsics=K, timestamp=0.0)
    with pytest.raises(TypeError, match=r"depth must be .*got \(120, 160\) int32"):
        session.process(colour(), np.zeros((120, 160), np.int32), intrinsics=K, timestamp=0.0)
    with pytest.raises(ValueError, match='color_format must be "rgb" or "bgr", got "rgba"'):
        session.process(colour(), intrinsics=K, timestamp=0.0, color_format="rgba")


def test_oversized_and_empty_images_are_refused(session: arscene.Session) -> None:
    with pytest.raises(ValueError, match=r"color has 16385 pixels on a side; images have 1..16384"):
        session.process(np.zeros((1, 16385), np.uint8), intrinsics=K, timestamp=0.0)
    with pytest.raises(ValueError, match=r"color has 0 pixels on a side"):
        session.process(np.zeros((0, 160, 3), np.uint8), intrinsics=K, timestamp=0.0)


def test_imu_samples_out_of_order_are_refused(session: arscene.Session) -> None:
    samples = np.zeros((2, 7))
    samples[:, 0] = [0.02, 0.01]
    samples[:, 5] = 9.81
    with pytest.raises(arscene.TimestampOrderError, match="IMU sample 1 .* is earlier than"):
        session.process(colour(), intrinsics=K, timestamp=0.03, imu=samples)


def test_depth_of_another_size_is_refused(session: arscene.Session) -> None:
    with pytest.raises(ValueError, match="depth is 80x60 pixels but color is 160x120"):
        session.process(colour(), np.ones((60, 80), np.float32), intrinsics=K, timestamp=0.0)
    with pytest.raises(ValueError, match="depth_scale must be .* got -1"):
        session.process(colour(), np.ones((120, 160), np.uint16), intrinsics=K, timestamp=0.0,
                        depth_scale=-1.0)


def test_bad_intrinsics_are_named(session: arscene.Session) -> None:
    with pytest.raises(ValueError, match="intrinsics must be finite"):
        session.process(colour(), intrinsics=[np.nan, 200, 80, 60], timestamp=0.0)
    with pytest.raises(ValueError, match="intrinsics must be a 3x3 camera matrix"):
        session.process(colour(), intrinsics=[200, 200, 80], timestamp=0.0)
    with pytest.raises(ValueError, match="no skew"):
        session.process(colour(), intrinsics=[[200, 1, 80], [0, 200, 60], [0, 0, 1]], timestamp=0.0)
    with pytest.raises(arscene.InvalidArgumentError, match="intrinsics: "):
        session.process(colour(), intrinsics=[-200, 200, 80, 60], timestamp=0.0)


def test_time_must_go_forward_and_be_finite(session: arscene.Session) -> None:
    session.process(colour(), intrinsics=K, timestamp=1.0)
    with pytest.raises(arscene.TimestampOrderError):
        session.process(colour(1), intrinsics=K, timestamp=0.5)
    with pytest.raises(ValueError, match="timestamp must be a finite number"):
        session.process(colour(1), intrinsics=K, timestamp=float("nan"))
    with pytest.raises(ValueError, match="292 years"):
        session.process(colour(1), intrinsics=K, timestamp=1e12)
    # The session is unchanged by refused frames.
    assert session.process(colour(1), intrinsics=K, timestamp=1.1).timestamp == 1.1


def test_imu_of_the_wrong_shape_or_not_finite_is_refused(session: arscene.Session) -> None:
    with pytest.raises(ValueError, match=r"imu must be an N x 7 array .*got \(5, 6\) float64"):
        session.process(colour(), intrinsics=K, timestamp=0.0, imu=np.zeros((5, 6)))
    samples = np.zeros((2, 7))
    samples[1, 5] = np.inf
    with pytest.raises(ValueError, match="imu row 1 is not finite"):
        session.process(colour(), intrinsics=K, timestamp=0.0, imu=samples)


def test_arrays_that_are_not_contiguous_are_converted_once(session: arscene.Session) -> None:
    wide = np.ascontiguousarray(np.repeat(colour(), 2, axis=1))
    frame = session.process(wide[:, ::2], intrinsics=K, timestamp=0.0)
    same = arscene.Session().process(colour(), intrinsics=K, timestamp=0.0)
    assert frame.light_estimate.ambient_intensity == same.light_estimate.ambient_intensity
    assert frame.tracking_state == same.tracking_state


def test_bad_configs_name_the_option() -> None:
    with pytest.raises(arscene.InvalidArgumentError,
                       match="config: tracking.max_features must be 8...4096, got 3"):
        arscene.Session({"tracking.max_features": 3})
    with pytest.raises(arscene.InvalidArgumentError, match='no session option is named "maxFeatures"'):
        arscene.Session({"maxFeatures": 300})
    with pytest.raises(TypeError, match=r'config\["tracking.max_features"\] must be a number'):
        arscene.Session({"tracking.max_features": "many"})
    with pytest.raises(TypeError, match="config must be a mapping"):
        arscene.Session([("tracking.max_features", 300)])  # type: ignore[arg-type]


def test_a_closed_session_says_so(session: arscene.Session) -> None:
    session.close()
    assert session.closed
    with pytest.raises(RuntimeError, match="closed"):
        session.process(colour(), intrinsics=K, timestamp=0.0)
    with pytest.raises(RuntimeError, match="closed"):
        session.plane_anchors()


def test_a_second_thread_gets_a_clear_error_not_undefined_behaviour() -> None:
    session = arscene.Session()
    big = np.random.default_rng(2).integers(0, 255, (960, 1280, 3), dtype=np.uint8)
    camera = [1000.0, 1000.0, 640.0, 480.0]
    done = threading.Event()

    def feed() -> None:
        try:
            i = 0
            while i < 40:
                try:
                    session.process(np.roll(big, i, axis=1), intrinsics=camera, timestamp=i / 30)
                    i += 1
                except RuntimeError:  # the main thread's call was in progress
                    pass
        finally:
            done.set()

    worker = threading.Thread(target=feed)
    worker.start()
    refused = 0
    while not done.is_set():
        try:
            session.plane_anchors()
        except RuntimeError as error:
            assert "in use by another thread" in str(error)
            refused += 1
    worker.join()
    assert refused > 0


def test_core_errors_are_arscene_errors() -> None:
    for name in ("InvalidArgumentError", "InvalidImageError", "TimestampOrderError", "DecodeError"):
        error = getattr(arscene, name)
        assert issubclass(error, arscene.Error) and issubclass(error, ValueError)
    with pytest.raises(arscene.DecodeError, match="broken.png"):
        arscene.decode_image(b"\x89PNG\r\n\x1a\n-not-a-png", "broken.png")
