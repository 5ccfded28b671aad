#!/usr/bin/env python3
"""A world-map reader written from Datasets/WORLD_MAP.md alone, never from
the engine's code: if the document and the engine disagree (a field's size,
an order, a checksum), this reader misparses a map the engine wrote and
WorldMapFormatTests fails.

    read_world_map.py FILE [KEYFRAMES.txt]

Prints one JSON object: the header's fields, and what the keyframe sections
hold when counted (keyframes, feature points, valid surface cells), the
anchors' count and kinds, and the scene mesh's voxel blocks, chunks and
faces (version 3). With KEYFRAMES.txt, also writes the keyframes'
poses there as a TUM trajectory (world_from_camera, OpenCV camera axes), for
`arscene eval --trajectory`. Exits 1 with a message on anything the document
does not allow.
"""
import json
import math
import struct
import sys
import zlib


class FormatError(Exception):
    pass


class Reader:
    """Little-endian values from a byte string, each read checked against
    the bytes left."""

    def __init__(self, data, what):
        self.data, self.offset, self.what = data, 0, what

    def take(self, count):
        if count > len(self.data) - self.offset:
            raise FormatError("%s: needs %d more bytes, %d left" % (self.what, count, len(self.data) - self.offset))
        piece = self.data[self.offset:self.offset + count]
        self.offset += count
        return piece

    def values(self, form):
        return struct.unpack("<" + form, self.take(struct.calcsize("<" + form)))

    def one(self, form):
        return self.values(form)[0]

    def string(self):
        return self.take(self.one("I")).decode("utf-8")

    def finished(self):
        if self.offset != len(self.data):
            raise FormatError("%s: %d unexpected bytes at the end" % (self.what, len(self.data) - self.offset))


TRACKING = {1: "rgbd", 2: "visual-inertial", 3: "monocular"}


def sections(data):
    """The format version, and (tag, payload) of each section after the
    magic and version."""
    file = Reader(data, "file")
    if file.take(8) != b"ARSCNMAP":
        raise FormatError("not a world map (magic)")
    version = file.one("I")
    if version not in (1, 2, 3):
        raise FormatError("version %d, this reader knows 1 to 3" % version)
    found = []
    while True:
        tag = file.take(4).decode("ascii")
        length, crc = file.values("QI")
        payload = file.take(length)
        if zlib.crc32(payload) != crc:
            raise FormatError("section %s: checksum mismatch" % tag)
        found.append((tag, payload))
        if tag == "END ":
            file.finished()
            return version, found


def read_head(payload, version):
    r = Reader(payload, "HEAD")
    head = {"engine_version": r.string()}
    head["fx"], head["fy"], head["cx"], head["cy"] = r.values("4d")
    head["width"], head["height"] = r.values("2i")
    head["keyframe_count"], head["point_count"], head["surface_point_count"], head["anchor_bytes"] = r.values("4Q")
    head["center"] = list(r.values("3f"))
    head["extent"] = list(r.values("3f"))
    head["options_checksum"] = r.one("I")
    # Version 1 maps were all made with depth, in metres, +Y up.
    tracking, unit, up = r.values("3B") if version >= 2 else (1, 1, 1)
    if tracking not in TRACKING or unit not in (0, 1) or (unit == 0 and tracking != 3) or up not in (0, 1):
        raise FormatError("HEAD: tracking %d with unit %d and up %d" % (tracking, unit, up))
    head["tracking"] = TRACKING[tracking]
    head["metres"] = unit == 1
    head["up_known"] = up == 1
    r.finished()
    return head


MESH_CLASSES = range(8)


def read_mesh(payload):
    """Counts what MESH holds, checking every value's range."""
    r = Reader(payload, "MESH")
    voxel_size, truncation = r.values("2f")
    if not (0.001 < voxel_size < 0.25) or not (1 <= truncation <= 16):
        raise FormatError("MESH: voxel size %g m, truncation %g voxels" % (voxel_size, truncation))
    blocks = set()
    for _ in range(r.one("Q")):
        index = r.values("3i")
        distances, weights = r.values("512f"), r.values("512f")
        if index in blocks or not all(-1 <= d <= 1 for d in distances) or not all(0 <= w <= 64 for w in weights):
            raise FormatError("MESH: block %s twice or out of range" % (index,))
        blocks.add(index)
    chunks, faces = set(), 0
    for _ in range(r.one("Q")):
        index = r.values("3i")
        vertex_count, face_count = r.values("2I")
        coordinates = r.values("%df" % (6 * vertex_count))
        corners = r.values("%dI" % (3 * face_count))
        classes = r.take(face_count)
        if index in chunks or not all(math.isfinite(c) for c in coordinates) \
                or any(c >= vertex_count for c in corners) or any(c not in MESH_CLASSES for c in classes):
            raise FormatError("MESH: chunk %s twice or out of range" % (index,))
        chunks.add(index)
        faces += face_count
    r.finished()
    return {"voxel_size": voxel_size, "blocks": len(blocks), "chunks": len(chunks), "faces": faces}


def tum_line(timestamp_ns, pose):
    """A TUM line (t tx ty tz qx qy qz qw) of world_from_camera, from
    camera_from_world as KFRM holds it: rotation row by row, translation."""
    r = [pose[0:3], pose[3:6], pose[6:9]]
    w = [[r[j][i] for j in range(3)] for i in range(3)]  # the transpose
    centre = [-sum(w[i][k] * pose[9 + k] for k in range(3)) for i in range(3)]
    trace = w[0][0] + w[1][1] + w[2][2]
    if trace > 0:
        s = 2 * math.sqrt(trace + 1)
        q = ((w[2][1] - w[1][2]) / s, (w[0][2] - w[2][0]) / s, (w[1][0] - w[0][1]) / s, s / 4)
    else:
        i = max(range(3), key=lambda k: w[k][k])
        j, k = (i + 1) % 3, (i + 2) % 3
        s = 2 * math.sqrt(1 + w[i][i] - w[j][j] - w[k][k])
        v = [0.0, 0.0, 0.0]
        v[i], v[j], v[k] = s / 4, (w[j][i] + w[i][j]) / s, (w[k][i] + w[i][k]) / s
        q = (v[0], v[1], v[2], (w[k][j] - w[j][k]) / s)
    return "%.9f %s" % (timestamp_ns / 1e9, " ".join("%.9f" % v for v in centre + list(q)))


def read_keyframe(payload, poses):
    """(feature count, valid surface cells) of one KFRM section; its pose
    joins poses as a TUM line."""
    r = Reader(payload, "KFRM")
    _, timestamp_ns = r.values("2q")  # id, timestamp_ns
    pose = r.values("12d")
    poses.append(tum_line(timestamp_ns, pose))
    rotation = [pose[0:3], pose[3:6], pose[6:9]]
    for i in range(3):
        for j in range(3):
            dot = sum(rotation[i][k] * rotation[j][k] for k in range(3))
            if abs(dot - (1.0 if i == j else 0.0)) > 1e-6:
                raise FormatError("KFRM: camera_from_world's rotation is not orthonormal")
    features = r.one("I")
    for _ in range(features):
        values = r.values("5f")
        r.one("i")  # octave
        r.take(32)  # ORB descriptor
        point = r.values("3f")
        if not all(math.isfinite(v) for v in values + point):
            raise FormatError("KFRM: a feature is not finite")
    cells_valid = 0
    if r.one("B") == 1:
        r.values("4d")
        r.values("2i")
        r.values("12d")
        step, columns, rows = r.values("3i")
        if step <= 0 or columns < 0 or rows < 0:
            raise FormatError("KFRM: a surface grid of step %d, %d x %d" % (step, columns, rows))
        for _ in range(columns * rows):
            if r.one("B") == 1:
                r.values("6f")
                cells_valid += 1
    r.finished()
    return features, cells_valid


def read(path, keyframes_out=None):
    with open(path, "rb") as file:
        version, found = sections(file.read())
    tags = [tag for tag, _ in found]
    if not tags or tags[0] != "HEAD" or tags.count("HEAD") != 1 or tags.count("ANCH") != 1 \
            or tags.count("MESH") > (1 if version >= 3 else 0):
        raise FormatError("sections %s: HEAD first, then KFRM, ANCH, MESH (version 3) and END once" % tags)
    head = read_head(found[0][1], version)
    head["version"] = version
    poses = []
    keyframes = [read_keyframe(payload, poses) for tag, payload in found if tag == "KFRM"]
    if keyframes_out:
        with open(keyframes_out, "w") as out:
            out.write("# keyframes of %s: timestamp tx ty tz qx qy qz qw\n" % path)
            out.write("\n".join(poses) + "\n")
    anchors = json.loads(next(payload for tag, payload in found if tag == "ANCH").decode("utf-8"))["anchors"]
    anchor_bytes = len(next(payload for tag, payload in found if tag == "ANCH"))
    counted = {
        "keyframes": len(keyframes),
        "points": sum(features for features, _ in keyframes),
        "surface_points": sum(cells for _, cells in keyframes),
        "anchor_bytes": anchor_bytes,
        "anchors": len(anchors),
        "anchor_kinds": sorted({anchor["kind"] for anchor in anchors}),
    }
    meshes = [read_mesh(payload) for tag, payload in found if tag == "MESH"]
    if meshes:
        counted["mesh"] = meshes[0]
    # One feature as the field list spells it, to hold against the size the
    # document states.
    feature_bytes = struct.calcsize("<5fi") + 32 + struct.calcsize("<3f")
    return {"head": head, "counted": counted, "feature_bytes": feature_bytes}


def main():
    if len(sys.argv) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 2
    try:
        print(json.dumps(read(*sys.argv[1:]), sort_keys=True))
    except (OSError, FormatError, ValueError, KeyError, StopIteration) as error:
        print("read_world_map: %s: %s" % (sys.argv[1], error), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
