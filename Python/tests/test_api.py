"""Planes, raycasts, world maps, relocalization, reference images and the
configuration, on a synthetic room with exact ground truth."""

from __future__ import annotations

import importlib.metadata
import json
import subprocess
from pathlib import Path
from typing import List

import numpy as np
import pytest

import arscene


def replay(folder: Path, config: dict, frames: int = 60) -> List[arscene.Frame]:
    sequence = arscene.open_sequence(folder)
    session = arscene.Session({**sequence.config, **config})
    results = [session.process(**sequence.frame(i)) for i in range(min(frames, len(sequence)))]
    session.close()
    return results


def test_the_version_is_the_engines(cli: Path) -> None:
    printed = subprocess.run([str(cli), "--version"], capture_output=True, text=True, check=True)
    assert arscene.__version__ == printed.stdout.strip().split()[-1]
    try:
        assert importlib.metadata.version("arscene") == arscene.__version__
    except importlib.metadata.PackageNotFoundError:
        pass  # imported from a build tree, not installed


def test_default_config_names_every_option_and_is_accepted() -> None:
    config = arscene.default_config()
    assert list(config) == arscene.option_names()
    assert config["tracking.max_features"] == 150
    assert config["tracking.random_seed"] == 0x41525363656E65
    assert config["tracking.first_camera_up"] == (0.0, 0.0, 0.0)
    arscene.Session(config).close()


def test_planes_are_found_and_rays_hit_the_floor(room: Path) -> None:
    frames = replay(room, {"planes.detection": 3})
    last = frames[-1]
    assert last.tracking_state == "normal"
    floors = [p for p in last.plane_anchors if p.alignment == "horizontal"]
    assert floors, "no horizontal plane after 2 s of the room"
    floor = max(floors, key=lambda p: p.area)
    assert floor.transform.shape == (4, 4) and floor.boundary.shape[1] == 3
    assert np.allclose(floor.boundary[:, 1], 0.0)
    # A ray straight down from the camera hits the floor plane below it.
    camera = last.transform[:3, 3]
    session = arscene.Session({"planes.detection": 3})
    sequence = arscene.open_sequence(room)
    for frame in sequence:
        session.process(**frame)
    hits = session.raycast(camera, [0.0, -1.0, 0.0], target="existing_plane_infinite")
    assert hits and hits[0].alignment == "horizontal"
    hit = {p.identifier: p for p in session.plane_anchors()}[hits[0].anchor_identifier]
    assert abs(hits[0].distance - (camera[1] - hit.transform[1, 3])) < 0.01
    assert abs(hits[0].transform[1, 3] - hit.transform[1, 3]) < 0.01
    assert last.feature_points.shape[1] == 3
    assert len(last.feature_point_identifiers) == len(last.feature_points)


def test_poses_follow_the_ground_truth(room: Path) -> None:
    sequence = arscene.open_sequence(room)
    frames = replay(room, {})
    tracked = [f for f in frames if f.pose is not None]
    assert len(tracked) >= 50
    # Both start at the first camera; compare the way travelled.
    first_truth = sequence.ground_truth_pose(frames[0].timestamp)
    assert first_truth is not None
    errors = []
    for frame in tracked:
        truth = sequence.ground_truth_pose(frame.timestamp)
        assert truth is not None and frame.pose is not None
        travelled = np.linalg.norm(truth[:3, 3] - first_truth[:3, 3])
        measured = np.linalg.norm(frame.pose[:3, 3] - tracked[0].pose[:3, 3])
        errors.append(abs(travelled - measured))
    assert max(errors) < 0.03


def test_a_world_map_saves_loads_and_finds_a_frame(room: Path, tmp_path: Path) -> None:
    sequence = arscene.open_sequence(room)
    session = arscene.Session(sequence.config)
    poses = {}
    for frame in sequence:
        result = session.process(**frame)
        poses[result.timestamp] = result.pose
    world_map = session.world_map()
    path = tmp_path / "room.map"
    arscene.save_world_map(world_map, path)
    loaded = arscene.load_world_map(path)
    assert loaded.encode() == world_map.encode()
    assert loaded.info["keyframe_count"] >= 2
    query = sequence.frame(40)
    found = arscene.Relocalizer(loaded).query(query["color"], query["depth"],
                                              intrinsics=query["intrinsics"],
                                              depth_scale=query["depth_scale"])
    assert found.found and found.pose is not None, found.outcome
    expected = poses[query["timestamp"]]
    assert np.linalg.norm(found.pose[:3, 3] - expected[:3, 3]) < 0.02
    with pytest.raises(arscene.InvalidArgumentError, match="broken.map"):
        arscene.WorldMap.decode(path.read_bytes()[:100], "broken.map")
    # A new session starts in the saved world.
    resumed = arscene.Session(sequence.config)
    resumed.set_world_map(loaded)
    found_again = None
    for index in range(20):
        result = resumed.process(**sequence.frame(index))
        if result.pose is not None:
            found_again = result
            break
    assert found_again is not None and found_again.pose is not None
    expected = poses[found_again.timestamp]
    assert np.linalg.norm(found_again.pose[:3, 3] - expected[:3, 3]) < 0.02


def test_reference_images_are_validated_and_found(pictures: Path) -> None:
    listing = [entry for entry in json.loads((pictures / "references/references.json").read_text())
               if not entry["name"].startswith("distractor")]
    images = arscene.ReferenceImageSet()
    for entry in listing:
        picture = arscene.read_image(pictures / "references" / entry["file"])
        report = images.add(entry["name"], picture, entry["physicalWidth"])
        assert 0 <= report["quality"] <= 100
    assert len(images) == len(listing)
    with pytest.raises(arscene.InvalidImageError, match="tiny"):
        images.add("tiny", np.zeros((20, 20), np.uint8), 0.1)
    assert len(arscene.load_reference_images(pictures / "references")) == 100
    with pytest.raises(ValueError, match="references.json: does not exist"):
        arscene.load_reference_images(pictures)
    session = arscene.Session()
    session.set_detection_images(images)
    sequence = arscene.open_sequence(pictures)
    found = {}
    for frame in sequence:
        for anchor in session.process(**frame).image_anchors:
            found.setdefault(anchor.name, anchor)
    session.set_detection_images(None)
    assert found, "no reference image found in the image scenario's first 50 frames"
    anchor = next(iter(found.values()))
    assert anchor.transform.shape == (4, 4) and anchor.corners.shape == (4, 2)
    assert 0 < anchor.score <= 1 and anchor.physical_width > 0


def test_the_scene_mesh_lies_on_the_rooms_surfaces(room: Path) -> None:
    sequence = arscene.open_sequence(room)
    with arscene.Session({**sequence.config, "scene_reconstruction": 2,
                          "planes.detection": 3}) as session:
        for frame in sequence:
            last = session.process(**frame)
        session.finish_scene_reconstruction()
        meshes = session.mesh_anchors()
        assert meshes, "no mesh after 2 s of the room"
        for mesh in meshes:
            assert mesh.vertices.shape == mesh.normals.shape
            assert mesh.faces.shape[1] == 3 and mesh.faces.max() < len(mesh.vertices)
            assert len(mesh.face_classes) == len(mesh.faces)
            assert np.allclose(np.linalg.norm(mesh.normals, axis=1), 1.0, atol=1e-3)
        # The floor's faces lie at the floor plane's height.
        floor = [p for p in last.plane_anchors if p.classification == "floor"]
        assert floor
        heights = np.concatenate([
            (mesh.transform[:3, :3] @ mesh.vertices[mesh.faces[mesh.face_classes == 2]]
             .reshape(-1, 3).T).T[:, 1] + mesh.transform[1, 3] for mesh in meshes])
        assert len(heights) > 0
        assert abs(np.median(heights) - floor[0].transform[1, 3]) < 0.02
