"""Replays a native sequence through arscene and logs what the session sees
to a Rerun recording: the camera and its image, the tracked feature points
and the plane anchors' boundaries, all in the session's world (+Y up).

    python3 Examples/Python/replay_to_rerun.py Datasets/generated/room-walk room.rrd
    rerun room.rrd
"""

from __future__ import annotations

import argparse
import sys

import numpy as np
import numpy.typing as npt
import rerun as rr

import arscene


def plane_outline(plane: arscene.PlaneAnchor) -> npt.NDArray[np.float64]:
    """The plane's boundary polygon in world coordinates, closed."""
    local = np.hstack([plane.boundary, np.ones((len(plane.boundary), 1))])
    world = (plane.transform @ local.T).T[:, :3]
    return np.vstack([world, world[:1]])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sequence", help="a native sequence folder")
    parser.add_argument("out", help="the .rrd file to write")
    arguments = parser.parse_args()

    sequence = arscene.open_sequence(arguments.sequence)
    recording = rr.RecordingStream("arscene-python", recording_id=f"arscene-{sequence.name}")
    recording.save(arguments.out)
    recording.log("world", rr.ViewCoordinates.RIGHT_HAND_Y_UP, static=True)
    recording.log("world/camera/image", rr.Pinhole(
        image_from_camera=sequence.intrinsics, width=sequence.width, height=sequence.height,
        camera_xyz=rr.ViewCoordinates.RDF, image_plane_distance=0.3), static=True)
    config = {**sequence.config, "planes.detection": 3}
    with arscene.Session(config) as session:
        for index, frame in enumerate(sequence):
            result = session.process(**frame)
            recording.set_time("frame", sequence=index)
            recording.set_time("time", duration=result.timestamp)
            recording.log("world/camera/image", rr.Image(frame["color"]))
            if result.pose is not None:
                recording.log("world/camera", rr.Transform3D(
                    translation=result.pose[:3, 3], mat3x3=result.pose[:3, :3]))
            recording.log("world/points", rr.Points3D(result.feature_points))
            for plane in result.plane_anchors:
                recording.log(f"world/planes/{plane.identifier}", rr.LineStrips3D(
                    [plane_outline(plane)], labels=[plane.classification]))
            for removed in result.removed_plane_anchors:
                recording.log(f"world/planes/{removed}", rr.Clear(recursive=True))
    print(f"replay_to_rerun: {len(sequence)} frames of {sequence.name} -> {arguments.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
