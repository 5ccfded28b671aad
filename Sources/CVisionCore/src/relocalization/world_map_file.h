// The world map on disk: one open, versioned, little-endian file (specified
// in Datasets/WORLD_MAP.md). A fixed preamble (magic, format version), then
// length-prefixed sections, each with a CRC-32 of its payload: a header
// (engine version, camera, counts, centre and extent, the checksum of the
// options that shape the index), one section per keyframe, the application's
// anchors (opaque bytes, JSON from the Swift layer) and an end marker.
//
// The reader trusts nothing: every length is checked against what is left
// of the file before anything is allocated, counts have documented maxima,
// and any mismatch (magic, version, checksum, truncation, trailing bytes) is
// a StatusError naming the file, the section and the problem.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/pinhole_camera.h"
#include "common/tracking_options.h"
#include "relocalization/map_keyframe.h"
#include "relocalization/relocalization_options.h"
#include "relocalization/world_map_mesh.h"

namespace vc {

struct WorldMapData {
  // The camera every keyframe was seen with.
  PinholeCamera camera;
  std::vector<MapKeyframe> keyframes;
  // What the application keeps with the map (anchors), opaque to the core.
  std::vector<uint8_t> anchors;
  // Checksum of the options that shape the keyframes' features and index
  // (RelocalizationOptionsChecksum): a map made with other ones is refused.
  uint32_t options_checksum = 0;
  // How the session that made the map tracked (RGB-D, visual-inertial or
  // monocular; never automatic), and whether its positions are in metres:
  // a monocular map without an IMU has a unit of its own, and only a
  // session that measures nothing in metres may open it.
  TrackingMode made_by = TrackingMode::kRgbd;
  bool metric = true;
  // Whether the world's +Y is up (from an accelerometer, a given gravity or
  // the planes in view); otherwise the world keeps the first camera's axes
  // (one camera without an IMU, or a camera-aligned session).
  bool up_known = true;
  // The scene mesh, from a session with scene reconstruction (version 3).
  bool has_mesh = false;
  WorldMapMesh mesh;
};

// The counts and extent a reader reports without keeping the keyframes.
struct WorldMapSummary {
  uint32_t format_version = 0;
  std::string engine_version;
  PinholeCamera camera;
  int64_t keyframe_count = 0;
  int64_t point_count = 0;
  int64_t surface_point_count = 0;
  int64_t anchor_bytes = 0;
  // World axes (OpenCV camera convention is not involved: the map's world).
  float center[3] = {0, 0, 0};
  float extent[3] = {0, 0, 0};
  uint32_t options_checksum = 0;
  TrackingMode made_by = TrackingMode::kRgbd;
  bool metric = true;
  bool up_known = true;
  bool has_mesh = false;
  int64_t mesh_block_count = 0;
  int64_t mesh_chunk_count = 0;
  int64_t mesh_face_count = 0;
  float mesh_voxel_size = 0;
};

// Version 2 added how the map was tracked, its unit and whether its +Y is
// up; version 1 files were all made with depth, in metres, +Y up, and are
// read as such. Version 3 added the optional MESH section; a map without
// one is still written as version 2, which older engines read.
constexpr uint32_t kWorldMapFormatVersion = 3;
constexpr uint32_t kWorldMapFormatVersionWithoutMesh = 2;

// The version a map is written as.
inline uint32_t WorldMapFormatVersionOf(const WorldMapData& data) {
  return data.has_mesh ? kWorldMapFormatVersion
                       : kWorldMapFormatVersionWithoutMesh;
}

// Bounds a reader enforces before allocating.
constexpr int64_t kMaxWorldMapKeyframes = 100000;
constexpr int64_t kMaxKeyframeFeatures = 100000;
constexpr int64_t kMaxSurfaceCells = 1 << 22;
constexpr int64_t kMaxAnchorBytes = int64_t{1} << 30;

// A checksum of the settings that make keyframes comparable with queries
// (how features are detected and described). The index is rebuilt when a
// map is read, so its own settings need not match.
uint32_t RelocalizationOptionsChecksum(const RelocalizationOptions& options);

// Serialises data into bytes (deterministic: the same map, the same bytes).
std::vector<uint8_t> EncodeWorldMap(const WorldMapData& data,
                                    const std::string& engine_version);

// Parses bytes read from what (a file name, for messages). Throws
// StatusError(VC_STATUS_INVALID_ARGUMENT) on anything malformed.
WorldMapData DecodeWorldMap(const std::vector<uint8_t>& bytes,
                            const std::string& what, WorldMapSummary* summary);

// The centre and extent (axis-aligned, metres) of the keyframes' points.
void MeasureWorldMap(const WorldMapData& data, float center[3],
                     float extent[3]);

}  // namespace vc
