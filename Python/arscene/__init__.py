"""ARScene: ARKit-class world tracking from colour, depth and IMU frames.

NumPy arrays in, poses, planes and images out::

    import arscene

    sequence = arscene.open_sequence("Datasets/sample")
    with arscene.Session(sequence.config) as session:
        for frame in sequence:
            result = session.process(**frame)
            print(result.timestamp, result.tracking_state, result.pose)

Poses are ``world_from_camera`` 4x4 float64 matrices in metres. ``Frame.pose``
uses OpenCV's camera axes (+X right, +Y down, +Z forward), as TUM
trajectories and ``arscene replay --trajectory`` do; ``Frame.transform`` and
every anchor use ARKit's (+Y up, +Z towards the viewer). The world's +Y is up
once gravity is known.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Union

import numpy.typing as npt

from ._core import (
    Frame,
    ImageAnchor,
    LightEstimate,
    MeshAnchor,
    PlaneAnchor,
    RaycastResult,
    ReferenceImageSet,
    RelocalizationResult,
    Relocalizer,
    Session,
    WorldMap,
    __version__,
    decode_image,
    default_config,
    opencv_version,
    option_names,
)
from ._errors import (
    DecodeError,
    Error,
    FileError,
    InternalError,
    InvalidArgumentError,
    InvalidImageError,
    OpenCVError,
    OutOfMemoryError,
    TimestampOrderError,
)
from ._sequence import Sequence, SequenceError, open_sequence

__all__ = [
    "DecodeError",
    "Error",
    "FileError",
    "Frame",
    "ImageAnchor",
    "InternalError",
    "InvalidArgumentError",
    "InvalidImageError",
    "LightEstimate",
    "MeshAnchor",
    "OpenCVError",
    "OutOfMemoryError",
    "PlaneAnchor",
    "RaycastResult",
    "ReferenceImageSet",
    "RelocalizationResult",
    "Relocalizer",
    "Sequence",
    "SequenceError",
    "Session",
    "TimestampOrderError",
    "WorldMap",
    "__version__",
    "decode_image",
    "default_config",
    "load_reference_images",
    "load_world_map",
    "open_sequence",
    "opencv_version",
    "option_names",
    "read_image",
    "save_world_map",
]


def read_image(path: Union[str, Path]) -> "npt.NDArray[Any]":
    """Reads a PNG or JPEG file as the engine's readers do (see decode_image)."""
    path = Path(path)
    return decode_image(path.read_bytes(), str(path))


def load_reference_images(folder: Union[str, Path]) -> ReferenceImageSet:
    """A ReferenceImageSet of a references folder (references.json naming
    each picture's file and physical width in metres, as `arscene replay
    --references` reads it); a missing or malformed listing raises
    ValueError naming the file, a picture that cannot be recognised the
    engine's error naming it."""
    folder = Path(folder)
    listing_path = folder / "references.json"
    try:
        listing = json.loads(listing_path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(f"{listing_path}: does not exist") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise ValueError(f"{listing_path}: is not JSON: {error}") from None
    if not isinstance(listing, list):
        raise ValueError(f"{listing_path}: must be a list of pictures")
    images = ReferenceImageSet()
    for index, entry in enumerate(listing):
        if not (isinstance(entry, dict) and isinstance(entry.get("file"), str)
                and isinstance(entry.get("physicalWidth"), (int, float))):
            raise ValueError(f"{listing_path}: entry {index} needs \"file\" and"
                             " \"physicalWidth\" (metres)")
        name = str(entry.get("name", Path(entry["file"]).stem))
        images.add(name, read_image(folder / entry["file"]), float(entry["physicalWidth"]))
    return images


def save_world_map(world_map: WorldMap, path: Union[str, Path]) -> None:
    """Writes a world map's file (the format `arscene` reads)."""
    Path(path).write_bytes(world_map.encode())


def load_world_map(path: Union[str, Path]) -> WorldMap:
    """Reads a world map's file; a corrupt or newer one raises
    InvalidArgumentError naming the file."""
    path = Path(path)
    return WorldMap.decode(path.read_bytes(), str(path))
