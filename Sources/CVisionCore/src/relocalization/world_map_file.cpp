#include "relocalization/world_map_file.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>

#include "common/image_limits.h"
#include "common/status_error.h"
#include "relocalization/world_map_bytes.h"

namespace vc {
namespace {

constexpr char kMagic[8] = {'A', 'R', 'S', 'C', 'N', 'M', 'A', 'P'};
constexpr int kDescriptorBytes = 32;
constexpr uint32_t kMaxEngineVersionBytes = 256;

// CRC-32 (IEEE 802.3, the one zlib and PNG use), so that any tool can check
// a section.
uint32_t Crc32(const uint8_t* data, size_t size) {
  static const std::array<uint32_t, 256> table = [] {
    std::array<uint32_t, 256> t{};
    for (uint32_t i = 0; i < 256; ++i) {
      uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[i] = c;
    }
    return t;
  }();
  uint32_t crc = 0xFFFFFFFFu;
  for (size_t i = 0; i < size; ++i) {
    crc = table[(crc ^ data[i]) & 0xFF] ^ (crc >> 8);
  }
  return crc ^ 0xFFFFFFFFu;
}

void WriteCamera(ByteWriter& w, const PinholeCamera& c) {
  w.F64(c.fx);
  w.F64(c.fy);
  w.F64(c.cx);
  w.F64(c.cy);
  w.I32(c.width);
  w.I32(c.height);
}

PinholeCamera ReadCamera(ByteReader& r) {
  PinholeCamera c;
  c.fx = r.F64("camera fx");
  c.fy = r.F64("camera fy");
  c.cx = r.F64("camera cx");
  c.cy = r.F64("camera cy");
  c.width = r.I32("camera width");
  c.height = r.I32("camera height");
  Require(c.fx > 0 && c.fy > 0 && c.width > 0 && c.height > 0 &&
              c.width <= kMaxImageSide && c.height <= kMaxImageSide,
          r.what() + ": the camera (" + std::to_string(c.width) + "x" +
              std::to_string(c.height) + ", f " + std::to_string(c.fx) +
              ") is not a valid camera");
  return c;
}

// Rotation row by row, then translation.
void WritePose(ByteWriter& w, const Eigen::Isometry3d& pose) {
  for (int row = 0; row < 3; ++row) {
    for (int col = 0; col < 3; ++col) w.F64(pose.linear()(row, col));
  }
  for (int i = 0; i < 3; ++i) w.F64(pose.translation()(i));
}

Eigen::Isometry3d ReadPose(ByteReader& r, const char* field) {
  Eigen::Isometry3d pose = Eigen::Isometry3d::Identity();
  Eigen::Matrix3d rotation;
  for (int row = 0; row < 3; ++row) {
    for (int col = 0; col < 3; ++col) rotation(row, col) = r.F64(field);
  }
  const double error =
      (rotation.transpose() * rotation - Eigen::Matrix3d::Identity())
          .cwiseAbs()
          .maxCoeff();
  Require(error < 1e-6 && rotation.determinant() > 0,
          r.what() + ": " + field + " is not a rotation");
  pose.linear() = rotation;
  for (int i = 0; i < 3; ++i) pose.translation()(i) = r.F64(field);
  return pose;
}

void WriteKeyframe(ByteWriter& w, const MapKeyframe& map_keyframe) {
  const Keyframe& k = map_keyframe.keyframe;
  w.I64(k.id);
  w.I64(k.timestamp_ns);
  WritePose(w, k.camera_from_world);
  w.U32(static_cast<uint32_t>(k.keypoints.size()));
  for (size_t i = 0; i < k.keypoints.size(); ++i) {
    const cv::KeyPoint& p = k.keypoints[i];
    w.F32(p.pt.x);
    w.F32(p.pt.y);
    w.F32(p.size);
    w.F32(p.angle);
    w.F32(p.response);
    w.I32(p.octave);
    w.Bytes(k.descriptors.ptr<uint8_t>(static_cast<int>(i)), kDescriptorBytes);
    for (int a = 0; a < 3; ++a) w.F32(k.points[i](a));
  }
  const DepthSurface& s = map_keyframe.surface;
  w.U8(s.empty() ? 0 : 1);
  if (s.empty()) return;
  WriteCamera(w, s.camera);
  WritePose(w, s.camera_from_world);
  w.I32(s.step);
  w.I32(s.columns);
  w.I32(s.rows);
  for (size_t i = 0; i < s.valid.size(); ++i) {
    w.U8(s.valid[i]);
    if (!s.valid[i]) continue;
    for (int a = 0; a < 3; ++a) w.F32(s.points[i](a));
    for (int a = 0; a < 3; ++a) w.F32(s.normals[i](a));
  }
}

MapKeyframe ReadKeyframe(ByteReader& r) {
  MapKeyframe result;
  Keyframe& k = result.keyframe;
  k.id = r.I64("keyframe id");
  k.timestamp_ns = r.I64("keyframe timestamp");
  k.camera_from_world = ReadPose(r, "keyframe pose");
  const uint32_t count = r.U32("feature count");
  constexpr uint64_t kFeatureBytes = 5 * 4 + 4 + kDescriptorBytes + 3 * 4;
  Require(count <= kMaxKeyframeFeatures,
          r.what() + ": a keyframe claims " + std::to_string(count) +
              " features, at most " + std::to_string(kMaxKeyframeFeatures));
  r.Need(uint64_t{count} * kFeatureBytes, "features");
  k.keypoints.resize(count);
  k.points.resize(count);
  k.descriptors.create(static_cast<int>(count), kDescriptorBytes, CV_8U);
  for (uint32_t i = 0; i < count; ++i) {
    cv::KeyPoint& p = k.keypoints[i];
    p.pt.x = r.F32("keypoint x");
    p.pt.y = r.F32("keypoint y");
    p.size = r.F32("keypoint size");
    p.angle = r.F32("keypoint angle");
    p.response = r.F32("keypoint response");
    p.octave = r.I32("keypoint octave");
    std::memcpy(k.descriptors.ptr<uint8_t>(static_cast<int>(i)),
                r.Bytes(kDescriptorBytes, "descriptor"), kDescriptorBytes);
    for (int a = 0; a < 3; ++a) k.points[i](a) = r.F32("map point");
  }
  if (r.U8("surface flag") == 0) return result;
  DepthSurface& s = result.surface;
  s.camera = ReadCamera(r);
  s.camera_from_world = ReadPose(r, "surface pose");
  s.step = r.I32("surface step");
  s.columns = r.I32("surface columns");
  s.rows = r.I32("surface rows");
  Require(s.step > 0 && s.columns > 0 && s.rows > 0 &&
              int64_t{s.columns} * s.rows <= kMaxSurfaceCells,
          r.what() + ": a keyframe's surface grid (" +
              std::to_string(s.columns) + "x" + std::to_string(s.rows) +
              ", step " + std::to_string(s.step) + ") is not valid");
  // The grid samples its camera's image in whole cells (SampleSurface).
  Require(s.columns == s.camera.width / s.step &&
              s.rows == s.camera.height / s.step,
          r.what() + ": a keyframe's surface grid (" +
              std::to_string(s.columns) + "x" + std::to_string(s.rows) +
              ", step " + std::to_string(s.step) + ") does not cover its " +
              std::to_string(s.camera.width) + "x" +
              std::to_string(s.camera.height) + " camera");
  const size_t cells = static_cast<size_t>(s.columns) * s.rows;
  // At least one byte per cell must follow before anything is allocated.
  r.Need(cells, "surface cells");
  s.valid.resize(cells);
  s.points.assign(cells, Eigen::Vector3f::Zero());
  s.normals.assign(cells, Eigen::Vector3f::Zero());
  for (size_t i = 0; i < cells; ++i) {
    s.valid[i] = r.U8("surface cell flag") != 0 ? 1 : 0;
    if (!s.valid[i]) continue;
    for (int a = 0; a < 3; ++a) s.points[i](a) = r.F32("surface point");
    for (int a = 0; a < 3; ++a) s.normals[i](a) = r.F32("surface normal");
  }
  return result;
}

void WriteSection(ByteWriter& out, const char tag[4], ByteWriter& payload) {
  out.Bytes(reinterpret_cast<const uint8_t*>(tag), 4);
  out.U64(payload.bytes().size());
  out.U32(Crc32(payload.bytes().data(), payload.bytes().size()));
  out.Bytes(payload.bytes().data(), payload.bytes().size());
}

// Reads one section's frame, checks its tag and checksum, and returns a
// reader over its payload.
ByteReader ReadSection(ByteReader& r, const char tag[4], const char* name) {
  const uint8_t* found = r.Bytes(4, name);
  Require(std::memcmp(found, tag, 4) == 0,
          r.what() + ": expected the " + name + " section at byte " +
              std::to_string(r.offset() - 4) + ", found tag '" +
              std::string(reinterpret_cast<const char*>(found), 4) + "'");
  const uint64_t length = r.U64(name);
  const uint32_t crc = r.U32(name);
  const uint8_t* payload = r.Bytes(length, name);
  Require(Crc32(payload, length) == crc, r.what() + ": the " + name +
                                             " section is corrupt (checksum " +
                                             "mismatch)");
  return ByteReader(payload, length, r.what() + " (" + name + ")");
}

void RequireConsumed(const ByteReader& r) {
  Require(r.remaining() == 0, r.what() + ": " + std::to_string(r.remaining()) +
                                  " unexpected bytes at its end");
}

}  // namespace

uint32_t RelocalizationOptionsChecksum(const RelocalizationOptions& options) {
  const std::string settings =
      "orb32 features=" + std::to_string(options.max_features) +
      " grid=" + std::to_string(options.grid_columns) + "x" +
      std::to_string(options.grid_rows) +
      // "fast=": the checksum of maps written before the option's rename.
      " fast=" + std::to_string(options.corner_threshold) +
      " levels=" + std::to_string(options.pyramid_levels);
  return Crc32(reinterpret_cast<const uint8_t*>(settings.data()),
               settings.size());
}

void MeasureWorldMap(const WorldMapData& data, float center[3],
                     float extent[3]) {
  Eigen::Vector3f low =
      Eigen::Vector3f::Constant(std::numeric_limits<float>::infinity());
  Eigen::Vector3f high = -low;
  for (const MapKeyframe& k : data.keyframes) {
    for (const Eigen::Vector3f& p : k.keyframe.points) {
      low = low.cwiseMin(p);
      high = high.cwiseMax(p);
    }
  }
  for (int a = 0; a < 3; ++a) {
    const bool any = low(a) <= high(a);
    center[a] = any ? 0.5f * (low(a) + high(a)) : 0.0f;
    extent[a] = any ? high(a) - low(a) : 0.0f;
  }
}

std::vector<uint8_t> EncodeWorldMap(const WorldMapData& data,
                                    const std::string& engine_version) {
  ByteWriter out;
  out.Bytes(reinterpret_cast<const uint8_t*>(kMagic), sizeof kMagic);
  out.U32(WorldMapFormatVersionOf(data));

  int64_t points = 0;
  int64_t surface_points = 0;
  for (const MapKeyframe& k : data.keyframes) {
    points += static_cast<int64_t>(k.keyframe.points.size());
    surface_points += k.surface.empty() ? 0 : k.surface.valid_count();
  }
  float center[3];
  float extent[3];
  MeasureWorldMap(data, center, extent);
  ByteWriter header;
  header.String(engine_version);
  WriteCamera(header, data.camera);
  header.U64(data.keyframes.size());
  header.U64(static_cast<uint64_t>(points));
  header.U64(static_cast<uint64_t>(surface_points));
  header.U64(data.anchors.size());
  for (int a = 0; a < 3; ++a) header.F32(center[a]);
  for (int a = 0; a < 3; ++a) header.F32(extent[a]);
  header.U32(data.options_checksum);
  header.U8(static_cast<uint8_t>(data.made_by));
  header.U8(data.metric ? 1 : 0);
  header.U8(data.up_known ? 1 : 0);
  WriteSection(out, "HEAD", header);

  for (const MapKeyframe& k : data.keyframes) {
    ByteWriter keyframe;
    WriteKeyframe(keyframe, k);
    WriteSection(out, "KFRM", keyframe);
  }
  ByteWriter anchors;
  anchors.Bytes(data.anchors.data(), data.anchors.size());
  WriteSection(out, "ANCH", anchors);
  if (data.has_mesh) {
    ByteWriter mesh;
    WriteWorldMapMesh(data.mesh, mesh);
    WriteSection(out, "MESH", mesh);
  }
  ByteWriter end;
  WriteSection(out, "END ", end);
  return std::move(out.bytes());
}

namespace {

// Version 2's end of the header: the tracking that made the map, whether
// its unit is metres and whether its +Y is up.
void ReadHowTracked(ByteReader& header, const std::string& what,
                    WorldMapSummary* s) {
  const uint8_t made_by = header.U8("tracking");
  Require(made_by >= static_cast<uint8_t>(TrackingMode::kRgbd) &&
              made_by <= static_cast<uint8_t>(TrackingMode::kMonocular),
          what + ": the header's tracking is " + std::to_string(made_by) +
              "; 1 (RGB-D), 2 (visual-inertial) or 3 (monocular) expected");
  const uint8_t metric = header.U8("unit");
  Require(metric <= 1, what + ": the header's unit is " +
                           std::to_string(metric) +
                           "; 1 (metres) or 0 (the map's own) expected");
  // Only tracking without depth and without an IMU leaves the unit open.
  Require(
      metric == 1 || made_by == static_cast<uint8_t>(TrackingMode::kMonocular),
      what +
          ": a map made with depth or an IMU is in metres, but the "
          "header says its unit is its own");
  const uint8_t up = header.U8("up");
  Require(up <= 1, what + ": the header's up is " + std::to_string(up) +
                       "; 1 (+Y is up) or 0 (unknown) expected");
  s->made_by = static_cast<TrackingMode>(made_by);
  s->metric = metric == 1;
  s->up_known = up == 1;
}

// Version 3's MESH section, where there is one.
void ReadOptionalMesh(ByteReader& r, WorldMapData* data, WorldMapSummary* s) {
  if (!r.NextBytesAre("MESH", 4)) return;
  ByteReader mesh = ReadSection(r, "MESH", "mesh");
  data->mesh = ReadWorldMapMesh(mesh);
  RequireConsumed(mesh);
  data->has_mesh = true;
  s->has_mesh = true;
  s->mesh_block_count = static_cast<int64_t>(data->mesh.blocks.size());
  s->mesh_chunk_count = static_cast<int64_t>(data->mesh.chunks.size());
  s->mesh_face_count = data->mesh.face_count();
  s->mesh_voxel_size = data->mesh.voxel_size;
}

}  // namespace

WorldMapData DecodeWorldMap(const std::vector<uint8_t>& bytes,
                            const std::string& what, WorldMapSummary* summary) {
  ByteReader r(bytes.data(), bytes.size(), what);
  Require(bytes.size() >= sizeof kMagic &&
              std::memcmp(bytes.data(), kMagic, sizeof kMagic) == 0,
          what + ": not an ARScene world map (no ARSCNMAP magic bytes)");
  r.Bytes(sizeof kMagic, "magic");
  const uint32_t version = r.U32("format version");
  Require(version >= 1, what + ": format version 0 does not exist");
  Require(version <= kWorldMapFormatVersion,
          what + ": format version " + std::to_string(version) +
              " is newer than this engine reads (" +
              std::to_string(kWorldMapFormatVersion) +
              "); update ARScene to open it");

  WorldMapSummary s;
  s.format_version = version;
  ByteReader header = ReadSection(r, "HEAD", "header");
  s.engine_version = header.String(kMaxEngineVersionBytes, "engine version");
  s.camera = ReadCamera(header);
  s.keyframe_count = static_cast<int64_t>(header.U64("keyframe count"));
  s.point_count = static_cast<int64_t>(header.U64("point count"));
  s.surface_point_count =
      static_cast<int64_t>(header.U64("surface point count"));
  s.anchor_bytes = static_cast<int64_t>(header.U64("anchor bytes"));
  for (int a = 0; a < 3; ++a) s.center[a] = header.F32("centre");
  for (int a = 0; a < 3; ++a) s.extent[a] = header.F32("extent");
  s.options_checksum = header.U32("options checksum");
  if (version >= 2) ReadHowTracked(header, what, &s);
  RequireConsumed(header);
  Require(s.keyframe_count >= 0 && s.keyframe_count <= kMaxWorldMapKeyframes,
          what + ": the header claims " + std::to_string(s.keyframe_count) +
              " keyframes, at most " + std::to_string(kMaxWorldMapKeyframes));
  Require(s.anchor_bytes >= 0 && s.anchor_bytes <= kMaxAnchorBytes,
          what + ": the header claims " + std::to_string(s.anchor_bytes) +
              " bytes of anchors");

  WorldMapData data;
  data.camera = s.camera;
  data.options_checksum = s.options_checksum;
  data.made_by = s.made_by;
  data.metric = s.metric;
  data.up_known = s.up_known;
  // Each keyframe section takes at least its frame (16 bytes) and a
  // minimal payload, so a count the file cannot hold is refused first.
  r.Need(static_cast<uint64_t>(s.keyframe_count) * 16, "keyframe sections");
  data.keyframes.reserve(static_cast<size_t>(s.keyframe_count));
  int64_t points = 0;
  int64_t surface_points = 0;
  for (int64_t i = 0; i < s.keyframe_count; ++i) {
    ByteReader section = ReadSection(r, "KFRM", "keyframe");
    data.keyframes.push_back(ReadKeyframe(section));
    RequireConsumed(section);
    points +=
        static_cast<int64_t>(data.keyframes.back().keyframe.points.size());
    surface_points += data.keyframes.back().surface.valid_count();
  }
  Require(points == s.point_count,
          what + ": the header says " + std::to_string(s.point_count) +
              " map points, the keyframes hold " + std::to_string(points));
  Require(surface_points == s.surface_point_count,
          what + ": the header says " + std::to_string(s.surface_point_count) +
              " surface points, the keyframes hold " +
              std::to_string(surface_points));
  ByteReader anchors = ReadSection(r, "ANCH", "anchors");
  Require(static_cast<int64_t>(anchors.remaining()) == s.anchor_bytes,
          what + ": the header says " + std::to_string(s.anchor_bytes) +
              " bytes of anchors, the section holds " +
              std::to_string(anchors.remaining()));
  const uint8_t* anchor_bytes = anchors.Bytes(anchors.remaining(), "anchors");
  data.anchors.assign(anchor_bytes, anchor_bytes + s.anchor_bytes);
  if (version >= 3) ReadOptionalMesh(r, &data, &s);
  ByteReader end = ReadSection(r, "END ", "end");
  RequireConsumed(end);
  RequireConsumed(r);
  if (summary != nullptr) *summary = s;
  return data;
}

}  // namespace vc
